"""The speed-ups of the rules' hot paths answer exactly as the plain computations would."""

from __future__ import annotations

from navalkit.games.far_seas import rules
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.data import ALLIED, GERMAN
from navalkit.games.far_seas.mechanics.search import _choices
from navalkit.games.far_seas.mechanics.sequence import at_sea_germans
from navalkit.games.far_seas.state import AT_SEA, HOME, MOVED, SUNK, UNKNOWN


def test_at_sea_germans_reads_the_boxes() -> None:
    box = list(rules.initial_state(Config()).box)
    for g, b in zip(GERMAN, (SUNK, HOME, UNKNOWN, MOVED), strict=False):
        box[g] = b
    expected = tuple(g for g in GERMAN if box[g] in AT_SEA)
    assert at_sea_germans(tuple(box)) == expected
    assert GERMAN[2] not in expected and GERMAN[3] in expected


def test_search_units_depend_only_on_the_searchers_squadrons() -> None:
    a, b, c, d, e = ALLIED[:5]
    mine = (a, b)
    alone = _choices(5, (a, b, c), frozenset({mine}))
    crowded = _choices(5, (a, b, c), frozenset({mine, (d, e)}))
    assert alone.units == crowded.units == ((a, b), (c,))
    assert alone.actions == crowded.actions
    assert _choices(5, (a, b, c), frozenset({(d, e)})).units == ((a,), (b,), (c,))
