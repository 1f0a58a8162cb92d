"""The table service: students at one game from their own browsers.

:class:`Tables` is what the pages call. A teacher (or a student) makes a table and writes
its code on the board; each student joins a free seat and gets a secret **seat token** (kept
by the page, or as a seat link); from then on every call for that seat carries the code and
the token, and can only ever show what that seat may see.

**How a move is accepted.** The page sends the move together with the sequence number
``seq`` of the position it was chosen on. In one write transaction, with the table's row
locked (:meth:`TableStore.transact`), the service checks that the token holds the seat, that
the game is running, that ``seq`` is still the latest (else :class:`StaleMoveError`: "another
player moved first"), that it is this seat's turn, and that the game's own
``Match.violation`` accepts the move; only then does it store the move at ``seq + 1``. Two
students who move at once on the same position are therefore serialised: the second one finds
``seq`` changed and is refused, and the primary key ``(code, seq)`` refuses a second move at
the same place in any case. A refused move changes nothing.

**Why the seed stays on the server.** A table's chance (every shuffle, die and deal) comes
from its seed: the game is rebuilt with ``new_match(game, seed=seed, players=n, **settings)``
and the stored actions are replayed. Whoever knew the seed could work out every hidden card,
so the seed never leaves the store: a seat's calls return only ``match.observe(seat)`` and
``match.log_for(seat)`` and things every seat may know. The teacher's calls (behind a teacher
key) see everything, and :meth:`Tables.record` is the full record, seed included.

**The cache.** Replaying a game for every call would waste time, so each process keeps the
Match of each table it has served, with the ``seq`` it is at. Another process (another
student's Voila kernel) may have stored moves since, so the cache is never trusted: every read
takes the table's ``seq`` from the store and replays only the moves after the cached one; a
move is checked against the ``seq`` read inside its transaction.

**Computer seats** move after a person's move, each move its own row and its own transaction
(the bot thinks outside any lock, then its move is checked like anyone's). If the process that
should play them dies, the next page that looks at the table plays them.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from functools import partial
from typing import Any

from navalkit.core.bots import bot_names, bot_view, make_bot
from navalkit.core.errors import (
    ConfigError,
    TableError,
    UnknownGameError,
    read_json,
)
from navalkit.core.match import Match, new_match
from navalkit.core.registry import games, get_game
from navalkit.core.rng import fresh_seed
from navalkit.core.words import owned

from .cache import MatchCache
from .codes import new_code, new_token, normalize_code, token_digest
from .errors import (
    BadRequestError,
    GameNotRunningError,
    IllegalMoveError,
    NoSuchTableError,
    NotYourTurnError,
    SeatTakenError,
    StaleMoveError,
    StoreError,
    TeacherKeyError,
    WrongTokenError,
)
from .store import (
    COMPUTER,
    ENDED,
    FREE,
    HUMAN,
    OPEN,
    OVER,
    PLAYING,
    SeatRow,
    TableRow,
    TableStore,
    WriteTx,
    open_store,
)
from .views import NewTable, SeatInfo, SeatView, TableStamp, TableSummary, TeacherView
from .words import (
    STATUS_WORDS,
    check_seat,
    clean_name,
    not_running,
    quoted,
    seat_infos,
    settings_words,
    status_text,
    whole,
)

__all__ = ["Tables"]

#: a view notes the seat's presence at most this often (seconds)
PRESENCE_EVERY = 3.0
#: a computer seat to move with no move for this long was left by a process that died: the
#: next view plays it (seconds)
BOT_GRACE_SECONDS = 3.0
#: computer moves in a row before the service stops (a game between computers only)
MAX_BOT_MOVES = 10_000
#: tries at a fresh code before giving up (148 million codes: a clash is already rare)
CODE_TRIES = 20


class Tables:
    """The shared tables of a class, in one store (see the module's docstring).

    ``store``: a :class:`TableStore`, or what :func:`open_store` takes (a data folder, a
    ``postgresql://`` URL, None for the default folder). ``teacher_key``: the secret that
    opens the teacher functions (default: ``$NAVALKIT_TEACHER_KEY``; none: they are closed).
    ``timeout``: how long a write waits for a store locked by another writer before it is
    refused (when ``store`` is opened here). ``clock`` gives the time (seconds since the
    epoch; tests move it). Safe to share between threads; any number of processes may use the
    same store at once.
    """

    def __init__(
        self,
        store: TableStore | str | os.PathLike[str] | None = None,
        *,
        teacher_key: str | None = None,
        timeout: float = 5.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store if isinstance(store, TableStore) else open_store(store, timeout=timeout)
        key = teacher_key if teacher_key is not None else os.environ.get("NAVALKIT_TEACHER_KEY")
        self._teacher = hashlib.sha256(key.encode("utf-8")).digest() if key else None
        self._clock = clock
        self._cache = MatchCache()

    def close(self) -> None:
        """Close this process's connections to the store."""
        self.store.close()

    def __enter__(self) -> Tables:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Tables {self.store.location}>"

    # --- making and joining tables -------------------------------------------------------------
    def create_table(
        self,
        game_id: str,
        players: int | None = None,
        *,
        settings: Mapping[str, Any] | None = None,
        bots: Mapping[int, str] | None = None,
        host: str = "Teacher",
        host_seat: int | None = None,
        seed: int | None = None,
    ) -> NewTable:
        """Make a table of ``game_id`` for ``players`` seats (the game's default if None) with
        ``settings`` (the game's settings by name), computer players on the seats of ``bots``
        (``{seat: "easy" | "medium" | "hard" | a bot name}``), made by ``host``. With
        ``host_seat`` the host sits there at once (the token is in the answer). ``seed`` fixes
        the chance (default: a fresh secret one). The other seats are free for people to join;
        the game starts when every seat is held."""
        try:
            game = get_game(game_id)
        except UnknownGameError:
            raise BadRequestError(
                f"There is no game {quoted(game_id)}; the games are: {', '.join(games())}."
            ) from None
        host = clean_name(host, "The host's name")
        seed = fresh_seed() if seed is None else whole(seed, "The seed")
        if not 0 <= seed < 2**63:
            raise BadRequestError("The seed must be a whole number from 0 to 2**63 - 1.")
        try:
            chosen = json.loads(json.dumps(dict(settings or {})))  # as the store gives it back
            match = new_match(game.id, seed=seed, players=players, **chosen)
        except (ConfigError, ValueError, TypeError) as exc:
            raise BadRequestError(f"These settings cannot be used: {exc}") from None
        n = match.players
        computer: dict[int, str] = {}
        for seat, name in (bots or {}).items():
            check_seat(seat, n, game)
            try:
                make_bot(game, name)
            except (ValueError, TypeError):
                offered = ["easy", "medium", "hard", *bot_names(game)]
                raise BadRequestError(
                    f"{game.title} has no computer player {quoted(name)}: choose "
                    f"{', '.join(offered[:-1])} or {offered[-1]}."
                ) from None
            computer[seat] = name
        if len(computer) == n:
            raise BadRequestError("A table needs at least one seat for a person.")
        token = None
        if host_seat is not None:
            check_seat(host_seat, n, game)
            if host_seat in computer:
                raise BadRequestError("The host's seat is given to a computer player.")
            token = new_token()
        now = self._clock()
        seats = [
            SeatRow(s, COMPUTER, computer[s], None, computer[s], None)
            if s in computer
            else SeatRow(s, HUMAN, None, token_digest(token), host, now)
            if s == host_seat and token is not None
            else SeatRow(s, FREE, None, None, "", None)
            for s in range(n)
        ]
        status = PLAYING if all(s.holder != FREE for s in seats) else OPEN
        for _ in range(CODE_TRIES):
            code = new_code()
            row = TableRow(
                code,
                game.id,
                chosen,
                seed,
                n,
                status,
                host,
                now,
                now,
                0,
                match.current_player,
                0,
                game.rules_version,
            )
            if self.store.insert_table(row, seats):
                break
        else:  # pragma: no cover - 20 clashes in a row among 148 million codes
            raise StoreError("No free table code could be found; try again.")
        with self._cache.lock(code):
            self._cache.put(code, 0, match)
        if status == PLAYING:
            self._play_bots_quietly(code)
        return NewTable(code, game.id, n, host_seat if token else None, token)

    def join(self, code: str, seat: int, name: str) -> str:
        """Sit ``name`` at ``seat`` of table ``code``; the seat token (keep it: with the code
        it is the seat link that brings this student back). A seat already held is refused
        with :class:`SeatTakenError`. When the last free seat is taken the game starts."""
        code = self._code(code)
        seat = whole(seat, "The seat")
        name = clean_name(name)
        token = new_token()

        def body(tx: WriteTx) -> None:
            table = tx.table
            game = get_game(table.game_id)
            check_seat(seat, table.players, game)
            if table.status in (OVER, ENDED):
                raise GameNotRunningError(not_running(table))
            seats = tx.seats()
            held = seats[seat]
            if held.holder != FREE:
                free = [game.player_name(s.seat) for s in seats if s.holder == FREE]
                who = "a computer player" if held.holder == COMPUTER else held.name
                choose = f"Free seats: {', '.join(free)}." if free else "No seat is free."
                raise SeatTakenError(f"{game.player_name(seat)} is taken by {who}. {choose}")
            now = self._clock()
            tx.update_seat(SeatRow(seat, HUMAN, None, token_digest(token), name, now))
            start = table.status == OPEN and all(s.holder != FREE for s in seats if s.seat != seat)
            tx.update_table(updated=now, **({"status": PLAYING} if start else {}))

        self.store.transact(code, body)
        self._play_bots_quietly(code)
        return token

    def rejoin(self, code: str, token: str) -> int:
        """The seat that ``token`` holds at table ``code`` (a student back with a seat link)."""
        code = self._code(code)
        seat = self._seat_of(code, token)
        self._touch_quietly(code, seat)
        return seat

    # --- what a seat sees ----------------------------------------------------------------------
    def view(self, code: str, token: str, *, log: bool = True) -> SeatView:
        """What the seat holding ``token`` sees now (``log=False``: without the log, for a
        quick poll). Also notes the seat's presence, and plays a computer seat that a dead
        process left to move."""
        code = self._code(code)
        seat = self._seat_of(code, token)
        with self._cache.lock(code):
            table, seats = self._table(code), self.store.seats(code)
            stuck = self._bots_stuck(table, seats)
            view = None if stuck else self._seat_view(table, seats, seat, log)
        if view is None:
            self._play_bots_quietly(code)
            with self._cache.lock(code):
                table, seats = self._table(code), self.store.seats(code)
                view = self._seat_view(table, seats, seat, log)
        last = seats[seat].last_seen
        if last is None or self._clock() - last >= PRESENCE_EVERY:
            self._touch_quietly(code, seat)
        return view

    def _seat_view(self, table: TableRow, seats: list[SeatRow], seat: int, log: bool) -> SeatView:
        """The view of ``seat`` at ``table`` (call with the table's lock held): only
        ``observe(seat)``, ``log_for(seat)``, its legal moves on its turn, and what all know."""
        match = self._match(table)
        game = match.game
        turn = table.status == PLAYING and table.to_move == seat
        legal = tuple(game.listed(match.state, match.legal_actions())) if turn else ()
        over = table.status == OVER
        return SeatView(
            code=table.code,
            game_id=table.game_id,
            title=game.title,
            settings=dict(table.settings),
            seat=seat,
            player=game.player_name(seat),
            name=seats[seat].name,
            seq=table.seq,
            revision=table.revision,
            status=table.status,
            status_text=status_text(table, seats, match),
            to_move=table.to_move if table.status == PLAYING else None,
            your_turn=turn,
            observation=match.observe(seat),
            legal_actions=legal,
            legal_texts=tuple(match.describe(a) for a in legal),
            log=match.log_for(seat) if log else None,
            scores=match.scores if over else None,
            winner=match.winner if over else None,
            seats=self._seat_infos(table, seats),
            winners=match.winners if over else (),
        )

    def seat_record(self, code: str, token: str) -> dict[str, Any]:
        """The seat's own account of the game to download (``Match.record_for``): no seed and
        no hidden card."""
        code = self._code(code)
        seat = self._seat_of(code, token)
        with self._cache.lock(code):
            match = self._match(self._table(code))
            return match.record_for(seat)

    def seats(self, code: str) -> tuple[SeatInfo, ...]:
        """Who holds each seat of table ``code``, who is connected, whose turn it is."""
        code = self._code(code)
        return self._seat_infos(self._table(code), self.store.seats(code))

    def summary(self, code: str) -> TableSummary:
        """Table ``code`` as anyone with its code may see it before sitting down: the game,
        the seats and who holds them, the status (what a join form lists)."""
        code = self._code(code)
        table = self._table(code)
        return self._summary(table, self._seat_infos(table, self.store.seats(code)))

    def _summary(self, table: TableRow, infos: tuple[SeatInfo, ...]) -> TableSummary:
        winners: tuple[int, ...] = ()
        if table.status == OVER:  # the finished game is read once, then kept in the cache
            with self._cache.lock(table.code):
                winners = self._match(table).winners
        return TableSummary(
            code=table.code,
            game_id=table.game_id,
            title=get_game(table.game_id).title,
            players=table.players,
            status=table.status,
            host=table.host,
            created=table.created,
            updated=table.updated,
            seq=table.seq,
            to_move=table.to_move if table.status == PLAYING else None,
            seats=infos,
            winners=winners,
            settings=dict(table.settings),
        )

    def stamp(self, code: str) -> TableStamp:
        """``seq``, ``revision`` and status of a table: one small read, to poll often."""
        code = self._code(code)
        found = self.store.stamp(code)
        if found is None:
            raise self._no_table(code)
        return TableStamp(code, *found)

    def latest_seq(self, code: str) -> int:
        """The sequence number of the last move stored at table ``code`` (0: none yet)."""
        return self.stamp(code).seq

    def changed_since(self, code: str, seq: int) -> bool:
        """True when a move was stored at table ``code`` after ``seq``."""
        return self.latest_seq(code) != seq

    def touch(self, code: str, token: str) -> None:
        """Note that the page of the seat holding ``token`` is open (call every few seconds:
        a seat not seen for 10 s shows as not connected)."""
        code = self._code(code)
        self.store.touch(code, self._seat_of(code, token), self._clock())

    def leave(self, code: str, token: str) -> None:
        """Note that the page of the seat holding ``token`` was closed (its kernel is shutting
        down): the seat shows as not connected at once, instead of after 10 s with no
        :meth:`touch`. A page of the seat still open somewhere says so again at its next
        touch. The seat stays held: its seat link brings the student back."""
        code = self._code(code)
        self.store.touch(code, self._seat_of(code, token), None)

    # --- moving --------------------------------------------------------------------------------
    def move(self, code: str, token: str, action: Any, seen_seq: int, *, reply: bool = True) -> int:
        """Play ``action`` (an action object, its JSON dict, or JSON text) for the seat holding
        ``token``, chosen on the position at ``seen_seq``; then the computer seats move until a
        person is to move or the game is over. Returns the ``seq`` the move was stored at
        (``seen_seq + 1``); the computers' replies follow it (see :meth:`latest_seq`).
        ``reply=False`` leaves the computers' replies to a later :meth:`play_bots` (a page
        shows its student's move first and lets the computers think in the background; if
        nobody calls it, the next :meth:`view` after a few seconds plays them).

        Refused, with the table unchanged: :class:`StaleMoveError` when a move was stored
        after ``seen_seq``, :class:`NotYourTurnError`, :class:`IllegalMoveError` (the rules'
        own reason and rule id), :class:`GameNotRunningError`, :class:`WrongTokenError`."""
        code = self._code(code)
        seen_seq = whole(seen_seq, "The move's sequence number")
        seat = self._seat_of(code, token)
        if isinstance(action, str | bytes):
            try:
                action = read_json(action, "The move")
            except ValueError as exc:
                raise BadRequestError(str(exc)) from None
        seq, computer_next = self._commit(code, seat, action, seen_seq, token_digest(token))
        if computer_next and reply:  # the move is stored: if this fails, the next look plays
            self._play_bots_quietly(code)  # them
        return seq

    def play_bots(self, code: str) -> int:
        """Let the computer seats of table ``code`` move while one of them is to move; the
        latest ``seq``. Each move is computed outside any lock and then stored like a
        person's; if another process stored it first, this one looks again."""
        code = self._code(code)
        table = self._table(code)
        for _ in range(MAX_BOT_MOVES):
            if table.status != PLAYING or table.to_move is None:
                break
            holder = self.store.seats(code)[table.to_move]
            if holder.holder != COMPUTER or holder.bot is None:
                break
            with self._cache.lock(code):
                match = self._match(table)
                if match.current_player != table.to_move:
                    break
                seen = bot_view(match)
            try:
                action = make_bot(match.game, holder.bot).choose(seen)
            except Exception as exc:  # a bot's fault must not look like the person's move failing
                raise TableError(
                    f"The computer player of {match.game.player_name(holder.seat)} could not "
                    f"choose a move ({type(exc).__name__}); the game waits for it."
                ) from exc
            # another process may have moved for it, or the table changed: look again
            with contextlib.suppress(StaleMoveError, NotYourTurnError, GameNotRunningError):
                self._commit(code, holder.seat, action, table.seq, None)
            table = self._table(code)
        return table.seq

    # --- the teacher ---------------------------------------------------------------------------
    def teacher_view(self, code: str, *, key: str) -> TeacherView:
        """Everything at table ``code``: ``observe(None)``, the full log, scores, seats."""
        self._check_key(key)
        code = self._code(code)
        with self._cache.lock(code):
            table = self._table(code)
            seats = self.store.seats(code)
            match = self._match(table)
            return TeacherView(
                code=code,
                game_id=table.game_id,
                title=match.game.title,
                settings=dict(table.settings),
                host=table.host,
                created=table.created,
                seq=table.seq,
                revision=table.revision,
                status=table.status,
                status_text=status_text(table, seats, match),
                to_move=table.to_move if table.status == PLAYING else None,
                observation=match.observe(None),
                log=match.log,
                scores=match.scores,
                winner=match.winner,
                seats=self._seat_infos(table, seats),
                winners=match.winners,
            )

    def list_tables(self, *, key: str) -> list[TableSummary]:
        """Every table in the store, oldest first."""
        self._check_key(key)
        return [
            self._summary(table, self._seat_infos(table, self.store.seats(table.code)))
            for table in self.store.tables()
        ]

    def end_table(self, code: str, *, key: str) -> None:
        """End the game at table ``code`` now: no more moves; it stays readable."""
        self._check_key(key)

        def body(tx: WriteTx) -> None:
            if tx.table.status not in (OVER, ENDED):
                tx.update_table(status=ENDED, updated=self._clock())

        self.store.transact(self._code(code), body)

    def free_seat(self, code: str, seat: int, *, key: str) -> SeatInfo:
        """Free a person's seat (a student who lost the seat link): the old token stops
        working and someone can join the seat again. The seat as it was held (whose it was),
        as the freeing read it."""
        self._check_key(key)
        code = self._code(code)
        seat = whole(seat, "The seat")

        def body(tx: WriteTx) -> SeatInfo:
            table = tx.table
            check_seat(seat, table.players, get_game(table.game_id))
            seats = tx.seats()
            if seats[seat].holder != HUMAN:
                raise BadRequestError("Only a seat held by a person can be freed.")
            tx.update_seat(SeatRow(seat, FREE, None, None, "", None))
            tx.update_table(updated=self._clock())
            return self._seat_infos(table, seats)[seat]

        return self.store.transact(code, body)

    def results(self, *, key: str) -> Any:
        """A pandas DataFrame, one row per seat per table, in a programmer's terms: table
        code, game id, seat (from 0), player, name, holder, score, winner (True/False), moves,
        status. What a teacher downloads is :meth:`class_results`, the same in words."""
        import pandas as pd

        self._check_key(key)
        rows = []
        for table in self.store.tables():
            seats = self.store.seats(table.code)
            with self._cache.lock(table.code):
                match = self._match(table)
                scores, winners = match.scores, match.winners
                played = [e.player for e in match.events if e.kind == "action"]
                for s in seats:
                    rows.append(
                        {
                            "table": table.code,
                            "game": table.game_id,
                            "seat": s.seat,
                            "player": match.game.player_name(s.seat),
                            "name": s.name,
                            "holder": s.holder,
                            "score": scores[s.seat] if s.seat < len(scores) else None,
                            "winner": s.seat in winners,
                            "moves": played.count(s.seat),
                            "status": table.status,
                        }
                    )
        columns = ["table", "game", "seat", "player", "name", "holder", "score", "winner"]
        frame = pd.DataFrame(rows, columns=[*columns, "moves", "status"])
        # each score as its game counts it: 61 for Naval War, 68.5 for Nautic Miles's halves
        # (one float column would write 61.0)
        frame["score"] = pd.Series([r["score"] for r in rows], index=frame.index, dtype=object)
        return frame

    def class_results(self, *, key: str) -> Any:
        """The class's results as a teacher reads them (what the dashboard's "Download the
        class's results" saves, see :meth:`results_csv`): a pandas DataFrame, one row per seat
        per table, oldest table first, in words: Table (its code), Game (its title), Started
        (the date and time the table was made, the server's local time), Settings (those that
        differ from the game's defaults, as the play page says them; blank: the game's own),
        Seat (numbered from 1, as the pages number them), Player, Name, Played by (a person,
        or the computer player's name), Score, Winner (yes or no once the game is over; blank
        while it is not), Moves, Status. :meth:`results` is the same in a programmer's
        terms."""
        import pandas as pd

        frame = self.results(key=key)
        titles, started, changed = {}, {}, {}
        for table in self.store.tables():
            game = get_game(table.game_id)
            titles[table.code] = game.title
            started[table.code] = datetime.fromtimestamp(table.created).strftime("%Y-%m-%d %H:%M")
            changed[table.code] = settings_words(game, table.settings)
        over = frame["status"] == OVER
        played_by = [
            "person" if h == HUMAN else f"computer ({n})" if h == COMPUTER else "free seat"
            for h, n in zip(frame["holder"], frame["name"], strict=True)
        ]
        return pd.DataFrame(
            {
                "Table": frame["table"],
                "Game": [titles[c] for c in frame["table"]],
                "Started": [started[c] for c in frame["table"]],
                "Settings": [changed[c] for c in frame["table"]],
                "Seat": frame["seat"] + 1,
                "Player": frame["player"],
                "Name": [
                    n if h == HUMAN else ""
                    for h, n in zip(frame["holder"], frame["name"], strict=True)
                ],
                "Played by": played_by,
                "Score": frame["score"],
                "Winner": [
                    ("yes" if won else "no") if done else ""
                    for won, done in zip(frame["winner"], over, strict=True)
                ],
                "Moves": frame["moves"],
                "Status": [STATUS_WORDS.get(s, s) for s in frame["status"]],
            }
        )

    def results_csv(self, *, key: str) -> str:
        """:meth:`class_results` as CSV text, the file the teacher downloads (a spreadsheet
        opens it: plain words, seats from 1, winner yes/no)."""
        return str(self.class_results(key=key).to_csv(index=False))

    def record(self, code: str, *, key: str) -> str:
        """The full record of table ``code`` (``Match.to_json``: seed, settings, every event),
        which ``load_match`` replays. It holds the seed: for the teacher only."""
        self._check_key(key)
        code = self._code(code)
        with self._cache.lock(code):
            table = self._table(code)
            seats = self.store.seats(code)
            match = self._match(table)
            match.meta = {"table": code, "host": table.host, "names": [s.name for s in seats]}
            return match.to_json()

    # --- inside --------------------------------------------------------------------------------
    def _code(self, code: object) -> str:
        normal = normalize_code(code)
        if normal is None:
            raise NoSuchTableError(
                f"{quoted(code)} is not a table code: a table code is 6 letters, like KXPDRA."
            )
        return normal

    def _no_table(self, code: str) -> NoSuchTableError:
        return NoSuchTableError(f"There is no table {code}: check the code with your teacher.")

    def _match(self, table: TableRow) -> Match:
        """The match of ``table``, brought up to date with its stored moves (the caller holds
        the table's lock)."""
        return self._cache.synced(table, partial(self.store.moves, table.code))

    def _table(self, code: str) -> TableRow:
        table = self.store.table(code)
        if table is None:
            raise self._no_table(code)
        return table

    def _check_key(self, key: object) -> None:
        if self._teacher is None:
            raise TeacherKeyError(
                "The teacher functions are closed on this server: start it with a teacher key "
                "(NAVALKIT_TEACHER_KEY)."
            )
        given = key.encode("utf-8") if isinstance(key, str) else b""
        if not hmac.compare_digest(hashlib.sha256(given).digest(), self._teacher):
            raise TeacherKeyError("That is not the teacher key.")

    def _seat_of(self, code: str, token: object) -> int:
        """The seat ``token`` holds at table ``code``, or WrongTokenError in words."""
        digest = token_digest(token)
        found = self.store.find_token(digest) if digest else None
        if found is None:
            if self.store.table(code) is None:
                raise self._no_table(code)
            raise WrongTokenError(
                f"This seat link is not valid at table {code}: it may be mistyped, or your "
                "teacher freed the seat. Join a free seat, or ask your teacher."
            )
        if found[0] != code:
            raise WrongTokenError(
                f"This seat link is for table {found[0]}, not {code}: open that table, or join "
                f"a free seat at {code}."
            )
        return found[1]

    def _touch_quietly(self, code: str, seat: int) -> None:
        with contextlib.suppress(TableError):  # presence is a nicety: a busy store must
            self.store.touch(code, seat, self._clock())  # not spoil a view

    def _bots_stuck(self, table: TableRow, seats: list[SeatRow]) -> bool:
        """A computer is to move and has not moved for a while: its process died."""
        return (
            table.status == PLAYING
            and table.to_move is not None
            and seats[table.to_move].holder == COMPUTER
            and self._clock() - table.updated > BOT_GRACE_SECONDS
        )

    def _play_bots_quietly(self, code: str) -> None:
        with contextlib.suppress(TableError):  # the next look tries again
            self.play_bots(code)

    def _commit(
        self, code: str, seat: int, action: Any, expected: int, digest: str | None
    ) -> tuple[int, bool]:
        """Store ``action`` for ``seat`` at ``expected + 1``, after every check, in one
        transaction (``digest``: the token that must hold the seat; None for a computer).
        Returns the new seq, and whether a computer seat is to move next."""
        changed = False

        def body(tx: WriteTx) -> tuple[int, bool]:
            nonlocal changed
            table = tx.table
            seats = tx.seats()
            held = seats[seat]
            if digest is None and held.holder != COMPUTER:
                raise NotYourTurnError("That seat is no longer played by the computer.")
            if digest is not None and held.token_digest != digest:
                raise WrongTokenError(
                    f"This seat link is no longer valid at table {code}: your teacher freed "
                    "the seat. Join a free seat, or ask your teacher."
                )
            if table.status != PLAYING:
                raise GameNotRunningError(not_running(table))
            if table.seq != expected:
                raise StaleMoveError(
                    "Another player moved first; here is the new position.", table.seq
                )
            match = self._cache.synced(table, tx.moves)
            if match.current_player != seat:
                mover = table.to_move
                whose = (
                    "nobody's turn"
                    if mover is None
                    else owned("turn", match.game.player_name(mover))
                )
                raise NotYourTurnError(f"It is not your turn: it is {whose}.")
            violation = match.violation(action)
            if violation is not None:
                raise IllegalMoveError(violation)
            now = self._clock()
            changed = True
            played = match.apply(action)
            seq = table.seq + 1
            self._cache.put(code, seq, match)
            tx.add_move(seq, seat, played.to_json(), now)
            after = match.current_player
            tx.update_table(
                seq=seq, to_move=after, status=OVER if match.is_over else PLAYING, updated=now
            )
            return seq, after is not None and seats[after].holder == COMPUTER

        with self._cache.lock(code):
            try:
                return self.store.transact(code, body)
            except BaseException:
                if changed:  # the Match moved on but the store did not: replay it next time
                    self._cache.forget(code)
                raise

    def _seat_infos(self, table: TableRow, seats: list[SeatRow]) -> tuple[SeatInfo, ...]:
        return seat_infos(table, seats, get_game(table.game_id), self._clock())
