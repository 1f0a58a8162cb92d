"""The "Play at a table" page: classmates at one game, each from their own machine.

``table.ipynb`` is opened three ways:

* ``table.ipynb?code=KXPDRA``: the join form. The seats are listed with who holds each; the
  student types a name and takes a free seat, is shown a **seat link** to keep, and the page
  becomes that seat's board (:class:`~navalkit.widgets.seat.SeatBoard`);
* ``table.ipynb?seat=KXPDRA-<secret>``: straight back to the seat (after a reload, a lost
  connection, or from another browser);
* with nothing: type a code, paste a seat link, or start a table (the game, the seats, the
  computer players for seats nobody will take) and share its code.

Every page's kernel opens the same store (:func:`navalkit.tables.open_from_env`: what
``navalkit serve --data`` / ``--tables-url`` set). A wrong code, a seat taken in the
meantime, a seat link of another table, a busy or full store: a plain sentence on the page,
nothing lost, never a traceback.
"""

from __future__ import annotations

import html
import logging
import os
import traceback
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

import ipywidgets as w

from navalkit.core.errors import NavalkitError, TableError
from navalkit.core.registry import games, get_game
from navalkit.play.table_session import TableSession, seat_words
from navalkit.render.canvas import control_row
from navalkit.tables import (
    ENDED,
    FREE,
    OVER,
    Tables,
    TableSummary,
    normalize_code,
    open_from_env,
    parse_seat_link,
    seat_link,
)
from navalkit.tables.words import quoted

from .forms import NewTableForm, TableRequest
from .live import Poller
from .page import page_query
from .panels import LINK_STYLE, LIVE, name_script, played_with_html
from .seat import SeatBoard

LOG = logging.getLogger(__name__)

__all__ = [
    "JoinForm",
    "TablePage",
    "page_address",
    "page_link",
    "query_values",
    "shared_tables",
    "table_page",
]

#: how often the join form reads the seats again (seconds)
JOIN_POLL_SECONDS = 2.0
#: the page's file, for links when the page's own address is not known
PAGE = "table.ipynb"

_tables: Tables | None = None


def shared_tables() -> Tables:
    """This kernel's table service on the server's store (opened once)."""
    global _tables
    if _tables is None:
        _tables = open_from_env()
    return _tables


def page_address(page: str = PAGE) -> str:
    """The address of ``page`` (a page of the same folder as this one) to show a student, as
    the request for this page reached Voila (``VOILA_REQUEST_URL``, or the request's host and
    path, which a preheated kernel receives with its student); ``page`` alone when the kernel
    does not know (links then stay relative). A link's ``href`` is best kept relative
    (:func:`page_link`): it is right behind any proxy."""
    env = os.environ
    parts = urlsplit(env.get("VOILA_REQUEST_URL", ""))
    scheme, host, path = parts.scheme, parts.netloc, parts.path
    if scheme not in ("http", "https") or not path.endswith(".ipynb"):
        port = env.get("SERVER_PORT", "")
        scheme = "http"
        host = env.get("SERVER_NAME", "") + (f":{port}" if port else "")
        path = env.get("SCRIPT_NAME", "")
    if not host or not path.endswith(".ipynb"):
        return page
    return urlunsplit((scheme, host, f"{path.rsplit('/', 1)[0]}/{page}", "", ""))


def page_link(query: str, words: str | None = None, page: str = PAGE) -> str:
    """An HTML link to ``page?query`` of this folder: a relative ``href``, the full address
    as its words unless ``words`` are given."""
    href = html.escape(f"{page}?{query}")
    shown = html.escape(words if words is not None else f"{page_address(page)}?{query}")
    return f"<a href='{href}' target='_self' style='{LINK_STYLE};word-break:break-all'>{shown}</a>"


def query_values(text: str) -> dict[str, str]:
    return {k: v[-1].strip() for k, v in parse_qs(text).items() if v}


