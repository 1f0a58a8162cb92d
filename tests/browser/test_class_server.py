"""A class on ``navalkit serve`` in Chromium: pages opened at once all get a board, a full
server says so and lets the page in when a place frees up, a closed tab frees its kernel within
a minute, and a game whose kernel was closed says so with a button to start again.

The load figures (30 pages, latencies) are in ``benchmarks/classroom.py``, not here.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS, VoilaServer, serving  # this folder's fixtures

from navalkit.testing.wire import WireStudent

pytestmark = pytest.mark.browser

PAGE = "play.ipynb"  # the one play page for every game: the class's pool
PLAY = f"{PAGE}?game=naval_war"
BOARD = "document.querySelector('.navalkit-board canvas, canvas.navalkit-board') !== null"
#: a page on a loaded 2-core machine (kernels starting for the class at the same time)
PAGE_TIMEOUT_MS = 240_000
#: the welcome page has come (``document.body`` is null for a moment while a page reloads)
WELCOMED = "document.body && document.body.innerText.includes('Welcome aboard')"
#: the culler's promise (navalkit.cli: 45 s idle, checked every 15 s) and some slack; a page
#: whose network dropped has its connection closed when it misses the server's pings (30 s)
FREED_WITHIN_S = 75


class Sleepable:
    """A TCP relay between a page and the server that can go quiet like a phone put to sleep:
    its connections stay open but carry nothing either way (the server's pings go unanswered),
    and on waking they are found dead, as a phone finds them. Chromium's offline emulation
    does not model this: it sometimes still answered the server's pings."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.asleep = threading.Event()
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target))
            self.pairs.append((client, server))
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                if not self.asleep.is_set():  # asleep: what comes is lost
                    dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def sleep(self) -> None:
        self.asleep.set()

    def wake(self) -> None:
        """The connections made before are dead; new ones work."""
        pairs, self.pairs = self.pairs, []
        self.asleep.clear()
        for client, server in pairs:
            for s in (client, server):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                    s.close()

    def url(self, server: VoilaServer, path: str) -> str:
        return server.page_url(path).replace(f":{server.port}/", f":{self.port}/", 1)


def kernel_id(page: Any) -> str:
    return str(
        page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent)")[
            "kernelId"
        ]
    )


def kernel_connections(server: VoilaServer, kid: str) -> int:
    """How many pages are connected to kernel ``kid`` (the server's own count)."""
    with urllib.request.urlopen(f"{server.base_url}api/kernels/{kid}", timeout=10) as r:
        return int(json.load(r)["connections"])


