"""Where the Allied ships are, grouped for the rules' hot paths: a cache kept on the State.

Every Allied move list, German order list and search asks which Allied ships lie in which box
of which area. Reading that off ``State.box`` and ``State.loc`` is a pass over the 74 Allied
counters; a :class:`Fleet` keeps the answer grouped. A fleet is only a cache, never part of
the position: each state carries on the fleet of the state it came from, and :func:`fleet`
checks it against the state it is asked about. When some Allied ships have moved since (an
Allied move, a battle, a new turn), it regroups just those ships; it counts afresh only for
a state with no fleet yet or with other settings (and a game's opening position, the same
in every game of a setting, is counted once). The moves that write a new position (an
Allied move, the start of a turn) hand its fleet on at once (:meth:`Fleet.deployed`,
:func:`moved_on`).

Rules FS-BRIT-MOVE, FS-CONVOY, FS-STATION-DUTY, FS-RIVER-SEARCH and FS-COLONY (the moves).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from itertools import compress
from operator import ne
from typing import Any, Final

from navalkit.core.actions import ChainedActions

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
from ..state import BOX_NAMES, CONVOY, MOVED, START, STATION, WATCH, State, maker

#: the boxes an Allied ship may move from (FS-BRIT-MOVE)
ACTIVE: Final = frozenset({START, CONVOY, STATION, WATCH})


#: the boxes whose ships a fleet lists by area (the Start box: only those free to move)
CENSUS: Final = frozenset({MOVED, CONVOY, STATION, WATCH})


def _may_escort(ship: int, src: bool) -> bool:
    c = SHIPS[ship].cls
    fast = c.speed >= 1 if src else c.speed <= 2
    return c.range in ("A", "B") and fast


#: FS-CONVOY, by setting (True: speed 3 or more) and ship
ESCORT: Final = tuple(
    tuple(_may_escort(s, src) for s in range(len(SHIPS))) for src in (False, True)
)


Moves = tuple[Deploy, ...]


#: where a ship or squadron may move from each area: there or next door (FS-BRIT-MOVE)
_MOVES_TO: Final = tuple((a, *ADJ[a]) for a in range(len(AREAS)))


_deploy: Final = maker(Deploy)  # Deploy(...), made faster (see state.maker)
_ONE_SHIP: Final[dict[tuple[int, int, str], Deploy]] = {}


def _one_ship(ship: int, to: int, box: str = "moved") -> Deploy:
    """The one-ship move, made once (the tables share it)."""
    move = _ONE_SHIP.get((ship, to, box))
    if move is None:
        move = _ONE_SHIP[ship, to, box] = _deploy((ship,), to, box)
    return move


def _ship_table(box: int, src: bool, rows: dict[Moves, Moves]) -> tuple[tuple[Moves, ...], ...]:
    """Interned Allied moves of each ship from each area when it lies in ``box`` (equal
    tuples shared through ``rows``: most areas give a ship the same moves from every box, and
    fewer long-lived tuples of actions are fewer for the garbage collector to walk)."""
    out = []
    for s in range(len(SHIPS)):
        row: list[Moves] = []
        for a in range(len(AREAS) if SHIPS[s].side == 1 else 0):
            acts = [_one_ship(s, to) for to in _MOVES_TO[a]]
            if box != CONVOY and AREAS[a].density and ESCORT[src][s]:
                acts.append(_one_ship(s, a, "convoy"))
            if box != STATION and STATIONS_IN[a]:
                acts.append(_one_ship(s, a, "station"))
            if box != WATCH and a == RUFIJI_AREA:
                acts.append(_one_ship(s, a, "watch"))
            moves = tuple(acts)
            row.append(rows.setdefault(moves, moves))
        out.append(tuple(row))
    return tuple(out)


#: one-ship moves by box, ship and area, for each convoy setting (True: speed 3 or more),
#: built the first time a setting is played
_TABLES: Final[dict[bool, dict[int, tuple[tuple[Moves, ...], ...]]]] = {}


def _tables(config: Any) -> dict[int, tuple[tuple[Moves, ...], ...]]:
    src = config.convoy_speed == "3 or more"
    tables = _TABLES.get(src)
    if tables is None:
        rows: dict[Moves, Moves] = {}
        tables = _TABLES[src] = {box: _ship_table(box, src, rows) for box in ACTIVE}
    return tables


#: interned squadron moves, by squadron: a small memo, cleared when it passes _SQUADS_KEPT.
#: A game asks for some 100 squadrons' lists and makes some 60 of them. Kept up to 4096
#: lists (some 20,000 objects), the memo gave the garbage collector more to walk than it
#: saved: playouts that cleared it at every game ran as many instructions.
_SQUADS: Final[dict[tuple[tuple[int, ...], int], Moves]] = {}
_SQUADS_KEPT: Final = 256


def _squad_moves(group: tuple[int, ...], area: int) -> Moves:
    """The moves of a Start-box squadron: all to one Moved box, here or next door."""
    moves = _SQUADS.get((group, area))
    if moves is None:
        if len(_SQUADS) > _SQUADS_KEPT:
            _SQUADS.clear()
        # (a list made, then copied: faster than tuple(map(...)) for a few moves)
        moves = _SQUADS[group, area] = tuple([_deploy(group, to) for to in _MOVES_TO[area]])
    return moves


Places = dict[int, tuple[int, ...]]


#: the first part of every list of Allied moves (see Fleet.moves)
_PASS: Final = (PASS,)

#: A fleet's moves after PASS lie in segments, in the order the rules list them: each Allied
#: ship's one-ship moves (segment: its id - FIRST_ALLIED), then the moves of each Start
#: squadron (segment: _LEAD + its first ship's id; empty where no squadron starts)
_LEAD: Final = len(ALLIED) - FIRST_ALLIED
#: segments to a chunk (see Fleet)
_CHUNK: Final = 12
_CHUNKS: Final = range(0, 2 * len(ALLIED), _CHUNK)


def _chained(segs: list[Moves]) -> Moves:
    """The moves of ``segs``, in order (a list extended by whole tuples: faster than
    itertools.chain for a dozen short segments)."""
    out: list[Deploy] = []
    for moves in segs:
        out += moves
    return tuple(out)


#: up to how many changed segments a fleet splices them into its chunks (see Fleet._derived)
_SPLICE: Final = 4


class Fleet:
    """The Allied counters of one position, grouped (see the module docstring).

    ``box`` and ``loc`` are the state's tuples it was last checked against; ``turn`` and
    ``config`` decide the colony locks (``lock``) and escorts (``tables``). ``at[b]`` maps
    each area to the ships in box ``b`` there, in id order, for the boxes of CENSUS (empty
    for the others); ``starts`` maps each area to its Start-box ships free to move.

    ``segs`` holds the segments of moves (see _LEAD), and ``chunks`` their moves chained
    by _CHUNK segments: a move changes a segment or three, so it makes a chunk or two
    afresh and shares the others, and the move list is copied from a dozen chunks at C
    speed (chaining some 300 moves from ~150 segments each time cost far more). Like the
    groups, ``segs`` (a list, for cheap copies) is never changed once the fleet is made.
    """

    __slots__ = (
        "at", "box", "chunks", "config", "grown", "loc", "lock", "segs", "starts", "tables",
        "turn",
    )  # fmt: skip

    #: (the Moved boxes of the fleet this one was made from, the area of one of them that an
    #: Allied move has just added to) for a fleet made by deployed, else None: the search
    #: menu of the next German order then works out that area's searches alone
    grown: tuple[Places, int] | None

    def __init__(self, state: State | None = None) -> None:
        if state is None:  # made blank, to be filled (see _derived)
            return
        config, turn = state.config, state.turn
        tables = self.tables = _tables(config)
        lock = self.lock = LOCKED_UNTIL if config.colonies else NEVER
        self.box, self.loc, self.config, self.turn = state.box, state.loc, config, turn
        self.grown = None
        at: list[dict[int, list[int]]] = [{} for _ in BOX_NAMES]
        starts: dict[int, list[int]] = {}
        segs: list[Moves] = []
        boxes, locs = state.box[FIRST_ALLIED:], state.loc[FIRST_ALLIED:]
        for s, b, a in zip(ALLIED, boxes, locs, strict=True):
            if b in CENSUS:
                at[b].setdefault(a, []).append(s)
            if b in ACTIVE and lock[s] < turn:
                segs.append(tables[b][s][a])
                if b == START:
                    starts.setdefault(a, []).append(s)
            else:
                segs.append(())
        segs += [()] * len(ALLIED)
        self.at = [{a: tuple(ships) for a, ships in places.items()} for places in at]
        self.starts = {a: tuple(ships) for a, ships in starts.items()}
        for a, group in self.starts.items():
            if len(group) > 1:
                segs[_LEAD + group[0]] = _squad_moves(group, a)
        self.segs = segs
        self.chunks = [_chained(segs[c : c + _CHUNK]) for c in _CHUNKS]

    def moves(self) -> ChainedActions:
        """Every legal Allied move (FS-BRIT-MOVE): pass, each ship's moves, each squadron's,
        as the fleet's chunks are (not copied into one tuple: see core/actions.py)."""
        return ChainedActions((_PASS, *self.chunks))

    def lists(self, move: object) -> bool:
        """Whether ``move`` (a Deploy, or junk) is one of :meth:`moves` (the very object): it
        can only lie in the segment of its first ship, or of the squadron that ship leads."""
        # (``move`` and its ships read as objects: a compiled build checks the declared type
        # of what it reads from a Deploy, and would raise a TypeError for a junk move's ships
        # before this check)
        ships: object = getattr(move, "ships", None)
        if type(ships) is not tuple or not ships or type(ships[0]) is not int:
            return False  # not ships of this game, so not one of its moves
        k = ships[0] - FIRST_ALLIED if len(ships) == 1 else _LEAD + ships[0]
        segs = self.segs
        segment = segs[k] if 0 <= k < len(segs) else ()
        for candidate in segment:  # noqa: SIM110 (a plain loop: a hot path)
            if candidate is move:
                return True
        return False

    def same_allies(self, state: State) -> bool:
        """Whether the Allied counters of ``state`` lie where this fleet has them."""
        box, loc = state.box, state.loc
        return (box is self.box or box[FIRST_ALLIED:] == self.box[FIRST_ALLIED:]) and (
            loc is self.loc or loc[FIRST_ALLIED:] == self.loc[FIRST_ALLIED:]
        )

    def updated(
        self, state: State, moved: Iterable[int] | None = None, new_turn: bool = False
    ) -> Fleet:
        """The fleet of ``state``, a position with this fleet's settings: this one with the
        Allied ships that moved since (or whose colony let them go) put in their new places.
        ``moved``, when given, names every ship that may have moved (the others did not),
        but for ``new_turn``: ``state`` starts the turn after this fleet's, and every ship
        in a Moved box here lies in its area's Start box there (sequence.begin_turn).

        What no moved ship touches is shared with this fleet, not copied: the groups of a
        fleet are never changed once made."""
        box, loc, turn = state.box, state.loc, state.turn
        old_box, old_loc = self.box, self.loc
        lock = self.lock
        if moved is None:
            changed = set(compress(ALLIED, map(ne, box[FIRST_ALLIED:], old_box[FIRST_ALLIED:])))
            changed.update(compress(ALLIED, map(ne, loc[FIRST_ALLIED:], old_loc[FIRST_ALLIED:])))
        else:
            changed = {s for s in moved if s >= FIRST_ALLIED}
        if turn != self.turn:
            changed.update(_unlocked(lock, self.turn, turn))
        if len(changed) > _RECOUNT:
            return Fleet(state)
        tables = self.tables
        at = self.at.copy()
        starts = self.starts
        touched: Places = {}  # the Start-box areas whose ships change, as they were
        segs: dict[int, Moves] = {}  # the segments of moves that change
        if new_turn:  # the Moved boxes empty into the Start boxes, an area at a time
            at[MOVED], starts = {}, starts.copy()
            was, row = self.at[MOVED], tables[START]
            for a, group in was.items():
                if not _HELD.isdisjoint(group):
                    group = tuple(s for s in group if lock[s] < turn)
                    if not group:
                        continue
                for s in group:
                    segs[s - FIRST_ALLIED] = row[s][a]
                before = touched[a] = self.starts.get(a, ())
                starts[a] = tuple(sorted(before + group)) if before else group
            if changed:
                changed.difference_update(*was.values())
        for s in sorted(changed):
            b, a, nb, na = old_box[s], old_loc[s], box[s], loc[s]
            free = lock[s] < turn
            segs[s - FIRST_ALLIED] = tables[nb][s][na] if free and nb in ACTIVE else ()
            if b in CENSUS:
                if at[b] is self.at[b]:
                    at[b] = at[b].copy()
                _drop(at[b], a, s)
            if nb in CENSUS:
                if at[nb] is self.at[nb]:
                    at[nb] = at[nb].copy()
                _add(at[nb], na, s)
            if b == START and lock[s] < self.turn:
                if starts is self.starts:
                    starts = starts.copy()
                touched.setdefault(a, self.starts[a])
                _drop(starts, a, s)
            if nb == START and free:
                if starts is self.starts:
                    starts = starts.copy()
                touched.setdefault(na, self.starts.get(na, ()))
                _add(starts, na, s)
        for group in touched.values():
            if len(group) > 1:
                segs[_LEAD + group[0]] = ()
        for a in touched:
            group = starts.get(a, ())
            if len(group) > 1:
                segs[_LEAD + group[0]] = _squad_moves(group, a)
        return self._derived(state.box, state.loc, state.config, turn, at, starts, segs)

    def deployed(
        self, box: tuple[int, ...], loc: tuple[int, ...], move: Deploy, nb: int
    ) -> Fleet | None:
        """The fleet of the position whose counters are ``box`` and ``loc``, this fleet's
        once the Allied ``move`` was made (its ships now in box ``nb``): what updated makes,
        made shorter for a legal move (one ship free to move, or all the Start ships of an
        area to a Moved box); None for any other move (see updated). It needs no State, so
        that apply_deploy makes the position with its fleet in one copy."""
        ships, to = move.ships, move.to
        s = ships[0]
        k = s - FIRST_ALLIED
        a, b = self.loc[s], self.box[s]
        starts = self.starts
        squad = len(ships) > 1
        if (
            k < 0
            or not self.segs[k]  # not free to move
            or b == nb
            or (squad and (nb != MOVED or starts.get(a) != ships))
        ):
            return None  # not a legal move: the general case
        at = self.at.copy()
        into = at[nb] = at[nb].copy()
        segs: dict[int, Moves] = {}
        if b == START:
            group = starts[a]
            starts = starts.copy()
            if squad:
                del starts[a]
            else:
                _drop(starts, a, s)
            if len(group) > 1:
                segs[_LEAD + group[0]] = ()
            rest = starts.get(a, ())
            if len(rest) > 1:
                segs[_LEAD + rest[0]] = _squad_moves(rest, a)
        else:
            at[b] = at[b].copy()
            _drop(at[b], a, s)
        row = self.tables[nb] if nb != MOVED else None
        for s in ships:
            segs[s - FIRST_ALLIED] = () if row is None else row[s][to]
            _add(into, to, s)
        new = self._derived(box, loc, self.config, self.turn, at, starts, segs)
        if nb == MOVED:
            new.grown = (self.at[MOVED], to)
        return new

    def _derived(
        self,
        box: tuple[int, ...],
        loc: tuple[int, ...],
        config: Any,
        turn: int,
        at: list[Places],
        starts: Places,
        changes: dict[int, Moves],
    ) -> Fleet:
        """The fleet of the position of ``box``, ``loc``, ``config`` and ``turn``: this one
        with the groups ``at`` and ``starts``, and the segments of moves ``changes`` (by
        number) changed."""
        segs, chunks = self.segs.copy(), self.chunks.copy()
        if len(changes) <= _SPLICE:  # splice each segment into its chunk
            for k, moves in changes.items():
                was = segs[k]
                if was is not moves:
                    segs[k] = moves
                    c = k // _CHUNK
                    j = sum(map(len, segs[c * _CHUNK : k]))
                    chunk = chunks[c]
                    chunks[c] = chunk[:j] + moves + chunk[j + len(was) :]
        else:  # so many changes (a new turn): chain each chunk that changes afresh
            for k, moves in changes.items():
                segs[k] = moves
            for c in {k // _CHUNK for k in changes}:
                chunks[c] = _chained(segs[c * _CHUNK : (c + 1) * _CHUNK])
        new = Fleet.__new__(Fleet)  # blank, filled here (object.__new__ refuses a compiled class)
        new.box, new.loc, new.config, new.turn = box, loc, config, turn
        new.tables, new.lock, new.at, new.starts = self.tables, self.lock, at, starts
        new.segs, new.chunks, new.grown = segs, chunks, None
        return new


#: the last squadrons asked about and their ships (one tuple: read and replaced at once)
_squadron_ships: Final[list[tuple[frozenset[tuple[int, ...]], frozenset[int]]]] = [
    (frozenset(), frozenset())
]


def squadron_ships(squads: frozenset[tuple[int, ...]]) -> frozenset[int]:
    """Every Allied ship of the squadrons ``squads`` (State.squads), remembered for the last
    squadrons asked about (they change a few times a turn)."""
    known, ships = _squadron_ships[0]
    if known is not squads:
        ships = frozenset().union(*squads)
        _squadron_ships[0] = (squads, ships)
    return ships


#: the ships a colony may hold (FS-COLONY), and how many moved ships make a recount cheaper
_HELD: Final = frozenset(s for s in ALLIED if LOCKED_UNTIL[s])
#: the colony ships let go or held between two turns, by (colonies in play, turn, other
#: turn): a memo (a few dozen pairs of turns)
_UNLOCKED: Final[dict[tuple[bool, int, int], frozenset[int]]] = {}


def _unlocked(lock: tuple[int, ...], was: int, now: int) -> frozenset[int]:
    """The ships of _HELD free to move at turn ``was`` and not at ``now``, or the other way
    round, by the locks ``lock`` (LOCKED_UNTIL or NEVER, see Fleet.lock)."""
    key = (lock is LOCKED_UNTIL, was, now)
    ships = _UNLOCKED.get(key)
    if ships is None:
        if len(_UNLOCKED) > 1024:
            _UNLOCKED.clear()
        ships = _UNLOCKED[key] = frozenset(s for s in _HELD if (lock[s] < now) != (lock[s] < was))
    return ships


_RECOUNT: Final = 12  # a recount costs about as much as regrouping 12 ships one by one


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


def moved_on(before: State, after: State, ships: Iterable[int], new_turn: bool = False) -> State:
    """``after``, which is ``before`` once ``ships`` moved, given its fleet without a
    comparison of all the Allied counters. ``new_turn``: ``after`` starts the next turn,
    with every ship of a Moved box back in its Start box too (see Fleet.updated)."""
    _keep(after, fleet(before).updated(after, ships, new_turn))
    return after


def allies_unmoved(before: State, after: State) -> State:
    """``after``, a position of the same turn as ``before`` in which no Allied counter has
    moved (a German order), given ``before``'s fleet without comparing the counters."""
    f = fleet(before)
    f.box, f.loc = after.box, after.loc  # as fleet() does once it has compared them
    if after.fleet is not f:  # (a copy of ``before`` carries its fleet already)
        _keep(after, f)
    return after


#: the last fleet counted afresh (one entry): every game of a setting opens on one position
_last_count: Final[list[Fleet | None]] = [None]


def _counted(state: State) -> Fleet:
    """The fleet of ``state``, counted now, or the last one counted if it has the same
    settings and counters (then copied for this state: its groups are shared, never
    changed)."""
    f = _last_count[0]
    if f is None or f.turn != state.turn or f.config != state.config or not f.same_allies(state):
        f = _last_count[0] = Fleet(state)
        return f
    return f._derived(state.box, state.loc, state.config, state.turn, f.at, f.starts, {})


def fleet(state: State) -> Fleet:
    """The state's fleet: the one it carries if that still describes it, else counted now
    (and kept on the state, as a cache)."""
    f: Fleet | None = state.fleet
    if f is None or f.config is not state.config:
        f = _counted(state)
    elif f.box is state.box and f.loc is state.loc and f.turn == state.turn:
        return f
    elif f.turn == state.turn and f.same_allies(state):
        # the same Allied counters (a German moved): one fleet for both, and it remembers
        # these tuples too, so that this state's next question is answered at once
        f.box, f.loc = state.box, state.loc
        return f
    else:
        f = f.updated(state)
    return _keep(state, f)
