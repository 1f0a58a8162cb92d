"""Open every notebook page in Chromium through `navalkit serve` and check what a student sees.

Relies on the widgets' DOM conventions: the board's MultiCanvas has class ``navalkit-board``,
the game app ``navalkit-app``, the status Label ``navalkit-status``; the buttons read
"Computer move", "Undo", "New game".
"""

from __future__ import annotations

import contextlib
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from navalkit._paths import find_notebooks

if TYPE_CHECKING:  # the conftest is not imported at run time: test dirs share that name
    from conftest import VoilaServer

pytestmark = pytest.mark.browser

#: every board canvas (the MultiCanvas view's element is the canvas itself)
BOARD_CANVAS = "canvas.navalkit-board, .navalkit-board canvas"
#: how long a page may take to execute (cold kernel + every cell)
RENDER_TIMEOUT_MS = 180_000
#: how long widget views may take to appear once the cells have run
WIDGETS_TIMEOUT_MS = 30_000
#: how long the board may take to show pixels, and a move to show on screen
PIXEL_TIMEOUT_S = 20.0
#: text that means a student is looking at an error
ERROR_TEXTS = (
    "Traceback",
    "There was an error when executing cell",
    "Cell execution timed out",
    "Error displaying widget",
    "ExecutionError",
)

#: Voila 0.5 ships each output as a script of this type, then renders it in place
_CELL_OUTPUT_MIME = "application/vnd.voila.cell-output+json"
#: stats of a canvas's pixels: size, opaque count, distinct-or-not, and a hash to compare
_PIXELS_JS = """
(canvases) => canvases.map((c) => {
  const ctx = c.getContext('2d');
  if (!ctx || !c.width || !c.height) {
    return {width: c.width, height: c.height, opaque: 0, uniform: true, hash: 0};
  }
  const d = ctx.getImageData(0, 0, c.width, c.height).data;
  let opaque = 0, uniform = true, hash = 2166136261;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i + 3] !== 0) opaque++;
    if (uniform && (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2] || d[i + 3] !== d[3])) {
      uniform = false;
    }
    const word = d[i] | (d[i + 1] << 8) | (d[i + 2] << 16) | (d[i + 3] << 24);
    hash = Math.imul(hash ^ word, 16777619);
  }
  return {width: c.width, height: c.height, opaque, uniform, hash: hash >>> 0};
})
"""


def _artifact_name(server: VoilaServer, path: str, suffix: str = "") -> Path:
    """Where a screenshot of ``path`` goes: ``test-artifacts/<path with / as __><suffix>``."""
    return server.artifacts / (
        re.sub(r"[^A-Za-z0-9_.-]+", "__", path.removesuffix(".ipynb")) + suffix
    )


def open_page(page: Any, server: VoilaServer, path: str) -> dict[str, float]:
    """Go to the rendered page and wait until Voila has executed it and its widgets are built.

    Returns seconds from navigation: ``executed_s`` (Voila shows the cells) and ``settled_s``
    (widgets built and the page quiet for a second; this includes that second).
    """
    start = time.monotonic()
    page.goto(server.page_url(path), wait_until="commit", timeout=RENDER_TIMEOUT_MS)
    try:
        page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT_MS)
        page.wait_for_selector("#rendered_cells", state="visible", timeout=RENDER_TIMEOUT_MS)
        # outputs are shipped as JSON scripts and swapped for widgets once the manager is up
        page.wait_for_function(
            "(mime) => !document.querySelector(`script[type='${mime}']`)",
            arg=_CELL_OUTPUT_MIME,
            timeout=RENDER_TIMEOUT_MS,
        )
    except Exception:
        page.screenshot(path=str(_artifact_name(server, path, ".timeout.png")), full_page=True)
        raise AssertionError(
            f"{path} did not finish rendering.\nServer log:\n{server.log_tail()}"
        ) from None
    executed = time.monotonic() - start
    # a widget output stays an empty box until the widget manager has built its view;
    # an output may also be empty on purpose, so a timeout here is no failure by itself (the
    # page scripts, a board's render.canvas.BOARD_JS and the buttons' names panels.NAME_JS, are
    # outputs that stay empty: not waited for, else every page waited out the whole timeout)
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(
            "() => ![...document.querySelectorAll('#rendered_cells .jp-OutputArea-output:empty')]"
            ".some((e) => !e.closest('.navalkit-board-script, .navalkit-name-script'))",
            timeout=WIDGETS_TIMEOUT_MS,
        )
    # nested widgets (an app's board inside its boxes) are built one promise after another
    wait_until_dom_settles(page)
    return {"executed_s": round(executed, 2), "settled_s": round(time.monotonic() - start, 2)}


