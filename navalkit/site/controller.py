"""The Python half of the server-free site: one game in progress, driven by the page's clicks.

It runs inside Pyodide in the student's browser (and in CPython for the tests). Every call
returns a *view*: a JSON-able dict holding the board as SVG text and every text the page shows
(status, message, refusal with its rule and provenance, legal moves, moves so far, the position
in words). The page never decides anything: it shows the view and sends back clicks in the
board's scene coordinates. The rules stay the judge, through the Match, and the click and seat
logic is :mod:`navalkit.play`, the same GameApp uses in Jupyter.

A refusal or a fault never escapes: it is turned into the view's ``refusal`` or ``error``
and the game stays as it was.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlencode

from navalkit.core import (
    IllegalActionError,
    NavalkitError,
    bot_names,
    get_game,
    load_match,
    new_match,
)
from navalkit.core.clauses import PROVENANCE_MEANING
from navalkit.core.config import config_to_json
from navalkit.play import (
    HUMAN,
    auto_play,
    check_seats,
    click_refusal,
    computer_move,
    cover_scene,
    needs_cover,
    next_steps,
    resolve_click,
    typed_action,
    typed_example,
    typed_path,
    undo_human_move,
    viewer,
    visible_legal,
)
from navalkit.play.options import opponent_bot, play_options
from navalkit.render.games import draw
from navalkit.render.scene import Scene
from navalkit.render.svg import scene_to_svg

#: the opponent that plays every seat but the first: a person at the same screen (hot-seat)
HOT_SEAT = "human"
LOG_LENGTH = 12


def seats_for(game: Any, players: int, opponent: str) -> list[str]:
    """A person on the first seat; the others hot-seat (``human``) or the opponent bot."""
    other = opponent_bot(game, opponent)
    return check_seats(game, [HUMAN] + [other] * (players - 1), players)


def opponent_of(seats: list[str]) -> str:
    """The opponent a list of seats shows: its bot, or ``human`` for a table of people."""
    return next((s for s in seats if s != HUMAN), HOT_SEAT)


def cite(game: Any, rule_id: str, reason: str) -> dict[str, str]:
    """A refusal as the page shows it: the reason, the rule's id, title and provenance."""
    clause = game.clauses.get(rule_id)
    provenance = clause.provenance if clause is not None else ""
    return {
        "reason": reason,
        "rule": rule_id,
        "title": clause.title if clause is not None else "",
        "provenance": provenance,
        "meaning": PROVENANCE_MEANING.get(provenance, ""),
    }


