"""The server-free site in Chromium: built into a temporary folder, served by the standard
library's ``http.server`` on 127.0.0.1 (no Jupyter server), Python running in the page.

Pyodide comes from ``npm pack`` once per machine (the builder's cache), the site is built once
per session. Screenshots and page timings go to ``test-artifacts/``.
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from navalkit.core import games
from navalkit.site.build import SiteBuildError, build_site
from navalkit.site.controller import SiteGame

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
#: Pyodide starts in a few seconds; a slow machine gets some slack
READY_TIMEOUT_MS = 60_000
MOVE_TIMEOUT_MS = 45_000  # a move and the computer's reply in Pyodide, on a loaded machine


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


#: the teacher key the test site is built with (a real build makes a random one)
TEACHER_KEY = "test-teacher-key-0123456789"


@pytest.fixture(scope="session")
def site_url(chromium_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site, built once, served from a thread on a free local port."""
    out = tmp_path_factory.mktemp("static-site")
    try:
        report = build_site(out, teacher_key=TEACHER_KEY)
    except SiteBuildError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"the site cannot be built: {exc}", pytrace=False)
        pytest.skip(f"the site cannot be built here: {exc}")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "static-site-build.txt").write_text(f"{report}\n")
    handler = functools.partial(_QuietHandler, directory=str(out))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def open_game(page: Any, site_url: str, game_id: str, query: str = "") -> dict[str, float]:
    """Open a game's page (with the link's ``query`` options) and wait for its first board;
    return the page's own timings."""
    start = time.monotonic()
    page.goto(f"{site_url}play.html?game={game_id}{query}", wait_until="commit")
    assert page.locator("#loading").is_visible() or page.locator("#app").is_visible()
    page.wait_for_function(
        "document.body.dataset.state !== undefined", timeout=READY_TIMEOUT_MS, polling=100
    )
    if page.locator("#fatal").is_visible():
        pytest.fail(f"{game_id}: the page shows an error: {page.inner_text('#fatal')}")
    assert page.evaluate("document.body.dataset.state") == "ready"
    found: dict[str, float] = dict(page.evaluate("window.navalkitTimings"))
    found["first_board_s"] = round(time.monotonic() - start, 2)
    return found


#: the number of the last event in the moves list (the list shows only the last few)
#: the number of the last event the log lists (an entry for a run of the same words is numbered
#: from its first event; ``data-last`` is its last)
#: the last event the log shows (its "earlier moves" line has none: with it counted, a game
#: whose computers played a long opening read NaN, and a wait for a later event never ended)
LAST_EVENT_JS = (
    "Math.max(0, ...[...document.querySelectorAll('#log li[data-last]')]"
    ".map((li) => +li.dataset.last))"
)


def last_event(page: Any) -> int:
    return int(page.evaluate(LAST_EVENT_JS))


def board_drawn(page: Any) -> int:
    """How many SVG elements the board holds (0 if none)."""
    return int(page.evaluate("document.querySelectorAll('#board svg *').length"))


def click_region(page: Any, game: SiteGame, region_id: str) -> None:
    """Click the centre of a board region, found in scene coordinates by the same Python the
    page runs, mapped to the screen through the SVG's own transform."""
    scene = game.session.board()
    assert scene is not None
    x, y, w, h = next(r for r in scene.regions if r.id == region_id).box()
    sx, sy = page.evaluate(
        """([x, y]) => {
            const svg = document.querySelector('#board svg');
            const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
            return [p.x, p.y];
        }""",
        [x + w / 2, y + h / 2],
    )
    page.mouse.click(sx, sy)
    answered(page, f"the click on {region_id}")


def page_state(page: Any) -> str:
    """What the page shows a player, to say in a failing test."""
    parts = {k: page.evaluate(f"document.querySelector('{k}')?.innerText ?? ''") for k in SHOWN}
    return "; ".join(f"{k}: {v.strip()!r}" for k, v in parts.items() if v.strip())


SHOWN = ("#status", "#message", "#fatal", "#log")


def answered(page: Any, what: str) -> None:
    """Wait until Python has answered every request the page sent (the page is busy,
    aria-busy, while one waits); fail with what the page shows if it never does."""
    try:
        page.wait_for_function(
            "document.body.getAttribute('aria-busy') !== 'true'", timeout=MOVE_TIMEOUT_MS
        )
    except Exception as exc:  # playwright's TimeoutError
        pytest.fail(f"no answer to {what}: {exc}; the page shows {page_state(page)}")


def assert_clean(page: Any) -> None:
    problems = page.problems
    assert not problems.page_errors, problems.page_errors
    assert not problems.console_errors, problems.console_errors
    assert not problems.blocked, f"the page asked another host for {problems.blocked}"


