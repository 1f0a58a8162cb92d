"""The Nautic Miles table a student reads: no text under 11 px, no label spilling out of its
card, badge or panel or over another label, at the deal, mid-game and at the end, from a seat
and from the teacher's chair, for 2 to 6 players (and teams)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest
from nm_helpers import go, table

from navalkit.games.nautic_miles import GAME
from navalkit.games.nautic_miles.actions import play
from navalkit.games.nautic_miles.clauses import CLAUSES
from navalkit.games.nautic_miles.data import BY_KEY, LABELS, MILES, PLANE_HIT, a_card
from navalkit.games.nautic_miles.draw import TEXT, W, draw, fit, short, size, text_width
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


def _hand_rows(scene: Scene) -> dict[str, list[str]]:
    """Each 'Player k's hand' heading of ``scene`` with the words drawn in its row."""
    words = texts(scene)
    heads = sorted((t.y, t.text) for t in words if t.text.endswith("'s hand"))
    rows: dict[str, list[str]] = {}
    for i, (y, head) in enumerate(heads):
        end = heads[i + 1][0] if i + 1 < len(heads) else scene.height
        rows[head] = [t.text for t in words if y < t.y < end]
    return rows


def test_the_teacher_sees_every_hand_and_a_seat_only_its_own() -> None:
    """The class table's teacher's view promises every hand; it drew only the hand of the
    player to move (observe(None) and draw showed one viewer's hand)."""
    state = table(
        {0: ["m200", "destroyer"], 1: ["cruiser", "fine_sea"], 2: ["carrier", "frigate"]},
        players=3,
        seat=1,
    )
    teacher = draw(observe(state, None))
    rows = _hand_rows(teacher)
    assert list(rows) == ["Player 2's hand", "Player 1's hand", "Player 3's hand"]
    assert {"200 mi", "destroyer"} <= set(rows["Player 1's hand"])
    assert {"cruiser", "fine sea"} <= set(rows["Player 2's hand"])
    assert {"carrier", "frigate"} <= set(rows["Player 3's hand"])
    assert size(observe(state, None))[1] == 64 + 128 * 3 + 104 * 3
    assert "Player 3's hand: frigate, aircraft carrier." in teacher.description
    assert "Player 1's hand: 200 miles, destroyer." in teacher.description
    for seat, own, others in ((0, "destroyer", ("cruiser", "carrier")),
                              (2, "frigate", ("destroyer", "cruiser"))):  # fmt: skip
        scene = draw(observe(state, seat))
        rows = _hand_rows(scene)
        assert (
            list(rows) == [f"Player {seat + 1}'s hand"] and own in rows[f"Player {seat + 1}'s hand"]
        )
        words = {t.text for t in texts(scene)}
        assert not words & set(others), f"seat {seat} sees another hand"
        assert "'s hand:" not in scene.description.replace("Your hand:", "")
    # the clickable cards stay those of the player to move
    ids = {r.id for r in teacher.regions}
    assert {"hand:cruiser", "hand:fine_sea"} <= ids and "hand:carrier" not in ids


def test_a_mile_card_is_written_as_a_convoys_miles_are() -> None:
    """The hand showed '1000 mi' and '2000 mi' beside convoys at '1,000 mi'."""
    assert [short(k) for k in sorted(MILES)] == [
        "200 mi", "400 mi", "600 mi", "1,000 mi", "2,000 mi"
    ]  # fmt: skip


def test_the_plane_shot_down_card_has_one_name_wherever_a_player_reads_it() -> None:
    """The card read "plane hit" on the table, "plane shot down" in the rules panel and the
    moves list, and "plane-shot-down card" in a refusal: now "plane shot down" everywhere,
    on the table over two lines ("plane", "shot down") where one line is too narrow."""
    hit = BY_KEY["plane_hit"]
    state = table({0: ["plane_hit", "plane_hit", "m200"]}, {0: [("c5000", (), {"plane_by": 1})]})
    said = GAME.describe_outcome(state, play(hit, 0, 0))
    assert said.startswith("Player 1 plays a plane shot down card on their own convoy 1.")
    after = go(state, play(hit, 0, 0))
    for scene in (draw(observe(after, 0)), draw(observe(after, None))):
        words = [t.text for t in texts(scene)]
        assert "plane hit" not in words
        # the top of the discard pile and the card in Player 1's hand
        assert words.count("plane") == 2 and words.count("shot down") == 2, words
        assert not label_problems(scene)
    assert LABELS[PLANE_HIT] == "plane shot down" and a_card(hit) == "a plane shot down card"
    refused = GAME.violation(table({0: ["m200"]}, {0: [("c5000",)]}), play(hit, 0, 0))
    assert "You hold no plane shot down card." in str(refused)
    assert CLAUSES["NM-PLANE-HIT"].title == "Plane shot down"
