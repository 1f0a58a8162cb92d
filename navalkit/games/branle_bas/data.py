"""The Branle-Bas board as data: 181 squares in a diamond, with its zones.

HOUSE (rule BB-BOARD): the printed diagram is lost. 181 is the centred square number
10² + 9², so the board is the diamond {(x, y): |x| + |y| <= 9} on a square grid. Its tips
each have one axial and two diagonal neighbours, which is exactly the seed's "3 issues,
2 en diagonale ... le 3e, chenal axial". The two home ports are the tips (the digest's one
deliberate deviation from "181 cases + 2 Ports": the ports are counted inside the 181).
The neutral ports stand one square in from the east and west tips (b10, r10), not on the
tips as the digest proposed: a tip is a dead end, where the seed's right of passage through
a free neutral port ("droit de passage ... sans obligation d'arrêt") could never be used.

Squares are named like a chessboard: files a..s (x = -9..9), ranks 1..19 (y = -9..9).
Player A (seat 0) sits in the south, player B (seat 1) in the north.
"""

from __future__ import annotations

from dataclasses import dataclass

RADIUS = 9


FILES = "abcdefghijklmnopqrs"


@dataclass(frozen=True, slots=True)
class Square:
    """One square of the board and what it is."""

    index: int
    x: int
    y: int
    name: str
    zone: str  # port | outer_harbour | territorial | high_seas
    owner: int | None  # the side whose port/harbour/waters it is (None on the high seas)
    feature: str  # "", mine, net, minefield, entrance, neutral_port

    @property
    def label(self) -> str:
        bits = {
            "port": "home port",
            "outer_harbour": "outer harbour (avant-port)",
            "territorial": "territorial waters",
            "high_seas": "high seas",
        }[self.zone]
        if self.owner is not None:
            bits = f"{'AB'[self.owner]}'s {bits}"
        feat = {
            "mine": "the fixed Mine's square",
            "net": "net (filet)",
            "minefield": "minefield (champ de mines)",
            "entrance": "diagonal port entrance",
            "neutral_port": "neutral port",
            "": "",
        }[self.feature]
        return f"{self.name}: {bits}" + (f", {feat}" if feat else "")


def _name(x: int, y: int) -> str:
    return f"{FILES[x + RADIUS]}{y + RADIUS + 1}"


def _classify(x: int, y: int) -> tuple[str, int | None, str]:
    """Zone, owner and feature of (x, y) for the south side, mirrored for the north."""
    if y == 0 and abs(x) == RADIUS - 1:
        return "high_seas", None, "neutral_port"
    if abs(y) <= 2:
        return "high_seas", None, ""
    owner = 0 if y < 0 else 1
    d = abs(y)  # distance from the centre line: 9 = port, 8..6 harbour, 5..3 waters
    if d == 9:
        return "port", owner, ""
    if d >= 6:
        if d == 8:
            return "outer_harbour", owner, "mine" if x == 0 else "entrance"
        if d == 7:
            return "outer_harbour", owner, "minefield" if x == 0 else "net"
        return "outer_harbour", owner, "minefield"
    return "territorial", owner, ""


def _build() -> tuple[Square, ...]:
    cells: list[Square] = []
    for y in range(-RADIUS, RADIUS + 1):
        for x in range(-RADIUS, RADIUS + 1):
            if abs(x) + abs(y) <= RADIUS:
                zone, owner, feature = _classify(x, y)
                cells.append(Square(len(cells), x, y, _name(x, y), zone, owner, feature))
    return tuple(cells)


BOARD: tuple[Square, ...] = _build()


"""One entry per square, 181 in all, indexed by ``Square.index``."""


INDEX: dict[tuple[int, int], int] = {(s.x, s.y): s.index for s in BOARD}


BY_NAME: dict[str, int] = {s.name: s.index for s in BOARD}


N = len(BOARD)


#: the home port square of each side
PORT = (INDEX[(0, -RADIUS)], INDEX[(0, RADIUS)])


#: the square of each side's fixed Mine (the axial channel)
MINE_SQUARE = (INDEX[(0, -RADIUS + 1)], INDEX[(0, RADIUS - 1)])


#: one square in from the east and west tips, on the sea lane along the centre line, so that
#: the seed's "droit de passage, si le Port est libre" can happen (at the tips it never could)
NEUTRAL_PORTS = (INDEX[(-RADIUS + 1, 0)], INDEX[(RADIUS - 1, 0)])


