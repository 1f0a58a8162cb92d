"""What one seat may see (rule BB-CAMOUFLAGE): during a free set-up each squadron is
screened from the other until both are ready; afterwards everything is in plain sight."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .data import MINE, SETUP_ZONE
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
