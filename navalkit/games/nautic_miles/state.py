"""The Nautic Miles state: immutable named tuples (fast to copy, compare and hash)."""

from __future__ import annotations

from typing import NamedTuple

from .config import Config

# Phases: who or what acts next.
DEAL, DRAW, PLAY, REFILL, OVER = 0, 1, 2, 3, 4
NONE = -1  # an empty card slot
ATTACKER, DEFENDER = 1, 2  # sides of a naval battle


class Convoy(NamedTuple):
    """A convoy in a row, with every card lying on it (card ids; NONE when absent).

    ``battle`` lists the plays of the naval battle as ``(seat, cards)``; ``top`` is the
    standing strength, ``top_side`` ATTACKER/DEFENDER (0: no battle), ``top_seat`` who laid
    it, ``tie`` whether the battle is tied. ``fast`` is True once a card above 600 miles lay
    on it (no slowness bonus).
    """

    card: int
    miles: int = 0
    mile_cards: tuple[int, ...] = ()
    radar: int = NONE
    alert: int = NONE
    storm: int = NONE
    neutral: int = NONE
    mine: int = NONE
    mine_by: int = NONE
    plane: int = NONE
    plane_by: int = NONE
    battle: tuple[tuple[int, tuple[int, ...]], ...] = ()
    top: int = 0
    top_side: int = 0
    top_seat: int = NONE
    tie: bool = False
    fast: bool = False

    @property
    def detected(self) -> bool:
        return self.radar != NONE

    def cards(self) -> tuple[int, ...]:
        """Every card of this convoy's stack, the convoy card first."""
        extra = [
            c
            for c in (self.radar, self.alert, self.storm, self.neutral, self.mine, self.plane)
            if c != NONE
        ]
        ships = [c for _, cs in self.battle for c in cs]
        return (self.card, *self.mile_cards, *extra, *ships)

    def attack_cards(self) -> tuple[int, ...]:
        """The cards that lapse when the convoy leaves the sea (all but convoy, miles, radar)."""
        extra = [
            c for c in (self.alert, self.storm, self.neutral, self.mine, self.plane) if c != NONE
        ]
        return (*extra, *(c for _, cs in self.battle for c in cs))


class RoundResult(NamedTuple):
    """How a round ended and what each side scored (half-points), for the record and view."""

    number: int
    reason: str
    void: bool
    points: tuple[int, ...]  # convoy + capture points per side (0 if it may not score)
    bonus: tuple[int, ...]  # round and slowness bonuses per side
    convoys: tuple[tuple[int, ...], ...]  # every convoy card per side (revealed at the end)


class State(NamedTuple):
    """A whole game: rounds, the cards of the current round, and the game points.

    Sides are rows: a seat plays for ``side[seat]`` (its team, or itself). Points are kept
    in half-points so that 2.5 is a whole number. Each hand is kept sorted by card id (so
    its kinds come grouped, in kind order).
    """

    config: Config
    players: int
    side: tuple[int, ...]
    sides: int
    phase: int
    seat: int
    dealer: int
    deal_left: int
    pile: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    rows: tuple[tuple[Convoy, ...], ...]
    ports: tuple[tuple[Convoy, ...], ...]
    captures: tuple[tuple[tuple[int, bool], ...], ...]  # per seat: (convoy card, detected)
    totals: tuple[int, ...]
    round_no: int
    last_round: RoundResult | None
    ply: int
    winner: int | None = None
    over_reason: str = ""


#: each field's position in a State: the rules' hot paths copy a state with ``list(state)``,
#: set a few fields by position and rebuild it with ``tuple.__new__(State, fields)``, the
#: same State as ``state._replace(...)`` in a third of the time
(
    F_CONFIG,
    F_PLAYERS,
    F_SIDE,
    F_SIDES,
    F_PHASE,
    F_SEAT,
    F_DEALER,
    F_DEAL_LEFT,
    F_PILE,
    F_HANDS,
    F_DISCARD,
    F_ROWS,
    F_PORTS,
    F_CAPTURES,
    F_TOTALS,
    F_ROUND_NO,
    F_LAST_ROUND,
    F_PLY,
    F_WINNER,
    F_OVER_REASON,
) = range(len(State._fields))

#: each field's position in a Convoy, for the same fast copies (``list(cv)``, set, rebuild)
(
    C_CARD,
    C_MILES,
    C_MILE_CARDS,
    C_RADAR,
    C_ALERT,
    C_STORM,
    C_NEUTRAL,
    C_MINE,
    C_MINE_BY,
    C_PLANE,
    C_PLANE_BY,
    C_BATTLE,
    C_TOP,
    C_TOP_SIDE,
    C_TOP_SEAT,
    C_TIE,
    C_FAST,
) = range(len(Convoy._fields))
