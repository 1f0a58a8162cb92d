"""A match's one chance stream (core.rng.ChanceStream) and the Match's fast path: the same
dice on undo and replay, fair dice, even draws that pick what weighted ones pick, saves of the
older format that still load, and the legal moves worked out once per position yet always
those of the position on the board."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import navalkit
from navalkit import IllegalActionError, load_match
from navalkit.core.actions import ChainedActions
from navalkit.core.config import config_to_json
from navalkit.core.match import RECORD_FORMAT_VERSION
from navalkit.core.rng import ChanceStream, _block_numpy, _block_python, splitmix64

DATA = Path(__file__).parent / "data"


def test_the_stream_is_fair_and_depends_only_on_seed_and_step() -> None:
    stream = ChanceStream(11)
    faces = [(face, 1 / 6) for face in range(1, 7)]
    counts = Counter(stream.draw(k, faces)[0] for k in range(60_000))
    expected = 10_000
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert chi2 < 20.5, counts  # 5 degrees of freedom: p < 0.001 beyond this
    again = ChanceStream(11)
    assert [again.draw(k, faces) for k in (5, 0, 59_999)] == [
        stream.draw(k, faces) for k in (5, 0, 59_999)
    ]
    other = ChanceStream(12)
    assert [other.uniform(k) for k in range(20)] != [stream.uniform(k) for k in range(20)]
    assert all(0.0 <= stream.uniform(k) < 1.0 for k in range(1000))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), start=st.integers(0, 10**7))
def test_the_blocks_give_splitmix64_number_for_number(seed: int, start: int) -> None:
    """Records made since format version 2 replay with SplitMix64's numbers: the numpy blocks
    and the blocks worked out one by one (where numpy is missing: the static site) must both
    give them bit for bit."""
    stream = ChanceStream(seed)
    key = stream._key
    # forwards over a block's end, then back again (an undo draws earlier steps anew)
    steps = [*range(start, start + 300), *range(start + 299, max(start - 300, -1), -1), 0]
    assert [stream.uniform(k) for k in steps] == [splitmix64(key, k) for k in steps]
    first = start - start % 256
    assert _block_numpy(key, first) == _block_python(key, first)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), step=st.integers(0, 10**6), n=st.integers(1, 130))
def test_an_even_draw_picks_what_the_weighted_draw_picks(seed: int, step: int, n: int) -> None:
    """Games whose chance is a card from a pile or a die give the outcomes alone
    (``Game.chance_uniform``); the match must draw the very outcome the pairs would give, so
    that a seed plays the same game either way (and old saves replay)."""
    stream = ChanceStream(seed)
    cards = [f"card {i}" for i in range(n)]
    for k in range(step, step + 40):
        assert stream.draw_uniform(k, cards) == stream.draw(k, [(c, 1 / n) for c in cards])


def test_weights_are_followed_and_impossible_outcomes_never_drawn() -> None:
    stream = ChanceStream(3)
    outcomes = [("never", 0.0), ("rare", 0.1), ("often", 0.9), ("never again", 0.0)]
    counts = Counter(stream.draw(k, outcomes)[0] for k in range(20_000))
    assert set(counts) == {"rare", "often"}
    assert 1_700 < counts["rare"] < 2_300
    assert stream.draw(0, outcomes)[1] in (0.1, 0.9)


@pytest.mark.parametrize("game_id", ["naval_war", "nautic_miles"])
def test_saves_of_format_1_still_load_and_play_on(game_id: str) -> None:
    """Records saved before the stream drew each chance step from its own generator; they
    replay exactly (their dice were checked against the old draw) and stay format 1. Naval
    War's was saved under its first rules and still replays under the current ones: it goes
    on under them (its record names them), the same events otherwise; the settings that came
    after it keep the rules it began with (nine players dealt 4 and 4, as in version 1) or
    their defaults."""
    text = (DATA / f"v1_{game_id}.json").read_text()
    match = load_match(text)
    assert match.format_version == 1 < RECORD_FORMAT_VERSION
    saved, again = json.loads(text), json.loads(match.to_json())
    assert again["rules_version"] == match.game.rules_version
    assert bool(match.older_rules) == (saved["rules_version"] != match.game.rules_version)
    assert _without(again, "rules_version", "checksum", "config") == _without(
        saved, "rules_version", "checksum", "config"
    )
    assert again["config"] == {**config_to_json(match.game.make_config()), **saved["config"]} | (
        {"nine_deal": 4} if game_id == "naval_war" else {}
    )
    rng = random.Random(0)
    for _ in range(20):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    assert load_match(match.to_json()).to_json() == match.to_json()


def _without(data: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in keys}


def test_a_copy_of_a_format_1_match_keeps_its_old_dice() -> None:
    """A match loaded from a format-1 save and copied (deepcopy, pickle) stays format 1: it
    plays on with the old draw, as the match it came from does, and its seat's account too."""
    text = (DATA / "v1_naval_war.json").read_text()
    match = load_match(text)
    copies = [copy.deepcopy(match), pickle.loads(pickle.dumps(match))]
    for m in [match, *copies]:
        assert m.format_version == 1
        rng = random.Random(3)
        for _ in range(20):
            if not m.is_over:
                m.apply(rng.choice(m.legal_actions()))
    for again in copies:
        assert again.to_json() == match.to_json() != text
        assert again.record_for(1) == match.record_for(1)


