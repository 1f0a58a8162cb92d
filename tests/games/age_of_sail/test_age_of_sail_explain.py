"""Headless tests of the Age of Sail explainers, driven through their widgets."""

from __future__ import annotations

from fractions import Fraction

import pytest

from navalkit.games.age_of_sail.explain import BoardingOdds, FireRisk, HitChances, SailWheel
from navalkit.games.age_of_sail.mechanics.combat import (
    boarding_chances,
    fire_chance,
    sum_distribution,
)
from navalkit.games.age_of_sail.mechanics.wind import tacking


def test_wheel_allowance_changes_with_heading_buttons_and_clicks() -> None:
    wheel = SailWheel(wind_from="N", speed=4, units=3)
    assert "navalkit-board" in wheel.board.widget._dom_classes
    assert wheel.board.scene is not None and wheel.board.scene.hit(220, 120) == "head:N"
    assert wheel.heading.value == "E"
    assert "beam reach" in wheel.out.value and "<b>15 cm</b>" in wheel.out.value
    wheel.port.click()  # E -> NE: close-hauled, 3 x (4 - 1)
    assert wheel.heading.value == "NE"
    assert "<b>9 cm</b>" in wheel.out.value and "-6 cm against E" in wheel.out.value
    wheel.click("head:S")  # running: 3 x 4
    assert "running" in wheel.out.value and "<b>12 cm</b>" in wheel.out.value
    assert wheel.allowances() == {
        "N": 0, "NE": 9, "E": 15, "SE": 15, "S": 12, "SW": 15, "W": 15, "NW": 9
    }  # fmt: skip
    wheel.speed.value = 7
    wheel.units.value = 4  # a privateer
    assert "<b>28 cm</b>" in wheel.out.value


def test_wheel_dead_upwind_is_forbidden_and_tacking_is_shown() -> None:
    wheel = SailWheel(wind_from="W", speed=4, units=3)
    wheel.heading.value = "W"
    text = wheel.out.value
    assert "AOS-IRONS" in text and "in irons" in text  # the rule's card, its id for reference
    assert "no ship may steer W. Sails" in text and "rule: " not in text  # one citation: the card
    assert "tack" in text and "NW and SW" in text
    assert "<td>2</td><td>port tack</td><td>4</td><td>5</td><td>9.9</td>" in text
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
    assert "seeded trials" in box.sim.value


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
    assert "AOS-BOARD-TIE" in box.out.value
    box.ties.value = "reroll"
    assert box.exact() == (Fraction(1, 2), Fraction(1, 2))
    box.trials.value = 3000
    box.run.click()
    assert box.simulated == pytest.approx(0.5, abs=0.04)
    assert "exact 50.0%" in box.sim.value


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
    assert "AOS-RAKE" in shown.value and arcs.out.value == shown.value
    # only B can be fired at, and the engine's own tests agree
    reach = [k for k, v in verdicts.items() if "can fire" in v]
    assert reach == ["B"]
