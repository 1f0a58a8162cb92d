"""What one seat may see (rule BB-CAMOUFLAGE): during a free set-up each squadron is
screened from the other until both are ready; afterwards everything is in plain sight."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .data import MINE, SETUP_PIECES, SETUP_ZONE, code
from .state import SETUP, State


@dataclass(frozen=True, slots=True)
class View:
    """A seat's view: the state with whatever it may not see blanked out.

    ``viewer`` is the seat (None for the teacher's view); ``screened`` lists the sides whose
    set-up is hidden from this viewer.
    """

    state: State
    viewer: int | None
    screened: tuple[int, ...] = ()

    @property
    def complete(self) -> bool:
        """True when nothing is hidden (bots may then reason on ``state`` directly)."""
        return not self.screened


def observe(state: State, viewer: int | None) -> View:
    if viewer is None or state.phase != SETUP:
        return View(state, viewer)
    other = 1 - viewer
    board = list(state.board)
    for sq in SETUP_ZONE[other]:
        if board[sq] and board[sq] & 15 != MINE:
            board[sq] = 0  # behind the player's hand: nothing to see
    # The opponent's remaining pieces are public knowledge (the squadron is fixed).
    return View(replace(state, board=tuple(board)), viewer, (other,))


def assert_no_leak(state: State) -> None:
    """No seat sees a ship the other side has placed during a free set-up (the Mines, fixed
    by the rules, stay in sight); once play starts every seat sees the whole state."""
    for seat in (0, 1):
        view = observe(state, seat)
        if state.phase != SETUP:
            assert view.state == state and view.complete, f"seat {seat} misses part of play"
            continue
        assert view.screened == (1 - seat,), f"seat {seat}'s view screens {view.screened}"
        for sq, piece in enumerate(view.state.board):
            if piece and piece >> 4 != seat:
                assert piece & 15 == MINE, f"seat {seat} sees an enemy ship on square {sq}"


# --- A full state consistent with one seat's view, for search bots that must not peek.


def sample_state(observation: View, rng: Any) -> State:
    """The state itself once play starts (nothing is hidden); during a free set-up, the
    screened side's placed ships put at random on its free set-up squares."""
    state = observation.state
    if observation.complete:
        return state
    board = list(state.board)
    for side in observation.screened:
        placed = list(SETUP_PIECES)
        for kind in state.setup_left[side]:
            placed.remove(kind)
        free = [sq for sq in SETUP_ZONE[side] if not board[sq]]
        for kind, sq in zip(placed, rng.sample(free, len(placed)), strict=True):
            board[sq] = code(side, kind)
    return replace(state, board=tuple(board))
