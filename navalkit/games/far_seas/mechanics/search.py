"""The Allied search for the German ship or squadron that just moved, and cowardice points.

Rules FS-SEARCH-WHO, FS-SEARCH, FS-SEARCH-ONCE, FS-RED-SEA, FS-RIVER-SEARCH, FS-COWARD.
The Allies choose areas to search without knowing where the German went; a roll is made
for every search, so the record of rolls does not tell where he is.

Speed: who may search where, and the legal searches, are worked out as a :class:`Menu`
that the next position's menu starts from (one search changes one area's choices), and the
choices of a set of searchers are memoised (:class:`Choices`): a game asks for them at
half of its steps.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import chain, combinations, filterfalse
from typing import Final

from ..actions import END_SEARCH, Search, Simple
from ..data import BRITISH, RED_SEA, RIVER, RUFIJI_AREA, SHIPS
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
    maker,
)
from .allied_positions import allies_unmoved, fleet, squadron_ships
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
    choices = menu(state).choices.get(area)
    return [] if choices is None else list(choices.everyone)


def units_of(state: State, area: int, ships: list[int] | tuple[int, ...]) -> list[tuple[int, ...]]:
    """``ships`` of ``area`` as the searching units they form: each Allied squadron that moved
    together this turn is one unit, every other ship its own (FS-SEARCH). Beside the river
    all the watchers are one squadron (FS-RIVER-SEARCH)."""
    return list(_choices(area, tuple(ships), state.squads).units)


#: each ship alone, as a unit (one tuple each, made once)
ALONE: Final = tuple((s,) for s in range(len(SHIPS)))


def _units(area: int, ships: tuple[int, ...], squads: Squadrons) -> Units:
    if not ships:
        return ()
    if area == RIVER:
        return (ships,)
    if not squads:  # every ship its own unit (the usual case)
        return tuple(map(ALONE.__getitem__, sorted(ships)))
    left = set(ships)
    units: list[tuple[int, ...]] = []
    for squad in squads:
        if left.isdisjoint(squad):
            continue
        members = tuple(s for s in squad if s in left)
        if members:
            units.append(members)
            left.difference_update(members)
    units += [(s,) for s in left]
    return tuple(sorted(units))


def search_units(state: State, area: int) -> list[tuple[int, ...]]:
    """The ships and squadrons that may still search ``area`` for the current order."""
    return units_of(state, area, searchers(state, area))


def may_search(state: State) -> bool:
    """Is there an area the Allies may still search for the current German order?"""
    return bool(menu(state).choices)


#: with more ships and squadrons than this in one area, the choices of who searches are: all,
#: the non-British, any one, or all but one (every combination would be too many buttons)
MAX_COMBINATIONS: Final = 5


def _foreign(unit: tuple[int, ...]) -> bool:
    return BRITISH.isdisjoint(unit)


def search_choices(state: State, area: int) -> list[Search]:
    """Every choice of searchers for ``area`` (FS-SEARCH-CHOICE): all its ships and
    squadrons, the non-British ones only (FS-COWARD), or any other part of them."""
    choices = menu(state).choices.get(area)
    return [] if choices is None else list(choices.actions)


def search_actions(state: State) -> tuple[Search | Simple, ...]:
    """Search each searchable area with a choice of searchers, or stop (the menu's own
    tuple: nothing changes it)."""
    return menu(state).actions


Units = tuple[tuple[int, ...], ...]
Squads = frozenset[tuple[int, ...]]
#: some squadrons of a Squads, in its order
Squadrons = tuple[tuple[int, ...], ...]


_search: Final = maker(Search)  # Search(...), made faster (see state.maker)


class Choices:
    """What a set of searchers in one area may do, worked out once (see _choices): their
    searching ``units``, every ``Search`` they may make (FS-SEARCH-CHOICE), and the ships of
    the "all" and "non-British" searches."""

    __slots__ = ("actions", "everyone", "foreign", "tags", "units")

    def __init__(self, area: int, ships: tuple[int, ...], squads: Squadrons) -> None:
        self.units = units = _units(area, ships, squads)
        self.everyone = everyone = tuple(sorted(ships))  # the units share out the ships
        n = len(units)
        if n == 1:  # the usual case: one ship or squadron, that searches whole or not at all
            self.foreign = everyone if _foreign(units[0]) else ()
            self.actions: tuple[Search, ...] = (_SEARCH_ALL[area],)
            #: the area of each of ``actions`` (a Menu splices them by area, see Menu.areas)
            self.tags: tuple[int, ...] = _AREA[area]
            return
        foreign = tuple(u for u in units if _foreign(u))
        self.foreign = tuple(sorted(chain.from_iterable(foreign)))
        self.actions, self.tags = (), ()
        if not units:
            return
        out: list[Search] = [_SEARCH_ALL[area]]
        if foreign and len(foreign) < n:
            out.append(_SEARCH_FOREIGN[area])
        if n <= MAX_COMBINATIONS:
            parts: list[Units] = [c for k in range(1, n) for c in combinations(units, k)]
        else:
            parts = [(u,) for u in units] + [tuple(v for v in units if v != u) for u in units]
        for part in parts:
            if part != foreign:
                out.append(_search(area, "some", tuple(sorted(chain.from_iterable(part)))))
        self.actions = tuple(out)
        self.tags = (area,) * len(out)


#: Choices by area, searchers and their squadrons (of two ships or more; one ship: _SOLO): a
#: small memo, cleared when it passes _CHOICES_KEPT. A game asks for some 32 and makes some
#: 28 (23 when the memo kept up to 4096, and gave the garbage collector more to walk).
_CHOICES: Final[dict[tuple[int, tuple[int, ...], Squadrons], Choices]] = {}
_CHOICES_KEPT: Final = 256
#: the Choices of one ship, by area * _N_SHIPS + ship (made as first met)
_N_SHIPS: Final = len(SHIPS)
_SOLO: Final[list[Choices | None]] = [None] * ((RIVER + 1) * _N_SHIPS)
_NO_SQUADS: Final[Squads] = frozenset()


def _choices(area: int, ships: tuple[int, ...], squads: Squads) -> Choices:
    if len(ships) == 1:
        # a ship alone is its own unit, whatever the squadrons: the choices of each ship in
        # each area are kept apart, made once (most lookups are of one ship, and the many
        # groups of the memo below would clear them from it every few games)
        k = area * _N_SHIPS + ships[0]
        c = _SOLO[k]
        if c is None:
            c = _SOLO[k] = Choices(area, ships, ())
        return c
    mine: Squadrons = ()
    if squads and area != RIVER and not squadron_ships(squads).isdisjoint(ships):
        # Only the squadrons of ``ships`` count (the others are skipped by _units), in the
        # order ``squads`` gives them: the key then stays the same while other squadrons
        # move, which they do several times a turn.
        mine = tuple(filterfalse(frozenset(ships).isdisjoint, squads))
    c = _CHOICES.get((area, ships, mine))
    if c is None:
        if len(_CHOICES) > _CHOICES_KEPT:
            _CHOICES.clear()
        c = _CHOICES[area, ships, mine] = Choices(area, ships, mine)
    return c


_NOBODY: Final[frozenset[int]] = frozenset()


class Menu:
    """The Allied searches open for the current German order (FS-SEARCH-WHO,
    FS-SEARCH-CHOICE): a cache (see menu).

    It holds the objects it was worked out from (the fleet's Moved and Watch boxes, the
    finders, this order's searchers ``done`` and the squadrons) and is used for a state only
    while that state has those very objects. ``choices`` maps each area (data.RIVER: the
    river watch) where some ships may still search to their Choices (``everyone``: those
    ships, in id order), and ``actions`` is the whole legal list: each area's searches in
    area order, then END_SEARCH (``areas``: the area of each search, to splice an area's
    searches into a copy, see _spliced). ``base`` is the menu before this order's first
    search (no ``done``), or None for that menu itself (a menu naming itself would be a
    reference cycle, left for the garbage collector with the state it last saw): the next
    order's menu starts from it, and works out again only the areas whose Moved ships have
    changed."""

    __slots__ = (
        "actions", "areas", "base", "choices", "done", "found", "moved", "seen", "squads",
        "watch",
    )  # fmt: skip

    moved: dict[int, tuple[int, ...]]
    watch: dict[int, tuple[int, ...]]
    found: frozenset[int]
    done: frozenset[int]
    squads: Squads
    choices: dict[int, Choices]
    actions: tuple[Search | Simple, ...]
    areas: tuple[int, ...]
    base: Menu | None
    #: the last state this menu was found to be the menu of (menu() then answers that state
    #: at once: a search step asks for its menu three or four times)
    seen: State | None

    def _fill(self, choices: dict[int, Choices]) -> Menu:
        self.choices = choices
        actions: list[Search | Simple] = []
        areas: list[int] = []
        for area in sorted(choices):
            c = choices[area]
            actions += c.actions
            areas += c.tags
        actions.append(END_SEARCH)
        self.actions, self.areas = tuple(actions), tuple(areas)
        return self

    def _spliced(
        self, choices: dict[int, Choices], source: Menu, area: int, now: Choices | None
    ) -> Menu:
        """Give this menu ``choices``: those of ``source`` with ``now`` (None: none) in
        ``area`` instead. Its searches are spliced into a copy of ``source``'s list (found
        by area in C) rather than listed afresh: every search, and most German moves,
        change one area alone."""
        self.choices = choices
        actions, areas = source.actions, source.areas
        i = bisect_left(areas, area)
        was = source.choices.get(area)
        j = i if was is None else i + len(was.tags)
        if now is None:
            self.actions, self.areas = actions[:i] + actions[j:], areas[:i] + areas[j:]
        else:
            self.actions = actions[:i] + now.actions + actions[j:]
            self.areas = areas[:i] + now.tags + areas[j:]
        return self

    def _twin(self, done: frozenset[int]) -> Menu:
        """A menu of the same boxes, finders and squadrons, for the searchers ``done``."""
        new = Menu.__new__(Menu)
        new.moved, new.watch, new.found = self.moved, self.watch, self.found
        new.squads, new.base, new.done = self.squads, self.base or self, done
        new.seen = None
        return new

    def searched(self, area: int, group: tuple[int, ...], done: frozenset[int]) -> Menu:
        """This menu once ``group`` has searched ``area`` (``done``: this order's searchers
        now): only that area's choices change."""
        choices = self.choices.copy()
        was = choices.pop(area, None)
        now = None
        if was is not None and group != was.everyone:
            left = tuple(s for s in was.everyone if s not in group)
            if left:
                now = choices[area] = _choices(area, left, self.squads)
        return self._twin(done)._spliced(choices, self, area, now)

    def without(self, done: frozenset[int]) -> Menu:
        """This menu once the ships ``done`` have searched (wherever they are)."""
        choices: dict[int, Choices] = {}
        for a, was in self.choices.items():
            left = _without(was.everyone, done)
            if left:
                choices[a] = _choices(a, left, self.squads)
        return self._twin(done)._fill(choices)