def kernel_status(server: VoilaServer, kid: str) -> int:
    try:
        with urllib.request.urlopen(f"{server.base_url}api/kernels/{kid}", timeout=10) as r:
            return int(r.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


@pytest.fixture(scope="module")
def default_server(chromium_path: Any) -> Iterator[VoilaServer]:
    """``navalkit serve`` exactly as a teacher starts it: no flags."""
    with serving() as server:
        yield server


def wait_for_pools(server: VoilaServer, pages: int, timeout_s: float = 300) -> None:
    """Until ``pages`` pools are full (a teacher starts the server before the lesson)."""
    deadline = time.monotonic() + timeout_s
    while server.log.read_text(errors="replace").count("is filled with") < pages:
        assert time.monotonic() < deadline, f"the pools did not fill:\n{server.log_tail()}"
        time.sleep(2)


def test_six_pages_opened_at_once_on_the_default_serve_all_get_a_board(
    default_server: VoilaServer, browser: Any
) -> None:
    wait_for_pools(default_server, 3)  # the play page (every game), the welcome and table pages
    contexts = [browser.new_context(viewport={"width": 1366, "height": 768}) for _ in range(6)]
    try:
        pages = [c.new_page() for c in contexts]
        start = time.monotonic()
        for p in pages:  # all six asked for before any is drawn
            p.goto(default_server.page_url(PLAY), wait_until="commit", timeout=PAGE_TIMEOUT_MS)
        for p in pages:
            p.wait_for_function(BOARD, timeout=PAGE_TIMEOUT_MS, polling=500)
        took = time.monotonic() - start
        texts = [p.inner_text("body") for p in pages]
        assert all("Traceback" not in t and "There was an error" not in t for t in texts)
        assert all(p.locator(".navalkit-status").first.inner_text() for p in pages)
        print(f"six pages at once: every board within {took:.1f} s")
    finally:
        for c in contexts:
            c.close()
    log = default_server.log.read_text(errors="replace")
    assert "class of 30" in log and "Using pre-heated kernel" in log


def voila_rss_mb(server: VoilaServer) -> float:
    """Resident memory of the server's Voila process, in MB."""
    for proc in Path("/proc").iterdir():
        try:
            args = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"voila" in b" ".join(args) and f"--Voila.port={server.port}".encode() in args:
            status = (proc / "status").read_text()
            return int(status.split("VmRSS:")[1].split()[0]) / 1024
    raise AssertionError("no Voila process for this server")


def test_pages_spoken_on_the_wire_get_boards_and_moves_in_either_protocol(
    default_server: VoilaServer,
) -> None:
    """What benchmarks/classroom.py's wire students do (the page's messages without a
    browser), and a page of the older websocket protocol: each gets its board and its moves,
    and the older protocol's page does not swell Voila (unguarded, it grew past 15 GB)."""
    wait_for_pools(default_server, 3)

    async def student(protocol: str) -> tuple[float, list[float]]:
        s = WireStudent(default_server.page_url(PLAY), timeout=240, protocol=protocol)
        try:
            _, board = await s.first_board()
            return board, [await s.click("Computer move") for _ in range(3)]
        finally:
            await s.close()

    async def both() -> list[tuple[float, list[float]]]:
        return list(await asyncio.gather(student("v1"), student("legacy")))

    with ThreadPoolExecutor(1) as pool:  # a thread of its own: Playwright runs a loop here
        results = pool.submit(asyncio.run, both()).result()
    for board, moves in results:
        assert board > 0 and len(moves) == 3
    time.sleep(2)  # what the server would still be chewing on
    assert voila_rss_mb(default_server) < 1000


@pytest.fixture(scope="module")
def small_server(chromium_path: Any) -> Iterator[VoilaServer]:
    """A server with room for two pages: one preheated play page and one more."""
    with serving("--class-size", "1", "--max-kernels", "2", "--pool-page", PAGE) as server:
        yield server


def test_a_full_server_says_so_and_lets_the_page_in_when_a_place_frees(
    small_server: VoilaServer, browser: Any
) -> None:
    first = browser.new_context().new_page()
    first.goto(small_server.page_url(PLAY), timeout=PAGE_TIMEOUT_MS)
    first.wait_for_function(BOARD, timeout=PAGE_TIMEOUT_MS)
    # the play page took the preheated kernel and Voila preheats another: the server is full
    deadline = time.monotonic() + 60
    second = browser.new_context().new_page()
    while True:
        reply = second.goto(small_server.page_url("welcome.ipynb"), timeout=PAGE_TIMEOUT_MS)
        if (reply is not None and reply.status == 503) or time.monotonic() > deadline:
            break
        second.wait_for_timeout(2000)
    assert reply is not None and reply.status == 503
    text = second.inner_text("body")
    assert "The class server is busy" in text and "tries again by itself" in text
    assert "number in the line: 1; 0 ahead of you" in text
    assert "503" not in text, "plain words, no status code"
    first.close(run_before_unload=True)  # a classmate closes a game: Voila shuts its kernel
    second.wait_for_function(WELCOMED, timeout=PAGE_TIMEOUT_MS)
    second.context.close()


@pytest.fixture(scope="module")
def roomy_server(chromium_path: Any) -> Iterator[VoilaServer]:
    with serving("--class-size", "1", "--pool-page", PAGE) as server:
        yield server


def test_a_closed_tab_frees_its_kernel_and_a_stopped_game_says_so(
    roomy_server: VoilaServer, browser: Any
) -> None:
    """A tab closed without a goodbye (a crashed browser) frees its kernel within a minute;
    a page that lost its connection that long (a phone put to sleep) finds its game stopped
    and says so, with a button to start again."""
    gone = browser.new_context().new_page()
    gone.goto(roomy_server.page_url(PLAY), timeout=PAGE_TIMEOUT_MS)
    gone.wait_for_function(BOARD, timeout=PAGE_TIMEOUT_MS)
    kid = kernel_id(gone)
    assert kernel_status(roomy_server, kid) == 200
    gone.context.close()  # no beforeunload: nothing tells the server
    phone = Sleepable(roomy_server.port)
    asleep = browser.new_context().new_page()
    asleep.goto(phone.url(roomy_server, "welcome.ipynb"), timeout=PAGE_TIMEOUT_MS)
    asleep.wait_for_function(WELCOMED, timeout=PAGE_TIMEOUT_MS)
    sleeping = kernel_id(asleep)
    # the page's words come with its HTML; it is asleep once its kernel connection is open
    connected_by = time.monotonic() + PAGE_TIMEOUT_MS / 1000
    while kernel_connections(roomy_server, sleeping) < 1:
        assert time.monotonic() < connected_by, "the welcome page never connected to its kernel"
        time.sleep(0.5)
    phone.sleep()  # its connection stays open and carries nothing
    start = time.monotonic()
    while kernel_status(roomy_server, kid) != 404:
        assert time.monotonic() - start < FREED_WITHIN_S, "the closed tab still holds a kernel"
        time.sleep(3)
    freed = time.monotonic() - start
    while kernel_status(roomy_server, sleeping) != 404:
        assert time.monotonic() - start < FREED_WITHIN_S + 30, "the idle page was not culled"
        time.sleep(3)
    phone.wake()
    notice = asleep.locator(".navalkit-stopped")
    notice.wait_for(timeout=30_000)
    assert "This game has stopped" in notice.inner_text()
    assert notice.get_by_role("button", name="Start again").is_visible()
    asleep.screenshot(path=str(ARTIFACTS / "game-stopped-1366.png"))
    print(f"closed tab's kernel freed {freed:.0f} s after the tab closed")
    asleep.context.close()
