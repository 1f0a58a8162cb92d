"""What the hard level's search needs to know about Naval War: which moves are worth trying,
how a game plays on from a move, and how well a seat stands when it stops looking.

How the hard bot thinks (the generic search of :mod:`navalkit.core.mcts` in its ``flat``
mode, with the hooks below):

1. **Guessing the hidden cards.** It cannot see the other hands or the deck, but it knows
   every card that is on the table, in the discard pile or in its own hand, and how many
   cards each player holds. It deals the unseen cards at random into the other hands and the
   deck (:func:`.observe.sample_state`; a player who has cleared out holds no red card). Each
   guess is one possible world.
2. **Few candidate moves** (:func:`search_actions`): the best few plays by the medium bot's
   own scores, the cheapest cards to throw away, the biggest ships to strike or take.
3. **Playing on** (:func:`playout`): in each guessed world, every candidate is played and the
   game goes on for a few turns, every seat playing as the medium bot would. All candidates
   of one world meet the same luck (the same cards drawn, the same dice), so a move is
   compared with the others on equal terms, not on who drew well.
4. **Judging where it stops** (:func:`evaluate`): points matter more as the game goes on;
   ships afloat, their unused hits and carriers count; so do salvos it can fire, smoke and
   repair cards in hand, and a Destroyer Squadron at sea. The weights were fitted on
   thousands of positions from games of the medium bot (what each feature said about who
   finished ahead).

The move with the best average over all worlds is played.
"""

from __future__ import annotations

import math
from typing import Any

from . import rules
from .actions import Discard, Play
from .bots import Board, greedy_choice, score_on
from .data import CARD_GUN, CARRIER, GUN, HITS, KIND, REPAIR, SALVO, SMOKE, SQUADRON, VALUE
from .state import ACT, AIR, CLEAR, DEAL, DRAW, DS_TAKE, OVER, REFILL, ROLL, SHIP, State
from .state import RED as RED_PHASE

# --- judging a position ----------------------------------------------------------------------

#: weights of :func:`evaluate`, fitted (logistic regression on the differences between two
#: seats) on positions from 3,000 three-player games of the medium bot: one point of score
#: weighs ``SCORE + SCORE_ROUND * round / 4``, so points count more as the game goes on
SCORE, SCORE_ROUND = 0.0015, 0.0522
#: per unused hit of the ships afloat, per ship afloat, per point of the ships afloat (ships
#: are points for whoever sinks them), per carrier
HEALTH, SHIPS, FLEET_POINTS, CARRIERS = 0.0358, 0.1621, -0.0337, 0.1281
#: per salvo in hand it can fire, per hit on those salvos, per smoke or repair card in hand
SALVOS, SALVO_HITS, DEFENCE = 0.0264, 0.0259, 0.0634
#: its own Destroyer Squadron at sea; no ship left
SQUADRON_AT_SEA, ELIMINATED = 0.5809, -0.1755


