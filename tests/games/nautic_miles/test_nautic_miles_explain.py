"""Headless tests of the Nautic Miles explainers: the value calculator, the battle ladder and
the arrival simulation give real figures, and agree with the rules."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import ipywidgets as w
import pytest
from nm_helpers import cards_of

from navalkit.games.nautic_miles.data import (
    BY_KEY,
    MILE_BANDS,
    STRENGTH,
    SUB_PAIR,
    TONNAGES,
    convoy_points,
)
from navalkit.games.nautic_miles.explain import (
    FORCES,
    ArrivalSimulator,
    BattleLadder,
    ConvoyCalculator,
    arrival_curve,
    arrival_runs,
    arrival_table,
    battle,
    board_picture,
    ladder_table,
    table_html,
    value_table,
)
from navalkit.testing.boards import texts
from navalkit.testing.widgets import picture_in


@pytest.mark.parametrize("detected", [False, True])
def test_value_table_is_the_decoded_table(detected: bool) -> None:
    table = value_table(detected)
    assert table.shape == (len(MILE_BANDS) + 1, len(TONNAGES))
    assert table.loc["4,000 or more", "20,000 t"] == (40.0 if detected else 20.0)
    assert table.loc["200 - 1,000", "2,500 t"] == (1.0 if detected else 0.5)
    assert table.loc["captured", "10,000 t"] == (20.0 if detected else 10.0)
    assert table.loc["0"].sum() == 0
    for label, low, _ in MILE_BANDS:
        for t in TONNAGES:
            assert table.loc[label, f"{t:,} t"] == convoy_points(t, low, detected)


def test_convoy_calculator_follows_its_inputs() -> None:
    calc = ConvoyCalculator()
    calc.tons.value, calc.miles.value, calc.radar.value = 10000, 2400, False
    assert (calc.points, calc.capture) == (6.0, 10.0)
    assert "<b>6</b>" in calc.answer.value and "Convoy points (SEED)" in calc.answer.value
    assert "NM-" not in calc.answer.value  # the rule by its title: an id read as code
    assert "Detected convoys count double" not in calc.answer.value
    calc.radar.value = True
    assert (calc.points, calc.capture) == (12.0, 20.0)
    assert "Detected convoys count double (SEED)" in calc.answer.value
    calc.tons.value, calc.miles.value = 20000, 4000
    assert calc.points == 40.0
    # The table marks exactly the cell the calculator reads.
    assert calc.table.value.count("background:#ffe082") == 1
    assert calc.table.value == table_html(True, ("4,000 or more", "20,000 t"))


def _expected(a: int, d: int | None) -> tuple[str, str]:
    if d is None:
        return "attacker wins", "NM-BATTLE-WIN"
    if STRENGTH[a] > STRENGTH[d]:
        return "attacker wins", "NM-LADDER"
    if STRENGTH[a] == STRENGTH[d]:
        return "tie", "NM-BATTLE-TIE"
    return "defender wins", "NM-BATTLE-WIN"


@pytest.mark.parametrize("attacker", FORCES)
def test_battle_ladder_played_by_the_rules(attacker: int) -> None:
    for defender in (None, *FORCES):
        b = battle(attacker, defender)
        assert (b.outcome, b.rule_id) == _expected(attacker, defender), (attacker, defender)
        assert cards_of(b.state) == list(range(106))
        # the picture of the exchange: the convoy still on the table, under attack
        assert b.showdown.rows[1] and b.showdown.rows[1][0].battle
        assert b.answered == (defender is not None and b.rule_id != "NM-LADDER")
        if b.outcome == "attacker wins":
            assert not b.state.rows[1] and len(b.state.captures[0]) == 1
        elif b.outcome == "defender wins":
            cv = b.state.rows[1][0]
            assert not cv.battle and cv.alert < 0 and not b.state.captures[0]
        else:
            assert b.state.rows[1][0].tie


def test_submarine_pair_beats_a_carrier_but_not_the_other_way_round() -> None:
    carrier = BY_KEY["carrier"]
    assert battle(SUB_PAIR, carrier).outcome == "attacker wins"
    assert battle(carrier, SUB_PAIR).outcome == "defender wins"
    assert battle("submarine", "carrier").outcome == "defender wins"
    table = ladder_table()
    assert table.shape == (6, 6)
    assert table.loc["two submarines attack", "aircraft carrier"] == "attacker wins"
    assert table.loc["aircraft carrier attacks", "two submarines"] == "defender wins"
    assert all(table.iloc[i, i] == "tie" for i in range(6))


def test_battle_ladder_widget_shows_outcome_rule_and_table() -> None:
    ladder = BattleLadder()
    assert ladder.result is not None and ladder.result.outcome == "attacker wins"
    assert "Strength (SEED)" in ladder.answer.value and "NM-" not in ladder.answer.value
    assert "navalkit-board" in ladder.board.widget._dom_classes
    scene = ladder.board.scene
    assert scene is not None and scene.regions and any(layer.ops for layer in scene.layers)
    assert ladder.board.redraw_count["pieces"] >= 1
    assert "Player 2 must answer the two submarines" in ladder.caption.value
    assert ladder.answer.value.count("Strength (SEED)") == 1  # each rule cited once
    ladder.attacker.value = BY_KEY["frigate"]
    ladder.defender.value = BY_KEY["frigate"]
    assert ladder.result.outcome == "tie" and "Rules: Tie (" in ladder.answer.value
    assert "the frigate answers the frigate" in ladder.caption.value
    ladder.attacker.value = BY_KEY["submarine"]
    ladder.defender.value = SUB_PAIR
    assert "the two submarines answer the submarine" in ladder.caption.value  # not "answers"
    # the table at the exchange shows both players' hands, as its caption says
    hands = [t.text for t in texts(ladder.board.scene) if t.text.endswith("'s hand")]
    assert sorted(hands) == ["Player 1's hand", "Player 2's hand"]
    ladder.attacker.value = BY_KEY["frigate"]
    ladder.defender.value = BY_KEY["frigate"]
    assert "Two submarines (" not in ladder.answer.value
    ladder.defender.value = -1
    assert ladder.result.defender is None and ladder.result.outcome == "attacker wins"


def test_arrival_simulation_table_and_curve() -> None:
    runs = arrival_runs(games=10, seed=3)
    assert len(runs) > 10 and set(runs.fate) <= {"home", "destroyed", "at sea"}
    assert (runs[runs.fate == "home"].miles == 4000).all()
    assert (runs[runs.fate != "home"].miles < 4000).all()
    assert runs.equals(arrival_runs(games=10, seed=3))  # seeded: the same every time
    table = arrival_table(runs)
    assert table["laid"].sum() == len(runs)
    shares = table[["home", "destroyed", "at sea"]].sum(axis=1)
    assert ((shares - 1).abs() <= 0.02).all()
    curve = arrival_curve(runs)
    assert curve.index[0] == 0 and ((curve >= 0) & (curve <= 1)).all()
    assert curve.iloc[0] == pytest.approx((runs.fate == "home").mean())


def test_arrival_simulator_widget_draws_a_real_plot() -> None:
    sim = ArrivalSimulator(games=6)
    assert sim.runs is not None and len(sim.runs) > 0
    left, right = sim.figure.axes
    assert len(left.patches) == 3 * len(arrival_table(sim.runs))  # stacked bars per kind
    (line,) = right.get_lines()
    assert list(line.get_ydata()) == list(arrival_curve(sim.runs).values)
    assert sim.plot.value[:8] == b"\x89PNG\r\n\x1a\n" and len(sim.plot.value) > 5000
    assert "<table" in sim.table.value and "destroyed" in sim.table.value
    sim.players.value, sim.games.value = 4, 3
    sim.run()
    assert set(sim.runs.game) == {0, 1, 2}


def test_the_picture_of_the_table_is_as_drawn_on_a_laptop_and_shrinks_on_a_phone() -> None:
    state = battle("sub_pair", "carrier").showdown
    box = board_picture(state)
    picture = picture_in(box)
    assert picture.value.startswith("<svg ")
    assert 'width="100%" style="height:auto;display:block"' in picture.value  # never cut off
    assert (picture.layout.width, picture.layout.max_width) == ("100%", "860px")  # as drawn
    assert picture_in(board_picture(state, width=500)).layout.max_width == "500px"
    # on a phone, the switch under it shows it at its drawn size (in a frame that scrolls)
    switch = next(c for c in box.children if isinstance(c, w.ToggleButton))
    assert "navalkit-narrow-only" in switch._dom_classes and "navalkit-zoomable" in box._dom_classes
    switch.value = True
    assert (picture.layout.width, picture.layout.max_width) == ("860px", "none")
    assert switch.description == "Board to fit the screen"
    switch.value = False
    assert (picture.layout.width, picture.layout.max_width) == ("100%", "860px")
