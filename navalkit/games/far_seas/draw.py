"""Far Seas drawn as data: a View becomes a Scene (no ipycanvas here).

A stylised world map from our own data: land masses as rough polygons, each sea area a disc
(region ``a<n>``) with its number, merchant density box, station anchors (``st<i>``) and a
short name below it, the Rufiji box (``a33``) and the England box (``a0``). Counters are ship
regions ``s<id>``. A panel on the right holds the turn and score, the order buttons
(``btn:<word>``) and the legend. Every text is at least 11 px (issue 17); the discs sit where
``data.AREAS`` puts them, spread a little (``SPOTS``) so that no name or disc covers another.
"""

from __future__ import annotations

from collections.abc import Iterable

from navalkit.render import Circle, Line, Polygon, Rect, Scene, SceneBuilder, Text, get_theme
from navalkit.render.theme import Theme

from .actions import area_name
from .data import AREAS, PANAMA, RIVER, SHIPS, STATIONS
from .observe import View
from .state import (
    A_RUN,
    ALLY,
    CHANCE,
    CONVOY,
    G_RUN,
    HOME,
    INTERNED,
    MOVED,
    OVER,
    RIVER_BOX,
    SEARCH,
    START,
    STATION,
    SUNK,
    UNKNOWN,
    WATCH,
    State,
)
from .state import GERMAN as GERMAN_PHASE

MAP_W, PANEL = 1160, 180
WIDTH, HEIGHT = MAP_W + PANEL, 640
R = 40  # area disc radius
CS = 12  # counter size (a German counter carries its initial, 11 px)
PITCH = CS + 1
MIN_TEXT = 11  # no text on the board is smaller (px at 100 % zoom)
BUTTONS = (
    "squadron", "raid", "convoy", "surprise", "river", "leave", "home", "intern", "panama",
    "hold", "station", "watch", "some", "foreign", "end_search", "pass", "run", "fight",
)  # fmt: skip
LABELS = {
    "foreign": "non-British",
    "some": "pick ships",
    "end_search": "end search",
    "squadron": "squadron",
}
#: the short name printed under each area's disc (the full name is in the words view)
SHORT = {
    1: "North Sea", 2: "Norway", 3: "W. Approaches", 4: "N. Atlantic", 5: "US East Coast",
    6: "Caribbean", 7: "Canaries", 8: "West Africa", 9: "North Brazil", 10: "S. Atlantic",
    11: "River Plate", 12: "Falklands", 13: "Gulf of Guinea", 14: "SW Africa", 15: "Cape",
    16: "Gibraltar", 17: "Red Sea", 18: "Arabian Sea", 19: "East Indies", 20: "S. China Sea",
    21: "Bay of Bengal", 22: "Indian Ocean", 23: "East Africa", 24: "Chile", 25: "Australia",
    26: "China Seas", 27: "Japan", 28: "C. Pacific", 29: "New Guinea", 30: "SW Pacific",
    31: "E. Pacific", 32: "E. Med",
}  # fmt: skip
#: where each disc is drawn: data.AREAS's spot (y stretched by 1.12 to fill the map's
#: height) moved apart so that discs and names never overlap; 33 is the Rufiji box
SPOTS = {
    0: (614, 103), 1: (508, 146), 2: (440, 46), 3: (417, 147), 4: (327, 147), 5: (230, 168),
    6: (208, 268), 7: (379, 248), 8: (420, 348), 9: (294, 344), 10: (381, 449),
    11: (295, 473), 12: (270, 574), 13: (510, 370), 14: (467, 471), 15: (540, 571),
    16: (464, 247), 17: (632, 294), 18: (715, 344), 19: (830, 411), 20: (889, 310),
    21: (801, 310), 22: (707, 456), 23: (621, 422), 24: (180, 501), 25: (850, 523),
    26: (877, 210), 27: (963, 176), 28: (1007, 299), 29: (940, 411), 30: (1010, 523),
    31: (1093, 366), 32: (548, 247), 33: (544, 462),
}  # fmt: skip
ENGLAND_W, ENGLAND_H = 112, 74
RIVER_W, RIVER_H = 64, 36
_LAND = (
    ((150, 60), (330, 40), (300, 110), (250, 190), (200, 250), (260, 290), (350, 330),
     (330, 420), (290, 560), (240, 540), (230, 420), (170, 300), (120, 200)),
    ((440, 20), (620, 10), (600, 150), (560, 170), (470, 170), (450, 110)),
    ((440, 250), (560, 240), (600, 280), (620, 330), (580, 450), (530, 520), (480, 470),
     (450, 360), (430, 300)),
    ((620, 10), (1000, 20), (960, 100), (900, 200), (820, 230), (730, 240), (660, 200),
     (600, 150)),
    ((800, 420), (900, 400), (930, 470), (880, 540), (800, 520)),
)  # fmt: skip
LAND = tuple(tuple((x, round(y * 1.12 + 8)) for x, y in poly) for poly in _LAND)
PHASES = {
    ALLY: "Allied move",
    GERMAN_PHASE: "German order",
    SEARCH: "Allied search",
    G_RUN: "Germany: run or fight?",
    A_RUN: "Allies: run or fight?",
    CHANCE: "a die is rolled",
    OVER: "game over",
}
#: the panel's legend: (swatch, words)
LEGEND = (
    ("german", "German ship (initial)"),
    ("allied", "Allied ship"),
    ("moved", "white edge: moved"),
    ("convoy", "green: convoy or watch"),
    ("station", "orange: on station"),
    ("anchor", "station: VP if raided"),
    ("density", "merchants in the area"),
    ("neutral", "shaded: neutral coast"),
)


