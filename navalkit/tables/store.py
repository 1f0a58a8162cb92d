"""The table store: where shared tables live, so that every page of a class (each in its own
Voila kernel, that is its own process) and every restart of the server sees the same games.

What a table holds (three SQL tables, the same on both backends):

* ``navalkit_tables``: one row per table: its code, game, settings (JSON), **seed**, number
  of seats, status (open, playing, over, ended), host, times, and ``seq``, the number of the
  last move stored (0 before the first), with ``to_move`` and a ``revision`` that counts every
  change (a poll reads this one row);
* ``navalkit_seats``: who holds each seat: a person (the SHA-256 of the seat token, a display
  name, when that browser was last seen), a computer player (its bot name), or nobody;
* ``navalkit_moves``: the move log, one row per action with its ``seq``; ``(code, seq)`` is
  the primary key, so no two moves can ever claim the same place in a game.

Only actions are stored, never dice or cards: chance is drawn again from the seed when the
game is replayed (``new_match(game, seed=seed, ...)`` then the actions), exactly as a saved
record replays. The seed therefore stays in the store and never leaves the server.

**One code path, two backends.** :class:`TableStore` holds every query; a small Dialect
(:mod:`.dialects`) says how to connect, how to start a write transaction and lock a table's
row, and what a driver error means:

* SQLite (standard library, embedded, the default) in a data folder, in WAL mode so pages read
  while one writes. A write transaction starts with ``BEGIN IMMEDIATE``, which takes the
  database's single write lock up front: two writers queue rather than both reading the same
  ``seq``. ``synchronous=NORMAL``: a committed move survives a killed process (the WAL is
  replayed), though not a power cut of the machine in the last instant.
* PostgreSQL (psycopg 3) given a ``postgresql://`` URL: a write transaction locks the table's
  row with ``SELECT ... FOR UPDATE``; moves at other tables go on in parallel.

The SQLite store serves the processes of one machine (WAL mode needs memory they share; no
network folder): a class server is one machine. Several server machines share PostgreSQL.

Statements are written with ``?`` placeholders; the PostgreSQL dialect turns them into ``%s``.
A locked store is waited for up to ``timeout`` seconds (SQLite's busy handler, PostgreSQL's
``lock_timeout``, then retries) and then refused with :class:`StoreBusyError`; a full disk
gives :class:`StoreFullError`. Either way the transaction is rolled back: nothing is half
written.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .dialects import Dialect, Link, PostgresDialect, SQLiteDialect
from .errors import NoSuchTableError, StaleMoveError, StoreBusyError, StoreError, StoreFullError

__all__ = [
    "COMPUTER",
    "ENDED",
    "FREE",
    "HUMAN",
    "OPEN",
    "OVER",
    "PLAYING",
    "Dialect",
    "MoveRow",
    "PostgresDialect",
    "SQLiteDialect",
    "SeatRow",
    "TableRow",
    "TableStore",
    "WriteTx",
    "default_data_dir",
    "open_store",
]

T = TypeVar("T")

# A table's status.
OPEN = "open"  # waiting for people to take the free seats
PLAYING = "playing"
OVER = "over"  # the game ended by its rules
ENDED = "ended"  # the teacher ended it
# Who holds a seat.
HUMAN = "human"
COMPUTER = "computer"
FREE = "free"

#: 2: each table names the version of its game's rules (a store of version 1 gains the column
#: when it is first opened, its tables' versions unknown)
SCHEMA_VERSION = "2"


def default_data_dir() -> Path:
    """The folder for the embedded store: ``$NAVALKIT_DATA`` if set, else ``navalkit`` in the
    user's data folder (``$XDG_DATA_HOME``, ``~/.local/share``; ``%LOCALAPPDATA%`` on
    Windows). Not created here."""
    env = os.environ.get("NAVALKIT_DATA")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or (
        os.environ.get("LOCALAPPDATA") if os.name == "nt" else None
    )
    return Path(base).expanduser() / "navalkit" if base else Path.home() / ".local/share/navalkit"


# --- rows ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as stored. ``seq`` is the number of the last stored move (0: none yet)."""

    code: str
    game_id: str
    settings: dict[str, Any]
    seed: int
    players: int
    status: str
    host: str
    created: float
    updated: float
    seq: int
    to_move: int | None
    revision: int
    #: the version of the game's rules the table began under (None: a table stored before
    #: the store kept it)
    rules_version: str | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    """Who holds one seat: ``holder`` is HUMAN (with ``token_digest``), COMPUTER (``bot``)
    or FREE."""

    seat: int
    holder: str
    bot: str | None
    token_digest: str | None
    name: str
    last_seen: float | None


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One stored action: ``action`` is its JSON (``Action.to_json``)."""

    seq: int
    seat: int
    action: dict[str, Any]
    played: float


_TABLE_COLUMNS = (
    "code, game_id, settings, seed, players, status, host, created, updated, seq, to_move, "
    "revision, rules_version"
)
_SEAT_COLUMNS = "seat, holder, bot, token_digest, name, last_seen"

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS navalkit_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS navalkit_tables (
        code TEXT PRIMARY KEY,
        game_id TEXT NOT NULL,
        settings TEXT NOT NULL,
        seed BIGINT NOT NULL,
        players INTEGER NOT NULL,
        status TEXT NOT NULL,
        host TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        seq INTEGER NOT NULL,
        to_move INTEGER,
        revision INTEGER NOT NULL,
        rules_version TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS navalkit_seats (
        code TEXT NOT NULL REFERENCES navalkit_tables (code) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        holder TEXT NOT NULL,
        bot TEXT,
        token_digest TEXT UNIQUE,
        name TEXT NOT NULL,
        last_seen DOUBLE PRECISION,
        PRIMARY KEY (code, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS navalkit_moves (
        code TEXT NOT NULL REFERENCES navalkit_tables (code) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        played DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, seq)
    )""",
    "INSERT INTO navalkit_meta (key, value) VALUES ('schema_version', ?) "
    "ON CONFLICT (key) DO NOTHING",
)


