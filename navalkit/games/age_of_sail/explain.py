"""Age of Sail explainers: a points-of-sail wheel, hit chances by range and aim, the fire and
explosion risk, and a boarding odds calculator.

Each is a thin ipywidgets/ipycanvas front over the pure calculators of :mod:`.calc`; the
fire and boarding explainers also run a seeded simulation through the engine (below).
"""

from __future__ import annotations

import html
import io
import math
import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import ipywidgets as w
from matplotlib.figure import Figure

from navalkit.core.config import value_words
from navalkit.core.words import plural
from navalkit.render import Circle, Line, Polygon, Scene, SceneBuilder, Text, get_theme
from navalkit.render.canvas import CanvasBoard, board_row, control_row
from navalkit.widgets.lesson import frame_html, number_box, rule_note_html, stale_hint, working

from . import rules
from .actions import Board, Fire
from .clauses import CLAUSES
from .config import Config
from .data import COMPASS, POINT_INDEX, RANGE_BANDS, TURN_COST
from .mechanics import sequence
from .mechanics.combat import (
    arc_side,
    boarding_chances,
    catch_chance,
    fire_chance,
    fire_fate,
    hit_chance,
    hit_number,
    relative_bearing,
    volley_odds,
)
from .mechanics.wind import max_move, point_of_sail, points_off_wind, tacking, wind_line
from .state import COMBAT, EXPLODED, State

__all__ = ["BoardingOdds", "BroadsideArcs", "FireRisk", "HitChances", "SailWheel"]


#: slider labels shown whole (the default cuts them at about 10 letters)
WIDE = {"description_width": "initial"}


# --- The points-of-sail wheel: turn a heading around the wind rose and watch the movement

SIZE, CX, CY, R = 440, 220, 230, 160
#: how far from the centre a sector's words stand, and where the wind's arrow (coming in from
#: the rim) and the heading's arrow (going out from the centre) stop: either side of the words
LABEL_R, WIND_TIP, HEAD_TIP = 0.64 * R, 0.84 * R, 0.4 * R


def pct(p: Fraction | float) -> str:
    return f"{100 * float(p):.1f}%"


def rule_html(rule_id: str) -> str:
    """A rule's words under an explainer, by its title; its id after it in brackets, as the
    lesson names rules: 'Rule “Fighting the fire” (AOS-FIRE-OUT): In the next round...'."""
    return rule_note_html(CLAUSES[rule_id])


def allowance_on(heading: int, wind_from: int, units: int, speed: int) -> int:
    """The maximum move on ``heading`` (0 when it is dead into the wind)."""
    off = points_off_wind(heading, wind_from)
    return 0 if off == 0 else max_move(units, speed, 45 * off)


#: the width of the sail wheel's wind list: its description (80 px), the longest option
#: ("NW (blowing north-west, from the south-east)", 13 px) and the list's arrow
WIND_LIST_WIDTH = 460
#: px: the narrowest the list itself may be beside its description: the longest wind (262 px
#: in 13 px Arial) with the list's padding (8 px), arrow (20 px) and a little room for a wider
#: font. Where the description and so much list do not fit side by side (a phone's 340 px
#: column), the list goes under its description, as wide as the column: beside it, 250 px of
#: list cut "NW (blowing north-west, from the south-east)" to "...from the sou"
WIND_SELECT_MIN = 300
WIND_LIST_CLASS = "navalkit-wind-list"
WIND_LIST_CSS = (
    f".{WIND_LIST_CLASS} {{ flex-wrap: wrap; height: auto; }}"
    f" .{WIND_LIST_CLASS} > select {{ flex: 1 1 {WIND_SELECT_MIN}px; min-width: 0;"
    " height: var(--jp-widgets-inline-height, 28px); }"
)


