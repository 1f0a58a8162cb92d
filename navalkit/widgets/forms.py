"""The form that starts a shared table: the game, how many seats, who plays each (a person or
the computer at a level), and, on the teacher's dashboard, the house rules by their labels.

Used by the table page (a student starts a table for classmates and may sit at it) and the
teacher's dashboard (a teacher starts tables for the class). The form only gathers what was
chosen; the table service checks it and refuses in words.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from navalkit.core.clauses import PROVENANCE_MEANING
from navalkit.core.config import value_words
from navalkit.core.registry import games, get_game
from navalkit.core.words import quoted
from navalkit.play.guide import badge, provenance_html
from navalkit.play.seats import seat_label
from navalkit.render.canvas import control_row
from navalkit.render.text import any_font_width

from .panels import EXPANDS, NAMED, TYPED_EXAMPLE, name_script, typed_example_html

__all__ = [
    "COMPUTER_LEVELS",
    "MAX_TABLES_AT_ONCE",
    "PERSON",
    "NewTableForm",
    "TableRequest",
    "legal_box",
    "seat_lists",
    "setting_widgets",
    "settings_form",
]

#: the choice for a seat a person will take
PERSON = ""
#: the computer players a table offers, in the words a page shows
COMPUTER_LEVELS = (
    ("computer, easy", "easy"),
    ("computer, medium", "medium"),
    ("computer, hard", "hard"),
)


#: the host's seat choice for "I will not play"
NO_SEAT = -1

_WIDE = {"description_width": "initial"}
#: the most tables the teacher's form starts with one press (a class of 30 at two seats: 15)
MAX_TABLES_AT_ONCE = 20


#: the widest a list or box may be in a narrow panel: its box less the widget's own 2 px margins
#: (``100%`` alone let a list's right edge be cut off on a phone)
FIT = "calc(100% - 4px)"


def seat_lists(game: Any, seats: Sequence[str], choices: Sequence[str]) -> list[w.Dropdown]:
    """One list per seat of who plays it, from ``choices`` (``human`` and bot names) in the
    play pages' words, set to ``seats``. Each seat's name shows whole ("Second admiral:", not
    the default label width's "Second a…"), all at one width so that the lists line up, with
    room for "computer, medium (commander)" in full. The play page and the what-if lab use it."""
    names = [f"{game.player_name(i)}:" for i in range(len(seats))]
    label = f"{max(map(len, names)) + 1}ch"
    return [
        w.Dropdown(
            options=[(seat_label(game, c), c) for c in choices],
            value=s,
            description=name,
            style={"description_width": label},
            # as wide as the names need, narrower in a narrow side panel (it opens whole)
            layout=w.Layout(width=f"calc({label} + 240px)", max_width=FIT),
        )
        for name, s in zip(names, seats, strict=True)
    ]


#: the class of each setting's box in a settings form, and of the rows that hold them
#: (see settings_css)
SETTING_CLASS = "navalkit-setting"
#: the size of a widget's words, px (Jupyter's widgets: 13 px)
WIDGET_TEXT = 13
#: a list's room around its words: 8 px before, 20 px for its arrow, its 1 px borders
LIST_EDGES = 30
#: a number box's room around its digits: 8 px before, the spin buttons, the borders
NUMBER_EDGES = 26
#: a label's gap to its box (Jupyter's widgets: twice their 4 px inline margin)
LABEL_GAP = 8
#: the narrowest a setting's label is made beside its box (on two lines); a narrower line puts
#: the box under the label
LABEL_LEAST = "9em"
#: the width kept for a setting's badge, the widest's ("HOUSE"), so that the boxes line up
BADGE_WIDTH = "3.7em"
#: the words a screen reader and a pointer give the "?" beside a setting (with its label)
ASK_WORDS = "What {} does"


def settings_css(control_px: int) -> str:
    """How a settings form lays its settings out, one line each: the label (wrapped on two
    lines where the line is short, never narrower than LABEL_LEAST), the box, where the
    setting comes from (its badge, at one width so that the boxes line up) and the "?" that
    shows what it does. Where label and box do not fit (a phone) the box goes under its label,
    never narrower than ``control_px`` (its longest value; "whole comba▾" was cut) unless the
    line is."""
    box = f".{SETTING_CLASS}-{control_px}"
    return (
        f"{box} {{ flex-wrap: wrap; height: auto; flex: 0 1 auto; min-width: 0;"
        " align-items: center; }"
        f" {box} > .widget-label {{ flex: 1 1 {LABEL_LEAST}; min-width: 0; text-align: left;"
        f" white-space: normal; line-height: 1.25; height: auto; }}"
        # more particular than Jupyter's rule that lets a number box grow and shrink
        f" {box}.{SETTING_CLASS} > select, {box}.{SETTING_CLASS} > input[type]"
        f" {{ flex: 0 0 min(100%, {control_px}px);"
        " height: var(--jp-widgets-inline-height); }"
        f" .{SETTING_CLASS}-line {{ column-gap: 6px; align-items: center; flex-wrap: nowrap; }}"
        f" .{SETTING_CLASS}-badge {{ flex: 0 0 auto; width: {BADGE_WIDTH}; }}"
        f" .{SETTING_CLASS}-ask {{ flex: 0 0 auto; }}"
        f" .{SETTING_CLASS}-help .widget-html-content {{ line-height: 1.3; font-size: 90%;"
        " color: #3d4a56; padding: 0 0 6px; max-width: 44em; }"
    )


def _value_px(box: w.Widget) -> int:
    """The width a setting's box needs for its longest value, px (words as any usual font
    draws them at the widgets' size): a list's longest choice and its arrow, a number's eight
    digits."""
    if isinstance(box, w.Dropdown):
        longest = max(any_font_width(str(words), WIDGET_TEXT) for words, _ in box.options)
        return math.ceil(longest) + LIST_EDGES
    digits = 8 if isinstance(box, w.IntText) else 24
    return math.ceil(any_font_width("0" * digits, WIDGET_TEXT)) + NUMBER_EDGES


def _line_up(boxes: Sequence[w.Widget]) -> None:
    """Give every setting's box one label width (the longest label's) and one box width (the
    longest value's), so that the boxes and where each setting comes from line up down the
    form; a form too narrow for a label and its box puts the box under it (settings_css)."""
    label = math.ceil(max((any_font_width(b.description, WIDGET_TEXT) for b in boxes), default=0))
    control = max(map(_value_px, boxes), default=0)
    for box in boxes:
        box.style.description_width = f"{label}px"
        box.layout = w.Layout(width=f"{label + LABEL_GAP + control}px", max_width=FIT)
        box.add_class(SETTING_CLASS)
        box.add_class(f"{SETTING_CLASS}-{control}")


def setting_widgets(game: Any, config: Any = None) -> dict[str, w.Widget]:
    """One widget per house-rule setting of ``game`` at its value in ``config`` (default: the
    game's defaults), labelled in plain words (a student never meets the code name), by the
    setting's name: a list of its values in words (a switch's "on" and "off"), or a box for a
    number. The play page's settings and the start-a-table form both show them with
    :func:`settings_form`, which says where each comes from."""
    boxes: dict[str, w.Widget] = {}
    config = game.make_config() if config is None else config
    for row in game.settings():
        name, now, label = row["setting"], getattr(config, row["setting"]), row["label"]
        field = game.config_type.__dataclass_fields__[name]
        choices = field.metadata.get("choices")
        if isinstance(now, bool):  # a list like the others (a tick box lined up with none)
            choices = (True, False)
        box: w.Widget
        if choices is not None:
            words = [value_words(c, field) for c in choices]
            box = w.Dropdown(
                options=list(zip(words, choices, strict=True)), value=now, description=label
            )
        elif isinstance(now, int):
            box = w.IntText(value=now, description=label)
        else:
            box = w.Text(value=str(now), description=label)
        boxes[name] = box
    _line_up(list(boxes.values()))
    return boxes


def setting_help_html(row: dict[str, Any]) -> str:
    """What a setting does (its help), then where it comes from in words: "HOUSE our
    reconstruction where the sources are silent; a teacher may switch it"."""
    return f"<div>{html.escape(row['help'])}</div><div>{provenance_html(row['provenance'])}</div>"


def settings_form(game: Any, boxes: dict[str, w.Widget]) -> w.VBox:
    """The settings ``boxes`` (:func:`setting_widgets`), one line each: the box, the badge of
    where it comes from, and a "?" that shows under the line, on a tap or a click, what the
    setting does and where it comes from in words. What it does showed only while a pointer
    rested on the source's words, which a touch screen never does; the pointer still shows it
    there. The source's words beside each box took two lines more per setting in a side panel."""
    rows: list[w.Widget] = []
    for row in game.settings():
        box = boxes[row["setting"]]
        tip = html.escape(f"{row['help']} ({PROVENANCE_MEANING.get(row['provenance'], '')})")
        mark = w.HTML(f'<span title="{tip}">{badge(row["provenance"], title="")}</span>')
        mark.add_class(f"{SETTING_CLASS}-badge")
        ask = w.ToggleButton(
            description="?",
            tooltip=ASK_WORDS.format(quoted(row["label"])),
            layout=w.Layout(width="var(--jp-widgets-inline-height)", padding="0"),
        )
        ask.add_class(f"{SETTING_CLASS}-ask")
        ask.add_class(NAMED)  # a screen reader says what it shows, not "?"
        ask.add_class(EXPANDS)  # and whether it shows it (aria-expanded, by the same script)
        help_ = w.HTML(setting_help_html(row), layout=w.Layout(display="none"))
        help_.add_class(f"{SETTING_CLASS}-help")

        def show(change: dict[str, Any], help_: w.HTML = help_) -> None:
            help_.layout.display = "" if change["new"] else "none"

        ask.observe(show, "value")
        line = w.HBox([box, mark, ask])
        line.add_class(f"{SETTING_CLASS}-line")
        shown = w.VBox([line, help_])
        shown.add_class(f"{SETTING_CLASS}-row")
        rows.append(shown)
    control = max(map(_value_px, boxes.values()), default=0)
    style = w.HTML(f"<style>{settings_css(control)}</style>", layout=w.Layout(display="none"))
    return w.VBox([style, name_script(), *rows])


@dataclass(frozen=True)
class TableRequest:
    """What the form asks for: ``create_table``'s arguments."""

    game_id: str
    players: int
    bots: dict[int, str]
    settings: dict[str, Any]
    host: str
    host_seat: int | None
    #: how many such tables (the teacher's form starts one for each group of the class)
    count: int = 1

    def create(self, tables: Any) -> Any:
        """Make the table (``tables.create_table``); the service refuses a wrong request."""
        return tables.create_table(
            self.game_id,
            self.players,
            settings=self.settings,
            bots=self.bots,
            host=self.host,
            host_seat=self.host_seat,
        )


class NewTableForm:
    """Choose a game, its seats and who plays them; ``on_create(request)`` is called with a
    :class:`TableRequest` when the button is pressed.

    ``teacher=True``: the house rules are offered and the host does not sit (the dashboard);
    otherwise the host names themself and may take a seat (the table page)."""

    def __init__(
        self,
        on_create: Callable[[TableRequest], Any],
        *,
        teacher: bool = False,
        game_id: str | None = None,
        name: str = "",
    ) -> None:
        self.teacher = teacher
        self._on_create = on_create
        ids = games()
        self.game = w.Dropdown(
            options=[(get_game(g).title, g) for g in ids],
            value=game_id if game_id in ids else ids[0],
            description="Game:",
            layout=w.Layout(width="320px"),
        )
        self.players = w.Dropdown(description="Seats:", layout=w.Layout(width="160px"))
        # the teacher's form starts one table or one for each group of the class
        self.count = w.BoundedIntText(
            value=1,
            min=1,
            max=MAX_TABLES_AT_ONCE,
            description="Tables:",
            tooltip=(
                "How many tables like this one to start: one for each group of students "
                f"(up to {MAX_TABLES_AT_ONCE} at once)"
            ),
            layout=w.Layout(width="150px", display="" if teacher else "none"),
        )
        self.summary = w.HTML()
        self.seat_box = w.VBox()
        self.seat_choices: list[w.Dropdown] = []
        self.name = w.Text(
            value=name,
            description="Your name:",
            placeholder="the name your classmates see",
            style=_WIDE,
            layout=w.Layout(width="320px", display="none" if teacher else ""),
        )
        self.host_seat = w.Dropdown(
            description="You play:", style=_WIDE, layout=w.Layout(width="280px")
        )
        self.host_seat.layout.display = "none" if teacher else ""
        self.settings: dict[str, w.Widget] = {}
        self.settings_box = w.VBox()
        self.settings_drawer = w.Accordion(
            children=[self.settings_box], titles=("House rules",), selected_index=None
        )
        self.settings_drawer.layout.display = "" if teacher else "none"
        self.create_button = w.Button(
            description="Start the table", icon="play", button_style="primary",
            layout=w.Layout(width="auto"),
        )  # fmt: skip
        self.create_button.on_click(lambda _b: self._on_create(self.request()))
        self.game.observe(lambda _c: self._game_changed(), "value")
        self.players.observe(lambda _c: self._players_changed(), "value")
        self.count.observe(lambda _c: self._count_changed(), "value")
        self._game_changed()
        self.widget = w.VBox(
            [
                control_row([self.game, self.players, self.count]),
                self.summary,
                w.HTML("Who plays each seat (a classmate takes a seat with the table's code):"),
                self.seat_box,
                control_row([self.name, self.host_seat]),
                self.settings_drawer,
                w.HBox([self.create_button]),
            ]
        )

    def _game_changed(self) -> None:
        game = get_game(self.game.value)
        low, high = game.min_players, game.max_players
        self.summary.value = f"<i>{html.escape(game.summary)}</i>"
        options = list(range(low, high + 1))
        self.players.options = options
        self.players.value = game.default_players if game.default_players in options else low
        self.settings = setting_widgets(game)
        self.settings_box.children = [settings_form(game, self.settings)]
        self._players_changed()

    def _count_changed(self) -> None:
        n = self.count.value
        self.create_button.description = "Start the table" if n == 1 else f"Start {n} tables"

    def _players_changed(self) -> None:
        game = get_game(self.game.value)
        n = self.players.value or game.default_players
        old = [c.value for c in self.seat_choices]
        self.seat_choices = [
            w.Dropdown(
                options=[("a person", PERSON), *COMPUTER_LEVELS],
                value=old[i] if i < len(old) else PERSON,
                description=f"{game.player_name(i)}:",
                style=_WIDE,
                layout=w.Layout(width="300px"),
            )
            for i in range(n)
        ]
        self.seat_box.children = self.seat_choices
        self.host_seat.options = [("I will not play", NO_SEAT)] + [
            (game.player_name(i), i) for i in range(n)
        ]
        self.host_seat.value = NO_SEAT if self.teacher else 0

    def request(self) -> TableRequest:
        """What the form says now."""
        game = get_game(self.game.value)
        defaults = game.make_config()
        changed = {
            name: box.value
            for name, box in self.settings.items()
            if box.value != getattr(defaults, name)
        }
        bots = {i: c.value for i, c in enumerate(self.seat_choices) if c.value != PERSON}
        seat = self.host_seat.value
        host_seat = None if self.teacher or seat in (None, NO_SEAT) else int(seat)
        host = "Teacher" if self.teacher else (self.name.value or "").strip()
        if not self.teacher and not host:
            host = "a student" if host_seat is None else ""
        count = int(self.count.value) if self.teacher else 1
        return TableRequest(
            self.game.value, int(self.players.value), bots, changed, host, host_seat, count
        )


def show_legal(dropdown: w.Dropdown, words: Sequence[str]) -> None:
    """Fill a list of legal moves (its values are the moves' places in the list) with the first
    move chosen, so the list never looks empty while there are moves; a list that has not
    changed is left alone (with the move the person chose in it)."""
    options = [(text, i) for i, text in enumerate(words)]
    if list(dropdown.options) != options:
        dropdown.options = options
        dropdown.value = 0 if options else None


def example_line() -> w.HTML:
    """The line under a page's Move box that shows a whole move as it is typed (hidden until
    :func:`show_example` gives it one): a play page and a seat at a table show it alike."""
    line = w.HTML(layout=w.Layout(display="none", width="100%"))
    line.add_class(TYPED_EXAMPLE)
    return line


def show_example(line: w.HTML, example: str) -> None:
    """Show ``example`` in an :func:`example_line` ("" hides it: nothing can be typed)."""
    line.value = typed_example_html(example)
    line.layout.display = "" if example else "none"


#: the class of the box that holds a list of legal moves and its move written out: a CSS
#: container, so that the words show only where the list is too narrow to show them whole
LEGAL_BOX = "navalkit-legal-box"
#: a list of legal moves' room around its words, px: its label (Jupyter's widgets: 80 px and
#: a gap of 8), the list's own edges (LIST_EDGES), its margins and some slack for the font
LEGAL_EDGES = 80 + LABEL_GAP + LIST_EDGES + 4 + 8


def legal_words_html(text: str) -> str:
    """A move written out, wrapped, for under a list of legal moves: shown only while the list's
    box (LEGAL_BOX) is too narrow for its words (a phone; a long move anywhere)."""
    if not text:
        return ""
    need = math.ceil(any_font_width(text, WIDGET_TEXT)) + LEGAL_EDGES
    shown = f"navalkit-legal-words-{need}"
    return (
        f"<style>.{LEGAL_BOX} {{ container-type: inline-size; }}"
        f" @container (min-width: {need}px) {{ .{shown} {{ display: none; }} }}</style>"
        f"<div class='{shown}' style='overflow-wrap: anywhere'>{html.escape(text)}</div>"
    )


def legal_box(dropdown: w.Dropdown, layout: w.Layout) -> tuple[w.VBox, w.HTML]:
    """A list of legal moves and, under it, the move chosen written out in full where the list
    cuts it (:func:`legal_words_html`): a list cannot wrap its words, and a phone's showed
    "Kaiser Wilhelm der Grosse: to area 2 (N▾", the rest cut off. The words follow the list's
    choice. The box is laid out by ``layout``; the list fills it."""
    # under the list's box, past its label (Jupyter's widgets: 80 px and a gap of 8)
    under = "0 2px 4px calc(var(--jp-widgets-inline-label-width, 80px) + 10px)"
    line = w.HTML(layout=w.Layout(margin=under))
    line.add_class("navalkit-legal-words")

    def follow(_change: Any = None) -> None:
        line.value = legal_words_html(dropdown.label or "")

    dropdown.observe(follow, "label")
    follow()
    dropdown.layout.width = FIT
    box = w.VBox([dropdown, line], layout=layout)
    box.add_class(LEGAL_BOX)
    return box, line
