"""A full state consistent with one seat's view, for search bots that must not peek.

Every card the view shows (by kind) gets a card id of that kind; the cards left over are the
unseen ones, dealt at random: a convoy card to each convoy lying face down to the viewer, then
the other hands and the draw pile. Nothing here reads more than the view.
"""

from __future__ import annotations

import math
from typing import Any

from .data import (
    ALERT,
    CONVOYS,
    COUNTS,
    HAND_SIZE,
    KIND,
    MINE,
    NEUTRAL,
    PLANE,
    RADAR,
    STORM,
)
from .observe import ConvoyView, View
from .scoring import home, limit_reached, raw_points
from .state import DEAL, NONE, OVER, Convoy, State

#: half-points of lead that make ``evaluate`` about 0.73
SCALE = 20.0
#: tries at dealing the face-down convoys before keeping a deal that ends the round
TRIES = 20
_FIRST = tuple(KIND.index(k) for k in range(len(COUNTS)))  # the lowest card id of each kind


class _Ids:
    """The card ids of each kind not yet given out (lowest first)."""

    def __init__(self) -> None:
        self.free = [[c for c, k in enumerate(KIND) if k == kind] for kind in range(len(COUNTS))]

    def take(self, kind: int) -> int:
        if not self.free[kind]:
            raise ValueError(f"the view shows more cards of kind {kind} than the deck holds")
        return self.free[kind].pop(0)

    def opt(self, kind: int, present: bool) -> int:
        return self.take(kind) if present else NONE

    def rest(self) -> list[int]:
        return sorted(c for ids in self.free for c in ids)


def _convoy(ids: _Ids, cv: ConvoyView) -> Convoy:
    """The convoy ``cv`` shows, with card ids; ``card`` is NONE while it lies face down."""
    battle = tuple((seat, tuple(ids.take(k) for k in kinds)) for seat, kinds in cv.battle)
    return Convoy(
        card=NONE if cv.kind is None else ids.take(cv.kind),
        miles=cv.miles,
        mile_cards=tuple(ids.take(k) for k in cv.mile_kinds),
        radar=ids.opt(RADAR, cv.detected),
        alert=ids.opt(ALERT, cv.alert),
        storm=ids.opt(STORM, cv.storm),
        neutral=ids.opt(NEUTRAL, cv.neutral),
        mine=ids.opt(MINE, cv.mine_by >= 0),
        mine_by=cv.mine_by,
        plane=ids.opt(PLANE, cv.plane_by >= 0),
        plane_by=cv.plane_by,
        battle=battle,
        top=cv.top,
        top_side=cv.top_side,
        top_seat=battle[-1][0] if battle else NONE,  # the last ship laid (rules._battle)
        tie=cv.tie,
        fast=cv.fast,
    )


def _fill(rows: tuple[tuple[Convoy, ...], ...], cards: list[int]) -> tuple[tuple[Convoy, ...], ...]:
    """``rows`` with the face-down convoys given ``cards`` in order."""
    it = iter(cards)
    return tuple(
        tuple(cv if cv.card != NONE else cv._replace(card=next(it)) for cv in row) for row in rows
    )


def sample_state(view: View, rng: Any) -> State:
    """A state ``view.viewer`` cannot tell from the true one; ``rng`` makes every guess."""
    ids = _Ids()
    hands: list[tuple[int, ...] | None] = [
        None if h is None else tuple(ids.take(k) for k in h) for h in view.hands
    ]
    rows = tuple(tuple(_convoy(ids, cv) for cv in row) for row in view.rows)
    ports = tuple(tuple(_convoy(ids, cv) for cv in row) for row in view.ports)
    discard = tuple(ids.take(k) for k in view.discard)
    captures = tuple(tuple((ids.take(k), d) for k, d in caps) for caps in view.captures)
    unseen = ids.rest()
    down = sum(cv.card == NONE for row in (*rows, *ports) for cv in row)
    pool_convoys = [c for c in unseen if KIND[c] in CONVOYS]
    last = view.last_round
    if last is not None:  # a past round's convoys: any card of the kind (not on the table now)
        last = last._replace(convoys=tuple(tuple(_FIRST[k] for k in cs) for cs in last.convoys))
    base = State(
        config=view.config,
        players=view.players,
        side=view.side_of,
        sides=view.sides,
        phase=view.phase,
        seat=view.seat,
        dealer=view.dealer,
        deal_left=HAND_SIZE * view.players - sum(view.hand_sizes) if view.phase == DEAL else 0,
        pile=(),
        hands=(),
        discard=discard,
        rows=rows,
        ports=ports,
        captures=captures,
        totals=view.totals,
        round_no=view.round_no,
        last_round=last,
        ply=0,
        winner=view.winner,
        over_reason=_over_reason(view),
    )
    state = base
    for _ in range(TRIES):
        face_down = rng.sample(pool_convoys, down)
        taken = set(face_down)
        rest = [c for c in unseen if c not in taken]
        rng.shuffle(rest)
        dealt: list[tuple[int, ...]] = []
        for h, size in zip(hands, view.hand_sizes, strict=True):
            if h is None:
                h, rest = tuple(sorted(rest[:size])), rest[size:]
            dealt.append(h)
        state = base._replace(
            pile=tuple(sorted(rest)),
            hands=tuple(dealt),
            rows=_fill(rows, face_down[: _count(rows)]),
            ports=_fill(ports, face_down[_count(rows) :]),
        )
        # the round goes on, so no side has reached the round limit (a public fact)
        if view.over or not limit_reached(state):
            break
    return state


def _count(rows: tuple[tuple[Convoy, ...], ...]) -> int:
    return sum(cv.card == NONE for row in rows for cv in row)


def _over_reason(view: View) -> str:
    if not view.over:
        return ""
    best = max(view.totals)
    return "target" if best >= 2 * view.config.target else "rounds"


def standing(state: State, side: int) -> float:
    """Game points plus this round's points so far (half of them while no convoy of the side
    is home to let it score), in half-points."""
    raw = raw_points(state, side)
    return state.totals[side] + (raw if home(state, side) else raw / 2)


def evaluate(state: State, seat: int) -> float:
    """How well ``seat``'s side stands, from 0 to 1: its standing against the best other
    side's, squashed (used to score search rollouts cut short)."""
    if state.phase == OVER:
        return 0.5 if state.winner is None else float(state.side[state.winner] == state.side[seat])
    me = state.side[seat]
    values = [standing(state, s) for s in range(state.sides)]
    best_other = max(v for s, v in enumerate(values) if s != me)
    return 1.0 / (1.0 + math.exp(-(values[me] - best_other) / SCALE))


__all__ = ["evaluate", "sample_state", "standing"]
