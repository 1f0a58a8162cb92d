"""The points-of-sail wheel: turn a heading around the wind rose and watch the movement
allowance change, see why dead upwind is forbidden and how tacking gets there.

A thin widget over :func:`.calc.max_move` and :func:`.calc.tacking`, drawn on a CanvasBoard.
"""

from __future__ import annotations

import html
import math
from fractions import Fraction
from typing import Any

import ipywidgets as w

from navalkit.render import Circle, Line, Polygon, Scene, SceneBuilder, Text, get_theme
from navalkit.render.canvas import CanvasBoard

from .calc import (
    max_move,
    point_of_sail,
    points_off_wind,
    tacking,
)
from .clauses import CLAUSES
from .data import COMPASS, POINT_INDEX, TURN_COST

SIZE, CX, CY, R = 440, 220, 230, 160


def pct(p: Fraction | float) -> str:
    return f"{100 * float(p):.1f}%"


def rule_html(rule_id: str) -> str:
    c = CLAUSES[rule_id]
    return f"<small>[{c.provenance}] {c.id}: {html.escape(c.text)}</small>"


def allowance_on(heading: int, wind_from: int, units: int, speed: int) -> int:
    """The maximum move on ``heading`` (0 when it is dead into the wind)."""
    off = points_off_wind(heading, wind_from)
    return 0 if off == 0 else max_move(units, speed, 45 * off)


