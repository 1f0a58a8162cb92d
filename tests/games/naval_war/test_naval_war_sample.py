"""Search without peeking: ``sample_state`` guesses a full state from one seat's view, and the
generic MCTS bot plays from such guesses only (figures printed with ``-s``)."""

from __future__ import annotations

import random
import time
from typing import Any

import navalkit
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.games.naval_war import GAME, conserved
from navalkit.games.naval_war.data import RED
from navalkit.games.naval_war.observe import red_free
from navalkit.games.naval_war.state import CLEAR, State
from navalkit.testing.search import assert_no_peeking, fast_mcts


def position(seed: int) -> State:
    """A random position: 3-9 players, some random moves into a game."""
    rng = random.Random(seed)
    state = GAME.initial_state(GAME.make_config(goal=50), rng.choice([3, 4, 5, 6, 9]))
    for _ in range(rng.randrange(300)):
        if GAME.is_over(state):
            break
        if GAME.is_chance(state):
            state = GAME.apply_chance(state, rng.choice(GAME.chance_outcomes(state))[0])
        else:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


def test_a_sample_looks_the_same_to_its_seat_and_keeps_every_card() -> None:
    hidden = 0
    for seed in range(150):
        state = position(seed)
        for seat in (None, *range(state.n)):
            view = GAME.observe(state, seat)
            guess = GAME.sample_state(view, random.Random(seed * 10 + (seat or 0)))
            assert GAME.observe(guess, seat) == view, (seed, seat)
            assert conserved(guess) == (108, 54), (seed, seat)
            hidden += guess != state
            if seat == GAME.to_move(state):  # the seat's own choices are unchanged
                assert GAME.legal_actions(guess) == GAME.legal_actions(state)
            elif not GAME.is_over(guess) and not GAME.is_chance(guess):
                assert GAME.legal_actions(guess), "another seat to move has a move"
    assert hidden > 300, "the guesses should differ from the truth somewhere"


def test_red_free_is_a_public_fact() -> None:
    """A seat that has cleared out never holds a red card (NW-CLEAROUT, NW-RED), and the
    seat clearing out always holds one: samples keep both."""
    clearing = 0
    for seed in range(300):
        state = position(seed)
        for seat in range(state.n):
            if red_free(state, seat):
                assert not any(RED[c] for c in state.hands[seat]), (seed, seat)
        if state.phase == CLEAR:
            clearing += 1
            viewer = (state.seat + 1) % state.n
            for k in range(5):
                guess = GAME.sample_state(GAME.observe(state, viewer), random.Random(k))
                assert any(RED[c] for c in guess.hands[state.seat])
                for seat in range(state.n):
                    if red_free(state, seat):
                        assert not any(RED[c] for c in guess.hands[seat])
    assert clearing > 3


def test_mcts_cannot_peek() -> None:
    """Two true states the seat to move cannot tell apart: the same rng, the same choice."""
    positions = ((seed, position(seed)) for seed in range(60))
    assert_no_peeking(GAME, positions, lambda s: s.n, iterations=24, samples=2)


def test_make_bot_mcts_plays_whole_games() -> None:
    for seed, players in ((0, 3), (1, 4)):
        m = navalkit.new_match("naval_war", seed=seed, players=players, goal=50, max_rounds=1)
        bots = [fast_mcts(GAME, 16)] + [make_bot(GAME, "random")] * (players - 1)
        while not m.is_over:
            seat = m.current_player
            assert seat is not None
            play_bot_move(m, bots[seat])  # Match.apply refuses anything illegal
        assert m.is_over


def test_mcts_against_random() -> None:
    """Seat ``g % 3`` is MCTS (40 iterations), the two others random; one-round games."""
    started = time.perf_counter()
    wins, games = 0, 6
    for g in range(games):
        m = navalkit.new_match("naval_war", seed=500 + g, players=3, max_rounds=1)
        bots = [make_bot(GAME, "random")] * 3
        bots[g % 3] = fast_mcts(GAME, 40)
        while not m.is_over:
            seat = m.current_player
            assert seat is not None
            play_bot_move(m, bots[seat])
        wins += m.winner == g % 3
    took = time.perf_counter() - started
    print(f"naval_war: mcts(40) beat two random players {wins}/{games} ({took:.1f}s)")
    assert wins >= games // 3 + 1


def test_evaluate_is_a_fraction_that_prefers_the_leader() -> None:
    for seed in range(40):
        state = position(seed)
        values = [GAME.evaluate(state, seat) for seat in range(state.n)]
        assert all(0.0 <= v <= 1.0 for v in values)
    state = next(p for p in map(position, range(50)) if not GAME.is_over(p))
    lead = state.__class__(
        **{**_fields(state), "totals": (state.totals[0] + 30, *state.totals[1:])}
    )
    assert GAME.evaluate(lead, 0) > GAME.evaluate(state, 0)


def _fields(state: State) -> dict[str, Any]:
    return {name: getattr(state, name) for name in state.__slots__}
