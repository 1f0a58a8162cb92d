"""The play session that GameApp and the server-free site share, driven directly: clicks,
refusals that keep the game, the hot-seat cover, undo, new games and saves, the keyboard."""

from __future__ import annotations

import re

import pytest

import navalkit
from navalkit.core.words import points
from navalkit.play.session import PlaySession


def _legal_path(session: PlaySession) -> tuple[str, ...]:
    return session.game.action_path(session.legal()[0])


def test_two_clicks_play_a_move_and_the_computer_replies() -> None:
    s = PlaySession(
        "branle_bas", seed=1, seats=["human", "random"], setup="standard", touch_move=False
    )
    s.board()
    before = len(s.match.history)
    first, second = _legal_path(s)
    assert s.click(first) and s.path == (first,) and s.screen().selected == (first,)
    assert s.click(second)
    assert len(s.match.history) >= before + 2  # the move and the computer's reply
    assert s.screen().messages and s.screen().refusal is None


def test_a_refused_click_names_its_rule_and_keeps_the_game() -> None:
    s = PlaySession("branle_bas", seed=1, seats=["human", "human"])
    state, history = s.match.state, list(s.match.history)
    assert not s.play({"type": "move", "from": "j3", "to": "j9"})
    screen = s.screen()
    assert screen.refusal is not None and screen.refusal.rule.startswith("BB-")
    assert screen.refusal.provenance in ("SEED", "SRC", "HOUSE")
    assert s.match.state is state and s.match.history == history


def test_a_move_is_typed_in_its_own_words_and_the_example_reads_as_one() -> None:
    """No code names in the move box: Nautic Miles' example is a move in words (not
    ``hand:c2500 discard``), and typing those words, or enough of them, plays it."""
    s = PlaySession("nautic_miles", seed=1, seats=["human", "human"])
    s.uncover()
    example = s.screen().typed_example
    # a move the page lists first (not a discard: see Game.listed_last)
    assert example.startswith(("play ", "lay ")) and ":" not in example, example
    # a number as the list of legal moves writes it: "10,000 t", not "10 000 t"
    assert "10,000 t" in example and not re.search(r"\d \d{3}\b", example), example
    assert any(example in " ".join(w.lower().split()) for w in s.screen().legal_words)
    assert not s.play_typed("discard")  # several moves fit: say so, play none
    assert "Type more of the move" in (s.screen().error or "")
    assert s.match.history == []
    assert s.play_typed(example.upper())
    assert len(s.match.history) == 1
    board = PlaySession("branle_bas", seed=1)
    assert all(len(p) <= 3 for p in board.screen().typed_example.split())  # squares: "h3 h4"
    # Far Seas' places look like squares ("s13 a1") but are our code's names, drawn nowhere:
    # its example is a move in words, and typing it plays it
    sea = PlaySession("far_seas", seed=1)
    example = sea.screen().typed_example
    assert not re.search(r"\b[a-z]\d+\b", example) and len(example.split()) >= 2, example
    before = len(sea.match.history)
    assert sea.play_typed(example) and len(sea.match.history) > before


def test_junk_is_a_sentence_not_an_exception() -> None:
    s = PlaySession("naval_war", seed=2)
    assert not s.play_typed("fire the torpedoes")
    assert not s.play_listed(999)
    assert s.screen().error == "Choose a move in the list first."
    assert s.click("no-such-region") or s.screen().messages  # a hint, never a crash


def test_hot_seat_covers_the_next_seat_until_they_say_they_are_there() -> None:
    s = PlaySession("naval_war", seed=3, seats=["human", "human", "human"])
    screen = s.screen()
    assert (
        screen.covered
        and screen.legal == ()
        and "Hand over"
        in screen.scene.title + str([op for layer in screen.scene.layers for op in layer.ops])
    )
    assert s.uncover() and not s.screen().covered
    assert s.screen().legal  # the seat at the screen sees its own moves


def test_undo_takes_back_the_persons_move_and_the_replies() -> None:
    s = PlaySession("branle_bas", seed=1, seats=["human", "random"])
    start = len(s.match.history)
    s.play(s.legal()[0])
    assert len(s.match.history) > start
    assert s.undo() and len(s.match.history) == start
    assert not s.undo() and "Nothing to undo" in (s.screen().error or "")


