"""What one seat may see: fleets, damage and piles; never another player's hand, the order
or content of the decks, or the face-down harbor pile (only how many cards each holds).

:func:`sample_state` guesses the hidden part back, for search bots that must not peek.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .data import ALL_CARDS, ALL_SHIPS, RED
from .mechanics.damage import evolve
from .rules import card_places
from .state import CLEAR, DEAL, State

__all__ = ["View", "assert_no_leak", "observe", "red_free", "sample_state"]


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


# --- A full state consistent with one seat's view, for search bots that must not peek.

#: tries at a hand with a red card for the seat clearing out, before one is put in by hand
TRIES = 50


def red_free(state: State, seat: int) -> bool:
    """True when the view tells that ``seat`` holds no red card: it has cleared out (this lap,
    or the clear-out is over) and still had ships when it did."""
    if state.phase == DEAL or not state.fleets[seat]:
        return False
    if not state.opening:
        return True
    return 0 < (state.seat - seat) % state.n <= state.cleared


def sample_state(view: View, rng: Any) -> State:
    """A state ``view.viewer`` cannot tell from the true one; ``rng`` makes every guess."""
    state = view.state
    if view.viewer is None:
        return state
    seen, ships = card_places(state)
    unseen = sorted(set(ALL_CARDS) - set(seen))
    harbor = tuple(sorted(set(ALL_SHIPS) - set(ships)))
    if len(harbor) != view.harbor_size:
        raise ValueError("the view's harbor size does not match the ships it shows")
    others = [s for s in range(state.n) if s != view.viewer]
    plain = [c for c in unseen if not RED[c]]
    rng.shuffle(plain)
    hands = list(state.hands)
    for s in others:  # hands known to hold no red card take plain cards only
        if red_free(state, s):
            size = view.hand_sizes[s]
            hands[s], plain = tuple(plain[:size]), plain[size:]
    rest = plain + [c for c in unseen if RED[c]]
    rng.shuffle(rest)
    free = [s for s in others if not red_free(state, s)]
    clearing = state.seat if state.phase == CLEAR and state.seat in free else -1
    if clearing >= 0:  # the seat clearing out: a hand with a red card, as dealt at random
        size = view.hand_sizes[clearing]
        for _ in range(TRIES):
            if any(RED[c] for c in rest[:size]):
                break
            rng.shuffle(rest)
        else:
            red = next(i for i, c in enumerate(rest) if RED[c])
            rest[0], rest[red] = rest[red], rest[0]
    if clearing >= 0:
        free.remove(clearing)
        free.insert(0, clearing)
    for s in free:
        size = view.hand_sizes[s]
        hands[s], rest = tuple(rest[:size]), rest[size:]
    if len(rest) != view.deck_size:
        raise ValueError("the view's deck size does not match the cards it shows")
    return evolve(state, {"hands": tuple(hands), "deck": tuple(sorted(rest)), "harbor": harbor})
