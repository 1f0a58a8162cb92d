"""A sensible computer captain: keeps the wind, closes to fire, rakes the stern when it can.

It reads only the observation (the whole table is public) and the legal actions, and scores
each action with a one-step look at the geometry; no dice are thrown.
"""

from __future__ import annotations

import math
from typing import Any

from navalkit.core.bots import BotView

from .actions import Board, End, Fire, Order, Repair, Sail, Turn
from .data import STERN_RAKE_DEG, VECTORS
from .mechanics.combat import hit_number, relative_bearing
from .mechanics.wind import points_off_wind
from .state import Ship, State


def _nearest_enemy(state: State, i: int) -> tuple[float, int]:
    s = state.ships[i]
    best = (math.inf, -1)
    for j, t in enumerate(state.ships):
        if t.afloat and t.side != s.side:
            best = min(best, (math.hypot(t.x - s.x, t.y - s.y), j))
    return best


def station(state: State, s: Ship, x: float, y: float) -> float:
    """How good the spot (x, y) is for ship ``s`` on her heading: 5 cm off an enemy with him
    on her beam (where her broadside bears) is best."""
    best = 0.0
    for t in state.ships:
        if t.afloat and t.side != s.side:
            r = math.hypot(t.x - x, t.y - y)
            side_on = abs(abs(relative_bearing(x, y, s.heading, t.x, t.y) - 180.0) - 90.0)
            best = max(best, 30 - abs(r - 5) - (0 if side_on <= 45 else 5))
    return best


def position_value(state: State, me: int) -> float:
    """How ``me`` stands, in damage points: damage dealt less damage taken, and a little for
    each of its ships on a good station (the captain's aim, as a score). Only its own ships'
    stations count: closing in puts the enemy in range too, and would cancel out."""
    lead = state.damage[me] - state.damage[1 - me]
    place = sum(station(state, s, s.x, s.y) for s in state.ships if s.afloat and s.side == me)
    return lead + 0.05 * place


def _score(state: State, action: Any) -> float:
    if isinstance(action, Fire):
        s, t = state.ships[action.ship], state.ships[action.target]
        r = math.hypot(t.x - s.x, t.y - s.y)
        need = hit_number(r, action.aim) or 7
        rel = relative_bearing(t.x, t.y, t.heading, s.x, s.y)
        rake = 2.0 if abs(rel - 180.0) <= STERN_RAKE_DEG else 1.0  # a stern rake doubles it
        value = 1.0 if action.aim == "hull" else 0.8  # masts slow him down, decks win
        return 100 + (7 - need) * rake * value
    if isinstance(action, Board):
        s, t = state.ships[action.ship], state.ships[action.target]
        return 90 + 10 * (sum(s.decks) - sum(t.decks))
    if isinstance(action, Repair):
        return 50
    if isinstance(action, Turn):
        s = state.ships[action.ship]
        _d, j = _nearest_enemy(state, action.ship)
        if j < 0:
            return 10
        t = state.ships[j]
        vx, vy = VECTORS[action.heading]
        # head for a spot abeam of the enemy, 6 cm off, preferring a good point of sail
        aim_x, aim_y = t.x - 6 * VECTORS[t.heading][0], t.y - 6 * VECTORS[t.heading][1]
        dx, dy = aim_x - s.x, aim_y - s.y
        norm = math.hypot(dx, dy) or 1.0
        closing = (vx * dx + vy * dy) / norm
        speed = {1: 0.0, 2: 0.5, 3: 0.5, 4: 0.2}.get(
            points_off_wind(action.heading, state.wind_from), -5
        )
        return 20 + 10 * closing + speed
    if isinstance(action, Sail):
        s = state.ships[action.ship]
        vx, vy = VECTORS[s.heading]
        return station(state, s, s.x + vx * action.cm, s.y + vy * action.cm)
    if isinstance(action, Order):
        return {"separate": 40, "weigh": 30, "drift": 15}.get(action.what, -10)
    if isinstance(action, End):
        return 0
    return -1


class CaptainBot:
    """Greedy captain: the best-scoring legal action (ties broken by the seeded rng)."""

    name = "captain"

    def choose(self, view: BotView) -> Any:
        state: State = view.observation
        scored = [(_score(state, a), view.rng.random(), a) for a in view.legal_actions]
        return max(scored, key=lambda t: (t[0], t[1]))[2]