class SailWheel:
    """Turn a heading around the wind rose and watch the movement allowance change."""

    def __init__(self, wind_from: str = "N", speed: int = 4, units: int = 3, css_width: int = 440):
        self.heading = w.SelectionSlider(options=COMPASS, value="E", description="Heading:")
        # as wide as their words (the default width cut "one point to starboard" on a phone)
        self.port = w.Button(description="↺ one point to port", layout=w.Layout(width="auto"))
        self.starboard = w.Button(
            description="one point to starboard ↻", layout=w.Layout(width="auto")
        )
        # the value is the point the wind comes from; the label names it as the play page's
        # settings do (by default the way it blows) and says both ways (AOS-WIND-REF)
        winds = [(wind_line(i), name) for i, name in enumerate(COMPASS)]
        # as wide as its longest option (340 px cut "from the north-west" off on a laptop);
        # on a phone as wide as the column, under its description (WIND_LIST_CSS); "auto":
        # the column's width less the list's margins ("100%" overflowed the column by them)
        self.wind = w.Dropdown(
            options=winds,
            value=wind_from,
            description="Wind:",
            layout=w.Layout(width="auto", max_width=f"{WIND_LIST_WIDTH}px"),
        )
        self.wind.add_class(WIND_LIST_CLASS)
        self.speed = w.IntSlider(value=speed, min=1, max=7, description="Wind force:")
        self.units = w.IntSlider(value=units, min=1, max=4, description="Mast units:")
        self.out = w.HTML()
        self.out.add_class("navalkit-description")
        self.previous = POINT_INDEX[self.heading.value]
        self.board = CanvasBoard(SIZE, SIZE, ("board", "overlay"), css_width=css_width)
        self.board.on_click(lambda region, x, y: self.click(region))
        self.port.on_click(lambda _b: self.turn(-1))
        self.starboard.on_click(lambda _b: self.turn(+1))
        self.heading.observe(self._moved, "value")
        for box in (self.wind, self.speed, self.units):
            box.observe(lambda _ch: self.refresh(), "value")
        controls = [control_row([self.port, self.starboard]), self.heading, self.wind, self.speed]
        self.widget = w.HBox(
            [
                self.board.framed(),
                w.VBox(
                    [
                        w.HTML(f"<style>{WIND_LIST_CSS}</style>", layout=w.Layout(display="none")),
                        *controls,
                        self.units,
                        self.out,
                    ],
                    layout=w.Layout(width="460px", max_width="100%"),
                ),
            ],
            layout=board_row(),
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
        """The wheel: eight sectors, each with its move and its point of sail written once,
        half-way out; the compass letters round the rim; the wind as a red arrow pointing in
        from the rim of the sector it comes from, and the heading as a short orange arrow
        from the centre. No line or arrow crosses a word at any wind or heading (the labels
        stand between the two arrows' ends)."""
        t = get_theme()
        b = SceneBuilder(SIZE, SIZE, ("board", "overlay"), title="Points of sail")
        b.add("board", Circle(CX, CY, R + 26, fill="#ffffff", stroke=t.grid))
        rooms = self.allowances()
        top = max(rooms.values()) or 1
        wind = POINT_INDEX[self.wind.value]
        for h, name in enumerate(COMPASS):  # every sector first: none paints over a label
            pts = [(CX, CY)] + [_at(R, 45 * h + d) for d in (-22.5, -11.25, 0, 11.25, 22.5)]
            room = rooms[name]
            fill = t.danger if room == 0 else t.sea
            alpha = 0.35 if room == 0 else 0.25 + 0.6 * room / top
            b.add("board", Polygon(tuple(pts), fill=fill, stroke="#ffffff", alpha=alpha))
            b.polygon_region(f"head:{name}", pts)
        for h, name in enumerate(COMPASS):
            lx, ly = _at(R + 13, 45 * h)  # clear of the rim at NE, SE, SW, NW
            b.add("board", Text(lx, ly, name, 12, t.text, bold=True))
            tx, ty = _at(LABEL_R, 45 * h)
            # the move, then the point of sail under it: "0 cm" over "in irons" upwind
            b.add("board", Text(tx, ty - 7, f"{rooms[name]} cm", 12, t.text, bold=True))
            b.add("board", Text(tx, ty + 8, point_of_sail(h, wind), 11, t.text))
        # the wind: an arrow from the rim towards the centre, stopping short of the label
        (sx, sy), (ex, ey) = _at(R - 3, 45 * wind), _at(WIND_TIP + 12, 45 * wind)
        b.add("overlay", Line(sx, sy, ex, ey, t.danger, 4))
        b.add("overlay", Polygon(_arrowhead(WIND_TIP, 45 * wind, inward=True), fill=t.danger))
        b.add(
            "overlay",
            Text(
                CX,
                14,
                f"Wind {wind_line(POINT_INDEX[self.wind.value])}, force {self.speed.value}",
                13,
                t.text,
                bold=True,
            ),
        )
        here = POINT_INDEX[self.heading.value]
        hx, hy = _at(HEAD_TIP - 10, 45 * here)
        b.add("overlay", Line(CX, CY, hx, hy, t.selection, 6))
        b.add("overlay", Polygon(_arrowhead(HEAD_TIP, 45 * here, inward=False), fill=t.selection))
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
                "<span style='color:#b22222'><b>Not allowed:</b> dead into the wind, "
                f"no ship may steer {self.heading.value}. Sails cannot draw when the wind "
                "blows straight at the bow.</span> "
                f"{rule_html('AOS-IRONS')}"  # the rule itself, with its id: no second citation
            )
            lines.append(self.tack_table())
        else:
            mod = {1: "− 1 close-hauled", 2: "+ 1 on a beam reach", 3: "+ 1 on a broad reach"}
            lines.append(
                f"Her move: {plural(units, 'mast unit')} × (wind force {speed} "
                f"{mod.get(off, '+ 0 running')}) = <b>{room} cm</b>, never less than 1 cm. "
                f"{rule_html('AOS-MOVE')}"
            )
        if turn and room:
            cost = TURN_COST * turn
            had = f"{was} cm" if was else "no move at all: in irons"
            left = (
                f"she has {room} − {cost} = <b>{room - cost} cm</b> left to sail"
                if room >= cost
                else f"that is more than her {room} cm, so she cannot turn that far in one move"
            )
            lines.append(
                f"Coming round from {COMPASS[before]} (where she had {had}) is a turn of "
                f"{plural(turn, 'point')}, and each point turned costs {TURN_COST} cm: {left}."
            )
        return "<br>".join(lines)

    def tack_table(self) -> str:
        """How tacking works up to windward, turn by turn: a lesson's table (spaced columns,
        a block of lines a row on a phone), its distances rounded to a tenth of a cm, its
        headings in plain words (a sailor's "made good" meant nothing to a student)."""
        import pandas as pd

        wind = POINT_INDEX[self.wind.value]
        legs = f"{COMPASS[(wind + 1) % 8]} and {COMPASS[(wind - 1) % 8]}"
        rows = pd.DataFrame(
            [
                {
                    "turn": n,
                    "tack (the side the wind comes from)": tack,
                    "turning costs (cm)": cost,
                    "then she sails (cm)": cm,
                    "gained upwind so far (cm)": round(made, 1),
                }
                for n, tack, cost, cm, made in tacking(self.units.value, self.speed.value)
            ]
        )
        return (
            f"To get upwind, <b>tack</b>: zig-zag close-hauled on {legs}, swinging 2 points "
            "across the wind (4 cm) each turn." + frame_html(rows, digits=1)
        )


