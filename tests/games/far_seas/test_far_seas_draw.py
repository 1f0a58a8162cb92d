"""The Far Seas board a class reads (issue 17): every text at least 11 px, the names and
buttons laid out so that nothing covers anything else, and every region still clickable."""

from __future__ import annotations

import math
import random

import pytest
from fs_helpers import setup

from navalkit.games.far_seas import GAME, rules
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.data import ALLIED, AREAS, RIVER, SHIPS, STATIONS
from navalkit.games.far_seas.draw import (
    BUTTONS,
    LABELS,
    MAP_W,
    SHORT,
    WIDTH,
    R,
    area_xy,
    button_rect,
    draw,
)
from navalkit.games.far_seas.observe import observe
from navalkit.games.far_seas.state import MOVED, START, State, evolve
from navalkit.render import Rect, Scene, Text

CHAR = 0.56  # mean glyph width of DejaVu Sans in em, with a margin (0.5 measured)


def texts(scene: Scene) -> list[Text]:
    return [op for layer in scene.layers for op in layer.ops if isinstance(op, Text)]


def random_states(seed: int, steps: int) -> list[State]:
    """A few positions of one random game: the start, every 60 steps, and the last."""
    rng = random.Random(seed)
    state = rules.initial_state(Config())
    out = [state]
    for k in range(steps):
        if GAME.is_over(state):
            break
        if GAME.is_chance(state):
            outs = GAME.chance_outcomes(state)
            state = GAME.apply_chance(state, rng.choice([o for o, _ in outs]))
        else:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if k % 60 == 59:
            out.append(state)
    return [*out, state]


def crowded() -> State:
    """Every Allied ship in area 3's Moved box, and the raiders in the river and England's
    neighbour: the fullest the discs get."""
    state = setup({"Emden": (3, START), "Königsberg": (23, START)})
    loc, box = list(state.loc), list(state.box)
    for a in ALLIED[:40]:
        loc[a], box[a] = 3, MOVED
    return evolve(state, loc=tuple(loc), box=tuple(box))


POSITIONS = [*random_states(1, 400), *random_states(2, 250)[1:], crowded()]


@pytest.mark.parametrize("viewer", [0, 1, None], ids=["German", "Allied", "teacher"])
def test_every_text_is_at_least_11_px(viewer: int | None) -> None:
    for state in POSITIONS:
        scene = draw(observe(state, viewer), selected="a3", targets=["a4"], marks=["btn:raid"])
        small = [(op.text, op.size) for op in texts(scene) if op.size < 11]
        assert not small, f"texts under 11 px: {small}"
        assert any(op.text == "North Sea" for op in texts(scene))


def test_area_names_and_discs_never_overlap() -> None:
    boxes = {}
    for a in AREAS[1:]:
        x, y = area_xy(a.num)
        assert R <= x <= MAP_W - R and y >= R, f"area {a.num} off the map"
        half = len(SHORT[a.num]) * 11 * CHAR / 2
        boxes[a.num] = (x - half, y + R + 1, x + half, y + R + 16)
        assert boxes[a.num][3] <= 640
    for a in AREAS[1:]:
        xa, ya = area_xy(a.num)
        for b in AREAS[1:]:
            if b.num <= a.num:
                continue
            xb, yb = area_xy(b.num)
            assert math.dist((xa, ya), (xb, yb)) >= 2 * R, (a.num, b.num)
        for other, (x0, y0, x1, y1) in boxes.items():
            if other == a.num:
                continue
            nx, ny = min(max(xa, x0), x1), min(max(ya, y0), y1)
            assert math.dist((xa, ya), (nx, ny)) >= R, f"the name of {other} covers {a.num}"
            o = boxes[a.num]
            assert o[2] <= x0 or x1 <= o[0] or o[3] <= y0 or y1 <= o[1], (a.num, other)


def test_the_buttons_fit_their_words_and_sit_in_the_panel() -> None:
    rects = [button_rect(i) for i in range(len(BUTTONS))]
    for word, (x, _y, w, h) in zip(BUTTONS, rects, strict=True):
        assert x >= MAP_W and x + w <= WIDTH and h >= 24
        assert len(LABELS.get(word, word)) * 12 * CHAR <= w - 6, word
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert (
                a[0] + a[2] <= b[0]
                or b[0] + b[2] <= a[0]
                or a[1] + a[3] <= b[1]
                or b[1] + b[3] <= a[1]
            )
    scene = draw(observe(POSITIONS[0], 0))
    labels = {op.text for op in texts(scene)}
    assert {LABELS.get(w, w) for w in BUTTONS} <= labels


def test_every_area_station_button_and_ship_is_clickable_at_its_centre() -> None:
    state = POSITIONS[0]
    scene = draw(observe(state, None))
    for a in range(len(AREAS)):
        assert scene.hit(*area_xy(a)) in {f"a{a}", *(f"s{s.id}" for s in SHIPS)}
    assert scene.hit(*area_xy(RIVER)) == f"a{RIVER}"
    regions = {r.id: r for r in scene.regions}
    for i in range(len(STATIONS)):
        assert f"st{i}" in regions
    for i, word in enumerate(BUTTONS):
        x, y, w, h = button_rect(i)
        assert scene.hit(x + w / 2, y + h / 2) == f"btn:{word}"
    for s in SHIPS:
        if f"s{s.id}" in regions:
            x, y, w, h = regions[f"s{s.id}"].box()
            assert scene.hit(x + w / 2, y + h / 2) == f"s{s.id}"


def test_the_panel_shows_the_score_as_the_viewer_may_see_it() -> None:
    state = evolve(POSITIONS[0], gvp=(7, 0, 0, 0))
    german = {op.text for op in texts(draw(observe(state, 0)))}
    allied = {op.text for op in texts(draw(observe(state, 1)))}
    assert "Germany 7 VP" in german and "German view" in german
    assert "Germany ? VP (secret)" in allied and "Allied view" in allied
    assert not any(isinstance(op, Rect) and op.w > WIDTH for op in draw(state).layers[0].ops)


def test_the_panel_words_fit_inside_the_panel() -> None:
    for state in (POSITIONS[0], POSITIONS[-1]):
        for viewer in (0, 1, None):
            for op in texts(draw(observe(state, viewer))):
                if op.x >= MAP_W and op.align == "left":
                    assert op.x + len(op.text) * op.size * CHAR <= WIDTH - 2, op.text


def test_the_key_says_a_german_counter_carries_its_ships_initial() -> None:
    words = {op.text for op in texts(draw(POSITIONS[0]))}
    assert "German ship (initial)" in words and "Allied ship" in words
    # the letters on the map are those initials: Emden's counter shows E
    assert "E" in words and "a die is rolled" not in words
    assert "a die is rolled" in {
        op.text for op in texts(draw(evolve(POSITIONS[0], phase="chance")))
    }
