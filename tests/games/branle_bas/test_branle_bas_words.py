"""Branle-Bas's words for players (code names in the rules panel and the settings:
tests/test_player_words.py)."""

from __future__ import annotations

from dataclasses import replace

import navalkit
from navalkit.games.branle_bas import GAME, Move, Touch, rules
from navalkit.games.branle_bas.data import BOARD, TORPILLEUR, VEDETTE, square_index
from navalkit.games.branle_bas.draw import describe
from navalkit.play.log import LOG_LINES, event_words, recent_log


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
        f"A (south) touches the Vedette (patrol boat) on i2: {said}…"
    )
    touched = GAME.apply(state, Touch(i2))
    assert GAME.status(touched) == (
        f"Move 1: A (south) to play the Vedette (patrol boat) touched on i2: {said}."
    )
    assert {BOARD[a.frm].name for a in GAME.legal_actions(touched)} == {"j3"}
    for click in ("i2", "h3"):
        assert GAME.ui_hint(touched, (click,)) == (
            f"The Vedette (patrol boat) on i2 was touched, but {said} (rule: Touch-move)."
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


def test_the_moves_list_says_each_move_once() -> None:
    """Under touch-move every move was two lines, the touch ("B (north) touches the
    Torpilleur (torpedo boat) on l13.") then the move ("B (north): Torpilleur (torpedo boat)
    l13 → l12"), naming the ship twice and halving the moves the list shows. The touch now
    announces the move ("…") and the list shows it only until the move is played."""
    m = navalkit.new_match("branle_bas", seed=1, setup="standard", first_player="A")

    def free_ship_or_move() -> Move | Touch:
        """The first touch of a ship that can move, or the first move of the ship touched."""
        return next(
            a
            for a in m.legal_actions()
            if not isinstance(a, Touch) or not rules.stuck_touch(m.state, a.at)
        )

    for _ in range(8):
        m.apply(free_ship_or_move())
    entries = recent_log(m.events, LOG_LINES, event_words)
    moves = [t for _, _, t in entries if " → " in t]
    assert len(moves) == 4 and not [t for _, _, t in entries if "touches" in t], entries
    assert moves[0] == "A (south): Torpilleur (torpedo boat) h3 → h4"
    first, last, _ = next(e for e in entries if e[2] == moves[0])
    assert last == first + 1, "numbered from the touch, ending with the move"
    m.apply(free_ship_or_move())  # a touch with no move yet: the list shows it
    assert recent_log(m.events, LOG_LINES, event_words)[-1][2].startswith("A (south) touches the ")


def test_a_move_after_a_stuck_touch_says_which_ship_was_touched() -> None:
    """The touch's line leaves the list once the move is played, so a move or a lost turn
    forced by a touched ship that cannot move says which ship it was."""
    m = _opening()
    i2 = square_index("i2")
    assert GAME.describe_outcome(
        GAME.apply(m.state, Touch(i2)), GAME.legal_actions(GAME.apply(m.state, Touch(i2)))[0]
    ) == (
        "A (south) touched the Vedette (patrol boat) on i2: it cannot move, nor can the "
        "Admiral, so the turn is lost."
    )
    board = list(m.state.board)
    board[square_index("j4")] = 0  # the Admiral can move
    touched = GAME.apply(replace(m.state, board=tuple(board)), Touch(i2))
    admiral = Move(square_index("j3"), square_index("j4"))
    assert GAME.describe_outcome(touched, admiral) == (
        "A (south) touched the Vedette (patrol boat) on i2, which cannot move, so the Admiral "
        "moves instead: Amiral (flagship) j3 → j4"
    )


def test_the_pages_list_offers_ships_that_can_move_first() -> None:
    """In square order the list of legal touches began with a boxed-in ship of the back row
    (the first entry is the one chosen): the page lists the touches of ships that can move
    first, those that cannot last, and playing the first entry touches a ship that moves."""
    from navalkit.play.session import PlaySession

    s = PlaySession(
        "branle_bas", seed=1, seats=["human", "random"], setup="standard", first_player="A"
    )
    rules_order = [GAME.describe(s.match.state, a) for a in s.match.legal_actions()]
    assert ": it cannot move" in rules_order[0], "the rules' own order starts with a stuck one"
    words = list(s.screen().legal_words)
    assert sorted(words) == sorted(rules_order)
    stuck = [": it cannot move" in w for w in words]
    assert stuck == sorted(stuck) and any(stuck) and not stuck[0], words
    assert s.play_listed(0)
    touched = s.match.state.touched
    assert touched is not None and not rules.stuck_touch(s.match.state, touched)


def test_a_click_on_the_mine_says_why_by_the_rules_title() -> None:
    from navalkit.games.branle_bas.explain import position

    state = position({"j10": "A amiral", "n14": "B amiral", "j9": "A mine"})
    assert GAME.ui_hint(state, ("j9",)) == "The Mine never moves (rule: The fixed Mine)."
