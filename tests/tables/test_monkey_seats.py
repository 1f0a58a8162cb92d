"""Classmates at one table, each clicking anywhere, pressing any key and any button, typing
anything, at any time (their turn or not): seeded random requests from every seat's page
(navalkit.testing.monkey), each page reading the table as it does between requests. None is a
fault of ours, every page can always be drawn, and a refused request leaves the table exactly
as it was (its row, seats and stored moves), with words for why."""

from __future__ import annotations

import random

import pytest
from table_helpers import seat_everyone

from navalkit.play.table_session import TableSession
from navalkit.tables import Tables
from navalkit.testing.monkey import random_request

STEPS = 150


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("naval_war", 3), ("nautic_miles", 4), ("far_seas", 2), ("branle_bas", 2)],
)
def test_any_request_from_any_seat_is_kept_or_refused_never_a_fault(
    tables: Tables, game_id: str, players: int
) -> None:
    rng = random.Random(players)
    code, tokens = seat_everyone(tables, game_id, players, seed=7)
    pages = [TableSession(tables, code, tokens[s]) for s in sorted(tokens)]
    store = tables.store
    done: list[str] = []
    for _ in range(STEPS):
        # most requests from the seat to move (so that the game goes on), the others from
        # anyone, their turn or not
        movers = [p for p in pages if p.view.your_turn]
        page = movers[0] if movers and rng.random() < 0.6 else rng.choice(pages)
        before = (store.table(code), store.seats(code), store.moves(code))
        what, request = random_request(page, rng)
        done.append(f"seat {page.seat}: {what}")
        went = request()
        assert page.fault is None, f"{game_id}: a fault after {done[-8:]}:\n{page.fault}"
        if not went:
            assert (store.table(code), store.seats(code), store.moves(code)) == before, (
                f"{game_id}: the refused {done[-1]!r} changed the table"
            )
            assert page.error or page.refusal, f"{game_id}: {done[-1]!r} refused without a word"
        for other in pages:
            other.poll()
            assert other.screen().status
    assert len(store.moves(code)) > 5, "the classmates played some moves"
