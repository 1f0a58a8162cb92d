"""A Branle-Bas computer player that plays sensibly: it takes material, keeps its Admiral
out of reach, and heads for the enemy port (sweeping the Mine first); and :func:`evaluate`,
how well a seat stands, for search bots whose rollouts are cut short.

The player looks one move ahead and asks, for each of its moves, what the opponent could take
in reply. Everything it sees is public (play is in plain sight once the set-up is done).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from navalkit.core.bots import BotView
from navalkit.core.mcts import squash

from .actions import Move, Place, Touch
from .data import (
    AMIRAL,
    BOARD,
    DRAGUEUR,
    FORWARD,
    MINE,
    MINE_SQUARE,
    PORT,
    SETUP_ZONE,
    value,
)
from .mechanics.movement import ELBOWS, PLANS, add_moves
from .rules import apply, mover_moves
from .state import PLAY, State, fleets

WIN = 100_000.0


def _material(state: State, me: int) -> float:
    board = state.board
    ships = fleets(state)
    mine = float(sum(value(board[sq] & 15) for sq in ships[me]))
    theirs = float(sum(value(board[sq] & 15) for sq in ships[1 - me]))
    mine += 100 * len(state.in_port[me]) + sum(value(k) for k in state.in_port[me])
    theirs += 100 * len(state.in_port[1 - me]) + sum(value(k) for k in state.in_port[1 - me])
    return mine - theirs


def _progress(state: State, me: int) -> float:
    """A little credit for ships that advance towards the enemy port."""
    enemy_port = BOARD[PORT[1 - me]]
    swept = state.board[MINE_SQUARE[1 - me]] & 15 != MINE
    total = 0.0
    board = state.board
    for sq in fleets(state)[me]:  # ascending, as a scan of the board would visit them
        k = board[sq] & 15
        s = BOARD[sq]
        dist = abs(s.x - enemy_port.x) + abs(s.y - enemy_port.y)
        if k == AMIRAL:
            # The Admiral stays home until the channel is open.
            total += (18 - dist) * 1.5 if swept else 0.0
        elif k == DRAGUEUR and not swept:
            target = BOARD[MINE_SQUARE[1 - me]]
            total += (18 - abs(s.x - target.x) - abs(s.y - target.y)) * 1.2
        else:
            total += (s.y * FORWARD[me] + 9) * 0.15
    return total


def position_value(state: State, me: int) -> float:
    """Material and progress for ``me`` minus the opponent's, in points."""
    return _material(state, me) + _progress(state, me) - _progress(state, 1 - me)


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, from 0 to 1: material and progress towards the enemy port,
    squashed (used to score search rollouts cut short)."""
    if state.result is not None:
        w = state.result.winner
        return 0.5 if w is None else float(w == seat)
    return squash(position_value(state, seat), 60.0)


def _loss(board: tuple[int, ...], replies: list[Move], me: int) -> float:
    """The most ``me`` loses to one of ``replies``: a ship sunk, or the port entered."""
    worst = 0.0
    port = PORT[me]
    for reply in replies:
        victim = board[reply.to]
        if reply.to == port:
            loss = WIN / 2 if board[reply.frm] & 15 == AMIRAL else 100.0
        elif victim and victim >> 4 == me and victim & 15 != MINE:
            loss = WIN / 2 if victim & 15 == AMIRAL else float(value(victim & 15))
        else:
            continue
        if loss > worst:
            worst = loss
    return worst


def reply_value(state: State, me: int) -> float:
    """How good ``state`` is for ``me``, assuming the opponent replies with his best capture."""
    if state.result is not None:
        w = state.result.winner
        return 0.0 if w is None else (WIN if w == me else -WIN)
    score = _material(state, me) + _progress(state, me)
    if state.to_move != me:
        score -= _loss(state.board, mover_moves(state), me)
    return score


_REACH: dict[tuple[int, int], frozenset[int]] = {}


def _reach(piece: int, sq: int) -> frozenset[int]:
    """Every square the moves of ``piece`` on ``sq`` look at (whatever the board holds)."""
    key = (piece, sq)
    cells = _REACH.get(key)
    if cells is None:
        found: set[int] = set()
        for form, steps in PLANS[piece][sq]:  # type: ignore[index]
            if form == ELBOWS:
                for first, second in steps:
                    found.update(first)
                    found.update(step[0] for step in second)
            else:
                found.update(step[0] for step in steps)
        cells = _REACH[key] = frozenset(found)
    return cells


class Replies:
    """:func:`reply_value` after each of ``me``'s moves from one position, computed faster:
    the opponent's moves are generated once, and again after a move only for his ships whose
    paths cross the squares it changed (the same values, exactly)."""

    def __init__(self, state: State, me: int) -> None:
        self.state, self.me = state, me
        board = state.board
        # (square, the squares its moves look at, what it takes on this board)
        self.ships: list[tuple[int, frozenset[int], float]] = []
        for sq in fleets(state)[1 - me]:
            replies: list[Move] = []
            add_moves(board, (sq,), replies)
            self.ships.append((sq, _reach(board[sq], sq), _loss(board, replies, me)))

    def value(self, move: Move) -> float:
        """``reply_value(apply(state, move), me)``."""
        me = self.me
        after = apply(self.state, move)
        if after.result is not None or after.to_move == me:
            return reply_value(after, me)
        board = after.board
        frm, to = move.frm, move.to
        worst = 0.0
        for sq, cells, loss in self.ships:
            if sq == to:
                continue  # sunk by the move
            if frm in cells or to in cells:
                replies: list[Move] = []
                add_moves(board, (sq,), replies)
                loss = _loss(board, replies, me)
            if loss > worst:
                worst = loss
        return _material(after, me) + _progress(after, me) - worst


def _best(scored: list[tuple[float, Any]], rng: Any) -> Any:
    """The action with the highest score (ties broken by ``rng``)."""
    top = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s >= top - 1e-9])


def greedy_action(state: State, legal: Sequence[Any], rng: Any) -> Any:
    """The greedy player's choice among ``legal`` in a position in play (see GreedyBot)."""
    me = state.to_move
    judge = Replies(state, me)
    if isinstance(legal[0], Touch):
        best: dict[int, float] = {}
        for move in mover_moves(state):
            score = judge.value(move)
            if score > best.get(move.frm, -float("inf")):
                best[move.frm] = score
        scored = [(best[a.at], a) for a in legal if a.at in best]
        return _best(scored, rng) if scored else rng.choice(legal)
    return _best(
        [
            (judge.value(a) if isinstance(a, Move) else reply_value(apply(state, a), me), a)
            for a in legal
        ],
        rng,
    )


class GreedyBot:
    """One move ahead, with the opponent's best capture in reply.

    Under touch-move (rule BB-TOUCH) a turn is two decisions: it first touches the ship whose
    best move scores highest (so it never touches a ship it would rather not move), then plays
    that ship's best move."""

    name = "greedy"

    def choose(self, view: BotView) -> Any:
        state: State = view.observation.state
        if state.phase != PLAY or not view.observation.complete:
            return self._setup(view)
        return greedy_action(state, view.legal_actions, view.rng)

    def _setup(self, view: BotView) -> Any:
        """Free set-up: attackers forward, the Admiral behind, as the seed advises."""
        places = [a for a in view.legal_actions if isinstance(a, Place)]
        if not places:
            return view.rng.choice(view.legal_actions)
        me = view.player

        def depth(a: Place) -> float:
            y = BOARD[a.at].y * FORWARD[me]
            attack = a.kind not in (AMIRAL,)
            return (y if attack else -y) + view.rng.random() * 0.5

        assert all(a.at in SETUP_ZONE[me] for a in places)
        return max(places, key=depth)


#: the heuristic players, by name
BOTS: dict[str, Any] = {"greedy": GreedyBot}
