"""The "commander" bot for either side: heuristics over the seat's observation only.

The German commander goes where free merchants are and searchers are not, attacks weak
convoys, surprises lone ships it can beat, runs from stronger forces and takes a badly
damaged ship out of harm's way. The Allied commander escorts the busy convoy lanes, guards
the rich stations, hunts with squadrons where raiders were seen or are likely to go, and
always searches (so no cowardice points). Neither reads the true state: the Allied commander
sees only what :func:`~.observe.observe` shows it.

:func:`evaluate` scores a position for the search bot's rollouts cut short.
"""

from __future__ import annotations

from typing import Any

from navalkit.core.bots import BotView
from navalkit.core.mcts import squash

from . import rules
from .actions import FIGHT, RUN, Deploy, Order, Search, Simple
from .data import ADJ, ALLIED, AREAS, ENGLAND, GERMAN, SHIPS, STATIONS, half_damaged
from .mechanics.combat import group_speed
from .mechanics.search import search_chance
from .observe import View
from .state import AT_SEA, CONVOY, GERMANY, MOVED, OVER, START, STATION, State

__all__ = ["CommanderBot", "allied_choice", "evaluate", "power"]


# --- The Allied commander: escort, guard, hunt, from the Allied observation only.


def _distances() -> tuple[tuple[int, ...], ...]:
    """Moves between any two areas (the Panama link counts, England does not)."""
    n = len(AREAS)
    out = []
    for a in range(n):
        dist = [99] * n
        dist[a], todo = 0, [a]
        for x in todo:
            for m in AREAS[x].adjacent:
                if m != ENGLAND and dist[m] == 99:
                    dist[m] = dist[x] + 1
                    todo.append(m)
        out.append(tuple(dist))
    return tuple(out)


DIST = _distances()


def power(state: State, ships: tuple[int, ...] | list[int]) -> float:
    """A rough fighting value: capacity left plus twice the ship's own modifier."""
    return sum(
        max(0.5, SHIPS[s].cls.capacity - state.damage[s] + 2 * SHIPS[s].cls.drm)
        for s in ships
        if s >= 0
    )


class _Picture:
    """What the Allies know of the seas this segment (observation only)."""

    __slots__ = ("escorts", "free", "guarded", "heat", "moved", "reach", "unseen")

    def __init__(self, state: State) -> None:
        n = len(AREAS)
        self.moved = [0] * n
        self.escorts = [0] * n
        self.guarded = [False] * n
        for s in ALLIED:
            a, b = state.loc[s], state.box[s]
            if 0 <= a < n:
                if b == MOVED:
                    self.moved[a] += 1
                elif b == CONVOY:
                    self.escorts[a] += 1
                elif b == STATION:
                    self.guarded[a] = True
        self.free = [max(0, AREAS[a].density - self.escorts[a]) for a in range(n)]
        # raiders in view (discovered, revealed, found in the river): they and their
        # neighbourhood are where the next blow falls
        self.heat = [0.0] * n
        self.reach = [0.0] * n
        self.unseen = 0
        for g in GERMAN:
            if state.box[g] not in AT_SEA and state.box[g] >= 0:
                continue
            a = state.loc[g]
            if not 0 <= a < n:
                # public knowledge: where the raider started and how far it can have sailed
                self.unseen += 1
                near = [m for m in range(1, n) if DIST[SHIPS[g].start][m] <= state.turn]
                for m in near:
                    self.reach[m] += 1.0 / len(near)
                continue
            self.heat[a] += 3.0
            for m in ADJ[a]:
                self.heat[m] += 1.5


def _duty_value(state: State, pic: _Picture, ship: int) -> float:
    """What a ship on convoy or station gives up by leaving it."""
    a, b = state.loc[ship], state.box[ship]
    if b == CONVOY:
        return 2.0 + (1.0 if pic.escorts[a] <= AREAS[a].density else -2.0)
    if b == STATION:
        return 1.5 * _open_vp(state, a)
    return 0.0


def _open_vp(state: State, area: int) -> int:
    return sum(st.vp for i, st in enumerate(STATIONS) if st.area == area and i not in state.raided)


def _deploy_score(state: State, pic: _Picture, d: Deploy) -> float:
    to, ships = d.to, d.ships
    lead = ships[0]
    if d.box == "convoy":
        # an escort takes one merchant off a raider's list, but invites a convoy attack (each
        # attacker sinks a die's worth, 3.5 on average): it pays only on the busiest lanes
        # and with a ship strong enough to punish the attacker
        return 0.4 * (pic.free[to] - 3) + 0.1 * power(state, ships) - 1.0
    if d.box == "station":
        vp = _open_vp(state, to)
        if pic.guarded[to] or vp < 2:
            return -1.0
        return 1.2 * vp + 0.5 * pic.heat[to] - _duty_value(state, pic, lead)
    if d.box == "watch":
        return 0.2 + pic.heat[to]
    cost = sum(_duty_value(state, pic, s) for s in ships)
    if to == ENGLAND:
        return -3.0 - cost
    before = pic.moved[to]
    after = before + len(ships)
    # a raider goes for free merchants where no searcher waits: the first searcher in a busy
    # area that raiders can reach denies it to them; more searchers raise the odds of a find
    lure = pic.heat[to] + pic.free[to] * (0.3 + pic.reach[to])
    if before:
        gain = search_chance(min(after, 6)) - search_chance(min(before, 6))
        score = 2.0 * gain * lure
    else:
        score = lure * (1.0 + search_chance(min(after, 6)))
    score += 0.05 * min(power(state, ships), 20.0) - cost
    if state.box[lead] == START and state.loc[lead] == ENGLAND:
        score += 0.8  # out of the England box towards the sea lanes
    return score


def allied_choice(view: BotView, state: State) -> Any:
    """The Allied commander's move this segment (deploys or pass)."""
    legal = view.legal_actions
    pic = _Picture(state)
    best, best_score = legal[0], 0.0
    for a in legal:
        if isinstance(a, Deploy):
            score = _deploy_score(state, pic, a) + view.rng.random() * 0.2
            if score > best_score:
                best, best_score = a, score
    return best


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


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, from 0 to 1: the German lead over the Allies less the par
    prorated to the turns played (FS-VICTORY), squashed; for the Allies, one less that (used
    to score search rollouts cut short)."""
    if state.phase == OVER:
        w = rules.winner(state)
        return 0.5 if w is None else float(w == seat)
    g, a = rules.scores(state)
    par = state.config.german_par * (state.turn - 1) / state.config.turns
    german = squash(g - a - par, 30.0)
    return german if seat == GERMANY else 1.0 - german