def _words(exc: BaseException) -> str:
    if isinstance(exc, TableError):
        return exc.reason
    if isinstance(exc, NavalkitError | ValueError):
        return str(exc)
    LOG.error("a fault on the table page", exc_info=exc)  # the server's log keeps what it was
    return "Something went wrong on our side: nothing was changed. Try again."


def _note(text: str, colour: str = "#1b2a3a") -> str:
    return f"<div style='color:{colour}'>{html.escape(text)}</div>"


def _problem(text: str) -> str:
    return (
        "<div class='navalkit-refusal' style='color:#b22222'><b>Not possible:</b> "
        f"{html.escape(text)}</div>"
    )


class JoinForm:
    """The seats of table ``code``, who holds each, a name box and a button per free seat.
    ``on_seated(code, token)`` is called when the student has a seat."""

    def __init__(
        self,
        tables: Tables,
        code: str,
        on_seated: Callable[[str, str], Any],
        *,
        name: str = "",
    ) -> None:
        self.tables = tables
        self.code = code
        self._on_seated = on_seated
        self.heading = w.HTML()
        self.message = w.HTML()
        self.message.add_class("navalkit-message")
        self.message.add_class(LIVE)  # read out as it changes
        self.name = w.Text(
            value=name,
            description="Your name:",
            placeholder="the name your classmates see",
            style={"description_width": "initial"},
            layout=w.Layout(width="340px"),
        )
        self.seat_rows = w.VBox()
        self.seat_buttons: list[w.Button] = []
        self._seen: tuple[Any, ...] | None = None
        self._trouble = False  # the last look at the table failed
        self.reason = ""  # why the table could not be read, when it could not
        self.widget = w.VBox([self.heading, self.name, self.seat_rows, self.message])
        self.widget.add_class("navalkit-join")
        self.found = self.show_seats()
        self.poller = Poller(self.tick, JOIN_POLL_SECONDS, self._poll_failed)
        if self.found:
            self.poller.start()

    def show_seats(self) -> bool:
        """Read the table and list its seats; False (and the reason shown) if it cannot be."""
        try:
            table = self.tables.summary(self.code)
        except TableError as exc:
            self.heading.value = ""
            self.seat_rows.children = []
            self.reason = exc.reason
            self.message.value = _problem(exc.reason)
            return False
        self._seen = self._key(table)
        over = table.status in (OVER, ENDED)
        waiting = sum(1 for s in table.seats if s.holder == FREE)
        if over:
            state = "This game is over: ask for a new table's code."
        elif waiting:
            seats = "seat is" if waiting == 1 else "seats are"
            state = f"{waiting} {seats} free: type your name, then take a seat."
        else:
            state = "Every seat is taken: if one is yours, open your seat link."
        played = played_with_html(get_game(table.game_id), table.settings)
        played = f"<div>{played}</div>" if played else ""
        self.heading.value = (
            f"<h3 style='margin:4px 0'>{html.escape(table.title)} at table "
            f"<span class='navalkit-table-code'>{self.code}</span></h3>{played}<div>{state}</div>"
        )
        rows, buttons = [], []
        for s in table.seats:
            free = s.holder == FREE and not over
            button = w.Button(
                description=f"Sit here as {s.player}" if free else "taken",
                disabled=not free,
                button_style="success" if free else "",
                layout=w.Layout(width="auto"),
            )
            button.on_click(lambda _b, seat=s.seat: self.sit(seat))
            button.add_class("navalkit-sit")
            who = "free" if s.holder == FREE else seat_words(s)
            away = "" if s.holder != "human" else (" (connected)" if s.connected else "")
            label = w.HTML(
                f"<div style='width:260px;max-width:100%'><b>{html.escape(s.player)}</b>: "
                f"{html.escape(who)}{away}</div>"
            )
            # on a phone the button goes under its seat's name instead of being cut off
            # ("Sit here a…")
            rows.append(
                w.HBox([label, button], layout=w.Layout(align_items="center", flex_flow="row wrap"))
            )
            buttons.append(button)
        self.seat_rows.children = rows
        self.seat_buttons = buttons
        return True

    def sit(self, seat: int) -> None:
        """Take ``seat`` under the name typed; a refusal is shown and the seats read again."""
        try:
            token = self.tables.join(self.code, seat, self.name.value)
        except TableError as exc:
            self.message.value = _problem(exc.reason)
            self.show_seats()
            return
        except Exception as exc:
            self.message.value = _problem(_words(exc))
            return
        self.poller.stop()
        self._on_seated(self.code, token)

    @staticmethod
    def _key(table: TableSummary) -> tuple[Any, ...]:
        return (table.status, tuple((s.holder, s.name, s.connected) for s in table.seats))

    def tick(self) -> None:
        if self._key(self.tables.summary(self.code)) != self._seen:
            self.show_seats()
        if self._trouble:  # the store answers again
            self._trouble, self.message.value = False, ""

    def _poll_failed(self, exc: BaseException) -> None:
        self._trouble = True
        self.message.value = _problem(f"{_words(exc)} The page keeps trying.")

    def stop(self) -> None:
        self.poller.stop()


