"""The computer captains: the gunnery sums they weigh moves by, the medium captain's habits
(close in, bring a broadside to bear, board a weaker ship), the admiral's caution, and the
hard search's pruned move list. All quick: hand-set tables and a few short games."""

from __future__ import annotations

import math
from fractions import Fraction

from aos_helpers import E, N, S, W, table

import navalkit
from navalkit.core import make_bot
from navalkit.core.bots import BotView, play_bot_move
from navalkit.core.mcts import MCTSBot
from navalkit.core.rng import Rng
from navalkit.games.age_of_sail import GAME, Board, End, Fire, Order, Sail, Turn, search
from navalkit.games.age_of_sail.mechanics.combat import volley_odds
from navalkit.games.age_of_sail.state import State


def _view(state: State, seed: int = 0) -> BotView:
    seat = state.to_move
    return BotView(GAME, seat, GAME.observe(state, seat), GAME.legal_actions(state), Rng(seed), 0)


def _play_order(bot_name: str, state: State) -> State:
    """Let the bot give one ship's whole movement order (helm, then run)."""
    bot = make_bot(GAME, bot_name)
    while True:
        action = bot.choose(_view(state))
        state = GAME.apply(state, action)
        if not isinstance(action, Turn):
            return state


def test_volley_value_matches_the_exact_volley_odds() -> None:
    for n, need in ((3, 3), (2, 5), (1, 6)):
        exact = sum(h * p for (h, _), p in volley_odds(n, need).items())
        points, decks = search.volley_value(n, need, 0, 3, 3, 3, 3, False)
        assert math.isclose(points, float(exact)) and math.isclose(decks, float(exact))
    # a rake takes a deck off both sides for every hit
    rake, _ = search.volley_value(3, 3, 0, 3, 3, 3, 3, True)
    assert math.isclose(rake, 2 * float(sum(h * p for (h, _), p in volley_odds(3, 3).items())))
    # sails: one mast a hit, never more masts than stand
    assert search.volley_value(3, 4, 1, 3, 3, 3, 1, False)[0] < 1.0
    assert float(Fraction(1)) >= search.volley_value(1, 3, 0, 0, 0, 0, 0, False)[0] == 0.0


def test_broadside_needs_range_and_arc_and_rakes_from_astern() -> None:
    st = table({"x": 30.0, "y": 30.0, "heading": N}, {"x": 34.0, "y": 30.0, "heading": N})
    me, him = st.ships
    beam, side, aim = search.broadside(me.decks, 30.0, 30.0, N, him, 34.0, 30.0, N)
    assert side == 1 and aim == 0 and beam > 1.5  # starboard, at the hull
    # the same range, but from dead astern of him (our broadside still bears): a rake
    rake, side, _ = search.broadside(me.decks, 34.0, 26.0, E, him, 34.0, 30.0, N)
    assert side == 0 and rake > 1.5 * beam
    assert search.broadside(me.decks, 30.0, 30.0, E, him, 34.0, 30.0, N)[1] == -1  # bow on
    assert search.broadside(me.decks, 20.0, 30.0, N, him, 34.0, 30.0, N)[0] == 0.0  # 14 cm


def test_captain_closes_and_brings_her_broadside_to_bear() -> None:
    # 14 cm apart, wind from the west: she can reach a firing spot this turn, and does
    st = table({"x": 30.0, "y": 30.0, "heading": N}, {"x": 44.0, "y": 30.0, "heading": N})
    moved = _play_order("captain", st)
    me = moved.ships[0]
    assert math.hypot(me.x - 44.0, me.y - 30.0) <= 12.0
    moved = GAME.apply(moved, End())
    fire = make_bot(GAME, "captain").choose(_view(moved))
    assert isinstance(fire, Fire) and fire.target == 1 and fire.aim == "hull"
    # out of reach, she sails straight at him
    far = table({"x": 10.0, "y": 30.0, "heading": E}, {"x": 80.0, "y": 30.0, "heading": W})
    me = _play_order("captain", far).ships[0]
    assert 80.0 - me.x <= 70.0 - 10.0


