"""The table tests run twice: on the embedded SQLite store and on a real PostgreSQL server.

The PostgreSQL server is started once for the session from Debian's binaries (``initdb`` and
``pg_ctl`` of /usr/lib/postgresql/<version>/bin, or on the PATH), in a scratch folder, with
its Unix socket there and no TCP listener (so no port clash with anything else on the
machine), trust authentication, and fsync off (it holds test data only). As root (CI, this
machine) it runs as the ``postgres`` system user, because initdb refuses root. Each test gets
a fresh database on it. Without the binaries the PostgreSQL half is skipped with the reason;
under CI (``CI`` set) it fails instead, since CI installs PostgreSQL.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from glob import glob
from pathlib import Path

import pytest
from table_helpers import KEY

from navalkit.tables import Tables

INSTALL_HINT = "apt-get install postgresql"


def _absent(reason: str) -> None:
    """Skip the PostgreSQL tests, or fail them under CI, which must run them."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must run the PostgreSQL table tests ({INSTALL_HINT})")
    pytest.skip(f"{reason} ({INSTALL_HINT} to run the PostgreSQL table tests)")


def _pg_bindir() -> Path | None:
    """The folder with initdb and pg_ctl: Debian's newest version, else the PATH's."""

    def version(path: str) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", path))

    candidates = sorted(glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True)
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(str(Path(on_path).resolve().parent))
    for folder in candidates:
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server for this test session; the URL of its ``postgres`` database."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _absent("psycopg is not installed (pip install 'navalkit[postgres]')")
    bindir = _pg_bindir()
    if bindir is None:
        _absent("PostgreSQL's initdb and pg_ctl are not installed")
        raise AssertionError  # unreachable: _absent skips or fails
    user = None
    if os.geteuid() == 0:  # initdb refuses root: run the server as the postgres user
        try:
            entry = pwd.getpwnam("postgres")
        except KeyError:
            _absent("running as root and there is no 'postgres' user to run PostgreSQL as")
            raise AssertionError from None
        user = "postgres"
    base = Path(tempfile.mkdtemp(prefix="navalkit-pg-"))
    if user is not None:
        os.chown(base, entry.pw_uid, entry.pw_gid)
    data, log, port = base / "data", base / "server.log", _free_port()
    options = (
        f"-k {base} -p {port} -c listen_addresses='' -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=100"
    )

    def run(*args: str) -> None:
        subprocess.run(args, user=user, check=True, capture_output=True, text=True, timeout=60)

    try:
        run(
            str(bindir / "initdb"),
            *("-D", str(data), "-U", "postgres", "--auth=trust"),
            *("-E", "UTF8", "--no-locale", "--no-sync"),
        )
        run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start")
    except subprocess.CalledProcessError as exc:
        text = log.read_text() if log.exists() else ""
        shutil.rmtree(base, ignore_errors=True)
        pytest.fail(f"PostgreSQL did not start: {exc.stderr}\n{text}")
    try:
        yield f"postgresql://postgres@/postgres?host={base}&port={port}"
    finally:
        subprocess.run(
            [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            user=user,
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's tables live: a fresh SQLite data folder, or a fresh PostgreSQL
    database."""
    if request.param == "sqlite":
        return str(tmp_path / "data")
    import psycopg

    admin: str = request.getfixturevalue("postgres_server")
    name = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return admin.replace("/postgres?", f"/{name}?")


@pytest.fixture
def tables(store_url: str) -> Iterator[Tables]:
    """A table service on the test's store, with the test teacher key."""
    with Tables(store_url, teacher_key=KEY) as service:
        yield service
