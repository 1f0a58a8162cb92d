"""The Nautic Miles rules as pure functions: set-up, chance (deal and draw), apply, turn flow.

``apply`` assumes a legal action (the Game checks with :func:`refusal` first). Timers
(rules NM-MINE-TIMING, NM-BATTLE-WIN) fire at the start of a seat's turn, before its draw.
"""

from __future__ import annotations

import threading
from bisect import bisect_left, insort
from functools import cache
from typing import Any

from .actions import (
    ACTION_TYPES,
    DISCARDS,
    PLACES,
    PLAYS,
    TABLE_AT,
    TABLE_ROWS,
    Action,
    Discard,
    Place,
    Play,
    place,
    play,
)
from .config import Config
from .data import (
    ALERT,
    ALL_CARDS,
    ARRIVAL,
    CONVOYS,
    DECK_SIZE,
    DISTANCE,
    END_ALERT,
    FINE_SEA,
    HAND_SIZE,
    KIND,
    MILES,
    MINE,
    N_KINDS,
    NEUTRAL,
    NOUNS,
    PLANE,
    PLANE_HIT,
    RADAR,
    SHIPS,
    STORM,
    STORM_MAX,
    STRENGTH,
    SUB_PAIR,
    SUBMARINE,
    SWEEPER,
    TRAWLER,
    a_card,
    capital,
)
from .mechanics.scoring import limit_reached, score_round
from .state import (
    ATTACKER,
    C_ALERT,
    C_BATTLE,
    C_FAST,
    C_MILE_CARDS,
    C_MILES,
    C_MINE,
    C_MINE_BY,
    C_NEUTRAL,
    C_PLANE,
    C_PLANE_BY,
    C_RADAR,
    C_STORM,
    C_TIE,
    C_TOP,
    C_TOP_SEAT,
    C_TOP_SIDE,
    DEAL,
    DEFENDER,
    DRAW,
    F_CAPTURES,
    F_DEAL_LEFT,
    F_DISCARD,
    F_HANDS,
    F_PHASE,
    F_PILE,
    F_PLY,
    F_ROWS,
    F_SEAT,
    NONE,
    OVER,
    PLAY,
    REFILL,
    Convoy,
    RoundResult,
    State,
)

__all__ = ["ALERT", "apply", "apply_chance", "chance_outcomes", "destroy", "initial_state"]


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
@cache
def _outcome_row(n: int) -> tuple[tuple[int, float], ...]:
    """``(card, 1/n)`` for every card id: the outcome pairs of a pile of ``n`` cards, made once
    and shared (a draw then builds no pair, only the list of them)."""
    p = 1.0 / n
    return tuple((card, p) for card in ALL_CARDS)


def chance_outcomes(state: State) -> list[tuple[int, float]]:
    """Every card left in the pile, equally likely (one card drawn at a time)."""
    pile = state.pile
    row = _outcome_row(len(pile))
    return [row[card] for card in pile]


def chance_uniform(state: State) -> tuple[int, ...]:
    """The cards left in the pile: every chance step draws one of them, all equally likely."""
    return state.pile


def _with_hand(hands: tuple[Cards, ...], seat: int, hand: Cards) -> tuple[Cards, ...]:
    """``hands`` with ``seat``'s hand replaced by ``hand``."""
    if len(hands) == 2:  # two players, the usual table: no slicing
        return (hand, hands[1]) if seat == 0 else (hands[0], hand)
    return (*hands[:seat], hand, *hands[seat + 1 :])


def apply_chance(state: State, outcome: Any) -> State:
    """The drawn card (``outcome``, a card id: made an int when read back from a record) goes
    to the seat receiving it. The Game's hook itself (no method in between: a Match calls it at
    every draw)."""
    card = outcome if type(outcome) is int else int(outcome)
    seat = state.seat
    phase = state.phase
    # The card leaves the pile: the rules keep every pile in card order (a round starts from
    # ALL_CARDS and only ever loses cards), so a bisection finds it at once; a pile in another
    # order (made by hand) is searched from its start. It joins the hand, kept sorted (so its
    # kinds come grouped).
    cards = list(state.pile)
    i = bisect_left(cards, card)
    if i == len(cards) or cards[i] != card:
        i = cards.index(card)
    del cards[i]
    hand = list(state.hands[seat])
    insort(hand, card)
    fields = list(state)  # a fast ``_replace`` (see state.F_CONFIG)
    fields[F_PILE] = tuple(cards)
    fields[F_HANDS] = _with_hand(state.hands, seat, tuple(hand))
    if phase == DRAW:  # the usual draw at the start of a turn
        fields[F_PHASE] = PLAY
        return _new(State, fields)
    if phase == DEAL:
        left = state.deal_left - 1
        fields[F_SEAT] = (seat + 1) % state.players
        fields[F_DEAL_LEFT] = left
        fields[F_PHASE] = DRAW if left == 0 else DEAL
        return _new(State, fields)
    # REFILL after two submarines: the turn then ends.
    return _advance(_new(State, fields))


