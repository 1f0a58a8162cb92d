"""Naval War drawn as data: a View becomes a Scene (no ipycanvas here).

Each player's task force is a panel (click region ``seat:<s>``): ships in columns by gun
size with carriers behind (``ship:<id>``), the salvos on them (``salvo:<card>``), smoke,
minefields and the Destroyer Squadron (``ds``). Below: the viewer's hand (``card:<id>``), the
red card just drawn, the piles and the buttons ``draw``, ``launch``, ``play``, ``discard``
and ``hold``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from navalkit.core.words import plural
from navalkit.render import Rect, Scene, SceneBuilder, Text, get_theme
from navalkit.render.scene import Align
from navalkit.render.text import MIN_TEXT, fit, fit_name, initialled, text_width
from navalkit.render.theme import Theme

from .data import CARDS, CARRIER, DS_HITS, GUN, GUN_LABEL, HITS, SHIPS
from .mechanics.damage import ds_hits, hits_on, mine_hits, owner_of, points, salvo_hits
from .observe import View, observe
from .state import AIR, CHOOSE, OVER, PHASE_NAMES, State

WIDTH = 960
PANEL_H = 250
SHIP_W, SHIP_H = 80, 48
CARD_W, CARD_H = 84, 92
STRIP_H = 150
TEXT = MIN_TEXT  # the smallest text on the board (a student reads it at 100 % zoom)
Box = tuple[float, float, float, float]

# Rows inside a fleet panel, from its top: the heading, the markers (smoke, minefields, the
# Squadron), the gun sizes over the columns, the columns, the carriers behind, the hand.
HEAD_Y, TAG_Y, GUN_Y, COLUMN_Y, COLUMN_H, CARRIER_Y = 13, 22, 50, 58, 110, 178
CARRIER_X = 66  # carriers start right of their two-line label


def layout(n: int) -> tuple[int, int]:
    """(columns, rows) of fleet panels for ``n`` players."""
    cols = 3 if n != 4 else 2
    return cols, -(-n // cols)


def size(n: int, panel_h: int = PANEL_H) -> tuple[int, int]:
    _cols, rows = layout(n)
    return WIDTH, rows * panel_h + STRIP_H + 8


HAND_LINE = 14  # a line of a hand under a fleet, in the teacher's view


def hand_lines(cards: Iterable[int], room: float) -> list[str]:
    """A hand as the teacher's view writes it under a fleet ("hand: 8"×1, Smoke, ..."),
    wrapped onto as many lines of ``room`` pixels as it needs, never inside a card's name."""
    pieces = [f"{CARDS[c].short}," for c in cards]
    if pieces:
        pieces[-1] = pieces[-1][:-1]
    lines: list[str] = []
    line = "hand:"
    for piece in pieces:
        if line != "hand:" and text_width(f"{line} {piece}", TEXT) > room:
            lines.append(line)
            line = piece
        else:
            line = f"{line} {piece}"
    return [*lines, line]


def panel_height(view: View) -> int:
    """A fleet panel's height: a seat's view as ever; the teacher's view (every hand shown
    under its fleet) taller by the lines its longest hand needs beyond one, at least one,
    so a hand is never cut."""
    if view.viewer is not None:
        return PANEL_H
    state = view.state
    cols, _ = layout(state.n)
    room = WIDTH / cols - 8 - 16
    most = max((len(hand_lines(h, room)) for h in state.hands), default=1)
    return PANEL_H + HAND_LINE * max(1, most - 1)


