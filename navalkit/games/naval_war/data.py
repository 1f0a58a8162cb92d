"""Naval War's two decks as data: the house Ship Deck (54) and Play Deck (108) manifests.

The original card lists could not be read (digest 5.3), so both manifests are HOUSE
(NW-MANIFEST-SHIPS, NW-MANIFEST-PLAY). A manifest is plain data: another one can be added to
:data:`MANIFESTS` (the rules read the per-id tables built from it at the end of this module).
"""

from __future__ import annotations

from dataclasses import dataclass

# Play card kinds (small ints: the rules compare them in hot paths).
SALVO, SMOKE, REPAIR, ADD_DAMAGE, SUBMARINE, TORPEDO, MINEFIELD, SWEEPER, ADD_SHIP, SQUADRON = (
    range(10)
)
KIND_NAMES = (
    "Salvo",
    "Smoke Screen",
    "Repair",
    "Additional Damage",
    "Submarine",
    "Torpedo Boat",
    "Minefield",
    "Minesweeper",
    "Additional Ship",
    "Destroyer Squadron",
)
KIND_KEYS = (
    "salvo",
    "smoke",
    "repair",
    "additional_damage",
    "submarine",
    "torpedo_boat",
    "minefield",
    "minesweeper",
    "additional_ship",
    "destroyer_squadron",
)
#: red-printed cards, played at once (NW-RED)
RED_KINDS = frozenset({ADD_DAMAGE, SUBMARINE, TORPEDO, MINEFIELD, ADD_SHIP})
#: gun sizes in inches; 12 stands for the 11"/12" column; 0 is a carrier (no guns)
GUNS = (18, 16, 15, 14, 12, 8, 6)
GUN_LABEL = {18: '18"', 16: '16"', 15: '15"', 14: '14"', 12: '11"/12"', 8: '8"', 6: '6"', 0: "CV"}


@dataclass(frozen=True, slots=True)
class ShipCard:
    """One ship card: its gun size (0 for a carrier), hit number (= points) and nation."""

    id: int
    name: str
    nation: str
    gun: int
    hits: int

    @property
    def carrier(self) -> bool:
        return self.gun == 0

    @property
    def label(self) -> str:
        return f"{self.name} ({GUN_LABEL[self.gun]}, {self.hits})"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """One play card: its kind, gun size (salvos) and value (salvo hits, mine hits, +damage)."""

    id: int
    kind: int
    gun: int = 0
    value: int = 0

    @property
    def red(self) -> bool:
        return self.kind in RED_KINDS

    @property
    def label(self) -> str:
        if self.kind == SALVO:
            return f"Salvo {GUN_LABEL[self.gun]} ×{self.value}"
        if self.kind == MINEFIELD:
            return f"Minefield {self.value}"
        if self.kind == ADD_DAMAGE:
            return f"Additional Damage +{self.value}"
        return KIND_NAMES[self.kind]

    @property
    def short(self) -> str:
        """A label short enough for a small card on the board."""
        if self.kind == SALVO:
            return f"{GUN_LABEL[self.gun]}×{self.value}"
        return ("", "Smoke", "Repair", "+Dmg", "Sub", "Torp", "Mines", "Sweep", "+Ship", "DS")[
            self.kind
        ] + (f" {self.value}" if self.kind in (MINEFIELD, ADD_DAMAGE) else "")


_SHIPS: tuple[tuple[int, int, tuple[tuple[str, str], ...]], ...] = (
    (18, 10, (("Yamato", "JP"), ("Musashi", "JP"))),
    (
        16,
        9,
        (
            ("Iowa", "US"),
            ("New Jersey", "US"),
            ("Missouri", "US"),
            ("Wisconsin", "US"),
            ("Nagato", "JP"),
            ("Mutsu", "JP"),
            ("Nelson", "UK"),
            ("Rodney", "UK"),
        ),
    ),
    (
        15,
        8,
        (
            ("Bismarck", "DE"),
            ("Tirpitz", "DE"),
            ("Hood", "UK"),
            ("Warspite", "UK"),
            ("Richelieu", "FR"),
            ("Jean Bart", "FR"),
            ("Littorio", "IT"),
            ("Vittorio Veneto", "IT"),
        ),
    ),
    (
        14,
        7,
        (
            ("King George V", "UK"),
            ("Prince of Wales", "UK"),
            ("Duke of York", "UK"),
            ("New York", "US"),
            ("Texas", "US"),
            ("Tennessee", "US"),
            ("Kongo", "JP"),
            ("Hiei", "JP"),
            ("Kirishima", "JP"),
            ("Haruna", "JP"),
        ),
    ),
    (
        12,
        6,
        (
            ("Scharnhorst", "DE"),
            ("Gneisenau", "DE"),
            ("Conte di Cavour", "IT"),
            ("Giulio Cesare", "IT"),
            ("Dunkerque", "FR"),
            ("Strasbourg", "FR"),
        ),
    ),
    (
        8,
        4,
        (
            ("Prinz Eugen", "DE"),
            ("Admiral Hipper", "DE"),
            ("Indianapolis", "US"),
            ("Houston", "US"),
            ("Takao", "JP"),
            ("Mogami", "JP"),
            ("Exeter", "UK"),
            ("Norfolk", "UK"),
            ("Zara", "IT"),
            ("Algérie", "FR"),
        ),
    ),
    (6, 3, (("Belfast", "UK"), ("Helena", "US"), ("Emden", "DE"), ("Montecuccoli", "IT"))),
    (
        0,
        5,
        (
            ("Akagi", "JP"),
            ("Kaga", "JP"),
            ("Enterprise", "US"),
            ("Yorktown", "US"),
            ("Ark Royal", "UK"),
            ("Illustrious", "UK"),
        ),
    ),
)

