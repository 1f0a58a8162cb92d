"""The Allied commander: escort, guard, hunt, from the Allied observation only.

Every undiscovered raider is unknown to it (``loc`` reads UNKNOWN): it reasons from the
public map (merchant densities, stations, its own ships), from raiders discovered or revealed
this turn, and from the announced names of the ships that took orders.
"""

from __future__ import annotations

from typing import Any

from navalkit.core.bots import BotView

from .actions import Deploy
from .data import ADJ, ALLIED, AREAS, ENGLAND, GERMAN, SHIPS, STATIONS
from .search import search_chance
from .state import AT_SEA, CONVOY, MOVED, START, STATION, State


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


__all__ = ["allied_choice", "power"]
