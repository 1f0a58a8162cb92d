"""Naval War's pure rules: the deal, chance, legal actions and how each one changes the state.

``apply`` trusts its caller (the Game checks :func:`.refuse.violation` first); chance outcomes
(cards drawn, dice rolled) come in through :func:`apply_chance`.
"""

from __future__ import annotations

from typing import Any

from .actions import (
    DISCARDS,
    DRAW,
    LAUNCH,
    PLAYS,
    Action,
    Aim,
    Discard,
    Draw,
    Launch,
    Play,
    Strike,
    Take,
)
from .actions import strike as make_strike
from .config import Config
from .data import CARDS, SALVO, SQUADRON_CARD
from .fleet import (
    CARD_GUN,
    GUN,
    HITS,
    JAPANESE,
    KIND,
    RED,
    Work,
    air_targets,
    attackable,
    card_targets,
    evolve,
    mine_hits,
    opponents,
    points,
    ready_carriers,
    replaced,
    sort_fleet,
    without,
)
from .resolve import finish_play, resolve_card, resolve_roll
from .state import (
    ACT,
    AIR,
    CHANCE_PHASES,
    CHOOSE,
    CLEAR,
    DEAL,
    DS_PICK,
    DS_TAKE,
    OVER,
    ROLL,
    ROLL_AIR,
    ROLL_DS,
    SHIP,
    State,
)
from .state import (
    DRAW as DRAW_PHASE,
)
from .state import (
    RED as RED_PHASE,
)
from .turns import begin_turn, can_launch, clear_next, ds_next, end_round, fresh_round, hand_size

DIE = tuple((k, 1 / 6) for k in range(1, 7))
#: ``_PAIRS[n][c]`` is the chance outcome ``(c, 1/n)``: built once, reused at every draw
_PAIRS = [()] + [tuple((c, 1 / n) for c in range(len(CARDS))) for n in range(1, len(CARDS) + 1)]


def initial_state(config: Config, n: int) -> State:
    """Round 1: the last seat deals (NW-FIRST-DEALER)."""
    return fresh_round(config, n, n - 1, 1, (0,) * n, ())


# --- chance ----------------------------------------------------------------------------------
def fleet_red(card: int) -> bool:
    """True for a red card (NW-RED)."""
    return RED[card]


def is_chance(state: State) -> bool:
    return state.phase in CHANCE_PHASES


def chance_outcomes(state: State) -> list[tuple[Any, float]]:
    """Uniform over the cards left (one card at a time), or the six faces of a die."""
    phase = state.phase
    if phase == ROLL:
        return list(DIE)
    if phase == SHIP or (phase == DEAL and state.dealt < hand_size(state.n) * state.n):
        pile = state.harbor
    else:
        pile = state.deck
    return list(map(_PAIRS[len(pile)].__getitem__, pile))


def apply_chance(state: State, outcome: int) -> State:
    phase = state.phase
    if phase == ROLL:
        return resolve_roll(state, outcome)
    seat = state.seat
    if phase == DRAW_PHASE:  # the most frequent chance node: built in one step, no Work
        deck = without(state.deck, outcome)
        if RED[outcome]:
            return evolve(state, {"deck": deck, "phase": RED_PHASE, "pending": outcome})
        hands = replaced(state.hands, seat, state.hands[seat] + (outcome,))
        return evolve(state, {"deck": deck, "hands": hands, "phase": ACT})
    if phase == DEAL:  # a ship to a fleet, then a card to a hand, round the table
        n, k = state.n, hand_size(state.n)
        i = state.dealt
        if i < k * n:
            to = (state.dealer + 1 + i) % n
            fleets = replaced(state.fleets, to, sort_fleet(state.fleets[to] + (outcome,)))
            changes = {"harbor": without(state.harbor, outcome), "fleets": fleets, "dealt": i + 1}
        else:
            to = (state.dealer + 1 + i - k * n) % n
            hands = replaced(state.hands, to, state.hands[to] + (outcome,))
            changes = {"deck": without(state.deck, outcome), "hands": hands, "dealt": i + 1}
        if i + 1 < 2 * k * n:
            return evolve(state, changes)
        first = state.dealer if state.config.clearout_start == "dealer" else state.dealer + 1
        changes.update(seat=first % n, cleared=0, opening=True)
        return clear_next(evolve(state, changes))
    w = Work(state)
    if phase == SHIP:
        w.set(harbor=without(state.harbor, outcome), pending=-1)
        w.to_discard(state.pending)
        fleet = state.fleets[seat]
        if mine_hits(state, seat) >= HITS[outcome]:
            w.set(lost=(*state.lost, outcome))  # NW-MINE-ARRIVAL: sunk on arrival, no score
        else:
            w.put("fleets", seat, sort_fleet((*fleet, outcome)))
        return finish_play(w)
    # REFILL: one card from the deck, in the clear-out
    w.set(deck=without(state.deck, outcome))
    w.put("hands", seat, state.hands[seat] + (outcome,))
    return clear_next(w.view())


