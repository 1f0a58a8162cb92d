"""Age of Sail tables as data: the compass, points of sail, the hit table, ship templates and
the scenario set-ups (a duel, a fleet action, pirates against a merchant escort)."""

from __future__ import annotations

import math
from dataclasses import dataclass

#: the eight compass points, clockwise from north (index = heading)
COMPASS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
POINT_INDEX: dict[str, int] = {name: i for i, name in enumerate(COMPASS)}
#: the compass points in words, for sentences a student reads
POINT_WORDS: tuple[str, ...] = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)
#: unit vector (east, north) of each heading, in cm per cm sailed
VECTORS: tuple[tuple[float, float], ...] = tuple(
    (round(math.sin(math.radians(45 * i)), 12), round(math.cos(math.radians(45 * i)), 12))
    for i in range(8)
)

WIND_MIN, WIND_MAX, WIND_START = 1, 7, 4
#: modifier to the wind speed by points off the wind (0 = in irons: forbidden)
POINT_OF_SAIL: dict[int, tuple[str, int | None]] = {
    0: ("in irons", None),
    1: ("close-hauled", -1),
    2: ("beam reach", +1),
    3: ("broad reach", +1),
    4: ("running", 0),
}
TURN_COST = 2  # units of movement per compass point of turn

#: range bands (upper edge in cm, hull hit on, sails hit on); bands are (0,4], (4,8], (8,12]
RANGE_BANDS: tuple[tuple[float, int, int], ...] = ((4.0, 3, 4), (8.0, 4, 5), (12.0, 5, 6))
MAX_RANGE = 12.0

#: the table in cm (east-west, north-south); north is up
TABLE_W, TABLE_H = 100, 70
SHIP_GAP = 2.0  # centres closer than this overlap (a hull is 2 cm wide)
HIGH_SEAS = 6  # wind speed from which severely damaged ships may founder
STERN_RAKE_DEG = 22.5  # half-width of the "directly astern" cone


@dataclass(frozen=True, slots=True)
class Template:
    """A kind of ship: gun decks per side, mast units fore to aft, hull units."""

    kind: str
    decks: int
    rig: tuple[int, int, int]
    hull: int


SHIP_OF_THE_LINE = Template("ship of the line", 3, (1, 1, 1), 3)
PRIVATEER = Template("privateer", 2, (1, 2, 1), 3)

NATIONS: tuple[str, ...] = ("England", "France", "United Provinces", "Spain", "Privateers")
NAMES: dict[str, tuple[str, ...]] = {
    "England": ("Royal Sovereign", "Britannia", "Prince", "St Andrew"),
    "France": ("Soleil Royal", "Royal Louis", "Dauphin Royal", "Magnifique"),
    "United Provinces": ("De Zeven Provinciën", "Gouda", "Eendracht", "Hollandia"),
    "Spain": ("Nuestra Señora del Rosario", "San Felipe", "Santísima Trinidad", "San José"),
    "Privateers": ("Queen Anne's Revenge", "Fancy", "Whydah", "Royal Fortune"),
}


@dataclass(frozen=True, slots=True)
class Placement:
    """One ship of a scenario: side, nation, name, template, position (cm), heading index."""

    side: int
    nation: str
    name: str
    template: Template
    x: float
    y: float
    heading: int
    squadron: int  # ships with the same squadron number sail in line (-1: independent)


@dataclass(frozen=True, slots=True)
class Scenario:
    """A set-up: its ships and shoals (centre x, y and radius in cm)."""

    key: str
    title: str
    nations: tuple[str, str]
    ships: tuple[Placement, ...]
    shoals: tuple[tuple[float, float, float], ...]


def _line(
    side: int,
    nation: str,
    n: int,
    x: float,
    y: float,
    heading: int,
    dy: float,
    squadron: int,
    template: Template = SHIP_OF_THE_LINE,
) -> tuple[Placement, ...]:
    return tuple(
        Placement(side, nation, NAMES[nation][i], template, x, y + i * dy, heading, squadron)
        for i in range(n)
    )


SCENARIOS: dict[str, Scenario] = {
    "duel": Scenario(
        "duel",
        "A duel: one ship of the line each",
        ("England", "France"),
        (
            Placement(0, "England", "Royal Sovereign", SHIP_OF_THE_LINE, 25.0, 30.0, 1, -1),
            Placement(1, "France", "Soleil Royal", SHIP_OF_THE_LINE, 75.0, 40.0, 5, -1),
        ),
        ((50.0, 12.0, 5.0),),
    ),
    "fleet": Scenario(
        "fleet",
        "A fleet action: two lines of battle of three",
        ("England", "France"),
        _line(0, "England", 3, 20.0, 50.0, 2, -8.0, 0)
        + _line(1, "France", 3, 80.0, 20.0, 6, 8.0, 1),
        ((50.0, 35.0, 4.0), (15.0, 10.0, 5.0)),
    ),
    "pirates": Scenario(
        "pirates",
        "Pirates against a merchant escort",
        ("Spain", "Privateers"),
        _line(0, "Spain", 2, 30.0, 45.0, 2, -8.0, 0),
        ((62.0, 50.0, 5.0), (45.0, 20.0, 4.0)),
    ),
}
SCENARIOS["pirates"] = Scenario(
    "pirates",
    SCENARIOS["pirates"].title,
    ("Spain", "Privateers"),
    SCENARIOS["pirates"].ships
    + tuple(
        Placement(1, "Privateers", NAMES["Privateers"][i], PRIVATEER, 85.0, 25.0 + 20 * i, 6, -1)
        for i in range(2)
    ),
    SCENARIOS["pirates"].shoals,
)
