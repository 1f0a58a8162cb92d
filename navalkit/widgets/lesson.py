"""Widgets for lessons a student reads: predict-then-check questions and tables summarised.

In Voila every cell has already run when the page appears, so a lesson cannot say "predict,
then run the next cell": the answer would be on the screen already. :class:`Predict` keeps the
answer in the kernel until the student has committed a prediction, then reveals it, says whether
the prediction was right and explains; an optional widget (an explainer, a chart) appears with
the answer. :class:`Table` shows the first rows of a pandas table, numbers rounded and blanks
blank (never ``NaN`` or ``<NA>``), with the full table behind a "Show all" button. Both work the
same in Voila and in JupyterLab (plain ipywidgets, no JavaScript of their own).
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import ipywidgets as w

from ..render.svg import scene_to_svg
from ..render.text import READING_LINE, any_font_width
from .panels import DICE_LABEL, DICE_TIP, number_note_html

__all__ = [
    "Predict",
    "Table",
    "frame_html",
    "number_box",
    "number_words",
    "rule_note_html",
    "settings_frame",
    "stale_hint",
    "working",
]


def rule_note_html(clause: Any) -> str:
    """A rule's words under an explainer, by its title: 'Rule “Fighting the fire”: In the
    next round...'. Not its id: a code name to a student, and after a title that ends in
    brackets it read "Kamikaze (optional) (NW-KAMIKAZE)"; the rules panel lists the rule
    under the same title."""
    title, text = html.escape(clause.title), html.escape(clause.text)
    return f"<small>Rule “{title}”: {text}</small>"


def settings_frame(game: Any) -> Any:
    """The settings a teacher may switch, as a lesson's table shows them (a pandas
    DataFrame): each by its label, its standard value and what it can be in a page's words
    ("on / off", "from 1 to 7", "blowing / from"), its source, and the rule it changes by its
    title alone (the rules panel lists it under the same title; its id after it read as code,
    and "Kamikaze (optional) (NW-KAMIKAZE)"). One table for every lesson (four wrote their
    own, one with "True" for a switch and one with bare rule ids)."""
    import pandas as pd

    from navalkit.core.config import setting_words, span_words, value_words

    config = game.make_config()
    fields = config.__dataclass_fields__
    rows = []
    for row in game.settings():
        name = row["setting"]
        field = fields[name]
        meta = field.metadata
        low, high = meta.get("low"), meta.get("high")
        if meta.get("choices") is not None:
            can_be = " / ".join(value_words(c, field) for c in meta["choices"])
        elif isinstance(field.default, bool):
            can_be = "on / off"
        else:
            can_be = span_words(low, high)
        rule = row["rule"]
        rows.append(
            (
                row["label"],
                setting_words(config, name),
                can_be,
                row["provenance"],
                game.clauses[rule].title if rule else "",
            )
        )
    return pd.DataFrame(rows, columns=["setting", "standard value", "can be", "source", "rule"])


@contextmanager
def working(button: Any, words: str, shown: Any = None, short: str = "") -> Iterator[None]:
    """While a simulation plays (games, thousands of dice: seconds on a busy server), the
    button pressed says what is going on (``short``, or ``words`` when there is no
    ``short``: a button is narrow) and cannot be pressed again, and ``shown`` (an HTML widget,
    the results) says ``words`` in place of the old results: a page that stood still for
    seconds after a press looked broken, and a second press queued a second run. Everything
    is put back afterwards, even when the run fails."""
    description, icon = button.description, button.icon
    button.disabled, button.description, button.icon = True, short or words, "hourglass-half"
    if shown is not None:
        shown.value = f"<p style='{PROSE_STYLE}'><i>{html.escape(words)}</i></p>"
    try:
        yield
    finally:
        button.disabled, button.description, button.icon = False, description, icon


def number_box(value: int, label: str = DICE_LABEL, tip: str = DICE_TIP) -> tuple[Any, Any]:
    """A lesson's number box (the Dice number: the same number rolls the same dice) and the
    line to show under it that says what it is for (:func:`~.panels.number_note_html`): its
    tooltip says it too, but a touch screen never shows a tooltip. One box for every lesson:
    four made their own, three sizes of it."""
    box = w.IntText(
        value=value,
        description=label,
        tooltip=tip,
        style={"description_width": "initial"},
        layout=w.Layout(width="190px"),
    )
    return box, w.HTML(number_note_html(label, tip))


def stale_hint(button: Any) -> str:
    """The words shown under a simulation's results once a choice above them changed: the
    results are those of the choices before until the button is pressed (a slider or a list
    that changed nothing on the page looked broken)."""
    said = html.escape(button.description)
    return (
        f"<p style='{PROSE_STYLE};color:#b25a00'><i>You changed a choice: press "
        f"<b>{said}</b> to play with it. The results below are still the old ones.</i></p>"
    )


def number_words(value: Any, digits: int = 2) -> str:
    """A value as a student reads it: floats rounded to ``digits`` (trailing zeros dropped),
    whole floats without ``.0``, missing values blank, booleans as yes/no."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    try:
        import pandas as pd

        if value is pd.NA or value is pd.NaT:
            return ""
    except ImportError:  # pragma: no cover - pandas is a dependency
        pass
    if isinstance(value, float) or type(value).__name__.startswith("float"):
        number = float(value)
        if math.isnan(number):
            return ""
        if number.is_integer():
            return f"{int(number):,}"
        text = f"{number:,.{digits}f}"
        return text.rstrip("0").rstrip(".") if "." in text else text
    if isinstance(value, int) or type(value).__name__.startswith("int"):
        return f"{int(value):,}"
    return str(value)


