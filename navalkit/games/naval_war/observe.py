"""What one seat may see: fleets, damage and piles; never another player's hand, the order
or content of the decks, or the face-down harbor pile (only how many cards each holds)."""

from __future__ import annotations

from dataclasses import dataclass

from .fleet import evolve
from .state import State


@dataclass(frozen=True, slots=True)
class View:
    """A seat's view: the state with hidden parts emptied, plus the sizes that are public.

    ``viewer`` is the seat (None for the teacher's view of everything).
    """

    state: State
    viewer: int | None
    hand_sizes: tuple[int, ...]
    deck_size: int
    harbor_size: int

    @property
    def complete(self) -> bool:
        return self.viewer is None


def observe(state: State, viewer: int | None) -> View:
    sizes = tuple(len(h) for h in state.hands)
    if viewer is None:
        return View(state, None, sizes, len(state.deck), len(state.harbor))
    hands = tuple(h if s == viewer else () for s, h in enumerate(state.hands))
    hidden = evolve(state, {"hands": hands, "deck": (), "harbor": ()})
    return View(hidden, viewer, sizes, len(state.deck), len(state.harbor))


def assert_no_leak(state: State) -> None:
    """No seat's view shows another hand, the deck or the harbor pile (check_game hook)."""
    for seat in range(state.n):
        view = observe(state, seat)
        for other, hand in enumerate(view.state.hands):
            assert other == seat or hand == (), f"seat {seat} sees seat {other}'s hand"
        assert view.state.deck == () and view.state.harbor == (), "a view shows a deck"