def test_a_format_1_save_with_edited_dice_is_still_refused() -> None:
    text = (DATA / "v1_naval_war.json").read_text()
    edited = text.replace('"chance": 21', '"chance": 22', 1)
    with pytest.raises(navalkit.RecordError):
        load_match(edited)


def test_undo_and_replay_draw_the_same_dice() -> None:
    match = navalkit.new_match("naval_war", seed=5)
    rng = random.Random(1)
    for _ in range(30):
        match.apply(rng.choice(match.legal_actions()))
    events = match.events
    for _ in range(10):
        match.undo()
    for e in events[len(match.events) :]:
        if e.kind == "action":
            match.apply(e.payload)
    assert match.events == events


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), min_size=1, max_size=60))
def test_the_legal_moves_are_always_those_of_the_position_shown(
    steps: list[tuple[bool, int]],
) -> None:
    """Played moves and undos in any order: the cached legal moves always equal the rules'
    own for the current state, and a move listed before an undo is checked afresh after."""
    game = navalkit.get_game("nautic_miles")
    match = navalkit.new_match("nautic_miles", seed=2)
    for undo, pick in steps:
        if match.is_over:
            break
        if undo and any(e.kind == "action" for e in match.events):
            listed = match.legal_actions()
            match.undo()
            stale = listed[pick % len(listed)]
            if stale not in game.legal_actions(match.state):
                state = match.state
                with pytest.raises(IllegalActionError):
                    match.apply(stale)
                assert match.state is state
        else:
            legal = match.legal_actions()
            assert legal == tuple(game.legal_actions(match.state))
            match.apply(legal[pick % len(legal)])
    assert match.legal_actions() == (
        () if match.is_over else tuple(game.legal_actions(match.state))
    )


@pytest.mark.parametrize("game_id", navalkit.games())
def test_the_legal_moves_are_one_tuple_a_position_that_no_caller_can_change(game_id: str) -> None:
    """Every caller of a position gets the same tuple (no copy a step; Far Seas' Allied moves
    a ChainedActions, which reads like one), which none of them can change for the others;
    the next position has its own."""
    match = navalkit.new_match(game_id, seed=1)
    legal = match.legal_actions()
    assert isinstance(legal, tuple | ChainedActions) and legal
    assert match.legal_actions() is legal
    with pytest.raises(TypeError):
        legal[0] = None  # type: ignore[index]
    match.apply(legal[0])
    assert match.legal_actions() == tuple(match.game.legal_actions(match.state))
    match.undo()
    assert match.legal_actions() == legal


@pytest.mark.parametrize("game_id", ["age_of_sail", "naval_war"])
def test_game_over_is_the_rules_word_before_and_after_undo(game_id: str) -> None:
    """The match remembers whether its position ends the game (asked once per position): it
    agrees with the rules at every step, at the end, and again after taking the last move
    back."""
    game = navalkit.get_game(game_id)
    match = navalkit.new_match(game_id, seed=5)
    pick = random.Random(5)
    while not match.is_over:
        assert match.is_over is game.is_over(match.state) is False
        match.apply(pick.choice(match.legal_actions()))
    assert game.is_over(match.state) and match.legal_actions() == ()
    match.undo()
    assert match.is_over is False and not game.is_over(match.state)
    assert match.legal_actions() == tuple(game.legal_actions(match.state))


def test_an_equal_action_from_elsewhere_is_still_checked() -> None:
    """The fast path trusts only the very objects it listed: a move typed or decoded from
    JSON is checked by the rules."""
    match = navalkit.new_match("branle_bas", seed=1)
    first = match.legal_actions()[0]
    match.apply(first.to_json())  # decoded, so a new object: goes through the check
    with pytest.raises(IllegalActionError):
        match.apply(first.to_json())  # no longer legal for the other side


def test_a_copied_or_pickled_stream_gives_the_same_numbers() -> None:
    stream = ChanceStream(23)
    first = [stream.uniform(k) for k in range(300)]
    for again in (copy.copy(stream), copy.deepcopy(stream), pickle.loads(pickle.dumps(stream))):
        assert [again.uniform(k) for k in range(300)] == first