def _base(state: State, old: Menu | None) -> Menu:
    """The menu of ``state`` before any search for its German order, from ``old`` (a menu of
    an earlier position, or None): an area keeps its choices if its Moved ships are the same
    tuple as in ``old`` (a Fleet makes a new one for an area whose ships change) and none of
    them has been a finder or joined or left a squadron since."""
    f = fleet(state)
    at, found, squads = f.at, state.found, state.squads
    moved, watch = at[MOVED], at[WATCH]
    if old is None:
        old, dirty = _EMPTY, _NOBODY
    else:
        dirty = _NOBODY
        if old.squads is not squads or old.found is not found:
            dirty = (old.found ^ found).union(*(old.squads ^ squads))
        if old.found is found and old.watch is watch:
            if old.moved is moved and old.squads is squads:
                return old
            grown = f.grown
            if (
                grown is not None
                and grown[0] is old.moved
                and (not dirty or dirty.issubset(moved[grown[1]]))
            ):
                # the usual case, an Allied move since into a Moved box (of a ship, or of a
                # squadron, whose ships alone are ``dirty``): only that area's searches
                # change (what the loop below finds, without going over the others)
                choices = old.choices.copy()
                a = grown[1]
                left = _without(moved[a], found)
                now = None
                if left:
                    now = choices[a] = _choices(a, left, squads)
                else:
                    choices.pop(a, None)
                return _based(moved, watch, found, squads)._spliced(choices, old, a, now)
    choices = {}
    before, had = old.moved, old.choices
    for a, ships in moved.items():
        if before.get(a) is ships and dirty.isdisjoint(ships):
            if a in had:
                choices[a] = had[a]
            continue
        left = _without(ships, found)
        if left:
            choices[a] = _choices(a, left, squads)
    if old.watch is not watch or (dirty and not dirty.isdisjoint(_watchers(watch))):
        left = _without(_watchers(watch), found)
        if left:
            choices[RIVER] = _choices(RIVER, left, squads)
    elif RIVER in had:
        choices[RIVER] = had[RIVER]
    return _based(moved, watch, found, squads)._fill(choices)


