"""The tabletop drawn as data: a State becomes a Scene (no ipycanvas here).

Layers: ``board`` (sea, grid, shoals, wind rose), ``pieces`` (the selected ship's range
rings and fire arcs, then the ships, then their labels, each haloed in the sea's colour, so
that no ring is drawn over a label's words; with arcs shown, the halos come before the arcs'
shade, which covers them as it covers the sea round them), ``overlay`` (selection, heading
and distance markers, buttons).
Click regions: ``ship:<i>``, ``head:<point>``, ``cm:<d>``, ``cmd:<order>`` and ``end``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace

from navalkit.core.words import flagged
from navalkit.render import Circle, Line, Polygon, Rect, Scene, SceneBuilder, Text, get_theme
from navalkit.render.scene import Align
from navalkit.render.text import text_width
from navalkit.render.theme import Theme

from .actions import end_label
from .data import COMPASS, TABLE_H, TABLE_W, VECTORS
from .mechanics.sailing import reach
from .mechanics.wind import point_of_sail, wind_line, wind_said
from .state import CUT_LOOSE, MOVE, OVER, State

PX = 8  # pixels per cm
PANEL = 190
W, H = TABLE_W * PX + PANEL, TABLE_H * PX
BUTTONS = ("anchor", "weigh", "drift", "separate", "stay", "repair", "hull", "sails", "board")
LABELS = {
    "hull": "Fire: hull",
    "sails": "Fire: sails",
    "board": "Board!",
    "anchor": "Drop anchor",
    "weigh": "Weigh anchor",
    "drift": "Drift",
    "separate": "Cut loose",
    "stay": "Stay locked",
    "repair": "Repair mast",
}


def to_px(x: float, y: float) -> tuple[float, float]:
    """Table cm (north up) to canvas pixels."""
    return x * PX, (TABLE_H - y) * PX


# The side panel, top to bottom: the wind, the phase's end button (high up, so that it shows
# on a school laptop's screen without scrolling), the steering hint, the order buttons.
END_Y = 196
HINT_Y = 248
ORDERS_Y = 280
#: the key to a ship's label, at the panel's foot
KEY_Y = H - 62
KEY = ("Ship labels:", "P, S: port, starboard guns", "M: masts, H: hull", "≤ cm: how far she sails")


def _button_rect(k: int) -> tuple[float, float, float, float]:
    return TABLE_W * PX + 15, ORDERS_Y + 34 * k, PANEL - 30, 28


def _hull(cx: float, cy: float, heading: int, size: float = 1.0) -> tuple[tuple[float, float], ...]:
    """A ship silhouette: pointed bow along ``heading``."""
    a = math.radians(45 * heading)
    fx, fy = math.sin(a), -math.cos(a)  # forward in pixels
    sx, sy = -fy, fx
    shape = ((2.2, 0.0), (0.8, 0.9), (-1.8, 0.8), (-1.8, -0.8), (0.8, -0.9))
    return tuple(
        (cx + (f * fx + s * sx) * PX * size, cy + (f * fy + s * sy) * PX * size) for f, s in shape
    )


def _board(b: SceneBuilder, state: State, t: Theme) -> None:
    b.add("board", Rect(0, 0, W, H, fill=t.background))
    b.add("board", Rect(0, 0, TABLE_W * PX, H, fill=t.sea))
    for c in range(10, TABLE_W, 10):
        b.add("board", Line(c * PX, 0, c * PX, H, t.grid, 0.4, alpha=0.4))
    for c in range(10, TABLE_H, 10):
        b.add("board", Line(0, c * PX, TABLE_W * PX, c * PX, t.grid, 0.4, alpha=0.4))
    for sx, sy, r in state.shoals:
        cx, cy = to_px(sx, sy)
        b.add("board", Circle(cx, cy, r * PX, fill=t.land, stroke=t.warning, line_width=1.5))
        b.add("board", Text(cx, cy, "shoal", 11, t.text_muted))
    # the wind rose: the arrow flies downwind
    ox, oy = TABLE_W * PX + PANEL / 2, 74
    b.add("board", Circle(ox, oy, 52, fill="#ffffff", stroke=t.grid))
    for k, name in enumerate(COMPASS):
        vx, vy = VECTORS[k]
        b.add("board", Text(ox + 44 * vx, oy - 44 * vy, name, 11, t.text_muted))
    vx, vy = VECTORS[state.wind_from]
    b.add("board", Line(ox + 30 * vx, oy - 30 * vy, ox - 30 * vx, oy + 30 * vy, t.danger, 3))
    b.add("board", Circle(ox - 30 * vx, oy + 30 * vy, 5, fill=t.danger))
    # the point as the settings write it, then both ways, the setting's convention first
    point, first, then = wind_said(state.wind_from, state.config.wind_naming)
    head = f"Wind {point}, force {state.wind_speed}"
    b.add("board", Text(ox, oy + 66, head, 12, t.text, bold=True))
    b.add("board", Text(ox, oy + 81, f"{first},", 11, t.text))
    b.add("board", Text(ox, oy + 95, then, 11, t.text))
    b.add("board", Text(ox, oy + 111, f"round {state.round}", 11, t.text_muted))


def _ship(b: SceneBuilder, state: State, i: int, t: Theme) -> None:
    s = state.ships[i]
    cx, cy = to_px(s.x, s.y)
    if not s.afloat:
        b.add("pieces", Text(cx, cy, "✕", 14, t.text_muted))
        return
    colour = t.player(s.side)
    b.add(
        "pieces",
        Polygon(
            _hull(cx, cy, s.heading),
            fill=colour,
            stroke=t.danger if s.fire else "#ffffff",
            line_width=3 if s.fire else 1,
        ),
    )
    for k in range(3):
        if s.masts[k]:
            f = 1.2 - 1.3 * k
            a = math.radians(45 * s.heading)
            b.add(
                "pieces",
                Circle(
                    cx + f * PX * math.sin(a),
                    cy - f * PX * math.cos(a),
                    2.5 if s.rig[k] == 1 else 3.5,
                    fill="#ffffff",
                ),
            )
    b.circle_region(f"ship:{i}", cx, cy, 2.2 * PX)


#: a label line: its words, size, colour, bold
LabelLine = tuple[str, int, str, bool]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Spot = tuple[float, float, Align]  # where a label line goes: x, y and how it is anchored there
LINE_H = 13  # px between the lines of a ship's label
HULL_R = 2.2 * PX  # px: a ship's drawn hull fits this circle
PASSES = 3  # rounds in which crowded ships' labels choose their places again
TABLE_BOX: Box = (0.0, 0.0, TABLE_W * PX, float(H))  # where labels must stay
MARKER_AT, MARKER_R = 5 * PX, 11  # px: a heading marker's centre from her centre, its radius
#: the rings round ships (radius, line width in px): the selected ship (or one a refusal
#: marks) and each ship she may fire at or board
SELECTED_RING, TARGET_RING = (2.6 * PX, 3.0), (2.4 * PX, 2.5)
RING_GAP = 4  # px between a ring's outer edge and any label
TEXT_HALF = 11 * 0.55  # px: half the height of a label line's box
#: px: the halo round a label's letters (the sea's colour), wide enough to stop a range ring
#: or a grid line short of them
LABEL_HALO = 4.0


def short_name(state: State, i: int) -> str:
    """Ship ``i``'s name as her label gives it: whole when short ("St Andrew"), else its last
    word that no other ship's name has ("Sovereign" for the Royal Sovereign, "Soleil" for the
    Soleil Royal). Each name's last word made the Soleil Royal and the Dauphin Royal both
    "Royal", beside the Royal Sovereign."""
    name = state.ships[i].name
    if len(name) <= 10:
        return name
    others = {word for j, s in enumerate(state.ships) if j != i for word in s.name.split()}
    own = [word for word in name.split() if word not in others]
    return own[-1] if own else name


def _label_lines(state: State, i: int, t: Theme, running: bool = True) -> list[LabelLine]:
    """Ship ``i``'s label: her number, name and state; her damage; how far she may sail (not
    while the game is not ``running``: a table waiting for players, where nobody sails)."""
    s = state.ships[i]
    # words, not emoji: a school machine without an emoji font would draw boxes
    flags = " ".join(
        flagged(
            (
                ("on fire", s.fire),
                ("anchored", s.anchored),
                ("aground", s.aground),
                ("prize", s.captured),
            )
        )
    )
    lines: list[LabelLine] = [
        (f"{i + 1} {short_name(state, i)} {flags}".strip(), 11, t.text, True),
        (f"P{s.decks[0]} S{s.decks[1]} M{sum(s.masts)} H{s.hull}", 11, t.text, False),
    ]
    # the figure the status line and the side panel give (before her heading: the best one's)
    room = reach(state, i) if state.phase == MOVE and s.side == state.to_move else None
    if room is not None and not state.queue and running:
        lines.append((f"≤{room} cm", 11, t.ok, True))
    return lines


def _layouts(
    cx: float, cy: float, lines: list[LabelLine], ring: float = 0, clear: float = 0
) -> list[list[Spot]]:
    """Where a ship's label lines may go, best first, as (x, y, align) per line: the name
    above and the rest below her; all to her right or her left (level with her, above her
    or below her); all above; all below. With a ``ring`` (px: the reach of the heading
    markers round a selected ship), then the same beyond it: all above, below, right, left.
    ``clear`` (px) is how far from her centre every line's box must stay: the ring drawn
    round her when she is selected or may be fired at, and a gap (0: no ring)."""
    n = len(lines)
    up = max(22.0, clear + TEXT_HALF)  # the nearest line's centre above her, and below
    down = max(21.0, clear + TEXT_HALF)
    aside = max(HULL_R + 4, clear)  # the near edge of lines beside her
    name_above: list[Spot] = [(cx, cy - up, "center")]
    layouts = [name_above + [(cx, cy + down + LINE_H * k, "center") for k in range(n - 1)]]
    for top in (cy - (n - 1) * LINE_H / 2, cy - HULL_R - (n - 1) * LINE_H, cy + HULL_R):
        sides: tuple[tuple[float, Align], ...] = (
            (cx + aside, "left"),
            (cx - aside, "right"),
        )
        for x, align in sides:
            side: list[Spot] = [(x, top + LINE_H * k, align) for k in range(n)]
            layouts.append(side)
    for gap in (0, 2 * LINE_H):  # all above or all below, and then further off
        above: list[Spot] = [(cx, cy - up - gap - LINE_H * (n - 1 - k), "center") for k in range(n)]
        below: list[Spot] = [(cx, cy + down + gap + LINE_H * k, "center") for k in range(n)]
        layouts += [above, below]
    if ring:  # slid along the edge, so that near one they stay on the table
        out = ring + 2
        half = max(text_width(text, size, bold) for text, size, _, bold in lines) / 2 + 2
        x = min(max(cx, half), TABLE_W * PX - half)
        layouts.append([(x, cy - out - 6 - LINE_H * (n - 1 - k), "center") for k in range(n)])
        layouts.append([(x, cy + out + 6 + LINE_H * k, "center") for k in range(n)])
        top = min(max(cy - (n - 1) * LINE_H / 2, 8), H - 8 - (n - 1) * LINE_H)
        layouts.append([(cx + out, top + LINE_H * k, "left") for k in range(n)])
        layouts.append([(cx - out, top + LINE_H * k, "right") for k in range(n)])
    return layouts


def _boxes(lines: list[LabelLine], layout: list[Spot]) -> list[Box]:
    out = []
    for (text, size, _, bold), (x, y, align) in zip(lines, layout, strict=True):
        w = text_width(text, size, bold)
        x0 = x - w / 2 if align == "center" else x if align == "left" else x - w
        out.append((x0, y - size * 0.55, x0 + w, y + size * 0.55))
    return out


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _steering(state: State, selected: str | None) -> int | None:
    """The selected ship while she may be given a heading (her heading markers show), else
    None."""
    if not (selected and selected.startswith("ship:")) or state.phase != MOVE:
        return None
    i = int(selected[5:])
    return i if state.helm is None and 0 <= i < len(state.ships) else None


def _markers(state: State, i: int | None) -> list[tuple[str, float, float]]:
    """The heading markers round ship ``i`` (none if None): each compass point's name and
    its centre in px, ``MARKER_R`` round."""
    if i is None:
        return []
    cx, cy = to_px(state.ships[i].x, state.ships[i].y)
    return [
        (name, cx + MARKER_AT * VECTORS[k][0], cy - MARKER_AT * VECTORS[k][1])
        for k, name in enumerate(COMPASS)
    ]


def _run_dots(state: State) -> list[tuple[float, float]]:
    """The green dots of the ship at the helm, in px: one a cm from where she is (0 cm) to
    as far as she may sail; none when no ship is at the helm."""
    if state.helm is None:
        return []
    s = state.ships[state.helm.ship]
    vx, vy = VECTORS[s.heading]
    return [
        to_px(s.x + vx * d, s.y + vy * d) for d in range((reach(state, state.helm.ship) or 0) + 1)
    ]


def _ring_reach(
    state: State, selected: str | None, targets: set[str], marks: list[str]
) -> dict[int, float]:
    """How far (px) from each ringed ship's centre her ring reaches, its line included: the
    selected ship's and a marked one's, and each target's (see :func:`draw`)."""
    reach_of: dict[int, float] = {}
    for rings, (r, width) in (
        ([selected, *marks], SELECTED_RING),
        (sorted(targets), TARGET_RING),
    ):
        for region in rings:
            if region and region.startswith("ship:") and 0 <= int(region[5:]) < len(state.ships):
                i = int(region[5:])
                reach_of[i] = max(reach_of.get(i, 0.0), r + width / 2)
    return reach_of


