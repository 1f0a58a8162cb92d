"""Table codes, seat tokens and links, where the store lives, and what importing costs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from navalkit.tables import TableStore, default_data_dir, normalize_code, open_store
from navalkit.tables.codes import (
    CODE_ALPHABET,
    new_code,
    new_token,
    parse_seat_link,
    seat_link,
    token_digest,
)
from navalkit.tables.store import SQLiteDialect


def test_codes_are_six_clear_letters_and_read_forgivingly() -> None:
    codes = {new_code() for _ in range(500)}
    assert len(codes) > 495  # random, not a sequence
    for code in codes:
        assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set("ILO") & set(CODE_ALPHABET)  # no letter that reads as 1 or 0
    assert normalize_code(" kx-pd ra\n") == "KXPDRA"
    for bad in ("KXPDR", "KXPDRAB", "KXPDR0", "KXPDRI", "", None, 123456, "K" * 100):
        assert normalize_code(bad) is None


def test_tokens_are_secret_and_only_their_digest_is_kept() -> None:
    token = new_token()
    assert len(token) >= 43 and token != new_token()
    digest = token_digest(token)
    assert digest is not None and len(digest) == 64 and token not in digest
    assert token_digest(f" {token} ") == digest
    assert token_digest("") is None and token_digest(None) is None
    assert token_digest("x" * 500) is None


def test_seat_links_round_trip() -> None:
    token = "ab-cd_ef" + new_token()  # tokens may hold dashes
    link = seat_link("KXPDRA", token)
    assert parse_seat_link(f"  {link.lower()[:6]}{link[6:]} ") == ("KXPDRA", token)
    for bad in ("KXPDRA", "nonsense", "KXPDRA-", "12-token"):
        with pytest.raises(ValueError, match="not a seat link"):
            parse_seat_link(bad)


def test_the_default_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NAVALKIT_DATA", str(tmp_path / "here"))
    assert default_data_dir() == tmp_path / "here"
    monkeypatch.delenv("NAVALKIT_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "navalkit"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_data_dir() == Path.home() / ".local/share/navalkit"


def test_open_store_picks_the_backend(tmp_path: Path) -> None:
    store = open_store(tmp_path / "data")
    assert isinstance(store, TableStore) and isinstance(store.dialect, SQLiteDialect)
    assert (tmp_path / "data" / "tables.sqlite3").is_file()
    mode = store._link().rows("PRAGMA journal_mode")[0][0]
    assert mode == "wal"
    store.close()


def test_the_tables_import_without_jupyter() -> None:
    code = (
        "import sys, navalkit.tables\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'ipycanvas', 'IPython', 'voila', 'matplotlib', 'psycopg'))\n"
        "assert not bad, bad\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
