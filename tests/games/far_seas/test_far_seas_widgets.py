"""Headless tests of the Far Seas play page (GameApp clicks) and the explainers."""

from __future__ import annotations

import pytest

from navalkit.games.far_seas import GAME
from navalkit.games.far_seas.data import BY_NAME
from navalkit.games.far_seas.explain import (
    CareerSimulator,
    CombatCalculator,
    PursuitExplorer,
    SearchExplorer,
    pursuit_table,
    search_table,
)
from navalkit.widgets import GameApp


@pytest.fixture
def app() -> GameApp:
    return GameApp("far_seas", seed=0, seats=["commander", "human"])


def test_allied_player_clicks_a_ship_then_an_area(app: GameApp) -> None:
    assert app.match.current_player == 1
    kent = BY_NAME["Kent"]
    area = app.match.state.loc[kent]
    app.click(f"s{kent}")
    assert app.board.scene.layer("overlay").ops, "selecting a ship lights its targets"
    app.click(f"a{area}")
    first = app.match.history[0].to_json()
    assert first["type"] == "deploy" and first["ships"] == ["Kent"] and first["to"] == area
    assert len(app.match.history) >= 2, "the German commander answered"
    assert app.match.current_player == 1


def test_refused_click_is_explained_and_changes_nothing(app: GameApp) -> None:
    before = app.match.to_json()
    kent = BY_NAME["Kent"]
    app.click(f"s{kent}")
    app.click("a31")  # far away
    assert "FS-MAP" in app.message.value
    assert app.match.to_json() == before
    app.click(None)
    assert "Nothing to choose there" in app.message.value


def test_allied_view_hides_the_raiders(app: GameApp) -> None:
    regions = {r.id for r in app.board.scene.regions}
    emden = BY_NAME["Emden"]
    assert f"s{emden}" not in regions
    assert "position unknown" in app.board.scene.description


def test_buttons_pass_and_computer_move(app: GameApp) -> None:
    app.click("btn:pass")
    assert app.match.history[0].to_json() == {"type": "pass"}
    n = len(app.match.history)
    app.bot_button.click()
    assert len(app.match.history) > n


def test_german_seat_plays_an_order_by_clicks() -> None:
    app = GameApp("far_seas", seed=1, seats=["human", "commander"])
    assert app.match.current_player == 0
    order = next(a for a in app.match.legal_actions() if a.kind == "move")
    for region in GAME.action_path(order):
        app.click(region)
    assert order in app.match.history


def test_explainers() -> None:
    s = SearchExplorer()
    s.searchers.value, s.targets.value = 3, 2
    assert s.chance == pytest.approx(4 / 6) and "4 or less" in s.text.value
    p = PursuitExplorer(runner="4+", pursuers=("4", "5"))
    assert p.chance == pytest.approx(5 / 6 * 1 / 6)
    c = CombatCalculator(firer="Scharnhorst", target="Glasgow")
    c.surprise.value = True
    c.step.value = 2
    mods = dict(c.modifiers())
    assert mods["German surprise"] == 2 and mods["target in torpedo range"] == 1
    assert list(c.table()["damage"]) == [2, 2, 3, 4, 4, 4]  # +4: DRM, torpedo range, surprise
    assert search_table().loc[1, "1 target"] == pytest.approx(0.167)
    assert pursuit_table().loc["5", "2"] == 1.0
    sim = CareerSimulator(games=1)
    frame = sim.run()
    assert len(frame) == 13 and set(frame["fate"]) <= {"sunk", "interned", "home", "at sea"}
    assert len(sim.summary()) == 13


def test_clicking_a_counter_inside_an_area_means_the_area() -> None:
    from navalkit.games.far_seas.actions import Order, Search
    from navalkit.games.far_seas.data import ALLIED

    app = GameApp("far_seas", seed=1, seats=["human", "commander"])
    state = app.match.state
    order = next(
        a
        for a in app.match.legal_actions()
        if isinstance(a, Order)
        and a.kind == "move"
        and a.to != state.loc[a.ships[0]]
        and any(state.loc[s] == a.to for s in ALLIED)
        and len(a.ships) == 1
    )
    counter = next(s for s in ALLIED if state.loc[s] == order.to)
    app.click(f"s{order.ships[0]}")
    app.click(f"s{counter}")
    assert order in app.match.history
    # the Allied seat searches by clicking one of its moved counters
    allies = GameApp("far_seas", seed=0, seats=["commander", "human"])
    for _ in range(200):
        if allies.match.state.phase == "search":
            break
        allies.bot_button.click()
    search = next(a for a in allies.match.legal_actions() if isinstance(a, Search))
    mover = next(
        s
        for s in ALLIED
        if allies.match.state.loc[s] == search.area and allies.match.state.box[s] == 1
    )
    allies.click(f"s{mover}")
    assert any(isinstance(a, Search) for a in allies.match.history)