class _Board:
    """Collects ops and remembers every region's box for the highlight overlay;
    ``not_running`` is why nobody may move ("": the game runs)."""

    def __init__(self, b: SceneBuilder, t: Theme, not_running: str = "") -> None:
        self.b, self.t, self.not_running = b, t, not_running
        self.boxes: dict[str, Box] = {}

    def region(self, rid: str, box: Box) -> None:
        self.boxes[rid] = box
        self.b.rect_region(rid, *box)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        fill: str,
        align: Align = "center",
        *,
        bold: bool = False,
        size: float = TEXT,
        room: float | None = None,
    ) -> None:
        """A label of at least TEXT pixels, cut to ``room`` pixels when given; a bold label
        that would not fit is drawn plain first."""
        if room is not None:
            if bold and text_width(text, size, True) > room:
                bold = False
            text = fit(text, room, size, bold)
        self.b.add("pieces", Text(x, y, text, max(size, TEXT), fill, align, bold=bold))

    def button(self, rid: str, x: float, y: float, w: float, label: str, on: bool) -> None:
        t = self.t
        fill = t.highlight if on else t.sea_alt
        self.b.add("pieces", Rect(x, y, w, 26, fill=fill, stroke=t.grid, radius=5))
        self.text(x + w / 2, y + 13, label, t.text, bold=on, room=w - 8)
        self.region(rid, (x, y, w, 26))