def test_captain_boards_a_weaker_ship_but_not_a_stronger_one() -> None:
    weak = {"x": 33.0, "y": 30.0, "heading": N, "decks": (1, 0)}
    st = table({"x": 30.0, "y": 30.0, "heading": N}, weak, phase="combat")
    assert make_bot(GAME, "captain").choose(_view(st)) == Board(0, 1)
    st = table({"x": 30.0, "y": 30.0, "heading": N, "decks": (1, 0)}, weak | {"decks": (3, 3)})
    st = GAME.apply(st, End())
    assert not isinstance(make_bot(GAME, "captain").choose(_view(st)), Board)


def test_admiral_waits_out_of_his_reach_when_she_cannot_fire_first() -> None:
    # 30 cm apart, wind from the north: the captain closes in; the admiral keeps out of his
    # reach plus gun range
    st = table({"x": 20.0, "y": 30.0, "heading": E}, {"x": 50.0, "y": 30.0, "heading": W}, wind=N)
    him = st.ships[1]
    spots = search.reach(st, 1)
    for name in ("captain", "admiral"):
        me = _play_order(name, st).ships[0]
        could = max(
            search.broadside(him.decks, x, y, h, me, me.x, me.y, me.heading)[0] for h, x, y in spots
        )
        assert (could > 0.0) == (name == "captain"), name


def test_search_actions_prune_anchors_weak_aims_and_losing_boardings() -> None:
    st = table({"x": 30.0, "y": 30.0, "heading": N}, {"x": 34.0, "y": 30.0, "heading": N})
    moves = GAME.search_actions(st)
    assert Order(0, "anchor") in GAME.legal_actions(st) and Order(0, "anchor") not in moves
    assert End() in moves and all(m in GAME.legal_actions(st) for m in moves)
    st = GAME.apply(st, End())
    moves = GAME.search_actions(st)
    assert Fire(0, 1, "hull") in moves and Fire(0, 1, "sails") not in moves
    assert Board(0, 1) not in moves  # six decks against six: a coin toss for the ship


def test_evaluate_rewards_damage_and_a_broadside_that_bears() -> None:
    st = table({"x": 30.0, "y": 30.0, "heading": N}, {"x": 60.0, "y": 30.0, "heading": S})
    assert math.isclose(GAME.evaluate(st, 0) + GAME.evaluate(st, 1), 1.0)
    hurt = table(
        {"x": 30.0, "y": 30.0, "heading": N},
        {"x": 60.0, "y": 30.0, "heading": S, "decks": (1, 2)},
    )
    assert GAME.evaluate(hurt, 0) > GAME.evaluate(st, 0)
    close = table({"x": 30.0, "y": 30.0, "heading": N}, {"x": 34.0, "y": 30.0, "heading": S})
    assert GAME.evaluate(GAME.apply(close, End()), 0) > 0.5  # our broadside bears, our turn


def test_captain_engages_random_and_wins() -> None:
    wins = 0
    for seed in range(6):
        m = navalkit.new_match("age_of_sail", seed=seed)
        seat = seed % 2
        bots = [make_bot(GAME, "easy"), make_bot(GAME, "easy")]
        bots[seat] = make_bot(GAME, "medium")
        while not m.is_over:
            play_bot_move(m, bots[m.current_player])
        assert m.state.damage[seat] > 0  # she always closes to gun range
        wins += m.winner == seat
    assert wins >= 4


def test_hard_bot_searches_with_the_admiral_as_advisor() -> None:
    bot = make_bot(GAME, "hard", fixed=True)
    assert isinstance(bot, MCTSBot) and bot.policy == "admiral" and bot.guide == 0.0
    st = table({"x": 30.0, "y": 30.0, "heading": N}, {"x": 44.0, "y": 30.0, "heading": N})
    small = MCTSBot(**{**GAME.mcts_settings, "iterations": 40, "time_limit": None})
    action = small.choose(_view(st))
    assert action in GAME.legal_actions(st)
    helm = GAME.apply(st, action) if isinstance(action, Turn) else None
    if helm is not None:
        assert isinstance(small.choose(_view(helm)), Sail)
