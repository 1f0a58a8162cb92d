"""Rendering as data: a Scene is named layers of frozen draw ops plus clickable regions.

Games build Scenes in ``draw.py``; the adapters replay them (``svg.py`` for notebooks, docs and
goldens, ``canvas.py`` for live ipycanvas boards). Every class here is frozen, slotted, hashable
and compared by value, so a renderer can tell which layer changed with ``==``.
This module never imports ipycanvas or ipywidgets.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeAlias

from .geometry import (
    Point,
    Points,
    as_points,
    bounds,
    point_in_circle,
    point_in_polygon,
    point_in_rect,
)
from .text import BOARD_FONT, text_width

DEFAULT_LAYERS: tuple[str, ...] = ("board", "pieces", "overlay")
"""The usual layers, bottom to top: static board, pieces, and a cheap-to-redraw overlay."""

Align: TypeAlias = Literal["left", "center", "right"]
Baseline: TypeAlias = Literal["top", "middle", "bottom", "alphabetic"]
RegionKind: TypeAlias = Literal["rect", "polygon", "circle"]

ALIGNS: frozenset[str] = frozenset({"left", "center", "right"})
BASELINES: frozenset[str] = frozenset({"top", "middle", "bottom", "alphabetic"})
REGION_KINDS: frozenset[str] = frozenset({"rect", "polygon", "circle"})


def _check_style(op: object, line_width: float, alpha: float) -> None:
    """Refuse style values no adapter can draw, naming the op that carries them."""
    if not (line_width >= 0 and math.isfinite(line_width)):
        raise ValueError(f"line_width must be a finite number >= 0 in {op!r}")
    if not 0.0 <= alpha <= 1.0:
        raise ValueError(f"alpha must be between 0 and 1 in {op!r}")


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle, optionally with rounded corners of ``radius`` pixels."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    radius: float = 0.0
    alpha: float = 1.0

    def __post_init__(self) -> None:
        _check_style(self, self.line_width, self.alpha)
        if self.radius < 0:
            raise ValueError(f"radius must be >= 0 in {self!r}")


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle centred on ``(cx, cy)`` with radius ``r``."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    alpha: float = 1.0

    def __post_init__(self) -> None:
        _check_style(self, self.line_width, self.alpha)
        if self.r < 0:
            raise ValueError(f"radius must be >= 0 in {self!r}")


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon through ``points`` (lists are turned into tuples, so it stays hashable)."""

    points: Points
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    alpha: float = 1.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", as_points(self.points))
        if len(self.points) < 3:
            raise ValueError(f"a polygon needs at least 3 points, got {len(self.points)}")
        _check_style(self, self.line_width, self.alpha)


