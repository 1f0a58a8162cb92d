"""The "commander" bot for either side: simple heuristics over the seat's observation only.

The German commander hunts dense merchant lanes and unguarded stations and avoids strong
Allied groups; the Allied commander escorts convoys, guards stations, keeps ships moving
where the merchants are, and always searches (so no cowardice points).
"""

from __future__ import annotations

from typing import Any

from navalkit.core.bots import BotView

from .actions import FIGHT, RUN, Deploy, Order, Search, Simple
from .data import ADJ, AREAS, SHIPS, STATIONS, half_damaged
from .observe import View
from .state import CONVOY, MOVED, STATION, State


def _allied(state: State, area: int, box: int | None = None) -> list[int]:
    return [
        s.id
        for s in SHIPS
        if s.side == 1 and state.loc[s.id] == area and (box is None or state.box[s.id] == box)
    ]


def _power(state: State, ships: list[int] | tuple[int, ...]) -> float:
    return sum(
        SHIPS[s].cls.capacity - state.damage[s] + 2 * SHIPS[s].cls.drm for s in ships if s >= 0
    )


def _order_score(state: State, o: Order) -> float:
    to = o.to
    if o.kind in ("home", "intern"):
        hurt = all(half_damaged(state.damage[g], SHIPS[g].cls.capacity) for g in o.ships)
        return 2.0 if hurt and o.kind == "home" else -6.0
    if o.kind == "hold":
        return -1.5
    if o.kind in ("river", "leave"):
        return -0.5
    hunters = len(_allied(state, to, MOVED)) + 0.5 * len(_allied(state, to))
    free = AREAS[to].density - len(_allied(state, to, CONVOY)) if to < len(AREAS) else 0
    score = free - 1.2 * hunters
    if o.kind == "raid":
        guards = _allied(state, to, STATION)
        score += 2.0 * STATIONS[o.target].vp - 3.0 * len(guards)
    elif o.kind == "surprise":
        score += 3.0 if _power(state, o.ships) > _power(state, (o.target,)) else -4.0
    elif o.kind == "convoy":
        score += 1.0 if len(o.ships) > 1 else -1.0
    return score + 0.1 * len(o.ships)


def _deploy_score(state: State, d: Deploy, covered: set[int], seen: set[int]) -> float:
    """Cover dense areas not yet covered by a moved ship, near the raiders last seen."""
    to = d.to
    density = AREAS[to].density
    if d.box == "convoy":
        return (1.2 if state.config.captures == "all" else 0.3) * density
    if d.box == "station":
        guarded = any(state.box[s] == STATION and state.loc[s] == to for s in range(len(SHIPS)))
        open_vp = sum(
            st.vp for i, st in enumerate(STATIONS) if st.area == to and i not in state.raided
        )
        return 0.0 if guarded else 1.5 * open_vp - 0.5
    if d.box == "watch":
        return 1.0
    score = density * (0.3 if to in covered else 1.0)
    score += 2.5 if to in seen else 0.0
    if len(d.ships) > 1:
        score += 0.8 * min(len(d.ships), 4)
    return score - (3.0 if to == 0 else 0.0)


class CommanderBot:
    """Heuristic commander for either seat; reads only its observation."""

    name = "commander"

    def choose(self, view: BotView) -> Any:
        legal = view.legal_actions
        obs: View = view.observation
        state = obs.state
        rng = view.rng
        first = legal[0]
        if isinstance(first, Simple) and first.word in ("run", "fight"):
            b = state.battle
            if b is None:
                return FIGHT
            me = view.player
            mine, theirs = _power(state, b.sides[me]), _power(state, b.sides[1 - me])
            return RUN if mine < theirs * (1.2 if me == 0 else 0.8) else FIGHT
        searches = [a for a in legal if isinstance(a, Search) and a.who == "all"]
        if searches:
            return searches[0]
        if isinstance(legal[-1], Simple) and legal[-1].word == "end_search":
            return legal[-1]
        covered = {state.loc[s.id] for s in SHIPS if s.side == 1 and state.box[s.id] == MOVED}
        seen = {
            n
            for s in SHIPS
            if s.side == 0 and state.loc[s.id] >= 0
            for n in (state.loc[s.id], *ADJ[state.loc[s.id]])
        }
        scored: list[tuple[float, int]] = []
        for i, a in enumerate(legal):
            if isinstance(a, Order):
                s = _order_score(state, a)
            elif isinstance(a, Deploy):
                s = _deploy_score(state, a, covered, seen)
            else:
                s = 0.0
            scored.append((s + rng.random() * 0.5, i))
        return legal[max(scored)[1]]
