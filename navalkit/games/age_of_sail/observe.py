"""What one admiral may see: everything on the table is in plain sight (no hidden
information), so an observation is the state itself."""

from __future__ import annotations

from .state import State


def observe(state: State, viewer: int | None) -> State:
    """The whole table: ships, damage records, wind and the dice pending are all public."""
    return state
