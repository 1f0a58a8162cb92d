"""The pure rules: which orders are legal, why others are not, and what they do.

``legal_actions`` lists every legal action; ``violation`` explains a refusal with a clause id;
``apply`` plays a legal action. Dice are left on the state's queue for the Match to throw.
"""

from __future__ import annotations

import math
from dataclasses import replace

from navalkit.core.errors import Violation

from .actions import ACTION_TYPES, ORDERS, Action, Board, End, Fire, Order, Repair, Sail, Turn
from .calc import arc_side, hit_number, max_move, points_off_wind, relative_bearing
from .data import COMPASS, SHIP_GAP, TABLE_H, TABLE_W, TURN_COST, VECTORS
from .flow import check_end, end_turn, put
from .state import COMBAT, MOVE, OVER, Helm, Roll, Ship, State


def _v(rule: str, message: str, *ships: int) -> Violation:
    return Violation(rule, message, tuple(f"ship:{i}" for i in ships))


def allowance(ship: Ship, heading: int, state: State) -> int:
    """Her maximum move on ``heading`` this turn (0 when that heading is into the wind)."""
    off = points_off_wind(heading, state.wind_from)
    if off == 0:
        return 0
    return max_move(ship.units, state.wind_speed, 45 * off)


def turn_points(a: int, b: int) -> int:
    d = (a - b) % 8
    return min(d, 8 - d)


def leader(state: State, squadron: int) -> int:
    """The leading ship of a squadron: its first ship still afloat under its own flag."""
    for i, s in enumerate(state.ships):
        if s.squadron == squadron and s.afloat and not s.captured:
            return i
    return -1


def _can_sail(s: Ship) -> bool:
    return s.units > 0 and not (s.anchored or s.aground or s.entangled >= 0)


def line_rule(state: State, i: int) -> tuple[str, int, int]:
    """For a ship in a line of battle: ("free", 0, 0), ("wait", 0, 0) for the leader to move,
    or ("follow", turn, distance) to copy (AOS-LINE)."""
    s = state.ships[i]
    if not state.config.line_of_battle or s.squadron < 0:
        return "free", 0, 0
    lead = leader(state, s.squadron)
    if lead == i or lead < 0:
        return "free", 0, 0
    for sq, ship, delta, dist in state.line_moves:
        if sq == s.squadron:
            return ("free", 0, 0) if ship == i else ("follow", delta, max(dist, 0))
    ls = state.ships[lead]
    if not ls.ordered and _can_sail(ls):
        return "wait", 0, 0
    return "free", 0, 0


def _blocked(state: State, i: int, x: float, y: float) -> int:
    """The ship a position would overlap (-1 if none)."""
    for j, o in enumerate(state.ships):
        if j != i and o.afloat and math.hypot(o.x - x, o.y - y) < SHIP_GAP:
            return j
    return -1


def _in_shoal(state: State, x: float, y: float) -> bool:
    return any(math.hypot(x - sx, y - sy) <= r for sx, sy, r in state.shoals)


def path(ship: Ship, cm: int, heading: int | None = None) -> tuple[tuple[float, float], ...]:
    """The whole-cm points of a straight run of ``cm`` from the ship's position."""
    vx, vy = VECTORS[ship.heading if heading is None else heading]
    return tuple((round(ship.x + vx * k, 3), round(ship.y + vy * k, 3)) for k in range(1, cm + 1))


def shoal_entry(state: State, ship: Ship, points: tuple[tuple[float, float], ...]) -> int:
    """Index in ``points`` where the run first enters a shoal from open water (-1: never)."""
    inside = _in_shoal(state, ship.x, ship.y)
    for k, (x, y) in enumerate(points):
        now = _in_shoal(state, x, y)
        if now and not inside:
            return k
        inside = now
    return -1


def sail_problem(state: State, i: int, cm: int) -> Violation | None:
    """Why ship ``i`` may not sail ``cm`` ahead now (the table edge, another ship)."""
    if cm == 0:
        return None
    s = state.ships[i]
    pts = path(s, cm)
    x, y = pts[-1]
    if not (0 <= x <= TABLE_W and 0 <= y <= TABLE_H):
        return _v("AOS-EDGE", f"{s.name} would sail off the table.", i)
    j = _blocked(state, i, x, y)
    if j < 0:
        k = shoal_entry(state, s, pts)
        if k >= 0:
            j = _blocked(state, i, *pts[k])
    if j >= 0:
        return _v(
            "AOS-COLLIDE",
            f"{s.name} would end on top of {state.ships[j].name}: ships "
            f"may not overlap (centres at least {SHIP_GAP:g} cm apart).",
            i,
            j,
        )
    return None


