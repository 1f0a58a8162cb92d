"""Three classmates at one Naval War table, each in a browser of their own, through
``navalkit serve``: one starts the table from the table page, two join with its code, they
play a round, and each page shows only its own hand. A move by one seat reaches the others'
pages without a reload; the time from the click to another page's repaint is printed (and
written to ``test-artifacts/table-latency.json``). The teacher's dashboard lists the table.

Screenshots at 1366x768: the join page, a seat's board and the dashboard.
"""

from __future__ import annotations

import html
import json
import os
import re
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    ARTIFACTS,
    VoilaServer,
    new_page,
    seat_page_words,
    serving,
)  # this folder's fixtures
from test_pages import (
    _BOARD_BOXES_JS,
    BOARD_CANVAS,
    assert_clean,
    open_page,
    wait_for_boards_drawn,
)

from navalkit.core.match import load_match
from navalkit.games.naval_war.data import CARDS
from navalkit.tables import Tables

pytestmark = pytest.mark.browser

KEY = "a teacher key for the browser test of tables"
PAGE = "table.ipynb"
#: a page on a loaded 2-core machine
TIMEOUT_MS = 240_000
#: how long another seat's page may take to show a move (the page looks twice a second)
REPAINT_TIMEOUT_MS = 30_000
VIEWPORT = {"width": 1366, "height": 768}
NAMES = ("Ann", "Bob", "Cy")

#: the epoch time (ms) at which the status line of the page last changed
WATCH_JS = """
() => {
  const el = document.querySelector('.navalkit-status');
  window.__changed = [];
  new MutationObserver(() => window.__changed.push(Date.now()))
    .observe(el, {childList: true, subtree: true, characterData: true});
}
"""

#: scroll the page (and Voila's scrolling boxes) back to the top
TOP_JS = """
() => {
  window.scrollTo(0, 0);
  for (const e of document.querySelectorAll('*')) if (e.scrollTop) e.scrollTop = 0;
}
"""


@dataclass
class TableServer:
    server: VoilaServer
    data: Path


@pytest.fixture(scope="module")
def table_server(
    chromium_path: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TableServer]:
    """``navalkit serve --data DIR`` with a known teacher key and three warm table pages."""
    data = tmp_path_factory.mktemp("class-tables")
    old = os.environ.get("NAVALKIT_TEACHER_KEY")
    os.environ["NAVALKIT_TEACHER_KEY"] = KEY  # the server's kernels inherit it
    try:
        with serving("--data", str(data), "--class-size", "3", "--pool-page", PAGE) as server:
            yield TableServer(server, data)
    finally:
        if old is None:
            os.environ.pop("NAVALKIT_TEACHER_KEY", None)
        else:
            os.environ["NAVALKIT_TEACHER_KEY"] = old


def wait_for_pool(server: VoilaServer, timeout_s: float = 300) -> None:
    deadline = time.monotonic() + timeout_s
    while server.log.read_text(errors="replace").count("is filled with") < 1:
        assert time.monotonic() < deadline, f"the pool did not fill:\n{server.log_tail()}"
        time.sleep(2)


def new_student(browser: Any) -> Any:
    """A browser of one's own (own cookies, no internet), at a school laptop's size."""
    page = new_page(browser)
    page.set_viewport_size(VIEWPORT)
    return page


def board_drawn(page: Any, path: str) -> None:
    """Wait until the page shows a board and it has pixels."""
    page.locator(BOARD_CANVAS).first.wait_for(timeout=TIMEOUT_MS)
    wait_for_boards_drawn(page, path)


def seat_opens_whole(page: Any, who: str) -> None:
    """As a seat's page opens on a school laptop's screen, its board is wholly on it (no
    scrolling to see its bottom), and How to play is under it, less the play page's controls."""
    page.wait_for_timeout(500)
    boxes = page.evaluate(_BOARD_BOXES_JS)
    assert boxes, f"{who}'s seat: no board shown"
    for box in boxes:
        assert box["bottom"] <= box["innerH"] + 1, (
            f"{who}'s seat: the board's bottom is at {box['bottom']:.0f} px, below the window's "
            f"{box['innerH']} px"
        )
    how_to = page.locator(".navalkit-how-to").first.inner_text()
    assert "At the table." in how_to and "Ways to play" not in how_to, how_to


def dropdown(page: Any, label: str) -> Any:
    return page.locator(".widget-dropdown", has_text=label).locator("select").first


def text_box(page: Any, label: str) -> Any:
    return page.locator(".widget-text", has_text=label).locator("input").first