def _at(r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return CX + r * math.sin(a), CY - r * math.cos(a)


def _arrowhead(tip: float, degrees: float, inward: bool) -> tuple[tuple[float, float], ...]:
    """A triangle with its point ``tip`` pixels from the centre on the bearing ``degrees``,
    pointing to the centre (``inward``) or away from it, 12 pixels long and 14 wide."""
    base = tip + 12 if inward else tip - 12
    a = math.radians(degrees)
    bx, by = _at(base, degrees)
    side = (7 * math.cos(a), 7 * math.sin(a))
    return (_at(tip, degrees), (bx + side[0], by + side[1]), (bx - side[0], by - side[1]))


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80)
    return buf.getvalue()


class HitChances:
    """The hit table by range band and aim, the odds of a broadside, and a plot."""

    def __init__(self, range_cm: float = 6.0, aim: str = "hull", decks: int = 3) -> None:
        self.range = w.FloatSlider(
            value=range_cm,
            min=0.5,
            max=14,
            step=0.5,
            description="Range cm:",
            style=WIDE,
            readout_format=".1f",
        )
        self.aim = w.ToggleButtons(options=["hull", "sails"], value=aim, description="Aim:")
        self.decks = w.IntSlider(value=decks, min=1, max=3, description="Gun decks:")
        self.table = w.HTML(self.band_table())
        self.out = w.HTML()
        self.out.add_class("navalkit-description")
        self.image = w.Image(format="png", layout=w.Layout(max_width="440px"))
        self.figure = Figure(figsize=(5.5, 3))
        for box in (self.range, self.aim, self.decks):
            box.observe(lambda _ch: self.refresh(), "value")
        self.widget = w.VBox(
            [control_row([self.range, self.aim, self.decks]), self.table, self.out, self.image]
        )
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @staticmethod
    def band_table() -> str:
        """The hit table by range band, with air between its columns ("3+ (66.7%)4+ (50.0%)"
        ran together without it)."""
        pad = "style='padding:2px 12px 2px 0;text-align:left'"
        rows, low = [], 0.0
        for edge, hull, sails in RANGE_BANDS:
            rows.append(
                f"<tr><td {pad}>{low:g}–{edge:g} cm</td><td {pad}>{hull}+ "
                f"({pct(Fraction(7 - hull, 6))})</td><td {pad}>{sails}+ "
                f"({pct(Fraction(7 - sails, 6))})</td></tr>"
            )
            low = edge
        return (
            f"<table style='border-collapse:collapse'><tr><th {pad}>range</th><th {pad}>hull"
            f"</th><th {pad}>sails</th></tr>"
            + "".join(rows)
            + f"<tr><td {pad}>beyond 12 cm</td><td {pad}>—</td><td {pad}>—</td></tr></table>"
            + rule_html("AOS-RANGE")
        )

    def hits(self) -> dict[int, Fraction]:
        """The distribution of hits from the chosen broadside (0 beyond range)."""
        need = hit_number(self.range.value, self.aim.value)
        if need is None:
            return {0: Fraction(1)}
        out: dict[int, Fraction] = {}
        for (h, _fire), p in volley_odds(self.decks.value, need).items():
            out[h] = out.get(h, Fraction(0)) + p
        return dict(sorted(out.items()))

    def refresh(self) -> None:
        r, aim, n = self.range.value, self.aim.value, self.decks.value
        need, p = hit_number(r, aim), hit_chance(r, aim)
        dist = self.hits()
        if need is None:
            self.out.value = (
                f"At {r:g} cm the target is out of range: no broadside reaches beyond 12 cm."
            )
        else:
            spread = ", ".join(f"{plural(k, 'hit')} {pct(q)}" for k, q in dist.items())
            self.out.value = (
                f"At {r:g} cm aiming at the {aim}: each die hits on <b>{need}+</b> "
                f"({pct(p)}). {plural(n, 'deck')}: expected <b>{float(n * p):.2f}</b> hits; "
                f"{spread}."
            )
        self._plot()

    def _plot(self) -> None:
        fig = self.figure
        fig.clear()
        ax = fig.add_subplot()
        xs = [x / 10 for x in range(1, 141)]
        for aim, style in (("hull", "-"), ("sails", "--")):
            ax.plot(xs, [float(hit_chance(x, aim)) for x in xs], style, label=aim)
        ax.axvline(self.range.value, color="grey", lw=1)
        ax.set_xlabel("range (cm)")
        ax.set_ylabel("chance per die")
        ax.set_ylim(0, 0.75)
        ax.legend()
        fig.tight_layout()
        self.image.value = _png(fig)


