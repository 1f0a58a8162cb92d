"""What one seat may see (FS-HIDDEN): the Allies never see an undiscovered raider.

The German sees everything (Allied counters are public on the map). The Allies see a German
ship's area and box only while it is discovered this turn, revealed by its own order, found
in the river, or out of play; merchant captures stay secret until the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .data import GERMAN, N_AREAS
from .state import ALLIES, AT_SEA, OVER, UNKNOWN, State, Unit


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
        unit = Unit(unit.ships, "secret", UNKNOWN, unit.station, unit.searched, unit.fought)
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