def wait_text(page: Any, selector: str, words: str, timeout_ms: int = TIMEOUT_MS) -> None:
    page.wait_for_function(
        "([sel, words]) => [...document.querySelectorAll(sel)]"
        ".some((e) => e.innerText.includes(words))",
        arg=[selector, words],
        timeout=timeout_ms,
        polling=200,
    )


def hidden_labels(tables: Tables, code: str, seat: int) -> set[str]:
    """The names of the cards in the other seats' hands that ``seat`` may not know: not in its
    own hand, and never named in its own log (a card played face up is public)."""
    state = tables.teacher_view(code, key=KEY).observation.state
    public = " ".join(load_match(tables.record(code, key=KEY)).log_for(seat)["text"])
    own = {CARDS[c].label for c in state.hands[seat]}
    others = {CARDS[c].label for s, hand in enumerate(state.hands) if s != seat for c in hand}
    return {label for label in others - own if label not in public}


def test_three_classmates_play_a_round_at_one_table(
    table_server: TableServer, browser: Any
) -> None:
    server = table_server.server
    wait_for_pool(server)
    pages = [new_student(browser) for _ in NAMES]
    try:
        # Ann starts the table from the table page and sits at Player 1
        ann = pages[0]
        open_page(ann, server, PAGE)
        ann.screenshot(path=str(ARTIFACTS / "tables-start-1366.png"))
        dropdown(ann, "Game:").select_option(label="Naval War")
        wait_text(ann, ".widget-dropdown", "Player 3:")
        text_box(ann, "Your name:").fill("Ann")
        text_box(ann, "Your name:").press("Enter")
        ann.get_by_role("button", name="Start the table").click()
        ann.locator(".navalkit-seat-board").wait_for(timeout=TIMEOUT_MS)
        code = ann.locator(".navalkit-share .navalkit-table-code").first.inner_text().strip()
        assert re.fullmatch(r"[A-Z]{6}", code), code
        board_drawn(ann, PAGE)
        seat_opens_whole(ann, "Ann")  # under the box with the code to share

        # Bob and Cy open the link Ann shares, type a name and take a free seat
        for seat, (page, name) in enumerate(zip(pages[1:], NAMES[1:], strict=True), start=1):
            open_page(page, server, f"{PAGE}?code={code}")
            wait_text(page, ".navalkit-join", f"Sit here as Player {seat + 1}")
            if seat == 1:
                page.screenshot(path=str(ARTIFACTS / "tables-join-1366.png"))
            text_box(page, "Your name:").fill(name)
            text_box(page, "Your name:").press("Enter")
            page.get_by_role("button", name=f"Sit here as Player {seat + 1}").click()
            page.locator(".navalkit-seat-board").wait_for(timeout=TIMEOUT_MS)
            board_drawn(page, PAGE)
            seat_opens_whole(page, name)
            link = page.locator(".navalkit-seat-link a").first.get_attribute("href") or ""
            assert f"?seat={code}-" in link, link

        # every page sees the table start (Ann's without a reload), one of them to move
        wait_text(ann, ".navalkit-status", "You are Player 1 (Ann)")
        # a seat's status and message are read out as they change (panels.LIVE)
        ann.wait_for_function(
            "() => ['.navalkit-status', '.navalkit-message'].every(s => "
            "document.querySelector(s).getAttribute('aria-live') === 'polite')",
            timeout=TIMEOUT_MS,
        )
        for page in pages:
            page.wait_for_function(
                "() => !document.querySelector('.navalkit-status').innerText"
                ".includes('Waiting for')",
                timeout=REPAINT_TIMEOUT_MS,
            )
            page.evaluate(WATCH_JS)

        latencies: list[float] = []
        movers: set[int] = set()
        for _ in range(40):  # a round: every seat has moved at least once
            if len(movers) == 3:
                break
            turn = [p.locator(".navalkit-turn").first.inner_text() for p in pages]
            mover = next((i for i, t in enumerate(turn) if "It is your turn" in t), None)
            if mover is None:  # the last move is still on its way to the next page
                pages[0].wait_for_timeout(200)
                continue
            page = pages[mover]
            watchers = [p for i, p in enumerate(pages) if i != mover]
            marks = [len(p.evaluate("window.__changed")) for p in watchers]
            legal = page.locator(".navalkit-legal select").first
            legal.select_option(index=0)
            clicked = page.evaluate("Date.now()")
            page.get_by_role("button", name="Play chosen move").click()
            for watcher, mark in zip(watchers, marks, strict=True):
                watcher.wait_for_function(
                    f"() => window.__changed.length > {mark}", timeout=REPAINT_TIMEOUT_MS
                )
                repainted = watcher.evaluate(f"window.__changed[{mark}]")
                latencies.append((repainted - clicked) / 1000)
            message = page.locator(".navalkit-message").first.inner_html()
            assert "navalkit-refusal" not in message, html.unescape(message)
            movers.add(mover)
        assert movers == {0, 1, 2}, f"not every seat moved: {movers}"

        # Bob reloads his page from his seat link (a new kernel): back at his seat, same hand
        bob = pages[1]
        hand = bob.locator(".navalkit-description").first.inner_text()
        link = bob.locator(".navalkit-seat-link a").first.get_attribute("href") or ""
        open_page(bob, server, link)
        bob.locator(".navalkit-seat-board").wait_for(timeout=TIMEOUT_MS)
        board_drawn(bob, PAGE)
        wait_text(bob, ".navalkit-status", "You are Player 2 (Bob)")
        assert bob.locator(".navalkit-description").first.inner_text() == hand
        for page in pages:  # the next mover's page and a waiting one, seen from the top
            page.wait_for_function(
                "() => [...document.querySelectorAll('.navalkit-turn')]"
                ".every((e) => !e.innerText.includes('thinking'))",
                timeout=REPAINT_TIMEOUT_MS,
            )
            page.evaluate(TOP_JS)
        turn = [p.locator(".navalkit-turn").first.inner_text() for p in pages]
        mine = next(i for i, t in enumerate(turn) if "It is your turn" in t)
        pages[mine].screenshot(path=str(ARTIFACTS / "tables-seat-board-1366.png"))
        pages[(mine + 1) % 3].screenshot(path=str(ARTIFACTS / "tables-seat-waiting-1366.png"))

        # each page shows its own hand and nothing of the others'
        checked = 0
        with Tables(table_server.data, teacher_key=KEY) as tables:
            for seat, page in enumerate(pages):
                text, dom = seat_page_words(page)
                assert f"You are Player {seat + 1} ({NAMES[seat]})" in text
                assert f"Player {seat + 1}'s hand:" in text
                for other in range(3):
                    if other != seat:
                        assert f"Player {other + 1}'s hand" not in text
                hidden = hidden_labels(tables, code, seat)
                checked += len(hidden)
                leaked = [x for x in hidden if x in text or x in dom]
                assert not leaked, f"Player {seat + 1}'s page shows others' cards: {leaked}"
                assert_clean(page, PAGE)
        assert checked > 0, "no hidden card to look for: the check proved nothing"
        print(f"hidden card names looked for on the three pages: {checked}")

        summary = {
            "moves": len(latencies) // 2,
            "median_s": round(statistics.median(latencies), 3),
            "max_s": round(max(latencies), 3),
            "all_s": [round(x, 3) for x in latencies],
        }
        print(f"move -> another seat's repaint: {summary}")
        (ARTIFACTS / "table-latency.json").write_text(json.dumps(summary, indent=2) + "\n")

        # the teacher's dashboard lists the table, and who sits where
        teacher = new_student(browser)
        open_page(teacher, server, f"teacher.ipynb?teacher={KEY}")
        wait_text(teacher, ".navalkit-tables", code)
        for name in NAMES:
            wait_text(teacher, ".navalkit-tables", name)
        dropdown(teacher, "Table:").select_option(index=0)
        teacher.get_by_role("button", name="Show the board").click()
        board_drawn(teacher, "teacher.ipynb")
        teacher.wait_for_timeout(500)
        teacher.screenshot(path=str(ARTIFACTS / "tables-dashboard-1366.png"))
        teacher.locator(".navalkit-board").first.scroll_into_view_if_needed()
        teacher.screenshot(path=str(ARTIFACTS / "tables-dashboard-board-1366.png"))
        assert_clean(teacher, "teacher.ipynb")
        teacher.context.close()
    finally:
        for page in pages:
            page.context.close()


def test_the_dashboard_without_the_key_shows_nothing(
    table_server: TableServer, browser: Any
) -> None:
    page = new_student(browser)
    try:
        open_page(page, table_server.server, "teacher.ipynb?teacher=wrong-key-guessed-by-a-student")
        text = page.inner_text("body")
        assert "This page is for the teacher" in text and "Start a table" not in text
        assert "Tables" not in text.replace("Play at a table", "")
    finally:
        page.context.close()


def test_a_wrong_code_is_said_in_plain_words(table_server: TableServer, browser: Any) -> None:
    page = new_student(browser)
    try:
        open_page(page, table_server.server, f"{PAGE}?code=QQQQQQ")
        wait_text(page, ".navalkit-message", "There is no table QQQQQQ")
        assert_clean(page, PAGE)
    finally:
        page.context.close()
