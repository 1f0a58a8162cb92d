"""Shared fixtures for the render tests: a sample naval scene and an ipycanvas command recorder."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from navalkit.render import Circle, Line, Polygon, Rect, Scene, SceneBuilder, Text, hexagon


def sample_scene(overlay_text: str = "Your move") -> Scene:
    """A small 3x2 sea grid with a ship, a hex zone, a dashed course line and a label."""
    b = SceneBuilder(
        200,
        150,
        title="Sample board",
        description="Three by two sea grid; a frigate at B1 & a <hex> zone.",
    )
    b.add("board", Rect(0, 0, 200, 150, fill="#cfe3f0"))
    for row in range(2):
        for col in range(3):
            cell = f"{'ABC'[col]}{row + 1}"
            b.add("board", Rect(10 + 40 * col, 10 + 40 * row, 40, 40, stroke="#5b7a99"))
            b.rect_region(cell, 10 + 40 * col, 10 + 40 * row, 40, 40)
    b.add(
        "pieces",
        Rect(55, 18, 30, 24, fill="#1f4e9c", stroke="#000000", line_width=1.5, radius=4),
        Circle(110.5, 70, 8, fill="#b22222", alpha=0.75),
    )
    hex_points = hexagon(165, 110, 25)
    b.add("pieces", Polygon(hex_points, fill="#d8c9a3", stroke="#1b2a3a"))
    b.polygon_region("zone", hex_points)
    b.add("overlay", Line(30, 30, 150, 110, "#e07a1f", line_width=2, dash=(6, 3)))
    b.add("overlay", Text(100, 140, overlay_text, size=14, fill="#1b2a3a", bold=True))
    return b.build()


@pytest.fixture
def scene() -> Scene:
    """The sample scene."""
    return sample_scene()


@pytest.fixture
def make_scene() -> Callable[..., Scene]:
    """The sample scene factory, for variants that differ in the overlay text."""
    return sample_scene


@dataclass
class Recorder:
    """Commands the ipycanvas manager would have sent, one entry per comm message."""

    messages: list[list[tuple[str, list[Any]]]] = field(default_factory=list)
    # The canvas the manager pointed at when the recording (re)started: ipycanvas only sends
    # ``switchCanvas`` when the target changes.
    start_canvas: str | None = None

    def clear(self) -> None:
        """Forget the messages so far, remembering which canvas is current."""
        for name, args in self.commands:
            if name == "switchCanvas":
                self.start_canvas = args[0]
        self.messages.clear()

    @property
    def commands(self) -> list[tuple[str, list[Any]]]:
        """All decoded commands in send order, across messages."""
        return [cmd for message in self.messages for cmd in message]

    def names(self) -> list[str]:
        return [name for name, _ in self.commands]

    def by_canvas(self, board: Any) -> dict[str, list[tuple[str, list[Any]]]]:
        """Group commands by the board layer they were sent to, following ``switchCanvas``."""
        layer_of = {f"IPY_MODEL_{board.canvas(n).model_id}": n for n in board.layer_names}
        grouped: dict[str, list[tuple[str, list[Any]]]] = {}
        current = layer_of.get(self.start_canvas or "")
        for name, args in self.commands:
            if name == "switchCanvas":
                current = layer_of[args[0]]
                grouped.setdefault(current, [])
            else:
                assert current is not None, f"{name} sent before any switchCanvas"
                grouped.setdefault(current, []).append((name, args))
        return grouped

    def cleared_layers(self, board: Any) -> set[str]:
        """Layers that received a ``clear`` command, i.e. were redrawn."""
        return {
            layer
            for layer, cmds in self.by_canvas(board).items()
            if any(name == "clear" for name, _ in cmds)
        }


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    """Capture what ipycanvas sends by wrapping the private ``_CanvasManager._send_custom``.

    Pinned to ipycanvas 0.14 internals (see JUPYTER_NOTES 1.6); the original still runs, so the
    commands are also checked to serialise.
    """
    import ipycanvas.canvas as canvas_mod

    from navalkit.render.canvas import reset_canvas_manager

    rec = Recorder()
    names = {i: n for n, i in canvas_mod.COMMANDS.items()}
    original = canvas_mod._CanvasManager._send_custom

    def spy(self: Any, command: list[Any], buffers: list[Any] | None = None) -> None:
        batch = command if command and isinstance(command[0], list) else [command]
        rec.messages.append([(names[c[0]], c[1] if len(c) > 1 else []) for c in batch])
        original(self, command, buffers or [])

    reset_canvas_manager()
    monkeypatch.setattr(canvas_mod._CanvasManager, "_send_custom", spy)
    yield rec
    reset_canvas_manager()


def _frontend_event(board: Any, content: dict[str, Any]) -> None:
    """Deliver a frontend message to the MultiCanvas widget as its comm would."""
    board.widget._handle_custom_msg(content, [])


@pytest.fixture
def frontend_event() -> Callable[[Any, dict[str, Any]], None]:
    """``frontend_event(board, {"event": "client_ready"})`` simulates the browser."""
    return _frontend_event
