"""The registry of games: ids to Game objects, imported lazily.

Every package ``navalkit/games/<id>/`` is a game whose module exposes ``GAME``; they are
found by looking at the folder (nothing is imported until a game is asked for) and listed
in the order of :data:`ORDER`, then alphabetically. :func:`register` adds a game that lives
elsewhere.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import UnknownGameError

#: the order the gallery lists the games in
ORDER = ("nautic_miles", "far_seas", "age_of_sail", "branle_bas", "naval_war")
_GAMES_DIR = Path(__file__).resolve().parents[1] / "games"


def _discover() -> dict[str, str]:
    found = sorted(
        p.name
        for p in _GAMES_DIR.iterdir()
        if p.is_dir() and (p / "__init__.py").is_file() and not p.name.startswith("_")
    )
    ranked = [g for g in ORDER if g in found] + [g for g in found if g not in ORDER]
    return {g: f"navalkit.games.{g}" for g in ranked}


#: game id -> module that defines ``GAME``
_MODULES: dict[str, str] = _discover()
_LOADED: dict[str, Any] = {}
#: called with each Game object when it is first loaded (layers above core add to a game
#: without the core importing them: pictures in notebooks, for one)
_ON_LOAD: list[Callable[[Any], None]] = []


def on_load(hook: Callable[[Any], None]) -> None:
    """Call ``hook(game)`` for every game loaded from now on, and now for those loaded."""
    if hook not in _ON_LOAD:
        _ON_LOAD.append(hook)
    for game in _LOADED.values():
        hook(game)


def register(game_id: str, module: str) -> None:
    """Register a game module (one that exposes ``GAME``) under ``game_id``."""
    _MODULES[game_id] = module
    _LOADED.pop(game_id, None)


def games() -> list[str]:
    """The ids of the registered games."""
    return list(_MODULES)


def get_game(game_id: object) -> Any:
    """The Game object for ``game_id``."""
    if not isinstance(game_id, str) or game_id not in _MODULES:
        known = ", ".join(_MODULES)
        raise UnknownGameError(f"no game {game_id!r}; the games are: {known}")
    if game_id not in _LOADED:
        game = _LOADED[game_id] = importlib.import_module(_MODULES[game_id]).GAME
        for hook in _ON_LOAD:
            hook(game)
    return _LOADED[game_id]
