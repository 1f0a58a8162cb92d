"""``navalkit new-game NAME``: a new game folder from the template, with its three pages.

The template (``navalkit/games/_template``, *Last Buoy*) is a small working two-player game
with every room of the plan (``docs/architecture.md``) and passes the conformance suite. A new
game is a copy of it under its own id, title and class name, plus a lesson, a play page and a
what-if page in ``notebooks/<id>/``. The registry finds the folder by itself; what is left
outside it is a line in ``docs/teaching.md``.
"""

from __future__ import annotations

import json
import keyword
import re
import shutil
from pathlib import Path
from typing import Any

from ._paths import checkout_notebooks_dir

_PACKAGE = Path(__file__).resolve().parent
TEMPLATE_DIR = _PACKAGE / "games" / "_template"
TEMPLATE_ID, TEMPLATE_TITLE, TEMPLATE_CLASS = "_template", "Last Buoy", "LastBuoy"
_ID = re.compile(r"[a-z][a-z0-9_]{1,39}")


class ScaffoldError(ValueError):
    """A new game cannot be made with these names or in these folders."""


def class_name(game_id: str) -> str:
    """``sea_lanes`` -> ``SeaLanes``."""
    return "".join(part.capitalize() for part in game_id.split("_"))


def _check_id(game_id: str) -> None:
    if not _ID.fullmatch(game_id) or keyword.iskeyword(game_id):
        raise ScaffoldError(
            f"{game_id!r} cannot be a game id: use 2 to 40 lower-case letters, digits and "
            "underscores, starting with a letter (e.g. sea_lanes)"
        )


def _notebook(cells: list[tuple[str, str]]) -> str:
    """A notebook (format 4, outputs stripped) of ``(kind, source)`` cells."""
    body: dict[str, Any] = {
        "cells": [
            {"cell_type": kind, "metadata": {}, "source": source}
            | ({"execution_count": None, "outputs": []} if kind == "code" else {})
            for kind, source in cells
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(body, indent=1, ensure_ascii=False) + "\n"


def pages(game_id: str, title: str) -> dict[str, str]:
    """The lesson, play and what-if notebooks of a new game, by file name."""
    return {
        "lesson.ipynb": _notebook(
            [
                (
                    "markdown",
                    f"# {title}: how it works\n\n**You will learn:** (one sentence per "
                    "mechanic). Each section below shows one rule with a small widget; "
                    "replace the template's section with your game's own.",
                ),
                ("markdown", "## The winning sweep\n\nMove the slider: which sweep wins?"),
                (
                    "code",
                    f"from navalkit.games.{game_id}.explain import WinningSweep\n\n"
                    "WinningSweep().widget",
                ),
                (
                    "markdown",
                    "## Where every rule comes from\n\nSEED: the original text; SRC: a "
                    "published source; HOUSE: our reconstruction, which a teacher may switch.",
                ),
                (
                    "code",
                    "import pandas as pd\n\nimport navalkit\n\n"
                    f'pd.DataFrame(navalkit.get_game("{game_id}").clauses.table())',
                ),
            ]
        ),
        "play.ipynb": _notebook(
            [
                (
                    "markdown",
                    f"# {title}: play\n\nClick the board to play against the computer. "
                    "**How to play**, under the board, says the rest.",
                ),
                (
                    "code",
                    "from navalkit.widgets.page import play_app\n\n"
                    f'app = play_app("{game_id}")\napp',
                ),
            ]
        ),
        "whatif.ipynb": _notebook(
            [
                (
                    "markdown",
                    f"# {title}: what if a rule were read the other way?\n\nThe same seeded "
                    "games under two values of a setting.",
                ),
                (
                    "code",
                    "from navalkit.widgets.whatif import WhatIfLab\n\n"
                    f'lab = WhatIfLab("{game_id}", games=10)\nlab.run()\nlab',
                ),
            ]
        ),
    }


def new_game(
    game_id: str,
    title: str | None = None,
    *,
    games_dir: Path | None = None,
    notebooks_dir: Path | None = None,
) -> list[Path]:
    """Write a new game ``game_id`` (titled ``title``) from the template into ``games_dir``
    (default: navalkit's own games folder) and its pages into ``notebooks_dir/<game_id>``
    (default: the checkout's notebooks). Refuses to overwrite anything. Returns the files
    written."""
    _check_id(game_id)
    title = (title or game_id.replace("_", " ").title()).strip()
    if not title or any(c in title for c in '"\\\n'):
        raise ScaffoldError(f"{title!r} cannot be a title: one line, no quotes or backslashes")
    target = (games_dir or _PACKAGE / "games") / game_id
    pages_dir = (notebooks_dir or checkout_notebooks_dir()) / game_id
    for path in (target, pages_dir):
        if path.exists():
            raise ScaffoldError(f"{path} exists already: choose another id or remove it")
    written = []
    for source in sorted(TEMPLATE_DIR.rglob("*.py")):
        text = source.read_text(encoding="utf-8")
        text = text.replace(TEMPLATE_CLASS, class_name(game_id)).replace(TEMPLATE_TITLE, title)
        text = text.replace(TEMPLATE_ID, game_id)
        out = target / source.relative_to(TEMPLATE_DIR)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        written.append(out)
    pages_dir.mkdir(parents=True)
    for name, text in pages(game_id, title).items():
        (pages_dir / name).write_text(text, encoding="utf-8")
        written.append(pages_dir / name)
    return written


def remove_game(game_id: str, *, games_dir: Path, notebooks_dir: Path) -> None:
    """Remove what :func:`new_game` wrote (for tests and second thoughts)."""
    _check_id(game_id)
    shutil.rmtree(games_dir / game_id, ignore_errors=True)
    shutil.rmtree(notebooks_dir / game_id, ignore_errors=True)
