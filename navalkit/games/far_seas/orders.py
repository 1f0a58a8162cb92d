"""German orders and Allied moves: who may do what this segment, and what it does.

Rules FS-GER-MOVE, FS-SQUADRON, FS-AMC-FIRST, FS-PANAMA, FS-RIVER*, FS-HOME, FS-INTERN,
FS-SURPRISE*, FS-STATION-RAID, FS-CONVOY-ATTACK, FS-BRIT-MOVE, FS-CONVOY, FS-STATION-DUTY.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from .actions import PASS, Deploy, Order
from .combat import group_speed, start_battle
from .data import (
    ADJ,
    ALLIED,
    AREAS,
    ENGLAND,
    HOME_AREA,
    NEUTRAL,
    PANAMA,
    RIVER,
    RIVER_SHIPS,
    RUFIJI_AREA,
    SHIPS,
    STATIONS_IN,
    half_damaged,
)
from .flow import LOCKED_UNTIL, NEVER, finish_unit, germans_at_sea, station_guards
from .search import enter_search
from .state import (
    CHANCE,
    CONVOY,
    HOME,
    INTERNED,
    MOVED,
    RIVER_BOX,
    START,
    STATION,
    SUNK,
    WATCH,
    State,
    Unit,
    evolve,
)
from .state import (
    GERMAN as GERMAN_PHASE,
)

ACTIVE = frozenset({START, CONVOY, STATION, WATCH})


def watchers(state: State) -> list[int]:
    """Allied ships beside the Rufiji (FS-RIVER-SEARCH)."""
    return [s for s in ALLIED if state.box[s] == WATCH]


def german_units(state: State) -> list[tuple[int, ...]]:
    """Ships or squadrons that may take an order now (AMCs first: FS-AMC-FIRST)."""
    left = [g for g in germans_at_sea(state) if g not in state.acted]
    amcs = [g for g in left if SHIPS[g].cls.code == "AMC"]
    pool = amcs or left
    units: list[tuple[int, ...]] = [(g,) for g in pool]
    by_area: dict[int, list[int]] = {}
    for g in pool:
        if state.box[g] != RIVER_BOX:
            by_area.setdefault(state.loc[g], []).append(g)
    units += [tuple(ships) for ships in by_area.values() if len(ships) > 1]
    return units


def can_surprise(state: State, unit: tuple[int, ...]) -> bool:
    """FS-SURPRISE: once a turn, once a game per ship, not discovered, not half damaged."""
    if state.surprise_turn:
        return False
    for g in unit:
        if g in state.surprised or g in state.discovered:
            return False
        if half_damaged(state.damage[g], SHIPS[g].cls.capacity):
            return False
    return True


def surprise_targets(state: State, unit: tuple[int, ...], area: int) -> list[int]:
    """Allied ships in the Moved box of ``area`` the unit may surprise (FS-SURPRISE-ALONE)."""
    return _targets(unit, [s for s in ALLIED if state.box[s] == MOVED and state.loc[s] == area])


def _targets(unit: tuple[int, ...], moved: list[int]) -> list[int]:
    if len(unit) == 1:
        cap = SHIPS[unit[0]].cls.capacity + 1
        return [s for s in moved if SHIPS[s].cls.capacity <= cap]
    return moved


class _Seen:
    """What every unit's orders need, counted once per call of german_orders."""

    __slots__ = ("escorts", "left", "moved", "river_busy", "watched")

    def __init__(self, state: State) -> None:
        at_sea = germans_at_sea(state)
        self.left = [g for g in at_sea if g not in state.acted]
        self.river_busy = any(state.box[g] == RIVER_BOX for g in at_sea)
        self.escorts: dict[int, int] = {}
        self.moved: dict[int, list[int]] = {}
        self.watched = False
        first = ALLIED[0]
        for s, b, a in zip(ALLIED, state.box[first:], state.loc[first:], strict=True):
            if b == CONVOY:
                self.escorts[a] = self.escorts.get(a, 0) + 1
            elif b == MOVED:
                self.moved.setdefault(a, []).append(s)
            elif b == WATCH:
                self.watched = True