#: a paragraph in a widget at a reading line height (see render.text.READING_LINE), inline: a
#: lesson in JupyterLab may have no board to carry render.canvas.PROSE_CSS
PROSE_STYLE = f"line-height:{READING_LINE}"

#: the style of a picture's caption: smaller, muted words, at a reading line height
CAPTION_STYLE = f"font-size:90%;{PROSE_STYLE};color:#4a5a6a;margin-top:2px"


def zoomable_picture(
    svg: str, *, drawn: int, shown: int | None = None, caption: str = "", small: bool = False
) -> Any:
    """A still picture of a board (``svg``, a fluid SVG drawn ``drawn`` px wide) at most
    ``shown`` px wide (default: as drawn) and narrower on a narrower page, with ``caption``
    (plain words) under it. Where it had to shrink into a box narrower than 701 px (a phone),
    the *Bigger board* switch under it shows it at its drawn size, its words as drawn, in a
    frame the finger scrolls sideways (see render.canvas.ZoomSwitch): a map shrunk to a
    phone's 340 px has words 3 px high.

    A ``small`` picture is shown smaller than drawn on purpose, on every screen (beside a
    question). Where a mouse can point at it on a wide screen, pointing at it magnifies it to
    its drawn size, and its caption says so; elsewhere (a phone, a tablet) the switch shows
    under it instead: magnified in place on a phone, the picture ran off the screen, and no
    finger could scroll to its far half."""
    from ..render.canvas import ZoomSwitch

    shown = shown or drawn
    hint = ""
    if small:
        zoom = drawn / shown
        svg = f"<div class='{SMALL_CLASS}' tabindex='0' style='--zoom:{zoom:.3f}'>{svg}</div>"
        hint = f" <span class='{POINT_HINT_CLASS}'>(Point at the picture to see it larger.)</span>"
        svg = f"<style>{SMALL_CSS}</style>{svg}"
    picture = w.HTML(svg, layout=w.Layout(width="100%", max_width=f"{shown}px"))
    picture.add_class("navalkit-picture")
    # a picture is read, not played on: nothing in it to tap
    tip = "Show the picture at its full size, to read its words; scroll it sideways"
    layout = w.Layout(width="100%", max_width=f"{shown}px")
    # a small picture's switch shows wherever no mouse magnifies it (SMALL_CSS), not only
    # where the box squeezed it below ``shown``
    shows = (NO_MOUSE_CLASS,) if small else None
    switch = ZoomSwitch(picture, shown, drawn, layout, tooltip=tip, shows=shows)
    if not caption and not small:
        return switch.box
    words = w.HTML(
        f"<div style='{CAPTION_STYLE}'>{html.escape(caption)}{hint}</div>",
        layout=w.Layout(max_width=f"{shown}px"),
    )
    # (a small picture's column no wider than it, so that a question fits beside it)
    box = w.Layout(width="100%", max_width=f"{shown}px") if small else w.Layout(width="100%")
    return w.VBox([switch.box, words], layout=box)


