"""The computer captains of Nautic Miles. Each sees only its seat's view and the legal plays.

The **captain** (the medium level) gives every legal play a score by rules of thumb and
plays the best (ties broken by the seeded per-ply random source):

1. a mile card that brings a convoy home beats everything;
2. then saving its own convoys: sweep a mine, shoot down a plane, answer an enemy warship
   with the weakest ship that holds, end an alert;
3. then finishing an enemy convoy (the second plane), laying a mine, an alert (if it has a
   warship to follow it up) or a warship attack, on the enemy's most advanced and richest
   convoys; never on a trawler it has unmasked, and never a radar (it doubles what the
   convoy is worth to its owner);
4. then advancing its convoys, the richest and furthest first, and laying new ones while it
   has fewer than three at sea;
5. when nothing is worth playing, it discards the card it needs least: small cards before
   big ones, and a minesweeper, a plane shot down, an end of alert or a fine sea only once
   every card they answer has been seen.

The **admiral** (:mod:`.search`, where the hard level thinks) judges the plays the same way
but knows better what each card in hand is worth: weights learned from practice games, which
also count the cards already gone. The hard level's search plays on with the admiral.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from navalkit.core.bots import BotView

from .actions import Action, Discard, Place
from .data import (
    ALERT,
    ARRIVAL,
    CONVOYS,
    COUNTS,
    DISTANCE,
    END_ALERT,
    FINE_SEA,
    MILES,
    MINE,
    NEUTRAL,
    PLANE,
    PLANE_HIT,
    RADAR,
    SHIPS,
    STORM,
    STRENGTH,
    SWEEPER,
    TONNAGE,
    TRAWLER,
)
from .observe import View

ATTACK = {MINE: 50.0, ALERT: 35.0, STORM: 12.0}
DEFEND = {SWEEPER: 90.0, PLANE_HIT: 85.0, END_ALERT: 60.0, FINE_SEA: 30.0, NEUTRAL: 40.0}
#: how much the captain wants to keep a card of each kind (the least wanted is discarded)
KEEP = {
    MINE: 12.0,
    PLANE: 7.0,
    ALERT: 6.0,
    NEUTRAL: 6.0,
    STORM: 5.0,
    END_ALERT: 6.0,
    SWEEPER: 10.0,
    PLANE_HIT: 7.0,
    FINE_SEA: 3.0,
    RADAR: 1.0,
}
#: the card a defensive card answers: worth keeping only while such cards may still come
ANSWERS = {SWEEPER: MINE, PLANE_HIT: PLANE, END_ALERT: ALERT, FINE_SEA: STORM}


def unseen(view: View, kind: int) -> int:
    """How many cards of ``kind`` this seat has not seen (in the pile or another hand)."""
    seen = view.discard.count(kind)
    for hand in view.hands:
        if hand is not None:
            seen += hand.count(kind)
    for row in (*view.rows, *view.ports):
        for cv in row:
            if kind == MINE:
                seen += cv.mine_by >= 0
            elif kind == PLANE:
                seen += cv.plane_by >= 0
            elif kind == ALERT:
                seen += cv.alert
            elif kind == STORM:
                seen += cv.storm
    return COUNTS[kind] - seen


class Judge:
    """The captain's judgement of the plays in one view (what it reads is read once)."""

    def __init__(self, view: View) -> None:
        me = view.side
        assert me is not None
        self.view = view
        self.me = me
        self.hand: tuple[int, ...] = view.hands[view.seat] or ()
        self.at_sea = len(view.rows[me])
        self._unseen: dict[int, int] = {}

    def unseen(self, kind: int) -> int:
        if kind not in self._unseen:
            self._unseen[kind] = unseen(self.view, kind)
        return self._unseen[kind]

    def keep(self, kind: int) -> float:
        """How much the captain wants to keep a card of ``kind``."""
        if kind in MILES:
            return 6.0 + DISTANCE[kind] / 100
        if kind in CONVOYS:
            if kind == TRAWLER:
                return 1.0
            return (12.0 if self.at_sea < 3 else 4.0) + TONNAGE[kind] / 2500
        if kind in SHIPS:
            return 3.0 + 2.0 * STRENGTH[kind]
        if kind in ANSWERS and self.unseen(ANSWERS[kind]) == 0:
            return 0.0
        return KEEP.get(kind, 2.0)

    def value(self, action: Action) -> float:
        """How much the captain likes ``action`` (higher is better)."""
        view, me = self.view, self.me
        if isinstance(action, Discard):
            return -5.0 - self.keep(action.kind) / 4
        if isinstance(action, Place):
            first = 30.0 if self.at_sea < 3 else 5.0
            return first + TONNAGE[action.kind] / 2000 - action.at * 0.1
        kind = action.kind
        cv = view.rows[action.row][action.at]
        if kind in MILES:
            gain = DISTANCE[kind]
            if cv.miles + gain >= ARRIVAL:
                return 100.0 + cv.miles / 100
            danger = 10.0 if cv.mine_by >= 0 or cv.plane_by >= 0 else 0.0
            worth = 0.0 if cv.kind is None else TONNAGE[cv.kind] / 2500
            return 20.0 + gain / 100 + cv.miles / 400 + worth - danger
        if action.row == me:
            if kind in STRENGTH:
                return 80.0 - STRENGTH[kind] + (5.0 if STRENGTH[kind] > cv.top else 0.0)
            return DEFEND.get(kind, 10.0) + cv.miles / 400
        if cv.kind == TRAWLER:
            return -30.0  # a dummy: not worth a card
        worth = 3.0 if cv.kind is None else TONNAGE[cv.kind] / 2500
        lead = view.totals[action.row] / 20 + cv.miles / 300 + worth
        if kind == PLANE:
            if cv.plane_by >= 0:
                return 95.0 + lead
            return (40.0 if self.hand.count(PLANE) >= 2 else 25.0) + lead
        if kind in STRENGTH:
            return 45.0 + lead + 1.5 * STRENGTH[kind]
        if kind == FINE_SEA:
            return -20.0
        if kind == RADAR:
            return -12.0  # doubles what the convoy is worth to its owner
        if kind == ALERT:
            armed = any(k in SHIPS for k in self.hand)
            return (35.0 if armed else 22.0) + lead
        return ATTACK.get(kind, 5.0) + lead


def value(view: View, action: Action) -> float:
    """How much the captain likes ``action`` (higher is better)."""
    return Judge(view).value(action)


def pick(judge: Judge, view: BotView) -> Any:
    """The play ``judge`` likes best (ties broken by the seeded per-ply random source)."""
    legal: Sequence[Action] = view.legal_actions
    values = [judge.value(a) for a in legal]
    best = max(values)
    return view.rng.choice([a for a, v in zip(legal, values, strict=True) if v >= best - 1e-9])


class ConvoyBot:
    """The medium level: brings convoys home, defends them, attacks the enemy's most
    advanced convoys, and throws away the card it needs least (see the module's notes)."""

    name = "captain"

    def choose(self, view: BotView) -> Any:
        return pick(Judge(view.observation), view)