def _table_row(r: Sequence[Any]) -> TableRow:
    return TableRow(
        code=r[0],
        game_id=r[1],
        settings=json.loads(r[2]),
        seed=int(r[3]),
        players=int(r[4]),
        status=r[5],
        host=r[6],
        created=float(r[7]),
        updated=float(r[8]),
        seq=int(r[9]),
        to_move=None if r[10] is None else int(r[10]),
        revision=int(r[11]),
        rules_version=r[12],
    )


def _seat_row(r: Sequence[Any]) -> SeatRow:
    return SeatRow(
        seat=int(r[0]),
        holder=r[1],
        bot=r[2],
        token_digest=r[3],
        name=r[4],
        last_seen=None if r[5] is None else float(r[5]),
    )


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def open_store(
    url_or_dir: str | os.PathLike[str] | None = None, *, timeout: float = 5.0
) -> TableStore:
    """The store at ``url_or_dir``: a ``postgresql://`` (or ``postgres://``) URL, or a data
    folder for the embedded SQLite store (None: :func:`default_data_dir`). ``timeout``: how
    long a write waits for a locked store before it is refused (seconds)."""
    if url_or_dir is None:
        url_or_dir = default_data_dir()
    text = os.fspath(url_or_dir)
    dialect: Dialect
    if text.startswith(("postgresql://", "postgres://")):
        dialect = PostgresDialect(text, timeout)
    else:
        dialect = SQLiteDialect(text, timeout)
    return TableStore(dialect)


# --- the store ------------------------------------------------------------------------------


