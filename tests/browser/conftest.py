"""Fixtures for the browser tests: a Voila server started like `navalkit serve`, and Chromium.

Set ``NAVALKIT_NOTEBOOKS=/some/folder`` to run the same checks on another notebooks folder.
Screenshots, the server log and page timings go to ``test-artifacts/``.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from navalkit._paths import find_notebooks, notebooks_dir
from navalkit.cli import base_url, page_url, wait_until_serving

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
NOTEBOOKS_ENV = "NAVALKIT_NOTEBOOKS"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SERVER_START_TIMEOUT = 120.0


def served_notebooks() -> Path:
    """The folder under test: ``$NAVALKIT_NOTEBOOKS`` or navalkit's own notebooks."""
    override = os.environ.get(NOTEBOOKS_ENV)
    return Path(override).resolve() if override else notebooks_dir()


def notebook_pages() -> list[str]:
    """Every notebook page, as a path relative to the served folder (``a/b.ipynb``)."""
    root = served_notebooks()
    if not root.is_dir():
        return []
    return [p.relative_to(root).as_posix() for p in find_notebooks(root)]


def pytest_sessionstart(session: pytest.Session) -> None:
    """Screenshots of an earlier run would mislead: remove them once, before any test (in the
    main process only: pytest-xdist's workers would remove each other's new ones)."""
    if hasattr(session.config, "workerinput"):
        return
    for old in ARTIFACTS.glob("*.png"):
        old.unlink()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize ``page_path`` over every page and ``play_path`` over the ``*play`` pages."""
    pages = notebook_pages()
    if "page_path" in metafunc.fixturenames:
        metafunc.parametrize("page_path", pages, ids=pages)
    if "play_path" in metafunc.fixturenames:
        # the one play page for every game is tested on a game the per-game pages leave out of
        # nothing: Far Seas (its largest board), through ?game=
        plays = [
            f"{p}?game=far_seas" if p == "play.ipynb" else p
            for p in pages
            if p.endswith("play.ipynb")
        ]
        metafunc.parametrize("play_path", plays, ids=plays)


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    """Debian's Chromium; a clear failure under CI, a skip on a machine without it."""
    problem = None
    if not CHROMIUM.exists():
        problem = f"{CHROMIUM} is missing (apt-get install chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "playwright is not installed (pip install -e '.[test]')"
    if problem:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests cannot run: {problem}", pytrace=False)
        pytest.skip(f"browser tests skipped: {problem}")
    return CHROMIUM


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class VoilaServer:
    """A running ``navalkit serve`` and where its pages are."""

    notebooks: Path
    port: int
    log: Path
    artifacts: Path = ARTIFACTS

    @property
    def base_url(self) -> str:
        return base_url(self.port)

    def page_url(self, path: str) -> str:
        return page_url(path, self.port)

    def log_tail(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def start_serve(*options: str) -> tuple[VoilaServer, subprocess.Popen[bytes]]:
    """``python -m navalkit.cli serve --no-browser <options>`` on a free port, answering."""
    notebooks = served_notebooks()
    if not notebooks.is_dir():
        pytest.fail(f"no notebooks folder at {notebooks}", pytrace=False)
    ARTIFACTS.mkdir(exist_ok=True)
    port = _free_port()
    server = VoilaServer(notebooks, port, ARTIFACTS / f"voila-server-{port}.log")
    # the tables' data in a folder of the test run, not the user's own (unless a test says)
    data = [] if "--data" in options else ["--data", str(ARTIFACTS / f"tables-data-{port}")]
    cmd = [sys.executable, "-m", "navalkit.cli", "serve", "--no-browser", "--port", str(port),
           "--notebooks", str(notebooks), *data, *options]  # fmt: skip
    with server.log.open("wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until_serving(server.base_url, timeout=SERVER_START_TIMEOUT, proc=proc)
    except (RuntimeError, TimeoutError) as exc:
        stop_serve(proc)
        pytest.fail(f"navalkit serve did not start: {exc}\n{server.log_tail()}", pytrace=False)
    return server, proc


@contextlib.contextmanager
def serving(*options: str) -> Iterator[VoilaServer]:
    """``navalkit serve <options>`` for the ``with`` block (a module's own server)."""
    server, proc = start_serve(*options)
    try:
        yield server
    finally:
        stop_serve(proc)


@pytest.fixture(scope="session")
def voila_server(chromium_path: Path) -> Iterator[VoilaServer]:
    """``python -m navalkit.cli serve --no-browser`` on a free port, for the whole session."""
    server, proc = start_serve("--class-size", "1")  # one warm kernel a play page: light
    yield server
    stop_serve(proc)


def stop_serve(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM (navalkit serve forwards it to Voila, which shuts its kernels), then SIGKILL."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


@pytest.fixture(scope="session")
def browser(chromium_path: Path) -> Iterator[Any]:
    """A headless Chromium driven by Playwright's sync API."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=str(chromium_path), args=CHROMIUM_ARGS, headless=True
        )
        yield chromium
        chromium.close()


@dataclass
class PageProblems:
    """What the page reported besides its content: uncaught errors and console errors."""

    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)


def _local_only(route: Any, problems: PageProblems) -> None:
    """Let requests to this machine through; refuse the rest (CDN fonts, trackers)."""
    host = urlsplit(route.request.url).hostname or ""
    if route.request.url.startswith(("data:", "blob:")) or host in ("localhost", "127.0.0.1"):
        route.continue_()
    else:
        problems.blocked.append(route.request.url)
        route.abort()


def new_page(browser: Any, **context_options: Any) -> Any:
    """A page in a context of its own (its own cookies) that cannot reach the internet;
    ``page.problems`` collects its errors and the requests refused. ``context_options`` (a
    phone's screen and touch, say) go to Playwright's ``new_context``."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **context_options})
    problems = PageProblems()
    context.route("**/*", lambda route: _local_only(route, problems))
    pg = context.new_page()
    pg.on("pageerror", lambda exc: problems.page_errors.append(str(exc)))
    pg.on(
        "console",
        lambda msg: problems.console_errors.append(msg.text) if msg.type == "error" else None,
    )
    pg.problems = problems
    return pg


#: the page's markup with its programs and stylesheets left out: the words in the page's own
#: code (the template's script that builds "This page has stopped", with role "alert") are not
#: a game's; data scripts (JSON, where a widget's state could ride) stay in
MARKUP_JS = """(leaveOut) => {
  const copy = document.documentElement.cloneNode(true);
  copy.querySelectorAll("style, script").forEach((e) => {
    if (!(e.type || "").includes("json")) e.remove();
  });
  if (leaveOut) copy.querySelectorAll(leaveOut).forEach((e) => e.remove());
  return copy.outerHTML;
}"""


def page_markup(page: Any, leave_out: str = "") -> str:
    """What a student could read by looking into the page: every element, hidden or not, with
    its attributes (a card's name in a tooltip or a data attribute counts), entities decoded,
    but not the page's own program text (``MARKUP_JS``), nor the elements ``leave_out`` (a
    CSS selector) selects."""
    return html.unescape(page.evaluate(MARKUP_JS, leave_out))


#: what every seat's page at a table shows alike, from the game's own words (How to play, the
#: settings in force, the rules and their sources): a card's name there ("Repair") gives
#: nothing of another seat's hand away
SAME_AT_EVERY_SEAT = ".navalkit-how-to, .navalkit-settings-in-force, .navalkit-rules"


def seat_page_words(page: Any) -> tuple[str, str]:
    """The text and the markup (``page_markup``) of a seat's page at a table, less what every
    seat shows alike (SAME_AT_EVERY_SEAT): where another seat's hidden card may not be named."""
    text = page.inner_text("body")
    for element in page.locator(SAME_AT_EVERY_SEAT).all():
        if element.is_visible():  # a folded panel's words are not in the page's text
            same = element.inner_text()
            assert same in text, same
            text = text.replace(same, "")
    return text, page_markup(page, SAME_AT_EVERY_SEAT)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page (own context) that cannot reach the internet; ``page.problems`` collects."""
    pg = new_page(browser)
    yield pg
    pg.context.close()


#: a phone held upright: a small screen, a finger instead of a mouse
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A fresh page on a phone's screen, played by touch (see ``page``)."""
    pg = new_page(browser, **PHONE)
    yield pg
    pg.context.close()


@pytest.fixture(scope="session")
def timings() -> Iterator[dict[str, dict[str, float]]]:
    """Seconds from navigation to each milestone, per page; written to test-artifacts/."""
    found: dict[str, dict[str, float]] = {}
    yield found
    if found:
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "page-timings.json").write_text(json.dumps(found, indent=2) + "\n")
