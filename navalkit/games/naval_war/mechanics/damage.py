"""Pure helpers over fleets: damage, owners, targets, sinking.

Everything here reads a :class:`~.state.State` and returns plain values; the few helpers
that change things record their changes in a :class:`Work`, and :func:`evolve` builds the new
state from them in one go (the hot path of every move: see ``_Draft``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import Any

from navalkit.core.values import draft

from ..data import (
    ADD_DAMAGE,
    ADD_SHIP,
    CARD_GUN,
    CARRIER,
    CARRIERS,
    GUN,
    HITS,
    KIND,
    MINEFIELD,
    NOT_CARRIER,
    REPAIR,
    SALVO,
    SMOKE,
    SORT_KEY,
    SQUADRON,
    SUBMARINE,
    SWEEPER,
    TORPEDO,
    VALUE,
)
from ..state import DS_TARGET, State


def owner_of(state: State, ship: int) -> int:
    """The seat whose fleet holds ``ship``, or -1 if it is not afloat."""
    for seat, fleet in enumerate(state.fleets):
        if ship in fleet:
            return seat
    return -1


def mine_hits(state: State, seat: int) -> int:
    return sum(VALUE[m] for m, _ in state.mines[seat])


def salvo_hits(card: int, extra: tuple[int, ...]) -> int:
    """The damage of a salvo on a ship: its card's and the Additional Damage on it."""
    return VALUE[card] + sum(VALUE[e] for e in extra)


def ds_hits(state: State) -> int:
    """The damage the salvos on the Destroyer Squadron have done it so far (NW-DS-STOP)."""
    return sum(VALUE[c] for c in state.ds_salvos)


def hits_on(state: State, ship: int, seat: int) -> int:
    """The damage on ``ship`` of ``seat``'s fleet: salvos, their extra damage, minefields."""
    total = mine_hits(state, seat)
    for card, extra in state.salvos[ship]:
        total += VALUE[card]
        for e in extra:
            total += VALUE[e]
    return total


def salvo_owner(state: State, card: int) -> int:
    """The ship a salvo card lies on, or -1."""
    for ship, on in enumerate(state.salvos):
        for c, _ in on:
            if c == card:
                return ship
    return -1


#: ``attackable`` of the fleets with a carrier, each worked out once: a fleet stays the same
#: for many turns, and is asked about at every salvo, strike and torpedo in reach of it.
#: Tuples of ints only (which the garbage collector does not walk), and bounded.
_FRONT: dict[tuple[int, ...], tuple[int, ...]] = {}
_FRONT_MAX = 4096


def attackable(fleet: tuple[int, ...]) -> tuple[int, ...]:
    """The ships an attacker may name (NW-CARRIER): carriers only once nothing else is left."""
    if CARRIERS.isdisjoint(fleet):  # most fleets: no carrier, and no new tuple
        return fleet
    front = _FRONT.get(fleet)
    if front is None:
        if len(_FRONT) >= _FRONT_MAX:
            _FRONT.clear()
        front = _FRONT[fleet] = tuple(s for s in fleet if NOT_CARRIER[s]) or fleet
    return front


def alive(state: State) -> list[int]:
    """Seats that still have ships."""
    return [s for s in range(state.n) if state.fleets[s]]


def opponents(state: State, seat: int, *, through_smoke: bool = False) -> list[int]:
    """Opponents with ships that ``seat`` can reach (not behind smoke unless ``through_smoke``)."""
    return [
        o
        for o in range(state.n)
        if o != seat and state.fleets[o] and (through_smoke or state.smoke[o] < 0)
    ]


def ship_targets(state: State, seat: int, through_smoke: bool = False) -> list[int]:
    """Enemy ships a salvo, torpedo boat, submarine or air strike may name: those of
    :func:`opponents`, in seat order (the test inlined, as this runs at every move)."""
    out: list[int] = []
    smoke = state.smoke
    for o, fleet in enumerate(state.fleets):
        if o != seat and fleet and (through_smoke or smoke[o] < 0):
            out += attackable(fleet)
    return out


def ready_carriers(state: State, seat: int) -> list[int]:
    """Carriers of ``seat`` that may strike this turn (Kamikaze rest over)."""
    t, ready_at = state.turns[seat], state.ready_at
    return [s for s in state.fleets[seat] if CARRIER[s] and ready_at[s] <= t]


