"""The play pages' one cell: read the page's query string and open a :class:`GameApp`.

A play page is opened as ``.../play.ipynb?seed=3&opponent=human``; the keys every game reads
(seed, players, opponent, side and its settings) are
:func:`navalkit.play.options.play_options`'s, shared with the server-free site. A value that
does not fit opens the default and says why.

In a kernel that Voila preheated (``navalkit serve --pool-size N``) the notebook runs before
any student asks for it, so the query string is not known yet: :func:`page_query` waits for
the request there (``voila.utils.get_query_string``) and reads the environment otherwise.
"""

from __future__ import annotations

import os

from ..play.options import PlayOptions, play_options
from .app import GameApp

__all__ = ["PAGE_WIDTH", "PlayOptions", "page_query", "play_app", "play_options"]

#: board widths that suit each game's scene (px); others use GameApp's default
PAGE_WIDTH = {"age_of_sail": 900, "far_seas": 980}


def page_query() -> str:
    """The query string of the page this kernel serves (waits for it in a preheated kernel)."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        from voila.utils import get_query_string

        return get_query_string() or ""
    return os.environ.get("QUERY_STRING", "")


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
