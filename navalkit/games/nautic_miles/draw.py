"""The Nautic Miles card table drawn as data: a View becomes a Scene (no ipycanvas here).

One band per side (its convoy row, with mile totals, alerts, planes, mines, storms, flags and
any battle), the draw and discard piles on top, the viewer's hand at the bottom (every
player's hand in the teacher's view, ``viewer`` None). Regions:
``hand:<card>``, ``convoy:<row>:<at>``, ``slot:<at>`` (a gap of your own row), ``discard``.
"""

from __future__ import annotations

from collections.abc import Iterable

from navalkit.core.words import flagged
from navalkit.render import Rect, Scene, SceneBuilder, Text, get_theme
from navalkit.render.scene import Align
from navalkit.render.text import MIN_TEXT, fit, text_width
from navalkit.render.theme import Theme

from .data import (
    BY_KEY,
    CONVOYS,
    KEYS,
    LABELS,
    MILES,
    SHIPS,
    SUB_PAIR,
    SUBMARINE,
    a_card,
    plural,
    points_text,
)
from .observe import ConvoyView, View
from .state import ATTACKER, OVER

W = 860
TOP = 64
BAND = 128
CARD_W, CARD_H, STEP = 72, 100, 86  # a convoy card: name, miles, up to five badges
HAND_W, HAND_H_CARD = 80, 64  # a card of the hand
ROW_X = 160  # convoys start right of the side's panel
PANEL_X = 80  # the centre of the side's panel (names, points, port, captures)
HAND_H = 104
TEXT = MIN_TEXT  # the smallest text on the board (a student reads it at 100 % zoom)
BADGE_Y, BADGE_STEP = 33, 13  # the badges' row under a convoy's name and miles


def _label(
    b: SceneBuilder,
    x: float,
    y: float,
    text: str,
    fill: str,
    room: float,
    *,
    size: float = TEXT,
    bold: bool = False,
    align: Align = "center",
) -> None:
    """A label of at least TEXT pixels kept within ``room`` pixels: a bold one that would not
    fit is drawn plain, then cut with "…"."""
    if bold and text_width(text, size, True) > room:
        bold = False
    b.add(
        "pieces", Text(x, y, fit(text, room, size, bold), max(size, TEXT), fill, align, bold=bold)
    )


SHORT = {
    "c2500": "2,500 t",
    "c5000": "5,000 t",
    "c10000": "10,000 t",
    "c20000": "20,000 t",
    "trawler": "trawler",
    "plane_hit": "plane shot down",  # on two lines: "plane" over "shot down"
    "minesweeper": "sweeper",
    "end_alert": "end alert",
    "fine_sea": "fine sea",
    "neutral_flag": "neutral",
    "sub_pair": "2 subs",
}


def _name(
    b: SceneBuilder, x: float, y: float, text: str, fill: str, room: float, gap: float = 13
) -> None:
    """A card's name in bold centred on ``y``: on one line if it fits ``room``, else on two
    lines ``gap`` apart, split at the space that keeps the longer line shortest ("plane" over
    "shot down"), so a card keeps the name the rules and the moves list give it."""
    if text_width(text, TEXT, True) <= room or " " not in text:
        _label(b, x, y, text, fill, room, bold=True)
        return
    words = text.split(" ")
    cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    top, bottom = min(cuts, key=lambda c: max(text_width(part, TEXT, True) for part in c))
    _label(b, x, y - gap / 2, top, fill, room, bold=True)
    _label(b, x, y + gap / 2, bottom, fill, room, bold=True)


def short(kind: int) -> str:
    key = KEYS[kind]
    if key in SHORT:
        return SHORT[key]
    if kind in MILES:
        return f"{int(key[1:]):,} mi"  # "1,000 mi", as a convoy's miles are written
    return key


def _colour(kind: int, t: Theme) -> str:
    if kind in CONVOYS:
        return "#f7f1dc"
    if kind in MILES:
        return "#e3f1d8"
    if kind in SHIPS:
        return "#d9dff0"
    return "#f4dada"


def shown_hands(view: View) -> list[int]:
    """The seats whose hands are drawn: the viewer's own, or every seat's in the teacher's
    view (``viewer`` None), the seat to play first."""
    if view.viewer is not None:
        return [view.viewer]
    first = [view.seat] if 0 <= view.seat < view.players else []
    return first + [p for p in range(view.players) if p not in first]


def size(view: View) -> tuple[int, int]:
    return W, TOP + BAND * view.sides + HAND_H * len(shown_hands(view))


