"""Finding the parts of a page's widgets in tests (no browser needed)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def widgets_in(widget: Any) -> Iterator[Any]:
    """``widget`` and every widget inside it, depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from widgets_in(child)


def picture_in(widget: Any) -> Any:
    """The one still picture of a board in ``widget`` (see widgets.lesson.zoomable_picture)."""
    found = [p for p in widgets_in(widget) if "navalkit-picture" in getattr(p, "_dom_classes", ())]
    if len(found) != 1:
        raise AssertionError(f"{len(found)} board pictures, not one")
    return found[0]
