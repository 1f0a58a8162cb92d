"""The Branle-Bas state: an immutable value (tuples and small frozen dataclasses)."""

from __future__ import annotations

from dataclasses import dataclass

from .config import Config

# Phases of a game
SETUP, TOSS, PLAY, OVER = "setup", "toss", "play", "over"


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: ``kind`` is triumph, victory, abandon, draw or time."""

    kind: str
    winner: int | None
    rule: str
    reason: str


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a position.

    ``board`` holds one piece code per square (see pieces.py); ``sunk_by[p]`` lists the
    kinds of enemy ships p has sunk; ``in_port[p]`` p's ships inside the enemy port;
    ``wrecked[p]`` p's ships lost on nets (scoring for nobody).
    """

    board: tuple[int, ...]
    phase: str
    to_move: int
    config: Config
    ply: int = 0
    setup_left: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    sunk_by: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    in_port: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    wrecked: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    touched: int | None = None
    passes: int = 0  # consecutive forced passes
    last_move: tuple[int, int] | None = None
    result: Result | None = None
