"""Helpers shared by the table tests: seating a table, random legal play through the service,
and the check that a table's stored log replays to a legal game."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from navalkit.core.match import Match, new_match
from navalkit.tables import (
    GameNotRunningError,
    NotYourTurnError,
    StaleMoveError,
    Tables,
    TableStore,
)

KEY = "teacher key for the tests"


def seat_everyone(
    tables: Tables,
    game_id: str = "naval_war",
    players: int | None = 3,
    *,
    bots: Mapping[int, str] | None = None,
    seed: int | None = None,
    settings: Mapping[str, Any] | None = None,
) -> tuple[str, dict[int, str]]:
    """A new table with a person joined on every seat not given to a computer: its code and
    the tokens by seat."""
    new = tables.create_table(game_id, players, bots=bots, seed=seed, settings=settings)
    tokens = {
        s: tables.join(new.code, s, f"Student {s}")
        for s in range(new.players)
        if s not in (bots or {})
    }
    return new.code, tokens


def mover(tables: Tables, code: str) -> int | None:
    """The seat to move at ``code`` (None when nobody is)."""
    return next((s.seat for s in tables.seats(code) if s.to_move), None)


def play_one(
    tables: Tables, code: str, tokens: Mapping[int, str], rng: random.Random
) -> int | None:
    """One random legal move by the person to move; the new seq, or None when the move could
    not be played (another player was faster, or nobody of ``tokens`` is to move). Raises
    GameNotRunningError once the game is over."""
    seat = mover(tables, code)
    if seat is None:
        if tables.stamp(code).status != "playing":
            raise GameNotRunningError("over")
        return None
    if seat not in tokens:
        return None
    view = tables.view(code, tokens[seat], log=False)
    if not view.your_turn:
        return None
    try:
        return tables.move(code, tokens[seat], rng.choice(view.legal_actions), view.seq)
    except (StaleMoveError, NotYourTurnError):
        return None


def play_random(
    tables: Tables, code: str, tokens: Mapping[int, str], rng: random.Random, moves: int
) -> int:
    """Up to ``moves`` random legal moves (fewer if the game ends); how many were played."""
    done = 0
    while done < moves:
        try:
            if play_one(tables, code, tokens, rng) is not None:
                done += 1
        except GameNotRunningError:
            break
    return done


def replayed(store: TableStore, code: str) -> Match:
    """The table's game rebuilt from its seed and its stored moves, checking on the way that
    the sequence numbers run 1, 2, 3... with no gap or double, that each move was played by
    the seat to move and is legal, and that the table's row agrees with the result."""
    table = store.table(code)
    assert table is not None
    match = new_match(table.game_id, seed=table.seed, players=table.players, **table.settings)
    rows = store.moves(code)
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1)), "seqs are not contiguous"
    for row in rows:
        assert row.seat == match.current_player, f"move {row.seq} by the wrong seat"
        assert match.violation(row.action) is None, f"move {row.seq} is illegal"
        match.apply(row.action)
    assert table.seq == len(rows)
    assert table.to_move == match.current_player
    assert (table.status == "over") == match.is_over or table.status == "ended"
    return match
