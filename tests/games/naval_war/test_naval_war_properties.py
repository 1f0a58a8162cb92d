"""Naval War invariants over random seeded games (hypothesis).

A game is drawn as settings, a player count, a seed and leading choices; each choice picks one
of the legal actions by index, so every drawn sequence is a real game. The issue's invariants:
cards are conserved across hands, fleets, piles and sunk tallies in every state, and no player
ever damages his own ship; plus refusals change nothing, scores add up and hands stay hidden.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import navalkit
from navalkit import IllegalActionError, Match
from navalkit.games.naval_war import conserved
from navalkit.games.naval_war.data import HITS
from navalkit.games.naval_war.mechanics.damage import hits_on
from navalkit.games.naval_war.rules import round_points
from navalkit.games.naval_war.state import OVER, State

SETTINGS: list[dict[str, Any]] = [
    {},
    {"kamikaze": True},
    {"goal": 50, "clearout_start": "left"},
    {"smoke_blocks_air": False, "mine_credit": "nobody", "max_rounds": 2},
]


@st.composite
def _games(draw: st.DrawFn) -> tuple[dict[str, Any], int, int, list[int]]:
    config = draw(st.sampled_from(SETTINGS))
    players = draw(st.integers(min_value=3, max_value=9))
    seed = draw(st.integers(min_value=0, max_value=2**20))
    length = draw(st.integers(min_value=1, max_value=400))
    lead = draw(st.lists(st.integers(min_value=0, max_value=2**16), max_size=20))
    rng = random.Random(seed)
    tail = [rng.randrange(2**16) for _ in range(max(0, length - len(lead)))]
    return config, players, seed, (lead + tail)[:length]


games = _games()
PROFILE = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _damage(state: State, seat: int) -> dict[int, int]:
    return {s: hits_on(state, s, seat) for s in state.fleets[seat]}


def play(config: dict[str, Any], players: int, seed: int, choices: list[int]) -> list[State]:
    """Play the game and return every state visited (chance included)."""
    m = navalkit.new_match("naval_war", seed=seed, players=players, **config)
    for c in choices:
        if m.is_over:
            break
        legal = m.legal_actions()
        m.apply(legal[c % len(legal)])
    return [m.state_at(i) for i in range(m.event_count + 1)]


@PROFILE
@given(games)
def test_cards_conserved_in_every_state(game: tuple[dict[str, Any], int, int, list[int]]) -> None:
    for state in play(*game):
        assert conserved(state) == (108, 54)
        assert all(len(h) <= 7 for h in state.hands)


@PROFILE
@given(games)
def test_no_player_ever_damages_his_own_ship(
    game: tuple[dict[str, Any], int, int, list[int]],
) -> None:
    config, players, seed, choices = game
    m = navalkit.new_match("naval_war", seed=seed, players=players, **config)
    for c in choices:
        if m.is_over:
            break
        me = m.current_player
        assert me is not None
        before, rnd = _damage(m.state, me), m.state.round
        sunk_before = {s for t in m.state.sunk for s in t} | set(m.state.lost)
        legal = m.legal_actions()
        m.apply(legal[c % len(legal)])
        if m.state.round != rnd or m.state.phase == OVER:
            continue
        after = _damage(m.state, me)
        for ship, hits in before.items():
            gone = ship not in after
            assert not gone or ship not in sunk_before, "a ship sank twice"
            assert gone is False or ship not in m.state.lost, f"{me} lost his own ship {ship}"
            if gone:
                assert ship not in m.state.sunk[me], f"{me} sank his own ship {ship}"
            else:
                assert after[ship] <= hits, f"seat {me} damaged his own ship {ship}"


@PROFILE
@given(games)
def test_scores_add_up_and_ships_sink_at_their_hit_number(
    game: tuple[dict[str, Any], int, int, list[int]],
) -> None:
    for state in play(*game):
        if state.phase == OVER:
            assert sum(state.totals) == sum(sum(r) for r in state.history)
            continue
        points = round_points(state)
        assert navalkit.get_game("naval_war").scores(state) == tuple(
            t + p for t, p in zip(state.totals, points, strict=True)
        )
        for seat, fleet in enumerate(state.fleets):
            for ship in fleet:
                assert hits_on(state, ship, seat) < HITS[ship]


@PROFILE
@given(games)
def test_views_never_show_another_hand(game: tuple[dict[str, Any], int, int, list[int]]) -> None:
    _config, players, _seed, _choices = game
    g = navalkit.get_game("naval_war")
    for state in play(*game)[::7]:
        for seat in range(players):
            view = g.observe(state, seat)
            assert all(h == () for s, h in enumerate(view.state.hands) if s != seat)
            assert view.state.deck == () and view.state.harbor == ()


@PROFILE
@given(games, st.integers(min_value=0, max_value=2**16))
def test_a_refused_action_changes_nothing(
    game: tuple[dict[str, Any], int, int, list[int]], pick: int
) -> None:
    config, players, seed, choices = game
    m: Match = navalkit.new_match("naval_war", seed=seed, players=players, **config)
    for c in choices[:60]:
        if m.is_over:
            break
        legal = m.legal_actions()
        m.apply(legal[c % len(legal)])
    if m.is_over:
        return
    legal = set(m.legal_actions())
    from navalkit.games.naval_war.actions import Discard, Play, Take

    for bad in (Play(pick % 108, pick % 60), Discard(pick % 108), Take(pick % 54)):
        if bad in legal:
            continue
        state, text = m.state, m.to_json()
        with contextlib.suppress(IllegalActionError):
            m.apply(bad)
        assert m.state is state and m.to_json() == text