#: salvo cards per gun size as (hits 1, hits 2, hits 3): 74 in all, about 2:2:1 (HOUSE)
_SALVOS: dict[int, tuple[int, int, int]] = {
    18: (2, 1, 1),
    16: (5, 5, 2),
    15: (5, 5, 2),
    14: (6, 5, 3),
    12: (3, 3, 2),
    8: (6, 5, 3),
    6: (4, 4, 2),
}
#: special cards: (kind, values); one card per value listed (HOUSE)
_SPECIALS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (SMOKE, (0,) * 6),
    (REPAIR, (0,) * 6),
    (ADD_DAMAGE, (1, 1, 1, 1, 2, 2)),
    (SUBMARINE, (0,) * 3),
    (TORPEDO, (0,) * 3),
    (MINEFIELD, (1, 2, 3)),
    (SWEEPER, (0,) * 3),
    (ADD_SHIP, (0,) * 3),
    (SQUADRON, (0,)),
)


@dataclass(frozen=True, slots=True)
class Manifest:
    """A pair of decks: ship cards and play cards, each indexed by its id."""

    name: str
    ships: tuple[ShipCard, ...]
    cards: tuple[PlayCard, ...]


def house_manifest() -> Manifest:
    """The digest's house manifest (section 5.4): 54 ships and 108 play cards."""
    ships: list[ShipCard] = []
    for gun, hits, names in _SHIPS:
        for name, nation in names:
            ships.append(ShipCard(len(ships), name, nation, gun, hits))
    cards: list[PlayCard] = []
    for gun, counts in _SALVOS.items():
        for value, count in zip((1, 2, 3), counts, strict=True):
            for _ in range(count):
                cards.append(PlayCard(len(cards), SALVO, gun, value))
    for kind, values in _SPECIALS:
        for value in values:
            cards.append(PlayCard(len(cards), kind, 0, value))
    return Manifest("house", tuple(ships), tuple(cards))


MANIFESTS: dict[str, Manifest] = {"house": house_manifest()}
HOUSE = MANIFESTS["house"]
SHIPS = HOUSE.ships
CARDS = HOUSE.cards
#: the one Destroyer Squadron card's id
SQUADRON_CARD = next(c.id for c in CARDS if c.kind == SQUADRON)

# Per-id tables, flat for the hot paths of the rules: ``HITS[ship]``, ``VALUE[card]``...
KIND = tuple(c.kind for c in CARDS)
CARD_GUN = tuple(c.gun for c in CARDS)
VALUE = tuple(c.value for c in CARDS)
RED = tuple(c.red for c in CARDS)
GUN = tuple(s.gun for s in SHIPS)
HITS = tuple(s.hits for s in SHIPS)
CARRIER = tuple(s.carrier for s in SHIPS)
NOT_CARRIER = tuple(not s.carrier for s in SHIPS)
#: the carriers' ids: ``CARRIERS.isdisjoint(fleet)`` asks "no carrier here?" in one C call
CARRIERS = frozenset(s.id for s in SHIPS if s.carrier)
JAPANESE = tuple(s.nation == "JP" for s in SHIPS)
SORT_KEY = tuple((1 if s.carrier else 0, -s.gun, s.id) for s in SHIPS)
ALL_CARDS = tuple(range(len(CARDS)))
ALL_SHIPS = tuple(range(len(SHIPS)))
#: the Destroyer Squadron sinks at this many salvo hits (NW-DS-STOP)
DS_HITS = 4
