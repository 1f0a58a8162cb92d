"""A student plays Branle-Bas by clicking the board in a real browser (Voila + Chromium)."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from types import SimpleNamespace
from typing import Any

from conftest import ARTIFACTS, _free_port, served_notebooks, stop_serve
from test_pages import (  # the shared page helpers of this folder
    BOARD_CANVAS,
    PIXEL_TIMEOUT_S,
    assert_clean,
    canvas_pixels,
    open_page,
    wait_for_boards_drawn,
)

from navalkit.cli import wait_until_serving
from navalkit.games.branle_bas import square_index
from navalkit.games.branle_bas.draw import SIZE, cell_centre

PLAY = "branle_bas/play.ipynb"
#: the ready-made set-up, one click per square, and A (the student) first rather than by lot
#: (the seed's game is tried on its own below)
QUICK = "&setup=standard&touch_move=off&first_player=A"


def _click_square(page: Any, name: str) -> None:
    """Click the centre of a square, scaling the board's pixels to its CSS size."""
    canvas = page.locator(BOARD_CANVAS).first
    canvas.scroll_into_view_if_needed()  # as a student scrolls to see the whole board
    page.wait_for_timeout(100)
    box = canvas.bounding_box()
    x, y = cell_centre(square_index(name))
    canvas.click(position={"x": x * box["width"] / SIZE, "y": y * box["height"] / SIZE})


def _click_square_as_seen(page: Any, name: str) -> None:
    """Click a square where the screen shows it now, without scrolling first (a student
    clicks what is in view, whether or not the whole board is)."""
    box = page.locator(BOARD_CANVAS).first.bounding_box()
    x, y = cell_centre(square_index(name))
    page.mouse.click(box["x"] + x * box["width"] / SIZE, box["y"] + y * box["height"] / SIZE)


def _wait_for(page: Any, predicate: Any, what: str) -> None:
    deadline = time.monotonic() + PIXEL_TIMEOUT_S
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {PIXEL_TIMEOUT_S:.0f} s")
        page.wait_for_timeout(200)


def test_student_clicks_a_move_and_an_illegal_one(page: Any, voila_server: Any) -> None:
    open_page(page, voila_server, PLAY + "?seed=1" + QUICK)
    status = page.locator(".navalkit-status").first
    message = page.locator(".navalkit-message").first
    before = [s["hash"] for s in wait_for_boards_drawn(page, PLAY)]
    assert "A (south) to play" in status.inner_text()

    # An illegal move: a Croiseur cannot move diagonally. The page says why; nothing moves.
    _click_square(page, "j4")
    _wait_for(page, lambda: [s["hash"] for s in canvas_pixels(page)] != before, "selection")
    _click_square(page, "k5")
    # the rule by its title in words; its id (the rules panel's) in the tooltip alone
    _wait_for(page, lambda: "(rule: " in message.inner_text(), "a refusal citing its rule")
    assert "BB-" not in message.inner_text() and 'title="BB-' in message.inner_html()
    assert "Move 1:" in status.inner_text()

    # A legal move: the Torpilleur h3 -> h4, then the computer answers.
    _click_square(page, "h3")
    page.wait_for_timeout(300)
    _click_square(page, "h4")
    _wait_for(page, lambda: "Move 3:" in status.inner_text(), "the move and the reply")
    assert "h3 → h4" in message.inner_text()
    assert [s["hash"] for s in canvas_pixels(page)] != before

    # From the keyboard: focus the board, arrows move a cursor, Escape cancels. The board
    # tells a screen reader so (a canvas has no words of its own).
    from navalkit.render.canvas import BOARD_NAME

    assert page.locator(BOARD_CANVAS).first.get_attribute("aria-label") == BOARD_NAME
    page.locator(BOARD_CANVAS).first.focus()
    page.keyboard.press("ArrowUp")
    _wait_for(page, lambda: "Cursor on" in message.inner_text(), "the keyboard cursor")
    # in words, read out as it changes (it said "Cursor on j1."; a widget marks no live region)
    assert re.search(r"Cursor on square [a-s]\d+: ", message.inner_text()), message.inner_text()
    for line in (message, status):
        assert (
            line.get_attribute("aria-live") == "polite" and line.get_attribute("role") == "status"
        )
    page.keyboard.press("Escape")
    _wait_for(page, lambda: "cancelled" in message.inner_text(), "Escape")
    assert_clean(page, PLAY)


