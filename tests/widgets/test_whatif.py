"""The what-if lab runs the same seeds under two settings and explains bad input."""

from __future__ import annotations

import html
import re

import pytest

from navalkit.core import get_game
from navalkit.core.bots import bot_name
from navalkit.core.errors import ConfigError
from navalkit.widgets.whatif import (
    WhatIfLab,
    changes_words,
    compare,
    outcome_columns,
    summary,
)


def test_compare_uses_the_same_seeds_under_both_settings() -> None:
    quick = {"setup": "standard", "touch_move": False}  # so one action is one move
    frame = compare(
        "branle_bas",
        {"max_plies": 40, **quick},
        {"max_plies": 20, **quick},
        games=3,
        bots=["greedy", "random"],
    )
    a, b = frame[frame.variant == "A"], frame[frame.variant == "B"]
    assert list(a["seed"]) == list(b["seed"]) == [0, 1, 2]
    assert (b["length"] <= 20).all() and (a["length"] <= 40).all()
    table = summary(frame)
    assert list(table.index) == ["A", "B"] and set(table["games"]) == {3}


def test_lab_runs_and_reports_bad_values_without_breaking() -> None:
    lab = WhatIfLab("branle_bas", setting="max_plies", games=2)
    assert (lab.value_a.value, lab.value_b.value) == ("300", "150")
    lab.value_a.value, lab.value_b.value = "30", "20"
    lab.run()
    assert "<table" in lab.table.value and lab.progress.value == 4
    lab.value_b.value = "lots"
    lab.run()
    assert "Moves before time is up is a whole number, not “lots”." in lab.message.value
    assert "invalid literal" not in lab.message.value and lab.progress.value == 0
    lab.setting.value = "wrecks"
    assert (lab.value_a.value, lab.value_b.value) == ("stay", "remove")


def test_each_reading_offers_the_settings_values_in_words() -> None:
    """A reading is picked from the setting's values as the page words them (a bare text box
    left a student to guess what they were called), or typed: a number says its range."""
    lab = WhatIfLab("age_of_sail", setting="wind", games=2)
    offered = lab.value_a.pick.options
    assert offered == lab.value_b.pick.options and lab.value_a.picked
    assert len(offered) == 8 and lab.value_a.value in offered
    assert lab.value_a.typed.layout.display == "none"
    lab.setting.value = "line_of_battle"
    assert lab.value_a.pick.options == ("on", "off")
    lab.setting.value = "wind_speed"
    assert not lab.value_a.picked and lab.value_a.pick.layout.display == "none"
    assert lab.value_a.typed.layout.display == "" and lab.value_a.typed.placeholder == (
        "a number, 1 to 7"
    )
    lab.value_b.value = "9"
    lab.run()
    assert "Cannot run" in lab.message.value and lab.frame is None  # explained, nothing ran


def test_lab_speaks_plain_words_and_takes_the_two_values() -> None:
    lab = WhatIfLab("branle_bas", setting="max_plies", games=2, values=(40, 20))
    assert ("Moves before time is up", "max_plies") in lab.setting.options
    assert (lab.value_a.value, lab.value_b.value) == ("40", "20")
    lab.bots = ["greedy", "random"]
    lab.run()
    shown = lab.table.value
    assert "Moves before time is up: 40" in shown and "A (south) wins" in shown
    assert "wins seat" not in shown and "score_" not in shown
    plain = summary(lab.frame, lab.game)
    assert outcome_columns(plain) == ["A (south) wins", "B (north) wins", "draws"]
    assert outcome_columns(summary(lab.frame)) == ["wins seat 0", "wins seat 1", "draws"]
    switch = WhatIfLab("branle_bas", setting="touch_move")
    assert (switch.value_a.value, switch.value_b.value) == ("on", "off")


def test_age_of_sail_lab_opens_on_a_difference_its_notebook_explains() -> None:
    """notebooks/age_of_sail/whatif.ipynb quotes these figures (20 duels, the captain against
    a random admiral): if this fails, update the notebook's words."""
    from navalkit.widgets.whatif import WhatIfLab, summary

    lab = WhatIfLab("age_of_sail", setting="max_rounds", games=20)
    lab.run()
    table = summary(lab.frame)
    assert list(table.iloc[:, 1]) == [19, 17]  # the captain's wins: 12 rounds, then 6
    b = lab.frame[lab.frame.variant == "B"]
    drawn = b[b.winner.isna()]
    assert len(drawn) == 2 and ((drawn.score_0 == 0) & (drawn.score_1 == 0)).all()
    ties = WhatIfLab("age_of_sail", setting="boarding_ties", games=20)
    ties.run()
    assert list(summary(ties.frame).iloc[:, 1]) == [19, 18]


