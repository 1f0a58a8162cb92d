"""Age of Sail, sentence by sentence: the seed's rules that the clause scenarios do not already
play out (those carry their own ``@SEED.cites`` in test_age_of_sail_scenarios.py), and every
worked example of the seed, played on the engine with the default settings.

The seed is the "Iacta alea est" rules (docs/rules/seeds/age_of_sail.txt);
docs/rules/age_of_sail.md maps every sentence to its clause and test.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest
from aos_helpers import (
    NE,
    NW,
    SE,
    SW,
    E,
    N,
    S,
    W,
    captured,
    match_at,
    refusal,
    refused,
    table,
    two,
)
from seedcite import Seed

import navalkit
from navalkit import ConfigError, Match
from navalkit.games.age_of_sail import GAME, Board, End, Fire, Order, Repair, Sail, Turn
from navalkit.games.age_of_sail.config import Config
from navalkit.games.age_of_sail.data import COMPASS, TABLE_H, TABLE_W, VECTORS
from navalkit.games.age_of_sail.draw import describe
from navalkit.games.age_of_sail.mechanics.sequence import initial_state, start_turn
from navalkit.games.age_of_sail.mechanics.wind import wind_source, wind_words
from navalkit.games.age_of_sail.state import State

SEED = Seed("age_of_sail")
FAR = {"x": 90.0, "y": 65.0}  # the other ship, out of the way


def spent(m: Match) -> None:
    """Every scripted die was thrown (none was drawn at random instead)."""
    assert not m._script, f"dice left unthrown: {m._script}"


def end_round(m: Match, wind: tuple[int, int] = (3, 3), *after: int) -> None:
    """The rest of the round passes without orders; the wind dice (by default: no change) and
    then ``after``, the dice of the next turn's opening rolls."""
    while True:
        last = m.state.turns_done == 1 and m.state.phase == "combat"
        if last:
            m.script_chance(*wind, *after)
        m.apply(End())
        if last:
            return


def allowance_on(heading: int, *, speed: int, wind: int = W, **ship: Any) -> Match:
    """A ship already on ``heading`` (no turn to pay) takes it as her order: her helm shows her
    allowance."""
    m = match_at(
        two({"x": 50.0, "y": 35.0, "heading": heading, **ship}, FAR, wind=wind, speed=speed)
    )
    m.apply(Turn(0, heading))
    return m


def longest(m: Match) -> int:
    return max(a.cm for a in m.legal_actions() if isinstance(a, Sail))


# --- the table and the wind -------------------------------------------------------------------
@SEED.cites(
    12, "For this game, you will need ships and a large playing surface.", clause="AOS-TABLE"
)
def test_the_ships_sail_on_a_large_table_with_edges() -> None:
    for scenario in ("duel", "fleet", "pirates"):
        s = initial_state(Config(scenario=scenario))
        assert (TABLE_W, TABLE_H) == (100, 70)
        assert all(0 <= p.x <= TABLE_W and 0 <= p.y <= TABLE_H for p in s.ships), scenario
    m = match_at(two({"x": 96.0, "y": 30.0, "heading": E}, {"x": 20.0, "y": 30.0}))
    m.apply(Turn(0, E))
    assert longest(m) == 4, "she may sail to the edge, not off it"
    refused(m, Sail(0, 5), "AOS-EDGE")


@SEED.cites(
    17, "The direction of North needs to be decided on the play surface table.", clause="AOS-SCALE"
)
def test_north_is_fixed_up_the_table() -> None:
    for wind in (E, SE, S, W):  # any wind but one from the north
        m = match_at(two({"x": 50.0, "y": 30.0, "heading": N}, FAR, wind=wind))
        m.apply(Turn(0, N))
        m.apply(Sail(0, 5))
        assert (m.state.ships[0].x, m.state.ships[0].y) == (50.0, 35.0), "north is up the table"
    assert VECTORS[N] == (0.0, 1.0) and VECTORS[E] == (1.0, 0.0)


@SEED.cites(
    17,
    "The game makes use of a simple compass, for indicating wind direction and ships turning "
    "circle.",
    clause=("AOS-WIND", "AOS-TURN"),
)
def test_one_eight_point_compass_gives_the_wind_and_the_headings() -> None:
    assert COMPASS == ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    m = match_at(two({"x": 50.0, "y": 35.0, "heading": N}, FAR, wind=W, speed=7))
    headings = sorted(a.heading for a in m.legal_actions() if isinstance(a, Turn) and a.ship == 0)
    assert headings == [N, NE, E, SE, S, SW, NW], "every point of the compass but dead upwind"
    m.apply(Turn(0, SE))  # three points of the compass, 2 units each
    assert m.state.helm is not None and m.state.helm.left == 3 * (7 + 1) - 3 * 2
    m.apply(Sail(0, 0))
    m.apply(End())
    m.apply(End())
    m.apply(End())
    m.script_chance(6, 3)  # the Venti: one compass point clockwise
    m.apply(End())
    assert m.state.wind_from == NW, "the wind moves round the same eight points"
    spent(m)


@SEED.cites(
    19,
    "The starting wind direction can be set to any of the eight point compass positions",
    clause="AOS-WIND",
)
@SEED.cites(
    24,
    "a counter showing the current wind speed (ranging from 1 to 7) is required. At the start "
    "of the game, the wind speed is set to 4.",
    clause="AOS-WIND",
)
def test_the_wind_starts_on_any_compass_point_at_force_four() -> None:
    for name in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"):
        m = navalkit.new_match("age_of_sail", seed=1, wind=name, first_player="first")
        assert m.state.wind_speed == 4
        assert m.state.wind_from == wind_source(name)
    for speed in (0, 8):
        with pytest.raises(ConfigError):
            navalkit.new_match("age_of_sail", seed=1, wind_speed=speed)
    calm = match_at(two({}, {}, speed=1))
    end_round(calm, (3, 1))
    gale = match_at(two({}, {}, speed=7))
    end_round(gale, (3, 6))
    assert (calm.state.wind_speed, gale.state.wind_speed) == (1, 7), "the counter stays 1-7"


@SEED.cites(
    20,
    "with battles fought in the Atlantic, Medditeranean likley to get prevailing west winds, "
    "whilst those in the Carribean are likely to be east winds.",
    clause="AOS-WIND",
)
def test_the_default_wind_is_the_atlantics_westerly_and_an_easterly_can_be_set() -> None:
    m = navalkit.new_match("age_of_sail", seed=1, first_player="first")
    assert m.state.wind_from == W, "by default a westerly: it comes from the west"
    assert wind_words(m.state.wind_from) == "from the west, blowing east"
    caribbean = navalkit.new_match("age_of_sail", seed=1, wind="W", first_player="first")
    assert wind_words(caribbean.state.wind_from) == "from the east, blowing west"


@SEED.cites(
    27,
    "At the end of each round, a dice is thrown and the wind changes accordingly.",
    clause="AOS-WIND-ROLL",
)
@SEED.cites(
    28,
    "The wind direction is adjusted, by the Venti (the Gods of the winds) by rolling a die.",
    clause="AOS-WIND-ROLL",
)
@SEED.cites(
    35,
    "Also at the end of each round the wind speed is adjusted by rolling a die.",
    clause="AOS-WIND-ROLL",
)
@SEED.cites(
    231,
    "Round restarts by redefining wind direction and strength acording to die rolls.",
    clause=("AOS-WIND-ROLL", "AOS-SEQUENCE"),
)
def test_the_wind_is_rolled_at_the_end_of_each_round_direction_then_speed() -> None:
    m = match_at(two({}, {}), 6, 6)
    m.apply(End())
    m.apply(End())  # the first admiral's turn is over: no wind roll yet
    assert m.state.to_move == 1 and m.state.round == 1 and not m.state.queue
    assert (m.state.wind_from, m.state.wind_speed) == (W, 4)
    m.apply(End())
    m.apply(End())  # the round is over: two dice, the direction and the speed
    rolls = [e.text for e in m.events if e.kind == "chance"]
    assert rolls == [
        "Wind direction die (the Venti, gods of the winds): 6, the wind turns one point "
        "clockwise to SE (blowing south-east, from the north-west).",
        "Wind force die: 6, the wind rises to force 5.",
    ]
    assert (m.state.wind_from, m.state.wind_speed) == (NW, 5)
    assert m.state.round == 2 and m.state.to_move == 0 and m.state.phase == "move"
    spent(m)


