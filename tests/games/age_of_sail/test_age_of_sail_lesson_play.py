"""The lesson's explainers as a student plays with them at 1366 px: the wind list shows its
longest wind whole, the tacking table reads in plain words, and the dice rollers say when they
roll and when their results are old."""

from __future__ import annotations

import re
from typing import Any

import pytest

from navalkit.games.age_of_sail import explain
from navalkit.games.age_of_sail.explain import BoardingOdds, FireRisk, SailWheel
from navalkit.render.text import any_font_width

#: a list's description (80 px in Jupyter's widgets) and its arrow and padding
DESCRIPTION, ARROW = 80, 36


def test_the_wind_list_is_wide_enough_for_its_longest_wind() -> None:
    wheel = SailWheel(wind_from="N")
    longest = max(any_font_width(label, 13) for label, _ in wheel.wind.options)
    # as wide as the column (less its margins) up to this: narrower on a phone, where it goes
    # under its description (test_the_wind_list_shows_every_wind_whole_on_a_phone)
    assert wheel.wind.layout.width == "auto"
    width = int(re.search(r"(\d+)px", wheel.wind.layout.max_width).group(1))  # type: ignore[union-attr]
    assert width >= DESCRIPTION + ARROW + longest
    # and no wider than the column of controls beside the wheel
    assert width <= int(wheel.widget.children[1].layout.width.removesuffix("px"))


def test_the_tacking_table_reads_in_plain_words_and_rounded_numbers() -> None:
    wheel = SailWheel(wind_from="N", speed=4, units=3)
    wheel.heading.value = "N"  # dead into the wind: the page shows how to tack
    words = wheel.out.value
    assert "navalkit-table" in words  # spaced columns, stacked on a phone
    assert "made good" not in words and "swing cm" not in words
    assert "gained upwind so far (cm)" in words
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", words)
    assert cells and not [c for c in cells if re.fullmatch(r"\d+\.\d\d+", c)]
    assert "6.4" in cells and "6.36" not in cells


@pytest.mark.parametrize("kind", [FireRisk, BoardingOdds])
def test_a_dice_roller_says_it_rolls_and_says_when_its_results_are_old(
    kind: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    box = kind()
    name = "simulate_fire" if kind is FireRisk else "simulate_boarding"
    real = getattr(explain, name)
    seen: dict[str, Any] = {}

    def spy(*args: Any) -> Any:
        seen.update(disabled=box.run.disabled, sim=box.sim.value)
        return real(*args)

    monkeypatch.setattr(explain, name, spy)
    box.trials.value = 400
    assert box.sim.value == ""  # nothing rolled yet: nothing old to warn of
    box.run.click()
    assert seen["disabled"] and "Rolling 400" in seen["sim"]
    assert not box.run.disabled and box.run.description == "Roll them"
    assert box.sim.value.startswith("400 ")
    box.trials.value = 600
    assert "press <b>Roll them</b>" in box.sim.value


def test_the_hit_table_has_air_between_its_columns() -> None:
    """Without padding '3+ (66.7%)4+ (50.0%)' ran together."""
    from navalkit.games.age_of_sail.explain import HitChances

    table = HitChances.band_table()
    cells = re.findall(r"<t[hd]( [^>]*)?>", table)
    assert len(cells) == 15 and all("padding:" in attrs for attrs in cells)
