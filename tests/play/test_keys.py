"""Arrow keys move a cursor to the nearest region in that direction."""

from __future__ import annotations

from navalkit.play.keys import next_region
from navalkit.render.scene import Region

GRID = [Region(f"{c}{r}", "rect", (10 * i, 10 * (2 - j), 10, 10)) for i, c in enumerate("abc")
        for j, r in enumerate("123")]  # fmt: skip


def test_arrows_follow_rows_and_columns() -> None:
    assert next_region(GRID, "b2", "ArrowUp") == "b3"
    assert next_region(GRID, "b2", "ArrowDown") == "b1"
    assert next_region(GRID, "b2", "ArrowLeft") == "a2"
    assert next_region(GRID, "b2", "ArrowRight") == "c2"


def test_edges_and_starts() -> None:
    assert next_region(GRID, "c3", "ArrowRight") == "c3"
    assert next_region(GRID, None, "ArrowUp") == GRID[0].id
    assert next_region([], None, "ArrowUp") is None
    assert next_region(GRID, "b2", "x") == "b2"


def test_circle_and_polygon_regions_have_boxes() -> None:
    assert Region("c", "circle", (5, 5, 2)).box() == (3, 3, 4, 4)
    assert Region("p", "polygon", ((0, 0), (4, 0), (0, 2))).box() == (0, 0, 4, 2)
