"""How the hard level thinks in Branle-Bas: two moves ahead, in plain sight.

Once the set-up is over nothing is hidden, so the hard level reads the board as it is and
looks further than the greedy player (:mod:`.bots`), who asks of each of its moves only what
the opponent could take at once. The admiral asks, for each of its most promising moves:

1. what every reply of the opponent leads to, not only his captures: a ship moved to threaten
   two at once, a ship slipped towards the port, a block in front of the Admiral;
2. after each reply, how the board stands for it when it answers as the greedy player would:
   material and progress after its best answer, less what the opponent could then take
   (:class:`.bots.Replies`); plus a drive (:func:`hunt`): each of its fighting ships that
   could sink the enemy Admiral within a few of its own moves counts, the more the fewer
   moves it needs, and each enemy ship so placed against its own Admiral three times as much
   (a Victory needs the enemy Admiral, and an Admiral boxed in at home is sunk by the first
   ship that reaches him). The moves are counted by the ship's own rules on an empty board
   (:func:`moves_to_sink`), not in squares: a Torpilleur one square from the Admiral but
   past him can never come back, while one three squares up the axial channel strikes in
   two moves, and that channel (the square in front of one's Mine, from which a Torpilleur
   or Sous-marin sinks an Admiral in either corner beside it) is where most games are won;
3. the opponent is assumed to choose the reply that is worst for it; the move whose worst
   reply is best is played.

"Most promising": the ``CANDIDATES`` moves the greedy player scores highest, and every move
that takes something. Replies that take something are looked at first, and a move is dropped
as soon as one reply shows it worse than a move already found (alpha-beta's cut).

The admiral thinks against the clock, as the other games' hard players do: the candidates
come best first, the first is always searched to the end, and once the move's time
(``MOVE_BUDGET_S``) is spent the candidate being searched is dropped, unfinished, and the best
of those finished is played. A slow machine searches fewer candidates; on a quick one it
rarely runs out. ``AdmiralBot.for_game(game, fixed=True)`` searches every candidate whatever
the time, so a seed gives the same game on any machine (tests, benchmarks that must repeat).

Under touch-move (rule BB-TOUCH) a turn is two decisions: the admiral works out its whole
move, touches that ship, then plays that ship's best move. In a free set-up it deploys as the
greedy player does (attackers forward, the Admiral behind).
"""

from __future__ import annotations

import time
from collections import deque
from functools import cache
from typing import Any

from navalkit.core.bots import BotView
from navalkit.core.player import MOVE_BUDGET_S

from .actions import Move, Touch
from .bots import WIN, GreedyBot, Replies, position_value
from .data import AMIRAL, MINE, MINE_SQUARE, NET_OF, PORT, PORT_OF, WRECK, N, code, value
from .mechanics.movement import add_moves
from .rules import TOUCH, admiral_square, apply
from .state import PLAY, State, fleets

#: how many of the greedy player's favourite moves the admiral looks at (captures besides)
CANDIDATES = 8
#: points per move closer to sinking the enemy Admiral, per fighting ship within ``REACH``
#: of its moves (:func:`moves_to_sink`)
HUNT = 1.5
REACH = 5
#: more moves than any ship needs to reach any square
FAR = 99
#: how much more the enemy's ships near one's own Admiral weigh than one's own near his
GUARD = 3.0
#: values this close are equal: the moves tied for best are chosen among at random. A move
#: whose search was cut short is strictly worse than the best found, never tied with it (a
#: cut at "no better" put moves of unknown, possibly much lower, value among the ties)
TIE = 1e-9


def _gain(board: tuple[int, ...], move: Move, me: int) -> float:
    """What ``move`` takes at once: an enemy ship's value, a port entry, a Triumph."""
    if move.to == PORT[1 - me]:
        return WIN if board[move.frm] & 15 == AMIRAL else 100.0
    target = board[move.to]
    if target and target >> 4 != me and target & 15 not in (MINE, WRECK):
        return WIN if target & 15 == AMIRAL else float(value(target & 15))
    return 0.0


def _moves(state: State, side: int) -> list[Move]:
    """Every move of ``side``'s ships (the touched ship's only, once one is touched)."""
    moves: list[Move] = []
    ships = (state.touched,) if state.touched is not None else fleets(state)[side]
    add_moves(state.board, ships, moves)
    return moves


@cache
def moves_to_sink(piece: int, target: int, mine: bool) -> tuple[int, ...]:
    """For the ship ``piece`` on each square of a board otherwise empty, how many of its
    moves it needs to sink an enemy Admiral on ``target`` (``FAR`` if it never can): its own
    Mine in place, the enemy's too if ``mine``. Every movement rule counts (forward only, one
    square a turn in an outer harbour, no stopping on an enemy net), so a Torpilleur that has
    sailed past the Admiral is far from him, however few squares lie between them."""
    me = piece >> 4
    board = [0] * N
    board[target] = code(1 - me, AMIRAL)
    board[MINE_SQUARE[me]] = code(me, MINE)
    if mine:
        board[MINE_SQUARE[1 - me]] = code(1 - me, MINE)
    into: list[list[int]] = [[] for _ in range(N)]  # into[b]: the squares one move before b
    for sq in range(N):
        if board[sq] or PORT_OF[sq] >= 0 or NET_OF[sq] == 1 - me:
            continue  # a ship can't stand there (or stays there for good)
        board[sq] = piece
        out: list[Move] = []
        add_moves(board, (sq,), out)  # type: ignore[arg-type]
        board[sq] = 0
        for m in out:
            into[m.to].append(sq)
    dist = [FAR] * N
    todo = deque(into[target])
    for sq in todo:
        dist[sq] = 1
    while todo:
        sq = todo.popleft()
        for before in into[sq]:
            if dist[before] == FAR:
                dist[before] = dist[sq] + 1
                todo.append(before)
    return tuple(dist)


