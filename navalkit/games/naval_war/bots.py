"""A heuristic computer player that sees only its own seat's view.

"greedy": finish damaged ships first, aim at the biggest prize it can sink, keep its carriers
for air strikes when they are the better bet, shoot down a threatening Destroyer Squadron,
smoke when its fleet is badly hurt, repair what is about to sink, and discard what it cannot
use.

:func:`evaluate` says how well a seat stands in an unfinished game (it scores search rollouts
cut short).
"""

from __future__ import annotations

import math
from typing import Any

from navalkit.core.bots import BotView

from .actions import Aim, Discard, Draw, Launch, Play, Strike, Take
from .data import (
    ADD_DAMAGE,
    ADD_SHIP,
    CARRIER,
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
from .mechanics.damage import hits_on, mine_hits, owner_of, salvo_owner
from .observe import View
from .rules import scores
from .state import DS_TARGET, OVER, State


def _ship_score(state: State, ship: int, extra: int, me: int) -> float:
    """How good it is to add ``extra`` hits to ``ship``: a sure sink of a big ship is best."""
    owner = owner_of(state, ship)
    have = hits_on(state, ship, owner)
    left = HITS[ship] - have
    if extra >= left:
        return 100.0 + HITS[ship] * 5
    lead = state.totals[owner] - max(state.totals)  # gang up on the leader a little
    return 10.0 + have * 3 + extra * 2 - left + (2 if lead == 0 else 0)


def score_action(view: View, action: Any) -> float:
    """The bot's liking for ``action`` (higher is better)."""
    state, me = view.state, view.state.seat
    if isinstance(action, Take):
        return float(HITS[action.ship])
    if isinstance(action, Aim):
        return float(sum(HITS[s] for s in state.fleets[action.seat]) + state.totals[action.seat])
    if isinstance(action, Strike):
        if action.target < 0:
            return 0.5
        bonus = 3.0 if action.kamikaze else 0.0
        return HITS[action.target] + bonus
    if isinstance(action, Launch):
        carriers = sum(1 for s in state.fleets[me] if CARRIER[s])
        return 8.0 * carriers - 4.0
    if isinstance(action, Draw):
        return 6.0
    if isinstance(action, Discard):
        kind = KIND[action.card]
        return -5.0 if kind in (SQUADRON, SMOKE) else -1.0 - VALUE[action.card] * 0.1
    assert isinstance(action, Play)
    return _play_score(state, me, action)


def _play_score(state: State, me: int, action: Play) -> float:
    card, target = action.card, action.target
    kind = KIND[card]
    if kind == SALVO:
        if target == DS_TARGET:
            hits = sum(VALUE[c] for c in state.ds_salvos) + VALUE[card]
            return 120.0 if hits >= DS_HITS else 40.0 + hits * 5
        return _ship_score(state, target, VALUE[card], me)
    if kind == ADD_DAMAGE:
        return _ship_score(state, salvo_owner(state, target), VALUE[card], me)
    if kind in (SUBMARINE, TORPEDO):
        return float(HITS[target])
    if kind == MINEFIELD:
        fleet = state.fleets[target]
        total = mine_hits(state, target) + VALUE[card]
        sunk = sum(HITS[s] for s in fleet if hits_on(state, s, target) + VALUE[card] >= HITS[s])
        return 5.0 * sunk + len(fleet) + total
    if kind == REPAIR:
        ship = salvo_owner(state, target)
        left = HITS[ship] - hits_on(state, ship, me)
        return 30.0 - 5 * left + VALUE[target] * 2
    if kind == SMOKE:
        hurt = sum(hits_on(state, s, me) for s in state.fleets[me])
        threat = 25.0 if 0 <= state.ds_owner != me else 0.0
        return 4.0 + hurt * 2 + threat
    if kind == SWEEPER:
        return 10.0 * mine_hits(state, me)
    if kind == SQUADRON:
        return 45.0
    if kind == ADD_SHIP:
        return 50.0
    return 1.0


class GreedyBot:
    """Chooses the legal action its heuristic likes best (ties: the first listed)."""

    name = "greedy"

    def choose(self, view: BotView) -> Any:
        obs: View = view.observation
        best = max(view.legal_actions, key=lambda a: score_action(obs, a))
        return best


# --- how a seat stands, for search rollouts cut short ------------------------------------

#: points of lead that make ``evaluate`` about 0.73
SCALE = 8.0


def standing(state: State, seat: int) -> float:
    """Points so far plus a quarter of the hits ``seat``'s afloat ships can still take."""
    health = sum(max(0, HITS[s] - hits_on(state, s, seat)) for s in state.fleets[seat])
    return scores(state)[seat] + 0.25 * health


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, from 0 to 1: its standing against the best other seat's,
    squashed (used to score search rollouts cut short)."""
    if state.phase == OVER:
        return 0.5 if state.winner < 0 else float(state.winner == seat)
    values = [standing(state, s) for s in range(state.n)]
    best_other = max(v for s, v in enumerate(values) if s != seat)
    return 1.0 / (1.0 + math.exp(-(values[seat] - best_other) / SCALE))