def scene_picture(scene: Any, *, width: int | None = None, caption: str = "") -> Any:
    """A drawn board (a render.scene.Scene) as a still picture: an SVG, so that it shows in
    Voila and JupyterLab alike with no live canvas; ``width`` CSS pixels at most (default: as
    drawn, its words as on the play page), narrower on a narrower page, with a *Bigger board*
    switch where it shrank on a phone (see zoomable_picture)."""
    drawn = round(scene.width)
    shown = min(width, drawn) if width else drawn
    return zoomable_picture(
        scene_to_svg(scene, fluid=True), drawn=drawn, shown=shown, caption=caption
    )


#: the classes of a small picture (see zoomable_picture): the picture, its caption's hint to
#: point at it, and its switch
SMALL_CLASS = "navalkit-small-picture"
POINT_HINT_CLASS = "navalkit-point-hint"
NO_MOUSE_CLASS = "navalkit-no-mouse-only"
#: a mouse on a wide screen magnifies a small picture (to ``--zoom``, its drawn size) and
#: has no switch; anywhere else, no magnifier and no hint to point
SMALL_CSS = (
    "@media (hover: hover) and (min-width: 701px) {"
    f" .{SMALL_CLASS} {{ transition: transform .15s; transform-origin: top left; }}"
    f" .{SMALL_CLASS}:hover, .{SMALL_CLASS}:focus {{ transform: scale(var(--zoom));"
    " position: relative; z-index: 20; box-shadow: 0 4px 16px rgba(0,0,0,.35);"
    " background: #fff; }"
    f" .{NO_MOUSE_CLASS} {{ display: none !important; }}"
    # the boxes round a magnified picture (the widgets' boxes and the cell's output scroll or
    # clip what overflows them) let it overflow while it is magnified
    " :is(.widget-box, .jp-OutputArea, .jp-OutputArea-child, .jp-OutputArea-output)"
    f":has(.{SMALL_CLASS}:hover, .{SMALL_CLASS}:focus) {{ overflow: visible !important; }} }}"
    f" @media not all and (hover: hover) and (min-width: 701px) {{"
    f" .{POINT_HINT_CLASS} {{ display: none; }} }}"
)


