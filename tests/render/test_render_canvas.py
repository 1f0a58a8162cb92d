"""The ipycanvas adapter, headless: decode the commands the canvas manager would send.

No browser and no kernel: widgets talk to a DummyComm, ``_CanvasManager._send_custom`` is spied
on (see the ``recorder`` fixture), and frontend events are delivered to the widget by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipycanvas
import ipycanvas.canvas as ipc
import pytest
from traitlets import TraitError

from navalkit.render import Circle, Layer, Line, Polygon, Rect, Scene, SceneBuilder, Text
from navalkit.render.canvas import CanvasBoard, draw_op, safe_hold
from navalkit.render.text import BOARD_FONT
from navalkit.testing.widgets import widgets_in

Event = Callable[[Any, dict[str, Any]], None]
ALL = {"board", "pieces", "overlay"}
ATTR_NAMES = {i: name for name, i in ipycanvas.Canvas.ATTRS.items()}


def attrs_set(cmds: list[tuple[str, list[Any]]]) -> list[tuple[str, Any]]:
    """The ``set`` commands of a command list as ``(attribute, value)`` pairs."""
    return [(ATTR_NAMES[args[0]], args[1]) for name, args in cmds if name == "set"]


def test_widget_size_layers_and_css_width() -> None:
    board = CanvasBoard(400, 300, css_width=250)
    assert isinstance(board.widget, ipycanvas.MultiCanvas)
    assert (board.widget.width, board.widget.height) == (400, 300)
    assert board.widget.layout.width == "250px"
    assert board.widget.layout.height == "auto"
    assert [board.canvas(n) for n in board.layer_names] == list(board.widget._canvases)
    assert CanvasBoard(120, 80).widget.layout.width == "120px"
    board.set_css_width(600)
    assert board.widget.layout.width == "600px"
    with pytest.raises(ValueError, match="distinct"):
        CanvasBoard(10, 10, layers=("a", "a"))


def test_first_show_draws_every_layer_in_one_message(recorder: Any, scene: Scene) -> None:
    board = CanvasBoard(200, 150)
    assert board.show(scene) == ("board", "pieces", "overlay")
    assert len(recorder.messages) == 1, "hold_canvas should batch the whole frame"
    assert recorder.cleared_layers(board) == ALL
    assert board.redraw_count == dict.fromkeys(ALL, 1)
    per_layer = recorder.by_canvas(board)
    assert [n for n, _ in per_layer["board"]].count("strokeRect") == 6
    assert [n for n, _ in per_layer["overlay"]][-1] == "fillText"
    assert ipc._CANVAS_MANAGER._caching is False


def test_only_the_changed_layer_is_redrawn(
    recorder: Any, scene: Scene, make_scene: Callable[..., Scene]
) -> None:
    board = CanvasBoard(200, 150)
    board.show(scene)
    recorder.clear()
    assert board.show(make_scene("Enemy's move")) == ("overlay",)
    assert recorder.cleared_layers(board) == {"overlay"}
    assert set(recorder.by_canvas(board)) == {"overlay"}
    texts = [args[0] for name, args in recorder.commands if name == "fillText"]
    assert texts == ["Enemy's move"]
    assert board.redraw_count == {"board": 1, "pieces": 1, "overlay": 2}
    assert board.last_drawn == ("overlay",)


def test_an_equal_scene_sends_nothing(recorder: Any, make_scene: Callable[..., Scene]) -> None:
    board = CanvasBoard(200, 150)
    board.show(make_scene())
    recorder.clear()
    assert board.show(make_scene()) == ()  # equal by value, not the same object
    assert recorder.messages == []
    assert board.redraw_count == dict.fromkeys(ALL, 1)


def test_client_ready_redraws_everything_with_styles(
    recorder: Any, scene: Scene, event: Event
) -> None:
    board = CanvasBoard(200, 150)
    board.show(scene)
    recorder.clear()
    event(board, {"event": "client_ready"})
    assert board.client_ready and board.client_ready_count == 1
    assert recorder.cleared_layers(board) == ALL
    assert board.redraw_count == dict.fromkeys(ALL, 2)
    overlay = recorder.by_canvas(board)["overlay"]
    assert ("font", f"bold 14px {BOARD_FONT}") in attrs_set(overlay)
    assert ("text_align", "center") in attrs_set(overlay)
    assert ("stroke_style", "#e07a1f") in attrs_set(overlay)


def test_client_ready_resends_switch_canvas_after_a_reload(recorder: Any, event: Event) -> None:
    board = CanvasBoard(50, 50, layers=("only",))
    board.show(
        SceneBuilder(50, 50, layers=("only",)).add("only", Rect(0, 0, 5, 5, fill="#000")).build()
    )
    assert ipc._CANVAS_MANAGER._current_canvas is board.canvas("only")
    recorder.clear()
    event(board, {"event": "client_ready"})
    # A reloaded page has a fresh JS manager: the batch must start by naming its canvas again.
    assert recorder.messages[0][0] == (
        "switchCanvas",
        [f"IPY_MODEL_{board.canvas('only').model_id}"],
    )


def test_client_ready_on_the_top_canvas_and_before_any_scene(recorder: Any, scene: Scene) -> None:
    board = CanvasBoard(200, 150)
    board.canvas("overlay")._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert board.client_ready_count == 1
    assert recorder.messages == []  # nothing to draw yet
    board.show(scene)
    assert recorder.cleared_layers(board) == ALL


def test_lazy_board_waits_for_the_client(recorder: Any, scene: Scene, event: Event) -> None:
    board = CanvasBoard(200, 150, eager=False)
    assert board.show(scene) == ()
    assert recorder.messages == []
    event(board, {"event": "client_ready"})
    assert recorder.cleared_layers(board) == ALL
    assert board.redraw_count == dict.fromkeys(ALL, 1)


def test_a_draw_that_raises_does_not_leave_the_manager_caching(recorder: Any, scene: Scene) -> None:
    board = CanvasBoard(200, 150)
    board.show(scene)
    recorder.clear()
    broken = scene.with_layer(Layer("pieces", (Circle(5, 5, 3, fill="not-a-colour"),)))
    with pytest.raises(TraitError):
        board.show(broken)
    manager = ipc._CANVAS_MANAGER
    assert manager._caching is False
    assert manager._commands_cache == [] and manager._buffers_cache == []
    assert manager._current_canvas is None
    assert recorder.messages == []  # the half-built batch was dropped, not sent
    # Later draws go out at once, and everything is redrawn since the picture is unknown.
    assert board.show(scene) == ("board", "pieces", "overlay")
    assert len(recorder.messages) == 1
    assert recorder.messages[0][0][0] == "switchCanvas"


def test_plain_hold_canvas_would_stay_stuck(recorder: Any) -> None:
    """Canary for the ipycanvas pitfall safe_hold exists for; fails if upstream fixes it."""
    canvas = ipycanvas.Canvas(width=10, height=10)
    with pytest.raises(RuntimeError), ipycanvas.hold_canvas():
        canvas.fill_rect(0, 0, 1, 1)
        raise RuntimeError("boom")
    assert ipc._CANVAS_MANAGER._caching is True
    with pytest.raises(RuntimeError), safe_hold():
        canvas.fill_rect(0, 0, 1, 1)
        raise RuntimeError("boom")
    assert ipc._CANVAS_MANAGER._caching is False


def test_click_maps_to_the_region_id(scene: Scene, event: Event) -> None:
    board = CanvasBoard(200, 150, css_width=100)
    clicks: list[tuple[str | None, float, float]] = []

    def record(region: str | None, x: float, y: float) -> None:
        clicks.append((region, x, y))

    board.on_click(record)
    event(board, {"event": "mouse_down", "x": 20, "y": 20})  # no scene yet
    board.show(scene)
    event(board, {"event": "mouse_down", "x": 70.5, "y": 30})
    event(board, {"event": "mouse_down", "x": 165, "y": 110})
    event(board, {"event": "mouse_down", "x": 3, "y": 3})
    assert clicks == [(None, 20, 20), ("B1", 70.5, 30), ("zone", 165, 110), (None, 3, 3)]
    board.on_click(record, remove=True)
    event(board, {"event": "mouse_down", "x": 20, "y": 20})
    assert len(clicks) == 4


def test_one_finger_is_a_press_and_a_pinch_is_not(scene: Scene, event: Event) -> None:
    """In JupyterLab a tap arrives as a touch (ipycanvas cancels the mouse press a tap would
    make): one finger down is a press on the region under it; two fingers are not."""
    board = CanvasBoard(200, 150)
    board.show(scene)
    clicks: list[tuple[str | None, float, float]] = []
    board.on_click(lambda region, x, y: clicks.append((region, x, y)))
    event(board, {"event": "touch_start", "touches": [{"x": 70.5, "y": 30}]})
    event(board, {"event": "touch_start", "touches": [{"x": 70.5, "y": 30}, {"x": 165, "y": 110}]})
    event(board, {"event": "touch_end", "touches": []})
    assert clicks == [("B1", 70.5, 30)]


def test_unknown_layers_are_refused_and_resizing_redraws_all(recorder: Any, scene: Scene) -> None:
    board = CanvasBoard(200, 150)
    with pytest.raises(ValueError, match="not board layers"):
        board.show(scene.with_layer(Layer("sky")))
    board.show(scene)
    recorder.clear()
    bigger = Scene(400, 300, scene.layers)
    assert board.show(bigger) == ("board", "pieces", "overlay")
    assert (board.widget.width, board.widget.height) == (400, 300)
    assert all(c.width == 400 for c in board.widget._canvases)


def test_ops_replay_with_explicit_styles(recorder: Any) -> None:
    canvas = ipycanvas.Canvas(width=50, height=50)
    with safe_hold():
        draw_op(canvas, Rect(40, 0, -10, 10, fill="#111111", stroke="#222222", radius=3, alpha=0.5))
        draw_op(canvas, Polygon(((0, 0), (4, 0), (0, 3)), fill="#333333", stroke="#444444"))
        draw_op(canvas, Line(0, 0, 5, 5, "#555555", line_width=2, dash=(4, 2)))
        draw_op(canvas, Text(1, 2, "A1", size=9.5, align="left", baseline="top", font="serif"))
    cmds = recorder.commands
    names = [n for n, _ in cmds]
    assert names.count("arcTo") == 4 and "fill" in names and "stroke" in names
    assert "fillRect" not in names  # rounded rects are paths
    move_to = next(args for n, args in cmds if n == "moveTo")
    assert move_to == [33, 0]  # normalised x=30, plus the radius
    styles = attrs_set(cmds)
    assert styles[:2] == [("global_alpha", 0.5), ("fill_style", "#111111")]
    assert ("line_width", 2.0) in styles
    assert ("font", "9.5px serif") in styles and ("text_baseline", "top") in styles
    dashes = [args[0] for n, args in cmds if n == "setLineDash"]
    assert dashes == [[], [], [4.0, 2.0]]  # every stroke sets its dash, solid ones included
    poly = next(args for n, args in cmds if n == "fillPolygon")
    assert tuple(poly[0]["shape"]) == (3, 2)
    assert next(args for n, args in cmds if n == "fillText") == ["A1", 1, 2]


def test_a_haloed_text_strokes_its_outline_before_its_letters(recorder: Any) -> None:
    """A label's halo is its outline stroked in the halo's colour, round-joined, before its
    letters are filled on top; the canvas's miter joins are put back for the strokes after."""
    canvas = ipycanvas.Canvas(width=50, height=50)
    with safe_hold():
        draw_op(canvas, Text(5, 6, "Victory", fill="#111111", halo="#cfe3f0", halo_width=4))
        draw_op(canvas, Text(1, 2, "plain"))
    cmds = recorder.commands
    drawn = [(n, args[0]) for n, args in cmds if n in ("strokeText", "fillText")]
    assert drawn == [("strokeText", "Victory"), ("fillText", "Victory"), ("fillText", "plain")]
    stroke_at = [n for n, _ in cmds].index("strokeText")
    before = attrs_set(cmds[:stroke_at])
    assert ("stroke_style", "#cfe3f0") in before and ("line_width", 4.0) in before
    assert before[-1] == ("line_join", "round")
    after = attrs_set(cmds[stroke_at:])
    assert after[0] == ("line_join", "miter") and ("fill_style", "#111111") in after


