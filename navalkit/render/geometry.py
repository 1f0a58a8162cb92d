"""Plane geometry for boards: containment tests for hit testing and shape helpers.

Pure functions on plain tuples, so games can use them in ``draw.py`` and tests without widgets.
Coordinates are canvas pixels: x grows to the right, y grows downwards.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Point = tuple[float, float]
"""A point ``(x, y)`` in canvas pixels."""

Points = tuple[Point, ...]
"""An ordered ring of points, as stored in :class:`~navalkit.render.scene.Polygon`."""

_EPS = 1e-9


def as_points(points: Iterable[Sequence[float]]) -> Points:
    """Return ``points`` as a tuple of ``(x, y)`` float pairs, so it is hashable and comparable."""
    result: list[Point] = []
    for p in points:
        if len(p) != 2:
            raise ValueError(f"a point needs exactly two coordinates, not {p!r}")
        result.append((float(p[0]), float(p[1])))
    return tuple(result)


def normalize_rect(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """Return the same rectangle with a non-negative width and height (SVG refuses negatives)."""
    if w < 0:
        x, w = x + w, -w
    if h < 0:
        y, h = y + h, -h
    return x, y, w, h


def point_in_rect(px: float, py: float, x: float, y: float, w: float, h: float) -> bool:
    """True if ``(px, py)`` lies inside the rectangle or on its border."""
    x, y, w, h = normalize_rect(x, y, w, h)
    return x <= px <= x + w and y <= py <= y + h


def point_in_circle(px: float, py: float, cx: float, cy: float, r: float) -> bool:
    """True if ``(px, py)`` lies inside the circle or on its border."""
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r + _EPS


def _on_segment(px: float, py: float, a: Point, b: Point) -> bool:
    """True if ``(px, py)`` lies on the segment from ``a`` to ``b`` (within rounding)."""
    (ax, ay), (bx, by) = a, b
    cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    if abs(cross) > _EPS * max(1.0, abs(bx - ax) + abs(by - ay)):
        return False
    return min(ax, bx) - _EPS <= px <= max(ax, bx) + _EPS and (
        min(ay, by) - _EPS <= py <= max(ay, by) + _EPS
    )


def point_in_polygon(px: float, py: float, points: Sequence[Point]) -> bool:
    """True if ``(px, py)`` lies inside the polygon or on its border (even-odd rule).

    Works for concave polygons; the ring may be open or closed (first point repeated).
    """
    n = len(points)
    if n < 3:
        return False
    inside = False
    j = n - 1
    for i in range(n):
        a, b = points[j], points[i]
        if _on_segment(px, py, a, b):
            return True
        (ax, ay), (bx, by) = a, b
        if (by > py) != (ay > py):
            x_cross = bx + (py - by) * (ax - bx) / (ay - by)
            if px < x_cross:
                inside = not inside
        j = i
    return inside


def bounds(points: Iterable[Point]) -> tuple[float, float, float, float]:
    """Return ``(min_x, min_y, max_x, max_y)`` of a non-empty collection of points."""
    xs: list[float] = []
    ys: list[float] = []
    for x, y in points:
        xs.append(x)
        ys.append(y)
    if not xs:
        raise ValueError("bounds() needs at least one point")
    return min(xs), min(ys), max(xs), max(ys)


def rect_points(x: float, y: float, w: float, h: float) -> Points:
    """The four corners of a rectangle, clockwise from the top-left."""
    x, y, w, h = normalize_rect(x, y, w, h)
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def regular_polygon(
    cx: float, cy: float, radius: float, sides: int, rotation: float = 0.0
) -> Points:
    """Corners of a regular polygon centred on ``(cx, cy)``; ``rotation`` in degrees.

    With ``rotation=0`` the first corner points to the right (angle 0, y downwards).
    """
    if sides < 3:
        raise ValueError(f"a regular polygon needs at least 3 sides, not {sides}")
    step = 2 * math.pi / sides
    start = math.radians(rotation)
    return tuple(
        (cx + radius * math.cos(start + k * step), cy + radius * math.sin(start + k * step))
        for k in range(sides)
    )


def hexagon(cx: float, cy: float, size: float, *, pointy: bool = True) -> Points:
    """Corners of a hex-map cell of circumradius ``size``; pointy-top by default."""
    return regular_polygon(cx, cy, size, 6, rotation=-90.0 if pointy else 0.0)


def centroid(points: Sequence[Point]) -> Point:
    """The average of the corners: a good label position for convex shapes."""
    if not points:
        raise ValueError("centroid() needs at least one point")
    n = len(points)
    return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)