def _off_ring(box: Box, cx: float, cy: float, reach: float) -> float:
    """How badly ``box`` comes near a ring ``reach`` px round (cx, cy), within ``RING_GAP``,
    in px²: what it covers of the square round the ring and its gap (0 if it keeps clear)."""
    x = min(max(cx, box[0]), box[2])
    y = min(max(cy, box[1]), box[3])
    out = reach + RING_GAP
    if math.hypot(x - cx, y - cy) >= out - 1e-6:
        return 0.0
    return max(1.0, _overlap(box, (cx - out, cy - out, cx + out, cy + out)))


def _labels(
    state: State,
    t: Theme,
    steering: int | None = None,
    rings: dict[int, float] | None = None,
    running: bool = True,
) -> list[Line | Text]:
    """Every afloat ship's label where it covers no other label, no other ship, no shoal's
    name and no heading marker round the ship being ``steering`` (selected, her markers
    showing), comes no nearer than ``RING_GAP`` to any of the ``rings`` (ship: how far her
    ring reaches, px), and stays on the table: the first such place of ``_layouts``, or where
    there is none the one that covers least. Each ship in turn takes her best place among the
    labels placed so far; then each chooses again among all the others, until none moves (at
    most ``PASSES`` rounds): ships crowded together keep readable names. Each line has a halo
    of the sea's colour, so that a line under it (a range ring, the grid) stops short of its
    letters. Not ``running`` (a table waiting for players), no label says how far she sails.
    Returned, each label's thin line to her (if away from her usual place) before its lines
    of words, to be drawn after the ships."""
    rings = rings or {}
    afloat = [i for i, s in enumerate(state.ships) if s.afloat]
    hulls = {i: to_px(state.ships[i].x, state.ships[i].y) for i in afloat}
    outlines = {i: _outline(*hulls[i], state.ships[i].heading) for i in afloat}
    fixed = [
        _boxes([("shoal", 11, "", False)], [(*to_px(x, y), "center")])[0]
        for x, y, _ in state.shoals
    ]
    # the heading markers round the ship being steered are words too: as bad to cover as
    # another label; her own label may go beyond their ring
    marks = [
        (x - MARKER_R, y - MARKER_R, x + MARKER_R, y + MARKER_R)
        for _, x, y in _markers(state, steering)
    ]
    marks += [(x - 3, y - 3, x + 3, y + 3) for x, y in _run_dots(state)]
    ring = MARKER_AT + MARKER_R
    lines = {i: _label_lines(state, i, t, running) for i in afloat}
    circles = [(*to_px(state.ships[j].x, state.ships[j].y), r) for j, r in rings.items()]
    options = {}
    for i in afloat:
        own = rings[i] + RING_GAP if i in rings else 0
        lays = _layouts(*hulls[i], lines[i], ring if i == steering else 0, own)
        # a ship close by a ringed one may have no place clear of that ring: then the same
        # places again, out beyond every ring near her, and a line further
        near = [math.dist(hulls[i], (x, y)) + r + RING_GAP for x, y, r in circles]
        beyond = max((d for d in near if d < 4 * HULL_R), default=0.0)
        if beyond > own:
            lays += _layouts(*hulls[i], lines[i], 0, beyond)
            lays += _layouts(*hulls[i], lines[i], 0, beyond + LINE_H)
        options[i] = [(lay, _boxes(lines[i], lay)) for lay in lays]
    chosen: dict[int, int] = {}
    for sweep in range(PASSES + 1):
        moved = False
        for i in afloat:
            ships = [*fixed, *[outlines[j] for j in afloat if j != i]]
            labels = [box for j, k in chosen.items() if j != i for box in options[j][k][1]]
            labels += marks
            costs = [
                _cost(boxes, ships, labels)
                + 10 * sum(_off_ring(a, *c) for a in boxes for c in circles)
                for _, boxes in options[i]
            ]
            best = next((k for k, c in enumerate(costs) if c == 0), None)
            if best is None:
                best = min(range(len(costs)), key=costs.__getitem__)
            if sweep and costs[chosen[i]] <= costs[best]:
                continue  # no better place: she stays
            moved = moved or i in chosen
            chosen[i] = best
        if sweep and not moved:
            break
    ops: list[Line | Text] = []
    for i in afloat:
        layout, boxes = options[i][chosen[i]]
        if chosen[i]:  # away from her usual place: a thin line shows whose label it is
            cx, cy = hulls[i]
            x0, y0 = min(max(cx, boxes[0][0]), boxes[0][2]), min(max(cy, boxes[0][1]), boxes[0][3])
            ops.append(Line(cx, cy, x0, y0, t.text_muted, 1, alpha=0.6))
        for (text, size, fill, bold), (x, y, align) in zip(lines[i], layout, strict=True):
            ops.append(
                Text(x, y, text, size, fill, align, bold=bold, halo=t.sea, halo_width=LABEL_HALO)
            )
    return ops


