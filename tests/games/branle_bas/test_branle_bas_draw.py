"""The Branle-Bas board a student reads: no text under 11 px, the board's words (files, ranks,
ports, "neutral", entrances) inside the drawing and clear of the squares they do not label, and
no two words overlapping, at the set-up, mid-game and at the end, from a seat and the teacher's
chair."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest

from navalkit.games.branle_bas import GAME
from navalkit.games.branle_bas.data import BOARD, NEUTRAL_PORTS, PORT
from navalkit.games.branle_bas.draw import CELL, SCREENED, SIZE, TEXT, cell_origin, draw
from navalkit.games.branle_bas.state import State
from navalkit.render.scene import Scene
from navalkit.testing.boards import Box, inside, meet, positions, small_texts, text_box, texts


@cache
def played(seed: int, setup: str) -> tuple[State, ...]:
    """The set-up, positions every 40 moves of a greedy game, and its end."""
    return positions("branle_bas", 40, seed=seed, setup=setup, max_plies=160)


def scenes() -> Iterator[tuple[str, Scene, State]]:
    for seed, setup in ((3, "free"), (1, "standard")):
        for k, st in enumerate(played(seed, setup)):
            yield f"{setup} #{k} seat", draw(GAME.observe(st, k % 2)), st
            yield f"{setup} #{k} teacher", draw(GAME.observe(st, None)), st


SCENES = {name: (scene, st) for name, scene, st in scenes()}


def cell_box(sq: int) -> Box:
    x, y = cell_origin(sq)
    return x, y, x + CELL, y + CELL


@pytest.mark.parametrize("name", list(SCENES))
def test_every_text_on_the_board_is_at_least_11_px(name: str) -> None:
    scene = SCENES[name][0]
    assert len(texts(scene)) > 80
    assert not small_texts(scene), f"{name}: texts under 11 px: {small_texts(scene)}"
    assert TEXT >= 11


@pytest.mark.parametrize("name", list(SCENES))
def test_board_words_stay_in_their_place_and_never_overlap(name: str) -> None:
    """A word of the board lies whole inside its square or whole off every square; words
    never meet (a mark under a ship is hidden by the ship, and not counted)."""
    scene, state = SCENES[name]
    cells = [(sq, cell_box(sq)) for sq in range(len(BOARD))]
    seen: list[tuple[str, Box]] = []
    for t in texts(scene):
        box = text_box(t)
        assert inside(box, (0, 0, SIZE, SIZE)), f"{name}: {t.text!r} off the board"
        touched = [(sq, c) for sq, c in cells if meet(box, c)]
        if t.text == SCREENED:  # a banner over the screened half
            continue
        assert len(touched) <= 1, f"{name}: {t.text!r} spills over squares {touched}"
        if touched:
            sq, c = touched[0]
            assert inside(box, c), f"{name}: {t.text!r} spills out of its square"
            if t.text == "↕" and state.board[sq]:
                continue  # under the ship standing on the entrance
        for text, other in seen:
            assert not meet(box, other), f"{name}: {t.text!r} overlaps {text!r}"
        seen.append((t.text, box))


def test_ports_and_neutral_ports_are_named_next_to_their_square() -> None:
    scene = SCENES["standard #0 teacher"][0]
    board = texts(scene, "board")
    for sq, word in zip(PORT, ("PORT A", "PORT B"), strict=True):
        x0, y0, x1, y1 = cell_box(sq)
        label = next(t for t in board if t.text == word)
        box = text_box(label)
        assert box[2] <= x0 and x0 - box[2] <= 6 and y0 <= label.y <= y1
    for sq in NEUTRAL_PORTS:
        x0, y0, x1, y1 = cell_box(sq)
        near = [text_box(t) for t in board if t.text == "neutral"]
        assert any(abs(b[3] - y0) <= 3 and (abs(b[2] - x0) <= 2 or abs(b[0] - x1) <= 2)
                   for b in near)  # fmt: skip
    assert sum(t.text == "↕" for t in board) == 4
    letters = [t.text for t in board if len(t.text) == 1 and t.text.isalpha()]
    assert letters == [c for c in "abcdefghijklmnopqrs" for _ in (0, 1)]


def test_the_screened_set_up_hides_the_other_side() -> None:
    scene, _ = SCENES["free #0 seat"]
    words = [t.text for t in texts(scene, "pieces")]
    assert SCREENED in words
    assert SCREENED not in [t.text for t in texts(SCENES["free #0 teacher"][0])]
    assert {r.id for r in scene.regions} == {s.name for s in BOARD}
