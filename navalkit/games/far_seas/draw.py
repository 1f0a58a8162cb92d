"""Far Seas drawn as data: a View becomes a Scene (no ipycanvas here).

A stylised world map from our own data: land masses as rough polygons, each sea area a disc
(region ``a<n>``) with its number, merchant density box and station anchors (``st<i>``), the
Rufiji box (``a33``) and the England box (``a0``). Counters are ship regions ``s<id>``;
order buttons along the bottom are ``btn:<word>``.
"""

from __future__ import annotations

from collections.abc import Iterable

from navalkit.render import Circle, Line, Polygon, Rect, Scene, SceneBuilder, Text, get_theme
from navalkit.render.theme import Theme

from .data import AREAS, PANAMA, RIVER, RUFIJI_AREA, SHIPS, STATIONS
from .observe import View
from .state import BOX_NAMES, CONVOY, MOVED, OVER, RIVER_BOX, STATION, UNKNOWN, WATCH, State

WIDTH, HEIGHT, BAR = 1160, 640, 70
R = 40  # area disc radius
CS = 11  # counter size
BUTTONS = (
    "squadron", "raid", "convoy", "surprise", "river", "leave", "home", "intern", "panama",
    "hold", "station", "watch", "some", "foreign", "end_search", "pass", "run", "fight",
)  # fmt: skip
LABELS = {
    "foreign": "non-British",
    "some": "pick searchers",
    "end_search": "end search",
    "squadron": "squadron",
}
LAND = (
    ((150, 60), (330, 40), (300, 110), (250, 190), (200, 250), (260, 290), (350, 330),
     (330, 420), (290, 560), (240, 540), (230, 420), (170, 300), (120, 200)),
    ((440, 20), (620, 10), (600, 150), (560, 170), (470, 170), (450, 110)),
    ((440, 250), (560, 240), (600, 280), (620, 330), (580, 450), (530, 520), (480, 470),
     (450, 360), (430, 300)),
    ((620, 10), (1000, 20), (960, 100), (900, 200), (820, 230), (730, 240), (660, 200),
     (600, 150)),
    ((800, 420), (900, 400), (930, 470), (880, 540), (800, 520)),
)  # fmt: skip


def area_xy(a: int) -> tuple[float, float]:
    if a == RIVER:
        x, y = AREAS[RUFIJI_AREA].x, AREAS[RUFIJI_AREA].y
        return x - 70, y + 30
    return AREAS[a].x, AREAS[a].y


def station_xy(i: int) -> tuple[float, float]:
    st = STATIONS[i]
    x, y = area_xy(st.area)
    k = [j for j, s in enumerate(STATIONS) if s.area == st.area].index(i)
    return x + R * 0.75 - 14 * k, y - R * 0.75


def button_rect(i: int) -> tuple[float, float, float, float]:
    w = WIDTH / len(BUTTONS)
    return i * w + 2, HEIGHT - BAR + 30, w - 4, 30


def _counter_xy(a: int, k: int) -> tuple[float, float]:
    x, y = area_xy(a)
    per = 6
    row, col = divmod(k, per)
    return x - per * (CS + 1) / 2 + col * (CS + 1), y - 6 + row * (CS + 1)


def region_xy(region: str) -> tuple[float, float] | None:
    """The centre of a click region (for selection and target marks)."""
    if region.startswith("a") and region[1:].isdigit():
        return area_xy(int(region[1:]))
    if region.startswith("st") and region[2:].isdigit():
        return station_xy(int(region[2:]))
    if region.startswith("btn:") and region[4:] in BUTTONS:
        x, y, w, h = button_rect(BUTTONS.index(region[4:]))
        return x + w / 2, y + h / 2
    return None


