"""The lesson's move explorer counts its moves in words; its scoring calculator fits a phone."""

from __future__ import annotations

import re

import ipywidgets as w

from navalkit.games.branle_bas.data import CROISEUR
from navalkit.games.branle_bas.explain import MoveExplorer, ScoringCalculator
from navalkit.widgets.lesson import PHONE_ROOM


def test_the_move_explorer_counts_its_moves_in_words() -> None:
    words = MoveExplorer(kind="cuirasse", square="j7").moves.value
    assert "15 legal moves:" in words and "(s)" not in words


def _narrowest(template: str, gap: float) -> float:
    """The least width of a CSS grid's columns: minmax's least, repeat's count times."""
    columns: list[float] = []
    for count, inner in re.findall(r"repeat\((\d+),\s*([^)]+)\)", template):
        columns += [float(inner.removesuffix("px"))] * int(count)
    template = re.sub(r"repeat\([^)]*\)", "", template)
    columns += [float(a) for a in re.findall(r"minmax\((\d+)px", template)]
    template = re.sub(r"minmax\([^)]*\)", "", template)
    columns += [float(a) for a in re.findall(r"(\d+)px", template)]
    return sum(columns) + gap * (len(columns) - 1)


def test_the_scoring_calculator_fits_a_phone_one_side_at_a_time() -> None:
    """One grid of both sides' eight tallies was 890 px wide: a phone showed two of them."""
    calc = ScoringCalculator()
    grids = [g for g in calc.grid.children if isinstance(g, w.GridBox)]
    assert len(grids) == 2  # A's ships, then B's
    for side, grid in zip("AB", grids, strict=True):
        gap = float(grid.layout.grid_gap.split()[-1].removesuffix("px"))
        assert _narrowest(grid.layout.grid_template_columns, gap) <= PHONE_ROOM
        assert f"{side}'s ships" in grid.children[0].value
        # a name longer than its column breaks inside it, not over the boxes beside it
        assert all("overflow-wrap:anywhere" in grid.children[i].value for i in range(0, 45, 5))
    # every box still counts: a Croiseur B sank is 20 more for B in a drawn game
    calc.result.value = "draw"
    before = calc.totals[1]
    calc.cells[(1, ScoringCalculator.COLUMNS[0], CROISEUR)].value = 1
    assert calc.totals[1] == before + 20
