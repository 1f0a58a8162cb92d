"""``navalkit new-game``: a new game from the template plays, passes the conformance suite and
the layer rules, and needs nothing outside its folder but its pages (and a docs line)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from navalkit import cli
from navalkit.core import registry
from navalkit.scaffold import ScaffoldError, new_game
from navalkit.testing.conformance import check_game
from navalkit.testing.layers import import_cycles, import_graph, room_plan_breaches, upward_imports


@pytest.fixture
def sea_lanes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A game ``sea_lanes`` made by new_game in a scratch folder, registered while the test
    runs (imported as a top-level package: the template uses relative imports only)."""
    written = new_game(
        "sea_lanes", "Sea Lanes", games_dir=tmp_path / "games", notebooks_dir=tmp_path / "nb"
    )
    monkeypatch.syspath_prepend(str(tmp_path / "games"))
    monkeypatch.setitem(registry._MODULES, "sea_lanes", "sea_lanes")
    yield tmp_path
    for name in [m for m in sys.modules if m == "sea_lanes" or m.startswith("sea_lanes.")]:
        del sys.modules[name]
    registry._LOADED.pop("sea_lanes", None)
    assert written


def test_the_new_game_passes_conformance(sea_lanes: Path) -> None:
    game = registry.get_game("sea_lanes")
    assert (game.id, game.title, type(game).__name__) == ("sea_lanes", "Sea Lanes", "SeaLanes")
    assert check_game("sea_lanes", games=3)["games"] == 3


def test_the_new_game_keeps_the_room_plan_and_the_layers(sea_lanes: Path) -> None:
    folder = sea_lanes / "games" / "sea_lanes"
    assert room_plan_breaches(folder) == []
    graph = import_graph(folder, "navalkit.games.sea_lanes")
    assert upward_imports(graph) == [] and import_cycles(graph) == []


def test_only_its_pages_are_written_outside_its_folder(sea_lanes: Path) -> None:
    outside = sorted(
        p.relative_to(sea_lanes).as_posix()
        for p in sea_lanes.rglob("*")
        if p.is_file() and "games" not in p.relative_to(sea_lanes).parts
    )
    assert outside == [
        "nb/sea_lanes/lesson.ipynb",
        "nb/sea_lanes/play.ipynb",
        "nb/sea_lanes/whatif.ipynb",
    ]
    play = json.loads((sea_lanes / "nb" / "sea_lanes" / "play.ipynb").read_text())
    assert 'play_app("sea_lanes")' in "".join(play["cells"][1]["source"])
    assert all(c.get("outputs", []) == [] for c in play["cells"])


@pytest.mark.parametrize("bad", ["Sea", "1sea", "class", "sea-lanes", "s", "x" * 41])
def test_a_bad_id_is_refused(bad: str, tmp_path: Path) -> None:
    with pytest.raises(ScaffoldError, match="cannot be a game id"):
        new_game(bad, games_dir=tmp_path, notebooks_dir=tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_nothing_is_overwritten(tmp_path: Path) -> None:
    (tmp_path / "nb" / "sea_lanes").mkdir(parents=True)
    with pytest.raises(ScaffoldError, match="exists already"):
        new_game("sea_lanes", games_dir=tmp_path / "games", notebooks_dir=tmp_path / "nb")
    assert not (tmp_path / "games").exists()


def test_the_command_refuses_a_bad_id_with_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["new-game", "Bad-Name"]) == 2
    assert "cannot be a game id" in capsys.readouterr().err
