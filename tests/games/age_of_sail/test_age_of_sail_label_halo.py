"""Every ship's label reads whatever is drawn under it, and says only what is true.

The thin grey range rings round a selected ship (4, 8 and 12 cm) were drawn on the top layer,
over the other ships' labels, and crossed their names and damage. The rings and the fire arcs
now lie under the ships and their labels, and each label's letters carry a halo of the sea's
colour, so that a ring or a grid line stops short of them. A class table waiting for players
showed the side to move's "≤13 cm" under her: nobody sails until the table is full.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from aos_helpers import table

from navalkit.games.age_of_sail.draw import LABEL_HALO, PX, draw, to_px
from navalkit.render import Circle, Polygon, Text, get_theme
from navalkit.render.svg import scene_to_svg
from navalkit.render.text import text_width

RANGES = {4 * PX, 8 * PX, 12 * PX}


def labels(scene: Any) -> list[Text]:
    return [op for op in scene.layer("pieces").ops if isinstance(op, Text) and op.text != "✕"]


def crosses(ring: Circle, label: Text) -> bool:
    """Whether the ring's line passes through the label's box."""
    w = text_width(label.text, label.size, label.bold)
    x0 = {"center": label.x - w / 2, "left": label.x, "right": label.x - w}[label.align]
    corners = [
        math.hypot(x - ring.cx, y - ring.cy)
        for x in (x0, x0 + w)
        for y in (label.y - label.size * 0.55, label.y + label.size * 0.55)
    ]
    return min(corners) < ring.r < max(corners)


@pytest.mark.parametrize("theme", ["classic", "high_contrast"])
def test_the_range_rings_lie_under_every_label_and_each_label_has_a_halo(theme: str) -> None:
    """Ship 2 lies 8 cm off the selected ship 1: the 8 cm ring runs through her label. The
    rings and arcs come first on the pieces layer, then the ships, then the labels, each
    haloed in the sea's colour; the top layer has no range ring left to cross them."""
    t = get_theme(theme)
    state = table({"x": 30.0, "y": 30.0}, {"x": 38.0, "y": 30.0, "side": 1})
    scene = draw(state, theme, selected="ship:0")
    ops = scene.layer("pieces").ops
    rings = [op for op in ops if isinstance(op, Circle) and op.r in RANGES and not op.fill]
    assert sorted(r.r for r in rings) == sorted(RANGES)
    arcs = [op for op in ops if isinstance(op, Polygon) and op.alpha < 1]
    assert len(arcs) == 2, "her two broadsides' arcs"
    texts = labels(scene)
    assert texts and all(op.halo == t.sea and op.halo_width == LABEL_HALO for op in texts)
    first_label = min(ops.index(op) for op in texts)
    first_ship = min(k for k, op in enumerate(ops) if isinstance(op, Polygon) and op.alpha == 1)
    assert max(ops.index(op) for op in [*rings, *arcs]) < first_ship < first_label
    # the case that was hard to read: a ring through the other ship's label
    other = [op for op in texts if op.text.startswith("2 ")]
    assert any(crosses(ring, label) for ring in rings for label in other)
    overlay = scene.layer("overlay").ops
    assert not [op for op in overlay if isinstance(op, Circle) and op.r in RANGES]
    assert not [op for op in overlay if isinstance(op, Polygon)]
    # as a page's picture draws it: the halo under the letters, in the sea's colour
    svg = scene_to_svg(scene)
    name = other[0].text
    (line,) = [ln for ln in svg.splitlines() if f">{name}</text>" in ln]
    assert f'stroke="{t.sea}"' in line and 'paint-order="stroke"' in line


def test_unselected_the_labels_keep_their_halo_and_no_ring_is_drawn() -> None:
    scene = draw(table({"x": 30.0, "y": 30.0}, {"x": 70.0, "y": 40.0}))
    assert all(op.halo == get_theme().sea for op in labels(scene))
    circles = [op for ly in scene.layers for op in ly.ops if isinstance(op, Circle)]
    assert not [op for op in circles if op.r in RANGES]


def test_a_table_waiting_for_players_says_nobody_sails() -> None:
    """The side to move's ship said "≤13 cm" under her while the panel said the table waited
    for players: her label gives no sailing figure until the game runs."""
    state = table({"x": 30.0, "y": 30.0}, {"x": 70.0, "y": 40.0})
    cx, cy = to_px(30.0, 30.0)
    running = [op.text for op in labels(draw(state))]
    assert [t for t in running if t.startswith("≤") and t.endswith(" cm")], running
    waiting = draw(state, not_running="waiting for players")
    said = [op.text for op in labels(waiting)]
    assert not [t for t in said if t.startswith("≤")], said
    assert any(t.startswith("1 ") for t in said) and any(t.startswith("P") for t in said)
    overlay = [op.text for op in waiting.layer("overlay").ops if isinstance(op, Text)]
    assert "Waiting for players" in overlay
    # her label is two lines now, in its usual place: the name above her
    name = next(op for op in labels(waiting) if op.text.startswith("1 "))
    assert (name.x, name.y) == (cx, cy - 22)
