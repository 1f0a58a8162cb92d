"""The Allied search for the German ship or squadron that just moved, and cowardice points.

Rules FS-SEARCH-WHO, FS-SEARCH, FS-SEARCH-ONCE, FS-RED-SEA, FS-RIVER-SEARCH, FS-COWARD.
The Allies choose areas to search without knowing where the German went; a roll is made
for every search, so the record of rolls does not tell where he is.
"""

from __future__ import annotations

from itertools import combinations
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
    """Allied ships that may still search ``area`` for the current German order: in its Moved
    box (beside the river for data.RIVER), not yet the finders of a German this turn, and not
    yet searchers for this order (FS-SEARCH-CHOICE: one search per ship or squadron)."""
    found = state.found
    done = state.unit.searched_by if state.unit else frozenset()
    if area == RIVER:
        ships = ships_in(state.box, WATCH, FIRST_ALLIED)
    else:
        ships = list(fleet(state).at[MOVED].get(area, ()))
    return [s for s in ships if s not in found and s not in done]


def units_of(state: State, area: int, ships: list[int] | tuple[int, ...]) -> list[tuple[int, ...]]:
    """``ships`` of ``area`` as the searching units they form: each Allied squadron that moved
    together this turn is one unit, every other ship its own (FS-SEARCH). Beside the river
    all the watchers are one squadron (FS-RIVER-SEARCH)."""
    if not ships:
        return []
    if area == RIVER:
        return [tuple(ships)]
    left = set(ships)
    units: list[tuple[int, ...]] = []
    for squad in state.squads:
        members = tuple(s for s in squad if s in left)
        if members:
            units.append(members)
            left.difference_update(members)
    units += [(s,) for s in left]
    return sorted(units)


def search_units(state: State, area: int) -> list[tuple[int, ...]]:
    """The ships and squadrons that may still search ``area`` for the current order."""
    return units_of(state, area, searchers(state, area))


_memo: list[Any] = [None, None, None, None, {}]


def _mix(state: State) -> dict[int, int]:
    """Areas with possible searchers -> 1 (British only), 2 (others only) or 3 (both);
    remembered while the Moved and watching ships, the finders and this order's searchers
    stay the same objects."""
    at, found = fleet(state).at, state.found
    done = state.unit.searched_by if state.unit else frozenset()
    moved, watch = at[MOVED], at[WATCH]
    if _memo[0] is moved and _memo[1] is watch and _memo[2] is found and _memo[3] is done:
        return _memo[4]  # type: ignore[no-any-return]
    mix: dict[int, int] = {}
    for a, ships in (*moved.items(), *((RIVER, ships) for ships in watch.values())):
        bits = mix.get(a, 0)
        for s in ships:
            if s not in found and s not in done:
                bits |= NATION_BIT[s]
        if bits:
            mix[a] = bits
    _memo[:] = [moved, watch, found, done, mix]
    return mix


def may_search(state: State) -> bool:
    """Is there an area the Allies may still search for the current German order?"""
    return bool(_mix(state))


#: with more ships and squadrons than this in one area, the choices of who searches are: all,
#: the non-British, any one, or all but one (every combination would be too many buttons)
MAX_COMBINATIONS = 5


def _foreign(unit: tuple[int, ...]) -> bool:
    return not any(SHIPS[s].british for s in unit)


def search_choices(state: State, area: int) -> list[Search]:
    """Every choice of searchers for ``area`` (FS-SEARCH-CHOICE): all its ships and
    squadrons, the non-British ones only (FS-COWARD), or any other part of them."""
    units = search_units(state, area)
    if not units:
        return []
    out: list[Search] = [_SEARCH_ALL[area]]
    n = len(units)
    if n == 1:
        return out
    foreign = [u for u in units if _foreign(u)]
    if foreign and len(foreign) < n:
        out.append(_SEARCH_FOREIGN[area])
    if n <= MAX_COMBINATIONS:
        parts: list[tuple[tuple[int, ...], ...]] = [
            c for k in range(1, n) for c in combinations(units, k)
        ]
    else:
        parts = [(u,) for u in units] + [tuple(v for v in units if v != u) for u in units]
    for part in parts:
        if list(part) != foreign:
            out.append(Search(area, "some", tuple(sorted(s for u in part for s in u))))
    return out


def search_actions(state: State) -> list[Search | Simple]:
    """Search each searchable area with a choice of searchers, or stop."""
    out: list[Search | Simple] = []
    for a in sorted(_mix(state)):
        out += search_choices(state, a)
    out.append(END_SEARCH)
    return out


