"""A heuristic captain for Nautic Miles: it sees only its seat's view and the legal plays.

It brings home convoys near port, defends what is attacked, attacks the leading side, and
throws away what it cannot use. Ties are broken by the seeded per-ply random source.
"""

from __future__ import annotations

from typing import Any

from navalkit.core.bots import BotView

from .actions import Action, Discard, Place, Play
from .data import (
    ALERT,
    ARRIVAL,
    CONVOYS,
    DISTANCE,
    END_ALERT,
    FINE_SEA,
    MILES,
    MINE,
    NEUTRAL,
    PLANE,
    PLANE_HIT,
    RADAR,
    STORM,
    STRENGTH,
    SWEEPER,
    TONNAGE,
)
from .observe import View

ATTACK = {MINE: 50.0, ALERT: 35.0, RADAR: 20.0, STORM: 12.0}
DEFEND = {SWEEPER: 90.0, PLANE_HIT: 85.0, END_ALERT: 60.0, FINE_SEA: 30.0, NEUTRAL: 40.0}


def value(view: View, action: Action) -> float:
    """How much the captain likes ``action`` (higher is better)."""
    me = view.side
    assert me is not None
    if isinstance(action, Discard):
        return -5.0 - (10.0 if action.kind in MILES else 0.0)
    if isinstance(action, Place):
        at_sea = len(view.rows[me])
        return (30.0 if at_sea < 3 else 5.0) + TONNAGE[action.kind] / 2000 - action.at * 0.1
    assert isinstance(action, Play)
    cv = view.rows[action.row][action.at]
    if action.kind in MILES:
        gain = DISTANCE[action.kind]
        if cv.miles + gain >= ARRIVAL:
            return 100.0 + cv.miles / 100
        danger = 10.0 if cv.mine_by >= 0 or cv.plane_by >= 0 else 0.0
        worth = 0.0 if cv.kind is None else TONNAGE[cv.kind] / 2500
        return 20.0 + gain / 100 + cv.miles / 400 + worth - danger
    if action.row == me:
        if action.kind in STRENGTH:
            return 80.0 - STRENGTH[action.kind]
        bonus = cv.miles / 400
        if action.kind == FINE_SEA:
            return DEFEND[FINE_SEA] + bonus
        return DEFEND.get(action.kind, 10.0) + bonus
    lead = view.totals[action.row] / 20 + cv.miles / 300
    if action.kind == PLANE:
        return (95.0 if cv.plane_by >= 0 else 40.0) + lead
    if action.kind in STRENGTH:
        return 45.0 + lead - STRENGTH[action.kind]
    if action.kind == FINE_SEA:
        return -20.0
    if action.kind in CONVOYS:
        return 0.0
    return ATTACK.get(action.kind, 5.0) + lead


class ConvoyBot:
    """Brings convoys home, defends them, and attacks the leader."""

    name = "captain"

    def choose(self, view: BotView) -> Any:
        obs: View = view.observation
        legal: list[Action] = view.legal_actions
        best = max(value(obs, a) for a in legal)
        top = [a for a in legal if value(obs, a) >= best - 1e-9]
        return view.rng.choice(top)
