"""Headless tests of the Age of Sail explainers, driven through their widgets."""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any

import pytest

from navalkit.games.age_of_sail.data import COMPASS
from navalkit.games.age_of_sail.explain import BoardingOdds, FireRisk, HitChances, SailWheel
from navalkit.games.age_of_sail.mechanics.combat import (
    boarding_chances,
    fire_chance,
    sum_distribution,
)
from navalkit.games.age_of_sail.mechanics.wind import tacking
from navalkit.render import Circle, Line, Polygon, Text
from navalkit.testing.boards import label_problems, text_box
from navalkit.widgets.panels import DICE_LABEL, DICE_TIP, NUMBER_NOTE


def test_wheel_allowance_changes_with_heading_buttons_and_clicks() -> None:
    wheel = SailWheel(wind_from="N", speed=4, units=3)
    assert "navalkit-board" in wheel.board.widget._dom_classes
    assert wheel.board.scene is not None and wheel.board.scene.hit(220, 120) == "head:N"
    assert wheel.heading.value == "E"
    assert "beam reach" in wheel.out.value and "<b>15 cm</b>" in wheel.out.value
    wheel.port.click()  # E -> NE: close-hauled, 3 x (4 - 1)
    assert wheel.heading.value == "NE"
    assert "<b>9 cm</b>" in wheel.out.value
    assert (
        "Coming round from E (where she had 15 cm) is a turn of 1 point, and each point turned "
        "costs 2 cm: she has 9 − 2 = <b>7 cm</b> left to sail."
    ) in wheel.out.value
    wheel.click("head:S")  # running: 3 x 4
    assert "running" in wheel.out.value and "<b>12 cm</b>" in wheel.out.value
    assert wheel.allowances() == {
        "N": 0, "NE": 9, "E": 15, "SE": 15, "S": 12, "SW": 15, "W": 15, "NW": 9
    }  # fmt: skip
    wheel.speed.value = 7
    wheel.units.value = 4  # a privateer
    assert "<b>28 cm</b>" in wheel.out.value


def _crosses(a: tuple[float, float], b: tuple[float, float], half: float, box: Any) -> bool:
    """Does the segment a-b, ``half`` pixels either side, touch the box?"""
    steps = int(math.dist(a, b)) + 2
    for k in range(steps + 1):
        x, y = a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps
        if box[0] - half < x < box[2] + half and box[1] - half < y < box[3] + half:
            return True
    return False


def _wheel_clashes(wheel: SailWheel) -> list[str]:
    """Every word of the wheel a line, an arrow, a sector's edge or a dot touches, and every
    word said twice or meeting another."""
    ops = [op for layer in wheel.scene().layers for op in layer.ops]
    words = [(op.text, text_box(op)) for op in ops if isinstance(op, Text)]
    found = list(label_problems(wheel.scene()))
    for k, (text, box) in enumerate(words):  # one sector's two lines say different things
        for other, (x0, y0, _x1, _y1) in words[k + 1 :]:
            if other == text and math.hypot(x0 - box[0], y0 - box[1]) < 40:
                found.append(f"{text!r} is said twice in one place")
    for op in ops:
        edges: list[tuple[tuple[float, float], tuple[float, float], float]] = []
        if isinstance(op, Line):
            edges = [((op.x1, op.y1), (op.x2, op.y2), op.line_width / 2)]
        elif isinstance(op, Polygon):
            p = op.points
            edges = [(p[i], p[(i + 1) % len(p)], op.line_width / 2) for i in range(len(p))]
        elif isinstance(op, Circle):  # the centre's dot covers no word, the rim cuts none
            for text, (x0, y0, x1, y1) in words:
                near = math.hypot(max(x0 - op.cx, 0, op.cx - x1), max(y0 - op.cy, 0, op.cy - y1))
                far = max(math.hypot(x - op.cx, y - op.cy) for x in (x0, x1) for y in (y0, y1))
                if near < op.r and (far > op.r or op.r < 20):
                    found.append(f"a circle touches {text!r}")
        for a, b, half in edges:
            found += [
                f"{type(op).__name__} crosses {t!r}"
                for t, box in words
                if _crosses(a, b, half, box)
            ]
    return found


def test_the_wheel_lays_its_words_clear_of_every_line_and_arrow() -> None:
    """At every wind and heading the explainer offers, the red wind arrow, the orange heading
    arrow and the sectors' edges cross no word, no word meets another, and nothing is said
    twice: the wind line crossed 'N' and 'in irons' (written twice upwind), the heading arrow
    '15 cm beam reach'."""
    for wind in COMPASS:
        wheel = SailWheel(wind_from=wind)
        for heading in COMPASS:
            wheel.heading.value = heading
            assert _wheel_clashes(wheel) == [], (wind, heading)
    upwind = [
        op.text
        for op in SailWheel(wind_from="N").scene().layer("board").ops
        if isinstance(op, Text)
    ]
    assert upwind.count("in irons") == 1 and "0 cm" in upwind