def seat_value(state: State, seat: int, score: int) -> float:
    """How strong ``seat`` is on the fitted scale (only differences between seats mean
    anything): its points, its fleet, its hand."""
    value = (SCORE + SCORE_ROUND * state.round / 4) * score
    fleet = state.fleets[seat]
    if not fleet:
        return value + ELIMINATED
    mine = sum(VALUE[m] for m, _ in state.mines[seat])
    health = points = carriers = 0
    guns = set()
    salvos = state.salvos
    for ship in fleet:
        hits = mine
        for card, extra in salvos[ship]:
            hits += VALUE[card]
            for e in extra:
                hits += VALUE[e]
        health += max(0, HITS[ship] - hits)
        points += HITS[ship]
        carriers += CARRIER[ship]
        guns.add(GUN[ship])
    shots = shot_hits = defence = 0
    for card in state.hands[seat]:
        kind = KIND[card]
        if kind == SALVO:
            if CARD_GUN[card] in guns:
                shots += 1
                shot_hits += VALUE[card]
        elif kind in (SMOKE, REPAIR):
            defence += 1
    value += HEALTH * health + SHIPS * len(fleet) + FLEET_POINTS * points + CARRIERS * carriers
    value += SALVOS * shots + SALVO_HITS * shot_hits + DEFENCE * defence
    if state.ds_owner == seat:
        value += SQUADRON_AT_SEA
    return value


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, from 0 to 1: its chance of finishing ahead of each other
    seat, averaged (at the end of the game: the head-to-head result itself). It reads the
    hands, so the search gives it sampled states only."""
    others = [o for o in range(state.n) if o != seat]
    if state.phase == OVER:
        totals, won = state.totals, state.winner
        share = 0.0
        for o in others:
            if won == seat or (won != o and totals[seat] > totals[o]):
                share += 1.0
            elif won != o and totals[seat] == totals[o]:
                share += 0.5
        return share / len(others)
    scores = rules.scores(state)
    mine = seat_value(state, seat, scores[seat])
    share = 0.0
    for o in others:
        diff = mine - seat_value(state, o, scores[o])
        share += 1.0 / (1.0 + math.exp(-diff))
    return share / len(others)


# --- the moves worth trying ------------------------------------------------------------------

#: at most this many plays (the medium bot's best) and discards (the cheapest cards) are
#: searched in a card phase; at most this many strikes or captures
PLAYS, DISCARDS, TARGETS = 5, 2, 4


def keep_value(state: State, card: int) -> float:
    """What holding ``card`` is worth to the seat to move (a discard throws it away): a salvo
    none of its ships can fire is worth nothing, a big salvo more than a small one."""
    kind = KIND[card]
    if kind == SALVO:
        fleet = state.fleets[state.seat]
        return 1.0 + VALUE[card] if any(GUN[s] == CARD_GUN[card] for s in fleet) else 0.0
    if kind == SQUADRON:
        return 50.0
    if kind == SMOKE:
        return 3.0
    if kind == REPAIR:
        return 2.0
    return 0.5


def search_actions(state: State) -> list[Any]:
    """The legal moves the hard bot's search tries in ``state`` (the medium bot's choice is
    always among them): in a card phase the best few plays by the medium bot's scores and
    the cheapest discards; in the air or taking ships, the biggest few targets; else all."""
    legal = rules.legal_actions(state)
    phase = state.phase
    if len(legal) <= 2 or phase not in (ACT, RED_PHASE, CLEAR, AIR, DS_TAKE):
        return legal
    board = Board(state)
    me = state.seat
    ranked = sorted(legal, key=lambda a: -score_on(board, me, a))  # stable: ties keep the order
    if phase in (AIR, DS_TAKE):
        return ranked[:TARGETS]
    plays = [a for a in ranked if type(a) is Play][:PLAYS]
    throws = sorted(
        (a for a in legal if type(a) is Discard), key=lambda a: keep_value(state, a.card)
    )
    chosen: list[Any] = plays + throws[:DISCARDS]
    if ranked[0] not in chosen:
        chosen.append(ranked[0])
    return chosen


# --- playing on ------------------------------------------------------------------------------

DIE_FACES = (1, 2, 3, 4, 5, 6)
#: dice rolled ahead at the start of a playout (more are rolled as needed)
DICE = 24


def playout(state: State, rng: Any, turns: int) -> State:
    """Play on from ``state`` (a sampled one) until ``turns`` more turns have begun or the
    round ends, every seat choosing as the medium bot would; returns where it stopped.

    The luck comes from ``rng`` in a fixed order: first a row of dice, then each card (or
    ship from the harbor) is drawn at random from what is left. So two playouts from states
    that differ only by the move just made, given generators with the same seed, draw the
    same cards and roll the same dice (common random numbers)."""
    dice = rng.choices(DIE_FACES, k=DICE)
    rolled = 0
    start_round, seat = state.round, state.seat
    apply_chance, legal_actions, apply = rules.apply_chance, rules.legal_actions, rules.apply
    randrange = rng.randrange
    for _ in range(1000):  # far more steps than a round of turns takes
        phase = state.phase
        if phase in (OVER, DEAL) or state.round != start_round:
            break
        if phase in (DRAW, REFILL):
            deck = state.deck
            state = apply_chance(state, deck[randrange(len(deck))])
            continue
        if phase == ROLL:
            roll = dice[rolled] if rolled < DICE else rng.randint(1, 6)
            rolled += 1
            state = apply_chance(state, roll)
            continue
        if phase == SHIP:
            harbor = state.harbor
            state = apply_chance(state, harbor[randrange(len(harbor))])
            continue
        if state.seat != seat:
            seat = state.seat
            turns -= 1
            if turns < 0:
                break
        legal = legal_actions(state)
        state = apply(state, legal[0] if len(legal) == 1 else greedy_choice(state, legal))
    return state
