"""What each card and each die roll does to the fleets (NW-SALVO to NW-ADD-SHIP)."""

from __future__ import annotations

from typing import Any

from ..data import (
    ADD_DAMAGE,
    ADD_SHIP,
    DS_HITS,
    HITS,
    KIND,
    MINEFIELD,
    REPAIR,
    SALVO,
    SMOKE,
    SQUADRON,
    SUBMARINE,
    SWEEPER,
    TORPEDO,
    VALUE,
)
from ..state import (
    DS_TARGET,
    REFILL,
    ROLL,
    ROLL_AIR,
    ROLL_DS,
    ROLL_SUBMARINE,
    ROLL_TORPEDO,
    SHIP,
    State,
)
from .damage import Work, evolve, owner_of, replaced, salvo_owner
from .sequence import clear_next, ds_next, end_changes


def strike_sinks(kind: str, roll: int) -> bool:
    """Whether a die ``roll`` sinks the target for ``kind`` of attack: ``"air_strike"`` (1),
    ``"kamikaze"`` (1-2), ``"torpedo_boat"`` (6) or ``"submarine"`` (5-6)."""
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 6:
        raise ValueError(f"a die roll is a whole number from 1 to 6, not {roll!r}")
    table = {
        "air_strike": roll == 1,
        "kamikaze": roll <= 2,
        "torpedo_boat": roll == 6,
        "submarine": roll >= 5,
    }
    if kind not in table:
        raise ValueError(f"unknown attack {kind!r}; choose from {sorted(table)}")
    return table[kind]


#: ``_SINKS[kind][roll - 1]``: strike_sinks as a table, for the die-roll hot path
_SINKS = {
    kind: tuple(strike_sinks(kind, roll) for roll in range(1, 7))
    for kind in ("air_strike", "kamikaze", "torpedo_boat", "submarine")
}


#: ``_SINKS`` rows of the air strikes, read at every air-strike roll
_AIR_SINKS = _SINKS["air_strike"]
_KAMIKAZE_SINKS = _SINKS["kamikaze"]


def finish_play(w: Work) -> State:
    """After the turn's play (its changes in ``w``): refill in the clear-out, else the turn
    ends."""
    return finish_changes(w.state, w.changes)


def finish_changes(st: State, ch: dict[str, Any]) -> State:
    """:func:`finish_play` on ``ch``, the changes the play made to ``st`` (a plain dict, as
    this follows nearly every card played or discarded)."""
    if ch.get("opening", st.opening):
        if ch.get("deck", st.deck):
            ch["phase"] = REFILL
            return evolve(st, ch)
        return clear_next(evolve(st, ch))
    return end_changes(st, ch)


def resolve_card(state: State, seat: int, card: int, target: int) -> State:
    """Play ``card`` (from the hand, or the red card just drawn) at ``target``."""
    ch = leave_hand(state, seat, card)
    kind = KIND[card]
    if kind == SALVO and target != DS_TARGET:  # the most frequent play, built on ``ch``
        salvos = state.salvos
        on = salvos[target] + ((card, ()),)
        ch["salvos"] = salvos[:target] + (on,) + salvos[target + 1 :]  # noqa: RUF005
        # NW-HITNUMBER, NW-SINK-CREDIT: only the salvos changed, so the fleets and the
        # minefields are the state's (this is ``_check_sunk`` without a Work)
        owner = owner_of(state, target)
        mines = state.mines[owner]
        total = sum(VALUE[m] for m, _ in mines) if mines else 0
        for c, extra in on:
            total += VALUE[c]
            for e in extra:
                total += VALUE[e]
        if total >= HITS[target]:
            Work(state, ch).sink(target, seat)
        return finish_changes(state, ch)
    w = Work(state, ch)
    if kind == SALVO:  # at the Destroyer Squadron
        on_ds = (*state.ds_salvos, card)
        if sum(VALUE[c] for c in on_ds) >= DS_HITS:  # NW-DS-STOP
            from .sequence import ds_cards

            w.to_discard(*ds_cards(state), card)
            w.set(ds_owner=-1, ds_salvos=())
        else:
            w.set(ds_salvos=on_ds)
    elif kind == ADD_DAMAGE:
        ship = salvo_owner(state, target)
        marked = tuple(
            (c, (*extra, card)) if c == target else (c, extra) for c, extra in state.salvos[ship]
        )
        w.put("salvos", ship, marked)
        _check_sunk(w, ship, seat)
    elif kind == REPAIR:
        ship = salvo_owner(state, target)
        removed = [(c, extra) for c, extra in state.salvos[ship] if c == target]
        w.put("salvos", ship, tuple(x for x in state.salvos[ship] if x[0] != target))
        w.to_discard(card, *(c for salvo, extra in removed for c in (salvo, *extra)))
    elif kind == SMOKE:
        w.put("smoke", seat, card)
    elif kind == SWEEPER:
        w.to_discard(card, *(m for m, _ in state.mines[seat]))
        w.put("mines", seat, ())
    elif kind == SQUADRON:
        w.set(ds_owner=seat, ds_salvos=())
    elif kind == MINEFIELD:
        w.put("mines", target, state.mines[target] + ((card, seat),))
        by = seat if state.config.mine_credit == "layer" else -1
        w.sink_damaged(target, by)  # NW-MINEFIELD, NW-MINE-CREDIT
    elif kind in (SUBMARINE, TORPEDO):
        roll = ROLL_SUBMARINE if kind == SUBMARINE else ROLL_TORPEDO
        w.set(pending=card, target=target, phase=ROLL, roll_for=roll)
        return w.view()
    elif kind == ADD_SHIP:
        w.set(pending=card, phase=SHIP)
        return w.view()
    return finish_changes(state, ch)


