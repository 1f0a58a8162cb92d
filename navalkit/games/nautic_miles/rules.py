"""The Nautic Miles rules as pure functions: set-up, chance (deal and draw), apply, turn flow.

``apply`` assumes a legal action (the Game checks with :func:`moves.refusal` first). Timers
(rules NM-MINE-TIMING, NM-BATTLE-WIN) fire at the start of a seat's turn, before its draw.
"""

from __future__ import annotations

from itertools import repeat

from .actions import Action, Discard, Place
from .config import Config
from .data import (
    ALERT,
    ALL_CARDS,
    ARRIVAL,
    DISTANCE,
    END_ALERT,
    FINE_SEA,
    HAND_SIZE,
    KIND,
    MILES,
    MINE,
    NEUTRAL,
    PLANE,
    PLANE_HIT,
    RADAR,
    STORM,
    STORM_MAX,
    STRENGTH,
    SUB_PAIR,
    SUBMARINE,
    SWEEPER,
)
from .scoring import limit_reached, score_round
from .state import (
    ATTACKER,
    DEAL,
    DEFENDER,
    DRAW,
    NONE,
    OVER,
    PLAY,
    REFILL,
    Convoy,
    RoundResult,
    State,
)

Rows = tuple[tuple[Convoy, ...], ...]
Cards = tuple[int, ...]
_new = tuple.__new__


def sides_of(players: int, teams: bool) -> tuple[int, ...]:
    """The side (row) of each seat: partners sit opposite (rule NM-TEAMS)."""
    if teams and players in (4, 6):
        half = players // 2
        return tuple(seat % half for seat in range(players))
    return tuple(range(players))


def initial_state(config: Config, players: int) -> State:
    """Round 1 about to be dealt; the last seat deals, so seat 0 receives and plays first."""
    side = sides_of(players, config.teams)
    sides = max(side) + 1
    return _new_round(
        State(
            config=config,
            players=players,
            side=side,
            sides=sides,
            phase=DEAL,
            seat=0,
            dealer=players - 1,
            deal_left=0,
            pile=(),
            hands=(),
            discard=(),
            rows=(),
            ports=(),
            captures=(),
            totals=(0,) * sides,
            round_no=0,
            last_round=None,
            ply=0,
        ),
        players - 1,
    )


def _new_round(state: State, dealer: int) -> State:
    """All 106 cards back in the pile; deal six each, one at a time (rule NM-DEAL)."""
    n = state.players
    empty: tuple[()] = ()
    return state._replace(
        phase=DEAL,
        seat=(dealer + 1) % n,
        dealer=dealer,
        deal_left=HAND_SIZE * n,
        pile=ALL_CARDS,
        hands=(empty,) * n,
        discard=empty,
        rows=(empty,) * state.sides,
        ports=(empty,) * state.sides,
        captures=(empty,) * n,
        round_no=state.round_no + 1,
    )


# --- chance -----------------------------------------------------------------------------------
def chance_outcomes(state: State) -> list[tuple[int, float]]:
    """Every card left in the pile, equally likely (one card drawn at a time)."""
    pile = state.pile
    return list(zip(pile, repeat(1.0 / len(pile))))