@pytest.fixture
def event(frontend_event: Event) -> Event:
    """Shorter name for the frontend event helper."""
    return frontend_event


def test_a_fluid_board_grows_with_the_page_and_keeps_its_shape() -> None:
    board = CanvasBoard(960, 368, css_width=620)
    box = board.fluid(reserve_px=200, largest=1.5)
    assert box.children[0].children == (board.widget,)
    assert box.children[1] is board.zoom_button
    assert (board.widget.layout.width, board.widget.layout.height) == ("100%", "auto")
    assert box.layout.flex == "1 1 960px", "it starts at its drawn size: its text as drawn"
    assert box.layout.max_width == "max(960px, min(1440px, calc((100vh - 200px) * 2.6087)))"
    assert (board.widget.width, board.widget.height) == (960, 368), "the pixel buffer stays"
    assert "navalkit-board" in board.widget._dom_classes, "the class PRESS_CSS and Voila read"
    # a board with a wide panel beside it starts smaller and grows into the room left
    assert CanvasBoard(960, 368).fluid(start_px=640).layout.flex == "1 1 640px"
    assert CanvasBoard(580, 580).fluid(start_px=640).layout.flex == "1 1 580px"


def test_a_fluid_board_zooms_to_its_drawn_size_in_a_frame_that_scrolls() -> None:
    """On a phone a fluid board fits the screen's width (Far Seas' map at a quarter of its
    size); its switch, shown on a narrow screen only, shows it at its drawn size instead."""
    from navalkit.render.canvas import NARROW_CSS, zoom_css

    board = CanvasBoard(1340, 640)
    box = board.fluid()
    frame, switch = box.children[0], box.children[1]
    assert "navalkit-narrow-only" in switch._dom_classes
    assert ".navalkit-narrow-only" in NARROW_CSS and "min-width: 701px" in NARROW_CSS
    # the switch goes by the width of the board's box (a CSS container), not the window's: it
    # hides in a box of 701 px or more, and in one as wide as the board as drawn
    assert "navalkit-zoomable" in box._dom_classes and "@container" in NARROW_CSS
    assert "navalkit-zoom-1340" in switch._dom_classes
    style = str(box.children[2].children[0].value)
    assert NARROW_CSS in style and zoom_css(1340) in style
    assert "@container (min-width: 1340px) { .navalkit-zoom-1340" in zoom_css(1340)
    # a board allowed to shrink to 0.8 for a low window hides its switch down to 0.8 of its
    # size: only a narrower box (a phone) shrank it more (Branle-Bas on a laptop: no switch)
    low = CanvasBoard(700, 700).fluid(smallest=0.8)
    assert "navalkit-zoom-560" in low.children[1]._dom_classes
    assert zoom_css(560) in str(low.children[2].children[0].value)
    assert frame.layout.width == "100%"
    switch.value = True
    layout = board.widget.layout
    assert board.zoomed and (layout.width, layout.max_width, layout.height) == (
        "1340px",
        "none",
        "auto",
    )
    assert switch.description == "Board to fit the screen"
    board.show(Scene(1400, 640, ()))  # a board drawn anew at another size stays at its size
    assert layout.width == "1400px"
    board.zoom(False)
    assert not switch.value and (layout.width, layout.max_width) == ("100%", "100%")
    assert switch.description == "Bigger board, to read and tap it"
    with pytest.raises(ValueError, match="fluid"):
        CanvasBoard(10, 10).zoom(True)