def leave_hand(state: State, seat: int, card: int) -> dict[str, Any]:
    """The changes of ``card`` being played or discarded: the red card just drawn is no longer
    pending, or the card goes out of ``seat``'s hand (cards are unique: it is the one)."""
    if card == state.pending:
        return {"pending": -1}
    hands = state.hands
    hand = hands[seat]
    i = hand.index(card)
    return {"hands": hands[:seat] + (hand[:i] + hand[i + 1 :],) + hands[seat + 1 :]}  # noqa: RUF005


def _check_sunk(w: Work, ship: int, by: int) -> None:
    """Sink ``ship`` if its hits reach its hit number; ``by`` dealt the last damage."""
    if w.hits(ship, w.owner(ship)) >= HITS[ship]:
        w.sink(ship, by)  # NW-HITNUMBER, NW-SINK-CREDIT


def resolve_roll(state: State, roll: int) -> State:
    """A die has been rolled for an attack or for the Destroyer Squadron."""
    seat, what = state.seat, state.roll_for
    ch: dict[str, Any] = {"roll_for": -1}
    if what == ROLL_AIR:  # the most frequent roll
        strikes = state.strikes
        carrier, target, kamikaze = strikes[0]
        hit = (_KAMIKAZE_SINKS if kamikaze else _AIR_SINKS)[roll - 1]
        if hit:
            Work(state, ch).sink(target, seat)
        if kamikaze:  # NW-KAMIKAZE: sit out 1 turn after a miss, roll + 1 after a hit
            rest = roll + 1 if hit else 1
            ch["ready_at"] = replaced(state.ready_at, carrier, state.turns[seat] + rest + 1)
        return _next_strike(state, ch, strikes[1:])
    if what == ROLL_DS:
        ch["ds_left"] = roll
        return ds_next(evolve(state, ch))
    assert what in (ROLL_TORPEDO, ROLL_SUBMARINE), what
    w = Work(state, ch)
    kind = "submarine" if what == ROLL_SUBMARINE else "torpedo_boat"
    if _SINKS[kind][roll - 1] and owner_of(state, state.target) >= 0:
        w.sink(state.target, seat)
    w.to_discard(state.pending)
    w.set(pending=-1, target=-1)
    return finish_changes(state, ch)


def next_strike(w: Work, strikes: tuple[tuple[int, int, bool], ...]) -> State:
    """Roll for the next designated strike whose target is still afloat, or end the turn."""
    return _next_strike(w.state, w.changes, strikes)


def _next_strike(
    st: State, ch: dict[str, Any], strikes: tuple[tuple[int, int, bool], ...]
) -> State:
    """:func:`next_strike` on ``ch``, the changes the roll made to ``st``."""
    fleets = ch.get("fleets", st.fleets)
    while strikes and not _afloat(fleets, strikes[0][1]):
        strikes = strikes[1:]
    ch["strikes"] = strikes
    if strikes:
        ch["phase"] = ROLL
        ch["roll_for"] = ROLL_AIR
        return evolve(st, ch)
    ch["phase"] = -1
    return end_changes(st, ch)


def _afloat(fleets: tuple[tuple[int, ...], ...], ship: int) -> bool:
    for fleet in fleets:  # noqa: SIM110 (a plain loop: no generator on this hot path)
        if ship in fleet:
            return True
    return False
