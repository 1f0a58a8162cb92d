"""How the hard level thinks in Nautic Miles: which plays it compares, and how it scores the
table where its look-ahead stops.

The hard level cannot see the other hands, the pile or the face-down convoys. For each guess
at them (:func:`~.observe.sample_state`: the unseen cards dealt at random, so a card it has
seen go by is never guessed again) it plays its few best candidates (:func:`search_actions`:
the admiral's favourites) on for a few turns, the admiral choosing for everybody, all with
the same luck of the draw, and scores where each stops with :func:`evaluate`. The play with
the best score over many guesses is played (the core's flat Monte Carlo search).

**The outlook**, what a round is likely to bring (a scoring of the table learned from games).
Each side's table is described by a few dozen plain facts (see :func:`features`): whether a
convoy is home, the points home and captured, the tons at sea and the miles they have done,
the convoys under a mine, a plane or a standing enemy warship (and whether the hand holds the
answer), each kind of card in hand, early and late in the round. Each fact has a weight, in
half-points: what it was worth on average at the end of the round in 3,000 practice games the
admiral played against itself with a few random plays mixed in (a least-squares fit, remade
with ``tests/games/nautic_miles/fit_nm_outlook.py``). The weighted sum for one side less the
other's is the round's likely outcome between them (:func:`outlook`): the hard level scores
the end of its look-ahead with it, and the admiral reads from the weights of the cards in hand
which card is worth the least (see :mod:`.bots`).
"""

from __future__ import annotations

import math
from typing import Any

from navalkit.core.bots import BotView

from . import rules
from .actions import Action
from .bots import Judge, pick
from .data import (
    ALERT,
    COUNTS,
    DISTANCE,
    END_ALERT,
    FINE_SEA,
    KEYS,
    KIND,
    MILES,
    MINE,
    N_KINDS,
    PLANE,
    PLANE_HIT,
    STORM,
    STRENGTH,
    SUBMARINE,
    SWEEPER,
    TONNAGE,
    TRAWLER,
    band,
)
from .mechanics.scoring import capture_value, convoy_value, home
from .observe import observe
from .state import ATTACKER, OVER, PLAY, State

#: cards in the whole deck (the share still in the pile says how much of the round is left)
DECK = sum(COUNTS)

#: the weight of each fact, in half-points at the end of the round (see the module notes)
WEIGHTS: dict[str, float] = {
    "home": 16.456,
    "port": 0.477,
    "capt": 0.414,
    "slow_home": 15.768,
    "sea_band": -0.534,
    "sea_mult": -0.646,
    "sea_milesmult": 1.327,
    "n_sea": 0.493,
    "best_miles": 5.310,
    "raw": 0.357,
    "home_raw": 0.590,
    "mine_on": -4.306,
    "mine_on_mv": -4.306,
    "mine_ans": 7.713,
    "battle_on": -4.291,
    "battle_on_mv": -4.291,
    "battle_ans": 5.295,
    "plane_on": -1.742,
    "plane_ans": 2.240,
    "alert_on": -2.552,
    "storm_on": 0.134,
    "neutral_on": 1.821,
    "tie_on": -3.776,
    "slow_sea": 0.222,
    "hand_miles": 6.961,
    "hand_miles_pile": -2.800,
    "sea_mult_pile": 2.379,
    "trawler_sea": -1.473,
    "to_move": 0.772,
    "big_left": 0.888,
    "hand_c2500": -4.455,
    "hand_c5000": -3.100,
    "hand_c10000": -2.054,
    "hand_c20000": 0.269,
    "hand_trawler": -1.711,
    "hand_m200": -1.325,
    "hand_m400": -0.144,
    "hand_m600": 0.622,
    "hand_m1000": -0.959,
    "hand_m2000": 3.935,
    "hand_submarine": 1.883,
    "hand_frigate": -1.624,
    "hand_destroyer": -2.240,
    "hand_cruiser": -0.001,
    "hand_carrier": 1.470,
    "hand_plane": 4.200,
    "hand_plane_hit": -2.088,
    "hand_mine": 7.704,
    "hand_minesweeper": -2.017,
    "hand_radar": -1.957,
    "hand_alert": 4.096,
    "hand_end_alert": 0.802,
    "hand_storm": 0.776,
    "hand_fine_sea": -0.990,
    "hand_neutral_flag": -1.630,
    "pf_c2500": 7.174,
    "pf_c5000": 3.442,
    "pf_c10000": 5.529,
    "pf_c20000": -1.085,
    "pf_trawler": -1.391,
    "pf_m200": -2.226,
    "pf_m400": -3.420,
    "pf_m600": -3.756,
    "pf_m1000": -0.615,
    "pf_m2000": 0.941,
    "pf_submarine": 4.681,
    "pf_frigate": 0.946,
    "pf_destroyer": 3.659,
    "pf_cruiser": 5.233,
    "pf_carrier": 9.311,
    "pf_plane": 1.718,
    "pf_plane_hit": -7.259,
    "pf_mine": 12.012,
    "pf_minesweeper": 0.928,
    "pf_radar": -3.470,
    "pf_alert": 1.867,
    "pf_end_alert": 4.563,
    "pf_storm": -4.442,
    "pf_fine_sea": -4.985,
    "pf_neutral_flag": 6.062,
    "sweep_ctx": 1.937,
    "phit_ctx": 1.908,
    "endal_ctx": 0.203,
    "fine_ctx": -0.535,
    "miles_nosea": -3.173,
}

