"""The Allied fleet cache (mechanics/allied_positions.Fleet) is regrouped move by move and turn
by turn instead of counted afresh: at every position of random games it must hold exactly
what a fresh count finds."""

from __future__ import annotations

import random

import pytest

from navalkit.games.far_seas import GAME, rules
from navalkit.games.far_seas.actions import Deploy
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.mechanics.allied_positions import Fleet, fleet
from navalkit.games.far_seas.state import ALLY, State


def same_as_counted(state: State) -> None:
    kept, counted = fleet(state), Fleet(state)
    assert kept.at == counted.at
    assert kept.starts == counted.starts
    assert kept.segs == counted.segs
    assert kept.chunks == counted.chunks
    assert kept.moves() == counted.moves()


@pytest.mark.parametrize(
    "config",
    [Config(), Config(colonies=False), Config(convoy_speed="3 or more", turns=6)],
    ids=["default", "no-colonies", "fast-convoys"],
)
@pytest.mark.parametrize("seed", range(3))
def test_fleet_matches_a_fresh_count(config: Config, seed: int) -> None:
    rng = random.Random(seed)
    state = rules.initial_state(config)
    while not GAME.is_over(state):
        if GAME.is_chance(state):
            outcomes = GAME.chance_outcomes(state)
            state = GAME.apply_chance(state, rng.choice([o for o, _ in outcomes]))
            continue
        same_as_counted(state)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    same_as_counted(state)


def test_fleet_after_an_unlisted_deploy() -> None:
    """rules.apply leaves legality to its caller: a move the fleet's short path does not
    cover (here a ship that already moved, moved again) is regrouped the general way."""
    rng = random.Random(1)
    state = rules.initial_state(Config())
    checked = 0
    while not GAME.is_over(state) and checked < 20:
        if GAME.is_chance(state):
            outcomes = GAME.chance_outcomes(state)
            state = GAME.apply_chance(state, rng.choice([o for o, _ in outcomes]))
            continue
        if state.phase == ALLY:
            moved = [s for area in fleet(state).at[1].values() for s in area]
            if moved:
                odd = rules.apply(state, Deploy((moved[0],), state.loc[moved[0]]))
                same_as_counted(odd)
                checked += 1
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert checked
