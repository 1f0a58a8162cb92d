"""Headless tests of the Naval War play page (GameApp) and explainers: clicks go through the
same callbacks the browser triggers; hot-seat play never shows one hand to the next player."""

from __future__ import annotations

import html

import ipywidgets as w
import pytest

from navalkit.core.match import new_match
from navalkit.games.naval_war import GAME
from navalkit.games.naval_war.actions import Discard, Play
from navalkit.games.naval_war.data import CARDS, CARRIER
from navalkit.games.naval_war.explain import (
    CreditExplainer,
    OddsExplainer,
    SalvoChecker,
    SquadronExplainer,
    board_picture,
)
from navalkit.testing.boards import texts
from navalkit.testing.widgets import picture_in
from navalkit.widgets import GameApp


def _click_path(app: GameApp, action: object) -> None:
    path = GAME.action_path(action)
    if app.game.ui_choices(app.match.state):
        app.choice.value = path[0]
        path = path[1:]
    for region in path:
        app.click(region)


@pytest.mark.parametrize("players", [3, 6, 9])
def test_click_card_then_target_plays_and_the_computer_replies(players: int) -> None:
    app = GameApp("naval_war", seed=1, players=players)
    for _ in range(40):  # play on by clicking, whatever the step is
        if app.match.is_over:
            break
        assert app.match.current_player == 0, "the computers answered at once"
        before = len(app.match.history)
        action = app.match.legal_actions()[-1]
        _click_path(app, action)
        assert len(app.match.history) > before, app.message.value
        assert app.match.history[before] == action


def _act_position(app: GameApp) -> None:
    for _ in range(200):
        st = app.match.state
        if st.phase == 6 and any(isinstance(a, Play) for a in app.match.legal_actions()):
            return
        app.play(app.match.legal_actions()[-1])
    pytest.skip("no play phase reached")


def test_an_illegal_click_is_explained_and_changes_nothing() -> None:
    app = GameApp("naval_war", seed=2, players=3)
    _act_position(app)
    before = app.match.to_json()
    play = next(a for a in app.match.legal_actions() if isinstance(a, Play))
    own = app.match.state.fleets[0][0]
    app.click(f"card:{play.card}")
    assert app.board.scene.layer("overlay").ops, "the selected card's targets are lit"
    app.click(f"ship:{own}")
    assert "NW-" in app.message.value
    assert app.match.to_json() == before


def test_discard_by_clicking_the_pile() -> None:
    app = GameApp("naval_war", seed=2, players=3)
    _act_position(app)
    card = app.match.state.hands[0][0]
    n = len(app.match.history)
    app.click(f"card:{card}")
    app.click("discard")
    assert app.match.history[n] == Discard(card)


def test_computer_move_and_run_to_the_end() -> None:
    app = GameApp("naval_war", seed=4, players=3)
    app.bot_button.click()
    assert app.match.history
    app.run_button.click()
    assert app.match.is_over and "Game over" in app.status.value


def test_hot_seat_covers_the_board_and_shows_only_your_hand() -> None:
    app = GameApp("naval_war", seed=0, players=3, seats=["human"] * 3)
    assert app.cover.layout.display == ""
    assert app.board.scene.title == "Hand-over screen" and not app.board.scene.regions
    n = len(app.match.history)
    app.click("draw")
    assert len(app.match.history) == n, "no play while covered"
    app.cover.click()
    viewer = app.viewer
    assert viewer == app.match.current_player
    scene_text = app.board.scene.description
    for seat in range(len(app.match.state.hands)):
        if seat != viewer:
            assert f"Player {seat + 1}'s hand" not in scene_text
    action = app.match.legal_actions()[0]
    app.play(action)
    if app.viewer != viewer and not app.match.is_over:
        assert app.cover.layout.display == "", "the next player's board is covered"


def test_teacher_view_sees_everything() -> None:
    app = GameApp("naval_war", seed=0, players=3, seats=["human"] * 3, teacher=True)
    assert app.viewer is None and app.cover.layout.display == "none"