#: the facts :func:`features` lists, in its order
NAMES: tuple[str, ...] = (
    "home", "port", "capt", "slow_home", "sea_band", "sea_mult", "sea_milesmult", "n_sea",
    "best_miles", "raw", "home_raw", "mine_on", "mine_on_mv", "mine_ans", "battle_on",
    "battle_on_mv", "battle_ans", "plane_on", "plane_ans", "alert_on", "storm_on", "neutral_on",
    "tie_on", "slow_sea", "hand_miles", "hand_miles_pile", "sea_mult_pile", "trawler_sea",
    "to_move", "big_left",
    *(f"hand_{KEYS[k]}" for k in range(N_KINDS)),
    *(f"pf_{KEYS[k]}" for k in range(N_KINDS)),
    "sweep_ctx", "phit_ctx", "endal_ctx", "fine_ctx", "miles_nosea",
)  # fmt: skip
_W = tuple(WEIGHTS[name] for name in NAMES)
assert set(WEIGHTS) == set(NAMES)


def unseen_by(state: State, side: int, kind: int) -> int:
    """Cards of ``kind`` that ``side`` has not seen: not discarded, not on the table, not in
    its hands (attack cards lying on convoys are counted where they lie)."""
    n = COUNTS[kind] - sum(1 for c in state.discard if KIND[c] == kind)
    for seat, hand in enumerate(state.hands):
        if state.side[seat] == side:
            n -= sum(1 for c in hand if KIND[c] == kind)
    for row in state.rows:
        for cv in row:
            if kind == MINE:
                n -= cv.mine >= 0
            elif kind == PLANE:
                n -= cv.plane >= 0
            elif kind == ALERT:
                n -= cv.alert >= 0
            elif kind == STORM:
                n -= cv.storm >= 0
    return n


def features(state: State, side: int) -> list[float]:
    """The facts of ``side``'s table, in the order of :data:`NAMES`: convoys home (``home``,
    ``port``, ``slow_home``), captures (``capt``), convoys at sea (their tons: ``sea_mult``,
    points so far: ``sea_band``, tons times miles: ``sea_milesmult``, the furthest:
    ``best_miles``), their dangers in tons (a mine, a standing enemy ship, a plane, an alert,
    a tie; ``_ans`` when the hand holds the answer, ``_mv`` when the side moves next), the
    cards in hand (``hand_<card>``, and ``pf_<card>`` weighted by the share of the pile left)
    and a few cards whose worth depends on what may still come (a minesweeper by the mines
    unseen, ...)."""
    mv = 1.0 if state.phase == PLAY and state.side[state.seat] == side else 0.0
    hc = [0] * N_KINDS
    for seat, hand in enumerate(state.hands):
        if state.side[seat] == side:
            for c in hand:
                hc[KIND[c]] += 1
    port = 0
    slow_home = 0
    for cv in state.ports[side]:
        port += convoy_value(cv)
        if not cv.fast and KIND[cv.card] != TRAWLER:
            slow_home += 1
    capt = capture_value(state, side)
    sea_band = sea_mult = tons_miles = n_sea = best = 0.0
    mine_on = battle_on = plane_on = alert_on = storm_on = neutral_on = tie_on = 0.0
    slow_sea = trawler = mine_ans = battle_ans = plane_ans = 0.0
    big = max((STRENGTH.get(k, 0) for k in range(N_KINDS) if hc[k]), default=0)
    subs = hc[SUBMARINE] >= 2
    for cv in state.rows[side]:
        kind = KIND[cv.card]
        if kind == TRAWLER:
            trawler += 1
            continue
        mult = TONNAGE[kind] // 2500 * (2 if cv.radar >= 0 else 1)
        sea_band += mult * band(cv.miles)
        sea_mult += mult
        tons_miles += mult * cv.miles / 1000
        n_sea += 1
        best = max(best, cv.miles / 1000)
        if not cv.fast:
            slow_sea += mult
        if cv.mine >= 0:
            mine_on += mult
            if hc[SWEEPER]:
                mine_ans += mult
        if cv.battle and not cv.tie and cv.top_side == ATTACKER:
            battle_on += mult
            if big >= cv.top or subs:
                battle_ans += mult
        if cv.tie:
            tie_on += mult
        if cv.plane >= 0:
            plane_on += mult
            if hc[PLANE_HIT]:
                plane_ans += mult
        if cv.alert >= 0 and not cv.battle:
            alert_on += mult
        if cv.storm >= 0:
            storm_on += mult
        if cv.neutral >= 0:
            neutral_on += mult
    h = 1.0 if home(state, side) else 0.0
    raw = port + capt + sea_band
    miles = sum(DISTANCE[k] * hc[k] for k in MILES) / 1000
    pf = len(state.pile) / DECK
    return [
        h, port, capt, slow_home, sea_band, sea_mult, tons_miles, n_sea, best, raw, h * raw,
        mine_on, mine_on * mv, mine_ans * mv, battle_on, battle_on * mv, battle_ans * mv,
        plane_on, plane_ans, alert_on, storm_on, neutral_on, tie_on, slow_sea,
        miles, miles * pf, sea_mult * pf, trawler, mv, big,
        *hc,
        *(n * pf for n in hc),
        hc[SWEEPER] * unseen_by(state, side, MINE),
        hc[PLANE_HIT] * unseen_by(state, side, PLANE),
        hc[END_ALERT] * unseen_by(state, side, ALERT),
        hc[FINE_SEA] * unseen_by(state, side, STORM),
        miles * (n_sea == 0),
    ]  # fmt: skip


