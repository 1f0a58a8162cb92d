"""The one place chance comes from.

A match has one stream of random numbers, derived from its seed: :class:`ChanceStream`, the
SplitMix64 generator keyed by a hash of the seed. Chance step ``k`` of the match takes the
stream's ``k``-th number, which the generator computes directly from ``k`` (it is
counter-based, like the streams of JAX or Random123), so an outcome depends only on the seed
and the step's index: undo and replay draw the same dice with no state to rewind, and a save
is checked step by step. A step costs a few integer operations instead of seeding a new
Mersenne Twister.

Records made before this stream (format version 1) drew step ``k`` from
``random.Random(f"navalkit:{seed}:{k}")``; :func:`draw_outcome_v1` still replays them.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from itertools import accumulate, repeat
from operator import itemgetter
from typing import Any

#: the type of every generator navalkit hands out (bots take it from here)
Rng = random.Random


#: the seeds a new game may be given: whole numbers from 0 to this
SEED_MAX = 10**9


def fresh_seed() -> int:
    """A seed for a fresh deal, drawn from the system's secret source (never the last one's)."""
    return secrets.randbelow(SEED_MAX) + 1


_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's increment (the golden ratio in 64 bits)


#: how many of a stream's numbers are worked out at once (see ChanceStream._fill)
_BLOCK = 256


class ChanceStream:
    """A match's random numbers: ``uniform(k)`` is the ``k``-th output of SplitMix64 started
    from a 64-bit key hashed from the seed, as a float in [0, 1) with 53 random bits.

    The numbers are worked out a block of _BLOCK at a time with numpy's 64-bit integers,
    which wrap as SplitMix64 needs: one by one, Python's unbounded integers made a card game
    spend a tenth of its playout time here. Without numpy (the static site) they are worked
    out one by one, the same numbers (see _numbers)."""

    __slots__ = ("_block", "_first", "_key", "_seed")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        digest = hashlib.sha256(f"navalkit-chance:{seed}".encode()).digest()
        self._key = int.from_bytes(digest[:8], "big")
        self._first = -_BLOCK  # the step of the block's first number (none worked out yet)
        self._block: list[float] = []

    def __reduce__(self) -> tuple[Any, ...]:
        """How copy and pickle make a stream again: from its seed (the compiled build's
        stream, a native class, cannot be made without ``__init__``)."""
        return (ChanceStream, (self._seed,))

    def uniform(self, step: int) -> float:
        i = step - self._first
        if not 0 <= i < _BLOCK:
            i = self._fill(step)
        return self._block[i]

    def _fill(self, step: int) -> int:
        """Work out the block of numbers that holds step ``step`` (its place in the block is
        returned)."""
        first = step - step % _BLOCK
        self._block = _numbers()(self._key, first)
        self._first = first
        return step - first

    def draw(self, step: int, outcomes: Sequence[tuple[Any, float]]) -> tuple[Any, float]:
        """Chance step ``step``: one of ``(outcome, probability)`` pairs, by its weight (the
        pair is returned)."""
        cum = list(accumulate(map(itemgetter(1), outcomes)))
        i = bisect_right(cum, self.uniform(step) * cum[-1])
        while i >= len(cum) or outcomes[i][1] <= 0:  # rounding at the very top
            i -= 1
        return outcomes[i][0], outcomes[i][1]

    def draw_uniform(self, step: int, outcomes: Sequence[Any]) -> tuple[Any, float]:
        """Chance step ``step`` among ``outcomes`` that are all equally likely (a card from a
        pile, a die): the outcome :meth:`draw` picks from the pairs ``(o, 1 / n)``, and its
        probability, without building those pairs (the sums are worked out once per ``n``)."""
        n = len(outcomes)
        i = step - self._first  # the number is read as uniform(step) reads it, written out
        if not 0 <= i < _BLOCK:  # (a playout draws at nearly every other step)
            i = self._fill(step)
        cum = _uniform_sums(n)
        j = bisect_right(cum, self._block[i] * cum[-1])
        return outcomes[j if j < n else n - 1], 1 / n


def splitmix64(key: int, step: int) -> float:
    """Number ``step`` of the stream keyed ``key``, one at a time with Python's integers: for
    each step k, z = key + (k + 1) * GAMMA, mixed twice by multiplying and once more by
    shifting, every operation modulo 2**64; the float is z's top 53 bits over 2**53."""
    z = (key + (step + 1) * _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return (z >> 11) * 2.0**-53


def _block_python(key: int, first: int) -> list[float]:
    """Numbers ``first`` to ``first + _BLOCK - 1`` of the stream keyed ``key``, one by one."""
    return [splitmix64(key, k) for k in range(first, first + _BLOCK)]


def _block_numpy(key: int, first: int) -> list[float]:
    """The same numbers as _block_python, all at once with numpy's 64-bit integers, which wrap
    modulo 2**64 as SplitMix64 needs."""
    import numpy as np

    u64 = np.uint64
    z = np.arange(first + 1, first + _BLOCK + 1, dtype=u64) * u64(_GAMMA) + u64(key)
    z = (z ^ (z >> u64(30))) * u64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> u64(27))) * u64(0x94D049BB133111EB)
    z ^= z >> u64(31)
    numbers: list[float] = ((z >> u64(11)).astype(np.float64) * 2.0**-53).tolist()
    return numbers


@cache
def _numbers() -> Any:
    """_block_numpy where numpy is installed (with navalkit's dependencies), else
    _block_python: the static site's Pyodide ships the standard library alone. Chosen at the
    first draw, not with this module: an engine used without chance never loads numpy."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return _block_python
    return _block_numpy


@cache
def _uniform_sums(n: int) -> tuple[float, ...]:
    """The running sums :meth:`ChanceStream.draw` makes of ``n`` weights of ``1 / n``, rounding
    and all (so both draws pick the same outcome)."""
    return tuple(accumulate(repeat(1 / n, n)))


def draw_outcome_v1(seed: int, step: int, outcomes: Sequence[tuple[Any, float]]) -> Any:
    """Chance step ``step`` as records of format version 1 drew it (a Mersenne Twister
    seeded per step): kept so that those saves still replay."""
    rng = random.Random(f"navalkit:{seed}:{step}")
    values = [o for o, _ in outcomes]
    weights = [p for _, p in outcomes]
    return rng.choices(values, weights=weights, k=1)[0]


def bot_rng(seed: int, ply: int, player: int) -> random.Random:
    """The generator a computer player uses for its choice at ``ply``."""
    return random.Random(f"navalkit-bot:{seed}:{ply}:{player}")
