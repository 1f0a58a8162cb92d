"""One game at one screen: the play session that the Jupyter widget and the server-free site
both drive.

A :class:`PlaySession` holds the Match, who plays each seat, the half-made click path, the
keyboard cursor, the hot-seat hand-over and the last thing to say. Its methods are everything a
page lets a person do (click a board region, press a key, play a listed or typed move, let the
computer move, undo, start a new game, resume a save); each runs under one guard that turns a
refusal into its rule and reason, a bad value into a plain sentence, and a fault of ours into
"the game is unchanged", so nothing ever escapes to the page. :meth:`PlaySession.screen` then
says what the page shows, as data: the board as a Scene (covered for a hand-over, with the
cursor ring) and every text. GameApp paints it with widgets, the site sends it as JSON.

No widget library here: this module runs in Jupyter kernels and in Pyodide alike.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from navalkit.core import IllegalActionError, NavalkitError, load_match, new_match
from navalkit.core.clauses import PROVENANCE_MEANING
from navalkit.core.protocol import changes_words
from navalkit.core.words import owned, points
from navalkit.render.games import NOT_RUNNING, draw, region_words
from navalkit.render.scene import Box, Layer, Rect, Scene, text_box

from .clicks import next_steps, resolve_click, typed_action, typed_example, typed_path
from .cover import cover_scene
from .keys import ARROWS, CANCEL_KEYS, CLICK_KEYS, next_region
from .seats import (
    HUMAN,
    NOTHING_THERE,
    auto_play,
    check_seats,
    click_refusal,
    computer_move,
    default_seats,
    humans,
    needs_cover,
    one_person,
    others_of,
    run_to_end,
    undo_human_move,
    viewer,
    visible_legal,
)

#: what a page says of a fault of ours (a bug, not the student's move)
FAULT_WORDS = (
    "Something went wrong on our side, not in your move: the game is unchanged. If it happens "
    "again, tell your teacher."
)


@dataclass(frozen=True)
class Refusal:
    """A refused move as a page shows it: the reason, and the rule it breaks with the rule's
    title and provenance (SEED, SRC or HOUSE) and what that provenance means."""

    reason: str
    rule: str
    title: str = ""
    provenance: str = ""
    meaning: str = ""
    cite: str = ""  # the rule in words, as a page shows it: "rule: Winning the game"

    def to_json(self) -> dict[str, str]:
        return {
            "reason": self.reason,
            "rule": self.rule,
            "title": self.title,
            "provenance": self.provenance,
            "meaning": self.meaning,
            "cite": self.cite,
        }


def cite(game: Any, rule_id: str, reason: str) -> Refusal:
    """A refusal with the clause it cites (``rule_id`` may be no clause: ``navalkit``)."""
    clause = game.clauses.get(rule_id)
    if clause is None:
        return Refusal(reason, rule_id)
    meaning = PROVENANCE_MEANING.get(clause.provenance, "")
    words = game.clauses.cite(rule_id)
    return Refusal(reason, rule_id, clause.title, clause.provenance, meaning, words)


@dataclass(frozen=True)
class Screen:
    """Everything a page shows after a request, as data."""

    scene: Scene  # the board: covered for a hand-over, with the keyboard cursor drawn
    status: str
    messages: tuple[str, ...]
    refusal: Refusal | None
    error: str | None
    covered: bool
    cover_label: str
    description: str  # the position in words (for screen readers)
    legal: tuple[Any, ...]  # the moves this screen may list (only the mover's, never covered)
    legal_words: tuple[str, ...]
    typed_example: str
    choices: tuple[tuple[str, str], ...]  # options picked before clicking: (label, value)
    choice: str | None
    selected: tuple[str, ...]  # the half-made click path
    viewer: int | None  # whose view the board shows (None: everything)
    over: bool
    can_undo: bool
    computer_to_move: bool
    series: str = ""  # the running score of the games finished at this screen ("" before any)


def cursor_box(scene: Scene, box: Box) -> Box:
    """The box ``(x, y, w, h)`` the keyboard cursor's ring goes round for a region's ``box``:
    the region and the words its ring would cross that go with it (centred over or under it,
    or level with it beside it), and then those a ring so grown would cross (a ship's third
    line), so that the ring frames an Age of Sail ship with her name and state rather than
    striking through them. Its two strokes paint from 2.5 px outside the box to 1.75 px
    inside."""
    x, y, w, h = box
    x0, y0, x1, y1 = x, y, x + w, y + h
    for _ in range(CURSOR_GROWTH):
        outer, inner = (x0 - 2.5, y0 - 2.5, x1 + 2.5, y1 + 2.5), (x0 + 2, y0 + 2, x1 - 2, y1 - 2)
        grown = (x0, y0, x1, y1)
        for t in scene.words_crossing(outer, inner):
            a, b, c, d = text_box(t)
            if x <= (a + c) / 2 <= x + w or y <= (b + d) / 2 <= y + h:
                x0, y0, x1, y1 = min(x0, a - 2), min(y0, b - 2), max(x1, c + 2), max(y1, d + 2)
        if (x0, y0, x1, y1) == grown:
            break
    return x0, y0, x1 - x0, y1 - y0


#: how many times the keyboard cursor's ring may grow to take in the words it crosses
CURSOR_GROWTH = 4


class PlaySession:
    """A game at a screen. ``seats`` names who plays each seat (``"human"`` or a bot name);
    ``teacher=True`` shows everything, hidden information included, on purpose."""

    def __init__(
        self,
        game_id: str,
        *,
        seed: int = 0,
        players: int | None = None,
        seats: list[str] | None = None,
        teacher: bool = False,
        theme: Any = None,
        **config: Any,
    ) -> None:
        self.match = new_match(game_id, seed=seed, players=players, **config)
        self.game = self.match.game
        n = self.match.players
        self.seats: list[str] = check_seats(self.game, seats or default_seats(self.game, n), n)
        self.teacher = teacher
        self.theme = theme
        self.choice: str | None = None
        self.cursor: str | None = None
        self.path: tuple[str, ...] = ()
        self.marks: tuple[str, ...] = ()
        self._shown_to: int | None = None  # the person the hand-over screen was lifted for
        self.messages: list[str] = []
        self.refusal: Refusal | None = None
        self.error: str | None = None
        self.fault: str | None = None  # the last fault's traceback, for a teacher's details
        self._scene: Scene | None = None
        #: the scores of the games finished at this screen, in order (a series)
        self.finished: list[tuple[float, ...]] = []
        auto_play(self.match, self.seats)

    # --- who sees what ------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return humans(self.seats)

    @property
    def viewer(self) -> int | None:
        """The seat whose view the board shows (None: everything)."""
        return viewer(self.match, self.seats, self.teacher)

    @property
    def covered(self) -> bool:
        """Hot-seat: the board stays hidden until the next person says they are at the screen."""
        return needs_cover(self.match, self.seats, self.teacher, self._shown_to)

    def account(self) -> tuple[str, str] | None:
        """The file a student's page offers: what the seat at the screen knows of the game
        (``Match.record_for``: no seed, no hidden card, not resumable), as its file name and
        JSON text; None when no seat's view is on the screen (behind a hand-over screen, on the
        teacher's view, or at a table of computers)."""
        seat = self.viewer
        if seat is None or self.covered:
            return None
        name = self.game.player_name(seat).replace(" ", "-")
        text = json.dumps(self.match.record_for(seat), indent=1, ensure_ascii=False) + "\n"
        return f"navalkit-{self.game.id}-{name}.json", text

    def legal(self) -> Sequence[Any]:
        """The moves the clicking person may see: the mover's only, and none behind the
        hand-over screen (they would show a hand)."""
        return visible_legal(self.match, self.seats, self.teacher, self.covered)

    def _prefix(self) -> tuple[str, ...]:
        """The option picked before clicking (e.g. which ship to place), if the game asks."""
        values = [value for _label, value in self.game.ui_choices(self.match.state)]
        if not values:
            return ()
        if self.choice not in values:
            self.choice = values[0]
        return (self.choice,) if self.choice else ()

    # --- what the page shows --------------------------------------------------------------
    def not_running(self) -> str:
        """Why nobody may move although the position names a player to, in words the board
        says instead of whose turn it is ("": the game runs; a shared table says "waiting for
        players" until every seat is taken)."""
        return ""

    def board(self) -> Scene:
        """The board as the viewer may see it, with the selection, its targets, the marks of
        a refusal, the hand-over cover and the keyboard cursor."""
        m, g = self.match, self.game
        marks: dict[str, Any] = {}
        if self.path or self.marks:
            full = self._prefix() + self.path
            marks = {
                "selected": self.path[-1] if self.path else None,
                "targets": next_steps(g, m.legal_actions(), full) if self.path else (),
                "marks": self.marks,
            }
        if self.not_running():  # nobody may move: the board names nobody to play
            marks[NOT_RUNNING] = self.not_running()
        scene = draw(g, m.observe(self.viewer), self.theme, **marks)
        if self.covered:
            # nothing of the next seat's view reaches the page until they are there
            scene = cover_scene(scene, f"Hand over to {g.player_name(self.viewer)}")
        else:
            scene = self._with_cursor(scene)
        self._scene = scene
        return scene

    def _with_cursor(self, scene: Scene) -> Scene:
        """The keyboard cursor as a ring on top of the board, round the region and the words
        that go with it: the ring round an Age of Sail ship's box struck through her name and
        her "P3 S3 M3 H3", just above and below her (see :func:`cursor_box`)."""
        region = scene.region(self.cursor)
        if region is None:
            return scene
        x, y, w, h = cursor_box(scene, region.box())
        ring = Rect(x - 1, y - 1, w + 2, h + 2, stroke="#000000", line_width=3)
        inner = Rect(x + 1, y + 1, w - 2, h - 2, stroke="#ffffff", line_width=1.5)
        top = scene.layer_names[-1]
        return scene.with_layer(Layer(top, (*scene.layer(top).ops, ring, inner)))

    def screen(self) -> Screen:
        """What the page shows now."""
        m, g = self.match, self.game
        scene = self.board()
        covered = self.covered
        name = "" if self.viewer is None else g.player_name(self.viewer)
        # "You see Germany's view", "the Allies' view", "the First admiral's", "the view of
        # A (south)"
        who = f" You see {owned('view', name)}." if name else ""
        self._prefix()
        legal = tuple(self.legal())
        mover = m.current_player
        return Screen(
            scene=scene,
            status=m.status + ("" if covered else who),
            # a line that repeats the status (a move that ended the game and says so) is shown
            # once, in the status line
            messages=tuple(t for t in self.messages if t != m.status),
            refusal=self.refusal,
            error=self.error,
            covered=covered,
            cover_label=f"I am {g.player_name(self.viewer)}: show my board" if covered else "",
            description=(
                "(screened until the next player is at the screen)"
                if covered
                else scene.description
            ),
            legal=legal,
            legal_words=tuple(m.describe(a) for a in legal),
            typed_example=typed_example(g, m.state, list(legal), self._prefix()),
            choices=tuple(g.ui_choices(m.state)),
            choice=self.choice,
            selected=self.path,
            viewer=self.viewer,
            over=m.is_over,
            can_undo=bool(m.history),
            computer_to_move=mover is not None and self.seats[mover] != HUMAN,
            series=self.series_words(),
        )

    def series_totals(self) -> tuple[float, ...]:
        """Each seat's points over the finished games of this screen and, once it is over,
        the game in progress (a series: the seed of Branle-Bas carries its gains and losses
        on into the next game)."""
        games = [*self.finished, *([tuple(self.match.scores)] if self.match.is_over else [])]
        return tuple(sum(g[i] for g in games) for i in range(self.match.players))

    def series_words(self) -> str:
        """The running score in words, once a game has finished ("" before)."""
        played = len(self.finished) + (1 if self.match.is_over else 0)
        if not played:
            return ""
        g = self.game
        totals = ", ".join(
            f"{g.player_name(i)} {points(t)}" for i, t in enumerate(self.series_totals())
        )
        games = "1 game" if played == 1 else f"{played} games"
        note = g.series_note
        return f"Series after {games}: {totals}." + (f" {note}" if note else "")

    # --- the guard ------------------------------------------------------------------------
    def act(self, request: Callable[[], Any]) -> bool:
        """Run one request; a refusal, a bad value or a fault is kept to be shown, and the
        game stays as it was. True when the request went through."""
        # a refusal's marks go with its words: anything else that happens (a move by anyone,
        # a click, a key) clears them, as it clears the refusal
        self.messages, self.refusal, self.error, self.marks = [], None, None, ()
        try:
            request()
        except IllegalActionError as exc:
            self.refusal = cite(self.game, exc.rule_id, exc.reason)
            self.marks, self.path = tuple(exc.violation.squares), ()
        except (NavalkitError, ValueError) as exc:
            self.error = str(exc)
        except Exception:  # a fault of ours: say so, keep the game as it was
            # the student reads plain words; what it was (its type, its traceback) is kept for
            # the teacher's page and the server's log
            self.error = FAULT_WORDS
            self.fault = traceback.format_exc()
        else:
            return True
        return False

    def say(self, text: str) -> None:
        """Add a line to what the page says (a note, not a refusal)."""
        self.messages.append(text)

    # --- requests -------------------------------------------------------------------------
    def click(self, region: str | None) -> bool:
        """A click on the board region ``region`` (None: off the board)."""
        return self.act(lambda: self._click(region))

    def click_at(self, x: float, y: float) -> bool:
        """A click at scene coordinates ``(x, y)`` on the board last shown."""
        scene = self._scene if self._scene is not None else self.board()
        return self.click(scene.hit(x, y))

    def _click(self, region: str | None) -> None:
        self.marks = ()
        blocked = click_refusal(self.match, self.seats, self.covered, region)
        if blocked is not None or region is None:
            self.say(blocked or NOTHING_THERE)
            return
        state = self.match.state
        click = resolve_click(self.game, state, self.legal(), self.path, region, self._prefix())
        self.path = click.path
        if click.kind in ("play", "judge"):  # "judge": nothing legal, the Match says why
            self._play(click.action)
            self._keep_selected(region)
        elif click.kind == "hint":  # the square is kept, so a second click is judged
            self.say(click.hint)
            self.marks = (region,)

    def key(self, key: str) -> bool:
        """A key on the focused board: arrows move the cursor between regions, Enter or Space
        click under it, Escape drops a half-made move; other keys do nothing."""
        if key not in (*CANCEL_KEYS, *CLICK_KEYS, *ARROWS):
            return True
        scene = self._scene if self._scene is not None else self.board()

        def press() -> None:
            if key in CANCEL_KEYS:
                self.path, self.marks = (), ()
                self.say("Move cancelled.")
            elif key in CLICK_KEYS:
                if self.cursor is None:
                    self.cursor = next_region(scene.regions, None, key)
                self._click(self.cursor)
            elif key in ARROWS:
                self.cursor = next_region(scene.regions, self.cursor, key)
                self.say(f"Cursor on {self.cursor_words(scene, self.cursor)}.")

        return self.act(press)

    def cursor_words(self, scene: Scene, region: str | None) -> str:
        """What ``region`` of the board ``scene`` is, in words: the game's, from what this
        page's seat sees (render.games.region_words), else the words the board writes on it (a
        button's label), else "an empty place". It said the region's code ("ship:1")."""
        if region is None:
            return "nothing"
        words = region_words(self.game, self.match.observe(self.viewer), region)
        if words:
            return words
        found = scene.region(region)
        if found is not None:
            x, y, w, h = found.box()
            drawn = [t.text for t in scene.words_within((x, y, x + w, y + h))]
            if drawn:
                return ", ".join(dict.fromkeys(drawn))
        return "an empty place"

    def _keep_selected(self, region: str) -> None:
        """After a click that played a step, keep its region selected when every move of the
        same player now starts there (a touched piece that must be played, BB-TOUCH), so the
        next click finishes the move as on any board."""
        if self.path or self.match.is_over:
            return
        paths = [self.game.action_path(a) for a in self.legal()]
        if paths and all(p[:1] == (region,) and len(p) > 1 for p in paths):
            self.path = (region,)

    def _play(self, action: Any) -> None:
        seen = len(self.match.events)
        self.match.apply(action)
        auto_play(self.match, self.seats)
        self.messages = [e.text for e in self.match.events[seen:]]

    def play(self, action: Any) -> bool:
        """Play ``action`` (an action or its JSON) for the seat to move."""

        def go() -> None:
            self.path = ()
            self._play(action)

        return self.act(go)

    def play_listed(self, index: int | None) -> bool:
        """Play the ``index``-th move of the screen's list."""

        def go() -> None:
            legal = self.legal()
            if index is None or not 0 <= index < len(legal):
                raise ValueError("Choose a move in the list first.")
            self.path = ()
            self._play(legal[index])

        return self.act(go)

    def play_typed(self, text: str) -> bool:
        """Play a typed move such as ``j5 j7`` (a path of regions, or a move in words)."""

        def go() -> None:
            full = self._prefix() + typed_path(text)
            self.path = ()
            self._play(typed_action(self.game, self.match.state, self.legal(), full, text))

        return self.act(go)

    def set_choice(self, value: str) -> bool:
        """Pick an option offered before clicking (e.g. which ship to place)."""

        def pick() -> None:
            values = [v for _label, v in self.game.ui_choices(self.match.state)]
            if value not in values:
                raise ValueError(f"{value!r} is not one of the options now.")
            self.choice, self.path = value, ()

        return self.act(pick)

    def cancel(self) -> bool:
        """Drop a half-made move."""
        return self.key("Escape")

    def computer(self) -> bool:
        """The computer moves for the seat to move (the game's heuristic for a person)."""

        def move() -> None:
            start = len(self.match.events)
            computer_move(self.match, self.seats)
            self.path = ()
            # its own move, in words (not the die or the card drawn after it, nor a code name)
            played = next(e for e in self.match.events[start:] if e.kind == "action")
            self.say(f"Computer move: {played.text}")
            auto_play(self.match, self.seats)

        return self.act(move)

    def run_to_end(self) -> bool:
        """The computer plays every seat (its own heuristic for the people) to the end."""

        def run() -> None:
            self.path = ()
            run_to_end(self.match, self.seats)
            # the status line above the board says how it ended: said once
            self.say("Played to the end." if self.match.is_over else self.match.status)

        return self.act(run)

    def undo(self) -> bool:
        """Take back the last move of a person (and the computer's replies to it)."""

        def back() -> None:
            self.path, self.marks = (), ()
            undo_human_move(self.match, self.seats)
            self.say("Move taken back.")

        return self.act(back)

    def uncover(self) -> bool:
        """Hot-seat: the next person is at the screen; show their board."""

        def show() -> None:
            self._shown_to = self.viewer

        return self.act(show)

    def set_teacher(self, on: bool) -> bool:
        """Teacher view: show everything, hidden information too (on purpose)."""

        def switch() -> None:
            self.teacher, self._shown_to = bool(on), None

        return self.act(switch)

    def set_seat(self, seat: int, who: str) -> bool:
        """A person or a computer player (by name) takes ``seat``."""

        def take() -> None:
            seats = list(self.seats)
            seats[seat] = who
            self.seats = check_seats(self.game, seats, self.match.players)
            auto_play(self.match, self.seats)

        return self.act(take)

    def begin(
        self,
        *,
        seed: int,
        seats: list[str] | None = None,
        players: int | None = None,
        **config: Any,
    ) -> None:
        """A new game at this screen with these seats and settings (the same number of
        players unless ``players`` says otherwise). A wrong seat (ValueError) or setting
        (ConfigError) raises, and the game in progress stays: :meth:`start` is the guarded
        request a page makes."""
        n = players if players is not None else self.match.players
        match = new_match(self.game.id, seed=seed, players=n, **config)
        chosen = check_seats(self.game, seats or default_seats(self.game, n), n)
        self._restart(match, chosen)
        auto_play(self.match, self.seats)

    def start(
        self,
        *,
        seed: int,
        seats: list[str] | None = None,
        players: int | None = None,
        **config: Any,
    ) -> bool:
        """:meth:`begin` as a page's request: a refusal is kept to be shown."""
        return self.act(lambda: self.begin(seed=seed, seats=seats, players=players, **config))

    def resume(self, save: Any) -> bool:
        """Carry on with a saved game (a Match, or its record as text); a damaged or another
        game's save is refused and the game in progress stays."""

        def load() -> None:
            if isinstance(save, str) and not save.strip():
                raise ValueError("Paste a saved game, or choose a save file, first.")
            match = load_match(save) if isinstance(save, str) else save
            if match.game.id != self.game.id:
                raise ValueError(f"That save is a {match.game.title} game, not {self.game.title}.")
            seats = self.seats
            if len(seats) != match.players:  # another table: the same kind of opponents
                lineup = one_person(match.players, others_of(seats))
                seats = check_seats(self.game, lineup, match.players)
            self._restart(match, seats)
            self.say(f"Resumed a saved game at move {len(match.history)}.")
            if match.older_rules:  # saved before a correction of the rules, and still fits it
                was = self.game.rules_before(match.older_rules)
                self.say(
                    f"It was saved under version {was.number} of the {self.game.title} rules; "
                    f"it goes on under version {self.game.rules_history[-1].number}, the "
                    f"corrected rules. What changed since: {changes_words(match.older_rules)}"
                )
                kept = self.game.kept_words(match.older_rules, match.config)
                if kept:
                    self.say(kept)

        return self.act(load)

    def _restart(self, match: Any, seats: list[str]) -> None:
        if self.match.players != match.players:
            self.finished = []  # another table: a new series
        elif self.match.is_over:
            self.finished.append(tuple(self.match.scores))  # carried on into the series
        self.match, self.seats = match, seats
        self.path, self.marks, self._shown_to, self.cursor = (), (), None, None
        self.choice = None
