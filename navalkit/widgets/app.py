"""GameApp: board + whose turn + status + move log + controls, for any registered game.

The app never decides what is legal: it asks the Match and draws the answer. Every callback
runs under :meth:`GameApp._guard`, so a refusal or a fault is shown in the page (never
swallowed, never a traceback) and the game stays as it was.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from navalkit.core import (
    IllegalActionError,
    NavalkitError,
    bot_names,
    get_game,
    new_match,
)
from navalkit.play import (
    HUMAN,
    auto_play,
    check_seats,
    click_refusal,
    computer_move,
    cover_scene,
    default_seats,
    needs_cover,
    next_steps,
    resolve_click,
    run_to_end,
    typed_action,
    typed_example,
    typed_path,
    undo_human_move,
    viewer,
    visible_legal,
)
from navalkit.render import Layer, Rect
from navalkit.render.canvas import CanvasBoard
from navalkit.render.games import draw

from .keyboard import ARROWS, CANCEL_KEYS, CLICK_KEYS, next_region
from .panels import clauses_html, info_html, log_html, refusal_html, settings_html
from .saves import SavePanel

__all__ = ["HUMAN", "GameApp"]


class GameApp:
    """A playable dashboard. ``seats`` names who plays each seat: ``"human"`` or a bot name.

    ``teacher=True`` shows everything (hidden information included) on purpose.
    """

    def __init__(
        self,
        game_id: str,
        *,
        seed: int = 0,
        players: int | None = None,
        seats: list[str] | None = None,
        teacher: bool = False,
        theme: Any = None,
        css_width: int = 620,
        **config: Any,
    ) -> None:
        self.game = get_game(game_id)
        self.theme = theme
        self.teacher = teacher
        self.match = new_match(game_id, seed=seed, players=players, **config)
        n = self.match.players
        self.seats: list[str] = check_seats(self.game, seats or default_seats(self.game, n), n)
        self._path: tuple[str, ...] = ()
        self._marks: tuple[str, ...] = ()
        self._shown_to: int | None = None  # the human seat the board was last uncovered for
        self._syncing = False  # True while start() sets the seat boxes
        self._build(css_width)
        self._auto_play()
        self.refresh()

    # --- layout -------------------------------------------------------------------------------
    def _build(self, css_width: int) -> None:
        g = self.game
        scene = draw(g, self.match.observe(None), self.theme)
        self.board = CanvasBoard(
            scene.width, scene.height, ("board", "pieces", "overlay"), css_width=css_width
        )
        self.board.widget.add_class("navalkit-board")
        self.board.on_click(lambda region, x, y: self.click(region))
        self._cursor: str | None = None
        self.board.widget.on_key_down(lambda key, *_mods: self._guard(lambda: self.key(str(key))))
        self.title = w.HTML(f"<h3 style='margin:4px 0'>{g.title}</h3>")
        self.status = w.Label(layout=w.Layout(width="100%"))
        self.status.add_class("navalkit-status")
        self.message = w.HTML()
        self.message.add_class("navalkit-message")
        self.description = w.HTML(layout=w.Layout(width="100%"))
        self.description.add_class("navalkit-description")
        self.choice = w.Dropdown(description="Place:", options=[], layout=w.Layout(width="280px"))
        self.cover = w.Button(
            description="Show my board", button_style="warning", layout=w.Layout(display="none")
        )
        self.cover.on_click(lambda _b: self._guard(self._uncover))
        b = self._button
        self.new_button = b("New game", self._new_game, "refresh")
        self.undo_button = b("Undo", self._undo, "undo")
        self.bot_button = b("Computer move", self._computer_move, "laptop")
        self.run_button = b("Play to the end", self._run_to_end, "forward")
        self.seed_box = w.IntText(
            value=self.match.seed, description="Seed:", layout=w.Layout(width="160px")
        )
        self.seat_boxes = [
            w.Dropdown(
                options=[HUMAN, *bot_names(g)],
                value=s,
                description=f"{g.player_name(i)}:",
                layout=w.Layout(width="230px"),
            )
            for i, s in enumerate(self.seats)
        ]
        for i, box in enumerate(self.seat_boxes):
            box.observe(lambda ch, i=i: self._guard(lambda: self._set_seat(i, ch["new"])), "value")
        self.setting_boxes = self._setting_widgets()
        self.teacher_box = w.Checkbox(
            value=self.teacher,
            description="Teacher view: show everything (hidden information too)",
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.teacher_box.observe(
            lambda ch: self._guard(lambda: self._set_teacher(ch["new"])), "value"
        )
        # Keyboard play: type a move, or choose it from the list of legal actions.
        self.move_text = w.Text(
            placeholder="type a move",
            description="Move:",
            layout=w.Layout(width="260px"),
        )
        self.move_text.continuous_update = False  # Enter (or leaving the box) plays the move
        self.move_text.observe(self._on_typed, "value")
        self.play_typed = b("Play typed move", self._typed_move, "keyboard")
        self.legal_list = w.Dropdown(
            description="Legal:", options=[], layout=w.Layout(width="380px")
        )
        self.play_listed = b("Play chosen move", self._listed_move, "check")
        self.log_view = w.HTML()
        self.saves = SavePanel(lambda: self.match, self._resume_match, self.tell, self._guard)
        self.record_box = self.saves.record_box
        self.save_button = self.saves.save_button
        self.resume_button = self.saves.resume_button
        self.debug = w.Output()
        rules = w.Accordion(
            children=[
                w.HTML(settings_html(g, self.match.config)),
                w.HTML(clauses_html(g)),
                self.saves.widget,
                self.debug,
            ],
            titles=(
                "Settings in force",
                "Rules and where they come from",
                "Save / resume",
                "Details",
            ),
        )
        rules.selected_index = None
        self.rules_panel = rules
        self.settings_view = rules.children[0]
        controls = w.VBox(
            [
                w.HBox([self.new_button, self.undo_button, self.bot_button, self.run_button]),
                w.HBox([self.seed_box, *self.seat_boxes]),
                self.teacher_box,
                w.HBox(list(self.setting_boxes.values()), layout=w.Layout(flex_flow="row wrap")),
                w.HBox([self.move_text, self.play_typed]),
                w.HBox([self.legal_list, self.play_listed]),
                self.choice,
            ]
        )
        side = w.VBox(
            [
                self.status,
                self.message,
                self.cover,
                controls,
                w.HTML("<b>Moves</b>"),
                self.log_view,
            ],
            layout=w.Layout(width="480px", padding="0 0 0 12px"),
        )
        self.widget = w.VBox(
            [self.title, w.HBox([self.board.widget, side]), self.description, rules]
        )
        self.widget.add_class("navalkit-app")

    def _button(self, label: str, fn: Callable[[], Any], icon: str) -> w.Button:
        button = w.Button(description=label, icon=icon, layout=w.Layout(width="auto"))
        button.on_click(lambda _b: self._guard(fn))
        return button

    def _setting_widgets(self) -> dict[str, w.Widget]:
        """One widget per setting, by the setting's name."""
        boxes = {}
        cfg = self.match.config
        for row in self.game.settings():
            name, now = row["setting"], getattr(cfg, row["setting"])
            style = {"description_width": "initial"}
            choices = self.game.config_type.__dataclass_fields__[name].metadata.get("choices")
            if isinstance(now, bool):
                box: w.Widget = w.Checkbox(value=now, description=name, style=style, indent=False)
            elif choices is not None:
                box = w.Dropdown(
                    options=list(choices),
                    value=now,
                    description=name,
                    style=style,
                    layout=w.Layout(width="220px"),
                )
            elif isinstance(now, int):
                box = w.IntText(
                    value=now, description=name, style=style, layout=w.Layout(width="180px")
                )
            else:
                box = w.Text(
                    value=str(now), description=name, style=style, layout=w.Layout(width="220px")
                )
            box.tooltip = f"{row['provenance']}: {row['help']}"
            boxes[name] = box
        return boxes

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # --- who sees what ------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    @property
    def viewer(self) -> int | None:
        """The seat whose view the board shows (None: everything)."""
        return viewer(self.match, self.seats, self.teacher)

    def _needs_cover(self) -> bool:
        """Hot-seat: hide the board until the next human says he is at the screen."""
        return needs_cover(self.match, self.seats, self.teacher, self._shown_to)

    def _uncover(self) -> None:
        self._shown_to = self.viewer
        self.refresh()

    # --- drawing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the board (only changed layers) and every text from the match."""
        m, g = self.match, self.game
        covered = self._needs_cover()
        obs = m.observe(self.viewer)
        marks: dict[str, Any] = {}
        sel, targets = self._selection()
        if sel is not None or targets or self._marks:
            marks = {"selected": sel, "targets": targets, "marks": self._marks}
        scene = draw(g, obs, self.theme, **marks)
        if covered:
            # Hot-seat: nothing of the next seat's view reaches the page until he is there
            # (not even hidden pixels); the board shows a hand-over screen instead.
            scene = cover_scene(scene, f"Hand over to {g.player_name(self.viewer)}")
        scene = self._with_cursor(scene)
        self.board.show(scene)
        self.cover.layout.display = "" if covered else "none"
        if covered:
            self.cover.description = f"I am {g.player_name(self.viewer)}: show my board"
        who = "" if self.viewer is None else f" You see {g.player_name(self.viewer)}'s view."
        self.status.value = m.status + ("" if covered else who)
        self.description.value = (
            "<b>Position in words:</b> (screened until the next player is at the screen)"
            if covered
            else f"<b>Position in words:</b> {scene.description}"
        )
        # Only the seat to move may see its legal actions: in a hidden-information game they
        # would reveal a hand to anyone else watching the screen.
        legal = visible_legal(m, self.seats, self.teacher, covered)
        self.legal_list.options = [(m.describe(a), i) for i, a in enumerate(legal)]
        self._legal = legal
        example = typed_example(g, m.state, legal)
        if example:
            self.move_text.placeholder = f"type a move, e.g. {example}"
        choices = g.ui_choices(m.state)
        self.choice.options = choices
        self.choice.layout.display = "" if choices else "none"
        self.log_view.value = log_html(m)
        self.undo_button.disabled = not m.history
        self.bot_button.disabled = m.is_over
        self.run_button.disabled = m.is_over

    def _with_cursor(self, scene: Any) -> Any:
        if self._needs_cover():
            return scene
        """Draw the keyboard cursor as a ring on top of the overlay layer."""
        region = next((r for r in scene.regions if r.id == self._cursor), None)
        if region is None:
            return scene
        x, y, w_, h = region.box()
        ring = Rect(x - 1, y - 1, w_ + 2, h + 2, stroke="#000000", line_width=3)
        inner = Rect(x + 1, y + 1, w_ - 2, h - 2, stroke="#ffffff", line_width=1.5)
        top = scene.layer_names[-1]
        layer = scene.layer(top)
        return scene.with_layer(Layer(top, (*layer.ops, ring, inner)))

    def key(self, key: str) -> None:
        """A key pressed on the focused board: arrows move the cursor, Enter/Space click
        under it, Escape drops a half-made move."""
        scene = self.board.scene
        if scene is None:
            return
        if key in CANCEL_KEYS:
            self._path, self._marks = (), ()
            self.message.value = info_html("Move cancelled.")
        elif key in CLICK_KEYS:
            if self._cursor is None:
                self._cursor = next_region(scene.regions, None, key)
            self._click(self._cursor)
            return
        elif key in ARROWS:
            self._cursor = next_region(scene.regions, self._cursor, key)
            self.message.value = info_html(f"Cursor on {self._cursor}.")
        else:
            return
        self.refresh()

    def _selection(self) -> tuple[str | None, tuple[str, ...]]:
        if not self._path:
            return None, ()
        full = self._full(self._path)
        return self._path[-1], next_steps(self.game, self.match.legal_actions(), full)

    # --- acting -------------------------------------------------------------------------------
    def _guard(self, fn: Callable[[], Any]) -> None:
        """Run a callback; show refusals and faults in the page; keep the game playable."""
        try:
            fn()
        except IllegalActionError as exc:
            self.message.value = refusal_html(self.game, exc.rule_id, exc.reason)
            self._marks = exc.violation.squares
            self._path = ()
            self.refresh()
        except (NavalkitError, ValueError) as exc:
            self.message.value = refusal_html(self.game, "navalkit", str(exc))
            self.refresh()
        except Exception as exc:  # a fault of ours: say so, keep the game as it was
            self.message.value = refusal_html(
                self.game,
                "navalkit",
                f"Something went wrong ({type(exc).__name__}: {exc}); the game is unchanged.",
            )
            with self.debug:
                traceback.print_exc()
            self.refresh()

    def _full(self, path: tuple[str, ...]) -> tuple[str, ...]:
        choice = self.choice.value if self.game.ui_choices(self.match.state) else None
        return ((choice,) if choice else ()) + path

    def click(self, region: str | None) -> None:
        """A click on the board at ``region`` (a square name), as a student would make it.
        Refusals are shown in the page, never raised."""
        self._guard(lambda: self._click(region))

    def _click(self, region: str | None) -> None:
        self.message.value = ""
        self._marks = ()
        blocked = click_refusal(self.match, self.seats, self._needs_cover(), region)
        if blocked is not None or region is None:
            self.message.value = info_html(blocked or "That click is off the board.")
            return
        state = self.match.state
        click = resolve_click(self.game, state, self._legal, self._path, region, self._full(()))
        self._path = click.path
        if click.kind == "play":
            self._play(click.action)
        elif click.kind == "judge":  # nothing legal: explain with the rules' own words
            self.match.apply(click.action)  # raises IllegalActionError with the rule and reason
            self._after_human()
        elif click.kind == "hint":  # the square is kept, so a second click is judged
            self.message.value = info_html(click.hint)
            self._marks = (region,)
            self.refresh()
        else:
            self.refresh()

    def play(self, action: Any) -> None:
        """Play ``action`` (an action object or its JSON) for the seat to move; a refusal is
        shown in the page."""
        self._guard(lambda: self._play(action))

    def _play(self, action: Any) -> None:
        self.match.apply(action)
        self._after_human()

    def _after_human(self) -> None:
        seen = len(self.match.events) - 1
        self._auto_play()
        said = [e.text for e in self.match.events[seen:]]
        self.message.value = "".join(info_html(t) for t in said)
        self.refresh()

    def _auto_play(self) -> None:
        """Let computer seats move until a human is to play (only when a human plays)."""
        auto_play(self.match, self.seats)

    def _computer_move(self) -> None:
        name = computer_move(self.match, self.seats)
        self._path = ()
        self.message.value = info_html(f"Computer ({name}): {self.match.events[-1].text}")
        self._auto_play()
        self.refresh()

    def _run_to_end(self) -> None:
        """Let the computer play every seat (its own heuristic for human seats) to the end."""
        run_to_end(self.match, self.seats)
        self.message.value = info_html(self.match.status)
        self.refresh()

    def _undo(self) -> None:
        """Take back the last human move (and the computer's replies to it)."""
        self._path = ()
        undo_human_move(self.match, self.seats)
        self.message.value = info_html("Move taken back.")
        self.refresh()

    def _new_game(self) -> None:
        config = {name: box.value for name, box in self.setting_boxes.items()}
        self.start(seed=int(self.seed_box.value), seats=list(self.seats), **config)
        self.message.value = info_html(f"New game, seed {self.match.seed}.")

    def _set_teacher(self, on: bool) -> None:
        self.teacher = on
        self._shown_to = None
        self.refresh()

    def start(self, *, seed: int, seats: list[str], **config: Any) -> None:
        """Start a new game at this table (same number of players) with these seats and
        settings, as *New game* does: a wrong seat or setting is refused and nothing changes.

        The play pages use it in a kernel Voila preheated: the widgets are built before a
        student arrives, and the student's query only starts the game it asks for.
        """
        n = self.match.players
        seats = check_seats(self.game, seats, n)
        match = new_match(self.game.id, seed=seed, players=n, **config)
        self.match, self.seats = match, seats
        self._path, self._marks, self._shown_to = (), (), None
        self._syncing = True
        try:
            self.seed_box.value = seed
            for box, who in zip(self.seat_boxes, seats, strict=True):
                box.value = who
            for name, box in self.setting_boxes.items():
                box.value = getattr(match.config, name)
        finally:
            self._syncing = False
        self.settings_view.value = settings_html(self.game, match.config)
        self._auto_play()
        self.refresh()

    def _set_seat(self, seat: int, who: str) -> None:
        if self._syncing:
            return
        self.seats[seat] = who
        self._auto_play()
        self.refresh()

    def _on_typed(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self._guard(self._typed_move)

    def _typed_move(self) -> None:
        text = self.move_text.value
        path = self._full(typed_path(text))
        self._path = ()
        action = typed_action(self.game, self.match.state, self._legal, path, text)
        if action in self._legal:
            self.move_text.value = ""
        self._play(action)

    def _listed_move(self) -> None:
        if self.legal_list.value is None:
            raise ValueError("Choose a move in the list first.")
        self._play(self._legal[self.legal_list.value])

    def tell(self, text: str) -> None:
        """Show ``text`` in the message line (a note, not a refusal)."""
        self.message.value = info_html(text)

    def _resume_match(self, match: Any) -> None:
        """Carry on with a saved game (the current one is kept if it is another game's)."""
        if match.game.id != self.game.id:
            raise ValueError(f"That save is a {match.game.title} game, not {self.game.title}.")
        self.match = match
        self._path, self._marks, self._shown_to = (), (), None
        self.message.value = info_html(f"Resumed a saved game at move {len(match.history)}.")
        self.refresh()