# --- playing a card ---------------------------------------------------------------------------
def _remove_kind(
    hand: tuple[int, ...], kind: int, count: int = 1
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(hand without ``count`` cards of ``kind``, the cards taken): the lowest ids go."""
    i = 0
    while KIND[hand[i]] != kind:
        i += 1
    return hand[:i] + hand[i + count :], hand[i : i + count]


#: a convoy just laid face down, for each card id: convoys are values, so one object serves
#: every row it is laid in (and saves building a 17-field named tuple per play)
_LAID = tuple(Convoy(card) for card in ALL_CARDS)


def _mark(cv: Convoy, field: int, value: object) -> Convoy:
    """``cv`` with one field (state.C_*) set: a fast ``cv._replace``."""
    fields = list(cv)
    fields[field] = value
    return _new(Convoy, fields)


def _mark2(cv: Convoy, field: int, value: object, field2: int, value2: object) -> Convoy:
    """``cv`` with two fields (state.C_*) set: a fast ``cv._replace``."""
    fields = list(cv)
    fields[field] = value
    fields[field2] = value2
    return _new(Convoy, fields)


def destroy(state: State, row: int, at: int, captor: int) -> State:
    """Convoy ``at`` of ``row`` is destroyed: ``captor`` takes it (NM-CAPTURE-WHO), every card
    on it goes to the discard pile (NM-MULTI-ATTACK)."""
    cv = state.rows[row][at]
    rows = list(state.rows)
    rows[row] = rows[row][:at] + rows[row][at + 1 :]
    caps = list(state.captures)
    caps[captor] = caps[captor] + ((cv.card, cv.radar != NONE),)
    fields = list(state)  # a fast ``_replace`` (see state.F_CONFIG)
    fields[F_ROWS] = tuple(rows)
    fields[F_CAPTURES] = tuple(caps)
    fields[F_DISCARD] = state.discard + cv.cards()[1:]
    return _new(State, fields)


def _put(rows: tuple[tuple[Convoy, ...], ...], row: int, at: int, cv: Convoy) -> Rows:
    """``rows`` with convoy ``at`` of ``row`` replaced by ``cv``."""
    r = rows[row]
    return (*rows[:row], (*r[:at], cv, *r[at + 1 :]), *rows[row + 1 :])


def _set(state: State, row: int, at: int, cv: Convoy, dead: tuple[int, ...] = ()) -> State:
    fields = list(state)  # a fast ``_replace`` (see state.F_CONFIG)
    fields[F_ROWS] = _put(state.rows, row, at, cv)
    if dead:
        fields[F_DISCARD] = state.discard + dead
    return _new(State, fields)


def _table(state: State, hands: tuple[Cards, ...], rows: Rows, discard: Cards) -> State:
    """The table after a play: new hands, rows and discard pile, one more ply."""
    fields = list(state)  # a fast ``_replace`` (see state.F_CONFIG)
    fields[F_HANDS] = hands
    fields[F_DISCARD] = discard
    fields[F_ROWS] = rows
    fields[F_PLY] = state.ply + 1
    return _new(State, fields)


def _after_play(state: State, hands: tuple[Cards, ...], rows: Rows, discard: Cards) -> State:
    """The table after a play, and the turn passed on: exactly
    ``_advance(_table(state, hands, rows, discard))``. The usual case (no round limit to
    check; none of the next seat's timers due; a card left for it to draw, or else a card
    in its hand to play) is built at once."""
    nxt = (state.seat + 1) % state.players
    pile = state.pile
    # _facts and _limit_may_end written out for their usual answers (the same table's facts;
    # nobody home yet): this runs at every move
    facts = _LAST_FACTS[0]
    if facts.rows is not rows:
        facts = _facts(rows)
    if (
        (pile or hands[nxt])
        and not (facts.timers >> (nxt + 1) & 1)
        and (not any(state.ports) or not _limit_may_end(state, rows))
    ):
        fields = list(state)  # a fast ``_replace`` (see state.F_CONFIG)
        fields[F_PHASE] = DRAW if pile else PLAY
        fields[F_SEAT] = nxt
        fields[F_HANDS] = hands
        fields[F_DISCARD] = discard
        fields[F_ROWS] = rows
        fields[F_PLY] = state.ply + 1
        return _new(State, fields)
    return _advance(_table(state, hands, rows, discard))


def _turn(state: State, seat: int, phase: int) -> State:
    """``state`` with ``seat`` to act in ``phase`` (a fast ``_replace(seat=, phase=)``)."""
    fields = list(state)
    fields[F_SEAT] = seat
    fields[F_PHASE] = phase
    return _new(State, fields)


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
    fields = list(cv)  # a fast ``_replace`` (see state.C_CARD)
    fields[C_BATTLE] = (*cv.battle, (seat, cards))
    fields[C_TOP_SIDE] = side
    fields[C_TOP_SEAT] = seat
    if cv.battle and not cv.tie and strength == cv.top:
        fields[C_TIE] = True
    else:
        fields[C_TOP] = strength
        fields[C_TIE] = False
    return _new(Convoy, fields)


def apply(state: State, action: Action) -> State:
    """The state after the legal ``action`` of the seat to move."""
    # A discard or a convoy laid (three plays in four) is worked out here and the turn passed
    # on by _after_play; a play on a convoy goes to _play.
    seat = state.seat
    hand = state.hands[seat]
    rows = state.rows
    discard = state.discard
    if isinstance(action, Discard):
        kind = action.kind
        i = 0
        while KIND[hand[i]] != kind:
            i += 1
        discard += hand[i : i + 1]
        hand = hand[:i] + hand[i + 1 :]
    elif isinstance(action, Place):
        hand, cards = _remove_kind(hand, action.kind)
        me = state.side[seat]
        r = rows[me]
        at = action.at
        laid = _LAID[cards[0]] if 0 <= cards[0] < DECK_SIZE else Convoy(cards[0])
        rows = (*rows[:me], (*r[:at], laid, *r[at:]), *rows[me + 1 :])
    else:
        return _play(state, action)
    return _after_play(state, _with_hand(state.hands, seat, hand), rows, discard)


def _play(state: State, action: Play) -> State:
    """The state after the legal play ``action`` of a card on a convoy."""
    seat = state.seat
    hands = state.hands
    hand = hands[seat]
    me = state.side[seat]
    kind, row, at = action.kind, action.row, action.at
    if kind == SUB_PAIR:
        hand, cards = _remove_kind(hand, SUBMARINE, 2)
    else:
        hand, cards = _remove_kind(hand, kind)
    hands = _with_hand(hands, seat, hand)
    card = cards[0]
    cv = state.rows[row][at]
    dead: Cards = ()
    if kind in MILES:
        d = DISTANCE[kind]
        fields = list(cv)  # a fast ``_replace`` (see state.C_CARD)
        miles = fields[C_MILES] = cv.miles + d
        fields[C_MILE_CARDS] = cv.mile_cards + cards
        fields[C_FAST] = cv.fast or d > STORM_MAX
        cv = _new(Convoy, fields)
        if miles >= ARRIVAL:
            return _end_turn(_arrive(_with_state_hands(state, hands), row, at, cv))
    elif kind in STRENGTH:
        side = DEFENDER if row == me else ATTACKER
        rows = _replaced(state.rows, row, at, _battle(cv, seat, side, cards, STRENGTH[kind]))
        if kind == SUB_PAIR and state.pile:
            fields = list(state)  # a fast ``_replace`` (see state.F_CONFIG)
            fields[F_HANDS] = hands
            fields[F_ROWS] = rows
            fields[F_PHASE] = REFILL
            return _new(State, fields)
        # the turn ends: ``_end_turn`` of the new table, which is what _after_play builds
        return _after_play(state, hands, rows, state.discard)
    elif kind == PLANE:
        if cv.plane != NONE:  # the second plane: destroyed at once (NM-PLANE)
            state = _with_state_hands(state, hands)
            state = _set(state, row, at, _mark(cv, C_BATTLE, (*cv.battle, (seat, cards))))
            return _end_turn(destroy(state, row, at, seat))
        cv = _mark2(cv, C_PLANE, card, C_PLANE_BY, seat)
    elif kind == PLANE_HIT:
        cv, dead = _mark2(cv, C_PLANE, NONE, C_PLANE_BY, NONE), (cv.plane, card)
    elif kind == MINE:
        cv = _mark2(cv, C_MINE, card, C_MINE_BY, seat)
    elif kind == SWEEPER:
        cv, dead = _mark2(cv, C_MINE, NONE, C_MINE_BY, NONE), (cv.mine, card)
    elif kind == RADAR:
        cv = _mark(cv, C_RADAR, card)
    elif kind == ALERT:
        cv = _mark(cv, C_ALERT, card)
    elif kind == END_ALERT:
        dead = (cv.alert, card, *(c for _, cs in cv.battle for c in cs))
        cv = _calm(cv, False)
    elif kind == STORM:
        cv = _mark(cv, C_STORM, card)
    elif kind == FINE_SEA:
        cv, dead = _mark(cv, C_STORM, NONE), (cv.storm, card)
    else:
        assert kind == NEUTRAL
        cv = _mark(cv, C_NEUTRAL, card)
    rows = _replaced(state.rows, row, at, cv, kind in MILES)
    return _after_play(state, hands, rows, state.discard + dead if dead else state.discard)


def _with_state_hands(state: State, hands: tuple[Cards, ...]) -> State:
    """``state._replace(hands=hands)``, fast."""
    fields = list(state)
    fields[F_HANDS] = hands
    return _new(State, fields)


def _calm(cv: Convoy, tie: bool) -> Convoy:
    """``cv`` with its alert and its battle gone (an end of alert, or a defence that held),
    ``tie`` set."""
    fields = list(cv)  # a fast ``_replace`` (see state.C_CARD)
    fields[C_ALERT] = NONE
    fields[C_BATTLE] = ()
    fields[C_TOP] = 0
    fields[C_TOP_SIDE] = 0
    fields[C_TOP_SEAT] = NONE
    fields[C_TIE] = tie
    return _new(Convoy, fields)


# --- the flow of turns and rounds -------------------------------------------------------------
#: where apply_told collects the words of what a turn's change fired (None: nobody asks;
#: one list a thread, so a class server's threads never mix their words)
_TOLD = threading.local()


def apply_told(state: State, action: Action) -> tuple[State, list[str]]:
    """``apply``, and in words what the turn's change fired after the move itself: a mine
    that sank a convoy, a battle won by the ship still standing (NM-MINE, NM-BATTLE-WIN). The
    moves list tells it, or a student's convoy would vanish without a word."""
    words: list[str] = []
    _TOLD.words = words
    try:
        return apply(state, action), words
    finally:
        _TOLD.words = None


def _timers(state: State, seat: int) -> State:
    """At ``seat``'s turn: its mines explode and its standing ships win (NM-MINE, NM-BATTLE-WIN)."""
    told = getattr(_TOLD, "words", None)
    for row, convoys in enumerate(state.rows):
        at = 0
        gone = 0  # convoys of this row taken so far: the words number them as they were
        while at < len(convoys):
            cv = convoys[at]
            if cv.mine_by == seat:
                if told is not None:
                    told.append(
                        f"Player {seat + 1}'s mine sinks convoy {at + gone + 1} of "
                        f"{side_name(state, row)}."
                    )
                state = destroy(state, row, at, seat)
                gone += 1
            elif cv.top_seat == seat and not cv.tie and cv.battle:
                if told is not None:
                    whose = f"convoy {at + gone + 1} of {side_name(state, row)}"
                    told.append(
                        f"Player {seat + 1}'s ship wins the battle: {whose} is captured."
                        if cv.top_side == ATTACKER
                        else f"Player {seat + 1}'s ship wins the battle: {whose} sails on."
                    )
                if cv.top_side == ATTACKER:
                    state = destroy(state, row, at, seat)
                    gone += 1
                else:
                    dead = (cv.alert, *(c for _, cs in cv.battle for c in cs))
                    state = _set(state, row, at, _calm(cv, cv.tie), dead)
                    at += 1
            else:
                at += 1
                continue
            convoys = state.rows[row]
    return state


def _end_turn(state: State) -> State:
    fields = list(state)  # a fast ``_replace`` (see state.F_CONFIG)
    fields[F_PLY] = state.ply + 1
    return _advance(_new(State, fields))


def _advance(state: State) -> State:
    """Pass the turn on: fire the next seat's timers, then it draws (or plays from its hand);
    seats with no card are passed over; the round ends at the limit or when all is played."""
    if _limit_may_end(state, state.rows):
        return end_round(state, "limit")
    n = state.players
    seat = state.seat
    for _ in range(n):
        seat = (seat + 1) % n
        if _facts(state.rows).timers >> (seat + 1) & 1:
            before = state.rows
            state = _timers(state, seat)
            if state.rows is not before and _limit_may_end(state, state.rows):
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


# --- Which plays are legal, and why a play is refused (pure; the rules' judge).

Why = tuple[str, str] | None  # (rule id, reason) or None when allowed


def _ship(cv: Convoy, own: bool, strength: int) -> Why:
    """May a ship of ``strength`` go on ``cv`` (own: to defend, else to attack)?"""
    if own:
        if not cv.battle:
            return (
                "NM-BATTLE",
                "Your convoy is not in a battle: warships defend only once attacked.",
            )
        if cv.tie:
            return None
        if cv.top_side == DEFENDER:
            return "NM-BATTLE-SIDES", "Your side's ship already stands: wait for the attacker."
    else:
        if cv.neutral != NONE:
            return "NM-NEUTRAL", "That convoy flies the neutral flag: no warship may attack it."
        if cv.storm != NONE:
            return "NM-STORM", "That convoy is in a storm: only a mine can attack it."
        if cv.alert == NONE:
            return "NM-ALERT", "Warships attack only a convoy on alert: lay an alert first."
        if not cv.battle or cv.tie:
            return None
        if cv.top_side == ATTACKER:
            return "NM-BATTLE-SIDES", "An attacker's ship already stands: wait for the defence."
    if strength < cv.top:
        return (
            "NM-LADDER",
            f"You need strength {cv.top} or more to answer (this one is {strength}).",
        )
    return None


def _target(state: State, seat: int, kind: int, cv: Convoy, own: bool, at: int, n: int) -> Why:
    """Why a card of ``kind`` may not go on convoy ``cv`` (None: it may)."""
    if kind in MILES:
        if not own:
            return "NM-MILES", "Mile cards go only on your own side's convoys."
        if cv.battle:
            return "NM-BATTLE-STOP", "That convoy is stopped by a naval battle."
        if cv.storm != NONE and DISTANCE[kind] > STORM_MAX:
            return "NM-STORM", "In a storm a convoy advances only by 200, 400 or 600 miles."
        return None
    if kind in SHIPS or kind == SUB_PAIR:
        return _ship(cv, own, STRENGTH[kind])
    if kind == PLANE:
        if own:
            return "NM-PLANE", "Planes attack enemy convoys, not your own."
        if cv.neutral != NONE:
            return "NM-NEUTRAL", "That convoy flies the neutral flag: no plane may attack it."
        if cv.storm != NONE:
            return "NM-STORM", "That convoy is in a storm: only a mine can attack it."
        if cv.alert != NONE and not state.config.planes_on_alerted:  # the second plane too
            return (
                "NM-PLANE-ALERT",
                "With this house rule a plane goes only on a convoy with no alert.",
            )
        if cv.plane != NONE and cv.plane_by != seat:
            return "NM-PLANE", "Only the player who laid the first plane may lay the second."
        return None
    if kind == MINE:
        if own:
            return "NM-MINE", "Mines go on enemy convoys."
        if cv.mine != NONE:
            return "NM-ONE-EACH", "That convoy already has a mine."
        return None
    if kind == RADAR:
        if own:
            return "NM-RADAR", "You cannot detect your own side's convoys."
        if cv.radar != NONE:
            return "NM-ONE-EACH", "That convoy is already detected."
        if at not in (0, n - 1):
            return "NM-RADAR", "Radar reaches only the convoy at either end of a row."
        return None
    if kind == ALERT:
        if own:
            return "NM-ALERT", "Alerts go on enemy convoys."
        if cv.alert != NONE:
            return "NM-ONE-EACH", "That convoy is already on alert."
        if cv.neutral != NONE:
            return "NM-NEUTRAL", "That convoy flies the neutral flag: it cannot be alerted."
        if cv.storm != NONE:
            return "NM-STORM", "That convoy is in a storm: only a mine can attack it."
        return None
    if kind == STORM:
        if cv.storm != NONE:
            return "NM-ONE-EACH", "That convoy is already in a storm."
        if cv.battle:
            return "NM-STORM", "A storm cannot be laid on a convoy in a naval battle."
        return None
    if kind == FINE_SEA:
        return None if cv.storm != NONE else ("NM-FINE-SEA", "That convoy has no storm to end.")
    # Defensive cards: only on your own side's convoys.
    if not own:
        return _DEFENCE_RULE[kind], f"{capital(a_card(kind))} goes only on your own side's convoys."
    if kind == END_ALERT:
        if cv.alert == NONE:
            return "NM-END-ALERT", "That convoy has no alert to end."
        if cv.battle and not cv.tie:
            return "NM-END-ALERT", "A running battle must be fought out (end of alert saves a tie)."
        return None
    if kind == PLANE_HIT:
        return None if cv.plane != NONE else ("NM-PLANE-HIT", "There is no plane to shoot down.")
    if kind == SWEEPER:
        return None if cv.mine != NONE else ("NM-SWEEPER", "There is no mine to sweep.")
    if kind == NEUTRAL:
        if cv.alert != NONE or cv.battle or cv.plane != NONE:
            return "NM-NEUTRAL", "The neutral flag goes only on a convoy not under attack."
        return None
    return "NM-DECK", "That card cannot be played on a convoy."


_DEFENCE_RULE = {
    END_ALERT: "NM-END-ALERT",
    PLANE_HIT: "NM-PLANE-HIT",
    SWEEPER: "NM-SWEEPER",
    NEUTRAL: "NM-NEUTRAL",
}


def holds(hand: tuple[int, ...], kind: int) -> bool:
    """True when ``hand`` has a card of ``kind`` (two submarines for the pair)."""
    if kind == SUB_PAIR:
        return sum(1 for c in hand if KIND[c] == SUBMARINE) >= 2
    return any(KIND[c] == kind for c in hand)


def _int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value < high


def refusal(state: State, action: object) -> Why:
    """Why ``action`` may not be played now, clause by clause (None when it may)."""
    if state.phase == OVER:
        return "match.over", "The game is over: start a new game."
    if state.phase != PLAY:
        return "match.chance", "Cards are being dealt or drawn: wait."
    if type(action) not in ACTION_TYPES:
        return "match.junk", f"{action!r} is not a Nautic Miles action."
    kind = getattr(action, "kind", None)
    if not _int(kind, 0, N_KINDS) and kind != SUB_PAIR:
        return "match.junk", f"{action!r} names no card."
    assert isinstance(kind, int)
    seat = state.seat
    hand = state.hands[seat]
    if not holds(hand, kind):
        if kind == SUB_PAIR:
            return "NM-TURN", "You do not hold two submarines."
        return "NM-TURN", f"You hold no {NOUNS[kind]}."
    if isinstance(action, Discard):
        return None if kind != SUB_PAIR else ("match.junk", "Discard one card at a time.")
    me = state.side[seat]
    if isinstance(action, Place):
        if kind not in CONVOYS:
            verb = "are" if kind == SUB_PAIR else "is"
            return "NM-CONVOY", f"{capital(a_card(kind))} {verb} not a convoy."
        if not _int(action.at, 0, len(state.rows[me]) + 1):
            return "NM-CONVOY", "A convoy goes at either end of your row or between two convoys."
        return None
    assert isinstance(action, Play)
    if kind in CONVOYS:
        return "NM-CONVOY", "Convoys are laid in your own row, not on another convoy."
    if not _int(action.row, 0, state.sides) or not _int(action.at, 0, 64):
        return "match.no-convoy", "There is no such row or convoy."
    row = state.rows[action.row]
    if action.at >= len(row):
        return "match.no-convoy", f"Row {action.row + 1} has no convoy {action.at + 1}."
    own = action.row == me
    return _target(state, seat, kind, row[action.at], own, action.at, len(row))


# --- What the rules work out about one table, once --------------------------------------------
# Moves leave most of a state as it was: a discard or a draw keeps the very same ``rows``
# tuple, a card laid on one convoy keeps every other convoy object, and the ports and the
# captures. Small caches keep what was worked out from such values, found by identity (each
# entry holds its value, so that no other object can take its id while it is kept): every
# playout step asks for it again, often several times, and would otherwise read every field
# of every convoy each time. States are immutable, so an answer kept for a value stays right.

#: every kind that may be played on a convoy (not laid as one)
_PLAYABLE = tuple(k for k in (*range(N_KINDS), SUB_PAIR) if k not in CONVOYS)


#: a convoy's situation, everything :func:`_target` reads about it but its place in the row
#: (its battle, its marks) -> the kinds that may go on it as bit masks (bit ``k`` for kind
#: ``k``), one per look at it (see :func:`legal_actions`), filled as met; a few hundred at most
_SITUATIONS: dict[tuple[object, ...], list[int | None]] = {}


def _allowed(state: State, seat: int, cv: Convoy, own: bool, at: int, n: int) -> int:
    """The kinds :func:`_target` allows on ``cv`` (a bit mask)."""
    allowed = 0
    for k in _PLAYABLE:
        if _target(state, seat, k, cv, own, at, n) is None:
            allowed |= 1 << k
    return allowed


#: what the rules read of a convoy: ``id(cv)`` -> ``(cv, timers, plane_by, its _SITUATIONS
#: entry)``, ``timers`` with bit ``seat + 1`` for a seat whose mine lies on it or whose ship
#: tops its battle; bounded (emptied when full)
_CONVOYS: dict[int, tuple[Convoy, int, int, list[int | None]]] = {}
_CONVOYS_KEPT = 256


def _timer_bits(mine_by: int, top_seat: int) -> int:
    """The timers lying on a convoy: bit ``seat + 1`` for the seat whose mine lies on it and
    for the seat whose ship tops its battle (bit 0 for none)."""
    return 1 << (mine_by + 1) | 1 << (top_seat + 1)


def _convoy_facts(cv: Convoy) -> tuple[Convoy, int, int, list[int | None]]:
    """The :data:`_CONVOYS` entry of ``cv``, worked out and kept."""
    # unpacked at once: a named tuple's fields cost more to read one by one
    (
        _,
        _,
        _,
        radar,
        alert,
        storm,
        neutral,
        mine,
        mine_by,
        plane,
        plane_by,
        battle,
        top,
        top_side,
        top_seat,
        tie,
        _,
    ) = cv
    key = (
        not battle,
        tie,
        top_side,
        top,
        neutral < 0,
        storm < 0,
        alert < 0,
        plane < 0,
        mine < 0,
        radar < 0,
    )
    masks = _SITUATIONS.get(key)
    if masks is None:
        masks = _SITUATIONS[key] = [None] * 16
    if len(_CONVOYS) >= _CONVOYS_KEPT:
        _CONVOYS.clear()
    facts = _CONVOYS[id(cv)] = (cv, _timer_bits(mine_by, top_seat), plane_by, masks)
    return facts


class _Facts:
    """What the rules work out about one ``rows`` value: the seats whose timers lie on it
    (``timers``: bit ``seat + 1`` for a mine or a ship on top of a battle), and every convoy
    as ``(row, at, row length, convoy, plane_by, its _SITUATIONS entry, 8 if it ends its row
    else 0)``."""

    __slots__ = ("convoys", "interned", "rows", "timers")

    def __init__(self, rows: Rows) -> None:
        self.rows = rows
        timers = 0
        convoys = []
        longest = 0
        known = _CONVOYS
        for r, row in enumerate(rows):
            n = len(row)
            if n > longest:
                longest = n
            last = n - 1
            for i, cv in enumerate(row):
                facts = known.get(id(cv))
                if facts is None or facts[0] is not cv:
                    facts = _convoy_facts(cv)
                _, bits, plane_by, masks = facts
                timers |= bits
                convoys.append((r, i, n, cv, plane_by, masks, 8 if i == 0 or i == last else 0))
        self.timers = timers
        self.convoys = convoys
        self.interned = len(rows) <= TABLE_ROWS and longest <= TABLE_AT


#: the facts of the last ``rows`` asked about (one entry: see above)
_LAST_FACTS: list[_Facts] = [_Facts(())]


def _facts(rows: Rows) -> _Facts:
    """The facts of ``rows``: the last ones when ``rows`` is the same tuple, else new ones."""
    facts = _LAST_FACTS[0]
    if facts.rows is not rows:
        facts = _Facts(rows)
        _LAST_FACTS[0] = facts
    return facts


def _replaced(rows: Rows, row: int, at: int, cv: Convoy, miles_only: bool = False) -> Rows:
    """``_put(rows, row, at, cv)``, with the facts of the new rows worked out from those of
    ``rows`` when they are the last ones (as after ``legal_actions``): one convoy changed, so
    one entry changes, and the timers only gain bits unless the old convoy had some the new
    one has not (then the facts are worked out afresh when asked). A card played on a convoy
    would otherwise look up every convoy of the table again (see _Facts). ``miles_only``:
    ``cv`` differs from the old convoy only by its miles (a mile card was played on it), so
    its situation, timers and plane are the old one's."""
    new = _put(rows, row, at, cv)
    old = _LAST_FACTS[0]
    if old.rows is not rows:
        return new
    convoys = old.convoys.copy()
    j = at
    for r in range(row):
        j += len(rows[r])
    _, _, n, was, plane_by, masks, end = convoys[j]
    timers = old.timers
    if not miles_only:
        facts = _CONVOYS.get(id(cv))
        if facts is None or facts[0] is not cv:
            facts = _convoy_facts(cv)
        _, bits, plane_by, masks = facts
        if _timer_bits(was.mine_by, was.top_seat) & ~bits:
            return new  # a timer may have gone: worked out afresh
        timers |= bits
    convoys[j] = (row, at, n, cv, plane_by, masks, end)
    kept = _Facts.__new__(_Facts)
    kept.rows = new
    kept.timers = timers
    kept.convoys = convoys
    kept.interned = old.interned
    _LAST_FACTS[0] = kept
    return new


#: the last table whose round limit was checked: (ports, rows, captures, config, side,
#: sides, the answer)
_LAST_LIMIT: list[tuple[object, ...]] = [((), (), (), None, (), 0, False)]


def _limit_may_end(state: State, rows: Rows) -> bool:
    """``limit_reached`` of ``state`` with ``rows`` as its rows. Nobody home: False at once
    (the usual case); else the answer kept for the same table (everything it reads, compared
    by identity), or worked out and kept."""
    ports = state.ports
    if not any(ports):  # nobody home yet: nobody may score
        return False
    captures, config, side, sides = state.captures, state.config, state.side, state.sides
    memo = _LAST_LIMIT[0]
    if (
        memo[0] is ports
        and memo[1] is rows
        and memo[2] is captures
        and memo[3] is config
        and memo[4] is side
        and memo[5] == sides
    ):
        return bool(memo[6])
    fields = list(state)  # a fast ``_replace`` (see state.F_CONFIG)
    fields[F_ROWS] = rows
    reached = limit_reached(_new(State, fields))
    _LAST_LIMIT[0] = (ports, rows, captures, config, side, sides, reached)
    return reached


#: the convoys a card may go on, as the seat to move sees the last table it saw: a key of
#: the seat, its side and the plane setting -> (that table's _Facts, ``[(row, at, kinds
#: allowed)]``, every kind allowed somewhere), all as bit masks. After two discards in a row
#: a seat finds the table as it left it (about two turns in five).
_TARGETS: dict[int, tuple[_Facts, list[tuple[int, int, int]], int]] = {}


def legal_actions(state: State) -> list[Action]:
    """Every legal play of the seat to move (none off a PLAY phase), in a fixed order:
    discards, then per kind of the hand its places or its targets row by row."""
    if state.phase != PLAY:
        return []
    seat = state.seat
    hand = state.hands[seat]
    kinds: list[int] = []
    out: list[Action] = []  # the discards first, one per kind
    last = -1
    subs = 0
    for c in hand:
        k = KIND[c]
        if k != last:
            kinds.append(k)
            out.append(DISCARDS[k])
            last = k
        if k == SUBMARINE:
            subs += 1
    if subs >= 2:
        kinds.append(SUB_PAIR)
    rows = state.rows
    facts = _LAST_FACTS[0]  # _facts written out for its usual answer: the same table's
    if facts.rows is not rows:
        facts = _facts(rows)
    # The convoys some card may go on, with those kinds (a bit mask): the kinds allowed on
    # each are worked out once per situation (see _SITUATIONS), the list once per table and
    # seat (see _TARGETS).
    me = state.side[seat]
    planes = 1 if state.config.planes_on_alerted else 0
    key = seat << 4 | me << 1 | planes
    seen = _TARGETS.get(key)
    if seen is not None and seen[0] is facts:
        _, targets, reach = seen
    else:
        targets = []
        reach = 0
        for r, i, n, cv, plane_by, masks, end in facts.convoys:
            look = end + (4 if r == me else 0) + (2 if plane_by == seat else 0) + planes
            allowed = masks[look]
            if allowed is None:
                allowed = masks[look] = _allowed(state, seat, cv, r == me, i, n)
            if allowed:
                targets.append((r, i, allowed))
                reach |= allowed
        _TARGETS[key] = (facts, targets, reach)
    interned = facts.interned
    for k in kinds:
        if k <= TRAWLER:  # a convoy: data.CONVOYS are kinds 0..TRAWLER (a compare, no set)
            n = len(rows[me]) + 1
            out += PLACES[k][:n] if n <= TABLE_AT else [place(k, i) for i in range(n)]
        elif reach >> k & 1:
            if interned:
                table = PLAYS[k]
                for r, i, allowed in targets:
                    if allowed >> k & 1:
                        out.append(table[r][i])
            else:
                out += [play(k, r, i) for r, i, allowed in targets if allowed >> k & 1]
    return out


def side_name(state: State, side: int) -> str:
    """The players of ``side``, by name ("Player 1 & Player 3" in a team game)."""
    seats = [p for p in range(state.players) if state.side[p] == side]
    return " & ".join(f"Player {p + 1}" for p in seats)
