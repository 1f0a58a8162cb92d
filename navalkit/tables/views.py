"""What the table service hands a page: plain, frozen data objects, nothing that holds a
Match, a state or a seed.

A seat's :class:`SeatView` is built only from ``match.observe(seat)``, ``match.log_for(seat)``,
the seat's own legal moves when it is to move, and what every seat may know (the game, its
settings, who sits where, the status line); the scores only once the game is over. The
teacher's :class:`TeacherView` is the one that sees everything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .codes import seat_link

__all__ = ["NewTable", "SeatInfo", "SeatView", "TableStamp", "TableSummary", "TeacherView"]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as every player may see it (no token)."""

    seat: int
    #: the game's name for the seat ("Player 2")
    player: str
    #: "human", "computer" or "free"
    holder: str
    #: the person's display name, the computer's level or bot name, "" for a free seat
    name: str
    #: a person whose page was seen in the last few seconds (computers always are)
    connected: bool
    #: this seat is the one to move
    to_move: bool
    #: when the person's page was last seen (epoch seconds), None for computers and free seats
    last_seen: float | None


@dataclass(frozen=True, slots=True)
class TableStamp:
    """What a page polls: ``seq`` (moves stored), ``revision`` (any change: a move, a seat
    taken or freed, the game ended) and ``status``."""

    code: str
    seq: int
    revision: int
    status: str


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table just made: its code, and the host's seat and token when the host sat down."""

    code: str
    game_id: str
    players: int
    host_seat: int | None = None
    host_token: str | None = None

    @property
    def host_link(self) -> str | None:
        """The host's seat link (``CODE-token``), if the host took a seat."""
        return None if self.host_token is None else seat_link(self.code, self.host_token)


@dataclass(frozen=True)
class SeatView:
    """Everything one seat's page shows, at sequence number ``seq``.

    ``observation`` is ``match.observe(seat)`` (draw it with the game's ``draw``);
    ``legal_actions`` (with ``legal_texts`` in words) are empty unless ``your_turn``; ``log``
    is ``match.log_for(seat)`` (a pandas DataFrame) or None when not asked for; ``scores``,
    ``winner`` and ``winners`` (the winner's partners too, in a team game) are set once the
    game is over.
    """

    code: str
    game_id: str
    title: str
    settings: dict[str, Any]
    seat: int
    player: str
    name: str
    seq: int
    revision: int
    status: str
    status_text: str
    to_move: int | None
    your_turn: bool
    observation: Any
    legal_actions: tuple[Any, ...]
    legal_texts: tuple[str, ...]
    log: Any
    scores: tuple[float, ...] | None
    winner: int | None
    seats: tuple[SeatInfo, ...]
    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class TeacherView:
    """The teacher's view of a table: ``observe(None)`` (everything), the full log (every card
    and die), the current scores, and the seats."""

    code: str
    game_id: str
    title: str
    settings: dict[str, Any]
    host: str
    created: float
    seq: int
    revision: int
    status: str
    status_text: str
    to_move: int | None
    observation: Any
    log: Any
    scores: tuple[float, ...]
    winner: int | None
    seats: tuple[SeatInfo, ...]
    winners: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TableSummary:
    """One line of the teacher's list of tables."""

    code: str
    game_id: str
    title: str
    players: int
    status: str
    host: str
    created: float
    updated: float
    seq: int
    to_move: int | None
    seats: tuple[SeatInfo, ...]
    #: once the game is over: the seats that won (partners too), none for a game nobody won
    winners: tuple[int, ...] = ()
    #: the table's settings by name, as it was started with them (what every seat may know)
    settings: dict[str, Any] = field(default_factory=dict)