def test_wheel_dead_upwind_is_forbidden_and_tacking_is_shown() -> None:
    wheel = SailWheel(wind_from="W", speed=4, units=3)
    wheel.heading.value = "W"
    text = wheel.out.value
    # the rule's card by its title (its id read as code to a student)
    assert "Rule “No sailing into the wind”: " in text and "in irons" in text
    assert "AOS-IRONS" not in text
    assert "no ship may steer W. Sails" in text and "rule: " not in text  # one citation: the card
    assert "tack" in text and "NW and SW" in text
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", text)
    assert cells[5:10] == ["2", "port tack", "4", "5", "9.9"]  # turn 2: swing, sail, gained
    wheel.starboard.click()
    assert wheel.heading.value == "NW" and "AOS-IRONS" not in wheel.out.value
    assert "costs 2 cm" in wheel.out.value


def test_tacking_cannot_swing_when_the_allowance_is_short() -> None:
    assert tacking(3, 4, 3) == [
        (1, "starboard tack", 0, 9, 6.36),
        (2, "port tack", 4, 5, 9.9),
        (3, "starboard tack", 4, 5, 13.44),
    ]
    assert {row[1] for row in tacking(1, 2)} == {"starboard tack"}  # 1 cm: no swing


def test_hit_chances_table_text_and_plot() -> None:
    box = HitChances(range_cm=6, aim="hull", decks=3)
    assert "3+ (66.7%)" in box.table.value and "6+ (16.7%)" in box.table.value
    assert "<b>4+</b>" in box.out.value and "<b>1.50</b>" in box.out.value
    assert box.hits()[3] == Fraction(1, 8)
    box.aim.value = "sails"
    assert "<b>5+</b>" in box.out.value and "<b>1.00</b>" in box.out.value
    box.range.value = 13
    assert "out of range" in box.out.value and box.hits() == {0: 1}
    ax = box.figure.axes[0]
    hull, sails = ax.lines[0], ax.lines[1]
    xs = list(hull.get_xdata())
    assert hull.get_ydata()[xs.index(2.0)] == pytest.approx(4 / 6)
    assert sails.get_ydata()[xs.index(10.0)] == pytest.approx(1 / 6)
    assert hull.get_ydata()[-1] == 0.0
    assert list(ax.lines[2].get_xdata()) == [13, 13]
    assert box.image.value[:4] == b"\x89PNG"


def test_fire_risk_exact_and_simulated() -> None:
    box = FireRisk(decks=3, neighbour_cm=5)
    e = box.exact()
    assert e["fire"] == Fraction(2, 27) == fire_chance(3)
    assert e["explodes"] == Fraction(5, 9)
    assert e["broadside ends in explosion"] == Fraction(10, 243)
    assert e["neighbour catches"] == Fraction(1, 2)
    assert "7.4%" in box.out.value and "55.6%" in box.out.value
    box.decks.value = 1
    assert box.exact()["fire"] == 0 and "0.0%" in box.out.value
    box.decks.value = 3
    box.trials.value = 3000
    box.run.click()
    assert box.simulated["fire"] == pytest.approx(2 / 27, abs=0.02)
    assert box.simulated["explodes"] == pytest.approx(5 / 9, abs=0.04)
    assert box.sim.value.startswith("3,000 broadsides rolled by the game itself: the target ")
    assert "(worked out exactly: 7.4%)" in box.sim.value
    for insider in ("seed", "engine", "trials"):
        assert insider not in box.sim.value.lower()
    # the dice's number box, as the play page's: "Seed:" read as the original rules' text
    assert box.seed.description == DICE_LABEL and box.seed.tooltip == DICE_TIP
    # and what it is for in words under it: a touch screen never shows the tooltip
    assert _said_under_the_box(box.widget) == (
        "Dice number: the same number rolls the same dice: another number, other dice."
    )
    assert box.run.description == "Roll them"
    # the rules by their titles alone (an id read as code); no badge code
    assert "Rule “Fighting the fire”: In the next round" in box.out.value
    assert "AOS-" not in box.out.value
    assert "[SEED]" not in box.out.value and "[HOUSE]" not in box.out.value