@SEED.cites(31, "1 = move wind 1 points anticlockwise.", clause="AOS-WIND-ROLL")
@SEED.cites(32, "2-5 = no change to current wind direction", clause="AOS-WIND-ROLL")
@SEED.cites(33, "6 = move wind 1 points clockwise.", clause="AOS-WIND-ROLL")
@SEED.cites(234, "1 = move wind 1 points anticlockwise.", clause="AOS-WIND-ROLL")
@SEED.cites(235, "2-5 = no change to current wind direction", clause="AOS-WIND-ROLL")
@SEED.cites(236, "6 = move wind 1 points clockwise.", clause="AOS-WIND-ROLL")
@pytest.mark.parametrize(("die", "after"), [(1, SW), (2, W), (3, W), (4, W), (5, W), (6, NW)])
def test_the_venti_turn_the_wind_one_point_on_a_1_or_a_6(die: int, after: int) -> None:
    m = match_at(two({}, {}, wind=W))
    end_round(m, (die, 3))
    assert m.state.wind_from == after and m.state.wind_speed == 4
    assert wind_words(W) == "from the west, blowing east"
    blows = {SW: "north-east", W: "east", NW: "south-east"}[after]
    assert wind_words(m.state.wind_from).endswith(f"blowing {blows}")
    spent(m)


@SEED.cites(39, "1 = reduce wind speed 1 level", clause="AOS-WIND-ROLL")
@SEED.cites(40, "2-5 = no change to current wind speed", clause="AOS-WIND-ROLL")
@SEED.cites(41, "6 = increase wind speed by 1 level", clause="AOS-WIND-ROLL")
@SEED.cites(240, "1 = reduce wind speed 1 level", clause="AOS-WIND-ROLL")
@SEED.cites(241, "2-5 = no change to current wind speed", clause="AOS-WIND-ROLL")
@SEED.cites(242, "6 = increase wind speed by 1 level", clause="AOS-WIND-ROLL")
@pytest.mark.parametrize(("die", "after"), [(1, 3), (2, 4), (3, 4), (4, 4), (5, 4), (6, 5)])
def test_the_wind_speed_falls_on_a_1_and_rises_on_a_6(die: int, after: int) -> None:
    m = match_at(two({}, {}, wind=W, speed=4))
    end_round(m, (3, die))
    assert m.state.wind_speed == after and m.state.wind_from == W
    spent(m)


# --- movement ---------------------------------------------------------------------------------
@SEED.cites(
    49,
    "To find the maximum speed a ship may sail at, multiply the current wind speed, moderated by "
    "its current Points of Sail (angle to the wind) by the total amount of movement the ship may "
    "have, found from the number of masts.",
    clause=("AOS-MOVE", "AOS-MASTS"),
)
def test_the_maximum_move_is_mast_units_times_the_wind_moderated_by_the_point_of_sail() -> None:
    wind = SE  # from the south-east: S and E are 45 degrees off it, NE and SW 90, N and W 135
    modifier = {S: -1, E: -1, SW: 1, NE: 1, W: 1, N: 1, NW: 0}
    for masts in ((True, False, False), (True, True, False), (True, True, True)):
        for speed in range(1, 8):
            for heading, mod in modifier.items():
                state = two({"heading": heading, "masts": masts}, FAR, wind=wind, speed=speed)
                after = GAME.apply(state, Turn(0, heading))
                assert after.helm is not None
                assert after.helm.left == max(1, sum(masts) * (speed + mod)), (masts, speed)


@SEED.cites(
    60,
    "If the ship is moving at a direction of +45○ to the wind (close hauled), then reduce the "
    "speed by one.",
    clause="AOS-POINTS",
)
@SEED.cites(
    61,
    "If the ship is moving at a direction of +45○ to 135○ to the wind (beam reached to broad "
    "reached), then increase the speed by one.",
    clause="AOS-POINTS",
)
@SEED.cites(
    64,
    "If the ship is moving at a direction of +180○ (running by the wind), then the wind speed is "
    "unaffected.",
    clause="AOS-POINTS",
)
def test_close_hauled_takes_one_off_the_wind_reaching_adds_one_running_none() -> None:
    # the wind comes from the west: NW and SW are 45 degrees off it, N and S 90, NE and SE 135,
    # E 180 (running before it)
    expect = {NW: 4 - 1, SW: 4 - 1, N: 4 + 1, S: 4 + 1, NE: 4 + 1, SE: 4 + 1, E: 4}
    for heading, wind in expect.items():
        m = allowance_on(heading, speed=4)
        assert m.state.helm is not None and m.state.helm.left == 3 * wind, COMPASS[heading]


def _example(heading: int, speed: int, cm: int, **ship: Any) -> None:
    """The seed's example on the table: she sails ``cm`` on ``heading`` and not 1 cm more."""
    m = allowance_on(heading, speed=speed, **ship)
    assert longest(m) == cm
    refused(m, Sail(0, cm + 1), "AOS-MOVE")
    m.apply(Sail(0, cm))
    vx, vy = VECTORS[heading]
    s = m.state.ships[0]
    assert math.isclose(math.hypot(s.x - 50.0, s.y - 35.0), cm, abs_tol=0.01), "1 cm a unit"
    assert math.isclose(s.x, 50.0 + vx * cm, abs_tol=1e-3)
    assert math.isclose(s.y, 35.0 + vy * cm, abs_tol=1e-3)


@SEED.cites(
    67,
    "So, for example, if a ship of the line has 3 masts and the wind speed is 4 and it's sailing "
    "+180○ (running by the wind), the ship may move 3x4 = 12 units of distance, which equals 12 "
    "cm.",
    clause=("AOS-MOVE", "AOS-SCALE"),
)
def test_the_seeds_example_three_masts_wind_4_running_sail_12_cm() -> None:
    _example(E, 4, 12)


@SEED.cites(
    71,
    "If the wind increased to strength 5, the maximum distance increases to 3x5 = 15 units, which "
    "is 15 cm.",
    clause="AOS-MOVE",
)
def test_the_seeds_example_wind_5_running_sail_15_cm() -> None:
    _example(E, 5, 15)


@SEED.cites(
    74,
    "If the wind increased to strength 5, and the ship is sailing +90○ (beam reached) the maximum "
    "distance increases to 3x6 = 18 units, which is 18 cm.",
    clause=("AOS-MOVE", "AOS-POINTS"),
)
def test_the_seeds_example_wind_5_beam_reach_sail_18_cm() -> None:
    _example(N, 5, 18)
    _example(S, 5, 18)


@SEED.cites(
    77,
    "If the wind increased to strength 5, and the ship is sailing +45○ (close hauled) the maximum "
    "distance increases to 3x4 = 12 units, which is 12 cm.",
    clause=("AOS-MOVE", "AOS-POINTS"),
)
def test_the_seeds_example_wind_5_close_hauled_sail_12_cm() -> None:
    _example(NW, 5, 12)
    _example(SW, 5, 12)


def _privateer() -> dict[str, Any]:
    p = initial_state(Config(scenario="pirates")).ships[2]
    assert p.nation == "Privateers"
    return {"name": p.name, "nation": p.nation, "kind": p.kind, "rig": p.rig, "decks": p.decks}


