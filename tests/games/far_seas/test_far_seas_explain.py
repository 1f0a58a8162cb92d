"""The Far Seas explainers as a student reads them (issue 17): pictures of the real board,
chances as whole percentages, tables in words, every rule cited by its id."""

from __future__ import annotations

import re

import ipywidgets as w
import pytest

from navalkit import new_match
from navalkit.games.far_seas.draw import MAP_W
from navalkit.games.far_seas.explain import (
    CareerSimulator,
    CombatCalculator,
    PursuitExplorer,
    SearchExplorer,
    board_picture,
    percent,
)
from navalkit.testing.widgets import picture_in, widgets_in

NOT_FOR_STUDENTS = re.compile(r"NaN|<NA>|\bnan\b|0\.\d{3,}|object at 0x|Traceback")


def test_board_picture_is_the_drawn_map_scaled_to_the_page() -> None:
    m = new_match("far_seas", seed=0)
    shown = board_picture(m.state, caption="The start.")
    teacher = picture_in(shown).value
    allied = picture_in(board_picture(m.observe(1))).value
    assert teacher.count("<svg") == 1 and 'width="100%"' in teacher
    assert f'viewBox="0 0 {MAP_W} 640"' in teacher  # the map, not the order panel
    assert "North Sea" in teacher and "The start." in str([x.value for x in shown.children[1:]])
    assert "Scharnhorst" in teacher  # the teacher's view describes the raiders' areas
    assert "position unknown" in allied  # the Allied view hides them
    with_panel = picture_in(board_picture(m.state, panel=True)).value
    assert 'viewBox="0 0 1340 640"' in with_panel and "squadron" in with_panel


def test_the_map_picture_zooms_to_its_drawn_size_on_a_phone() -> None:
    """Shrunk to a phone's width the map's words are 3 px high: the switch under it shows it
    at its drawn width (the map's part alone: 1160 px; with the order panel, 1340), where
    it is shown at most 1160 px wide."""
    m = new_match("far_seas", seed=0)
    for panel, drawn in ((False, MAP_W), (True, 1340)):
        box = board_picture(m.state, panel=panel)
        picture = picture_in(box)
        switch = next(x for x in widgets_in(box) if isinstance(x, w.ToggleButton))
        # shown at most MAP_W wide (the default width), hidden in a box that wide
        assert f"navalkit-zoom-{MAP_W}" in switch._dom_classes
        # a picture is read, not played on: its tooltip offers nothing to tap
        assert "read its words" in switch.tooltip and "tap" not in switch.tooltip
        assert (picture.layout.width, picture.layout.max_width) == ("100%", f"{MAP_W}px")
        switch.value = True
        assert (picture.layout.width, picture.layout.max_width) == (f"{drawn}px", "none")
    narrow = picture_in(board_picture(m.state, width=600))
    assert narrow.layout.max_width == "600px"


def test_percent_is_a_whole_percentage() -> None:
    assert percent(2 / 3) == "67 %" and percent(1.0) == "100 %" and percent(0.0) == "0 %"


def test_search_explorer_words_count_extra_searchers_and_raiders() -> None:
    s = SearchExplorer(searchers=3, targets=2)
    assert "4 or less" in s.text.value and "67 %" in s.text.value
    assert "(rule: Search roll)" in s.text.value and "FS-" not in s.text.value
    assert "plus 2 for the extra searchers and 1 for the extra raider" in s.text.value
    s.searchers.value, s.targets.value = 1, 1
    assert "1 or less" in s.text.value and "plus" not in s.text.value and "17 %" in s.text.value


def test_pursuit_explorer_gives_each_pursuer_and_the_total() -> None:
    p = PursuitExplorer(runner="4+", pursuers=("4", "5"))
    text = p.text.value
    assert (
        "(rule: Pursuit)" in text
        and "FS-" not in text
        and "speed 4: 83 %" in text
        and "speed 5: 17 %" in text
    )
    assert "<b>14 %</b>" in text
    p.pursuer_buttons["5"].value = False  # a click on a pressed speed drops that pursuer
    assert p.pursuers == ("4",) and "<b>83 %</b>" in p.text.value
    p.pursuer_buttons["4"].value = False
    assert "Nobody gives chase" in p.text.value
    with pytest.raises(ValueError, match="no speed '6'"):
        PursuitExplorer(pursuers=("6",))


def test_combat_calculator_cites_the_rule_and_rounds_the_average() -> None:
    c = CombatCalculator(firer="Scharnhorst", target="Glasgow")
    c.surprise.value = True
    c.step.value = 2
    text = c.text.value
    assert (
        "(rule: Damage roll modifiers)" in text
        and "FS-" not in text
        and "German surprise" in text
        and "+4" in text
    )
    assert "On average <b>3.2</b> damage points a shot." in text
    assert not NOT_FOR_STUDENTS.search(text)


def test_career_simulator_summarises_by_kind_in_words() -> None:
    sim = CareerSimulator(games=1, seed=0)
    frame = sim.run()
    kinds = sim.by_kind()
    assert list(kinds.columns) == [
        "kind of raider",
        "ships",
        "merchants per ship and game",
        "times sunk",
    ]
    assert kinds["ships"].sum() == 13 and set(kinds["kind of raider"]) >= {
        "armed merchant cruiser",
        "armoured cruiser",
    }
    merchants = kinds["merchants per ship and game"].to_list()
    assert merchants == sorted(merchants, reverse=True)
    assert kinds["times sunk"].sum() == (frame["fate"] == "sunk").sum()
    assert "In 1 game between the computer commanders" in sim.out.value
    assert not NOT_FOR_STUDENTS.search(sim.out.value)
