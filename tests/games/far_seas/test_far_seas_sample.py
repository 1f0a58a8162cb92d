"""The search bot's sampler (sample.py): sampled states agree with the seat's view, the truth
is always among the possible samples, and the MCTS bot cannot peek at hidden raiders."""

from __future__ import annotations

import random
from functools import cache

from navalkit.core.bots import bot_view, make_bot
from navalkit.core.match import new_match
from navalkit.core.mcts import MCTSBot
from navalkit.games.far_seas import GAME
from navalkit.games.far_seas.data import GERMAN, RUFIJI_AREA
from navalkit.games.far_seas.observe import areas_for, observe, sample_state
from navalkit.games.far_seas.state import ALLIES, GERMANY, OVER, RIVER_BOX, State, evolve
from navalkit.testing.search import assert_same_choice


@cache
def positions() -> tuple[State, ...]:
    """States met in a few seeded random games (every tenth decision, and every search)."""
    out = []
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.initial_state(GAME.make_config(turns=5), 2)
        step = 0
        while not GAME.is_over(state):
            if GAME.is_chance(state):
                outcomes = GAME.chance_outcomes(state)
                pick = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                state = GAME.apply_chance(state, pick)
                continue
            if step % 10 == 0 or state.phase == "search":
                out.append(state)
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
            step += 1
        out.append(state)
    return tuple(out)


def test_sampled_state_shows_the_same_view_to_the_seat() -> None:
    """Exact equality: the sample's view for the seat equals the real view (state fields and
    the set of hidden raiders), and the seat to move has the same legal actions."""
    rng = random.Random(7)
    for state in positions():
        for seat in (GERMANY, ALLIES):
            view = observe(state, seat)
            sample = sample_state(view, rng)
            assert observe(sample, seat) == view
            if GAME.to_move(state) == seat:
                assert GAME.legal_actions(sample) == GAME.legal_actions(state)


def test_german_sample_is_the_whole_state() -> None:
    for state in positions()[::5]:
        assert GAME.sample_state(observe(state, GERMANY), random.Random(0)) == state


def test_unseen_raiders_are_placed_where_they_could_be() -> None:
    """Every hidden raider's true area is among the possible ones, and samples use them."""
    rng = random.Random(3)
    checked = 0
    for state in positions():
        view = observe(state, ALLIES)
        if state.phase == OVER:
            continue
        sample = sample_state(view, rng)
        for g in view.hidden:
            checked += 1
            possible = areas_for(view.state, g)
            assert state.box[g] == RIVER_BOX or state.loc[g] in possible
            assert sample.box[g] == RIVER_BOX or sample.loc[g] in possible
            if sample.box[g] == RIVER_BOX:
                assert sample.loc[g] == RUFIJI_AREA
        if sample.unit is not None and state.unit is not None:
            assert sample.unit.ships == state.unit.ships
            assert all(sample.loc[g] == sample.loc[sample.unit.ships[0]] for g in sample.unit.ships)
    assert checked > 50


def _twin(state: State) -> State | None:
    """The same position with one unseen raider elsewhere and other secret captures."""
    view = observe(state, ALLIES)
    for g in sorted(view.hidden):
        if state.unit is not None and g in state.unit.ships:
            continue
        if state.box[g] == RIVER_BOX:
            continue
        other = [a for a in areas_for(view.state, g) if a != state.loc[g]]
        if other:
            loc = list(state.loc)
            loc[g] = other[-1]
            gvp = (state.gvp[0] + 5, *state.gvp[1:])
            return evolve(state, loc=tuple(loc), gvp=gvp, captures=((1, g, 3, 5),))
    return None


def test_mcts_cannot_peek_two_truths_one_decision() -> None:
    """Two true states with the same Allied view give the same MCTS choice with the same rng."""
    pairs = 0
    for state in positions():
        if GAME.to_move(state) != ALLIES or len(GAME.legal_actions(state)) < 2:
            continue
        twin = _twin(state)
        if twin is None:
            continue
        assert observe(twin, ALLIES) == observe(state, ALLIES)
        assert_same_choice(
            GAME,
            ALLIES,
            (state, twin),
            seed=11,
            players=2,
            iterations=24,
            samples=3,
            rollout_depth=8,
        )
        pairs += 1
        if pairs >= 3:
            break
    assert pairs >= 1


def test_make_bot_mcts_plays_legal_moves_from_both_seats() -> None:
    match = new_match("far_seas", seed=5, turns=2)
    bot = make_bot(GAME, "mcts")
    assert isinstance(bot, MCTSBot)
    bot.iterations, bot.rollout_depth = 16, 6  # a light search: this is about legality
    seen = set()
    for _ in range(12):
        if match.is_over:
            break
        seat = match.current_player
        assert seat is not None
        view = bot_view(match)
        action = bot.choose(view)
        assert action in view.legal_actions
        match.apply(action)
        seen.add(seat)
    assert seen == {GERMANY, ALLIES}


def test_hidden_raiders_exist_in_the_sampled_positions() -> None:
    """The tests above meet real hidden information (not only fully seen positions)."""
    assert any(observe(s, ALLIES).hidden and s.phase != OVER for s in positions())
    assert all(g in GERMAN for s in positions() for g in observe(s, ALLIES).hidden)
