"""The pure rules: which orders are legal, why others are not, and what they do.

``legal_actions`` lists every legal action; ``violation`` explains a refusal with a clause id;
``apply`` plays a legal action. Dice are left on the state's queue for the Match to throw.
"""

from __future__ import annotations

import math
from functools import cache

from navalkit.core.errors import Violation

from .actions import ACTION_TYPES, ORDERS, Action, Board, End, Fire, Order, Repair, Sail, Turn
from .data import COMPASS, MAX_RANGE, TABLE_H, TABLE_W, TURN_COST, VECTORS
from .mechanics.combat import arc_side, hit_number, relative_bearing
from .mechanics.sailing import (
    allowance,
    blocked,
    in_shoal,
    line_rule,
    near_shoal,
    path,
    refuse,
    run_end,
    sail_problem,
    sail_range,
    shoal_entries,
    turn_points,
    turn_problem,
)
from .mechanics.sequence import (
    check_end,
    end_turn,
    put,
    settle_cut_loose,
    stay_locked,
    undecided,
)
from .state import (
    COMBAT,
    CUT_LOOSE,
    MOVE,
    OVER,
    Helm,
    Roll,
    State,
    evolve_ship,
    evolve_state,
)

__all__ = ["allowance", "apply", "legal_actions", "violation"]


# --- Every legal action now: movement orders (headings, distances, anchors) and combat (broadsides,

_SAILS: dict[tuple[int, int], Sail] = {}


# interned actions: equal orders are the same object, built once
turn, order, fire, board, repair = (
    cache(Turn),
    cache(Order),
    cache(Fire),
    cache(Board),
    cache(Repair),
)
#: interned orders under way (values: building a frozen dataclass costs more than a lookup)
helm = cache(Helm)


END = End()


def sail(i: int, cm: int) -> Sail:
    """The interned ``Sail(i, cm)``."""
    a = _SAILS.get((i, cm))
    if a is None:
        a = _SAILS[(i, cm)] = Sail(i, cm)
    return a


@cache
def _sails(i: int, top: int) -> tuple[Sail, ...]:
    """``sail(i, d)`` for every distance ``d`` from 0 to ``top``, indexed by ``d``."""
    return tuple(sail(i, d) for d in range(top + 1))


def _move_actions(state: State) -> list[Action]:
    if state.helm is not None:
        i, left = state.helm.ship, state.helm.left
        mode, _, dist = line_rule(state, i)
        top = min(left, dist) if mode == "follow" else left
        row = _sails(i, max(top, 0))
        dists = sail_range(state, i, top)
        return list(row) if len(dists) == len(row) else [row[d] for d in dists]
    out: list[Action] = []
    adrift = False  # a dismasted ship still to drift: movement cannot end yet (AOS-DRIFT)
    for i, s in enumerate(state.ships):
        if s.side != state.to_move or not s.afloat or s.ordered or s.aground:
            continue
        if s.entangled >= 0:  # locked, and stayed so before moving (the CUT_LOOSE step)
            continue
        if s.anchored:
            out.append(order(i, "weigh"))
            continue
        units = s.units
        if units == 0:
            out.append(order(i, "drift"))
            adrift = True
        elif s.squadron >= 0 and state.config.line_of_battle and line_rule(state, i)[0] != "free":
            out += [turn(i, h) for h in range(8) if turn_problem(state, i, h) is None]
        else:
            out += _free_turns(i, state.wind_from, units, state.wind_speed, s.heading)
        out.append(order(i, "anchor"))
    if not adrift:  # 'the ship will drift': she drifts, or anchors, before movement ends
        out.append(END)
    return out


@cache
def _free_turns(i: int, wind: int, units: int, speed: int, here: int) -> tuple[Turn, ...]:
    """The headings ship ``i`` may take when free of a line (the fast path of
    :func:`turn_problem`), as Turn actions: they depend on these five small numbers only,
    so each set is worked out once."""
    return tuple(turn(i, h) for h in _headings(wind, units, speed, here))


def _headings(wind: int, units: int, speed: int, here: int) -> list[int]:
    """The headings a ship free of a line may take, with ``units`` mast units standing,
    heading ``here`` (the fast path of :func:`turn_problem`)."""
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
        if r > MAX_RANGE:  # no hit number beyond the last range band
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
    elif state.phase == CUT_LOOSE:  # each locked ship: try to cut loose, or stay locked
        out = [order(i, what) for i in undecided(state) for what in ("separate", "stay")]
    elif state.phase == COMBAT:
        out = _combat_actions(state)
    else:
        out = []
    _LAST = (state, tuple(out))
    return out


