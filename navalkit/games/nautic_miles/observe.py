"""What one seat may see (rules NM-CONVOY, NM-TEAMS, NM-RADAR): its own hand, its side's
convoys, detected convoys, and everything lying face up. No card ids: only kinds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .data import KIND
from .scoring import round_points
from .state import Convoy, RoundResult, State


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


def _convoy(cv: Convoy, shown: bool) -> ConvoyView:
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
            tuple(_convoy(cv, mine is None or mine == s) for cv in state.rows[s]) for s in sides
        ),
        ports=tuple(
            tuple(_convoy(cv, mine is None or mine == s) for cv in state.ports[s]) for s in sides
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
