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

from navalkit.core.config import value_words
from navalkit.core.registry import games, get_game
from navalkit.play.seats import seat_label
from navalkit.render.canvas import control_row
from navalkit.render.text import any_font_width

from .panels import provenance_html

__all__ = [
    "COMPUTER_LEVELS",
    "MAX_TABLES_AT_ONCE",
    "PERSON",
    "NewTableForm",
    "TableRequest",
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


def settings_css(control_px: int) -> str:
    """How a settings form lays its settings out: each setting's label and box on one line
    where they fit, the box under its label where they do not (a phone: the box as wide as the
    form, so that its value reads whole; "whole comba▾" was cut), never narrower than
    ``control_px`` (its longest value); where a setting comes from beside it, or under it when
    the line is full."""
    box = f".{SETTING_CLASS}-{control_px}"
    return (
        f"{box} {{ flex-wrap: wrap; height: auto; }}"
        f" {box} > .widget-label {{ text-align: left; max-width: 100%; white-space: normal; }}"
        f" {box} > select, {box} > input {{ flex: 1 0 min(100%, {control_px}px);"
        " height: var(--jp-widgets-inline-height); }"
        f" .{SETTING_CLASS}-row {{ column-gap: 12px; align-items: center; }}"
        f" .{SETTING_CLASS}-source {{ flex: 1 1 20em; min-width: min(100%, 20em); }}"
        f" .{SETTING_CLASS}-source .widget-html-content {{ line-height: 1.3; font-size: 90%;"
        " color: #5d6b78; padding: 2px 0; }"
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


def settings_form(game: Any, boxes: dict[str, w.Widget]) -> w.VBox:
    """The settings ``boxes`` (:func:`setting_widgets`), each with where it comes from in words
    beside it (under it on a narrow screen): "SEED stated by the original rules text", "HOUSE
    our reconstruction where the sources are silent; a teacher may switch it"; what the
    setting does shows when the pointer rests on those words. A teacher saw the source only in
    a tooltip, which a touch screen never shows (and a tick box's was its own label)."""
    rows: list[w.Widget] = []
    for row in game.settings():
        box = boxes[row["setting"]]
        tip = html.escape(row["help"], quote=True)
        source = w.HTML(f'<span title="{tip}">{provenance_html(row["provenance"])}</span>')
        source.add_class(f"{SETTING_CLASS}-source")
        line = w.HBox([box, source], layout=w.Layout(flex_flow="row wrap"))
        line.add_class(f"{SETTING_CLASS}-row")
        rows.append(line)
    control = max(map(_value_px, boxes.values()), default=0)
    style = w.HTML(f"<style>{settings_css(control)}</style>", layout=w.Layout(display="none"))
    return w.VBox([style, *rows])


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