def wait_until_dom_settles(page: Any, quiet_s: float = 1.0, limit_s: float = 30.0) -> None:
    """Wait until the number of elements on the page has not changed for ``quiet_s``."""
    count_js = "() => document.querySelectorAll('#rendered_cells *').length"
    deadline = time.monotonic() + limit_s
    last, stable_since = page.evaluate(count_js), time.monotonic()
    while time.monotonic() - stable_since < quiet_s and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        now = page.evaluate(count_js)
        if now != last:
            last, stable_since = now, time.monotonic()


def error_texts(page: Any) -> list[str]:
    """The error messages visible in the page's outputs."""
    found = page.evaluate(
        """(markers) => {
          const hits = [];
          const sel = '.jp-OutputArea-output, [data-mime-type="application/vnd.jupyter.stderr"]';
          for (const el of document.querySelectorAll(sel)) {
            const text = el.innerText || '';
            const isStderr = el.matches('[data-mime-type="application/vnd.jupyter.stderr"]');
            if (isStderr || markers.some((m) => text.includes(m))) hits.push(text.slice(0, 500));
          }
          return hits;
        }""",
        list(ERROR_TEXTS),
    )
    return list(dict.fromkeys(found))


def assert_clean(page: Any, path: str) -> None:
    """No error output on the page, no uncaught JavaScript error, and nothing asked of another
    host (a school network may block a CDN: the page must not depend on one)."""
    errors = error_texts(page)
    assert not errors, f"{path} shows an error:\n" + "\n---\n".join(errors)
    assert not page.problems.page_errors, f"{path} raised in the browser:\n" + "\n".join(
        page.problems.page_errors
    )
    assert not page.problems.blocked, f"{path} asked another host for {page.problems.blocked}"


def canvas_pixels(page: Any, scope: Any = None) -> list[dict[str, Any]]:
    """Pixel statistics of every board canvas inside ``scope`` (default: the whole page)."""
    locator = (scope or page).locator(BOARD_CANVAS)
    return list(locator.evaluate_all(_PIXELS_JS))


def _drawn(stats: dict[str, Any]) -> bool:
    return bool(stats["opaque"] > 0 and not stats["uniform"])


def wait_for_boards_drawn(page: Any, path: str, scope: Any = None) -> list[dict[str, Any]]:
    """Wait until every board canvas has non-transparent, non-uniform pixels."""
    deadline = time.monotonic() + PIXEL_TIMEOUT_S
    stats = canvas_pixels(page, scope)
    while not all(_drawn(s) for s in stats) and time.monotonic() < deadline:
        page.wait_for_timeout(250)
        stats = canvas_pixels(page, scope)
    blank = [i for i, s in enumerate(stats) if not _drawn(s)]
    assert not blank, (
        f"{path}: board canvas(es) {blank} still blank or uniform after {PIXEL_TIMEOUT_S:.0f} s "
        f"(draw in on_client_ready?): {stats}\nconsole errors: {page.problems.console_errors[-5:]}"
    )
    return stats


def test_every_page_renders(
    page: Any, voila_server: VoilaServer, page_path: str, timings: dict[str, dict[str, float]]
) -> None:
    """Each page executes without an error shown, and every board has pixels."""
    start = time.monotonic()
    timings[page_path] = open_page(page, voila_server, page_path)
    try:
        if page_path.endswith("/play.ipynb"):  # a game's page (the one play page without a
            try:  # game lists the games: tested with ?game= as a play page, see conftest)
                page.locator(BOARD_CANVAS).first.wait_for(timeout=WIDGETS_TIMEOUT_MS)
            except Exception:
                raise AssertionError(
                    f"{page_path} is a play page but shows no .navalkit-board canvas"
                ) from None
        boards = page.locator(BOARD_CANVAS).count()
        timings[page_path]["boards"] = boards
        if boards:
            wait_for_boards_drawn(page, page_path)
            timings[page_path]["boards_drawn_s"] = round(time.monotonic() - start, 2)
        assert_clean(page, page_path)
    finally:
        page.screenshot(path=str(_artifact_name(voila_server, page_path, ".png")), full_page=True)


