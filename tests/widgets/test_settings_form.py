"""The settings forms (the play page's *Settings for the next game*, the dashboard's house
rules to open a table): each setting says where it comes from in words a teacher sees without
a pointer, and each value reads whole, on a phone as on a laptop."""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as w
import pytest
from widget_helpers import KEY

from navalkit.core.clauses import PROVENANCE_MEANING
from navalkit.core.registry import games, get_game
from navalkit.play.guide import badge, clauses_html, provenance_html
from navalkit.render.text import any_font_width
from navalkit.tables import Tables
from navalkit.widgets import GameApp
from navalkit.widgets.app import SETTINGS_TITLE
from navalkit.widgets.dashboard import TeacherDashboard, teacher_page
from navalkit.widgets.forms import (
    BADGE_WIDTH,
    FIT,
    LABEL_GAP,
    LABEL_LEAST,
    LIST_EDGES,
    SETTING_CLASS,
    NewTableForm,
    setting_widgets,
    settings_css,
    settings_form,
)
from navalkit.widgets.panels import EXPANDS, NAME_JS, NAMED


def rows_of(form: w.VBox) -> list[w.VBox]:
    """A settings form's rows: a setting's line (its box, its badge, its "?") and its help."""
    return [c for c in form.children if SETTING_CLASS + "-row" in c._dom_classes]


def parts(row: w.VBox) -> tuple[w.Widget, w.HTML, w.ToggleButton, w.HTML]:
    """A row's box, badge, "?" and help."""
    line, help_ = row.children
    box, mark, ask = line.children
    return box, mark, ask, help_


