"""Where the Allied ships are, grouped for the rules' hot paths: a cache kept on the State.

Every Allied move list, German order list and search asks which Allied ships lie in which box
of which area. Reading that off ``State.box`` and ``State.loc`` is a pass over the 74 Allied
counters; a :class:`Fleet` keeps the answer grouped. A fleet is only a cache, never part of
the position: each state carries on the fleet of the state it came from, and :func:`fleet`
checks it against the state it is asked about. When some Allied ships have moved since (an
Allied move, a battle, a new turn), it regroups just those ships; it counts afresh only for
a state with no fleet yet or with other settings.

Rules FS-BRIT-MOVE, FS-CONVOY, FS-STATION-DUTY, FS-RIVER-SEARCH and FS-COLONY (the moves).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from itertools import compress
from operator import ne

from ..actions import PASS, Deploy
from ..data import (
    ADJ,
    ALLIED,
    AREAS,
    FIRST_ALLIED,
    LOCKED_UNTIL,
    NEVER,
    RUFIJI_AREA,
    SHIPS,
    STATIONS_IN,
)
from ..state import BOX_NAMES, CONVOY, MOVED, START, STATION, WATCH, State

#: the boxes an Allied ship may move from (FS-BRIT-MOVE)
ACTIVE = frozenset({START, CONVOY, STATION, WATCH})


#: the boxes whose ships a fleet lists by area (the Start box: only those free to move)
CENSUS = frozenset({MOVED, CONVOY, STATION, WATCH})


def _may_escort(ship: int, src: bool) -> bool:
    c = SHIPS[ship].cls
    fast = c.speed >= 1 if src else c.speed <= 2
    return c.range in ("A", "B") and fast


#: FS-CONVOY, by setting (True: speed 3 or more) and ship
ESCORT = tuple(tuple(_may_escort(s, src) for s in range(len(SHIPS))) for src in (False, True))


Moves = tuple[Deploy, ...]


def _ship_table(box: int, src: bool) -> tuple[tuple[Moves, ...], ...]:
    """Interned Allied moves of each ship from each area when it lies in ``box``."""
    out = []
    for s in range(len(SHIPS)):
        row: list[Moves] = []
        for a in range(len(AREAS) if SHIPS[s].side == 1 else 0):
            one = (s,)
            acts = [Deploy(one, to) for to in (a, *ADJ[a])]
            if box != CONVOY and AREAS[a].density and ESCORT[src][s]:
                acts.append(Deploy(one, a, "convoy"))
            if box != STATION and STATIONS_IN[a]:
                acts.append(Deploy(one, a, "station"))
            if box != WATCH and a == RUFIJI_AREA:
                acts.append(Deploy(one, a, "watch"))
            row.append(tuple(acts))
        out.append(tuple(row))
    return tuple(out)


#: one-ship moves by setting, box, ship and area
_TABLES = {src: {box: _ship_table(box, src) for box in ACTIVE} for src in (False, True)}


#: interned squadron moves, by squadron (a bounded memo: cleared when it grows large)
_SQUADS: dict[tuple[tuple[int, ...], int], Moves] = {}


def _squad_moves(group: tuple[int, ...], area: int) -> Moves:
    """The moves of a Start-box squadron: all to one Moved box, here or next door."""
    moves = _SQUADS.get((group, area))
    if moves is None:
        if len(_SQUADS) > 4096:
            _SQUADS.clear()
        moves = _SQUADS[group, area] = tuple(Deploy(group, to) for to in (area, *ADJ[area]))
    return moves


Places = dict[int, tuple[int, ...]]


class Fleet:
    """The Allied counters of one position, grouped (see the module docstring).

    ``box`` and ``loc`` are the state's tuples it was last checked against, ``boxes`` and
    ``locs`` their Allied part; ``turn`` and ``config`` decide the colony locks and escorts.
    ``at[b]`` maps each area to the ships in box ``b`` there, in id order, for the boxes of
    CENSUS (empty for the others). ``singles`` lists every one-ship move in ship order,
    ``sizes`` how many of them each Allied ship has; ``starts`` maps each area to its
    Start-box ships free to move, and ``squads`` holds the moves of each Start squadron (two
    ships or more) under its first ship's id.
    """

    __slots__ = (
        "at", "box", "boxes", "config", "loc", "locs", "singles", "sizes", "squads", "starts",
        "turn",
    )  # fmt: skip

    def __init__(self, state: State) -> None:
        config, turn = state.config, state.turn
        tables = _TABLES[config.convoy_speed == "3 or more"]
        lock = LOCKED_UNTIL if config.colonies else NEVER
        self.box, self.loc, self.config, self.turn = state.box, state.loc, config, turn
        self.boxes, self.locs = state.box[FIRST_ALLIED:], state.loc[FIRST_ALLIED:]
        at: list[dict[int, list[int]]] = [{} for _ in BOX_NAMES]
        starts: dict[int, list[int]] = {}
        singles: list[Deploy] = []
        sizes: list[int] = []
        for s, b, a in zip(ALLIED, self.boxes, self.locs, strict=True):
            if b in CENSUS:
                at[b].setdefault(a, []).append(s)
            if b in ACTIVE and lock[s] < turn:
                part = tables[b][s][a]
                singles += part
                sizes.append(len(part))
                if b == START:
                    starts.setdefault(a, []).append(s)
            else:
                sizes.append(0)
        self.at = [{a: tuple(ships) for a, ships in places.items()} for places in at]
        self.starts = {a: tuple(ships) for a, ships in starts.items()}
        self.squads = {g[0]: _squad_moves(g, a) for a, g in self.starts.items() if len(g) > 1}
        self.singles, self.sizes = singles, sizes

    def moves(self) -> list[object]:
        """Every legal Allied move (FS-BRIT-MOVE): pass, each ship's moves, each squadron's."""
        out: list[object] = [PASS, *self.singles]
        squads = self.squads
        for first in sorted(squads):
            out += squads[first]
        return out

    def updated(self, state: State, moved: Iterable[int] | None = None) -> Fleet:
        """The fleet of ``state``, a position with this fleet's settings: this one with the
        Allied ships that moved since (or whose colony let them go) put in their new places.
        ``moved``, when given, names every ship that may have moved (the others did not)."""
        box, loc, turn = state.box, state.loc, state.turn
        boxes, locs = box[FIRST_ALLIED:], loc[FIRST_ALLIED:]
        lock = LOCKED_UNTIL if self.config.colonies else NEVER
        if moved is None:
            changed = set(compress(ALLIED, map(ne, boxes, self.boxes)))
            changed.update(compress(ALLIED, map(ne, locs, self.locs)))
        else:
            changed = {s for s in moved if s >= FIRST_ALLIED}
        if turn != self.turn:
            changed.update(s for s in _HELD if (lock[s] < turn) != (lock[s] < self.turn))
        if len(changed) > _RECOUNT:
            return Fleet(state)
        tables = _TABLES[self.config.convoy_speed == "3 or more"]
        singles, sizes, at = self.singles.copy(), self.sizes.copy(), self.at.copy()
        starts = self.starts.copy()
        touched: Places = {}  # the Start-box areas whose ships change, as they were
        for s in sorted(changed):
            k = s - FIRST_ALLIED
            b, a, nb, na = self.boxes[k], self.locs[k], boxes[k], locs[k]
            free = lock[s] < turn
            part = tables[nb][s][na] if free and nb in ACTIVE else ()
            first = sum(sizes[:k])
            singles[first : first + sizes[k]] = part
            sizes[k] = len(part)
            if b in CENSUS:
                if at[b] is self.at[b]:
                    at[b] = at[b].copy()
                _drop(at[b], a, s)
            if nb in CENSUS:
                if at[nb] is self.at[nb]:
                    at[nb] = at[nb].copy()
                _add(at[nb], na, s)
            if b == START and lock[s] < self.turn:
                touched.setdefault(a, self.starts[a])
                _drop(starts, a, s)
            if nb == START and free:
                touched.setdefault(na, self.starts.get(na, ()))
                _add(starts, na, s)
        squads = self.squads.copy()
        for group in touched.values():
            if len(group) > 1:
                del squads[group[0]]
        for a in touched:
            group = starts.get(a, ())
            if len(group) > 1:
                squads[group[0]] = _squad_moves(group, a)
        new = object.__new__(Fleet)
        new.box, new.loc, new.boxes, new.locs = box, loc, boxes, locs
        new.config, new.turn, new.at, new.singles, new.sizes = self.config, turn, at, singles, sizes
        new.starts, new.squads = starts, squads
        return new


#: the ships a colony may hold (FS-COLONY), and how many moved ships make a recount cheaper
_HELD = tuple(s for s in ALLIED if LOCKED_UNTIL[s])


_RECOUNT = 30


def _add(places: Places, area: int, ship: int) -> None:
    group = places.get(area, ())
    i = bisect_left(group, ship)
    places[area] = (*group[:i], ship, *group[i:])


def _drop(places: Places, area: int, ship: int) -> None:
    group = places[area]
    if len(group) > 1:
        i = group.index(ship)
        places[area] = group[:i] + group[i + 1 :]
    else:
        del places[area]


def _keep(state: State, f: Fleet) -> Fleet:
    object.__setattr__(state, "fleet", f)  # a cache, not part of the (frozen) position
    return f


def moved_on(before: State, after: State, ships: Iterable[int]) -> State:
    """``after``, which is ``before`` once ``ships`` moved, given its fleet without a
    comparison of all the Allied counters."""
    _keep(after, fleet(before).updated(after, ships))
    return after


def fleet(state: State) -> Fleet:
    """The state's fleet: the one it carries if that still describes it, else counted now
    (and kept on the state, as a cache)."""
    f: Fleet | None = state.fleet
    box, loc = state.box, state.loc
    if f is None or f.config is not state.config:
        f = Fleet(state)
    elif f.box is box and f.loc is loc and f.turn == state.turn:
        return f
    elif f.boxes == box[FIRST_ALLIED:] and f.locs == loc[FIRST_ALLIED:] and f.turn == state.turn:
        f.box, f.loc = box, loc  # the same Allied counters: remember these tuples too
        return f
    else:
        f = f.updated(state)
    return _keep(state, f)
