"""The rules' kept answers equal answers worked out afresh: the facts of a table worked out
from the last table's after a card played on a convoy (rules._replaced), the convoys a seat
may play on kept per table and seat (rules._TARGETS), and the round points kept per side
(scoring.round_points), over seeded random games of 2 to 6 players, alone and in teams."""

from __future__ import annotations

import random

import pytest

import navalkit
from navalkit.games.nautic_miles import rules
from navalkit.games.nautic_miles.mechanics import scoring
from navalkit.games.nautic_miles.state import State


def _afresh_legal(state: State) -> list[object]:
    """``legal_actions`` with none of its kept answers (the caches put back after)."""
    last, targets = rules._LAST_FACTS[0], dict(rules._TARGETS)
    rules._LAST_FACTS[0] = rules._Facts(())
    rules._TARGETS.clear()
    try:
        return list(rules.legal_actions(state))
    finally:
        rules._LAST_FACTS[0] = last
        rules._TARGETS.clear()
        rules._TARGETS.update(targets)


@pytest.mark.parametrize(
    ("players", "teams", "seed"),
    [(2, False, 1), (3, False, 2), (4, True, 3), (5, False, 4), (6, True, 5), (2, False, 6)],
)
def test_kept_answers_equal_fresh_ones(players: int, teams: bool, seed: int) -> None:
    rng = random.Random(seed)
    match = navalkit.new_match("nautic_miles", seed=seed, players=players, teams=teams)
    steps = 0
    while not match.is_over and steps < 1500:
        state = match.state
        legal = match.legal_actions()
        assert list(legal) == _afresh_legal(state)
        kept = rules._LAST_FACTS[0]
        if kept.rows is state.rows:
            fresh = rules._Facts(state.rows)
            assert (kept.timers, kept.convoys, kept.interned) == (
                fresh.timers,
                fresh.convoys,
                fresh.interned,
            )
        for side in range(state.sides):
            home = scoring.home(state, side)
            expected = scoring.raw_points(state, side) if home else 0
            assert scoring.round_points(state, side) == expected
        match.apply(rng.choice(legal))
        steps += 1
    assert steps > 200