def test_boarding_odds_exact_and_simulated() -> None:
    box = BoardingOdds(attacker=2, defender=4)
    win, lose = box.exact()
    assert win + lose == 1 and win < Fraction(1, 20)
    # its choices in the settings' words, as the settings list shows them
    assert box.ties.options == (("roll again", "reroll"), ("the defenders hold", "defender"))
    box.ties.value = "defender"
    assert box.exact() == boarding_chances(2, 4, "defender")
    assert box.exact()[0] < win  # the defenders keep the ties
    box.attacker.value, box.defender.value = 3, 3
    tie = sum(q * q for q in sum_distribution(3).values())
    assert box.exact() == ((1 - tie) / 2, (1 + tie) / 2)
    assert "Rule “Boarding ties”: Equal totals" in box.out.value
    assert box.seed.description == DICE_LABEL
    assert _said_under_the_box(box.widget).startswith("Dice number: the same number rolls")
    box.ties.value = "reroll"
    assert box.exact() == (Fraction(1, 2), Fraction(1, 2))
    box.trials.value = 3000
    box.run.click()
    assert box.simulated == pytest.approx(0.5, abs=0.04)
    assert "boarders won" in box.sim.value and "(worked out exactly: 50.0%)" in box.sim.value


def test_broadside_arcs_say_which_enemy_a_broadside_reaches() -> None:
    from navalkit.games.age_of_sail.explain import BroadsideArcs

    arcs = BroadsideArcs(words=False)
    assert arcs.out.value == ""  # the picture alone: the words would give the answer away
    assert arcs.board.scene is not None
    verdicts = arcs.verdicts()
    assert set(verdicts) == {"A", "B", "C", "D"}
    assert verdicts["A"].endswith("ahead: no broadside bears there (rule: Bow and stern).")
    assert "starboard arc" in verdicts["B"] and "hull hits on 5+, sails on a 6" in verdicts["B"]
    assert verdicts["B"].endswith("(rules: Fire arcs and Hit table).")
    assert "astern" in verdicts["C"]
    assert "port arc, but out of range" in verdicts["D"] and "(rule: Hit table)" in verdicts["D"]
    assert not any("AOS-" in v for v in verdicts.values())  # rules by their titles
    shown = arcs.show_words()
    assert "Rule “Raking the stern”: " in shown.value and arcs.out.value == shown.value
    assert "AOS-" not in shown.value
    # only B can be fired at, and the engine's own tests agree
    reach = [k for k, v in verdicts.items() if "can fire" in v]
    assert reach == ["B"]


def test_the_wind_list_shows_every_wind_whole_on_a_phone() -> None:
    """On a phone (a 390 px screen: a 334 px column) the wind list stood beside its 80 px
    description, 250 px wide, and cut "NW (blowing north-west, from the south-east)"; it
    also stood 2 px out of its column ("100%" wide, and its margins on top). Now it is as
    wide as its column less its margins, and goes under its description wherever the two do
    not fit side by side with room for the longest wind: beside it on a laptop's 460 px
    column, under it on a phone's."""
    from navalkit.games.age_of_sail.explain import (
        WIND_LIST_CLASS,
        WIND_LIST_CSS,
        WIND_LIST_WIDTH,
        WIND_SELECT_MIN,
    )
    from navalkit.games.age_of_sail.mechanics.wind import wind_line
    from navalkit.render.text import text_width

    wheel = SailWheel(wind_from="N")
    assert WIND_LIST_CLASS in wheel.wind._dom_classes
    assert (wheel.wind.layout.width, wheel.wind.layout.max_width) == (
        "auto",
        f"{WIND_LIST_WIDTH}px",
    )
    column = wheel.widget.children[1]
    styles = [c.value for c in column.children if "<style>" in str(getattr(c, "value", ""))]
    assert styles == [f"<style>{WIND_LIST_CSS}</style>"]
    assert f".{WIND_LIST_CLASS} {{ flex-wrap: wrap;" in WIND_LIST_CSS
    assert f"> select {{ flex: 1 1 {WIND_SELECT_MIN}px; min-width: 0;" in WIND_LIST_CSS
    # the list, at its narrowest, holds the longest wind (13 px) with its padding and arrow
    longest = max(text_width(wind_line(i), 13) for i in range(len(COMPASS)))
    assert longest + 8 + 20 + 2 <= WIND_SELECT_MIN
    description, laptop, phone = 80 + 8, 460 - 4, 390 - 2 * 26 - 4
    assert description + WIND_SELECT_MIN <= laptop  # side by side on a laptop
    assert description + WIND_SELECT_MIN > phone  # under it on a phone...
    assert phone >= WIND_SELECT_MIN  # ...where it fits the column


def _said_under_the_box(widget: Any) -> str:
    """The words of the line that says what a number box is for (panels.number_note_html)."""
    notes = [c.value for c in widget.children if NUMBER_NOTE in getattr(c, "value", "")]
    assert len(notes) == 1, notes
    return re.sub(r"<[^>]+>", "", notes[0])
