"""The SVG adapter: a Scene as a standalone, deterministic SVG document.

Used for ``_repr_svg_`` in notebooks, static docs and golden-file tests, so the output must be
byte-for-byte stable: fixed attribute order, compact number formatting, one element per line.
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path

from .geometry import normalize_rect
from .scene import Circle, Layer, Line, Op, Polygon, Rect, Scene, Text

SVG_NS = "http://www.w3.org/2000/svg"

_ANCHOR = {"left": "start", "center": "middle", "right": "end"}
# Canvas baselines mapped to the SVG dominant-baseline that puts the text in the same place.
_BASELINE = {
    "top": "text-before-edge",
    "middle": "central",
    "bottom": "text-after-edge",
    "alphabetic": "alphabetic",
}
# Characters XML 1.0 forbids outright; dropped so the document always parses.
_BAD_XML_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def fmt(value: float) -> str:
    """Format a number compactly and stably: at most two decimals, no trailing zeros, no ``-0``."""
    if not math.isfinite(value):
        raise ValueError(f"cannot write the non-finite number {value!r} into SVG")
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def escape(text: str) -> str:
    """Escape text for XML content or a double-quoted attribute."""
    text = _BAD_XML_CHARS.sub("", text)
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _attrs(pairs: list[tuple[str, str | None]]) -> str:
    """Render attributes in the given order, skipping ``None`` values."""
    return "".join(f' {name}="{escape(value)}"' for name, value in pairs if value is not None)


def _paint(
    fill: str | None, stroke: str | None, line_width: float, alpha: float
) -> list[tuple[str, str | None]]:
    """Fill, stroke and opacity attributes shared by the shapes."""
    pairs: list[tuple[str, str | None]] = [("fill", fill if fill is not None else "none")]
    if stroke is not None:
        pairs += [("stroke", stroke), ("stroke-width", fmt(line_width))]
    if alpha != 1.0:
        pairs.append(("opacity", fmt(alpha)))
    return pairs


def op_to_svg(op: Op) -> str:
    """One draw op as one SVG element."""
    if isinstance(op, Rect):
        x, y, w, h = normalize_rect(op.x, op.y, op.w, op.h)
        pairs: list[tuple[str, str | None]] = [
            ("x", fmt(x)),
            ("y", fmt(y)),
            ("width", fmt(w)),
            ("height", fmt(h)),
        ]
        if op.radius > 0:
            r = fmt(min(op.radius, w / 2, h / 2))
            pairs += [("rx", r), ("ry", r)]
        pairs += _paint(op.fill, op.stroke, op.line_width, op.alpha)
        return f"<rect{_attrs(pairs)}/>"
    if isinstance(op, Circle):
        pairs = [("cx", fmt(op.cx)), ("cy", fmt(op.cy)), ("r", fmt(op.r))]
        pairs += _paint(op.fill, op.stroke, op.line_width, op.alpha)
        return f"<circle{_attrs(pairs)}/>"
    if isinstance(op, Polygon):
        points = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in op.points)
        pairs = [("points", points), *_paint(op.fill, op.stroke, op.line_width, op.alpha)]
        return f"<polygon{_attrs(pairs)}/>"
    if isinstance(op, Line):
        pairs = [
            ("x1", fmt(op.x1)),
            ("y1", fmt(op.y1)),
            ("x2", fmt(op.x2)),
            ("y2", fmt(op.y2)),
            ("stroke", op.stroke),
            ("stroke-width", fmt(op.line_width)),
        ]
        if op.dash:
            pairs.append(("stroke-dasharray", " ".join(fmt(d) for d in op.dash)))
        if op.alpha != 1.0:
            pairs.append(("opacity", fmt(op.alpha)))
        return f"<line{_attrs(pairs)}/>"
    if isinstance(op, Text):
        pairs = [
            ("x", fmt(op.x)),
            ("y", fmt(op.y)),
            ("font-family", op.font),
            ("font-size", fmt(op.size)),
            ("font-weight", "bold" if op.bold else None),
            ("text-anchor", _ANCHOR[op.align]),
            ("dominant-baseline", _BASELINE[op.baseline]),
            ("fill", op.fill),
            ("opacity", fmt(op.alpha) if op.alpha != 1.0 else None),
        ]
        if op.halo is not None:  # the outline painted first, under the letters' fill
            pairs += [
                ("stroke", op.halo),
                ("stroke-width", fmt(op.halo_width)),
                ("stroke-linejoin", "round"),
                ("paint-order", "stroke"),
            ]
        return f"<text{_attrs(pairs)}>{escape(op.text)}</text>"
    raise TypeError(f"not a draw op: {op!r}")


def layer_to_svg(layer: Layer) -> list[str]:
    """A layer as an SVG group ``<g id="layer-NAME">`` holding its ops in order."""
    head = f'<g id="layer-{escape(layer.name)}">'
    if not layer.ops:
        return [head[:-1] + "/>"]
    return [head, *(f"  {op_to_svg(op)}" for op in layer.ops), "</g>"]


def scene_to_svg(scene: Scene, *, fluid: bool = False) -> str:
    """The Scene as a standalone SVG document (newline-terminated, deterministic). A
    ``fluid`` picture is as wide as its box and keeps its shape (put it in a box no wider
    than the scene): on a phone it shrinks to the screen instead of being cut off."""
    w, h = fmt(scene.width), fmt(scene.height)
    size = (
        [("width", "100%"), ("style", "height:auto;display:block")]
        if fluid
        else [("width", w), ("height", h)]
    )
    root = _attrs([("xmlns", SVG_NS), *size, ("viewBox", f"0 0 {w} {h}"), ("role", "img")])
    lines = [f"<svg{root}>"]
    if scene.title:
        lines.append(f"<title>{escape(scene.title)}</title>")
    if scene.description:
        lines.append(f"<desc>{escape(scene.description)}</desc>")
    for layer in scene.layers:
        lines.extend(layer_to_svg(layer))
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def save_svg(scene: Scene, path: str | os.PathLike[str]) -> Path:
    """Write the Scene to ``path`` as UTF-8 SVG and return the path written."""
    target = Path(path)
    target.write_text(scene_to_svg(scene), encoding="utf-8", newline="\n")
    return target
