"""Search without peeking: ``sample_state`` guesses a full state from one seat's view, and the
generic MCTS bot plays from such guesses only (figures printed with ``-s``)."""

from __future__ import annotations

import random
import time

from nm_helpers import cards_of

import navalkit
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.games.nautic_miles import GAME
from navalkit.games.nautic_miles.data import ALL_CARDS, CONVOYS, KIND
from navalkit.games.nautic_miles.state import State
from navalkit.testing.search import assert_no_peeking, fast_mcts

SHORT = {"target": 20, "max_rounds": 2}


def position(seed: int) -> State:
    """A random position: 2-6 players, alone or in teams, some random moves into a game."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4, 5, 6])
    state = GAME.initial_state(GAME.make_config(teams=rng.random() < 0.5, **SHORT), players)
    for _ in range(rng.randrange(400)):
        if GAME.is_over(state):
            break
        if GAME.is_chance(state):
            state = GAME.apply_chance(state, rng.choice(GAME.chance_outcomes(state))[0])
        else:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


def test_a_sample_looks_the_same_to_its_seat_and_keeps_every_card() -> None:
    hidden = 0
    for seed in range(80):
        state = position(seed)
        for seat in (None, *range(state.players)):
            view = GAME.observe(state, seat)
            guess = GAME.sample_state(view, random.Random(seed * 10 + (seat or 0)))
            assert GAME.observe(guess, seat) == view, (seed, seat)
            assert cards_of(guess) == list(ALL_CARDS), (seed, seat)
            assert len(guess.pile) == len(state.pile)
            assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
            if seat is not None and GAME.observe(guess, None) != GAME.observe(state, None):
                hidden += 1
            if seat == GAME.to_move(state):  # the seat's own choices are unchanged
                assert GAME.legal_actions(guess) == GAME.legal_actions(state)
    assert hidden > 100, "the guesses should differ from the truth somewhere"


def _face_down(state: State) -> bool:
    return state.sides > 1 and any(cv.radar < 0 for cv in state.rows[1])


def test_face_down_convoys_get_convoy_cards_at_random() -> None:
    seed = next(s for s in range(200) if _face_down(position(s)))
    state = position(seed)
    seat = state.side.index(0)
    at = next(i for i, cv in enumerate(GAME.observe(state, seat).rows[1]) if cv.kind is None)
    kinds = set()
    for k in range(30):
        guess = GAME.sample_state(GAME.observe(state, seat), random.Random(k))
        kinds.add(KIND[guess.rows[1][at].card])
        assert all(KIND[cv.card] in CONVOYS for row in guess.rows for cv in row)
    assert len(kinds) > 1


def test_mcts_cannot_peek() -> None:
    """Two true states the seat to move cannot tell apart: the same rng, the same choice."""
    positions = ((seed, position(seed)) for seed in range(40))
    assert_no_peeking(GAME, positions, lambda s: s.players, iterations=24, samples=2)


def test_make_bot_mcts_plays_whole_games() -> None:
    for seed, players in ((0, 2), (1, 3)):
        m = navalkit.new_match("nautic_miles", seed=seed, players=players, target=10, max_rounds=1)
        bot = fast_mcts(GAME, 16)
        while not m.is_over:
            legal = m.legal_actions()
            event = play_bot_move(m, bot)  # Match.apply refuses anything illegal
            assert event is not None and legal
        assert m.is_over


def test_mcts_against_random() -> None:
    """Seat ``g % 2`` is MCTS (40 iterations), the other random; short games."""
    started = time.perf_counter()
    wins, games = 0, 6
    for g in range(games):
        m = navalkit.new_match("nautic_miles", seed=500 + g, **SHORT)
        bots = [make_bot(GAME, "random"), make_bot(GAME, "random")]
        bots[g % 2] = fast_mcts(GAME, 40)
        while not m.is_over:
            seat = m.current_player
            assert seat is not None
            play_bot_move(m, bots[seat])
        wins += m.winner == g % 2
    print(
        f"nautic_miles: mcts(40) beat random {wins}/{games} ({time.perf_counter() - started:.1f}s)"
    )
    assert wins >= games // 2  # at least an even share against random play


def test_evaluate_is_a_fraction_that_prefers_the_leader() -> None:
    for seed in range(30):
        state = position(seed)
        values = [GAME.evaluate(state, seat) for seat in range(state.players)]
        assert all(0.0 <= v <= 1.0 for v in values)
        for seat in range(state.players):
            partner = [p for p in range(state.players) if state.side[p] == state.side[seat]]
            assert all(values[p] == values[seat] for p in partner)
    state = next(p for p in map(position, range(50)) if not GAME.is_over(p))
    lead = state._replace(totals=(state.totals[0] + 40, *state.totals[1:]))
    assert GAME.evaluate(lead, lead.side.index(0)) > GAME.evaluate(state, state.side.index(0))
    over = position(1)
    assert GAME.is_over(over) and over.winner is not None
    assert GAME.evaluate(over, over.winner) == 1.0