def test_a_click_lands_on_a_board_partly_off_the_screen(page: Any, voila_server: Any) -> None:
    """A student on a school laptop's screen (1366x768) scrolls down to their own ships, and
    the board's top rows go above the screen. The first click on the board (which focuses
    it) must not scroll the board back and read the click off by as much: the Torpilleur on
    h3 is picked and moved to h4 with two clicks where they are seen."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_page(page, voila_server, PLAY + "?seed=1" + QUICK)

    def wheel(by: float) -> None:
        page.mouse.move(683, 400)
        page.mouse.wheel(0, by)

    _play_h3_h4_on_a_board_scrolled_off_the_top(page, wheel)
    assert_clean(page, PLAY)


def _play_h3_h4_on_a_board_scrolled_off_the_top(page: Any, scroll: Any) -> None:
    """Scroll (``scroll(pixels)``) until the board's top 100 px are above the screen, then
    click h3 and h4 where they are seen: the first click must not move the board, and the
    Torpilleur goes h3 -> h4."""
    status = page.locator(".navalkit-status").first
    wait_for_boards_drawn(page, PLAY)
    board = page.locator(BOARD_CANVAS).first
    scroll(board.bounding_box()["y"] + 100)
    page.wait_for_timeout(500)
    box = board.bounding_box()
    assert box["y"] < -50, f"the board's top is above the screen: {box}"
    _click_square_as_seen(page, "h3")
    page.wait_for_timeout(500)
    assert board.bounding_box()["y"] == box["y"], "the click scrolled the board"
    _click_square_as_seen(page, "h4")
    _wait_for(page, lambda: "Move 3:" in status.inner_text(), "the move and the reply")
    assert "h3 → h4" in page.locator(".navalkit-message").first.inner_text()


def test_a_student_plays_by_tapping_on_a_phone(phone: Any, voila_server: Any) -> None:
    """On a touch screen a tap is the click: the Torpilleur on h3 is picked and moved to h4
    with two taps (ipycanvas alone cancels every touch on its canvas, so taps did nothing)."""
    open_page(phone, voila_server, PLAY + "?seed=1" + QUICK)
    status = phone.locator(".navalkit-status").first
    wait_for_boards_drawn(phone, PLAY)
    board = phone.locator(BOARD_CANVAS).first
    board.scroll_into_view_if_needed()
    phone.wait_for_timeout(300)
    for name in ("h3", "h4"):
        box = board.bounding_box()
        x, y = cell_centre(square_index(name))
        phone.touchscreen.tap(
            box["x"] + x * box["width"] / SIZE, box["y"] + y * box["height"] / SIZE
        )
        phone.wait_for_timeout(500)
    _wait_for(phone, lambda: "Move 3:" in status.inner_text(), "the move and the reply")
    assert "h3 → h4" in phone.locator(".navalkit-message").first.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "branle_bas-phone-tapped.png"))
    assert_clean(phone, PLAY)


def test_a_game_survives_a_reload_through_its_resume_code(page: Any, voila_server: Any) -> None:
    open_page(page, voila_server, PLAY + "?seed=1" + QUICK)
    status = page.locator(".navalkit-status").first
    message = page.locator(".navalkit-message").first
    wait_for_boards_drawn(page, PLAY)
    _click_square(page, "h3")
    page.wait_for_timeout(300)
    _click_square(page, "h4")
    _wait_for(page, lambda: "Move 3:" in status.inner_text(), "the move and the reply")

    page.get_by_text("Save / resume").click()
    page.get_by_role("button", name="Save game").click()
    code_box = page.locator(".navalkit-resume-code")
    code_box.wait_for(timeout=PIXEL_TIMEOUT_S * 1000)
    code = code_box.inner_text().strip()

    page.reload()  # a new kernel: a fresh game
    open_page(page, voila_server, PLAY + "?seed=1" + QUICK)
    wait_for_boards_drawn(page, PLAY)
    assert "Move 1:" in status.inner_text()
    page.get_by_text("Save / resume").click()
    box = page.get_by_placeholder("a resume code (ABCD-EFGH-IJKL) or a saved game (JSON)")
    box.fill(code)
    page.get_by_role("button", name="Resume saved game").click()
    _wait_for(page, lambda: "Move 3:" in status.inner_text(), "the resumed game")

    box.fill('{"format": "navalkit-record", "broken": ')
    page.get_by_role("button", name="Resume saved game").click()
    _wait_for(page, lambda: "damaged" in message.inner_text(), "the refusal of a damaged save")
    assert "Move 3:" in status.inner_text(), "the current game is kept"
    assert_clean(page, PLAY)


def test_the_seeds_game_starts_at_battle_stations_with_touch_move(
    page: Any, voila_server: Any
) -> None:
    """The page's own defaults are the seed's game: each side places its ships, then a
    touched piece must be played (and stays selected, so a second click moves it)."""
    open_page(page, voila_server, PLAY + "?seed=1&first_player=A")
    status = page.locator(".navalkit-status").first
    wait_for_boards_drawn(page, PLAY)
    assert "Battle stations: A (south) places his ships (19 left)" in status.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.screenshot(path=str(ARTIFACTS / "branle_bas-battle-stations-1920.png"))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.screenshot(path=str(ARTIFACTS / "branle_bas-battle-stations-1366.png"))
    # folded until asked for (the drawer's title in the app: the page's words name it too)
    page.locator(".navalkit-app").get_by_text("Settings for the next game").first.click()
    setting = page.get_by_text("A touched piece must be played").first
    setting.wait_for(state="visible", timeout=10_000)  # the setting's label, not code
    assert not page.get_by_text("touch_move").is_visible()
    place = page.locator(".widget-dropdown").filter(has_text="Place:").locator("select").first
    assert "Amiral" in place.locator("option").first.inner_text()
    place.select_option(index=0)  # the Amiral
    page.wait_for_timeout(300)
    _click_square(page, "j3")
    _wait_for(page, lambda: "(18 left)" in status.inner_text(), "the Amiral placed on j3")
    assert_clean(page, PLAY)


def test_a_students_page_shows_no_teacher_control_and_the_teacher_link_does(
    page: Any, voila_server: Any
) -> None:
    open_page(page, voila_server, PLAY + "?seed=1")
    wait_for_boards_drawn(page, PLAY)
    assert not page.get_by_text("Teacher view").is_visible()
    assert not page.get_by_label("Game number:").first.is_visible()
    assert page.locator(".navalkit-app select:disabled").count() >= 2  # the seats stay
    key = re.search(r"\?teacher=(\S+)", voila_server.log.read_text(errors="replace"))
    assert key, "navalkit serve printed no teacher link"
    open_page(page, voila_server, PLAY + f"?seed=1&teacher={key[1]}")
    wait_for_boards_drawn(page, PLAY)
    assert page.get_by_text("Teacher view").is_visible()
    assert_clean(page, PLAY)


def test_a_click_lands_where_seen_without_navalkits_template(page: Any) -> None:
    """As in JupyterLab, where no template of ours runs: the page served by Voila's own lab
    template. The mouse wheel over the board scrolls the page (the board's box keeps
    ipycanvas from cancelling it, BOARD_JS), until the board's top 100 px are off a laptop's
    screen; then two clicks where h3 and h4 are seen move the Torpilleur h3 -> h4 (the first
    press does not scroll the board under the mouse)."""
    notebooks = served_notebooks()
    port = _free_port()
    log = ARTIFACTS / f"voila-lab-{port}.log"
    ARTIFACTS.mkdir(exist_ok=True)
    cmd = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--template=lab", str(notebooks / PLAY)]  # fmt: skip
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until_serving(f"http://127.0.0.1:{port}/", timeout=120, proc=proc)
        server = SimpleNamespace(page_url=lambda path: f"http://127.0.0.1:{port}/{path}")
        page.set_viewport_size({"width": 1366, "height": 768})
        open_page(page, server, "?seed=1" + QUICK)

        def wheel_over_the_board(by: float) -> None:
            box = page.locator(BOARD_CANVAS).first.bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, min(box["y"] + box["height"] / 2, 700))
            page.mouse.wheel(0, by)

        _play_h3_h4_on_a_board_scrolled_off_the_top(page, wheel_over_the_board)
    finally:
        stop_serve(proc)
