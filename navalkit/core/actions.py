"""A long list of legal actions kept as the few tuples it is made of.

Far Seas' Allied player has some 310 moves at every step, one segment of them per ship or
squadron, and one Allied move changes a segment or two. The rules keep the segments chained
in a dozen tuples (see games/far_seas/mechanics/allied_positions.py) that the positions
share. Laid end to end in a new tuple of 310 at every step, each move's reference count was
written when the tuple was made and again when it was freed: some 600 writes to objects
scattered in memory, a quarter of a playout's data-cache misses (valgrind's cachegrind: 1,960
misses a step, 1,710 without that tuple), for one move picked.

:class:`ChainedActions` is that list without the copy: an immutable sequence over the parts
as they are. A Match hands it out as it hands out a tuple (see Match.legal_actions); it
indexes, iterates, compares equal to the tuple of the same actions and hashes like it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from itertools import accumulate, chain, compress
from operator import index as as_index
from operator import not_
from typing import Any, SupportsIndex, TypeVar, overload


class ChainedActions(Sequence[Any]):
    """The actions of ``parts`` (tuples), one part after the other, as one immutable
    sequence: ``ChainedActions(((a, b), (), (c,)))`` reads like ``(a, b, c)``."""

    __slots__ = ("_ends", "_len", "_parts")
    _parts: tuple[tuple[Any, ...], ...]
    _ends: list[int]
    _len: int

    def __init__(self, parts: Sequence[tuple[Any, ...]]) -> None:
        self._parts = tuple(parts)
        # where each part starts: the first is at 0, the one after the last at len(self)
        self._ends = ends = list(accumulate(map(len, self._parts), initial=0))
        self._len = ends[-1]

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: SupportsIndex) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[Any, ...]: ...

    def __getitem__(self, i: SupportsIndex | slice) -> Any:
        if i.__class__ is not int:  # a slice (a tuple), or an index of another type
            if isinstance(i, slice):
                return tuple(self)[i]
            i = as_index(i)  # (a TypeError for what is no index, as a tuple gives)
        n = self._len
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("action index out of range")
        ends = self._ends
        j = bisect_right(ends, i) - 1  # the part that holds i (the last of equal starts)
        return self._parts[j][i - ends[j]]

    def __iter__(self) -> Iterator[Any]:
        items: Iterator[Any] = chain.from_iterable(self._parts)
        return items

    def __reversed__(self) -> Iterator[Any]:
        return iter(tuple(self)[::-1])

    def __contains__(self, action: object) -> bool:
        return any(action in part for part in self._parts)

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        return tuple(self).index(action, start, self._len if stop is None else stop)

    def count(self, action: Any) -> int:
        return sum(part.count(action) for part in self._parts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ChainedActions | tuple):
            return len(self) == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"ChainedActions({tuple(self)!r})"


A = TypeVar("A")


def moved_last(legal: Sequence[A], last: Callable[[A], bool]) -> Sequence[A]:
    """``legal`` with the actions ``last`` picks moved to its end, each part in its own order
    (``legal`` itself when it picks none): what Game.listed does where the rules' order puts
    first a move nobody means to make, a pass or a discard, the entry a page chooses first."""
    picked = [bool(last(a)) for a in legal]
    if not any(picked):
        return legal
    return (*compress(legal, map(not_, picked)), *compress(legal, picked))


__all__ = ["ChainedActions", "moved_last"]
