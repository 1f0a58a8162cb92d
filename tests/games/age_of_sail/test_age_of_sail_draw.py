"""The Age of Sail table as drawn: ship labels stay readable when ships crowd together.

Each afloat ship's label (number, name and state; damage; how far she may sail) is placed
where it covers no other label and no other ship, and stays on the table: above and below
her where there is room, else to her right, her left, all above or all below.
"""

from __future__ import annotations

from typing import Any

import pytest
from aos_helpers import match_at, table

import navalkit
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.games.age_of_sail.actions import Turn
from navalkit.games.age_of_sail.data import POINT_INDEX, TABLE_W
from navalkit.games.age_of_sail.draw import PX, H, _outline, draw, short_name, to_px
from navalkit.render import Circle, Text
from navalkit.render.text import text_width

Box = tuple[float, float, float, float]


def label_boxes(scene: Any) -> list[tuple[str, Box]]:
    """The ship labels drawn on the pieces layer, with the box each covers."""
    out = []
    for op in scene.layer("pieces").ops:
        if not isinstance(op, Text) or op.text == "✕":
            continue
        w = text_width(op.text, op.size, op.bold)
        x0 = {"center": op.x - w / 2, "left": op.x, "right": op.x - w}[op.align]
        out.append((op.text, (x0, op.y - op.size * 0.55, x0 + w, op.y + op.size * 0.55)))
    return out


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def crowded() -> Any:
    """A locked pair with two ships beside them, one on fire, and a ship in a corner."""
    return table(
        {"x": 30.0, "y": 30.0, "entangled": 1},
        {"x": 33.0, "y": 30.0, "entangled": 0},
        {"x": 36.0, "y": 33.0, "side": 0},
        {"x": 30.0, "y": 34.0, "side": 1, "fire": 1},
        {"x": 60.0, "y": 50.0, "side": 1},
        {"x": 1.0, "y": 2.0, "side": 0},
    )


