"""Errors that teach: every refusal carries a rule id and a reason in plain words."""

from __future__ import annotations

from dataclasses import dataclass


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


class RecordError(NavalkitError, ValueError):
    """A saved record that cannot be loaded: damaged, foreign, or of another rules version."""


class UnknownGameError(NavalkitError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"
