"""The draft class a frozen value is copied in (core.values.draft) and the copiers built on it."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from navalkit.core.values import draft


@dataclasses.dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


def _copy(p: Point, **changes: object) -> Point:
    """A copy as the games make one: a draft filled by plain stores, then relabelled."""
    new = object.__new__(draft(Point))
    new.x = changes.get("x", p.x)
    new.y = changes.get("y", p.y)
    new.tags = changes.get("tags", p.tags)
    new.__class__ = Point
    return new  # type: ignore[no-any-return]


def test_a_copy_made_in_a_draft_is_an_ordinary_frozen_value() -> None:
    p = Point(1, 2, ("a",))
    q = _copy(p, y=5)
    assert type(q) is Point and q == Point(1, 5, ("a",)) == dataclasses.replace(p, y=5)
    assert hash(q) == hash(Point(1, 5, ("a",))) and q.tags is p.tags
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.x = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del q.y  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(q)) == q


def test_the_draft_is_a_writable_subclass_that_adds_no_slots() -> None:
    made = draft(Point)
    assert draft(Point) is made  # made once
    assert issubclass(made, Point) and made.__slots__ == ()
    # object's own stores (the frozen class's would raise), and no attribute outside the slots
    assert made.__setattr__ is object.__setattr__ and made.__delattr__ is object.__delattr__
    d = object.__new__(made)
    d.x = 1
    with pytest.raises(AttributeError):
        d.z = 1  # type: ignore[attr-defined]


def test_only_a_frozen_slotted_dataclass_has_a_draft() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        x: int

    @dataclasses.dataclass(slots=True)
    class NotFrozen:
        x: int

    class Plain:
        __slots__ = ("x",)

    for cls in (NoSlots, NotFrozen, Plain):
        with pytest.raises(TypeError, match="not a frozen dataclass with slots"):
            draft(cls)


@pytest.mark.parametrize("game", ["far_seas", "age_of_sail", "naval_war"])
def test_every_games_copier_gives_the_state_replace_gives(game: str) -> None:
    """The copiers of the three games that copy through a draft (Far Seas' evolve, Age of
    Sail's evolve, Naval War's make_evolver) give the very state dataclasses.replace does."""
    import navalkit

    match = navalkit.new_match(game, seed=4)
    state = match.state
    if game == "far_seas":
        from navalkit.games.far_seas.state import evolve

        changes = {"turn": 3, "phase": "german", "acted": frozenset({1})}
        new = evolve(state, **changes)
    elif game == "age_of_sail":
        from navalkit.games.age_of_sail.state import evolve as aos_evolve

        changes = {"round": 4, "phase": state.phase, "last": (1,)}
        new = aos_evolve(state, **changes)
    else:
        from navalkit.games.naval_war.mechanics.damage import evolve as nw_evolve

        changes = {"phase": 3, "seat": 2}
        new = nw_evolve(state, changes)
    assert type(new) is type(state)
    assert new == dataclasses.replace(state, **changes) and new != state
    assert hash(new) == hash(dataclasses.replace(state, **changes))
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.phase = "x"
