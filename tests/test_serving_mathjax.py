"""A single-user server with navalkit.serving asks no CDN for MathJax (the hub's servers), and
keeps an admin's own MathJax settings."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
from jupyter_server.serverapp import ServerApp

from navalkit.serving import NO_MATHJAX

EXTENSION = "--ServerApp.jpserver_extensions=navalkit.serving=True"


@pytest.fixture(autouse=True)
def _own_jupyter_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's cookie secret and config go to this test's folder, not the machine's."""
    for name in ("RUNTIME", "CONFIG", "DATA"):
        monkeypatch.setenv(f"JUPYTER_{name}_DIR", str(tmp_path / name.lower()))
    monkeypatch.setenv("JUPYTER_NO_CONFIG", "1")


def _settings(tmp_path: Path, *args: str) -> dict[str, Any]:
    """The web application's settings of a server started with ``args`` (not listening)."""
    app = ServerApp()
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # the flags' form is current
        app.initialize(
            [f"--ServerApp.root_dir={tmp_path}", *args],
            find_extensions=False,
            new_httpserver=False,
        )
    return dict(app.web_app.settings)


def test_the_extension_turns_mathjax_off(tmp_path: Path) -> None:
    plain = _settings(tmp_path)
    assert "mathjax_url" not in plain, "a plain server names MathJax now: is the test still apt?"
    with_navalkit = _settings(tmp_path, EXTENSION)
    assert {key: with_navalkit[key] for key in NO_MATHJAX} == NO_MATHJAX


def test_an_admins_mathjax_settings_stay(tmp_path: Path) -> None:
    url = "/static/mathjax/tex-chtml.js"
    settings = _settings(tmp_path, EXTENSION, f"--ServerApp.tornado_settings=mathjax_url={url}")
    assert settings["mathjax_url"] == url
    assert "mathjax_config" not in settings  # Voila's default configuration then applies
