"""The last moves of a game as a page lists them under "Moves".

A line said several times in a row is one entry: the deal of Naval War is "A card is dealt."
30 times, which filled the whole list with the same words; it reads "A card is dealt.
(30 times)", numbered from its first event. Pure: the play page, the seat page, the teacher's
view and the server-free site list the same entries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["LOG_LINES", "event_words", "recent_log"]

#: how many entries a page lists under "Moves"
LOG_LINES = 12


def event_words(event: Any) -> str:
    """A match event's words (``Match.events``)."""
    return str(event.text)


def recent_log(
    events: Sequence[Any], last: int, words: Callable[[Any], str] = str
) -> list[tuple[int, int, str]]:
    """The last ``last`` entries of the log ``events`` (oldest first; ``words`` gives an
    event's words: :func:`event_words` for a match's events), each as (the numbers of its
    first and last events, counting from 1; its words). A run of the same words is one
    entry, with how many times. Only the events those entries need are read, from the end
    (an event's words are written when first read)."""
    entries: list[tuple[int, int, str]] = []
    i = len(events)
    text = words(events[i - 1]) if i else ""
    while i > 0 and len(entries) < last:
        start = i - 1
        # the run goes back to the first event of other words, read once: they are the
        # next entry's
        before = ""
        while start > 0:
            before = words(events[start - 1])
            if before != text:
                break
            start -= 1
        times = i - start
        entries.append((start + 1, i, text if times == 1 else f"{text} ({times} times)"))
        i, text = start, before
    entries.reverse()
    return entries
