"""The registry of games: ids to Game objects, imported lazily."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import UnknownGameError

#: game id -> module that defines ``GAME``
_MODULES: dict[str, str] = {
    "branle_bas": "navalkit.games.branle_bas",
}
_LOADED: dict[str, Any] = {}


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
        _LOADED[game_id] = importlib.import_module(_MODULES[game_id]).GAME
    return _LOADED[game_id]
