"""Far Seas as data: the sea-area map, the speed grades, the rosters and the damage table.

Everything here is plain tuples built once at import. The map and the rosters are the
digest's house reconstruction (FS-MAP, FS-ROSTER-*): no original map or counter sheet
survives in public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

#: speed grades, slowest first ("grades apart" = difference of index); FS-SPEED
SPEEDS: tuple[str, ...] = ("2", "3", "3+", "4", "4+", "5")
#: the lowest grade a damaged German ship can fall to ("3")
MIN_GERMAN_SPEED: Final = 1
#: the gun ranges, longest first: a ship of range L fires once L is in the round's ranges
RANGES: tuple[str, ...] = ("A", "B", "C")

ENGLAND: Final = 0  # the England box (Allied only)
RIVER: Final = 33  # the Rufiji river box, beside area 23
RUFIJI_AREA: Final = 23
RED_SEA: Final = 17
HOME_AREA: Final = 2
PANAMA = (6, 31)


@dataclass(frozen=True, slots=True)
class Area:
    """One sea area: number, name, merchant density, neighbours, neutral coast, map spot."""

    num: int
    name: str
    density: int
    adjacent: tuple[int, ...]
    neutral: bool
    x: float
    y: float


_AREAS: tuple[tuple[int, str, int, tuple[int, ...], bool, float, float], ...] = (
    (0, "England", 0, (1,), False, 610, 85),
    (1, "North Sea & Channel", 3, (0, 2, 3), False, 505, 120),
    (2, "Norway-Iceland", 1, (1, 3, 4), False, 440, 45),
    (3, "Western Approaches", 4, (1, 2, 4, 7, 16), False, 420, 140),
    (4, "Central N. Atlantic", 3, (2, 3, 5, 7), False, 330, 130),
    (5, "US East Coast", 2, (4, 6), True, 230, 150),
    (6, "Caribbean", 2, (5, 9, 31), True, 210, 225),
    (7, "Canaries & Cape Verde", 2, (3, 4, 8, 16), True, 390, 225),
    (8, "West Africa", 2, (7, 9, 10, 13), False, 430, 300),
    (9, "North Brazil", 3, (6, 8, 10, 11), True, 310, 300),
    (10, "Mid South Atlantic", 2, (8, 9, 11, 13, 14), False, 390, 380),
    (11, "River Plate", 3, (9, 10, 12), True, 300, 420),
    (12, "Falklands", 1, (11, 24), False, 270, 500),
    (13, "Gulf of Guinea", 1, (8, 10, 14), False, 500, 330),
    (14, "South-West Africa", 1, (10, 13, 15), False, 480, 420),
    (15, "Cape of Good Hope", 2, (14, 22, 23), False, 540, 490),
    (16, "Gibraltar & W. Med", 3, (3, 7, 32), False, 490, 195),
    (17, "Red Sea & Aden", 3, (32, 18, 23), False, 640, 255),
    (18, "Arabian Sea", 3, (17, 22, 23), False, 700, 300),
    (19, "Dutch East Indies", 2, (20, 21, 22, 25, 29), True, 830, 350),
    (20, "Philippines & S. China Sea", 2, (19, 26, 28, 29), True, 850, 270),
    (21, "Bay of Bengal", 3, (19, 22), False, 770, 270),
    (22, "Central Indian Ocean", 2, (15, 18, 19, 21, 23, 25), False, 700, 400),
    (23, "East Africa", 1, (15, 17, 18, 22), False, 610, 370),
    (24, "Chile", 2, (12, 30, 31), True, 180, 440),
    (25, "W. & S. Australia", 2, (19, 22, 30), False, 850, 460),
    (26, "Yellow & East China Sea", 2, (20, 27), False, 880, 190),
    (27, "Japan & NW Pacific", 1, (26, 28, 31), False, 960, 150),
    (28, "Central Pacific", 1, (20, 27, 29, 30, 31), False, 1010, 260),
    (29, "New Guinea & Bismarck", 1, (19, 20, 28, 30), False, 940, 360),
    (30, "SW Pacific: Samoa, Fiji, NZ", 2, (24, 25, 28, 29, 31), False, 1010, 460),
    (31, "East Pacific: Hawaii, Mexico", 1, (6, 24, 27, 28, 30), False, 1090, 320),
    (32, "E. Med & Suez", 3, (16, 17), False, 570, 210),
)

AREAS: tuple[Area, ...] = tuple(Area(*row) for row in _AREAS)
N_AREAS = len(AREAS)  # 33: the England box and areas 1..32
#: neighbours without the Panama link (which must be pre-announced: FS-PANAMA)
ADJ: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in a.adjacent if {a.num, n} != set(PANAMA)) for a in AREAS
)
NEUTRAL: frozenset[int] = frozenset(a.num for a in AREAS if a.neutral)


@dataclass(frozen=True, slots=True)
class Station:
    """A British station (red anchor) that a German ship may raid once per game."""

    name: str
    area: int
    vp: int


STATIONS: tuple[Station, ...] = (
    Station("Ascension", 10, 1),
    Station("Port Stanley", 12, 3),
    Station("Simonstown", 15, 3),
    Station("Penang", 21, 3),
    Station("Madras", 21, 2),
    Station("Cocos", 22, 2),
    Station("Zanzibar", 23, 2),
    Station("Papeete", 30, 1),
    Station("Fanning", 31, 2),
)
STATIONS_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, s in enumerate(STATIONS) if s.area == a) for a in range(N_AREAS)
)


@dataclass(frozen=True, slots=True)
class ShipClass:
    """A class of ship: type code, speed grade index, gun range, capacity, own DRM, VP."""

    code: str
    label: str
    speed: int
    range: str
    capacity: int
    drm: int
    vp: int
    torpedoes: bool = True


CLASSES: dict[str, ShipClass] = {
    c.code: c
    for c in (
        ShipClass("AC", "armoured cruiser", 3, "A", 8, 1, 8),  # Scharnhorst class
        ShipClass("LC+", "fast light cruiser", 4, "B", 4, 0, 4),
        ShipClass("LC", "light cruiser", 3, "B", 4, 0, 4),
        ShipClass("AMC", "armed merchant cruiser", 2, "C", 3, -1, 2),
        ShipClass("BC", "battlecruiser", 5, "A", 10, 2, 10),
        ShipClass("BB", "old battleship", 0, "A", 10, 1, 6, torpedoes=False),
        ShipClass("CA", "armoured cruiser", 2, "A", 6, 0, 5),
        ShipClass("CL", "light cruiser", 3, "B", 4, 0, 3),
        ShipClass("OC", "old cruiser", 1, "C", 3, -1, 2),
        ShipClass("AAMC", "armed merchant cruiser", 1, "C", 3, -1, 2),
    )
}


@dataclass(frozen=True, slots=True)
class Ship:
    """One counter: its id, side (0 German, 1 Allied), name, class, nation, start place."""

    id: int
    side: int
    name: str
    cls: ShipClass
    nation: str
    start: int  # area, or -1 for a colony force not yet placed
    box: str = "start"  # start / convoy / colony
    #: how records name the ship, where that differs from ``name`` (an unnamed counter's
    #: older words: saved games name it so, and must replay the same)
    record: str = ""

    @property
    def record_name(self) -> str:
        """The ship's name in a record (an action's JSON)."""
        return self.record or self.name

    @property
    def british(self) -> bool:
        """British Empire ships (Royal Navy and Australian) count as British (FS-COWARD)."""
        return self.nation in ("GB", "AU")


GERMAN_SHIPS: tuple[tuple[str, str, int], ...] = (
    ("Scharnhorst", "AC", 26),
    ("Gneisenau", "AC", 26),
    ("Emden", "LC+", 26),
    ("Karlsruhe", "LC+", 6),
    ("Dresden", "LC+", 6),
    ("Königsberg", "LC", 18),
    ("Leipzig", "LC", 31),
    ("Nürnberg", "LC", 28),
    ("Kaiser Wilhelm der Grosse", "AMC", 2),
    ("Cap Trafalgar", "AMC", 11),
    ("Kronprinz Wilhelm", "AMC", 5),
    ("Prinz Eitel Friedrich", "AMC", 26),
    ("Cormoran", "AMC", 26),
)
RIVER_SHIPS = frozenset({"Königsberg", "Nürnberg", "Leipzig"})
SURPRISE_BONUS_SHIPS = frozenset({"Scharnhorst", "Gneisenau"})

#: the nation of an Allied counter, as an adjective
NATION_WORDS = {
    "GB": "British",
    "AU": "Australian",
    "FR": "French",
    "JP": "Japanese",
    "RU": "Russian",
}

_NAMED: dict[str, tuple[str, str]] = {
    "Invincible": ("BC", "GB"), "Inflexible": ("BC", "GB"), "Australia": ("BC", "AU"),
    "Kongo": ("BC", "JP"), "Canopus": ("BB", "GB"), "Good Hope": ("CA", "GB"),
    "Monmouth": ("CA", "GB"), "Kent": ("CA", "GB"), "Cornwall": ("CA", "GB"),
    "Carnarvon": ("CA", "GB"), "Defence": ("CA", "GB"), "Minotaur": ("CA", "GB"),
    "Hampshire": ("CA", "GB"), "Ibuki": ("CA", "JP"), "Izumo": ("CA", "JP"),
    "Asama": ("CA", "JP"), "Montcalm": ("CA", "FR"), "Dupleix": ("CA", "FR"),
    "Glasgow": ("CL", "GB"), "Bristol": ("CL", "GB"), "Sydney": ("CL", "AU"),
    "Melbourne": ("CL", "AU"), "Dartmouth": ("CL", "GB"), "Weymouth": ("CL", "GB"),
    "Chatham": ("CL", "GB"), "Yarmouth": ("CL", "GB"), "Newcastle": ("CL", "GB"),
    "Chikuma": ("CL", "JP"), "Zhemchug": ("CL", "RU"), "Pegasus": ("OC", "GB"),
    "Astraea": ("OC", "GB"), "Hyacinth": ("OC", "GB"), "Fox": ("OC", "GB"),
    "Otranto": ("AAMC", "GB"), "Carmania": ("AAMC", "GB"),
}  # fmt: skip


def _allied_plan() -> list[tuple[int, str]]:
    """Where the 74 Allied counters start (FS-ALLIED-SETUP): (area or -1, box)."""
    plan: list[tuple[int, str]] = []
    plan += [(a, "start") for a in [*range(1, 17), 32]]  # Atlantic 17: one per area
    pacific = [*range(17, 32), 21, 22, 23, 25, 26, 27, 30, 31]  # Pacific 23
    plan += [(a, "start") for a in pacific]
    plan += [(ENGLAND, "start")] * 9  # England 9
    plan += [(16, "start")] * 3 + [(32, "start")] * 3  # Mediterranean 6
    plan += [(-1, "colony")] * 14  # Pacific reinforcements 14: the colony forces
    plan += [(a, "convoy") for a in (3, 4, 18, 21, 25)]  # Other 5: convoy escorts
    return plan


def _roster() -> tuple[Ship, ...]:
    ships: list[Ship] = []
    for name, code, area in GERMAN_SHIPS:
        ships.append(Ship(len(ships), 0, name, CLASSES[code], "DE", area))
    plan = _allied_plan()
    named = list(_NAMED.items())
    # the big ships start at home and in the Pacific, as in 1914
    fill = ("CL", "OC", "CA", "CL", "AAMC")
    for k, (area, box) in enumerate(plan):
        if k < len(named):
            name, (code, nation) = named[(k * 17) % len(named)]
        else:
            # a convoy escort must be one that may escort (FS-CONVOY: 'A or B gun range and
            # speed <= 3+'): an armoured cruiser, whichever reading of the speed is set; the
            # class fill gave four of the five an escort the rule forbids
            code = "CA" if box == "convoy" else fill[k % len(fill)]
            nation = ("FR" if k % 2 else "JP") if k % 7 == 3 else "GB"
            # the seed gives these counters no names: say what each is, and its number
            # among the 74 Allied counters, never a made-up name; records keep the words
            # they always had ('Light Cruiser 36'), so that every saved game still replays
            name = f"{NATION_WORDS[nation]} {CLASSES[code].label} (counter {k + 1})"
            record = f"{CLASSES[code].label.title()} {k + 1}"
            ships.append(Ship(len(ships), 1, name, CLASSES[code], nation, area, box, record))
            continue
        ships.append(Ship(len(ships), 1, name, CLASSES[code], nation, area, box))
    return tuple(ships)


SHIPS: tuple[Ship, ...] = _roster()
N_SHIPS = len(SHIPS)
GERMAN: tuple[int, ...] = tuple(s.id for s in SHIPS if s.side == 0)
ALLIED: tuple[int, ...] = tuple(s.id for s in SHIPS if s.side == 1)
#: the Allied ids follow the German ones: ALLIED is range(FIRST_ALLIED, N_SHIPS)
FIRST_ALLIED = ALLIED[0]
assert tuple(range(FIRST_ALLIED, N_SHIPS)) == ALLIED
#: the German armed merchant cruisers, who take their orders first (FS-AMC-FIRST)
IS_AMC: tuple[bool, ...] = tuple(s.cls.code == "AMC" for s in SHIPS)
#: the British Empire ships (FS-COWARD), as a set for the hot paths
BRITISH: frozenset[int] = frozenset(s.id for s in SHIPS if s.british)
#: every ship by its name, and by its name in records
BY_NAME: dict[str, int] = {s.name: s.id for s in SHIPS} | {s.record_name: s.id for s in SHIPS}


@dataclass(frozen=True, slots=True)
class Colony:
    """A German colony the Allies capture on a schedule (FS-COLONY)."""

    name: str
    area: int
    ships: int
    first: int
    last: int


COLONIES: tuple[Colony, ...] = (
    Colony("Samoa", 30, 2, 1, 3),
    Colony("New Guinea", 29, 3, 1, 4),
    Colony("Tsingtao", 26, 2, 2, 8),
    Colony("Kamerun", 13, 7, 2, 9),
)


def colony_forces() -> tuple[tuple[int, ...], ...]:
    """The Allied ship ids of each colony force, in COLONIES order."""
    pool = [s.id for s in SHIPS if s.box == "colony"]
    out, k = [], 0
    for c in COLONIES:
        out.append(tuple(pool[k : k + c.ships]))
        k += c.ships
    return tuple(out)


COLONY_FORCES = colony_forces()


def _locks() -> tuple[int, ...]:
    last = [0] * len(SHIPS)
    for colony, force in zip(COLONIES, COLONY_FORCES, strict=True):
        for s in force:
            last[s] = colony.last
    return tuple(last)


#: the last turn each ship is held by its colony force (0: never), and no lock at all
LOCKED_UNTIL: tuple[int, ...] = _locks()
NEVER: tuple[int, ...] = (0,) * len(SHIPS)

#: the Damage Table (FS-DAMAGE): modified roll -> damage points (<=2 -> 0, 8+ -> 4)
_DAMAGE = {3: 1, 4: 1, 5: 2, 6: 2, 7: 3}


def damage_points(modified_roll: int) -> int:
    """Damage points for a modified roll on the house Damage Table."""
    if modified_roll <= 2:
        return 0
    if modified_roll >= 8:
        return 4
    return _DAMAGE[modified_roll]


def half_damaged(damage: int, capacity: int) -> bool:
    """Half damaged means damage of at least half the capacity, rounded up (FS-HALF)."""
    return damage >= (capacity + 1) // 2


#: the damage at which each ship is half damaged (FS-HALF), for the hot paths
HALF: tuple[int, ...] = tuple((s.cls.capacity + 1) // 2 for s in SHIPS)
