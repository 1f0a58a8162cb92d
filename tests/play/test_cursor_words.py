"""The keyboard's cursor says where it is in words (render.games.region_words, through
PlaySession.cursor_words): a page said "Cursor on ship:1.", the board region's code."""

from __future__ import annotations

import random
import re

import pytest

import navalkit
from navalkit.play.session import PlaySession
from navalkit.render.games import region_words

#: what a region's code looks like in words: "ship:1", "hand:c2500", "btn:end_search"
CODE = re.compile(r"\w+:\w|_")


def _sessions(game_id: str) -> list[PlaySession]:
    """Sessions of ``game_id`` seen from the first seat and from the teacher, at the start and
    after some random moves."""
    out = []
    n = navalkit.get_game(game_id).default_players
    for moves in (0, 9, 40):
        for teacher in (False, True):
            s = PlaySession(game_id, seed=moves + 1, seats=["human"] + ["random"] * (n - 1))
            rng = random.Random(moves)
            for _ in range(moves):
                if s.match.is_over or not s.legal():
                    break
                s.play(rng.choice(list(s.legal())))
            if teacher:
                s.set_teacher(True)
            out.append(s)
    # and halfway through a move: a piece chosen, the regions of its next step drawn (Age of
    # Sail's heading markers and distances, Far Seas' order buttons)
    s = PlaySession(game_id, seed=5, seats=["human"] + ["random"] * (n - 1))
    for action in s.legal():
        path = s.game.action_path(action)
        if len(path) > 1:
            s.click(path[0])
            break
    out.append(s)
    return out


@pytest.mark.parametrize("game_id", navalkit.games())
def test_every_region_of_a_board_is_said_in_words(game_id: str) -> None:
    """Every region a board draws, on any game's board, whoever looks: its words are the
    game's own (not the words written on it, for all but some buttons), never its code."""
    said = 0
    for s in _sessions(game_id):
        scene = s.board()
        view = s.match.observe(s.viewer)
        for region in scene.regions:
            words = s.cursor_words(scene, region.id)
            assert words and words != "an empty place", (region.id, words)
            assert not CODE.search(words), (region.id, words)
            said += bool(region_words(s.game, view, region.id))
    assert said > 0


def test_the_cursor_says_the_ship_it_is_on() -> None:
    s = PlaySession("age_of_sail", seed=1, seats=["human", "random"])
    s.board()
    s.cursor = None
    while s.cursor != "ship:1":
        assert s.key("ArrowRight")
        if s.cursor == "ship:1":
            break
        assert s.key("ArrowDown")
    said = s.screen().messages[-1]
    assert said.startswith("Cursor on ship 2, ") and "ship:1" not in said, said
    assert s.match.state.ships[1].name in said


def test_a_face_down_convoy_is_said_face_down() -> None:
    """Nautic Miles: a convoy is laid face down; its words to the other side say no more."""
    s = PlaySession("nautic_miles", seed=2, seats=["random", "human"])
    for i in range(12):
        if s.legal():
            s.play(s.legal()[i % len(s.legal())])
    scene = s.board()
    theirs = [r.id for r in scene.regions if r.id.startswith("convoy:0:")]
    assert theirs
    view = s.match.observe(s.viewer)
    down = [rid for rid in theirs if view.rows[0][int(rid.split(":")[2])].kind is None]
    assert down
    for rid in down:
        words = s.cursor_words(scene, rid)
        assert "face down" in words and " t" not in words, words
