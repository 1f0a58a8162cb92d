"""Last Buoy's one move, Take: to and from JSON, in words, and as clicks on the board."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .data import buoy_name, buoy_number


@dataclass(frozen=True, slots=True)
class Take:
    """Sweep ``n`` buoys from the end of the row."""

    n: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "take", "n": self.n}

    def describe(self) -> str:
        return f"sweeps {self.n} buoy" + ("" if self.n == 1 else "s")


Action = Take


def action_from_json(data: Any) -> Take:
    """Read a Take written by :meth:`Take.to_json`; ValueError if ``data`` is not one."""
    if not isinstance(data, dict) or data.get("type") != "take":
        raise ValueError(f"not a Last Buoy move: {data!r}")
    n = data.get("n")
    if not isinstance(n, int) or isinstance(n, bool):
        raise ValueError(f"a take needs a whole number of buoys, not {n!r}")
    return Take(n)


def to_path(action: Take) -> tuple[str, ...]:
    """The buoy clicked to play ``action``: the farthest buoy it sweeps."""
    return (buoy_name(action.n),)


def from_path(path: tuple[str, ...]) -> Take | None:
    """The take a click on a buoy means (that buoy and every one after it), legal or not."""
    if len(path) != 1:
        return None
    try:
        return Take(buoy_number(path[0]))
    except ValueError:
        return None