#: each board as shown: its pixel buffer's size, its size on screen, the window's width and how
#: far any of the app's elements reaches right
_BOARD_BOXES_JS = """
() => [...document.querySelectorAll('.navalkit-board canvas, canvas.navalkit-board')]
  .filter((c) => c.offsetParent !== null)
  .map((c) => {
    const r = c.getBoundingClientRect();
    const app = c.closest('.navalkit-app');
    const right = app ? Math.max(...[...app.querySelectorAll('*')].map(
      (e) => e.getBoundingClientRect().right)) : 0;
    return {pw: c.width, ph: c.height, w: r.width, h: r.height, inner: innerWidth, right,
            bottom: r.bottom, innerH: innerHeight};
  })
"""


#: how far a board may shrink to fit a low window (CanvasBoard.fluid's ``smallest`` on a play
#: page): its smallest words stay some 9 px
SMALLEST = 0.8


def assert_boards_keep_their_shape(
    page: Any, path: str, *sizes: tuple[int, int], whole_at: tuple[int, int] | None = None
) -> None:
    """At each window size, every board is shown at its own aspect ratio (not stretched),
    shrunk no further than SMALLEST where there is room for it, and nothing of the app
    reaches past the window's right edge (no panel cut off). At ``whole_at`` (a window size),
    the board is wholly on the screen as the page opens (no scrolling to see its bottom), with
    no zoom switch under it."""
    widths = []
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        boxes = page.evaluate(_BOARD_BOXES_JS)
        assert boxes, f"{path}: no board shown at {width}x{height}"
        for b in boxes:
            shown, drawn = b["w"] / b["h"], b["pw"] / b["ph"]
            assert abs(shown / drawn - 1) < 0.02, (
                f"{path} at {width}x{height}: a {b['pw']}x{b['ph']} board is shown "
                f"{b['w']:.0f}x{b['h']:.0f} (stretched)"
            )
            if b["pw"] <= b["inner"] - 40:  # room for it: its text no smaller than ~9 px
                assert b["w"] >= SMALLEST * b["pw"] - 1, (
                    f"{path} at {width}x{height}: a {b['pw']} px board is shown {b['w']:.0f} px "
                    "wide, its text too small to read"
                )
            if (width, height) == whole_at:
                assert b["bottom"] <= b["innerH"] + 1, (
                    f"{path} at {width}x{height}: the board's bottom is at {b['bottom']:.0f} "
                    f"px, below the window's {b['innerH']} px (the student must scroll to see it)"
                )
            assert b["right"] <= b["inner"] + 1, (
                f"{path} at {width}x{height}: the page reaches {b['right']:.0f} px, past the "
                f"window's {b['inner']} px (a panel is cut off)"
            )
        if (width, height) == whole_at:
            # the board is as large as it may be made for a low window: no zoom switch, which
            # stood half below the screen's bottom edge under Branle-Bas' board
            switch = page.get_by_role("button", name="Bigger board").first
            assert not switch.is_visible(), f"{path} at {width}x{height}: a Bigger board switch"
        widths.append(max(b["w"] for b in boxes))
    assert widths == sorted(widths), f"{path}: the board does not grow with the window: {widths}"


def test_play_page_computer_move(page: Any, voila_server: VoilaServer, play_path: str) -> None:
    """On a play page, "Computer move" changes the board's pixels and the status line."""
    open_page(page, voila_server, play_path)
    apps = page.locator(".navalkit-app")
    scope = apps.first if apps.count() else page
    status = scope.locator(".navalkit-status").first
    status.wait_for(state="visible", timeout=PIXEL_TIMEOUT_S * 1000)
    before_pixels = [s["hash"] for s in wait_for_boards_drawn(page, play_path, scope)]
    before_status = status.inner_text()
    assert_boards_keep_their_shape(page, play_path, (1366, 768), (1920, 1080), whole_at=(1366, 768))

    scope.get_by_role("button", name="Computer move").first.click()

    deadline = time.monotonic() + PIXEL_TIMEOUT_S
    while True:
        after_pixels = [s["hash"] for s in canvas_pixels(page, scope)]
        after_status = status.inner_text()
        moved = after_pixels != before_pixels and after_status != before_status
        if moved or time.monotonic() > deadline:
            break
        page.wait_for_timeout(200)
    page.screenshot(
        path=str(_artifact_name(voila_server, play_path, ".after-move.png")), full_page=True
    )
    assert after_pixels != before_pixels, f"{play_path}: the board did not change after a move"
    assert after_status != before_status, (
        f"{play_path}: the status stayed {before_status!r} after a computer move"
    )
    assert_clean(page, play_path)


