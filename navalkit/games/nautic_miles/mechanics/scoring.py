"""Round points, bonuses and the end of a round (rules NM-SCORE .. NM-GAME-END).

Everything here counts in half-points; :func:`round_points` is what the 40-point limit reads.
"""

from __future__ import annotations

from ..data import (
    KIND,
    TONNAGE,
    TRAWLER,
    capture_half_points,
    convoy_half_points,
)
from ..state import Convoy, State

ROUND_BONUS = 20  # +10 points, in half-points
SLOW_BONUS = 14  # +7 points, in half-points


def convoy_value(cv: Convoy) -> int:
    """A convoy's points now, in half-points (rule NM-SCORE, doubled under radar)."""
    return convoy_half_points(TONNAGE[KIND[cv.card]], cv.miles, cv.radar >= 0)


def home(state: State, side: int) -> bool:
    """True when ``side`` has brought a convoy home (rule NM-SCORE-GATE, NM-TRAWLER)."""
    trawler_counts = state.config.trawler_counts
    return any(trawler_counts or KIND[cv.card] != TRAWLER for cv in state.ports[side])


def capture_value(state: State, side: int) -> int:
    """Capture points of ``side`` (its seats' captures), in half-points (rule NM-CAPTURE)."""
    total = 0
    for seat, caps in enumerate(state.captures):
        if state.side[seat] == side:
            for card, detected in caps:
                total += capture_half_points(TONNAGE[KIND[card]], detected)
    return total


def raw_points(state: State, side: int) -> int:
    """Convoy + capture points of ``side`` before the home gate, in half-points."""
    total = capture_value(state, side)
    for cv in state.rows[side]:
        total += convoy_value(cv)
    for cv in state.ports[side]:
        total += convoy_value(cv)
    return total


#: the last round points worked out for each side: side -> (its row, its port, the captures,
#: the settings, the seats' sides, the points). The round limit is checked after every move
#: that changes the table once a convoy is home, and a move changes one row: the other
#: sides' points are read back here. The values are compared by identity (states are
#: immutable, and each entry keeps its values alive, so no other object can take their ids).
_LAST_POINTS: dict[int, tuple[object, object, object, object, object, int]] = {}


def round_points(state: State, side: int) -> int:
    """What ``side`` would score this round (0 without a convoy home), half-points."""
    row, port, captures = state.rows[side], state.ports[side], state.captures
    config, sides = state.config, state.side
    memo = _LAST_POINTS.get(side)
    if (
        memo is not None
        and memo[0] is row
        and memo[1] is port
        and memo[2] is captures
        and memo[3] is config
        and memo[4] is sides
    ):
        return memo[5]
    points = raw_points(state, side) if home(state, side) else 0
    _LAST_POINTS[side] = (row, port, captures, config, sides, points)
    return points


def slow_bonus(state: State, side: int) -> int:
    """The slowness bonus of ``side`` in half-points (rule NM-SLOW-BONUS)."""
    slow = sum(1 for cv in state.ports[side] if not cv.fast and KIND[cv.card] != TRAWLER)
    if state.config.slowness_bonus == "per_round":
        return SLOW_BONUS if slow else 0
    return SLOW_BONUS * slow


def limit_reached(state: State) -> bool:
    """True when a side has the round limit (rule NM-ROUND-END)."""
    ports = state.ports
    if not any(ports):  # nobody home yet: nobody may score (the usual case, checked fast)
        return False
    limit = 2 * state.config.round_limit
    return any(ports[s] and round_points(state, s) >= limit for s in range(state.sides))


def score_round(state: State) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    """(void, points, bonuses) per side at the end of the round (NM-VOID, NM-ROUND-BONUS)."""
    sides = range(state.sides)
    points = tuple(round_points(state, s) for s in sides)
    scoring = [s for s in sides if home(state, s)]
    if not scoring:
        return True, tuple(0 for _ in sides), tuple(0 for _ in sides)
    best = max(points[s] for s in scoring)
    bonus = tuple(
        (ROUND_BONUS if s in scoring and points[s] == best else 0)
        + (slow_bonus(state, s) if s in scoring else 0)
        for s in sides
    )
    return False, points, bonus
