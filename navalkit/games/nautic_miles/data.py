"""Nautic Miles cards and tables as data: the 106 playing cards, the ship ladder, the points.

Card kinds are small ints; a card is an int 0..105 whose kind is ``KIND[card]``. The scoring
table is kept in half-points so that every cell (2.5, 0.5, ...) is a whole number.
"""

from __future__ import annotations

from typing import Final

from navalkit.core.words import article as article
from navalkit.core.words import plural as plural

# --- card kinds ---------------------------------------------------------------------------------
C2500, C5000, C10000, C20000, TRAWLER = 0, 1, 2, 3, 4
M200, M400, M600, M1000, M2000 = 5, 6, 7, 8, 9
SUBMARINE, FRIGATE, DESTROYER, CRUISER, CARRIER = 10, 11, 12, 13, 14
PLANE, PLANE_HIT, MINE, SWEEPER, RADAR = 15, 16, 17, 18, 19
ALERT, END_ALERT, STORM, FINE_SEA, NEUTRAL = 20, 21, 22, 23, 24
SUB_PAIR: Final = 25  # not a card: two submarines played together

#: (key, label, count in the deck) for each kind, in kind order
KINDS: Final[tuple[tuple[str, str, int], ...]] = (
    ("c2500", "convoy 2,500 t", 3),
    ("c5000", "convoy 5,000 t", 3),
    ("c10000", "convoy 10,000 t", 4),
    ("c20000", "convoy 20,000 t", 2),
    ("trawler", "trawler (dummy convoy)", 1),
    ("m200", "200 miles", 7),
    ("m400", "400 miles", 7),
    ("m600", "600 miles", 7),
    ("m1000", "1,000 miles", 8),
    ("m2000", "2,000 miles", 3),
    ("submarine", "submarine", 4),
    ("frigate", "frigate", 4),
    ("destroyer", "destroyer", 4),
    ("cruiser", "cruiser", 4),
    ("carrier", "aircraft carrier", 4),
    ("plane", "plane", 4),
    ("plane_hit", "plane shot down", 4),
    ("mine", "mine", 2),
    ("minesweeper", "minesweeper", 4),
    ("radar", "radar", 6),
    ("alert", "alert", 10),
    ("end_alert", "end of alert", 4),
    ("storm", "storm", 2),
    ("fine_sea", "fine sea", 4),
    ("neutral_flag", "neutral flag", 1),
)
KEYS: Final = (*tuple(k for k, _, _ in KINDS), "sub_pair")
LABELS: Final = (*tuple(label for _, label, _ in KINDS), "two submarines")
#: one card of each kind as a noun, for sentences ("a 200-mile card", "an end of alert")
NOUNS: Final = (
    "2,500 t convoy",
    "5,000 t convoy",
    "10,000 t convoy",
    "20,000 t convoy",
    "trawler",
    "200-mile card",
    "400-mile card",
    "600-mile card",
    "1,000-mile card",
    "2,000-mile card",
    *(label for _, label, _ in KINDS[10:16]),
    "plane shot down card",
    *(label for _, label, _ in KINDS[17:]),
    "pair of submarines",
)
BY_KEY: Final = {k: i for i, k in enumerate(KEYS)}
COUNTS: Final = tuple(n for _, _, n in KINDS)
N_KINDS: Final = len(KINDS)

#: the playing deck: card id -> kind (106 cards; the box's 4 others are reference cards)
KIND: Final[tuple[int, ...]] = tuple(k for k, n in enumerate(COUNTS) for _ in range(n))
DECK_SIZE: Final = len(KIND)
ALL_CARDS: Final = tuple(range(DECK_SIZE))

CONVOYS: Final = frozenset({C2500, C5000, C10000, C20000, TRAWLER})
MILES: Final = frozenset({M200, M400, M600, M1000, M2000})
SHIPS: Final = frozenset({SUBMARINE, FRIGATE, DESTROYER, CRUISER, CARRIER})
#: tonnage of each convoy kind (the trawler carries nothing)
TONNAGE: Final = {C2500: 2500, C5000: 5000, C10000: 10000, C20000: 20000, TRAWLER: 0}
#: miles of each mile card
DISTANCE: Final = {M200: 200, M400: 400, M600: 600, M1000: 1000, M2000: 2000}
#: strength: the number of ship silhouettes; two submarines beat a carrier
STRENGTH: Final = {SUBMARINE: 1, FRIGATE: 2, DESTROYER: 3, CRUISER: 4, CARRIER: 5, SUB_PAIR: 6}
STORM_MAX: Final = 600  # under a storm only 200/400/600 cards
ARRIVAL: Final = 4000  # a convoy arrives at 4,000 miles
HAND_SIZE: Final = 6

#: the decoded scoring table's mile bands (label, low, high)
MILE_BANDS: Final = (
    ("0", 0, 0),
    ("200 - 1,000", 200, 1000),
    ("1,200 - 2,000", 1200, 2000),
    ("2,200 - 3,000", 2200, 3000),
    ("3,200 - 3,800", 3200, 3800),
    ("4,000 or more", 4000, 10**9),
)
TONNAGES: Final = (2500, 5000, 10000, 20000)


def band(miles: int) -> int:
    """The row of the scoring table for ``miles`` travelled: 0 (none) .. 5 (arrived)."""
    if miles <= 0:
        return 0
    if miles >= ARRIVAL:
        return 5
    return -(-miles // 1000)


def convoy_half_points(tonnage: int, miles: int, detected: bool = False) -> int:
    """Convoy points in half-points: tonnage/2,500 x band, doubled under radar."""
    return (tonnage // 2500) * band(miles) * (2 if detected else 1)


def capture_half_points(tonnage: int, detected: bool = False) -> int:
    """Capture points in half-points: 2.5 / 5 / 10 / 20, doubled if detected."""
    return (tonnage // 2500) * 5 * (2 if detected else 1)


def convoy_points(tonnage: int, miles: int, detected: bool = False) -> float:
    """Points of a convoy of ``tonnage`` tons that has travelled ``miles`` (rule NM-SCORE)."""
    if tonnage not in (0, *TONNAGES):
        raise ValueError(f"tonnage must be one of 0, {TONNAGES}; got {tonnage!r}")
    if miles < 0:
        raise ValueError(f"miles cannot be negative: {miles!r}")
    return convoy_half_points(tonnage, miles, detected) / 2


def capture_points(tonnage: int, detected: bool = False) -> float:
    """Points for destroying an enemy convoy of ``tonnage`` tons (rule NM-CAPTURE)."""
    if tonnage not in (0, *TONNAGES):
        raise ValueError(f"tonnage must be one of 0, {TONNAGES}; got {tonnage!r}")
    return capture_half_points(tonnage, detected) / 2


def points_text(half: int) -> str:
    """Half-points as the rules write them: 12, 2.5, 0."""
    return f"{half // 2}" if half % 2 == 0 else f"{half // 2}.5"


# --- words -----------------------------------------------------------------------------------
def a_card(kind: int) -> str:
    """One card of ``kind`` with its article: "an end of alert", "a 200-mile card"; the two
    submarines played together stay "two submarines"."""
    if kind == SUB_PAIR:
        return LABELS[kind]
    noun = NOUNS[kind]
    return f"{article(noun)} {noun}"


def capital(text: str) -> str:
    """``text`` with its first letter a capital (the rest untouched)."""
    return text[:1].upper() + text[1:]
