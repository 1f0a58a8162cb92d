"""The squadron: piece kinds, their French and English names, counts, values and moves.

SEED: 19 ships + 1 Mine, squadron worth 300 points, the nine kinds listed, "3 navires:
Amiral, sous-marin, hydravion, peuvent reculer. Les autres vont en avançant et à GAUCHE
et à DROITE." HOUSE (rule BB-VALUES, BB-MOVES): the counts, values and movement powers
(the seed's table and diagram are lost); digest 4.5 (b) and (c).
"""

from __future__ import annotations

from dataclasses import dataclass

# Piece codes on the board: kind + 16 * owner; 0 is an empty square.
EMPTY = 0
AMIRAL, SOUS_MARIN, HYDRAVION, CUIRASSE, CROISEUR, TORPILLEUR, DRAGUEUR, VEDETTE, MINE = range(
    1, 10
)
WRECK = 10  # an épave: a ship sunk on an enemy net or scuttled, turned over
OWNER_SHIFT = 16


@dataclass(frozen=True, slots=True)
class Kind:
    code: int
    key: str  # JSON name
    french: str
    english: str
    count: int
    value: int
    letter: str  # one-letter mark drawn on the piece
    moves: str  # the movement power in words

    @property
    def label(self) -> str:
        return f"{self.french} ({self.english})"


KINDS: dict[int, Kind] = {
    k.code: k
    for k in (
        Kind(AMIRAL, "amiral", "Amiral", "flagship", 1, 60, "A",
             "1 square in any of the 8 directions, backwards too"),
        Kind(SOUS_MARIN, "sous_marin", "Sous-marin", "submarine", 2, 15, "S",
             "1-2 squares in any of the 8 directions, backwards too"),
        Kind(HYDRAVION, "hydravion", "Hydravion", "seaplane", 2, 15, "H",
             "1-4 squares straight forward, backward, left or right; never diagonally"),
        Kind(CUIRASSE, "cuirasse", "Cuirassé", "battleship", 2, 25, "U",
             "1-3 squares forward, left or right, with at most one right-angle turn"),
        Kind(CROISEUR, "croiseur", "Croiseur", "cruiser", 3, 20, "C",
             "1-3 squares straight forward, left or right"),
        Kind(TORPILLEUR, "torpilleur", "Torpilleur", "torpedo boat", 4, 10, "T",
             "1-2 squares forward, left, right or diagonally forward"),
        Kind(DRAGUEUR, "dragueur", "Dragueur", "minesweeper", 1, 10, "D",
             "1 square forward, left or right; alone may sweep the enemy Mine"),
        Kind(VEDETTE, "vedette", "Vedette", "patrol boat", 4, 5, "V",
             "1-2 squares straight forward, left or right"),
        Kind(MINE, "mine", "Mine", "mine", 1, 0, "M", "never moves"),
    )
}  # fmt: skip
WRECK_KIND = Kind(WRECK, "epave", "Épave", "wreck", 0, 0, "x", "a wreck never moves")
BY_KEY: dict[str, int] = {k.key: c for c, k in KINDS.items()}
SHIPS = tuple(c for c in KINDS if c != MINE)
SQUADRON_VALUE = sum(k.count * k.value for k in KINDS.values())
#: the pieces a player places in a free set-up (the Mine's square is fixed)
SETUP_PIECES: tuple[int, ...] = tuple(c for c in SHIPS for _ in range(KINDS[c].count))
BACKWARD_KINDS = frozenset({AMIRAL, SOUS_MARIN, HYDRAVION})
DIAGONAL_PORT_KINDS = frozenset({SOUS_MARIN, TORPILLEUR})

assert SQUADRON_VALUE == 300 and len(SETUP_PIECES) == 19


def code(owner: int, kind: int) -> int:
    return kind + OWNER_SHIFT * owner


def owner_of(piece: int) -> int:
    return piece >> 4


def kind_of(piece: int) -> int:
    return piece & 15


def kind_info(kind: int) -> Kind:
    return WRECK_KIND if kind == WRECK else KINDS[kind]


def value(kind: int) -> int:
    return 0 if kind == WRECK else KINDS[kind].value


# Direction sets relative to "forward" f: (dx, dy*f).
ORTHO_FLR = ((0, 1), (-1, 0), (1, 0))
ORTHO_ALL = (*ORTHO_FLR, (0, -1))
DIAG_FWD = ((-1, 1), (1, 1))
ALL8 = (*ORTHO_ALL, *DIAG_FWD, (-1, -1), (1, -1))

#: kind -> (directions, range) for straight-line moves
STRAIGHT: dict[int, tuple[tuple[tuple[int, int], ...], int]] = {
    AMIRAL: (ALL8, 1),
    SOUS_MARIN: (ALL8, 2),
    HYDRAVION: (ORTHO_ALL, 4),
    CUIRASSE: (ORTHO_FLR, 3),
    CROISEUR: (ORTHO_FLR, 3),
    TORPILLEUR: ((*ORTHO_FLR, *DIAG_FWD), 2),
    DRAGUEUR: (ORTHO_FLR, 1),
    VEDETTE: (ORTHO_FLR, 2),
}
