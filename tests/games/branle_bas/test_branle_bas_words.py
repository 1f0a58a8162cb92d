"""Branle-Bas's words for players (code names in the rules panel and the settings:
tests/test_player_words.py)."""

from __future__ import annotations

from dataclasses import replace

import navalkit
from navalkit.games.branle_bas import GAME, Move, Touch
from navalkit.games.branle_bas.data import BOARD, TORPILLEUR, VEDETTE, square_index
from navalkit.games.branle_bas.draw import describe


def _opening() -> navalkit.Match:
    """The ready-made set-up, A to move, touch-move on: ships in the back rows are boxed in."""
    return navalkit.new_match("branle_bas", seed=1, setup="standard", first_player="A")


def test_a_ship_that_cannot_move_is_offered_with_what_touching_it_leads_to() -> None:
    """Touching a ship with no move is legal (BB-TOUCH: then the Admiral moves one square, or
    the turn is lost), so the list still offers it, but says so, instead of a bare 'touch the
    piece on i2' that reads as a move."""
    m = _opening()
    listed = {a.at: GAME.describe(m.state, a) for a in m.legal_actions()}
    assert listed[square_index("h3")] == "touch the Torpilleur (torpedo boat) on h3"
    assert listed[square_index("i2")] == (
        "touch the Vedette (patrol boat) on i2: it cannot move, nor can the Admiral, so the "
        "turn is lost"
    )
    assert listed[square_index("j3")] == (
        "touch the Amiral (flagship) on j3: it cannot move, so the turn is lost"
    )
    assert not [w for w in listed.values() if w.startswith("touch the piece")]


def test_a_touched_ship_that_cannot_move_says_the_admiral_moves_instead() -> None:
    """Open the Admiral's way, then touch a boxed-in ship: the list, the log, the status line
    and the hint for a click all say that the Admiral moves one square instead."""
    m = _opening()
    state = m.state
    board = list(state.board)
    board[square_index("j4")] = 0  # the cruiser ahead of the Admiral is gone
    state = replace(state, board=tuple(board))
    i2 = square_index("i2")
    said = "it cannot move, so the Admiral must move one square instead"
    assert GAME.describe(state, Touch(i2)) == f"touch the Vedette (patrol boat) on i2: {said}"
    assert GAME.describe_outcome(state, Touch(i2)) == (
        f"A (south) touches the Vedette (patrol boat) on i2: {said}."
    )
    touched = GAME.apply(state, Touch(i2))
    assert GAME.status(touched) == (
        f"Move 1: A (south) to play the Vedette (patrol boat) touched on i2: {said}."
    )
    assert {BOARD[a.frm].name for a in GAME.legal_actions(touched)} == {"j3"}
    for click in ("i2", "h3"):
        assert GAME.ui_hint(touched, (click,)) == (
            f"The Vedette (patrol boat) on i2 was touched, but {said} (BB-TOUCH)."
        )


def test_a_move_refused_for_its_shape_counts_squares_in_good_english() -> None:
    m = navalkit.new_match(
        "branle_bas", seed=1, setup="standard", first_player="A", touch_move=False
    )
    one = GAME.violation(m.state, Move(square_index("i2"), square_index("h3")))
    assert one is not None and one.message.endswith("(forward left, 1 square).")


def test_the_position_in_words_counts_ships_in_the_enemy_port_in_good_english() -> None:
    state = _opening().state
    one = GAME.observe(replace(state, in_port=((VEDETTE,), ())), None)
    two = GAME.observe(replace(state, in_port=((VEDETTE, TORPILLEUR), ())), None)
    assert " 1 ship in the enemy port (+100)." in describe(one)
    assert " 2 ships in the enemy port (+200)." in describe(two)
    assert "(s)" not in describe(one) + describe(two)
