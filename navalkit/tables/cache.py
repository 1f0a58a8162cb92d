"""Each process's games in memory, so that a call does not replay a whole game.

The cache keeps, per table, the Match this process last built and the ``seq`` it is at. It is
never trusted on its own: :meth:`MatchCache.synced` is always given the table's ``seq`` as
just read from the store (inside the write transaction, for a move) and replays onto the
cached Match only the moves stored since, by this process or any other. A Match that got
ahead of the store (a move applied whose transaction then failed) is dropped and rebuilt from
the seed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from navalkit.core.errors import IllegalActionError
from navalkit.core.match import Match, new_match, older_rules_words
from navalkit.core.registry import get_game

from .errors import RulesChangedError, StoreError
from .store import MoveRow, TableRow

__all__ = ["MatchCache", "Moves"]

#: reads the moves with ``after < seq <= upto`` of one table
Moves = Callable[[int, int | None], list[MoveRow]]


class _Damaged(Exception):
    """Stored moves that are out of order, missing, or played by the wrong seat."""


class MatchCache:
    """The Match of each table this process has served, with the seq it is at, and one lock
    per table so that one thread at a time uses a cached Match (other processes are kept out
    of the store's rows by the store's own lock)."""

    def __init__(self) -> None:
        self._entries: dict[str, tuple[int, Match]] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()

    def lock(self, code: str) -> threading.RLock:
        """This process's lock for table ``code``."""
        with self._guard:
            lock = self._locks.get(code)
            if lock is None:
                lock = self._locks[code] = threading.RLock()
            return lock

    def put(self, code: str, seq: int, match: Match) -> None:
        """Note that ``match`` is table ``code``'s game at ``seq`` (call with its lock held)."""
        self._entries[code] = (seq, match)

    def forget(self, code: str) -> None:
        """Drop table ``code``'s game: the next call replays it from the seed."""
        self._entries.pop(code, None)

    def synced(self, table: TableRow, moves: Moves) -> Match:
        """The table's Match at ``table.seq``: the cached one with the moves stored since
        replayed onto it, or a fresh one from the seed (call with the table's lock held).
        Stored moves that do not replay mean a damaged store: StoreError."""
        cached = self._entries.get(table.code)
        if cached is not None and cached[0] <= table.seq:
            seq, match = cached
        else:
            seq, match = 0, fresh_match(table)
        try:
            for row in moves(seq, table.seq):
                if row.seq != seq + 1 or row.seat != match.current_player:
                    raise _Damaged
                match.apply(row.action)
                seq = row.seq
            if seq != table.seq:
                raise _Damaged
        except (_Damaged, IllegalActionError, ValueError, KeyError, TypeError):
            self.forget(table.code)
            raise unreplayable(table, seq) from None
        except BaseException:
            self.forget(table.code)
            raise
        self._entries[table.code] = (seq, match)
        return match


def unreplayable(table: TableRow, moves: int) -> StoreError:
    """Why table ``table``'s stored moves stop replaying after ``moves`` of them: the rules
    were corrected since the table began (a navalkit updated during the game), or, under the
    very rules it began with, a damaged store."""
    game = get_game(table.game_id)
    newer = game.rules_since(table.rules_version)
    began = f"Table {table.code}'s game began"
    student, teacher = (
        "Ask your teacher for a new table.",
        "End this game (its seats are then free) and start a new table for its players.",
    )
    if newer:
        said = [
            older_rules_words(game, newer, moves, began=began, then=t) for t in (student, teacher)
        ]
        return RulesChangedError(*said)
    if table.rules_version is None:  # stored before tables kept their rules' version
        words = (
            f"{began} before this server's last update, and it cannot go on under the "
            f"{game.title} rules this navalkit plays (version "
            f"{game.rules_history[-1].number}): its move {moves + 1} is not what these rules "
            "allow."
        )
        return RulesChangedError(f"{words} {student}", f"{words} {teacher}")
    return StoreError(
        f"The moves stored for table {table.code} do not replay: the store is damaged. Tell "
        "your teacher."
    )


def fresh_match(table: TableRow) -> Match:
    """The table's game before any move: its chance drawn from its seed (server side only)."""
    game = get_game(table.game_id)
    settings = game.settings_kept(game.rules_since(table.rules_version) or (), table.settings)
    return new_match(table.game_id, seed=table.seed, players=table.players, **settings)