class WriteTx:
    """One write transaction at one table, its row locked: what :meth:`TableStore.transact`
    hands its body. ``table`` is the row as it is now (no other writer can change it until the
    transaction ends)."""

    def __init__(self, store: TableStore, link: Link, table: TableRow) -> None:
        self._store = store
        self._link = link
        self.table = table

    def seats(self) -> list[SeatRow]:
        return self._store._seats(self._link, self.table.code)

    def moves(self, after: int = 0, upto: int | None = None) -> list[MoveRow]:
        return self._store._moves(self._link, self.table.code, after, upto)

    def add_move(self, seq: int, seat: int, action: dict[str, Any], played: float) -> None:
        """Store a move at ``seq``. The primary key (code, seq) refuses a second move at the
        same place (:class:`StaleMoveError`), whatever the code above it did."""
        try:
            self._link.run(
                "INSERT INTO navalkit_moves (code, seq, seat, action, played) "
                "VALUES (?, ?, ?, ?, ?)",
                (self.table.code, seq, seat, _dumps(action), played),
            )
        except Exception as exc:
            if self._store.dialect.classify(exc) == "unique":
                raise StaleMoveError(
                    "Another player moved first; here is the new position.", self.table.seq
                ) from None
            raise

    def update_table(self, **changes: Any) -> None:
        """Change columns of the table's row (seq, to_move, status, updated); the revision
        always goes up by one."""
        allowed = {"seq", "to_move", "status", "updated"}
        unknown = set(changes) - allowed
        if unknown:
            raise ValueError(f"cannot change {sorted(unknown)} of a table")
        names = sorted(changes)
        sets = "".join(f"{n} = ?, " for n in names)
        self._link.run(
            f"UPDATE navalkit_tables SET {sets}revision = revision + 1 WHERE code = ?",
            (*(changes[n] for n in names), self.table.code),
        )

    def update_seat(self, seat: SeatRow) -> None:
        """Write who holds ``seat.seat`` now."""
        self._link.run(
            "UPDATE navalkit_seats SET holder = ?, bot = ?, token_digest = ?, name = ?, "
            "last_seen = ? WHERE code = ? AND seat = ?",
            (
                seat.holder,
                seat.bot,
                seat.token_digest,
                seat.name,
                seat.last_seen,
                self.table.code,
                seat.seat,
            ),
        )


