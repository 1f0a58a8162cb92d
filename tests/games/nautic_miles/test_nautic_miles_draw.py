"""The Nautic Miles table a student reads: no text under 11 px, no label spilling out of its
card, badge or panel or over another label, at the deal, mid-game and at the end, from a seat
and from the teacher's chair, for 2 to 6 players (and teams)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest
from nm_helpers import table

from navalkit.games.nautic_miles.data import LABELS
from navalkit.games.nautic_miles.draw import TEXT, W, draw, fit, size, text_width
from navalkit.games.nautic_miles.observe import observe
from navalkit.games.nautic_miles.state import State
from navalkit.render.scene import Scene
from navalkit.testing.boards import (
    label_problems,
    positions,
    small_texts,
    texts,
)

# Five badges on one convoy (the most that can lie together), eight convoys in a row.
CROWDED = table(
    {0: ["m200", "m200", "submarine", "submarine", "destroyer", "end_alert"]},
    {
        0: [
            (
                "c20000",
                ("m2000", "m1000", "m600"),
                {"radar": True, "alert": True, "storm": True, "mine_by": 1, "plane_by": 1},
            ),
            ("c10000", ("m200",), {"neutral": True, "radar": True, "storm": True}),
            ("c2500",),
            ("trawler",),
            ("c5000",),
            ("c2500",),
            ("c10000",),
            ("c10000",),
        ],
        1: [("c5000", ("m400",), {"radar": True, "mine_by": 0}), ("c20000",)],
    },
)


@cache
def played(players: int, seed: int, teams: bool = False) -> tuple[State, ...]:
    """Positions of a game the greedy bot plays: the deal, every 30 moves, and the end."""
    return positions("nautic_miles", 30, seed=seed, players=players, teams=teams)


def scenes() -> Iterator[tuple[str, Scene]]:
    yield "crowded", draw(observe(CROWDED, 0))
    yield "crowded other side", draw(observe(CROWDED, 1))
    yield "crowded teacher", draw(observe(CROWDED, None))
    for players, seed, teams in ((2, 3, False), (3, 1, False), (4, 2, True), (5, 4, False),
                                 (6, 3, False), (6, 5, True)):  # fmt: skip
        states = played(players, seed, teams)
        for k, st in enumerate(states):
            yield f"{players}p{' teams' if teams else ''} #{k}", draw(observe(st, k % players))
            if k % 4 == 0 or k == len(states) - 1:
                yield f"{players}p{' teams' if teams else ''} #{k} teacher", draw(observe(st, None))


SCENES = dict(scenes())


@pytest.mark.parametrize("name", list(SCENES))
def test_every_text_on_the_table_is_at_least_11_px(name: str) -> None:
    scene = SCENES[name]
    assert len(texts(scene)) > 8
    assert not small_texts(scene), f"{name}: texts under 11 px: {small_texts(scene)}"
    assert TEXT >= 11


@pytest.mark.parametrize("name", list(SCENES))
def test_labels_stay_in_their_cards_and_never_overlap(name: str) -> None:
    """Each label lies whole inside every card, badge or panel it touches (painted before
    it), nothing painted later cuts it, and no two labels meet."""
    problems = label_problems(SCENES[name])
    assert not problems, f"{name}: {problems}"


def test_the_crowded_row_shows_every_convoy_badge_and_card() -> None:
    scene = SCENES["crowded"]
    ids = {r.id for r in scene.regions}
    assert {f"convoy:0:{i}" for i in range(8)} <= ids and {"convoy:1:0", "convoy:1:1"} <= ids
    assert {f"slot:{i}" for i in range(9)} <= ids and "discard" in ids
    hand = {"hand:m200", "hand:submarine", "hand:destroyer", "hand:end_alert", "hand:sub_pair"}
    assert hand <= ids
    words = [t.text for t in texts(scene)]
    for badge in ("RADAR", "ALERT", "STORM", "MINE P2", "PLANE P2", "NEUTRAL", "MINE P1"):
        assert badge in words
    assert "3,600 mi" in words and "x2" in words and "2 subs" in words
    assert max(r.data[0] + r.data[2] for r in scene.regions) <= W - 4, "eight convoys fit"


def test_face_down_convoys_stay_face_down() -> None:
    mine = [t.text for t in texts(SCENES["crowded"])]
    theirs = [t.text for t in texts(SCENES["crowded other side"])]
    assert "20,000 t" in mine and "?" not in mine[: mine.index("P2")]
    # side 1 sees its own two convoys, and side 0's convoys face down unless under radar
    assert "5,000 t" in theirs and "20,000 t" in theirs
    assert theirs.count("?") == 6, "only the two radar-detected convoys of side 0 show"
    assert not {LABELS[k] for k in range(4)} & set(theirs)


def test_battles_and_game_over_are_drawn() -> None:
    words = {t.text for scene in SCENES.values() for t in texts(scene)}
    assert any(w.startswith(("attacker ", "defender ")) or w == "battle tied" for w in words)
    assert any(w.endswith("- game over") for w in words)
    assert any(w.startswith("Round 1 ended (") for w in words)


def test_the_table_grows_with_the_sides_only() -> None:
    for players in (2, 6):
        assert size(observe(played(players, 3)[0], 0)) == (W, 64 + 128 * players + 104)
    assert size(observe(played(6, 5, True)[0], 0)) == (W, 64 + 128 * 3 + 104)
    assert W <= 900, "beside the play page's side panel at 1366 px"


def test_fit_keeps_a_long_line_within_its_room() -> None:
    assert fit("Round 2", 300) == "Round 2"
    cut = fit("Round 2 ended (the draw pile and all hands are used up): scored 5, 2.5", 200)
    assert cut.endswith("…") and text_width(cut, TEXT) <= 200
