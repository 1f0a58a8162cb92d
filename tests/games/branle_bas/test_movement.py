"""The fast paths agree with the plain rules: the compiled move generator with the walker,
``violation`` with the list of legal actions, the cached fleets with the board."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from navalkit.games.branle_bas import GAME, rules
from navalkit.games.branle_bas.actions import Move, Pass
from navalkit.games.branle_bas.data import BOARD, MINE, SHIPS, WRECK, N, code
from navalkit.games.branle_bas.mechanics import movement
from navalkit.games.branle_bas.state import Fleets, State, fleets


def random_board(rng: random.Random) -> tuple[int, ...]:
    """Any kind of piece anywhere (ports and neutral ports included), at any density."""
    density = rng.choice((0.05, 0.2, 0.5, 0.9))
    kinds = (*SHIPS, MINE, WRECK)
    return tuple(
        code(rng.randrange(2), rng.choice(kinds)) if rng.random() < density else 0 for _ in range(N)
    )


@pytest.mark.parametrize("seed", range(40))
def test_compiled_paths_agree_with_the_walker(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        board = random_board(rng)
        for sq in range(N):
            want = movement.walk_destinations(board, sq) if board[sq] else []
            assert movement.destinations(board, sq) == want, (BOARD[sq].name, board[sq])
            moves: list[Move] = []
            movement.add_moves(board, (sq,), moves)
            assert moves == [Move(sq, to) for to in want]


def test_every_ship_everywhere_on_an_empty_board() -> None:
    for side in (0, 1):
        for kind in SHIPS:
            for sq in range(N):
                board = tuple(code(side, kind) if i == sq else 0 for i in range(N))
                assert movement.destinations(board, sq) == movement.walk_destinations(board, sq)


def test_moves_are_interned() -> None:
    board = tuple(code(0, SHIPS[0]) if i == 100 else 0 for i in range(N))
    moves: list[Move] = []
    movement.add_moves(board, (100,), moves)
    again: list[Move] = []
    movement.add_moves(board, (100,), again)
    assert moves and all(a is b for a, b in zip(moves, again, strict=True))
    assert all(movement.MOVE[m.frm][m.to] is m for m in moves)


# --- the rules' fast paths agree with their plain definitions --------------------------------
def random_state(rng: random.Random) -> State:
    """A position in play on a random board, built by hand (so with no cached fleets)."""
    config = GAME.make_config(
        setup="standard",
        first_player="A",
        touch_move=rng.random() < 0.4,
        wrecks=rng.choice(("stay", "remove")),
    )
    state = replace(
        GAME.initial_state(config, 2), board=random_board(rng), to_move=rng.randrange(2)
    )
    touches = GAME.legal_actions(state) if config.touch_move else []
    if touches and rng.random() < 0.8:
        state = GAME.apply(state, rng.choice(touches))
    return state


@pytest.mark.parametrize("seed", range(30))
def test_violation_agrees_with_the_list_of_legal_actions(seed: int) -> None:
    rng = random.Random(seed)
    state = random_state(rng)
    legal = set(rules.legal_actions(state))
    own = [sq for sq in range(N) if state.board[sq] and state.board[sq] >> 4 == state.to_move]
    for frm in rng.sample(own, min(6, len(own))):
        for to in range(N):
            move = Move(frm, to)
            assert (rules.violation(state, move) is None) == (move in legal), move.describe()


@pytest.mark.parametrize("seed", range(20))
def test_legal_moves_are_every_ship_s_moves_square_by_square(seed: int) -> None:
    rng = random.Random(seed)
    state = random_state(rng)
    if state.config.touch_move:
        return
    me = state.to_move
    want = [
        Move(sq, to)
        for sq in range(N)
        if state.board[sq] and state.board[sq] >> 4 == me
        for to in movement.walk_destinations(state.board, sq)
    ]
    assert rules.legal_actions(state) == (want or [Pass()])


@pytest.mark.parametrize("seed", range(10))
def test_cached_fleets_follow_the_board(seed: int) -> None:
    rng = random.Random(seed)
    state = random_state(rng)
    for _ in range(60):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        assert fleets(state) == Fleets.of(state.board).squares
    # A state made from another with a different board does not trust the old cache.
    other = replace(state, board=random_board(rng))
    assert fleets(other) == Fleets.of(other.board).squares
    assert other == replace(other, fleets=None)  # the cache is no part of the value


def test_can_move_agrees_with_destinations_on_random_boards() -> None:
    import random as _random

    from navalkit.games.branle_bas.data import SHIPS, WRECK, code
    from navalkit.games.branle_bas.mechanics.movement import can_move, destinations

    rng = _random.Random(11)
    cells = list(range(181))
    for _ in range(300):
        board = [0] * 181
        for sq in rng.sample(cells, rng.randint(2, 120)):
            board[sq] = code(rng.randint(0, 1), rng.choice([*SHIPS, WRECK]))
        b = tuple(board)
        for sq in range(181):
            assert can_move(b, sq) == bool(destinations(b, sq)), (sq, b[sq])


def test_the_rules_build_states_with_the_fields_in_this_order() -> None:
    """``rules`` builds the hot-path States positionally (cheaper than by name): this is the
    order those calls assume, so a field added or moved in ``State`` shows up here."""
    from dataclasses import fields

    from navalkit.games.branle_bas.state import State

    assert [f.name for f in fields(State)] == [
        "board", "phase", "to_move", "config", "ply", "setup_left", "sunk_by", "in_port",
        "wrecked", "touched", "passes", "last_move", "result", "fleets",
    ]  # fmt: skip
