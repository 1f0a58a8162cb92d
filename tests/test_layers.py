"""The package's shape holds: every game follows the room plan, imports point down the layers
(core -> games -> render -> play -> widgets/site), and no modules import each other in a loop.

The checks read every module's source (imports inside functions included), so a new module or
a new game is covered without editing this file; the first tests prove the checks can fail.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import navalkit
from navalkit.testing.layers import (
    GAME_ROOMS,
    import_cycles,
    import_graph,
    layer_of,
    room_plan_breaches,
    upward_imports,
)

PACKAGE = Path(navalkit.__file__).resolve().parent
GAME_DIRS = sorted(
    p for p in (PACKAGE / "games").iterdir() if p.is_dir() and (p / "__init__.py").is_file()
)


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root / "navalkit"


# --- the checks can fail -------------------------------------------------------------------


def test_an_upward_import_is_caught_even_inside_a_function(tmp_path: Path) -> None:
    pkg = _write(
        tmp_path,
        {
            "navalkit/__init__.py": "",
            "navalkit/core/__init__.py": "",
            "navalkit/core/match.py": "def f():\n    from navalkit.render import svg\n",
            "navalkit/render/__init__.py": "",
            "navalkit/render/svg.py": "",
            "navalkit/games/__init__.py": "",
            "navalkit/games/a/__init__.py": "",
            "navalkit/games/a/state.py": "import ipywidgets\nfrom ..b import rules\n",
            "navalkit/games/a/draw.py": "from navalkit.render import svg\n",
            "navalkit/games/b/__init__.py": "",
            "navalkit/games/b/rules.py": "",
        },
    )
    bad = upward_imports(import_graph(pkg))
    assert any("navalkit.core.match:2 (core) imports navalkit.render.svg" in b for b in bad)
    assert any("navalkit.games.a.state:1 (games) imports ipywidgets" in b for b in bad)
    assert any("imports another game: navalkit.games.b.rules" in b for b in bad)
    assert not any(b.startswith("navalkit.games.a.draw") for b in bad)  # draw may use render


def test_a_cycle_is_caught(tmp_path: Path) -> None:
    pkg = _write(
        tmp_path,
        {
            "navalkit/__init__.py": "",
            "navalkit/core/__init__.py": "",
            "navalkit/core/a.py": "from . import b\n",
            "navalkit/core/b.py": "def f():\n    from .c import x\n",
            "navalkit/core/c.py": "from navalkit.core.a import y\n",
            "navalkit/core/d.py": "from . import a\n",
        },
    )
    assert import_cycles(import_graph(pkg)) == [
        ["navalkit.core.a", "navalkit.core.b", "navalkit.core.c"]
    ]


def test_a_room_plan_breach_is_caught(tmp_path: Path) -> None:
    game = tmp_path / "g"
    (game / "helpers").mkdir(parents=True)
    (game / "helpers" / "x.py").write_text("")
    for room in GAME_ROOMS:
        if room != "observe":
            (game / f"{room}.py").write_text("")
    (game / "calc.py").write_text("")
    assert room_plan_breaches(game) == [
        "missing observe.py",
        "calc.py is not in the room plan",
        "sub-package helpers/ is not mechanics/",
    ]


def test_layers_of_modules() -> None:
    assert layer_of("navalkit.core.match") == "core"
    assert layer_of("navalkit.games.branle_bas.rules") == "games"
    assert layer_of("navalkit.games.branle_bas.mechanics.movement") == "games"
    assert layer_of("navalkit.games.branle_bas.draw") == "render"
    assert layer_of("navalkit.games.branle_bas.explain") == "ui"
    assert layer_of("navalkit.play.session") == "play"
    assert layer_of("navalkit.widgets.app") == "ui"
    assert layer_of("navalkit.site.controller") == "ui"
    assert layer_of("ipywidgets") == "render"
    assert layer_of("pandas") == "core"


# --- the package passes them ---------------------------------------------------------------


def test_no_import_points_up_the_layers() -> None:
    assert upward_imports(import_graph(PACKAGE)) == []


def test_no_import_cycles() -> None:
    assert import_cycles(import_graph(PACKAGE)) == []


@pytest.mark.parametrize("game_dir", GAME_DIRS, ids=lambda p: p.name)
def test_every_game_follows_the_room_plan(game_dir: Path) -> None:
    assert room_plan_breaches(game_dir) == []


@pytest.mark.parametrize("game_dir", GAME_DIRS, ids=lambda p: p.name)
def test_importing_a_game_pulls_no_widgets(game_dir: Path) -> None:
    """``pip install navalkit`` (no Jupyter extra) is enough for the rules, bots and tables."""
    code = (
        f"import sys, navalkit.games.{game_dir.name} as g, navalkit\n"
        "g.GAME.legal_actions(g.GAME.initial_state(g.GAME.make_config(), "
        "g.GAME.default_players))\n"
        "navalkit.new_match(g.GAME.id, seed=1).log\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'ipycanvas', 'IPython', 'voila', 'matplotlib'))\n"
        "assert not bad, bad\n"
    )
    if game_dir.name.startswith("_"):
        code = f"import navalkit.core.registry as r\nr.register('{game_dir.name}', " + (
            f"'navalkit.games.{game_dir.name}')\n{code}"
        )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
