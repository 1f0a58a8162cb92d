"""Pictures in notebooks: states, views and matches show themselves as SVG boards.

The rules' classes know nothing of drawing (they sit below it). This module gives them a
``_repr_svg_`` from outside: :func:`attach` adds it to a game's ``state_type`` (drawn as the
teacher's view) and ``view_type`` (drawn as that seat sees it), and to
:class:`~navalkit.render.scene.Scene`; :class:`~navalkit.core.match.Match` draws itself with
the function given to :func:`~navalkit.core.match.show_matches_with`.
``import navalkit`` attaches it to every game the registry loads.
"""

from __future__ import annotations

from typing import Any

from navalkit.core.match import Match, show_matches_with

from .games import draw, has_drawing
from .scene import Scene
from .svg import scene_to_svg


def _svg_of_view(game: Any) -> Any:
    def _repr_svg_(view: Any) -> str:
        """A view shows itself as the board its seat sees."""
        return scene_to_svg(draw(game, view))

    return _repr_svg_


def _svg_of_state(game: Any) -> Any:
    def _repr_svg_(state: Any) -> str:
        """A state shows itself as the teacher's view of the board."""
        return scene_to_svg(draw(game, game.observe(state, None)))

    return _repr_svg_


def _svg_of_match(match: Match) -> str | None:
    """A match shows itself as the teacher's view of its board (a game without drawing:
    None, and the notebook shows its text)."""
    if not has_drawing(match.game):
        return None
    return scene_to_svg(draw(match.game, match.observe(None)))


def attach(game: Any) -> None:
    """Give ``game``'s states and views a ``_repr_svg_`` (again is harmless; a game without
    a ``draw`` module keeps its text repr)."""
    if not has_drawing(game):
        return
    if game.view_type is not game.state_type:
        game.view_type._repr_svg_ = _svg_of_view(game)
    game.state_type._repr_svg_ = _svg_of_state(game)


def install() -> None:
    """Attach pictures to every game the registry loads from now on (and to those loaded
    already), and to Match."""
    from navalkit.core import registry

    show_matches_with(_svg_of_match)
    Scene._repr_svg_ = scene_to_svg  # type: ignore[attr-defined]
    registry.on_load(attach)
