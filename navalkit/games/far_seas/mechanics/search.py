"""The Allied search for the German ship or squadron that just moved, and cowardice points.

Rules FS-SEARCH-WHO, FS-SEARCH, FS-SEARCH-ONCE, FS-RED-SEA, FS-RIVER-SEARCH, FS-COWARD.
The Allies choose areas to search without knowing where the German went; a roll is made
for every search, so the record of rolls does not tell where he is.
"""

from __future__ import annotations

from typing import Any

from ..actions import END_SEARCH, Search, Simple
from ..data import FIRST_ALLIED, NATION_BIT, RED_SEA, RIVER, RUFIJI_AREA, SHIPS
from ..state import (
    AT_SEA,
    CHANCE,
    MOVED,
    SEARCH,
    WATCH,
    State,
    Unit,
    evolve,
    evolver,
    ships_in,
)
from .allied_positions import fleet
from .combat import start_battle
from .sequence import finish_unit


def search_finds(roll: int, extra_searchers: int = 0, extra_targets: int = 0) -> bool:
    """FS-SEARCH: a search succeeds on a modified roll of 1 or less; every searcher and every
    target ship beyond the first lowers the roll by 1."""
    return roll - extra_searchers - extra_targets <= 1


def search_chance(searchers: int, targets: int = 1) -> float:
    """The probability that ``searchers`` ships find a squadron of ``targets`` ships."""
    return sum(search_finds(r, searchers - 1, targets - 1) for r in range(1, 7)) / 6


def searchers(state: State, area: int) -> list[int]:
    """Allied ships that may search ``area`` now: in its Moved box (beside the river for
    data.RIVER) and not yet the finders of a German this turn."""
    found = state.found
    if area == RIVER:
        return [s for s in ships_in(state.box, WATCH, FIRST_ALLIED) if s not in found]
    return [s for s in fleet(state).at[MOVED].get(area, ()) if s not in found]


_memo: list[Any] = [None, None, None, {}]


def _mix(state: State) -> dict[int, int]:
    """Areas with possible searchers -> 1 (British only), 2 (others only) or 3 (both);
    remembered while the Moved and watching ships and the finders stay the same objects."""
    at, found = fleet(state).at, state.found
    moved, watch = at[MOVED], at[WATCH]
    if _memo[0] is moved and _memo[1] is watch and _memo[2] is found:
        return _memo[3]  # type: ignore[no-any-return]
    mix: dict[int, int] = {}
    for a, ships in (*moved.items(), *((RIVER, ships) for ships in watch.values())):
        bits = mix.get(a, 0)
        for s in ships:
            if s not in found:
                bits |= NATION_BIT[s]
        if bits:
            mix[a] = bits
    _memo[:] = [moved, watch, found, mix]
    return mix


def search_areas(state: State) -> list[int]:
    """Areas the Allies may still search for the current German order."""
    done = state.unit.searched if state.unit else frozenset()
    return sorted(a for a in _mix(state) if a not in done)


def may_search(state: State) -> bool:
    """Is there an area the Allies may still search for the current German order?"""
    done = state.unit.searched if state.unit else frozenset()
    return any(a not in done for a in _mix(state))


def search_actions(state: State) -> list[Search | Simple]:
    """Search each searchable area (with everyone, or with the non-British only), or stop."""
    done = state.unit.searched if state.unit else frozenset()
    mix = _mix(state)
    out: list[Search | Simple] = []
    for a in sorted(mix):
        if a in done:
            continue
        out.append(_SEARCH_ALL[a])
        if mix[a] == 3:
            out.append(_SEARCH_FOREIGN[a])
    out.append(END_SEARCH)
    return out


#: the copiers of the search's hot steps (see state.evolver)
_phase = evolver(State, "phase")
_searched = evolver(Unit, "searched")
_to_roll = evolver(State, "unit", "search_at", "search_who", "phase", "roll")
_to_search = evolver(State, "gvp", "coward_areas", "search_at", "search_who", "roll", "phase")

