"""Headless GameApp click-through on the Age of Sail table, and the computer captain."""

from __future__ import annotations

from navalkit.core.bots import bot_view, make_bot, play_bot_move
from navalkit.games.age_of_sail import GAME, Turn
from navalkit.widgets import GameApp


def test_click_ship_heading_distance_then_end() -> None:
    app = GameApp("age_of_sail", seed=0, first_player="first")
    app.click("ship:0")
    assert app.board.scene.layer("overlay").ops
    app.click("head:E")
    assert app.match.history[-1] == Turn(0, 2)
    app.click("cm:5")
    assert app.match.state.ships[0].x == 30.0
    app.click("end")
    app.click("end")  # the computer answers at once
    assert app.match.state.round == 2 or app.match.current_player == 0


def test_refused_heading_is_explained() -> None:
    app = GameApp(
        "age_of_sail", seed=0, first_player="first", wind="W"
    )  # blowing west: from the east
    before = app.match.to_json()
    app.click("ship:0")
    app.click("head:E")
    assert "AOS-IRONS" in app.message.value
    assert app.match.to_json() == before


def test_captain_plays_a_whole_duel() -> None:
    import navalkit

    m = navalkit.new_match("age_of_sail", seed=3, max_rounds=6)
    bot = make_bot(GAME, "captain")
    while not m.is_over:
        assert bot_view(m).legal_actions
        play_bot_move(m, bot)
    assert m.is_over
