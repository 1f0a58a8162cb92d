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
from typing import Any
from urllib.parse import parse_qsl, urlencode

from navalkit.core import NavalkitError, get_game
from navalkit.core.clauses import PROVENANCE_MEANING
from navalkit.core.config import config_to_json, setting_words
from navalkit.core.errors import read_json
from navalkit.core.rng import fresh_seed
from navalkit.play import check_seats
from navalkit.play.guide import choice_label
from navalkit.play.log import EARLIER, LOG_LINES, event_words, recent_log
from navalkit.play.options import new_deal, opponent_bot, play_options
from navalkit.play.seats import one_person, others_of, seat_choices, seat_label
from navalkit.play.session import PlaySession
from navalkit.render.svg import scene_to_svg

#: the opponent that plays every seat but the first: a person at the same screen (hot-seat)
HOT_SEAT = "human"


def seats_for(game: Any, players: int, opponent: str, side: int = 0) -> list[str]:
    """A person on seat ``side`` (the first by default); the others hot-seat (``human``) or
    the opponent bot."""
    if not (isinstance(side, int) and not isinstance(side, bool) and 0 <= side < players):
        raise ValueError(f"There is no seat {side!r} to play: the seats are 0 to {players - 1}.")
    return check_seats(game, one_person(players, opponent_bot(game, opponent), side), players)


def settings_rows(game: Any, config: Any) -> list[dict[str, Any]]:
    """The settings in force, for the page's *Settings in force*: each by its label, its value
    in words, whether it is the game's own, what it does and where it comes from in words (as
    the Voila play pages show them); a code name never."""
    defaults = game.make_config()
    rows = []
    for row in game.settings():
        value = setting_words(config, row["setting"])
        rows.append(
            {
                "label": row["label"],
                "value": value,
                "own": value == setting_words(defaults, row["setting"]),
                "help": row["help"],
                "provenance": row["provenance"],
                "meaning": PROVENANCE_MEANING.get(row["provenance"], ""),
            }
        )
    return rows


