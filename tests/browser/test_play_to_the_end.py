"""Whole games in the Voila play pages: a student makes a move from the page, then the rest of
the game is played out through the page's own button, for every player count and side the
issues name. The page must reach the end with no error shown."""

from __future__ import annotations

import time
from typing import Any

import pytest
from test_pages import assert_clean, open_page, wait_for_boards_drawn

GAMES = [
    "nautic_miles/play.ipynb?seed=1&players=2",
    "nautic_miles/play.ipynb?seed=2&players=6",
    "nautic_miles/play.ipynb?seed=3&players=4&teams=1",
    "naval_war/play.ipynb?seed=1&players=3",
    "naval_war/play.ipynb?seed=2&players=6",
    "naval_war/play.ipynb?seed=3&players=9",
    "age_of_sail/play.ipynb?seed=1&scenario=duel",
    "age_of_sail/play.ipynb?seed=2&scenario=fleet",
    "far_seas/play.ipynb?seed=1&side=germany",
    "far_seas/play.ipynb?seed=2&side=allies",
    "branle_bas/play.ipynb?seed=1",
]
END_TIMEOUT_S = 600.0


@pytest.mark.parametrize("path", GAMES)
def test_a_whole_game_in_the_page(page: Any, voila_server: Any, path: str) -> None:
    name = path.split("?")[0]
    open_page(page, voila_server, path)
    wait_for_boards_drawn(page, name)
    status = page.locator(".navalkit-status").first
    message = page.locator(".navalkit-message").first
    first = status.inner_text()

    def registered() -> bool:
        # the status moves on, or the page reports what the move did
        return status.inner_text() != first or bool(message.inner_text().strip())

    # The student's own move, from the keyboard-friendly list of legal moves.
    legal = page.locator(".navalkit-legal select").first
    options = legal.locator("option")
    assert options.count() > 0, f"{path}: no legal move offered to the student"
    legal.select_option(index=0)
    page.get_by_role("button", name="Play chosen move").click()
    deadline = time.monotonic() + 60
    while not registered() and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert registered(), f"{path}: the student's move did not register"
    assert "navalkit-refusal" not in (message.inner_html() or ""), message.inner_text()

    page.get_by_role("button", name="Play to the end").click()
    computer = page.get_by_role("button", name="Computer move")
    deadline = time.monotonic() + END_TIMEOUT_S
    while not computer.is_disabled() and time.monotonic() < deadline:
        page.wait_for_timeout(500)
    assert computer.is_disabled(), (
        f"{path}: not over after {END_TIMEOUT_S:.0f} s: {status.inner_text()}"
    )
    assert_clean(page, name)
