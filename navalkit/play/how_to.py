"""A game's How to play as each page shows it (Game.how_to_play).

One text serves the play page, a seat's page at a table and the server-free site's play page:
a paragraph marked ``<p data-page='play'>`` shows on the play page alone, one marked
``<p data-page='table'>`` on a seat's page alone, ``<p data-page='site'>`` on the site's page
alone, ``<p data-page='play site'>`` on both play pages; an unmarked one on every page. Pure
text: the pages (widgets, the site's builder) and the check of the words players read
(navalkit.testing.words) read it alike.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "HOW_TO_PAGES",
    "HOW_TO_PARAGRAPH",
    "PLAY_PAGE",
    "SEAT_PAGE",
    "SITE_PAGE",
    "how_to_play_text",
    "shown_on",
]

#: the pages that show a game's How to play (Game.how_to_play): its play page, a seat's page
#: at a table, and the server-free site's play page (no Ways to play links, no settings form:
#: its own lists and New game button)
PLAY_PAGE = "play"
SEAT_PAGE = "table"
SITE_PAGE = "site"
HOW_TO_PAGES = (PLAY_PAGE, SEAT_PAGE, SITE_PAGE)
#: one paragraph of Game.how_to_play: the pages it is for alone (PLAY_PAGE, SEAT_PAGE,
#: SITE_PAGE, with a space between two), if it is marked so (``<p data-page='play'>``), and its
#: words
HOW_TO_PARAGRAPH = re.compile(r"<p(?: data-page=(['\"])([\w ]+)\1)?>(.*?)</p>", re.S)


def shown_on(pages: str, page: str) -> bool:
    """Whether a paragraph marked for ``pages`` ("" unmarked, "play", "play site") shows on
    ``page``."""
    return not pages or page in pages.split()


def how_to_play_text(game: Any, page: str) -> str:
    """The paragraphs of the game's How to play that ``page`` (one of HOW_TO_PAGES) shows:
    those for every page and those marked for this one (unmarked). One text serves every
    page: a seat at a table has none of the play page's own controls (Ways to play, its
    settings, New game, the rules panel), the site's page has its own, and a paragraph about
    another page's would send a student looking for what is not there."""
    return "".join(
        f"<p>{words}</p>"
        for _quote, pages, words in HOW_TO_PARAGRAPH.findall(game.how_to_play)
        if shown_on(pages, page)
    )
