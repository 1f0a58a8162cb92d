"""The issue's measures: 1,000 random games end (pure rules), 10,000 junk or illegal actions
are refused with the state unchanged, and records round-trip for 100 games through Match."""

from __future__ import annotations

import json
import random
import time

from navalkit import IllegalActionError, load_match, new_match
from navalkit.games.far_seas import GAME
from navalkit.games.far_seas.config import Config
from navalkit.testing import JUNK_ACTIONS


def _random_game(seed: int, config: Config) -> tuple[int, object]:
    rng = random.Random(seed)
    state = GAME.initial_state(config, 2)
    steps = 0
    while not GAME.is_over(state):
        if GAME.is_chance(state):
            outcomes = GAME.chance_outcomes(state)
            state = GAME.apply_chance(state, rng.choice([o for o, _ in outcomes]))
        else:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        steps += 1
        assert steps < 20_000
    return steps, state


def test_a_thousand_random_games_end() -> None:
    config = Config()
    start = time.perf_counter()
    lengths = [_random_game(seed, config)[0] for seed in range(1000)]
    print(f"1000 games, {sum(lengths)} steps, {time.perf_counter() - start:.1f} s")
    assert len(lengths) == 1000 and max(lengths) < 20_000


def test_ten_thousand_illegal_actions_refused() -> None:
    rng = random.Random(7)
    m = new_match("far_seas", seed=3)
    seen: list[object] = []
    refused = 0
    while refused < 10_000 and not m.is_over:
        legal = m.legal_actions()
        seen += rng.sample(legal, min(3, len(legal)))
        legal_set = set(legal)
        state, events = m.state, m.events
        text = m.to_json() if refused % 2000 < 40 else None
        for _ in range(40):
            bad = rng.choice(
                [
                    rng.choice(JUNK_ACTIONS),
                    rng.choice(seen),
                    {"type": "order", "ships": ["Emden"], "kind": "move", "to": rng.randrange(40)},
                    {"type": "deploy", "ships": ["Kent"], "to": rng.randrange(-3, 40)},
                    {"type": "search", "area": rng.choice([None, -1, 5, 99, "x"])},
                ]
            )
            try:
                if bad in legal_set:
                    continue
            except TypeError:  # dicts and lists: junk by construction
                pass
            try:
                m.apply(bad)
            except IllegalActionError as exc:
                assert exc.rule_id and exc.reason
                refused += 1
            else:  # a random dict may happen to be legal: take it back
                m.undo()
            assert m.state is state and m.events == events
        if text is not None:
            assert m.to_json() == text
        m.apply(rng.choice(legal))
    assert refused >= 10_000


def test_records_round_trip_for_a_hundred_games() -> None:
    rng = random.Random(11)
    for seed in range(100):
        m = new_match("far_seas", seed=seed, turns=3)
        while not m.is_over:
            m.apply(rng.choice(m.legal_actions()))
        text = m.to_json()
        again = load_match(text)
        assert again.to_json() == text and again.state == m.state
        assert json.loads(text)["game"] == "far_seas"
