"""The play page and a seat at a table on a phone or a touch screen: a long legal move is read
whole under its list (a closed list cuts its words), and the upload button has a name a
screen reader says without ipywidgets' counter."""

from __future__ import annotations

import html
import math
import re

import ipywidgets as w
from test_table import board, join, start_table

from navalkit.render.text import any_font_width
from navalkit.tables import Tables
from navalkit.widgets import GameApp
from navalkit.widgets.forms import LEGAL_BOX, LEGAL_EDGES, legal_words_html
from navalkit.widgets.panels import NAME_JS, NAMED
from navalkit.widgets.saves import UPLOAD_WORDS


def tree(widget: w.Widget) -> list[w.Widget]:
    """A widget and every widget inside it."""
    return [widget, *(d for c in getattr(widget, "children", ()) for d in tree(c))]


def hidden_from(markup: str) -> int:
    """The width of the legal moves' box, px, from which the move written out is hidden (the
    list shows it whole)."""
    found = re.search(r"@container \(min-width: (\d+)px\) \{ \.(navalkit-legal-words-\d+)", markup)
    assert found is not None, markup
    assert f"class='{found.group(2)}'" in markup  # the words the rule hides
    return int(found.group(1))


def test_a_long_legal_move_is_written_out_whole_under_its_list() -> None:
    """Far Seas' list on a phone read "Kaiser Wilhelm der Grosse: to area 2 (N▾", the rest cut
    off: under the list the move chosen is written out, wrapping where it must, and follows the
    choice; it hides only in a box wide enough for the list to show it whole."""
    app = GameApp("far_seas", seed=1)
    chosen = app.legal_list.label
    assert chosen.startswith("Kaiser Wilhelm der Grosse: to area 2 (Norway-Iceland)")
    line = app.legal_line.value
    assert f">{html.escape(chosen)}</div>" in line and "overflow-wrap: anywhere" in line
    assert hidden_from(line) == math.ceil(any_font_width(chosen, 13)) + LEGAL_EDGES
    assert hidden_from(line) > 380  # wider than the list's box ever is: always written out
    (legal,) = [c for c in tree(app.widget) if LEGAL_BOX in getattr(c, "_dom_classes", ())]
    assert LEGAL_BOX in legal._dom_classes and legal.children == (app.legal_list, app.legal_line)
    assert f".{LEGAL_BOX} {{ container-type: inline-size; }}" in line
    app.legal_list.value = 3  # another move chosen: its words
    assert html.escape(app.legal_list.label) in app.legal_line.value
    assert chosen not in app.legal_line.value


def test_a_short_move_is_not_written_out_twice_where_the_list_shows_it() -> None:
    """A move the play page's list (380 px wide where there is room) shows whole is hidden
    there, and written out only in a narrower box (a phone's)."""
    short = "play Smoke Screen"
    assert 200 < hidden_from(legal_words_html(short)) < 380
    assert legal_words_html("") == ""


def test_a_seat_at_a_table_writes_a_long_move_out_too(tables: Tables) -> None:
    first = board(start_table(tables, "far_seas"))
    second = board(join(tables, first.session.code, 1, "Bob"))
    first.tick()
    seat = first if first.legal_list.options else second
    words = seat.legal_list.label
    assert words and html.escape(words) in seat.legal_line.value
    (legal,) = [c for c in seat.move_controls.children if LEGAL_BOX in c._dom_classes]
    assert legal.children == (seat.legal_list, seat.legal_line)


def test_the_upload_button_has_a_name_without_the_counter() -> None:
    """A screen reader said "Open a save file (0)" (ipywidgets writes the count in the button,
    which the page's style hides from the eye only) and a pointer showed the tooltip "null":
    the button's tooltip is its words, and the page's script makes that its aria-label."""
    panel = GameApp("branle_bas", seed=1).saves
    assert panel.upload.tooltip == UPLOAD_WORDS
    assert {"navalkit-upload", NAMED} <= set(panel.upload._dom_classes)
    (script,) = [c for c in panel.widget.children if isinstance(c, w.Output)]
    assert script.layout.display == "none"
    (out,) = script.outputs
    assert out["data"]["application/javascript"] == NAME_JS


def test_the_name_script_gives_each_named_button_its_tooltip_as_its_name() -> None:
    assert f'document.querySelectorAll(".{NAMED}:not([aria-label])[title]")' in NAME_JS
    assert 'b.setAttribute("aria-label", b.getAttribute("title"))' in NAME_JS
    # buttons drawn after the script ran (a MutationObserver missed them, in Chromium)
    assert "setInterval(name, 500)" in NAME_JS and "if (window.navalkitNames) return;" in NAME_JS
