"""The turn's bookkeeping: starting a turn, closing a German order, ending the game.

Rules FS-SEQUENCE, FS-BOXES, FS-COLONY, FS-CAPTURE, FS-STATION-RAID and FS-LENGTH.
"""

from __future__ import annotations

from itertools import compress
from typing import Any, Final

from ..config import Config
from ..data import (
    AREAS,
    COLONIES,
    COLONY_FORCES,
    ENGLAND,
    FIRST_ALLIED,
    GERMAN,
    LOCKED_UNTIL,
    N_AREAS,
    SHIPS,
    STATIONS,
)
from ..state import (
    ALLY,
    AT_SEA,
    BOX_NAMES,
    CONVOY,
    MOVED,
    OVER,
    RESERVE,
    START,
    STATION,
    State,
    evolver,
)
from .allied_positions import fleet, moved_on


def initial_state(config: Config) -> State:
    """The opening position of turn 1 (FS-ALLIED-SETUP, FS-ROSTER-GERMAN)."""
    loc, box = [], []
    for s in SHIPS:
        if s.box == "colony":
            if config.colonies:
                loc.append(-1)
                box.append(RESERVE)
            else:
                loc.append(ENGLAND)
                box.append(START)
        else:
            loc.append(s.start)
            box.append(CONVOY if s.box == "convoy" else START)
    n = len(SHIPS)
    state = State(
        config=config,
        turn=0,
        phase=ALLY,
        loc=tuple(loc),
        box=tuple(box),
        damage=(0,) * n,
        combats=(0,) * n,
        taken=(0,) * N_AREAS,
    )
    return begin_turn(state, 1)


def colony_locked(state: State, ship: int) -> bool:
    """True while a colony force must stay at its colony (FS-COLONY)."""
    return state.config.colonies and LOCKED_UNTIL[ship] >= state.turn


#: the empty marks of a new turn (values: every turn may share them)
_NONE: Final[frozenset[Any]] = frozenset()
_NO_TAKINGS: Final = (0,) * N_AREAS


_MOVED_BYTE, _START_BYTE = bytes((MOVED,)), bytes((START,))


def begin_turn(state: State, turn: int) -> State:
    """Moved boxes empty into Start boxes; colony forces arrive; per-turn marks clear (not
    the areas that gave cowardice points: once per area in the game, FS-COWARD)."""
    # every Moved counter back to its Start box, in one pass in C (the boxes are small ints;
    # a position with an unknown box, below 0, is done one counter at a time)
    try:
        new_box = tuple(bytes(state.box).replace(_MOVED_BYTE, _START_BYTE))
    except ValueError:
        new_box = tuple(START if b == MOVED else b for b in state.box)
    new_loc = state.loc  # these tuples are shared unless a colony force arrives
    arrived = []
    if state.config.colonies:
        for colony, force in zip(COLONIES, COLONY_FORCES, strict=True):
            if turn == colony.first:
                box, loc = list(new_box), list(new_loc)
                for s in force:
                    if box[s] == RESERVE:
                        loc[s], box[s] = colony.area, STATION
                        arrived.append(s)
                new_box, new_loc = tuple(box), tuple(loc)
    after = _new_turn(
        state,
        turn=turn,
        phase=ALLY,
        loc=new_loc,
        box=new_box,
        acted=_NONE,
        moved=_NONE,
        discovered=_NONE,
        revealed=_NONE,
        found=_NONE,
        surprise_turn=False,
        squads=_NONE,
        taken=_NO_TAKINGS,
        unit=None,
        battle=None,
        roll="",
        dice=(),
    )
    if state.fleet is None:  # the opening position: its fleet is counted when first asked
        return after
    # the fleet of the new turn, regrouped from the last one: a recount would cost more
    return moved_on(state, after, arrived, new_turn=True)