def _map(b: SceneBuilder, t: Theme) -> None:
    b.add("board", Rect(0, 0, WIDTH, HEIGHT, fill=t.sea))
    for poly in LAND:
        b.add("board", Polygon(poly, fill=t.land, stroke=t.grid, line_width=0.5))
    for a in AREAS:
        for n in a.adjacent:
            if n > a.num and {a.num, n} != set(PANAMA):
                x2, y2 = area_xy(n)
                b.add("board", Line(a.x, a.y, x2, y2, t.grid, 1.0, alpha=0.6))
    for end, dx, label in ((PANAMA[0], -60, "Panama → 31"), (PANAMA[1], 40, "Panama → 6")):
        x, y = area_xy(end)
        b.add("board", Line(x, y, x + dx, y + 50, t.grid, 1.0, (5.0, 4.0)))
        b.add("board", Text(x + dx, y + 58, label, 9, t.text, bold=True))
    for a in AREAS:
        if a.num == 0:
            b.add("board", Rect(a.x - 45, a.y - 22, 90, 44, fill=t.sea_alt, stroke=t.grid))
            b.add("board", Text(a.x, a.y - 14, "England", 10, t.text, bold=True))
            continue
        fill = t.sea_alt if a.neutral else "#e4f0f8"
        b.add("board", Circle(a.x, a.y, R, fill=fill, stroke=t.grid, line_width=1.2))
        b.add("board", Text(a.x - R * 0.55, a.y - R * 0.62, str(a.num), 12, t.text, bold=True))
        b.add("board", Rect(a.x - 8, a.y - R + 3, 16, 14, fill="#ffffff", stroke=t.text))
        b.add("board", Text(a.x, a.y - R + 10, str(a.density), 10, t.text, bold=True))
        b.add("board", Text(a.x, a.y + R - 7, a.name[:18], 8, t.text_muted))
        if a.neutral:
            b.add("board", Text(a.x + R * 0.2, a.y + R - 17, "neutral", 7, t.text_muted))
    rx, ry = area_xy(RIVER)
    b.add("board", Rect(rx - 30, ry - 16, 60, 32, fill="#9fc29a", stroke=t.grid))
    b.add("board", Text(rx, ry - 9, "Rufiji", 9, t.text, bold=True))
    for i, st in enumerate(STATIONS):
        x, y = station_xy(i)
        b.add("board", Circle(x, y, 6, fill="#c62828", stroke="#ffffff"))
        b.add("board", Text(x, y, str(st.vp), 8, "#ffffff", bold=True))


def _counters(b: SceneBuilder, t: Theme, state: State) -> None:
    at: dict[int, list[int]] = {}
    for s in SHIPS:
        a, box = state.loc[s.id], state.box[s.id]
        if a < 0 or a == UNKNOWN or box == UNKNOWN:
            continue
        if box in (RIVER_BOX, WATCH):
            a = RIVER if box == RIVER_BOX or s.side == 0 else a
        at.setdefault(a, []).append(s.id)
    for a, ships in at.items():
        ships.sort(key=lambda i: (SHIPS[i].side, state.box[i], i))
        for k, i in enumerate(ships[:30]):
            x, y = _counter_xy(a, k)
            box = state.box[i]
            colour = t.player(1) if SHIPS[i].side == 0 else t.player(0)
            edge = {MOVED: "#ffffff", CONVOY: t.ok, STATION: t.warning, WATCH: t.ok}.get(
                box, "#000000"
            )
            b.add("pieces", Rect(x, y, CS, CS, fill=colour, stroke=edge, line_width=1.5))
            if SHIPS[i].side == 0:
                b.add("pieces", Text(x + CS / 2, y + CS / 2, SHIPS[i].name[0], 8, "#ffffff"))
            b.rect_region(f"s{i}", x, y, CS, CS)


