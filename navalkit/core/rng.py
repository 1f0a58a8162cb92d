"""The one place chance comes from.

Each chance step k of a match draws from ``random.Random(f"{seed}:{k}")``, so an outcome
depends only on the seed and the step's index: undo and replay draw the same dice.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

#: the type of every generator navalkit hands out (bots take it from here)
Rng = random.Random


#: the seeds a new game may be given: whole numbers from 0 to this
SEED_MAX = 10**9


def fresh_seed() -> int:
    """A seed for a fresh deal, drawn from the system's secret source (never the last one's)."""
    return secrets.randbelow(SEED_MAX) + 1


def chance_rng(seed: int, step: int) -> random.Random:
    """The generator for chance step ``step`` of a match seeded with ``seed``."""
    return random.Random(f"navalkit:{seed}:{step}")


def draw_outcome(seed: int, step: int, outcomes: Sequence[tuple[Any, float]]) -> Any:
    """Draw one outcome from ``(outcome, probability)`` pairs."""
    rng = chance_rng(seed, step)
    values = [o for o, _ in outcomes]
    weights = [p for _, p in outcomes]
    return rng.choices(values, weights=weights, k=1)[0]


def bot_rng(seed: int, ply: int, player: int) -> random.Random:
    """The generator a computer player uses for its choice at ``ply``."""
    return random.Random(f"navalkit-bot:{seed}:{ply}:{player}")