def air_targets(state: State, seat: int) -> list[int]:
    return ship_targets(state, seat, through_smoke=not state.config.smoke_blocks_air)


def card_targets(state: State, seat: int, card: int) -> list[int]:
    """Every legal target of ``card`` for ``seat`` now (-1 for a card that takes none)."""
    kind = KIND[card]
    if kind == SALVO:
        gun = CARD_GUN[card]
        if not any(GUN[s] == gun for s in state.fleets[seat]):
            return []
        out = ship_targets(state, seat)
        o = state.ds_owner
        if o >= 0 and o != seat and state.smoke[o] < 0:
            out.append(DS_TARGET)
        return out
    if kind == TORPEDO:
        return ship_targets(state, seat)
    if kind == SUBMARINE:
        return ship_targets(state, seat, through_smoke=True)
    if kind == MINEFIELD:
        return opponents(state, seat)
    if kind == ADD_DAMAGE:
        if state.opening:
            return []
        return [
            c
            for o in range(state.n)
            if o != seat
            for ship in state.fleets[o]
            for c, _ in state.salvos[ship]
        ]
    if kind == REPAIR:
        return [c for ship in state.fleets[seat] for c, _ in state.salvos[ship]]
    if kind == SMOKE:
        return [-1] if state.smoke[seat] < 0 else []
    if kind == SWEEPER:
        return [-1] if state.mines[seat] else []
    if kind == SQUADRON:
        return [-1] if state.ds_owner < 0 else []
    if kind == ADD_SHIP:
        return [-1] if state.harbor else []
    return []


