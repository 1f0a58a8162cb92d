"""The hard level's guide (the admiral) and what it tells the search: quick checks, fixed
seeds, no timing. Strength over many games is measured in benchmarks/bots.py."""

from __future__ import annotations

import random

import pytest

from navalkit.core.bots import BotView, bot_view, make_bot, play_bot_move
from navalkit.core.match import new_match
from navalkit.core.mcts import MCTSBot
from navalkit.games.far_seas import GAME
from navalkit.games.far_seas.actions import Search
from navalkit.games.far_seas.bots import AdmiralBot, raider_beliefs, search_actions
from navalkit.games.far_seas.observe import areas_for, observe
from navalkit.games.far_seas.state import ALLIES, GERMANY, OVER, State


def _positions(seed: int = 4, every: int = 9) -> list[State]:
    """Positions of one game between the commanders, every ``every`` decisions."""
    m = new_match("far_seas", seed=seed)
    bot = make_bot(GAME, "commander")
    out = []
    k = 0
    while not m.is_over:
        if k % every == 0:
            out.append(m.state)
        play_bot_move(m, bot)
        k += 1
    return out


POSITIONS = _positions()


def test_beliefs_are_chances_over_the_areas_a_raider_could_reach() -> None:
    checked = 0
    for state in POSITIONS[::3]:
        view = observe(state, ALLIES)
        if state.phase == OVER:
            continue
        for g, belief in raider_beliefs(view.state, sorted(view.hidden)).items():
            assert sum(belief) == pytest.approx(1.0, abs=1e-4)  # the tiniest chances are dropped
            possible = set(areas_for(view.state, g))
            assert {a for a, p in enumerate(belief) if p > 0} <= possible
            checked += 1
    assert checked > 20


def test_the_search_guess_shows_the_allies_what_they_see() -> None:
    """The belief-weighted guess (GAME.sample_state) changes nothing the Allies can see, and
    gives them the same moves; the German's guess is the state itself."""
    rng = random.Random(5)
    for state in POSITIONS:
        view = observe(state, ALLIES)
        guess = GAME.sample_state(view, rng)
        assert observe(guess, ALLIES) == view
        if GAME.to_move(state) == ALLIES:
            assert GAME.legal_actions(guess) == GAME.legal_actions(state)
        assert GAME.sample_state(observe(state, GERMANY), rng) == state


def test_search_actions_are_legal_and_forced_where_nothing_is_in_the_balance() -> None:
    kinds = set()
    for state in POSITIONS:
        if GAME.to_move(state) is None:
            continue
        legal = GAME.legal_actions(state)
        moves = search_actions(state)
        assert moves and all(a in legal for a in moves)
        if state.phase in ("ally", "search"):
            assert len(moves) == 1
            kinds.add(state.phase)
        if state.phase == "search" and any(isinstance(a, Search) for a in legal):
            assert isinstance(moves[0], Search) and moves[0].who == "all"
        if state.phase in ("g_run", "a_run"):
            assert len(moves) == 2
    assert kinds == {"ally", "search"}


def test_the_admiral_sends_raiders_out_alone_and_never_holds() -> None:
    """From the opening (five raiders together in area 26), every German move the admiral
    orders in the first turn moves one ship (a squadron takes one area's merchants, a ship
    alone a whole area's), and no raider holds."""
    m = new_match("far_seas", seed=2)
    admiral, commander = AdmiralBot(), make_bot(GAME, "commander")
    while m.state.turn == 1:
        seat = m.current_player
        view = bot_view(m)
        action = (admiral if seat == GERMANY else commander).choose(view)
        if seat == GERMANY:
            assert action.kind != "hold", action.describe()
            if action.kind in ("move", "panama"):
                assert len(action.ships) == 1, action.describe()
        m.apply(action)


def test_the_allied_admiral_cannot_peek() -> None:
    """Two true states the Allies cannot tell apart get the same Allied move."""
    compared = 0
    for state in POSITIONS:
        if state.phase != "ally":
            continue
        view = observe(state, ALLIES)
        for k in range(5):
            twin = GAME.sample_state(view, random.Random(k))
            if observe(twin, None) != observe(state, None):
                break
        else:
            continue
        choices = {
            AdmiralBot().choose(
                BotView(
                    GAME, ALLIES, observe(t, ALLIES), GAME.legal_actions(t), random.Random(3), 0
                )
            )
            for t in (state, twin)
        }
        assert len(choices) == 1
        compared += 1
    assert compared >= 3


@pytest.mark.parametrize("seat", [GERMANY, ALLIES])
def test_the_admiral_beats_the_commander_from_either_seat(seat: int) -> None:
    """In 2 games of 3 at least, over 12 seeded games (all 12 from Germany's seat, 9 from the
    Allies' since the five convoy escorts are armoured cruisers, the escort rule's ships)."""
    lost = []
    for seed in range(12):
        m = new_match("far_seas", seed=seed)
        bots = [make_bot(GAME, "commander"), make_bot(GAME, "commander")]
        bots[seat] = make_bot(GAME, "admiral")
        while not m.is_over:
            play_bot_move(m, bots[m.current_player or 0])
        if m.winner != seat:
            lost.append((seed, m.scores))
    assert len(lost) <= 4, lost


def test_the_hard_bot_plays_a_short_game_from_both_seats() -> None:
    """Fixed iterations: the search with the admiral, its pruning and its guess, legal moves
    only, to the end of a two-turn game, against the commander in each seat."""
    hard = make_bot(GAME, "hard", fixed=True)
    assert isinstance(hard, MCTSBot) and hard.policy == "admiral"
    for seat in (GERMANY, ALLIES):
        m = new_match("far_seas", seed=3, turns=2)
        commander = make_bot(GAME, "commander")
        while not m.is_over:
            view = bot_view(m)
            action = (hard if m.current_player == seat else commander).choose(view)
            assert action in view.legal_actions
            m.apply(action)
