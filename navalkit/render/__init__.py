"""Rendering as data: Scenes of frozen draw ops, themes, hit testing, and two adapters.

``draw(observation, theme) -> Scene`` lives in each game; this package turns Scenes into SVG
(:func:`scene_to_svg`) or live ipycanvas boards (:class:`CanvasBoard`). Importing this package
does not import ipycanvas: :class:`CanvasBoard`, :func:`safe_hold` and friends load it lazily.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .geometry import (
    Point,
    Points,
    bounds,
    centroid,
    hexagon,
    point_in_circle,
    point_in_polygon,
    point_in_rect,
    rect_points,
    regular_polygon,
)
from .scene import (
    DEFAULT_LAYERS,
    Circle,
    Layer,
    Line,
    Op,
    Polygon,
    Rect,
    Region,
    Scene,
    SceneBuilder,
    Text,
)
from .svg import save_svg, scene_to_svg
from .theme import THEMES, Theme, get_theme

if TYPE_CHECKING:
    from .canvas import CanvasBoard, draw_op, reset_canvas_manager, safe_hold

_CANVAS_NAMES = frozenset({"CanvasBoard", "draw_op", "reset_canvas_manager", "safe_hold"})


def __getattr__(name: str) -> Any:
    """Load the ipycanvas adapter only when one of its names is asked for."""
    if name in _CANVAS_NAMES:
        from . import canvas

        return getattr(canvas, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_LAYERS",
    "THEMES",
    "CanvasBoard",
    "Circle",
    "Layer",
    "Line",
    "Op",
    "Point",
    "Points",
    "Polygon",
    "Rect",
    "Region",
    "Scene",
    "SceneBuilder",
    "Text",
    "Theme",
    "bounds",
    "centroid",
    "draw_op",
    "get_theme",
    "hexagon",
    "point_in_circle",
    "point_in_polygon",
    "point_in_rect",
    "rect_points",
    "regular_polygon",
    "reset_canvas_manager",
    "safe_hold",
    "save_svg",
    "scene_to_svg",
]