def unit_orders(state: State, unit: tuple[int, ...], seen: _Seen | None = None) -> list[Order]:
    """Every legal order for one ship or squadron."""
    seen = seen or _Seen(state)
    first = unit[0]
    area = state.loc[first]
    may_hold = bool(state.moved) or len(seen.left) > len(unit)
    t = _template(unit, area)
    if state.box[first] == RIVER_BOX:
        out: list[Order] = []
        if not (first in state.river_found and seen.watched):
            out.append(t.leave)
        if may_hold or not out:
            out.append(t.hold)
        return out
    surprise = can_surprise(state, unit)
    raided = state.raided
    escorts = seen.escorts
    moved = seen.moved
    out = []
    for to, move, raids, convoy in t.dests:
        out.append(move)
        for st, raid in raids:
            if st not in raided:
                out.append(raid)
        if to in escorts:
            out.append(convoy)
        if surprise and to in moved:
            out += [_surprise(unit, to, target) for target in _targets(unit, moved[to])]
    out += t.tail
    if t.river is not None and not seen.river_busy:
        out.append(t.river)
    out += t.tail2
    if may_hold:
        out.append(t.hold)
    return out


class _Template:
    """The interned orders of one unit in one area (what does not depend on the position)."""

    __slots__ = ("dests", "hold", "leave", "river", "tail", "tail2")

    def __init__(self, unit: tuple[int, ...], area: int) -> None:
        self.dests = tuple(
            (
                to,
                Order(unit, "move", to),
                tuple((st, Order(unit, "raid", to, st)) for st in STATIONS_IN[to]),
                Order(unit, "convoy", to),
            )
            for to in (DESTS[area] if 0 <= area < len(DESTS) else ())
        )
        first = unit[0]
        self.tail: tuple[Order, ...] = ()
        if area in PANAMA:
            self.tail = (Order(unit, "panama", PANAMA[1] if area == PANAMA[0] else PANAMA[0]),)
        self.river: Order | None = None
        if len(unit) == 1 and area == RUFIJI_AREA and SHIPS[first].name in RIVER_SHIPS:
            self.river = Order(unit, "river", RIVER)
        tail2: list[Order] = []
        if area == HOME_AREA:
            tail2.append(Order(unit, "home", area))
        if area in NEUTRAL and all(SHIPS[g].cls.code == "AMC" for g in unit):
            tail2.append(Order(unit, "intern", area))
        self.tail2 = tuple(tail2)
        self.hold = Order(unit, "hold", area)
        self.leave = Order(unit, "leave", RUFIJI_AREA)


#: interned templates and surprise orders (bounded memos: cleared when they grow large)
_TEMPLATES: dict[tuple[tuple[int, ...], int], _Template] = {}
_SURPRISES: dict[tuple[tuple[int, ...], int, int], Order] = {}


def _template(unit: tuple[int, ...], area: int) -> _Template:
    t = _TEMPLATES.get((unit, area))
    if t is None:
        if len(_TEMPLATES) > 8192:
            _TEMPLATES.clear()
        t = _TEMPLATES[unit, area] = _Template(unit, area)
    return t


def _surprise(unit: tuple[int, ...], to: int, target: int) -> Order:
    o = _SURPRISES.get((unit, to, target))
    if o is None:
        if len(_SURPRISES) > 8192:
            _SURPRISES.clear()
        o = _SURPRISES[unit, to, target] = Order(unit, "surprise", to, target)
    return o


#: where a German may go from each area: stay or a neighbour, never the England box
DESTS: tuple[tuple[int, ...], ...] = tuple(
    (a, *(n for n in ADJ[a] if n != ENGLAND)) for a in range(len(ADJ))
)


def german_orders(state: State) -> list[Order]:
    """All legal German orders this segment."""
    seen = _Seen(state)
    out: list[Order] = []
    for unit in german_units(state):
        out += unit_orders(state, unit, seen)
    return out