@SEED.cites(
    80,
    "Note that Pirate ships have a main mast which gives them 2 units of movement per wind speed, "
    "so undamaged, sailing +180○ (running by the wind), with a wind speed of 4, they would have a "
    "maximum movement allowance of (2X1 +1X2)x4 = 16 units of distance, which equals 16 cm.",
    clause=("AOS-MASTS", "AOS-MOVE"),
)
def test_the_seeds_example_a_pirate_running_in_wind_4_sails_16_cm() -> None:
    pirate = _privateer()
    assert pirate["rig"] == (1, 2, 1), "a main mast of 2 units between two of 1"
    _example(E, 4, 16, **pirate)


@SEED.cites(85, "The minimum speed any ship may make in one move is 1 cm.", clause="AOS-MOVE")
def test_a_ship_may_always_make_at_least_1_cm() -> None:
    # one mast, wind 1, close-hauled: 1 x (1 - 1) = 0, raised to 1 cm
    m = allowance_on(NW, speed=1, masts=(True, False, False))
    assert m.state.helm is not None and m.state.helm.left == 1
    assert longest(m) == 1
    m.apply(Sail(0, 1))
    assert m.state.ships[0].y > 35.0


@SEED.cites(
    87,
    "Losing masts in combat reduces maximum movement by the level indicated from the number of "
    "masts left.",
    clause=("AOS-MASTS", "AOS-SAIL-HIT"),
)
def test_masts_shot_away_cut_the_allowance_to_the_masts_left() -> None:
    st = two(
        {"x": 30.0, "y": 30.0, "heading": N}, {"x": 33.0, "y": 30.0, "heading": E}, phase="combat"
    )
    m = match_at(st, 5, 5, 1)  # aimed at her sails from astern: two hits, two masts down
    m.apply(Fire(0, 1, "sails"))
    assert m.state.ships[1].masts == (True, False, False)
    m.apply(End())
    assert m.state.to_move == 1
    m.apply(Turn(1, E))  # running before a force 4 westerly: 1 mast x 4, not 3 x 4
    assert m.state.helm is not None and m.state.helm.left == 4
    spent(m)


@SEED.cites(
    89,
    "Ships may repair fallen masts by throwing one dice per turn; getting a 6 repairs the mast, "
    "but the crew cannot man their guns or board another ship whilst they attempt to repair their "
    "masts.",
    clause="AOS-REPAIR",
)
@SEED.cites(155, "Sails may be repaired as outlined earlier.", clause="AOS-REPAIR")
def test_a_mast_is_repaired_on_a_6_one_die_a_turn_and_the_guns_stay_silent() -> None:
    st = two(
        {"x": 30.0, "y": 30.0, "heading": N, "masts": (True, False, True)},
        {"x": 33.0, "y": 30.0, "heading": N},
        phase="combat",
    )
    m = match_at(st, 5)
    assert {Fire(0, 1, "hull"), Board(0, 1), Repair(0)} <= set(m.legal_actions())
    m.apply(Repair(0))  # a 5: the mast stays down
    assert m.state.ships[0].masts == (True, False, True)
    assert m.legal_actions() == (End(),), "no second die, no guns, no boarding"
    refused(m, Repair(0), "AOS-REPAIR")
    refused(m, Fire(0, 1, "hull"), "AOS-REPAIR")
    refused(m, Board(0, 1), "AOS-REPAIR")
    m.apply(End())
    end_round(m)
    m.apply(End())  # the next turn's combat phase
    m.script_chance(6)
    m.apply(Repair(0))
    assert m.state.ships[0].masts == (True, True, True)
    spent(m)
    fired = match_at(st, 1, 1, 1)
    fired.apply(Fire(0, 1, "hull"))
    refused(fired, Repair(0), "AOS-REPAIR")  # a crew at the guns does not repair


@SEED.cites(
    94,
    "Ships may sail in any direction, except directly into wind",
    clause="AOS-IRONS",
)
@SEED.cites(
    96,
    "if the wind is due south, a ship may not sailing a due north direction, but must tack "
    "from NE to NW in order to progress in a northerly direction",
    clause=("AOS-WIND-REF", "AOS-IRONS"),
)
def test_the_seeds_example_a_wind_due_south_forbids_due_north() -> None:
    m = navalkit.new_match("age_of_sail", seed=1, wind="S", first_player="first")
    assert m.state.wind_from == N, "a wind due south comes from the north"
    table_ = match_at(two({"heading": NE}, {}, wind=m.state.wind_from))
    refused(table_, Turn(0, N), "AOS-IRONS")
    table_.apply(Turn(0, NW))  # across the wind: the tack from NE to NW
    assert table_.state.ships[0].heading == NW
    sailors = navalkit.new_match(
        "age_of_sail", seed=1, wind="S", wind_naming="from", first_player="first"
    )
    assert sailors.state.wind_from == S, "the other reading: a south wind comes from the south"


@SEED.cites(
    94,
    "when tacking alternatively to port and starboard by one compass point allows a ship to head "
    "into wind",
    clause="AOS-IRONS",
)
def test_tacking_one_point_either_side_of_the_wind_makes_ground_upwind() -> None:
    due_south = wind_source("S")  # from the north
    m = match_at(two({"x": 50.0, "y": 10.0, "heading": NE}, FAR, wind=due_south))
    ys = [m.state.ships[0].y]
    for tack in (NE, NW, NE):
        refused(m, Turn(0, N), "AOS-IRONS")
        m.apply(Turn(0, tack))
        m.apply(Sail(0, m.state.helm.left if m.state.helm else 0))
        ys.append(m.state.ships[0].y)
        m.apply(End())
        end_round(m)
    assert ys[0] < ys[1] < ys[2] < ys[3], "every leg makes ground to the north"
    assert round(ys[1] - ys[0], 2) == round(9 * math.sqrt(0.5), 2), "close-hauled: 3 x (4 - 1)"
    assert round(ys[2] - ys[1], 2) == round(5 * math.sqrt(0.5), 2), "9 less 4 for the tack"
    spent(m)


@SEED.cites(
    88,
    "if all masts have been shot away, the ship will drift 1 unit in the direction of the wind.",
    clause="AOS-DRIFT",
)
def test_a_dismasted_ship_drifts_the_way_the_wind_blows() -> None:
    south = wind_source("S")  # the default naming: blowing south, from the north
    dismasted = {"x": 50.0, "y": 30.0, "masts": (False,) * 3}
    m = match_at(two(dismasted, {"x": 90.0, "y": 60.0}, wind=south))
    m.apply(Order(0, "drift"))
    dx, dy = VECTORS[S]
    ship = m.state.ships[0]
    assert (ship.x, ship.y) == (50.0 + dx, 30.0 + dy) and dy < 0, "one unit south"
    east = match_at(two(dismasted, {"x": 90.0, "y": 60.0}, wind=wind_source("E")))
    east.apply(Order(0, "drift"))
    assert east.state.ships[0].x == 51.0


def test_the_pages_say_which_way_the_wind_blows() -> None:
    m = navalkit.new_match("age_of_sail", seed=1, wind="S", first_player="first")
    assert wind_words(m.state.wind_from) == "from the north, blowing south"
    # the point as the setting names it (the way it blows), then both ways
    words = "S (blowing south, from the north)"
    assert words in GAME.status(m.state) and words in describe(m.state)
    assert wind_words(wind_source("E")) == "from the west, blowing east"


@SEED.cites(110, "Pirates however can only sail independently of each other.", clause="AOS-LINE")
def test_pirates_sail_independently_while_a_squadron_follows_its_leader() -> None:
    pirates = initial_state(Config(scenario="pirates", first_player="second"))
    assert [s.squadron for s in pirates.ships] == [0, 0, -1, -1]
    m = match_at(pirates)
    m.apply(Turn(3, SW))  # the second privateer moves first, her own way
    m.apply(Sail(3, 7))
    m.apply(Turn(2, NW))
    m.apply(Sail(2, 3))
    a, b = m.state.ships[2], m.state.ships[3]
    assert (a.heading, b.heading) == (NW, SW) and (a.y, b.y) != (25.0, 45.0)
    spain = match_at(initial_state(Config(scenario="pirates", first_player="first")))
    refused(spain, Turn(1, NE), "AOS-LINE")  # the Spanish escort waits for her leader


