"""What a seat may keep of a game: its log and its record hold its own moves in full, the
others' only as they were seen played, and no chance a seat did not see (a deal, a draw); the
teacher's log and record hold everything. The shared move check catches a log line that names
what a move hides."""

from __future__ import annotations

import json
import random

import pytest

import navalkit
from navalkit.core import RecordError, load_match, new_match
from navalkit.core.match import SEAT_RECORD_FORMAT, _canonical
from navalkit.testing.leaks import check_moves_hide

HIDDEN = [g for g in navalkit.games() if navalkit.get_game(g).hidden_information]


def _played(game_id: str, moves: int = 60, seed: int = 5, **config: object) -> navalkit.Match:
    match = new_match(game_id, seed=seed, **config)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize("game_id", HIDDEN)
def test_a_seats_record_and_log_hold_only_what_it_saw(game_id: str) -> None:
    match = _played(game_id)
    assert match.log.equals(match.log_for(None)), "the teacher's log is the full log"
    for seat in range(match.players):
        record = match.record_for(seat)
        assert record["format"] == SEAT_RECORD_FORMAT and record["seat"] == seat
        assert "seed" not in record and "checksum" not in record
        json.dumps(record)  # a file a student can download
        log = match.log_for(seat)
        assert len(record["events"]) == len(log) == len(match.events)
        rows = zip(match.events, log.itertuples(), record["events"], strict=True)
        for i, (e, row, kept) in enumerate(rows):
            assert kept["text"] == row.text == e.text, "every seat reads the same words"
            # its own moves in full; else what the game says the table saw of it (as the
            # state before the event stood)
            before = match.state_at(i)
            if e.kind == "chance":
                seen = match.game.public_chance(before, e.payload)
            elif e.player == seat:
                seen = e.payload.to_json()
            else:
                seen = match.game.public_action(before, e.payload)
            assert kept.get("data") == seen
            assert row.data == ("" if seen is None else _canonical(seen))


def test_a_deal_is_not_in_a_seats_record() -> None:
    """Naval War: the cards dealt and drawn into hands are in no seat's record; a die is."""
    match = _played("naval_war", moves=80)
    full = [e for e in match.events if e.kind == "chance"]
    seen = [
        e.get("data")
        for e, c in zip(match.record_for(0)["events"], match.events, strict=True)
        if c.kind == "chance"
    ]
    assert len(full) == len(seen) and any(s is None for s in seen)
    assert all(s is None or isinstance(s, int) for s in seen)
    assert sum(s is not None for s in seen) < len(seen) / 2, "most chance is a hidden card"


def test_a_screened_set_up_is_not_in_the_other_players_record() -> None:
    """Branle-Bas free set-up: A's placements reach B's record as 'a ship placed', no square."""
    match = new_match("branle_bas", seed=2)
    while match.state.phase == "setup" and match.current_player == 0:
        match.apply(match.legal_actions()[0])
    placed = [e for e in match.events if e.kind == "action" and e.player == 0]
    assert placed, "A placed ships"
    theirs = match.record_for(1)["events"]
    mine = match.record_for(0)["events"]
    for e, t, m in zip(match.events, theirs, mine, strict=False):
        if e.kind == "action" and e.player == 0:
            assert t["data"] == {"type": "place"} and "at" in m["data"]
    assert not any(e.payload.to_json()["at"] in json.dumps(theirs) for e in placed)


def test_a_seats_record_cannot_be_resumed_and_bad_seats_are_refused() -> None:
    match = _played("nautic_miles", moves=10)
    text = json.dumps(match.record_for(1))
    with pytest.raises(RecordError, match="cannot be resumed"):
        load_match(text)
    for bad in (-1, match.players, True, "0"):
        with pytest.raises(ValueError, match="no seat"):
            match.record_for(bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="no seat"):
            match.log_for(bad)  # type: ignore[arg-type]


def test_the_move_check_catches_a_log_line_that_names_a_hidden_square(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = navalkit.get_game("branle_bas")
    monkeypatch.setattr(type(game), "describe_outcome", lambda self, s, a: a.describe())
    with pytest.raises(AssertionError, match="the log tells apart two moves"):
        check_moves_hide("branle_bas", games=1, max_steps=30)


def test_the_move_check_catches_a_draw_named_in_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    game = navalkit.get_game("nautic_miles")
    monkeypatch.setattr(type(game), "describe_chance", lambda self, s, o: f"draws card {o}")
    with pytest.raises(AssertionError, match="the log tells apart two chance outcomes"):
        check_moves_hide("nautic_miles", games=1, max_steps=30)
