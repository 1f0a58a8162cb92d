"""Last Buoy's computer player and its sense of a position.

The greedy captain knows the game's secret: a row of a multiple of ``max_take + 1`` buoys is a
lost position for the captain to move, so it sweeps to leave one (and sweeps 1 when it cannot).
"""

from __future__ import annotations

from typing import Any

from navalkit.core.bots import BotView

from .actions import Take
from .state import OVER, State


def winning_take(buoys: int, max_take: int) -> int | None:
    """The sweep that leaves the other captain a multiple of ``max_take + 1``, if any."""
    n = buoys % (max_take + 1)
    return n or None


class GreedyBot:
    """Sweeps to a multiple of ``max_take + 1`` when it can, one buoy otherwise."""

    name = "greedy"

    def choose(self, view: BotView) -> Any:
        state: State = view.observation
        n = winning_take(state.buoys, state.config.max_take)
        return Take(n) if n is not None and Take(n) in view.legal_actions else view.legal_actions[0]


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, from 0 to 1: 1 when it has won or can force a win."""
    if state.phase == OVER:
        return float(state.last == seat)
    to_move_wins = winning_take(state.buoys, state.config.max_take) is not None
    return float(to_move_wins == (state.to_move == seat))