@SEED.cites(
    113,
    "A ship may drop anchor and cannot move until an entire move has passed to raise the anchor "
    "again.",
    clause="AOS-ANCHOR",
)
def test_an_anchored_ship_spends_a_whole_move_weighing_then_sails() -> None:
    m = match_at(two({"x": 50.0, "y": 35.0, "heading": E}, FAR))
    m.apply(Order(0, "anchor"))
    m.apply(End())
    end_round(m)
    mine = [a for a in m.legal_actions() if not isinstance(a, End)]
    assert mine == [Order(0, "weigh")], "at anchor she may only weigh"
    refused(m, Turn(0, E), "AOS-ANCHOR")
    m.apply(Order(0, "weigh"))
    assert not m.state.ships[0].anchored and m.state.ships[0].x == 50.0
    refused(m, Turn(0, E), "AOS-ORDERS")  # weighing was her whole move
    m.apply(End())
    end_round(m)
    m.apply(Turn(0, E))
    m.apply(Sail(0, 12))
    assert m.state.ships[0].x == 62.0
    spent(m)


@SEED.cites(
    114,
    "Ships passing over shoals or mudflats marked on the playing surface do so at their peril, "
    "for they must throw a dice and a score of 1, 2, 3 indicates they founder and cannot move "
    "again until they throw a 6 and refloat.",
    clause=("AOS-SHOAL", "AOS-REFLOAT"),
)
@SEED.cites(
    223,
    "Moves their ships and checks if any ships foundered on shoals when first encountering them",
    clause="AOS-SHOAL",
)
@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_a_ship_crossing_a_shoal_founders_on_1_2_3(die: int) -> None:
    st = two(
        {"x": 20.0, "y": 30.0, "heading": E}, FAR, shoals=((28.0, 30.0, 2.0),)
    )  # the shoal lies from x = 26 to x = 30 on her course
    m = match_at(st, die)
    m.apply(Turn(0, E))
    m.apply(Sail(0, 12))
    ship = m.state.ships[0]
    rolls = [e for e in m.events if e.kind == "chance"]
    assert len(rolls) == 1 and rolls[0].text.startswith("Shoal die"), (
        "one die, where she first meets it"
    )
    if die <= 3:
        assert ship.aground and ship.x == 26.0, "she founders where she met the shoal"
    else:
        assert not ship.aground and ship.x == 32.0, "she passes over"
    spent(m)


@SEED.cites(
    223,
    "Moves their ships and checks if any ships foundered on shoals when first encountering them",
    clause="AOS-SHOAL",
)
@pytest.mark.parametrize(
    ("dice", "thrown", "aground_at"), [((4, 1), 2, 30.0), ((5, 6), 2, None), ((2,), 1, 24.0)]
)
def test_a_run_across_two_shoals_throws_a_die_at_each(
    dice: tuple[int, ...], thrown: int, aground_at: float | None
) -> None:
    """'shoals ... when first encountering them': each shoal she meets is a die (there used to
    be one die a run, at the first). Aground at the first, she never reaches the second."""
    st = two(
        {"x": 20.0, "y": 30.0, "heading": E}, FAR, shoals=((25.0, 30.0, 1.0), (31.0, 30.0, 1.0))
    )  # shoals from x = 24 to 26 and from x = 30 to 32 on her course
    m = match_at(st, *dice)
    m.apply(Turn(0, E))
    m.apply(Sail(0, 12))
    ship = m.state.ships[0]
    rolls = [e.text for e in m.events if e.kind == "chance"]
    assert len(rolls) == thrown and all(r.startswith("Shoal die") for r in rolls)
    assert not m.state.queue
    if aground_at is None:
        assert not ship.aground and ship.x == 32.0
    else:
        assert ship.aground and ship.x == aground_at
    spent(m)


@SEED.cites(
    114,
    "Ships passing over shoals or mudflats marked on the playing surface do so at their peril, "
    "for they must throw a dice and a score of 1, 2, 3 indicates they founder and cannot move "
    "again until they throw a 6 and refloat.",
    clause=("AOS-SHOAL", "AOS-REFLOAT"),
)
@SEED.cites(217, "Tries to refloat any ships foundered on shoals", clause="AOS-REFLOAT")
@SEED.cites(
    223,
    "Moves their ships and checks if any ships foundered on shoals when first encountering them",
    clause="AOS-SHOAL",
)
def test_a_foundered_ship_stays_until_she_throws_a_6_then_sails_off_the_shoal() -> None:
    st = two({"x": 20.0, "y": 30.0, "heading": E}, FAR, shoals=((28.0, 30.0, 2.0),))
    m = match_at(st, 1)
    m.apply(Turn(0, E))
    m.apply(Sail(0, 12))
    assert m.state.ships[0].aground
    m.apply(End())
    end_round(m, (3, 3), 5)  # the wind, then her refloat die as her turn opens: a 5
    assert m.state.ships[0].aground and m.state.to_move == 0
    assert m.legal_actions() == (End(),), "aground: no order at all"
    refused(m, Turn(0, E), "AOS-SHOAL")
    m.apply(End())
    end_round(m, (3, 3), 6)
    assert not m.state.ships[0].aground
    m.apply(Turn(0, E))
    m.apply(Sail(0, 10))  # off the shoal she is in: no new die
    assert m.state.ships[0].x == 36.0 and not m.state.queue
    assert sum(e.kind == "chance" and e.text.startswith("Shoal die") for e in m.events) == 1
    spent(m)


# --- the ships and their damage records -------------------------------------------------------
@SEED.cites(
    122,
    "You need damage records for each ship to log the damage that each sustains.",
    clause="AOS-SHIP",
)
def test_each_ship_keeps_its_own_damage_record() -> None:
    st = table(
        {"x": 30.0, "y": 30.0, "heading": N},
        {"x": 33.0, "y": 30.0, "heading": N},
        {"x": 60.0, "y": 60.0, "side": 1, "name": "Dauphin Royal"},
        phase="combat",
    )
    m = match_at(st, 5, 1, 1)
    before = m.state.ships
    m.apply(Fire(0, 1, "hull"))
    after = m.state.ships
    record = [(s.decks, s.masts, s.hull) for s in after]
    assert record[1] == ((2, 3), (True,) * 3, 3), "the hit is logged on the target's record"
    assert record[0] == (before[0].decks, before[0].masts, before[0].hull)
    assert record[2] == (before[2].decks, before[2].masts, before[2].hull)
    assert "gun decks port 2, starboard 3; masts 3; hull 3" in describe(m.state)
    spent(m)


@SEED.cites(
    125,
    "Each ship is named, and has 3 gun decks on both the port and starboard side (with the "
    "exception of Pirate ships, which have only 2 gun decks), 3 masts and 3 hull integrity units.",
    clause="AOS-SHIP",
)
def test_every_ship_is_named_with_3_decks_a_side_pirates_2_3_masts_3_hull_units() -> None:
    for scenario in ("duel", "fleet", "pirates"):
        ships = initial_state(Config(scenario=scenario)).ships
        assert len({s.name for s in ships}) == len(ships) and all(s.name for s in ships)
        for s in ships:
            decks = 2 if s.nation == "Privateers" else 3
            assert s.decks == (decks, decks), s.name
            assert s.masts == (True, True, True) and len(s.rig) == 3 and s.hull == 3


@SEED.cites(130, "The ships are numbered on their mounting card and named.", clause="AOS-SHIP")
def test_the_ships_are_numbered_and_named() -> None:
    s = initial_state(Config(scenario="fleet", first_player="first"))
    words = describe(s)
    for i, ship in enumerate(s.ships):
        assert f"Ship {i + 1} {ship.name} " in words
    assert Order(2, "anchor").describe() == "ship 3 drops anchor"


