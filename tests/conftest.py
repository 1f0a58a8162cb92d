"""Shared pytest setup: the markers that tag slow test kinds.

``pytest -m "not browser and not notebook"`` runs only the fast unit tests.
"""

from __future__ import annotations

import pytest

MARKERS = {
    "browser": "drives Chromium against a Voila server",
    "notebook": "executes a notebook",
}


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers (pyproject lists them too; this keeps -m working without it)."""
    for name, help_text in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {help_text}")
    # Saved games (resume codes) go to a scratch folder, never to the user's home; the
    # browser tests' server inherits it.
    import os
    import tempfile

    os.environ.setdefault("NAVALKIT_SAVES", tempfile.mkdtemp(prefix="navalkit-saves-"))
    # and so does the key that signs saves (core.signing)
    key_dir = tempfile.mkdtemp(prefix="navalkit-key-")
    os.environ.setdefault("NAVALKIT_SAVE_KEY_FILE", os.path.join(key_dir, "save.key"))
