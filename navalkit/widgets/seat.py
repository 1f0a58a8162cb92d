"""SeatBoard: one student's seat at a shared table, on the student's own machine.

A thin painter over :class:`~navalkit.play.table_session.TableSession`, like GameApp over a
PlaySession: the board is drawn from the seat's own observation only and played by clicks (or
the keyboard, the typed move or the list of legal moves); every move goes to the table
service with the position the page last saw. A :class:`~navalkit.widgets.live.Poller` looks
at the table twice a second and repaints when another seat has moved, a seat was taken, or
the game ended; every few seconds it also tells the table this page is open and reads who
else is connected. When the page's kernel shuts down (Voila shuts it down as the tab closes)
the page tells the table it left, so that the others read "not connected" at their next look
instead of some time later; a tab gone without a word (a crash, a phone's dropped connection)
is told the same by the server at once (play.presence), long before its kernel is culled.
Whatever goes wrong is a sentence on the page, and the page carries on.
"""

from __future__ import annotations

import atexit
import html
import logging
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from navalkit.core.errors import TableError
from navalkit.play import guide
from navalkit.play.how_to import SEAT_PAGE
from navalkit.play.log import LOG_LINES, recent_log
from navalkit.play.presence import page_connected
from navalkit.play.session import Screen
from navalkit.play.table_session import TableSession, seat_words
from navalkit.render.canvas import CanvasBoard, board_row, control_row
from navalkit.tables import ENDED, OPEN, RulesChangedError, WrongTokenError

from .forms import example_line, legal_box, show_example, show_legal
from .live import Poller, in_background
from .panels import (
    LIVE,
    NO_RULE,
    TYPE_A_MOVE,
    download_html,
    info_html,
    log_html,
    messages_html,
    name_script,
    played_with_html,
    refusal_html,
    settings_html,
    words_html,
)

LOG = logging.getLogger(__name__)

__all__ = ["POLL_SECONDS", "PRESENCE_SECONDS", "SeatBoard", "seats_html", "table_settings_html"]

#: how often the page looks for a move by another seat (seconds)
POLL_SECONDS = 0.5
#: how often the page says it is open and reads who else is connected (seconds)
PRESENCE_SECONDS = 3.0
#: the height (px) of what stands above a seat's board as its page opens, and a little room
#: under it: the table page's margin, the title, the status, whose turn it is and the line
#: kept for what a click says (about 150 px), or, for the student who started the table,
#: the box with the code to share above them (about 40 px more). The board fits the window's
#: height less this, shrunk at most to 0.8: on a school laptop (1366 x 768) it opens whole
RESERVE_PX = 200
#: what a seat's How to play adds to the game's own (Game.how_to_play): how a table plays
AT_THE_TABLE = (
    "<p><b>At the table.</b> Each classmate plays one seat from their own computer (the "
    "computer may play others). <b>At this table</b> says who sits where and whose turn it is; "
    "your moves are listed under it when it is your turn. A classmate's move shows on your "
    "board by itself.</p>"
    "<p><b>The rules.</b> The settings this table plays with, chosen when it was started, are "
    f"under <b>{guide.IN_FORCE_TITLE}</b>; where every rule comes from is under "
    f"<b>{guide.RULES_TITLE}</b>: {guide.RULE_SOURCES}.</p>"
)
#: what stands first in How to play while the table waits for players: its instructions
#: ("Your move. Click a card…") would read as if the student could play already
WAITING_WORDS = (
    "<p style='max-width: 48em'><b>Not yet: the game starts when every seat is taken.</b> "
    "Until then nobody can move. Meanwhile, read how you will play.</p>"
)
#: the line under the status of a game the teacher ended (the status says so already)
ENDED_WORDS = "No more moves can be played."


def seats_html(session: TableSession) -> str:
    """Who sits where, who is connected and whose turn it is, in words (not colour only)."""
    rows = []
    for s in session.view.seats:
        who = html.escape(seat_words(s))
        if s.seat == session.seat:
            who += " <i>(you)</i>"
        state = []
        if s.holder == "human":
            # this page is open: its own seat is here, though the table may not have heard so
            # yet (a student coming back read "not connected" beside "(you)")
            here = s.connected or s.seat == session.seat
            state.append("connected" if here else "not connected")
        if s.to_move:
            state.append("<b>to move</b>")
        style = " style='background:#fff3c4'" if s.to_move else ""
        rows.append(
            f"<tr{style}><td>{html.escape(s.player)}</td><td>{who}</td>"
            f"<td>{', '.join(state)}</td></tr>"
        )
    return (
        "<table class='navalkit-seat-list' style='border-collapse:collapse;width:100%'>"
        "<tr><th align='left'>Seat</th><th align='left'>Player</th><th align='left'></th></tr>"
        f"{''.join(rows)}</table>"
    )