def test_start_refuses_a_bad_seat_or_setting_and_keeps_the_game() -> None:
    s = PlaySession("branle_bas", seed=1)
    match = s.match
    assert not s.start(seed=2, seats=["human", "kraken"])
    assert not s.start(seed=2, triumph_bonus="x")
    assert s.match is match and s.screen().error
    with pytest.raises(ValueError):
        s.begin(seed=2, seats=["human", "kraken"])
    assert s.start(seed=5, seats=["human", "greedy"]) and s.match.seed == 5


def test_resume_refuses_damaged_or_foreign_saves_and_keeps_the_game() -> None:
    s = PlaySession("branle_bas", seed=1, seats=["human", "human"])
    s.uncover()
    s.play(s.legal()[0])
    saved = s.match.to_json()
    match = s.match
    assert not s.resume(saved.replace('"seed": 1', '"seed": 2'))
    assert not s.resume("")
    assert not s.resume(PlaySession("naval_war").match.to_json())
    assert s.match is match
    s.start(seed=9)
    assert s.resume(saved) and s.match.to_json() == saved
    assert s.screen().messages == ("Resumed a saved game at move 1.",)


def test_the_keyboard_moves_a_cursor_and_clicks_under_it() -> None:
    s = PlaySession("branle_bas", seed=1, seats=["human", "random"])
    s.board()
    assert s.key("ArrowUp") and s.cursor is not None
    first, _ = _legal_path(s)
    s.cursor = first
    s.key("Enter")
    assert s.path == (first,)
    assert s.key("Escape") and s.path == () and s.screen().messages == ("Move cancelled.",)
    assert s.key("q") and s.path == ()  # other keys do nothing


def test_a_fault_of_ours_is_said_and_the_game_is_unchanged() -> None:
    s = PlaySession("branle_bas", seed=1)
    state = s.match.state

    def broken() -> None:
        raise RuntimeError("boom")

    assert not s.act(broken)
    error = s.screen().error or ""
    assert error.startswith("Something went wrong on our side") and "RuntimeError" not in error
    assert s.fault and "RuntimeError: boom" in s.fault  # kept for the teacher
    assert s.match.state is state


def test_a_series_keeps_the_running_score_from_game_to_game() -> None:
    s = PlaySession("branle_bas", seed=3, seats=["greedy", "random"], max_plies=60)
    assert s.screen().series == ""  # nothing finished yet: no series line
    assert s.run_to_end() and s.screen().series.startswith("Series after 1 game:")
    first = tuple(s.match.scores)
    assert s.start(seed=4, seats=["greedy", "random"], max_plies=60) and s.run_to_end()
    assert s.match.is_over and s.finished == [first]
    words = s.screen().series
    totals = tuple(a + b for a, b in zip(first, s.match.scores, strict=True))
    assert s.series_totals() == totals
    assert any(totals) and words.startswith(
        f"Series after 2 games: A (south) {points(totals[0])}, B (north) {points(totals[1])}."
    )
    assert "-" not in words.split(".")[0]  # a minus sign, as the game-over words write it
    assert words.endswith("carried over to the game that follows (rule: Drawn games).")
    assert not s.start(seed=5, seats=["nobody", "random"])  # refused: the series is kept
    assert s.finished == [first]


def test_a_touched_piece_stays_selected_so_a_second_click_moves_it() -> None:
    s = PlaySession(
        "branle_bas", seed=1, seats=["human", "human"], setup="standard", first_player="A"
    )
    assert s.match.state.config.touch_move  # the seed's pion touché, on by default
    assert s.uncover()  # the hot-seat screen lifted for A
    game, state = s.game, s.match.state
    touch = next(
        t
        for t in s.legal()
        if getattr(game.legal_actions(game.apply(state, t))[0], "frm", None) == t.at
    )
    square = game.action_path(touch)[0]
    assert s.click(square) and s.match.state.touched is not None
    assert s.path == (square,) and s.screen().selected == (square,)
    move = s.legal()[0]
    assert s.click(s.game.action_path(move)[1])
    assert s.match.history[-1] == move and s.match.current_player == 1


@pytest.mark.parametrize("game_id", navalkit.games())
def test_how_a_game_ended_is_said_once(game_id: str) -> None:
    """Played to the end, the page says the outcome in its status line, not again beneath it
    (a student read the same long paragraph twice)."""
    s = PlaySession(game_id, seed=2, seats=["random"] * navalkit.get_game(game_id).default_players)
    assert s.run_to_end() and s.match.is_over
    screen = s.screen()
    assert screen.status.startswith(s.match.status)
    assert screen.messages == ("Played to the end.",)


