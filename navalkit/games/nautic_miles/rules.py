"""The Nautic Miles rules as pure functions: set-up, chance (deal and draw), apply, turn flow.

``apply`` assumes a legal action (the Game checks with :func:`refusal` first). Timers
(rules NM-MINE-TIMING, NM-BATTLE-WIN) fire at the start of a seat's turn, before its draw.
"""

from __future__ import annotations

from bisect import insort
from functools import cache

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
    a_card,
    capital,
)
from .mechanics.scoring import limit_reached, score_round
from .state import (
    ATTACKER,
    DEAL,
    DEFENDER,
    DRAW,
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


def _take(pile: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = pile.index(card)
    return pile[:i] + pile[i + 1 :]


def _give(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``hand`` with ``card`` added, kept sorted (so kinds come grouped): hands are always
    sorted, so a bisection finds the place."""
    cards = list(hand)
    insort(cards, card)
    return tuple(cards)


def _with_hand(hands: tuple[Cards, ...], seat: int, hand: Cards) -> tuple[Cards, ...]:
    """``hands`` with ``seat``'s hand replaced by ``hand``."""
    out = list(hands)
    out[seat] = hand
    return tuple(out)


def apply_chance(state: State, card: int) -> State:
    """The drawn ``card`` goes to the seat receiving it."""
    seat = state.seat
    phase = state.phase
    fields = list(state)  # a fast ``_replace`` (see state.F_CONFIG)
    fields[F_PILE] = _take(state.pile, card)
    fields[F_HANDS] = _with_hand(state.hands, seat, _give(state.hands[seat], card))
    if phase == DEAL:
        left = state.deal_left - 1
        fields[F_SEAT] = (seat + 1) % state.players
        fields[F_DEAL_LEFT] = left
        fields[F_PHASE] = DRAW if left == 0 else DEAL
        return _new(State, fields)
    if phase == DRAW:
        fields[F_PHASE] = PLAY
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


def _table(state: State, hands: tuple[Cards, ...], rows: Rows, discard: Cards) -> State:
    """The table after a play: new hands, rows and discard pile, one more ply."""
    fields = list(state)  # a fast ``_replace`` (see state.F_CONFIG)
    fields[F_HANDS] = hands
    fields[F_DISCARD] = discard
    fields[F_ROWS] = rows
    fields[F_PLY] = state.ply + 1
    return _new(State, fields)


def _after_play(state: State, hands: tuple[Cards, ...], rows: Rows, discard: Cards) -> State:
    """The table after a play that sends no convoy home, and the turn passed on: exactly
    ``_advance(_table(state, hands, rows, discard))``. The usual case (nobody home yet, so no
    round limit; none of the next seat's timers due; cards left to draw) is built at once."""
    seat = (state.seat + 1) % state.players
    if state.pile and not any(state.ports) and not _pending(rows, seat):
        fields = list(state)
        fields[F_PHASE] = DRAW
        fields[F_SEAT] = seat
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
    battle = (*cv.battle, (seat, cards))
    if cv.battle and not cv.tie and strength == cv.top:
        return cv._replace(battle=battle, top_side=side, top_seat=seat, tie=True)
    return cv._replace(battle=battle, top=strength, top_side=side, top_seat=seat, tie=False)


def apply(state: State, action: Action) -> State:
    """The state after the legal ``action`` of the seat to move."""
    seat = state.seat
    hand = state.hands[seat]
    if isinstance(action, Discard):
        hand, cards = _remove_kind(hand, action.kind)
        hands = _with_hand(state.hands, seat, hand)
        return _after_play(state, hands, state.rows, state.discard + cards)
    me = state.side[seat]
    if isinstance(action, Place):
        hand, cards = _remove_kind(hand, action.kind)
        r = state.rows[me]
        placed = (*r[: action.at], Convoy(cards[0]), *r[action.at :])
        rows = (*state.rows[:me], placed, *state.rows[me + 1 :])
        return _after_play(state, _with_hand(state.hands, seat, hand), rows, state.discard)
    kind, row, at = action.kind, action.row, action.at
    if kind == SUB_PAIR:
        hand, cards = _remove_kind(hand, SUBMARINE, 2)
    else:
        hand, cards = _remove_kind(hand, kind)
    hands = _with_hand(state.hands, seat, hand)
    card = cards[0]
    cv = state.rows[row][at]
    dead: Cards = ()
    if kind in MILES:
        d = DISTANCE[kind]
        cv = cv._replace(
            miles=cv.miles + d, mile_cards=cv.mile_cards + cards, fast=cv.fast or d > STORM_MAX
        )
        if cv.miles >= ARRIVAL:
            return _end_turn(_arrive(state._replace(hands=hands), row, at, cv))
    elif kind in STRENGTH:
        side = DEFENDER if row == me else ATTACKER
        state = _set(
            state._replace(hands=hands), row, at, _battle(cv, seat, side, cards, STRENGTH[kind])
        )
        if kind == SUB_PAIR and state.pile:
            return state._replace(phase=REFILL)
        return _end_turn(state)
    elif kind == PLANE:
        if cv.plane != NONE:  # the second plane: destroyed at once (NM-PLANE)
            state = state._replace(hands=hands)
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
    return _after_play(state, hands, rows, state.discard + dead if dead else state.discard)


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
        if cv.plane != NONE:
            if cv.plane_by != seat:
                return "NM-PLANE", "Only the player who laid the first plane may lay the second."
            return None
        if cv.alert != NONE and not state.config.planes_on_alerted:
            return (
                "NM-PLANE-ALERT",
                "With this house rule a plane goes only on a convoy with no alert.",
            )
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


#: every kind that may be played on a convoy (not laid as one)
_PLAYABLE = tuple(k for k in (*range(N_KINDS), SUB_PAIR) if k not in CONVOYS)


#: convoy situation -> the kinds that may go on it, as a bit mask (bit ``k`` for kind ``k``);
#: filled by :func:`_targets_for`
_TARGETS: dict[tuple[object, ...], int] = {}


def _targets_for(
    state: State, seat: int, cv: Convoy, own: bool, at: int, n: int, key: tuple[object, ...]
) -> int:
    """The kinds :func:`_target` allows on ``cv`` (a bit mask), computed once per ``key``."""
    allowed = 0
    for k in _PLAYABLE:
        if _target(state, seat, k, cv, own, at, n) is None:
            allowed |= 1 << k
    _TARGETS[key] = allowed
    return allowed


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
    me = state.side[seat]
    rows = state.rows
    # The kinds allowed on each convoy, memoised on everything _target reads about it: its
    # marks, whose plane it is, whether it ends the row, and the plane switch. Only convoys
    # that take some card are kept; ``reach`` has the bit of every kind that goes somewhere.
    planes = state.config.planes_on_alerted
    memo = _TARGETS
    targets = []
    reach = 0
    longest = 0
    for r, row in enumerate(rows):
        own = r == me
        last = len(row) - 1
        if last >= longest:
            longest = last + 1
        for i, cv in enumerate(row):
            key = (
                own,
                i == 0 or i == last,
                planes,
                not cv.battle,
                cv.tie,
                cv.top_side,
                cv.top,
                cv.neutral < 0,
                cv.storm < 0,
                cv.alert < 0,
                cv.plane < 0,
                cv.plane_by == seat,
                cv.mine < 0,
                cv.radar < 0,
            )
            allowed = memo.get(key)
            if allowed is None:
                allowed = _targets_for(state, seat, cv, own, i, last + 1, key)
            if allowed:
                targets.append((r, i, allowed))
                reach |= allowed
    interned = len(rows) <= TABLE_ROWS and longest <= TABLE_AT
    for k in kinds:
        if k in CONVOYS:
            n = len(rows[me]) + 1
            out.extend(PLACES[k][:n] if n <= TABLE_AT else [place(k, i) for i in range(n)])
        elif reach >> k & 1:
            if interned:
                table = PLAYS[k]
                out.extend([table[r][i] for r, i, allowed in targets if allowed >> k & 1])
            else:
                out.extend([play(k, r, i) for r, i, allowed in targets if allowed >> k & 1])
    return out


def side_name(state: State, side: int) -> str:
    """The players of ``side``, by name ("Player 1 & Player 3" in a team game)."""
    seats = [p for p in range(state.players) if state.side[p] == side]
    return " & ".join(f"Player {p + 1}" for p in seats)
