"""Conformance, properties (cards conserved, scores add up), the issue's measured checks,
and a headless GameApp click-through."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from nm_helpers import cards_of

import navalkit
from navalkit.core.errors import IllegalActionError
from navalkit.games.nautic_miles import GAME
from navalkit.games.nautic_miles.observe import assert_no_leak
from navalkit.games.nautic_miles.rules import refusal
from navalkit.render.games import draw
from navalkit.testing.conformance import JUNK_ACTIONS, check_game

SHORT = {"target": 40, "max_rounds": 3}


def test_conformance_default() -> None:
    report = check_game("nautic_miles", games=2, probe_every=60)
    assert report["games"] == 2


def test_conformance_house_rules() -> None:
    cfg = {
        **SHORT,
        "slowness_bonus": "per_round",
        "planes_on_alerted": False,
        "trawler_counts": True,
    }
    check_game("nautic_miles", games=4, config=cfg)


def _playout(seed: int, players: int, teams: bool, check: bool) -> int:
    rng = random.Random(seed)
    state = GAME.initial_state(GAME.make_config(teams=teams, **SHORT), players)
    steps = 0
    while not GAME.is_over(state):
        if GAME.is_chance(state):
            state = GAME.apply_chance(state, rng.choice(GAME.chance_outcomes(state))[0])
            continue
        legal = GAME.legal_actions(state)
        if check:
            assert cards_of(state) == list(range(106))
            assert_no_leak(state)
            assert set(legal) == {a for a in legal if refusal(state, a) is None}
        before = state
        state = GAME.apply(state, rng.choice(legal))
        if state.round_no != before.round_no or GAME.is_over(state):
            lr = state.last_round
            assert lr is not None
            assert state.totals == tuple(
                t + p + b for t, p, b in zip(before.totals, lr.points, lr.bonus, strict=True)
            )
        steps += 1
    return steps


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6), st.booleans())
def test_cards_conserved_and_scores_add_up(seed: int, players: int, teams: bool) -> None:
    _playout(seed, players, teams, check=True)


def test_thousand_random_games_end() -> None:
    steps = sum(_playout(seed, 2 + seed % 5, seed % 2 == 0, check=False) for seed in range(1000))
    assert steps > 0


def test_hundred_games_through_match_and_records_round_trip() -> None:
    rng = random.Random(5)
    for seed in range(100):
        m = navalkit.new_match("nautic_miles", seed=seed, players=2 + seed % 5, **SHORT)
        while not m.is_over:
            m.apply(rng.choice(m.legal_actions()))
        if seed % 10 == 0:
            assert navalkit.load_match(m.to_json()).to_json() == m.to_json()


def test_ten_thousand_junk_actions_refused() -> None:
    rng = random.Random(9)
    m = navalkit.new_match("nautic_miles", seed=3, players=4, teams=True)
    junk = [*JUNK_ACTIONS, {"type": "play", "card": "mine", "row": 9, "at": 0}]
    refused = 0
    while refused < 10_000:
        state = m.state
        bad = rng.choice(junk)
        try:
            m.apply(bad)
        except IllegalActionError:
            refused += 1
        assert m.state is state
        if refused % 50 == 0 and not m.is_over:
            m.apply(rng.choice(m.legal_actions()))
    assert refused == 10_000


def test_game_app_click_through_and_refusal() -> None:
    from navalkit.widgets import GameApp

    app = GameApp("nautic_miles", seed=2, seats=["human", "captain"])
    before = len(app.match.history)
    action = app.match.legal_actions()[0]
    for region in GAME.action_path(action):
        app.click(region)
    assert len(app.match.history) > before
    # An illegal click path is explained and changes nothing.
    state = app.match.state
    app.click("convoy:0:9")
    assert app.match.state is state
    scene = draw(GAME, app.match.observe(0))
    assert scene.hit(10, 10) is None or isinstance(scene.hit(10, 10), str)


def test_captain_beats_random() -> None:
    from navalkit.core.bots import make_bot, play_bot_move

    wins = 0
    for seed in range(4):
        m = navalkit.new_match("nautic_miles", seed=seed, target=60)
        bots = [make_bot(GAME, "captain"), make_bot(GAME, "random")]
        while not m.is_over:
            play_bot_move(m, bots[m.current_player or 0])
        wins += m.winner == 0
    assert wins >= 3
