"""The "commander" bot for either side: heuristics over the seat's observation only.

The German commander goes where free merchants are and searchers are not, attacks weak
convoys, surprises lone ships it can beat, runs from stronger forces and takes a badly
damaged ship out of harm's way. The Allied commander (bots_allied.py) escorts the busy
convoy lanes, guards the rich stations, hunts with squadrons where raiders were seen or are
likely to go, and always searches (so no cowardice points). Neither reads the true state:
the Allied commander sees only what :func:`~.observe.observe` shows it.
"""

from __future__ import annotations

from typing import Any

from navalkit.core.bots import BotView

from .actions import FIGHT, RUN, Order, Search, Simple
from .bots_allied import allied_choice, power
from .combat import group_speed
from .data import ADJ, ALLIED, AREAS, SHIPS, STATIONS, half_damaged
from .observe import View
from .search import search_chance
from .state import CONVOY, MOVED, STATION, State


def _hurt(state: State, ships: tuple[int, ...]) -> bool:
    return any(half_damaged(state.damage[g], SHIPS[g].cls.capacity) for g in ships)


class _Sea:
    """Where the Allied ships are, counted once per German decision."""

    __slots__ = ("escorts", "guards", "moved", "near", "strength")

    def __init__(self, state: State) -> None:
        n = len(AREAS)
        self.moved = [0] * n
        self.escorts = [0] * n
        self.guards = [0] * n
        self.strength = [0.0] * n
        for s in ALLIED:
            a, b = state.loc[s], state.box[s]
            if not 0 <= a < n:
                continue
            self.strength[a] += power(state, (s,))
            if b == MOVED:
                self.moved[a] += 1
            elif b == CONVOY:
                self.escorts[a] += 1
            elif b == STATION:
                self.guards[a] += 1
        # Allied force that could close in next turn: the area and its neighbours
        self.near = [self.strength[a] + sum(self.strength[m] for m in ADJ[a]) for a in range(n)]


def _order_score(state: State, o: Order, sea: _Sea) -> float:
    """How good a German order looks: merchants or VP in reach against the risk of a search
    and of meeting a stronger force."""
    to, ships = o.to, o.ships
    hurt = _hurt(state, ships)
    mine = power(state, ships)
    if o.kind == "home":
        return 3.0 if hurt else -6.0
    if o.kind == "intern":
        # an AMC that can no longer fight gives up rather than be hunted down
        return 2.5 if hurt and sea.near[to] > mine else -6.0
    if o.kind == "hold":
        return 0.5 if hurt else -1.5
    if o.kind in ("river", "leave"):
        return 0.5 if hurt else -0.5
    if not 0 <= to < len(AREAS):
        return -1.0
    searchers = sea.moved[to]
    # chance to be found, and the cost of a fight against what is in the area
    p_found = search_chance(searchers, len(ships)) if searchers else 0.0
    danger = sea.strength[to] / max(mine, 1.0)
    risk = p_found * (4.0 + 6.0 * danger) * (2.0 if hurt else 1.0)
    free = max(0, AREAS[to].density - sea.escorts[to] - state.taken[to])
    score = free - risk - 0.05 * sea.near[to] / max(mine, 1.0)
    if o.kind == "raid":
        guards = sea.guards[to]
        score += 2.5 * STATIONS[o.target].vp - (8.0 if guards else 0.0) - free
    elif o.kind == "surprise":
        target = power(state, (o.target,))
        score += 2.0 * SHIPS[o.target].cls.vp if mine > 1.3 * target and not hurt else -8.0
    elif o.kind == "convoy":
        grade = group_speed(state, ships)
        mod = -2 if grade >= 4 else (-1 if grade == 3 else 0)
        p = min(1.0, (3 - mod) / 6)
        escort = sea.escorts[to] * 6.0
        score += p * 3.5 * len(ships) - (1 - p) * 8.0 * escort / max(mine, 1.0) - free
        if hurt:
            score -= 4.0
    return score + 0.1 * len(ships)


def german_choice(view: BotView) -> Any:
    """The German commander's pick among the legal actions."""
    legal = view.legal_actions
    state: State = view.observation.state
    sea = _Sea(state)
    scored = [
        (_order_score(state, a, sea) if isinstance(a, Order) else 0.0) + view.rng.random() * 0.3
        for a in legal
    ]
    return legal[max(range(len(legal)), key=scored.__getitem__)]


def run_or_fight(view: BotView) -> Any:
    """Run from a stronger force, fight a weaker one (a hurt German always tries to run)."""
    state: State = view.observation.state
    b = state.battle
    if b is None:
        return FIGHT
    me = view.player
    mine, theirs = power(state, b.sides[me]), power(state, b.sides[1 - me])
    if me == 0:
        if _hurt(state, b.sides[0]) and mine < 2 * theirs:
            return RUN
        return RUN if mine < 1.2 * theirs else FIGHT
    return RUN if mine < 0.6 * theirs else FIGHT


class CommanderBot:
    """Heuristic commander for either seat; reads only its observation."""

    name = "commander"

    def choose(self, view: BotView) -> Any:
        legal = view.legal_actions
        first = legal[0]
        if isinstance(first, Simple) and first.word in ("run", "fight"):
            return run_or_fight(view)
        obs: View = view.observation
        if view.player == 1:
            searches = [a for a in legal if isinstance(a, Search) and a.who == "all"]
            if searches:
                return searches[0]
            if isinstance(legal[-1], Simple) and legal[-1].word == "end_search":
                return legal[-1]
            return allied_choice(view, obs.state)
        return german_choice(view)