def test_tree_lists_the_welcome_page(page: Any, voila_server: VoilaServer) -> None:
    """The tree at ``/`` (where Voila starts) lists the welcome page."""
    if not (voila_server.notebooks / "welcome.ipynb").is_file():
        pytest.skip("no welcome.ipynb in the notebooks folder")
    page.goto(voila_server.base_url)
    page.get_by_text("welcome.ipynb", exact=True).wait_for(timeout=60_000)


def test_welcome_links_every_game(page: Any, voila_server: VoilaServer) -> None:
    """From the welcome page a student can reach every game's play page: through the one play
    page (``play.ipynb?game=<game>``) where the folder has it, else ``<game>/play.ipynb``."""
    if not (voila_server.notebooks / "welcome.ipynb").is_file():
        pytest.skip("no welcome.ipynb in the notebooks folder")
    root = voila_server.notebooks
    pages = [p.relative_to(root).as_posix() for p in find_notebooks(root)]
    plays = [p for p in pages if p.endswith("/play.ipynb")]
    if "play.ipynb" in pages:
        plays = [f"play.ipynb?game={p.split('/')[-2]}" for p in plays]
    open_page(page, voila_server, "welcome.ipynb")
    hrefs = set(page.locator("a[href]").evaluate_all("(as) => as.map((a) => a.href)"))
    missing = [p for p in plays if voila_server.page_url(p) not in hrefs]
    assert not missing, f"welcome.ipynb has no link to {missing}; links: {sorted(hrefs)}"
    # a teacher finds the dashboard from here too (it asks for the teacher's link's key)
    if (root / "teacher.ipynb").is_file():
        assert voila_server.page_url("teacher.ipynb") in hrefs, sorted(hrefs)
        assert "?teacher=" in page.locator("#rendered_cells").inner_text()


def test_a_way_to_play_link_opens_the_page_playing_that_way(
    page: Any, voila_server: VoilaServer
) -> None:
    """A student's seats are locked; the *Ways to play* links are how a student changes side.
    On Far Seas' play page (the one page, where the folder has it), clicking *Allies* opens
    the page again with the student commanding the Allies, and the links say so."""
    root = voila_server.notebooks
    path = "play.ipynb?game=far_seas" if (root / "play.ipynb").is_file() else "far_seas/play.ipynb"
    open_page(page, voila_server, path)
    ways = page.locator(".navalkit-ways")
    ways.wait_for(state="visible", timeout=WIDGETS_TIMEOUT_MS)
    assert "you play: Germany" in ways.inner_text()
    page.get_by_role("link", name="Allies", exact=True).click()
    page.wait_for_url("**side=2**", timeout=RENDER_TIMEOUT_MS)
    status = page.locator(".navalkit-status", has_text="Allies' view").first
    status.wait_for(state="visible", timeout=RENDER_TIMEOUT_MS)
    wait_until_dom_settles(page)
    current = page.locator(".navalkit-ways b[aria-current='true']").all_inner_texts()
    assert "Allies" in current and "Germany" not in current, current
    assert_clean(page, path)


#: each lesson table as laid out: stacked or a grid, how far right it reaches, the window
_TABLES_JS = """
() => [...document.querySelectorAll('table.navalkit-table')]
  .filter((t) => t.offsetParent !== null)
  .map((t) => ({
    stacked: t.classList.contains('navalkit-stack'),
    head: getComputedStyle(t.querySelector('thead')).display,
    label: getComputedStyle(t.querySelector('td'), '::before').content,
    right: t.getBoundingClientRect().right,
    inner: innerWidth,
  }))
"""


def test_a_lessons_tables_read_on_a_phone_and_stay_grids_on_a_laptop(
    phone: Any, page: Any, voila_server: VoilaServer
) -> None:
    """Naval War's lesson ends with the rules and the settings, tables of prose and ids: on a
    phone each row is a block of "heading: value" lines inside the screen (a grid there cut
    the rule ids off); on a laptop they are grids with their headings."""
    path = "naval_war/lesson.ipynb"
    open_page(phone, voila_server, path)
    tables = phone.evaluate(_TABLES_JS)
    stacked = [t for t in tables if t["stacked"]]
    assert len(stacked) >= 2, tables  # the rules and the settings at least
    for t in stacked:
        assert t["head"] == "none" and t["label"].endswith(': "'), t
    assert all(t["right"] <= t["inner"] + 1 for t in tables), tables
    phone.screenshot(path=str(_artifact_name(voila_server, path, "-phone.png")), full_page=True)
    assert_clean(phone, path)
    open_page(page, voila_server, path)
    laptop = page.evaluate(_TABLES_JS)
    assert laptop and all(t["head"] != "none" and t["label"] == "none" for t in laptop), laptop