def _moved(state: State, ships: tuple[int, ...], to: int, box: int = MOVED) -> State:
    loc, boxes = list(state.loc), list(state.box)
    for g in ships:
        loc[g], boxes[g] = to, box
    return evolve(state, loc=tuple(loc), box=tuple(boxes), moved=state.moved | set(ships))


def apply_order(state: State, order: Order) -> State:
    """Carry out a legal German order (the caller has checked it)."""
    ships, kind, to = order.ships, order.kind, order.to
    if kind == "hold":
        return finish_unit(evolve(state, unit=Unit(ships, kind, state.loc[ships[0]])))
    if kind in ("home", "intern"):
        state = evolve(state, revealed=state.revealed | set(ships), unit=Unit(ships, kind, to))
        if kind == "home":
            return evolve(state, phase=CHANCE, roll="home", dice=ships)
        boxes, loc = list(state.box), list(state.loc)
        for g in ships:
            boxes[g], loc[g] = INTERNED, -1
        avp = state.avp + sum(SHIPS[g].cls.vp for g in ships)
        return finish_unit(evolve(state, box=tuple(boxes), loc=tuple(loc), avp=avp))
    if kind == "river":
        state = _moved(state, ships, RUFIJI_AREA, RIVER_BOX)
        return enter_search(evolve(state, unit=Unit(ships, kind, RIVER)))
    state = _moved(state, ships, to)
    state = evolve(state, unit=Unit(ships, kind, to, order.target if kind == "raid" else -1))
    if kind == "leave":
        state = evolve(state, river_found=state.river_found - set(ships))
        watch = watchers(state)
        if watch:  # FS-RIVER-EXIT
            return start_battle(state, ships, tuple(watch), "river", rufiji=True, run_first=False)
        return enter_search(state)
    if kind == "surprise":
        state = evolve(state, surprise_turn=True, surprised=state.surprised | set(ships))
        return start_battle(state, ships, (order.target,), "surprise", surprise=True)
    if kind in ("raid", "convoy"):
        state = evolve(state, revealed=state.revealed | set(ships))
    if kind == "raid":
        guards = station_guards(state, to)
        if guards:  # FS-STATION-AUTO
            return start_battle(state, ships, tuple(guards), "raid")
    if kind == "convoy":
        return evolve(state, phase=CHANCE, roll="convoy")
    return enter_search(state)


def home_roll(state: State, roll: int) -> State:
    """FS-HOME: 5-6 home; a squadron that fails re-rolls ship by ship; else sunk."""
    ships = state.dice
    boxes, loc, avp = list(state.box), list(state.loc), state.avp
    if roll >= 5:
        for g in ships if state.roll == "home" else ships[:1]:
            boxes[g], loc[g] = HOME, -1
        rest: tuple[int, ...] = () if state.roll == "home" else ships[1:]
    elif state.roll == "home" and len(ships) > 1:
        return evolve(state, roll="home1")
    else:
        g = ships[0]
        boxes[g], loc[g] = SUNK, -1
        avp += SHIPS[g].cls.vp
        rest = ships[1:]
    state = evolve(state, box=tuple(boxes), loc=tuple(loc), avp=avp, dice=rest)
    if rest:
        return state
    return finish_unit(state)


def convoy_roll(state: State, roll: int) -> State:
    """FS-CONVOY-ATTACK: modified 1-3 surprises the convoy; 4-6 means fighting the escort."""
    unit = state.unit
    assert unit is not None
    grade = group_speed(state, unit.ships)
    mod = -2 if grade >= 4 else (-1 if grade == 3 else 0)
    if roll + mod <= 3:
        unit = evolve(unit, fought=True)
        return evolve(state, unit=unit, roll="sink", dice=unit.ships)
    escort = tuple(s for s in ALLIED if state.box[s] == CONVOY and state.loc[s] == unit.area)
    return start_battle(state, unit.ships, escort, "convoy", run_first=False)


