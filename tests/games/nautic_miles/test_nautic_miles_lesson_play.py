"""The lesson's explainers as a student plays with them: the convoy calculator says what its
numbers are, and the arrival simulator says when it is playing and when its results are old."""

from __future__ import annotations

import re
from typing import Any

import pytest

from navalkit.games.nautic_miles import explain
from navalkit.games.nautic_miles.explain import ArrivalSimulator, ConvoyCalculator


def test_the_calculator_says_what_each_number_of_its_sum_is() -> None:
    calc = ConvoyCalculator(tons=10000, miles=2400)
    words = calc.answer.value
    assert "band 3 (2,200 to 3,000 miles) × 2 points a band" in words
    assert "= 3 x 2" not in words and " x " not in words
    calc.radar.value = True
    assert "× 2 points a band × 2 for the radar" in calc.answer.value
    calc.tons.value = 2500
    assert "× ½ point a band" in calc.answer.value
    calc.miles.value = 0
    assert "not sailed a mile yet" in calc.answer.value


def test_run_the_games_says_it_is_playing_and_a_changed_choice_says_press_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sim = ArrivalSimulator(games=2)
    assert sim.hint.value == ""
    sim.players.value = 3
    assert "press <b>Run the games</b>" in sim.hint.value
    real = explain.arrival_runs
    seen: dict[str, Any] = {}

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.update(disabled=sim.run_button.disabled, table=sim.table.value)
        return real(*args, **kwargs)

    monkeypatch.setattr(explain, "arrival_runs", spy)
    sim.run_button.click()
    assert seen["disabled"] and "Playing 2 games" in seen["table"]
    assert sim.hint.value == "" and not sim.run_button.disabled
    assert sim.run_button.description == "Run the games"


def test_the_value_table_has_air_between_its_columns() -> None:
    """Without padding its headings ran together: '2,500 t5,000 t10,000 t'."""
    from navalkit.games.nautic_miles.explain import table_html

    table = table_html(False, ("1,200 - 2,000", "10,000 t"))
    cells = re.findall(r"<t[hd]( style='[^']*')?>", table)
    assert cells and all("padding:" in style for style in cells)
    assert "background:#ffe082" in table  # the marked cell still shows
