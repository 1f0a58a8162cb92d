"""The table service's words and checks of what a page sends: names, seats, numbers, the
status line, and the seats as every player may see them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from navalkit.core.config import value_words
from navalkit.core.match import Match
from navalkit.core.words import owned
from navalkit.core.words import quoted as typed

from .errors import BadRequestError
from .store import COMPUTER, ENDED, FREE, HUMAN, OPEN, OVER, PLAYING, SeatRow, TableRow
from .views import SeatInfo

__all__ = [
    "CONNECTED_SECONDS",
    "MAX_NAME",
    "STATUS_WORDS",
    "board_words",
    "changed_settings",
    "check_seat",
    "clean_name",
    "not_running",
    "quoted",
    "seat_infos",
    "settings_words",
    "status_text",
    "whole",
]

#: a person counts as connected when the page was seen this recently (seconds)
CONNECTED_SECONDS = 10.0
#: the longest display name
MAX_NAME = 40
#: a table's status in words (the teacher's list, the class's results)
STATUS_WORDS = {
    OPEN: "waiting for players",
    PLAYING: "playing",
    OVER: "over",
    ENDED: "ended by the teacher",
}


def quoted(value: object) -> str:
    """What someone typed or sent, quoted as prose (“abc”: core.words.quoted), never as
    Python writes it ('abc'); a number as written."""
    return typed(value) if isinstance(value, str) else str(value)


def changed_settings(game: Any, settings: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The settings of a table that differ from the game's defaults, as a page says them:
    ``(label, value in words)`` in the game's order ("Bonus for a slow convoy", "per
    round"). A setting the game does not have is left out."""
    fields = game.config_type.__dataclass_fields__
    return [
        (row["label"], value_words(settings[row["setting"]], fields[row["setting"]]))
        for row in game.settings()
        if row["setting"] in settings and settings[row["setting"]] != row["default"]
    ]


def settings_words(game: Any, settings: Mapping[str, Any], same: str = "") -> str:
    """:func:`changed_settings` in one line, "Bonus for a slow convoy: per round; Points to
    win: 100"; ``same`` when the table plays with the game's own settings."""
    changed = changed_settings(game, settings)
    return "; ".join(f"{label}: {words}" for label, words in changed) if changed else same


def clean_name(name: object, what: str = "Your name") -> str:
    """A display name with control characters dropped and spaces tidied; BadRequestError for
    one that is empty or too long."""
    if not isinstance(name, str):
        raise BadRequestError(f"{what} must be text.")
    clean = re.sub(r"\s+", " ", "".join(ch for ch in name if ch.isprintable())).strip()
    if not clean:
        raise BadRequestError(f"{what} is empty: type a name to sit at the table.")
    if len(clean) > MAX_NAME:
        raise BadRequestError(f"{what} is too long: at most {MAX_NAME} characters.")
    return clean


def whole(value: object, what: str) -> int:
    """``value`` if it is a whole number (not a bool), else BadRequestError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequestError(f"{what} must be a whole number, not {quoted(value)}.")
    return value


def check_seat(seat: object, players: int, game: Any) -> None:
    """BadRequestError unless ``seat`` is one of the table's seats."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        names = f"{game.player_name(0)} to {game.player_name(players - 1)}"
        raise BadRequestError(
            f"There is no seat {quoted(seat)}: this table has seats 0 to {players - 1} ({names})."
        )


def board_words(status: str) -> str:
    """What a table's board says instead of whose turn it is while nobody may move although
    the position names a player to ("waiting for players", "ended by the teacher"; "" while
    the game runs, or is over, which the board says itself): the ``not_running`` every game's
    ``draw`` takes."""
    return STATUS_WORDS[status] if status in (OPEN, ENDED) else ""


def not_running(table: TableRow) -> str:
    """Why no move can be played at a table that is not playing."""
    if table.status == OPEN:
        return "The game has not started yet: it starts when every seat is taken."
    if table.status == ENDED:
        return "Your teacher ended this game: no more moves can be played."
    return "The game is over: no more moves can be played."


def status_text(table: TableRow, seats: list[SeatRow], match: Match) -> str:
    """The status line every seat reads: who is awaited, or the game's own status."""
    game = match.game
    free = [game.player_name(s.seat) for s in seats if s.holder == FREE]
    if table.status == OPEN:
        k = len(free)
        return f"Waiting for {k} more {'player' if k == 1 else 'players'} to join: " + (
            f"{', '.join(free)}."
        )
    if table.status == ENDED:
        return f"Your teacher ended this game. {match.status}"
    mover = table.to_move
    if table.status == PLAYING and mover is not None and seats[mover].holder == FREE:
        return f"Waiting for someone to take {owned('seat', game.player_name(mover))}."
    return match.status


def seat_infos(
    table: TableRow, seats: list[SeatRow], game: Any, now: float
) -> tuple[SeatInfo, ...]:
    """The seats as every player may see them (no token): who, connected, whose turn."""
    mover = table.to_move if table.status == PLAYING else None
    return tuple(
        SeatInfo(
            seat=s.seat,
            player=game.player_name(s.seat),
            holder=s.holder,
            name=s.name,
            connected=s.holder == COMPUTER
            or (
                s.holder == HUMAN
                and s.last_seen is not None
                and now - s.last_seen <= CONNECTED_SECONDS
            ),
            to_move=s.seat == mover,
            last_seen=s.last_seen if s.holder == HUMAN else None,
        )
        for s in seats
    )
