"""Every registered game, and the template a new game starts from, passes the same checks:
the conformance suite, the leak check, the room plan and the layers. A new game folder is
checked here without editing this file (the registry finds it)."""

from __future__ import annotations

from pathlib import Path

import pytest

import navalkit
from navalkit.core import registry
from navalkit.testing.conformance import check_game
from navalkit.testing.layers import import_graph, room_plan_breaches, upward_imports
from navalkit.testing.leaks import check_moves_hide, check_views_hide

TEMPLATE = "_template"
EVERY_GAME = [*registry.games(), TEMPLATE]
PACKAGE = Path(navalkit.__file__).resolve().parent


@pytest.fixture(autouse=True)
def template_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The template game is in the registry during these tests only (students never see it)."""
    monkeypatch.setitem(registry._MODULES, TEMPLATE, f"navalkit.games.{TEMPLATE}")


def test_the_template_is_checked_with_the_games() -> None:
    assert TEMPLATE in registry.games() and len(EVERY_GAME) >= 6


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_conformance(game_id: str) -> None:
    report = check_game(game_id, games=2, seed=11, probe_every=50)
    assert report["games"] == 2 and report["steps"] > 0


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_no_seat_sees_what_is_hidden_from_it(game_id: str) -> None:
    report = check_views_hide(game_id, games=2, max_steps=120)
    assert report["compared"] > 0 or not navalkit.get_game(game_id).hidden_information


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_room_plan_and_layers(game_id: str) -> None:
    folder = PACKAGE / "games" / game_id
    assert room_plan_breaches(folder) == []
    mine = f"navalkit.games.{game_id}"
    graph = {m: imps for m, imps in import_graph(PACKAGE).items() if m.startswith(mine)}
    assert graph and upward_imports(graph) == []


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_no_log_line_tells_what_a_move_hides(game_id: str) -> None:
    """Two moves (or chance outcomes) a seat cannot tell apart read the same in the log."""
    report = check_moves_hide(game_id, games=2, max_steps=200)
    assert report["compared"] > 0 or not navalkit.get_game(game_id).hidden_information
