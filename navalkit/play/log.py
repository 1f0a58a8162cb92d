"""The last moves of a game as a page lists them under "Moves".

A line said several times in a row is one entry: the deal of Naval War is "A card is dealt."
30 times, which filled the whole list with the same words; it reads "A card is dealt.
(30 times)", numbered from its first event. So is a round of the same words for each player
in turn: Nautic Miles' deal is "Round 1: a card is dealt to Player 2.", then "... to Player
1." and so on, 12 lines; it reads "Round 1: a card is dealt to each player in turn. (12
times)".

A line that ends with "…" announces the next one: Branle-Bas's "B (north) touches the
Torpilleur (torpedo boat) on l13…" (touch-move: that ship must now be played) is followed by
"B (north): Torpilleur (torpedo boat) l13 → l12", which says the same ship again. The list
shows the announcing line only while nothing follows it; then the two are one entry, the
second's words, numbered from the first's event.

Pure: the play page, the seat page, the teacher's view and the server-free site list the
same entries.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["ANNOUNCES", "EARLIER", "LOG_LINES", "event_words", "recent_log"]

#: how many entries a page lists under "Moves"
LOG_LINES = 12

#: the Moves list's first line when it leaves out the game's first moves (it lists the last
#: LOG_LINES): a list that began with a die of round 3 read as if the game began there
EARLIER = "… (earlier moves are not listed)"

#: how a line ends that announces the next one (see the module docstring)
ANNOUNCES = "…"

#: a player's name in a game's words (Game.player_name)
_PLAYER = re.compile(r"\bPlayer \d+\b")
#: what stands for the players of a run said for each of them in turn
IN_TURN = "each player in turn"


def event_words(event: Any) -> str:
    """A match event's words (``Match.events``)."""
    return str(event.text)


def recent_log(
    events: Sequence[Any], last: int, words: Callable[[Any], str] = str
) -> list[tuple[int, int, str]]:
    """The last ``last`` entries of the log ``events`` (oldest first; ``words`` gives an
    event's words: :func:`event_words` for a match's events), each as (the numbers of its
    first and last events, counting from 1; its words). A run of the same words is one
    entry, with how many times; so is a run of the same words for each player in turn, and a
    line announcing the next is one entry with it (see the module docstring). Only the events
    those entries need are read, from the end, each once (an event's words are written when
    first read)."""
    said: dict[int, str] = {}

    def say(j: int) -> str:
        text = said.get(j)
        if text is None:
            text = said[j] = words(events[j])
        return text

    entries: list[tuple[int, int, str]] = []
    i = len(events)
    while i > 0 and len(entries) < last:
        text, start = say(i - 1), i - 1
        while start > 0 and say(start - 1) == text:
            start -= 1
        if start == i - 1:  # said once: maybe one line of a round said for each player
            start, text = _in_turn(say, i - 1, text)
        times = i - start
        if times == 1 and start > 0 and say(start - 1).endswith(ANNOUNCES):
            start -= 1  # the line announcing this one (read once, as its own line was)
        entries.append((start + 1, i, text if times == 1 else f"{text} ({times} times)"))
        i = start
    entries.reverse()
    return entries


def _in_turn(say: Callable[[int], str], end: int, text: str) -> tuple[int, str]:
    """Where the run of lines ending at line ``end`` (``text``) starts, and its words, if the
    lines say the same of one player each, for the same players in the same order round
    after round, at least twice round; else ``(end, text)``."""
    if len(_PLAYER.findall(text)) != 1:
        return end, text
    key = _PLAYER.sub(IN_TURN, text)
    names: list[str] = []
    start = end
    while start >= 0:
        line = say(start)
        found = _PLAYER.findall(line)
        if len(found) != 1 or _PLAYER.sub(IN_TURN, line) != key:
            break
        names.append(found[0])
        start -= 1
    names.reverse()
    period = len(set(names))
    in_turn = period > 1 and len(names) >= 2 * period
    in_turn = in_turn and all(names[k] == names[k - period] for k in range(period, len(names)))
    return (start + 1, key[0].upper() + key[1:]) if in_turn else (end, text)
