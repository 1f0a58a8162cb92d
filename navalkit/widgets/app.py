"""GameApp: board + whose turn + status + move log + controls, for any registered game.

A thin adapter over :class:`navalkit.play.session.PlaySession`, which holds the whole game
at the screen (clicks, seats, hand-over, undo, new game, resume) and is shared with the
server-free site. The app builds the widgets, forwards every callback to the session, and
paints the session's :class:`~navalkit.play.session.Screen`: it never decides what is legal,
and a refusal or a fault is shown in the page (never a traceback), the game unchanged.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from navalkit.play import HUMAN
from navalkit.play.guide import (
    HOW_TO_TITLE,
    IN_FORCE_TITLE,
    RULE_SOURCES,
    RULES_TITLE,
    SEED_LABEL,
    SEED_TIP,
    choice_label,
    clauses_html,
    how_to_play_html,
)
from navalkit.play.how_to import PLAY_PAGE
from navalkit.play.log import LOG_LINES, event_words, recent_log
from navalkit.play.options import new_deal
from navalkit.play.seats import seat_choices
from navalkit.play.session import PlaySession, Screen
from navalkit.render.canvas import CanvasBoard, board_row, control_row

from .forms import (
    FIT,
    example_line,
    legal_box,
    seat_lists,
    setting_widgets,
    settings_form,
    show_example,
    show_legal,
)
from .panels import (
    LIVE,
    MESSAGE_HEIGHT,
    NO_RULE,
    TYPE_A_MOVE,
    info_html,
    log_html,
    messages_html,
    refusal_html,
    settings_html,
    table_link_html,
    words_html,
)
from .saves import SavePanel

LOG = logging.getLogger(__name__)
#: the folded section that shows a teacher a fault of ours
FAULT_TITLE = "What went wrong (for the teacher)"
#: the folded section of the settings of the next game (the rules' is guide.RULES_TITLE)
SETTINGS_TITLE = "Settings for the next game"
#: what a play page's How to play adds to the game's own (Game.how_to_play): its rules panel,
#: which every play page has (a seat at a table says its own: widgets.seat.AT_THE_TABLE)
RULES_WORDS = (
    f"<p><b>The rules.</b> <b>{RULES_TITLE}</b> shows where every rule comes from: "
    f"{RULE_SOURCES}. A teacher may switch the HOUSE ones under <b>{SETTINGS_TITLE}</b>, "
    "then press <i>New game</i>.</p>"
    # what the Game number box is for, in words a touch screen shows (its tooltip it never does)
    f"<p><b>{SEED_LABEL.rstrip(':')}.</b> {SEED_TIP}. Tell a classmate the number, and the "
    "same moves meet the same luck.</p>"
)

__all__ = ["HUMAN", "RULES_TITLE", "GameApp"]


class GameApp:
    """A playable dashboard. ``seats`` names who plays each seat: ``"human"`` or a bot name.

    ``teacher=True`` shows everything (hidden information included) on purpose.
    ``student=True`` is a student's page (the play pages opened without the teacher key): no
    teacher view, no seed, and the seats stay as the page opened them, so that no student can
    look at another seat's hidden cards or work out the deal.
    """

    def __init__(
        self,
        game_id: str,
        *,
        seed: int = 0,
        players: int | None = None,
        seats: list[str] | None = None,
        teacher: bool = False,
        student: bool = False,
        theme: Any = None,
        **config: Any,
    ) -> None:
        if student and teacher:
            raise ValueError("A student's page has no teacher view.")
        self.student = student
        self.session = PlaySession(
            game_id, seed=seed, players=players, seats=seats, teacher=teacher, theme=theme, **config
        )
        self.game = self.session.game
        self._syncing = False  # True while the widgets are set from the session
        self._build()
        self.set_student(student)
        self.refresh()

    def set_student(self, on: bool) -> None:
        """A student's page (``on``) or the teacher's: the teacher view, the seed and the seats
        are shown and may be changed only on the teacher's."""
        self.student = on
        if on and self.session.teacher:
            self.session.set_teacher(False)
        hidden = "none" if on else ""
        self.teacher_box.layout.display = hidden
        self.seed_box.layout.display = hidden
        for box in self.seat_boxes:
            box.disabled = on

    # --- the session's state, by the names pages and tests use -------------------------------
    @property
    def match(self) -> Any:
        return self.session.match

    @property
    def seats(self) -> list[str]:
        return self.session.seats

    @property
    def teacher(self) -> bool:
        return self.session.teacher

    @property
    def theme(self) -> Any:
        return self.session.theme

    @property
    def humans(self) -> list[int]:
        return self.session.humans

    @property
    def viewer(self) -> int | None:
        """The seat whose view the board shows (None: everything)."""
        return self.session.viewer

    # --- layout -------------------------------------------------------------------------------
    def _build(self) -> None:
        g = self.game
        scene = self.session.board()
        self.board = CanvasBoard(
            scene.width, scene.height, ("board", "pieces", "overlay")
        )  # its shown size is set by fluid() below, from the page's width
        self.board.on_click(lambda region, x, y: self.click(region))
        self.board.widget.on_key_down(lambda key, *_mods: self.key(str(key)))
        self.title = w.HTML(f"<h3 style='margin:4px 0'>{g.title}</h3>")
        # HTML, not Label: a label keeps to one line and cuts a long status at the panel's edge
        self.status = w.HTML(layout=w.Layout(width="100%"))
        self.status.add_class("navalkit-status")
        self.status.add_class(LIVE)  # read out as it changes (panels.NAME_JS)
        self.series = w.HTML(layout=w.Layout(width="100%"))
        self.series.add_class("navalkit-series")
        # room kept for MESSAGE_LINES lines of what a move did, so that the board does not
        # jump under the mouse as they come and go (a computer's reply, a refusal)
        self.message = w.HTML(layout=w.Layout(min_height=MESSAGE_HEIGHT))
        self.message.add_class("navalkit-message")
        self.message.add_class(LIVE)  # read out as it changes (panels.NAME_JS)
        self.description = w.HTML(layout=w.Layout(width="100%"))
        self.description.add_class("navalkit-description")
        self.choice = w.Dropdown(  # what is picked before clicking: a game may name it
            description=choice_label(g),
            options=[],
            layout=w.Layout(width="280px", max_width=FIT),
        )
        self.choice.observe(self._on_choice, "value")
        self.cover = w.Button(
            description="Show my board",
            button_style="warning",
            layout=w.Layout(display="none", width="auto"),
        )
        self.cover.on_click(lambda _b: self._do(self.session.uncover))
        b = self._button
        self.new_button = b("New game", self._new_game, "refresh")
        self.undo_button = b("Undo", self.session.undo, "undo")
        self.bot_button = b("Computer move", self.session.computer, "laptop")
        self.run_button = b("Play to the end", self.session.run_to_end, "forward")
        self.seed_box = w.IntText(
            value=self.match.seed,
            description=SEED_LABEL,
            tooltip=SEED_TIP,
            style={"description_width": "initial"},
            layout=w.Layout(width="180px"),
        )
        self.seat_boxes = self._seat_lists()
        self.setting_boxes = setting_widgets(self.game, self.match.config)
        self.teacher_box = w.Checkbox(
            value=self.teacher,
            description="Teacher view: show everything (hidden information too)",
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.teacher_box.observe(self._on_teacher_box, "value")
        # Keyboard play: type a move, or choose it from the list of legal actions.
        self.move_text = w.Text(
            placeholder=TYPE_A_MOVE,
            description="Move:",
            layout=w.Layout(width="260px", max_width=FIT),
        )
        # a whole move for example, under the box (in its placeholder, a phone cut it off)
        self.typed_example = example_line()
        self.move_text.continuous_update = False  # Enter (or leaving the box) plays the move
        self.move_text.observe(self._on_typed, "value")
        self.play_typed = b("Play typed move", self._typed_move, "keyboard")
        self.legal_list = w.Dropdown(description="Legal:", options=[], layout=w.Layout(width=FIT))
        self.legal_list.add_class("navalkit-legal")
        # a long move written out under the list, which cuts it (on a phone, mid-word)
        legal, self.legal_line = legal_box(self.legal_list, w.Layout(width="380px", max_width=FIT))
        self.play_listed = b("Play chosen move", self._listed_move, "check")
        self.play_listed.add_class("navalkit-play-listed")  # the page template guards it
        self.log_view = w.HTML()
        self.log_view.add_class("navalkit-log")
        self.saves = SavePanel(
            lambda: self.match,
            self._resume_match,
            self.tell,
            self._guard,
            student=lambda: self.student,
            account=lambda: self.session.account(),
        )
        self.record_box = self.saves.record_box
        self.save_button = self.saves.save_button
        self.resume_button = self.saves.resume_button
        # a fault of ours, for the teacher: its section is added to the folded ones only when
        # there is one to show, and never on a student's page (a student never meets a
        # traceback; the server's log keeps it)
        self.debug = w.Output()
        self.settings_view = w.HTML(settings_html(g, self.match.config))
        sections = [
            (self.settings_view, IN_FORCE_TITLE),
            (w.HTML(clauses_html(g)), RULES_TITLE),
            (self.saves.widget, "Save / resume"),
        ]
        # How to play comes first and open, under the board: above it, a paragraph of
        # instructions pushed the board half off a school laptop's screen
        how_to = how_to_play_html(g, PLAY_PAGE, RULES_WORDS)
        if how_to:
            self.how_to = w.HTML(how_to)
            self.how_to.add_class("navalkit-how-to")
            sections.insert(0, (self.how_to, HOW_TO_TITLE))
        rules = w.Accordion(
            children=[child for child, _ in sections], titles=[title for _, title in sections]
        )
        rules.selected_index = 0 if how_to else None
        self.rules_panel = rules
        # the settings change the next game, so they wait folded away until asked for
        self.settings_drawer = w.Accordion(
            children=[
                w.VBox(
                    [
                        w.HTML("Changed settings apply from the next <b>New game</b>."),
                        settings_form(self.game, self.setting_boxes),
                    ]
                )
            ],
            titles=(SETTINGS_TITLE,),
            selected_index=None,
        )
        self.seat_row = control_row([self.seed_box, *self.seat_boxes])
        controls = w.VBox(
            [
                # buttons, seats and the move rows wrap instead of being cut off ("Play cho…")
                control_row([self.new_button, self.undo_button, self.bot_button, self.run_button]),
                self.seat_row,
                self.teacher_box,
                self.settings_drawer,
                control_row([self.move_text, self.play_typed]),
                self.typed_example,
                control_row([legal, self.play_listed]),
                self.choice,
            ]
        )
        for button in (self.play_typed, self.play_listed):
            button.layout.flex = "0 0 auto"
        # classmates at one game from their own machines: the table page (when it is there)
        self.table_link = w.HTML(table_link_html(g.id))
        #: the page's other ways to play, as links (a play page fills it: widgets.page)
        self.ways = w.HTML(layout=w.Layout(display="none"))
        #: told the number of players when a resumed save changes it (the page's Ways to play)
        self.on_players: Callable[[int], None] | None = None
        self.ways.add_class("navalkit-ways")
        side = w.VBox(
            [
                self.series,
                controls,
                self.ways,
                w.HTML("<b>Moves</b>"),
                self.log_view,
                self.table_link,
            ],
            # narrow enough to stay beside a board up to 1,000 px wide on a school laptop's
            # screen (1366 px), wider where there is room
            layout=w.Layout(
                flex="1 1 320px", min_width="300px", max_width="460px", padding="0 0 0 12px"
            ),
        )
        # whose turn it is and what just happened stay above the board, where the eye is; the
        # board grows with the page and keeps its shape; on a narrow screen the side panel
        # wraps under it instead of being cut off
        news = w.VBox([self.status, self.message, self.cover])
        # 210 px: what stands above the board on a play page (its title, a line of how to
        # start, the status and the room kept for two lines of news), so that on a school
        # laptop's screen (768 px) the board is whole, shrunk at most to 0.8 (its smallest
        # labels some 9 px), and stays where it is as news comes and goes
        row = w.HBox(
            [self.board.fluid(reserve_px=210, smallest=0.8), side],
            layout=board_row(),
        )
        # the board in words (for screen readers; two screens long on a phone for Far Seas)
        # comes last, after the folded sections, so that a student scrolling down from the
        # board meets the settings and the rules first
        self.widget = w.VBox([self.title, news, row, rules, self.description])
        self.widget.add_class("navalkit-app")

    def _button(self, label: str, fn: Callable[[], Any], icon: str) -> w.Button:
        button = w.Button(description=label, icon=icon, layout=w.Layout(width="auto"))
        button.on_click(lambda _b: self._do(fn))
        return button

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # --- painting the session's screen --------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the board (only changed layers) and every text from the session."""
        self._paint(self.session.screen())

    def _seat_lists(self) -> list[w.Dropdown]:
        """One list of who plays each seat of the game played (see forms.seat_lists)."""
        boxes = seat_lists(self.game, self.seats, seat_choices(self.game, self.seats))
        for i, box in enumerate(boxes):
            box.observe(lambda ch, i=i: self._set_seat(i, ch["new"]), "value")
            box.disabled = self.student
        return boxes

    def _fit_seats(self) -> None:
        """A game of another number of players (a save resumed from another table): as many
        seat lists as it has seats, and the Ways to play say how many play now."""
        if len(self.seat_boxes) == len(self.seats):
            return
        for box in self.seat_boxes:
            box.close()
        self.seat_boxes = self._seat_lists()
        self.seat_row.children = (self.seed_box, *self.seat_boxes)
        if self.on_players is not None:
            self.on_players(len(self.seats))

    def _keep_fault(self, fault: str) -> None:
        """A fault of ours (its traceback): in the server's log, and on a teacher's page in a
        folded section of its own, which appears with the first fault."""
        LOG.error("a fault on the %s page:\n%s", self.game.title, fault)
        if self.student:
            return
        if self.debug not in self.rules_panel.children:
            self.rules_panel.children = (*self.rules_panel.children, self.debug)
            self.rules_panel.set_title(len(self.rules_panel.children) - 1, FAULT_TITLE)
        self.debug.append_stdout(fault)

    def _paint(self, screen: Screen) -> None:
        self._fit_seats()
        m, g = self.match, self.game
        self.board.show(screen.scene)
        self.cover.layout.display = "" if screen.covered else "none"
        if screen.covered:
            self.cover.description = screen.cover_label
        self.status.value = html.escape(screen.status, quote=False)
        self.series.value = html.escape(screen.series, quote=False)
        self.series.layout.display = "" if screen.series else "none"
        self.description.value = words_html(screen.description)
        if screen.refusal is not None:
            r = screen.refusal
            self.message.value = refusal_html(g, r.rule, r.reason)
        elif screen.error is not None:
            self.message.value = refusal_html(g, NO_RULE, screen.error)
        else:
            self.message.value = messages_html(screen.messages)
        if self.session.fault is not None:
            self._keep_fault(self.session.fault)
            self.session.fault = None
        self._syncing = True
        try:
            show_legal(self.legal_list, screen.legal_words)
            # the example under the box: in the box, a long one was cut ("…end the t")
            show_example(self.typed_example, screen.typed_example)
            self.choice.options = list(screen.choices)
            if screen.choice is not None and screen.choices:
                self.choice.value = screen.choice
            self.choice.layout.display = "" if screen.choices else "none"
            self.seed_box.value = m.seed
            for box, who in zip(self.seat_boxes, self.seats, strict=True):
                box.value = who
            self.teacher_box.value = self.teacher
        finally:
            self._syncing = False
        self.log_view.value = log_html(recent_log(m.events, LOG_LINES, event_words))
        self.undo_button.disabled = not screen.can_undo
        self.bot_button.disabled = screen.over
        self.run_button.disabled = screen.over

    # --- forwarding to the session ------------------------------------------------------------
    def _do(self, request: Callable[[], Any]) -> None:
        """Run a session request (it keeps refusals and faults to show) and repaint."""
        request()
        self.refresh()

    def _guard(self, fn: Callable[[], Any]) -> None:
        """Run a callback of the app's own panels under the session's guard, and repaint."""
        self._do(lambda: self.session.act(fn))

    def click(self, region: str | None) -> None:
        """A click on the board at ``region`` (a square name), as a student would make it.
        Refusals are shown in the page, never raised."""
        self._do(lambda: self.session.click(region))

    def key(self, key: str) -> None:
        """A key pressed on the focused board: arrows move the cursor, Enter/Space click
        under it, Escape drops a half-made move."""
        self._do(lambda: self.session.key(key))

    def play(self, action: Any) -> None:
        """Play ``action`` (an action object or its JSON) for the seat to move; a refusal is
        shown in the page."""
        self._do(lambda: self.session.play(action))

    def _on_typed(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self._do(self._typed_move)

    def _typed_move(self) -> None:
        if self.session.play_typed(self.move_text.value):
            self.move_text.value = ""

    def _listed_move(self) -> None:
        self.session.play_listed(self.legal_list.value)

    def _on_choice(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self._do(lambda: self.session.set_choice(change["new"]))

    def _teachers_only(self, what: str) -> bool:
        """On a student's page a teacher's control changed from the page anyway (it is hidden
        or disabled there) is refused and put back; True if so."""
        if self.student:
            self.refresh()
            self.tell(f"Only the teacher's page {what}.")
        return self.student

    def _on_teacher_box(self, change: dict[str, Any]) -> None:
        if not self._syncing and not self._teachers_only("shows everything"):
            self._do(lambda: self.session.set_teacher(change["new"]))

    def _set_seat(self, seat: int, who: str) -> None:
        if not self._syncing and not self._teachers_only("changes who plays each seat"):
            self._do(lambda: self.session.set_seat(seat, who))

    def _new_game(self) -> None:
        config = {name: box.value for name, box in self.setting_boxes.items()}
        typed = None if self.student else self.seed_box.value  # a student's deal is fresh
        try:  # the seed typed, unless it is this game's: "New game" never repeats a deal
            seed = new_deal(typed, self.match.seed)
        except ValueError as exc:
            self.tell(str(exc))
            return
        if self.session.start(seed=seed, seats=list(self.seats), **config):
            self.seed_box.value = seed
            self._sync_settings()
            said = "New game." if self.student else f"New game, game number {seed}."
            self.session.say(said)

    def start(self, *, seed: int, seats: list[str], **config: Any) -> None:
        """Start a new game at this table (same number of players) with these seats and
        settings, as *New game* does: a wrong seat or setting is refused and nothing changes.

        The play pages use it in a kernel Voila preheated: the widgets are built before a
        student arrives, and the student's query only starts the game it asks for.
        """
        self.session.begin(seed=seed, seats=seats, **config)
        self._sync_settings()
        self.refresh()

    def _sync_settings(self) -> None:
        self._syncing = True
        try:
            for name, box in self.setting_boxes.items():
                box.value = getattr(self.match.config, name)
        finally:
            self._syncing = False
        self.settings_view.value = settings_html(self.game, self.match.config)

    def tell(self, text: str) -> None:
        """Add ``text`` to the message line (a note, not a refusal)."""
        self.session.say(text)
        self.message.value = "".join(info_html(t) for t in self.session.messages)

    def _resume_match(self, match: Any) -> None:
        """Carry on with a saved game (the current one is kept if it is another game's)."""
        if not self.session.resume(match):
            raise ValueError(self.session.error or "That save cannot be resumed.")
