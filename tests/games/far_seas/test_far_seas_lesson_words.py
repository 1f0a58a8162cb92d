"""What the Far Seas lesson and what-if pages show a student: the unnamed Allied counters read
as counters, the rules and tables say what the map and the engine show, no insider words."""

from __future__ import annotations

import json
import re
from pathlib import Path

from navalkit.games.far_seas.actions import Deploy, action_from_json
from navalkit.games.far_seas.clauses import CLAUSES
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.data import BY_NAME, SHIPS
from navalkit.games.far_seas.explain import CareerSimulator, torpedo_table
from navalkit.testing.words import seed_words
from navalkit.widgets.panels import DICE_LABEL, DICE_TIP, NUMBER_NOTE, number_note_html

NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks" / "far_seas"


def _text(name: str) -> str:
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"])


def test_the_unnamed_allied_counters_read_as_counters_not_as_made_up_names() -> None:
    names = [s.name for s in SHIPS]
    assert not [n for n in names if re.fullmatch(r"[A-Z][A-Za-z ]+ \d+", n)]
    assert "British old cruiser (counter 37)" in names
    assert "British light cruiser (counter 36)" in names
    assert "French armoured cruiser (counter 74)" in names
    counters = [s for s in SHIPS if "(counter " in s.name]
    assert len(counters) == 74 - 35
    nations = {"GB": "British", "FR": "French", "JP": "Japanese"}
    for s in counters:
        assert s.name.startswith(f"{nations[s.nation]} {s.cls.label} (counter ")


def test_records_name_the_counters_as_they_always_did_so_every_save_replays() -> None:
    """Saved games name ships in their actions: a counter keeps its older record words
    ('Old Cruiser 37'), so old and new saves replay alike; the page shows the new words."""
    ship = BY_NAME["British old cruiser (counter 37)"]
    assert BY_NAME["Old Cruiser 37"] == ship
    act = action_from_json({"type": "deploy", "ships": ["Old Cruiser 37"], "to": 19})
    assert act == Deploy((ship,), 19, "moved")
    assert act.to_json()["ships"] == ["Old Cruiser 37"]
    assert action_from_json(act.to_json()) == act
    assert act.describe() == "British old cruiser (counter 37): to area 19 (Dutch East Indies)"
    named = BY_NAME["Yarmouth"]
    assert SHIPS[named].record_name == "Yarmouth"


def test_the_stations_rule_says_what_the_map_shows() -> None:
    text = CLAUSES["FS-STATIONS"].text
    assert text.startswith("The red numbered dots on the map are British stations")
    assert "red dots are British **stations**" in _text("lesson.ipynb")


def test_the_crowded_fire_setting_says_it_plainly() -> None:
    label = Config.__dataclass_fields__["crowded_fire"].metadata["label"]
    assert label == "Ships firing at one target before each gets -1"


def test_the_lesson_ranges_table_agrees_with_the_round_by_round_tables() -> None:
    lesson = _text("lesson.ipynb")
    ranges = list(torpedo_table("Emden", "Sydney")["range"])
    assert ranges[:2] == ["A", "A+B"]
    assert "| 1 | A | only range-A ships |" in lesson
    assert "| 2 | A+B | range-A and range-B ships |" in lesson
    assert "| 2 | range B |" not in lesson


def test_the_winning_lead_is_said_in_plain_words() -> None:
    lesson, whatif = _text("lesson.ipynb"), _text("whatif.ipynb")
    assert "lead the Allies by more than 245 VP" in lesson
    for text in (lesson, whatif):
        assert not re.search(r"\bpar\b", text)


def test_the_pages_do_not_say_seed_or_seeded_to_a_student() -> None:
    lesson, whatif = _text("lesson.ipynb"), _text("whatif.ipynb")
    assert "another dice number" in lesson
    assert "from the original rules (SEED)" in lesson
    assert "the same games, with the same dice," in whatif
    for text in (lesson, whatif):
        # SEED (capitals) is the badge of a rule from the original rules; seed=3 is code
        assert not seed_words(text, in_code=False)
    sim = CareerSimulator(games=1)
    assert sim.seed.description == DICE_LABEL
    assert sim.seed.tooltip == DICE_TIP
    # what it is for, in words under it: a touch screen never shows the tooltip
    notes = [c.value for c in sim.widget.children if NUMBER_NOTE in getattr(c, "value", "")]
    assert notes == [number_note_html(DICE_LABEL, DICE_TIP)]
    assert "<b>Dice number:</b> the same number rolls the same dice: another" in notes[0]


def test_the_rule_tables_say_source_and_name_each_setting_rule_by_its_title() -> None:
    lesson = _text("lesson.ipynb")
    assert '.rename(columns={"provenance": "source"})' in lesson
    assert "Table(settings_frame(GAME)" in lesson  # in words: tests/widgets/test_lesson.py