#: the copier of begin_turn (see state.evolver)
_new_turn: Final = evolver(
    State, "turn", "phase", "loc", "box", "acted", "moved", "discovered", "revealed", "found",
    "surprise_turn", "squads", "taken", "unit", "battle", "roll", "dice",
)  # fmt: skip


def germans_at_sea(state: State) -> list[int]:
    """German ships still in play (not sunk, interned or home)."""
    return list(at_sea_germans(state.box))


#: the German ships at sea, by which of them are at sea: a bounded memo (cleared when it grows
#: large); every order and every close of one asks
_AT_SEA: Final[dict[bytes, tuple[int, ...]]] = {}
#: by box: 1 at sea, else 0 (a bytes.translate table)
_SEA: Final = bytes(b in AT_SEA for b in range(len(BOX_NAMES))).ljust(256, b"\0")


def at_sea_germans(box: tuple[int, ...]) -> tuple[int, ...]:
    """The ids of the German ships at sea in ``box`` (a State.box), in id order."""
    # The key says only which ships are at sea, as bytes (made and hashed in C): the boxes
    # they are in change at every order, which of them are at sea seldom.
    try:
        key = bytes(box[:FIRST_ALLIED]).translate(_SEA)
    except ValueError:  # a masked view's UNKNOWN boxes (none of them at sea)
        key = bytes(b in AT_SEA for b in box[:FIRST_ALLIED])
    found = _AT_SEA.get(key)
    if found is None:
        if len(_AT_SEA) > 4096:
            _AT_SEA.clear()
        found = _AT_SEA[key] = tuple(compress(GERMAN, key))
    return found


def escorts(state: State, area: int) -> int:
    """Allied ships on convoy in ``area``."""
    return len(fleet(state).at[CONVOY].get(area, ()))


def station_guards(state: State, area: int) -> list[int]:
    """Allied ships on station in ``area``."""
    return list(fleet(state).at[STATION].get(area, ()))


def finish_unit(state: State) -> State:
    """Close the current German order: captures, raid VP, then the next segment or turn."""
    unit = state.unit
    acted, gvp, taken, captures, raided = (
        state.acted, state.gvp, state.taken, state.captures, state.raided
    )  # fmt: skip
    if unit is not None:
        kind = unit.kind
        # only a move that did not fight, or a raid, gains anything (most orders do not)
        if kind == "raid" or (kind in _TAKING and not unit.fought):
            box, loc, area = state.box, state.loc, unit.area
            alive = [s for s in unit.ships if box[s] in AT_SEA and loc[s] == area]
            if kind != "raid" and alive:
                free = AREAS[area].density - escorts(state, area) - taken[area]
                n = free if state.config.captures == "all" else min(free, len(alive))
                if n > 0:
                    gvp = (gvp[0] + n, gvp[1], gvp[2], gvp[3])
                    taken = (*taken[:area], taken[area] + n, *taken[area + 1 :])
                    captures = (*captures, (state.turn, alive[0], area, n))
            elif alive and unit.station not in raided:
                gvp = (gvp[0], gvp[1] + STATIONS[unit.station].vp, gvp[2], gvp[3])
                raided = raided | {unit.station}
        acted = acted | set(unit.ships)
    phase = ALLY
    left = at_sea_germans(state.box)
    turn_over = acted.issuperset(left)
    if not left or (turn_over and state.turn >= state.config.turns):
        phase = OVER
    state = _finished(
        state,
        battle=None,
        roll="",
        dice=(),
        phase=phase,
        unit=None,
        acted=acted,
        gvp=gvp,
        taken=taken,
        captures=captures,
        raided=raided,
    )
    if phase == ALLY and turn_over:
        return begin_turn(state, state.turn + 1)
    return state


#: the orders whose ships take merchants where they end (FS-CAPTURE)
_TAKING: Final = ("move", "panama", "leave")


#: the copier of finish_unit (see state.evolver): one call, whatever the order gained
_finished: Final = evolver(
    State, "battle", "roll", "dice", "phase", "unit", "acted", "gvp", "taken", "captures", "raided"
)