def area_xy(a: int) -> tuple[float, float]:
    """The centre of area ``a``'s disc (or box: England, the Rufiji)."""
    x, y = SPOTS[a]
    return float(x), float(y)


def station_xy(i: int) -> tuple[float, float]:
    st = STATIONS[i]
    x, y = area_xy(st.area)
    k = [j for j, s in enumerate(STATIONS) if s.area == st.area].index(i)
    return x + 30 - 17 * k, y - 29


def button_rect(i: int) -> tuple[float, float, float, float]:
    """The order buttons: two columns of nine in the panel."""
    col, row = divmod(i, 9)
    w = (PANEL - 18) / 2
    return MAP_W + 6 + col * (w + 6), 106 + row * 32, w, 27


def _counter_xy(a: int, k: int, n: int) -> tuple[float, float]:
    """The top-left corner of the ``k``-th of ``n`` counters in area ``a``: rows of six
    (eight in England) under the disc's number, squeezed closer when there are many."""
    x, y = area_xy(a)
    per, top, width = 6, y - 14, 6 * PITCH
    if a == 0:
        per, top, width = 8, y - 17, 8 * PITCH
    elif a == RIVER:
        per, top, width = 4, y, 4 * PITCH
    rows = -(-n // per)
    if a not in (0, RIVER) and rows > 4:  # a crowd: wider rows that overlap a little
        per = -(-n // 4)
    pitch = min(PITCH, (width - CS) / max(per - 1, 1))
    row, col = divmod(k, per)
    return x - width / 2 + col * pitch, top + row * PITCH


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


def _disc_fill(t: Theme, neutral: bool) -> str:
    if neutral:
        return t.sea_alt
    return "#e4f0f8" if t.name == "classic" else t.sea


def _map(b: SceneBuilder, t: Theme) -> None:
    b.add("board", Rect(0, 0, MAP_W, HEIGHT, fill=t.sea))
    for poly in LAND:
        b.add("board", Polygon(poly, fill=t.land, stroke=t.grid, line_width=0.5))
    for a in AREAS:
        x1, y1 = area_xy(a.num)
        for n in a.adjacent:
            if n > a.num and {a.num, n} != set(PANAMA):
                x2, y2 = area_xy(n)
                b.add("board", Line(x1, y1, x2, y2, t.grid, 1.0, alpha=0.6))
    for end, (dx, dy), label in (
        (PANAMA[0], (-62, 62), "Panama → 31"),
        (PANAMA[1], (14, 82), "Panama → 6"),
    ):
        x, y = area_xy(end)
        b.add("board", Line(x, y, x + dx, y + dy, t.grid, 1.0, (5.0, 4.0)))
        b.add("board", Text(x + dx, y + dy + 9, label, MIN_TEXT, t.text, bold=True))
    ex, ey = area_xy(0)
    b.add(
        "board",
        Rect(ex - ENGLAND_W / 2, ey - ENGLAND_H / 2, ENGLAND_W, ENGLAND_H, fill=t.sea_alt,
             stroke=t.grid),
    )  # fmt: skip
    b.add("board", Text(ex, ey - ENGLAND_H / 2 + 9, "England", 12, t.text, bold=True))
    for a in AREAS:
        if a.num == 0:
            continue
        x, y = area_xy(a.num)
        b.add(
            "board", Circle(x, y, R, fill=_disc_fill(t, a.neutral), stroke=t.grid, line_width=1.2)
        )
        b.add("board", Text(x - 23, y - 23, str(a.num), 12, t.text, bold=True))
        b.add("board", Rect(x - 13, y - R + 2, 17, 15, fill=t.background, stroke=t.text))
        b.add("board", Text(x - 4.5, y - R + 10, str(a.density), MIN_TEXT, t.text, bold=True))
    for a in AREAS:  # names last, so that no line or disc covers one
        if a.num == 0:
            continue
        x, y = area_xy(a.num)
        name = SHORT[a.num]
        half = len(name) * 3.1 + 3
        b.add("board", Rect(x - half, y + R + 1, 2 * half, 15, fill=t.sea, radius=3, alpha=0.85))
        b.add("board", Text(x, y + R + 9, name, MIN_TEXT, t.text))
    rx, ry = area_xy(RIVER)
    b.add(
        "board",
        Rect(rx - RIVER_W / 2, ry - RIVER_H / 2, RIVER_W, RIVER_H, fill="#9fc29a", stroke=t.grid),
    )
    b.add("board", Text(rx, ry - RIVER_H / 2 + 9, "Rufiji", MIN_TEXT, "#1b2a3a", bold=True))
    for i, st in enumerate(STATIONS):
        x, y = station_xy(i)
        b.add("board", Circle(x, y, 8, fill="#c62828", stroke="#ffffff"))
        b.add("board", Text(x, y + 0.5, str(st.vp), MIN_TEXT, "#ffffff", bold=True))


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
        shown = ships[:30]
        # last first: where a crowd squeezes the counters, each covers only the edge of the
        # next, and the raiders (sorted first) stay on top with their initials
        for k, i in reversed(list(enumerate(shown))):
            x, y = _counter_xy(a, k, len(shown))
            b.add("pieces", _counter(t, SHIPS[i].side, state.box[i], x, y))
            if SHIPS[i].side == 0:
                b.add(
                    "pieces",
                    Text(x + CS / 2, y + CS / 2 + 0.5, SHIPS[i].name[0], MIN_TEXT, "#ffffff",
                         bold=True),
                )  # fmt: skip
            b.rect_region(f"s{i}", x, y, CS, CS)


def _counter(t: Theme, side: int, box: int, x: float, y: float) -> Rect:
    colour = t.player(1) if side == 0 else t.player(0)
    edge = {MOVED: "#ffffff", CONVOY: t.ok, STATION: t.warning, WATCH: t.ok}.get(box, "#000000")
    return Rect(x, y, CS, CS, fill=colour, stroke=edge, line_width=1.5)


def _panel(b: SceneBuilder, t: Theme, view: View, not_running: str = "") -> None:
    """The right-hand panel: turn, step (or ``not_running``), whose view, score; the order
    buttons; the legend."""
    state = view.state
    x0 = MAP_W + 8
    b.add("overlay", Rect(MAP_W, 0, PANEL, HEIGHT, fill=t.background))
    b.add("overlay", Line(MAP_W, 0, MAP_W, HEIGHT, t.grid, 1.0))
    g, a = sum(state.gvp), state.avp
    seen = "Teacher's view" if view.viewer is None else ("German view", "Allied view")[view.viewer]
    german = f"{g} VP" if view.viewer != 1 or state.phase == OVER else "? VP (secret)"
    lines = (
        (f"Turn {state.turn} of {state.config.turns}", 14, True),
        (
            not_running[:1].upper() + not_running[1:] or PHASES.get(state.phase, state.phase),
            12,
            False,
        ),
        (seen, 12, False),
        (f"Germany {german}", 13, True),
        (f"Allies {a} VP", 13, True),
    )
    for k, (words, size, bold) in enumerate(lines):
        b.add("overlay", Text(x0, 14 + 18 * k, words, size, t.text, align="left", bold=bold))
    for i, word in enumerate(BUTTONS):
        x, y, w, h = button_rect(i)
        b.add("overlay", Rect(x, y, w, h, fill="#ffffff", stroke=t.grid, radius=4))
        b.add("overlay", Text(x + w / 2, y + h / 2 + 0.5, LABELS.get(word, word), 12, "#1b2a3a"))
        b.rect_region(f"btn:{word}", x, y, w, h)
    top = button_rect(8)[1] + 48
    b.add("overlay", Text(x0, top, "Key", 13, t.text, align="left", bold=True))
    for k, (swatch, words) in enumerate(LEGEND):
        y = top + 20 + 19 * k
        _swatch(b, t, swatch, x0 + 7, y)
        b.add("overlay", Text(x0 + 20, y, words, 12, t.text, align="left"))


def _swatch(b: SceneBuilder, t: Theme, kind: str, x: float, y: float) -> None:
    """A small sample of what a legend line explains, centred on (x, y)."""
    boxes = {"german": (0, 0), "allied": (1, 0), "moved": (1, MOVED), "convoy": (1, CONVOY),
             "station": (1, STATION)}  # fmt: skip
    if kind in boxes:
        side, box = boxes[kind]
        b.add("overlay", Rect(x - 9, y - 9, 18, 18, fill=t.sea))
        b.add("overlay", _counter(t, side, box, x - CS / 2, y - CS / 2))
    elif kind == "anchor":
        b.add("overlay", Circle(x, y, 7, fill="#c62828", stroke="#ffffff"))
    elif kind == "density":
        b.add("overlay", Rect(x - 7, y - 7, 14, 14, fill=t.background, stroke=t.text))
    else:
        b.add("overlay", Circle(x, y, 7, fill=_disc_fill(t, True), stroke=t.grid))


def draw(
    observation: View | State,
    theme: Theme | str | None = None,
    *,
    selected: str | None = None,
    targets: Iterable[str] = (),
    marks: Iterable[str] = (),
    not_running: str = "",
) -> Scene:
    """The Scene for a seat's view, with the ``selected`` region, legal next ``targets``
    (green) and refused ``marks`` (red); ``not_running`` ("waiting for players") stands
    instead of the step, which says who moves."""
    view = observation if isinstance(observation, View) else View(observation, None)
    state = view.state
    t = get_theme(theme)
    b = SceneBuilder(WIDTH, HEIGHT, title="Far Seas map", description=describe(view))
    _map(b, t)
    ex, ey = area_xy(0)
    b.rect_region("a0", ex - ENGLAND_W / 2, ey - ENGLAND_H / 2, ENGLAND_W, ENGLAND_H)
    for a in AREAS[1:]:
        b.circle_region(f"a{a.num}", *area_xy(a.num), R)
    rx, ry = area_xy(RIVER)
    b.rect_region(f"a{RIVER}", rx - RIVER_W / 2, ry - RIVER_H / 2, RIVER_W, RIVER_H)
    for i in range(len(STATIONS)):
        x, y = station_xy(i)
        b.circle_region(f"st{i}", x, y, 8)
    _counters(b, t, state)
    _panel(b, t, view, not_running)
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


#: where a ship out of play is, in words
_GONE = {SUNK: "sunk", INTERNED: "interned", HOME: "gone home"}


#: where a German ship at sea stands on its side's display, in words (its "moved box" meant
#: nothing to a student)
_BOX_WORDS = {
    START: "yet to move this turn",
    MOVED: "moved this turn",
    CONVOY: "on a convoy",
    STATION: "on station",
    RIVER_BOX: "up a river",
    WATCH: "on watch",
}


def region_words(view: View, region: str) -> str:
    """What a region of the map is, in words (render.games.region_words: where the
    keyboard's cursor is): an area, a station and whether it was raided, a ship with her
    side and where she stands, as ``view`` shows her, or an order button."""
    state = view.state
    if region.startswith("btn:"):
        word = region[4:]
        return f"the {LABELS.get(word, word)} button" if word in BUTTONS else ""
    kind = region.rstrip("0123456789")
    if kind == region or kind not in ("a", "st", "s"):
        return ""
    n = int(region[len(kind) :])
    if kind == "a":
        return area_name(n)
    if kind == "st":
        if not 0 <= n < len(STATIONS):
            return ""
        st = STATIONS[n]
        raided = "raided" if n in state.raided else f"worth {st.vp} VP if raided"
        return f"the station of {st.name} in {area_name(st.area)}, {raided}"
    if not 0 <= n < len(SHIPS):
        return ""
    ship = SHIPS[n]
    side = "German raider" if ship.side == 0 else "Allied ship"
    return f"{ship.name}, {side}: {_where(state, n)}"


def _where(state: State, ship: int) -> str:
    """Where ``ship`` stands as the position shows her: an area and her place on her side's
    display, her fate, or "position unknown" (a raider the Allies have not found)."""
    a, box = state.loc[ship], state.box[ship]
    if a == UNKNOWN:
        return "position unknown"
    if box in _GONE:
        return _GONE[box]
    return area_name(a) + ("" if a == RIVER else f", {_BOX_WORDS.get(box, '')}")


def describe(view: View) -> str:
    """The position in words, for screen readers and the text view of the map: where each
    German ship is (or that the viewer does not know), and how many Allied ships each area
    holds, by the names the map shows."""
    state = view.state
    parts = [f"Turn {state.turn} of {state.config.turns}."]
    german = []
    for s in SHIPS:
        if s.side != 0:
            continue
        german.append(f"{s.name}: {_where(state, s.id)}")
    parts.append("German ships: " + "; ".join(german) + ".")
    counts: dict[int, int] = {}
    for s in SHIPS:
        if s.side == 1 and state.loc[s.id] >= 0:
            counts[state.loc[s.id]] = counts.get(state.loc[s.id], 0) + 1
    parts.append(
        "Allied ships: "
        + "; ".join(f"{n} in {area_name(a)}" for a, n in sorted(counts.items()))
        + "."
    )
    raided = [STATIONS[i].name for i in sorted(state.raided)]
    if raided:
        parts.append("Stations raided: " + ", ".join(raided) + ".")
    return " ".join(parts)