def test_a_framed_board_keeps_its_size_and_zooms_to_it_on_a_narrow_screen() -> None:
    """A lesson's board: shown at its own size (never wider than the page), with the same
    switch as a fluid board, shown once the page is narrower than the board, which shows it at
    its drawn size in a frame that scrolls."""
    board = CanvasBoard(688, 688, css_width=380)  # drawn 688 px wide, shown 380 beside controls
    box = board.framed()
    frame, switch = box.children[0], box.children[1]
    assert (box.layout.width, box.layout.max_width) == ("380px", "100%")
    assert "navalkit-zoomable" in box._dom_classes and "navalkit-zoom-380" in switch._dom_classes
    assert frame.children == (board.widget,)
    layout = board.widget.layout
    assert (layout.width, layout.max_width) == ("380px", "100%")
    board.zoom(True)
    assert (layout.width, layout.max_width) == ("688px", "none")
    board.zoom(False)
    assert (layout.width, layout.max_width) == ("380px", "100%")
    assert switch.description == "Bigger board, to read and tap it"


def _clickable_boards() -> list[tuple[str, Callable[[], Any]]]:
    from navalkit.games.age_of_sail.explain import SailWheel
    from navalkit.games.branle_bas.explain import MoveExplorer
    from navalkit.games.naval_war.explain import SalvoChecker
    from navalkit.widgets.app import GameApp

    return [
        ("play page", lambda: GameApp("branle_bas", seed=0)),
        ("sail wheel", SailWheel),
        ("move explorer", MoveExplorer),
        ("salvo checker", SalvoChecker),
    ]


@pytest.mark.parametrize("name", [n for n, _ in _clickable_boards()])
def test_a_clickable_board_comes_with_the_style_that_reads_a_press_where_it_lands(
    name: str,
) -> None:
    """ipycanvas focuses a board before reading a press; the board's page carries the style
    that keeps that focus from scrolling, and the script that keeps the wheel, mouse moves
    and touches away from ipycanvas (as a Javascript output: JupyterLab and Voila run those;
    the browser tests check what it does)."""
    from navalkit.render.canvas import BOARD_JS, PRESS_CSS

    make = dict(_clickable_boards())[name]
    widgets = list(widgets_in(make().widget))
    styles = [w for w in widgets if PRESS_CSS in str(getattr(w, "value", ""))]
    assert len(styles) == 1 and styles[0].layout.display == "none", name
    assert "canvas.navalkit-board:active" in PRESS_CSS and "scroll-margin: -" in PRESS_CSS
    scripts = [
        w
        for w in widgets
        for out in getattr(w, "outputs", ())
        if out.get("data", {}).get("application/javascript") == BOARD_JS
    ]
    assert len(scripts) == 1 and scripts[0].layout.display == "none", name
    assert '"wheel"' in BOARD_JS and "stopImmediatePropagation" in BOARD_JS