# --- Where the guns bear: a ship's two broadside arcs, the range rings and four enemies

ARC_SIZE, ARC_PX = 380, 13  # canvas pixels, pixels per cm
#: the enemies around a ship heading north at the centre: (label, cm east, cm north)
ARC_TARGETS: tuple[tuple[str, float, float], ...] = (
    ("A", 0.0, 6.0),
    ("B", 10.0, -1.0),
    ("C", 0.0, -5.0),
    ("D", -14.0, 2.0),
)


def _need(n: int) -> str:
    """A die score to roll in words: "4+", or "a 6" when only a six will do."""
    return "a 6" if n == 6 else f"{n}+"


class BroadsideArcs:
    """A ship heading north with her two broadside arcs shaded and the 4, 8 and 12 cm range
    rings; four enemy ships around her, and for each whether a broadside can reach it."""

    def __init__(self, css_width: int = 380, words: bool = True) -> None:
        self.board = CanvasBoard(ARC_SIZE, ARC_SIZE, ("board",), css_width=css_width)
        # words=False: the picture alone, for a "predict, then check" question (the words
        # would give the answer away); show them later with show_words()
        self.out = w.HTML(self.text() if words else "")
        self.out.add_class("navalkit-description")
        self.widget = w.HBox(
            [
                self.board.framed(),
                w.VBox([self.out], layout=w.Layout(flex="1 1 260px", max_width="520px")),
            ],
            layout=board_row(),
        )
        self.board.show(self.scene())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def show_words(self) -> w.HTML:
        """Put the verdicts beside the picture; also returned as a widget of their own."""
        self.out.value = self.text()
        return w.HTML(self.text())

    @staticmethod
    def verdicts() -> dict[str, str]:
        """For each enemy: where she lies and whether a broadside of the ship at the centre
        (heading north) can reach her, with the rule that says so."""
        out = {}
        for label, x, y in ARC_TARGETS:
            r = math.hypot(x, y)
            side = arc_side(relative_bearing(0.0, 0.0, 0, x, y))
            where = f"{r:.0f} cm away"
            if side is None:
                end = "ahead" if y > 0 else "astern"
                ends = CLAUSES.cite("AOS-ARC-ENDS")
                out[label] = f"{where}, {end}: no broadside bears there ({ends})."
                continue
            name = ("port", "starboard")[side]
            hull, sails = hit_number(r, "hull"), hit_number(r, "sails")
            if hull is None or sails is None:
                out[label] = (
                    f"{where}, in the {name} arc, but out of range: guns reach 12 cm "
                    f"({CLAUSES.cite('AOS-RANGE')})."
                )
            else:
                out[label] = (
                    f"{where}, in the {name} arc: the {name} decks can fire; hull hits on "
                    f"{_need(hull)}, sails on {_need(sails)} "
                    f"({CLAUSES.cite('AOS-ARCS', 'AOS-RANGE')})."
                )
        return out

    def text(self) -> str:
        rows = "".join(f"<li><b>{k}</b>: {html.escape(v)}</li>" for k, v in self.verdicts().items())
        return (
            f"<ul>{rows}</ul>C sits right astern: no gun bears on her, but if she turns her "
            "broadside on our stern she <b>rakes</b> it, and each hit knocks out a gun deck on "
            f"both sides. {rule_html('AOS-RAKE')}"
        )

    def scene(self) -> Scene:
        t = get_theme()
        c = ARC_SIZE / 2
        b = SceneBuilder(ARC_SIZE, ARC_SIZE, ("board",), title="Broadside arcs")
        b.add("board", Circle(c, c, c - 2, fill=t.sea, stroke=t.grid))
        for lo, name in ((45, "starboard"), (225, "port")):
            pts = [(c, c)]
            for k in range(0, 91, 15):
                a = math.radians(lo + k)
                pts.append((c + 12 * ARC_PX * math.sin(a), c - 12 * ARC_PX * math.cos(a)))
            b.add("board", Polygon(tuple(pts), fill=t.highlight, alpha=0.22))
            a = math.radians(lo + 45)
            lx, ly = c + 6 * ARC_PX * math.sin(a), c - 6 * ARC_PX * math.cos(a) - 18
            b.add("board", Text(lx, ly, f"{name} guns", 11, t.text, bold=True))
        for r in (4, 8, 12):
            b.add("board", Circle(c, c, r * ARC_PX, stroke=t.grid, line_width=1, alpha=0.8))
            b.add("board", Text(c + 6, c - r * ARC_PX + 8, f"{r} cm", 9, t.text_muted, "left"))
        hull = ((0.0, 2.2), (0.9, 0.8), (0.8, -1.8), (-0.8, -1.8), (-0.9, 0.8))
        ship = tuple((c + x * ARC_PX, c - y * ARC_PX) for x, y in hull)
        b.add("board", Polygon(ship, fill=t.player(0), stroke="#ffffff"))
        b.add("board", Text(c, 12, "bow: no guns", 10, t.text_muted))
        b.add("board", Text(c, ARC_SIZE - 12, "stern: no guns", 10, t.text_muted))
        for label, x, y in ARC_TARGETS:
            px, py = c + x * ARC_PX, c - y * ARC_PX
            px, py = min(max(px, 14), ARC_SIZE - 14), min(max(py, 14), ARC_SIZE - 14)
            b.add("board", Circle(px, py, 11, fill=t.player(1), stroke="#ffffff"))
            b.add("board", Text(px, py, label, 12, "#ffffff", bold=True))
        return b.build()