def sort_fleet(ships: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Column order (NW-LAYOUT): biggest guns first, carriers behind."""
    return tuple(sorted(ships, key=SORT_RANK.__getitem__))


#: ``SORT_RANK[ship]``: the ship's place in column order, an int (compared faster than the
#: ``SORT_KEY`` tuples it is ranked by, which are all different)
_COLUMN_ORDER = sorted(range(len(SORT_KEY)), key=SORT_KEY.__getitem__)
SORT_RANK = tuple(_COLUMN_ORDER.index(s) for s in range(len(SORT_KEY)))


def points(ships: tuple[int, ...]) -> int:
    """Points of sunk ships (NW-POINTS)."""
    return sum(HITS[s] for s in ships)


class Work:
    """The changes a move makes to ``state``, field by field; ``view()`` builds the new state.

    The hot paths may read and write ``changes`` directly (see :func:`.sequence.begin_work`).
    """

    __slots__ = ("changes", "state")

    def __init__(self, state: State, changes: dict[str, Any] | None = None) -> None:
        self.state = state
        self.changes: dict[str, Any] = {} if changes is None else changes

    def get(self, name: str) -> Any:
        return self.changes[name] if name in self.changes else getattr(self.state, name)

    def set(self, **kw: Any) -> None:
        self.changes.update(kw)

    def update(self, changes: dict[str, Any]) -> None:
        """``set`` from a dict (no keyword packing: for the hot paths)."""
        self.changes.update(changes)

    def put(self, name: str, index: int, value: Any) -> None:
        """Set ``name[index] = value`` on a tuple field."""
        old = self.get(name)
        self.changes[name] = old[:index] + (value,) + old[index + 1 :]  # noqa: RUF005

    def to_discard(self, *cards: int) -> None:
        self.changes["discard"] = self.get("discard") + cards

    def view(self) -> State:
        """The state with the changes so far (for the read helpers above)."""
        return evolve(self.state, self.changes)

    def owner(self, ship: int) -> int:
        """``owner_of`` on the changed fleets, without building a state."""
        for seat, fleet in enumerate(self.get("fleets")):
            if ship in fleet:
                return seat
        return -1

    def hits(self, ship: int, seat: int) -> int:
        """``hits_on`` on the changed salvos and minefields, without building a state."""
        mines = self.get("mines")[seat]
        total: int = sum(VALUE[m] for m, _ in mines) if mines else 0
        for card, extra in self.get("salvos")[ship]:
            total += VALUE[card]
            for e in extra:
                total += VALUE[e]
        return total

    def sink(self, ship: int, by: int) -> None:
        """Send ``ship`` to the bottom: its cards to the discard pile, its points to ``by``."""
        seat = self.owner(ship)
        fleet = self.get("fleets")[seat]
        self.put("fleets", seat, tuple(s for s in fleet if s != ship))
        on = self.get("salvos")[ship]
        if on:
            self.to_discard(*(c for card, extra in on for c in (card, *extra)))
            self.put("salvos", ship, ())
        if by >= 0:
            self.put("sunk", by, self.get("sunk")[by] + (ship,))
        else:
            self.set(lost=self.get("lost") + (ship,))  # noqa: RUF005

    def sink_damaged(self, seat: int, by: int) -> list[int]:
        """Sink every ship of ``seat`` whose hits reach its hit number; returns them."""
        gone = [s for s in self.get("fleets")[seat] if self.hits(s, seat) >= HITS[s]]
        for s in gone:
            self.sink(s, by)
        return gone


def replaced(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with ``items[index]`` replaced by ``value``.

    Tuples are put together by concatenation here and in the hot paths (``noqa: RUF005``):
    ``(*a, v, *b)`` goes through a list, and is up to twice as slow (the per-ship tuples
    have 54 items; ``pile + (card,)`` is half the time of ``(*pile, card)``)."""
    return items[:index] + (value,) + items[index + 1 :]  # noqa: RUF005


def without(pile: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``pile`` less one ``card`` (its order kept)."""
    i = pile_index(pile, card)
    return pile[:i] + pile[i + 1 :]


def pile_index(pile: tuple[int, ...], card: int) -> int:
    """Where ``card`` lies in ``pile`` (ValueError if it is not there, as ``pile.index``).

    The deck and the harbour pile start in id order and cards only leave them, so they stay
    sorted: a binary search finds the card in a few steps where ``index`` walks half of a
    hundred cards. A pile in any other order (set up by hand) is searched the plain way."""
    i = bisect_left(pile, card)
    if i < len(pile) and pile[i] == card:
        return i
    return pile.index(card)


_NAMES = tuple(State.__dataclass_fields__)


#: the State a copy is written in before it is relabelled a State (see core.values.draft):
#: ``evolve`` fills one with ordinary attribute stores, which CPython 3.11 turns into its
#: fastest slot writes, over twice as fast as ``object.__setattr__`` per field (and some 10
#: times faster than dataclasses.replace); nobody ever sees the draft
_Draft = draft(State)


def make_evolver(
    args: tuple[str, ...], fixed: dict[str, Any], *, changes: bool = False
) -> Callable[..., State]:
    """A function ``f(state, *args)`` (``f(state, changes, *args)`` with ``changes``): a copy
    of ``state`` with ``changes`` applied first, then the fields named in ``args`` set to the
    values passed and those of ``fixed`` to its constants (these win over ``changes``).

    The same straight-line copy as :func:`evolve`, for the transitions made at nearly every
    step (a card drawn, a turn begun): the fields they always set are plain slot stores
    rather than a dict built and walked with ``setattr``."""
    names = [*args, *fixed]
    assert set(names) <= set(_NAMES) and len(set(names)) == len(names), names
    params = ", ".join(("state", *(("changes",) if changes else ()), *args))
    lines = [f"def evolver({params}):", "    new = _new(_Draft)"]
    lines += [f"    new.{name} = state.{name}" for name in _NAMES if name not in names]
    if changes:
        lines.append("    for name, value in changes.items():")
        lines.append("        _setattr(new, name, value)")
    lines += [f"    new.{name} = {name}" for name in args]
    for name, value in fixed.items():  # small constants, written as literals
        assert type(value) in (int, bool) or value == (), value
        lines.append(f"    new.{name} = {value!r}")
    lines.append("    new.__class__ = State")
    lines.append("    return new")
    scope: dict[str, Any] = {
        "_new": object.__new__,
        "_Draft": _Draft,
        "State": State,
        "_setattr": setattr,
    }
    exec("\n".join(lines), scope)
    evolver: Callable[..., State] = scope["evolver"]
    return evolver


#: ``evolve(state, changes)``: a copy of ``state`` with ``changes`` (a dict of field values).
#: The generated function itself, with no wrapper: it runs once per move and chance step.
evolve: Callable[[State, dict[str, Any]], State] = make_evolver((), {}, changes=True)
