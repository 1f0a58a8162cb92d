"""The play pages' one cell: read the page's query string and open a :class:`GameApp`.

A play page is opened as ``.../play.ipynb?seed=3&opponent=human``. Every game reads the same
keys:

- ``seed``: a whole number (the deal, dice and bots' chance);
- ``players``: how many seats, within the game's range;
- ``opponent``: ``human`` (hot-seat), ``random``, ``greedy``/the game's own bot name,
  ``mcts``, or a level ``easy``/``medium``/``hard``; every seat but the student's plays it;
- ``side``: the student's seat, by the game's name for it (``side=allies`` in Far Seas) or
  by number (``side=2``);
- any of the game's settings by name (``teams=1``, ``scenario=fleet``, ``goal=75``).

A value that does not fit is not fatal: the page opens with the default and says what it
ignored and why, so a typo in a link a teacher shared never shows a student a traceback.

In a kernel that Voila preheated (``navalkit serve --pool-size N``) the notebook runs before
any student asks for it, so the query string is not known yet: :func:`page_query` waits for
the request there (``voila.utils.get_query_string``) and reads the environment otherwise.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any
from urllib.parse import parse_qs

from ..core.bots import LEVELS, bot_names, heuristic_name
from ..core.errors import ConfigError
from ..core.registry import get_game
from .app import HUMAN, GameApp

#: board widths that suit each game's scene (px); others use GameApp's default
PAGE_WIDTH = {"age_of_sail": 900, "far_seas": 980}
SEED_MAX = 10**9
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def page_query() -> str:
    """The query string of the page this kernel serves (waits for it in a preheated kernel)."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        from voila.utils import get_query_string

        return get_query_string() or ""
    return os.environ.get("QUERY_STRING", "")


@dataclasses.dataclass(frozen=True)
class PlayOptions:
    """What a play page opens: GameApp's arguments, and the words for what was ignored."""

    seed: int
    players: int
    seats: list[str]
    config: dict[str, Any]
    notes: list[str]


def _whole(text: str, low: int, high: int) -> int | None:
    return int(text) if text.isdigit() and low <= int(text) <= high else None


def _setting(field: dataclasses.Field[Any], text: str) -> Any:
    """``text`` read as a value of the setting's type (None if it cannot be)."""
    default: Any = field.default
    if isinstance(default, bool):
        low = text.lower()
        return True if low in _TRUE else False if low in _FALSE else None
    if isinstance(default, int):
        return int(text) if text.lstrip("-").isdigit() else None
    return text if isinstance(default, str) else None


def play_options(game_id: str, query: str) -> PlayOptions:
    """Read a play page's query string for ``game_id``; never raises on what a URL says."""
    game = get_game(game_id)
    q = {k: v[-1].strip() for k, v in parse_qs(query, keep_blank_values=True).items()}
    notes: list[str] = []

    def ignore(key: str, why: str) -> None:
        notes.append(f"Ignored {key}={q[key]!r}: {why}.")

    seed = 0
    if "seed" in q:
        given = _whole(q["seed"], 0, SEED_MAX)
        if given is None:
            ignore("seed", f"the seed is a whole number from 0 to {SEED_MAX}")
        seed = given or 0
    lo, hi = game.min_players, game.max_players
    players = game.default_players
    if "players" in q:
        n = _whole(q["players"], lo, hi)
        if n is None:
            span = f"{lo}" if lo == hi else f"{lo} to {hi}"
            ignore("players", f"{game.title} takes {span} players")
        players = n or players

    bots = bot_names(game)
    own = heuristic_name(game) or "random"
    opponent = own
    if "opponent" in q:
        wanted = LEVELS.get(q["opponent"].lower(), q["opponent"].lower())
        wanted = own if wanted == "greedy" else wanted
        if wanted == HUMAN or wanted in bots:
            opponent = wanted
        else:
            ignore("opponent", "use human, " + ", ".join([*bots, *LEVELS]))

    side = 0
    if "side" in q:
        names = [game.player_name(s).lower() for s in range(players)]
        text = q["side"].lower()
        by_number = _whole(text, 1, players)
        if text in names:
            side = names.index(text)
        elif by_number is not None:
            side = by_number - 1
        else:
            ignore("side", "name a side (" + ", ".join(names) + f") or a seat 1-{players}")
    seats = [opponent] * players
    seats[side] = HUMAN

    fields = {f.name: f for f in dataclasses.fields(game.config_type)}
    config: dict[str, Any] = {}
    for key in q.keys() - {"seed", "players", "opponent", "side"}:
        if key not in fields:
            ignore(key, f"{game.title} has no setting of that name")
            continue
        value = _setting(fields[key], q[key])
        try:
            if value is None:
                raise ConfigError(f"not a {type(fields[key].default).__name__}")
            game.make_config(**{key: value})
        except ConfigError as exc:
            ignore(key, str(exc))
            continue
        config[key] = value
    return PlayOptions(seed, players, seats, config, sorted(notes))


def play_app(game_id: str, query: str | None = None) -> GameApp:
    """The GameApp a play page shows, opened as its query string asks.

    The widgets are built first, with the page's defaults, and only then is the query read:
    in a kernel Voila preheated that read waits for the student, so the hundred-odd widget
    messages of a new GameApp go out before the class arrives instead of while thirty pages
    open at once. The query then only starts the game it asks for (a new table if it asks
    for another number of players).
    """
    default = play_options(game_id, "")
    width = PAGE_WIDTH.get(game_id, 620)
    app = GameApp(game_id, seed=default.seed, seats=default.seats, css_width=width)
    options = play_options(game_id, page_query() if query is None else query)
    if options.players != default.players:
        app = GameApp(
            game_id,
            seed=options.seed,
            players=options.players,
            seats=options.seats,
            css_width=width,
            **options.config,
        )
    elif (options.seed, options.seats, options.config) != (default.seed, default.seats, {}):
        app.start(seed=options.seed, seats=options.seats, **options.config)
    if options.notes:
        app.tell(" ".join(options.notes))
    return app
