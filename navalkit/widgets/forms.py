"""The form that starts a shared table: the game, how many seats, who plays each (a person or
the computer at a level), and, on the teacher's dashboard, the house rules by their labels.

Used by the table page (a student starts a table for classmates and may sit at it) and the
teacher's dashboard (a teacher starts tables for the class). The form only gathers what was
chosen; the table service checks it and refuses in words.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from navalkit.core.config import value_words
from navalkit.core.registry import games, get_game
from navalkit.play.seats import seat_label
from navalkit.render.canvas import control_row

__all__ = [
    "COMPUTER_LEVELS",
    "PERSON",
    "NewTableForm",
    "TableRequest",
    "seat_lists",
    "setting_widgets",
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


def _room(label: str, box_chars: int, least: int) -> w.Layout:
    """A labelled box wide enough for its label and ``box_chars`` characters of its own (at
    least ``least`` px, at most the panel): a long label left the number "245" showing "24"
    and a choice "the player to the dea…"."""
    return w.Layout(width=f"max({least}px, calc({len(label) + box_chars}ch + 24px))", max_width=FIT)


def setting_widgets(game: Any, config: Any = None) -> dict[str, w.Widget]:
    """One widget per house-rule setting of ``game`` at its value in ``config`` (default: the
    game's defaults), labelled in plain words (a student never meets the code name), by the
    setting's name. The play page's settings and the start-a-table form both use it."""
    boxes: dict[str, w.Widget] = {}
    config = game.make_config() if config is None else config
    for row in game.settings():
        name, now, label = row["setting"], getattr(config, row["setting"]), row["label"]
        field = game.config_type.__dataclass_fields__[name]
        choices = field.metadata.get("choices")
        if isinstance(now, bool):
            box: w.Widget = w.Checkbox(value=now, description=label, style=_WIDE, indent=False)
        elif choices is not None:
            words = [value_words(c, field) for c in choices]
            box = w.Dropdown(
                options=list(zip(words, choices, strict=True)), value=now, description=label,
                style=_WIDE,
                layout=_room(label, max(map(len, words)) + 4, 320),
            )  # fmt: skip
        elif isinstance(now, int):
            box = w.IntText(value=now, description=label, style=_WIDE, layout=_room(label, 10, 260))
        else:
            box = w.Text(
                value=str(now), description=label, style=_WIDE, layout=w.Layout(width="300px")
            )
        box.tooltip = f"{row['provenance']}: {row['help']}"
        boxes[name] = box
    return boxes


@dataclass(frozen=True)
class TableRequest:
    """What the form asks for: ``create_table``'s arguments."""

    game_id: str
    players: int
    bots: dict[int, str]
    settings: dict[str, Any]
    host: str
    host_seat: int | None

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
        self._game_changed()
        self.widget = w.VBox(
            [
                control_row([self.game, self.players]),
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
        self.settings_box.children = list(self.settings.values())
        self._players_changed()

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
        return TableRequest(
            self.game.value, int(self.players.value), bots, changed, host, host_seat
        )


def show_legal(dropdown: w.Dropdown, words: Sequence[str]) -> None:
    """Fill a list of legal moves (its values are the moves' places in the list) with the first
    move chosen, so the list never looks empty while there are moves; a list that has not
    changed is left alone (with the move the person chose in it)."""
    options = [(text, i) for i, text in enumerate(words)]
    if list(dropdown.options) != options:
        dropdown.options = options
        dropdown.value = 0 if options else None
