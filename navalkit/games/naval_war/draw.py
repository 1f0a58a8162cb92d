"""Naval War drawn as data: a View becomes a Scene (no ipycanvas here).

Each player's task force is a panel (click region ``seat:<s>``): ships in columns by gun
size with carriers behind (``ship:<id>``), the salvos on them (``salvo:<card>``), smoke,
minefields and the Destroyer Squadron (``ds``). Below: the viewer's hand (``card:<id>``), the
red card just drawn, the piles and the buttons ``draw``, ``launch``, ``play``, ``discard``
and ``hold``.
"""

from __future__ import annotations

from collections.abc import Iterable

from navalkit.render import Rect, Scene, SceneBuilder, Text, get_theme
from navalkit.render.theme import Theme

from .data import CARDS, CARRIER, DS_HITS, GUN, GUN_LABEL, HITS, SHIPS, VALUE
from .mechanics.damage import hits_on, mine_hits, points
from .observe import View, observe
from .state import AIR, CHOOSE, OVER, PHASE_NAMES, State

WIDTH = 960
PANEL_H = 210
SHIP_W, SHIP_H = 56, 46
CARD_W, CARD_H = 74, 92
STRIP_H = 150
Box = tuple[float, float, float, float]


def layout(n: int) -> tuple[int, int]:
    """(columns, rows) of fleet panels for ``n`` players."""
    cols = 3 if n != 4 else 2
    return cols, -(-n // cols)


def size(n: int) -> tuple[int, int]:
    _cols, rows = layout(n)
    return WIDTH, rows * PANEL_H + STRIP_H + 8


class _Board:
    """Collects ops and remembers every region's box for the highlight overlay."""

    def __init__(self, b: SceneBuilder, t: Theme) -> None:
        self.b, self.t = b, t
        self.boxes: dict[str, Box] = {}

    def region(self, rid: str, box: Box) -> None:
        self.boxes[rid] = box
        self.b.rect_region(rid, *box)

    def button(self, rid: str, x: float, y: float, w: float, label: str, on: bool) -> None:
        t = self.t
        fill = t.highlight if on else t.sea_alt
        self.b.add("pieces", Rect(x, y, w, 26, fill=fill, stroke=t.grid, radius=5))
        self.b.add("pieces", Text(x + w / 2, y + 13, label, 11, t.text, bold=on))
        self.region(rid, (x, y, w, 26))


def _ship(bd: _Board, state: State, seat: int, ship: int, x: float, y: float, w: float) -> None:
    t = bd.t
    dmg = hits_on(state, ship, seat)
    hits = HITS[ship]
    fill = "#e9e4d4" if not CARRIER[ship] else "#d9e6d0"
    bd.b.add("pieces", Rect(x, y, w, SHIP_H, fill=fill, stroke=t.player(seat), line_width=1.5))
    bd.b.add("pieces", Text(x + 3, y + 9, GUN_LABEL[GUN[ship]], 9, t.text, "left", bold=True))
    colour = t.danger if dmg else t.text_muted
    bd.b.add("pieces", Text(x + w - 3, y + 9, f"{dmg}/{hits}", 9, colour, "right", bold=dmg > 0))
    bd.b.add("pieces", Text(x + w / 2, y + 22, SHIPS[ship].name[:10], 8, t.text))
    bd.region(f"ship:{ship}", (x, y, w, SHIP_H))
    for k, (card, extra) in enumerate(state.salvos[ship][:4]):
        cx = x + 2 + k * 13
        value = VALUE[card] + sum(VALUE[e] for e in extra)
        bd.b.add("pieces", Rect(cx, y + 31, 12, 12, fill=t.hit, stroke="#ffffff", line_width=0.5))
        bd.b.add("pieces", Text(cx + 6, y + 37, str(value), 8, "#ffffff", bold=True))
        bd.region(f"salvo:{card}", (cx, y + 31, 12, 12))


def _panel(bd: _Board, view: View, seat: int, x: float, y: float, w: float) -> None:
    t, b, state = bd.t, bd.b, view.state
    acting = state.phase != OVER and state.seat == seat
    alive = bool(state.fleets[seat])
    b.add(
        "board",
        Rect(
            x,
            y,
            w,
            PANEL_H - 6,
            fill=t.sea if alive else "#c9c9c9",
            stroke=t.player(seat),
            line_width=4 if acting else 1.5,
            radius=6,
        ),
    )
    bd.region(f"seat:{seat}", (x, y, w, PANEL_H - 6))
    me = " (you)" if view.viewer == seat else ""
    head = f"Player {seat + 1}{me}: {points(state.sunk[seat])} sunk · hand {view.hand_sizes[seat]}"
    b.add("pieces", Text(x + 8, y + 12, head, 12, t.player(seat), "left", bold=True))
    if not alive:
        b.add("pieces", Text(x + w / 2, y + 90, "no ships left", 14, t.text_muted))
    tags = []
    if state.smoke[seat] >= 0:
        tags.append(("SMOKE", "#777777"))
    if state.mines[seat]:
        tags.append((f"MINES {mine_hits(state, seat)}", t.danger))
    tx = x + w - 6
    for label, colour in tags:
        tw = 8 + 7 * len(label)
        tx -= tw
        b.add("pieces", Rect(tx, y + 4, tw - 3, 16, fill=colour, radius=3))
        b.add("pieces", Text(tx + (tw - 3) / 2, y + 12, label, 9, "#ffffff", bold=True))
    fleet = state.fleets[seat]
    front = [s for s in fleet if not CARRIER[s]]
    carriers = [s for s in fleet if CARRIER[s]]
    guns = list(dict.fromkeys(GUN[s] for s in front))
    cw = min(SHIP_W + 4.0, (w - 12) / max(1, len(guns)))
    for i, gun in enumerate(guns):
        column = [s for s in front if GUN[s] == gun]
        step = min(SHIP_H + 3.0, 104 / max(1, len(column) - 1)) if len(column) > 1 else 0
        for j, ship in enumerate(column):
            _ship(bd, state, seat, ship, x + 6 + i * cw, y + 26 + j * step, cw - 4)
    if carriers:
        b.add("pieces", Text(x + 8, y + 150, "carriers (behind)", 8, t.text_muted, "left"))
        for i, ship in enumerate(carriers):
            _ship(bd, state, seat, ship, x + 86 + i * (SHIP_W + 4), y + 148, SHIP_W)
    if state.ds_owner == seat:
        hits = sum(VALUE[c] for c in state.ds_salvos)
        dx = x + w - 70
        b.add("pieces", Rect(dx, y + 26, 62, 30, fill="#263238", stroke=t.highlight, radius=4))
        b.add("pieces", Text(dx + 31, y + 35, "DESTROYERS", 8, "#ffffff", bold=True))
        b.add("pieces", Text(dx + 31, y + 48, f"hits {hits}/{DS_HITS}", 9, "#ffffff"))
        bd.region("ds", (dx, y + 26, 62, 30))
    if view.viewer is None and state.hands[seat]:
        words = ", ".join(CARDS[c].short for c in state.hands[seat])
        b.add("pieces", Text(x + 8, y + PANEL_H - 14, f"hand: {words}", 8, t.text_muted, "left"))


def _card(bd: _Board, card: int, x: float, y: float, red: bool) -> None:
    t = bd.t
    c = CARDS[card]
    bd.b.add(
        "pieces",
        Rect(
            x,
            y,
            CARD_W,
            CARD_H,
            fill="#ffffff",
            stroke=t.danger if c.red else t.grid,
            line_width=2,
            radius=6,
        ),
    )
    words = c.label.split(" ")
    for k, word in enumerate(words[:3]):
        colour = t.danger if c.red else t.text
        bd.b.add("pieces", Text(x + CARD_W / 2, y + 22 + 16 * k, word, 11, colour, bold=k == 0))
    if red:
        bd.b.add("pieces", Text(x + CARD_W / 2, y + CARD_H - 10, "play now!", 9, t.danger))
    bd.region(f"card:{card}", (x, y, CARD_W, CARD_H))


def _strip(bd: _Board, view: View, y: float) -> None:
    t, b, state = bd.t, bd.b, view.state
    b.add("board", Rect(0, y, WIDTH, STRIP_H, fill=t.background))
    who = view.viewer if view.viewer is not None else max(state.seat, 0)
    b.add("pieces", Text(8, y + 10, f"Player {who + 1}'s hand", 11, t.text, "left", bold=True))
    for i, card in enumerate(state.hands[who][:7]):
        _card(bd, card, 8 + i * (CARD_W + 6), y + 22, False)
    px = 8 + 7 * (CARD_W + 6)
    if state.pending >= 0:
        b.add("pieces", Text(px, y + 10, "in play", 11, t.danger, "left", bold=True))
        _card(bd, state.pending, px, y + 22, state.phase != OVER and state.roll_for < 0)
    bx = px + CARD_W + 14
    bd.button("draw", bx, y + 22, 110, "Draw", state.phase == CHOOSE)
    bd.button("launch", bx, y + 52, 110, "Launch air strikes", state.phase == CHOOSE)
    bd.button("play", bx, y + 82, 110, "Play (no target)", False)
    bd.button("hold", bx, y + 112, 110, "Hold strike", state.phase == AIR)
    dx = bx + 122
    top = state.discard[-1] if state.discard else -1
    b.add("pieces", Rect(dx, y + 22, 90, 60, fill=t.sea_alt, stroke=t.grid, radius=6))
    b.add("pieces", Text(dx + 45, y + 36, "Discard pile", 10, t.text, bold=True))
    b.add("pieces", Text(dx + 45, y + 54, CARDS[top].short if top >= 0 else "empty", 10, t.text))
    b.add("pieces", Text(dx + 45, y + 70, f"{len(state.discard)} cards", 9, t.text_muted))
    bd.region("discard", (dx, y + 22, 90, 60))
    b.add("pieces", Text(dx, y + 100, f"Deck {view.deck_size}", 11, t.text, "left"))
    b.add("pieces", Text(dx, y + 118, f"Harbor {view.harbor_size}", 11, t.text, "left"))
    step = "clear-out" if state.opening and state.phase != OVER else PHASE_NAMES[state.phase]
    b.add(
        "pieces",
        Text(WIDTH - 8, y + 10, f"Round {state.round} · {step}", 11, t.text, "right", bold=True),
    )


def draw(
    observation: View | State,
    theme: Theme | str | None = None,
    *,
    selected: str | None = None,
    targets: Iterable[str] = (),
    marks: Iterable[str] = (),
) -> Scene:
    """The Scene for a seat's view, with the ``selected`` region, its legal ``targets`` (green)
    and refused regions ``marks`` (red)."""
    view = observation if isinstance(observation, View) else observe(observation, None)
    state, t = view.state, get_theme(theme)
    width, height = size(state.n)
    b = SceneBuilder(width, height, title="Naval War", description=describe(view))
    bd = _Board(b, t)
    b.add("board", Rect(0, 0, width, height, fill=t.background))
    cols, _ = layout(state.n)
    pw = WIDTH / cols
    for seat in range(state.n):
        r, c = divmod(seat, cols)
        _panel(bd, view, seat, c * pw + 4, r * PANEL_H + 4, pw - 8)
    _strip(bd, view, height - STRIP_H - 4)
    for rid, colour, width_ in (
        *((r, t.ok, 3.0) for r in targets),
        *((r, t.danger, 3.0) for r in marks),
        (selected, t.selection, 3.5),
    ):
        if rid in bd.boxes:
            x, y, w, h = bd.boxes[rid]
            b.add("overlay", Rect(x - 2, y - 2, w + 4, h + 4, stroke=colour, line_width=width_))
    return b.build()


def describe(view: View) -> str:
    """The table in words, for screen readers and the text view of the board."""
    state = view.state
    parts = []
    for seat in range(state.n):
        ships = []
        for s in state.fleets[seat]:
            d = hits_on(state, s, seat)
            ships.append(f"{SHIPS[s].name} {GUN_LABEL[GUN[s]]} {d}/{HITS[s]}")
        extra = []
        if state.smoke[seat] >= 0:
            extra.append("smoke")
        if state.mines[seat]:
            extra.append(f"minefields {mine_hits(state, seat)}")
        if state.ds_owner == seat:
            extra.append("Destroyer Squadron")
        fleet = "; ".join(ships) or "no ships"
        more = f" [{', '.join(extra)}]" if extra else ""
        parts.append(f"Player {seat + 1}: {fleet}{more}; sunk {points(state.sunk[seat])}.")
    who = view.viewer if view.viewer is not None else max(state.seat, 0)
    hand = ", ".join(CARDS[c].label for c in state.hands[who]) or "no cards"
    parts.append(f"Player {who + 1}'s hand: {hand}.")
    if state.pending >= 0:
        parts.append(f"In play: {CARDS[state.pending].label}.")
    parts.append(f"Deck {view.deck_size}, harbor {view.harbor_size}, discard {len(state.discard)}.")
    return " ".join(parts)