def hunt(state: State, me: int) -> float:
    """Credit for ``me``'s fighting ships close to the enemy Admiral (whom a Victory needs),
    closeness counted in the ship's own moves (:func:`moves_to_sink`)."""
    board = state.board
    target = admiral_square(state, 1 - me)
    if target is None:
        return 0.0
    mine = board[MINE_SQUARE[1 - me]] & 15 == MINE
    close = 0
    for sq in fleets(state)[me]:
        piece = board[sq]
        if piece & 15 != AMIRAL:
            close += max(0, REACH - moves_to_sink(piece, target, mine)[sq])
    return close * HUNT


def drive(state: State, me: int) -> float:
    """The admiral's drive towards the enemy Admiral and its guard around its own."""
    return hunt(state, me) - GUARD * hunt(state, 1 - me)


def _greedy_value(state: State, me: int, ceiling: float) -> float:
    """How ``me`` stands with ``me`` to move: the greedy player's value of its best move
    (material and progress after it, less the opponent's best capture in reply), or a value
    at least ``ceiling`` as soon as one move reaches it (the cut)."""
    if state.result is not None:
        w = state.result.winner
        return 0.0 if w is None else (WIN if w == me else -WIN)
    bonus = drive(state, me)
    moves = _moves(state, me)
    if not moves:
        return position_value(state, me) + bonus
    board = state.board
    moves.sort(key=lambda m: -_gain(board, m, me))
    judge = Replies(state, me)
    best = -float("inf")
    for move in moves:
        score = judge.value(move) + bonus
        if score > best:
            best = score
            if best >= ceiling:
                break
    return best


class _OutOfTime(Exception):
    """The move's time ran out in the middle of a candidate's search."""


def _worst_reply(after: State, me: int, floor: float, deadline: float | None = None) -> float:
    """The value for ``me`` of ``after`` (the opponent to move) under his best reply, or a
    value at most ``floor`` as soon as one reply brings it that low (the cut). Past
    ``deadline`` (a :func:`time.perf_counter` time) it gives up (:class:`_OutOfTime`)."""
    if after.result is not None or after.to_move == me:
        return _greedy_value(after, me, float("inf"))
    them = 1 - me
    replies = _moves(after, them)
    if not replies:
        return _greedy_value(after, me, float("inf"))
    board = after.board
    replies.sort(key=lambda r: -_gain(board, r, them))  # captures first: cuts come sooner
    worst = float("inf")
    for reply in replies:
        if deadline is not None and time.perf_counter() > deadline:
            raise _OutOfTime
        score = _greedy_value(apply(after, reply), me, worst)
        if score < worst:
            worst = score
            if worst < floor - TIE:  # strictly worse: a move only as good is still a tie
                break
    return worst


def candidates(state: State, me: int) -> list[Move]:
    """The moves the admiral searches, in the greedy player's order (good moves first, so
    cuts come sooner): its ``CANDIDATES`` favourites and every move that takes something."""
    moves = _moves(state, me)
    judge = Replies(state, me)
    ranked = sorted(((judge.value(m), i) for i, m in enumerate(moves)), reverse=True)
    keep = {i for _, i in ranked[:CANDIDATES]}
    keep.update(i for i, m in enumerate(moves) if _gain(state.board, m, me) > 0)
    return [moves[i] for _, i in ranked if i in keep]


def best_move(state: State, rng: Any, time_limit: float | None = None) -> Move:
    """The admiral's move for the side to move in ``state`` (see the module's notes): every
    candidate searched, or as many as ``time_limit`` seconds allow (the first always)."""
    me = state.to_move
    best_value = -float("inf")
    best: list[Move] = []
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    for move in candidates(state, me):
        try:
            score = _worst_reply(apply(state, move), me, best_value, deadline if best else None)
        except _OutOfTime:
            break  # this candidate unfinished: the best of those finished is played
        if score > best_value + TIE:
            best_value, best = score, [move]
        elif score >= best_value - TIE:
            best.append(move)
    chosen: Move = rng.choice(best)
    return chosen


class AdmiralBot:
    """The hard level: two moves ahead, each of the opponent's replies weighed, for at most
    ``time_limit`` seconds a move (``None``: every candidate; see the module's notes)."""

    name = "admiral"

    def __init__(self, time_limit: float | None = MOVE_BUDGET_S) -> None:
        self.time_limit = time_limit

    @classmethod
    def for_game(cls, game: Any, *, fixed: bool = False) -> AdmiralBot:
        """The admiral on the clock, or (``fixed``) searching every candidate whatever the
        time: the same moves on any machine."""
        return cls(None if fixed else MOVE_BUDGET_S)

    def choose(self, view: BotView) -> Any:
        state: State = view.observation.state
        legal = view.legal_actions
        if state.phase != PLAY or not view.observation.complete:
            return GreedyBot().choose(view)
        if not any(isinstance(a, Move | Touch) for a in legal):
            return view.rng.choice(legal)
        move = best_move(state, view.rng, self.time_limit)
        if isinstance(legal[0], Touch):
            touch = TOUCH[move.frm]
            return touch if touch in legal else GreedyBot().choose(view)
        return move if move in legal else GreedyBot().choose(view)
