"""The hot-seat hand-over screen drawn in place of a board."""

from __future__ import annotations

from navalkit.render import Rect, Scene, SceneBuilder, Text


def cover_scene(board: Scene, message: str) -> Scene:
    """A scene the size of ``board`` with the same layers, showing only ``message``: no piece,
    card or region of the position it replaces."""
    b = SceneBuilder(
        board.width,
        board.height,
        board.layer_names,
        title="Hand-over screen",
        description=f"{message}. The board is hidden until the next player is ready.",
    )
    first = board.layer_names[0]
    b.add(first, Rect(0, 0, board.width, board.height, fill="#1b2a3a"))
    b.add(first, Text(board.width / 2, board.height / 2 - 14, message, 22, "#ffffff", bold=True))
    b.add(
        first,
        Text(
            board.width / 2,
            board.height / 2 + 18,
            "press the \u201cshow my board\u201d button when you are at the screen",
            14,
            "#cfe3f0",
        ),
    )
    return b.build()