class TablePage:
    """The whole page (see the module's docstring); ``query`` is the page's query string."""

    def __init__(self, query: str = "", tables: Tables | None = None) -> None:
        self.query = query_values(query)
        self.name = self.query.get("name", "")[:40]
        self.board: SeatBoard | None = None
        self.join: JoinForm | None = None
        self.form: NewTableForm | None = None
        self.fault: str | None = None  # the last fault's traceback (never shown to students)
        self.banner = w.HTML()
        self.banner.add_class("navalkit-share")
        self.message = w.HTML()
        self.message.add_class("navalkit-message")
        self.message.add_class(LIVE)  # read out as it changes
        self.body = w.VBox()
        # (name_script: the message read out as it changes, and the buttons' names)
        self.widget = w.VBox([self.banner, self.message, self.body, name_script()])
        self.widget.add_class("navalkit-table-page")
        try:
            self.tables = tables if tables is not None else shared_tables()
        except TableError as exc:
            self.message.value = _problem(
                f"The tables cannot be opened on this server: {exc.reason}"
            )
            return
        self.open(self.query)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def open(self, query: dict[str, str]) -> None:
        """Show what the query asks for: a seat, a table's join form, or the start page."""
        if query.get("seat"):
            self.open_seat_link(query["seat"])
        elif query.get("code"):
            self.open_code(query["code"])
        else:
            self.home()

    # --- the three views ------------------------------------------------------------------
    def _stop(self) -> None:
        for part in (self.join, self.board):
            if part is not None:
                part.poller.stop()
        self.join = self.board = None

    def home(self, note: str = "") -> None:
        """Join with a code, come back with a seat link, or start a table."""
        self._stop()
        self.code_box = w.Text(
            value=self.query.get("code", ""),
            placeholder="e.g. KXPDRA",
            description="Table code:",
            style={"description_width": "initial"},
            layout=w.Layout(width="260px", max_width="100%"),
        )
        self.code_box.add_class("navalkit-code-box")
        find = w.Button(description="Find the table", icon="search", layout=w.Layout(width="auto"))
        find.on_click(lambda _b: self._guard(lambda: self.open_code(self.code_box.value)))
        self.code_box.continuous_update = False
        self.code_box.observe(
            lambda c: self._guard(lambda: self.open_code(c["new"])) if c["new"] else None,
            "value",
        )
        self.link_box = w.Text(
            placeholder="KXPDRA-…",
            description="Seat link:",
            style={"description_width": "initial"},
            layout=w.Layout(width="420px", max_width="100%"),
        )
        back = w.Button(description="Back to my seat", icon="undo", layout=w.Layout(width="auto"))
        back.on_click(lambda _b: self._guard(lambda: self.open_seat_link(self.link_box.value)))
        self.form = NewTableForm(
            lambda request: self._guard(lambda: self.start(request)),
            game_id=self.query.get("game"),
            name=self.name,
        )
        self.banner.value = ""
        self.message.value = _note(note) if note else ""
        self.body.children = [
            w.HTML(
                "<h2 style='margin:4px 0'>Play at a table</h2>"
                "<p>Classmates play one game together, each on their own computer: each "
                "sees only their own hand.</p><h3 style='margin:8px 0 4px'>Join a table</h3>"
            ),
            control_row([self.code_box, find]),  # the button under the box on a phone
            w.HTML("<h3 style='margin:12px 0 4px'>Come back to your seat</h3>"),
            control_row([self.link_box, back]),
            w.HTML("<h3 style='margin:12px 0 4px'>Start a table</h3>"),
            self.form.widget,
        ]

    def open_code(self, text: str) -> None:
        """The join form of the table whose code is ``text`` (a wrong code says so)."""
        code = normalize_code(text)
        if code is None:
            self._refused(
                f"{quoted(text.strip())} is not a table code: a table code is 6 letters, like "
                "KXPDRA."
            )
            return
        join = JoinForm(self.tables, code, self._seated, name=self.name)
        if not join.found:
            join.stop()
            self._refused(join.reason)
            return
        self._stop()
        self.join = join
        other = w.Button(
            description="Another table", icon="arrow-left", layout=w.Layout(width="auto")
        )
        other.on_click(lambda _b: self._guard(self.home))
        self.banner.value = ""
        self.message.value = ""
        self.body.children = [join.widget, w.HBox([other])]

    def open_seat_link(self, text: str) -> None:
        """Back to the seat of a seat link."""
        try:
            code, token = parse_seat_link(text)
        except ValueError as exc:
            self._refused(str(exc))
            return
        self._seated(code, token)

    def _seated(self, code: str, token: str, banner: str = "") -> None:
        """Show the board of the seat ``token`` holds at ``code``."""
        try:
            session = TableSession(self.tables, code, token)
        except TableError as exc:
            self._refused(exc.reason)
            return
        self._stop()
        if self.join is not None:
            self.name = self.join.name.value
        self.board = SeatBoard(session, link=page_link(f"seat={seat_link(session.code, token)}"))
        self.banner.value = banner
        self.message.value = ""
        self.body.children = [self.board.widget]

    def _refused(self, reason: str) -> None:
        """Say why a code or a seat link led nowhere; a page that shows nothing else yet (one
        opened with a wrong ``?code=`` or a freed ``?seat=``) shows the start page under it,
        so that the student can type another code or join a free seat from there."""
        if not self.body.children:
            self.home()
        self.message.value = _problem(reason)

    def start(self, request: TableRequest) -> None:
        """Start the table the form asks for; sit the host down if they chose a seat."""
        new = request.create(self.tables)
        words = (
            "<div class='navalkit-share' style='border:1px solid #5b7a99;border-radius:6px;"
            "padding:6px 10px;margin:4px 0'>Table <b class='navalkit-table-code'>"
            f"{new.code}</b> is ready. Classmates join with the code <b>{new.code}</b> "
            f"or this link: {page_link(f'code={new.code}')}</div>"
        )
        self.name = request.host
        if new.host_token is not None:
            self._seated(new.code, new.host_token, banner=words)
        else:
            self.open_code(new.code)
            self.banner.value = words

    # --- the guard ------------------------------------------------------------------------
    def _guard(self, fn: Callable[[], Any]) -> None:
        """Run a request from the page; a refusal or a fault is a sentence on the page."""
        try:
            fn()
        except Exception as exc:
            if not isinstance(exc, NavalkitError | ValueError):
                self.fault = traceback.format_exc()
            self.message.value = _problem(_words(exc))


def table_page(query: str | None = None, tables: Tables | None = None) -> TablePage:
    """The table page as its query string asks (``?code=``, ``?seat=``, ``?game=`` to choose
    the game of a new table): what ``notebooks/table.ipynb`` shows."""
    for game_id in games():  # pay the imports before the student clicks
        get_game(game_id)
    return TablePage(page_query() if query is None else query, tables)
