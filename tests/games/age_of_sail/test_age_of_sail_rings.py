"""The rings round ships in the fire phase (the selected ship's, and the red one round each
ship she may fire at or board) keep clear of every ship's label: they ran through the name
above a ringed ship and the damage line below her."""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest
from aos_helpers import table

from navalkit.games.age_of_sail.config import Config
from navalkit.games.age_of_sail.data import TABLE_H, TABLE_W, VECTORS
from navalkit.games.age_of_sail.draw import PX, SELECTED_RING, TARGET_RING, draw, to_px
from navalkit.games.age_of_sail.game import AgeOfSail
from navalkit.games.age_of_sail.mechanics.sequence import initial_state, start_turn
from navalkit.games.age_of_sail.state import COMBAT, State
from navalkit.play.clicks import next_steps
from navalkit.render import Circle, Text
from navalkit.render.text import text_width

Box = tuple[float, float, float, float]
GAME = AgeOfSail()
CLEAR = 2.0  # px: the least room between a ring's outer edge and a label


def label_boxes(scene: Any) -> list[tuple[str, Box]]:
    out = []
    for op in scene.layer("pieces").ops:
        if isinstance(op, Text) and op.text != "✕":
            w = text_width(op.text, op.size, op.bold)
            x0 = {"center": op.x - w / 2, "left": op.x, "right": op.x - w}[op.align]
            out.append((op.text, (x0, op.y - op.size * 0.55, x0 + w, op.y + op.size * 0.55)))
    return out


def rings(scene: Any) -> list[Circle]:
    """The rings round ships: unfilled, no wider than a ship (the range rings are wider)."""
    ops = scene.layer("overlay").ops
    return [op for op in ops if isinstance(op, Circle) and not op.fill and op.r < 3 * PX]


def room(ring: Circle, box: Box) -> float:
    """How far ``box`` keeps from the ring's drawn line (negative: it touches it)."""
    x0, y0, x1, y1 = box
    near = math.hypot(max(x0 - ring.cx, 0, ring.cx - x1), max(y0 - ring.cy, 0, ring.cy - y1))
    far = max(math.hypot(x - ring.cx, y - ring.cy) for x in (x0, x1) for y in (y0, y1))
    half = ring.line_width / 2
    return max(near - (ring.r + half), (ring.r - half) - far)


def position(seed: int) -> State:
    """A fleet battle's fire phase with the ships scattered round one spot: 2 to 6 ships,
    any headings, some on fire, anchored, aground or taken (longer labels)."""
    rng = random.Random(seed)
    base = start_turn(initial_state(Config(scenario="fleet", first_player="first")), 0)
    n = rng.choice((2, 3, 4, 5, 6))
    cx, cy = rng.uniform(15, TABLE_W - 15), rng.uniform(15, TABLE_H - 15)
    spots: list[tuple[float, float]] = []
    while len(spots) < n:  # at least 3 cm apart, as locked ships are
        x = min(max(cx + rng.uniform(-9, 9), 1), TABLE_W - 1)
        y = min(max(cy + rng.uniform(-9, 9), 1), TABLE_H - 1)
        if all(math.dist((x, y), s) >= 3 for s in spots):
            spots.append((x, y))
    ships = []
    for k, s in enumerate(base.ships[:n]):
        ships.append(
            dataclasses.replace(
                s,
                x=spots[k][0],
                y=spots[k][1],
                heading=rng.randrange(8),
                fire=int(rng.random() < 0.2),
                anchored=rng.random() < 0.2,
                aground=rng.random() < 0.1,
                captured=rng.random() < 0.1,
            )
        )
    return dataclasses.replace(base, ships=tuple(ships), phase=COMBAT)


def views(state: State) -> list[tuple[str, tuple[str, ...]]]:
    """Every ship a player may have clicked in the fire phase, with what then lights up: her
    targets (red rings) once she is selected, the orders once a target is."""
    legal = GAME.legal_actions(state)
    paths = {GAME.action_path(a) for a in legal}
    prefixes = sorted({p[:k] for p in paths for k in range(1, len(p))})
    return [(p[-1], next_steps(GAME, legal, p)) for p in prefixes if p[-1].startswith("ship:")]


def test_the_rings_of_many_fire_phase_positions_keep_clear_of_every_label() -> None:
    seen = ringed = 0
    for seed in range(80):
        state = position(seed)
        for selected, targets in views(state):
            scene = draw(state, selected=selected, targets=targets)
            circles = rings(scene)
            assert any(c.r == SELECTED_RING[0] for c in circles), "the selected ship's ring"
            ringed += len(circles)
            seen += 1
            for circle in circles:
                for text, box in label_boxes(scene):
                    gap = room(circle, box)
                    assert gap > CLEAR, (seed, selected, targets, text, round(gap, 1))
    assert seen > 150 and ringed - seen > 60  # firers with red rings round their targets


@pytest.mark.parametrize("heading", range(8))
@pytest.mark.parametrize("long", [False, True])
def test_a_selected_firer_and_her_target_keep_their_labels_off_the_rings(
    heading: int, long: bool
) -> None:
    """Two ships at gun range, the enemy abeam to starboard, each way round, with short
    labels and long ones: both labels stay near their ships and off both rings."""
    vx, vy = VECTORS[(heading + 2) % 8]
    norm = 8 / math.hypot(vx, vy)
    state = table(
        {"x": 40.0, "y": 35.0, "heading": heading, "anchored": long},
        {"x": 40.0 + norm * vx, "y": 35.0 + norm * vy, "fire": int(long), "anchored": long},
        phase=COMBAT,
    )
    clicked = views(state)
    assert ("ship:0", ("ship:1",)) in clicked  # she may fire at her: a red ring round her
    for selected, targets in clicked:
        scene = draw(state, selected=selected, targets=targets)
        circles = rings(scene)
        assert circles
        for circle in circles:
            for text, box in label_boxes(scene):
                assert room(circle, box) > CLEAR, (selected, text)
        for i, s in enumerate(state.ships):
            cx, cy = to_px(s.x, s.y)
            name = next(b for t, b in label_boxes(scene) if t.startswith(f"{i + 1} "))
            near = math.hypot(
                max(name[0] - cx, 0, cx - name[2]), max(name[1] - cy, 0, cy - name[3])
            )
            assert near < 4 * PX + max(SELECTED_RING[0], TARGET_RING[0]), (selected, i)


def test_an_unselected_ship_keeps_her_usual_label_place() -> None:
    """No ring, no change: her name 22 px above her, as before."""
    state = table({"x": 30.0, "y": 30.0}, {"x": 70.0, "y": 40.0}, phase=COMBAT)
    cx, cy = to_px(state.ships[0].x, state.ships[0].y)
    plain = {op.text: op for op in draw(state).layer("pieces").ops if isinstance(op, Text)}
    name = next(op for t, op in plain.items() if t.startswith("1 "))
    assert (name.x, name.y) == (cx, cy - 22)
    ringed = draw(state, selected="ship:0")
    moved = next(
        op for op in ringed.layer("pieces").ops if isinstance(op, Text) and op.text == name.text
    )
    assert cy - moved.y > 22 and rings(ringed)