@SEED.cites(
    130, "The masts indicate how much each contributes to the movement.", clause="AOS-MASTS"
)
def test_each_mast_gives_its_own_units_of_movement() -> None:
    pirate = _privateer()
    whole = allowance_on(E, speed=4, **pirate).state.helm
    no_fore = allowance_on(E, speed=4, masts=(False, True, True), **pirate).state.helm
    no_main = allowance_on(E, speed=4, masts=(True, False, True), **pirate).state.helm
    assert whole and no_fore and no_main
    assert (whole.left, no_fore.left, no_main.left) == (16, 12, 8), "main mast 2, others 1"
    line = allowance_on(E, speed=4, masts=(True, False, True)).state.helm
    assert line and line.left == 8, "a ship of the line's masts give 1 unit each"


@SEED.cites(
    131,
    "The gun decks are shown separately for port and starboard, each allowing a single dice to be "
    "thrown when firing or in hand to hand fighting.",
    clause=("AOS-FIRE-ONCE", "AOS-BOARD"),
)
def test_each_gun_deck_throws_one_die_in_a_broadside_or_a_boarding() -> None:
    st = table(
        {"x": 30.0, "y": 30.0, "heading": N, "decks": (1, 2)},
        {"x": 33.0, "y": 30.0, "heading": N, "decks": (3, 0)},
        {"x": 22.0, "y": 30.0, "side": 1, "name": "Dauphin Royal"},
        phase="combat",
    )
    starboard = GAME.apply(st, Fire(0, 1, "hull")).queue[0]
    port = GAME.apply(st, Fire(0, 2, "hull")).queue[0]
    boarding = GAME.apply(st, Board(0, 1)).queue[0]
    assert (starboard.n, port.n, boarding.n) == (2, 1, 3 + 3)
    m = match_at(st, 1, 1)
    m.apply(Fire(0, 1, "hull"))
    assert sum(e.kind == "chance" for e in m.events) == 2
    spent(m)


@SEED.cites(
    133,
    "As damage ensures, these cells are marked off one by one.",
    clause=("AOS-HULL-HIT", "AOS-VICTORY-POINTS"),
)
@pytest.mark.parametrize("hits", [0, 1, 2, 3])
def test_each_hit_marks_off_one_cell_of_the_record(hits: int) -> None:
    dice = [5] * hits + [1] * (3 - hits)
    m = match_at(
        two(
            {"x": 30.0, "y": 30.0, "heading": N},
            {"x": 33.0, "y": 30.0, "heading": N},
            phase="combat",
        )
    )
    m.script_chance(*dice)
    m.apply(Fire(0, 1, "hull"))
    target = m.state.ships[1]
    assert target.decks == (3 - hits, 3) and target.boxes == 12 - hits
    assert m.state.damage == (hits, 0)
    spent(m)


# --- combat -----------------------------------------------------------------------------------
@SEED.cites(
    142,
    "Combat occurs either by firing or boarding another ship.",
    clause=("AOS-FIRE-ONCE", "AOS-BOARD"),
)
def test_combat_is_a_broadside_or_a_boarding() -> None:
    st = two(
        {"x": 30.0, "y": 30.0, "heading": N}, {"x": 33.0, "y": 30.0, "heading": N}, phase="combat"
    )
    mine = {a for a in GAME.legal_actions(st) if not isinstance(a, End)}
    assert mine == {Fire(0, 1, "hull"), Fire(0, 1, "sails"), Board(0, 1)}
    far = two({"x": 30.0, "y": 30.0, "heading": N}, {"x": 50.0, "y": 30.0}, phase="combat")
    assert GAME.legal_actions(far) == [End()], "out of range and not touching: no combat"


def _bearing_ship(heading: int, bearing: float) -> State:
    x = 50.0 + 8 * math.sin(math.radians(45 * heading + bearing))
    y = 35.0 + 8 * math.cos(math.radians(45 * heading + bearing))
    return two({"x": 50.0, "y": 35.0, "heading": heading}, {"x": x, "y": y}, phase="combat")


@SEED.cites(
    142, "Each gun deck has an arc of fire of 90 degrees.", clause=("AOS-ARCS", "AOS-ARC-ENDS")
)
@pytest.mark.parametrize("heading", [N, E, SW])
def test_each_broadside_bears_over_90_degrees_abeam(heading: int) -> None:
    bears = {}
    for bearing in range(0, 360, 5):
        legal = GAME.legal_actions(_bearing_ship(heading, bearing))
        bears[bearing] = Fire(0, 1, "hull") in legal
    starboard = [b for b, ok in bears.items() if ok and b < 180]
    port = [b for b, ok in bears.items() if ok and b > 180]
    assert (min(starboard), max(starboard)) == (45, 135), "90 degrees on one side"
    assert (min(port), max(port)) == (225, 315), "and 90 on the other"
    assert len(starboard) == len(port) == 19 and sum(bears.values()) == 38


@SEED.cites(
    144,
    "Each gun deck can fire once per round and uses 1 dice throw when firing to indicate whether "
    "damage is inflicted.",
    clause="AOS-FIRE-ONCE",
)
def test_a_broadside_fires_once_a_round_one_die_a_deck() -> None:
    st = two(
        {"x": 30.0, "y": 30.0, "heading": N}, {"x": 33.0, "y": 30.0, "heading": N}, phase="combat"
    )
    m = match_at(st, 1, 1, 1)
    m.apply(Fire(0, 1, "hull"))
    assert sum(e.kind == "chance" for e in m.events) == 3
    refused(m, Fire(0, 1, "hull"), "AOS-FIRE-ONCE")
    refused(m, Fire(0, 1, "sails"), "AOS-FIRE-ONCE")
    m.apply(End())
    end_round(m)
    m.apply(End())
    m.script_chance(5, 1, 1)
    m.apply(Fire(0, 1, "hull"))  # the next round, again
    assert m.state.ships[1].decks == (2, 3)
    spent(m)


@SEED.cites(148, "Each gun deck in the arc may fire once in the round", clause="AOS-FIRE-ONCE")
def test_both_broadsides_may_fire_in_the_same_turn_each_once() -> None:
    st = table(
        {"x": 50.0, "y": 35.0, "heading": N},
        {"x": 55.0, "y": 35.0},
        {"x": 45.0, "y": 35.0, "side": 1, "name": "Dauphin Royal"},
        phase="combat",
    )
    m = match_at(st, 1, 1, 1, 1, 1, 1)
    m.apply(Fire(0, 1, "hull"))
    m.apply(Fire(0, 2, "sails"))
    assert m.state.ships[0].fired == (True, True)
    refused(m, Fire(0, 2, "hull"), "AOS-FIRE-ONCE")
    spent(m)


@SEED.cites(
    151,
    "The firing player must declare before the dice are thrown if he is aiming for the masts, or "
    "the gun decks then roll the dice, one for each gun deck shooting.",
    clause="AOS-AIM",
)
def test_the_aim_is_declared_before_the_dice_are_thrown() -> None:
    st = two(
        {"x": 30.0, "y": 30.0, "heading": N}, {"x": 33.0, "y": 30.0, "heading": N}, phase="combat"
    )
    pending = GAME.apply(st, Fire(0, 1, "sails")).queue[0]
    assert (pending.aim, pending.n, pending.dice) == ("sails", 3, ())
    sails = match_at(st, 5, 5, 1)
    sails.apply(Fire(0, 1, "sails"))
    hull = match_at(st, 5, 5, 1)
    hull.apply(Fire(0, 1, "hull"))
    assert sum(sails.state.ships[1].masts) == 1 and sails.state.ships[1].decks == (3, 3)
    assert hull.state.ships[1].masts == (True, True, True) and hull.state.ships[1].decks == (1, 3)