def frame_html(frame: Any, rows: int | None = None, digits: int = 2) -> str:
    """A pandas DataFrame (or Series) as a plain HTML table: the first ``rows`` rows (all when
    None), no index unless it is named, numbers rounded, blanks blank; every text escaped."""
    import pandas as pd

    if isinstance(frame, pd.Series):
        frame = frame.to_frame()
    index = any(name is not None for name in frame.index.names)
    heads = [*(str(n) for n in frame.index.names if index), *(str(c) for c in frame.columns)]
    th = "style='padding:3px 12px 3px 0;text-align:left;border-bottom:1px solid #9aa9b7'"
    td = "style='padding:3px 12px 3px 0;text-align:left;vertical-align:top'"
    head = "".join(f"<th {th}>{html.escape(h)}</th>" for h in heads)
    texts = []  # every row's cells in words (the stacking below looks at all of them)
    for key, row in zip(frame.index, frame.itertuples(index=False), strict=True):
        keys = (key if isinstance(key, tuple) else (key,)) if index else ()
        texts.append([number_words(c, digits) for c in (*keys, *row)])
    labels = [html.escape(h, quote=True) for h in heads]
    body = (
        "".join(
            f"<td {td} data-label='{label}'>{html.escape(t)}</td>"
            for label, t in zip(labels, cells, strict=True)
        )
        for cells in (texts if rows is None else texts[:rows])
    )
    rows_html = "".join(f"<tr>{r}</tr>" for r in body)
    # A table of prose (a rule's words) or of many long words (ids, choices) does not fit a
    # phone as a grid: there each row becomes a block of "heading: value" lines (STACKED),
    # where the grid squeezed every column to a word a line and cut the last one off. The
    # grid needs each column's longest word (headings in bold) and its padding side by side.
    # Decided on every row, shown or not: a table's first rows and all of them (Table's
    # "Show all") are laid out the same way.
    columns = [(h, [cells[i] for cells in texts]) for i, h in enumerate(heads)]
    prose = any(len(t) > PROSE for _, column in columns for t in column)
    need = sum(
        PADDING + max(_widest(h, bold=True), *(_widest(t) for t in column)) for h, column in columns
    )
    stack = prose or need > PHONE_ROOM
    return (
        (STACKED if stack else "")
        + f"<table class='navalkit-table{' navalkit-stack' if stack else ''}' "
        "style='border-collapse:collapse;margin:4px 0'>"
        f"<thead><tr>{head}</tr></thead><tbody>{rows_html}</tbody></table>"
    )


#: a table with a text longer than this (letters), or wider as a grid of its longest words
#: than PHONE_ROOM (pixels, the room a phone leaves a lesson's table), is stacked on a phone
PROSE = 40
PHONE_ROOM = 340
PADDING = 12  # a cell's padding, as frame_html writes it


def _widest(text: str, bold: bool = False) -> float:
    """The width of the longest word of ``text`` at the page's 14 px (an estimate on the
    safe side: render.text)."""
    return max((any_font_width(word, 14, bold) for word in text.split()), default=0.0)


#: how a stacked table shows on a screen narrower than 600 px (inline styles lose to
#: ``!important`` only); a <style> of the table's own, so the same in Voila and JupyterLab.
#: On every screen, its cells' lines at a reading height (see PROSE_STYLE)
STACKED = (
    f"<style>table.navalkit-stack {{ line-height: {READING_LINE}; }}"
    " @media (max-width: 600px) {"
    " table.navalkit-stack thead { display: none; }"
    " table.navalkit-stack, table.navalkit-stack tbody,"
    " table.navalkit-stack tr, table.navalkit-stack td { display: block; }"
    " table.navalkit-stack tr { border-bottom: 1px solid #9aa9b7; padding: 4px 0; }"
    " table.navalkit-stack td { padding: 1px 0 !important; }"
    " table.navalkit-stack td:empty { display: none; }"
    " table.navalkit-stack td::before { content: attr(data-label) ': '; font-weight: 600; }"
    "}</style>"
)


class Table:
    """A table summarised: a caption, the first ``first`` rows, and a button that shows all of
    them (and hides them again). Display it as the last expression of a cell."""

    def __init__(self, frame: Any, *, first: int = 6, caption: str = "", digits: int = 2) -> None:
        self.frame = frame
        self.rows = len(frame)
        self.expanded = False
        self._digits = digits
        self._first = frame_html(frame, first, digits)
        self._all: str | None = None  # the whole table, written when first asked for
        self.caption = w.HTML(
            f"<p style='{PROSE_STYLE}'>{html.escape(caption)}</p>" if caption else ""
        )
        self.shown = w.HTML(self._first)
        self.toggle = w.Button(
            description=f"Show all {self.rows} rows",
            layout=w.Layout(
                width="auto",
                align_self="flex-start",
                display="" if self.rows > first else "none",
            ),
        )
        self.toggle.on_click(lambda _b: self.show_all(not self.expanded))
        self.widget = w.VBox([self.caption, self.shown, self.toggle])

    def show_all(self, on: bool = True) -> None:
        self.expanded = on
        if on and self._all is None:
            self._all = frame_html(self.frame, None, self._digits)
        self.shown.value = self._all if on else self._first
        self.toggle.description = "Show fewer rows" if on else f"Show all {self.rows} rows"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


