"""The Allied fleet cache (mechanics/allied_positions.Fleet) is regrouped move by move and turn
by turn instead of counted afresh: at every position of random games it must hold exactly
what a fresh count finds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from navalkit.games.far_seas import GAME, rules
from navalkit.games.far_seas.actions import Deploy
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.mechanics.allied_positions import Fleet, fleet
from navalkit.games.far_seas.state import ALLY, GERMAN, State


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


def test_the_allied_moves_handed_out_are_found_among_their_ships_own() -> None:
    """Game.handed_out (which lets a Match skip the rules' check) finds every Allied move of
    the list, the very object, in its ship's or squadron's few; it vouches for no other
    object: an equal move made afresh, a move of another phase, junk."""
    rng = random.Random(4)
    state = rules.initial_state(Config())
    allied = german = squads = 0
    odd: list[Any] = [{"x": 1}, (), ("a",), (9999,)]  # not ships of this game
    junk = [Deploy(ships, 3, "moved") for ships in odd]
    while not GAME.is_over(state) and allied < 40:
        if GAME.is_chance(state):
            outcomes = GAME.chance_outcomes(state)
            state = GAME.apply_chance(state, rng.choice([o for o, _ in outcomes]))
            continue
        legal = GAME.legal_actions(state)
        moves = [a for a in legal if isinstance(a, Deploy)]
        if state.phase == ALLY:
            allied += 1
            assert all(GAME.handed_out(state, legal, m) for m in moves)
            again = Deploy(moves[0].ships, moves[0].to, moves[0].box)  # equal, not the one
            assert again == moves[0] and not GAME.handed_out(state, legal, again)
            squads += sum(len(m.ships) > 1 for m in moves)
        else:
            german += 1
            last_allied = fleet(state).moves()[1:]
            assert not any(GAME.handed_out(state, legal, m) for m in last_allied[:20])
        assert not any(GAME.handed_out(state, legal, j) for j in junk)
        state = GAME.apply(state, rng.choice(legal))
    assert allied == 40 and german and squads  # squadrons' moves were among them


def test_a_match_still_checks_a_move_not_handed_out() -> None:
    """An Allied move equal to a legal one but made afresh is checked by the rules and played;
    a ship's move in the German's turn is refused, the match unchanged."""
    import navalkit
    from navalkit.core.errors import IllegalActionError

    match = navalkit.new_match("far_seas", seed=3)
    rng = random.Random(3)
    while match.state.phase != ALLY:
        match.apply(rng.choice(match.legal_actions()))
    move = next(a for a in match.legal_actions() if isinstance(a, Deploy))
    allied_moves = match.legal_actions()
    match.apply(Deploy(move.ships, move.to, move.box))
    assert match.history[-1] == move
    while match.state.phase != GERMAN:
        match.apply(rng.choice(match.legal_actions()))
    record = match.to_json()
    for stale in allied_moves[1:]:
        with pytest.raises(IllegalActionError):
            match.apply(stale)
    assert match.to_json() == record