class FireRisk:
    """How likely a broadside sets the target alight, and how likely a fire ends in an explosion."""

    def __init__(self, decks: int = 3, neighbour_cm: float = 5.0, trials: int = 2000) -> None:
        self.decks = w.IntSlider(value=decks, min=1, max=3, description="Gun decks:")
        self.neighbour = w.FloatSlider(
            value=neighbour_cm,
            min=1,
            max=14,
            step=0.5,
            description="Neighbour cm:",
            style=WIDE,
            readout_format=".1f",
        )
        self.trials = w.IntSlider(
            value=trials, min=200, max=20000, step=200, description="Broadsides:", style=WIDE
        )
        self.seed, seed_note = number_box(1)
        self.run = w.Button(description="Roll them", layout=w.Layout(width="auto"))
        self.out = w.HTML()
        self.sim = w.HTML()
        for box in (self.decks, self.neighbour):
            box.observe(lambda _ch: self.refresh(), "value")
        self.run.on_click(lambda _b: self.simulate())
        self._stale_after(self.decks, self.trials, self.seed)
        self.simulated: dict[str, float] = {}
        self.widget = w.VBox(
            [
                control_row([self.decks, self.neighbour]),
                self.out,
                control_row([self.trials, self.seed, self.run]),
                seed_note,
                self.sim,
            ]
        )
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def exact(self) -> dict[str, Fraction]:
        fire, fate = fire_chance(self.decks.value), fire_fate()
        return {
            "fire": fire,
            "explodes": fate["explodes"],
            "broadside ends in explosion": fire * fate["explodes"],
            "neighbour catches": catch_chance(self.neighbour.value),
        }

    def refresh(self) -> None:
        e, fate = self.exact(), fire_fate()
        self.out.value = (
            f"A broadside of {self.decks.value} dice sets the target alight on a pair of sixes: "
            f"<b>{pct(e['fire'])}</b> ({e['fire']}). {rule_html('AOS-FIRE')}<br>Then at the start "
            f"of each of her turns she fights it: out on 5-6 ({pct(fate['out first'])}), else "
            f"it grows and only a 6 saves her ({pct(fate['out second'])} overall); otherwise she "
            f"<b>blows up: {pct(e['explodes'])}</b>. {rule_html('AOS-FIRE-OUT')}<br>"
            f"So one broadside ends in an explosion {pct(e['broadside ends in explosion'])} "
            "of the time. A ship "
            f"{self.neighbour.value:g} cm away then catches fire on a hull hit: "
            f"{pct(e['neighbour catches'])}. {rule_html('AOS-EXPLODE')}"
        )

    def _stale_after(self, *boxes: Any) -> None:
        """Once rolled, a change of these choices says the rolls shown are the old ones."""
        for box in boxes:
            box.observe(lambda _ch: self._stale(), "value")

    def _stale(self) -> None:
        if self.sim.value:
            self.sim.value = stale_hint(self.run)

    def simulate(self) -> None:
        rolling = f"Rolling {self.trials.value:,} broadsides..."
        with working(self.run, rolling, self.sim, "Rolling..."):
            self.simulated = simulate_fire(self.decks.value, self.trials.value, self.seed.value)
        e = self.exact()
        self.sim.value = (
            f"{self.trials.value:,} broadsides rolled by the game itself: the target was set "
            f"alight {pct(self.simulated['fire'])} of the time (worked out exactly: "
            f"{pct(e['fire'])}); a burning ship blew up {pct(self.simulated['explodes'])} of the "
            f"time (exactly: {pct(e['explodes'])}). Another dice number gives other dice and "
            "slightly different results."
        )