def shown_text(markup: str) -> str:
    """What an HTML's words read, without its tags."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def play_form(game_id: str) -> w.VBox:
    page = GameApp(game_id, seed=1)
    assert page.settings_drawer.get_title(0) == SETTINGS_TITLE
    drawer = page.settings_drawer.children[0]
    (form,) = [c for c in drawer.children if isinstance(c, w.VBox)]
    return form


def dashboard_form(tables: Tables, game_id: str) -> w.VBox:
    dash = teacher_page(f"teacher={KEY}", tables)
    assert isinstance(dash, TeacherDashboard)
    dash.form.game.value = game_id
    (form,) = dash.form.settings_box.children
    assert isinstance(form, w.VBox)
    return form


@pytest.mark.parametrize("game_id", games())
def test_each_setting_says_what_it_does_and_where_it_comes_from_on_a_tap(
    game_id: str, tables: Tables
) -> None:
    """What a setting does showed only while a pointer rested on the words beside it, which a
    touch screen never does: in both forms each setting has its badge beside it and a "?"
    that shows under it, on a tap or a click, what it does and where it comes from in the
    rules panel's words (a HOUSE setting: our reconstruction, which a teacher may switch);
    pressed again, it hides them. A pointer resting on the badge still shows them."""
    game = get_game(game_id)
    for form in (play_form(game_id), dashboard_form(tables, game_id)):
        rows = rows_of(form)
        assert len(rows) == len(game.settings())
        for row, setting in zip(rows, game.settings(), strict=True):
            box, mark, ask, help_ = parts(row)
            assert box.description == setting["label"]
            provenance = setting["provenance"]
            assert shown_text(mark.value) == provenance  # the badge alone, short
            assert badge(provenance, title="") in mark.value
            meaning = PROVENANCE_MEANING[provenance]
            tip = html.escape(f"{setting['help']} ({meaning})")
            assert f'title="{tip}"' in mark.value
            assert isinstance(ask, w.ToggleButton) and ask.description == "?"
            # what a pointer shows and, by the form's script, what a screen reader says
            assert ask.tooltip == f"What “{setting['label']}” does" and NAMED in ask._dom_classes
            said = shown_text(help_.value)
            assert said == f"{setting['help']}{provenance} {meaning}"
            assert provenance_html(provenance) in help_.value
            if provenance == "HOUSE":
                assert "our reconstruction" in said and "a teacher may switch it" in said
            assert help_.layout.display == "none" and not ask.value
            ask.value = True
            assert help_.layout.display == ""
            ask.value = False
            assert help_.layout.display == "none"
        (script,) = [c for c in form.children if isinstance(c, w.Output)]
        assert script.outputs[0]["data"]["application/javascript"] == NAME_JS
    # the rules panel's key says the same words, from the same place
    legend = clauses_html(game).split("</p>")[0]
    assert shown_text(legend) == " ".join(f"{p} {m}" for p, m in PROVENANCE_MEANING.items())


@pytest.mark.parametrize("game_id", ["far_seas", "age_of_sail"])
def test_each_question_tells_a_screen_reader_whether_its_help_is_open(
    game_id: str, tables: Tables
) -> None:
    """A screen reader heard the "?" by its name but not whether its help was open: each "?"
    is a toggle the form's script gives ``aria-expanded``, "false" until it is pressed and
    "true" while it is (the pressed toggle's ``mod-active`` class, which ipywidgets sets on
    the press itself, watched on each button), in both forms."""
    for form in (play_form(game_id), dashboard_form(tables, game_id)):
        (script,) = [c for c in form.children if isinstance(c, w.Output)]
        assert script.outputs[0]["data"]["application/javascript"] == NAME_JS
        for row in rows_of(form):
            _, _, ask, help_ = parts(row)
            assert {NAMED, EXPANDS} <= set(ask._dom_classes)
            ask.value = True  # what the press does, in the page and in the kernel
            assert help_.layout.display == ""
            ask.value = False
    expands = NAME_JS.split(f'document.querySelectorAll(".{EXPANDS}:not([aria-expanded])")')
    assert len(expands) == 2, "the script looks for toggles it has not seen yet"
    assert (
        'b.setAttribute("aria-expanded", b.classList.contains("mod-active") ? "true" : "false")'
        in NAME_JS
    )
    assert 'observe(b, { attributes: true, attributeFilter: ["class"] })' in expands[1]
    assert expands[1].index("expanded(b);") < expands[1].index("new MutationObserver")


def test_one_setting_per_line_with_its_badge_and_question() -> None:
    """A setting took three lines of the play page's side panel (its label, its box, its
    source's words): one line now, the label wrapped beside its box where the line is short
    (never narrower than LABEL_LEAST: narrower, the box goes under it), the badges at one width
    so that the boxes line up, the help folded under the line."""
    game = get_game("far_seas")
    form = play_form("far_seas")
    control = max(
        int(c.rsplit("-", 1)[1])
        for r in rows_of(form)
        for c in parts(r)[0]._dom_classes
        if c[-1:].isdigit()
    )
    css = settings_css(control)
    box = f".{SETTING_CLASS}-{control}"
    assert f"{box} > .widget-label {{ flex: 1 1 {LABEL_LEAST}; min-width: 0;" in css
    assert "white-space: normal" in css
    assert (
        f" .{SETTING_CLASS}-line {{ column-gap: 6px; align-items: center; flex-wrap: nowrap; }}"
        in css
    )
    assert f".{SETTING_CLASS}-badge {{ flex: 0 0 auto; width: {BADGE_WIDTH}; }}" in css
    for row in rows_of(form):
        line, help_ = row.children
        assert f"{SETTING_CLASS}-line" in line._dom_classes
        assert [type(c) for c in line.children][1:] == [w.HTML, w.ToggleButton]
        assert f"{SETTING_CLASS}-help" in help_._dom_classes
    # no words beside the box but the badge: the source's meaning is behind the "?"
    assert all(
        PROVENANCE_MEANING[s["provenance"]] not in parts(r)[1].value.split(">", 1)[1]
        for r, s in zip(rows_of(form), game.settings(), strict=True)
    )


@pytest.mark.parametrize("game_id", games())
def test_no_setting_box_has_a_tooltip_its_kind_shows_wrongly(game_id: str) -> None:
    """A tick box's tooltip was its own label and a list's was nowhere (Jupyter's widgets put
    a described widget's tooltip on its label, or drop it): every setting is a list of its
    values in words (a switch's "on" and "off") or a number box, with no widget tooltip; what
    it does is behind its "?" and the title of its badge."""
    game = get_game(game_id)
    boxes = setting_widgets(game)
    for setting in game.settings():
        box = boxes[setting["setting"]]
        assert isinstance(box, w.Dropdown | w.IntText), type(box)
        assert not box.tooltip
        if isinstance(setting["default"], bool):
            assert box.options == (("on", True), ("off", False))


def test_a_switch_is_read_and_set_as_before() -> None:
    """A switch's list gives the game its True or False, and New game takes it."""
    page = GameApp("nautic_miles", seed=1)
    assert page.setting_boxes["teams"].value is False
    page.setting_boxes["planes_on_alerted"].value = False
    page._new_game()
    assert page.match.config.planes_on_alerted is False
    assert page.setting_boxes["planes_on_alerted"].value is False
    form = NewTableForm(lambda _r: None, teacher=True, game_id="nautic_miles")
    form.settings["trawler_counts"].value = True
    assert form.request().settings == {"trawler_counts": True}


@pytest.mark.parametrize("game_id", games())
def test_the_boxes_line_up_and_each_has_room_for_its_longest_value(game_id: str) -> None:
    """Far Seas' "How long a surprise's +2 lasts" read "whole comba▾" on a phone: every box
    of a form has one label width (its longest label) and one box width (its longest value,
    with a list's arrow), so the boxes and their sources line up; where a line is too narrow
    for both (a phone), the box goes under its label as wide as the form, never narrower than
    its longest value (settings_css)."""
    game = get_game(game_id)
    boxes = list(setting_widgets(game).values())
    label = max(any_font_width(b.description, 13) for b in boxes)
    longest = max(
        any_font_width(words, 13) + LIST_EDGES
        for b in boxes
        if isinstance(b, w.Dropdown)
        for words, _ in b.options
    )
    (control,) = {
        int(c.rsplit("-", 1)[1]) for b in boxes for c in b._dom_classes if c[-1:].isdigit()
    }
    assert control >= longest
    widths = {(b.style.description_width, b.layout.width, b.layout.max_width) for b in boxes}
    ((label_width, width, most),) = widths  # one for all
    assert float(label_width.removesuffix("px")) >= label and most == FIT
    assert width == f"{int(label_width.removesuffix('px')) + LABEL_GAP + control}px"
    css = settings_css(control)
    box = f".{SETTING_CLASS}-{control}"
    assert f"{box} {{ flex-wrap: wrap; height: auto;" in css  # the box goes under its label
    within = f"{box}.{SETTING_CLASS}"  # a number box as wide as a list (Jupyter's grows it)
    assert f"{within} > select, {within} > input[type] {{ flex: 0 0 min(100%, {control}px);" in css
    form = settings_form(game, setting_widgets(game))
    assert css in form.children[0].value and form.children[0].layout.display == "none"


def test_far_seas_longest_choice_has_room_where_it_was_cut() -> None:
    """The list that read "whole comba▾" gets at least its words and its arrow."""
    box = setting_widgets(get_game("far_seas"))["surprise_bonus"]
    need = any_font_width("whole combat", 13) + LIST_EDGES
    control = next(int(c.rsplit("-", 1)[1]) for c in box._dom_classes if c[-1:].isdigit())
    assert control >= need and control >= any_font_width("speed 3+ or slower", 13) + LIST_EDGES


def rows_text(form: Any) -> str:
    return " ".join(shown_text(parts(r)[3].value) for r in rows_of(form))


def test_the_dashboard_form_changes_its_settings_with_its_game(tables: Tables) -> None:
    """Another game on the dashboard's form brings its own settings and their sources."""
    form = dashboard_form(tables, "far_seas")
    assert "SRC added from a public source about the game" in rows_text(form)
    form = dashboard_form(tables, "nautic_miles")
    assert "SRC" not in rows_text(form)
    assert [parts(r)[0].description for r in rows_of(form)][:2] == [
        "Play in teams of two",
        "Points to win",
    ]


def test_how_to_play_says_teams_are_switched_as_the_form_switches_them() -> None:
    """Nautic Miles' How to play said "tick Play in teams of two": the switch is now a list of
    on and off, so its words say to set it on, and the form has that choice."""
    game = get_game("nautic_miles")
    box = setting_widgets(game)["teams"]
    assert ("on", True) in list(box.options) and box.description == "Play in teams of two"
    words = game.how_to_play
    words = words() if callable(words) else words
    assert "set <i>Play in teams of two</i> to <i>on</i>" in words and "tick" not in words