#: each side is "forward" towards the enemy port: +y for A (south), -y for B (north)
FORWARD = (1, -1)


#: the sides' letters (A sits in the south, seat 0; B in the north, seat 1) ...
SIDE = ("A", "B")


#: ... and their names as players
SIDE_NAMES = ("A (south)", "B (north)")


# Fast lookup tables (one entry per square) for the move generator.
HARBOUR_OF: tuple[int, ...] = tuple(-1 if s.zone != "outer_harbour" else s.owner for s in BOARD)  # type: ignore[misc]


PORT_OF: tuple[int, ...] = tuple(-1 if s.zone != "port" else s.owner for s in BOARD)  # type: ignore[misc]


NET_OF: tuple[int, ...] = tuple(s.owner if s.feature == "net" else -1 for s in BOARD)  # type: ignore[misc]


IS_NEUTRAL: tuple[bool, ...] = tuple(s.feature == "neutral_port" for s in BOARD)


#: the harbour row facing the territorial waters (first row in, full power out)
IS_BOUNDARY: tuple[bool, ...] = tuple(
    s.zone == "outer_harbour" and abs(s.y) == RADIUS - 3 for s in BOARD
)


#: squares where each side may deploy (its outer harbour and territorial waters)
SETUP_ZONE: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        s.index
        for s in BOARD
        if s.owner == side and s.zone in ("outer_harbour", "territorial") and s.feature != "mine"
    )
    for side in (0, 1)
)


def square_index(name: object) -> int:
    """The index of a square given by name (``"j5"``) or index; ValueError otherwise."""
    if isinstance(name, bool):
        raise ValueError(f"{name!r} is not a square")
    if isinstance(name, int):
        if 0 <= name < N:
            return name
        raise ValueError(f"there is no square number {name}; squares are 0..{N - 1}")
    if isinstance(name, str) and name.strip().lower() in BY_NAME:
        return BY_NAME[name.strip().lower()]
    raise ValueError(f"there is no square {name!r} on the board (files a-s, ranks 1-19)")


def step(index: int, dx: int, dy: int) -> int | None:
    s = BOARD[index]
    return INDEX.get((s.x + dx, s.y + dy))


# --- The squadron: piece kinds, their French and English names, counts, values and moves.

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
             "1 square forward, backward, left or right; never diagonally"),
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


# The standard deployment (HOUSE, rule BB-SETUP) for side A, as (x, y, kind); B mirrors it.
STANDARD_DEPLOYMENT: tuple[tuple[int, int, int], ...] = (
    (-1, -8, VEDETTE), (1, -8, VEDETTE),
    (-2, -7, TORPILLEUR), (-1, -7, CROISEUR), (0, -7, AMIRAL), (1, -7, CROISEUR),
    (2, -7, TORPILLEUR),
    (-3, -6, VEDETTE), (-1, -6, CUIRASSE), (0, -6, CROISEUR), (1, -6, CUIRASSE), (3, -6, VEDETTE),
    (-4, -5, TORPILLEUR), (-2, -5, HYDRAVION), (0, -5, DRAGUEUR), (2, -5, HYDRAVION),
    (4, -5, TORPILLEUR),
    (-3, -4, SOUS_MARIN), (3, -4, SOUS_MARIN),
)  # fmt: skip


# Direction sets relative to "forward" f: (dx, dy*f).
ORTHO_FLR = ((0, 1), (-1, 0), (1, 0))


ORTHO_ALL = (*ORTHO_FLR, (0, -1))


DIAG_FWD = ((-1, 1), (1, 1))


ALL8 = (*ORTHO_ALL, *DIAG_FWD, (-1, -1), (1, -1))


#: kind -> (directions, range) for straight-line moves
STRAIGHT: dict[int, tuple[tuple[tuple[int, int], ...], int]] = {
    AMIRAL: (ORTHO_ALL, 1),  # never diagonally: see BB-MOVES
    SOUS_MARIN: (ALL8, 2),
    HYDRAVION: (ORTHO_ALL, 4),
    CUIRASSE: (ORTHO_FLR, 3),
    CROISEUR: (ORTHO_FLR, 3),
    TORPILLEUR: ((*ORTHO_FLR, *DIAG_FWD), 2),
    DRAGUEUR: (ORTHO_FLR, 1),
    VEDETTE: (ORTHO_FLR, 2),
}