def convoy_text(cv: ConvoyView) -> str:
    """One convoy in words (what the viewer may know)."""
    what = "face-down convoy" if cv.kind is None else LABELS[cv.kind]
    bits = [f"{what}, {cv.miles:,} miles"]
    for flag, word in (
        (cv.detected, "detected"),
        (cv.alert, "on alert"),
        (cv.storm, "in a storm"),
        (cv.neutral, "neutral"),
    ):
        if flag:
            bits.append(word)
    if cv.mine_by >= 0:
        bits.append(f"mined by Player {cv.mine_by + 1}")
    if cv.plane_by >= 0:
        bits.append(f"plane of Player {cv.plane_by + 1}")
    if cv.battle:
        side = "attacker" if cv.top_side == ATTACKER else "defender"
        bits.append("battle tied" if cv.tie else f"battle: {side} stands at strength {cv.top}")
    return ", ".join(bits)


def describe(view: View) -> str:
    """The table in words, for screen readers and the text view."""
    parts = [f"Round {view.round_no}; {plural(view.pile_size, 'card')} in the pile."]
    for s in range(view.sides):
        seats = [p + 1 for p in range(view.players) if view.side_of[p] == s]
        who = " & ".join(f"Player {p}" for p in seats)
        convoys = "; ".join(convoy_text(cv) for cv in view.rows[s]) or "no convoy at sea"
        pts = f"{points_text(view.totals[s])} game point{'' if view.totals[s] == 2 else 's'}"
        parts.append(f"{who} ({pts}): {convoys}; {plural(len(view.ports[s]), 'convoy')} in port.")
    if view.viewer is not None and (hand := view.hands[view.viewer]) is not None:
        parts.append("Your hand: " + (", ".join(LABELS[k] for k in hand) or "no cards") + ".")
    elif view.viewer is None:
        for p in shown_hands(view):
            cards = ", ".join(LABELS[k] for k in view.hands[p] or ()) or "no cards"
            parts.append(f"Player {p + 1}'s hand: {cards}.")
    return " ".join(parts)


def region_words(view: View, region: str) -> str:
    """What a region of the table is, in words (render.games.region_words: where the
    keyboard's cursor is): a card of the hand drawn, a convoy as ``view`` shows it (face down
    to those it hides from), a gap of your row, or the discard pile."""
    kind, _, rest = region.partition(":")
    if region == "discard":
        if not view.discard:
            return "the discard pile: empty"
        top = a_card(view.discard[-1])
        return f"the discard pile: {plural(len(view.discard), 'card')}, {top} on top"
    if kind == "slot" and rest.isdigit():
        return f"slot {int(rest) + 1} of your row (a gap where a convoy may be laid)"
    if kind == "hand" and rest in BY_KEY:
        card, who = BY_KEY[rest], shown_hands(view)
        hand = view.hands[who[0]] if who else None  # (the hand drawn first, whose cards click)
        if hand is None:
            return ""
        n = hand.count(card)
        many = f" ({n} of them)" if n > 1 and card != SUB_PAIR else ""
        whose = "your hand" if view.viewer is not None else f"Player {who[0] + 1}'s hand"
        return f"{a_card(card)} in {whose}{many}"
    row, _, at = rest.partition(":")
    if kind != "convoy" or not (row.isdigit() and at.isdigit()):
        return ""
    s, i = int(row), int(at)
    if not (s < len(view.rows) and i < len(view.rows[s])):
        return ""
    cv = view.rows[s][i]
    seats = " & ".join(f"Player {p + 1}" for p in range(view.players) if view.side_of[p] == s)
    what = "face down" if cv.kind is None else LABELS[cv.kind]
    marks = flagged(
        (
            ("found by radar", cv.detected),
            ("on alert", cv.alert),
            ("in a storm", cv.storm),
            ("under a neutral flag", cv.neutral),
            (f"mined by Player {cv.mine_by + 1}", cv.mine_by >= 0),
            (f"under a plane of Player {cv.plane_by + 1}", cv.plane_by >= 0),
            ("in a battle", bool(cv.battle)),
        )
    )
    return f"convoy {i + 1} of row {s + 1} ({seats}): {what}, {cv.miles:,} miles sailed" + "".join(
        f", {word}" for word in marks
    )


