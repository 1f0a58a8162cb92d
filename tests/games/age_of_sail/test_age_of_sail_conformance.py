"""Age of Sail passes ``check_game`` under the main settings; random games end, junk is
refused with the state unchanged, records round-trip; property tests on the invariants."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import navalkit
from navalkit import IllegalActionError, load_match
from navalkit.games.age_of_sail import GAME
from navalkit.games.age_of_sail.data import SHIP_GAP
from navalkit.testing import JUNK_ACTIONS, check_game

CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("default", {}, 10),
    ("fleet", {"scenario": "fleet"}, 5),
    ("pirates-house", {"scenario": "pirates", "boarding_ties": "defender", "hull_hits": False}, 5),
    ("fleet-free", {"scenario": "fleet", "line_of_battle": False, "contact_cm": 5}, 4),
]


@pytest.mark.parametrize(("label", "config", "games"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_check_game(label: str, config: dict[str, Any], games: int) -> None:
    report = check_game("age_of_sail", config=config, games=games, seed=7)
    assert report["games"] == games


def _playout(cfg: Any, rng: random.Random) -> Any:
    s = GAME.initial_state(cfg, 2)
    steps = 0
    while not GAME.is_over(s):
        if GAME.is_chance(s):
            outs = GAME.chance_outcomes(s)
            s = GAME.apply_chance(s, rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
            continue
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        steps += 1
        assert steps < 5000
        _invariants(s)
    return s


def _invariants(s: Any) -> None:
    assert 1 <= s.wind_speed <= 7 and 0 <= s.wind_from < 8
    assert min(s.damage) >= 0
    live = [x for x in s.ships if x.afloat]
    for x in live:
        assert min(x.decks) >= 0 and x.hull >= 0
    for a in range(len(live)):
        for b in range(a + 1, len(live)):
            p, q = live[a], live[b]
            assert math.hypot(p.x - q.x, p.y - q.y) >= SHIP_GAP - 1e-9


def test_1000_random_games_end_at_the_rules_level() -> None:
    rng = random.Random(5)
    for g in range(1000):
        cfg = GAME.make_config(scenario=("duel", "fleet", "pirates")[g % 3], max_rounds=4)
        assert GAME.is_over(_playout(cfg, rng))


def test_100_games_through_match_and_records_round_trip() -> None:
    for seed in range(100):
        m = navalkit.new_match(
            "age_of_sail", seed=seed, max_rounds=3, scenario=("duel", "fleet", "pirates")[seed % 3]
        )
        rng = random.Random(seed)
        while not m.is_over:
            m.apply(rng.choice(m.legal_actions()))
        assert load_match(m.to_json()).to_json() == m.to_json()


def test_10000_junk_actions_refused_state_unchanged() -> None:
    m = navalkit.new_match("age_of_sail", seed=2, scenario="fleet")
    rng = random.Random(1)
    junk = [
        *JUNK_ACTIONS,
        {"type": "turn", "ship": 99, "heading": "N"},
        {"type": "sail", "ship": 0, "cm": 999},
        {"type": "fire", "ship": 0, "target": 0, "aim": "deck"},
    ]
    refused = 0
    for k in range(10_000):
        if k % 50 == 0 and not m.is_over:
            m.apply(rng.choice(m.legal_actions()))
        state, text = m.state, m.events
        bad = rng.choice(junk)
        try:
            m.apply(bad)
        except IllegalActionError:
            refused += 1
        assert m.state is state and m.events == text
    assert refused == 10_000


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["duel", "fleet", "pirates"]))
def test_property_damage_wind_and_no_overlap(seed: int, scenario: str) -> None:
    cfg = GAME.make_config(scenario=scenario, max_rounds=3)
    _playout(cfg, random.Random(seed))


def test_actions_json_round_trip() -> None:
    m = navalkit.new_match("age_of_sail", seed=4)
    for a in m.legal_actions():
        assert GAME.action_from_json(json.loads(json.dumps(a.to_json()))) == a
