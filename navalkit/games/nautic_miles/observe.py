"""What one seat may see (rules NM-CONVOY, NM-TEAMS, NM-RADAR): its own hand, its side's
convoys, detected convoys, and everything lying face up. No card ids: only kinds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
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
from .mechanics.scoring import home, limit_reached, raw_points, round_points
from .state import DEAL, NONE, OVER, Convoy, RoundResult, State

__all__ = ["evaluate", "sample_state", "standing"]


@dataclass(frozen=True, slots=True)
class ConvoyView:
    """A convoy as a seat sees it: ``kind`` is None while it is face down to that seat."""

    kind: int | None
    miles: int
    mile_kinds: tuple[int, ...]
    detected: bool
    alert: bool
    storm: bool
    neutral: bool
    mine_by: int
    plane_by: int
    battle: tuple[tuple[int, tuple[int, ...]], ...]  # (seat, ship kinds)
    top: int
    top_side: int
    tie: bool
    fast: bool


@dataclass(frozen=True, slots=True)
class View:
    """A seat's view of the table (``viewer`` None: the teacher's view of everything)."""

    viewer: int | None
    players: int
    side_of: tuple[int, ...]
    sides: int
    phase: int
    seat: int
    dealer: int
    round_no: int
    hands: tuple[tuple[int, ...] | None, ...]  # kinds; None for a hidden hand
    hand_sizes: tuple[int, ...]
    pile_size: int
    discard: tuple[int, ...]  # kinds, oldest first
    rows: tuple[tuple[ConvoyView, ...], ...]
    ports: tuple[tuple[ConvoyView, ...], ...]
    captures: tuple[tuple[tuple[int, bool], ...], ...]  # per seat: (kind, detected)
    totals: tuple[int, ...]  # game points per side, half-points
    round_points: tuple[int | None, ...]  # per side, half-points; None where it would leak
    last_round: RoundResult | None  # convoys given as kinds (revealed at the round's end)
    winner: int | None
    over: bool
    config: Any

    @property
    def side(self) -> int | None:
        return None if self.viewer is None else self.side_of[self.viewer]


def _shown_convoy(cv: Convoy, shown: bool) -> ConvoyView:
    return ConvoyView(
        kind=KIND[cv.card] if shown or cv.radar >= 0 else None,
        miles=cv.miles,
        mile_kinds=tuple(KIND[c] for c in cv.mile_cards),
        detected=cv.radar >= 0,
        alert=cv.alert >= 0,
        storm=cv.storm >= 0,
        neutral=cv.neutral >= 0,
        mine_by=cv.mine_by,
        plane_by=cv.plane_by,
        battle=tuple((s, tuple(KIND[c] for c in cs)) for s, cs in cv.battle),
        top=cv.top,
        top_side=cv.top_side,
        tie=cv.tie,
        fast=cv.fast,
    )


def observe(state: State, viewer: int | None) -> View:
    mine = None if viewer is None else state.side[viewer]
    sides = range(state.sides)
    last = state.last_round
    if last is not None:
        last = last._replace(convoys=tuple(tuple(KIND[c] for c in cs) for cs in last.convoys))
    return View(
        viewer=viewer,
        players=state.players,
        side_of=state.side,
        sides=state.sides,
        phase=state.phase,
        seat=state.seat,
        dealer=state.dealer,
        round_no=state.round_no,
        hands=tuple(
            tuple(KIND[c] for c in h) if viewer is None or viewer == p else None
            for p, h in enumerate(state.hands)
        ),
        hand_sizes=tuple(len(h) for h in state.hands),
        pile_size=len(state.pile),
        discard=tuple(KIND[c] for c in state.discard),
        rows=tuple(
            tuple(_shown_convoy(cv, mine in (None, s)) for cv in state.rows[s]) for s in sides
        ),
        ports=tuple(
            tuple(_shown_convoy(cv, mine in (None, s)) for cv in state.ports[s]) for s in sides
        ),
        captures=tuple(tuple((KIND[c], d) for c, d in caps) for caps in state.captures),
        totals=state.totals,
        round_points=tuple(
            round_points(state, s) if mine is None or mine == s else None for s in sides
        ),
        last_round=last,
        winner=state.winner,
        over=state.winner is not None or state.over_reason != "",
        config=state.config,
    )


def assert_no_leak(state: State) -> None:
    """Every seat's view hides other hands and the face-down convoys of other sides."""
    for seat in range(state.players):
        view = observe(state, seat)
        me = state.side[seat]
        for p, hand in enumerate(view.hands):
            assert (hand is None) == (p != seat), f"seat {seat} sees hand {p}"
        for s in range(state.sides):
            for cvs, real in ((view.rows[s], state.rows[s]), (view.ports[s], state.ports[s])):
                for cv, true in zip(cvs, real, strict=True):
                    hidden = s != me and true.radar < 0
                    assert (cv.kind is None) == hidden, f"seat {seat} sees a face-down convoy"


# --- A full state consistent with one seat's view, for search bots that must not peek.

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


def _guessed_convoy(ids: _Ids, cv: ConvoyView) -> Convoy:
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
    rows = tuple(tuple(_guessed_convoy(ids, cv) for cv in row) for row in view.rows)
    ports = tuple(tuple(_guessed_convoy(ids, cv) for cv in row) for row in view.ports)
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
