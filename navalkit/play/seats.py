"""Who plays each seat (a person at the screen or a computer player) and what follows.

A seat is ``"human"`` or a bot name (``make_bot``). The computer seats move by themselves
until a person is to play; an undo takes back the person's move and the replies to it; in a
hidden-information game played hot-seat, the board is covered until the next person says he
is at the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from navalkit.core import bot_names, heuristic_name, make_bot, play_bot_move
from navalkit.core.bots import bot_name

HUMAN = "human"
MAX_AUTO_MOVES = 2000  # computer replies in a row before a human move
MAX_GAME_ACTIONS = 200_000  # "Play to the end": every game ends long before this


def one_person(players: int, others: str, side: int = 0) -> list[str]:
    """A person on seat ``side`` (the first by default), ``others`` on every other seat."""
    seats = [others] * players
    seats[side] = HUMAN
    return seats


def others_of(seats: Sequence[str]) -> str:
    """Who plays the seats that are not a person's: the first computer player, or ``human``
    when every seat is a person's (classmates taking turns)."""
    return next((s for s in seats if s != HUMAN), HUMAN)


def default_seats(game: Any, players: int) -> list[str]:
    """A person on the first seat, the game's first bot on the others."""
    return one_person(players, next(iter(game.bots()), "random"))


def check_seats(game: Any, seats: Sequence[str], players: int) -> list[str]:
    """``seats`` as a list, or ValueError naming what is wrong."""
    seats = list(seats)
    if len(seats) != players:
        raise ValueError(f"seats must name {players} players, got {seats}")
    for s in seats:
        if s != HUMAN and s not in bot_names(game):
            raise ValueError(f"unknown seat {s!r}: use 'human' or one of {bot_names(game)}")
    return seats


def seat_label(game: Any, name: str) -> str:
    """Who plays a seat, in the words the play page's seat list shows (never a code name such
    as ``mcts``): a person, or the computer at its level, with the player's own name."""
    if name == HUMAN:
        return "a person"
    if name == "random":
        return "computer, easy (random moves)"
    if name == bot_name(game, "hard"):
        return "computer, hard" + ("" if name == "mcts" else f" ({name})")
    if name == bot_name(game, "medium"):
        return f"computer, medium ({name})"
    if name == "mcts":
        return "computer (a general search)"
    return f"computer ({name})"


def seat_choices(game: Any, seated: Sequence[str] = ()) -> tuple[str, ...]:
    """Who a page offers for a seat: a person and the computer at each level (easy, medium,
    hard), in that order, and any other computer player already ``seated`` (a save's, a
    link's). A student met "computer (admiral)" beside "computer, hard": the game's other
    bots are there for code and simulations, not for a seat list."""
    levels = [bot_name(game, level) for level in ("easy", "medium", "hard")]
    offered = [HUMAN, *dict.fromkeys(levels)]
    return (*offered, *dict.fromkeys(s for s in seated if s not in offered))


def humans(seats: Sequence[str]) -> list[int]:
    return [i for i, s in enumerate(seats) if s == HUMAN]


def viewer(match: Any, seats: Sequence[str], teacher: bool = False) -> int | None:
    """The seat whose view the board shows: the person to move, else the first person;
    None (everything) for a teacher or when no person plays."""
    people = humans(seats)
    if teacher or not people:
        return None
    p = match.current_player
    if p is not None and seats[p] == HUMAN:
        return int(p)
    return people[0]


def needs_cover(match: Any, seats: Sequence[str], teacher: bool, shown_to: int | None) -> bool:
    """Hot-seat: hide the board until the next person says he is at the screen."""
    return bool(
        match.game.hidden_information
        and not teacher
        and len(humans(seats)) > 1
        and not match.is_over
        and viewer(match, seats, teacher) != shown_to
    )


def visible_legal(match: Any, seats: Sequence[str], teacher: bool, covered: bool) -> Sequence[Any]:
    """The legal actions the screen may list: only the seat to move's, and none behind the
    hand-over cover (in a hidden-information game they would show a hand to whoever looks)."""
    seat = viewer(match, seats, teacher)
    own_turn = seat is None or seat == match.current_player
    if not own_turn or covered:
        return ()
    listed: Sequence[Any] = match.game.listed(match.state, match.legal_actions())
    return listed


#: a click where nothing can be chosen (the empty sea, a gap between cards, the margin)
NOTHING_THERE = "Nothing to choose there: click a piece, a card or a marked place."


def click_refusal(
    match: Any, seats: Sequence[str], covered: bool, region: str | None
) -> str | None:
    """Why a click on the board cannot be taken as a move now (in words), or None."""
    if covered:
        return "Press the button to show your board first."
    if region is None:  # the sea, a gap, the margin: a student needs to hear what to click
        return NOTHING_THERE
    if match.is_over:
        return "The game is over: start a new game."
    p = match.current_player
    if p is not None and seats[p] != HUMAN:
        name = match.game.player_name(p)
        return f"It is the computer's turn ({name}): press 'Computer move'."
    return None


def auto_play(match: Any, seats: Sequence[str]) -> None:
    """Let computer seats move until a person is to play (only when a person plays)."""
    if not humans(seats):
        return
    for _ in range(MAX_AUTO_MOVES):
        p = match.current_player
        if p is None or seats[p] == HUMAN:
            return
        play_bot_move(match, make_bot(match.game, seats[p]))


def helper_bot(game: Any, seat_player: str) -> str:
    """The bot that moves for a seat when asked: its own bot, or for a person the game's
    own heuristic."""
    if seat_player != HUMAN:
        return seat_player
    return heuristic_name(game) or "random"


def computer_move(match: Any, seats: Sequence[str]) -> str:
    """Let the computer move for the seat to move (its helper bot for a person); return the
    bot's name. ValueError when the game is over."""
    p = match.current_player
    if p is None:
        raise ValueError("The game is over: start a new game.")
    name = helper_bot(match.game, seats[p])
    play_bot_move(match, make_bot(match.game, name))
    return name


def undo_human_move(match: Any, seats: Sequence[str]) -> None:
    """Take back the last move, and the computer's moves before it, back to a person's turn."""
    match.undo()
    while (
        humans(seats)
        and match.history
        and (p := match.current_player) is not None
        and seats[p] != HUMAN
    ):
        match.undo()


def run_to_end(match: Any, seats: Sequence[str]) -> None:
    """Let the computer play every seat (the game's heuristic for people) to the end."""
    bots = {
        seat: make_bot(match.game, helper_bot(match.game, who)) for seat, who in enumerate(seats)
    }
    for _ in range(MAX_GAME_ACTIONS):
        p = match.current_player
        if p is None:
            return
        play_bot_move(match, bots[p])