def test_far_seas_series_says_its_totals_do_not_name_the_winner() -> None:
    """'Series after 1 game: Germany 231, Allies 2' after an Allied win (the German lead
    short of the lead the raiders need) read as a German win: the line says what its totals
    are."""
    s = PlaySession("far_seas", seed=1, seats=["random", "random"])
    assert s.run_to_end()
    assert s.screen().series.endswith(
        "These add up each game's VP; who won each game is decided by whether the German's "
        "lead was more than the lead the raiders need (rule: Victory)."
    )


def test_the_view_line_reads_as_a_sentence() -> None:
    assert (
        PlaySession("age_of_sail", seed=1)
        .screen()
        .status.endswith("You see the First admiral's view.")
    )
    assert (
        PlaySession("branle_bas", seed=1).screen().status.endswith("You see the view of A (south).")
    )


def test_the_list_of_moves_never_starts_with_a_pass_or_a_discard() -> None:
    """The entry a page chooses first is a move a student means: Nautic Miles' rules list
    the discards first, Far Seas' Allied moves the pass (Game.listed moves them last)."""
    nm = PlaySession("nautic_miles", seed=1, seats=["human", "random"])
    words = nm.screen().legal_words
    assert words[0].startswith(("play", "lay")) and words[-1].startswith("discard"), words
    assert sorted(words) == sorted(nm.match.describe(a) for a in nm.match.legal_actions())
    fs = PlaySession("far_seas", seed=1, seats=["random", "human"])
    if fs.match.current_player == 0:  # the German computer's order first
        fs.computer()
    listed = fs.legal()
    assert fs.match.current_player == 1 and len(listed) > 100
    assert listed[-1] == fs.match.legal_actions()[0] and "pass" in fs.screen().legal_words[-1]
    assert "pass" not in fs.screen().typed_example and "discard" not in nm.screen().typed_example
    assert fs.play_listed(0) and listed[0] in fs.match.history  # (the computer replied)


def test_the_typed_example_is_a_move_that_does_something() -> None:
    """Age of Sail's shortest move in words was 'end movement', the example of a phase in
    which no ship moved: the example gives a ship an order."""
    s = PlaySession("age_of_sail", seed=1, seats=["human", "random"])
    example = s.screen().typed_example
    assert example.startswith("royal sovereign ") and "end" not in example, example
    assert s.play_typed(example)


def test_moved_last_keeps_each_part_in_its_order() -> None:
    from navalkit.core.actions import moved_last

    legal = (5, 2, 8, 1, 4)
    assert moved_last(legal, lambda a: a % 2 == 0) == (5, 1, 2, 8, 4)
    assert moved_last(legal, lambda a: a > 10) is legal


@pytest.mark.parametrize("game_id", navalkit.games())
def test_the_keyboard_cursor_frames_a_piece_with_its_words(game_id: str) -> None:
    """The cursor's ring went round a region's box alone: round an Age of Sail ship it struck
    through her name above her and her "P3 S3 M3 H3" below. It now takes in the words that go
    with the region, so none of them meets the ring, on any region of the opening board."""
    from navalkit.play.session import cursor_box
    from navalkit.render.scene import Rect, Text, text_box

    n = navalkit.get_game(game_id).default_players
    s = PlaySession(game_id, seed=1, seats=["human"] + ["random"] * (n - 1))
    scene = s.board()
    for region in scene.regions:
        s.cursor = region.id
        ring = s.board().layer(scene.layer_names[-1]).ops[-2]
        assert isinstance(ring, Rect) and ring.stroke == "#000000"
        x, y, w, h = cursor_box(scene, region.box())
        assert (ring.x, ring.y, ring.w, ring.h) == (x - 1, y - 1, w + 2, h + 2)
        rx, ry, rw, rh = region.box()
        for t in scene.words_crossing(
            (x - 2.5, y - 2.5, x + w + 2.5, y + h + 2.5), (x + 2, y + 2, x + w - 2, y + h - 2)
        ):
            a, b, c, d = text_box(t)
            # words that cross it are another region's, off to a side
            assert not (rx <= (a + c) / 2 <= rx + rw or ry <= (b + d) / 2 <= ry + rh), (
                region.id,
                t.text,
            )
    if game_id == "age_of_sail":
        s.cursor = "ship:0"
        x, y, w, h = cursor_box(scene, next(r for r in scene.regions if r.id == "ship:0").box())
        words = [
            t
            for layer in scene.layers
            for t in layer.ops
            if isinstance(t, Text) and y <= t.y <= y + h and x <= t.x <= x + w
        ]
        assert any("Sovereign" in t.text for t in words) and any(
            t.text == "P3 S3 M3 H3" for t in words
        )
