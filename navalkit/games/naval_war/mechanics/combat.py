"""What each card and each die roll does to the fleets (NW-SALVO to NW-ADD-SHIP)."""

from __future__ import annotations

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
from .damage import Work, owner_of, replaced, salvo_owner, without
from .sequence import clear_next, ds_next, end_work


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


def finish_play(w: Work) -> State:
    """After the turn's play (its changes in ``w``): refill in the clear-out, else the turn
    ends."""
    st = w.state
    if w.changes.get("opening", st.opening):
        if w.changes.get("deck", st.deck):
            w.set(phase=REFILL)
            return w.view()
        return clear_next(w.view())
    return end_work(w)


def resolve_card(state: State, seat: int, card: int, target: int) -> State:
    """Play ``card`` (from the hand, or the red card just drawn) at ``target``."""
    w = Work(state)
    if card == state.pending:
        w.changes["pending"] = -1
    else:  # cards are unique, so this takes the one card out of the hand
        w.changes["hands"] = replaced(state.hands, seat, without(state.hands[seat], card))
    kind = KIND[card]
    if kind == SALVO:
        if target == DS_TARGET:
            on = (*state.ds_salvos, card)
            if sum(VALUE[c] for c in on) >= DS_HITS:  # NW-DS-STOP
                from .sequence import ds_cards

                w.to_discard(*ds_cards(state), card)
                w.set(ds_owner=-1, ds_salvos=())
            else:
                w.set(ds_salvos=on)
        else:
            w.changes["salvos"] = replaced(
                state.salvos, target, (*state.salvos[target], (card, ()))
            )
            _check_sunk(w, target, seat)
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
    return finish_play(w)


def _check_sunk(w: Work, ship: int, by: int) -> None:
    """Sink ``ship`` if its hits reach its hit number; ``by`` dealt the last damage."""
    if w.hits(ship, w.owner(ship)) >= HITS[ship]:
        w.sink(ship, by)  # NW-HITNUMBER, NW-SINK-CREDIT


def resolve_roll(state: State, roll: int) -> State:
    """A die has been rolled for an attack or for the Destroyer Squadron."""
    seat, what = state.seat, state.roll_for
    w = Work(state)
    w.changes["roll_for"] = -1
    if what == ROLL_DS:
        w.set(ds_left=roll)
        return ds_next(w.view())
    if what in (ROLL_TORPEDO, ROLL_SUBMARINE):
        kind = "submarine" if what == ROLL_SUBMARINE else "torpedo_boat"
        if _SINKS[kind][roll - 1] and owner_of(state, state.target) >= 0:
            w.sink(state.target, seat)
        w.to_discard(state.pending)
        w.set(pending=-1, target=-1)
        return finish_play(w)
    assert what == ROLL_AIR
    carrier, target, kamikaze = state.strikes[0]
    hit = _SINKS["kamikaze" if kamikaze else "air_strike"][roll - 1]
    if hit:
        w.sink(target, seat)
    if kamikaze:  # NW-KAMIKAZE: sit out 1 turn after a miss, roll + 1 after a hit
        rest = roll + 1 if hit else 1
        w.put("ready_at", carrier, state.turns[seat] + rest + 1)
    return next_strike(w, state.strikes[1:])


def next_strike(w: Work, strikes: tuple[tuple[int, int, bool], ...]) -> State:
    """Roll for the next designated strike whose target is still afloat, or end the turn."""
    while strikes and w.owner(strikes[0][1]) < 0:
        strikes = strikes[1:]
    w.set(strikes=strikes)
    if strikes:
        w.set(phase=ROLL, roll_for=ROLL_AIR)
        return w.view()
    w.set(phase=-1)
    return end_work(w)
