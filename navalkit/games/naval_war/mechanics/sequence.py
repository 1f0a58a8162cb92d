"""The flow of a round: the deal, the clear-out, whose turn, the Destroyer Squadron's
attack before its owner's turn, and the end of a round with its scoring."""

from __future__ import annotations

from typing import Any

from ..config import Config
from ..data import ALL_CARDS, ALL_SHIPS, CARRIER, CARRIERS, RED, SQUADRON_CARD
from ..state import CHOOSE, CLEAR, DEAL, DRAW, DS_PICK, DS_TAKE, OVER, REFILL, State
from .damage import Work, air_targets, alive, evolve, make_evolver, points, ready_carriers

#: points lost by a player eliminated before the end of a round, and won by a lone survivor
ELIMINATION_PENALTY = 10
SURVIVOR_BONUS = 10


def hand_size(config: Config, players: int) -> int:
    """Cards dealt to each player of each deck (NW-DEAL; NW-DEAL-NINE with nine players)."""
    return config.nine_deal if players == 9 else 5


def fresh_round(
    config: Config,
    n: int,
    dealer: int,
    rnd: int,
    totals: tuple[int, ...],
    history: tuple[tuple[int, ...], ...],
) -> State:
    """A new round before the deal: every card back in its deck."""
    empty: tuple[tuple[int, ...], ...] = ((),) * n
    return State(
        config=config,
        n=n,
        phase=DEAL,
        seat=dealer,
        round=rnd,
        dealer=dealer,
        totals=totals,
        deck=ALL_CARDS,
        harbor=ALL_SHIPS,
        discard=(),
        hands=empty,
        fleets=empty,
        salvos=((),) * len(ALL_SHIPS),
        mines=((),) * n,
        smoke=(-1,) * n,
        ds_owner=-1,
        ds_salvos=(),
        sunk=empty,
        lost=(),
        turns=(0,) * n,
        ready_at=(0,) * len(ALL_SHIPS),
        history=history,
    )


def can_launch(state: State, seat: int) -> bool:
    """Air strikes are possible: a ready carrier and something to aim at (NW-AIR)."""
    return bool(ready_carriers(state, seat)) and bool(air_targets(state, seat))


def clear_next(state: State) -> State:
    """The clear-out (NW-CLEAROUT): the seat at it plays red cards until he holds none,
    then the next seat; after a full lap, play starts on the dealer's left."""
    seat, cleared, n = state.seat, state.cleared, state.n
    while True:
        if len(alive(state)) <= 1:
            return end_round(state)
        if cleared >= n:
            if not state.deck:
                return end_round(state)
            w = Work(state)
            w.set(opening=False, cleared=cleared)
            return begin_work(w, _next_alive(state, state.dealer))
        if state.fleets[seat] and any(RED[c] for c in state.hands[seat]):
            if state.seat == seat and state.cleared == cleared and state.phase == CLEAR:
                return state
            return evolve(state, {"phase": CLEAR, "seat": seat, "cleared": cleared})
        cleared += 1
        seat = (seat + 1) % n


def _next_alive(state: State, after: int) -> int:
    for k in range(1, state.n + 1):
        s = (after + k) % state.n
        if state.fleets[s]:
            return s
    return after


def begin_turn(state: State, seat: int) -> State:
    """Start ``seat``'s turn: his smoke lifts (NW-SMOKE); his Destroyer Squadron attacks
    first if it survived (NW-DS); then he draws, or chooses between drawing and air strikes."""
    return begin_changes(state, {}, seat)


def begin_work(w: Work, seat: int) -> State:
    """:func:`begin_turn` on the changes of the move just made, so that the move and the
    start of the next turn build one new state between them, not two."""
    return begin_changes(w.state, w.changes, seat)


#: what every turn starts from: no card pending, no strikes, no Squadron attack under way
_TURN_START = {
    "pending": -1,
    "target": -1,
    "strikes": (),
    "queue": (),
    "ds_victim": -1,
    "ds_left": 0,
}

#: ``_turn(state, changes, seat, turns, phase)``: the state a turn starts in (the move's
#: ``changes``, then the fields every turn start sets, ``_TURN_START`` among them)
_turn = make_evolver(("seat", "turns", "phase"), _TURN_START, changes=True)


def begin_changes(st: State, ch: dict[str, Any], seat: int) -> State:
    """:func:`begin_turn` on ``ch``, the changes the move just made to ``st`` (a plain dict:
    this runs after almost every move, so it reads and writes ``ch`` directly, and
    ``ch.get(k, st.k)`` is ``Work.get`` without a Python-level call)."""
    fleets = ch.get("fleets", st.fleets)
    smoke = ch.get("smoke", st.smoke)
    turns = ch.get("turns", st.turns)
    turn = turns[seat] + 1
    turns = turns[:seat] + (turn,) + turns[seat + 1 :]  # noqa: RUF005
    if smoke[seat] >= 0:
        ch["discard"] = ch.get("discard", st.discard) + (smoke[seat],)  # noqa: RUF005
        ch["smoke"] = smoke[:seat] + (-1,) + smoke[seat + 1 :]  # noqa: RUF005
    # Only this seat's smoke, turn count and Squadron change here, so the questions below
    # (opponents in reach, ready carriers, air targets) read ``fleets`` and the old ``smoke``
    # (never this seat's own) with the new turn count.
    if ch.get("ds_owner", st.ds_owner) == seat:
        if _reach(fleets, smoke, seat, True):
            return _turn(st, ch, seat, turns, DS_PICK)
        ds_salvos = ch.get("ds_salvos", st.ds_salvos)
        ch["discard"] = (*ch.get("discard", st.discard), SQUADRON_CARD, *ds_salvos)
        ch["ds_owner"] = -1
        ch["ds_salvos"] = ()
    fleet = fleets[seat]
    if CARRIERS.isdisjoint(fleet):  # most fleets have no carrier: no air strikes
        return _turn(st, ch, seat, turns, DRAW)
    ready_at = ch.get("ready_at", st.ready_at)
    for s in fleet:  # a carrier ready to strike, and something in reach
        if CARRIER[s] and ready_at[s] <= turn:
            if _reach(fleets, smoke, seat, st.config.smoke_blocks_air):
                return _turn(st, ch, seat, turns, CHOOSE)
            break
    return _turn(st, ch, seat, turns, DRAW)


