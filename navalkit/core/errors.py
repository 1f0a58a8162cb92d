"""Errors that teach: every refusal carries a rule id and a reason in plain words."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Violation:
    """Why an action is refused: the rule it breaks, in words, and where to look.

    ``squares`` names the board places (or cards) a view may highlight.
    """

    rule_id: str
    message: str
    squares: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"[{self.rule_id}] {self.message}"


class NavalkitError(Exception):
    """Base class of every error navalkit raises on purpose."""


class IllegalActionError(NavalkitError, ValueError):
    """An action the rules refuse. The match it was offered to is unchanged."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(str(violation))
        self.violation = violation

    @property
    def rule_id(self) -> str:
        return self.violation.rule_id

    @property
    def reason(self) -> str:
        return self.violation.message


class ConfigError(NavalkitError, ValueError):
    """A setting that does not exist or has a value the game cannot use."""


#: the largest JSON text navalkit reads from a person (a save, a page's request), and how deep
#: its lists and objects may nest (a game record nests a few levels; a hostile file, thousands)
JSON_MAX_CHARS = 5_000_000
JSON_MAX_DEPTH = 40


def read_json(text: str | bytes, what: str = "This text") -> Any:
    """JSON read from a person, within limits: a ValueError in words for text that is too long,
    nested too deeply or not JSON at all (never a RecursionError or a stalled page)."""
    if len(text) > JSON_MAX_CHARS:
        raise ValueError(
            f"{what} is too large ({len(text):,} characters; at most {JSON_MAX_CHARS:,})."
        )
    depth = 0
    deepest = 0
    quoted = escaped = False
    for ch in text if isinstance(text, str) else text.decode("utf-8", "replace"):
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > JSON_MAX_DEPTH:
                raise ValueError(f"{what} is nested far deeper than any game's data.")
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        raise ValueError(f"{what} is not valid JSON ({exc}).") from None


class RecordError(NavalkitError, ValueError):
    """A saved record that cannot be loaded: damaged, foreign, or of another rules version."""


class UnknownGameError(NavalkitError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class TableError(NavalkitError):
    """A request to a shared table (navalkit.tables) that was refused or could not be carried
    out. ``reason`` says why in a plain sentence a student can read; ``kind`` names the case
    for a page to branch on. Whatever the case, the table in the store is unchanged."""

    kind = "table"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
