"""The Nautic Miles card table drawn as data: a View becomes a Scene (no ipycanvas here).

One band per side (its convoy row, with mile totals, alerts, planes, mines, storms, flags and
any battle), the draw and discard piles on top, the viewer's hand at the bottom. Regions:
``hand:<card>``, ``convoy:<row>:<at>``, ``slot:<at>`` (a gap of your own row), ``discard``.
"""

from __future__ import annotations

from collections.abc import Iterable

from navalkit.render import Rect, Scene, SceneBuilder, Text, get_theme
from navalkit.render.theme import Theme

from .data import CONVOYS, KEYS, LABELS, MILES, SHIPS, SUBMARINE, plural, points_text
from .observe import ConvoyView, View
from .state import ATTACKER, OVER

W = 820
TOP = 64
BAND = 104
CARD_W, CARD_H, STEP = 54, 80, 68
ROW_X = 150
HAND_H = 130

SHORT = {
    "c2500": "2,500 t",
    "c5000": "5,000 t",
    "c10000": "10,000 t",
    "c20000": "20,000 t",
    "trawler": "trawler",
    "plane_hit": "plane hit",
    "minesweeper": "sweeper",
    "end_alert": "end alert",
    "fine_sea": "fine sea",
    "neutral_flag": "neutral",
    "sub_pair": "2 subs",
}


def short(kind: int) -> str:
    key = KEYS[kind]
    if key in SHORT:
        return SHORT[key]
    if kind in MILES:
        return f"{key[1:]} mi"
    return key


def _colour(kind: int, t: Theme) -> str:
    if kind in CONVOYS:
        return "#f7f1dc"
    if kind in MILES:
        return "#e3f1d8"
    if kind in SHIPS:
        return "#d9dff0"
    return "#f4dada"


def size(view: View) -> tuple[int, int]:
    return W, TOP + BAND * view.sides + HAND_H


def convoy_text(cv: ConvoyView) -> str:
    """One convoy in words (what the viewer may know)."""
    what = "face-down convoy" if cv.kind is None else LABELS[cv.kind]
    bits = [f"{what}, {cv.miles} miles"]
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
        parts.append(f"{who} ({pts}): {convoys}; {len(view.ports[s])} in port.")
    if view.viewer is not None and (hand := view.hands[view.viewer]) is not None:
        parts.append("Your hand: " + ", ".join(LABELS[k] for k in hand) + ".")
    return " ".join(parts)


def _convoy(b: SceneBuilder, x: float, y: float, cv: ConvoyView, t: Theme) -> None:
    face = "#24476b" if cv.kind is None else _colour(cv.kind, t)
    b.add("pieces", Rect(x, y, CARD_W, CARD_H, fill=face, stroke=t.grid, line_width=1.2, radius=4))
    ink = "#ffffff" if cv.kind is None else t.text
    b.add(
        "pieces",
        Text(
            x + CARD_W / 2, y + 12, "?" if cv.kind is None else short(cv.kind), 10, ink, bold=True
        ),
    )
    b.add("pieces", Text(x + CARD_W / 2, y + 27, f"{cv.miles} mi", 10, ink))
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
    for i, (word, colour) in enumerate(badges[:4]):
        b.add("pieces", Rect(x + 2, y + 36 + i * 11, CARD_W - 4, 10, fill=colour, alpha=0.85))
        b.add("pieces", Text(x + CARD_W / 2, y + 41 + i * 11, word, 7, "#ffffff", bold=True))
    if cv.battle:
        word = "TIE" if cv.tie else f"{'ATT' if cv.top_side == ATTACKER else 'DEF'} {cv.top}"
        b.add("pieces", Rect(x, y + CARD_H + 2, CARD_W, 12, fill="#8a1c1c"))
        b.add("pieces", Text(x + CARD_W / 2, y + CARD_H + 8, f"battle {word}", 8, "#ffffff"))


