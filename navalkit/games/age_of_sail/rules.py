"""The pure rules: which orders are legal, why others are not, and what they do.

``legal_actions`` lists every legal action; ``violation`` explains a refusal with a clause id;
``apply`` plays a legal action. Dice are left on the state's queue for the Match to throw.
"""

from __future__ import annotations

import math

from .actions import Action, Board, End, Fire, Order, Repair, Sail, Turn
from .calc import arc_side, hit_number, relative_bearing
from .course import allowance, blocked, in_shoal, line_rule, path, shoal_entry, turn_points
from .data import TABLE_H, TABLE_W, TURN_COST, VECTORS
from .flow import check_end, end_turn, put
from .legal import legal_actions
from .refusals import violation
from .state import COMBAT, MOVE, Helm, Roll, State, evolve

__all__ = ["allowance", "apply", "legal_actions", "violation"]


def apply(state: State, action: Action) -> State:
    """The state after a legal action (the caller has checked it with :func:`violation`)."""
    ships = state.ships
    ply = state.ply + 1
    if isinstance(action, End):
        if state.phase == MOVE:
            return evolve(state, phase=COMBAT, ply=ply, last=())
        return check_end(end_turn(evolve(state, ply=ply, last=())))
    i = action.ship
    s = ships[i]
    if isinstance(action, Turn):
        cost = TURN_COST * turn_points(action.heading, s.heading)
        left = allowance(s, action.heading, state) - cost
        delta = (action.heading - s.heading + 4) % 8 - 4
        ships = put(ships, i, evolve(s, heading=action.heading))
        moves = state.line_moves
        if s.squadron >= 0 and line_rule(state, i)[0] == "free":
            moves = (*moves, (s.squadron, i, delta, -1))
        return evolve(
            state, ships=ships, helm=Helm(i, max(0, left)), line_moves=moves, ply=ply, last=(i,)
        )
    if isinstance(action, Sail):
        moves = tuple(
            (sq, k, d, action.cm if k == i else dist) for sq, k, d, dist in state.line_moves
        )
        queue = state.queue
        x, y = s.x, s.y
        if action.cm:
            pts = path(s, action.cm)
            x, y = pts[-1]
            k = shoal_entry(state, s, pts)
            if k >= 0:
                queue = (*queue, Roll("shoal", i, x=pts[k][0], y=pts[k][1]))
        ships = put(ships, i, evolve(s, x=x, y=y, ordered=True))
        return evolve(
            state, ships=ships, helm=None, line_moves=moves, queue=queue, ply=ply, last=(i,)
        )
    if isinstance(action, Order):
        queue = state.queue
        if action.what == "drift":
            vx, vy = VECTORS[(state.wind_from + 4) % 8]
            x, y = round(s.x + vx, 3), round(s.y + vy, 3)
            if not (0 <= x <= TABLE_W and 0 <= y <= TABLE_H) or blocked(state, i, x, y) >= 0:
                x, y = s.x, s.y
            elif in_shoal(state, x, y) and not in_shoal(state, s.x, s.y):
                queue = (*queue, Roll("shoal", i, x=x, y=y))
            s = evolve(s, x=x, y=y)
        elif action.what == "separate":
            queue = (*queue, Roll("separate", i))
        s = evolve(
            s,
            ordered=True,
            anchored=action.what == "anchor" or (s.anchored and action.what != "weigh"),
        )
        return evolve(state, ships=put(ships, i, s), queue=queue, ply=ply, last=(i,))
    if isinstance(action, Fire):
        t = ships[action.target]
        side = arc_side(relative_bearing(s.x, s.y, s.heading, t.x, t.y))
        assert side is not None
        need = hit_number(math.hypot(t.x - s.x, t.y - s.y), action.aim) or 6
        fired = (True, s.fired[1]) if side == 0 else (s.fired[0], True)
        ships = put(ships, i, evolve(s, fired=fired))
        roll = Roll("volley", i, other=action.target, n=s.decks[side], need=need, aim=action.aim)
        return evolve(
            state, ships=ships, queue=(*state.queue, roll), ply=ply, last=(i, action.target)
        )
    if isinstance(action, Board):
        t = ships[action.target]
        ships = put(ships, i, evolve(s, engaged=True))
        roll = Roll("board", i, other=action.target, n=sum(s.decks) + sum(t.decks))
        return evolve(
            state, ships=ships, queue=(*state.queue, roll), ply=ply, last=(i, action.target)
        )
    if isinstance(action, Repair):
        ships = put(ships, i, evolve(s, engaged=True))
        return evolve(
            state, ships=ships, queue=(*state.queue, Roll("repair", i)), ply=ply, last=(i,)
        )
    raise ValueError(f"not an Age of Sail action: {action!r}")
