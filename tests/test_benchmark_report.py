"""The speed benchmark's table (benchmarks/run.py) says, run by run, whether each game met
issue 20's target through a Match: the figure a reader of benchmarks/RESULTS.md looks for."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _run_module() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))  # run.py imports its neighbour report.py
    try:
        spec = importlib.util.spec_from_file_location("navalkit_bench_run", BENCHMARKS / "run.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


def _fig(rate: int) -> dict[str, Any]:
    return {"steps_per_second": rate, "min": rate - 1, "max": rate + 1}


def _rows(text: str) -> dict[str, list[str]]:
    """Each row of the table by its benchmark's name: the cells after the name."""
    rows = {}
    for line in text.splitlines()[2:]:
        name, *cells = re.split(r"\s{2,}", line.strip())  # (names have single spaces)
        rows[name] = cells
    return rows


def test_the_table_marks_each_match_run_met_or_short() -> None:
    run = _run_module()
    ref = run.REFERENCE
    figures = {
        ref: _fig(20_000),
        "far_seas (rules)": _fig(40_000),  # 2x: the rules alone have no target of their own
        "far_seas (match)": _fig(29_000),  # 1.45x
        "far_seas (match, compiled)": _fig(30_000),  # exactly 1.5x: met
        "naval_war (match)": _fig(29_960),  # 1.498x, shown rounded, and short all the same
    }
    text = run.table(figures, ref)
    assert text.splitlines()[0].split()[-2:] == ["target", f"{run.TARGET:g}x"]
    rows = _rows(text)
    assert rows[ref] == ["20,000", "19,999-20,001", "1.00x"]
    assert rows["far_seas (rules)"] == ["40,000", "39,999-40,001", "2.00x"]
    assert rows["far_seas (match)"][-2:] == ["1.45x", "short"]
    assert rows["far_seas (match, compiled)"][-2:] == ["1.50x", "met"]
    assert rows["naval_war (match)"][-2:] == ["1.50x", "short"]


def test_without_the_reference_no_ratio_and_no_verdict() -> None:
    run = _run_module()
    rows = _rows(run.table({"far_seas (match)": _fig(29_000)}, None))
    assert rows["far_seas (match)"] == ["29,000", "28,999-29,001", "n/a"]


def test_a_stale_build_of_a_games_own_engine_is_not_measured_as_compiled() -> None:
    """With the Match built but Far Seas' mechanics not (an edit to Far Seas since the build),
    the run measured "far_seas (match, compiled)" at 1.31x: the compiled Match with Far Seas'
    Python source, a mix no `navalkit compile` gives. It is left out, with a line that says
    why; with both built, Far Seas runs compiled both ways."""
    run = _run_module()
    core, mechanics = "navalkit.core", "navalkit.games.far_seas.mechanics"
    games = ["far_seas", "naval_war"]
    names, warnings = run.contestants(games, [core])
    assert names == [
        "far_seas (rules)", "far_seas (match)",
        "naval_war (rules)", "naval_war (match)", "naval_war (match, compiled)",
    ]  # fmt: skip
    assert warnings == [
        "far_seas: Far Seas' mechanics not built for the current source, so it is not measured "
        "compiled (run `navalkit compile`)"
    ]
    names, warnings = run.contestants(games, [core, mechanics])
    assert names[:4] == [
        "far_seas (rules)", "far_seas (match)", "far_seas (rules, compiled)",
        "far_seas (match, compiled)",
    ]  # fmt: skip
    assert warnings == []
    # no build at all: the Python source alone, and nothing to warn of
    assert run.contestants(games, []) == (
        ["far_seas (rules)", "far_seas (match)", "naval_war (rules)", "naval_war (match)"],
        [],
    )
    assert run.contestants(games, [core], match=False)[0] == [
        "far_seas (rules)", "naval_war (rules)",
    ]  # fmt: skip
