"""Last Buoy drawn as data: a View becomes a Scene (a row of buoys, each one a click region).

No ipycanvas here: the render layer's adapters turn the Scene into SVG or a live canvas.
"""

from __future__ import annotations

from collections.abc import Iterable

from navalkit.render.scene import Circle, Rect, Scene, SceneBuilder, Text
from navalkit.render.theme import Theme, get_theme

from .data import SIDES, buoy_name
from .observe import View
from .rules import status

GAP, RADIUS, MARGIN = 40, 14, 30


def draw(
    view: View,
    theme: Theme | str | None = None,
    *,
    selected: str | None = None,
    targets: Iterable[str] = (),
    marks: Iterable[str] = (),
    not_running: str = "",
) -> Scene:
    """The row of buoys: swept ones faded, ``targets`` lit, ``marks`` (a refused click) red;
    ``not_running`` ("waiting for players": a table still filling) instead of whose turn."""
    t = get_theme(theme)
    total = view.config.buoys
    width = 2 * MARGIN + GAP * max(total - 1, 0) + 2 * RADIUS
    lit, marked = set(targets), set(marks)
    b = SceneBuilder(
        width,
        120,
        title="Last Buoy",
        description=f"{view.buoys} of {total} buoys left. {status(view)}",
    )
    b.add("board", Rect(0, 0, width, 120, fill=t.sea))
    b.add("board", Text(width / 2, 18, "harbour  ->  open sea", 13, t.text))
    for i in range(total):
        from_end = view.buoys - i  # buoys still in the row are numbered from the open end
        cx, cy = MARGIN + RADIUS + GAP * i, 64
        if from_end < 1:
            b.add("pieces", Circle(cx, cy, RADIUS, fill=t.sea_alt, stroke=t.grid, alpha=0.5))
            continue
        name = buoy_name(from_end)
        edge = t.danger if name in marked else t.selection if name == selected else t.grid
        fill = t.highlight if name in lit else t.player(0 if from_end % 2 else 1)
        b.add("pieces", Circle(cx, cy, RADIUS, fill=fill, stroke=edge, line_width=2))
        b.add("pieces", Text(cx, cy + RADIUS + 12, name, 11, t.text))
        b.circle_region(name, cx, cy, RADIUS + 4)
    who = "" if view.phase != "play" else not_running or f"{SIDES[view.to_move]} to sweep"
    b.add("overlay", Text(width / 2, 108, who, 12, t.text))
    return b.build()


def region_words(view: View, region: str) -> str:
    """What a region of the board is, in words (render.games.region_words: the play page
    says "Cursor on buoy 3 from the open sea." as the keyboard's arrows move), from what
    ``view`` shows; "" leaves the page to say the words drawn on the region (a button's)."""
    for from_end in range(1, view.buoys + 1):
        if buoy_name(from_end) == region:
            return f"buoy {from_end} from the open sea"
    return ""