def table_settings_html(session: TableSession) -> str:
    """The settings of the table that differ from the game's own, in the play page's words,
    for the side panel ("" when the table plays with the game's own settings)."""
    played = played_with_html(
        session.game, session.view.settings, see=f" (see <i>{guide.IN_FORCE_TITLE}</i> below)"
    )
    return (
        f"<div class='navalkit-table-settings' style='margin:4px 0'>{played}</div>"
        if played
        else ""
    )


class SeatBoard:
    """The page of the seat ``session`` holds. ``link`` is the seat link to keep, as HTML (the
    page's address that brings the student back); ``clock`` gives the time (tests move it)."""

    def __init__(
        self,
        session: TableSession,
        *,
        link: str = "",
        clock: Callable[[], float] = time.monotonic,
        page_here: Callable[[], bool] = page_connected,
    ) -> None:
        self.session = session
        self.game = session.game
        self.link = link
        self._clock = clock
        self._page_here = page_here
        self._last_presence = clock()
        self._said_here = True  # what the table was last told: the page is open (or not)
        self._syncing = False
        self.trouble = ""  # why the table could not be read at the last look, if it could not
        self.repaints = 0
        self._build()
        self.refresh()
        self.poller = Poller(self.tick, POLL_SECONDS, self._poll_failed)
        self._left = False
        if self.poller.start():  # in a page's kernel: its end is the page's end
            atexit.register(self.leave)

    # --- layout -------------------------------------------------------------------------------
    def _build(self) -> None:
        s, g = self.session, self.game
        scene = s.board()
        self.board = CanvasBoard(scene.width, scene.height, ("board", "pieces", "overlay"))
        self.board.on_click(lambda region, x, y: self.click(region))
        self.board.widget.on_key_down(lambda key, *_mods: self._do(lambda: s.key(str(key))))
        self.title = w.HTML(
            f"<h3 style='margin:4px 0'>{html.escape(g.title)} at table "
            f"<span class='navalkit-table-code'>{s.code}</span></h3>"
        )
        self.status = w.HTML(layout=w.Layout(width="100%"))
        self.status.add_class("navalkit-status")
        self.status.add_class(LIVE)  # read out as it changes (panels.NAME_JS)
        self.turn = w.HTML(layout=w.Layout(width="100%"))
        self.turn.add_class("navalkit-turn")
        # one line kept for what a click says, so the board does not jump under the mouse
        self.message = w.HTML(layout=w.Layout(min_height="28px"))
        self.message.add_class("navalkit-message")
        self.message.add_class(LIVE)  # read out as it changes (panels.NAME_JS)
        self.news = w.HTML()
        self.news.add_class("navalkit-news")
        self.connection = w.HTML()
        self.connection.add_class("navalkit-connection")
        self.seats = w.HTML()
        self.seats.add_class("navalkit-seats")
        # the settings this table plays with that are not the game's own, under the seats
        self.table_settings = w.HTML(table_settings_html(s))
        # named as on the play page (Branle-Bas' "Place:"), as How to play names it
        self.choice = w.Dropdown(
            description=guide.choice_label(g), options=[], layout=w.Layout(width="300px")
        )
        self.choice.observe(self._on_choice, "value")
        self.legal_list = w.Dropdown(
            description="Legal:", options=[], layout=w.Layout(width="100%")
        )
        self.legal_list.add_class("navalkit-legal")
        # a long move written out under the list, which cuts it (on a phone, mid-word)
        legal, self.legal_line = legal_box(self.legal_list, w.Layout(width="100%"))
        self.play_listed = self._button("Play chosen move", "check", self._listed_move)
        self.play_listed.add_class("navalkit-play-listed")  # the page template guards it
        self.move_text = w.Text(
            placeholder=TYPE_A_MOVE, description="Move:", layout=w.Layout(width="260px")
        )
        # a whole move for example, under the box (in its placeholder, a phone cut it off)
        self.typed_example = example_line()
        self.move_text.continuous_update = False
        self.move_text.observe(self._on_typed, "value")
        self.play_typed = self._button("Play typed move", "keyboard", self._typed_move)
        self.log_view = w.HTML()
        self.log_view.add_class("navalkit-log")
        self.description = w.HTML(layout=w.Layout(width="100%"))
        self.description.add_class("navalkit-description")
        self.link_view = w.HTML(self._link_html())
        self.link_view.add_class("navalkit-seat-link")
        self.download_button = w.Button(
            description="Download what you saw", icon="download", layout=w.Layout(width="auto")
        )
        self.download_button.on_click(lambda _b: self.prepare_download())
        self.download = w.HTML()
        self.not_yet = w.HTML("<i>Your moves are listed here when it is your turn.</i>")
        self.move_controls = w.VBox(
            [
                legal,
                w.HBox([self.play_listed]),
                control_row([self.move_text, self.play_typed]),
                self.typed_example,
            ]
        )
        side = w.VBox(
            [
                w.HTML("<b>At this table</b>"),
                self.seats,
                self.table_settings,
                self.not_yet,
                self.move_controls,
                self.choice,
                w.HTML("<b>Moves</b>"),
                self.log_view,
                self.link_view,
                w.HBox([self.download_button, self.download]),
            ],
            layout=w.Layout(flex="0 1 400px", min_width="300px", padding="0 0 0 12px"),
        )
        news = w.VBox([self.status, self.turn, self.message, self.news, self.connection])
        # the side panel (seats, moves) stays beside the board on a school laptop's screen
        # (1366 px wide): the board starts smaller than drawn and grows into the room left.
        # RESERVE_PX: what stands above the board, so that it opens whole on that screen
        fluid = self.board.fluid(reserve_px=RESERVE_PX, smallest=0.8, start_px=640)
        row = w.HBox(
            [fluid, side],
            layout=board_row(),
        )
        # how to play, open under the board (a student at a table had no instructions at
        # all): the game's own words less those about the play page's controls
        self._how_to = guide.how_to_play_html(g, SEAT_PAGE, AT_THE_TABLE)
        self.how_to = w.HTML(self._how_to)
        self.how_to.add_class("navalkit-how-to")
        # the table's settings and every rule with its source, as the play page shows them
        self.settings_view = w.HTML(settings_html(g, g.make_config(**s.view.settings)))
        self.settings_view.add_class("navalkit-settings-in-force")
        rules = w.HTML(guide.clauses_html(g))
        rules.add_class("navalkit-rules")
        sections = [(self.settings_view, guide.IN_FORCE_TITLE), (rules, guide.RULES_TITLE)]
        if self._how_to:  # a game that says nothing has no How to play
            sections.insert(0, (self.how_to, guide.HOW_TO_TITLE))
        self.help_panel = w.Accordion(
            children=[child for child, _ in sections],
            titles=[title for _, title in sections],
            selected_index=0 if self._how_to else None,
        )
        # (name_script: the status and message lines read out as they change, panels.LIVE)
        self.widget = w.VBox(
            [self.title, news, row, self.help_panel, self.description, name_script()]
        )
        self.widget.add_class("navalkit-app")
        self.widget.add_class("navalkit-seat-board")

    def _button(self, label: str, icon: str, fn: Callable[[], Any]) -> w.Button:
        button = w.Button(description=label, icon=icon, layout=w.Layout(width="auto"))
        button.on_click(lambda _b: self._do(fn))
        return button

    def _link_html(self) -> str:
        if not self.link:
            return ""
        return (
            "<div style='font-size:90%;margin-top:8px'>Your seat link: keep it to come back to "
            f"this seat from any browser (and keep it to yourself):<br>{self.link}</div>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # --- painting -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Repaint everything from the session."""
        self._paint(self.session.screen())

    def _paint(self, screen: Screen) -> None:
        s, g = self.session, self.game
        self.repaints += 1
        self.board.show(screen.scene)
        self.status.value = html.escape(screen.status, quote=False)
        # a game the teacher ended: the status says so already ("once is enough")
        turn = ENDED_WORDS if s.view.status == ENDED else s.turn_words()
        colour = "#1b5e20" if s.view.your_turn else "#1b2a3a"
        self.turn.value = f"<b style='color:{colour}'>{html.escape(turn)}</b>"
        if screen.refusal is not None:
            self.message.value = refusal_html(g, screen.refusal.rule, screen.refusal.reason)
        elif screen.error is not None:
            self.message.value = refusal_html(g, NO_RULE, screen.error)
        else:
            self.message.value = messages_html(screen.messages)
        self.news.value = (
            "".join(info_html(t) for t in s.news[-3:]) if s.news and not screen.messages else ""
        )
        self.connection.value = (
            f"<div style='color:#8a4b00'>{html.escape(self.trouble)}</div>" if self.trouble else ""
        )
        self.seats.value = seats_html(s)
        if self._how_to:  # while the table waits, its instructions say so first
            waiting = WAITING_WORDS if s.view.status == OPEN else ""
            self.how_to.value = waiting + self._how_to
        self.description.value = words_html(screen.description)
        self._syncing = True
        try:
            show_legal(self.legal_list, screen.legal_words)
            self.choice.options = list(screen.choices)
            if screen.choice is not None and screen.choices:
                self.choice.value = screen.choice
        finally:
            self._syncing = False
        self.choice.layout.display = "" if screen.choices else "none"
        mine = bool(screen.legal)
        self.play_listed.disabled = not mine
        self.play_typed.disabled = not mine
        self.move_controls.layout.display = "" if mine else "none"
        # "your moves are listed here when it is your turn": not once the game is over
        self.not_yet.layout.display = "none" if mine or s.replica.is_over else ""
        show_example(self.typed_example, screen.typed_example if mine else "")
        self.log_view.value = log_html(
            recent_log(s.replica.log_texts(), LOG_LINES), empty="<i>No move yet.</i>"
        )

    # --- requests -----------------------------------------------------------------------------
    def _do(self, request: Callable[[], Any]) -> None:
        """Run a request (the session keeps its refusals to show), repaint, and let the
        computer seats answer in the background if they are to move."""
        request()
        self.refresh()
        if self.session.computers_to_move:
            in_background(self.session.play_computers, lambda _error: self.poller.tick_now())

    def click(self, region: str | None) -> None:
        """A click on the board at ``region`` (a region id), as the student makes it."""
        self._do(lambda: self.session.click(region))

    def play(self, action: Any) -> None:
        """Play ``action`` for this seat (a refusal is shown on the page)."""
        self._do(lambda: self.session.play(action))

    def _listed_move(self) -> None:
        self.session.play_listed(self.legal_list.value)

    def _typed_move(self) -> None:
        if self.session.play_typed(self.move_text.value):
            self.move_text.value = ""

    def _on_typed(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self._do(self._typed_move)

    def _on_choice(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self._do(lambda: self.session.set_choice(change["new"]))

    def prepare_download(self) -> None:
        """Offer the seat's own account of the game as a file (no seed, no hidden card)."""
        try:
            found = self.session.account()
        except TableError as exc:
            self.download.value = html.escape(exc.reason)
            return
        if found is not None:
            name, text = found
            self.download.value = download_html(name, text, "save the file")

    # --- keeping up with the table ------------------------------------------------------------
    def leave(self) -> None:
        """The page is closed (its kernel is shutting down): stop looking at the table and
        tell it this seat's page left. Once only; a store that does not answer is let be (the
        seat then shows as not connected a few seconds later, when its page is not seen)."""
        if self._left:
            return
        self._left = True
        self.poller.stop()
        try:
            self.session.leave()
        except Exception:  # at the kernel's end, with nobody to read it but the log
            LOG.info("the table could not be told that this seat's page closed", exc_info=True)

    def tick(self) -> None:
        """One look at the table (the Poller calls it): repaint if anything changed."""
        s = self.session
        changed = s.poll()
        now = self._clock()
        if now - self._last_presence >= PRESENCE_SECONDS:
            self._last_presence = now
            # the page is open only while the server says a tab is connected to this kernel
            # (play.presence): a tab that crashed or a phone that dropped its connection reads
            # "not connected" at once, not when the server's culler ends this kernel
            here = self._page_here()
            if here:
                s.touch()
            elif self._said_here:
                s.leave()
            self._said_here = here
            changed = s.refresh_seats() or changed
        if self.trouble:
            self.trouble, changed = "", True
        if changed:
            self.refresh()

    def _poll_failed(self, exc: BaseException) -> None:
        if isinstance(exc, WrongTokenError | RulesChangedError):  # trying again will not help
            why = exc.reason
        elif isinstance(exc, TableError):
            why = f"The table could not be read just now: {exc.reason} The page keeps trying."
        else:
            why = "The table could not be read just now. The page keeps trying."
        if why != self.trouble:  # (said once, not at every look while it lasts)
            if not isinstance(exc, TableError):  # a fault of ours: what it was, in the log
                LOG.error("the table could not be read", exc_info=exc)
            self.trouble = why
            self.refresh()