def test_who_plays_is_chosen_from_lists_in_words() -> None:
    """Each seat's computer player is a list in the play pages' words, never a typed code
    name; levels and the game's own bot are read by name, and a wrong one is refused."""
    lab = WhatIfLab("far_seas", setting="crowded_fire", games=2, bots=["hard", "easy"])
    assert [box.description for box in lab.seat_bots] == ["Germany:", "Allies:"]
    labels = [label for label, _ in lab.seat_bots[0].options]
    assert all("mcts" not in label for label in labels)
    assert any(label.startswith("computer, hard") for label in labels)
    assert lab.bots == [bot_name(lab.game, "hard"), "random"]
    lab.bots = ["greedy", "greedy"]
    assert lab.bots == ["commander", "commander"]
    with pytest.raises(ValueError, match="no computer player 'kraken'"):
        lab.bots = ["kraken", "random"]
    with pytest.raises(ValueError, match="one a seat"):
        lab.bots = ["random"]
    assert lab.bots == ["commander", "commander"]  # a refused line-up changes nothing


def test_far_seas_lab_says_how_a_game_is_won_where_the_scores_do_not() -> None:
    """Far Seas' raiders score some 250 VP to the Allies' few and still lose half the games:
    they need a lead of more than 245 VP. The table says so, under each reading when that
    lead is what is compared."""
    lab = WhatIfLab("far_seas", setting="german_par", games=2, values=(245, 0))
    lab.bots = ["random", "random"]
    lab.run()
    shown = lab.table.value
    assert (
        "Lead the raiders need to win (VP): 245: Germany wins with a lead of more than "
        "245 VP over the Allies" in shown
    )
    assert (
        "Lead the raiders need to win (VP): 0: The higher total wins: the lead the raiders "
        "need is 0, a house rule the settings can change (rule: Victory). A tie is a draw." in shown
    )  # in the status line's words ("total", not "score")
    lab.setting.value = "convoy_speed"
    lab.run()
    said = lab.table.value
    assert said.count("Germany wins with a lead of more than 245 VP over") == 1
    assert (
        "that is the lead the raiders need, a house rule the settings can change (rule: Victory)"
        in said
    )
    assert "FS-" not in said and "HOUSE" not in said
    assert "the higher score wins" not in said
    branle_bas = WhatIfLab("branle_bas", setting="max_plies", games=2, values=(30, 20))
    branle_bas.run()
    assert "</table>" in branle_bas.table.value and "<small>" not in branle_bas.table.value


def test_a_reading_is_typed_in_the_pages_words_and_a_wrong_one_is_explained() -> None:
    """The boxes show a choice without its code name ("per convoy", not per_convoy), take it
    so typed, and refuse a reading the setting does not have by its label and its choices."""
    lab = WhatIfLab("nautic_miles", setting="slowness_bonus", games=1, bots=["greedy"] * 2)
    assert (lab.value_a.value, lab.value_b.value) == ("per convoy", "per round")
    assert lab._parse("Per  Round") == "per_round" and lab._parse("per_round") == "per_round"
    with pytest.raises(ConfigError) as refused:
        lab.value_b.value = "abc"
    said = str(refused.value)
    assert "Bonus for a slow convoy is one of: per convoy, per round; not “abc”." in said
    assert "slowness_bonus" not in said and "per_round" not in said
    assert lab.value_b.value == "per round"  # unchanged
    lab.value_a.value = "Per  Round"  # typed as a person would: the list's own words
    assert lab.value_a.value == "per round"
    lab.setting.value = "planes_on_alerted"
    assert (lab.value_a.value, lab.value_b.value) == ("on", "off")
    with pytest.raises(ConfigError) as refused:
        lab.value_b.value = "maybe"
    assert "Planes on an alerted convoy is on or off, not “maybe”." in str(refused.value)


