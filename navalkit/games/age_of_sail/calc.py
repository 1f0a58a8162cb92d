"""The calculators, exactly as the seed's worked examples, and the geometry of the table.

Pure functions: no state, no chance. ``max_move``, ``hit_number`` and ``wind_after`` are the
public calculators the lesson and the tests use; the rest serve the rules and the drawing.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

from .data import COMPASS, MAX_RANGE, POINT_INDEX, POINT_OF_SAIL, RANGE_BANDS, WIND_MAX, WIND_MIN


def max_move(mast_units: int, wind_speed: int, angle_off_wind: int) -> int:
    """Maximum move in whole cm (AOS-MOVE): mast units x (wind speed + point-of-sail modifier),
    at least 1 cm. ``angle_off_wind`` is the angle in degrees between the heading and the
    direction the wind comes from: 45 close-hauled (-1), 90 and 135 (+1), 180 running (0)."""
    if mast_units < 0 or wind_speed < 0:
        raise ValueError("mast units and wind speed cannot be negative")
    angle = angle_off_wind % 360
    if angle > 180:
        angle = 360 - angle
    if angle % 45:
        raise ValueError(f"{angle_off_wind} degrees is not a compass point off the wind")
    _name, modifier = POINT_OF_SAIL[angle // 45]
    if modifier is None:
        raise ValueError("A ship cannot sail directly into the wind (in irons): tack instead.")
    return max(1, mast_units * (wind_speed + modifier))


def points_off_wind(heading: int, wind_from: int) -> int:
    """Compass points (0..4) between a heading and the direction the wind comes from."""
    d = (heading - wind_from) % 8
    return min(d, 8 - d)


def point_of_sail(heading: int, wind_from: int) -> str:
    """The name of the point of sail: in irons, close-hauled, beam/broad reach, running."""
    return POINT_OF_SAIL[points_off_wind(heading, wind_from)][0]


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


def wind_after(direction: str, speed: int, direction_roll: int, speed_roll: int) -> tuple[str, int]:
    """The wind after the end-of-round rolls (AOS-WIND-ROLL): direction 1 = one point
    anticlockwise, 6 = one point clockwise; speed 1 = -1, 6 = +1, clamped to 1..7."""
    if direction not in POINT_INDEX:
        raise ValueError(f"{direction!r} is not a compass point; use one of {COMPASS}")
    for roll in (direction_roll, speed_roll):
        if roll not in range(1, 7):
            raise ValueError(f"a die shows 1..6, not {roll!r}")
    i = POINT_INDEX[direction]
    i = (i - 1) % 8 if direction_roll == 1 else (i + 1) % 8 if direction_roll == 6 else i
    s = speed - 1 if speed_roll == 1 else speed + 1 if speed_roll == 6 else speed
    return COMPASS[i], min(WIND_MAX, max(WIND_MIN, s))


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


def tacking(
    mast_units: int, wind_speed: int, turns: int = 4
) -> list[tuple[int, str, int, int, float]]:
    """How a ship works to windward (AOS-IRONS): starting close-hauled on one tack, each turn
    she swings 2 points across the wind to the other tack (4 cm of her allowance) and sails
    the rest. Rows: (turn, tack, swing cost, cm sailed, cm made good upwind so far); a swing
    she cannot afford leaves her on the same tack."""
    room = max_move(mast_units, wind_speed, 45)
    swing = 2 * 2
    rows, made, tack = [], 0.0, 0
    for turn in range(1, turns + 1):
        cost = 0 if turn == 1 or swing > room else swing
        if turn > 1 and swing <= room:
            tack = 1 - tack
        sailed = room - cost
        made += sailed * math.cos(math.radians(45))
        rows.append((turn, ("starboard tack", "port tack")[tack], cost, sailed, round(made, 2)))
    return rows
