"""A game's How to play as each page shows it (Game.how_to_play).

One text serves the play page and a seat's page at a table: a paragraph marked
``<p data-page='play'>`` shows on the play page alone, one marked ``<p data-page='table'>`` on a
seat's page alone, an unmarked one on both. Pure text: the pages (widgets) and the check of
the words players read (navalkit.testing.words) read it alike.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["HOW_TO_PARAGRAPH", "PLAY_PAGE", "SEAT_PAGE", "how_to_play_text"]

#: the pages that show a game's How to play (Game.how_to_play): its play page, and a seat's
#: page at a table
PLAY_PAGE = "play"
SEAT_PAGE = "table"
#: one paragraph of Game.how_to_play: the page it is for alone (PLAY_PAGE, SEAT_PAGE), if it
#: is marked so (``<p data-page='play'>``), and its words
HOW_TO_PARAGRAPH = re.compile(r"<p(?: data-page=(['\"])(\w+)\1)?>(.*?)</p>", re.S)


def how_to_play_text(game: Any, page: str) -> str:
    """The paragraphs of the game's How to play that ``page`` (PLAY_PAGE or SEAT_PAGE) shows:
    those for every page and those marked for this one (unmarked). One text serves both
    pages: a seat at a table has none of the play page's own controls (Ways to play, its
    settings, New game, the rules panel), and a paragraph about them would send a student
    looking for what is not there."""
    return "".join(
        f"<p>{words}</p>"
        for _quote, only, words in HOW_TO_PARAGRAPH.findall(game.how_to_play)
        if only in ("", page)
    )