class SiteGame:
    """One game on the page: the Match, who plays each seat, and the half-made move."""

    def __init__(
        self,
        game_id: str,
        *,
        seed: int = 0,
        players: int | None = None,
        opponent: str = "greedy",
        seats: list[str] | None = None,
        teacher: bool = False,
        **config: Any,
    ) -> None:
        """``seats`` (who plays each seat) wins over ``opponent`` (a person on the first
        seat, the opponent on the others); ``config`` is the game's settings."""
        self.game = get_game(game_id)
        self.match = new_match(game_id, seed=seed, players=players, **config)
        n = self.match.players
        self.seats = (
            check_seats(self.game, seats, n) if seats else seats_for(self.game, n, opponent)
        )
        self.opponent = opponent_of(self.seats)
        self.teacher = teacher
        self.choice: str | None = None
        self._path: tuple[str, ...] = ()
        self._marks: tuple[str, ...] = ()
        self._shown_to: int | None = None
        self._messages: list[str] = []
        self._refusal: dict[str, str] | None = None
        self._error: str | None = None
        self._scene: Scene | None = None
        auto_play(self.match, self.seats)

    # --- what the page shows --------------------------------------------------------------
    @property
    def covered(self) -> bool:
        return needs_cover(self.match, self.seats, self.teacher, self._shown_to)

    @property
    def viewer(self) -> int | None:
        return viewer(self.match, self.seats, self.teacher)

    def _legal(self) -> list[Any]:
        """The legal actions the clicking person may see: only the seat to move's, and not
        behind the hand-over screen (they would reveal a hand)."""
        return visible_legal(self.match, self.seats, self.teacher, self.covered)

    def _prefix(self) -> tuple[str, ...]:
        choices = [value for _label, value in self.game.ui_choices(self.match.state)]
        if not choices:
            return ()
        if self.choice not in choices:
            self.choice = choices[0]
        return (self.choice,) if self.choice else ()

    def _draw(self) -> Scene:
        m, g = self.match, self.game
        marks: dict[str, Any] = {}
        if self._path or self._marks:
            full = self._prefix() + self._path
            targets = next_steps(g, m.legal_actions(), full) if self._path else ()
            selected = self._path[-1] if self._path else None
            marks = {"selected": selected, "targets": targets, "marks": self._marks}
        scene: Scene = draw(g, m.observe(self.viewer), None, **marks)
        if self.covered:
            # Hot-seat: nothing of the next seat's view reaches the page until he is there.
            scene = cover_scene(scene, f"Hand over to {g.player_name(self.viewer)}")
        return scene

    def view(self) -> dict[str, Any]:
        """Everything the page shows, as JSON-able data."""
        m, g = self.match, self.game
        scene = self._draw()
        self._scene = scene
        covered = self.covered
        who = "" if self.viewer is None else f" You see {g.player_name(self.viewer)}'s view."
        events = m.events[-LOG_LENGTH:]
        first = len(m.events) - len(events)
        self._prefix()
        legal = self._legal()
        return {
            "game": g.id,
            "title": g.title,
            "seed": m.seed,
            "players": m.players,
            "opponent": self.opponent,
            "teacher": self.teacher,
            "svg": scene_to_svg(scene),
            "width": scene.width,
            "height": scene.height,
            "status": m.status + ("" if covered else who),
            "messages": list(self._messages),
            "refusal": self._refusal,
            "error": self._error,
            "covered": covered,
            "cover_label": (f"I am {g.player_name(self.viewer)}: show my board" if covered else ""),
            "description": (
                "(screened until the next player is at the screen)"
                if covered
                else scene.description
            ),
            "legal": [m.describe(a) for a in legal],
            "typed_example": typed_example(g, m.state, legal),
            "choices": [[label, value] for label, value in g.ui_choices(m.state)],
            "choice": self.choice,
            "selected": list(self._path),
            "log": [{"n": first + i + 1, "text": e.text} for i, e in enumerate(events)],
            "over": m.is_over,
            "can_undo": bool(m.history),
            "computer_to_move": (
                m.current_player is not None and self.seats[m.current_player] != HUMAN
            ),
        }

    # --- acting: every call returns the new view --------------------------------------------
    def _act(self, fn: Callable[[], Any]) -> dict[str, Any]:
        """Run one request; turn refusals and faults into the view; keep the game playable."""
        self._messages, self._refusal, self._error = [], None, None
        try:
            fn()
        except IllegalActionError as exc:
            self._refusal = cite(self.game, exc.rule_id, exc.reason)
            self._marks, self._path = exc.violation.squares, ()
        except (NavalkitError, ValueError) as exc:
            self._error = str(exc)
        except Exception as exc:  # a fault of ours: say so, keep the game as it was
            self._error = (
                f"Something went wrong ({type(exc).__name__}: {exc}); the game is unchanged."
            )
            traceback.print_exc()
        return self.view()

    def _say(self, text: str) -> None:
        self._messages.append(text)

    def click(self, x: float, y: float) -> dict[str, Any]:
        """A click at scene coordinates ``(x, y)`` on the board last shown."""
        scene = self._scene if self._scene is not None else self._draw()
        return self._act(lambda: self._click(scene.hit(x, y)))

    def click_region(self, region: str | None) -> dict[str, Any]:
        """A click on the board region ``region`` (a square name)."""
        return self._act(lambda: self._click(region))

    def _click(self, region: str | None) -> None:
        self._marks = ()
        blocked = click_refusal(self.match, self.seats, self.covered, region)
        if blocked is not None or region is None:
            self._say(blocked or "That click is off the board.")
            return
        state = self.match.state
        click = resolve_click(self.game, state, self._legal(), self._path, region, self._prefix())
        self._path = click.path
        if click.kind in ("play", "judge"):  # "judge": the Match refuses it with the rule
            self._play(click.action)
        elif click.kind == "hint":  # the square is kept, so a second click is judged
            self._say(click.hint)
            self._marks = (region,)

    def _play(self, action: Any) -> None:
        seen = len(self.match.events)
        self.match.apply(action)
        auto_play(self.match, self.seats)
        self._messages = [e.text for e in self.match.events[seen:]]

    def play_listed(self, index: int) -> dict[str, Any]:
        """Play the ``index``-th move of the view's ``legal`` list."""

        def play() -> None:
            legal = self._legal()
            if not 0 <= index < len(legal):
                raise ValueError("Choose a move in the list first.")
            self._path = ()
            self._play(legal[index])

        return self._act(play)

    def play_typed(self, text: str) -> dict[str, Any]:
        """Play a typed move such as ``j5 j7``."""

        def play() -> None:
            full = self._prefix() + typed_path(text)
            self._path = ()
            self._play(typed_action(self.game, self.match.state, self._legal(), full, text))

        return self._act(play)

    def set_choice(self, value: str) -> dict[str, Any]:
        """Pick an option offered before clicking (e.g. which ship to place)."""

        def pick() -> None:
            values = [v for _label, v in self.game.ui_choices(self.match.state)]
            if value not in values:
                raise ValueError(f"{value!r} is not one of the options now.")
            self.choice, self._path = value, ()

        return self._act(pick)

    def cancel(self) -> dict[str, Any]:
        """Drop a half-made move."""

        def drop() -> None:
            self._path, self._marks = (), ()
            self._say("Move cancelled.")

        return self._act(drop)

    def computer(self) -> dict[str, Any]:
        """Let the computer move for the seat to move (the game's heuristic for a person)."""

        def move() -> None:
            name = computer_move(self.match, self.seats)
            self._path = ()
            self._say(f"Computer ({name}): {self.match.events[-1].text}")
            auto_play(self.match, self.seats)

        return self._act(move)

    def undo(self) -> dict[str, Any]:
        """Take back the last move of a person (and the computer's replies to it)."""

        def back() -> None:
            self._path, self._marks = (), ()
            undo_human_move(self.match, self.seats)
            self._say("Move taken back.")

        return self._act(back)

    def uncover(self) -> dict[str, Any]:
        """Hot-seat: the next person is at the screen; show his board."""

        def show() -> None:
            self._shown_to = self.viewer

        return self._act(show)

    def set_teacher(self, on: bool) -> dict[str, Any]:
        """Teacher view: show everything, hidden information too (on purpose)."""

        def switch() -> None:
            self.teacher, self._shown_to = bool(on), None

        return self._act(switch)

    # --- save and resume -----------------------------------------------------------------------
    def save(self) -> str:
        """The game's record as JSON text (seed, settings and every move)."""
        return self.match.to_json()

    def resume(self, text: str) -> dict[str, Any]:
        """Carry on with a saved record; a damaged or foreign save is refused and the current
        game is kept."""

        def load() -> None:
            if not text.strip():
                raise ValueError("Paste a saved game, or choose a save file, first.")
            match = load_match(text)
            if match.game.id != self.game.id:
                raise ValueError(f"That save is a {match.game.title} game, not {self.game.title}.")
            if len(self.seats) != match.players:  # another table: the same opponent
                self.seats = seats_for(self.game, match.players, self.opponent)
            self.match = match
            self._path, self._marks, self._shown_to = (), (), None
            self._say(f"Resumed a saved game at move {len(match.history)}.")

        return self._act(load)