def _convoy(b: SceneBuilder, x: float, y: float, cv: ConvoyView, t: Theme) -> None:
    """A convoy card: its name ('?' face down), its miles, then one badge a row (radar, alert,
    storm, neutral flag, mine, plane: five at most can lie together), and any battle under it."""
    face = "#24476b" if cv.kind is None else _colour(cv.kind, t)
    b.add("pieces", Rect(x, y, CARD_W, CARD_H, fill=face, stroke=t.grid, line_width=1.2, radius=4))
    ink = "#ffffff" if cv.kind is None else t.text
    name = "?" if cv.kind is None else short(cv.kind)
    _label(b, x + CARD_W / 2, y + 11, name, ink, CARD_W - 6, size=12, bold=True)
    _label(b, x + CARD_W / 2, y + 25, f"{cv.miles:,} mi", ink, CARD_W - 6)
    badges = []
    if cv.detected:
        badges.append(("RADAR", t.warning))
    if cv.alert:
        badges.append(("ALERT", t.danger))
    if cv.storm:
        badges.append(("STORM", "#6b6b9a"))
    if cv.neutral:
        badges.append(("NEUTRAL", t.ok))
    if cv.mine_by >= 0:
        badges.append((f"MINE P{cv.mine_by + 1}", t.danger))
    if cv.plane_by >= 0:
        badges.append((f"PLANE P{cv.plane_by + 1}", t.danger))
    room = (CARD_H - BADGE_Y) // BADGE_STEP
    if len(badges) > room:  # cannot happen in play (the flag keeps alerts and planes off)
        badges[room - 1 :] = [(f"+{len(badges) - room + 1} more", t.danger)]
    for i, (word, colour) in enumerate(badges):
        by = y + BADGE_Y + i * BADGE_STEP
        b.add("pieces", Rect(x + 2, by, CARD_W - 4, BADGE_STEP - 1, fill=colour, alpha=0.9))
        _label(b, x + CARD_W / 2, by + 6, word, "#ffffff", CARD_W - 6, bold=True)
    if cv.battle:
        side = "attacker" if cv.top_side == ATTACKER else "defender"
        word = "battle tied" if cv.tie else f"{side} {cv.top}"
        b.add("pieces", Rect(x, y + CARD_H + 2, CARD_W, 14, fill="#8a1c1c"))
        _label(b, x + CARD_W / 2, y + CARD_H + 9, word, "#ffffff", CARD_W - 4)


def _step(n: int) -> float:
    """The distance between two convoys of a row of ``n``: closer in a row too long for the
    table (more than eight convoys, which a game hardly ever meets)."""
    return min(float(STEP), (W - 8 - ROW_X - CARD_W) / max(1, n - 1))


def _hand(
    b: SceneBuilder,
    y0: float,
    who: int,
    hand: tuple[int, ...] | None,
    t: Theme,
    boxes: dict[str, tuple[float, float, float, float]],
) -> None:
    """Player ``who``'s hand in a row from ``y0``, one card a kind ("x2" for two alike, a
    "2 subs" card for two submarines); the cards' boxes go into ``boxes``."""
    _label(b, 10, y0 + 10, f"Player {who + 1}'s hand", t.text, 200, bold=True, align="left")
    if hand is None:
        _label(b, 300, y0 + 50, "(hidden)", t.text_muted, 200, size=12)
        return
    kinds = list(dict.fromkeys(hand))
    if hand.count(SUBMARINE) >= 2:
        kinds.append(SUB_PAIR)
    for i, k in enumerate(kinds):
        x = 10 + i * (HAND_W + 8)
        b.add(
            "pieces",
            Rect(
                x,
                y0 + 22,
                HAND_W,
                HAND_H_CARD,
                fill=_colour(k, t) if k != SUB_PAIR else "#c9d3ec",
                stroke=t.grid,
                radius=4,
            ),
        )
        _name(b, x + HAND_W / 2, y0 + 40, short(k), t.text, HAND_W - 6, gap=14)
        n = hand.count(k)
        if n > 1 and k != SUB_PAIR:
            _label(b, x + HAND_W / 2, y0 + 62, f"x{n}", t.text_muted, HAND_W - 6)
        boxes[f"hand:{KEYS[k]}"] = (x, y0 + 22, HAND_W, HAND_H_CARD)
    if not hand:
        _label(b, 10, y0 + 50, "no cards", t.text_muted, 200, align="left")


