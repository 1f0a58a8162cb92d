"""Age of Sail scenarios, one or more per rule clause, from the seed's worked examples.

Positions are built directly (ships placed by hand) and played through a Match with scripted
dice. A test named ``test_AOS_X_...`` covers clause ``AOS-X``; a meta-test checks each has one.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from aos_helpers import captured, match_at, refused, table, two
from seedcite import Seed

import navalkit
from navalkit import Match
from navalkit.games.age_of_sail import (
    CLAUSES,
    GAME,
    Board,
    End,
    Fire,
    Order,
    Repair,
    Sail,
    Turn,
    hit_number,
    max_move,
    wind_after,
)
from navalkit.games.age_of_sail.config import Config
from navalkit.games.age_of_sail.mechanics.sequence import initial_state, start_turn

N, NE, E, SE, S, SW, W, NW = range(8)

SEED = Seed("age_of_sail")


# --- wind and sequence ----------------------------------------------------------------------------
@SEED.cites(
    49, "The scale of movement of the ships is 1 cm = 1 unit of distance.", clause="AOS-SCALE"
)
def test_AOS_SCALE_one_cm_per_unit() -> None:
    m = match_at(two({"x": 20.0, "y": 30.0, "heading": E}, {"x": 80.0, "y": 30.0}))
    m.apply(Turn(0, E))
    m.apply(Sail(0, 12))
    assert m.state.ships[0].x == 32.0


def test_AOS_TABLE_and_AOS_EDGE_no_sailing_off_the_table() -> None:
    m = match_at(two({"x": 95.0, "y": 30.0, "heading": E}, {"x": 20.0, "y": 30.0}))
    m.apply(Turn(0, E))
    refused(m, Sail(0, 8), "AOS-EDGE")


def test_AOS_WIND_starts_at_force_4() -> None:
    m = navalkit.new_match("age_of_sail", seed=3)
    assert m.state.wind_speed == 4 and 1 <= m.state.wind_from + 1 <= 8


def test_AOS_WIND_REF_running_is_wind_from_astern() -> None:
    s = two({"heading": E}, {}, wind=W)
    from navalkit.games.age_of_sail.rules import allowance

    assert allowance(s.ships[0], E, s) == 12  # running before a westerly


@SEED.cites(
    27,
    "At the end of each round, a dice is thrown and the wind changes accordingly.",
    clause="AOS-WIND-ROLL",
)
@SEED.cites(31, "1 = move wind 1 points anticlockwise.", clause="AOS-WIND-ROLL")
@SEED.cites(33, "6 = move wind 1 points clockwise.", clause="AOS-WIND-ROLL")
@SEED.cites(39, "1 = reduce wind speed 1 level", clause="AOS-WIND-ROLL")
@SEED.cites(40, "2-5 = no change to current wind speed", clause="AOS-WIND-ROLL")
@SEED.cites(41, "6 = increase wind speed by 1 level", clause="AOS-WIND-ROLL")
@SEED.cites(
    231,
    "Round restarts by redefining wind direction and strength acording to die rolls.",
    clause="AOS-WIND-ROLL",
)
def test_AOS_WIND_ROLL_calculator_and_end_of_round() -> None:
    assert wind_after("N", 4, 1, 3) == ("NW", 4)
    assert wind_after("N", 4, 6, 6) == ("NE", 5)
    assert wind_after("W", 7, 3, 6) == ("W", 7)
    assert wind_after("W", 1, 2, 1) == ("W", 1)
    with pytest.raises(ValueError):
        wind_after("X", 4, 1, 1)
    m = match_at(two({}, {}))
    m.apply(End())
    m.apply(End())
    m.apply(End())
    m.script_chance(6, 1)
    m.apply(End())
    assert m.state.wind_from == NW and m.state.wind_speed == 3 and m.state.round == 2


@SEED.cites(208, "Both players dice for who moves first, winner moves first.", clause="AOS-FIRST")
def test_AOS_FIRST_roll_off() -> None:
    m = navalkit.new_match("age_of_sail", seed=0, chance=[1])
    assert m.current_player == 1
    assert m.events[0].probability == 0.5


def test_AOS_SEQUENCE_only_the_admiral_to_move() -> None:
    m = match_at(two({}, {}))
    refused(m, Turn(1, SW), "AOS-SEQUENCE")
    refused(m, Fire(0, 1, "hull"), "AOS-TIMING")


@SEED.cites(
    226,
    "Combat exchange via broadsides or boarding with enemy at the end of the movement phase",
    clause="AOS-TIMING",
)
def test_AOS_TIMING_fire_after_movement() -> None:
    m = match_at(two({"x": 30.0, "y": 30.0, "heading": N}, {"x": 38.0, "y": 30.0}))
    refused(m, Fire(0, 1, "hull"), "AOS-TIMING")
    m.apply(End())
    assert Fire(0, 1, "hull") in m.legal_actions()
    refused(m, Turn(0, N), "AOS-SEQUENCE")


def test_AOS_ORDERS_one_order_per_ship() -> None:
    m = match_at(two({"heading": N}, {}))
    m.apply(Turn(0, N))
    refused(m, End(), "AOS-ORDERS")
    m.apply(Sail(0, 3))
    refused(m, Turn(0, NE), "AOS-ORDERS")


# --- movement -------------------------------------------------------------------------------------
def test_AOS_MOVE_seed_examples() -> None:
    assert max_move(3, 4, 180) == 12
    assert max_move(3, 5, 180) == 15
    assert max_move(3, 5, 90) == 18
    assert max_move(3, 5, 45) == 12
    assert max_move(1, 1, 45) == 1  # the 1 cm minimum
    with pytest.raises(ValueError):
        max_move(3, 4, 0)


@SEED.cites(
    67,
    "So, for example, if a ship of the line has 3 masts and the wind speed is 4 and it's "
    "sailing +180○ (running by the wind), the ship may move 3x4 = 12 units of distance, which "
    "equals 12 cm.",
    clause="AOS-MOVE",
)
def test_AOS_MOVE_no_further_than_the_allowance() -> None:
    m = match_at(two({"x": 20.0, "y": 30.0, "heading": E}, {"x": 80.0, "y": 60.0}))
    m.apply(Turn(0, E))
    refused(m, Sail(0, 13), "AOS-MOVE")
    m.apply(Sail(0, 12))


def test_AOS_POINTS_of_sail() -> None:
    assert max_move(3, 4, 135) == 15 and max_move(3, 4, 90) == 15 and max_move(3, 4, 45) == 9


@SEED.cites(94, "Ships may sail in any direction, except directly into wind", clause="AOS-IRONS")
def test_AOS_IRONS_no_heading_into_the_wind() -> None:
    m = match_at(two({"heading": NE}, {}, wind=N))
    refused(m, Turn(0, N), "AOS-IRONS")
    assert Turn(0, NW) in m.legal_actions()  # tacking across the wind


@SEED.cites(
    104,
    "All ships must use the turning circle below to change direction (each point takes two "
    "units of movement).",
    clause="AOS-TURN",
)
def test_AOS_TURN_two_units_a_point() -> None:
    m = match_at(two({"x": 50.0, "y": 30.0, "heading": N}, {"x": 90.0, "y": 60.0}, wind=W))
    m.apply(Turn(0, S))  # four points at 2 cm each, broad... beam reach 15 - 8
    assert m.state.helm is not None and m.state.helm.left == 15 - 8


@SEED.cites(
    104,
    "All ships must use the turning circle below to change direction (each point takes two "
    "units of movement).",
    clause="AOS-TURN",
)
def test_AOS_TURN_too_far_for_the_allowance() -> None:
    m = match_at(two({"heading": N, "masts": (True, False, False)}, {}, wind=W, speed=1))
    refused(m, Turn(0, S), "AOS-TURN")


@SEED.cites(
    104,
    "All ships must use the turning circle below to change direction (each point takes two "
    "units of movement).",
    clause=("AOS-TURN", "AOS-HELM"),
)
def test_AOS_HELM_allowance_of_the_new_heading() -> None:
    m = match_at(two({"x": 50.0, "y": 30.0, "heading": N}, {"x": 90.0, "y": 60.0}, wind=W))
    m.apply(Turn(0, NE))  # broad reach 15 less 2
    assert m.state.helm is not None and m.state.helm.left == 13


@SEED.cites(
    130, "The masts indicate how much each contributes to the movement.", clause="AOS-MASTS"
)
def test_AOS_MASTS_pirate_main_mast() -> None:
    assert max_move(2 * 1 + 1 * 2, 4, 180) == 16
    s = initial_state(Config(scenario="pirates"))
    assert [sh.units for sh in s.ships] == [3, 3, 4, 4]


@SEED.cites(
    88,
    "if all masts have been shot away, the ship will drift 1 unit in the direction of the wind.",
    clause="AOS-DRIFT",
)
def test_AOS_DRIFT_dismasted_ship_drifts_downwind() -> None:
    m = match_at(two({"x": 50.0, "y": 30.0, "masts": (False,) * 3}, {"x": 90.0, "y": 60.0}))
    refused(m, Turn(0, N), "AOS-DRIFT")
    # 'the ship will drift': movement cannot end with her still where she was (it could)
    refused(m, End(), "AOS-DRIFT")
    m.apply(Order(0, "drift"))
    assert (m.state.ships[0].x, m.state.ships[0].y) == (51.0, 30.0)
    m.apply(End())  # now it can
    # at anchor she stays: dropping the anchor is her order instead
    m = match_at(two({"x": 50.0, "y": 30.0, "masts": (False,) * 3}, {"x": 90.0, "y": 60.0}))
    m.apply(Order(0, "anchor"))
    m.apply(End())
    assert (m.state.ships[0].x, m.state.ships[0].y) == (50.0, 30.0)


@SEED.cites(
    89,
    "Ships may repair fallen masts by throwing one dice per turn; getting a 6 repairs the mast",
    clause="AOS-REPAIR",
)
def test_AOS_REPAIR_a_six_restores_a_mast() -> None:
    st = two({"masts": (False, True, True)}, {}, phase="combat")
    m = match_at(st, 6)
    m.apply(Repair(0))
    assert m.state.ships[0].masts == (True, True, True)
    refused(m, Repair(0), "AOS-REPAIR")


@SEED.cites(109, "Conventionally, ships in squadrons follow the leading ship", clause="AOS-LINE")
def test_AOS_LINE_the_leader_moves_first() -> None:
    s = initial_state(Config(scenario="fleet", first_player="first"))
    m = match_at(s)
    refused(m, Turn(1, E), "AOS-LINE")
    m.apply(Turn(0, NE))
    m.apply(Sail(0, 5))
    m.apply(Turn(1, NE))


@SEED.cites(
    109,
    "Conventionally, ships in squadrons follow the leading ship",
    clause=("AOS-LINE", "AOS-LINE-COPY"),
)
def test_AOS_LINE_COPY_followers_copy_the_leaders_turn_and_run() -> None:
    s = initial_state(Config(scenario="fleet", first_player="first"))
    m = match_at(s)
    m.apply(Turn(0, NE))
    m.apply(Sail(0, 5))
    refused(m, Turn(1, E), "AOS-LINE-COPY")
    m.apply(Turn(1, NE))
    refused(m, Sail(1, 6), "AOS-LINE-COPY")
    m.apply(Sail(1, 5))


@SEED.cites(
    113,
    "A ship may drop anchor and cannot move until an entire move has passed to raise the anchor "
    "again.",
    clause="AOS-ANCHOR",
)
def test_AOS_ANCHOR_weighing_takes_a_move() -> None:
    m = match_at(two({}, {}))
    m.apply(Order(0, "anchor"))
    assert m.state.ships[0].anchored
    m.apply(End())
    m.apply(End())
    m.apply(End())
    m.apply(End())  # wind rolls come from the seed
    refused(m, Turn(0, N), "AOS-ANCHOR")
    m.apply(Order(0, "weigh"))
    assert not m.state.ships[0].anchored and m.state.ships[0].ordered


@SEED.cites(
    114,
    "Ships passing over shoals or mudflats marked on the playing surface do so at their peril, "
    "for they must throw a dice and a score of 1, 2, 3 indicates they founder and cannot move "
    "again until they throw a 6 and refloat.",
    clause=("AOS-SHOAL", "AOS-REFLOAT"),
)
def test_AOS_SHOAL_aground_on_1_to_3() -> None:
    st = two(
        {"x": 20.0, "y": 30.0, "heading": E}, {"x": 90.0, "y": 60.0}, shoals=((30.0, 30.0, 3.0),)
    )
    m = match_at(st, 2)
    m.apply(Turn(0, E))
    m.apply(Sail(0, 12))
    assert m.state.ships[0].aground and m.state.ships[0].x == 27.0
    m.apply(End())
    m.apply(End())
    m.apply(End())
    m.script_chance(3, 3, 1)  # wind rolls, then a failed refloat roll
    m.apply(End())
    refused(m, Turn(0, E), "AOS-SHOAL")


@SEED.cites(217, "Tries to refloat any ships foundered on shoals", clause="AOS-REFLOAT")
def test_AOS_REFLOAT_on_a_six() -> None:
    st = two({"aground": True}, {})
    st = start_turn(dataclasses.replace(st, queue=()), 0)
    m = match_at(st, 6)
    assert not m.state.ships[0].aground


def test_AOS_COLLIDE_no_overlap() -> None:
    m = match_at(two({"x": 20.0, "y": 30.0, "heading": E}, {"x": 30.0, "y": 30.0}))
    m.apply(Turn(0, E))
    refused(m, Sail(0, 9), "AOS-COLLIDE")
    m.apply(Sail(0, 8))


@SEED.cites(
    125,
    "Each ship is named, and has 3 gun decks on both the port and starboard side (with the "
    "exception of Pirate ships, which have only 2 gun decks), 3 masts and 3 hull integrity "
    "units.",
    clause="AOS-SHIP",
)
def test_AOS_SHIP_record() -> None:
    s = initial_state(Config())
    assert s.ships[0].decks == (3, 3) and s.ships[0].hull == 3 and all(s.ships[0].masts)


def test_AOS_FLEETS_scenarios() -> None:
    for key, n in (("duel", 2), ("fleet", 6), ("pirates", 4)):
        assert len(initial_state(Config(scenario=key)).ships) == n


# --- gunfire --------------------------------------------------------------------------------------
def gun(target: dict[str, Any], *dice: int, aim: str = "hull", **kw: Any) -> Match:
    st = two(
        {"x": 30.0, "y": 30.0, "heading": N}, {"x": 33.0, "y": 30.0, **target}, phase="combat", **kw
    )
    m = match_at(st, *dice)
    m.apply(Fire(0, 1, aim))
    return m


def test_AOS_ARCS_starboard_bears_east_when_heading_north() -> None:
    m = gun({"heading": N}, 1, 1, 1)
    assert m.state.ships[0].fired == (False, True)


def test_AOS_ARC_NAMES_starboard_is_on_the_right_facing_the_bow() -> None:
    m = gun({"heading": N}, 1, 1, 1)  # the bow north, the enemy to the east: starboard fires
    v = GAME.violation(m.state, Fire(0, 1, "hull"))
    assert v is not None and "starboard decks have fired" in v.message


@SEED.cites(
    142, "Each gun deck has an arc of fire of 90 degrees.", clause=("AOS-ARCS", "AOS-ARC-ENDS")
)
def test_AOS_ARC_ENDS_no_fire_ahead() -> None:
    st = two({"x": 30.0, "y": 30.0, "heading": N}, {"x": 30.0, "y": 35.0}, phase="combat")
    refused(match_at(st), Fire(0, 1, "hull"), "AOS-ARC-ENDS")


@SEED.cites(144, "Each gun deck can fire once per round", clause="AOS-FIRE-ONCE")
def test_AOS_FIRE_ONCE_each_side_once() -> None:
    m = gun({"heading": N}, 1, 1, 1)
    refused(m, Fire(0, 1, "hull"), "AOS-FIRE-ONCE")


@SEED.cites(
    151,
    "The firing player must declare before the dice are thrown if he is aiming for the masts, "
    "or the gun decks",
    clause="AOS-AIM",
)
@SEED.cites(168, "If sails were chosen then each hit will remove a mast.", clause="AOS-SAIL-HIT")
def test_AOS_AIM_sails_remove_masts() -> None:
    m = gun({"heading": N}, 4, 3, 1, aim="sails")
    assert sum(m.state.ships[1].masts) == 2


@SEED.cites(159, "0- 4cm 3-6 4-6", clause="AOS-RANGE")
@SEED.cites(160, "4- 8cm 4-6 5-6", clause="AOS-RANGE")
@SEED.cites(161, "8-12cm 5-6 6", clause="AOS-RANGE")
def test_AOS_RANGE_hit_table() -> None:
    assert [hit_number(r, "hull") for r in (1, 4, 5, 8, 9, 12)] == [3, 3, 4, 4, 5, 5]
    assert [hit_number(r, "sails") for r in (1, 4, 5, 8, 9, 12)] == [4, 4, 5, 5, 6, 6]
    assert hit_number(12.5, "hull") is None
    st = two({"x": 30.0, "y": 30.0, "heading": N}, {"x": 43.0, "y": 30.0}, phase="combat")
    refused(match_at(st), Fire(0, 1, "hull"), "AOS-RANGE")


def test_AOS_BANDS_edges_belong_to_the_nearer_band() -> None:
    assert hit_number(4.0, "hull") == 3 and hit_number(8.0, "hull") == 4


@SEED.cites(
    167,
    "If gun decks were selected as the target, then each hit will knock out one gun deck on the "
    "side you are firing at.",
    clause="AOS-HULL-HIT",
)
def test_AOS_HULL_HIT_side_facing_the_firer() -> None:
    m = gun({"heading": N}, 3, 5, 1)  # target's port side faces west, towards the firer
    assert m.state.ships[1].decks == (1, 3) and m.state.damage == (2, 0)


@SEED.cites(
    172,
    "Firing directly from the stern creates equal damage to both sides of the ship, making it "
    "particularly effective in damaging ships.",
    clause="AOS-RAKE",
)
def test_AOS_RAKE_stern_hits_both_sides() -> None:
    m = gun({"heading": E}, 6, 1, 1)  # firer lies dead astern of a ship heading east
    assert m.state.ships[1].decks == (2, 2)


def test_AOS_HULL_UNITS_when_the_side_is_empty() -> None:
    m = gun({"heading": N, "decks": (0, 3)}, 6, 1, 1)
    assert m.state.ships[1].hull == 2
    m2 = gun({"heading": N, "decks": (0, 3)}, 6, 1, 1, hull_hits=False)
    assert m2.state.ships[1].hull == 3


def test_AOS_SAIL_CHOICE_from_the_broadside_the_cheapest_mast_goes() -> None:
    m = gun({"heading": N}, 6, 1, 1, aim="sails")  # fired on from the broadside (the beam)
    assert m.state.ships[1].masts.count(False) == 1
    assert m.state.ships[1].masts[0] is False  # all equal: the foremost of equals


@SEED.cites(
    170,
    "If however the hit came from the fore or aft, then the masts will be removed in order from "
    "the fore or aft onwards along the ship.",
    clause="AOS-SAIL-HIT",
)
def test_AOS_SAIL_HIT_from_astern_aft_mast_first() -> None:
    m = gun({"heading": E}, 6, 1, 1, aim="sails")
    assert m.state.ships[1].masts == (True, True, False)
    m = gun({"heading": W}, 6, 1, 1, aim="sails")  # from ahead: the foremast first
    assert m.state.ships[1].masts == (False, True, True)


@SEED.cites(
    175,
    "If a firing player manages to get a pair of sixes in the firing round, the target catches "
    "on fire.",
    clause="AOS-FIRE",
)
def test_AOS_FIRE_pair_of_sixes() -> None:
    m = gun({"heading": N}, 6, 6, 1)
    assert m.state.ships[1].fire == 1


@SEED.cites(
    177,
    "If unsuccessful, the fire grows and in the next round, the ship must throw a 6 to put the "
    "fire out.",
    clause="AOS-FIRE-OUT",
)
@SEED.cites(
    181,
    "If unsuccessful, the ship blows up and is immediately sunk and removed from the game.",
    clause="AOS-FIRE-OUT",
)
def test_AOS_FIRE_OUT_then_explode() -> None:
    m = gun({"heading": N}, 6, 6, 1)
    m.apply(End())  # France's turn in the round the fire caught: no roll yet
    assert m.state.ships[1].fire == 1 and m.state.round == 1
    m.apply(End())
    m.script_chance(3, 3)  # the wind
    m.apply(End())
    m.apply(End())
    m.script_chance(4)  # France's turn in the next round: 4 fails (needs 5-6), the fire grows
    m.apply(End())
    assert m.state.ships[1].fire == 2 and m.state.round == 2
    m.apply(End())
    m.script_chance(3, 3)  # the wind
    m.apply(End())
    m.apply(End())
    m.script_chance(5)  # France's turn in the round after needs a 6: she blows up
    m.apply(End())
    assert m.state.ships[1].status == "exploded" and m.is_over


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
def test_AOS_EXPLODE_neighbours_may_catch_fire() -> None:
    st = table(
        {"x": 30.0, "y": 30.0},
        {"x": 70.0, "y": 30.0, "fire": 2},
        {"x": 74.0, "y": 30.0, "side": 1, "name": "Dauphin"},
    )
    st = start_turn(dataclasses.replace(st, queue=()), 1)
    m = match_at(st, 1, 5)
    assert m.state.ships[1].status == "exploded"
    assert m.state.ships[2].fire == 1  # 4 cm: hull column needs 3+
    assert m.state.damage[0] == 12


@SEED.cites(
    186,
    "If all gun decks and the hull markers are lost, the ship is prone to sinking in high seas "
    "(when the wind speed reaches 6 or higher in the game).",
    clause="AOS-HIGH-SEAS",
)
@SEED.cites(220, "The ship will immediately sink if a 1 or 2 is thrown.", clause="AOS-HIGH-SEAS")
def test_AOS_HIGH_SEAS_wrecks_founder_on_1_2() -> None:
    st = two({"decks": (0, 0), "hull": 0}, {}, speed=6)
    st = start_turn(dataclasses.replace(st, queue=()), 0)
    m = match_at(st, 2)
    assert m.is_over and m.state.ships[0].status == "sunk"


@SEED.cites(
    191,
    "Boarding a ship occurs when two ships contact each other.",
    clause=("AOS-BOARD", "AOS-CONTACT"),
)
def test_AOS_CONTACT_board_only_when_touching() -> None:
    st = two({"x": 30.0, "y": 30.0}, {"x": 35.0, "y": 30.0}, phase="combat")
    refused(match_at(st), Board(0, 1), "AOS-CONTACT")


@SEED.cites(
    191,
    "A battle ensues with each remaining gun deck giving a dice throw for the ship.",
    clause="AOS-BOARD",
)
@SEED.cites(194, "The highest total wins and captures the opposing ship.", clause="AOS-BOARD")
def test_AOS_BOARD_higher_total_captures() -> None:
    st = two(
        {"x": 30.0, "y": 30.0, "heading": N}, {"x": 33.0, "y": 30.0, "heading": N}, phase="combat"
    )
    m = match_at(st, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1)
    m.apply(Board(0, 1))
    s = m.state.ships
    assert s[1].side == 0 and s[1].captured and m.is_over
    assert m.state.damage[0] == 12


def test_AOS_BOARD_TIE_reroll_or_defender() -> None:
    st = two(
        {"x": 30.0, "y": 30.0, "decks": (1, 0)},
        {"x": 33.0, "y": 30.0, "decks": (1, 0)},
        phase="combat",
    )
    m = match_at(st, 3, 3, 5, 2)
    m.apply(Board(0, 1))
    assert m.state.ships[1].side == 0
    st2 = dataclasses.replace(st, config=Config(first_player="first", boarding_ties="defender"))
    m2 = match_at(st2, 3, 3)
    m2.apply(Board(0, 1))
    assert m2.state.ships[0].side == 1


@SEED.cites(
    197,
    "The gun deck must be marked off on the ships record, and it can no longer contribute to "
    "the winning ships combat effectiveness.",
    clause="AOS-PRIZE",
)
@SEED.cites(
    198,
    "The transferred crew is the captured ships new combat potential and mans the gun decks "
    "accordingly.",
    clause="AOS-PRIZE",
)
def test_AOS_PRIZE_crew_from_the_winner() -> None:
    m = captured()
    s = m.state.ships
    assert s[0].decks == (2, 3) and s[1].decks == (1, 0)
    assert s[0].entangled == 1 and s[1].entangled == 0


def test_AOS_PRIZE_CREW_one_deck_crosses_at_once_and_the_ships_stay_locked() -> None:
    m = captured()
    winner, prize = m.state.ships[0], m.state.ships[1]
    assert sum(winner.decks) == 5 and sum(prize.decks) == 1  # one deck, moved at the capture
    assert winner.entangled == 1 and prize.entangled == 0  # still locked together


@SEED.cites(
    194,
    "Once the ships are in contact, it takes a throw of 6 on a dice to disentangle them.",
    clause="AOS-SEPARATE",
)
@SEED.cites(215, "Tries to separate any entangled ships if desired", clause="AOS-SEPARATE")
def test_AOS_SEPARATE_on_a_six() -> None:
    st = two({"entangled": 1}, {"entangled": 0})
    m = match_at(st, 6)
    refused(m, Turn(0, N), "AOS-SEQUENCE")  # the locked ship chooses first
    m.apply(Order(0, "separate"))
    assert m.state.ships[0].entangled == -1 and m.state.ships[1].entangled == -1
    # cutting loose is a step before moving, not the ship's move: free, she may sail now
    assert any(isinstance(a, Turn) and a.ship == 0 for a in m.legal_actions())


@SEED.cites(
    194,
    "Once the ships are in contact, it takes a throw of 6 on a dice to disentangle them.",
    clause="AOS-SEPARATE",
)
@SEED.cites(215, "Tries to separate any entangled ships if desired", clause="AOS-SEPARATE")
def test_AOS_SEPARATE_one_throw_a_turn_for_a_captor_and_her_prize() -> None:
    """A captor and her prize (one admiral's two ships) throw once a turn between them: a
    failed throw leaves both locked and unable to move (each used to have a throw of its own,
    11 chances in 36 a turn instead of 1 in 6)."""
    st = table(
        {"x": 30.0, "y": 30.0, "entangled": 1},
        {"x": 33.0, "y": 30.0, "entangled": 0, "side": 0},
        {"x": 60.0, "y": 60.0, "side": 1, "name": "Other"},
    )
    m = match_at(st, 5)
    assert set(m.legal_actions()) == {
        Order(0, "separate"),
        Order(1, "separate"),
        Order(0, "stay"),
        Order(1, "stay"),
    }
    m.apply(Order(0, "separate"))
    assert m.state.ships[0].entangled == 1
    refused(m, Order(1, "separate"), "AOS-SEPARATE")
    assert m.legal_actions() == (End(),)


@SEED.cites(
    245,
    "The winner is the Admiral inflicting the most damage on the opposing fleet.",
    clause="AOS-VICTORY",
)
def test_AOS_VICTORY_most_damage_wins() -> None:
    m = gun({"heading": N}, 6, 6, 6)
    assert GAME.scores(m.state) == (3, 0)
    over = dataclasses.replace(m.state, phase="over", damage=(3, 1))
    assert GAME.winner(over) == 0


def test_AOS_VICTORY_POINTS_one_point_a_box() -> None:
    m = gun({"heading": N}, 6, 6, 6)  # three hits: three boxes of the target's chart
    assert m.state.damage == (3, 0)


def test_AOS_END_round_limit() -> None:
    m = navalkit.new_match("age_of_sail", seed=1, max_rounds=1, first_player="first")
    while not m.is_over:
        m.apply(End())
    assert "the agreed 1 round is over (rule: End of battle)" in m.status


# --- coverage of the clauses ----------------------------------------------------------------------
def test_every_clause_has_a_scenario() -> None:
    names = [n for n in globals() if n.startswith("test_AOS_")]
    missing = [
        c.id
        for c in CLAUSES
        if not any(
            f"test_{c.id.replace('-', '_')}_" in n or f"_and_{c.id.replace('-', '_')}_" in n
            for n in names
        )
    ]
    assert not missing, f"clauses without a scenario test: {missing}"