class SiteGame:
    """One game on the page: a :class:`~navalkit.play.session.PlaySession` whose screens go
    to the page as JSON, the board as SVG. Every action returns the new view."""

    def __init__(
        self,
        game_id: str,
        *,
        seed: int = 0,
        players: int | None = None,
        opponent: str = "greedy",
        side: int = 0,
        seats: list[str] | None = None,
        teacher: bool = False,
        can_teach: bool = False,
        **config: Any,
    ) -> None:
        """``seats`` (who plays each seat) wins over ``opponent`` and ``side`` (a person on
        seat ``side``, the opponent on the others); ``config`` is the game's settings.
        ``can_teach``: the page was opened with the teacher's link, so it shows the teacher
        view's switch and the seed; a student's page shows neither (``teacher`` needs it)."""
        game = get_game(game_id)
        n = players if players is not None else game.default_players
        if seats is None:
            seats = seats_for(game, n, opponent, side)
        self.can_teach = bool(can_teach)
        self.session = PlaySession(
            game_id,
            seed=seed,
            players=players,
            seats=seats,
            teacher=bool(teacher) and self.can_teach,
            **config,
        )
        self.game = game

    @property
    def match(self) -> Any:
        return self.session.match

    @property
    def seats(self) -> list[str]:
        return self.session.seats

    @property
    def opponent(self) -> str:
        return others_of(self.session.seats)

    @property
    def side(self) -> int:
        """The seat of the person at the screen (the first person's, when all are people)."""
        return next(iter(self.session.humans), 0)

    def view(self) -> dict[str, Any]:
        """Everything the page shows, as JSON-able data."""
        m, g, screen = self.match, self.game, self.session.screen()
        return {
            "game": g.id,
            "title": g.title,
            "seed": m.seed if self.can_teach else None,  # the seed tells every card to come
            "players": m.players,
            "opponent": self.opponent,
            "side": self.side,
            "seat_names": [g.player_name(i) for i in range(m.players)],
            "teacher": self.session.teacher,
            "can_teach": self.can_teach,
            "svg": scene_to_svg(screen.scene),
            "width": screen.scene.width,
            "height": screen.scene.height,
            "status": screen.status,
            "messages": list(screen.messages),
            "refusal": None if screen.refusal is None else screen.refusal.to_json(),
            "error": screen.error,
            "covered": screen.covered,
            "cover_label": screen.cover_label,
            "description": screen.description,
            "legal": list(screen.legal_words),
            "settings": settings_rows(g, m.config),
            "typed_example": screen.typed_example,
            "choices": [[label, value] for label, value in screen.choices],
            "choice": screen.choice,
            "selected": list(screen.selected),
            "log": [
                {"n": first, "last": last, "text": text}
                for first, last, text in recent_log(m.events, LOG_LINES, event_words)
            ],
            "earlier": EARLIER,
            "over": screen.over,
            "can_undo": screen.can_undo,
            "computer_to_move": screen.computer_to_move,
        }

    # --- the page's actions: each is the session's, and returns the new view --------------
    def click(self, x: float, y: float) -> dict[str, Any]:
        """A click at scene coordinates ``(x, y)`` on the board last shown."""
        self.session.click_at(x, y)
        return self.view()

    def click_region(self, region: str | None) -> dict[str, Any]:
        """A click on the board region ``region`` (a square name)."""
        self.session.click(region)
        return self.view()

    def play_listed(self, index: int) -> dict[str, Any]:
        """Play the ``index``-th move of the view's ``legal`` list."""
        self.session.play_listed(index)
        return self.view()

    def play_typed(self, text: str) -> dict[str, Any]:
        """Play a typed move such as ``j5 j7``."""
        self.session.play_typed(text)
        return self.view()

    def set_choice(self, value: str) -> dict[str, Any]:
        """Pick an option offered before clicking (e.g. which ship to place)."""
        self.session.set_choice(value)
        return self.view()

    def cancel(self) -> dict[str, Any]:
        """Drop a half-made move."""
        self.session.cancel()
        return self.view()

    def computer(self) -> dict[str, Any]:
        """Let the computer move for the seat to move (the game's heuristic for a person)."""
        self.session.computer()
        return self.view()

    def undo(self) -> dict[str, Any]:
        """Take back the last move of a person (and the computer's replies to it)."""
        self.session.undo()
        return self.view()

    def uncover(self) -> dict[str, Any]:
        """Hot-seat: the next person is at the screen; show his board."""
        self.session.uncover()
        return self.view()

    def set_teacher(self, on: bool) -> dict[str, Any]:
        """Teacher view: show everything, hidden information too (on purpose); only on a page
        opened with the teacher's link."""
        if on and not self.can_teach:

            def refuse() -> None:
                raise ValueError("The teacher view opens only from the teacher's link.")

            self.session.act(refuse)
        else:
            self.session.set_teacher(on)
        return self.view()

    def save(self) -> str:
        """The game's record as JSON text (seed, settings and every move): what this browser
        keeps to resume the game, as the class server keeps it behind a resume code."""
        return str(self.match.to_json())

    def account(self) -> dict[str, Any]:
        """The file a page offers to download: on the teacher's page the full record; on a
        student's page what the seat at the screen knows (``Match.record_for``: no seed, no
        hidden card, not resumable), and nothing behind a hand-over screen."""
        if self.can_teach:
            return {"name": f"navalkit-{self.game.id}.json", "text": self.save()}
        found = self.session.account()
        if found is None:
            return {"error": "The next player must be at the screen first."}
        name, text = found
        return {"name": name, "text": text}

    def resume(self, text: str) -> dict[str, Any]:
        """Carry on with a saved record; a damaged or foreign save is refused and the current
        game is kept."""
        self.session.resume(text)
        return self.view()


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
        """Start a game; ``options`` may hold seed, players, opponent, side (the person's
        seat), teacher."""
        try:
            options = read_json(options_json or "{}", "The page's options")
            if not isinstance(options, dict):
                raise ValueError("The page's options are not a set of named values.")
            same = self.game is not None and self.game.game.id == game_id
            can_teach = self.game is not None and self.game.can_teach
            # the settings a link asked for stay in force for the next game at this page
            config = config_to_json(self.game.match.config) if self.game and same else {}
            last = self.game.match.seed if self.game and same else None
            self.game = SiteGame(
                game_id,
                seed=new_deal(options.get("seed"), last),
                players=options.get("players"),
                opponent=str(options.get("opponent", "greedy")),
                side=options.get("side", 0),
                teacher=bool(options.get("teacher", False)),
                can_teach=can_teach,
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
        view["messages"] = [self._new_game_words()]
        return json.dumps(view)

    def _new_game_words(self) -> str:
        """'New game.', with its game number on the teacher's page (to play the deal again)."""
        game = self._current()
        return f"New game, game number {game.match.seed}." if game.can_teach else "New game."

    def open(self, game_id: str, query: str = "") -> str:
        """Start the game a page's query string asks for (``seed``, ``players``,
        ``opponent``, ``side`` and the game's settings, as the Voila play pages read them,
        :func:`navalkit.play.options.play_options`); what does not fit is said, not fatal."""
        query = urlencode([(k, v) for k, v in parse_qsl(query) if k != "game"])
        options = play_options(game_id, query)
        self.game = SiteGame(
            game_id,
            seed=fresh_seed() if options.seed is None else options.seed,
            players=options.players,
            seats=options.seats,
            can_teach=options.teacher,
            **options.config,
        )
        view = self.game.view()
        view["messages"] = [self._new_game_words(), *options.notes]
        return json.dumps(view)

    def call(self, method: str, args_json: str = "[]") -> str:
        """Call one of :class:`SiteGame`'s actions by name with JSON arguments."""
        if method not in ACTIONS:
            raise ValueError(f"unknown action {method!r}")
        args = read_json(args_json or "[]", "The page's request")
        if not isinstance(args, list):
            raise ValueError("The page's request is not a list of arguments.")
        return json.dumps(getattr(self._current(), method)(*args))

    def save(self) -> str:
        return self._current().save()

    def account(self) -> str:
        """The file to download, as JSON ``{"name", "text"}`` (or ``{"error"}``)."""
        return json.dumps(self._current().account())

    def games(self) -> str:
        """The games on this site: id, title, summary, players, opponents (and their words),
        the label of the list of what is picked before clicking."""
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
                    "opponents": [HOT_SEAT, *seat_choices(g)[1:]],
                    # each in the words the Voila pages' seat lists use, never a code name
                    "opponent_labels": {
                        HOT_SEAT: "classmates taking turns (hot-seat)",
                        **{b: seat_label(g, b) for b in seat_choices(g)[1:]},
                    },
                    "default_opponent": opponent_bot(g, "greedy"),
                    # the list of what is picked before clicking, named as How to play names
                    # it ("pick a ship under Place")
                    "choice_label": choice_label(g),
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
