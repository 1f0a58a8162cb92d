"""Gunnery, boarding and fire, exactly as the seed's tables and worked examples.

The range bands and hit numbers, the geometry of arcs and bearings, and the exact odds of
volleys, boarding and fire. Pure functions: no state, no chance.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

from ..data import MAX_RANGE, RANGE_BANDS


def band(range_cm: float) -> int | None:
    """The range band 0, 1, 2 of a distance, or None beyond 12 cm (AOS-BANDS)."""
    for i, (edge, _, _) in enumerate(RANGE_BANDS):
        if range_cm <= edge:
            return i
    return None


def hit_number(range_cm: float, aim: str) -> int | None:
    """The lowest die score that hits at ``range_cm`` aiming at ``"hull"`` or ``"sails"``
    (AOS-RANGE), or None beyond 12 cm."""
    if aim not in ("hull", "sails"):
        raise ValueError(f"aim must be 'hull' or 'sails', not {aim!r}")
    if range_cm < 0:
        raise ValueError("a range cannot be negative")
    b = band(range_cm)
    if b is None:
        return None
    return RANGE_BANDS[b][1] if aim == "hull" else RANGE_BANDS[b][2]


def distance(ax: float, ay: float, bx: float, by: float) -> float:
    return math.hypot(bx - ax, by - ay)


def relative_bearing(x: float, y: float, heading: int, tx: float, ty: float) -> float:
    """Bearing in degrees [0, 360) of the point (tx, ty) seen from a ship at (x, y), measured
    clockwise from its bow."""
    b = math.degrees(math.atan2(tx - x, ty - y)) - 45 * heading
    return round(b % 360.0, 6) % 360.0


def arc_side(bearing: float) -> int | None:
    """Which broadside covers a relative bearing (AOS-ARCS): 1 starboard (45..135), 0 port
    (225..315), None in the bow and stern arcs (AOS-ARC-ENDS)."""
    if 45.0 <= bearing <= 135.0:
        return 1
    if 225.0 <= bearing <= 315.0:
        return 0
    return None


def in_range(range_cm: float) -> bool:
    return range_cm <= MAX_RANGE


@cache
def volley_odds(dice: int, need: int) -> dict[tuple[int, bool], Fraction]:
    """Exact odds of (hits, fire) for ``dice`` dice each hitting on ``need`` or more; fire
    means a pair of sixes (AOS-FIRE)."""
    six, hit, miss = Fraction(1, 6), Fraction(6 - need, 6), Fraction(need - 1, 6)
    dist: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for _ in range(dice):
        nxt: dict[tuple[int, int], Fraction] = {}
        for (h, s), p in dist.items():
            for dh, ds, q in ((1, 1, six), (1, 0, hit), (0, 0, miss)):
                if q:
                    key = (h + dh, s + ds)
                    nxt[key] = nxt.get(key, Fraction(0)) + p * q
        dist = nxt
    out: dict[tuple[int, bool], Fraction] = {}
    for (h, s), p in dist.items():
        key2 = (h, s >= 2)
        out[key2] = out.get(key2, Fraction(0)) + p
    return out


@cache
def sum_distribution(dice: int) -> dict[int, Fraction]:
    """The distribution of the total of ``dice`` six-sided dice."""
    dist = {0: Fraction(1)}
    for _ in range(dice):
        nxt: dict[int, Fraction] = {}
        for t, p in dist.items():
            for f in range(1, 7):
                nxt[t + f] = nxt.get(t + f, Fraction(0)) + p / 6
        dist = nxt
    return dist


def boarding_odds(attacker_decks: int, defender_decks: int) -> tuple[float, float, float]:
    """(attacker wins, defender wins, tie) on one roll of the boarding dice (AOS-BOARD)."""
    a, d = sum_distribution(attacker_decks), sum_distribution(defender_decks)
    win = lose = tie = Fraction(0)
    for ta, pa in a.items():
        for td, pd in d.items():
            if ta > td:
                win += pa * pd
            elif ta < td:
                lose += pa * pd
            else:
                tie += pa * pd
    return float(win), float(lose), float(tie)


def fire_survival() -> dict[str, float]:
    """The fate of a burning ship (AOS-FIRE-OUT): out at the first roll, out at the second,
    or blows up."""
    first = Fraction(2, 6)
    second = (1 - first) * Fraction(1, 6)
    return {
        "out first": float(first),
        "out second": float(second),
        "explodes": float(1 - first - second),
    }


def hit_chance(range_cm: float, aim: str) -> Fraction:
    """The chance that one die hits at ``range_cm`` aiming at ``aim`` (0 beyond 12 cm)."""
    need = hit_number(range_cm, aim)
    return Fraction(0) if need is None else Fraction(7 - need, 6)


def fire_chance(dice: int) -> Fraction:
    """The chance that a broadside of ``dice`` dice shows a pair of sixes (AOS-FIRE)."""
    none = Fraction(5, 6) ** dice
    one = dice * Fraction(1, 6) * Fraction(5, 6) ** (dice - 1) if dice else Fraction(0)
    return 1 - none - one


def fire_fate() -> dict[str, Fraction]:
    """Exact fate of a ship just set alight (AOS-FIRE-OUT): put out at her next turn (5-6),
    at the turn after (a 6), or she blows up."""
    first = Fraction(2, 6)
    second = (1 - first) * Fraction(1, 6)
    return {"out first": first, "out second": second, "explodes": 1 - first - second}


def catch_chance(range_cm: float) -> Fraction:
    """The chance that a ship ``range_cm`` from an explosion catches fire (AOS-EXPLODE): one
    die needing the hull hit number at that range."""
    return hit_chance(range_cm, "hull")


def boarding_chances(
    attacker_decks: int, defender_decks: int, ties: str = "reroll"
) -> tuple[Fraction, Fraction]:
    """Exact (attacker captures, defender captures) for a boarding, ties settled by the
    ``boarding_ties`` house rule: "reroll" (roll again) or "defender" (the defenders hold)."""
    a, d = sum_distribution(attacker_decks), sum_distribution(defender_decks)
    win = sum((pa * pd for ta, pa in a.items() for td, pd in d.items() if ta > td), Fraction(0))
    tie = sum((pa * pd for ta, pa in a.items() for td, pd in d.items() if ta == td), Fraction(0))
    if ties == "reroll":
        return win / (1 - tie), (1 - tie - win) / (1 - tie)
    return win, 1 - win