_SEARCH_ALL = tuple(Search(a, "all") for a in range(RIVER + 1))
_SEARCH_FOREIGN = tuple(Search(a, "non-British") for a in range(RIVER + 1))


def enter_search(state: State) -> State:
    """After a German move: the Allies search if any of their ships may."""
    if may_search(state):
        return _phase(state, phase=SEARCH)
    return end_search(state)


def _group(state: State, area: int, who: str) -> list[int]:
    group = searchers(state, area)
    if who == "non-British":
        group = [s for s in group if not SHIPS[s].british]
    return group


def apply_search(state: State, action: Search) -> State:
    unit = state.unit
    assert unit is not None
    unit = _searched(unit, searched=unit.searched | {action.area})
    if action.area == RED_SEA:  # FS-RED-SEA: no roll, found if there
        state = evolve(state, unit=unit, search_at=action.area, search_who=action.who)
        return resolve_search(state, None)
    return _to_roll(
        state, unit=unit, search_at=action.area, search_who=action.who, phase=CHANCE, roll="search"
    )


def resolve_search(state: State, roll: int | None) -> State:
    """The search die (None: automatic in the Red Sea)."""
    unit = state.unit
    assert unit is not None
    area, who = state.search_at, state.search_who
    targets = [g for g in unit.ships if state.box[g] in AT_SEA] if unit.area == area else []
    if not targets:  # not there: the die was rolled all the same
        return _missed(state, state.gvp, state.coward_areas)
    group = _group(state, area, who)
    gvp = state.gvp
    cowards = state.coward_areas
    if who == "non-British" and area not in cowards:  # FS-COWARD
        idle = [s for s in searchers(state, area) if SHIPS[s].british]
        gvp = (gvp[0], gvp[1], gvp[2], gvp[3] + sum(SHIPS[s].cls.vp for s in idle))
        cowards = cowards | {area}
    if roll is not None and not search_finds(roll, len(group) - 1, len(targets) - 1):
        return _missed(state, gvp, cowards)
    found = state.found | set(group)
    if area == RIVER:  # FS-RIVER-STAY: no attack in the river, but he must stay
        state = evolve(
            state,
            gvp=gvp,
            coward_areas=cowards,
            search_at=-1,
            search_who="",
            roll="",
            found=found,
            river_found=state.river_found | set(targets),
            discovered=state.discovered | set(targets),
        )
        return finish_unit(state)
    state = evolve(
        state, gvp=gvp, coward_areas=cowards, search_at=-1, search_who="", roll="", found=found
    )
    return start_battle(state, tuple(targets), tuple(group), "search")


def _missed(state: State, gvp: tuple[int, int, int, int], cowards: frozenset[int]) -> State:
    """A search that found nothing: search again, or stop when no area is left."""
    more = may_search(state)
    state = _to_search(
        state, gvp=gvp, coward_areas=cowards, search_at=-1, search_who="", roll="", phase=SEARCH
    )
    return state if more else end_search(state)


def end_search(state: State) -> State:
    """The Allies stop searching: cowardice for an unsought squadron (FS-COWARD)."""
    unit = state.unit
    assert unit is not None
    area = unit.area
    ships = [g for g in unit.ships if state.box[g] in AT_SEA]
    if area not in unit.searched and area not in state.coward_areas and len(ships) >= 2:
        group = searchers(state, area)
        british = sum(1 for s in group if SHIPS[s].british)
        if group and 2 * british >= len(group) and len(group) >= len(ships) - 1:
            gvp = list(state.gvp)
            gvp[3] += sum(SHIPS[s].cls.vp for s in group)
            state = evolve(
                state,
                gvp=(gvp[0], gvp[1], gvp[2], gvp[3]),
                coward_areas=state.coward_areas | {area},
            )
    return finish_unit(state)


__all__ = ["RUFIJI_AREA", "search_chance", "search_finds"]
