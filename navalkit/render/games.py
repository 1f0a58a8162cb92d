"""A game's drawing, found by the render layer: the rules never import it.

Every game package holds a ``draw`` module whose ``draw(view, theme=None, **marks)`` turns
what one seat sees into a :class:`~navalkit.render.scene.Scene`. Besides the highlights, every
``draw`` takes ``not_running`` (:data:`NOT_RUNNING`): words such as "waiting for players" when
nobody may move although the position names a player to (a table still filling, a game the
teacher ended); the board then says them where it says whose turn it is, and names nobody to
play. The Game object does not
know it (the rules sit below drawing); this module finds it next to the Game's own module,
so a new game needs no entry anywhere to be drawn.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from .scene import Scene

Drawer = Callable[..., Scene]
#: the keyword every game's ``draw`` takes for why nobody may move (see the module)
NOT_RUNNING = "not_running"
_DRAWERS: dict[str, Drawer] = {}


def game_package(game: Any) -> str:
    """The package a Game object lives in (``navalkit.games.branle_bas`` for Branle-Bas)."""
    return str(type(game).__module__).rpartition(".")[0]


def has_drawing(game: Any) -> bool:
    """True when ``game``'s package holds a ``draw`` module."""
    package = game_package(game)
    if not package:  # a game defined in a top-level module (a script, a test)
        return False
    try:
        return importlib.util.find_spec(f"{package}.draw") is not None
    except ImportError:
        return False


def drawer(game: Any) -> Drawer:
    """The ``draw`` function of ``game``'s ``draw`` module (imported once, on first use)."""
    found = _DRAWERS.get(game.id)
    if found is None:
        module = importlib.import_module(f"{game_package(game)}.draw")
        found = _DRAWERS[game.id] = module.draw
    return found


def draw(game: Any, view: Any, theme: Any = None, **marks: Any) -> Scene:
    """A Scene of ``view`` (an observation of ``game``); ``marks`` are the game's highlights
    (``selected``, ``targets``, ``marks``: region names) and ``not_running`` (the words for
    why nobody may move, see the module)."""
    return drawer(game)(view, theme, **marks)
