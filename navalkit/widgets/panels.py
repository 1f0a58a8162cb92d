"""Small HTML builders for the app's side panels (pure functions: easy to test)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from navalkit.core.clauses import PROVENANCE_MEANING
from navalkit.core.config import setting_words
from navalkit.play.guide import badge
from navalkit.play.log import EARLIER
from navalkit.render.text import READING_LINE
from navalkit.tables.words import settings_words

#: the rule id of a refusal that cites no rule of the game (a wrong value, nothing chosen)
NO_RULE = "navalkit"


def refusal_html(game: Any, rule_id: str, reason: str) -> str:
    """A refused action: the reason and the rule's title, its id and provenance in the
    title's tooltip (nothing cited when the refusal is not a rule's: ``NO_RULE``, a code
    name no student should see)."""
    clause = game.clauses.get(rule_id)
    if clause is not None:
        # the rule by its title, in words; its id and where it comes from (what the rules
        # panel lists it by) only when the pointer rests on it: "SEED AOS-RANGE: Hit table"
        # read as code to a student
        where = PROVENANCE_MEANING.get(clause.provenance, clause.provenance)
        tip = html.escape(f"{clause.id} ({clause.provenance}: {where})", quote=True)
        words = html.escape(game.clauses.cite(rule_id))  # as a verdict cites it
        cite = f' <small title="{tip}">({words})</small>'
    else:  # not a rule's refusal (or one we cannot name): no code name to show
        cite = ""
    style = "color:#b22222"
    # words, not an emoji: a school machine without an emoji font would show a box
    return (
        f'<div class="navalkit-refusal" style="{style}"><b>Not allowed:</b> '
        f"{html.escape(reason)}{cite}</div>"
    )


def info_html(text: str) -> str:
    return f'<div style="color:#1b2a3a">{html.escape(text)}</div>'


#: the most lines a page says above its board after a move: more pushed the board down under
#: the student's mouse by as many lines (a computer's replies, their dice: ten and more)
MESSAGE_LINES = 2
#: the height a page keeps for them (widget text 13 px at the reading line height), whether
#: or not a move has said anything: lines that came and went moved the board between the two
#: clicks of one move, and a click aimed at an order button took the one above it
MESSAGE_HEIGHT = f"{round(MESSAGE_LINES * 13 * READING_LINE) + 4}px"


def messages_html(lines: Sequence[str]) -> str:
    """What a move did, above the board, in at most MESSAGE_LINES lines: the first ones (the
    move itself and its dice), then how many more the Moves list holds."""
    if len(lines) > MESSAGE_LINES:
        more = len(lines) - MESSAGE_LINES + 1
        lines = [*lines[: MESSAGE_LINES - 1], f"… and {more} more in the Moves list."]
    return "".join(info_html(t) for t in lines)


#: the style of a line of small grey words under a box: a move for example, what a number is for
NOTE_STYLE = "font-size:90%;color:#5d6b78"
#: the placeholder of a page's Move box: a whole move for example is written under it
#: (typed_example_html)
TYPE_A_MOVE = "type a move"
#: the class of the line under the Move box that shows a move as it is typed
TYPED_EXAMPLE = "navalkit-typed-example"


def typed_example_html(example: str) -> str:
    """The line under a page's Move box that shows a whole move as it is typed ("For example:
    cormoran hold do not move"; ``play.clicks.typed_example``), wrapped where the line is short;
    "" when nothing can be typed. In the box's placeholder, a phone or a narrow side panel cut
    it off ("e.g. cormoran hold do no")."""
    if not example:
        return ""
    return f"<div style='{NOTE_STYLE}'>For example: <i>{html.escape(example)}</i></div>"


def words_html(description: str) -> str:
    """The position in words under a play page's board (what a screen reader reads for the
    board), as text: a board's words may hold '&' or '<' (Far Seas' "Gibraltar & W. Med")."""
    return f"<b>Position in words:</b> {html.escape(description, quote=False)}"


DICE_LABEL = "Dice number:"
DICE_TIP = "The same number rolls the same dice: another number, other dice"
#: the class of the line under a number box that says what the number is for
NUMBER_NOTE = "navalkit-number-note"


def number_note_html(label: str, tip: str) -> str:
    """One line under a lesson's number box that says what it is for ("Dice number: the
    same number rolls the same dice: another number, other dice."): the box's tooltip said
    it alone, and a touch screen never shows a tooltip (the play page's How to play says it
    of its Game number)."""
    said = tip[:1].lower() + tip[1:]
    return (
        f"<div class='{NUMBER_NOTE}' style='{NOTE_STYLE}'>"
        f"<b>{html.escape(label)}</b> {html.escape(said)}.</div>"
    )


#: what a table played with its game's own settings is said to be played with
OWN_SETTINGS = "the game's own"


def played_with_html(
    game: Any, settings: Mapping[str, Any], *, own: bool = False, see: str = ""
) -> str:
    """The line of a table's settings, the same on the join form, the seat's page and the
    teacher's view of the table: "<b>Played with:</b> Bonus for a slow convoy: per round;
    Points to win: 100." (those that differ from the game's own, as the play page says them,
    see :func:`~navalkit.tables.words.settings_words`), ``see`` (HTML) before the full stop:
    where the page shows them in full. A table with the game's own settings has no line, or
    with ``own`` "Played with the game's own settings."."""
    changed = settings_words(game, settings)
    if changed:
        return f"<b>Played with:</b> {html.escape(changed)}{see}."
    return f"<b>Played with</b> {OWN_SETTINGS} settings." if own else ""


def settings_html(game: Any, config: Any) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(r['label'])}</td><td>{badge(r['provenance'])}</td>"
        f"<td>{html.escape(setting_words(config, r['setting']))}</td>"
        f"<td>{html.escape(r['help'])}</td></tr>"
        for r in game.settings()
    )
    return (
        f"<table><tr><th>setting</th><th></th><th>now</th><th>what it does</th></tr>{rows}</table>"
    )


#: the Moves list's style: its entries in order, unnumbered, each wrapped under its own start.
#: The numbers were the events' (every deal, roll, placement and touch counts), which no
#: status line counts: "88." stood beside "Move 28: A (south) to play"
LOG_STYLE = "margin:0;padding-left:1.2em;list-style:none;font-size:90%"
LOG_ITEM_STYLE = "text-indent:-1.2em;margin:1px 0"


def log_html(entries: list[tuple[int, int, str]], empty: str = "") -> str:
    """The last moves (``play.log.recent_log``) as a list in order, each entry's first and
    last events in ``value`` and ``data-last`` (not shown); ``empty`` if none."""
    items = "".join(
        f"<li value='{first}' data-last='{last}' style='{LOG_ITEM_STYLE}'>{html.escape(text)}</li>"
        for first, last, text in entries
    )
    if entries and entries[0][0] > 1:  # the list begins after the game did: say so
        items = f"<li style='{LOG_ITEM_STYLE};color:#5d6b78'>{EARLIER}</li>{items}"
    return f"<ol style='{LOG_STYLE}'>{items}</ol>" if items else empty


#: a link in a widget's HTML, drawn as a link: neither Voila's page nor JupyterLab styles links
#: inside widgets, which would show them as plain words nobody thinks of clicking
LINK_STYLE = "color:#1a5fb4;text-decoration:underline"


def download_html(name: str, text: str, words: str, mime: str = "application/json") -> str:
    """A link that saves ``text`` as the file ``name`` (built in the kernel: a data URL, so
    no file has to be served)."""
    import base64

    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (
        f"<a download='{html.escape(name)}' href='data:{mime};base64,{data}' "
        f"style='{LINK_STYLE}'>"
        f"{html.escape(words)}</a>"
    )


def table_link_html(game_id: str, folder: Path | None = None) -> str:
    """A link to the table page (classmates at one game, each on their own machine) with this
    game chosen, relative to the page's folder (a kernel's working folder is its notebook's):
    "" when there is no table page beside or above it (JupyterLab elsewhere, a test)."""
    here = Path.cwd() if folder is None else folder
    for prefix in ("", "../"):
        if (here / prefix / "table.ipynb").is_file():
            href = html.escape(f"{prefix}table.ipynb?game={game_id}")
            return (
                f"<a class='navalkit-table-link' href='{href}' target='_self' "
                f"style='{LINK_STYLE}'>"
                "Play at a table with classmates</a> (each on their own computer)"
            )
    return ""


#: the class of a button whose name for a screen reader is its tooltip (NAME_JS): Jupyter's
#: widgets give a button no ``aria-label``, and a screen reader says a button's own words
#: before its tooltip (the upload button's hidden counter, "Open a save file (0)"; a "?")
NAMED = "navalkit-named"
#: the class of a toggle button that shows and hides something (a setting's "?" and its
#: help): NAME_JS gives it ``aria-expanded``, "true" while it is pressed (ipywidgets marks a
#: pressed toggle with the class ``mod-active`` and tells a screen reader nothing)
EXPANDS = "navalkit-expands"
#: the class of a line that a screen reader should read out as it changes (a page's status
#: and its message: whose turn, a refusal, "Cursor on ..." as the arrow keys move): NAME_JS
#: makes it a polite live region, which Jupyter's widgets never mark
LIVE = "navalkit-live"
#: what gives each NAMED button on the page its tooltip as its ``aria-label``, at once and
#: twice a second after (a button drawn later, a form drawn anew), and each EXPANDS toggle its
#: ``aria-expanded``, kept in step with its ``mod-active`` class by an observer of that button's
#: class, so that it changes with the press, and each LIVE line ``role="status"`` and
#: ``aria-live="polite"``. A MutationObserver, on the page's body or its
#: root, never heard of the buttons Voila drew after the script ran (checked in Chromium on
#: the play page and the teacher's dashboard); a look for unnamed buttons costs next to nothing.
NAME_JS = f"""(function () {{
  if (window.navalkitNames) return;
  window.navalkitNames = true;
  const expanded = function (b) {{
    b.setAttribute("aria-expanded", b.classList.contains("mod-active") ? "true" : "false");
  }};
  const name = function () {{
    document.querySelectorAll(".{NAMED}:not([aria-label])[title]").forEach(function (b) {{
      b.setAttribute("aria-label", b.getAttribute("title"));
    }});
    document.querySelectorAll(".{LIVE}:not([aria-live])").forEach(function (e) {{
      e.setAttribute("role", "status");
      e.setAttribute("aria-live", "polite");
    }});
    document.querySelectorAll(".{EXPANDS}:not([aria-expanded])").forEach(function (b) {{
      expanded(b);
      new MutationObserver(function () {{
        expanded(b);
      }}).observe(b, {{ attributes: true, attributeFilter: ["class"] }});
    }});
  }};
  name();
  setInterval(name, 500);
}})();"""


def name_script() -> Any:
    """A hidden widget that runs NAME_JS (buttons' names, toggles' states) where it is shown:
    a Javascript output of an Output widget, which JupyterLab and Voila run (a widget's HTML
    never runs its scripts)."""
    import ipywidgets as w

    script = w.Output(layout=w.Layout(display="none"))  # its output is empty: it draws nothing
    script.add_class("navalkit-name-script")
    data = {"application/javascript": NAME_JS}
    script.outputs = ({"output_type": "display_data", "data": data, "metadata": {}},)
    return script
