"""The Branle-Bas hard level (search.py's admiral): what it plays, and how it plays it.
Strength is measured in ``benchmarks/bots.py`` (50 seeded games), not here."""

from __future__ import annotations

import random
from itertools import pairwise

import navalkit
from navalkit.core.bots import BotView, bot_view, make_bot
from navalkit.core.player import MOVE_BUDGET_S
from navalkit.games.branle_bas import GAME, search
from navalkit.games.branle_bas.actions import Move, Touch
from navalkit.games.branle_bas.bots import WIN, GreedyBot, reply_value
from navalkit.games.branle_bas.rules import apply
from navalkit.games.branle_bas.state import PLAY


def _game(seed: int, plies: int) -> list[tuple[object, object]]:
    """The first ``plies`` decisions of a seeded game, admiral (A, off the clock: the same
    moves on any machine) against greedy (B)."""
    m = navalkit.new_match("branle_bas", seed=seed)
    bots = [make_bot(GAME, "hard", fixed=True), make_bot(GAME, "greedy")]
    played = []
    while not m.is_over and len(played) < plies:
        seat = m.current_player
        assert seat is not None
        view = bot_view(m)
        action = bots[seat].choose(view)
        assert action in view.legal_actions
        played.append((m.state, action))
        m.apply(action)
    return played


def test_the_hard_level_is_the_admiral() -> None:
    assert GAME.hard_level == "admiral"
    assert isinstance(make_bot(GAME, "hard"), search.AdmiralBot)
    assert "admiral" in GAME.bots() and next(iter(GAME.bots())) == "greedy"


def test_the_admiral_thinks_against_the_clock_unless_fixed() -> None:
    assert make_bot(GAME, "hard").time_limit == MOVE_BUDGET_S  # type: ignore[attr-defined]
    assert make_bot(GAME, "hard", fixed=True).time_limit is None  # type: ignore[attr-defined]
    assert search.AdmiralBot.for_game(GAME).time_limit == MOVE_BUDGET_S


def test_out_of_time_the_admiral_plays_its_first_candidate_searched_in_full() -> None:
    """With no time at all the first candidate (the greedy player's favourite) is still
    searched to the end and played, the others dropped; with time enough the move is the one
    searched without a clock."""
    checked = 0
    for state, _action in _game(5, 160)[60::10]:
        if state.phase != PLAY or state.touched is not None:
            continue
        first = search.candidates(state, state.to_move)[0]
        assert search.best_move(state, random.Random(0), 0.0) == first
        untimed = search.best_move(state, random.Random(3))
        assert search.best_move(state, random.Random(3), 60.0) == untimed
        checked += 1
    assert checked >= 4


def test_the_admiral_touches_the_ship_it_means_to_move_and_repeats_itself() -> None:
    first = _game(4, 120)
    assert first == _game(4, 120)  # the same seed, the same game
    touches = 0
    for (state, action), (_, after) in pairwise(first):
        if state.phase == PLAY and state.to_move == 0 and isinstance(action, Touch):
            touches += 1
            assert isinstance(after, Move) and after.frm == action.at
    assert touches > 10


def test_best_move_never_hangs_the_admiral_when_greedy_would_not() -> None:
    """In the positions of a seeded game the admiral's move keeps its Admiral safe from an
    immediate capture whenever the greedy player's choice of ship can."""
    checked = 0
    for state, _action in _game(9, 200):
        if state.phase != PLAY or state.touched is not None or state.to_move != 0:
            continue
        legal = GAME.legal_actions(state)
        view = BotView(GAME, 0, GAME.observe(state, 0), legal, random.Random(1), 0, 2)
        touched = GreedyBot().choose(view)
        greedy_best = max(
            reply_value(apply(state, m), 0) for m in search._moves(state, 0) if m.frm == touched.at
        )
        if greedy_best > -WIN / 4:
            mine = search.best_move(state, random.Random(0))
            assert reply_value(apply(state, mine), 0) > -WIN / 4
        checked += 1
    assert checked > 20


def test_the_admiral_plays_a_move_of_the_best_value_its_search_finds() -> None:
    """Cutting the search short never changes the choice: every move the admiral may pick is
    worth, searched in full (no cut), as much as the best candidate (a move cut short is only
    known to be no better, and must not join the moves tied for best)."""
    checked = 0
    for state, _action in _game(5, 160)[60::12]:
        if state.phase != PLAY or state.touched is not None:
            continue
        me = state.to_move
        full = {
            m: search._worst_reply(apply(state, m), me, -float("inf"))
            for m in search.candidates(state, me)
        }
        best = max(full.values())
        for seed in range(4):
            chosen = search.best_move(state, random.Random(seed))
            assert full[chosen] >= best - search.TIE
        checked += 1
    assert checked >= 4
