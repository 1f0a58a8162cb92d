"""The Last Buoy state: an immutable value; every move makes a new one."""

from __future__ import annotations

from dataclasses import dataclass

from .config import Config

#: phases: the coin toss (a chance node), play, and the end
TOSS, PLAY, OVER = "toss", "play", "over"


@dataclass(frozen=True, slots=True)
class State:
    """Buoys left in the row, whose turn it is, and who swept last."""

    config: Config
    buoys: int
    to_move: int = 0
    phase: str = TOSS
    last: int | None = None  # the seat that swept last (the winner once over)
    ply: int = 0
