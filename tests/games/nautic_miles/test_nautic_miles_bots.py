"""The Nautic Miles computer players: the captain (medium), the admiral the hard level's
search plays on with, and the search's own pieces (candidates, learned outlook). Strength in
seeded games only; move times are benchmarked in ``benchmarks/bots.py``."""

from __future__ import annotations

import random

import navalkit
from navalkit.core.bots import BotView, make_bot, play_bot_move
from navalkit.games.nautic_miles import GAME, search
from navalkit.games.nautic_miles.bots import Judge
from navalkit.games.nautic_miles.data import (
    ALERT,
    CONVOYS,
    MINE,
    PLANE,
    RADAR,
    STORM,
    SWEEPER,
)
from navalkit.games.nautic_miles.observe import observe
from navalkit.games.nautic_miles.search import AdmiralBot, AdmiralJudge
from navalkit.games.nautic_miles.state import PLAY, State
from navalkit.testing.search import seat_wins


def _positions(seed: int, count: int) -> list[State]:
    """Positions (a seat to play) of a seeded game between captains."""
    m = navalkit.new_match("nautic_miles", seed=seed)
    bot = make_bot(GAME, "captain")
    out = []
    while not m.is_over and len(out) < count:
        if m.state.phase == PLAY:
            out.append(m.state)
        play_bot_move(m, bot)
    return out


def test_the_admiral_beats_the_captain() -> None:
    """The admiral's learned card worths win more games than the captain's rules of thumb
    (26 of these 40 full games; about 2 s)."""
    assert seat_wins("nautic_miles", "admiral", "captain", 40, seed=900) >= 24


def test_the_captain_never_plays_a_radar_and_keeps_answers_to_what_may_come() -> None:
    state = _positions(3, 1)[0]
    judge = Judge(observe(state, state.seat))
    assert judge.keep(RADAR) < judge.keep(SWEEPER)
    # no mine left unseen: a minesweeper is worth nothing more to it
    judge._unseen[MINE] = 0
    assert judge.keep(SWEEPER) == 0.0


def test_the_admirals_card_worths_come_from_the_outlook() -> None:
    state = _positions(5, 1)[0]
    view = observe(state, state.seat)
    judge = AdmiralJudge(view)
    share = view.pile_size / search.DECK
    assert judge.keep(ALERT) == search.card_worth(ALERT, share)
    with_mines = judge.keep(SWEEPER)
    judge._unseen[MINE] = 0
    assert judge.keep(SWEEPER) < with_mines  # worth less once both mines are seen
    assert set(search.CONTEXT) >= {SWEEPER} and search.CONTEXT[SWEEPER][0] == MINE
    assert {PLANE, ALERT, STORM} == {threat for threat, _ in search.CONTEXT.values()} - {MINE}


def test_outlook_features_match_their_names_and_weights() -> None:
    for state in _positions(7, 40)[::8]:
        for side in range(state.sides):
            assert len(search.features(state, side)) == len(search.NAMES)
        assert search.outlook(state, 0, 1) == -search.outlook(state, 1, 0)


def test_evaluate_is_a_fair_share_between_the_two_sides() -> None:
    for state in _positions(11, 60)[::6]:
        a, b = search.evaluate(state, 0), search.evaluate(state, 1)
        assert 0.0 < a < 1.0 and abs(a + b - 1.0) < 1e-9


def test_search_actions_are_the_admirals_favourites() -> None:
    rng = random.Random(1)
    for state in _positions(13, 80)[::4]:
        legal = GAME.legal_actions(state)
        picked = search.search_actions(state)
        assert picked and all(a in legal for a in picked)
        assert len(picked) >= min(len(legal), search.CANDIDATES)
        seat = state.seat
        view = BotView(GAME, seat, observe(state, seat), legal, rng, 0, state.players)
        judge = AdmiralJudge(view.observation)
        best = max(judge.value(a) for a in legal)
        assert any(judge.value(a) >= best - 1e-9 for a in picked)
        assert not any(a.kind in CONVOYS and type(a).__name__ == "Play" for a in picked)
        assert AdmiralBot().choose(view) in legal


def test_the_hard_level_searches_flat_with_the_admiral() -> None:
    bot = make_bot(GAME, "hard", fixed=True)
    assert bot.flat and bot.policy == "admiral" and bot.time_limit is None
    assert "admiral" in GAME.bots() and next(iter(GAME.bots())) == "captain"