def test_index_lists_every_game(page: Any, site_url: str) -> None:
    page.goto(site_url)
    links = page.locator("a.game-link")
    assert links.count() == len(games())
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert hrefs == [f"play.html?game={g}" for g in games()]
    assert_clean(page)


def test_branle_bas_plays_by_clicks(
    page: Any, site_url: str, timings: dict[str, dict[str, float]]
) -> None:
    # the ready-made set-up and one click per square, to reach the moves at once
    quick = "&seed=0&setup=standard&touch_move=off"
    timings["static-site/branle_bas"] = open_game(page, site_url, "branle_bas", quick)
    assert board_drawn(page) > 100
    assert "A (south)" in page.inner_text("#status")
    shadow = SiteGame("branle_bas", seed=0, setup="standard", touch_move=False)  # the squares
    shadow.view()
    # a refused move: the rule, its provenance, and nothing moved
    click_region(page, shadow, "h5")
    click_region(page, shadow, "k8")
    refusal = page.locator("#message .refusal")
    assert refusal.is_visible(), f"h5 → k8 is refused; the page shows {page_state(page)}"
    # the rule by its title in words; its id and provenance in the tooltip alone
    assert "(rule: " in refusal.inner_text() and "BB-MOVES" not in refusal.inner_text()
    assert page.locator("#message .refusal .rule").get_attribute("title").startswith("BB-MOVES (")
    assert page.locator("#log li").count() == 1, "only the draw for first move is logged"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "static-site-branle_bas-refusal.png"))
    # a legal move: the Torpilleur h3 → h4, and the computer answers
    click_region(page, shadow, "h3")
    click_region(page, shadow, "h4")
    page.wait_for_function(
        "document.querySelector('#log').innerText.includes('h3 → h4')", timeout=MOVE_TIMEOUT_MS
    )
    assert page.locator("#log li").count() == 3, "the move and the computer's reply"
    assert not page.locator("#undo").is_disabled()
    page.screenshot(path=str(ARTIFACTS / "static-site-branle_bas-clicks.png"))
    assert_clean(page)


@pytest.mark.parametrize("game_id", games())
def test_every_game_draws_and_plays_from_the_keyboard(
    page: Any, site_url: str, game_id: str, timings: dict[str, dict[str, float]]
) -> None:
    timings[f"static-site/{game_id}"] = open_game(page, site_url, game_id)
    assert board_drawn(page) > 10
    assert page.inner_text("#status").strip()
    before = last_event(page)
    page.locator("#legal").focus()
    page.keyboard.press("Tab")  # to "Play chosen move"
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"({LAST_EVENT_JS}) > {before}"
        " || document.querySelector('#message .error, #message .refusal') !== null",
        timeout=MOVE_TIMEOUT_MS,
    )
    assert page.locator("#message .error").count() == 0, page.inner_text("#message")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"static-site-{game_id}.png"))
    assert_clean(page)


def test_hot_seat_cover_and_save_resume(page: Any, site_url: str) -> None:
    """Naval War hot-seat on a student's page: no teacher switch and no seed; the hand-over
    screen hides the next hand; a save is kept in the browser (not shown: it holds the seed)
    and resumes, and a damaged save is refused with the game kept."""
    page.goto(f"{site_url}play.html?game=naval_war&opponent=human&seed=1", wait_until="commit")
    page.wait_for_function("document.body.dataset.state !== undefined", timeout=READY_TIMEOUT_MS)
    assert not page.locator("#teacher").is_visible() and not page.locator("#seed").is_visible()
    cover = page.locator("#uncover")
    assert cover.is_visible() and "show my board" in cover.inner_text()
    assert page.locator("#legal option").count() == 0, "no legal move shown behind the screen"
    cover.click()
    page.wait_for_function("document.querySelectorAll('#legal option').length > 0")
    for _ in range(12):  # the first player may clear several red cards before handing over
        before = page.evaluate(LAST_EVENT_JS)
        page.click("#play-listed")
        page.wait_for_function(
            f"document.querySelector('#uncover').hidden === false || ({LAST_EVENT_JS}) > {before}",
            timeout=MOVE_TIMEOUT_MS,
        )
        if cover.is_visible():
            break
    assert cover.is_visible(), "the next player's hand is screened at the hand-over"
    page.click("summary:has-text('Save / resume')")
    page.click("#save")
    page.wait_for_function("document.querySelector('#message').innerText.includes('Saved')")
    assert page.input_value("#record") == "", "a student's page does not show the full save"
    assert not page.locator("#download").is_visible(), "nothing to download behind the screen"
    saved = page.evaluate("localStorage.getItem('navalkit-save-naval_war')")
    assert '"format": "navalkit-record"' in saved
    log = page.inner_text("#log")
    page.fill("#record", saved.replace('"seed": 1', '"seed": 2'))
    page.click("#resume")
    page.locator("#message .error").wait_for(timeout=MOVE_TIMEOUT_MS)
    assert "damaged" in page.inner_text("#message .error")
    assert page.inner_text("#log") == log, "the game on the page is kept"
    page.click("#resume-last")
    page.wait_for_function("document.querySelector('#message').innerText.includes('Resumed')")
    assert_clean(page)