@SEED.cites(
    153,
    "If the result on each dice is equal or greater than the value indicated in the range table "
    "below, a hit is scored and the gun deck or hull is irretrievably damaged.",
    clause=("AOS-RANGE", "AOS-HULL-HIT"),
)
def test_each_die_at_or_above_the_table_hits_and_decks_are_never_repaired() -> None:
    st = two(
        {"x": 30.0, "y": 30.0, "heading": N}, {"x": 36.0, "y": 30.0, "heading": N}, phase="combat"
    )
    m = match_at(st, 4, 3, 6)  # 6 cm: the hull is hit on 4-6
    m.apply(Fire(0, 1, "hull"))
    assert m.state.ships[1].decks == (1, 3)
    m.apply(End())
    m.apply(End())  # France's combat phase: her lost decks cannot be mended
    assert Repair(1) not in m.legal_actions()
    refused(m, Repair(1), "AOS-REPAIR")
    m.script_chance(3, 3)
    m.apply(End())
    assert m.state.round == 2 and m.state.ships[1].decks == (1, 3)
    spent(m)


@SEED.cites(159, "0- 4cm 3-6 4-6", clause=("AOS-RANGE", "AOS-BANDS"))
@SEED.cites(160, "4- 8cm 4-6 5-6", clause=("AOS-RANGE", "AOS-BANDS"))
@SEED.cites(161, "8-12cm 5-6 6", clause=("AOS-RANGE", "AOS-BANDS"))
@pytest.mark.parametrize(
    ("cm", "hull", "sails"),
    [(3.0, 3, 4), (4.0, 3, 4), (6.0, 4, 5), (8.0, 4, 5), (10.0, 5, 6), (12.0, 5, 6)],
)
def test_the_range_table_gives_the_score_to_hit(cm: float, hull: int, sails: int) -> None:
    st = two(
        {"x": 30.0, "y": 30.0, "heading": N, "decks": (3, 1)},
        {"x": 30.0 + cm, "y": 30.0},
        phase="combat",
    )
    for aim, need in (("hull", hull), ("sails", sails)):
        for die, hit in ((need - 1, False), (need, True)):
            m = match_at(st, die)
            m.apply(Fire(0, 1, aim))
            t = m.state.ships[1]
            assert (t.boxes == 11) is hit, (cm, aim, die)


def test_nothing_hits_beyond_12_cm() -> None:
    st = two({"x": 30.0, "y": 30.0, "heading": N}, {"x": 42.5, "y": 30.0}, phase="combat")
    refused(match_at(st), Fire(0, 1, "hull"), "AOS-RANGE")


@SEED.cites(
    170,
    "If however the hit came from the fore or aft, then the masts will be removed in order from "
    "the fore or aft onwards along the ship.",
    clause="AOS-SAIL-HIT",
)
def test_raking_fire_brings_the_masts_down_in_order_from_that_end() -> None:
    base = {"x": 30.0, "y": 30.0, "heading": N}
    ahead = match_at(two(base, {"x": 33.0, "y": 30.0, "heading": W}, phase="combat"), 5, 5, 1)
    ahead.apply(Fire(0, 1, "sails"))
    assert ahead.state.ships[1].masts == (False, False, True), "fore, then main"
    astern = match_at(two(base, {"x": 33.0, "y": 30.0, "heading": E}, phase="combat"), 5, 5, 1)
    astern.apply(Fire(0, 1, "sails"))
    assert astern.state.ships[1].masts == (True, False, False), "mizzen, then main"


@SEED.cites(
    175,
    "If a firing player manages to get a pair of sixes in the firing round, the target catches "
    "on fire.",
    clause="AOS-FIRE",
)
def test_a_pair_of_sixes_sets_the_target_alight_a_single_six_does_not() -> None:
    st = two(
        {"x": 30.0, "y": 30.0, "heading": N}, {"x": 33.0, "y": 30.0, "heading": N}, phase="combat"
    )
    for dice, fire in (((6, 5, 5), 0), ((6, 1, 6), 1), ((6, 6, 6), 1)):
        m = match_at(st, *dice)
        m.apply(Fire(0, 1, "sails"))
        assert m.state.ships[1].fire == fire, dice


def _alight(first_mover_fires: bool, *dice: int) -> Match:
    """One ship set alight by a pair of sixes, in the first admiral's turn or the second's."""
    st = two({"x": 30.0, "y": 30.0, "heading": N}, {"x": 33.0, "y": 30.0, "heading": N})
    if first_mover_fires:
        m = match_at(dataclasses.replace(st, phase="combat"), 6, 6, 1, *dice)
        m.apply(Fire(0, 1, "sails"))
    else:
        m = match_at(st, 6, 6, 1, *dice)
        m.apply(End())
        m.apply(End())
        m.apply(End())
        m.apply(Fire(1, 0, "sails"))
    return m


@SEED.cites(
    176,
    "In the next round the ship on fire must throw a 5 or 6 to put the fire out.",
    clause="AOS-FIRE-OUT",
)
@SEED.cites(
    212,
    "Fire removal stage (5,6 first turn, 6 second turn. Immediate explosion if unsuccessful, check "
    "to see other ships catch fire)",
    clause=("AOS-FIRE-OUT", "AOS-SEQUENCE"),
)
@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_a_burning_ship_puts_the_fire_out_on_5_or_6_as_her_turn_opens_in_the_next_round(
    die: int,
) -> None:
    # set alight in the second admiral's turn: she fights it in the next round
    m = _alight(False, 3, 3, die)
    burning = m.state.ships[0]
    assert m.state.round == 1 and burning.fire == 1
    m.apply(End())
    assert m.state.round == 2 and m.state.to_move == 0
    fights = [e.text for e in m.events if e.kind == "chance"][-1]
    assert fights.startswith("Fire-fighting die") and "(needs 5+)" in fights
    assert m.state.ships[0].fire == (0 if die >= 5 else 2)
    spent(m)
    # set alight in the first admiral's turn: her own turn later in that round opens without
    # a roll (not "the next round"); she fights it as her turn opens in round 2
    m = _alight(True, 3, 3, die)
    m.apply(End())
    assert m.state.round == 1 and m.state.to_move == 1 and m.state.ships[1].fire == 1
    assert not any(e.text.startswith("Fire-fighting die") for e in m.events)
    m.apply(End())
    m.apply(End())  # the round ends: the wind's dice (3, 3)
    m.apply(End())
    m.apply(End())  # the first admiral's turn of round 2
    assert m.state.round == 2 and m.state.to_move == 1
    assert m.state.ships[1].fire == (0 if die >= 5 else 2)
    spent(m)


@SEED.cites(
    177,
    "If unsuccessful, the fire grows and in the next round, the ship must throw a 6 to put the "
    "fire out.",
    clause="AOS-FIRE-OUT",
)
@SEED.cites(
    181,
    "If unsuccessful, the ship blows up and is immediately sunk and removed from the game.",
    clause=("AOS-FIRE-OUT", "AOS-EXPLODE"),
)
@SEED.cites(
    212,
    "Fire removal stage (5,6 first turn, 6 second turn. Immediate explosion if unsuccessful, check "
    "to see other ships catch fire)",
    clause=("AOS-FIRE-OUT", "AOS-SEQUENCE"),
)
@pytest.mark.parametrize("die", [1, 5, 6])
def test_a_fire_that_grows_needs_a_6_the_round_after_or_she_blows_up(die: int) -> None:
    st = table(
        {"x": 30.0, "y": 30.0, "heading": N},
        {"x": 33.0, "y": 30.0, "heading": N},
        {"x": 70.0, "y": 60.0, "side": 1, "name": "Dauphin Royal"},
        phase="combat",
    )
    m = match_at(st, 6, 6, 1, 3, 3, 4)  # alight in round 1; her first roll, in round 2, fails
    m.apply(Fire(0, 1, "sails"))
    m.apply(End())
    m.apply(End())
    m.apply(End())  # her turn in round 1, without a roll; the wind's dice (3, 3)
    m.apply(End())
    m.apply(End())  # the first admiral's turn of round 2; hers opens with the roll (a 4)
    assert m.state.ships[1].fire == 2 and m.state.round == 2
    m.apply(End())
    m.script_chance(3, 3)
    m.apply(End())
    m.apply(End())  # the first admiral's turn of round 3; hers opens with the roll
    m.script_chance(die, *(() if die == 6 else (1,)))  # (a 1: Royal Sovereign does not catch)
    m.apply(End())
    assert m.state.round == 3 and m.state.to_move == 1
    ship = m.state.ships[1]
    if die == 6:
        assert ship.fire == 0 and ship.afloat
    else:
        assert ship.status == "exploded" and not ship.afloat
        assert all(getattr(a, "ship", -1) != 1 for a in m.legal_actions())
        assert "Ship 2 Soleil Royal: blown up." in describe(m.state)
        assert m.state.damage[0] == 2 + 10, "two masts shot away, then the 10 boxes left"
    spent(m)


