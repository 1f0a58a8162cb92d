"""The key that signs saved games: made once, whole, the same for every process."""

from __future__ import annotations

import multiprocessing
import os
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from navalkit.core import signing


@pytest.fixture
def key_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "keys" / "save.key"
    monkeypatch.setenv(signing.KEY_FILE_ENV, str(path))
    return path


def test_the_key_is_made_on_first_use_private_and_kept(key_file: Path) -> None:
    key = signing.save_key()
    assert len(key) == 32 and key_file.read_bytes() == key
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert signing.save_key() == key
    assert os.listdir(key_file.parent) == ["save.key"], "no draft left beside it"
    body = '{"game": "branle_bas"}'
    assert signing.is_signed_here(body, signing.signature(body))
    assert not signing.is_signed_here(body, signing.signature(body + " "))


def test_a_short_key_file_is_refused_in_plain_words(key_file: Path) -> None:
    key_file.parent.mkdir(parents=True)
    key_file.write_bytes(b"short")
    with pytest.raises(OSError, match="too short; delete it"):
        signing.save_key()


def _make(barrier: Any, results: Any) -> None:
    barrier.wait()
    try:
        results.put(signing.save_key().hex())
    except Exception as exc:  # reported to the test, which fails on it
        results.put(f"{type(exc).__name__}: {exc}")


@pytest.mark.skipif(sys.platform == "win32", reason="forks the test process")
def test_processes_making_the_key_at_once_all_get_the_same_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A class's kernels start together on a new server, and each signs a save: none fails,
    none reads the key half written, and all sign with one key (20 rounds of 8 processes)."""
    ctx = multiprocessing.get_context("fork")
    for round_ in range(20):
        path = tmp_path / f"round{round_}" / "save.key"
        monkeypatch.setenv(signing.KEY_FILE_ENV, str(path))
        barrier, results = ctx.Barrier(8), ctx.Queue()
        makers = [ctx.Process(target=_make, args=(barrier, results)) for _ in range(8)]
        for p in makers:
            p.start()
        got = [results.get(timeout=30) for _ in makers]
        for p in makers:
            p.join(timeout=30)
        assert got == [path.read_bytes().hex()] * 8, got
        assert os.listdir(path.parent) == ["save.key"]
