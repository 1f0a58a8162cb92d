"""The speed-ups of the rules' hot paths answer exactly as the plain computations would."""

from __future__ import annotations

import random

import pytest

import navalkit
from navalkit.games.far_seas import rules
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.data import ALLIED, GERMAN
from navalkit.games.far_seas.mechanics import search
from navalkit.games.far_seas.mechanics.search import _choices
from navalkit.games.far_seas.mechanics.sequence import at_sea_germans
from navalkit.games.far_seas.state import AT_SEA, HOME, MOVED, SEARCH, SUNK, UNKNOWN
from navalkit.games.far_seas.state import GERMAN as GERMAN_PHASE


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


@pytest.mark.parametrize("seed", range(4))
def test_the_search_menu_kept_from_move_to_move_is_the_one_worked_out_afresh(seed: int) -> None:
    """The menu of each search is carried on from the last one (an Allied move into a Moved
    box redoes that area only, a search that one area): at every search and German order
    position of random games it lists what a menu worked out from nothing lists."""
    rng = random.Random(seed)
    match = navalkit.new_match("far_seas", seed=seed)
    checked = 0
    while not match.is_over:
        state = match.state
        if state.phase in (SEARCH, GERMAN_PHASE):
            kept = search.menu(state)
            search._last[0] = None  # forget it: the next menu is worked out from nothing
            fresh = search.menu(state)
            search._last[0] = kept  # and carry on from the kept one, as play does
            assert kept.actions == fresh.actions
            assert kept.areas == fresh.areas == tuple(a.area for a in kept.actions[:-1])
            assert {a: c.everyone for a, c in kept.choices.items()} == {
                a: c.everyone for a, c in fresh.choices.items()
            }
            checked += 1
        match.apply(rng.choice(match.legal_actions()))
    assert checked > 100