#: the copiers of the search's hot steps (see state.evolver)
_phase = evolver(State, "phase")
_to_roll = evolver(State, "unit", "search_at", "search_ships", "phase", "roll")
_to_search = evolver(State, "gvp", "coward_areas", "search_at", "search_ships", "roll", "phase")

_SEARCH_ALL = tuple(Search(a, "all") for a in range(RIVER + 1))
_SEARCH_FOREIGN = tuple(Search(a, "non-British") for a in range(RIVER + 1))


def enter_search(state: State) -> State:
    """After a German move: the Allies search if any of their ships may."""
    if may_search(state):
        return _phase(state, phase=SEARCH)
    return end_search(state)


def group_of(state: State, action: Search) -> list[int]:
    """The ships that search with ``action`` (a legal search)."""
    if action.who == "some":
        return list(action.ships)
    units = search_units(state, action.area)
    if action.who == "non-British":
        units = [u for u in units if _foreign(u)]
    return sorted(s for u in units for s in u)


def apply_search(state: State, action: Search) -> State:
    unit = state.unit
    assert unit is not None
    group = tuple(group_of(state, action))
    unit = evolve(
        unit, searched=unit.searched | {action.area}, searched_by=unit.searched_by | set(group)
    )
    if action.area == RED_SEA:  # FS-RED-SEA: no roll, found if there
        state = evolve(state, unit=unit, search_at=action.area, search_ships=group)
        return resolve_search(state, None)
    return _to_roll(
        state, unit=unit, search_at=action.area, search_ships=group, phase=CHANCE, roll="search"
    )


def resolve_search(state: State, roll: int | None) -> State:
    """The search die (None: automatic in the Red Sea).

    FS-COWARD: a search by non-British ships only, while British ships there do not search,
    gives the German the VP of the ships that do not search, whether he is there or not (so
    the points tell the Allies nothing). FS-SEARCH: each extra searching ship or squadron and
    each extra ship of the German squadron lowers the roll by 1; beside the river the watchers
    are one squadron but count ship by ship (FS-RIVER-SEARCH). FS-SEARCH-ONCE: when several
    ships or squadrons find the German, one of them, drawn at random, is the finder."""
    unit = state.unit
    assert unit is not None
    area, group = state.search_at, state.search_ships
    gvp, cowards = state.gvp, state.coward_areas
    if area not in cowards and not any(SHIPS[s].british for s in group):
        idle = searchers(state, area)  # the ships there that did not search
        if any(SHIPS[s].british for s in idle):
            gvp = (gvp[0], gvp[1], gvp[2], gvp[3] + sum(SHIPS[s].cls.vp for s in idle))
            cowards = cowards | {area}
    targets = [g for g in unit.ships if state.box[g] in AT_SEA] if unit.area == area else []
    if not targets:  # not there: the die was rolled all the same
        return _missed(state, gvp, cowards)
    units = units_of(state, area, group)
    extra = len(group) - 1 if area == RIVER else len(units) - 1
    if roll is not None and not search_finds(roll, extra, len(targets) - 1):
        return _missed(state, gvp, cowards)
    state = evolve(state, gvp=gvp, coward_areas=cowards)
    if len(units) > 1:  # FS-SEARCH-ONCE: draw the finder
        return evolve(state, phase=CHANCE, roll="finder", dice=tuple(u[0] for u in units))
    return _found(state, units[0], targets)


def finder_roll(state: State, outcome: int) -> State:
    """The finder drawn among the searchers that found the German (FS-SEARCH-ONCE)."""
    unit = state.unit
    assert unit is not None
    units = units_of(state, state.search_at, state.search_ships)
    finder = units[outcome]
    targets = [g for g in unit.ships if state.box[g] in AT_SEA]
    return _found(evolve(state, dice=()), finder, targets)


def _found(state: State, finder: tuple[int, ...], targets: list[int]) -> State:
    """``finder`` has found the German ``targets``: it fights them (or, at the river, he must
    stay), and finds no other German this turn."""
    found = state.found | set(finder)
    if state.search_at == RIVER:  # FS-RIVER-STAY: no attack in the river, but he must stay
        state = evolve(
            state,
            search_at=-1,
            search_ships=(),
            roll="",
            found=found,
            river_found=state.river_found | set(targets),
            discovered=state.discovered | set(targets),
        )
        return finish_unit(state)
    state = evolve(state, search_at=-1, search_ships=(), roll="", found=found)
    return start_battle(state, tuple(targets), finder, "search")


def _missed(state: State, gvp: tuple[int, int, int, int], cowards: frozenset[int]) -> State:
    """A search that found nothing: search again, or stop when no area is left."""
    more = may_search(state)
    state = _to_search(
        state, gvp=gvp, coward_areas=cowards, search_at=-1, search_ships=(), roll="", phase=SEARCH
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
