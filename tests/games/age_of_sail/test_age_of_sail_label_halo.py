"""Every ship's label reads whatever is drawn under it, and says only what is true.

The thin grey range rings round a selected ship (4, 8 and 12 cm) were drawn on the top layer,
over the other ships' labels, and crossed their names and damage. The rings and the fire arcs
now lie under the ships and their labels, and each label's letters carry a halo of the sea's
colour, so that a ring or a grid line stops short of them. That halo, painted over a fire
arc's shade, outlined each letter in paler sea there, and the words looked smudged: with
arcs shown, the halos are painted first, alone, and the arcs' shade covers them as it covers
the sea round them; the words come last. A class table waiting for players
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
    """The labels' words (not their halos painted alone, in the sea's colour)."""
    sea = {get_theme(name).sea for name in ("classic", "high_contrast")}
    return [
        op
        for op in scene.layer("pieces").ops
        if isinstance(op, Text) and op.text != "✕" and not (op.fill in sea and op.halo == op.fill)
    ]


def halos(scene: Any, t: Any) -> list[Text]:
    """The labels' halos painted alone: each label's words in the sea's colour, haloed in it."""
    return [
        op
        for op in scene.layer("pieces").ops
        if isinstance(op, Text) and op.fill == t.sea and op.halo == t.sea
    ]


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
    rings come first on the pieces layer, then the labels' halos in the sea's colour, then
    the arcs' shade, the ships and the labels' words; the top layer has no range ring left
    to cross them."""
    t = get_theme(theme)
    state = table({"x": 30.0, "y": 30.0}, {"x": 38.0, "y": 30.0, "side": 1})
    scene = draw(state, theme, selected="ship:0")
    ops = scene.layer("pieces").ops
    rings = [op for op in ops if isinstance(op, Circle) and op.r in RANGES and not op.fill]
    assert sorted(r.r for r in rings) == sorted(RANGES)
    arcs = [op for op in ops if isinstance(op, Polygon) and op.alpha < 1]
    assert len(arcs) == 2, "her two broadsides' arcs"
    texts, haloes = labels(scene), halos(scene, t)
    assert texts and all(op.halo is None for op in texts)
    # a halo for every line of words, where it stands, as wide as before
    same = [(op.x, op.y, op.text, op.size, op.bold, op.align) for op in texts]
    assert [(op.x, op.y, op.text, op.size, op.bold, op.align) for op in haloes] == same
    assert all(op.halo_width == LABEL_HALO for op in haloes)
    first_label = min(ops.index(op) for op in texts)
    first_ship = min(k for k, op in enumerate(ops) if isinstance(op, Polygon) and op.alpha == 1)
    assert max(ops.index(op) for op in rings) < min(ops.index(op) for op in haloes)
    assert max(ops.index(op) for op in haloes) < min(ops.index(op) for op in arcs)
    assert max(ops.index(op) for op in arcs) < first_ship < first_label
    # the case that was hard to read: a ring through the other ship's label
    other = [op for op in texts if op.text.startswith("2 ")]
    assert any(crosses(ring, label) for ring in rings for label in other)
    overlay = scene.layer("overlay").ops
    assert not [op for op in overlay if isinstance(op, Circle) and op.r in RANGES]
    assert not [op for op in overlay if isinstance(op, Polygon)]
    # as a page's picture draws it: the halo in the sea's colour under the arcs' shade, the
    # letters over it with no outline of their own
    svg = scene_to_svg(scene)
    name = other[0].text
    halo, words = [ln for ln in svg.splitlines() if f">{name}</text>" in ln]
    assert f'fill="{t.sea}"' in halo and f'stroke="{t.sea}"' in halo
    assert 'paint-order="stroke"' in halo
    assert "stroke=" not in words
    assert svg.index(halo) < svg.index('opacity="0.18"') < svg.index(words)


@pytest.mark.parametrize("theme", ["classic", "high_contrast"])
def test_no_label_over_a_fire_arc_is_outlined_in_the_sea_colour(theme: str) -> None:
    """Ship 2 lies in the selected ship's starboard arc. Nothing haloed in the sea's colour is
    painted over the arcs' shade (it outlined her name in paler sea: smudged words), and her
    name's halo is under the shade, which tints it as it tints the sea round it."""
    t = get_theme(theme)
    state = table({"x": 30.0, "y": 30.0}, {"x": 38.0, "y": 30.0, "side": 1})
    ops = draw(state, theme, selected="ship:0").layer("pieces").ops
    shade = [k for k, op in enumerate(ops) if isinstance(op, Polygon) and op.alpha < 1]
    assert len(shade) == 2
    after = [op for op in ops[max(shade) :] if isinstance(op, Text) and op.halo is not None]
    assert after == [], "a halo painted over the arcs' shade"
    name = next(k for k, op in enumerate(ops) if isinstance(op, Text) and op.text == "2 Soleil")
    assert name < min(shade) and ops[name].halo == ops[name].fill == t.sea


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
