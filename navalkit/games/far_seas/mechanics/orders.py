"""German orders and Allied moves: who may do what this segment, and what it does.

Rules FS-GER-MOVE, FS-SQUADRON, FS-AMC-FIRST, FS-PANAMA, FS-RIVER*, FS-HOME, FS-INTERN,
FS-SURPRISE*, FS-STATION-RAID, FS-CONVOY-ATTACK, FS-BRIT-MOVE, FS-CONVOY, FS-STATION-DUTY.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from ..actions import Deploy, Order
from ..data import (
    ADJ,
    ENGLAND,
    FIRST_ALLIED,
    HALF,
    HOME_AREA,
    IS_AMC,
    N_AREAS,
    NEUTRAL,
    PANAMA,
    RIVER,
    RIVER_SHIPS,
    RUFIJI_AREA,
    SHIPS,
    STATIONS_IN,
)
from ..state import (
    ALLY as ALLY_PHASE,
)
from ..state import (
    CHANCE,
    CONVOY,
    HOME,
    INTERNED,
    MOVED,
    RIVER_BOX,
    SEARCH,
    STATION,
    SUNK,
    WATCH,
    State,
    Unit,
    evolve,
    evolver,
    maker,
    ships_in,
)
from ..state import (
    GERMAN as GERMAN_PHASE,
)
from .allied_positions import ESCORT, fleet, moved_on, squadron_ships
from .combat import group_speed, start_battle
from .search import ALONE, enter_search
from .sequence import at_sea_germans, finish_unit, station_guards


def watchers(state: State) -> list[int]:
    """Allied ships beside the Rufiji (FS-RIVER-SEARCH)."""
    return ships_in(state.box, WATCH, FIRST_ALLIED)


def german_units(state: State) -> list[tuple[int, ...]]:
    """Ships or squadrons that may take an order now (AMCs first: FS-AMC-FIRST)."""
    return _units(state, _unacted(state))


def _unacted(state: State) -> Sequence[int]:
    """German ships at sea without an order yet this turn, in id order."""
    acted = state.acted
    if not acted:
        return at_sea_germans(state.box)
    # (list comprehensions here and in _units: faster than map or filterfalse over a
    # bound method such as ``acted.__contains__``, which Python calls with an argument tuple)
    return [g for g in at_sea_germans(state.box) if g not in acted]


#: the German AMCs are the last German ids (see _units)
FIRST_AMC: Final = IS_AMC.index(True)
assert all(IS_AMC[FIRST_AMC:FIRST_ALLIED]) and not any(IS_AMC[:FIRST_AMC])


def _units(state: State, left: Sequence[int]) -> list[tuple[int, ...]]:
    # the AMCs first (FS-AMC-FIRST): the last ships of ``left``, from FIRST_AMC on
    pool = left[bisect_left(left, FIRST_AMC) :] or left
    units: list[tuple[int, ...]] = [ALONE[g] for g in pool]
    if len(pool) > 1:
        loc = state.loc
        if len({loc[g] for g in pool}) < len(pool):  # some share an area
            box = state.box
            by_area: dict[int, list[int]] = {}
            for g in pool:
                if box[g] != RIVER_BOX:
                    by_area.setdefault(loc[g], []).append(g)
            units += [tuple(ships) for ships in by_area.values() if len(ships) > 1]
    return units


def can_surprise(state: State, unit: tuple[int, ...]) -> bool:
    """FS-SURPRISE: once a turn, once a game per ship, not discovered, not half damaged."""
    if state.surprise_turn:
        return False
    surprised, discovered, damage = state.surprised, state.discovered, state.damage
    for g in unit:  # noqa: SIM110 (a plain loop: this is a hot path)
        if g in surprised or g in discovered or damage[g] >= HALF[g]:
            return False
    return True


def unit_orders(state: State, unit: tuple[int, ...]) -> list[Order]:
    """Every legal order for one ship or squadron."""
    return list(_orders(state, (unit,), len(_unacted(state))))


def german_orders(state: State) -> tuple[Order, ...]:
    """All legal German orders this segment."""
    left = _unacted(state)
    return _orders(state, _units(state, left), len(left))


def _orders(state: State, units: Sequence[tuple[int, ...]], left: int) -> tuple[Order, ...]:
    """The orders of ``units`` (``left``: how many German ships may still take an order
    this turn), one unit after the other. One loop for them all: what they read of the
    position is looked up once, as plain locals. A unit alone in the usual case (see
    below) has its orders in a tuple made once, handed out as it is."""
    out: list[Order] = []
    box, loc, raided = state.box, state.loc, state.raided
    at = fleet(state).at
    escorts, moved = at[CONVOY], at[MOVED]
    # the areas of those boxes as dict views: a view checks the few areas next door against
    # the dict, where frozenset.isdisjoint(dict) walks every key of it (0.15 against 0.7
    # microseconds for 20 areas; 0.5 % of a playout's instructions)
    moved_areas, escorted = moved.keys(), escorts.keys()
    moved_any, surprise_turn = bool(state.moved), state.surprise_turn
    for unit in units:
        first = unit[0]
        area = loc[first]
        if len(unit) == 1 and 0 <= area < N_AREAS:  # a ship alone: its templates by index
            t = _SOLO[first * N_AREAS + area] or _solo(first, area)
        else:
            t = _TEMPLATES.get((unit, area)) or _template(unit, area)
        # FS-GER-MOVE: he may hold if a ship has moved this turn or will still move
        may_hold = moved_any or left > len(unit)
        if box[first] == RIVER_BOX:
            # FS-RIVER-STAY: she may always stay in the river: it is the seed's 'remain in
            # area', her move when she is the last at sea ('must move at least 1'), and the
            # watchers search only a ship that moved into the river, so it shows her to no one
            if not (first in state.river_found and at[WATCH]):
                out.append(t.leave)
            out.append(t.hold)
            continue
        # which of the four endings (see _Template.ends): bit 0 the hold, bit 1 the river
        k = 2 if t.river is not None and RIVER_BOX not in box[:FIRST_ALLIED] else 0
        if may_hold:
            k += 1
        near = t.near
        if not surprise_turn and not moved_areas.isdisjoint(near) and can_surprise(state, unit):
            # FS-SURPRISE-ALONE: a German squadron may surprise any of the ships; a ship
            # alone only a single ship (none of a squadron) of capacity <= its own + 1
            if len(unit) == 1:
                cap, in_squadrons = _CAPACITY[first] + 1, squadron_ships(state.squads)
            else:
                cap, in_squadrons = _ANY, _NONE
            _dest_orders(t, unit, raided, escorts, moved, cap, in_squadrons, out)
        elif escorted.isdisjoint(near) and t.stations.isdisjoint(raided):
            # the usual case, no convoy to attack nor ship to surprise next door and no
            # station there raided yet: every move and raid, then the ending
            if len(units) == 1:
                return t.plain[k]
            out += t.plain[k]
            continue
        else:
            # a convoy or a raided station next door: these orders are remembered with the
            # very objects they were worked out from (a fleet's Convoy boxes, never changed
            # once made, and the raided stations), which stay the same through most of a turn
            memo = t.memo
            if memo is None or memo[0] is not escorts or memo[1] is not raided:
                listed: list[Order] = []
                _dest_orders(t, unit, raided, escorts, _NO_SHIPS, 0, _NONE, listed)
                memo = t.memo = (escorts, raided, listed)
            out += memo[2]
        out += t.ends[k]
    return tuple(out)


def _dest_orders(
    t: _Template,
    unit: tuple[int, ...],
    raided: frozenset[int],
    escorts: Mapping[int, tuple[int, ...]],
    moved: Mapping[int, tuple[int, ...]],
    cap: int,
    in_squadrons: frozenset[int],
    out: list[Order],
) -> None:
    """Add to ``out`` each destination's orders: the move, the raids of its unraided
    stations, the convoy attack if escorted, and the surprises of the ships in ``moved``
    (the Moved boxes, empty when the unit may not surprise) of capacity up to ``cap`` and
    not in ``in_squadrons``."""
    for to, move, raids, convoy, made in t.dests:
        out.append(move)
        for st, raid in raids:
            if st not in raided:
                out.append(raid)
        if to in escorts:
            out.append(convoy)
        if to in moved:
            for target in moved[to]:
                if _CAPACITY[target] <= cap and target not in in_squadrons:
                    order = made.get(target)
                    if order is None:
                        order = made[target] = _order(unit, "surprise", to, target)
                    out.append(order)


class _Template:
    """The interned orders of one unit in one area (what does not depend on the position)."""

    __slots__ = (
        "dests", "ends", "hold", "leave", "memo", "near", "plain", "river", "stations",
    )  # fmt: skip

    def __init__(self, unit: tuple[int, ...], area: int) -> None:
        #: each destination: its area, move, (station, raid)s, convoy attack and surprises
        dests: list[tuple[int, Order, tuple[tuple[int, Order], ...], Order, dict[int, Order]]] = []
        ok = 0 <= area < len(DESTS)
        areas = DESTS[area] if ok else ()
        for to in areas:
            raids: tuple[tuple[int, Order], ...] = ()
            if STATIONS_IN[to]:
                raids = tuple((st, _order(unit, "raid", to, st)) for st in STATIONS_IN[to])
            # the surprise orders into ``to`` are made as they are first met, by target
            dests.append((to, _order(unit, "move", to), raids, _order(unit, "convoy", to), {}))
        self.dests = tuple(dests)
        self.near, self.stations = (NEAR[area], NEAR_STATIONS[area]) if ok else (_NONE, _NONE)
        first = unit[0]
        tail: tuple[Order, ...] = ()
        if area in PANAMA:
            tail = (_order(unit, "panama", PANAMA[1] if area == PANAMA[0] else PANAMA[0]),)
        self.river: Order | None = None
        if len(unit) == 1 and area == RUFIJI_AREA and SHIPS[first].name in RIVER_SHIPS:
            self.river = _order(unit, "river", RIVER)
        tail2: list[Order] = []
        if area == HOME_AREA:
            tail2.append(_order(unit, "home", area))
        if area in NEUTRAL and all(SHIPS[g].cls.code == "AMC" for g in unit):
            tail2.append(_order(unit, "intern", area))
        self.hold = _order(unit, "hold", area)
        self.leave = _order(unit, "leave", RUFIJI_AREA)
        #: the orders after the destinations' ones, by which of them are open (bit 0: the
        #: hold, bit 1: the river)
        river = (self.river,) if self.river is not None else ()
        self.ends: tuple[tuple[Order, ...], ...] = tuple(
            (*tail, *(river if k & 2 else ()), *tail2, *((self.hold,) if k & 1 else ()))
            for k in range(4)
        )
        #: the whole list of each ending in the usual case (no convoy next door, no station
        #: there raided, no ship to surprise): every move and raid, then the ending
        moves: list[Order] = []
        _dest_orders(self, unit, _NONE, _NO_SHIPS, _NO_SHIPS, 0, _NONE, moves)
        self.plain = tuple((*moves, *end) for end in self.ends)
        #: the moves, raids and convoy attacks last listed when a convoy or a raided station
        #: is next door, with the Convoy boxes and raided stations they were worked out
        #: from (see _orders)
        self.memo: tuple[Any, ...] | None = None


#: interned templates (a bounded memo: cleared when it grows large)
_TEMPLATES: Final[dict[tuple[tuple[int, ...], int], _Template]] = {}
#: each ship's capacity (FS-SURPRISE-ALONE compares them), and one above them all
_CAPACITY: Final = tuple(s.cls.capacity for s in SHIPS)
_ANY: Final = max(_CAPACITY) + 1
#: no ships anywhere (what _dest_orders reads for no Convoy or no Moved box; read-only)
_NO_SHIPS: Final[Mapping[int, tuple[int, ...]]] = MappingProxyType({})


#: the templates of each ship alone in each area, by ship * N_AREAS + area (made as first met):
#: a look-up by index, where the memo above hashed a new (unit, area) key for every unit of
#: every German order list
_SOLO: Final[list[_Template | None]] = [None] * (len(SHIPS) * N_AREAS)


def _solo(ship: int, area: int) -> _Template:
    t = _SOLO[ship * N_AREAS + area] = _Template(ALONE[ship], area)
    return t


def _template(unit: tuple[int, ...], area: int) -> _Template:
    t = _TEMPLATES.get((unit, area))
    if t is None:
        if len(_TEMPLATES) > 8192:
            _TEMPLATES.clear()
        t = _TEMPLATES[unit, area] = _Template(unit, area)
    return t


#: where a German may go from each area: stay or a neighbour, never the England box
DESTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    (a, *(n for n in ADJ[a] if n != ENGLAND)) for a in range(len(ADJ))
)
#: the same as sets, and the stations in them (see unit_orders)
NEAR: Final = tuple(frozenset(d) for d in DESTS)
NEAR_STATIONS: Final = tuple(frozenset(st for to in d for st in STATIONS_IN[to]) for d in DESTS)
_NONE: Final[frozenset[int]] = frozenset()


#: ``Unit(...)`` and ``Order(...)``, made faster (see state.maker): every German order makes a
#: unit, and the first time a ship or squadron is met in an area its dozen orders are made
_unit: Final = maker(Unit)
_order: Final = maker(Order)


def _sail(
    state: State,
    unit: Unit,
    to: int,
    phase: str = SEARCH,
    box: int = MOVED,
    revealed: frozenset[int] | None = None,
) -> State:
    """``state`` in ``phase`` once the ships of ``unit`` (the order) are in ``box`` of area
    ``to``, as having moved (and ``revealed``, if given, the ships revealed)."""
    locs, boxes = list(state.loc), list(state.box)
    for g in unit.ships:
        locs[g], boxes[g] = to, box
    return _sailed(
        state,
        loc=tuple(locs),
        box=tuple(boxes),
        moved=state.moved.union(unit.ships),
        unit=unit,
        revealed=state.revealed if revealed is None else revealed,
        phase=phase,
    )


#: the copiers of apply_order (see state.evolver): every order but a hold moves its ships
_sailed: Final = evolver(State, "loc", "box", "moved", "unit", "revealed", "phase")
_holding: Final = evolver(State, "unit")
_searching: Final = evolver(State, "phase")


def apply_order(state: State, order: Order) -> State:
    """Carry out a legal German order (the caller has checked it)."""
    ships, kind, to = order.ships, order.kind, order.to
    if kind == "move":  # two German orders in three (and the shortest way)
        return enter_search(state, _sail(state, _unit(ships, kind, to), to))
    if kind == "hold":
        return finish_unit(_holding(state, unit=_unit(ships, kind, state.loc[ships[0]])))
    if kind in ("home", "intern"):
        state = evolve(state, revealed=state.revealed | set(ships), unit=_unit(ships, kind, to))
        if kind == "home":
            return evolve(state, phase=CHANCE, roll="home", dice=ships)
        boxes, loc = list(state.box), list(state.loc)
        for g in ships:
            boxes[g], loc[g] = INTERNED, -1
        avp = state.avp + sum(SHIPS[g].cls.vp for g in ships)
        return finish_unit(evolve(state, box=tuple(boxes), loc=tuple(loc), avp=avp))
    if kind == "river":
        return enter_search(
            state, _sail(state, _unit(ships, kind, RIVER), RUFIJI_AREA, box=RIVER_BOX)
        )
    unit = _unit(ships, kind, to, order.target if kind == "raid" else -1)
    if kind == "leave":
        after = _sail(state, unit, to, state.phase)
        state = evolve(after, river_found=state.river_found - set(ships))
        watch = watchers(state)
        if watch:  # FS-RIVER-EXIT
            return start_battle(state, ships, tuple(watch), "river", rufiji=True, run_first=False)
        return enter_search(state, _searching(state, phase=SEARCH))
    if kind == "surprise":
        after = _sail(state, unit, to, state.phase)
        state = evolve(after, surprise_turn=True, surprised=state.surprised | set(ships))
        return start_battle(state, ships, (order.target,), "surprise", surprise=True)
    if kind == "convoy":
        after = _sail(state, unit, to, CHANCE, revealed=state.revealed | set(ships))
        return evolve(after, roll="convoy")
    if kind == "raid":
        revealed = state.revealed | set(ships)
        guards = station_guards(state, to)
        if guards:  # FS-STATION-AUTO
            after = _sail(state, unit, to, state.phase, revealed=revealed)
            return start_battle(after, ships, tuple(guards), "raid")
        return enter_search(state, _sail(state, unit, to, revealed=revealed))
    return enter_search(state, _sail(state, unit, to))


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


def convoy_modifier(state: State, ships: tuple[int, ...]) -> int:
    """FS-CONVOY-ATTACK: what the raiders' speed grade takes off the convoy die (-2 at grade
    4 or more, -1 at 3)."""
    grade = group_speed(state, ships)
    return -2 if grade >= 4 else (-1 if grade == 3 else 0)


def convoy_surprised(roll: int, modifier: int) -> bool:
    """FS-CONVOY-ATTACK: a modified 1-3 surprises the convoy; 4-6 means fighting the escort."""
    return roll + modifier <= 3


def convoy_roll(state: State, roll: int) -> State:
    """FS-CONVOY-ATTACK: modified 1-3 surprises the convoy; 4-6 means fighting the escort."""
    unit = state.unit
    assert unit is not None
    if convoy_surprised(roll, convoy_modifier(state, unit.ships)):
        unit = evolve(unit, fought=True)
        return evolve(state, unit=unit, roll="sink", dice=unit.ships)
    escort = fleet(state).at[CONVOY].get(unit.area, ())
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
    return ESCORT[state.config.convoy_speed == "3 or more"][ship]


def allied_moves(state: State) -> Sequence[object]:
    """All legal Allied moves this segment (FS-BRIT-MOVE), pass first (a ChainedActions of
    the fleet's chunks of moves)."""
    return fleet(state).moves()


def listed_move(state: State, move: object) -> bool:
    """Whether the Allied ``move`` (a Deploy, or junk) is one of allied_moves(state), the
    very object: looked for among its own ship's few (see Fleet.lists), not along the whole
    list of some 310."""
    return state.phase == ALLY_PHASE and fleet(state).lists(move)


_BOXES: Final = {"moved": MOVED, "convoy": CONVOY, "station": STATION, "watch": WATCH}


def apply_deploy(state: State, move: Deploy) -> State:
    """Carry out a legal Allied move; then the German gives an order."""
    box, ships, to = _BOXES[move.box], move.ships, move.to
    loc, boxes = list(state.loc), list(state.box)
    for s in ships:
        loc[s], boxes[s] = to, box
    new_loc, new_box = tuple(loc), tuple(boxes)
    # the new position's fleet is made first, so that the position is made with it in one
    # copy (None: not a move the short path covers, regrouped below the general way)
    f = fleet(state).deployed(new_box, new_loc, move, box)
    if len(ships) > 1:  # a squadron stays one until the turn ends (FS-SEARCH)
        squads = state.squads | {ships}
        after = _squadron(
            state, loc=new_loc, box=new_box, phase=GERMAN_PHASE, squads=squads, fleet=f
        )
    else:
        after = _deployed(state, loc=new_loc, box=new_box, phase=GERMAN_PHASE, fleet=f)
    return after if f is not None else moved_on(state, after, ships)


#: the copiers of apply_deploy (see state.evolver)
_deployed: Final = evolver(State, "loc", "box", "phase", "fleet")
_squadron: Final = evolver(State, "loc", "box", "phase", "squads", "fleet")