def _take(pile: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = pile.index(card)
    return pile[:i] + pile[i + 1 :]


def _give(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``hand`` with ``card`` added, kept sorted (so kinds come grouped)."""
    for i, c in enumerate(hand):
        if c > card:
            return (*hand[:i], card, *hand[i:])
    return (*hand, card)


def apply_chance(state: State, card: int) -> State:
    """The drawn ``card`` goes to the seat receiving it."""
    seat = state.seat
    hands = list(state.hands)
    hands[seat] = _give(hands[seat], card)
    pile = _take(state.pile, card)
    if state.phase == DEAL:
        left = state.deal_left - 1
        nxt = (seat + 1) % state.players
        phase = DRAW if left == 0 else DEAL
        return state._replace(pile=pile, hands=tuple(hands), seat=nxt, deal_left=left, phase=phase)
    if state.phase == DRAW:  # (a fast ``_replace(phase=PLAY, pile=pile, hands=hands)``)
        return _new(State, (*state[:4], PLAY, *state[5:8], pile, tuple(hands), *state[10:]))
    # REFILL after two submarines: the turn then ends.
    return _advance(state._replace(pile=pile, hands=tuple(hands)))


# --- playing a card ---------------------------------------------------------------------------
def _remove_kind(
    hand: tuple[int, ...], kind: int, count: int = 1
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(hand without ``count`` cards of ``kind``, the cards taken): the lowest ids go."""
    i = 0
    while KIND[hand[i]] != kind:
        i += 1
    return hand[:i] + hand[i + count :], hand[i : i + count]


def destroy(state: State, row: int, at: int, captor: int) -> State:
    """Convoy ``at`` of ``row`` is destroyed: ``captor`` takes it (NM-CAPTURE-WHO), every card
    on it goes to the discard pile (NM-MULTI-ATTACK)."""
    cv = state.rows[row][at]
    rows = list(state.rows)
    rows[row] = rows[row][:at] + rows[row][at + 1 :]
    caps = list(state.captures)
    caps[captor] = caps[captor] + ((cv.card, cv.radar != NONE),)
    return state._replace(
        rows=tuple(rows), captures=tuple(caps), discard=state.discard + cv.cards()[1:]
    )


def _put(rows: tuple[tuple[Convoy, ...], ...], row: int, at: int, cv: Convoy) -> Rows:
    """``rows`` with convoy ``at`` of ``row`` replaced by ``cv``."""
    r = rows[row]
    return (*rows[:row], (*r[:at], cv, *r[at + 1 :]), *rows[row + 1 :])


def _set(state: State, row: int, at: int, cv: Convoy, dead: tuple[int, ...] = ()) -> State:
    rows = _put(state.rows, row, at, cv)
    if dead:
        return state._replace(rows=rows, discard=state.discard + dead)
    return state._replace(rows=rows)


def _table(state: State, hands: list[tuple[int, ...]], rows: Rows, discard: Cards) -> State:
    """The table after a play: new hands, rows and discard pile, one more ply (a fast
    ``_replace``; the field order is State's)."""
    ply = state.ply + 1
    return _new(State, (*state[:9], tuple(hands), discard, rows, *state[12:17], ply, *state[18:]))


def _turn(state: State, seat: int, phase: int) -> State:
    """``state`` with ``seat`` to act in ``phase`` (a fast ``_replace(seat=, phase=)``)."""
    return _new(State, (*state[:4], phase, seat, *state[6:]))


def _arrive(state: State, row: int, at: int, cv: Convoy) -> State:
    """The convoy reaches port (NM-ARRIVAL, NM-PORT): attack cards lapse."""
    rows = list(state.rows)
    rows[row] = rows[row][:at] + rows[row][at + 1 :]
    ports = list(state.ports)
    dead = cv.attack_cards()
    safe = Convoy(cv.card, cv.miles, cv.mile_cards, cv.radar, fast=cv.fast)
    ports[row] = ports[row] + (safe,)
    return state._replace(rows=tuple(rows), ports=tuple(ports), discard=state.discard + dead)


def _battle(cv: Convoy, seat: int, side: int, cards: tuple[int, ...], strength: int) -> Convoy:
    """A ship joins the battle: opens it, restarts a tie, answers, or ties (NM-BATTLE-*)."""
    battle = (*cv.battle, (seat, cards))
    if cv.battle and not cv.tie and strength == cv.top:
        return cv._replace(battle=battle, top_side=side, top_seat=seat, tie=True)
    return cv._replace(battle=battle, top=strength, top_side=side, top_seat=seat, tie=False)


def apply(state: State, action: Action) -> State:
    """The state after the legal ``action`` of the seat to move."""
    seat = state.seat
    hands = list(state.hands)
    if isinstance(action, Discard):
        hands[seat], cards = _remove_kind(hands[seat], action.kind)
        return _advance(_table(state, hands, state.rows, state.discard + cards))
    me = state.side[seat]
    if isinstance(action, Place):
        hands[seat], cards = _remove_kind(hands[seat], action.kind)
        r = state.rows[me]
        placed = (*r[: action.at], Convoy(cards[0]), *r[action.at :])
        rows = (*state.rows[:me], placed, *state.rows[me + 1 :])
        return _advance(_table(state, hands, rows, state.discard))
    kind, row, at = action.kind, action.row, action.at
    if kind == SUB_PAIR:
        hands[seat], cards = _remove_kind(hands[seat], SUBMARINE, 2)
    else:
        hands[seat], cards = _remove_kind(hands[seat], kind)
    card = cards[0]
    cv = state.rows[row][at]
    dead: Cards = ()
    if kind in MILES:
        d = DISTANCE[kind]
        cv = cv._replace(
            miles=cv.miles + d, mile_cards=cv.mile_cards + cards, fast=cv.fast or d > STORM_MAX
        )
        if cv.miles >= ARRIVAL:
            return _end_turn(_arrive(state._replace(hands=tuple(hands)), row, at, cv))
    elif kind in STRENGTH:
        side = DEFENDER if row == me else ATTACKER
        state = _set(
            state._replace(hands=tuple(hands)),
            row,
            at,
            _battle(cv, seat, side, cards, STRENGTH[kind]),
        )
        if kind == SUB_PAIR and state.pile:
            return state._replace(phase=REFILL)
        return _end_turn(state)
    elif kind == PLANE:
        if cv.plane != NONE:  # the second plane: destroyed at once (NM-PLANE)
            state = state._replace(hands=tuple(hands))
            state = _set(state, row, at, cv._replace(battle=(*cv.battle, (seat, cards))))
            return _end_turn(destroy(state, row, at, seat))
        cv = cv._replace(plane=card, plane_by=seat)
    elif kind == PLANE_HIT:
        cv, dead = cv._replace(plane=NONE, plane_by=NONE), (cv.plane, card)
    elif kind == MINE:
        cv = cv._replace(mine=card, mine_by=seat)
    elif kind == SWEEPER:
        cv, dead = cv._replace(mine=NONE, mine_by=NONE), (cv.mine, card)
    elif kind == RADAR:
        cv = cv._replace(radar=card)
    elif kind == ALERT:
        cv = cv._replace(alert=card)
    elif kind == END_ALERT:
        dead = (cv.alert, card, *(c for _, cs in cv.battle for c in cs))
        cv = cv._replace(alert=NONE, battle=(), top=0, top_side=0, top_seat=NONE, tie=False)
    elif kind == STORM:
        cv = cv._replace(storm=card)
    elif kind == FINE_SEA:
        cv, dead = cv._replace(storm=NONE), (cv.storm, card)
    else:
        assert kind == NEUTRAL
        cv = cv._replace(neutral=card)
    rows = _put(state.rows, row, at, cv)
    return _advance(_table(state, hands, rows, state.discard + dead if dead else state.discard))


# --- the flow of turns and rounds -------------------------------------------------------------
def _timers(state: State, seat: int) -> State:
    """At ``seat``'s turn: its mines explode and its standing ships win (NM-MINE, NM-BATTLE-WIN)."""
    for row, convoys in enumerate(state.rows):
        at = 0
        while at < len(convoys):
            cv = convoys[at]
            if cv.mine_by == seat:
                state = destroy(state, row, at, seat)
            elif cv.top_seat == seat and not cv.tie and cv.battle:
                if cv.top_side == ATTACKER:
                    state = destroy(state, row, at, seat)
                else:
                    dead = (cv.alert, *(c for _, cs in cv.battle for c in cs))
                    calm = cv._replace(alert=NONE, battle=(), top=0, top_side=0, top_seat=NONE)
                    state = _set(state, row, at, calm, dead)
                    at += 1
            else:
                at += 1
                continue
            convoys = state.rows[row]
    return state


def _pending(rows: Rows, seat: int) -> bool:
    """True when a timer of ``seat`` may fire: its mine, or its ship on top of a battle."""
    for convoys in rows:
        for cv in convoys:
            if cv.mine_by == seat or cv.top_seat == seat:
                return True
    return False


def _end_turn(state: State) -> State:
    return _advance(state._replace(ply=state.ply + 1))


def _advance(state: State) -> State:
    """Pass the turn on: fire the next seat's timers, then it draws (or plays from its hand);
    seats with no card are passed over; the round ends at the limit or when all is played."""
    if limit_reached(state):
        return end_round(state, "limit")
    n = state.players
    seat = state.seat
    for _ in range(n):
        seat = (seat + 1) % n
        if _pending(state.rows, seat):
            before = state.rows
            state = _timers(state, seat)
            if state.rows is not before and limit_reached(state):
                return end_round(state, "limit")
        if state.pile:
            return _turn(state, seat, DRAW)
        if state.hands[seat]:
            return _turn(state, seat, PLAY)
    return end_round(state, "exhausted")


def end_round(state: State, why: str) -> State:
    """Score the round, add it to the game, then end the game or deal the next round."""
    void, points, bonus = score_round(state)
    totals = tuple(t + p + b for t, p, b in zip(state.totals, points, bonus, strict=True))
    reason = (
        f"a side reached {state.config.round_limit} points"
        if why == "limit"
        else "the draw pile and all hands are used up"
    )
    convoys = tuple(
        tuple(cv.card for cv in state.ports[s] + state.rows[s]) for s in range(state.sides)
    )
    result = RoundResult(state.round_no, reason, void, points, bonus, convoys)
    state = state._replace(totals=totals, last_round=result)
    best = max(totals)
    if best >= 2 * state.config.target or state.round_no >= state.config.max_rounds:
        leaders = [s for s in range(state.sides) if totals[s] == best]
        winner = state.side.index(leaders[0]) if len(leaders) == 1 else None
        why_over = "target" if best >= 2 * state.config.target else "rounds"
        return state._replace(phase=OVER, winner=winner, over_reason=why_over)
    return _new_round(state, (state.dealer + 1) % state.players)


__all__ = ["ALERT", "apply", "apply_chance", "chance_outcomes", "destroy", "initial_state"]