class BoardingOdds:
    """Each side rolls a die per gun deck; the higher total captures the other ship."""

    def __init__(self, attacker: int = 6, defender: int = 3, trials: int = 2000) -> None:
        self.attacker = w.IntSlider(
            value=attacker, min=1, max=6, description="Boarders' decks:", style=WIDE
        )
        self.defender = w.IntSlider(
            value=defender, min=1, max=6, description="Defenders' decks:", style=WIDE
        )
        ties = Config.__dataclass_fields__["boarding_ties"]
        self.ties = w.Dropdown(
            options=[(value_words(c, ties), c) for c in ties.metadata["choices"]],
            value="reroll",
            description="Ties:",
        )
        self.trials = w.IntSlider(
            value=trials, min=200, max=20000, step=200, description="Boardings:", style=WIDE
        )
        self.seed, seed_note = number_box(1)
        self.run = w.Button(description="Roll them", layout=w.Layout(width="auto"))
        self.out = w.HTML()
        self.sim = w.HTML()
        for box in (self.attacker, self.defender, self.ties):
            box.observe(lambda _ch: self.refresh(), "value")
        self.run.on_click(lambda _b: self.simulate())
        for box in (self.attacker, self.defender, self.ties, self.trials, self.seed):
            box.observe(lambda _ch: self._stale(), "value")
        self.simulated: float | None = None
        self.widget = w.VBox(
            [
                control_row([self.attacker, self.defender, self.ties]),
                self.out,
                control_row([self.trials, self.seed, self.run]),
                seed_note,
                self.sim,
            ]
        )
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def exact(self) -> tuple[Fraction, Fraction]:
        return boarding_chances(self.attacker.value, self.defender.value, self.ties.value)

    def refresh(self) -> None:
        win, lose = self.exact()
        tie = (
            "ties are rolled again"
            if self.ties.value == "reroll"
            else "the defenders hold on a tie"
        )
        self.out.value = (
            f"{self.attacker.value} dice against {self.defender.value} ({tie}): the boarders "
            f"capture her <b>{pct(win)}</b>, the defenders take the boarders' ship "
            f"<b>{pct(lose)}</b>. The winner leaves a gun deck's crew as prize crew. "
            f"{rule_html('AOS-BOARD')} {rule_html('AOS-BOARD-TIE')}"
        )

    def _stale(self) -> None:
        """Once rolled, a change of a choice says the rolls shown are the old ones."""
        if self.sim.value:
            self.sim.value = stale_hint(self.run)

    def simulate(self) -> None:
        a, d, ties = self.attacker.value, self.defender.value, self.ties.value
        rolling = f"Rolling {self.trials.value:,} boardings..."
        with working(self.run, rolling, self.sim, "Rolling..."):
            self.simulated = simulate_boarding(a, d, ties, self.trials.value, self.seed.value)
        self.sim.value = (
            f"{self.trials.value:,} boardings rolled by the game itself: the boarders won "
            f"{pct(self.simulated)} of the time (worked out exactly: {pct(self.exact()[0])})."
        )