@dataclass(frozen=True, slots=True)
class Line:
    """A straight segment; ``dash`` is a canvas/SVG dash pattern such as ``(4, 2)``."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    line_width: float = 1.0
    dash: tuple[float, ...] = ()
    alpha: float = 1.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "dash", tuple(float(d) for d in self.dash))
        if any(d < 0 for d in self.dash):
            raise ValueError(f"dash lengths must be >= 0 in {self!r}")
        _check_style(self, self.line_width, self.alpha)


@dataclass(frozen=True, slots=True)
class Text:
    """A one-line label anchored at ``(x, y)`` by ``align`` and ``baseline``; size in pixels.

    A ``halo`` colour draws an outline ``halo_width`` px wide round each letter under it, in a
    colour the words stand out on (the sea's): a line drawn under a label (a range ring) then
    stops short of its letters, which stay readable whatever is under them.
    """

    x: float
    y: float
    text: str
    size: float = 12.0
    fill: str = "#000"
    align: Align = "center"
    baseline: Baseline = "middle"
    bold: bool = False
    font: str = BOARD_FONT
    alpha: float = 1.0
    halo: str | None = None
    halo_width: float = 3.0

    def __post_init__(self) -> None:
        if not (self.halo_width >= 0 and math.isfinite(self.halo_width)):
            raise ValueError(f"halo_width must be a finite number >= 0 in {self!r}")
        if self.align not in ALIGNS:
            raise ValueError(f"align must be one of {sorted(ALIGNS)}, not {self.align!r}")
        if self.baseline not in BASELINES:
            raise ValueError(f"baseline must be one of {sorted(BASELINES)}, not {self.baseline!r}")
        if self.size <= 0:
            raise ValueError(f"text size must be > 0 in {self!r}")
        _check_style(self, 1.0, self.alpha)


Op: TypeAlias = Rect | Circle | Polygon | Line | Text
"""Any draw op."""


@dataclass(frozen=True, slots=True)
class Layer:
    """A named, ordered tuple of draw ops; one canvas (or one SVG group) per layer."""

    name: str
    ops: tuple[Op, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "ops", tuple(self.ops))


@dataclass(frozen=True, slots=True)
class Region:
    """A clickable area named ``id``: ``rect`` data is ``(x, y, w, h)``, ``circle`` data is
    ``(cx, cy, r)``, ``polygon`` data is the points."""

    id: str
    kind: RegionKind
    data: tuple[Any, ...]

    def __post_init__(self) -> None:
        if self.kind not in REGION_KINDS:
            raise ValueError(
                f"region kind must be one of {sorted(REGION_KINDS)}, not {self.kind!r}"
            )
        if self.kind == "polygon":
            object.__setattr__(self, "data", as_points(self.data))
            if len(self.data) < 3:
                raise ValueError(f"polygon region {self.id!r} needs at least 3 points")
        else:
            want = 4 if self.kind == "rect" else 3
            data = tuple(float(v) for v in self.data)
            if len(data) != want:
                raise ValueError(f"{self.kind} region {self.id!r} needs {want} numbers, got {data}")
            object.__setattr__(self, "data", data)

    def contains(self, x: float, y: float) -> bool:
        """True if ``(x, y)`` falls inside this region (borders included)."""
        if self.kind == "rect":
            rx, ry, rw, rh = self.data
            return point_in_rect(x, y, rx, ry, rw, rh)
        if self.kind == "circle":
            cx, cy, r = self.data
            return point_in_circle(x, y, cx, cy, r)
        return point_in_polygon(x, y, self.data)

    def box(self) -> tuple[float, float, float, float]:
        """The bounding box ``(x, y, w, h)`` (for a keyboard cursor or a focus ring)."""
        if self.kind == "rect":
            rx, ry, rw, rh = self.data
            return rx, ry, rw, rh
        if self.kind == "circle":
            cx, cy, r = self.data
            return cx - r, cy - r, 2 * r, 2 * r
        x0, y0, x1, y1 = bounds(self.data)
        return x0, y0, x1 - x0, y1 - y0


@dataclass(frozen=True, slots=True)
class Scene:
    """A whole picture: pixel size, layers bottom to top, click regions and accessible text.

    ``title`` and ``description`` become the SVG ``<title>``/``<desc>`` read by screen readers.
    """

    width: int
    height: int
    layers: tuple[Layer, ...]
    regions: tuple[Region, ...] = ()
    title: str = ""
    description: str = ""

    def __post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0:
            raise ValueError(f"scene size must be positive, not {self.width}x{self.height}")
        object.__setattr__(self, "layers", tuple(self.layers))
        object.__setattr__(self, "regions", tuple(self.regions))
        names = [layer.name for layer in self.layers]
        if len(set(names)) != len(names):
            raise ValueError(f"layer names must be unique, got {names}")

    @property
    def layer_names(self) -> tuple[str, ...]:
        """The layer names, bottom to top."""
        return tuple(layer.name for layer in self.layers)

    def layer(self, name: str) -> Layer:
        """The layer called ``name``; raises KeyError naming the known layers otherwise."""
        for layer in self.layers:
            if layer.name == name:
                return layer
        raise KeyError(f"no layer {name!r} in scene (layers: {', '.join(self.layer_names)})")

    def with_layer(self, layer: Layer) -> Scene:
        """A copy with ``layer`` replacing the layer of the same name (or added on top)."""
        if layer.name in self.layer_names:
            layers = tuple(layer if old.name == layer.name else old for old in self.layers)
        else:
            layers = (*self.layers, layer)
        return replace(self, layers=layers)

    def words_crossing(self, outer: Box, inner: Box) -> list[Text]:
        """The words a frame painted on top between ``outer`` and ``inner`` would cross (a
        keyboard cursor's ring round a region): each text whose box meets ``outer`` but is not
        within ``inner``, and that nothing filled painted after it covers in part (painted
        again, it would show words the board hides)."""
        ops = [op for layer in self.layers for op in layer.ops]
        out = []
        for i, op in enumerate(ops):
            if not isinstance(op, Text):
                continue
            box = text_box(op)
            if not meet(box, outer) or within(box, inner):
                continue
            if not any(meet(box, b) for later in ops[i + 1 :] if (b := filled_box(later))):
                out.append(op)
        return out

    def words_within(self, box: Box) -> list[Text]:
        """The words drawn in ``box`` (their middle within it: a button's label, a card's
        name), in paint order."""
        out = []
        for layer in self.layers:
            for op in layer.ops:
                if isinstance(op, Text):
                    a, b, c, d = text_box(op)
                    if box[0] <= (a + c) / 2 <= box[2] and box[1] <= (b + d) / 2 <= box[3]:
                        out.append(op)
        return out

    def region(self, region_id: str | None) -> Region | None:
        """The region called ``region_id``, or None (a cursor on a region this board lacks)."""
        return next((r for r in self.regions if r.id == region_id), None)

    def hit(self, x: float, y: float) -> str | None:
        """The id of the region under ``(x, y)``; where regions overlap, the last added wins."""
        for region in reversed(self.regions):
            if region.contains(x, y):
                return region.id
        return None


#: a box as its corners: x0, y0, x1, y1
Box: TypeAlias = tuple[float, float, float, float]


def text_box(t: Text) -> Box:
    """The box a text covers (at least: the width estimate is never narrower than the font)."""
    w = text_width(t.text, t.size, t.bold)
    x0 = {"left": t.x, "center": t.x - w / 2, "right": t.x - w}[t.align]
    return x0, t.y - 0.55 * t.size, x0 + w, t.y + 0.55 * t.size


def filled_box(op: Op) -> Box | None:
    """The box of what a filled shape paints over; None for a line, an outline or words."""
    if isinstance(op, Rect) and op.fill is not None:
        return op.x, op.y, op.x + op.w, op.y + op.h
    if isinstance(op, Circle) and op.fill is not None:
        return op.cx - op.r, op.cy - op.r, op.cx + op.r, op.cy + op.r
    if isinstance(op, Polygon) and op.fill is not None:
        return bounds(op.points)
    return None


def meet(a: Box, b: Box) -> bool:
    """Do the boxes ``a`` and ``b`` overlap?"""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def within(a: Box, b: Box, slack: float = 0.0) -> bool:
    """Is the box ``a`` inside ``b`` (give or take ``slack`` pixels)?"""
    return (
        a[0] >= b[0] - slack
        and a[1] >= b[1] - slack
        and a[2] <= b[2] + slack
        and a[3] <= b[3] + slack
    )


class SceneBuilder:
    """Collects ops into named layers and regions, then freezes them with :meth:`build`.

    ``layers`` fixes the bottom-to-top order (and keeps empty layers); a new name used in
    :meth:`add` is put on top.
    """

    def __init__(
        self,
        width: int,
        height: int,
        layers: Sequence[str] = DEFAULT_LAYERS,
        *,
        title: str = "",
        description: str = "",
    ) -> None:
        self.width = width
        self.height = height
        self.title = title
        self.description = description
        self._ops: dict[str, list[Op]] = {name: [] for name in layers}
        self._regions: list[Region] = []

    def add(self, layer: str, *ops: Op) -> SceneBuilder:
        """Append ``ops`` to ``layer`` (created on top if new); returns the builder for chaining."""
        self._ops.setdefault(layer, []).extend(ops)
        return self

    def extend(self, layer: str, ops: Iterable[Op]) -> SceneBuilder:
        """Append every op of an iterable to ``layer``."""
        return self.add(layer, *ops)

    def region(self, region_id: str, kind: RegionKind, data: Iterable[object]) -> SceneBuilder:
        """Add a click region; later regions win where they overlap earlier ones."""
        self._regions.append(Region(region_id, kind, tuple(data)))
        return self

    def rect_region(self, region_id: str, x: float, y: float, w: float, h: float) -> SceneBuilder:
        """Add a rectangular click region."""
        return self.region(region_id, "rect", (x, y, w, h))

    def circle_region(self, region_id: str, cx: float, cy: float, r: float) -> SceneBuilder:
        """Add a circular click region."""
        return self.region(region_id, "circle", (cx, cy, r))

    def polygon_region(self, region_id: str, points: Iterable[Point]) -> SceneBuilder:
        """Add a polygonal click region (hex cells, sea zones)."""
        return self.region(region_id, "polygon", points)

    def build(self) -> Scene:
        """Freeze what was added into a Scene; the builder can keep going afterwards."""
        return Scene(
            width=self.width,
            height=self.height,
            layers=tuple(Layer(name, tuple(ops)) for name, ops in self._ops.items()),
            regions=tuple(self._regions),
            title=self.title,
            description=self.description,
        )