def zoom_on_phone(phone: Any, switch: Any, shown: Any, width: int) -> None:
    """Press a phone's "Bigger board" ``switch`` and wait until ``shown`` (a board's canvas, a
    picture's SVG) is ``width`` px wide, its drawn size: the page stays the phone's width (the
    frame scrolls, not the page) and the switch says it fits the board to the screen again."""
    switch.scroll_into_view_if_needed()
    switch.tap()
    phone.wait_for_function(
        "([e, w]) => e.getBoundingClientRect().width === w", arg=[shown.element_handle(), width]
    )
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_role("button", name="Board to fit the screen").wait_for()


def test_a_lessons_board_shrunk_on_a_phone_shows_at_its_drawn_size_on_demand(
    phone: Any, page: Any, voila_server: VoilaServer
) -> None:
    """Branle-Bas' move explorer (drawn 688 px wide, shown so beside its controls on a laptop:
    at 420 px its letters were 7 px) shrinks to a phone's width; "Bigger board" under it shows
    it at its drawn size in a frame that scrolls, the page staying the phone's width. On a
    laptop it is whole: no switch."""
    path = "branle_bas/lesson.ipynb"
    open_page(page, voila_server, path)
    wait_for_boards_drawn(page, path)
    assert page.locator(BOARD_CANVAS).first.bounding_box()["width"] == 688
    # the board's own switch (the lesson's pictures have theirs: see the test below)
    board_box = ".navalkit-zoomable:has(canvas)"
    assert not page.locator(board_box).get_by_role("button", name="Bigger board").is_visible()
    open_page(phone, voila_server, path)
    wait_for_boards_drawn(phone, path)
    board = phone.locator(BOARD_CANVAS).first
    assert board.bounding_box()["width"] < 390
    switch = phone.locator(board_box).get_by_role("button", name="Bigger board")
    zoom_on_phone(phone, switch, board, 688)
    assert_clean(phone, path)


@pytest.mark.parametrize(
    ("path", "drawn"), [("far_seas/lesson.ipynb", 1160), ("naval_war/lesson.ipynb", 960)]
)
def test_a_lessons_board_picture_shrunk_on_a_phone_shows_at_its_drawn_size_on_demand(
    phone: Any, page: Any, voila_server: VoilaServer, path: str, drawn: int
) -> None:
    """Far Seas' lesson shows the map as a picture (drawn 1160 px wide), Naval War's the table
    after the deal (960 px): on a phone each fits the screen's width, the map's words 3 px
    high; "Bigger board" under it shows it at its drawn size in a frame that scrolls sideways,
    the page staying the phone's width. On a laptop it is whole: no switch."""
    open_page(page, voila_server, path)
    picture = page.locator(".navalkit-picture").first
    picture.wait_for()
    assert picture.bounding_box()["width"] > drawn - 10  # (less the picture's own margins)
    assert not page.get_by_role("button", name="Bigger board").first.is_visible()
    open_page(phone, voila_server, path)
    picture = phone.locator(".navalkit-picture").first
    assert picture.bounding_box()["width"] < 390
    switch = phone.get_by_role("button", name="Bigger board").first
    zoom_on_phone(phone, switch, picture.locator("svg"), drawn)
    assert_clean(phone, path)


