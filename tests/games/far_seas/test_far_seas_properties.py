"""Property tests (hypothesis) for the invariants the issue names: every ship is in exactly
one place, the VP add up, and no Allied observation reveals an undiscovered raider."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from navalkit.games.far_seas import GAME, rules
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.data import ALLIED, GERMAN, N_AREAS, RIVER_SHIPS, SHIPS
from navalkit.games.far_seas.draw import draw
from navalkit.games.far_seas.observe import assert_no_leak, observe, visible_to_allies
from navalkit.games.far_seas.state import (
    AT_SEA,
    HOME,
    INTERNED,
    OVER,
    RESERVE,
    RIVER_BOX,
    SUNK,
    UNKNOWN,
    WATCH,
    State,
)


def playout(seed: int, config: Config, limit: int = 400) -> list[State]:
    """A random game's states (at most ``limit`` steps)."""
    rng = random.Random(seed)
    state = rules.initial_state(config)
    states = [state]
    while not GAME.is_over(state) and len(states) < limit:
        if GAME.is_chance(state):
            outs = GAME.chance_outcomes(state)
            state = GAME.apply_chance(state, rng.choice([o for o, _ in outs]))
        else:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        states.append(state)
    return states


CONFIGS = st.builds(
    Config,
    crowded_fire=st.sampled_from(["2 or more", "3 or more"]),
    surprise_bonus=st.sampled_from(["whole combat", "first round"]),
    captures=st.sampled_from(["all", "one per ship"]),
    max_rounds=st.integers(1, 5),
    colonies=st.booleans(),
    turns=st.integers(2, 6),
)


def check_places(state: State) -> None:
    for s in SHIPS:
        loc, box = state.loc[s.id], state.box[s.id]
        if box in AT_SEA:
            assert 0 <= loc < N_AREAS, (s.name, loc, box)
        else:
            assert loc == -1 and box in (SUNK, INTERNED, HOME, RESERVE), (s.name, loc, box)
        if box == RIVER_BOX:
            assert s.side == 0 and s.name in RIVER_SHIPS and loc == 23
        if box == WATCH:
            assert s.side == 1 and loc == 23
    assert sum(1 for g in GERMAN if state.box[g] == RIVER_BOX) <= 1


def check_vp(state: State) -> None:
    lost = sum(SHIPS[g].cls.vp for g in GERMAN if state.box[g] in (SUNK, INTERNED))
    assert state.avp == lost
    assert state.gvp[2] == sum(SHIPS[a].cls.vp for a in ALLIED if state.box[a] == SUNK)
    assert state.gvp[0] == sum(n for *_, n in state.captures)
    assert rules.scores(state) == (sum(state.gvp), state.avp)
    assert min(state.gvp) >= 0 and all(d >= 0 for d in state.damage)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), config=CONFIGS)
def test_ships_in_one_place_and_vp_add_up(seed: int, config: Config) -> None:
    for state in playout(seed, config):
        check_places(state)
        check_vp(state)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_allied_view_never_shows_an_unseen_raider(seed: int) -> None:
    for i, state in enumerate(playout(seed, Config(turns=4))):
        assert_no_leak(state)
        if i % 25 == 0 and state.phase != OVER:
            view = observe(state, 1)
            regions = {r.id for r in draw(view).regions}
            for g in GERMAN:
                if not visible_to_allies(state, g):
                    assert f"s{g}" not in regions
                    assert view.state.loc[g] == UNKNOWN
                    assert SHIPS[g].name + ": position unknown" in draw(view).description


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_allied_choices_do_not_depend_on_hidden_raiders(seed: int) -> None:
    """Two states the Allies cannot tell apart offer them the same actions."""
    for state in playout(seed, Config(turns=3), limit=300):
        if GAME.to_move(state) != 1:
            continue
        masked = observe(state, 1).state
        hidden = [g for g in GERMAN if masked.loc[g] == UNKNOWN]
        if not hidden:
            continue
        loc = list(state.loc)
        for g in hidden:
            loc[g] = (loc[g] % 31) + 1  # move the unseen raider somewhere else
        other = rules.evolve(state, loc=tuple(loc))
        if state.unit is None:
            assert GAME.legal_actions(other) == GAME.legal_actions(state)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_moves_only_to_the_same_or_an_adjacent_area(seed: int) -> None:
    from navalkit.games.far_seas.actions import Deploy, Order
    from navalkit.games.far_seas.data import ADJ, PANAMA, RIVER

    for state in playout(seed, Config(turns=4)):
        for action in GAME.legal_actions(state):
            if isinstance(action, Deploy | Order):
                for s in action.ships:
                    here = state.loc[s]
                    ok = action.to in (here, *ADJ[here], RIVER)
                    ok = ok or (isinstance(action, Order) and {here, action.to} == set(PANAMA))
                    assert ok, (action, here)
