"""The ipycanvas adapter: replays Scenes on a MultiCanvas, one canvas per layer, Voila-safe.

Three ipycanvas pitfalls are handled here (see docs JUPYTER_NOTES sections 1 and 7):

* ``hold_canvas`` has no ``try/finally``: :func:`safe_hold` resets the global canvas manager
  when a draw raises, so later draws are not silently buffered forever.
* A page opened after the draw (Voila, reload) starts blank: every ``client_ready`` event
  redraws all layers, re-setting every style attribute, after forgetting the manager's
  current canvas (the ipycanvas#322 reload workaround).
* Only the top canvas of a MultiCanvas gets mouse events, so clicks are read there and mapped
  to a region id with :meth:`Scene.hit <navalkit.render.scene.Scene.hit>`.

Only this module and ``navalkit.widgets`` import ipycanvas.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import ipycanvas  # type: ignore[import-untyped,unused-ignore]
import ipycanvas.canvas as _ipc  # type: ignore[import-untyped,unused-ignore]
from ipywidgets import HTML, Box, HBox, Layout, Output, ToggleButton, VBox  # type: ignore[import-untyped,unused-ignore]

from .geometry import normalize_rect
from .scene import DEFAULT_LAYERS, Circle, Line, Op, Polygon, Rect, Scene, Text
from .text import READING_LINE

ClickCallback = Callable[[str | None, float, float], object]
"""Called as ``callback(region_id_or_None, x, y)`` with canvas pixel coordinates."""


def reset_canvas_manager() -> None:
    """Stop ipycanvas caching, drop cached commands and forget the current canvas.

    Forgetting the current canvas makes the next command re-send ``switchCanvas``, which a
    freshly loaded page needs, and which is also needed after a cache (with its switch) is dropped.
    """
    manager = _ipc._CANVAS_MANAGER
    manager._caching = False
    manager._commands_cache = []
    manager._buffers_cache = []
    manager._current_canvas = None


@contextmanager
def safe_hold() -> Iterator[None]:
    """Like ``ipycanvas.hold_canvas()`` (one message for the whole block) but exception-safe.

    If the block raises, the half-built batch is discarded and the global manager is reset,
    then the exception propagates. Nested inside another hold, a failure drops that outer
    batch too: the outer picture is unknown anyway.
    """
    try:
        with ipycanvas.hold_canvas():
            yield
    except BaseException:
        reset_canvas_manager()
        raise


def _rounded_rect_path(canvas: Any, x: float, y: float, w: float, h: float, r: float) -> None:
    """Trace a rounded rectangle as the current path (ipycanvas has no ``roundRect``)."""
    canvas.begin_path()
    canvas.move_to(x + r, y)
    canvas.arc_to(x + w, y, x + w, y + h, r)
    canvas.arc_to(x + w, y + h, x, y + h, r)
    canvas.arc_to(x, y + h, x, y, r)
    canvas.arc_to(x, y, x + w, y, r)
    canvas.close_path()


def _set_stroke(canvas: Any, stroke: str, line_width: float, dash: Sequence[float] = ()) -> None:
    """Set every stroke attribute explicitly; the frontend context may have lost them."""
    canvas.stroke_style = stroke
    canvas.line_width = line_width
    canvas.set_line_dash(list(dash))


def draw_op(canvas: Any, op: Op) -> None:
    """Replay one op on an ipycanvas ``Canvas``, setting each style attribute it uses first."""
    canvas.global_alpha = op.alpha
    if isinstance(op, Rect):
        x, y, w, h = normalize_rect(op.x, op.y, op.w, op.h)
        radius = min(op.radius, w / 2, h / 2)
        if radius > 0:
            _rounded_rect_path(canvas, x, y, w, h, radius)
            if op.fill is not None:
                canvas.fill_style = op.fill
                canvas.fill()
            if op.stroke is not None:
                _set_stroke(canvas, op.stroke, op.line_width)
                canvas.stroke()
            return
        if op.fill is not None:
            canvas.fill_style = op.fill
            canvas.fill_rect(x, y, w, h)
        if op.stroke is not None:
            _set_stroke(canvas, op.stroke, op.line_width)
            canvas.stroke_rect(x, y, w, h)
    elif isinstance(op, Circle):
        if op.fill is not None:
            canvas.fill_style = op.fill
            canvas.fill_circle(op.cx, op.cy, op.r)
        if op.stroke is not None:
            _set_stroke(canvas, op.stroke, op.line_width)
            canvas.stroke_circle(op.cx, op.cy, op.r)
    elif isinstance(op, Polygon):
        points = [list(p) for p in op.points]
        if op.fill is not None:
            canvas.fill_style = op.fill
            canvas.fill_polygon(points)
        if op.stroke is not None:
            _set_stroke(canvas, op.stroke, op.line_width)
            canvas.stroke_polygon(points)
    elif isinstance(op, Line):
        _set_stroke(canvas, op.stroke, op.line_width, op.dash)
        canvas.stroke_line(op.x1, op.y1, op.x2, op.y2)
    elif isinstance(op, Text):
        canvas.font = f"{'bold ' if op.bold else ''}{op.size:g}px {op.font}"
        canvas.text_align = op.align
        canvas.text_baseline = op.baseline
        if op.halo is not None:  # the outline first, under the letters (round: no spikes)
            _set_stroke(canvas, op.halo, op.halo_width)
            canvas.line_join = "round"
            canvas.stroke_text(op.text, op.x, op.y)
            canvas.line_join = "miter"  # the canvas's own, which the other strokes expect
        canvas.fill_style = op.fill
        canvas.fill_text(op.text, op.x, op.y)
    else:
        raise TypeError(f"not a draw op: {op!r}")


def board_row() -> Layout:
    """The layout of a row holding a board and what goes with it (controls, an answer): it
    wraps on a narrow screen (the controls go under the board instead of being squeezed into
    a strip beside it) and leaves each item its own height."""
    return Layout(flex_flow="row wrap", align_items="flex-start")


def control_row(children: Iterable[Any]) -> Any:
    """A row of controls (lists, sliders, buttons) that wraps on a narrow screen instead of
    squeezing each one (a phone drew the sliders of a row of three as bare dots)."""
    return HBox(list(children), layout=board_row())


#: A press on a board is read where it lands. ipycanvas 0.14 focuses a board on a mouse press
#: before it reads where the press was, and the browser first scrolls a board that is partly
#: off the screen into view: the press was read that many pixels off (a click low on the board
#: took another square). A board being pressed (``:active``) has a scroll margin so far inside
#: it that its focus scrolls nothing; a board focused from the keyboard still scrolls into view.
#: BOARD_JS also focuses the board without scrolling (where it runs: a trusted page).
PRESS_CSS = "canvas.navalkit-board:active { scroll-margin: -100000px; }"

#: Words in a widget at a reading line height. Jupyter's widget styles give a widget's HTML the
#: 28 px line of a row of buttons, to keep it on the baseline of the controls beside it; an
#: HTML on a row of its own (not in a horizontal box) is read, not lined up: a status of two
#: lines, the position in words or a setting's help on a phone stood with a blank line's
#: worth between their lines. Those get text.READING_LINE. The Voila template carries the
#: same rule for every page (tests/test_shipping.py checks it).
PROSE_CSS = (
    f":not(.widget-hbox) > .widget-html > .widget-html-content {{ line-height: {READING_LINE}; }}"
)

#: What shows under a board shrunk to a narrow box only: the switch of a zoomable board that
#: shows it at its drawn size (a phone; a notebook made narrow by JupyterLab's side bars). The
#: box of such a board is a CSS container (``navalkit-zoomable``), so the switch goes by the
#: width the board is given, not the window's: it hides in a box 701 px wide or more, and in
#: one as wide as the board as drawn (see zoom_css; there the switch would change nothing). A
#: browser without container queries (before 2023) hides it by the window's width instead.
NARROW_CSS = (
    ".navalkit-zoomable { container-type: inline-size; }"
    " @container (min-width: 701px) { .navalkit-narrow-only { display: none !important; } }"
    " @supports not (container-type: inline-size) {"
    " @media (min-width: 701px) { .navalkit-narrow-only { display: none !important; } } }"
)


def zoom_css(width_px: int) -> str:
    """The rule that hides the zoom switch of a board ``width_px`` wide unshrunk (its class:
    ``navalkit-zoom-<width_px>``) in a box wide enough to show it whole."""
    return (
        f"@container (min-width: {width_px}px) {{ .navalkit-zoom-{width_px}"
        " { display: none !important; } }"
    )


#: what a screen reader says of a clickable board as it is focused (BOARD_JS names each one; a
#: canvas has no words of its own): how to play it from the keyboard, and where its words are
BOARD_NAME = (
    "Game board: the arrow keys move a cursor and say what is under it, Enter or Space "
    "clicks there, Escape cancels a move; the position in words is under the board"
)
#: What ipycanvas 0.14's own browser code does on a board gets in a student's way, so the page
#: keeps it off the boards (navalkit reads a press, ``mouse_down``, and nothing else):
#:
#: - it focuses the board on a press before reading where the press was; focusing a board that
#:   is not wholly on the screen scrolls it into view, and the press is read that many pixels
#:   off (a ship low on the board missed, the sea above it taken). Focusing it first, without
#:   scrolling, makes that focus a no-op (PRESS_CSS does the same by style);
#: - it cancels every touch on the board, so a tap never becomes a press (a board on a phone
#:   or a touch screen did not answer) and a finger on it cannot scroll the page;
#: - it cancels the mouse wheel over the board, so the page does not scroll under the pointer;
#: - it sends every mouse move, wheel turn and touch to the kernel, which reads none of them
#:   (a class of 30 moving their mice is a stream of messages for nothing).
#:
#: The press itself (a mouse press, also made from a tap) still reaches ipycanvas. Every board's
#: box carries this script (see board_style), in JupyterLab as in Voila; it sets its listeners
#: once a page, on the document (where they come before the board's own), and gives each board
#: its name for a screen reader (BOARD_NAME), at once and every second (a board drawn later).
BOARD_JS = """(function () {
  if (window.navalkitBoards) return;
  window.navalkitBoards = true;
  const isBoard = function (e) {
    return e.target instanceof Element && e.target.matches("canvas.navalkit-board");
  };
  document.addEventListener("mousedown", function (e) {
    if (isBoard(e) && document.activeElement !== e.target) e.target.focus({ preventScroll: true });
  }, true);
  ["mousemove", "mouseup", "mouseout", "wheel", "touchstart", "touchmove", "touchend",
   "touchcancel"].forEach(function (type) {
    document.addEventListener(type, function (e) {
      if (isBoard(e)) e.stopImmediatePropagation();
    }, { capture: true, passive: true });
  });
  const name = function () {
    document.querySelectorAll("canvas.navalkit-board:not([aria-label])").forEach(function (c) {
      c.setAttribute("aria-label", BOARD_NAME);
    });
  };
  name();
  setInterval(name, 1000);
})();""".replace("BOARD_NAME", json.dumps(BOARD_NAME))


def board_style(*extra: str) -> Any:
    """A hidden widget carrying :data:`PRESS_CSS`, :data:`NARROW_CSS`, :data:`PROSE_CSS`, the
    ``extra`` rules and :data:`BOARD_JS`, for a clickable board's page, in JupyterLab as in
    Voila. The box of a :meth:`CanvasBoard.fluid` or :meth:`CanvasBoard.framed` board carries
    its own (every page places its boards so); put one beside a board placed bare."""
    css = " ".join((PRESS_CSS, NARROW_CSS, PROSE_CSS, *extra))
    # the script is a Javascript output of an Output widget: JupyterLab and Voila run those (a
    # widget's HTML never runs its scripts), and no template of ours runs in JupyterLab
    script = Output(layout=Layout(display="none"))
    script.add_class("navalkit-board-script")  # its output is empty: it draws nothing
    script.outputs = (
        {
            "output_type": "display_data",
            "data": {"application/javascript": BOARD_JS},
            "metadata": {},
        },
    )
    style = HTML(f"<style>{css}</style>", layout=Layout(display="none"))
    return VBox([style, script], layout=Layout(display="none"))


class ZoomSwitch:
    """The *Bigger board* switch under a board or a picture that had to shrink into a narrow
    box: it shows ``widget`` at its drawn size (``drawn_px``), its words as drawn and its
    pieces big enough to tap, in a frame the finger scrolls sideways; pressed again, fitted to
    its box. The switch shows only under a box narrower than 701 px and than ``shown`` px (the
    narrowest the widget is made on a screen that has room: its drawn width, or the share of it
    a fluid board may shrink to for a low window; see NARROW_CSS and zoom_css). ``box`` holds
    the widget's frame, the switch and the page's board style (board_style), laid out by
    ``layout``."""

    #: the switch's words, off and on (off, it says what it is for: a phone's student did not
    #: know the board's words, some 4 px high, could be read this way)
    WORDS = ("Bigger board, to read and tap it", "Board to fit the screen")

    #: the switch's tooltip under a board a student plays on
    TIP = "Show the board at its full size, to read it and tap it; scroll it sideways"

    def __init__(
        self,
        widget: Any,
        shown: int,
        drawn_px: int,
        layout: Layout,
        tooltip: str = TIP,
        shows: tuple[str, ...] | None = None,
    ) -> None:
        """``shows``: the classes that say where the switch shows (default: in a box narrower
        than 701 px and than ``shown``; see the class docstring)."""
        self.widget = widget
        self._drawn_px = drawn_px
        #: the widget's layout width and largest width, fitted to its box (zoom off)
        self._fitted = (widget.layout.width, widget.layout.max_width)
        self.button = ToggleButton(
            description=self.WORDS[0],
            icon="search-plus",
            tooltip=tooltip,
            layout=Layout(width="auto"),
        )
        for name in ("navalkit-narrow-only", f"navalkit-zoom-{shown}") if shows is None else shows:
            self.button.add_class(name)
        self.button.observe(lambda change: self._lay_out(bool(change["new"])), "value")
        frame = Box([widget], layout=Layout(width="100%"))
        self.box = VBox([frame, self.button, board_style(zoom_css(shown))], layout=layout)
        self.box.add_class("navalkit-zoomable")

    @property
    def on(self) -> bool:
        """Whether the widget shows at its drawn size."""
        return bool(self.button.value)

    @on.setter
    def on(self, on: bool) -> None:
        self.button.value = on  # its observer lays the widget out

    @property
    def drawn_px(self) -> int:
        return self._drawn_px

    @drawn_px.setter
    def drawn_px(self, px: int) -> None:
        """A new drawn width (a board whose scene changed size), shown at once if zoomed."""
        self._drawn_px = px
        if self.on:
            self.widget.layout.width = f"{px}px"

    def _lay_out(self, on: bool) -> None:
        """The widget's size and the switch's words for the zoom ``on`` or off."""
        layout = self.widget.layout
        if on:
            layout.width, layout.max_width, layout.flex = f"{self._drawn_px}px", "none", "none"
        else:
            (layout.width, layout.max_width), layout.flex = self._fitted, None
        self.button.description = self.WORDS[on]
        self.button.icon = "search-minus" if on else "search-plus"


class CanvasBoard:
    """A MultiCanvas showing Scenes: one canvas per layer, redrawing only layers that changed.

    ``css_width`` sets the displayed width in CSS pixels (default: the pixel width); the
    pixel buffer stays at the scene size, so a larger scene gives a sharp HiDPI board.
    With ``eager=False``, nothing is drawn before the first ``client_ready`` event.
    """

    def __init__(
        self,
        width: int,
        height: int,
        layers: Sequence[str] = DEFAULT_LAYERS,
        *,
        css_width: int | None = None,
        eager: bool = True,
    ) -> None:
        names = tuple(layers)
        if not names or len(set(names)) != len(names):
            raise ValueError(f"a CanvasBoard needs distinct layer names, got {names}")
        self.layer_names: tuple[str, ...] = names
        self.eager = eager
        self.widget: Any = ipycanvas.MultiCanvas(
            n_canvases=len(names),
            width=width,
            height=height,
            # never wider than its box (a phone), never stretched by a row beside it: a board
            # keeps its shape (a row's default would pull it as tall as its neighbour)
            layout=Layout(
                width=f"{css_width or width}px",
                max_width="100%",
                height="auto",
                align_self="flex-start",
            ),
        )
        # every board is a navalkit board: the press style (PRESS_CSS), Voila's template and
        # the browser tests find it by this class
        self.widget.add_class("navalkit-board")
        #: the width it is shown at, in CSS pixels (see set_css_width; a fluid board's varies)
        self.css_width = css_width or width
        self._canvases: dict[str, Any] = {n: self.widget[i] for i, n in enumerate(names)}
        # What each frontend canvas shows; None means unknown (never drawn, or a draw failed).
        self._drawn: dict[str, tuple[Op, ...] | None] = dict.fromkeys(names)
        self._click_callbacks: list[ClickCallback] = []
        self.scene: Scene | None = None
        self.client_ready = False
        self.client_ready_count = 0
        #: a fluid or framed board's zoom switch (see fluid)
        self._zoom: ZoomSwitch | None = None
        self.redraw_count: dict[str, int] = dict.fromkeys(names, 0)
        self.last_drawn: tuple[str, ...] = ()
        self.widget.on_client_ready(self._on_client_ready)
        self.widget.on_mouse_down(self._on_mouse_down)
        # ipycanvas cancels touches, so a tap makes no mouse press: one finger put down is the
        # press. BOARD_JS lets a tap through as a mouse press instead, so this comes only where
        # it did not run (an untrusted notebook's saved output)
        self.widget.on_touch_start(self._on_touch_start)

    def canvas(self, layer: str) -> Any:
        """The ipycanvas ``Canvas`` drawing ``layer``."""
        return self._canvases[layer]

    def fluid(
        self,
        *,
        reserve_px: int = 170,
        largest: float = 1.5,
        smallest: float = 1.0,
        start_px: int | None = None,
    ) -> Any:
        """A box that lets the board scale with the page, keeping its shape. The board is as
        large as fits the window's height less ``reserve_px`` (the page's title and status)
        and the space beside it, between ``smallest`` and ``largest`` times its drawn size (its
        text as drawn, 11 px and more, at 1): a window too low for it shrinks it no further
        than ``smallest``; only a window narrower than that (a phone) shrinks it more, to the
        window's width. Browser zoom enlarges it like the text around it. Place the box, not
        the board, in a row that wraps (a side panel then goes under the board rather than
        squeezing it) and does not stretch its items (``align_items="flex-start"``). With
        ``start_px``, the board starts no wider than that in its row and grows into the room
        its side panel leaves: a panel that would not fit beside the drawn board on a school
        laptop's screen (1366 px) stays beside it. The zoom switch under it shows only where
        the board shrank below ``smallest`` (a phone, a narrow notebook): on a laptop that
        shrank it to fit the window's height, the board is as large as it was made to be
        small, and the switch stood half below the screen's bottom edge."""
        width, height = self.widget.width, self.widget.height
        self.widget.layout.width = "100%"
        self.widget.layout.height = "auto"
        fits = f"calc((100vh - {reserve_px}px) * {width / height:.4f})"
        cap = f"max({round(smallest * width)}px, min({round(largest * width)}px, {fits}))"
        return self._zoomable(
            round(smallest * width),
            Layout(flex=f"1 1 {min(width, start_px or width)}px", min_width="260px", max_width=cap),
        )

    def framed(self) -> Any:
        """The board at its own size (``css_width``) in a box no wider than the page (a
        lesson's board, beside its controls). Where the page is narrower than that (a phone),
        the zoom switch under it shows the board at its drawn size, as :meth:`fluid` does."""
        shown = self.css_width
        return self._zoomable(shown, Layout(width=f"{shown}px", max_width="100%"))

    def _zoomable(self, shown: int, layout: Layout) -> Any:
        """The box of a board, laid out by ``layout``, with its zoom switch (see ZoomSwitch;
        it hides in a box ``shown`` px wide or more):
        on a phone the board fits the screen's width, Far Seas' map at a quarter of its size,
        its ships a few pixels wide; the switch shows it at its drawn size instead."""
        self._zoom = ZoomSwitch(self.widget, shown, self.widget.width, layout)
        return self._zoom.box

    @property
    def zoom_button(self) -> Any:
        """A fluid or framed board's zoom switch, the button (None for a board placed bare)."""
        return None if self._zoom is None else self._zoom.button

    @property
    def zoomed(self) -> bool:
        """Whether a fluid or framed board shows its drawn size (its zoom switch is on)."""
        return self._zoom is not None and self._zoom.on

    def zoom(self, on: bool) -> None:
        """Show a :meth:`fluid` or :meth:`framed` board at its drawn size, in a frame that
        scrolls (its words as drawn, its pieces big enough to tap, on a phone), or (``on``
        False) fitted to the page again: what the zoom switch under the board does (this turns
        the switch)."""
        if self._zoom is None:
            raise ValueError("only a fluid or framed board (see CanvasBoard.fluid) zooms")
        self._zoom.on = on

    def set_css_width(self, css_width: int) -> None:
        """Change the displayed width (CSS pixels), keeping the pixel buffer and aspect ratio."""
        self.css_width = css_width
        self.widget.layout.width = f"{css_width}px"
        self.widget.layout.height = "auto"

    def show(self, scene: Scene) -> tuple[str, ...]:
        """Remember ``scene`` and redraw the layers whose ops differ from what was drawn.

        Returns the names of the layers redrawn. Draws at once (JupyterLab may already be
        connected); the ``client_ready`` redraw is what makes a late page (Voila) show it.
        """
        unknown = [n for n in scene.layer_names if n not in self._canvases]
        if unknown:
            raise ValueError(
                f"scene layers {unknown} are not board layers {list(self.layer_names)}"
            )
        force = False
        if (scene.width, scene.height) != (self.widget.width, self.widget.height):
            self.widget.width, self.widget.height = scene.width, scene.height
            force = True  # resizing a canvas wipes it in the browser
            if self._zoom is not None:
                self._zoom.drawn_px = scene.width
        self.scene = scene
        if not self.eager and not self.client_ready:
            if force:
                self._drawn = dict.fromkeys(self.layer_names)
            self.last_drawn = ()
            return ()
        return self._draw(force=force)

    def redraw(self) -> tuple[str, ...]:
        """Redraw every layer of the last scene (nothing if no scene was shown yet)."""
        return self._draw(force=True)

    def on_click(self, callback: ClickCallback, *, remove: bool = False) -> None:
        """Call ``callback(region_id_or_None, x, y)`` on each mouse press on the board. Place
        the board by :meth:`fluid` or :meth:`framed`, whose box carries :func:`board_style`
        (or put that beside a board placed bare), so that a press is read where it lands."""
        if remove:
            self._click_callbacks.remove(callback)
        else:
            self._click_callbacks.append(callback)

    def _ops(self, scene: Scene, name: str) -> tuple[Op, ...]:
        """The ops of layer ``name``; a board layer missing from the scene is drawn empty."""
        for layer in scene.layers:
            if layer.name == name:
                return layer.ops
        return ()

    def _draw(self, *, force: bool) -> tuple[str, ...]:
        """Redraw the changed (or, if ``force``, all) layers in one exception-safe batch."""
        scene = self.scene
        if scene is None:
            self.last_drawn = ()
            return ()
        wanted = {name: self._ops(scene, name) for name in self.layer_names}
        todo = tuple(
            name
            for name in self.layer_names
            if force or self._drawn[name] is None or self._drawn[name] != wanted[name]
        )
        if todo:
            try:
                with safe_hold():
                    for name in todo:
                        canvas = self._canvases[name]
                        canvas.clear()
                        for op in wanted[name]:
                            draw_op(canvas, op)
            except BaseException:
                self._drawn = dict.fromkeys(self.layer_names)
                raise
            for name in todo:
                self._drawn[name] = wanted[name]
                self.redraw_count[name] += 1
        self.last_drawn = todo
        return todo

    def _on_client_ready(self) -> None:
        """A page just connected with blank canvases: resync the manager and redraw it all."""
        self.client_ready = True
        self.client_ready_count += 1
        _ipc._CANVAS_MANAGER._current_canvas = None
        self._draw(force=True)

    def _on_mouse_down(self, x: float, y: float) -> None:
        """Map a press on the top canvas to a region id and tell the click callbacks."""
        region = self.scene.hit(x, y) if self.scene is not None else None
        for callback in list(self._click_callbacks):
            callback(region, x, y)

    def _on_touch_start(self, touches: list[tuple[float, float]]) -> None:
        """One finger put down on the board is a press there (two or more: a pinch, not a
        move)."""
        if len(touches) == 1:
            self._on_mouse_down(*touches[0])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Display as the underlying MultiCanvas widget."""
        return self.widget._repr_mimebundle_(**kwargs)
