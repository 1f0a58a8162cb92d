"""The issue's "done when", measured on Naval War.

* 1,000 random games (3-5 players, 50-point goal) end at the rules level, and 100 more
  (3, 6 and 9 players) through the Match API; card conservation is checked along the way
  (every state of every tenth Match game, and of many games in the property tests);
* 10,000 illegal or junk actions are refused, each leaving the match unchanged;
* records round-trip mid-game and at the end, and a reloaded match plays on identically;
* the greedy bot beats random players, and three-, six- and nine-player games end.

Timings are printed (run with ``-s``), never asserted.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from navalkit import IllegalActionError, Match, load_match, new_match
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.games.naval_war import GAME, conserved
from navalkit.games.naval_war.actions import Aim, Discard, Play, Strike, Take
from navalkit.testing import JUNK_ACTIONS


def rules_game(seed: int, players: int, **config: Any) -> tuple[int, Any]:
    """One random game with the pure rules only; returns (steps, final state)."""
    rng = random.Random(seed)
    state = GAME.initial_state(GAME.make_config(**config), players)
    steps = 0
    while not GAME.is_over(state):
        if GAME.is_chance(state):
            outcomes = GAME.chance_outcomes(state)
            state = GAME.apply_chance(state, rng.choice(outcomes)[0])
        else:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        steps += 1
        if steps % 16 == 0:
            assert conserved(state) == (108, 54)
        assert steps < 100_000
    return steps, state


def test_a_thousand_random_games_end() -> None:
    started = time.perf_counter()
    total = 0
    for seed in range(1000):
        steps, state = rules_game(seed, 3 + seed % 3, goal=50)
        total += steps
        assert GAME.is_over(state)
    took = time.perf_counter() - started
    print(f"1,000 rules-level games: {total} steps in {took:.1f}s")


def random_match(seed: int, players: int, **config: Any) -> Match:
    rng = random.Random(seed)
    m = new_match("naval_war", seed=seed, players=players, **config)
    while not m.is_over:
        m.apply(rng.choice(m.legal_actions()))
    return m


def test_a_hundred_match_games_end_three_six_and_nine_players() -> None:
    started = time.perf_counter()
    for seed in range(100):
        m = random_match(seed, (3, 6, 9)[seed % 3], **({"max_rounds": 3} if seed % 3 else {}))
        assert m.is_over and conserved(m.state) == (108, 54)
        if seed % 10 == 0:
            states = map(m.state_at, range(m.event_count + 1))
            assert all(conserved(state) == (108, 54) for state in states)
    print(f"100 Match games in {time.perf_counter() - started:.1f}s")


def test_ten_thousand_illegal_actions_refused_state_unchanged() -> None:
    rng = random.Random(7)
    m = new_match("naval_war", seed=7, players=5)
    tried = 0
    while tried < 10_000:
        if m.is_over:
            m = new_match("naval_war", seed=tried, players=3 + tried % 7)
        legal = set(m.legal_actions())
        candidates: list[Any] = [
            rng.choice(JUNK_ACTIONS),
            Play(rng.randrange(108), rng.randrange(-1, 100)),
            Discard(rng.randrange(108)),
            Strike(rng.randrange(54), rng.randrange(-1, 54), rng.random() < 0.5),
            Aim(rng.randrange(9)),
            Take(rng.randrange(54)),
            {"type": "play", "card": rng.randrange(-5, 120), "target": "x"},
        ]
        for bad in candidates:
            try:
                if bad in legal:
                    continue
            except TypeError:  # unhashable junk is never legal
                pass
            state, n = m.state, len(m.events)
            with pytest.raises(IllegalActionError) as info:
                m.apply(bad)
            rule = info.value.rule_id
            assert rule in GAME.clauses or rule.startswith("match."), rule
            assert m.state is state and len(m.events) == n
            tried += 1
        m.apply(rng.choice(sorted(legal, key=repr)))


@pytest.mark.parametrize("players", [3, 6, 9])
def test_records_round_trip_mid_game_and_at_the_end(players: int) -> None:
    rng = random.Random(players)
    m = new_match("naval_war", seed=players, players=players, kamikaze=True)
    for _ in range(150):
        m.apply(rng.choice(m.legal_actions()))
    back = load_match(m.to_json())
    assert back.state == m.state and back.to_json() == m.to_json()
    for _ in range(30):
        action = rng.choice(m.legal_actions())
        m.apply(action)
        back.apply(json.loads(json.dumps(action.to_json())))
    assert back.to_json() == m.to_json()
    while not m.is_over:
        m.apply(rng.choice(m.legal_actions()))
    assert load_match(m.to_json()).to_json() == m.to_json()


def test_greedy_bot_beats_random_players() -> None:
    wins = 0
    for seed in range(12):
        m = new_match("naval_war", seed=seed, players=3, goal=50)
        bots = [make_bot(GAME, "greedy"), make_bot(GAME, "random"), make_bot(GAME, "random")]
        while not m.is_over:
            play_bot_move(m, bots[m.current_player])  # type: ignore[index]
        wins += m.winner == 0
    print(f"greedy won {wins} of 12")
    assert wins >= 6


def test_bots_see_only_their_view() -> None:
    m = new_match("naval_war", seed=5, players=4)
    from navalkit.core.bots import bot_view

    view = bot_view(m)
    obs = view.observation
    seat = view.player
    assert all(h == () for s, h in enumerate(obs.state.hands) if s != seat)
    assert obs.state.deck == ()


def test_the_game_hooks_say_what_the_rules_say() -> None:
    """``NavalWar.to_move``, ``is_chance`` and ``is_over`` hold a copy of the rules' one line
    each (a method is cheaper to call than a staticmethod, and a match asks them several
    times a step): at every state of random games, chance steps included, they agree with
    :mod:`.rules`."""
    from navalkit.games.naval_war import rules

    seen = set()
    for seed in range(6):
        match = new_match("naval_war", seed=seed, players=3 + seed % 3)
        pick = random.Random(seed)
        while not match.is_over:
            match.apply(pick.choice(match.legal_actions()))
        for state in [*(e.before for e in match.events), match.state]:
            seen.add(state.phase)
            assert GAME.to_move(state) == rules.to_move(state)
            assert GAME.is_chance(state) == rules.is_chance(state)
            assert GAME.is_over(state) == rules.is_over(state)
    assert len(seen) >= 3  # play, chance and game over were all met
