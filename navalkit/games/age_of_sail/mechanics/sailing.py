"""The geometry of a ship's order: her allowance, the line of battle, her run across the
table (edge, other ships, shoals) and the turn she may make. Pure; shared by the legal-move
list and the refusals."""

from __future__ import annotations

import math

from navalkit.core.errors import Violation
from navalkit.core.words import plural

from ..data import COMPASS, POINT_WORDS, SHIP_GAP, TABLE_H, TABLE_W, TURN_COST, VECTORS
from ..state import AFLOAT, Ship, State
from .wind import max_move, points_off_wind


def refuse(rule: str, message: str, *ships: int) -> Violation:
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


def can_sail(s: Ship) -> bool:
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
    if not ls.ordered and can_sail(ls):
        return "wait", 0, 0
    return "free", 0, 0


def blocked(state: State, i: int, x: float, y: float) -> int:
    """The ship a position would overlap (-1 if none)."""
    for j, o in enumerate(state.ships):
        if j != i and o.afloat and math.hypot(o.x - x, o.y - y) < SHIP_GAP:
            return j
    return -1


def in_shoal(state: State, x: float, y: float) -> bool:
    return any(math.hypot(x - sx, y - sy) <= r for sx, sy, r in state.shoals)


#: STEPS[h][k - 1] = the offset (east, north) after k cm on heading h
STEPS: tuple[tuple[tuple[float, float], ...], ...] = tuple(
    tuple((vx * k, vy * k) for k in range(1, 65)) for vx, vy in VECTORS
)


def path(ship: Ship, cm: int, heading: int | None = None) -> tuple[tuple[float, float], ...]:
    """The whole-cm points of a straight run of ``cm`` from the ship's position."""
    h = ship.heading if heading is None else heading
    x, y = ship.x, ship.y
    if cm <= 64:
        return tuple((round(x + dx, 3), round(y + dy, 3)) for dx, dy in STEPS[h][:cm])
    vx, vy = VECTORS[h]
    return tuple((round(x + vx * k, 3), round(y + vy * k, 3)) for k in range(1, cm + 1))


def run_end(ship: Ship, cm: int) -> tuple[float, float]:
    """Where a straight run of ``cm`` (at least 1) on her heading ends: ``path(ship, cm)[-1]``
    without the points before it."""
    x, y = ship.x, ship.y
    if cm <= 64:
        dx, dy = STEPS[ship.heading][cm - 1]
        return round(x + dx, 3), round(y + dy, 3)
    vx, vy = VECTORS[ship.heading]
    return round(x + vx * cm, 3), round(y + vy * cm, 3)


def near_shoal(state: State, ship: Ship, cm: int) -> bool:
    """Whether any shoal could touch a run of ``cm`` from the ship (a quick bound)."""
    x, y = ship.x, ship.y
    return any(math.hypot(x - sx, y - sy) <= r + cm + 1 for sx, sy, r in state.shoals)


def shoal_entries(state: State, ship: Ship, points: tuple[tuple[float, float], ...]) -> list[int]:
    """Indices in ``points`` where the run enters a shoal from open water, in order: each is
    a shoal she meets, and a die ('checks if any ships foundered on shoals when first
    encountering them'; a run across two shoals meets two)."""
    if not near_shoal(state, ship, len(points)):
        return []
    out = []
    inside = in_shoal(state, ship.x, ship.y)
    for k, (x, y) in enumerate(points):
        now = in_shoal(state, x, y)
        if now and not inside:
            out.append(k)
        inside = now
    return out


def sail_range(state: State, i: int, top: int) -> list[int]:
    """Every distance 0..``top`` ship ``i`` may sail now: the fast form of
    :func:`sail_problem` for the whole run at once."""
    out = [0]
    if top <= 0:
        return out
    s = state.ships[i]
    others = [(o.x, o.y) for j, o in enumerate(state.ships) if j != i and o.status == AFLOAT]
    hypot = math.hypot
    if _clear_run(state, s, top, others):
        return list(range(top + 1))
    pts = path(s, top)
    stop = top
    for k in shoal_entries(state, s, pts):
        kx, ky = pts[k]
        if any(hypot(ox - kx, oy - ky) < SHIP_GAP for ox, oy in others):
            stop = k  # she could run aground on top of another ship beyond this
            break
    for d in range(1, stop + 1):
        x, y = pts[d - 1]
        inside = 0 <= x <= TABLE_W and 0 <= y <= TABLE_H
        if inside and not any(hypot(ox - x, oy - y) < SHIP_GAP for ox, oy in others):
            out.append(d)
    return out