def test_lab_says_what_each_run_compared_and_what_changed() -> None:
    """The table says which run it shows and, in a sentence, what the second reading moved;
    after another run, that the notebook's notes under the lab speak of the first (a student
    read notes about 12 and 6 rounds under a table of tied boardings)."""
    lab = WhatIfLab("branle_bas", setting="max_plies", games=2, values=(40, 20))
    lab.bots = ["greedy", "random"]
    lab.run()
    first = lab.table.value
    assert "<b>This run:</b> Moves before time is up: 40 against 20, 2 games;" in first
    assert "notes under the lab" not in first
    assert changes_words(summary(lab.frame, lab.game), 2) in html.unescape(first)
    lab.setting.value = "touch_move"
    lab.run()
    again = lab.table.value
    assert "<b>This run:</b> A touched piece must be played: on against off" in again
    assert "The notes under the lab explain the first run (Moves before time is up: 40" in again


def test_changes_words_name_what_moved_and_what_did_not() -> None:
    import pandas as pd

    table = pd.DataFrame(
        {
            "South wins": [19, 17],
            "North wins": [1, 1],
            "draws": [0, 2],
            "average length (actions)": [47.7, 42.8],
        },
        index=["a", "b"],
    )
    assert changes_words(table, 20) == (
        "With the second reading: South wins 19 → 17; draws 0 → 2; games last 47.7 → 42.8 "
        "actions on average. Unchanged: North wins 1."
    )
    assert changes_words(pd.concat([table.iloc[:1]] * 2), 20) == (
        "With the second reading nothing changed in these 20 games' results."
    )


def test_a_plural_player_wins_in_the_plural() -> None:
    """Far Seas' what-if table read 'Allies wins'."""
    frame = compare("far_seas", {}, {"captures": "one per ship"}, games=2)
    table = summary(frame, get_game("far_seas"))
    assert outcome_columns(table) == ["Germany wins", "Allies win", "draws"]


def test_each_run_closes_its_figure_once_shown() -> None:
    """pyplot keeps every figure until it is closed: a lab run twenty times in one kernel
    kept twenty (the inline backend closes them itself; a script or a test does not)."""
    import matplotlib.pyplot as plt

    lab = WhatIfLab("branle_bas", setting="max_plies", games=2, values=(30, 20))
    before = len(plt.get_fignums())
    lab.run()
    lab.run()
    assert "<table" in lab.table.value
    assert len(plt.get_fignums()) == before


def plain(shown: str) -> str:
    """An HTML line's words, as a student reads them."""
    return html.unescape(re.sub(r"<[^>]+>", "", shown))


def test_a_number_of_games_out_of_range_is_refused_in_words_and_the_table_kept() -> None:
    """The games box was bounded: it turned 0 into 2 and 100000 into 2000 without a word (and
    2000 games a reading ran for minutes). A number out of range is refused in words; the last
    run's table stays."""
    lab = WhatIfLab("branle_bas", setting="max_plies", games=2, values=(30, 20))
    lab.run()
    shown = lab.table.value
    assert "2 games" in shown
    for typed in (0, 1, -5, 100_000):
        lab.games.value = typed
        assert lab.games.value == typed  # kept as typed, not silently changed
        lab.run()
        said = plain(lab.message.value)
        assert said == (
            "Cannot run: Games is a number from 2 to 2,000 (the games played under each "
            f"reading), not {typed:,}."
        )
        assert lab.table.value == shown and lab.progress.value == 0
    lab.games.value = 3
    lab.run()
    assert lab.message.value == "" and "3 games" in lab.table.value


def test_a_run_shows_how_far_it_is_and_stops_when_asked() -> None:
    """While a run goes on the page says how far it is, *Run both* cannot start a second one
    and *Stop* is there; a stopped run counts nothing and keeps the last run's table."""
    lab = WhatIfLab("branle_bas", setting="max_plies", games=2, values=(30, 20))
    lab.run()
    shown = lab.table.value
    assert lab.stop_button.layout.display == "none" and not lab.running
    seen: list[tuple[int, bool, str, str]] = []

    def watch(change: dict[str, object]) -> None:
        seen.append(
            (
                lab.progress.value,
                lab.run_button.disabled,
                str(lab.stop_button.layout.display),
                lab.progress_words.value,
            )
        )
        if lab.progress.value == 3:
            lab.run()  # a second press while it runs starts nothing
            lab.stop_button.click()  # noticed as the next game ends

    lab.progress.observe(watch, "value")
    lab.games.value = 40
    lab.run()
    done, disabled, stop_shown, words = seen[2]
    assert (done, disabled, stop_shown) == (2, True, "")
    assert words.startswith("Game 2 of 80 played…")
    assert "the table below is the last run's until this one ends" in words
    assert plain(lab.message.value) == (
        "Stopped after 4 of 80 games: a run stopped half way counts nothing. The table below "
        "is the last finished run's."
    )
    assert lab.table.value == shown and not lab.running
    assert not lab.run_button.disabled and lab.stop_button.layout.display == "none"
    assert lab.progress_words.value == ""


