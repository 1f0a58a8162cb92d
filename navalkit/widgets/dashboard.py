"""The teacher's dashboard: every table of the class, live, from one page.

``teacher.ipynb?teacher=<key>`` (the link ``navalkit serve`` prints). Without the right key
the page says so in plain words and shows nothing else. With it:

* start tables: the game, the seats, a computer player on any seat, the house rules by their
  labels; the code to write on the board and the link to give out;
* a live list of every table (code, game, who sits where and who is connected, moves played,
  whose turn, status), read again every two seconds;
* open any table in the teacher's view (the board with everything visible: every hand), end a
  game, free a seat for a student who lost the seat link;
* download the class's results (CSV, one row per seat per table) and any table's full record
  (seed included: it replays the game exactly).
"""

from __future__ import annotations

import html
import time
import traceback
from collections.abc import Callable
from datetime import datetime
from typing import Any

import ipywidgets as w

from navalkit.core.errors import NavalkitError, TableError
from navalkit.core.registry import get_game
from navalkit.core.words import capital, owned, possessive
from navalkit.play.log import recent_log
from navalkit.play.table_session import seat_words
from navalkit.play.teacher import is_teacher_key
from navalkit.render.canvas import CanvasBoard, board_row, control_row
from navalkit.render.games import NOT_RUNNING, draw
from navalkit.tables import HUMAN, RulesChangedError, Tables, TableSummary, TeacherView
from navalkit.tables.words import STATUS_WORDS, board_words, changed_settings

from .forms import MAX_TABLES_AT_ONCE, NewTableForm, TableRequest
from .live import Poller
from .page import page_query
from .panels import (
    LINK_STYLE,
    LIVE,
    OWN_SETTINGS,
    download_html,
    info_html,
    log_html,
    played_with_html,
)
from .table import page_link, query_values, shared_tables

__all__ = [
    "LIST_SECONDS",
    "TeacherDashboard",
    "created_html",
    "settings_cell",
    "tables_html",
    "teacher_page",
]

#: how often the list of tables is read again (seconds)
LIST_SECONDS = 2.0
#: log lines shown in the teacher's view of a table
LOG_LINES = 15


REFUSED = (
    "<h2>The teacher's dashboard</h2><p class='navalkit-refusal' style='color:#b22222'>"
    "This page is for the teacher. Open it with the teacher's link, the one <code>navalkit "
    "serve</code> printed when it started (it ends in <code>?teacher=</code> and a secret "
    "key). Nothing is shown without it.</p><p>Students: open <a href='table.ipynb' "
    f"target='_self' style='{LINK_STYLE}'>Play at a table</a> instead.</p>"
)


def _seats_cell(table: TableSummary) -> str:
    parts = []
    for s in table.seats:
        who = html.escape(seat_words(s))
        if s.holder == HUMAN:
            who += "" if s.connected else " <i>(not connected)</i>"
        parts.append(f"{html.escape(s.player)}: {who}")
    return "<br>".join(parts)


def _turn_cell(table: TableSummary) -> str:
    if table.to_move is None:
        return ""
    s = table.seats[table.to_move]
    return html.escape(f"{s.player} ({seat_words(s)})")


#: the buttons that ask for a second press (see TeacherDashboard._confirm)
END_WORDS = "End this game"
FREE_WORDS = "Free this seat"


def settings_cell(game_id: str, settings: dict[str, Any]) -> str:
    """The settings of a table that differ from its game's defaults, each on its line, as
    the play page says them ("Bonus for a slow convoy: per round"), in HTML."""
    changed = changed_settings(get_game(game_id), settings)
    if not changed:
        return f"<i>{OWN_SETTINGS}</i>"
    return "<br>".join(html.escape(f"{label}: {words}") for label, words in changed)


def _status_cell(table: TableSummary) -> str:
    words = html.escape(STATUS_WORDS.get(table.status, table.status))
    if table.status != "over":
        return words
    if not table.winners:
        return f"{words}: <b>nobody won</b>"
    who = " and ".join(
        f"{table.seats[w].player} ({seat_words(table.seats[w])})" for w in table.winners
    )
    return f"{words}: <b>{html.escape(who)} won</b>"