def _cost(boxes: list[Box], ships: list[Box], labels: list[Box]) -> float:
    """How badly a label's ``boxes`` are placed, in px²: what they cover of other ships (and
    shoals' names), of other labels (three times as bad: words over words cannot be read),
    and what lies off the table (ten times as bad: words cut off cannot be read at all, and
    a crowd of ships near the edge pushed labels off it rather than onto a ring)."""
    cost = sum(_overlap(a, o) for a in boxes for o in ships)
    cost += 3 * sum(_overlap(a, o) for a in boxes for o in labels)
    return cost + 10 * sum((a[2] - a[0]) * (a[3] - a[1]) - _overlap(a, TABLE_BOX) for a in boxes)


def _outline(cx: float, cy: float, heading: int) -> Box:
    """The box round a ship's drawn hull."""
    xs, ys = zip(*_hull(cx, cy, heading), strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def _rings(b: SceneBuilder, state: State, i: int, t: Theme) -> None:
    """Ship ``i``'s range rings (4, 8 and 12 cm), on the pieces layer under the ships and
    their labels (over them, the rings crossed other ships' names)."""
    s = state.ships[i]
    cx, cy = to_px(s.x, s.y)
    for r in (4, 8, 12):
        b.add("pieces", Circle(cx, cy, r * PX, stroke=t.grid, line_width=1, alpha=0.7))


def _arcs(b: SceneBuilder, state: State, i: int, t: Theme) -> None:
    """Ship ``i``'s broadsides' arcs, shaded, on the pieces layer under the ships and their
    labels' words, over her rings and the labels' halos."""
    s = state.ships[i]
    cx, cy = to_px(s.x, s.y)
    for lo in (45, 225):
        pts = [(cx, cy)]
        for k in range(0, 91, 15):
            a = math.radians(45 * s.heading + lo + k)
            pts.append((cx + 12 * PX * math.sin(a), cy - 12 * PX * math.cos(a)))
        b.add("pieces", Polygon(tuple(pts), fill=t.highlight, alpha=0.18))


def draw(
    observation: State,
    theme: Theme | str | None = None,
    *,
    selected: str | None = None,
    targets: Iterable[str] = (),
    marks: Iterable[str] = (),
    not_running: str = "",
) -> Scene:
    """The Scene of the table; ``selected`` region, its legal next ``targets``, ``marks`` in red
    (a refused order); ``not_running`` ("waiting for players") stands, as words and not a
    button, where the button that ends the side to move's phase would, and no ship's label
    says how far she may sail meanwhile."""
    state = observation
    t = get_theme(theme)
    lit = set(targets)
    b = SceneBuilder(W, H, title="Age of Sail table", description=describe(state))
    _board(b, state, t)
    steering = _steering(state, selected)
    marks = list(marks)
    # labels keep clear of the rings drawn below (they crossed the name or the damage line)
    rings = _ring_reach(state, selected, lit, marks)
    labels = _labels(state, t, steering, rings, running=not not_running)
    if selected and selected.startswith("ship:") and 0 <= int(selected[5:]) < len(state.ships):
        _rings(b, state, int(selected[5:]), t)  # under the ships and their labels
        # the labels' halos alone (their shapes in the sea's colour), then the arcs' shade
        # over them: a halo in an arc is shaded as the sea round it, and one half in an arc
        # half out matches on both sides. A sea-coloured halo drawn over the shade outlined
        # each letter in paler sea, and the words looked smudged
        for op in labels:
            if isinstance(op, Text):
                b.add("pieces", replace(op, fill=t.sea))
        _arcs(b, state, int(selected[5:]), t)
        labels = [replace(op, halo=None) if isinstance(op, Text) else op for op in labels]
    for i in range(len(state.ships)):
        _ship(b, state, i, t)
    for op in labels:
        b.add("pieces", op)
    for region in [selected, *marks]:
        if region and region.startswith("ship:"):
            i = int(region[5:])
            if 0 <= i < len(state.ships):
                cx, cy = to_px(state.ships[i].x, state.ships[i].y)
                colour = t.selection if region == selected else t.danger
                r, width = SELECTED_RING
                b.add("overlay", Circle(cx, cy, r, stroke=colour, line_width=width))
    for region in lit:
        if region.startswith("ship:"):
            s = state.ships[int(region[5:])]
            cx, cy = to_px(s.x, s.y)
            r, width = TARGET_RING
            b.add("overlay", Circle(cx, cy, r, stroke=t.danger, line_width=width))
    for name, hx, hy in _markers(state, steering):
        ok = f"head:{name}" in lit
        b.add("overlay", Circle(hx, hy, MARKER_R, fill=t.ok if ok else t.miss, alpha=0.85))
        # white on green; dark on the pale marker of a heading she may not take
        b.add("overlay", Text(hx, hy, name, 11, "#ffffff" if ok else t.text, bold=True))
        b.circle_region(f"head:{name}", hx, hy, MARKER_R)
    if state.helm is not None:
        s = state.ships[state.helm.ship]
        for d, (px, py) in enumerate(_run_dots(state)):
            b.add("overlay", Circle(px, py, 3, fill=t.ok, alpha=0.9))
            b.circle_region(f"cm:{d}", px, py, 3.6)
        mid = TABLE_W * PX + PANEL / 2
        b.add("overlay", Text(mid, HINT_Y, f"{s.name}:", 11, t.text, bold=True))
        left = reach(state, state.helm.ship)
        # the dot on her is "0 cm": she stays where she is (no order buttons show meanwhile)
        how = f"click how far: up to {left} cm," if left else "she has no way left:"
        b.add("overlay", Text(mid, HINT_Y + 15, how, 11, t.text))
        b.add("overlay", Text(mid, HINT_Y + 30, "or her own dot to stay", 11, t.text))
    k = 0
    for name in BUTTONS:
        if f"cmd:{name}" in lit:
            x, y, w, h = _button_rect(k)
            b.add("overlay", Rect(x, y, w, h, fill=t.highlight, radius=5))
            b.add("overlay", Text(x + w / 2, y + h / 2, LABELS[name], 12, "#ffffff", bold=True))
            b.rect_region(f"cmd:{name}", x, y, w, h)
            k += 1
    # the key to the ships' labels ("P1 S0 M3 H3"), at the panel's foot, under the order
    # buttons (four at most are lit at once: ORDERS_Y + 4 x 34 < KEY_Y)
    mid = TABLE_W * PX + PANEL / 2
    for k, line in enumerate(KEY):
        b.add("overlay", Text(mid, KEY_Y + 14 * k, line, 11, t.text, bold=k == 0))
    if state.phase not in (OVER, CUT_LOOSE):  # locked ships decide first: no end yet
        x, y, w, h = TABLE_W * PX + 15, END_Y, PANEL - 30, 34
        if not_running:  # nobody may move: no phase to end, words in its place (no button)
            words = not_running[:1].upper() + not_running[1:]
            b.add("overlay", Text(x + w / 2, y + h / 2, words, 13, t.text, bold=True))
        else:
            b.add("overlay", Rect(x, y, w, h, fill=t.grid, radius=6))
            b.add("overlay", Text(x + w / 2, y + h / 2, end_label(state), 13, "#ffffff", bold=True))
            b.rect_region("end", x, y, w, h)
    return b.build()


def describe(state: State) -> str:
    """The table in words, for screen readers."""
    wind = wind_line(state.wind_from, state.config.wind_naming)
    parts = [f"Wind {wind}, force {state.wind_speed}."]
    parts += [f"Ship {i + 1} {_ship_words(state, i)}." for i in range(len(state.ships))]
    return " ".join(parts)


def _ship_words(state: State, i: int) -> str:
    """Ship ``i`` in words after her number: her name, flag, place, heading, guns, masts,
    hull and troubles, or her fate."""
    s = state.ships[i]
    if not s.afloat:
        fate = {"sunk": "sunk", "exploded": "blown up"}.get(s.status, s.status)
        return f"{s.name}: {fate}"
    flag = state.nations[s.side]
    extras = flagged(
        (
            ("on fire", s.fire),
            ("at anchor", s.anchored),
            ("aground", s.aground),
            (f"locked with {state.ships[s.entangled].name}", s.entangled >= 0),
        )
    )
    return (
        f"{s.name} ({'taken by ' if s.captured else ''}{flag}) at "
        f"{s.x:.0f},{s.y:.0f} cm heading {COMPASS[s.heading]} "
        f"({point_of_sail(s.heading, state.wind_from)}); gun decks port {s.decks[0]}, "
        f"starboard {s.decks[1]}; masts {sum(s.masts)}; hull {s.hull}"
        + "".join(f"; {word}" for word in extras)
    )


def region_words(state: State, region: str) -> str:
    """What a region of the table is, in words (render.games.region_words: where the
    keyboard's cursor is): a ship as the position in words says her, a heading marker with
    its point of sail, a dot of how far to sail, or a button."""
    kind, _, what = region.partition(":")
    if kind == "ship" and what.isdigit() and int(what) < len(state.ships):
        return f"ship {int(what) + 1}, {_ship_words(state, int(what))}"
    if kind == "head" and what in COMPASS:
        return f"the heading {what} ({point_of_sail(COMPASS.index(what), state.wind_from)})"
    if kind == "cm" and what.isdigit():
        return "her own dot: she stays where she is" if what == "0" else f"sail {what} cm"
    if kind == "cmd" and what in LABELS:
        return f"the {LABELS[what]} button"
    if region == "end":
        return f"the {end_label(state)} button"
    return ""