def _bar(b: SceneBuilder, t: Theme, view: View) -> None:
    state = view.state
    b.add("overlay", Rect(0, HEIGHT - BAR, WIDTH, BAR, fill=t.background))
    g, a = sum(state.gvp), state.avp
    seen = "teacher's view" if view.viewer is None else ("German view", "Allied view")[view.viewer]
    head = f"Turn {state.turn}/{state.config.turns} · {state.phase} · {seen} · "
    head += f"Allies {a} VP · Germany {g if view.viewer != 1 or state.phase == OVER else '?'} VP"
    b.add("overlay", Text(8, HEIGHT - BAR + 14, head, 12, t.text, align="left", bold=True))
    legend = "white edge: Moved box · green: convoy/river watch · orange: on station · red: raider"
    b.add("overlay", Text(WIDTH - 8, HEIGHT - BAR + 14, legend, 10, t.text_muted, align="right"))
    for i, word in enumerate(BUTTONS):
        x, y, w, h = button_rect(i)
        b.add("overlay", Rect(x, y, w, h, fill="#ffffff", stroke=t.grid, radius=4))
        label = LABELS.get(word, word)
        b.add("overlay", Text(x + w / 2, y + h / 2, label, 9, t.text))
        b.rect_region(f"btn:{word}", x, y, w, h)


def draw(
    observation: View | State,
    theme: Theme | str | None = None,
    *,
    selected: str | None = None,
    targets: Iterable[str] = (),
    marks: Iterable[str] = (),
) -> Scene:
    """The Scene for a seat's view, with the ``selected`` region, legal next ``targets``
    (green) and refused ``marks`` (red)."""
    view = observation if isinstance(observation, View) else View(observation, None)
    state = view.state
    t = get_theme(theme)
    b = SceneBuilder(WIDTH, HEIGHT, title="Far Seas map", description=describe(view))
    _map(b, t)
    for a in AREAS:
        if a.num == 0:
            b.rect_region("a0", a.x - 45, a.y - 22, 90, 44)
        else:
            b.circle_region(f"a{a.num}", a.x, a.y, R)
    rx, ry = area_xy(RIVER)
    b.rect_region(f"a{RIVER}", rx - 30, ry - 16, 60, 32)
    for i in range(len(STATIONS)):
        x, y = station_xy(i)
        b.circle_region(f"st{i}", x, y, 7)
    _counters(b, t, state)
    _bar(b, t, view)
    ships = _ship_xy(state)
    for region, colour, width in (
        *((m, t.danger, 3.0) for m in marks),
        *((g, t.ok, 2.5) for g in targets),
        *(((selected, t.selection, 3.0),) if selected else ()),
    ):
        xy = ships.get(region) or region_xy(region)
        if xy is not None:
            rad = CS if region in ships else 14
            b.add("overlay", Circle(xy[0], xy[1], rad, stroke=colour, line_width=width))
    return b.build()


def _ship_xy(state: State) -> dict[str, tuple[float, float]]:
    b = SceneBuilder(WIDTH, HEIGHT)
    _counters(b, get_theme(None), state)
    out = {}
    for r in b.build().regions:
        x, y, w, h = r.data
        out[r.id] = (x + w / 2, y + h / 2)
    return out


def describe(view: View) -> str:
    """The position in words, for screen readers and the text view of the map."""
    state = view.state
    parts = [f"Turn {state.turn} of {state.config.turns}."]
    german = []
    for s in SHIPS:
        if s.side != 0:
            continue
        a, box = state.loc[s.id], state.box[s.id]
        if a == UNKNOWN:
            german.append(f"{s.name} (position unknown)")
        else:
            where = f"area {a}" if a >= 0 else ""
            german.append(f"{s.name} {BOX_NAMES[box]} {where}".strip())
    parts.append("German ships: " + "; ".join(german) + ".")
    counts: dict[int, int] = {}
    for s in SHIPS:
        if s.side == 1 and state.loc[s.id] >= 0:
            counts[state.loc[s.id]] = counts.get(state.loc[s.id], 0) + 1
    parts.append(
        "Allied ships by area: " + ", ".join(f"{a}: {n}" for a, n in sorted(counts.items())) + "."
    )
    raided = [STATIONS[i].name for i in sorted(state.raided)]
    if raided:
        parts.append("Stations raided: " + ", ".join(raided) + ".")
    return " ".join(parts)
