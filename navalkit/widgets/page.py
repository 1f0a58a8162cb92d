"""The play pages' one cell: read the page's query string and open a :class:`GameApp`.

A play page is opened as ``.../play.ipynb?seed=3&opponent=human``; the keys every game reads
(seed, players, opponent, side and its settings) are
:func:`navalkit.play.options.play_options`'s, shared with the server-free site. A value that
does not fit opens the default and says why.

In a kernel that Voila preheated (``navalkit serve --pool-size N``) the notebook runs before
any student asks for it, so the query string is not known yet: :func:`page_query` waits for
the request there (:func:`voila_request`) and reads the environment otherwise.
"""

from __future__ import annotations

import html
import json
import os
import warnings
from pathlib import Path
from typing import Any

import ipywidgets as w
import websockets.exceptions

from ..core.rng import fresh_seed
from ..play.options import PlayOptions, play_options, ways_to_play
from .app import GameApp
from .panels import LINK_STYLE

__all__ = [
    "PlayOptions",
    "game_of",
    "page_query",
    "play_any",
    "play_app",
    "play_intro",
    "play_options",
    "voila_request",
    "ways_html",
]


def page_query() -> str:
    """The query string of the page this kernel serves (waits for it in a preheated kernel)."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        os.environ.update(voila_request())
    return os.environ.get("QUERY_STRING", "")


def voila_request() -> dict[str, str]:
    """Wait for the student's request to reach this preheated kernel and return what Voila
    sends with it (the request's environment: ``QUERY_STRING`` and the rest).

    It is what ``voila.utils.wait_for_request`` does, without importing ``voila``: that import
    loads Jupyter Server and costs each kernel about 2 s of CPU, which a class of thirty
    preheated kernels pays all at once. If Voila cannot be reached, the page opens with its
    defaults (an empty dict), as Voila's own helper does.
    """
    from websockets.sync.client import connect

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (
        f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
        f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"
    )
    try:
        with connect(url, open_timeout=5, proxy=None) as socket:
            message = socket.recv()
    except (OSError, TimeoutError, websockets.exceptions.WebSocketException) as exc:
        warnings.warn(f"no request info from Voila at {url}: {exc}", stacklevel=2)
        return {}
    info = json.loads(message)
    return {str(k): str(v) for k, v in info.items()} if isinstance(info, dict) else {}


def play_app(game_id: str, query: str | None = None) -> GameApp:
    """The GameApp a play page shows, opened as its query string asks.

    The widgets are built first, with the page's defaults, and only then is the query read:
    in a kernel Voila preheated that read waits for the student, so the hundred-odd widget
    messages of a new GameApp go out before the class arrives instead of while thirty pages
    open at once. The query then only starts the game it asks for (a new table if it asks
    for another number of players).
    """
    default = play_options(game_id, "")
    app = GameApp(game_id, seed=fresh_seed(), seats=default.seats, student=True)
    asked = page_query() if query is None else query
    options = play_options(game_id, asked)
    # a link without a seed gets a fresh deal (the one dealt above, if nothing else changes)
    seed = app.match.seed if options.seed is None else options.seed
    if options.players != default.players:
        app = GameApp(
            game_id,
            seed=seed,
            players=options.players,
            seats=options.seats,
            student=True,
            **options.config,
        )
    elif (seed, options.seats, options.config) != (app.match.seed, default.seats, {}):
        app.start(seed=seed, seats=options.seats, **options.config)
    app.set_student(not options.teacher)  # the teacher link shows the teacher's controls
    # the page's own title names the game ("Branle-Bas: play"): the app's would say it again,
    # a line that pushed the board further down a school laptop's screen
    app.title.layout.display = "none"
    if options.notes:
        app.tell(" ".join(options.notes))
    if query is not None or os.environ.get("SERVER_SOFTWARE", "").startswith("voila"):
        # a page (not a notebook run in JupyterLab, where a link would leave the notebook):
        # the other ways to play, as links beside the game's buttons; a student's seats are
        # locked, and nobody should have to type a query
        app.ways.value = ways_html(game_id, asked)
        app.ways.layout.display = ""

        def players_now(n: int) -> None:  # a save of another table resumed: n play now
            app.ways.value = ways_html(game_id, query_with(asked, players=str(n)))

        app.on_players = players_now
    return app


def query_with(query: str, **changes: str) -> str:
    """``query`` with these parameters set (each to its one value), the others as they were."""
    from urllib.parse import parse_qsl, urlencode

    kept = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k not in changes]
    return urlencode([*kept, *changes.items()])


#: how the play page shows the choice it already plays (not a link), and the links
_CURRENT = "<b aria-current='true'>{}</b>"
_LINK = f"<a href='?{{}}' target='_self' style='{LINK_STYLE}'>{{}}</a>"


def ways_html(game_id: str, query: str) -> str:
    """The play page's *Ways to play*: each other way as a link to the page opened so
    (:func:`navalkit.play.options.ways_to_play`), the way it plays now in bold, a line for
    each kind of choice."""
    lines = []
    for heading, choices in ways_to_play(game_id, query):
        items = " · ".join(
            _CURRENT.format(html.escape(c.words))
            if c.query is None
            else _LINK.format(html.escape(c.query), html.escape(c.words))
            for c in choices
        )
        head = f"{html.escape(heading)}: " if heading else ""
        lines.append(f"<div style='margin-left:1em'>{head}{items}</div>")
    return (
        "<div style='line-height:1.7;margin:6px 0'><b>Ways to play</b> (each starts a new game)"
        + "".join(lines)
        + "</div>"
    )


def game_of(query: str) -> str | None:
    """The game a query string names (``game=branle_bas``), if it is one of ours."""
    from urllib.parse import parse_qs

    from ..core.registry import games

    named = parse_qs(query).get("game", [""])[-1].strip().lower().replace("-", "_")
    return named if named in games() else None


def play_intro(game_id: str, notebooks: Path | None = None) -> str:
    """The words at the top of ``<game>/play.ipynb`` (its first Markdown cell), which the one
    play page shows above the game it opens; "" if that page is not there."""
    folder = Path.cwd() if notebooks is None else notebooks
    try:
        cells = json.loads((folder / game_id / "play.ipynb").read_text("utf-8"))["cells"]
    except (OSError, ValueError, KeyError, TypeError):
        return ""
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            return "".join(source) if isinstance(source, list) else str(source)
    return ""


def play_any(query: str | None = None, notebooks: Path | None = None) -> Any:
    """The one play page that serves every game (``play.ipynb?game=branle_bas&seed=3``): a
    class's preheated kernels wait on it whatever game the students open, so one pool of
    warm kernels holds the whole class (``navalkit serve`` preheats this page by default).

    Every game's rules and drawing are imported before the page waits for its student, so
    that cost is paid while the kernel is warming, not when the student arrives. A link
    without a game, or with a game we do not have, shows the list of games instead."""
    from IPython.display import Markdown

    from ..core.registry import games, get_game
    from ..render.games import drawer

    for game_id in games():  # pay the imports now (the Far Seas tables, every drawing)
        game = get_game(game_id)
        drawer(game)
        game.initial_state(game.make_config(), game.default_players)
    q = page_query() if query is None else query
    game_id = game_of(q)
    if game_id is None:
        link = f"{LINK_STYLE};font-weight:bold;font-size:16px"
        items = "".join(
            f"<li style='margin:8px 0'><a style='{link}' target='_self' "
            f"href='play.ipynb?game={gid}'>"
            f"{html.escape(get_game(gid).title)}</a>: {html.escape(get_game(gid).summary)}</li>"
            for gid in games()
        )
        return w.HTML(f"<h2>Choose a game to play</h2><ul style='font-size:15px'>{items}</ul>")
    intro = w.Output()
    text = play_intro(game_id, notebooks)
    app = play_app(game_id, q)
    if text:
        intro.append_display_data(Markdown(text))
    else:  # no page title to name the game: the app's own says it
        app.title.layout.display = ""
    return w.VBox([intro, app.widget])