def test_a_small_board_picture_is_magnified_by_a_mouse_and_by_the_switch_on_a_phone(
    phone: Any, page: Any, voila_server: VoilaServer
) -> None:
    """Branle-Bas' lesson shows the board as a small picture beside a question (drawn 688 px
    wide, shown 380). On a laptop, pointing at it magnifies it to its drawn size, whole (not
    cut off by the boxes round it), and its caption says to point at it; there is no switch.
    On a phone a tap magnified it off the screen, its far half out of reach: there the
    caption says nothing of pointing, a tap leaves the picture as it is, and "Bigger board"
    shows it at 688 px in a frame that scrolls sideways, the page staying the phone's width."""
    path = "branle_bas/lesson.ipynb"
    open_page(page, voila_server, path)
    picture = page.locator(".navalkit-small-picture").first
    picture.evaluate("(p) => p.scrollIntoView({block: 'start'})")  # room below to magnify
    assert 300 < picture.bounding_box()["width"] <= 380
    assert page.locator(".navalkit-point-hint").first.is_visible()
    assert not page.get_by_role("button", name="Bigger board").first.is_visible()
    picture.hover()
    page.wait_for_function(
        "(p) => p.getBoundingClientRect().width > 670", arg=picture.element_handle()
    )
    # the whole magnified picture is painted: its far corner is the picture, not a box
    # that clipped it
    box = picture.bounding_box()
    far = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('.navalkit-small-picture') !== null",
        [box["x"] + box["width"] - 20, min(box["y"] + box["height"], 768) - 60],
    )
    assert far
    open_page(phone, voila_server, path)
    picture = phone.locator(".navalkit-small-picture").first
    picture.scroll_into_view_if_needed()
    assert not phone.locator(".navalkit-point-hint").first.is_visible()
    picture.tap()
    assert picture.bounding_box()["width"] < 390
    switch = phone.get_by_role("button", name="Bigger board").first
    zoom_on_phone(phone, switch, picture.locator("svg"), 688)
    assert_clean(phone, path)


#: Far Seas' board, drawn: Kaiser Wilhelm der Grosse's counter in area 2 and area 1's centre
#: (canvas pixels; the Germans start where the map puts them, the first counter of their area)
_KAISER, _AREA_1 = (407, 38), (508, 146)


def test_a_phone_shows_the_board_at_its_drawn_size_to_tap_a_ship(
    phone: Any, page: Any, voila_server: VoilaServer
) -> None:
    """On a phone Far Seas' map fits the screen's width (its ships a few pixels wide). Under
    it, "Bigger board" shows it at its drawn size in a frame that scrolls sideways, where a
    student taps a raider and then an area to order him there. A laptop has no such switch:
    its board is that size already, unless the page is narrow on it (a notebook between
    JupyterLab's side bars): the switch goes by the board's box, not the window."""
    root = voila_server.notebooks
    path = "play.ipynb?game=far_seas" if (root / "play.ipynb").is_file() else "far_seas/play.ipynb"
    open_page(page, voila_server, path)
    wait_for_boards_drawn(page, path)
    assert not page.get_by_role("button", name="Bigger board").is_visible()
    style = page.add_style_tag(content=".navalkit-app { max-width: 620px !important; }")
    page.get_by_role("button", name="Bigger board").wait_for(timeout=PIXEL_TIMEOUT_S * 1000)
    style.evaluate("(s) => s.remove()")
    page.get_by_role("button", name="Bigger board").wait_for(
        state="hidden", timeout=PIXEL_TIMEOUT_S * 1000
    )

    open_page(phone, voila_server, path)
    wait_for_boards_drawn(phone, path)
    board = phone.locator(BOARD_CANVAS).first
    assert board.bounding_box()["width"] <= 390
    switch = phone.get_by_role("button", name="Bigger board")
    switch.scroll_into_view_if_needed()
    switch.tap()
    phone.get_by_role("button", name="Board to fit the screen").wait_for(
        timeout=PIXEL_TIMEOUT_S * 1000
    )
    phone.wait_for_function(
        "(c) => c.getBoundingClientRect().width > 1000", arg=board.element_handle()
    )
    frame = board.evaluate(
        "(c) => ({scroll: c.parentElement.scrollWidth, width: c.parentElement.clientWidth,"
        " page: document.documentElement.scrollWidth, css: c.getBoundingClientRect().width})"
    )
    assert frame["css"] == 1340 and frame["scroll"] >= 1340 > frame["width"], frame
    assert frame["page"] <= 390, f"the frame scrolls, not the page: {frame}"
    board.evaluate("(c) => { c.parentElement.scrollLeft = 300; }")
    board.scroll_into_view_if_needed()
    for x, y in (_KAISER, _AREA_1):
        box = board.bounding_box()  # the board's place on the screen, scrolled
        phone.touchscreen.tap(box["x"] + x, box["y"] + y)
        phone.wait_for_timeout(500)
    moves = phone.locator(".navalkit-app ol").first
    moves.get_by_text("Kaiser Wilhelm der Grosse move").wait_for(timeout=PIXEL_TIMEOUT_S * 1000)
    phone.screenshot(path=str(_artifact_name(voila_server, path, "-phone-bigger.png")))
    assert_clean(phone, path)