def test_where_a_setting_comes_from_is_said_in_words() -> None:
    """The line under the lists began with a bare bold "SEED" or "HOUSE", which read as code."""
    lab = WhatIfLab("far_seas", setting="crowded_fire", games=2)
    said = lab.explain.value
    assert "<b>SEED</b>" not in said and "stated by the original rules text" in said
    assert "How many ships must fire at one target" in said
    lab.setting.value = "german_par"
    assert "our reconstruction where the sources are silent" in lab.explain.value


def test_the_setting_list_is_never_wider_than_the_page() -> None:
    """On a phone the list of settings ran past the screen's edge, its words cut."""
    lab = WhatIfLab("far_seas", setting="crowded_fire", games=2)
    assert lab.setting.layout.max_width == "calc(100% - 4px)"


def test_the_chart_is_a_picture_in_the_lab_with_its_words() -> None:
    """A run that ends on the kernel's loop (its games played in a thread) has no cell output
    for plt.show() to join: the page showed the new table and no chart. The chart is an image
    in the lab's own widget, its outcomes in words for a screen reader."""
    lab = WhatIfLab("branle_bas", setting="max_plies", games=2, values=(30, 20))
    lab.run()
    shown = lab.plot.value
    assert "<img src='data:image/png;base64," in shown and "max-width:100%" in shown
    assert (
        "alt='Branle-Bas: outcomes under the two readings. Moves before time is up: 30: "
        "A (south) wins 0, B (north) wins 0, draws 2; Moves before time is up: 20:" in shown
    )


@pytest.mark.parametrize(
    "game_id", ["nautic_miles", "far_seas", "age_of_sail", "branle_bas", "naval_war"]
)
def test_the_what_if_notes_cite_rules_by_their_titles_not_their_ids(game_id: str) -> None:
    """The what-if pages' notes said "(NW-GOAL)" and "(rule BB-TIME, HOUSE)": a rule's id
    reads as code to a student; the play pages cite a rule by its title ("rule: Victory")."""
    import json
    from pathlib import Path

    from navalkit._paths import notebooks_dir

    nb = json.loads(Path(notebooks_dir(), game_id, "whatif.ipynb").read_text(encoding="utf-8"))
    notes = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    ids = [c.id for c in get_game(game_id).clauses if c.id in notes]
    assert not ids, f"rule ids in the notes: {ids}"


def test_a_cells_run_ends_before_the_next_line_and_the_button_runs_in_the_background(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A notebook reads ``lab.frame`` on the line after ``lab.run()`` (Branle-Bas' notes):
    that run ends first. *Run both* plays its games in a thread (in_background), so that the
    page keeps answering and *Stop* can be pressed."""
    import navalkit.widgets.whatif as whatif

    sent: list[object] = []
    monkeypatch.setattr(whatif, "in_background", lambda work, done: sent.append(work))
    lab = WhatIfLab("branle_bas", setting="max_plies", games=2, values=(30, 20))
    lab.run()
    assert lab.frame is not None and not sent and not lab.running
    lab.run_button.click()
    assert len(sent) == 1 and lab.running and lab.run_button.disabled


def test_a_phone_gets_a_narrower_chart_with_its_words_wrapped() -> None:
    """The chart drawn 6 inches wide, shrunk to a phone's screen, had words some 7 px high: a
    narrow screen is sent a narrower drawing, its key's words wrapped to its width."""
    import base64
    import struct

    lab = WhatIfLab("far_seas", setting="crowded_fire", games=2)
    lab.run()
    shown = lab.plot.value
    assert shown.startswith("<picture><source media='(max-width: 600px)' srcset='data:image/png")
    narrow, wide = re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", shown)
    width = [struct.unpack(">I", base64.b64decode(png)[16:20])[0] for png in (narrow, wide)]
    assert width[0] < 0.75 * width[1], width  # the PNG's own width, from its header