def covered(a: Box, b: Box) -> float:
    """How much of the smaller of two label boxes the other covers (0 to 1)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))


def test_crowded_ships_keep_their_labels_apart_and_off_the_other_ships() -> None:
    state = crowded()
    boxes = label_boxes(draw(state))
    assert len(boxes) >= 2 * len(state.ships), "each ship's name and her damage"
    hulls = [_outline(*to_px(s.x, s.y), s.heading) for s in state.ships]
    for k, (text, a) in enumerate(boxes):
        assert a[0] >= 0 and a[2] <= TABLE_W * PX and a[1] >= 0 and a[3] <= H, text
        for other, b in boxes[k + 1 :]:
            assert not overlap(a, b), f"{text!r} covers {other!r}"
        assert sum(overlap(a, hull) for hull in hulls) <= 1, f"{text!r} covers another ship"


def test_a_lone_ship_has_her_name_above_and_her_damage_below() -> None:
    state = crowded()
    s = state.ships[4]
    cx, cy = to_px(s.x, s.y)
    texts = {op.text: op for op in draw(state).layer("pieces").ops if isinstance(op, Text)}
    name = texts[f"5 {short_name(state, 4)}"]
    assert (name.x, name.y, name.align) == (
        cx,
        cy - 22,
        "center",
    )


@pytest.mark.parametrize(("scenario", "seed"), [("fleet", 0), ("fleet", 2), ("pirates", 1)])
def test_labels_stay_readable_through_games_where_ships_close(scenario: str, seed: int) -> None:
    """Medium computer players close to gun range and board: in every position they reach,
    no label covers more than a tenth of another (before labels were placed, locked and
    crowded ships had their names written over each other)."""
    m = navalkit.new_match("age_of_sail", seed=seed, scenario=scenario)
    bot = make_bot(m.game, "medium")
    while not m.is_over:
        play_bot_move(m, bot)
        boxes = label_boxes(draw(m.state))
        for k, (text, a) in enumerate(boxes):
            for other, b in boxes[k + 1 :]:
                assert covered(a, b) <= 0.1, (len(m.history), text, other)


def marker_boxes(scene: Any) -> list[tuple[str, Box]]:
    """The heading markers round a selected ship (filled circles 11 px round, each with its
    compass point written on it), with the box each covers."""
    ops = scene.layer("overlay").ops
    circles = [op for op in ops if isinstance(op, Circle) and op.r == 11 and op.fill]
    names = {(op.x, op.y): op.text for op in scene.layer("overlay").ops if isinstance(op, Text)}
    return [
        (names[(c.cx, c.cy)], (c.cx - c.r, c.cy - c.r, c.cx + c.r, c.cy + c.r)) for c in circles
    ]


@pytest.mark.parametrize(
    "ships",
    [
        ({"x": 30.0, "y": 30.0}, {"x": 70.0, "y": 40.0}),  # a lone ship in open water
        ({"x": 50.0, "y": 2.0}, {"x": 70.0, "y": 40.0}),  # at the table's bottom edge
        ({"x": 98.0, "y": 68.0}, {"x": 70.0, "y": 40.0}),  # in the top right corner
        ({"x": 30.0, "y": 30.0}, {"x": 36.0, "y": 30.0, "side": 1}),  # an enemy beside her
    ],
)
def test_the_selected_ships_heading_markers_leave_every_label_readable(ships: Any) -> None:
    """When a ship is clicked, eight heading markers ring her: no ship's label (her own
    name and damage above all) lies under one of them; before, her name sat under the NW, N
    and NE markers and her damage under SW, S and SE."""
    state = table(*ships)
    scene = draw(state, selected="ship:0")
    marks = marker_boxes(scene)
    assert sorted(name for name, _ in marks) == sorted(["N", "NE", "E", "SE", "S", "SW", "W", "NW"])
    labels = label_boxes(scene)
    assert any(text.startswith("1 ") for text, _ in labels), "her label is drawn"
    for text, a in labels:
        assert a[0] >= 0 and a[2] <= TABLE_W * PX and a[1] >= 0 and a[3] <= H, text
        for name, m in marks:
            assert not overlap(a, m), f"the {name} marker covers {text!r}"
    # unselected, her label keeps its usual place: name above, damage below
    texts = {op.text: op for op in draw(state).layer("pieces").ops if isinstance(op, Text)}
    cx, cy = to_px(state.ships[0].x, state.ships[0].y)
    name = next(t for t in texts if t.startswith("1 "))
    if ships[0]["y"] == 30.0 and ships[1]["x"] == 70.0:
        assert (texts[name].x, texts[name].y) == (cx, cy - 22)


@pytest.mark.parametrize("heading", ["N", "NE", "E", "S"])
def test_the_green_dots_of_how_far_to_sail_leave_her_label_readable(heading: str) -> None:
    """Once she has her heading, a green dot a cm shows how far she may sail: her label moves
    off their line (the dots ran through her name when she headed north or north-east)."""
    m = match_at(table({"x": 30.0, "y": 30.0, "heading": 0}, {"x": 70.0, "y": 40.0}))
    m.apply(Turn(0, POINT_INDEX[heading]))
    scene = draw(m.state)
    ops = scene.layer("overlay").ops
    dots = [op for op in ops if isinstance(op, Circle) and op.r == 3]
    assert len(dots) == m.state.helm.left + 1 > 5
    for text, a in label_boxes(scene):
        for d in dots:
            assert not overlap(a, (d.cx - 3, d.cy - 3, d.cx + 3, d.cy + 3)), (text, d)


def test_a_heading_she_may_not_take_is_still_readable_on_its_pale_marker() -> None:
    scene = draw(table({"x": 30.0, "y": 30.0}, {"x": 70.0, "y": 40.0}), selected="ship:0")
    named = {op.text: op for op in scene.layer("overlay").ops if isinstance(op, Text)}
    assert named["W"].fill != "#ffffff", "dead into the wind: a dark W on a white marker"


def test_the_panel_keys_the_ships_labels_below_every_button() -> None:
    """A student read 'P1 S0 M3 H3' under a ship with nothing to say what it meant: the
    panel's foot keys the letters, clear of the order buttons at their most."""
    import navalkit
    from navalkit.games.age_of_sail.draw import BUTTONS, KEY, KEY_Y, ORDERS_Y, H
    from navalkit.render import Text

    said = [op.text for op in draw(navalkit.new_match("age_of_sail", seed=1).state).layer(
        "overlay"
    ).ops if isinstance(op, Text)]  # fmt: skip
    assert all(line in said for line in KEY)
    assert "P, S: port, starboard guns" in KEY and "M: masts, H: hull" in KEY
    assert ORDERS_Y + 4 * 34 < KEY_Y - 11 and KEY_Y + 14 * (len(KEY) - 1) < H
    assert len(BUTTONS) >= 4


def test_each_ship_is_labelled_by_a_name_no_other_ship_shares() -> None:
    """The fleet battle's French ships include the Soleil Royal and the Dauphin Royal, the
    English the Royal Sovereign: each name's last word labelled three ships "Royal"."""
    state = navalkit.new_match("age_of_sail", seed=0, scenario="fleet").state
    names = [short_name(state, i) for i in range(len(state.ships))]
    assert len(set(names)) == len(names), names
    by_full = {s.name: short_name(state, i) for i, s in enumerate(state.ships)}
    assert by_full["Royal Sovereign"] == "Sovereign" and by_full["Britannia"] == "Britannia"
    assert by_full["Soleil Royal"] == "Soleil" and by_full["Dauphin Royal"] == "Dauphin"
    texts = {op.text for op in draw(state).layer("pieces").ops if isinstance(op, Text)}
    assert "1 Sovereign" in texts
