"""Branle-Bas drawn as data: a View becomes a Scene (no ipycanvas here).

Layers: ``board`` (sea, zones, nets, minefields, ports: changes never), ``pieces`` (ships,
Mines, wrecks), ``overlay`` (selection, legal targets, last move, refusals). Every square is a
click region named after the square (``"j5"``). North (B) is at the top.
"""

from __future__ import annotations

from collections.abc import Iterable

from navalkit.core.words import owned, plural
from navalkit.render import Circle, Line, Polygon, Rect, Scene, SceneBuilder, Text, get_theme
from navalkit.render.text import MIN_TEXT
from navalkit.render.theme import Theme

from .data import (
    BOARD,
    FILES,
    INDEX,
    MINE,
    RADIUS,
    SETUP_ZONE,
    SHIPS,
    SIDE_NAMES,
    WRECK,
    Square,
    kind_info,
    square_index,
    value,
)
from .mechanics.scoring import PORT_BONUS
from .observe import View
from .state import State

CELL = 32
MARGIN = 40  # room for the file letters and rank numbers, and for "neutral" beside its port
TEXT = MIN_TEXT  # the smallest text on the board, in pixels (a student reads it at 100 % zoom)
SIZE = (2 * RADIUS + 1) * CELL + 2 * MARGIN


#: the words over the other side's half while it places its ships (CAMOUFLAGE: "each player
#: may hide his arrangement with his hand before the signal READY")
SCREENED = "hidden until ready"


def cell_origin(sq: Square | int) -> tuple[float, float]:
    """Top-left pixel of a square (north up)."""
    s = BOARD[sq] if isinstance(sq, int) else sq
    return MARGIN + (s.x + RADIUS) * CELL, MARGIN + (RADIUS - s.y) * CELL


def cell_centre(sq: Square | int) -> tuple[float, float]:
    x, y = cell_origin(sq)
    return x + CELL / 2, y + CELL / 2


def _board_layer(b: SceneBuilder, t: Theme) -> None:
    b.add("board", Rect(0, 0, SIZE, SIZE, fill=t.background))
    for s in BOARD:
        x, y = cell_origin(s)
        fill, alpha = t.sea, 1.0
        if s.zone == "territorial":
            fill = t.sea_alt
        elif s.zone in ("outer_harbour", "port") or s.feature == "neutral_port":
            fill = t.land if s.zone == "port" or s.feature == "neutral_port" else t.sea_alt
        b.add(
            "board", Rect(x, y, CELL, CELL, fill=fill, stroke=t.grid, line_width=0.6, alpha=alpha)
        )
        if s.owner is not None and s.zone != "high_seas":
            tint = 0.22 if s.zone == "outer_harbour" else 0.08
            b.add("board", Rect(x, y, CELL, CELL, fill=t.player(s.owner), alpha=tint))
        cx, cy = x + CELL / 2, y + CELL / 2
        if s.feature == "net":
            for k in range(1, 4):
                d = k * CELL / 4
                b.add("board", Line(x + d, y + 2, x + d, y + CELL - 2, t.grid, 0.8))
                b.add("board", Line(x + 2, y + d, x + CELL - 2, y + d, t.grid, 0.8))
        elif s.feature == "minefield":
            for dx, dy in ((-8, -8), (8, -8), (-8, 8), (8, 8)):
                b.add("board", Circle(cx + dx, cy + dy, 1.8, fill=t.danger))
        elif s.feature == "entrance":
            b.add("board", Text(cx, cy + 9, "↕", TEXT, t.text_muted))
        elif s.feature == "neutral_port":
            # the word sits outside the board, over the corner of the square nearer the edge
            left = s.x < 0
            edge = x if left else x + CELL
            tip = 6 if left else -6  # a short pointer from the word into the square
            b.add("board", Line(edge - tip / 2, y - 3, edge + tip, y + 6, t.text_muted, 1))
            b.add(
                "board",
                Text(
                    edge - 1 if left else edge + 1,
                    y - 7,
                    "neutral",
                    TEXT,
                    t.text_muted,
                    "right" if left else "left",
                ),
            )
        if s.zone == "port":
            # the name sits beside the port, outside the board (the square holds a ship)
            label = f"PORT {'AB'[s.owner or 0]}"
            b.add("board", Text(x - 4, cy, label, TEXT, t.text, "right", bold=True))
    for i, f in enumerate(FILES):
        x = MARGIN + i * CELL + CELL / 2
        b.add("board", Text(x, MARGIN / 2, f, TEXT, t.text_muted))
        b.add("board", Text(x, SIZE - MARGIN / 2, f, TEXT, t.text_muted))
    for r in range(2 * RADIUS + 1):
        y = MARGIN + (2 * RADIUS - r) * CELL + CELL / 2
        b.add("board", Text(MARGIN / 2, y, str(r + 1), TEXT, t.text_muted))
        b.add("board", Text(SIZE - MARGIN / 2, y, str(r + 1), TEXT, t.text_muted))


