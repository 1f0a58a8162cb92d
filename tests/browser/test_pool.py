"""A play page served from a pool of preheated kernels (``navalkit serve --pool-size``).

A preheated kernel has run the page before any student asked for it, so the page must still
open the game its link asks for (the query string arrives with the request).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import VoilaServer, serving  # this folder's fixtures

pytestmark = pytest.mark.browser

PAGE = "branle_bas/play.ipynb"
DRAWN = "document.querySelector('canvas.navalkit-board') !== null"


@pytest.fixture(scope="module")
def pooled_server(chromium_path: Any) -> Iterator[VoilaServer]:
    with serving("--pool-size", "1", "--pool-page", PAGE) as server:
        yield server


def test_a_preheated_play_page_opens_the_game_its_link_asks_for(
    pooled_server: VoilaServer, page: Any
) -> None:
    page.goto(pooled_server.page_url(PAGE) + "?seed=5&opponent=human", timeout=120_000)
    page.wait_for_function(DRAWN, timeout=120_000)
    seed = page.get_by_label("Game number:").first  # hidden on a student's page, but it is there
    seed.wait_for(state="attached", timeout=60_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('input[type=number]')].some(i => i.value === '5')",
        timeout=60_000,
    )
    assert seed.input_value() == "5" and not seed.is_visible()
    status = page.locator(".navalkit-status").first.inner_text()
    # the seed's game starts with each side placing its ships (battle stations)
    assert "places his ships" in status or "to play" in status, status
    assert "Using pre-heated kernel" in pooled_server.log.read_text(errors="replace")
    assert not page.problems.page_errors
