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
#: a game's words for a region of its board: ``region_words(view, region) -> str``
RegionWords = Callable[[Any, str], str]
#: the keyword every game's ``draw`` takes for why nobody may move (see the module)
NOT_RUNNING = "not_running"
_DRAWERS: dict[str, Drawer] = {}
_REGION_WORDS: dict[str, RegionWords | None] = {}


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


def region_words(game: Any, view: Any, region: str) -> str:
    """What the region ``region`` of ``game``'s board is, in a few words a student reads
    (where the keyboard's cursor is: "Cursor on Soleil Royal, France's ship."), by the
    ``region_words(view, region)`` of the game's ``draw`` module, which knows its regions'
    names: from ``view``, what the page's seat may see. "" when the game has none or leaves
    the region to the words the board writes on it (a button's own label)."""
    if game.id not in _REGION_WORDS:
        module = importlib.import_module(f"{game_package(game)}.draw")
        _REGION_WORDS[game.id] = getattr(module, "region_words", None)
    words = _REGION_WORDS[game.id]
    return "" if words is None else str(words(view, region))