def _reach(fleets: tuple[tuple[int, ...], ...], smoke: tuple[int, ...], seat: int,
           smoke_blocks: bool) -> bool:  # fmt: skip
    """Some opponent of ``seat`` has ships, not behind smoke if ``smoke_blocks``: the test of
    ``opponents`` (and of ``air_targets``, as an afloat fleet always shows a ship)."""
    for o, fleet in enumerate(fleets):
        if o != seat and fleet and not (smoke_blocks and smoke[o] >= 0):
            return True
    return False


def ds_cards(state: State) -> tuple[int, ...]:
    return (SQUADRON_CARD, *state.ds_salvos)


def after_ds(state: State) -> State:
    """The turn proper: draw, or choose between drawing and air strikes."""
    if can_launch(state, state.seat):
        return evolve(state, {"phase": CHOOSE})
    return evolve(state, {"phase": DRAW})


def ds_next(state: State) -> State:
    """Another capture, or the Squadron's attack is over and it leaves the table."""
    victim = state.ds_victim
    if state.ds_left > 0 and state.fleets[victim]:
        return evolve(state, {"phase": DS_TAKE})
    w = Work(state)
    w.to_discard(*ds_cards(state))
    w.set(ds_owner=-1, ds_salvos=(), ds_victim=-1, ds_left=0)
    if len(alive(state)) <= 1:  # the fleets are as in ``state``
        return end_round(w.view())
    w.set(phase=CHOOSE if can_launch(state, state.seat) else DRAW)
    return w.view()


def end_turn(state: State) -> State:
    """After a turn: the round may end (NW-ROUND-END), else the next seat with ships plays."""
    return end_changes(state, {})


def end_work(w: Work) -> State:
    """:func:`end_turn` on the changes of the move just made (one new state in all)."""
    return end_changes(w.state, w.changes)


def end_changes(st: State, ch: dict[str, Any]) -> State:
    """:func:`end_turn` on ``ch``, the changes the move just made to ``st``."""
    fleets = ch.get("fleets", st.fleets)
    if not ch.get("deck", st.deck) or fleets.count(()) >= len(fleets) - 1:  # one fleet left
        return end_round(evolve(st, ch))
    after = ch.get("seat", st.seat)
    seat = (after + 1) % len(fleets)
    if not fleets[seat]:  # the next seat is out: look further round the table
        seat = _next_seat(fleets, after)
    return begin_changes(st, ch, seat)


def _next_seat(fleets: tuple[tuple[int, ...], ...], after: int) -> int:
    """The next seat after ``after`` with ships (``after`` itself if none)."""
    n = len(fleets)
    for k in range(1, n + 1):
        s = (after + k) % n
        if fleets[s]:
            return s
    return after


def round_result(state: State) -> tuple[int, ...]:
    """This round's points: ships sunk, -10 if eliminated, +10 for a lone survivor."""
    afloat = alive(state)
    out = []
    for seat in range(state.n):
        p = points(state.sunk[seat])
        if not state.fleets[seat]:
            p -= ELIMINATION_PENALTY  # NW-ELIMINATION
        elif len(afloat) == 1:
            p += SURVIVOR_BONUS  # NW-SURVIVOR
        out.append(p)
    return tuple(out)


def end_round(state: State) -> State:
    """Score the round; the game ends at the goal (NW-GOAL) or the house limit (NW-LIMIT);
    otherwise the leader deals the next round (NW-LEADER-DEALS)."""
    got = round_result(state)
    totals = tuple(t + p for t, p in zip(state.totals, got, strict=True))
    history = (*state.history, got)
    cfg = state.config
    if max(totals) >= cfg.goal or state.round >= cfg.max_rounds:
        best = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        winner = leaders[0] if len(leaders) == 1 else -1
        return evolve(
            state,
            {"phase": OVER, "totals": totals, "history": history, "winner": winner, "seat": -1},
        )
    best = max(totals)
    dealer = next(
        s for k in range(1, state.n + 1) if totals[s := (state.dealer + k) % state.n] == best
    )
    return fresh_round(cfg, state.n, dealer, state.round + 1, totals, history)


__all__ = [
    "REFILL",
    "begin_changes",
    "begin_turn",
    "begin_work",
    "clear_next",
    "end_changes",
    "end_round",
    "end_turn",
    "end_work",
    "fresh_round",
]