@SEED.cites(
    182,
    "All ships within 12cm of this explosion risk catching fire themselves.",
    clause="AOS-EXPLODE",
)
@SEED.cites(
    183,
    "Use the range table above for damaging hulls to determine if any other ships catch on fire.",
    clause="AOS-EXPLODE",
)
def test_ships_within_12_cm_of_an_explosion_catch_fire_on_the_hull_column() -> None:
    st = table(
        {"x": 53.0, "y": 35.0},  # 3 cm: alight on 3+
        {"x": 50.0, "y": 35.0, "fire": 2},  # she blows up
        {"x": 50.0, "y": 41.0, "side": 1, "name": "Dauphin Royal"},  # 6 cm, her own side: 4+
        {"x": 40.0, "y": 35.0, "side": 0, "name": "Britannia"},  # 10 cm: 5+
        {"x": 50.0, "y": 23.0, "side": 0, "name": "Prince"},  # 12 cm: 5+
        {"x": 50.0, "y": 48.0, "side": 0, "name": "St Andrew"},  # 13 cm: safe
    )
    st = start_turn(dataclasses.replace(st, queue=()), 1)
    m = match_at(st, 1, 3, 3, 5, 4)
    s = m.state.ships
    assert s[1].status == "exploded"
    assert [x.fire for x in s] == [1, 0, 0, 1, 0, 0]
    needs = [e.text for e in m.events if e.kind == "chance"][1:]
    assert [t.split("(needs ")[1] for t in needs] == [
        "3+), Royal Sovereign catches fire.",
        "4+), no harm.",
        "5+), Britannia catches fire.",
        "5+), no harm.",
    ]
    spent(m)


@SEED.cites(
    186,
    "If all gun decks and the hull markers are lost, the ship is prone to sinking in high seas "
    "(when the wind speed reaches 6 or higher in the game).",
    clause="AOS-HIGH-SEAS",
)
@SEED.cites(
    187,
    "For each move that ships in this damaged state sail in high seas, if a 1 or 2 is thrown, the "
    "ship will sink.",
    clause="AOS-HIGH-SEAS",
)
@SEED.cites(
    219,
    "Checks to see if severely damaged ships (no gundecks or hull integrity units) sink in high "
    "seas (wind speed greater than 5 units).",
    clause="AOS-HIGH-SEAS",
)
@SEED.cites(220, "The ship will immediately sink if a 1 or 2 is thrown.", clause="AOS-HIGH-SEAS")
def test_a_wreck_in_high_seas_sinks_on_1_or_2_each_turn() -> None:
    wreck = {"decks": (0, 0), "hull": 0, "x": 30.0, "y": 30.0}
    for speed, rolls in ((5, 0), (6, 1), (7, 1)):
        st = table(wreck, FAR, {"x": 60.0, "y": 30.0, "side": 0, "name": "Britannia"}, speed=speed)
        assert len(st.queue) == rolls, f"wind {speed}"
    for damaged in ({"decks": (0, 1), "hull": 0}, {"decks": (0, 0), "hull": 1}):
        assert not table({**wreck, **damaged}, FAR, speed=7).queue, "not a wreck yet"
    st = table(wreck, FAR, {"x": 60.0, "y": 30.0, "side": 0, "name": "Britannia"}, speed=6)
    m = match_at(st, 3)  # she survives this turn
    assert m.state.ships[0].afloat
    m.apply(End())
    end_round(m, (3, 3), 2)  # the wind stays at 6; her next turn opens with a 2: she sinks
    assert m.state.ships[0].status == "sunk" and not m.is_over
    assert m.state.damage == (0, 3), "her three masts were left"
    spent(m)


@SEED.cites(
    191,
    "Boarding a ship occurs when two ships contact each other.",
    clause=("AOS-BOARD", "AOS-CONTACT"),
)
def test_ships_board_only_when_they_touch() -> None:
    for gap, touching in ((3.0, True), (4.0, True), (5.0, False)):
        st = two({"x": 30.0, "y": 30.0}, {"x": 30.0 + gap, "y": 30.0}, phase="combat")
        assert (Board(0, 1) in GAME.legal_actions(st)) is touching, gap
    st = two({"x": 30.0, "y": 30.0}, {"x": 35.0, "y": 30.0}, phase="combat")
    refused(match_at(st), Board(0, 1), "AOS-CONTACT")


@SEED.cites(
    191,
    "A battle ensues with each remaining gun deck giving a dice throw for the ship.",
    clause="AOS-BOARD",
)
@SEED.cites(
    192,
    "Simply total the score for each ship from the number of dice thrown for each gun deck.",
    clause="AOS-BOARD",
)
@SEED.cites(194, "The highest total wins and captures the opposing ship.", clause="AOS-BOARD")
def test_boarding_totals_a_die_per_remaining_deck_and_the_higher_captures() -> None:
    st = table(
        {"x": 30.0, "y": 30.0, "heading": N, "decks": (2, 1)},
        {"x": 33.0, "y": 30.0, "heading": N, "decks": (1, 0)},
        {"x": 70.0, "y": 60.0, "side": 1, "name": "Dauphin Royal"},
        phase="combat",
    )
    assert GAME.apply(st, Board(0, 1)).queue[0].n == 3 + 1
    m = match_at(st, 3, 3, 3, 6)  # 9 against 6: the boarders win
    m.apply(Board(0, 1))
    assert m.state.ships[1].side == 0 and m.state.ships[1].captured
    m = match_at(st, 1, 2, 1, 5)  # 4 against 5: the defenders win, and take the boarders' ship
    m.apply(Board(0, 1))
    s = m.state.ships
    assert s[0].side == 1 and s[0].captured and s[1].side == 1 and not s[1].captured
    assert m.state.damage == (0, 3 + 3 + 3), "all her boxes: 3 decks, 3 masts, 3 hull units"
    spent(m)


@SEED.cites(
    194,
    "Once the ships are in contact, it takes a throw of 6 on a dice to disentangle them.",
    clause="AOS-SEPARATE",
)
@SEED.cites(
    215, "Tries to separate any entangled ships if desired", clause=("AOS-SEPARATE", "AOS-SEQUENCE")
)
def test_locked_ships_cut_loose_only_on_a_6_and_only_if_they_wish() -> None:
    st = two({"x": 30.0, "y": 30.0, "entangled": 1}, {"x": 33.0, "y": 30.0, "entangled": 0})
    m = match_at(st)
    assert m.legal_actions() == (Order(0, "separate"), Order(0, "stay"))
    m.apply(Order(0, "stay"))  # if desired: she may stay locked
    assert m.legal_actions() == (End(),)  # locked, she does not move
    # she chose to stay, so the refusal of a movement order does not say she tried
    assert refusal(m, Turn(0, E)) == (
        "Royal Sovereign and Soleil Royal stay locked this turn: they can try to cut loose "
        "next turn."
    )
    m.apply(End())
    m.apply(End())
    assert m.state.ships[0].entangled == 1
    assert m.legal_actions() == (Order(1, "separate"), Order(1, "stay"))
    m.script_chance(5)
    m.apply(Order(1, "separate"))
    assert (m.state.ships[0].entangled, m.state.ships[1].entangled) == (1, 0)
    assert refusal(m, Sail(1, 2)) == (  # her throw failed: the same words fit
        "Soleil Royal and Royal Sovereign stay locked this turn: they can try to cut loose "
        "next turn."
    )
    m.apply(End())
    m.script_chance(3, 3, 6)  # the wind, then her 6 in round 2
    m.apply(End())
    m.apply(Order(0, "separate"))
    assert (m.state.ships[0].entangled, m.state.ships[1].entangled) == (-1, -1)
    spent(m)