# --- legal actions -------------------------------------------------------------------------------
def _move_actions(state: State) -> list[Action]:
    if state.helm is not None:
        i, left = state.helm.ship, state.helm.left
        mode, _, dist = line_rule(state, i)
        top = min(left, dist) if mode == "follow" else left
        return [Sail(i, d) for d in range(top + 1) if sail_problem(state, i, d) is None]
    out: list[Action] = []
    for i, s in enumerate(state.ships):
        if s.side != state.to_move or not s.afloat or s.ordered or s.aground:
            continue
        if s.entangled >= 0:
            out.append(Order(i, "separate"))
            continue
        if s.anchored:
            out.append(Order(i, "weigh"))
            continue
        if s.units == 0:
            out.append(Order(i, "drift"))
        else:
            out.extend(Turn(i, h) for h in _headings(state, i))
        out.append(Order(i, "anchor"))
    out.append(End())
    return out


def _headings(state: State, i: int) -> list[int]:
    """The headings ship ``i`` may take (the fast path of :func:`_turn_problem`)."""
    s = state.ships[i]
    if s.squadron >= 0 and state.config.line_of_battle and line_rule(state, i)[0] != "free":
        return [h for h in range(8) if _turn_problem(state, i, h) is None]
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


def _turn_problem(state: State, i: int, h: int) -> Violation | None:
    s = state.ships[i]
    mode, delta, _ = line_rule(state, i)
    if mode == "wait":
        lead = state.ships[leader(state, s.squadron)]
        return _v("AOS-LINE", f"{s.name} sails in line: {lead.name}, the leader, moves first.", i)
    if mode == "follow":
        want = (s.heading + delta) % 8
        if h != want and not (h == s.heading and turn_points(want, state.wind_from) == 0):
            return _v(
                "AOS-LINE",
                f"{s.name} follows her leader, who turned "
                f"{abs(delta)} point(s): she must steer {COMPASS[want]}.",
                i,
            )
    if h != s.heading and points_off_wind(h, state.wind_from) == 0:
        return _v(
            "AOS-IRONS",
            f"{COMPASS[h]} is dead into the wind (from "
            f"{COMPASS[state.wind_from]}): tack on the close-hauled headings "
            f"{COMPASS[(h - 1) % 8]} and {COMPASS[(h + 1) % 8]} instead.",
            i,
        )
    cost = TURN_COST * turn_points(h, s.heading)
    room = allowance(s, h, state)
    if cost > room:
        return _v(
            "AOS-TURN",
            f"Turning {turn_points(h, s.heading)} point(s) costs {cost} cm, "
            f"but {s.name} may move only {room} cm on {COMPASS[h]}.",
            i,
        )
    return None


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
                out.append(Fire(i, j, "hull"))
                out.append(Fire(i, j, "sails"))
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
                    out.append(Board(i, j))
        if not all(s.masts):
            out.append(Repair(i))
    out.append(End())
    return out


def legal_actions(state: State) -> list[Action]:
    if state.phase == OVER or state.queue:
        return []
    if state.phase == MOVE:
        return _move_actions(state)
    if state.phase == COMBAT:
        return _combat_actions(state)
    return []


