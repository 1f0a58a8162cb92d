"""The medium level: "greedy", a heuristic player that sees only its own seat's view.

How it thinks, move by move, with no look-ahead: it gives every legal move a score and plays
the highest (ties: the first listed).

* A shot that sinks a ship scores highest, the more points the better (a ship is worth its
  hit number to whoever deals the last hit); a shot that does not sink prefers ships already
  damaged, and the leader's ships a little.
* Shooting down an enemy Destroyer Squadron comes next when the salvo finishes it; playing
  its own Squadron or an Additional Ship is nearly as good.
* Repair when one of its ships is about to sink; smoke when its fleet is hurt or an enemy
  Squadron is at sea; sweep minefields away when they are on it.
* Air strikes go at the biggest ship in reach; it launches them instead of drawing only with
  two carriers or more. It discards when nothing is worth playing (never its smoke or
  Squadron if it can help it).

The search of the hard level uses :func:`greedy_choice` as its model of how every seat plays
on (it reads only the mover's own hand and what is on the table), so it is written to be
quick: the board is read once per decision, not once per move scored.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from .mechanics.damage import ds_hits
from .observe import View
from .state import DS_TARGET, State


class Board:
    """What the scores read off the table, worked out once: each afloat ship's owner and hits
    (salvos, their Additional Damage and the minefields in front of its fleet), the ship each
    salvo card lies on, and the mine hits in front of each fleet."""

    __slots__ = ("have", "mines", "owner", "state", "top", "where")

    def __init__(self, state: State, *, full: bool = True) -> None:
        self.state = state
        if not full:  # only the state is read outside the card phases
            return
        salvos = state.salvos
        self.mines = [sum(VALUE[m] for m, _ in laid) for laid in state.mines]
        self.owner: dict[int, int] = {}
        self.have: dict[int, int] = {}
        self.where: dict[int, int] = {}
        for seat, fleet in enumerate(state.fleets):
            for ship in fleet:
                self.owner[ship] = seat
                hits = self.mines[seat]
                for card, extra in salvos[ship]:
                    self.where[card] = ship
                    hits += VALUE[card]
                    for e in extra:
                        hits += VALUE[e]
                self.have[ship] = hits
        self.top = max(state.totals)

    def left(self, ship: int) -> int:
        """Hits ``ship`` can still take before it sinks."""
        return HITS[ship] - self.have[ship]

    def ship_score(self, ship: int, extra: int) -> float:
        """How good it is to add ``extra`` hits to ``ship``: a sure sink of a big ship is
        best; otherwise damaged ships first, the leader's a little more."""
        have = self.have[ship]
        left = HITS[ship] - have
        if extra >= left:
            return 100.0 + HITS[ship] * 5
        lead = 2 if self.state.totals[self.owner[ship]] == self.top else 0
        return 10.0 + have * 3 + extra * 2 - left + lead


def score_on(board: Board, me: int, action: Any) -> float:
    """The greedy bot's liking for ``action`` on ``board`` for seat ``me`` (higher is better)."""
    state = board.state
    kind_of = type(action)
    if kind_of is Play:
        return _play_score(board, me, action)
    if kind_of is Discard:
        kind = KIND[action.card]
        return -5.0 if kind in (SQUADRON, SMOKE) else -1.0 - VALUE[action.card] * 0.1
    if kind_of is Strike:
        if action.target < 0:
            return 0.5
        return float(HITS[action.target]) + (3.0 if action.kamikaze else 0.0)
    if kind_of is Take:
        return float(HITS[action.ship])
    if kind_of is Aim:
        return float(sum(HITS[s] for s in state.fleets[action.seat]) + state.totals[action.seat])
    if kind_of is Launch:
        carriers = sum(1 for s in state.fleets[me] if CARRIER[s])
        return 8.0 * carriers - 4.0
    if kind_of is Draw:
        return 6.0
    return 0.0


def _play_score(board: Board, me: int, action: Play) -> float:
    state = board.state
    card, target = action.card, action.target
    kind = KIND[card]
    if kind == SALVO:
        if target == DS_TARGET:
            hits = ds_hits(state) + VALUE[card]
            return 120.0 if hits >= DS_HITS else 40.0 + hits * 5
        return board.ship_score(target, VALUE[card])
    if kind == ADD_DAMAGE:
        return board.ship_score(board.where[target], VALUE[card])
    if kind in (SUBMARINE, TORPEDO):
        return float(HITS[target])
    if kind == MINEFIELD:
        fleet = state.fleets[target]
        value = VALUE[card]
        total = board.mines[target] + value
        sunk = sum(HITS[s] for s in fleet if board.have[s] + value >= HITS[s])
        return 5.0 * sunk + len(fleet) + total
    if kind == REPAIR:
        ship = board.where[target]
        return 30.0 - 5 * board.left(ship) + VALUE[target] * 2
    if kind == SMOKE:
        hurt = sum(board.have[s] for s in state.fleets[me])
        threat = 25.0 if 0 <= state.ds_owner != me else 0.0
        return 4.0 + hurt * 2 + threat
    if kind == SWEEPER:
        return 10.0 * board.mines[me]
    if kind == SQUADRON:
        return 45.0
    if kind == ADD_SHIP:
        return 50.0
    return 1.0


def score_action(view: View, action: Any) -> float:
    """The greedy bot's liking for ``action`` in ``view`` (higher is better)."""
    return score_on(Board(view.state), view.state.seat, action)


def greedy_choice(state: State, legal: Sequence[Any]) -> Any:
    """The greedy bot's move among ``legal`` for the seat to move in ``state``: the first of
    the best-scored. It reads only that seat's hand and the table, so it may be given a
    sampled state (the search's model of how every seat plays on)."""
    board = Board(state, full=type(legal[0]) in (Play, Discard))
    me = state.seat
    best, best_score = legal[0], -1e18
    for action in legal:
        score = score_on(board, me, action)
        if score > best_score:
            best, best_score = action, score
    return best


class GreedyBot:
    """The medium level: scores every legal move with the rules of thumb above (sink the
    biggest ship it can, else damage a hurt ship, defend a fleet in danger, discard what it
    cannot use) and plays the best-scored one (ties: the first listed). No look-ahead and no
    guessing at hidden cards: it reads only its own hand and the table."""

    name = "greedy"

    def choose(self, view: BotView) -> Any:
        obs: View = view.observation
        return greedy_choice(obs.state, view.legal_actions)