def _on_table(x: float, y: float) -> bool:
    return 0 <= x <= TABLE_W and 0 <= y <= TABLE_H


def _clear_run(state: State, s: Ship, top: int, others: list[tuple[float, float]]) -> bool:
    """A quick proof that every distance 1..``top`` is open to ship ``s`` (so that the run's
    points need not be worked out one by one): no shoal and no other ship within reach, and
    the first and last points on the table. The points' coordinates only grow (or only
    shrink) along a straight run, so those two on the table put all of them on it."""
    reach = top + SHIP_GAP + 1  # a point is at most top cm (and a rounding) from the start
    x, y = s.x, s.y
    if any(math.hypot(ox - x, oy - y) < reach for ox, oy in others):
        return False
    return (
        not near_shoal(state, s, top) and _on_table(*run_end(s, 1)) and _on_table(*run_end(s, top))
    )


def sail_problem(state: State, i: int, cm: int) -> Violation | None:
    """Why ship ``i`` may not sail ``cm`` ahead now (the table edge, another ship)."""
    if cm == 0:
        return None
    s = state.ships[i]
    pts = path(s, cm)
    x, y = pts[-1]
    if not (0 <= x <= TABLE_W and 0 <= y <= TABLE_H):
        return refuse("AOS-EDGE", f"{s.name} would sail off the table.", i)
    j = blocked(state, i, x, y)
    for k in shoal_entries(state, s, pts) if j < 0 else ():
        j = blocked(state, i, *pts[k])  # where she could run aground
        if j >= 0:
            break
    if j >= 0:
        return refuse(
            "AOS-COLLIDE",
            f"{s.name} would end on top of {state.ships[j].name}: ships "
            f"may not overlap (centres at least {SHIP_GAP:g} cm apart).",
            i,
            j,
        )
    return None


def turn_problem(state: State, i: int, h: int) -> Violation | None:
    s = state.ships[i]
    mode, delta, _ = line_rule(state, i)
    if mode == "wait":
        lead = state.ships[leader(state, s.squadron)]
        return refuse(
            "AOS-LINE", f"{s.name} sails in line: {lead.name}, the leader, moves first.", i
        )
    if mode == "follow":
        want = (s.heading + delta) % 8
        if h != want and not (h == s.heading and turn_points(want, state.wind_from) == 0):
            return refuse(
                "AOS-LINE-COPY",
                f"{s.name} follows her leader, who turned "
                f"{plural(abs(delta), 'point')}: she must steer {COMPASS[want]}.",
                i,
            )
    if h != s.heading and points_off_wind(h, state.wind_from) == 0:
        return refuse(
            "AOS-IRONS",
            f"{COMPASS[h]} is dead into the wind, which comes from the "
            f"{POINT_WORDS[state.wind_from]}: tack on "
            f"the close-hauled headings "
            f"{COMPASS[(h - 1) % 8]} and {COMPASS[(h + 1) % 8]} instead.",
            i,
        )
    cost = TURN_COST * turn_points(h, s.heading)
    room = allowance(s, h, state)
    if cost > room:
        return refuse(
            "AOS-TURN",
            f"Turning {plural(turn_points(h, s.heading), 'point')} costs {cost} cm, "
            f"but {s.name} may move only {room} cm on {COMPASS[h]}.",
            i,
        )
    return None


def reach(state: State, i: int) -> int | None:
    """The most cm ship ``i`` may sail in this move, the one figure her label, the status
    line and the side panel give: once she has her heading (at the helm), her allowance on
    it less the turn (AOS-HELM); before, the best of the headings she may take, each less
    its turn (AOS-TURN); a follower no further than her leader sailed (AOS-LINE-COPY).
    None when she has no run to make: ordered, at anchor, aground, locked, dismasted (she
    drifts) or waiting in line for her leader."""
    s = state.ships[i]
    mode, _, dist = line_rule(state, i)
    if state.helm is not None and state.helm.ship == i:
        room = state.helm.left
    else:
        if s.ordered or not s.afloat or not can_sail(s) or mode == "wait":
            return None
        rooms = [
            allowance(s, h, state) - TURN_COST * turn_points(h, s.heading)
            for h in range(8)
            if turn_problem(state, i, h) is None
        ]
        if not rooms:
            return None
        room = max(rooms)
    return max(0, min(room, dist) if mode == "follow" else room)
