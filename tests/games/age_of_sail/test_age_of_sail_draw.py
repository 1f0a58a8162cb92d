"""The Age of Sail table as drawn: ship labels stay readable when ships crowd together.

Each afloat ship's label (number, name and state; damage; how far she may sail) is placed
where it covers no other label and no other ship, and stays on the table: above and below
her where there is room, else to her right, her left, all above or all below.
"""

from __future__ import annotations

from typing import Any

import pytest
from aos_helpers import table

import navalkit
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.games.age_of_sail.data import TABLE_W
from navalkit.games.age_of_sail.draw import PX, H, _outline, draw, to_px
from navalkit.render import Text
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
    assert (texts["5 Royal"].x, texts["5 Royal"].y, texts["5 Royal"].align) == (
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