def _piece_ops(sq: int, piece: int, t: Theme) -> list[Circle | Polygon | Text | Line]:
    cx, cy = cell_centre(sq)
    owner, kind = piece >> 4, piece & 15
    colour = t.player(owner)
    r = CELL * 0.4
    if kind == MINE:
        spikes = []
        for k in range(16):
            rad = r if k % 2 == 0 else r * 0.55
            import math

            a = math.pi * k / 8
            spikes.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        return [
            Polygon(tuple(spikes), fill="#222222", stroke=colour, line_width=1.5),
            Text(cx, cy + 0.5, "M", TEXT, "#ffffff", bold=True),
        ]
    if kind == WRECK:
        return [
            Circle(cx, cy, r, fill="#8d8d8d", stroke=colour, line_width=2),
            Line(cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6, "#303030", 2),
            Line(cx - r * 0.6, cy + r * 0.6, cx + r * 0.6, cy - r * 0.6, "#303030", 2),
        ]
    info = kind_info(kind)
    return [
        Circle(cx, cy, r, fill=colour, stroke="#ffffff", line_width=1.5),
        Text(cx, cy + 0.5, info.letter, 13, "#ffffff", bold=True),
    ]


def draw(
    observation: View | State,
    theme: Theme | str | None = None,
    *,
    selected: int | str | None = None,
    targets: Iterable[int | str] = (),
    marks: Iterable[int | str] = (),
    not_running: str = "",
) -> Scene:
    """The Scene for a seat's view: ``selected`` square, its legal ``targets``, and squares
    to ``marks`` in red (a refused move); squares by index or name. The board names nobody
    to move, so ``not_running`` ("waiting for players", said on the page) changes nothing."""
    chosen = None if selected is None else _index(selected)
    lit = [i for i in map(_index, targets) if i is not None]
    marked = [i for i in map(_index, marks) if i is not None]
    view = observation if isinstance(observation, View) else View(observation, None)
    state = view.state
    t = get_theme(theme)
    b = SceneBuilder(SIZE, SIZE, title="Branle-Bas board", description=describe(view))
    _board_layer(b, t)
    for sq, piece in enumerate(state.board):
        if piece:
            b.extend("pieces", _piece_ops(sq, piece, t))
    for side in view.screened:
        for sq in SETUP_ZONE[side]:
            x, y = cell_origin(sq)
            b.add("pieces", Rect(x, y, CELL, CELL, fill="#555555", alpha=0.55))
        # the label in the middle of the screened half, on the centre file
        rows = sorted({BOARD[sq].y for sq in SETUP_ZONE[side]})
        _, cy = cell_centre(INDEX[(0, rows[len(rows) // 2])])
        b.add("pieces", Text(SIZE / 2, cy, SCREENED, 18, "#ffffff", bold=True))
    if state.last_move:
        for sq in state.last_move:
            x, y = cell_origin(sq)
            b.add(
                "overlay",
                Rect(x + 1, y + 1, CELL - 2, CELL - 2, stroke=t.highlight, line_width=2.5),
            )
    if chosen is not None:
        x, y = cell_origin(chosen)
        b.add("overlay", Rect(x + 1, y + 1, CELL - 2, CELL - 2, stroke=t.selection, line_width=3))
    for sq in lit:
        cx, cy = cell_centre(sq)
        b.add("overlay", Circle(cx, cy, CELL * 0.18, fill=t.ok, alpha=0.85))
    for sq in marked:
        x, y = cell_origin(sq)
        b.add("overlay", Rect(x + 2, y + 2, CELL - 4, CELL - 4, stroke=t.danger, line_width=3))
    for s in BOARD:
        x, y = cell_origin(s)
        b.rect_region(s.name, x, y, CELL, CELL)
    return b.build()


def _index(square: int | str) -> int | None:
    try:
        return square_index(square)
    except ValueError:
        return None


def region_words(observation: View | State, region: str) -> str:
    """What a square is, in words (render.games.region_words: where the keyboard's cursor
    is): its name, zone and feature, and the piece on it as ``observation`` shows it (a
    screened half says no more than the board: "hidden until ready")."""
    square = _index(region)
    if square is None:
        return ""
    view = observation if isinstance(observation, View) else View(observation, None)
    words = f"square {BOARD[square].label}"
    if any(square in SETUP_ZONE[side] for side in view.screened):
        return f"{words}; {SCREENED}"
    piece = view.state.board[square]
    if piece:
        kind = piece & 15
        name = "Mine" if kind == MINE else kind_info(kind).label
        words += f"; {owned(name, SIDE_NAMES[piece >> 4])}"
    return words


def describe(view: View) -> str:
    """The position in words, for screen readers and the text view of the board."""
    state = view.state
    lines = []
    for side, label in ((0, "A (south)"), (1, "B (north)")):
        if side in view.screened:
            lines.append(f"{label}: set-up screened (camouflage).")
            continue
        ships = []
        for sq, p in enumerate(state.board):
            if p and p >> 4 == side:
                k = p & 15
                if k in SHIPS or k == WRECK:
                    ships.append(f"{kind_info(k).french} {BOARD[sq].name}")
                elif k == MINE:
                    ships.append(f"Mine {BOARD[sq].name}")
        port = len(state.in_port[side])
        sunk = sum(value(k) for k in state.sunk_by[side])
        lines.append(
            f"{label}: {', '.join(ships) or 'no ships'}."
            + (f" {plural(port, 'ship')} in the enemy port (+{PORT_BONUS * port})." if port else "")
            + (f" Has sunk {sunk} points of enemy ships." if sunk else "")
        )
    return " ".join(lines)