# --- seeded simulations through the real engine (rules.apply, sequence.apply_die) ------------
X0, Y0 = 30.0, 35.0


def side_by_side(
    range_cm: float, decks: tuple[int, int], other: tuple[int, int], **cfg: object
) -> State:
    """Ship 0 heading N with ``decks``; ship 1 ``range_cm`` to her starboard, heading N, with
    ``other`` decks; ship 0's side to act in the combat phase."""
    state = sequence.initial_state(Config(first_player="first", **cfg))  # type: ignore[arg-type]
    a, b = state.ships[0], state.ships[1]
    ships = (
        replace(a, x=X0, y=Y0, heading=0, decks=decks),
        replace(b, x=X0 + range_cm, y=Y0, heading=0, decks=other),
    )
    return replace(state, ships=ships, phase=COMBAT, to_move=0)


def _throw(state: State, rng: random.Random) -> State:
    while state.queue:
        state = sequence.apply_die(state, rng.randint(1, 6))
    return state


def simulate_fire(dice: int, trials: int, seed: int) -> dict[str, float]:
    """Broadsides of ``dice`` decks at 3 cm: how often the target is set alight, and how often
    a burning ship then blows up (her own fire-fighting rolls as her turns open, in the
    rounds after the fire caught)."""
    rng = random.Random(seed)
    start = side_by_side(3.0, (dice, dice), (3, 3))
    fires = explosions = 0
    for _ in range(trials):
        after = _throw(rules.apply(start, Fire(0, 1, "hull")), rng)
        if after.ships[1].fire:
            fires += 1
    burning = replace(start, ships=(start.ships[0], replace(start.ships[1], fire=1)))
    for _ in range(trials):
        s = _throw(sequence.start_turn(burning, 1), rng)
        if s.ships[1].fire:
            s = _throw(sequence.start_turn(s, 1), rng)
        explosions += s.ships[1].status == EXPLODED
    return {"fire": fires / trials, "explodes": explosions / trials}


def simulate_boarding(attacker: int, defender: int, ties: str, trials: int, seed: int) -> float:
    """How often ``attacker`` gun decks capture a ship of ``defender`` decks when boarding."""
    rng = random.Random(seed)
    split = ((attacker + 1) // 2, attacker // 2), ((defender + 1) // 2, defender // 2)
    start = side_by_side(3.0, split[0], split[1], boarding_ties=ties)
    if rules.violation(start, Board(0, 1)) is not None:
        raise ValueError(f"{attacker} decks cannot board here")
    wins = 0
    for _ in range(trials):
        after = _throw(rules.apply(start, Board(0, 1)), rng)
        wins += after.ships[1].captured
    return wins / trials
