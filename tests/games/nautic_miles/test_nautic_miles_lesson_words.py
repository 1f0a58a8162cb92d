"""What the Nautic Miles lesson and what-if pages show a student: the what-if's words match
the lab on the page, the mile bands are said concretely, and no insider words."""

from __future__ import annotations

import json
from pathlib import Path

from navalkit.games.nautic_miles import convoy_points
from navalkit.games.nautic_miles.explain import ArrivalSimulator, settings_table
from navalkit.play.guide import SEED_LABEL, SEED_TIP
from navalkit.testing.words import seed_words
from navalkit.widgets.panels import NUMBER_NOTE, number_note_html
from navalkit.widgets.whatif import WhatIfLab

NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks" / "nautic_miles"


def _text(name: str) -> str:
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"])


def test_the_whatif_names_its_rows_as_the_lab_labels_them() -> None:
    whatif = _text("whatif.ipynb")
    lab = WhatIfLab("nautic_miles", setting="planes_on_alerted", games=1, bots=["greedy", "greedy"])
    assert lab.setting.value == "planes_on_alerted"
    for reading in ("on", "off"):
        assert f"*Planes on an alerted convoy: {reading}*" in whatif
    assert "row **A**" not in whatif and "row **B**" not in whatif
    # the lab opens on this setting: no note says it used to open on another
    assert "used to open on" not in whatif
    assert "Another setting you can pick, *Bonus for a slow convoy*" in whatif


def test_the_pages_say_our_rules_summary_and_not_digest_or_seed() -> None:
    whatif, lesson = _text("whatif.ipynb"), _text("lesson.ipynb")
    assert "(our rules summary's reading)" in whatif
    assert "The original rules say a plane attacks" in whatif
    assert "the same ten games, with the same cards," in whatif
    assert "(the original rules\ntext says it)" in lesson
    for text in (whatif, lesson):
        assert "digest" not in text
        assert not seed_words(text, in_code=False)  # seed=3 is code, not words


def test_the_arrival_simulator_box_is_the_game_number() -> None:
    sim = ArrivalSimulator(games=2)
    assert sim.seed.description == SEED_LABEL
    assert sim.seed.tooltip == SEED_TIP
    # what it is for, in words under it: a touch screen never shows the tooltip
    notes = [c.value for c in sim.widget.children if NUMBER_NOTE in getattr(c, "value", "")]
    assert notes == [number_note_html(SEED_LABEL, SEED_TIP)]
    assert "<b>Game number:</b> the same number deals the same cards and rolls" in notes[0]


def test_the_mile_bands_are_said_concretely_and_agree_with_the_scoring() -> None:
    lesson = _text("lesson.ipynb")
    assert "up to 1,000 miles is the first\nband, 1,200 to 2,000 miles the second" in lesson
    assert "2,200 to 3,000 the third, 3,200 to 3,800 the fourth" in lesson
    assert "a 10,000 t convoy at 1,400 miles (second band) is worth 2 × 2 = 4 points" in lesson
    assert convoy_points(10000, 1400) == 4
    assert convoy_points(10000, 4000) == 10
    bands = {m: convoy_points(5000, m) for m in range(200, 4001, 200)}
    assert {bands[m] for m in range(200, 1001, 200)} == {1}
    assert {bands[m] for m in range(1200, 2001, 200)} == {2}
    assert {bands[m] for m in range(2200, 3001, 200)} == {3}
    assert {bands[m] for m in range(3200, 3801, 200)} == {4}
    assert bands[4000] == 5
    assert "each band started adds" not in lesson


def test_the_settings_table_names_each_rule_by_its_title() -> None:
    table = settings_table()
    rules = dict(zip(table["setting"], table["rule"], strict=True))
    assert rules["Planes on an alerted convoy"] == "Planes need no alert"
    assert not [r for r in table["rule"] if "NM-" in r]


def test_the_tables_and_explainers_say_source_and_lead_with_the_rule_title() -> None:
    from navalkit.games.nautic_miles import GAME
    from navalkit.games.nautic_miles.explain import BattleLadder, ConvoyCalculator, rules_table

    assert "source" in list(rules_table().columns) and "source" in list(settings_table().columns)
    assert "provenance" not in list(rules_table().columns) + list(settings_table().columns)
    calc = ConvoyCalculator(tons=10000, miles=2400)
    score = GAME.clauses["NM-SCORE"]
    assert f"{score.title} ({score.provenance})" in calc.answer.value
    assert "NM-SCORE" not in calc.answer.value
    assert "<code>NM-" not in calc.answer.value
    ladder = BattleLadder()
    assert "Rules: " + GAME.clauses[ladder.result.rule_id].title in ladder.answer.value