# --- legal actions ---------------------------------------------------------------------------
def legal_actions(state: State) -> list[Action]:
    phase, seat = state.phase, state.seat
    if phase == ACT:
        out: list[Action] = []
        shots: list[int] | None = None  # a salvo's targets: the same for every gun size
        guns: set[int] | None = None
        for card in state.hands[seat]:
            row = PLAYS[card]
            if KIND[card] == SALVO:
                if guns is None:
                    guns = {GUN[s] for s in state.fleets[seat]}
                if CARD_GUN[card] in guns:
                    if shots is None:
                        shots = card_targets(state, seat, card)
                    out += map(row.__getitem__, shots)
            else:
                out += map(row.__getitem__, card_targets(state, seat, card))
            out.append(DISCARDS[card])
        return out
    if phase == RED_PHASE:
        card = state.pending
        targets = card_targets(state, seat, card)
        return [PLAYS[card][t] for t in targets] if targets else [DISCARDS[card]]
    if phase == CLEAR:
        out = []
        for card in state.hands[seat]:
            if RED[card]:
                targets = card_targets(state, seat, card)
                if targets:
                    out.extend(PLAYS[card][t] for t in targets)
                else:
                    out.append(DISCARDS[card])
        return out
    if phase == CHOOSE:
        return [DRAW, LAUNCH]
    if phase == AIR:
        carrier = state.queue[0]
        targets = air_targets(state, seat)
        out = [make_strike(carrier, t) for t in targets]
        if state.config.kamikaze and JAPANESE[carrier]:
            out.extend(make_strike(carrier, t, True) for t in targets)
        if state.strikes or len(state.queue) > 1:
            out.append(make_strike(carrier, -1))
        return out
    if phase == DS_PICK:
        return [Aim(o) for o in opponents(state, seat)]
    if phase == DS_TAKE:
        return [Take(s) for s in attackable(state.fleets[state.ds_victim])]
    return []


# --- applying actions ------------------------------------------------------------------------
def apply(state: State, action: Action) -> State:
    """The state after a legal ``action``."""
    seat = state.seat
    if isinstance(action, Play):
        return resolve_card(state, seat, action.card, action.target)
    if isinstance(action, Discard):
        w = Work(state)
        card = action.card
        if card == state.pending:
            w.changes["pending"] = -1
        else:  # cards are unique, so this takes the one card out of the hand
            w.changes["hands"] = replaced(state.hands, seat, without(state.hands[seat], card))
        w.changes["discard"] = (*state.discard, card)
        return finish_play(w)
    if isinstance(action, Draw):
        return evolve(state, {"phase": DRAW_PHASE})
    if isinstance(action, Launch):
        queue = tuple(ready_carriers(state, seat))
        return evolve(state, {"phase": AIR, "queue": queue, "strikes": ()})
    if isinstance(action, Strike):
        strikes = state.strikes
        if action.target >= 0:
            strikes += ((action.carrier, action.target, action.kamikaze),)
        queue = state.queue[1:]
        if queue:
            return evolve(state, {"queue": queue, "strikes": strikes})
        return evolve(state, {"queue": (), "strikes": strikes, "phase": ROLL, "roll_for": ROLL_AIR})
    if isinstance(action, Aim):
        return evolve(state, {"ds_victim": action.seat, "phase": ROLL, "roll_for": ROLL_DS})
    if isinstance(action, Take):
        w = Work(state)
        w.sink(action.ship, seat)  # NW-DS-CREDIT
        w.set(ds_left=state.ds_left - 1)
        return ds_next(w.view())
    raise TypeError(f"not a Naval War action: {action!r}")


# --- scores ----------------------------------------------------------------------------------
def round_points(state: State) -> tuple[int, ...]:
    """Points of ships sunk so far this round, per seat (NW-SCORE)."""
    return tuple(points(s) for s in state.sunk)


def scores(state: State) -> tuple[int, ...]:
    """Totals so far, with this round's sunk ships counted while the round is on."""
    if state.phase == OVER:
        return state.totals
    return tuple(t + p for t, p in zip(state.totals, round_points(state), strict=True))


def card_places(state: State) -> tuple[list[int], list[int]]:
    """Every play card id and every ship id, wherever it is (with repeats, if any)."""
    cards = [*state.deck, *state.discard, *(c for h in state.hands for c in h)]
    cards += [c for on in state.salvos for card, extra in on for c in (card, *extra)]
    cards += [c for m in state.mines for c, _ in m] + [s for s in state.smoke if s >= 0]
    if state.ds_owner >= 0:
        cards += [SQUADRON_CARD, *state.ds_salvos]
    if state.pending >= 0:
        cards.append(state.pending)
    ships = [*state.harbor, *state.lost, *(s for f in state.fleets for s in f)]
    ships += [s for t in state.sunk for s in t]
    return cards, ships


def conserved(state: State) -> tuple[int, int]:
    """(play cards, ship cards), each counted once and only if none is in two places:
    always (108, 54) with the house manifest."""
    cards, ships = card_places(state)
    n_cards = len(set(cards)) if len(set(cards)) == len(cards) else -1
    n_ships = len(set(ships)) if len(set(ships)) == len(ships) else -1
    return n_cards, n_ships


__all__ = [
    "apply",
    "apply_chance",
    "begin_turn",
    "can_launch",
    "card_places",
    "chance_outcomes",
    "conserved",
    "end_round",
    "fresh_round",
    "hand_size",
    "initial_state",
    "is_chance",
    "legal_actions",
    "round_points",
    "scores",
]
