"""The refusals of a shared table, one class per case, each a :class:`TableError` with a plain
``reason``. A page catches ``TableError`` and shows ``reason``; it branches on the class (or on
``kind``) where it does something more, such as redrawing the new position after a
:class:`StaleMoveError`. Every one of them leaves the store exactly as it was.
"""

from __future__ import annotations

from navalkit.core.errors import TableError, Violation

__all__ = [
    "BadRequestError",
    "GameNotRunningError",
    "IllegalMoveError",
    "NoSuchTableError",
    "NotYourTurnError",
    "RulesChangedError",
    "SeatTakenError",
    "StaleMoveError",
    "StoreBusyError",
    "StoreError",
    "StoreFullError",
    "TableError",
    "TeacherKeyError",
    "WrongTokenError",
]


class NoSuchTableError(TableError, LookupError):
    """No table has this code (or the text is not a table code at all)."""

    kind = "no_table"


class BadRequestError(TableError, ValueError):
    """A value a page sent that cannot be used: a seat that does not exist, a name that is
    empty, settings the game does not have, a sequence number that is not a number."""

    kind = "bad_request"


class SeatTakenError(TableError):
    """The seat asked for is held by someone else (a person or a computer player)."""

    kind = "seat_taken"


class WrongTokenError(TableError, PermissionError):
    """A seat token (seat link) that is not valid at this table: made up, from another table,
    or of a seat the teacher has since freed."""

    kind = "wrong_token"


class GameNotRunningError(TableError):
    """A move at a table that is still waiting for players, or whose game is over or ended."""

    kind = "not_running"


class StaleMoveError(TableError):
    """The move was chosen on an old position: another move was stored since. ``seq`` is the
    latest sequence number: the page shows the new position (``view``) and lets the student
    choose again."""

    kind = "stale"

    def __init__(self, reason: str, seq: int) -> None:
        super().__init__(reason)
        self.seq = seq


class NotYourTurnError(TableError):
    """A move sent by a seat that is not the one to move."""

    kind = "not_your_turn"


class IllegalMoveError(TableError):
    """A move the game's rules refuse: ``violation`` is the game's own refusal (``rule_id``
    and ``reason`` in its words, ``squares`` to highlight)."""

    kind = "illegal"

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.message)
        self.violation = violation

    @property
    def rule_id(self) -> str:
        return self.violation.rule_id


class TeacherKeyError(TableError, PermissionError):
    """A teacher function called without the right teacher key."""

    kind = "teacher_key"


class StoreError(TableError):
    """The table store failed (cannot be reached, damaged): nothing was changed."""

    kind = "store"


class RulesChangedError(StoreError):
    """A table whose game began under older rules of its game and whose stored moves do not
    fit the corrected rules this navalkit plays (navalkit was updated during the game): it
    cannot go on. ``reason`` is for its players; ``for_teacher`` says what the teacher can do."""

    kind = "rules_changed"

    def __init__(self, reason: str, for_teacher: str) -> None:
        super().__init__(reason)
        self.for_teacher = for_teacher


class StoreBusyError(StoreError):
    """The store stayed locked by another writer for longer than the store's timeout."""

    kind = "busy"


class StoreFullError(StoreError):
    """The store could not write: the disk is full (or failing)."""

    kind = "full"
