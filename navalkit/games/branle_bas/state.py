"""The Branle-Bas state: an immutable value (tuples and small frozen dataclasses)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .config import Config

# Phases of a game
SETUP, TOSS, PLAY, OVER = "setup", "toss", "play", "over"

#: the piece codes of ships (kinds 1..8 of either side; see data.py: Mine 9, wreck 10)
SHIP_CODES = frozenset(kind + 16 * owner for owner in (0, 1) for kind in range(1, 9))


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: ``kind`` is triumph, victory, abandon, draw or time."""

    kind: str
    winner: int | None
    rule: str
    reason: str


@dataclass(frozen=True, slots=True, eq=False)
class Fleets:
    """The squares of each side's ships, in ascending order, for one board.

    A speed aid, not part of the position: move generation visits the ~19 ships instead of
    scanning all 181 squares. It is only trusted for the very ``board`` object it was made
    for (an identity check), so a State built by hand, or with ``dataclasses.replace(state,
    board=...)``, gets its fleets recomputed instead of using stale ones.
    """

    board: tuple[int, ...]
    squares: tuple[tuple[int, ...], tuple[int, ...]]

    @classmethod
    def of(cls, board: tuple[int, ...]) -> Fleets:
        ships = SHIP_CODES
        a = tuple(sq for sq, p in enumerate(board) if p in ships and p < 16)
        b = tuple(sq for sq, p in enumerate(board) if p in ships and p >= 16)
        return cls(board, (a, b))


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a position.

    ``board`` holds one piece code per square (see data.py); ``sunk_by[p]`` lists the
    kinds of enemy ships p has sunk; ``in_port[p]`` p's ships inside the enemy port;
    ``wrecked[p]`` p's ships lost on nets (scoring for nobody). ``fleets`` is a cache of
    where the ships are (see :class:`Fleets`): left out of equality, hashing and repr.
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
    fleets: Fleets | None = field(default=None, compare=False, repr=False)


def fleets(state: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The squares of each side's ships on ``state.board``, ascending."""
    f = state.fleets
    if f is None or f.board is not state.board:
        f = Fleets.of(state.board)
        # Fill the cache in place: it is not part of the value (no equality, hash or repr)
        # and always agrees with the board, so the state stays immutable in every way
        # that can be observed.
        object.__setattr__(state, "fleets", f)
    return f.squares