def test_a_students_download_holds_what_the_student_saw(page: Any, site_url: str) -> None:
    """Against the computer, a student's save offers 'download what you saw': the seat's
    account (no seed, the computer's hand never in it), which cannot be resumed."""
    open_game(page, site_url, "naval_war", "&seed=3")
    page.click("#play-listed")
    page.wait_for_function(f"({LAST_EVENT_JS}) > 0", timeout=MOVE_TIMEOUT_MS)
    page.click("summary:has-text('Save / resume')")
    page.click("#save")
    link = page.locator("#download")
    link.wait_for(state="visible")
    assert link.inner_text() == "download what you saw"
    text = page.evaluate("fetch(document.querySelector('#download').href).then((r) => r.text())")
    assert '"format": "navalkit-seat-record"' in text and '"seed"' not in text
    page.fill("#record", text)
    page.click("#resume")
    page.locator("#message .error").wait_for(timeout=MOVE_TIMEOUT_MS)
    assert "cannot be resumed" in page.inner_text("#message .error")
    assert_clean(page)


def test_the_teacher_link_shows_the_teacher_controls(page: Any, site_url: str) -> None:
    """The link the build printed opens the teacher's switch and the seed; its save is the
    full record. A wrong key is a student's page."""
    open_game(page, site_url, "naval_war", "&seed=3&teacher=not-the-key-at-all-0000")
    assert not page.locator("#teacher").is_visible()
    assert "not this server" in page.inner_text("#message")
    open_game(page, site_url, "naval_war", f"&seed=3&teacher={TEACHER_KEY}")
    assert page.locator("#teacher").is_visible() and page.input_value("#seed") == "3"
    page.check("#teacher")
    page.wait_for_function("document.querySelector('#status').innerText.length > 0")
    page.click("summary:has-text('Save / resume')")
    page.click("#save")
    page.wait_for_function("document.querySelector('#record').value.includes('navalkit-record')")
    assert page.locator("#download").inner_text() == "download the save"
    assert_clean(page)


def test_unknown_game_shows_a_message_not_a_blank_page(page: Any, site_url: str) -> None:
    page.goto(f"{site_url}play.html?game=chess", wait_until="commit")
    page.wait_for_function("document.body.dataset.state === 'error'", timeout=READY_TIMEOUT_MS)
    text = page.inner_text("#fatal")
    assert 'no game "chess"' in text and "branle_bas" in text
    assert not page.locator("#loading").is_visible()


def test_the_side_list_keeps_the_student_on_the_side_chosen(page: Any, site_url: str) -> None:
    """Opened as the Allies, *You play* shows the Allies; *New game* keeps the student there,
    and choosing Germany in the list and *New game* again moves the student across."""
    page.goto(f"{site_url}play.html?game=far_seas&side=allies", wait_until="commit")
    page.wait_for_function("document.body.dataset.state === 'ready'", timeout=READY_TIMEOUT_MS)
    assert page.locator("#side").is_visible() and page.input_value("#side") == "1"
    assert "Allies' view" in page.inner_text("#status")
    page.click("#new")
    page.wait_for_function("document.querySelector('#message').innerText.includes('New game')")
    assert "Allies' view" in page.inner_text("#status")
    page.select_option("#side", "0")
    page.click("#new")
    page.wait_for_function(
        "document.querySelector('#status').innerText.includes(\"Germany's view\")",
        timeout=MOVE_TIMEOUT_MS,
    )
    assert page.input_value("#side") == "0"
    opponents = page.locator("#opponent option").all_inner_texts()
    assert "mcts" not in " ".join(opponents) and "classmates taking turns (hot-seat)" in opponents
    assert_clean(page)


def test_on_a_phone_whose_turn_it_is_comes_right_under_the_board(phone: Any, site_url: str) -> None:
    """On a phone the side panel goes under the board: the status comes next, before the
    board's long text for screen readers; the page never reaches past the screen."""
    open_game(phone, site_url, "far_seas", "&seed=0")
    top = {k: phone.locator(k).bounding_box()["y"] for k in ("#board", "#status", "#description")}
    assert top["#board"] < top["#status"] < top["#description"], top
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert_clean(phone)


