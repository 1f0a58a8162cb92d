"""Where the Allied ships are, grouped for the rules' hot paths: a cache kept on the State.

Every Allied move list, German order list and search asks which Allied ships lie in which box
of which area. Reading that off ``State.box`` and ``State.loc`` is a pass over the 74 Allied
counters; a :class:`Fleet` keeps the answer grouped, and an Allied move updates it instead of
counting again. A fleet is only a cache, never part of the position: :func:`fleet` checks it
against the state it is asked about, and counts afresh when the Allied counters, the turn or
the settings differ (after a battle, at a new turn, or for a state made by hand).

Rules FS-BRIT-MOVE, FS-CONVOY, FS-STATION-DUTY, FS-RIVER-SEARCH and FS-COLONY (the moves).
"""

from __future__ import annotations

from bisect import bisect_left

from .actions import PASS, Deploy
from .data import (
    ADJ,
    ALLIED,
    AREAS,
    FIRST_ALLIED,
    LOCKED_UNTIL,
    N_AREAS,
    NEVER,
    RUFIJI_AREA,
    SHIPS,
    STATIONS_IN,
)
from .state import BOX_NAMES, CONVOY, MOVED, START, STATION, WATCH, State

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

    def deployed(
        self, boxes_after: tuple[int, ...], locs_after: tuple[int, ...], ships: tuple[int, ...],
        to: int, box: int,
    ) -> Fleet | None:  # fmt: skip
        """The fleet once ``ships`` moved to ``box`` of area ``to`` (``boxes_after`` and
        ``locs_after``: the state's new tuples). None when that is not a legal Allied move
        (then :func:`fleet` counts afresh)."""
        config, turn = self.config, self.turn
        lock = LOCKED_UNTIL if config.colonies else NEVER
        boxes, locs = self.boxes, self.locs
        if not 0 <= to < N_AREAS or box not in CENSUS or len(set(ships)) != len(ships):
            return None
        for s in ships:
            if not FIRST_ALLIED <= s < len(SHIPS) or boxes[s - FIRST_ALLIED] not in ACTIVE:
                return None
            if lock[s] >= turn:
                return None
        moves = _TABLES[config.convoy_speed == "3 or more"][box] if box in ACTIVE else None
        singles, sizes, at = self.singles.copy(), self.sizes.copy(), self.at.copy()
        arrived = at[box] = at[box].copy()
        starts = self.starts
        broken: Places = {}  # the Start squadrons the move breaks up, as they were
        for s in ships:
            k = s - FIRST_ALLIED
            b, a = boxes[k], locs[k]
            part = moves[s][to] if moves else ()
            first = sum(sizes[:k])
            singles[first : first + sizes[k]] = part
            sizes[k] = len(part)
            if b == START:
                if starts is self.starts:
                    starts = starts.copy()
                broken.setdefault(a, starts[a])
                _drop(starts, a, s)
            else:
                if at[b] is self.at[b]:
                    at[b] = at[b].copy()
                _drop(at[b], a, s)
            here = arrived.get(to, ())
            i = bisect_left(here, s)
            arrived[to] = (*here[:i], s, *here[i:])
        squads = self.squads.copy() if broken else self.squads
        for a, group in broken.items():
            if len(group) > 1:
                del squads[group[0]]
            rest = starts.get(a, ())
            if len(rest) > 1:
                squads[rest[0]] = _squad_moves(rest, a)
        new = object.__new__(Fleet)
        new.config, new.turn, new.at, new.singles, new.sizes = config, turn, at, singles, sizes
        new.starts, new.squads = starts, squads
        new.box, new.loc = boxes_after, locs_after
        new.boxes, new.locs = boxes_after[FIRST_ALLIED:], locs_after[FIRST_ALLIED:]
        return new


def _drop(places: Places, area: int, ship: int) -> None:
    group = places[area]
    if len(group) > 1:
        i = group.index(ship)
        places[area] = group[:i] + group[i + 1 :]
    else:
        del places[area]


def fleet(state: State) -> Fleet:
    """The state's fleet: the one it carries if that still describes it, else counted now
    (and kept on the state, as a cache)."""
    f = state.fleet
    box, loc = state.box, state.loc
    if f is not None and f.turn == state.turn and f.config is state.config:
        if f.box is box and f.loc is loc:
            return f
        if f.boxes == box[FIRST_ALLIED:] and f.locs == loc[FIRST_ALLIED:]:
            f.box, f.loc = box, loc  # the same Allied counters: remember these tuples too
            return f
    f = Fleet(state)
    object.__setattr__(state, "fleet", f)  # a cache, not part of the (frozen) position
    return f
