"""Why an action is refused: the first rule it breaks, in plain words, with its clause id."""

from __future__ import annotations

import math

from navalkit.core.errors import Violation

from .actions import ACTION_TYPES, ORDERS, Action, Board, End, Fire, Order, Repair, Sail, Turn
from .calc import arc_side, relative_bearing
from .course import line_rule, refuse, sail_problem, turn_problem
from .data import COMPASS
from .legal import legal_actions
from .state import COMBAT, MOVE, OVER, State


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
    if isinstance(action, Order) and action.what == "separate":
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
                "AOS-LINE",
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
