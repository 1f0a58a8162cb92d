"""Shared pytest setup: the markers that tag slow test kinds.

``pytest -m "not browser and not notebook"`` runs only the fast unit tests.
"""

from __future__ import annotations

import pytest

_SCRATCH = pytest.StashKey[str]()

MARKERS = {
    "browser": "drives Chromium against a Voila server",
    "notebook": "executes a notebook",
}


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers (pyproject lists them too; this keeps -m working without it)."""
    for name, help_text in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {help_text}")
    # Saved games (resume codes) go to a scratch folder, never to the user's home, and so
    # does the key that signs saves (core.signing). The browser tests' servers and the
    # xdist workers inherit the environment, so only the first process makes the folder,
    # and that process removes it when the run ends.
    import os
    import tempfile

    if "NAVALKIT_SAVES" not in os.environ or "NAVALKIT_SAVE_KEY_FILE" not in os.environ:
        scratch = tempfile.mkdtemp(prefix="navalkit-test-")
        os.environ.setdefault("NAVALKIT_SAVES", os.path.join(scratch, "saves"))
        os.environ.setdefault("NAVALKIT_SAVE_KEY_FILE", os.path.join(scratch, "key", "save.key"))
        config.stash[_SCRATCH] = scratch


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the scratch folder this process made (none in an xdist worker)."""
    import shutil

    scratch = config.stash.get(_SCRATCH, None)
    if scratch is not None:
        shutil.rmtree(scratch, ignore_errors=True)