def created_html(made: list[Any]) -> str:
    """What the teacher is told of the tables just started (``made``: the service's answers):
    how students join, and each table's code, large enough to copy onto the board."""
    first = made[0]
    game = html.escape(get_game(first.game_id).title)
    join = f"type the code on the table page ({page_link('', 'Play at a table')})"
    if len(made) == 1:
        said = (
            f"Table <b class='navalkit-table-code'>{first.code}</b> is ready ({game}, "
            f"{first.players} seats). Students open {page_link(f'code={first.code}')} or "
            + join.replace("the code", f"the code <b>{first.code}</b>", 1)
            + "."
        )
    else:
        codes = "".join(
            f"<li><b class='navalkit-table-code'>{t.code}</b> "
            f"{page_link(f'code={t.code}', 'open')}</li>"
            for t in made
        )
        said = (
            f"<b>{len(made)} tables are ready</b> ({game}, {first.players} seats each). Give "
            f"each group of students one code: they {join}.<ol class='navalkit-codes' "
            "style='columns:12em auto;font-size:1.25em;margin:6px 0'>"
            f"{codes}</ol>"
        )
    return f"<div style='border:1px solid #5b7a99;border-radius:6px;padding:6px 10px'>{said}</div>"


def tables_html(tables: list[TableSummary], now: float | None = None) -> str:
    """The list of tables, newest first, as an HTML table."""
    if not tables:
        return "<i>No table yet: start one above.</i>"
    now = time.time() if now is None else now
    rows = []
    for t in reversed(tables):
        ago = max(0, round((now - t.updated) / 60))
        when = "just now" if ago < 1 else f"{ago} min ago"
        cells = (
            f"<b class='navalkit-table-code'>{t.code}</b>",
            html.escape(t.title),
            settings_cell(t.game_id, t.settings),
            _seats_cell(t),
            str(t.seq),
            _turn_cell(t),
            _status_cell(t),
            when,
        )
        rows.append("<tr>" + "".join(f"<td style='{_CELL}'>{c}</td>" for c in cells) + "</tr>")
    head = "".join(
        f"<th align='left' style='{_CELL}'>{h}</th>"
        for h in ("Code", "Game", "Settings", "Seats", "Moves", "To move", "Status", "Last change")
    )
    return (
        "<table class='navalkit-table-list' style='border-collapse:collapse'>"
        f"<tr>{head}</tr>{''.join(rows)}</table>"
    )


_CELL = "vertical-align:top;padding:4px 14px 4px 0;border-bottom:1px solid #d5dde5"