@SEED.cites(212, "Fire removal stage", clause="AOS-SEQUENCE")
@SEED.cites(
    215, "Tries to separate any entangled ships if desired", clause=("AOS-SEPARATE", "AOS-SEQUENCE")
)
@SEED.cites(217, "Tries to refloat any ships foundered on shoals", clause="AOS-SEQUENCE")
@SEED.cites(
    223,
    "Moves their ships and checks if any ships foundered on shoals when first encountering them",
    clause="AOS-SEQUENCE",
)
def test_the_turn_runs_fire_then_cutting_loose_then_refloating_then_moving() -> None:
    """The seed's sequence of play: a burning ship's fire roll; then a locked ship tries to
    cut loose (or stays), before any ship moves; then a ship aground tries to refloat; then
    the ships move. Cutting loose used to be an order in the movement, after the refloat die
    and after other ships had sailed."""
    st = table(
        {"x": 30.0, "y": 30.0, "entangled": 1, "fire": 1},
        {"x": 33.0, "y": 30.0, "entangled": 0},
        {"x": 60.0, "y": 20.0, "side": 0, "name": "Aground", "aground": True},
        {"x": 80.0, "y": 60.0, "side": 0, "name": "Free"},
    )
    m = match_at(st, 5, 6, 2)  # the fire goes out, she cuts loose, Aground stays aground
    assert m.state.phase == "cut_loose"
    assert m.legal_actions() == (Order(0, "separate"), Order(0, "stay"))
    refused(m, Turn(3, E), "AOS-SEQUENCE")  # no ship moves before the locked ones chose
    refused(m, End(), "AOS-SEQUENCE")
    m.apply(Order(0, "separate"))
    assert [e.text.split(" — ")[0] for e in m.events if e.kind == "chance"] == [
        "Fire-fighting die",
        "Cutting loose die",
        "Refloat die",
    ]
    assert m.state.phase == "move" and m.state.ships[0].entangled == -1
    assert Turn(3, E) in m.legal_actions() and any(
        isinstance(a, Turn) and a.ship == 0 for a in m.legal_actions()
    )
    spent(m)


def _captured() -> Match:
    """England's Royal Sovereign takes Soleil Royal by boarding; Dauphin Royal lies to the west."""
    return captured({"x": 22.0, "y": 30.0, "side": 1, "name": "Dauphin Royal"})


@SEED.cites(
    196,
    "the captured ship must be manned by at least one gun deck from the winning ship.",
    clause="AOS-PRIZE",
)
@SEED.cites(
    197,
    "The gun deck must be marked off on the ships record, and it can no longer contribute to the "
    "winning ships combat effectiveness.",
    clause="AOS-PRIZE",
)
@SEED.cites(
    198,
    "The transferred crew is the captured ships new combat potential and mans the gun decks "
    "accordingly.",
    clause="AOS-PRIZE",
)
def test_the_prize_crew_leaves_the_winner_and_fights_the_prize() -> None:
    m = _captured()
    winner, prize = m.state.ships[0], m.state.ships[1]
    assert winner.decks == (2, 3) and prize.decks == (1, 0) and prize.side == 0
    assert prize.decks[0] == 1 and winner.decks[0] == 3 - 1, "a deck crossed from winner to prize"
    m.apply(End())
    m.apply(End())
    m.script_chance(3, 3, 6)  # the wind; then, in round 2, the ships cut loose
    m.apply(End())
    m.apply(Order(0, "separate"))
    winner, prize = m.state.ships[0], m.state.ships[1]
    assert winner.entangled == prize.entangled == -1
    assert (winner.decks, prize.decks) == ((2, 3), (1, 0)), "still manned by the winner's crew"
    m.apply(End())  # England's combat phase
    assert GAME.apply(m.state, Fire(0, 2, "hull")).queue[0].n == 2, "one die fewer"
    assert GAME.apply(m.state, Fire(1, 2, "hull")).queue[0].n == 1, "the prize fights too"
    spent(m)


# --- the game sequence ------------------------------------------------------------------------
@SEED.cites(206, "Define wind direction and strength.", clause="AOS-WIND")
def test_the_wind_is_set_before_anyone_moves() -> None:
    m = navalkit.new_match("age_of_sail", seed=1, wind="NE", wind_speed=6, chance=[0])
    first = m.events[0]
    assert first.kind == "chance" and "Roll-off" in first.text
    assert m.state.wind_from == wind_source("NE") and m.state.wind_speed == 6
    assert not any(e.kind == "action" for e in m.events)


@SEED.cites(208, "Both players dice for who moves first, winner moves first.", clause="AOS-FIRST")
@pytest.mark.parametrize("winner", [0, 1])
def test_the_winner_of_the_roll_off_moves_first_every_round(winner: int) -> None:
    m = navalkit.new_match("age_of_sail", seed=1, chance=[winner, 3, 3])
    assert m.events[0].probability == 0.5 and m.current_player == winner
    m.apply(End())
    m.apply(End())
    assert m.current_player == 1 - winner
    m.apply(End())
    m.apply(End())
    assert m.state.round == 2 and m.current_player == winner
    spent(m)


@SEED.cites(229, "Player 2 repeats sequence", clause="AOS-SEQUENCE")
def test_the_second_admiral_has_the_same_sequence_in_his_turn() -> None:
    st = table(
        {"x": 30.0, "y": 30.0, "heading": N},
        {"x": 33.0, "y": 30.0, "heading": N, "fire": 1},
        {"x": 70.0, "y": 20.0, "side": 1, "name": "Dauphin Royal", "aground": True},
        {"x": 70.0, "y": 50.0, "side": 1, "name": "Magnifique", "decks": (0, 0), "hull": 0},
        speed=6,
    )
    m = match_at(st, 1, 6, 3)
    m.apply(End())
    m.apply(End())
    rolls = [e.text for e in m.events if e.kind == "chance"]
    assert [r.split(" — ")[0] for r in rolls] == [
        "Fire-fighting die",
        "Refloat die",
        "High seas die",
    ]
    assert m.state.to_move == 1 and m.state.phase == "move"
    assert m.state.ships[1].fire == 2 and not m.state.ships[2].aground
    m.apply(Turn(2, E))  # then he moves, then he fights
    m.apply(Sail(2, 4))
    refused(m, Fire(1, 0, "hull"), "AOS-TIMING")
    m.apply(End())
    assert m.state.phase == "combat" and Fire(1, 0, "hull") in m.legal_actions()
    spent(m)


@SEED.cites(
    245,
    "The winner is the Admiral inflicting the most damage on the opposing fleet.",
    clause=("AOS-VICTORY", "AOS-VICTORY-POINTS"),
)
def test_the_admiral_who_did_the_most_damage_wins() -> None:
    st = table(
        {"x": 30.0, "y": 30.0, "heading": N},
        {"x": 33.0, "y": 30.0, "heading": S},
        phase="combat",
        max_rounds=1,
    )
    m = match_at(st, 5, 5, 1)  # England: two masts
    m.apply(Fire(0, 1, "sails"))
    m.apply(End())
    m.apply(End())
    m.script_chance(5, 5, 4)  # France answers with three dice: three decks
    m.apply(Fire(1, 0, "hull"))
    assert m.state.damage == (2, 3)
    m.script_chance(3, 3)
    m.apply(End())
    assert m.is_over and m.winner == 1 and "France wins" in m.status
    spent(m)