# --- Why an action is refused: the first rule it breaks, in plain words, with its clause id.


def _is_index(v: object, n: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n


def violation(state: State, action: object) -> Violation | None:
    """None when ``action`` is legal now; otherwise the rule it breaks, in plain words."""
    if not isinstance(action, ACTION_TYPES):
        return Violation("match.not_an_action", f"{action!r} is not an Age of Sail action.")
    if state.phase == OVER:
        return Violation("match.over", "The battle is over.")
    if state.queue:
        return Violation("match.chance", "Dice are waiting to be thrown.")
    n = len(state.ships)
    if not isinstance(action, End) and not _is_index(action.ship, n):
        return Violation("match.not_an_action", f"There is no ship {action.ship!r}.")
    if action in legal_actions(state):
        return None
    return _explain(state, action)


def _explain(state: State, action: Action) -> Violation:
    """Why a well-formed action is not legal (the first rule it breaks)."""
    seq = "AOS-SEQUENCE"
    if state.phase == CUT_LOOSE:
        return _explain_cut_loose(state, action)
    if isinstance(action, End):
        drifts = [
            o.ship for o in legal_actions(state) if isinstance(o, Order) and o.what == "drift"
        ]
        if state.helm is None and drifts:
            adrift = drifts[0]
            name = state.ships[adrift].name
            return refuse(
                "AOS-DRIFT",
                f"{name} has no masts left: she drifts 1 cm the way the wind blows (or drops "
                "anchor) before movement ends.",
                adrift,
            )
        name = state.ships[state.helm.ship].name if state.helm else "the ship"
        return refuse("AOS-ORDERS", f"Finish {name}'s order first: choose how far she sails.")
    i = action.ship
    s = state.ships[i]
    who = state.nations[state.to_move]
    if s.side != state.to_move:
        return refuse("AOS-SEQUENCE", f"{s.name} is not yours: it is {who}'s turn.", i)
    if not s.afloat:
        return refuse("AOS-SHIP", f"{s.name} is no longer afloat.", i)
    moving = isinstance(action, Turn | Sail | Order)
    if moving and state.phase != MOVE:
        return refuse(seq, "Movement is over: now fire, board or repair, then end the turn.", i)
    if not moving and state.phase != COMBAT:
        return refuse(
            "AOS-TIMING",
            "Broadsides, boarding and repairs come after movement: "
            "finish moving (end the movement phase) first.",
            i,
        )
    if isinstance(action, Turn | Sail | Order):
        return _explain_move(state, action)
    return _explain_combat(state, action)


def _explain_cut_loose(state: State, action: Action) -> Violation:
    """Why ``action`` is refused while locked ships decide whether to cut loose (the seed's
    sequence: fire, cutting loose, refloating and high seas, then movement and combat)."""
    waiting = undecided(state)
    names = " and ".join(state.ships[i].name for i in waiting)
    if isinstance(action, Order) and action.what in ("separate", "stay"):
        s = state.ships[action.ship]
        if s.side != state.to_move:
            return refuse("AOS-SEQUENCE", f"{s.name} is not yours.", action.ship)
        if s.entangled < 0:
            return refuse("AOS-SEPARATE", f"{s.name} is not locked with another ship.", action.ship)
        return refuse("AOS-SEPARATE", f"{s.name} has made her choice this turn.", action.ship)
    return refuse(
        "AOS-SEQUENCE",
        f"First the locked ships: {names} may try to cut loose (on a 6) or stay locked. Then "
        "ships aground try to refloat, and then the ships move.",
        *waiting,
    )


def _explain_move(state: State, action: Turn | Sail | Order) -> Violation:
    i = action.ship
    s = state.ships[i]
    if state.helm is not None and (state.helm.ship != i or not isinstance(action, Sail)):
        h = state.ships[state.helm.ship]
        return refuse(
            "AOS-ORDERS",
            f"Finish {h.name}'s order first: choose how far she sails.",
            state.helm.ship,
        )
    if s.ordered and s.entangled >= 0:
        return refuse(
            "AOS-SEPARATE",
            # after a failed throw or by choice: the state does not tell which, the words fit both
            f"{s.name} and {state.ships[s.entangled].name} stay locked this turn: they can try "
            "to cut loose next turn.",
            i,
            s.entangled,
        )
    if s.ordered:
        return refuse("AOS-ORDERS", f"{s.name} has had her movement order this turn.", i)
    if s.aground:
        return refuse("AOS-SHOAL", f"{s.name} is aground: she refloats only on a 6.", i)
    if isinstance(action, Order) and action.what not in ORDERS:
        return Violation("match.not_an_action", f"No such order {action.what!r}.")
    if s.entangled >= 0 and not (isinstance(action, Order) and action.what == "separate"):
        return refuse(
            "AOS-SEPARATE",
            f"{s.name} is locked with {state.ships[s.entangled].name}: cut loose on a 6 first.",
            i,
            s.entangled,
        )
    if isinstance(action, Order) and action.what in ("separate", "stay"):
        if s.entangled >= 0:
            return refuse(
                "AOS-SEQUENCE",
                f"{s.name} and {state.ships[s.entangled].name} try to cut loose before the "
                "ships move, as the turn begins: they try again next turn.",
                i,
                s.entangled,
            )
        return refuse("AOS-SEPARATE", f"{s.name} is not locked with another ship.", i)
    if s.anchored and not (isinstance(action, Order) and action.what == "weigh"):
        return refuse("AOS-ANCHOR", f"{s.name} is at anchor: weighing takes a whole move.", i)
    if isinstance(action, Order) and action.what == "weigh":
        return refuse("AOS-ANCHOR", f"{s.name} is not at anchor.", i)
    if isinstance(action, Order) and action.what == "drift":
        return refuse("AOS-DRIFT", f"{s.name} still has masts: she sails, she does not drift.", i)
    if s.units == 0 and isinstance(action, Turn | Sail):
        return refuse(
            "AOS-DRIFT", f"{s.name} has no masts: she can only drift 1 cm downwind (or anchor).", i
        )
    if isinstance(action, Turn):
        if not _is_index(action.heading, 8):
            return Violation("match.not_an_action", f"No heading {action.heading!r}.")
        return turn_problem(state, i, action.heading) or refuse("AOS-ORDERS", "Not now.", i)
    if isinstance(action, Sail):
        if state.helm is None:
            return refuse(
                "AOS-ORDERS", f"Choose {s.name}'s heading first (turning costs 2 cm a point).", i
            )
        cm = action.cm
        if isinstance(cm, bool) or not isinstance(cm, int) or cm < 0:
            return Violation("match.not_an_action", f"{cm!r} is not a whole number of cm.")
        mode, _, dist = line_rule(state, i)
        if mode == "follow" and cm > dist:
            return refuse(
                "AOS-LINE-COPY",
                f"{s.name} follows her leader, who sailed {dist} cm: she may not sail further.",
                i,
            )
        if cm > state.helm.left:
            return refuse(
                "AOS-MOVE",
                f"{s.name} may sail only {state.helm.left} cm more on "
                f"{COMPASS[s.heading]} (mast units x wind, less turning).",
                i,
            )
        return sail_problem(state, i, cm) or refuse("AOS-ORDERS", "Not now.", i)
    return refuse("AOS-ORDERS", "Not now.", i)


def _explain_combat(state: State, action: Fire | Board | Repair) -> Violation:
    i = action.ship
    s = state.ships[i]
    if s.engaged:
        return refuse(
            "AOS-REPAIR", f"{s.name}'s crew is busy (boarding or repairing) this turn.", i
        )
    if isinstance(action, Repair):
        if any(s.fired):
            return refuse("AOS-REPAIR", f"{s.name} has fired: a crew at the guns cannot repair.", i)
        return refuse("AOS-REPAIR", f"{s.name} has all her masts.", i)
    t_i = action.target
    if not _is_index(t_i, len(state.ships)):
        return Violation("match.not_an_action", f"There is no ship {t_i!r}.")
    t = state.ships[t_i]
    if t.side == s.side or not t.afloat:
        return refuse("AOS-ARCS", f"{t.name} is not an enemy ship afloat.", i, t_i)
    r = math.hypot(t.x - s.x, t.y - s.y)
    if isinstance(action, Board):
        if any(s.fired):
            return refuse("AOS-BOARD", f"{s.name} has fired this turn: she cannot also board.", i)
        if r > state.config.contact_cm:
            return refuse(
                "AOS-CONTACT",
                f"{t.name} is {r:.1f} cm away: ships board only when "
                f"touching ({state.config.contact_cm} cm).",
                i,
                t_i,
            )
        if s.entangled >= 0 or t.entangled >= 0:
            return refuse(
                "AOS-BOARD",
                "A ship already locked with another cannot board or be boarded.",
                i,
                t_i,
            )
        return refuse("AOS-BOARD", f"{s.name} has no gun decks left to man a boarding party.", i)
    if action.aim not in ("hull", "sails"):
        return Violation("match.not_an_action", f"Aim at 'hull' or 'sails', not {action.aim!r}.")
    if r > 12:
        return refuse("AOS-RANGE", f"{t.name} is {r:.1f} cm away: out of range (12 cm).", i, t_i)
    side = arc_side(relative_bearing(s.x, s.y, s.heading, t.x, t.y))
    if side is None:
        return refuse(
            "AOS-ARC-ENDS",
            f"{t.name} is off {s.name}'s bow or stern: no broadside bears there.",
            i,
            t_i,
        )
    name = ("port", "starboard")[side]
    if s.fired[side]:
        return refuse("AOS-FIRE-ONCE", f"{s.name}'s {name} decks have fired this round.", i)
    return refuse("AOS-HULL-HIT", f"{s.name} has no {name} gun decks left.", i)


def apply(state: State, action: Action) -> State:
    """The state after a legal action (the caller has checked it with :func:`violation`)."""
    ships = state.ships
    ply = state.ply + 1
    if isinstance(action, End):
        if state.phase == MOVE:
            return evolve_state(state, phase=COMBAT, ply=ply, last=())
        return check_end(end_turn(state, ply=ply, last=()))
    i = action.ship
    s = ships[i]
    if isinstance(action, Turn):
        cost = TURN_COST * turn_points(action.heading, s.heading)
        left = allowance(s, action.heading, state) - cost
        delta = (action.heading - s.heading + 4) % 8 - 4
        ships = put(ships, i, evolve_ship(s, heading=action.heading))
        moves = state.line_moves
        if s.squadron >= 0 and line_rule(state, i)[0] == "free":
            moves = (*moves, (s.squadron, i, delta, -1))
        return evolve_state(
            state, ships=ships, helm=helm(i, max(0, left)), line_moves=moves, ply=ply, last=(i,)
        )
    if isinstance(action, Sail):
        moves = tuple(
            (sq, k, d, action.cm if k == i else dist) for sq, k, d, dist in state.line_moves
        )
        queue = state.queue
        x, y = s.x, s.y
        if action.cm:
            x, y = run_end(s, action.cm)
            if near_shoal(state, s, action.cm):  # only then is the whole run looked at
                pts = path(s, action.cm)
                # a die for each shoal she meets, in order: aground at one, she meets no more
                # (mechanics.sequence drops the rest)
                rolls = [
                    Roll("shoal", i, x=pts[k][0], y=pts[k][1]) for k in shoal_entries(state, s, pts)
                ]
                queue = (*queue, *rolls)
        ships = put(ships, i, evolve_ship(s, x=x, y=y, ordered=True))
        return evolve_state(
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
            s = evolve_ship(s, x=x, y=y)
        elif action.what == "separate":
            # not her move: a try before the ships move, once a turn for the pair; the die
            # frees both to move, or leaves both locked and ordered (mechanics.sequence)
            queue = (*queue, Roll("separate", i))
            return evolve_state(state, queue=queue, ply=ply, last=(i,))
        elif action.what == "stay":  # locked this turn, she and a prize of her flag with her
            ships = stay_locked(ships, i)
            return settle_cut_loose(evolve_state(state, ships=ships, ply=ply, last=(i,)))
        s = evolve_ship(
            s,
            ordered=True,
            anchored=action.what == "anchor" or (s.anchored and action.what != "weigh"),
        )
        return evolve_state(state, ships=put(ships, i, s), queue=queue, ply=ply, last=(i,))
    if isinstance(action, Fire):
        t = ships[action.target]
        side = arc_side(relative_bearing(s.x, s.y, s.heading, t.x, t.y))
        assert side is not None
        need = hit_number(math.hypot(t.x - s.x, t.y - s.y), action.aim) or 6
        fired = (True, s.fired[1]) if side == 0 else (s.fired[0], True)
        ships = put(ships, i, evolve_ship(s, fired=fired))
        roll = Roll("volley", i, other=action.target, n=s.decks[side], need=need, aim=action.aim)
        return evolve_state(
            state, ships=ships, queue=(*state.queue, roll), ply=ply, last=(i, action.target)
        )
    if isinstance(action, Board):
        t = ships[action.target]
        ships = put(ships, i, evolve_ship(s, engaged=True))
        roll = Roll("board", i, other=action.target, n=sum(s.decks) + sum(t.decks))
        return evolve_state(
            state, ships=ships, queue=(*state.queue, roll), ply=ply, last=(i, action.target)
        )
    if isinstance(action, Repair):
        ships = put(ships, i, evolve_ship(s, engaged=True))
        return evolve_state(
            state, ships=ships, queue=(*state.queue, Roll("repair", i)), ply=ply, last=(i,)
        )
    raise ValueError(f"not an Age of Sail action: {action!r}")