def draw(
    observation: View,
    theme: Theme | str | None = None,
    *,
    selected: str | None = None,
    targets: Iterable[str] = (),
    marks: Iterable[str] = (),
) -> Scene:
    """The Scene for a seat's view; ``selected``/``targets``/``marks`` are region ids."""
    view = observation
    t = get_theme(theme)
    width, height = size(view)
    b = SceneBuilder(width, height, title="Nautic Miles table", description=describe(view))
    boxes: dict[str, tuple[float, float, float, float]] = {}
    b.add("board", Rect(0, 0, width, height, fill=t.sea))
    # Piles and scores.
    b.add("board", Rect(10, 8, 50, CARD_H * 0.6, fill="#24476b", stroke=t.grid, radius=4))
    b.add("pieces", Text(35, 32, str(view.pile_size), 13, "#ffffff", bold=True))
    b.add("pieces", Text(35, 58, "pile", 9, t.text))
    top = short(view.discard[-1]) if view.discard else "empty"
    b.add("board", Rect(70, 8, 60, CARD_H * 0.6, fill="#ffffff", stroke=t.grid, radius=4))
    b.add("pieces", Text(100, 24, "discard", 9, t.text_muted))
    b.add("pieces", Text(100, 38, top, 10, t.text, bold=True))
    boxes["discard"] = (70, 8, 60, CARD_H * 0.6)
    head = f"Round {view.round_no}"
    if view.phase == OVER:
        head += " - game over"
    elif view.viewer is None or view.viewer == view.seat:
        head += f" - Player {view.seat + 1} to play"
    b.add("pieces", Text(300, 18, head, 13, t.text, bold=True))
    if view.last_round is not None:
        lr = view.last_round
        pts = ", ".join(points_text(p + q) for p, q in zip(lr.points, lr.bonus, strict=True))
        word = "void" if lr.void else f"scored {pts}"
        b.add(
            "pieces",
            Text(300, 40, f"Round {lr.number} ended ({lr.reason}): {word}", 10, t.text_muted),
        )
    # One band per side.
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
        b.add(
            "pieces",
            Text(
                70,
                y0 + 14,
                " & ".join(f"P{p + 1}" for p in seats) + (" (you)" if mine else ""),
                12,
                t.player(s),
                bold=True,
            ),
        )
        b.add("pieces", Text(70, y0 + 32, f"{points_text(view.totals[s])} game pts", 10, t.text))
        b.add(
            "pieces", Text(70, y0 + 48, f"port: {plural(len(view.ports[s]), 'convoy')}", 10, t.text)
        )
        caps = sum(len(view.captures[p]) for p in seats)
        b.add("pieces", Text(70, y0 + 64, f"captured: {caps}", 10, t.text))
        rp = view.round_points[s]
        if rp is not None:
            b.add("pieces", Text(70, y0 + 80, f"round: {points_text(rp)}", 10, t.text_muted))
        for i, cv in enumerate(view.rows[s]):
            x = ROW_X + i * STEP
            _convoy(b, x, y0 + 8, cv, t)
            boxes[f"convoy:{s}:{i}"] = (x, y0 + 8, CARD_W, CARD_H)
        if mine or (view.viewer is None and s == view.side_of[view.seat]):
            for i in range(len(view.rows[s]) + 1):
                x = ROW_X + i * STEP - (STEP - CARD_W) + 1
                b.add(
                    "board",
                    Rect(
                        x,
                        y0 + 20,
                        STEP - CARD_W - 2,
                        CARD_H - 24,
                        stroke=t.grid,
                        line_width=0.6,
                        alpha=0.6,
                    ),
                )
                boxes[f"slot:{i}"] = (x, y0 + 20, STEP - CARD_W - 2, CARD_H - 24)
    # The hand.
    y0 = TOP + view.sides * BAND + 8
    who = view.viewer if view.viewer is not None else view.seat
    hand = view.hands[who] if who < len(view.hands) else None
    b.add("pieces", Text(60, y0 + 10, f"Player {who + 1}'s hand", 11, t.text, bold=True))
    if hand is None:
        b.add("pieces", Text(300, y0 + 50, "(hidden)", 12, t.text_muted))
    else:
        kinds = list(dict.fromkeys(hand))
        if hand.count(SUBMARINE) >= 2:
            kinds.append(len(KEYS) - 1)
        for i, k in enumerate(kinds):
            x = 10 + i * (CARD_W + 12)
            b.add(
                "pieces",
                Rect(
                    x,
                    y0 + 22,
                    CARD_W + 6,
                    CARD_H,
                    fill=_colour(k, t) if k < len(KEYS) - 1 else "#c9d3ec",
                    stroke=t.grid,
                    radius=4,
                ),
            )
            b.add("pieces", Text(x + (CARD_W + 6) / 2, y0 + 40, short(k), 10, t.text, bold=True))
            n = hand.count(k)
            if n > 1 and k != len(KEYS) - 1:
                b.add("pieces", Text(x + (CARD_W + 6) / 2, y0 + 60, f"x{n}", 10, t.text_muted))
            boxes[f"hand:{KEYS[k]}"] = (x, y0 + 22, CARD_W + 6, CARD_H)
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