def worth(state: State, side: int) -> float:
    """The weighted sum of ``side``'s facts, in half-points."""
    return sum(w * x for w, x in zip(_W, features(state, side), strict=True))


def outlook(state: State, side: int, other: int) -> float:
    """How many more half-points ``side`` is likely to end the round with than ``other``."""
    return worth(state, side) - worth(state, other)


def card_worth(kind: int, pile_share: float) -> float:
    """What one card of ``kind`` in hand is worth, in half-points, with ``pile_share`` of the
    deck still in the pile (its context terms aside: see :func:`context_worth`)."""
    key = KEYS[kind]
    value = WEIGHTS[f"hand_{key}"] + WEIGHTS[f"pf_{key}"] * pile_share
    if kind in MILES:
        thousands = DISTANCE[kind] / 1000
        value += thousands * (WEIGHTS["hand_miles"] + WEIGHTS["hand_miles_pile"] * pile_share)
    return value


#: the cards whose worth grows with the cards unseen of another kind, and that fact's weight
CONTEXT = {
    SWEEPER: (MINE, "sweep_ctx"),
    PLANE_HIT: (PLANE, "phit_ctx"),
    END_ALERT: (ALERT, "endal_ctx"),
    FINE_SEA: (STORM, "fine_ctx"),
}

#: half-points of lead (game points plus the round's outlook) that make :func:`evaluate`
#: about 0.73; fitted to who went on to win the practice games
SCALE = 90.0
#: how many of the admiral's favourite plays the search compares in each position
CANDIDATES = 4

_last: tuple[State | None, list[float]] = (None, [])


def _standing(state: State) -> list[float]:
    """Each side's game points plus its outlook for the round against the best other side,
    in half-points (the last table's figures are kept: every seat asks about the same one)."""
    global _last
    if _last[0] is state:
        return _last[1]
    sides = range(state.sides)
    values = []
    for s in sides:
        lead = min(
            state.totals[s] - state.totals[o] + outlook(state, s, o) for o in sides if o != s
        )
        values.append(lead)
    _last = (state, values)
    return values


def evaluate(state: State, seat: int) -> float:
    """How well ``seat``'s side stands, from 0 to 1: its lead in game points plus the round's
    likely outcome (:func:`~.outlook.outlook`) over the best other side, squashed. A
    finished game is 1 for the winners, 0 for the others (0.5 each for a draw)."""
    if state.phase == OVER:
        return 0.5 if state.winner is None else float(state.side[state.winner] == state.side[seat])
    return 1.0 / (1.0 + math.exp(-_standing(state)[state.side[seat]] / SCALE))


def search_actions(state: State) -> list[Action]:
    """The plays the search compares in ``state``: the admiral's ``CANDIDATES`` favourites
    (ties at the cut kept), judged on the mover's own view of the table only."""
    legal = rules.legal_actions(state)
    if len(legal) <= CANDIDATES:
        return legal
    judge = AdmiralJudge(observe(state, state.seat))
    scored = sorted(((judge.value(a), i) for i, a in enumerate(legal)), reverse=True)
    cut = scored[CANDIDATES - 1][0]
    return [legal[i] for v, i in scored if v >= cut - 1e-9]


class AdmiralJudge(Judge):
    """The captain's judgement, with the worth of each card in hand learned from practice
    games (the outlook's weights above) instead of the captain's rules of thumb."""

    def keep(self, kind: int) -> float:
        view = self.view
        value = card_worth(kind, view.pile_size / DECK)
        if kind in CONTEXT:
            threat, weight = CONTEXT[kind]
            value += WEIGHTS[weight] * self.unseen(threat)
        elif kind in MILES and self.at_sea == 0:
            value += WEIGHTS["miles_nosea"] * DISTANCE[kind] / 1000
        return value


class AdmiralBot:
    """The captain with a better sense of what each card in hand is worth (learned from
    practice games, and counting the cards gone: a minesweeper is kept while mines may still
    come). The hard level's search plays on with it and starts from its choice."""

    name = "admiral"

    def choose(self, view: BotView) -> Any:
        return pick(AdmiralJudge(view.observation), view)
