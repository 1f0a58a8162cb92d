"""What one seat may see (FS-HIDDEN): the Allies never see an undiscovered raider.

The German sees everything (Allied counters are public on the map). The Allies see a German
ship's area and box only while it is discovered this turn, revealed by its own order, found
in the river, or out of play; merchant captures stay secret until the game is over.

:func:`sample_state` is the other way round, for search bots that must not peek: a full
state consistent with the Allied view, each unseen raider (or the secret squadron) put in
an area it could have reached from public facts only (its start, the turns and the battles
it fought), or in the Rufiji when it is one of the river ships and the river is free.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .data import ADJ, ENGLAND, GERMAN, N_AREAS, PANAMA, RED_SEA, RIVER, RIVER_SHIPS, SHIPS
from .data import RUFIJI_AREA as RUFIJI
from .state import ALLIES, AT_SEA, MOVED, OVER, RIVER_BOX, START, UNKNOWN, State, evolve

#: German orders whose destination the Allies do not learn (FS-HIDDEN)
SECRET_ORDERS = frozenset({"move", "panama", "river", "leave"})


@dataclass(frozen=True, slots=True)
class View:
    """A seat's view: the state with whatever it may not see blanked out.

    ``viewer`` is the seat (None for the teacher); ``hidden`` the German ships whose place is
    unknown to this viewer (their ``loc`` and ``box`` read UNKNOWN).
    """

    state: State
    viewer: int | None
    hidden: frozenset[int] = frozenset()

    @property
    def complete(self) -> bool:
        """True when nothing is hidden."""
        return not self.hidden and not (self.viewer == ALLIES and self.state.phase != OVER)


def visible_to_allies(state: State, g: int) -> bool:
    """FS-HIDDEN: may the Allies see where German ship ``g`` is?"""
    if state.box[g] not in AT_SEA:
        return True
    return g in state.discovered or g in state.revealed or g in state.river_found


def observe(state: State, viewer: int | None) -> View:
    if viewer != ALLIES:
        return View(state, viewer)
    hidden = frozenset(g for g in GERMAN if not visible_to_allies(state, g))
    if state.phase == OVER:
        return View(state, viewer, hidden)  # the logs are opened at the end
    loc, box = list(state.loc), list(state.box)
    for g in hidden:
        loc[g] = box[g] = UNKNOWN
    unit = state.unit
    if unit is not None and any(g in hidden for g in unit.ships):
        unit = evolve(unit, kind="secret", area=UNKNOWN)
    masked = replace(
        state,
        loc=tuple(loc),
        box=tuple(box),
        unit=unit,
        gvp=(0, state.gvp[1], state.gvp[2], state.gvp[3]),
        captures=(),
        taken=(0,) * N_AREAS,
    )
    return View(masked, viewer, hidden)


def assert_no_leak(state: State) -> None:
    """Raise AssertionError if the Allied view shows anything of an unseen raider."""
    view = observe(state, ALLIES)
    if state.phase == OVER:
        return
    seen = view.state
    for g in GERMAN:
        if not visible_to_allies(state, g):
            assert seen.loc[g] == UNKNOWN and seen.box[g] == UNKNOWN, f"ship {g} leaks"
    assert seen.gvp[0] == 0 and not seen.captures, "merchant captures leak"
    assert not any(seen.taken), "the areas of merchant captures leak"
    if seen.unit is not None and any(g in view.hidden for g in seen.unit.ships):
        assert seen.unit.area == UNKNOWN and seen.unit.kind == "secret", "the order leaks"


# --- A full state consistent with one seat's view, for search bots that must not peek.


def _neighbours() -> tuple[tuple[int, ...], ...]:
    out = []
    for a in range(N_AREAS):
        near = [m for m in ADJ[a] if m != ENGLAND and 0 < m < N_AREAS]
        if a in PANAMA:
            near.append(PANAMA[1] if a == PANAMA[0] else PANAMA[0])
        out.append(tuple(sorted(set(near))))
    return tuple(out)


NEAR = _neighbours()


def _distances() -> tuple[tuple[int, ...], ...]:
    """Orders needed to go from area to area (German moves: no England box)."""
    table = []
    far = 10**6
    for a in range(N_AREAS):
        dist = [far] * N_AREAS
        if a != ENGLAND:
            dist[a] = 0
            frontier = [a]
            while frontier:
                nxt = []
                for x in frontier:
                    for m in NEAR[x]:
                        if dist[m] == far:
                            dist[m] = dist[x] + 1
                            nxt.append(m)
                frontier = nxt
        table.append(tuple(dist))
    return tuple(table)


DIST = _distances()


def orders_had(state: State, g: int) -> int:
    """The most areas raider ``g`` can have gone by now: one an order (one a turn, this
    turn's if it moved) and one for every battle it fought (an escape: FS-ESCAPE)."""
    return state.turn - 1 + (1 if g in state.moved else 0) + state.combats[g]


def areas_for(state: State, g: int) -> list[int]:
    """The areas an unseen raider may be in, given only public facts."""
    reach = orders_had(state, g)
    home = SHIPS[g].start
    return [a for a in range(1, N_AREAS) if DIST[home][a] <= reach]


def _may_be_in_river(state: State, ships: tuple[int, ...], busy: bool) -> bool:
    g = ships[0]
    return (
        not busy
        and len(ships) == 1
        and SHIPS[g].name in RIVER_SHIPS
        and DIST[SHIPS[g].start][RUFIJI] < orders_had(state, g)
    )


#: ``choose(lead, options, river)``: the area of a group of unseen raiders led by ``lead``,
#: one of ``options`` or, when ``river`` (it may lie in the Rufiji), RIVER
Chooser = Callable[[int, list[int], bool], int]


def hides_raiders(observation: View) -> bool:
    """Whether ``observation`` hides some raider (an Allied view of a game in play)."""
    return (
        observation.viewer == ALLIES
        and observation.state.phase != OVER
        and bool(observation.hidden)
    )


def place_unseen(observation: View, choose: Chooser) -> State:
    """The position of ``observation`` with each unseen raider (the secret squadron as one)
    put where ``choose`` says, among the areas it could have reached from public facts only,
    or in the Rufiji when it is one of the river ships and the river is free (see the module
    docstring). Both samplers place the raiders so; they differ in how they choose."""
    seen = observation.state
    if not hides_raiders(observation):
        return seen
    hidden = sorted(observation.hidden)
    loc, box = list(seen.loc), list(seen.box)
    unit = seen.unit
    secret = unit is not None and unit.kind == "secret"
    # the river holds one raider at most; a seen one there fills it
    busy = any(box[g] == RIVER_BOX for g in GERMAN if g not in observation.hidden)
    groups: list[tuple[int, ...]] = []
    if secret and unit is not None:
        groups.append(tuple(g for g in unit.ships if g in observation.hidden))
    groups += [(g,) for g in hidden if not (secret and unit is not None and g in unit.ships)]
    unit_area = UNKNOWN
    for n, ships in enumerate(groups):
        lead = max(ships, key=lambda g: (orders_had(seen, g), g))
        options = areas_for(seen, ships[0])
        for g in ships[1:]:
            mine = set(areas_for(seen, g))
            options = [a for a in options if a in mine]
        if n == 0 and secret and unit is not None and RED_SEA in unit.searched:
            options = [a for a in options if a != RED_SEA]
        if not options:  # cannot happen for ships that truly move together; stay safe
            options = areas_for(seen, lead)
        area = choose(lead, options, _may_be_in_river(seen, ships, busy))
        if area == RIVER:
            area, where, busy = RUFIJI, RIVER_BOX, True
        else:
            where = MOVED if lead in seen.moved else START
        for g in ships:
            loc[g], box[g] = area, where
        if n == 0 and secret:
            unit_area = RIVER if where == RIVER_BOX else area
    if secret and unit is not None:
        kind = "river" if unit_area == RIVER else "move"
        unit = evolve(unit, kind=kind, area=unit_area)
    return evolve(seen, loc=tuple(loc), box=tuple(box), unit=unit)


def sample_state(observation: View, rng: Any) -> State:
    """A state whose view for ``observation.viewer`` is ``observation`` (see the module
    docstring): each unseen raider in one of its areas, or the river, drawn evenly."""

    def evenly(lead: int, options: list[int], river: bool) -> int:
        pick = rng.randrange(len(options) + (1 if river else 0))
        return RIVER if pick == len(options) else options[pick]

    return place_unseen(observation, evenly)