def _ship(bd: _Board, state: State, seat: int, ship: int, x: float, y: float, w: float) -> None:
    """A ship card: its name, the damage on it against its hit number, and the salvos on it
    (clickable chips with their damage)."""
    t = bd.t
    dmg = hits_on(state, ship, seat)
    hits = HITS[ship]
    fill = "#e9e4d4" if not CARRIER[ship] else "#d9e6d0"
    bd.b.add("pieces", Rect(x, y, w, SHIP_H, fill=fill, stroke=t.player(seat), line_width=1.5))
    # the name has the card's width less 2 px a side (a 71 px card at three players: 67 px)
    bd.text(x + w / 2, y + 10, fit_name(SHIPS[ship].name, w - 4, TEXT), t.text, room=w - 4)
    colour = t.danger if dmg else t.text_muted
    bd.text(x + 4, y + 24, f"{dmg}/{hits}", colour, "left", bold=dmg > 0, room=w - 8)
    bd.region(f"ship:{ship}", (x, y, w, SHIP_H))
    room = max(1, int((w - 4) // 14))
    for k, (card, extra) in enumerate(state.salvos[ship][:room]):
        cx = x + 3 + k * 14
        value = salvo_hits(card, extra)
        bd.b.add("pieces", Rect(cx, y + 31, 13, 13, fill=t.hit, stroke="#ffffff", line_width=0.5))
        bd.text(cx + 6.5, y + 37.5, str(value), "#ffffff", bold=True)
        bd.region(f"salvo:{card}", (cx, y + 31, 13, 13))


#: the narrowest a gun column grows to when a fleet has five gun sizes or more: three salvo
#: chips (14 px each) on a card, its margins and the gap to the next column
CHIPS_COLUMN = 3 * 14 + 4 + 4


def column_widths(columns: Sequence[Sequence[int]], room: float) -> list[float]:
    """The width of each gun column of a fleet (ships by gun size) in ``room`` px, a card and
    the 4 px gap after it. Up to four columns are alike, each a card's whole width or a quarter
    of the room. Five or more shared it alike too, some 60 px, and a long name was cut
    ("Scharn…" beside "Hiei"): each now has what its longest name needs (and room for three
    salvo chips; a name of several words may go by its initial, as fit_name writes it), the
    room left over shared alike; where the names need more than the room, they are alike as
    before."""
    n = len(columns)
    even = min(SHIP_W + 4.0, room / max(4, n))
    if n <= 4:
        return [even] * n
    need = [
        max(CHIPS_COLUMN, *(text_width(initialled(SHIPS[s].name), TEXT) + 8 for s in column))
        for column in columns
    ]
    if sum(need) > room:  # too many long names: alike, each cut to fit (fit_name)
        return [even] * n
    extra = (room - sum(need)) / n
    return [min(SHIP_W + 4.0, k + extra) for k in need]


def _gun_label(gun: int, room: float) -> tuple[str, bool]:
    """The gun size over a column, shortened in a narrow one."""
    for label, bold in ((GUN_LABEL[gun], True), (GUN_LABEL[gun], False)):
        if text_width(label, TEXT, bold) <= room:
            return label, bold
    return GUN_LABEL[gun].replace('"', ""), False


def _panel(
    bd: _Board, view: View, seat: int, x: float, y: float, w: float, panel_h: int = PANEL_H
) -> None:
    t, b, state = bd.t, bd.b, view.state
    acting = state.phase != OVER and state.seat == seat and not bd.not_running
    alive = bool(state.fleets[seat])
    b.add(
        "board",
        Rect(
            x,
            y,
            w,
            panel_h - 6,
            fill=t.sea if alive else "#c9c9c9",
            stroke=t.player(seat),
            line_width=4 if acting else 1.5,
            radius=6,
        ),
    )
    bd.region(f"seat:{seat}", (x, y, w, panel_h - 6))
    me = " (you)" if view.viewer == seat else ""
    score = f"sunk {points(state.sunk[seat])} pts · hand {view.hand_sizes[seat]}"
    bd.text(x + w - 8, y + HEAD_Y, score, t.text, "right")
    room = w - 24 - text_width(score, TEXT)
    bd.text(x + 8, y + HEAD_Y, f"Player {seat + 1}{me}", t.player(seat), "left", bold=True,
            size=12, room=room)  # fmt: skip
    if not alive:
        b.add("pieces", Text(x + w / 2, y + 110, "no ships left", 14, t.text_muted))
    tags = []
    if state.smoke[seat] >= 0:
        tags.append(("SMOKE", "#616161"))
    if state.mines[seat]:
        tags.append((f"MINES {mine_hits(state, seat)}", t.danger))
    tx = x + 8
    for label, colour in tags:
        tw = text_width(label, TEXT, True) + 10
        b.add("pieces", Rect(tx, y + TAG_Y, tw, 18, fill=colour, radius=3))
        bd.text(tx + tw / 2, y + TAG_Y + 9, label, "#ffffff", bold=True)
        tx += tw + 6
    if state.ds_owner == seat:
        label = f"Destroyers {ds_hits(state)}/{DS_HITS} hits"
        dw = text_width(label, TEXT, True) + 12
        dx = x + w - 8 - dw
        b.add("pieces", Rect(dx, y + TAG_Y, dw, 20, fill="#263238", stroke=t.highlight, radius=4))
        bd.text(dx + dw / 2, y + TAG_Y + 10, label, "#ffffff", bold=True)
        bd.region("ds", (dx, y + TAG_Y, dw, 20))
    fleet = state.fleets[seat]
    front = [s for s in fleet if not CARRIER[s]]
    carriers = [s for s in fleet if CARRIER[s]]
    guns = list(dict.fromkeys(GUN[s] for s in front))
    columns = [[s for s in front if GUN[s] == gun] for gun in guns]
    cx = x + 6
    for gun, column, cw in zip(guns, columns, column_widths(columns, w - 12), strict=True):
        label, bold = _gun_label(gun, cw - 4)
        bd.text(cx + (cw - 4) / 2, y + GUN_Y, label, t.text, bold=bold)
        step = min(SHIP_H + 3.0, (COLUMN_H - SHIP_H) / max(1, len(column) - 1))
        if step < 30:  # too close to show each ship's damage: show each name, whole
            step = min(17.0, (CARRIER_Y - 2 - COLUMN_Y - SHIP_H) / (len(column) - 1))
        for j, ship in enumerate(column):
            _ship(bd, state, seat, ship, cx, y + COLUMN_Y + j * step, cw - 4)
        cx += cw
    if carriers:
        for k, word in enumerate(("carriers", "(behind)")):
            bd.text(x + 8, y + CARRIER_Y + 17 + 14 * k, word, t.text_muted, "left")
        step = min(SHIP_W + 4.0, (w - 12) / 4, (w - CARRIER_X - 8) / len(carriers))
        for i, ship in enumerate(carriers):
            _ship(bd, state, seat, ship, x + CARRIER_X + i * step, y + CARRIER_Y, step - 4)
    if view.viewer is None and state.hands[seat]:  # the teacher's view: the whole hand
        for k, line in enumerate(hand_lines(state.hands[seat], w - 16)):
            bd.text(x + 8, y + PANEL_H - 18 + HAND_LINE * k, line, t.text_muted, "left")


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
        bd.text(x + CARD_W / 2, y + 22 + 16 * k, word, colour, bold=k == 0, room=CARD_W - 6)
    if red:
        bd.text(x + CARD_W / 2, y + CARD_H - 11, "play now!", t.danger, bold=True)
    bd.region(f"card:{card}", (x, y, CARD_W, CARD_H))


#: the buttons under the hand, top to bottom: their regions and labels
BUTTON_LABELS = {
    "draw": "Draw",
    "launch": "Launch air strikes",
    "play": "Play (no target)",
    "hold": "Hold strike",
}


def _strip(bd: _Board, view: View, y: float, buttons: bool = True) -> None:
    t, b, state = bd.t, bd.b, view.state
    b.add("board", Rect(0, y, WIDTH, STRIP_H, fill=t.background))
    who = view.viewer if view.viewer is not None else max(state.seat, 0)
    bd.text(8, y + 10, f"Player {who + 1}'s hand", t.text, "left", bold=True)
    for i, card in enumerate(state.hands[who][:7]):
        _card(bd, card, 8 + i * (CARD_W + 4), y + 22, False)
    px = 8 + 7 * (CARD_W + 4)
    if state.pending >= 0:
        bd.text(px, y + 10, "in play", t.danger, "left", bold=True)
        _card(bd, state.pending, px, y + 22, state.phase != OVER and state.roll_for < 0)
    bx = px + CARD_W + 10
    if buttons:  # (a lesson's board, where they would do nothing, leaves them out)
        running = not bd.not_running  # (no button is lit while nobody may move)
        lit = {
            "draw": running and state.phase == CHOOSE,
            "launch": running and state.phase == CHOOSE,
            "play": False,
            "hold": running and state.phase == AIR,
        }
        for k, (rid, label) in enumerate(BUTTON_LABELS.items()):
            bd.button(rid, bx, y + 22 + 30 * k, 128, label, lit[rid])
    dx = bx + 136
    top = state.discard[-1] if state.discard else -1
    b.add("pieces", Rect(dx, y + 22, 90, 62, fill=t.sea_alt, stroke=t.grid, radius=6))
    bd.text(dx + 45, y + 35, "Discard pile", t.text, bold=True, room=84)
    bd.text(dx + 45, y + 53, CARDS[top].short if top >= 0 else "empty", t.text, room=84)
    bd.text(dx + 45, y + 71, plural(len(state.discard), "card"), t.text_muted, room=84)
    bd.region("discard", (dx, y + 22, 90, 62))
    # the piles as the rules name them (NW-DEAL: 'the harbor pile and the draw pile'): a bare
    # "Harbor 39" under the discard pile was never explained on the page
    room = WIDTH - dx - 4
    bd.text(dx, y + 100, f"Draw pile {view.deck_size}", t.text, "left", room=room)
    bd.text(dx, y + 118, f"Harbor pile {view.harbor_size}", t.text, "left", room=room)
    step = "clear-out" if state.opening and state.phase != OVER else PHASE_NAMES[state.phase]
    if bd.not_running and state.phase != OVER:
        step = bd.not_running
    bd.text(WIDTH - 8, y + 10, f"Round {state.round} · {step}", t.text, "right", bold=True)


def region_words(observation: View | State, region: str) -> str:
    """What a region of the table is, in words (render.games.region_words: where the
    keyboard's cursor is): a player's fleet, a ship with her damage, a salvo on her, a card,
    the discard pile, the Destroyer Squadron or a button, as ``observation`` shows them (a
    hand's cards only to its player)."""
    view = observation if isinstance(observation, View) else observe(observation, None)
    state = view.state
    kind, _, what = region.partition(":")
    if region in BUTTON_LABELS:
        return f"the {BUTTON_LABELS[region]} button"
    if region == "discard":
        top = f", {CARDS[state.discard[-1]].label} on top" if state.discard else ""
        return f"the discard pile: {plural(len(state.discard), 'card')}{top}"
    if region == "ds" and state.ds_owner >= 0:
        return (
            f"the Destroyer Squadron of Player {state.ds_owner + 1}: "
            f"{ds_hits(state)} of {DS_HITS} hits"
        )
    if not what.isdigit():
        return ""
    n = int(what)
    if kind == "seat" and n < state.n:
        you = " (you)" if view.viewer == n else ""
        return (
            f"the fleet of Player {n + 1}{you}: enemy ships worth {points(state.sunk[n])} "
            f"points sunk, {plural(view.hand_sizes[n], 'card')} in hand"
        )
    if kind == "ship" and n < len(SHIPS):
        seat = owner_of(state, n)
        if seat < 0:
            return SHIPS[n].name
        gun = GUN_LABEL.get(GUN[n], "")
        return (
            f"{SHIPS[n].name} ({gun}) of Player {seat + 1}: "
            f"{hits_on(state, n, seat)} of {HITS[n]} hits"
        )
    if kind == "salvo" and n < len(CARDS):
        for ship, salvos in enumerate(state.salvos):
            for card, extra in salvos:
                if card == n:
                    hits = salvo_hits(card, extra)
                    return f"a salvo of {plural(hits, 'hit')} on {SHIPS[ship].name}"
        return ""
    shown = n == state.pending or any(n in hand for hand in state.hands)  # (the view's)
    if kind == "card" and n < len(CARDS) and shown:
        pending = " (in play)" if n == state.pending else ""
        return f"the card {CARDS[n].label}{pending}"
    return ""


def draw(
    observation: View | State,
    theme: Theme | str | None = None,
    *,
    selected: str | None = None,
    targets: Iterable[str] = (),
    marks: Iterable[str] = (),
    buttons: bool = True,
    not_running: str = "",
) -> Scene:
    """The Scene for a seat's view, with the ``selected`` region, its legal ``targets`` (green)
    and refused regions ``marks`` (red); ``buttons`` False leaves out the play page's buttons
    (Draw, Launch air strikes...), for a lesson's board where they would do nothing;
    ``not_running`` ("waiting for players") stands instead of the step, and no player's panel
    or button is lit as the one to act."""
    view = observation if isinstance(observation, View) else observe(observation, None)
    state, t = view.state, get_theme(theme)
    panel_h = panel_height(view)
    width, height = size(state.n, panel_h)
    b = SceneBuilder(width, height, title="Naval War", description=describe(view))
    bd = _Board(b, t, not_running)
    b.add("board", Rect(0, 0, width, height, fill=t.background))
    cols, _ = layout(state.n)
    pw = WIDTH / cols
    for seat in range(state.n):
        r, c = divmod(seat, cols)
        _panel(bd, view, seat, c * pw + 4, r * panel_h + 4, pw - 8, panel_h)
    _strip(bd, view, height - STRIP_H - 4, buttons)
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
    if view.viewer is not None:
        seats = [view.viewer]
    else:  # the teacher's view: every hand, the player to move's first
        first = max(state.seat, 0)
        seats = [first, *(p for p in range(state.n) if p != first)]
    for who in seats:
        hand = ", ".join(CARDS[c].label for c in state.hands[who]) or "no cards"
        parts.append(f"Player {who + 1}'s hand: {hand}.")
    if state.pending >= 0:
        parts.append(f"In play: {CARDS[state.pending].label}.")
    parts.append(f"Deck {view.deck_size}, harbor {view.harbor_size}, discard {len(state.discard)}.")
    return " ".join(parts)
