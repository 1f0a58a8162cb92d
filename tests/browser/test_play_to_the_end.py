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


def test_a_double_click_plays_the_chosen_move_once(page: Any, voila_server: Any) -> None:
    """A double click on "Play chosen move" plays the chosen move, and not also the first
    move of the next list, which the student never chose (the page template guards the
    button). In Branle-Bas's free set-up the same seat places ship after ship, so the second
    click would otherwise place the next ship."""
    path = "play.ipynb?game=branle_bas&seed=1"
    open_page(page, voila_server, path)
    wait_for_boards_drawn(page, path)
    legal = page.locator(".navalkit-legal select").first
    chosen = legal.locator("option").first.inner_text().replace("\xa0", " ")
    assert chosen.startswith("place "), chosen
    moves = page.locator(".navalkit-log li")
    before = moves.count()
    legal.select_option(index=0)
    page.get_by_role("button", name="Play chosen move").dblclick()
    deadline = time.monotonic() + 60
    while moves.count() == before and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    page.wait_for_timeout(3000)  # a second placement would have come by now
    # one entry, said once (the page lists placements in a row as one entry: "(2 times)")
    assert moves.count() == before + 1, moves.all_inner_texts()
    assert "places a ship" in moves.last.inner_text()
    assert "times)" not in moves.last.inner_text(), moves.all_inner_texts()
    message = page.locator(".navalkit-message").first.inner_text()
    assert "Not allowed" not in message, message  # the second click was not even seen
    next_first = legal.locator("option").first.inner_text().replace("\xa0", " ")
    assert not next_first.startswith(chosen.split(" on ")[0]), next_first
    # a single click a moment later plays the next move as usual
    legal.select_option(index=0)
    page.get_by_role("button", name="Play chosen move").click()
    deadline = time.monotonic() + 60
    while "(2 times)" not in moves.last.inner_text() and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert "places a ship" in moves.last.inner_text(), moves.all_inner_texts()
