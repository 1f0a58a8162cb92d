"""A Branle-Bas computer player that plays sensibly: it takes material, keeps its Admiral
out of reach, and heads for the enemy port (sweeping the Mine first); and :func:`evaluate`,
how well a seat stands, for search bots whose rollouts are cut short.

The player looks one move ahead and asks, for each of its moves, what the opponent could take
in reply. Everything it sees is public (play is in plain sight once the set-up is done).
"""

from __future__ import annotations

from typing import Any

from navalkit.core.bots import BotView
from navalkit.core.mcts import squash

from .actions import Place
from .data import (
    AMIRAL,
    BOARD,
    DRAGUEUR,
    FORWARD,
    MINE,
    MINE_SQUARE,
    PORT,
    SETUP_ZONE,
    SHIPS,
    WRECK,
    value,
)
from .rules import all_moves, apply
from .state import PLAY, State

WIN = 100_000.0


def _material(state: State, me: int) -> float:
    mine = theirs = 0.0
    for p in state.board:
        if p and p & 15 in SHIPS:
            if p >> 4 == me:
                mine += value(p & 15)
            else:
                theirs += value(p & 15)
    mine += 100 * len(state.in_port[me]) + sum(value(k) for k in state.in_port[me])
    theirs += 100 * len(state.in_port[1 - me]) + sum(value(k) for k in state.in_port[1 - me])
    return mine - theirs


def _progress(state: State, me: int) -> float:
    """A little credit for ships that advance towards the enemy port."""
    enemy_port = BOARD[PORT[1 - me]]
    swept = state.board[MINE_SQUARE[1 - me]] & 15 != MINE
    total = 0.0
    for sq, p in enumerate(state.board):
        if not p or p >> 4 != me:
            continue
        k = p & 15
        if k in (MINE, WRECK):
            continue
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


def reply_value(state: State, me: int) -> float:
    """How good ``state`` is for ``me``, assuming the opponent replies with his best capture."""
    if state.result is not None:
        w = state.result.winner
        return 0.0 if w is None else (WIN if w == me else -WIN)
    score = _material(state, me) + _progress(state, me)
    if state.to_move != me:
        worst = 0.0
        for reply in all_moves(state.board, state.to_move):
            victim = state.board[reply.to]
            if reply.to == PORT[me]:
                loss = WIN / 2 if state.board[reply.frm] & 15 == AMIRAL else 100.0
            elif victim and victim >> 4 == me and victim & 15 != MINE:
                loss = WIN / 2 if victim & 15 == AMIRAL else float(value(victim & 15))
            else:
                continue
            worst = max(worst, loss)
        score -= worst
    return score


class GreedyBot:
    """One move ahead, with the opponent's best capture in reply."""

    name = "greedy"

    def choose(self, view: BotView) -> Any:
        legal = view.legal_actions
        state: State = view.observation.state
        if state.phase != PLAY or not view.observation.complete:
            return self._setup(view)
        me = view.player
        best: list[Any] = []
        best_score = -float("inf")
        for action in legal:
            after = apply(state, action)
            s = reply_value(after, me)
            if s > best_score + 1e-9:
                best, best_score = [action], s
            elif abs(s - best_score) <= 1e-9:
                best.append(action)
        return view.rng.choice(best)

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
