"""The code stays clean: ruff lint and format, and mypy --strict on core, render, games, play
and site. Both tools are test dependencies: a missing one fails the test instead of skipping it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_the_checkers_are_installed() -> None:
    assert _run("ruff", "--version").returncode == 0, "ruff is a test dependency: .[test]"
    assert _run("mypy", "--version").returncode == 0, "mypy is a test dependency"


def test_ruff_lint_and_format() -> None:
    lint = _run("ruff", "check", ".")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    fmt = _run("ruff", "format", "--check", ".")
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


def test_mypy_strict() -> None:
    out = _run("mypy")
    assert out.returncode == 0, out.stdout + out.stderr