def test_on_a_laptop_the_side_panel_sits_beside_a_small_board(page: Any, site_url: str) -> None:
    """Branle-Bas' board is drawn 688 px wide: on a school laptop (1366 px) its column is no
    wider, so the side panel sits right beside it, not a strip of empty page away."""
    open_game(page, site_url, "branle_bas", "&seed=0")
    board = page.locator("#board svg").bounding_box()
    side = page.locator(".side").bounding_box()
    assert board["width"] == 688, board
    assert 0 <= side["x"] - (board["x"] + board["width"]) <= 40, (board, side)
    assert side["y"] < board["y"] + 100, "the panel is beside the board, not under it"
    assert_clean(page)


def test_on_a_phone_a_bigger_board_scrolls_sideways_and_takes_taps(
    phone: Any, page: Any, site_url: str
) -> None:
    """Far Seas' map fits a phone's width with ships a few pixels wide: "Bigger board" shows
    it at its drawn size (1,340 px) in a frame that scrolls sideways, and a tap on a raider
    then on an area orders him there. A laptop has no such button."""
    open_game(page, site_url, "far_seas", "&seed=0")
    assert not page.locator("#bigger").is_visible()
    open_game(phone, site_url, "far_seas", "&seed=0")
    phone.locator("#bigger").tap()
    assert phone.locator("#bigger").get_attribute("aria-pressed") == "true"
    assert phone.locator("#bigger").inner_text() == "Board to fit the screen"
    frame = phone.evaluate(
        "(() => { const b = document.querySelector('#board');"
        " return {svg: b.querySelector('svg').getBoundingClientRect().width,"
        " scroll: b.scrollWidth, width: b.clientWidth,"
        " page: document.documentElement.scrollWidth}; })()"
    )
    assert frame["svg"] == 1340 and frame["scroll"] >= 1340 > frame["width"], frame
    assert frame["page"] <= 390, f"the frame scrolls, not the page: {frame}"
    phone.evaluate("document.querySelector('#board').scrollLeft = 300")
    board = phone.locator("#board svg")
    board.scroll_into_view_if_needed()
    for x, y in ((407, 38), (508, 146)):  # Kaiser Wilhelm der Grosse, then area 1
        box = board.bounding_box()
        phone.touchscreen.tap(box["x"] + x, box["y"] + y)
        phone.wait_for_timeout(300)
    phone.locator("#log").get_by_text("Kaiser Wilhelm der Grosse move").wait_for(
        timeout=MOVE_TIMEOUT_MS
    )
    assert_clean(phone)


def test_a_long_move_is_written_out_and_each_setting_says_what_it_does(
    page: Any, site_url: str
) -> None:
    """The list of legal moves cut a long move ("Prinz Eitel Friedrich + Cormoran: to area 26
    (Ye"): the move chosen is written out under it, where the list cannot show it whole. The
    settings in force (one changed by the link) each have a "?" that shows what it does, and
    the help stays open after a move."""
    open_game(page, site_url, "far_seas", "&seed=0&captures=one%20per%20ship")
    moves = page.eval_on_selector_all("#legal option", "os => os.map(o => [o.value, o.text])")
    longest = max(moves, key=lambda m: len(m[1]))
    page.select_option("#legal", longest[0])
    line = page.locator("#legal-words")
    assert line.is_visible() and line.inner_text() == longest[1]
    assert line.bounding_box()["width"] <= 460, "wrapped in the side panel"
    shortest = min(moves, key=lambda m: len(m[1]))
    page.select_option("#legal", shortest[0])
    assert not line.is_visible(), "a move the list shows whole is not written twice"
    # the typed move for example is a whole line under the box, not its cut placeholder
    example = page.locator("#typed-example")
    assert example.is_visible() and example.inner_text().startswith("For example: ")
    assert page.get_attribute("#typed", "placeholder") == "type a move"
    title = page.locator("#settings-title")
    assert title.inner_text() == "Settings in force (1 not the game's own)"
    title.click()
    setting = page.locator("#settings li", has_text="Merchants a raider takes: one per ship")
    assert "one per ship (not the game's own)" in setting.inner_text()
    ask = setting.locator("button.ask")
    assert ask.get_attribute("aria-label") == "What “Merchants a raider takes” does"
    help_ = setting.locator(".setting-help")
    assert not help_.is_visible()
    ask.click()
    assert help_.is_visible() and ask.get_attribute("aria-expanded") == "true"
    assert "at most one per raiding ship" in help_.inner_text()
    assert "our reconstruction where the sources are silent" in help_.inner_text()
    before = last_event(page)
    page.click("#play-listed")
    page.wait_for_function(f"({LAST_EVENT_JS}) > {before}", timeout=MOVE_TIMEOUT_MS)
    answered(page, "the move")
    assert help_.is_visible(), "a move keeps the help open"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "static-site-settings-help.png"))
    assert_clean(page)
