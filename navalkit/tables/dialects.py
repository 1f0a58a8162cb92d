"""The two backends of the table store: what differs between SQLite and PostgreSQL, and
nothing else. Every query lives in :mod:`.store`, written once with ``?`` placeholders.

* :class:`SQLiteDialect`: standard library ``sqlite3``, one file in a data folder, WAL mode,
  ``synchronous=NORMAL``; a write transaction is ``BEGIN IMMEDIATE`` (the database's single
  write lock, taken up front so that two writers queue instead of both reading the same
  ``seq``); waits for a lock through SQLite's busy handler.
* :class:`PostgresDialect`: psycopg 3 (imported only when used); a write transaction is
  ``BEGIN`` and locks the table's row with ``SELECT ... FOR UPDATE``; ``?`` becomes ``%s``;
  waits for a lock up to ``lock_timeout``.

Each connection (:class:`Link`) belongs to one thread of one process. ``classify`` reads a
driver's error as ``busy``, ``full``, ``unique``, ``unavailable`` or None, so that the store
can answer each in words.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar
from urllib.parse import urlsplit

from .errors import StoreError

if TYPE_CHECKING:
    import psycopg

__all__ = ["SQLITE_FILE", "Dialect", "Link", "PostgresDialect", "SQLiteDialect"]

#: the SQLite file inside a data folder
SQLITE_FILE = "tables.sqlite3"


class Link(ABC):
    """One open connection of one thread of one process."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.thread = threading.current_thread()

    @abstractmethod
    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run a query written with ``?`` placeholders; its rows."""

    @abstractmethod
    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement written with ``?`` placeholders; how many rows it changed."""

    @abstractmethod
    def close(self) -> None: ...

    @property
    def broken(self) -> bool:
        return False


class Dialect(ABC):
    """What differs between the backends: connecting, starting a write transaction, locking
    a table's row, and reading a driver's errors. Everything else is shared SQL."""

    name: ClassVar[str]
    #: the statement that opens a write transaction
    begin_write: ClassVar[str]
    #: added to the SELECT of a table's row inside a write transaction, to lock that row
    lock_clause: ClassVar[str]

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout

    @abstractmethod
    def connect(self) -> Link: ...

    @property
    @abstractmethod
    def driver_errors(self) -> tuple[type[Exception], ...]:
        """The exceptions that mean the store failed (the driver's, and OSError)."""

    @abstractmethod
    def classify(self, exc: BaseException) -> str | None:
        """What a driver error means: ``busy``, ``full``, ``unique``, ``unavailable``, or
        None for anything else."""

    @abstractmethod
    def describe(self) -> str:
        """Where the store is, for messages (never a password)."""


def _os_error_kind(exc: BaseException) -> str | None:
    if isinstance(exc, OSError):
        return "full" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else "unavailable"
    return None


class _SQLiteLink(Link):
    def __init__(self, path: Path, timeout: float) -> None:
        super().__init__()
        # isolation_level=None: the driver opens no transaction by itself; the store says
        # BEGIN IMMEDIATE / COMMIT. check_same_thread=False only so that close() may run in
        # another thread: each link is used by the thread that made it.
        self.conn = sqlite3.connect(
            path, timeout=timeout, isolation_level=None, check_same_thread=False
        )
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("PRAGMA foreign_keys=ON")

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return list(self.conn.execute(sql, tuple(params)).fetchall())

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.conn.execute(sql, tuple(params)).rowcount

    def close(self) -> None:
        self.conn.close()


class SQLiteDialect(Dialect):
    """The embedded store: one SQLite file in ``data_dir``."""

    name = "sqlite"
    begin_write = "BEGIN IMMEDIATE"
    lock_clause = ""  # BEGIN IMMEDIATE already holds the database's write lock

    def __init__(self, data_dir: str | os.PathLike[str], timeout: float) -> None:
        super().__init__(timeout)
        self.data_dir = Path(data_dir).expanduser()
        self.path = self.data_dir / SQLITE_FILE

    def connect(self) -> Link:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return _SQLiteLink(self.path, self.timeout)

    @property
    def driver_errors(self) -> tuple[type[Exception], ...]:
        return (sqlite3.Error, OSError)

    def classify(self, exc: BaseException) -> str | None:
        if isinstance(exc, sqlite3.IntegrityError):
            return "unique" if "UNIQUE" in str(exc) or "PRIMARY KEY" in str(exc) else None
        if isinstance(exc, sqlite3.Error):
            code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
            if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in str(exc):
                return "busy"
            if code in (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR) or "full" in str(exc):
                return "full"
            if code in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM):
                return "unavailable"
            return None
        return _os_error_kind(exc)

    def describe(self) -> str:
        return str(self.path)


class _PostgresLink(Link):
    def __init__(self, url: str, timeout: float) -> None:
        super().__init__()
        import psycopg

        # autocommit: every statement outside BEGIN ... COMMIT is its own transaction, so a
        # read never holds a transaction open between two polls.
        self.conn: psycopg.Connection[tuple[Any, ...]] = psycopg.connect(
            url, autocommit=True, connect_timeout=max(1, round(timeout))
        )
        self.conn.execute(f"SET lock_timeout = {max(1, round(timeout * 1000))}")

    @staticmethod
    def _sql(sql: str) -> str:
        return sql.replace("?", "%s")

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        cur = self.conn.execute(self._sql(sql), tuple(params))
        return list(cur.fetchall()) if cur.description else []

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        cur = self.conn.execute(self._sql(sql), tuple(params))
        return cur.rowcount

    def close(self) -> None:
        self.conn.close()

    @property
    def broken(self) -> bool:
        return bool(self.conn.closed or self.conn.broken)


class PostgresDialect(Dialect):
    """A PostgreSQL database given by a ``postgresql://`` URL (psycopg 3)."""

    name = "postgresql"
    begin_write = "BEGIN"
    lock_clause = " FOR UPDATE"

    def __init__(self, url: str, timeout: float) -> None:
        super().__init__(timeout)
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise StoreError(
                "A PostgreSQL table store needs psycopg: pip install 'navalkit[postgres]'."
            ) from None
        self.url = url

    def connect(self) -> Link:
        return _PostgresLink(self.url, self.timeout)

    @property
    def driver_errors(self) -> tuple[type[Exception], ...]:
        import psycopg

        return (psycopg.Error, OSError)

    def classify(self, exc: BaseException) -> str | None:
        import psycopg
        from psycopg import errors as pg

        if isinstance(exc, pg.UniqueViolation):
            return "unique"
        busy = (pg.LockNotAvailable, pg.DeadlockDetected, pg.SerializationFailure)
        if isinstance(exc, (*busy, pg.QueryCanceled)):
            return "busy"
        if isinstance(exc, psycopg.Error) and (exc.sqlstate or "").startswith("53"):
            return "full"  # insufficient resources: disk full, out of memory, too many
        if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
            return "unavailable"
        return _os_error_kind(exc)

    def describe(self) -> str:
        parts = urlsplit(self.url)
        where = parts.hostname or "local socket"
        return f"postgresql://{where}{parts.path}"