# --- applying -------------------------------------------------------------------------------------
def apply(state: State, action: Action) -> State:
    """The state after a legal action (the caller has checked it with :func:`violation`)."""
    ships = state.ships
    ply = state.ply + 1
    if isinstance(action, End):
        if state.phase == MOVE:
            return replace(state, phase=COMBAT, ply=ply, last=())
        return check_end(end_turn(replace(state, ply=ply, last=())))
    i = action.ship
    s = ships[i]
    if isinstance(action, Turn):
        cost = TURN_COST * turn_points(action.heading, s.heading)
        left = allowance(s, action.heading, state) - cost
        delta = (action.heading - s.heading + 4) % 8 - 4
        ships = put(ships, i, replace(s, heading=action.heading))
        moves = state.line_moves
        if s.squadron >= 0 and line_rule(state, i)[0] == "free":
            moves = (*moves, (s.squadron, i, delta, -1))
        return replace(
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
        ships = put(ships, i, replace(s, x=x, y=y, ordered=True))
        return replace(
            state, ships=ships, helm=None, line_moves=moves, queue=queue, ply=ply, last=(i,)
        )
    if isinstance(action, Order):
        queue = state.queue
        if action.what == "drift":
            vx, vy = VECTORS[(state.wind_from + 4) % 8]
            x, y = round(s.x + vx, 3), round(s.y + vy, 3)
            if not (0 <= x <= TABLE_W and 0 <= y <= TABLE_H) or _blocked(state, i, x, y) >= 0:
                x, y = s.x, s.y
            elif _in_shoal(state, x, y) and not _in_shoal(state, s.x, s.y):
                queue = (*queue, Roll("shoal", i, x=x, y=y))
            s = replace(s, x=x, y=y)
        elif action.what == "separate":
            queue = (*queue, Roll("separate", i))
        s = replace(
            s,
            ordered=True,
            anchored=action.what == "anchor" or (s.anchored and action.what != "weigh"),
        )
        return replace(state, ships=put(ships, i, s), queue=queue, ply=ply, last=(i,))
    if isinstance(action, Fire):
        t = ships[action.target]
        side = arc_side(relative_bearing(s.x, s.y, s.heading, t.x, t.y))
        assert side is not None
        need = hit_number(math.hypot(t.x - s.x, t.y - s.y), action.aim) or 6
        fired = (True, s.fired[1]) if side == 0 else (s.fired[0], True)
        ships = put(ships, i, replace(s, fired=fired))
        roll = Roll("volley", i, other=action.target, n=s.decks[side], need=need, aim=action.aim)
        return replace(
            state, ships=ships, queue=(*state.queue, roll), ply=ply, last=(i, action.target)
        )
    if isinstance(action, Board):
        t = ships[action.target]
        ships = put(ships, i, replace(s, engaged=True))
        roll = Roll("board", i, other=action.target, n=sum(s.decks) + sum(t.decks))
        return replace(
            state, ships=ships, queue=(*state.queue, roll), ply=ply, last=(i, action.target)
        )
    if isinstance(action, Repair):
        ships = put(ships, i, replace(s, engaged=True))
        return replace(
            state, ships=ships, queue=(*state.queue, Roll("repair", i)), ply=ply, last=(i,)
        )
    raise ValueError(f"not an Age of Sail action: {action!r}")


# --- refusals -------------------------------------------------------------------------------------
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
    if isinstance(action, End):
        s = state.ships[state.helm.ship] if state.helm else None
        name = s.name if s else "the ship"
        return _v("AOS-ORDERS", f"Finish {name}'s order first: choose how far she sails.")
    i = action.ship
    s = state.ships[i]
    who = state.nations[state.to_move]
    if s.side != state.to_move:
        return _v("AOS-SEQUENCE", f"{s.name} is not yours: it is {who}'s turn.", i)
    if not s.afloat:
        return _v("AOS-SHIP", f"{s.name} is no longer afloat.", i)
    moving = isinstance(action, Turn | Sail | Order)
    if moving and state.phase != MOVE:
        return _v(seq, "Movement is over: now fire, board or repair, then end the turn.", i)
    if not moving and state.phase != COMBAT:
        return _v(
            "AOS-TIMING",
            "Broadsides, boarding and repairs come after movement: "
            "finish moving (end the movement phase) first.",
            i,
        )
    if isinstance(action, Turn | Sail | Order):
        return _explain_move(state, action)
    return _explain_combat(state, action)


def _explain_move(state: State, action: Turn | Sail | Order) -> Violation:
    i = action.ship
    s = state.ships[i]
    if state.helm is not None and (state.helm.ship != i or not isinstance(action, Sail)):
        h = state.ships[state.helm.ship]
        return _v(
            "AOS-ORDERS",
            f"Finish {h.name}'s order first: choose how far she sails.",
            state.helm.ship,
        )
    if s.ordered:
        return _v("AOS-ORDERS", f"{s.name} has had her movement order this turn.", i)
    if s.aground:
        return _v("AOS-SHOAL", f"{s.name} is aground: she refloats only on a 6.", i)
    if isinstance(action, Order) and action.what not in ORDERS:
        return Violation("match.not_an_action", f"No such order {action.what!r}.")
    if s.entangled >= 0 and not (isinstance(action, Order) and action.what == "separate"):
        return _v(
            "AOS-SEPARATE",
            f"{s.name} is locked with {state.ships[s.entangled].name}: cut loose on a 6 first.",
            i,
            s.entangled,
        )
    if isinstance(action, Order) and action.what == "separate":
        return _v("AOS-SEPARATE", f"{s.name} is not locked with another ship.", i)
    if s.anchored and not (isinstance(action, Order) and action.what == "weigh"):
        return _v("AOS-ANCHOR", f"{s.name} is at anchor: weighing takes a whole move.", i)
    if isinstance(action, Order) and action.what == "weigh":
        return _v("AOS-ANCHOR", f"{s.name} is not at anchor.", i)
    if isinstance(action, Order) and action.what == "drift":
        return _v("AOS-DRIFT", f"{s.name} still has masts: she sails, she does not drift.", i)
    if s.units == 0 and isinstance(action, Turn | Sail):
        return _v(
            "AOS-DRIFT", f"{s.name} has no masts: she can only drift 1 cm downwind (or anchor).", i
        )
    if isinstance(action, Turn):
        if not _is_index(action.heading, 8):
            return Violation("match.not_an_action", f"No heading {action.heading!r}.")
        return _turn_problem(state, i, action.heading) or _v("AOS-ORDERS", "Not now.", i)
    if isinstance(action, Sail):
        if state.helm is None:
            return _v(
                "AOS-ORDERS", f"Choose {s.name}'s heading first (turning costs 2 cm a point).", i
            )
        cm = action.cm
        if isinstance(cm, bool) or not isinstance(cm, int) or cm < 0:
            return Violation("match.not_an_action", f"{cm!r} is not a whole number of cm.")
        mode, _, dist = line_rule(state, i)
        if mode == "follow" and cm > dist:
            return _v(
                "AOS-LINE",
                f"{s.name} follows her leader, who sailed {dist} cm: she may not sail further.",
                i,
            )
        if cm > state.helm.left:
            return _v(
                "AOS-MOVE",
                f"{s.name} may sail only {state.helm.left} cm more on "
                f"{COMPASS[s.heading]} (mast units x wind, less turning).",
                i,
            )
        return sail_problem(state, i, cm) or _v("AOS-ORDERS", "Not now.", i)
    return _v("AOS-ORDERS", "Not now.", i)


def _explain_combat(state: State, action: Fire | Board | Repair) -> Violation:
    i = action.ship
    s = state.ships[i]
    if s.engaged:
        return _v("AOS-REPAIR", f"{s.name}'s crew is busy (boarding or repairing) this turn.", i)
    if isinstance(action, Repair):
        if any(s.fired):
            return _v("AOS-REPAIR", f"{s.name} has fired: a crew at the guns cannot repair.", i)
        return _v("AOS-REPAIR", f"{s.name} has all her masts.", i)
    t_i = action.target
    if not _is_index(t_i, len(state.ships)):
        return Violation("match.not_an_action", f"There is no ship {t_i!r}.")
    t = state.ships[t_i]
    if t.side == s.side or not t.afloat:
        return _v("AOS-ARCS", f"{t.name} is not an enemy ship afloat.", i, t_i)
    r = math.hypot(t.x - s.x, t.y - s.y)
    if isinstance(action, Board):
        if any(s.fired):
            return _v("AOS-BOARD", f"{s.name} has fired this turn: she cannot also board.", i)
        if r > state.config.contact_cm:
            return _v(
                "AOS-CONTACT",
                f"{t.name} is {r:.1f} cm away: ships board only when "
                f"touching ({state.config.contact_cm} cm).",
                i,
                t_i,
            )
        if s.entangled >= 0 or t.entangled >= 0:
            return _v(
                "AOS-BOARD",
                "A ship already locked with another cannot board or be boarded.",
                i,
                t_i,
            )
        return _v("AOS-BOARD", f"{s.name} has no gun decks left to man a boarding party.", i)
    if action.aim not in ("hull", "sails"):
        return Violation("match.not_an_action", f"Aim at 'hull' or 'sails', not {action.aim!r}.")
    if r > 12:
        return _v("AOS-RANGE", f"{t.name} is {r:.1f} cm away: out of range (12 cm).", i, t_i)
    side = arc_side(relative_bearing(s.x, s.y, s.heading, t.x, t.y))
    if side is None:
        return _v(
            "AOS-ARC-ENDS",
            f"{t.name} is off {s.name}'s bow or stern: no broadside bears there.",
            i,
            t_i,
        )
    name = ("port", "starboard")[side]
    if s.fired[side]:
        return _v("AOS-FIRE-ONCE", f"{s.name}'s {name} decks have fired this round.", i)
    return _v("AOS-HULL-HIT", f"{s.name} has no {name} gun decks left.", i)