class Predict:
    """Predict, then check. The student picks one of ``options`` (or types a number when there
    are none) and presses *Check my prediction*; only then does the page show ``answer``, whether
    the prediction was right (a number within ``tolerance``), the ``explain`` text and, if given,
    the widget ``then()`` builds (an explainer that would have shown the answer too soon).

    Until then the answer stays in the kernel: nothing of it is on the page. A prediction, once
    checked, is kept (the input is locked), so the answer cannot be fished for by trying them
    all; reloading the page starts the lesson over.
    """

    def __init__(
        self,
        question: str,
        *,
        answer: str | float,
        explain: str,
        options: Sequence[str] = (),
        tolerance: float = 0.0,
        unit: str = "",
        then: Callable[[], Any] | None = None,
    ) -> None:
        if options and str(answer) not in options:
            raise ValueError(f"the answer {answer!r} is not one of the options {list(options)}")
        self.answer, self.explain, self.tolerance, self.unit = answer, explain, tolerance, unit
        self._then = then
        self.question = w.HTML(
            f"<p style='{PROSE_STYLE}'><b>Predict:</b> {html.escape(question)}</p>"
        )
        self.choice: Any
        if options:
            self.choice = w.RadioButtons(
                options=list(options), value=None, layout=w.Layout(width="auto")
            )
        else:  # an empty box: nothing to check until the student types a number
            self.choice = w.Text(
                placeholder="your guess", description=unit or "", layout=w.Layout(width="180px")
            )
        self.check = w.Button(
            description="Check my prediction",
            button_style="primary",
            disabled=True,
            layout=w.Layout(width="auto", align_self="flex-start"),
        )
        self.result = w.HTML()
        self.more = w.VBox()
        self.choice.observe(lambda _c: self._ready(), "value")
        self.check.on_click(lambda _b: self.reveal())
        self.checked = False
        self.widget = w.VBox(
            [self.question, self.choice, self.check, self.result, self.more],
            layout=w.Layout(border="1px solid #c9d3dd", padding="6px 10px", margin="8px 0"),
        )

    def prediction(self) -> str | float | None:
        """The student's prediction: the option chosen, the number typed (a comma or a
        trailing % is fine: "16,7 %" reads 16.7), or None while there is none."""
        value = self.choice.value
        if isinstance(self.answer, str):
            return None if value is None else str(value)
        text = str(value or "").strip().rstrip("%").strip().replace(",", ".")
        try:
            return float(text)
        except ValueError:
            return None

    def _ready(self) -> None:
        self.check.disabled = self.checked or self.prediction() is None

    def right(self) -> bool:
        """Is the prediction on the page right?"""
        said = self.prediction()
        if said is None:
            return False
        if isinstance(self.answer, str):
            return said == self.answer
        return abs(float(said) - float(self.answer)) <= self.tolerance + 1e-12

    def reveal(self) -> None:
        """Check the prediction: lock it, show the answer, the verdict and the explanation."""
        said_value = self.prediction()
        if self.checked or said_value is None:
            return
        self.checked = True
        self.choice.disabled = self.check.disabled = True
        said = number_words(said_value)
        answer = number_words(self.answer)
        unit = f" {self.unit}" if self.unit else ""
        verdict = "Right!" if self.right() else "Not quite."
        colour = "#2e7d32" if self.right() else "#b25a00"
        self.result.value = (
            f"<p style='{PROSE_STYLE}'><b style='color:{colour}'>{verdict}</b> You said "
            f"\u201c{html.escape(said)}"
            f"{unit}\u201d; the answer is <b>{html.escape(answer)}{unit}</b>.</p>"
            f"<p style='{PROSE_STYLE}'>{html.escape(self.explain)}</p>"
        )
        if self._then is not None:
            shown = self._then()
            self.more.children = (shown.widget if hasattr(shown, "widget") else shown,)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
