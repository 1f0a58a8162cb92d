"""The hard level's search hooks (:mod:`navalkit.games.naval_war.search`): the moves it tries,
its playouts with common random numbers, and ``evaluate``. Quick checks only: strength and
speed are measured by ``benchmarks/bots.py``."""

from __future__ import annotations

import random

from nw_helpers import card, position

import navalkit
from navalkit.core.bots import BotView, make_bot, play_bot_move
from navalkit.core.mcts import MCTSBot
from navalkit.games.naval_war import GAME
from navalkit.games.naval_war.actions import Discard, Play
from navalkit.games.naval_war.bots import greedy_choice
from navalkit.games.naval_war.search import (
    DISCARDS,
    PLAYS,
    TARGETS,
    evaluate,
    keep_value,
    playout,
    search_actions,
)
from navalkit.games.naval_war.state import ACT, AIR, OVER, State


def random_position(seed: int) -> State:
    """Three to six players, some random moves into a game."""
    rng = random.Random(seed)
    state = GAME.initial_state(GAME.make_config(), rng.choice([3, 3, 4, 6]))
    for _ in range(rng.randrange(400)):
        if GAME.is_over(state):
            break
        if GAME.is_chance(state):
            state = GAME.apply_chance(state, rng.choice(GAME.chance_outcomes(state))[0])
        else:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


def test_search_actions_are_a_few_legal_moves_with_the_medium_choice() -> None:
    searched = 0
    for seed in range(120):
        state = random_position(seed)
        if GAME.is_over(state) or GAME.is_chance(state):
            continue
        legal = GAME.legal_actions(state)
        moves = search_actions(state)
        assert moves and all(m in legal for m in moves), seed
        assert len(set(moves)) == len(moves)
        assert greedy_choice(state, legal) in moves
        if state.phase == ACT:
            assert len(moves) <= PLAYS + DISCARDS + 1
            assert sum(type(m) is Play for m in moves) <= PLAYS + 1
        if state.phase == AIR:
            assert len(moves) <= TARGETS
        searched += len(moves) < len(legal)
    assert searched > 5, "some positions should have moves pruned"


def test_a_discard_throws_away_what_cannot_be_fired_first() -> None:
    from navalkit.games.naval_war.data import SALVO

    dead = card(SALVO, gun=18, value=1)  # no 18" ship in the fleet: this salvo is dead
    live = card(SALVO, gun=16, value=3)
    state = position([["Iowa", "Hood"], ["Bismarck"], ["Exeter"]], [[dead, live]])
    assert keep_value(state, dead) < keep_value(state, live)
    discards = [m for m in search_actions(state) if type(m) is Discard]
    assert discards[0] == Discard(dead)


def test_a_playout_repeats_with_the_same_seed_and_stops_in_time() -> None:
    for seed in range(20):
        state = random_position(seed)
        if GAME.is_over(state) or GAME.is_chance(state):
            continue
        ends = [playout(state, random.Random(seed), 3) for _ in range(2)]
        assert ends[0] == ends[1]
        end = ends[0]
        assert end.phase == OVER or end.round != state.round or not GAME.is_chance(end)
        assert end.round >= state.round


def test_evaluate_is_a_head_to_head_share() -> None:
    """Each pair of seats shares one unit: the seats' values add up to n / 2."""
    for seed in range(60):
        state = random_position(seed)
        values = [evaluate(state, seat) for seat in range(state.n)]
        assert all(0.0 <= v <= 1.0 for v in values)
        assert abs(sum(values) - state.n / 2) < 1e-9, (seed, state.phase == OVER)


def test_flat_search_chooses_a_legal_move_from_the_view_only() -> None:
    bot = make_bot(GAME, "hard", fixed=True)
    assert isinstance(bot, MCTSBot) and bot.flat
    bot.iterations = 30
    for seed in range(40):
        state = random_position(seed)
        seat = GAME.to_move(state)
        if seat is None or len(GAME.legal_actions(state)) < 2:
            continue
        legal = GAME.legal_actions(state)
        view = BotView(
            GAME, seat, GAME.observe(state, seat), legal, random.Random(seed), 0, state.n
        )
        assert bot.choose(view) in legal


def test_hard_beats_medium_in_short_games() -> None:
    """The hard bot (30 playouts a move: a tenth of its usual search) in one seat of nine
    one-round games against two medium bots, its seat rotating: its head-to-head share (1 for
    each opponent it finishes ahead of, or for winning) is over one half. The benchmark
    measures the real figure over whole games."""
    share, games = 0.0, 9
    for g in range(games):
        m = navalkit.new_match("naval_war", seed=900 + g, players=3, max_rounds=1)
        seat = g % 3
        bots = [make_bot(GAME, "medium") for _ in range(3)]
        hard = make_bot(GAME, "hard", fixed=True)
        assert isinstance(hard, MCTSBot)
        hard.iterations = 30
        bots[seat] = hard
        while not m.is_over:
            player = m.current_player
            assert player is not None
            play_bot_move(m, bots[player])
        scores, winner = m.scores, m.winner
        for other in range(3):
            if other != seat and winner != other:
                ahead = winner == seat or scores[seat] > scores[other]
                share += 1.0 if ahead else 0.5 if scores[seat] == scores[other] else 0.0
    assert share / (2 * games) > 0.5, share
