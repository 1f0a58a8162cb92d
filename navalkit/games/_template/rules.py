"""The rules of Last Buoy as pure functions: the start, the legal moves, why a move is refused,
what a move does, the end and the score. Nothing here draws, prints or rolls dice: the coin
toss is a chance node whose outcome the Match draws."""

from __future__ import annotations

from dataclasses import replace

from navalkit.core.errors import Violation

from .actions import Take
from .clauses import CLAUSES
from .config import Config
from .data import SIDES, buoy_number
from .state import OVER, PLAY, TOSS, State


def initial_state(config: Config) -> State:
    """The row of buoys before the coin toss."""
    return State(config=config, buoys=config.buoys)


def apply_toss(state: State, first: int) -> State:
    """The toss decided: ``first`` sweeps first (TPL-TOSS)."""
    return replace(state, phase=PLAY, to_move=first)


def legal_actions(state: State) -> list[Take]:
    """Every sweep allowed now (TPL-TAKE)."""
    if state.phase != PLAY:
        return []
    return [Take(n) for n in range(1, min(state.config.max_take, state.buoys) + 1)]


def violation(state: State, action: object) -> Violation | None:
    """None when ``action`` is legal now, otherwise the rule it breaks in plain words."""
    if not isinstance(action, Take) or not isinstance(action.n, int):
        return Violation("TPL-TAKE", "A move in Last Buoy is a sweep of some buoys.")
    if state.phase != PLAY:
        return Violation("TPL-WIN", "The game is over: the last buoy has been swept.")
    limit = min(state.config.max_take, state.buoys)
    if not 1 <= action.n <= limit:
        return Violation(
            "TPL-TAKE",
            f"Sweep between 1 and {limit} buoys: {action.n} is not allowed "
            f"({state.buoys} left, at most {state.config.max_take} a turn).",
        )
    return None


def apply(state: State, action: Take) -> State:
    """The state after a legal sweep (TPL-TAKE, TPL-WIN)."""
    left = state.buoys - action.n
    return replace(
        state,
        buoys=left,
        last=state.to_move,
        to_move=1 - state.to_move,
        phase=OVER if left == 0 else PLAY,
        ply=state.ply + 1,
    )


def winner(state: State) -> int | None:
    """The captain who swept the last buoy, once the game is over."""
    return state.last if state.phase == OVER else None


def scores(state: State) -> tuple[int, int]:
    """1 for the winner, 0 otherwise."""
    w = winner(state)
    return (int(w == 0), int(w == 1))


def status(state: State) -> str:
    """One line on where the game stands."""
    if state.phase == TOSS:
        return "Tossing a coin for the first sweep."
    if state.phase == OVER:
        # a rule by its title, never its id ("(TPL-WIN)" reads as code to a student)
        rule = CLAUSES.cite("TPL-WIN")
        return f"Game over: the {SIDES[state.last or 0]} swept the last buoy and wins ({rule})."
    left = "1 buoy left" if state.buoys == 1 else f"{state.buoys} buoys left"
    return f"{left}: the {SIDES[state.to_move]} to sweep."


def click_hint(state: State, path: tuple[str, ...]) -> str:
    """Why a click starts no legal sweep, in words."""
    try:
        n = buoy_number(path[-1])
    except (ValueError, IndexError):
        return "Click a buoy: you sweep it and every buoy after it."
    if n > state.buoys:
        return f"Buoy {path[-1]} has been swept already."
    most = state.config.max_take
    return f"That would sweep {n} buoys; at most {most} a turn ({CLAUSES.cite('TPL-TAKE')})."
