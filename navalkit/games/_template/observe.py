"""What one seat may see. Last Buoy hides nothing, so a seat's view is the state itself; a game
with hidden cards or moves returns a View without them here, checks that in
:func:`assert_no_leak`, and guesses them back in ``sample_state`` for the search bots."""

from __future__ import annotations

from .state import State

View = State


def observe(state: State, seat: int | None) -> View:
    """``seat``'s view of ``state`` (None: the teacher's view of everything)."""
    return state


def assert_no_leak(state: State) -> None:
    """Nothing is hidden in Last Buoy, so there is nothing that could leak."""