class Page:
    """What the page's JavaScript holds: the game in progress; strings in and out (JSON), so
    that no Python object has to live on the JavaScript side."""

    def __init__(self) -> None:
        self.game: SiteGame | None = None

    def _current(self) -> SiteGame:
        if self.game is None:
            raise RuntimeError("no game started yet")
        return self.game

    def start(self, game_id: str, options_json: str = "{}") -> str:
        """Start a game; ``options`` may hold seed, players, opponent, teacher."""
        try:
            options = json.loads(options_json or "{}")
            same = self.game is not None and self.game.game.id == game_id
            # the settings a link asked for stay in force for the next game at this page
            config = config_to_json(self.game.match.config) if self.game and same else {}
            self.game = SiteGame(
                game_id,
                seed=int(options.get("seed", 0)),
                players=options.get("players"),
                opponent=str(options.get("opponent", "greedy")),
                teacher=bool(options.get("teacher", False)),
                **config,
            )
        except (NavalkitError, ValueError, TypeError) as exc:
            # A bad option (a typo in a shared link) is not fatal: keep the game on the page,
            # or open this one with its defaults, and say what was wrong.
            note = f"{exc} (the game on the page is kept)"
            if self.game is None or self.game.game.id != game_id:
                self.game, note = SiteGame(game_id), f"{exc} (the defaults are used)"
            return json.dumps({**self.game.view(), "error": note})
        view = self.game.view()
        view["messages"] = [f"New game, seed {self.game.match.seed}."]
        return json.dumps(view)

    def open(self, game_id: str, query: str = "") -> str:
        """Start the game a page's query string asks for (``seed``, ``players``,
        ``opponent``, ``side`` and the game's settings, as the Voila play pages read them,
        :func:`navalkit.play.options.play_options`); what does not fit is said, not fatal."""
        query = urlencode([(k, v) for k, v in parse_qsl(query) if k != "game"])
        options = play_options(game_id, query)
        self.game = SiteGame(
            game_id,
            seed=options.seed,
            players=options.players,
            seats=options.seats,
            **options.config,
        )
        view = self.game.view()
        view["messages"] = [f"New game, seed {self.game.match.seed}.", *options.notes]
        return json.dumps(view)

    def call(self, method: str, args_json: str = "[]") -> str:
        """Call one of :class:`SiteGame`'s actions by name with JSON arguments."""
        if method not in ACTIONS:
            raise ValueError(f"unknown action {method!r}")
        args = json.loads(args_json or "[]")
        return json.dumps(getattr(self._current(), method)(*args))

    def save(self) -> str:
        return self._current().save()

    def games(self) -> str:
        """The games on this site: id, title, summary, players, opponents."""
        from navalkit.core import games

        rows = []
        for game_id in games():
            g = get_game(game_id)
            rows.append(
                {
                    "id": g.id,
                    "title": g.title,
                    "summary": g.summary,
                    "min_players": g.min_players,
                    "max_players": g.max_players,
                    "default_players": g.default_players,
                    "opponents": [HOT_SEAT, *bot_names(g)],
                    "default_opponent": opponent_bot(g, "greedy"),
                }
            )
        return json.dumps(rows)


#: the SiteGame methods the page may call through :meth:`Page.call`
ACTIONS = frozenset(
    {
        "click",
        "click_region",
        "play_listed",
        "play_typed",
        "set_choice",
        "cancel",
        "computer",
        "undo",
        "uncover",
        "set_teacher",
        "resume",
    }
)
