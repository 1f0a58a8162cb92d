"""Branle-Bas invariants over random seeded action sequences (hypothesis).

A game is drawn as settings, a seed, a length and a few leading choices; each choice picks
one of the legal actions (by index), so every drawn sequence is a real game. Choices past the
drawn ones come from ``random.Random(seed)``, so games run long while hypothesis can still
shrink a failure to a short one (fewer steps, smaller seeds).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import navalkit
from navalkit import IllegalActionError, Match
from navalkit.games.branle_bas import rules
from navalkit.games.branle_bas.actions import Move, Pass, Place, Touch
from navalkit.games.branle_bas.data import KINDS, MINE, MINE_SQUARE, SHIPS, WRECK, N, code, value
from navalkit.games.branle_bas.state import State

SETTINGS: list[dict[str, Any]] = [
    {},
    {"first_player": "A"},
    {"setup": "free"},
    {"touch_move": True},
    {"wrecks": "remove"},
    {"triumph_bonus": 100, "max_plies": 60},
    {"setup": "free", "touch_move": True, "wrecks": "remove", "max_plies": 80},
]


@st.composite
def _games(draw: st.DrawFn) -> tuple[dict[str, Any], int, list[int]]:
    config = draw(st.sampled_from(SETTINGS))
    seed = draw(st.integers(min_value=0, max_value=2**20))
    length = draw(st.integers(min_value=1, max_value=500))
    lead = draw(st.lists(st.integers(min_value=0, max_value=2**16), max_size=20))
    rng = random.Random(seed)
    tail = [rng.randrange(2**16) for _ in range(max(0, length - len(lead)))]
    return config, seed, (lead + tail)[:length]


games = _games()
PROFILE = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def play_out(
    config: dict[str, Any],
    seed: int,
    choices: list[int],
    each: Callable[[Match, int], None] = lambda m, c: None,
) -> Match:
    """Play the drawn game, calling ``each(match, choice)`` before every action."""
    m = navalkit.new_match("branle_bas", seed=seed, **config)
    for c in choices:
        if m.is_over:
            break
        each(m, c)
        legal = m.legal_actions()
        m.apply(legal[c % len(legal)])
    return m


def pieces_of(state: State, side: int, kind: int) -> int:
    return sum(1 for p in state.board if p == code(side, kind))


def check_conservation(state: State) -> None:
    """Each side's ships: on the board + sunk by the enemy + in the enemy port + wrecked
    (+ still to place in a free set-up) = 19, kind by kind; one Mine until it is swept."""
    for side in (0, 1):
        total = 0
        for kind in SHIPS:
            n = (
                pieces_of(state, side, kind)
                + state.sunk_by[1 - side].count(kind)
                + state.in_port[side].count(kind)
                + state.wrecked[side].count(kind)
                + state.setup_left[side].count(kind)
            )
            assert n == KINDS[kind].count, (side, KINDS[kind].key, n)
            total += n
        assert total == 19
        mines = [i for i, p in enumerate(state.board) if p == code(side, MINE)]
        assert mines in ([], [MINE_SQUARE[side]])
        wrecks = pieces_of(state, side, WRECK)
        expected = len(state.wrecked[side]) if state.config.wrecks == "stay" else 0
        assert wrecks == expected


def check_board(state: State) -> None:
    """Every piece is a known code on one of the 181 squares."""
    assert len(state.board) == N == 181
    for p in state.board:
        assert p == 0 or (p >> 4 in (0, 1) and 1 <= p & 15 <= WRECK and p < 32), p
    if state.last_move is not None:
        assert all(0 <= sq < N for sq in state.last_move)
    if state.touched is not None:
        assert 0 <= state.touched < N


def check_scores(m: Match) -> None:
    """Only a drawn game's losses count against a side: its items are gains less losses, and
    one side's losses are the other's gains but for its ships lost in enemy nets (nobody's
    gain), so the two scores add up to the port bonuses less those ships."""
    items = rules.score_breakdown(m.state)
    losses = [(label, p) for side in items for label, p in side if "losses" in label]
    assert all(p >= 0 for side in items for label, p in side if "losses" not in label), items
    assert all(p <= 0 for _, p in losses), items
    assert m.scores == tuple(sum(p for _, p in side) for side in items)
    result = m.state.result
    if result is not None and result.kind in ("victory", "triumph"):
        assert not losses and all(s >= 0 for s in m.scores)
    elif losses:
        ports = sum(100 * len(kinds) for kinds in m.state.in_port)
        nets = sum(value(k) for kinds in m.state.wrecked for k in kinds)
        assert sum(m.scores) == ports - nets, (m.scores, ports, nets)


@PROFILE
@given(games)
def test_pieces_conserved_and_on_the_board(game: tuple[dict[str, Any], int, list[int]]) -> None:
    swept = [False, False]

    def each(m: Match, _: int) -> None:
        state = m.state
        check_board(state)
        check_conservation(state)
        for side in (0, 1):
            present = state.board[MINE_SQUARE[side]] == code(side, MINE)
            assert not (swept[side] and present), "a swept Mine came back"
            swept[side] = swept[side] or not present
        for a in m.legal_actions():
            squares = [getattr(a, f) for f in ("frm", "to", "at") if hasattr(a, f)]
            assert all(0 <= s < N for s in squares), a

    m = play_out(*game, each=each)
    check_board(m.state)
    check_conservation(m.state)


@PROFILE
@given(games)
def test_scores_never_negative_and_add_up(game: tuple[dict[str, Any], int, list[int]]) -> None:
    m = play_out(*game, each=lambda m, c: check_scores(m) if c % 7 == 0 else None)
    check_scores(m)
    if m.is_over:
        assert m.winner in (None, 0, 1)


def _illegal_candidates(m: Match, c: int) -> list[Any]:
    legal = set(m.legal_actions())
    a, b = c % N, (c * 7919) % N
    candidates = [Move(a, b), Move(b, a), Touch(a), Place(1 + c % 8, a), Pass(), {"type": "x"}]
    return [x for x in candidates if isinstance(x, dict) or x not in legal]


@PROFILE
@given(games)
def test_a_refused_action_changes_nothing(game: tuple[dict[str, Any], int, list[int]]) -> None:
    def each(m: Match, c: int) -> None:
        state, events = m.state, m.events
        text = m.to_json() if c % 11 == 0 else None
        for bad in _illegal_candidates(m, c):
            with pytest.raises(IllegalActionError) as info:
                m.apply(bad)
            assert info.value.rule_id and info.value.reason
            assert m.state is state and m.events == events
        if text is not None:
            assert m.to_json() == text

    play_out(*game, each=each)


@PROFILE
@given(games, st.integers(min_value=1, max_value=5))
def test_undo_then_redo_gives_the_same_record(
    game: tuple[dict[str, Any], int, list[int]], back: int
) -> None:
    m = play_out(*game)
    text = m.to_json()
    history = m.history
    back = min(back, len(history))
    if back == 0:
        return
    m.undo(back)
    assert len(m.history) == len(history) - back
    for action in history[len(history) - back :]:
        m.apply(action)
    assert m.to_json() == text
