"""Wind and sail, exactly as the seed's worked examples: the points of sail, a ship's
movement allowance, tacking, and how the wind changes.

Pure functions: no state, no chance. ``max_move`` and ``wind_after`` are the public
calculators the lesson and the tests use; the gunnery ones are in :mod:`.combat`.
"""

from __future__ import annotations

import math

from ..data import COMPASS, POINT_INDEX, POINT_OF_SAIL, POINT_WORDS, WIND_MAX, WIND_MIN

#: how a wind named by one compass point is read (AOS-WIND-REF): the seed's worked example
#: ("if the wind is due south, a ship may not sail a due north direction") names it by where it
#: blows; sailors name it by where it comes from.
WIND_NAMINGS = ("blowing", "from")


def wind_source(name: str, naming: str = "blowing") -> int:
    """The compass point (0..7) the wind comes from, for a wind named ``name`` in ``naming``."""
    if name not in POINT_INDEX:
        raise ValueError(f"{name!r} is not a compass point; use one of {COMPASS}")
    if naming not in WIND_NAMINGS:
        raise ValueError(f"wind naming is one of {WIND_NAMINGS}, not {naming!r}")
    i = POINT_INDEX[name]
    return i if naming == "from" else (i + 4) % 8


def wind_words(wind_from: int) -> str:
    """The wind in words both ways, so nobody has to guess the convention:
    ``wind_words(0)`` is "from the north, blowing south"."""
    return f"from the {POINT_WORDS[wind_from]}, blowing {POINT_WORDS[(wind_from + 4) % 8]}"


def wind_said(wind_from: int, naming: str = "blowing") -> tuple[str, str, str]:
    """The wind as every page says it (AOS-WIND-REF): its compass point written as the
    settings write it under ``naming`` (so the page and the settings agree), then the way it
    blows and where it comes from, the convention's own words first. ``wind_said(6)`` (from the
    west) is ("E", "blowing east", "from the west"); with naming "from", ("W", "from the west",
    "blowing east")."""
    blows = (wind_from + 4) % 8
    to, frm = f"blowing {POINT_WORDS[blows]}", f"from the {POINT_WORDS[wind_from]}"
    if naming == "from":
        return COMPASS[wind_from], frm, to
    return COMPASS[blows], to, frm


def wind_line(wind_from: int, naming: str = "blowing") -> str:
    """The wind in one line, as a page's status and a board's words say it:
    "E (blowing east, from the west)"."""
    point, first, then = wind_said(wind_from, naming)
    return f"{point} ({first}, {then})"


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


def turned_wind(wind_from: int, roll: int) -> int:
    """Where the wind comes from after its direction die (AOS-WIND-ROLL): 1 turns it one point
    anticlockwise, 6 one point clockwise, the rest leave it."""
    return (wind_from + (-1 if roll == 1 else 1 if roll == 6 else 0)) % 8


def wind_force(speed: int, roll: int) -> int:
    """The wind's force after its speed die (AOS-WIND-ROLL): 1 drops it, 6 raises it, by one,
    within 1..7."""
    return min(WIND_MAX, max(WIND_MIN, speed + (-1 if roll == 1 else 1 if roll == 6 else 0)))


def wind_after(direction: str, speed: int, direction_roll: int, speed_roll: int) -> tuple[str, int]:
    """The wind after the end-of-round rolls (AOS-WIND-ROLL): direction 1 = one point
    anticlockwise, 6 = one point clockwise; speed 1 = -1, 6 = +1, clamped to 1..7."""
    if direction not in POINT_INDEX:
        raise ValueError(f"{direction!r} is not a compass point; use one of {COMPASS}")
    for roll in (direction_roll, speed_roll):
        if roll not in range(1, 7):
            raise ValueError(f"a die shows 1..6, not {roll!r}")
    return COMPASS[turned_wind(POINT_INDEX[direction], direction_roll)], wind_force(
        speed, speed_roll
    )


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