def sink_roll(state: State, roll: int) -> State:
    """Each attacker of a surprised convoy sinks a die's worth of merchants (1 VP each)."""
    g, rest = state.dice[0], state.dice[1:]
    unit = state.unit
    assert unit is not None
    gvp = (state.gvp[0] + roll, *state.gvp[1:])
    captures = (*state.captures, (state.turn, g, unit.area, roll))
    state = evolve(state, gvp=(gvp[0], gvp[1], gvp[2], gvp[3]), captures=captures, dice=rest)
    return state if rest else finish_unit(state)


# --- the Allies ------------------------------------------------------------------------------
def may_escort(state: State, ship: int) -> bool:
    """FS-CONVOY: gun range A or B, and the speed the setting reads."""
    return _ESCORT[state.config.convoy_speed == "3 or more"][ship]


def _may_escort(ship: int, src: bool) -> bool:
    c = SHIPS[ship].cls
    fast = c.speed >= 1 if src else c.speed <= 2
    return c.range in ("A", "B") and fast


_ESCORT = tuple(tuple(_may_escort(s, src) for s in range(len(SHIPS))) for src in (False, True))


def _ship_table(box: int, src: bool) -> tuple[tuple[tuple[Deploy, ...], ...], ...]:
    """Interned Allied moves of each ship from each area when it lies in ``box``."""
    out = []
    for s in range(len(SHIPS)):
        row: list[tuple[Deploy, ...]] = []
        for a in range(len(AREAS) if SHIPS[s].side == 1 else 0):
            one = (s,)
            acts = [Deploy(one, to) for to in (a, *ADJ[a])]
            if SHIPS[s].side == 1:
                if box != CONVOY and AREAS[a].density and _ESCORT[src][s]:
                    acts.append(Deploy(one, a, "convoy"))
                if box != STATION and STATIONS_IN[a]:
                    acts.append(Deploy(one, a, "station"))
                if box != WATCH and a == RUFIJI_AREA:
                    acts.append(Deploy(one, a, "watch"))
            row.append(tuple(acts))
        out.append(tuple(row))
    return tuple(out)


_TABLES = {(box, src): _ship_table(box, src) for box in ACTIVE for src in (False, True)}


def allied_moves(state: State) -> list[object]:
    """All legal Allied moves this segment (FS-BRIT-MOVE), pass first."""
    src = state.config.convoy_speed == "3 or more"
    tables = _BY_SRC[src]
    turn = state.turn
    lock = LOCKED_UNTIL if state.config.colonies else NEVER
    first = ALLIED[0]
    parts: list[Any] = [(PASS,)]
    squads: dict[int, list[int]] = {}
    for s, b, a in zip(ALLIED, state.box[first:], state.loc[first:], strict=True):
        if b in ACTIVE and lock[s] < turn:
            parts.append(tables[b][s][a])
            if b == START:
                squads.setdefault(a, []).append(s)
    for a, ships in squads.items():
        if len(ships) > 1:
            group = tuple(ships)
            moves = _SQUADS.get((group, a))
            if moves is None:
                if len(_SQUADS) > 4096:
                    _SQUADS.clear()
                moves = _SQUADS[group, a] = tuple(Deploy(group, to) for to in (a, *ADJ[a]))
            parts.append(moves)
    return list(chain.from_iterable(parts))


_BY_SRC = {src: {box: _TABLES[box, src] for box in ACTIVE} for src in (False, True)}


#: interned squadron moves, by squadron (a bounded memo: cleared when it grows large)
_SQUADS: dict[tuple[tuple[int, ...], int], tuple[Deploy, ...]] = {}


def apply_deploy(state: State, move: Deploy) -> State:
    """Carry out a legal Allied move; then the German gives an order."""
    box = {"moved": MOVED, "convoy": CONVOY, "station": STATION, "watch": WATCH}[move.box]
    loc, boxes = list(state.loc), list(state.box)
    for s in move.ships:
        loc[s], boxes[s] = move.to, box
    return evolve(state, loc=tuple(loc), box=tuple(boxes), phase=GERMAN_PHASE)