def test_odds_explainer_exact_and_simulated_agree() -> None:
    ex = OddsExplainer(kind="submarine", strikes=1, trials=3000)
    assert ex.exact == pytest.approx(1 / 3)
    assert abs(ex.simulated - 1 / 3) < 0.05
    ex.kind.value = "air_strike"
    ex.strikes.value = 2
    assert ex.exact == pytest.approx(11 / 36)
    assert "11/36" in ex.answer.value


def test_salvo_checker_lights_targets_and_explains_refusals() -> None:
    ex = SalvoChecker()
    rows = ex.rows()
    assert rows and {"card", "can fire", "why"} <= set(rows[0])
    seat = ex.seat
    fireable = [a for a in ex.match.legal_actions() if isinstance(a, Play)]
    if fireable:
        ex.click(f"card:{fireable[0].card}")
        assert "legal target" in ex.answer.value
        ex.click(f"ship:{ex.match.state.fleets[seat][0]}")
        assert "NW-" in ex.answer.value


def test_squadron_explainer_takes_carriers_last() -> None:
    ex = SquadronExplainer(victim=1, roll=6)
    fleet = ex.match.state.fleets[1]
    taken = ex.taken
    assert len(taken) == min(6, len(fleet))
    first_carrier = next((i for i, s in enumerate(taken) if CARRIER[s]), len(taken))
    assert all(CARRIER[s] for s in taken[first_carrier:])
    ex.roll.value = 1
    assert len(ex.taken) == min(1, len(fleet))
    assert "carriers last, rule: Carriers behind)" in ex.answer.value
    assert "NW-" not in ex.answer.value  # the rule by its title


def test_squadron_explainer_shows_only_what_its_owner_sees() -> None:
    """The lesson says a player sees his own hand and of the others only how many cards they
    hold: the Squadron's table drew every player's hand (the teacher's view)."""
    ex = SquadronExplainer(victim=1, roll=3)
    state, me = ex.match.state, ex.seat
    scene = ex.board.scene
    assert scene is not None
    words = " ".join(t.text for t in texts(scene))
    assert f"Player {me + 1}'s hand" in words and "hand: " not in words  # no other's hand
    for other in range(state.n):
        if other != me:
            assert f"hand {len(state.hands[other])}" in words  # only how many
    assert all(f"card:{c}" in {r.id for r in scene.regions} for c in state.hands[me][:7])
    assert [v for _, v in ex.victim.options] == [s for s in range(state.n) if s != me]
    assert f"you, Player {me + 1}" in ex.caption.value


def test_credit_explainer_names_the_final_blow() -> None:
    ex = CreditExplainer(ship="Bismarck", blows="P1:3, P2:2, P3:3")
    assert ex.scorer == "Player 3"
    assert ex.answer.value.endswith(
        "Only the final damage counts, and a ship a minefield sinks scores for the player who "
        "laid the mines "
        "(rules: Who scores a ship and Who scores a mined ship)."
    )
    ex.blows.value = "P1:3, P2:2"
    assert ex.scorer is None and "afloat" in ex.answer.value


def test_the_lesson_picture_of_the_table_shows_one_hand_and_fits_a_phone() -> None:
    """board_picture: the seat's own hand and none of the others' (its words come from
    observe), a fluid picture as wide as drawn on a laptop, with a Bigger board switch that
    shows it at its drawn size where it shrank on a phone."""
    state = new_match("naval_war", seed=1, players=3).state
    box = board_picture(state, viewer=0)
    picture = picture_in(box)
    svg = html.unescape(picture.value)
    assert svg.startswith("<svg ") and 'width="100%"' in svg  # never cut off on a phone
    own = {CARDS[c].label for c in state.hands[0]}
    others = {CARDS[c].label for hand in state.hands[1:] for c in hand} - own
    assert own and others
    assert all(label in svg for label in own)
    assert not [label for label in others if label in svg]
    teacher = html.unescape(picture_in(board_picture(state)).value)
    # the teacher's view: every hand, each in its seat's panel in short ("hand: 16\"×2, ...")
    assert all(CARDS[c].short in teacher for hand in state.hands for c in hand)
    drawn = picture.layout.max_width
    assert picture_in(board_picture(state, viewer=0, width=500)).layout.max_width == "500px"
    switch = next(c for c in box.children if isinstance(c, w.ToggleButton))
    switch.value = True
    assert (picture.layout.width, picture.layout.max_width) == (drawn, "none")