def draw(
    observation: View,
    theme: Theme | str | None = None,
    *,
    selected: str | None = None,
    targets: Iterable[str] = (),
    marks: Iterable[str] = (),
    not_running: str = "",
) -> Scene:
    """The Scene for a seat's view; ``selected``/``targets``/``marks`` are region ids;
    ``not_running`` ("waiting for players") is said instead of who is to play."""
    view = observation
    t = get_theme(theme)
    width, height = size(view)
    b = SceneBuilder(width, height, title="Nautic Miles table", description=describe(view))
    boxes: dict[str, tuple[float, float, float, float]] = {}
    b.add("board", Rect(0, 0, width, height, fill=t.sea))
    # Piles and scores.
    b.add("board", Rect(10, 8, 64, 48, fill="#24476b", stroke=t.grid, radius=4))
    _label(b, 42, 20, "draw pile", "#ffffff", 58)
    _label(b, 42, 40, str(view.pile_size), "#ffffff", 58, size=13, bold=True)
    top = short(view.discard[-1]) if view.discard else "empty"
    b.add("board", Rect(84, 8, 80, 48, fill="#ffffff", stroke=t.grid, radius=4))
    two_lines = text_width(top, TEXT, True) > 74
    _label(b, 124, 17 if two_lines else 20, "discard", t.text_muted, 74)
    _name(b, 124, 40, top, t.text, 74)
    boxes["discard"] = (84, 8, 80, 48)
    head = f"Round {view.round_no}"
    if view.phase == OVER:
        head += " - game over"
    elif not_running:
        head += f" - {not_running}"
    elif view.viewer is None or view.viewer == view.seat:
        head += f" - Player {view.seat + 1} to play"
    _label(b, 180, 20, head, t.text, W - 188, size=13, bold=True, align="left")
    if view.last_round is not None:
        lr = view.last_round
        pts = ", ".join(points_text(p + q) for p, q in zip(lr.points, lr.bonus, strict=True))
        word = "void" if lr.void else f"scored {pts}"
        line = f"Round {lr.number} ended ({lr.reason}): {word}"
        _label(b, 180, 42, line, t.text_muted, W - 188, align="left")
    # One band per side: its panel on the left, then its convoy row.
    panel = 2 * (ROW_X - (STEP - CARD_W) - 2 - PANEL_X)
    for s in range(view.sides):
        y0 = TOP + s * BAND
        mine = view.side == s
        b.add(
            "board",
            Rect(
                4,
                y0 + 2,
                width - 8,
                BAND - 4,
                fill=t.sea_alt,
                stroke=t.player(s),
                line_width=2 if mine else 1,
                radius=6,
            ),
        )
        seats = [p for p in range(view.players) if view.side_of[p] == s]
        names = " & ".join(f"P{p + 1}" for p in seats) + (" (you)" if mine else "")
        _label(b, PANEL_X, y0 + 16, names, t.player(s), panel, size=12, bold=True)
        lines = [
            (f"{points_text(view.totals[s])} game pts", t.text),
            (f"port: {plural(len(view.ports[s]), 'convoy')}", t.text),
            (f"captured: {sum(len(view.captures[p]) for p in seats)}", t.text),
        ]
        rp = view.round_points[s]
        if rp is not None:
            # what the side would score if the round ended now
            lines.append((f"this round: {points_text(rp)}", t.text_muted))
        for k, (line, ink) in enumerate(lines):
            _label(b, PANEL_X, y0 + 38 + 18 * k, line, ink, panel)
        step = _step(len(view.rows[s]))
        for i, cv in enumerate(view.rows[s]):
            x = ROW_X + i * step
            _convoy(b, x, y0 + 8, cv, t)
            boxes[f"convoy:{s}:{i}"] = (x, y0 + 8, CARD_W, CARD_H)
        if mine or (view.viewer is None and s == view.side_of[view.seat]):
            gap = max(6.0, step - CARD_W - 2)
            for i in range(len(view.rows[s]) + 1):
                x = ROW_X + i * step - gap - 1
                b.add(
                    "board",
                    Rect(x, y0 + 20, gap, CARD_H - 24, stroke=t.grid, line_width=0.6, alpha=0.6),
                )
                boxes[f"slot:{i}"] = (x, y0 + 20, gap, CARD_H - 24)
    # The hand: the viewer's, or every player's in the teacher's view (the seat to play first,
    # whose cards are the click regions).
    for row, who in enumerate(shown_hands(view)):
        y0 = TOP + view.sides * BAND + 8 + row * HAND_H
        _hand(b, y0, who, view.hands[who], t, boxes if row == 0 else {})
    for rid, (rx, ry, rw, rh) in boxes.items():
        b.rect_region(rid, rx, ry, rw, rh)
    if selected in boxes:
        rx, ry, rw, rh = boxes[selected]
        b.add("overlay", Rect(rx - 2, ry - 2, rw + 4, rh + 4, stroke=t.selection, line_width=3))
    for rid in targets:
        if rid in boxes:
            rx, ry, rw, rh = boxes[rid]
            b.add("overlay", Rect(rx - 1, ry - 1, rw + 2, rh + 2, stroke=t.ok, line_width=3))
    for rid in marks:
        if rid in boxes:
            rx, ry, rw, rh = boxes[rid]
            b.add("overlay", Rect(rx - 1, ry - 1, rw + 2, rh + 2, stroke=t.danger, line_width=3))
    return b.build()