def _based(
    moved: dict[int, tuple[int, ...]],
    watch: dict[int, tuple[int, ...]],
    found: frozenset[int],
    squads: Squads,
) -> Menu:
    """The base menu (see Menu) of these boxes, finders and squadrons, its choices still to
    fill."""
    new = Menu.__new__(Menu)
    new.moved, new.watch, new.found, new.squads, new.done = moved, watch, found, squads, _NOBODY
    new.base, new.seen = None, None
    return new


def _watchers(watch: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    """The ships watching the river (FS-RIVER-SEARCH), in id order."""
    return tuple(sorted(s for ships in watch.values() for s in ships))


def _without(ships: tuple[int, ...], gone: frozenset[int]) -> tuple[int, ...]:
    """``ships`` less those of ``gone``, in the same order (the same tuple if none is)."""
    if gone.isdisjoint(ships):
        return ships
    return tuple(s for s in ships if s not in gone)


_EMPTY: Final = Menu.__new__(Menu)
_EMPTY.moved, _EMPTY.watch, _EMPTY.found, _EMPTY.squads, _EMPTY.done = (
    {},
    {},
    _NOBODY,
    _NO_SQUADS,
    _NOBODY,
)
_EMPTY.base, _EMPTY.seen = None, None
_EMPTY._fill({})

#: the last menu worked out (a one-entry memo: the Match, a playout or a bot asks about one
#: line of play at a time, and the next position's menu is mostly this one's)
_last: Final[list[Menu | None]] = [None]


def menu(state: State) -> Menu:
    """The search menu of ``state``: the last one worked out if it is this state's too (the
    same objects), else worked out now, from it where they share areas."""
    m = _last[0]
    if m is not None and m.seen is state:
        return m
    unit = state.unit
    # no searcher yet is always _NOBODY (a new order's Unit has an empty frozenset of its
    # own), so that the menu of an order's first search is its base, not a copy of it
    done = unit.searched_by if unit is not None and unit.searched_by else _NOBODY
    if m is not None and m.done is done and m.found is state.found and m.squads is state.squads:
        at = fleet(state).at
        if m.moved is at[MOVED] and m.watch is at[WATCH]:
            m.seen = state
            return m
    m = _base(state, (m.base or m) if m is not None else None)
    if done:
        m = m.without(done)
    m.seen = state
    _last[0] = m
    return m


#: the copiers of the search's hot steps (see state.evolver)
_searched: Final = evolver(Unit, "searched", "searched_by")
_to_roll: Final = evolver(State, "unit", "search_at", "search_ships", "phase", "roll")
_to_search: Final = evolver(
    State, "gvp", "coward_areas", "search_at", "search_ships", "roll", "phase"
)
_to_draw: Final = evolver(State, "gvp", "coward_areas", "phase", "roll", "dice")

_SEARCH_ALL: Final = tuple(Search(a, "all") for a in range(RIVER + 1))
#: each area alone, as the areas of one search (see Choices.tags)
_AREA: Final = tuple((a,) for a in range(RIVER + 1))
_SEARCH_FOREIGN: Final = tuple(Search(a, "non-British") for a in range(RIVER + 1))


def enter_search(before: State, after: State) -> State:
    """After a German move: ``after`` is ``before`` once the German ships moved (no Allied
    counter has), in the search phase; the Allies search if any of their ships may."""
    state = allies_unmoved(before, after)
    return state if menu(state).choices else end_search(state)


def group_of(state: State, action: Search) -> list[int]:
    """The ships that search with ``action`` (a legal search)."""
    return list(_group(menu(state), action))


def _group(m: Menu, action: Search) -> tuple[int, ...]:
    if action.who == "some":
        return action.ships
    choices = m.choices.get(action.area)
    if choices is None:
        return ()
    return choices.foreign if action.who == "non-British" else choices.everyone


def apply_search(state: State, action: Search) -> State:
    unit = state.unit
    assert unit is not None
    area = action.area
    m = menu(state)
    group = _group(m, action)
    unit = _searched(
        unit, searched=unit.searched | {area}, searched_by=unit.searched_by | set(group)
    )
    if area == RED_SEA:  # FS-RED-SEA: no roll, found if there
        state = evolve(state, unit=unit, search_at=area, search_ships=group)
        _last[0] = m.searched(area, group, unit.searched_by)
        return resolve_search(state, None)
    after = _to_roll(
        state, unit=unit, search_at=area, search_ships=group, phase=CHANCE, roll="search"
    )
    m = _last[0] = m.searched(area, group, unit.searched_by)
    m.seen = after  # the same Allied counters, finders and squadrons: its menu
    return after


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
    if area not in cowards and BRITISH.isdisjoint(group):
        there = menu(state).choices.get(area)
        idle = () if there is None else there.everyone  # the ships there that did not search
        if not BRITISH.isdisjoint(idle):
            gvp = (gvp[0], gvp[1], gvp[2], gvp[3] + sum(SHIPS[s].cls.vp for s in idle))
            cowards = cowards | {area}
    targets = [g for g in unit.ships if state.box[g] in AT_SEA] if unit.area == area else []
    if not targets:  # not there: the die was rolled all the same
        return _missed(state, gvp, cowards)
    units = _choices(area, group, state.squads).units
    extra = len(group) - 1 if area == RIVER else len(units) - 1
    if roll is not None and not search_finds(roll, extra, len(targets) - 1):
        return _missed(state, gvp, cowards)
    if len(units) > 1:  # FS-SEARCH-ONCE: draw the finder
        leaders = tuple(u[0] for u in units)
        return _to_draw(
            state, gvp=gvp, coward_areas=cowards, phase=CHANCE, roll="finder", dice=leaders
        )
    return _found(evolve(state, gvp=gvp, coward_areas=cowards), units[0], targets)


def search_found(state: State, roll: int) -> tuple[int, ...]:
    """The German ships the search die ``roll`` finds at the search under way (the test
    :func:`resolve_search` makes), none when it finds nothing: for the die's words."""
    unit = state.unit
    area, group = state.search_at, state.search_ships
    if unit is None or unit.area != area:
        return ()
    targets = tuple(g for g in unit.ships if state.box[g] in AT_SEA)
    if not targets:
        return ()
    units = _choices(area, group, state.squads).units
    extra = len(group) - 1 if area == RIVER else len(units) - 1
    return targets if search_finds(roll, extra, len(targets) - 1) else ()


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
    m = menu(state)
    state = _to_search(
        state, gvp=gvp, coward_areas=cowards, search_at=-1, search_ships=(), roll="", phase=SEARCH
    )
    if m.choices:
        m.seen = state  # nothing the menu reads has changed
        return state
    return end_search(state)


def end_search(state: State) -> State:
    """The Allies stop searching: cowardice for an unsought squadron (FS-COWARD)."""
    unit = state.unit
    assert unit is not None
    area = unit.area
    if area in unit.searched or area in state.coward_areas or len(unit.ships) < 2:
        return finish_unit(state)
    ships = [g for g in unit.ships if state.box[g] in AT_SEA]
    if len(ships) >= 2:
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