class TeacherDashboard:
    """The dashboard's widgets (see the module's docstring); ``key`` is the teacher key the
    page was opened with (checked by the table service on every call)."""

    def __init__(self, tables: Tables, key: str, *, clock: Callable[[], float] = time.time) -> None:
        self.tables = tables
        self.key = key
        self._clock = clock
        self.fault: str | None = None
        self.shown: TeacherView | None = None
        self.board: CanvasBoard | None = None
        self._listed: tuple[Any, ...] | None = None
        #: the action that waits for a second press, and what it acts on (see _confirm)
        self._confirming: tuple[str, Any] | None = None
        self.message = w.HTML()
        self.message.add_class("navalkit-message")
        self.message.add_class(LIVE)  # read out as it changes
        self.form = NewTableForm(lambda r: self._guard(lambda: self.start(r)), teacher=True)
        self.created = w.HTML()
        self.created.add_class("navalkit-share")
        self.start_drawer = w.Accordion(
            children=[w.VBox([self.form.widget, self.created])],
            titles=("Start a table",),
            selected_index=0,
        )
        self.list_view = w.HTML()
        self.list_view.add_class("navalkit-tables")
        self.picker = w.Dropdown(description="Table:", options=[], layout=w.Layout(width="300px"))
        b = self._button
        self.show_button = b("Show the board", "eye", lambda: self.open_table(self.picker.value))
        self.end_button = b(END_WORDS, "stop", self._end_clicked, confirms=True)
        self.record_button = b("Download its record", "download", self._record_clicked)
        self.free_seat = w.Dropdown(
            description="A student's seat:",
            options=[],
            style={"description_width": "initial"},
            layout=w.Layout(width="320px"),
        )
        self.free_button = b(FREE_WORDS, "user-times", self._free_clicked, confirms=True)
        self.free_seat.observe(lambda _c: self._unconfirm(), "value")
        self.results_button = b("Download the class's results (CSV)", "table", self.results)
        # each download's link beside its own button: one never hides the other
        self.record_link = w.HTML()
        self.results_link = w.HTML()
        for link in (self.record_link, self.results_link):
            link.add_class("navalkit-downloads")
        self.view_box = w.VBox()
        self.picker.observe(lambda _c: self._picked(), "value")
        #: what acts on a table, shown once there is one (before, a row of buttons over empty
        #: lists answered each press with "Choose a table in the list first")
        self.table_controls = w.VBox(
            [
                control_row(
                    [
                        self.picker,
                        self.show_button,
                        self.end_button,
                        self.record_button,
                        self.record_link,
                    ]
                ),
                control_row([self.free_seat, self.free_button]),
                control_row([self.results_button, self.results_link]),
            ],
            layout=w.Layout(display="none"),
        )
        self.widget = w.VBox(
            [
                w.HTML("<h2 style='margin:4px 0'>The teacher's dashboard</h2>"),
                self.message,
                self.start_drawer,
                w.HTML("<h3 style='margin:12px 0 4px'>Tables</h3>"),
                self.list_view,
                self.table_controls,
                self.view_box,
            ]
        )
        self.widget.add_class("navalkit-dashboard")
        self._guard(self.refresh_list)
        if self.picker.options:  # tables already: the list first, the form folded away
            self.start_drawer.selected_index = None
        self.poller = Poller(self.tick, LIST_SECONDS, self._poll_failed)
        self.poller.start()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _button(
        self, label: str, icon: str, fn: Callable[[], Any], *, confirms: bool = False
    ) -> w.Button:
        """A button that runs ``fn`` under the guard; any button but those that ask for a
        second press (``confirms``) forgets a first press of those (see _confirm)."""

        def press(_b: w.Button) -> None:
            if not confirms:
                self._unconfirm()
            self._guard(fn)

        button = w.Button(description=label, icon=icon, layout=w.Layout(width="auto"))
        button.on_click(press)
        return button

    # --- the guard --------------------------------------------------------------------------
    def _guard(self, fn: Callable[[], Any]) -> None:
        self.message.value = ""
        try:
            fn()
        except Exception as exc:
            if isinstance(exc, RulesChangedError):
                why = exc.for_teacher
            elif isinstance(exc, TableError):
                why = exc.reason
            elif isinstance(exc, NavalkitError | ValueError):
                why = str(exc)
            else:
                self.fault = traceback.format_exc()
                why = f"Something went wrong ({type(exc).__name__}: {exc}); nothing was changed."
            self.message.value = (
                f"<div class='navalkit-refusal' style='color:#b22222'><b>Not possible:</b> "
                f"{html.escape(why)}</div>"
            )

    def _poll_failed(self, exc: BaseException) -> None:
        why = exc.reason if isinstance(exc, TableError) else type(exc).__name__
        self.message.value = info_html(f"The tables could not be read just now: {why}")

    # --- the list -----------------------------------------------------------------------------
    def refresh_list(self) -> bool:
        """Read every table again; repaint the list if it changed. True if it did."""
        found = self.tables.list_tables(key=self.key)
        key = tuple(
            (t.code, t.status, t.seq, t.to_move, tuple((s.name, s.connected) for s in t.seats))
            for t in found
        )
        minute = int(self._clock() // 60)  # "3 min ago" moves on by itself
        if (key, minute) == self._listed:
            return False
        self._listed = (key, minute)
        self.list_view.value = tables_html(found, self._clock())
        chosen = self.picker.value
        self.picker.options = [(f"{t.code} · {t.title}", t.code) for t in reversed(found)]
        codes = [t.code for t in found]
        self.table_controls.layout.display = "" if codes else "none"
        # the table chosen stays chosen; else the newest one (a dropdown left empty looks broken)
        self.picker.value = chosen if chosen in codes else (codes[-1] if codes else None)
        self._picked()
        return True

    def tick(self) -> None:
        """The Poller's look: the list, and the open table's board if it moved on."""
        self.refresh_list()
        shown = self.shown
        if shown is not None:
            stamp = self.tables.stamp(shown.code)
            if stamp.revision != shown.revision:
                self.open_table(shown.code)

    def _picked(self) -> None:
        code = self.picker.value
        self._unconfirm()
        if code is None:
            self.free_seat.options = []
            return
        table = self.tables.summary(code)
        people = [(f"{s.player} ({s.name})", s.seat) for s in table.seats if s.holder == HUMAN]
        chosen = self.free_seat.value
        self.free_seat.options = people
        seats = [seat for _words, seat in people]
        self.free_seat.value = chosen if chosen in seats else (seats[0] if seats else None)

    # --- the teacher's actions ----------------------------------------------------------------
    def start(self, request: TableRequest) -> None:
        """Start the tables the form asks for (one, or one for each group of the class), and
        say how students join them. Should the store fail part way, the tables made so far
        are listed and the refusal says why the rest were not."""
        if not 1 <= request.count <= MAX_TABLES_AT_ONCE:
            raise ValueError(f"Start from 1 to {MAX_TABLES_AT_ONCE} tables at once.")
        made: list[Any] = []
        try:
            for _ in range(request.count):
                made.append(request.create(self.tables))
        finally:
            if made:
                self.created.value = created_html(made)
                self.refresh_list()
                self.picker.value = made[0].code

    def open_table(self, code: str | None) -> None:
        """Show table ``code`` in the teacher's view: every hand, the whole log."""
        if code is None:
            raise ValueError("Choose a table in the list first.")
        view = self.tables.teacher_view(code, key=self.key)
        game = get_game(view.game_id)
        # a table still waiting for players: its board names nobody to play
        nobody = board_words(view.status)
        scene = draw(game, view.observation, **({NOT_RUNNING: nobody} if nobody else {}))
        if self.board is None or self.shown is None or self.shown.code != code:
            self.board = CanvasBoard(scene.width, scene.height, ("board", "pieces", "overlay"))
            # the log stays beside the board on a school laptop's screen, as on a seat's page
            fluid = self.board.fluid(reserve_px=300, start_px=640)
            self.view_title = w.HTML()
            self.view_status = w.HTML()
            self.view_status.add_class("navalkit-status")
            self.view_status.add_class(LIVE)  # read out as it changes
            self.view_settings = w.HTML()
            self.view_settings.add_class("navalkit-table-settings")
            self.view_log = w.HTML()
            side = w.VBox(
                [w.HTML("<b>Everything that happened</b>"), self.view_log],
                layout=w.Layout(flex="0 1 420px", min_width="280px", padding="0 0 0 12px"),
            )
            self.view_box.children = [
                self.view_title,
                self.view_status,
                self.view_settings,
                w.HBox(
                    [fluid, side],
                    layout=board_row(),
                ),
            ]
        self.shown = view
        self.board.show(scene)
        to_move = "" if view.to_move is None else f" To move: {view.seats[view.to_move].player}."
        self.view_title.value = (
            f"<h3 style='margin:12px 0 4px'>Table {view.code}: {html.escape(view.title)}, "
            "teacher's view (every hand is shown: keep this screen to yourself)</h3>"
        )
        self.view_status.value = html.escape(
            f"{view.status_text}{to_move} Moves: {view.seq}.", quote=False
        )
        self.view_settings.value = played_with_html(game, view.settings, own=True)
        texts = [str(t) for t in view.log["text"]] if "text" in view.log.columns else []
        self.view_log.value = log_html(recent_log(texts, LOG_LINES))

    def _confirm(self, what: str, which: Any, button: w.Button, again: Callable[[], str]) -> bool:
        """True at the second press in a row of ``button`` on the same ``which``; at the first,
        the button says what ``again()`` gives and nothing is done (what cannot be undone asks
        twice: a game ended stays ended, a freed seat's link stops working)."""
        if self._confirming == (what, which):
            self._unconfirm()
            return True
        self._unconfirm()
        self._confirming = (what, which)
        button.description = again()
        return False

    def _unconfirm(self) -> None:
        """Forget a first press (another table or seat was chosen, or another action)."""
        self._confirming = None
        self.end_button.description = END_WORDS
        self.free_button.description = FREE_WORDS

    def _end_clicked(self) -> None:
        code = self.picker.value
        if code is None:
            raise ValueError("Choose a table in the list first.")
        if self._confirm("end", code, self.end_button, lambda: f"Press again to end {code}'s game"):
            self.end(code)

    def end(self, code: str) -> None:
        """End the game at ``code`` (no more moves; it stays readable)."""
        self.tables.end_table(code, key=self.key)
        self._unconfirm()
        self.refresh_list()
        if self.shown is not None and self.shown.code == code:
            self.open_table(code)

    def _free_clicked(self) -> None:
        code, seat = self.picker.value, self.free_seat.value
        if code is None or seat is None:
            raise ValueError("Choose a table and a seat held by a student first.")

        def again() -> str:  # (read at the first press only: the second frees the seat)
            held = self.tables.seats(code)[seat]
            who = f"{held.player} ({held.name})" if held.holder == HUMAN else held.player
            return f"Press again to free {who}"

        if self._confirm("free", (code, seat), self.free_button, again):
            self.free(code, seat)

    def free(self, code: str, seat: int) -> None:
        """Free ``seat`` of table ``code`` (its student lost the seat link): the old link
        stops working and the seat can be joined again; the page says whose seat it was (as
        the freeing read it: the seats are read once)."""
        held = self.tables.free_seat(code, seat, key=self.key)
        self._unconfirm()
        self.message.value = info_html(
            f"{capital(owned('seat', held.player))} at table {code} is free: "
            f"{possessive(held.name)} seat link no longer works. {held.name}, or another "
            f"student, joins it again with the code {code}."
        )
        self.refresh_list()

    def _record_clicked(self) -> None:
        code = self.picker.value
        if code is None:
            raise ValueError("Choose a table in the list first.")
        text = self.tables.record(code, key=self.key)
        self.record_link.value = download_html(
            f"navalkit-table-{code}.json", text, f"Save table {code}'s record"
        )

    def results(self) -> str:
        """The class's results as CSV text in the teacher's words (``Tables.results_csv``:
        game titles, seats from 1, winner yes/no, when each table started, its settings),
        offered as a file to save."""
        text = self.tables.results_csv(key=self.key)
        stamp = datetime.fromtimestamp(self._clock()).strftime("%Y-%m-%d-%H%M")
        self.results_link.value = download_html(
            f"navalkit-results-{stamp}.csv", text, "Save the results (CSV)", mime="text/csv"
        )
        return text


def teacher_page(query: str | None = None, tables: Tables | None = None) -> Any:
    """The dashboard, or only a plain refusal without the teacher's key: what
    ``notebooks/teacher.ipynb`` shows."""
    key = query_values(page_query() if query is None else query).get("teacher", "")
    if not key or not is_teacher_key(key):
        return w.HTML(REFUSED)
    try:
        service = tables if tables is not None else shared_tables()
    except TableError as exc:
        return w.HTML(
            "<p class='navalkit-refusal' style='color:#b22222'>The tables cannot be opened on "
            f"this server: {html.escape(exc.reason)}</p>"
        )
    return TeacherDashboard(service, key)
