"""Playing a board from the keyboard: arrow keys move a cursor between click regions,
Enter or Space clicks the region under it, Escape cancels a half-made move."""

from __future__ import annotations

from collections.abc import Sequence

from navalkit.render.scene import Region

ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
CLICK_KEYS = ("Enter", " ", "Spacebar")
CANCEL_KEYS = ("Escape", "Esc")


def _centre(region: Region) -> tuple[float, float]:
    x, y, w, h = region.box()
    return x + w / 2, y + h / 2


def next_region(regions: Sequence[Region], current: str | None, key: str) -> str | None:
    """The region the cursor moves to from ``current`` for arrow ``key``: the nearest one
    whose centre lies in that direction (straight lines preferred); ``current`` if none."""
    if not regions:
        return None
    by_id = {r.id: r for r in regions}
    if current not in by_id:
        return regions[0].id
    if key not in ARROWS:
        return current
    dx, dy = ARROWS[key]
    cx, cy = _centre(by_id[current])
    best: tuple[float, str] | None = None
    for r in regions:
        if r.id == current:
            continue
        x, y = _centre(r)
        along = (x - cx) * dx + (y - cy) * dy
        if along <= 1e-6:
            continue
        across = abs((x - cx) * dy) + abs((y - cy) * dx)
        cost = along + 2.5 * across  # stay on the same row or column when there is one
        if best is None or cost < best[0]:
            best = (cost, r.id)
    return best[1] if best else current
