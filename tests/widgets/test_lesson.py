"""The lesson widgets: a prediction hides its answer until it is committed; tables read well."""

from __future__ import annotations

import html

import pandas as pd
import pytest

from navalkit.core.registry import games, get_game
from navalkit.testing.words import rule_ids
from navalkit.widgets.lesson import (
    Predict,
    Table,
    frame_html,
    number_words,
    rule_note_html,
    settings_frame,
)


def test_a_choice_hides_the_answer_until_a_prediction_is_checked() -> None:
    shown: list[str] = []
    p = Predict(
        "Which is faster?",
        options=["the frigate", "the ship of the line"],
        answer="the frigate",
        explain="Frigates carry fewer guns and more sail.",
        then=lambda: shown.append("chart") or Table(pd.DataFrame({"a": [1]})),
    )
    assert p.check.disabled, "nothing to check before a choice"
    assert "frigate" not in p.result.value and not p.more.children and not shown
    p.reveal()  # a click before choosing does nothing
    assert not p.checked
    p.choice.value = "the ship of the line"
    assert not p.check.disabled
    p.check.click()
    assert p.checked and p.choice.disabled and p.check.disabled
    assert "Not quite." in p.result.value and "<b>the frigate</b>" in p.result.value
    assert "fewer guns" in p.result.value and shown == ["chart"] and p.more.children
    p.choice.value = "the frigate"
    p.reveal()  # locked: a second try changes nothing
    assert "Not quite." in p.result.value and shown == ["chart"]


def test_a_number_is_right_within_its_tolerance() -> None:
    p = Predict("Chance of a 6?", answer=1 / 6, explain="One face in six.", tolerance=0.02, unit="")
    assert p.check.disabled and p.prediction() is None, "an empty box is no prediction"
    p.choice.value = "a lot"
    assert p.check.disabled
    p.choice.value = "0,17"
    assert not p.check.disabled and p.prediction() == 0.17
    p.reveal()
    assert "Right!" in p.result.value and "0.17" in p.result.value
    pct = Predict("Percent?", answer=25, explain="", tolerance=1, unit="%")
    pct.choice.value = "25 %"
    pct.reveal()
    assert "Right!" in pct.result.value
    with pytest.raises(ValueError, match="not one of the options"):
        Predict("?", options=["a", "b"], answer="c", explain="")


def test_numbers_read_as_a_student_reads_them() -> None:
    assert number_words(0.189802) == "0.19" and number_words(969.0) == "969"
    assert number_words(float("nan")) == number_words(pd.NA) == number_words(None) == ""
    assert number_words(True) == "yes" and number_words(12345) == "12,345"
    assert number_words(0.4, digits=0) == "0" and number_words(20.04, digits=1) == "20"


def test_a_table_shows_a_few_rows_and_all_on_demand() -> None:
    frame = pd.DataFrame({"x": range(10), "p": [0.123456] * 10, "who": ["<b>"] + [None] * 9})
    t = Table(frame, first=3, caption="Ten rows")
    assert t.shown.value.count("<tr>") == 4 and t.toggle.description == "Show all 10 rows"
    assert "&lt;b&gt;" in t.shown.value and "0.12" in t.shown.value and "nan" not in t.shown.value
    t.toggle.click()
    assert t.shown.value.count("<tr>") == 11 and t.toggle.description == "Show fewer rows"
    t.toggle.click()
    assert t.shown.value.count("<tr>") == 4
    short = Table(frame.head(2), first=3)
    assert short.toggle.layout.display == "none"
    named = frame_html(frame.set_index("x").head(2))
    assert ">x</th>" in named


def test_a_table_of_prose_stacks_on_a_phone_and_a_grid_of_numbers_does_not() -> None:
    grid = frame_html(pd.DataFrame({"miles": ["0", "4,000 or more"], "2,500 t": [0, 2.5]}))
    assert "navalkit-stack" not in grid and "<style>" not in grid
    rules = pd.DataFrame(
        {
            "id": ["NW-GOAL"],
            "rule": ["The first player to reach the goal at the end of a round wins the game."],
            "say": ["<it's>"],
        }
    )
    # no prose, but long words side by side: wider than a phone as a grid
    ids = pd.DataFrame({"setting": ["Planes on an alerted convoy"], "default": ["per convoy"],
                        "provenance": ["HOUSE"], "rule": ["NM-PLANE-ALERT"]})  # fmt: skip
    assert "navalkit-stack" in frame_html(ids)
    assert "navalkit-stack" not in frame_html(ids[["default", "provenance"]])
    stacked = frame_html(rules)
    assert "table class='navalkit-table navalkit-stack'" in stacked
    assert "@media (max-width: 600px)" in stacked  # a laptop keeps the grid
    # each cell carries its column's heading, escaped, for the "heading: value" lines
    assert "data-label='rule'>The first player" in stacked
    assert "data-label='say'>&lt;it&#x27;s&gt;</td>" in stacked


def test_a_tables_first_rows_are_laid_out_as_all_its_rows() -> None:
    """Stacking is decided on every row: "Show all" does not turn a grid into blocks."""
    frame = pd.DataFrame({"id": ["A-1", "A-2", "A-3"], "rule": ["short", "short", "x " * 40]})
    t = Table(frame, first=2)
    assert "navalkit-stack" in t.shown.value and t.shown.value.count("<tr>") == 3
    t.show_all()
    assert "navalkit-stack" in t.shown.value and t.shown.value.count("<tr>") == 4


@pytest.mark.parametrize("game_id", games())
def test_the_lessons_settings_table_is_in_words_with_each_rule_by_its_title(game_id: str) -> None:
    """widgets.lesson.settings_frame, every lesson's settings table: values as a page writes
    them ("on", not True; "blowing to", not blowing), what each can be, the rule by its title
    alone (Age of Sail's table showed bare ids, Naval War's "True"; an id after the title read
    as code, and "Kamikaze (optional) (NW-KAMIKAZE)")."""
    game = get_game(game_id)
    frame = settings_frame(game)
    assert list(frame.columns) == ["setting", "standard value", "can be", "source", "rule"]
    assert list(frame["setting"]) == [r["label"] for r in game.settings()]
    for row in frame.itertuples(index=False):
        value, can_be, rule = row[1], row[2], row[4]
        assert value not in ("True", "False") and "_" not in value, row
        assert can_be and "_" not in can_be and ".." not in can_be, row
        assert value in can_be.split(" / ") or can_be.startswith(("from ", "at ")), row
        assert rule in {c.title for c in game.clauses}, row
        assert not rule_ids(rule) and not rule.endswith(")"), row
    assert set(frame["source"]) <= {"SEED", "SRC", "HOUSE"}


@pytest.mark.parametrize("game_id", games())
def test_a_rule_under_an_explainer_is_named_by_its_title_alone(game_id: str) -> None:
    """'Rule “Fighting the fire” (AOS-FIRE-OUT): ...' showed a student a code name, and after
    a title in brackets 'Rule “Kamikaze (optional)” (NW-KAMIKAZE)'."""
    for clause in get_game(game_id).clauses:
        note = rule_note_html(clause)
        assert note.startswith(f"<small>Rule “{html.escape(clause.title)}”: "), note
        assert clause.id not in note