class TableStore:
    """The tables of a class, in SQLite or PostgreSQL (see the module's docstring).

    Safe to share between threads (each thread gets its own connection) and to use from
    several processes at once (each opens its own). Game rules are not its business: it
    stores rows, and :meth:`transact` gives the service a locked table to check a move in.
    """

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._local = threading.local()
        self._links: list[Link] = []
        self._links_lock = threading.Lock()
        for attempt in range(3):  # two processes creating the tables at once: one retries
            try:
                self._call(self._create_schema)
                break
            except StoreError:
                if attempt == 2:
                    raise

    @property
    def timeout(self) -> float:
        return self.dialect.timeout

    @property
    def location(self) -> str:
        """Where the store is (a file or a database), without any password."""
        return f"{self.dialect.name}: {self.dialect.describe()}"

    def __repr__(self) -> str:
        return f"<TableStore {self.location}>"

    # --- connections and faults ---------------------------------------------------------------
    def _link(self) -> Link:
        link: Link | None = getattr(self._local, "link", None)
        if link is None or link.pid != os.getpid() or link.broken:
            link = self.dialect.connect()
            with self._links_lock:  # close the connections of threads that have ended
                mine = os.getpid()
                ended = [k for k in self._links if k.pid == mine and not k.thread.is_alive()]
                self._links = [k for k in self._links if k not in ended] + [link]
            for old in ended:
                with contextlib.suppress(Exception):
                    old.close()
            self._local.link = link
        return link

    def _drop_link(self) -> None:
        link: Link | None = getattr(self._local, "link", None)
        self._local.link = None
        if link is not None and link.pid == os.getpid():
            with contextlib.suppress(Exception):  # it is being thrown away
                link.close()

    def close(self) -> None:
        """Close this process's connections (a later call opens new ones)."""
        with self._links_lock:
            mine = [link for link in self._links if link.pid == os.getpid()]
            self._links = [link for link in self._links if link.pid != os.getpid()]
        for link in mine:
            with contextlib.suppress(Exception):  # closing anyway
                link.close()
        self._local.link = None

    def _fault(self, kind: str | None, exc: BaseException) -> StoreError:
        where = self.dialect.describe()
        if kind == "busy":
            return StoreBusyError(
                f"The table store is busy: another program kept it locked for over "
                f"{self.timeout:g} s. Nothing was changed; try again in a moment."
            )
        if kind == "full":
            return StoreFullError(
                "The server could not save: its disk is full (or failing). Nothing was "
                "changed; tell your teacher."
            )
        if kind == "unavailable":
            return StoreError(
                f"The table store ({where}) cannot be reached. Nothing was changed; tell "
                "your teacher."
            )
        return StoreError(
            f"The table store ({where}) failed ({type(exc).__name__}). Nothing was changed; "
            "tell your teacher."
        )

    def _call(self, fn: Callable[[Link], T]) -> T:
        """Run ``fn`` on this thread's connection; a busy store is retried until the timeout,
        a dropped connection is opened again once, and any other driver error becomes a
        :class:`StoreError` in words."""
        deadline = time.monotonic() + self.timeout
        reconnected = False
        while True:
            try:
                link = self._link()
                return fn(link)
            except self.dialect.driver_errors as exc:  # ours (TableError) and bugs go through
                kind = self.dialect.classify(exc)
                error: BaseException = exc
            if kind == "busy" and time.monotonic() < deadline:
                time.sleep(random.uniform(0.01, 0.05))
                continue
            if kind == "unavailable":
                self._drop_link()
                if not reconnected and time.monotonic() < deadline:
                    reconnected = True
                    continue
            raise self._fault(kind, error) from error

    def _create_schema(self, link: Link) -> None:
        link.run(self.dialect.begin_write)
        try:
            for statement in SCHEMA[:-1]:
                link.run(statement)
            link.run(SCHEMA[-1], (SCHEMA_VERSION,))
            found = link.rows("SELECT value FROM navalkit_meta WHERE key = 'schema_version'")
            if found and found[0][0] == "1":  # a store from before the rules' versions
                link.run("ALTER TABLE navalkit_tables ADD COLUMN rules_version TEXT")
                link.run(
                    "UPDATE navalkit_meta SET value = ? WHERE key = 'schema_version'",
                    (SCHEMA_VERSION,),
                )
            link.run("COMMIT")
        except BaseException:
            _rollback(link)
            raise

    # --- reads ----------------------------------------------------------------------------
    def table(self, code: str) -> TableRow | None:
        """The table with ``code``, or None."""

        def read(link: Link) -> TableRow | None:
            rows = link.rows(
                f"SELECT {_TABLE_COLUMNS} FROM navalkit_tables WHERE code = ?", (code,)
            )
            return _table_row(rows[0]) if rows else None

        return self._call(read)

    def tables(self) -> list[TableRow]:
        """Every table, oldest first."""
        return self._call(
            lambda link: [
                _table_row(r)
                for r in link.rows(
                    f"SELECT {_TABLE_COLUMNS} FROM navalkit_tables ORDER BY created, code"
                )
            ]
        )

    def stamp(self, code: str) -> tuple[int, int, str] | None:
        """``(seq, revision, status)`` of a table, or None: one small read, for polling."""

        def read(link: Link) -> tuple[int, int, str] | None:
            rows = link.rows(
                "SELECT seq, revision, status FROM navalkit_tables WHERE code = ?", (code,)
            )
            return (int(rows[0][0]), int(rows[0][1]), str(rows[0][2])) if rows else None

        return self._call(read)

    def seats(self, code: str) -> list[SeatRow]:
        return self._call(lambda link: self._seats(link, code))

    def moves(self, code: str, after: int = 0, upto: int | None = None) -> list[MoveRow]:
        """The moves with ``after < seq <= upto``, in order."""
        return self._call(lambda link: self._moves(link, code, after, upto))

    def find_token(self, digest: str) -> tuple[str, int] | None:
        """``(code, seat)`` of the seat whose token has this digest, or None."""

        def read(link: Link) -> tuple[str, int] | None:
            rows = link.rows(
                "SELECT code, seat FROM navalkit_seats WHERE token_digest = ?", (digest,)
            )
            return (str(rows[0][0]), int(rows[0][1])) if rows else None

        return self._call(read)

    def _seats(self, link: Link, code: str) -> list[SeatRow]:
        rows = link.rows(
            f"SELECT {_SEAT_COLUMNS} FROM navalkit_seats WHERE code = ? ORDER BY seat", (code,)
        )
        return [_seat_row(r) for r in rows]

    def _moves(self, link: Link, code: str, after: int, upto: int | None) -> list[MoveRow]:
        sql = "SELECT seq, seat, action, played FROM navalkit_moves WHERE code = ? AND seq > ?"
        params: list[Any] = [code, after]
        if upto is not None:
            sql += " AND seq <= ?"
            params.append(upto)
        rows = link.rows(sql + " ORDER BY seq", params)
        return [MoveRow(int(r[0]), int(r[1]), json.loads(r[2]), float(r[3])) for r in rows]

    # --- writes ---------------------------------------------------------------------------
    def insert_table(self, table: TableRow, seats: Sequence[SeatRow]) -> bool:
        """Store a new table and its seats in one transaction; False (and nothing stored) if
        a table already has its code."""

        def write(link: Link) -> bool:
            link.run(self.dialect.begin_write)
            try:
                link.run(
                    f"INSERT INTO navalkit_tables ({_TABLE_COLUMNS}) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        table.code,
                        table.game_id,
                        _dumps(table.settings),
                        table.seed,
                        table.players,
                        table.status,
                        table.host,
                        table.created,
                        table.updated,
                        table.seq,
                        table.to_move,
                        table.revision,
                        table.rules_version,
                    ),
                )
            except Exception as exc:
                _rollback(link)
                if self.dialect.classify(exc) == "unique":
                    return False
                raise
            try:
                for s in seats:
                    link.run(
                        f"INSERT INTO navalkit_seats (code, {_SEAT_COLUMNS}) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (table.code, s.seat, s.holder, s.bot, s.token_digest, s.name, s.last_seen),
                    )
                link.run("COMMIT")
            except BaseException:
                _rollback(link)
                raise
            return True

        return self._call(write)

    def transact(self, code: str, body: Callable[[WriteTx], T]) -> T:
        """Run ``body`` in one write transaction with the table's row locked, and commit what
        it wrote; if it raises, roll everything back and raise it again. A missing table
        raises :class:`NoSuchTableError`. A busy store is retried from the start (``body``
        runs again, on the table as it is then), so ``body`` must not keep anything it made
        unless the call returns."""

        def attempt(link: Link) -> T:
            link.run(self.dialect.begin_write)
            try:
                rows = link.rows(
                    f"SELECT {_TABLE_COLUMNS} FROM navalkit_tables WHERE code = ?"
                    + self.dialect.lock_clause,
                    (code,),
                )
                if not rows:
                    raise NoSuchTableError(f"There is no table {code}.")
                result = body(WriteTx(self, link, _table_row(rows[0])))
                link.run("COMMIT")
            except BaseException:
                _rollback(link)
                raise
            return result

        return self._call(attempt)

    def touch(self, code: str, seat: int, when: float | None) -> None:
        """Note that the person at ``seat`` was seen at ``when`` (None: their page was closed;
        no revision: presence is read by polling the seats, not announced)."""
        self._call(
            lambda link: link.run(
                "UPDATE navalkit_seats SET last_seen = ? WHERE code = ? AND seat = ?",
                (when, code, seat),
            )
        )


def _rollback(link: Link) -> None:
    """Roll back, ignoring the error of a transaction that the database already ended."""
    with contextlib.suppress(Exception):  # nothing to roll back, or the connection is gone
        link.run("ROLLBACK")
