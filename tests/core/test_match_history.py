"""A match keeps its line of events compact and only the current state (core.match), working
out the others again from every CHECKPOINT-th, kept as first passed: the states it works
out, the events it makes when asked, and undo across checkpoints must be exactly those of
the game as played, for every game."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import navalkit
from navalkit import NothingToUndoError
from navalkit.core.match import CHECKPOINT, Event, Match

GAMES = navalkit.games()


def played(game_id: str, seed: int, moves: int) -> tuple[Match, list[Any]]:
    """A match after up to ``moves`` random moves, and every state it passed through (the
    state before each event, then the current one), followed on the rules by hand."""
    match = navalkit.new_match(game_id, seed=seed)
    pick = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        match.apply(pick.choice(match.legal_actions()))
    game = match.game
    states = [game.initial_state(match.config, match.players)]
    for e in match.events:
        if e.kind == "chance":
            states.append(game.apply_chance(states[-1], e.payload))
        else:
            states.append(game.apply(states[-1], e.payload))
    return match, states


@pytest.mark.parametrize("game_id", GAMES)
def test_every_state_worked_out_again_is_the_one_played(game_id: str) -> None:
    match, states = played(game_id, 3, 3 * CHECKPOINT)
    assert match.event_count > 2 * CHECKPOINT, "the test should cross checkpoints"
    assert states[-1] == match.state
    fresh, _ = played(game_id, 3, 3 * CHECKPOINT)  # no event made yet: all from checkpoints
    for i in (*range(len(states)), 0, len(states) - 1, CHECKPOINT, CHECKPOINT - 1):
        assert fresh.state_at(i) == states[i], i
        assert match.state_at(i) == states[i], i
    for e, before in zip(match.events, states, strict=False):
        assert e.before == before
    for wrong in (-1, len(states), True, "1"):
        with pytest.raises(IndexError, match="no state"):
            match.state_at(wrong)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
def test_checkpoints_are_kept_as_first_passed_in_any_order(game_id: str) -> None:
    """A match played without looking back keeps no state but the opening one; asked for a
    late state first, it keeps the checkpoints it passes, then any order gives the states
    played."""
    match, states = played(game_id, 6, 3 * CHECKPOINT)
    assert match.event_count > 2 * CHECKPOINT, "the test should cross checkpoints"
    fresh = navalkit.new_match(game_id, seed=6)  # the same moves, its events never made
    for action in match.history:
        fresh.apply(action)
    assert len(fresh._saved) == 1 and fresh._saved[0] == states[0]
    last = fresh._last_at - 1  # (not the state before the last move: that one is kept)
    assert fresh.state_at(last) == states[last]
    assert len(fresh._saved) == last // CHECKPOINT + 1
    assert all(s == states[k * CHECKPOINT] for k, s in enumerate(fresh._saved))
    order = list(range(len(states)))
    random.Random(6).shuffle(order)
    assert all(fresh.state_at(i) == states[i] for i in order)
    top = max(i for i in range(len(states) - 1) if i != fresh._last_at)  # the last replayed
    assert len(fresh._saved) == top // CHECKPOINT + 1
    assert all(s == states[k * CHECKPOINT] for k, s in enumerate(fresh._saved))


@pytest.mark.parametrize("game_id", GAMES)
def test_events_made_late_are_the_events_played(game_id: str) -> None:
    """Events asked for midway and again later (made in two goes), or only at the end, are
    the same events with the same words."""
    early = navalkit.new_match(game_id, seed=8)
    late = navalkit.new_match(game_id, seed=8)
    pick_early, pick_late = random.Random(8), random.Random(8)
    for step in range(2 * CHECKPOINT + 5):
        if early.is_over:
            break
        early.apply(pick_early.choice(early.legal_actions()))
        late.apply(pick_late.choice(late.legal_actions()))
        if step in (0, CHECKPOINT // 2, CHECKPOINT + 3):
            assert len(early.events) == early.event_count
    words_early = [e.text for e in early.events]
    assert late.events == early.events
    assert [e.text for e in late.events] == words_early
    assert all(isinstance(e, Event) for e in late.events)
    assert late.log_for(None)["text"].tolist() == words_early
    assert late.history == [e.payload for e in late.events if e.kind == "action"]


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_across_checkpoints_gives_back_the_position_and_replays(game_id: str) -> None:
    match, states = played(game_id, 5, 2 * CHECKPOINT + 7)
    record = match.to_json()
    history = match.history
    ends = [i for i, e in enumerate(match.events) if e.kind == "action"]
    back = min(CHECKPOINT + 3, len(history))
    match.undo(back)
    cut = ends[-back]
    assert match.event_count == cut
    assert match.state == states[cut]
    assert match.legal_actions() == tuple(match.game.legal_actions(states[cut]))
    assert match.history == history[:-back]
    for action in history[-back:]:
        match.apply(action)
    assert match.to_json() == record
    assert match.state == states[-1]


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_of_more_moves_than_played_changes_nothing(game_id: str) -> None:
    match, _ = played(game_id, 2, 3)
    record, state, moves = match.to_json(), match.state, len(match.history)
    with pytest.raises(NothingToUndoError, match=f"Only {moves} move"):
        match.undo(moves + 1)
    assert match.to_json() == record and match.state is state
    match.undo(moves)
    with pytest.raises(NothingToUndoError, match="no move has been played yet"):
        match.undo()


@pytest.mark.parametrize("copier", ["deepcopy", "pickle"])
def test_a_copied_match_keeps_its_undo_its_checkpoints_and_its_scripted_dice(
    copier: str,
) -> None:
    """A copy (copy.deepcopy, or pickled and loaded) is the whole match: it takes moves back
    across checkpoints as the match would, and the dice set by hand and not yet rolled are
    rolled in it as they would have been (the same code serves the compiled build's Match,
    which the conformance suite checks too)."""
    match, states = played("far_seas", 4, CHECKPOINT + 9)
    match.script_chance(*[1] * 40)  # what the next rolls show, not yet rolled
    again = copy.deepcopy(match) if copier == "deepcopy" else pickle.loads(pickle.dumps(match))
    assert again.to_json() == match.to_json() and again.scripted == match.scripted
    assert again.events == match.events and again._script == match._script
    again.undo(CHECKPOINT)
    assert again.state == states[again.event_count]
    assert match.state == states[-1]  # the original is untouched
    match.undo(CHECKPOINT)
    for m in (match, again):  # the same moves on both: the same dice, the same record
        pick = random.Random(9)
        for _ in range(12):
            m.apply(pick.choice(m.legal_actions()))
    assert len(match._script) < 40  # some of the dice set by hand were rolled
    assert again.to_json() == match.to_json()
    assert again._script == match._script and again.scripted == match.scripted
