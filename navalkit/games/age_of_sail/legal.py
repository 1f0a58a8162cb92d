"""Every legal action now: movement orders (headings, distances, anchors) and combat (broadsides,
boarding, repairs). Actions are interned: the same order is the same object."""

from __future__ import annotations

import math
from functools import cache

from .actions import Action, Board, End, Fire, Order, Repair, Sail, Turn
from .calc import arc_side, hit_number, relative_bearing
from .course import line_rule, sail_range, turn_problem
from .state import COMBAT, MOVE, OVER, State

_SAILS: dict[tuple[int, int], Sail] = {}
# interned actions: equal orders are the same object, built once
turn, order, fire, board, repair = (
    cache(Turn),
    cache(Order),
    cache(Fire),
    cache(Board),
    cache(Repair),
)
END = End()


def sail(i: int, cm: int) -> Sail:
    """The interned ``Sail(i, cm)``."""
    a = _SAILS.get((i, cm))
    if a is None:
        a = _SAILS[(i, cm)] = Sail(i, cm)
    return a


def _move_actions(state: State) -> list[Action]:
    if state.helm is not None:
        i, left = state.helm.ship, state.helm.left
        mode, _, dist = line_rule(state, i)
        top = min(left, dist) if mode == "follow" else left
        return [sail(i, d) for d in sail_range(state, i, top)]
    out: list[Action] = []
    for i, s in enumerate(state.ships):
        if s.side != state.to_move or not s.afloat or s.ordered or s.aground:
            continue
        if s.entangled >= 0:
            out.append(order(i, "separate"))
            continue
        if s.anchored:
            out.append(order(i, "weigh"))
            continue
        if s.units == 0:
            out.append(order(i, "drift"))
        else:
            out.extend(turn(i, h) for h in _headings(state, i))
        out.append(order(i, "anchor"))
    out.append(END)
    return out


def _headings(state: State, i: int) -> list[int]:
    """The headings ship ``i`` may take (the fast path of :func:`turn_problem`)."""
    s = state.ships[i]
    if s.squadron >= 0 and state.config.line_of_battle and line_rule(state, i)[0] != "free":
        return [h for h in range(8) if turn_problem(state, i, h) is None]
    wind, units, speed, here = state.wind_from, s.units, state.wind_speed, s.heading
    out = []
    for h in range(8):
        off = min((h - wind) % 8, (wind - h) % 8)
        turn = min((h - here) % 8, (here - h) % 8)
        if off == 0:
            if h == here:
                out.append(h)
            continue
        room = max(1, units * (speed + (-1 if off == 1 else 1 if off < 4 else 0)))
        if 2 * turn <= room:
            out.append(h)
    return out


def targets(state: State, i: int) -> list[tuple[int, int, float]]:
    """Enemy ships ship ``i`` can fire at: (target, broadside side, range)."""
    s = state.ships[i]
    out = []
    for j, t in enumerate(state.ships):
        if t.side == s.side or not t.afloat:
            continue
        r = math.hypot(t.x - s.x, t.y - s.y)
        if hit_number(r, "hull") is None:
            continue
        side = arc_side(relative_bearing(s.x, s.y, s.heading, t.x, t.y))
        if side is not None:
            out.append((j, side, r))
    return out


def _combat_actions(state: State) -> list[Action]:
    out: list[Action] = []
    contact = state.config.contact_cm
    for i, s in enumerate(state.ships):
        if s.side != state.to_move or not s.afloat or s.engaged:
            continue
        for j, side, _ in targets(state, i):
            if not s.fired[side] and s.decks[side] > 0:
                out.append(fire(i, j, "hull"))
                out.append(fire(i, j, "sails"))
        if any(s.fired):
            continue
        if s.entangled < 0 and sum(s.decks) > 0:
            for j, t in enumerate(state.ships):
                if (
                    t.side != s.side
                    and t.afloat
                    and t.entangled < 0
                    and math.hypot(t.x - s.x, t.y - s.y) <= contact
                ):
                    out.append(board(i, j))
        if not all(s.masts):
            out.append(repair(i))
    out.append(END)
    return out


_LAST: tuple[State | None, tuple[Action, ...]] = (None, ())  # the last state asked and answer


def legal_actions(state: State) -> list[Action]:
    """Every legal action now, in a fixed order (a Match asks twice per move: remembered)."""
    global _LAST
    if _LAST[0] is state:
        return list(_LAST[1])
    if state.phase == OVER or state.queue:
        out: list[Action] = []
    elif state.phase == MOVE:
        out = _move_actions(state)
    elif state.phase == COMBAT:
        out = _combat_actions(state)
    else:
        out = []
    _LAST = (state, tuple(out))
    return out