class SailWheel:
    """Turn a heading around the wind rose and watch the movement allowance change."""

    def __init__(self, wind_from: str = "N", speed: int = 4, units: int = 3, css_width: int = 440):
        self.heading = w.SelectionSlider(options=COMPASS, value="E", description="Heading:")
        self.port = w.Button(description="↺ one point to port")
        self.starboard = w.Button(description="one point to starboard ↻")
        self.wind = w.Dropdown(options=COMPASS, value=wind_from, description="Wind from:")
        self.speed = w.IntSlider(value=speed, min=1, max=7, description="Wind force:")
        self.units = w.IntSlider(value=units, min=1, max=4, description="Mast units:")
        self.out = w.HTML()
        self.out.add_class("navalkit-description")
        self.previous = POINT_INDEX[self.heading.value]
        self.board = CanvasBoard(SIZE, SIZE, ("board", "overlay"), css_width=css_width)
        self.board.widget.add_class("navalkit-board")
        self.board.on_click(lambda region, x, y: self.click(region))
        self.port.on_click(lambda _b: self.turn(-1))
        self.starboard.on_click(lambda _b: self.turn(+1))
        self.heading.observe(self._moved, "value")
        for box in (self.wind, self.speed, self.units):
            box.observe(lambda _ch: self.refresh(), "value")
        controls = [w.HBox([self.port, self.starboard]), self.heading, self.wind, self.speed]
        self.widget = w.HBox(
            [
                self.board.widget,
                w.VBox([*controls, self.units, self.out], layout=w.Layout(width="460px")),
            ]
        )
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def turn(self, points: int) -> None:
        """Swing the heading ``points`` compass points (positive: clockwise)."""
        self.heading.value = COMPASS[(POINT_INDEX[self.heading.value] + points) % 8]

    def click(self, region: str | None) -> None:
        if region and region.startswith("head:"):
            self.heading.value = region[5:]

    def _moved(self, change: dict[str, Any]) -> None:
        self.previous = POINT_INDEX[change["old"]]
        self.refresh()

    def allowances(self) -> dict[str, int]:
        """Every heading's allowance under the current wind and masts."""
        wind, units, speed = POINT_INDEX[self.wind.value], self.units.value, self.speed.value
        return {COMPASS[h]: allowance_on(h, wind, units, speed) for h in range(8)}

    def scene(self) -> Scene:
        t = get_theme()
        b = SceneBuilder(SIZE, SIZE, ("board", "overlay"), title="Points of sail")
        b.add("board", Circle(CX, CY, R + 18, fill="#ffffff", stroke=t.grid))
        rooms = self.allowances()
        top = max(rooms.values()) or 1
        wind = POINT_INDEX[self.wind.value]
        for h, name in enumerate(COMPASS):
            pts = [(CX, CY)] + [_at(R, 45 * h + d) for d in (-22.5, -11.25, 0, 11.25, 22.5)]
            room = rooms[name]
            fill = t.danger if room == 0 else t.sea
            alpha = 0.35 if room == 0 else 0.25 + 0.6 * room / top
            b.add("board", Polygon(tuple(pts), fill=fill, stroke="#ffffff", alpha=alpha))
            b.polygon_region(f"head:{name}", pts)
            lx, ly = _at(R + 8, 45 * h)
            b.add("board", Text(lx, ly, name, 12, t.text, bold=True))
            tx, ty = _at(R * 0.62, 45 * h)
            label = "in irons" if room == 0 else f"{room} cm"
            b.add("board", Text(tx, ty, label, 11, t.text))
            b.add("board", Text(tx, ty + 13, point_of_sail(h, wind), 9, t.text_muted))
        sx, sy = _at(R + 14, 45 * wind)
        ex, ey = _at(R * 0.3, 45 * wind)
        b.add("overlay", Line(sx, sy, ex, ey, t.danger, 4))
        b.add("overlay", Circle(ex, ey, 6, fill=t.danger))
        b.add(
            "overlay",
            Text(
                CX,
                14,
                f"Wind from {self.wind.value}, force {self.speed.value}",
                13,
                t.text,
                bold=True,
            ),
        )
        here = POINT_INDEX[self.heading.value]
        hx, hy = _at(R * 0.45, 45 * here)
        b.add("overlay", Line(CX, CY, hx, hy, t.selection, 6))
        b.add("overlay", Circle(CX, CY, 8, fill=t.selection))
        return b.build()

    def refresh(self) -> None:
        self.board.show(self.scene())
        self.out.value = self.text()

    def text(self) -> str:
        """The allowance on the chosen heading, how it changed, and why upwind is forbidden."""
        h, before = POINT_INDEX[self.heading.value], self.previous
        wind, units, speed = POINT_INDEX[self.wind.value], self.units.value, self.speed.value
        room, was = allowance_on(h, wind, units, speed), allowance_on(before, wind, units, speed)
        turn = min((h - before) % 8, (before - h) % 8)
        off = points_off_wind(h, wind)
        lines = [
            f"<b>{self.heading.value}</b>: {off * 45}° off the wind, "
            f"<b>{point_of_sail(h, wind)}</b>."
        ]
        if room == 0:
            lines.append(
                f"<span style='color:#b22222'>✋ Dead into the wind: no ship may steer "
                f"{self.heading.value} (AOS-IRONS). Sails cannot draw when the wind blows "
                f"straight at the bow.</span> {rule_html('AOS-IRONS')}"
            )
            lines.append(self.tack_table())
        else:
            mod = {1: -1, 2: +1, 3: +1, 4: 0}[off]
            lines.append(
                f"Allowance: {units} mast unit(s) x ({speed} {mod:+d}) = <b>{room} cm</b> "
                f"(at least 1 cm). {rule_html('AOS-MOVE')}"
            )
        if turn:
            change = (
                "" if was == 0 or room == 0 else f" ({room - was:+d} cm against {COMPASS[before]})"
            )
            lines.append(
                f"From {COMPASS[before]} ({was or 'in irons'}{' cm' if was else ''}) the turn of "
                f"{turn} point(s) costs {TURN_COST * turn} cm{change}."
            )
        return "<br>".join(lines)

    def tack_table(self) -> str:
        """How tacking works up to windward, turn by turn."""
        wind = POINT_INDEX[self.wind.value]
        legs = f"{COMPASS[(wind + 1) % 8]} and {COMPASS[(wind - 1) % 8]}"
        rows = "".join(
            f"<tr><td>{n}</td><td>{tack}</td><td>{cost}</td><td>{cm}</td><td>{made}</td></tr>"
            for n, tack, cost, cm, made in tacking(self.units.value, self.speed.value)
        )
        return (
            f"To get upwind, <b>tack</b>: zig-zag close-hauled on {legs}, swinging 2 points "
            "across the wind (4 cm) each turn.<table><tr><th>turn</th><th>tack</th><th>swing cm"
            f"</th><th>sailed cm</th><th>made good upwind cm</th></tr>{rows}</table>"
        )


def _at(r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return CX + r * math.sin(a), CY - r * math.cos(a)
