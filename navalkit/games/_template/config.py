"""Last Buoy settings: each one a switch with its provenance and the rule it changes."""

from __future__ import annotations

from dataclasses import dataclass

from navalkit.core.config import setting


@dataclass(frozen=True, slots=True)
class Config:
    """How to play. A real game marks each setting SEED, SRC or HOUSE, as its rule text does."""

    buoys: int = setting(
        15,
        provenance="HOUSE",
        low=1,
        high=40,
        rule="TPL-TAKE",
        help="How many buoys the row starts with.",
    )
    max_take: int = setting(
        3,
        provenance="HOUSE",
        low=1,
        high=6,
        rule="TPL-TAKE",
        help="The most buoys one turn may sweep.",
    )
