"""Far Seas, sentence by sentence: the seed's rules that the clause scenarios do not already
play out (those carry their own ``@SEED.cites`` in test_far_seas_scenarios.py).

The seed is Rick Heli's "Notes on Play" (docs/rules/seeds/far_seas.txt);
docs/rules/far_seas.md maps every sentence to its clause and test.
"""

from __future__ import annotations

from fs_helpers import play, refused, setup
from seedcite import Seed
from test_far_seas_scenarios import (
    EMDEN,
    GLASGOW,
    GNEISENAU,
    INVINCIBLE,
    KENT,
    KONIGSBERG,
    KWDG,
    PEGASUS,
    SCHARNHORST,
    found_battle,
    mv,
)

from navalkit.games.far_seas import GAME
from navalkit.games.far_seas.actions import END_SEARCH, FIGHT, PASS, RUN, Order, Search
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.data import ALLIED, BY_NAME, ENGLAND, RIVER, SHIPS, STATIONS
from navalkit.games.far_seas.mechanics.combat import fire_modifiers, group_speed, speed
from navalkit.games.far_seas.mechanics.orders import can_surprise
from navalkit.games.far_seas.mechanics.sequence import begin_turn
from navalkit.games.far_seas.observe import observe
from navalkit.games.far_seas.state import (
    ALLIES,
    ALLY,
    CONVOY,
    MOVED,
    OVER,
    RIVER_BOX,
    SEARCH,
    START,
    STATION,
    WATCH,
    evolve,
)

SEED = Seed("far_seas")
CANOPUS, SYDNEY = BY_NAME["Canopus"], BY_NAME["Sydney"]


def _squadron(state, *ships):  # type: ignore[no-untyped-def]
    """``state`` with ``ships`` one Allied squadron (as if they had moved together)."""
    return evolve(state, squads=state.squads | {tuple(sorted(ships))})


# --- moves -----------------------------------------------------------------------------------
@SEED.cites(
    7,
    "German player announces names of all ships he will move (must move at least 1).",
    clause="FS-GER-MOVE",
)
def test_the_german_announces_the_names_of_the_ships_he_moves_not_where() -> None:
    state = setup({EMDEN: (26, START)}, {KENT: (4, START)})
    words = GAME.describe_outcome(state, mv(EMDEN, 20))
    assert "Emden" in words and "20" not in words


@SEED.cites(8, "Ships may remain in area or move to an adjacent area", clause="FS-GER-MOVE")
def test_a_german_may_remain_in_his_area_and_still_move() -> None:
    state = play(setup({EMDEN: (26, START)}, {KENT: (26, MOVED)}), mv(EMDEN, 26))
    assert state.loc[EMDEN] == 26 and EMDEN in state.moved and state.phase == SEARCH


# --- search ----------------------------------------------------------------------------------
@SEED.cites(13, "Only moving ships may search or be searched for.", clause="FS-SEARCH-WHO")
def test_a_german_that_holds_is_not_searched_for() -> None:
    state = setup({EMDEN: (26, START), KONIGSBERG: (20, START)}, {KENT: (20, MOVED)})
    state = play(state, mv(EMDEN, 20), END_SEARCH, PASS, mv(KONIGSBERG, 20, "hold"))
    assert state.phase == ALLY and not state.discovered  # no search for the ship that held


@SEED.cites(
    14,
    "Convoy and on station ships may not search; British ships may search for station "
    "raiders if having no ships on station.",
    clause=("FS-SEARCH-WHO", "FS-STATION-AUTO"),
)
def test_escorts_and_guards_do_not_search_but_others_may_hunt_an_unguarded_raid() -> None:
    duty = setup({EMDEN: (26, START)}, {KENT: (20, CONVOY), GLASGOW: (20, STATION)})
    assert play(duty, mv(EMDEN, 20)).phase == ALLY  # no one may search: the order is over
    penang = next(i for i, s in enumerate(STATIONS) if s.name == "Penang")
    raid = setup({EMDEN: (19, START)}, {KENT: (21, MOVED)})
    raid = play(raid, mv(EMDEN, 21, "raid", penang))
    assert raid.phase == SEARCH and Search(21) in GAME.legal_actions(raid)


@SEED.cites(
    15,
    "British gets 1 search per area per ship or squadron, must pre-announce which ship or "
    "squadron he is seeking.",
    clause="FS-SEARCH-CHOICE",
)
def test_each_ship_searches_once_for_an_order_even_alone() -> None:
    state = setup({EMDEN: (26, START)}, {KENT: (20, MOVED), GLASGOW: (20, MOVED)})
    state = play(state, mv(EMDEN, 20), Search(20, "some", (KENT,)), dice=(2,))
    assert GAME.legal_actions(state)[0] == Search(20)  # Glasgow alone is all that is left
    state = play(state, Search(20), dice=(3,))  # a second, separate search
    assert state.phase == ALLY and state.unit is None  # both searched: nothing left to search


@SEED.cites(
    17,
    "If British use only non-British ships to search, German player gains Cowardice Points "
    "equal to victory points of ships not searching.",
    clause="FS-COWARD",
)
def test_cowardice_points_whether_or_not_the_german_is_there() -> None:
    ibuki = BY_NAME["Ibuki"]
    state = setup({EMDEN: (26, START)}, {KENT: (20, MOVED), ibuki: (20, MOVED)})
    state = play(state, mv(EMDEN, 27), Search(20, "non-British"), dice=(1,))  # he is not there
    assert state.gvp[3] == SHIPS[KENT].cls.vp and 20 in state.coward_areas


@SEED.cites(19, "Can only receive Cowardice points once per area;", clause="FS-COWARD")
def test_cowardice_points_once_per_area_in_the_game() -> None:
    ibuki = BY_NAME["Ibuki"]
    state = setup({EMDEN: (26, START)}, {KENT: (20, MOVED), ibuki: (20, MOVED)})
    state = play(state, mv(EMDEN, 27), Search(20, "non-British"), dice=(1,))
    points = state.gvp[3]
    assert 20 in begin_turn(state, state.turn + 1).coward_areas  # kept from turn to turn
    later = setup({EMDEN: (26, START)}, {KENT: (20, MOVED), ibuki: (20, MOVED)}, turn=7)
    later = evolve(later, coward_areas=state.coward_areas)
    later = play(later, mv(EMDEN, 27), Search(20, "non-British"), dice=(1,))
    assert later.gvp[3] == 0 and points > 0


@SEED.cites(
    19,
    "British cannot search for some ships in an area, but not others in the same area.",
    clause="FS-SEARCH-CHOICE",
)
def test_a_german_squadron_is_sought_and_found_whole() -> None:
    squad = {SCHARNHORST: (26, START), GNEISENAU: (26, START)}
    state = setup(squad, {KENT: (27, MOVED), GLASGOW: (27, MOVED)})
    state = play(state, mv((SCHARNHORST, GNEISENAU), 27))
    assert all(a.area == 27 and a.who in ("all", "some", "non-British")
               for a in GAME.legal_actions(state) if isinstance(a, Search))  # fmt: skip
    state = play(state, Search(27), dice=(3, 0))  # 3 - 1 extra ship - 1 extra German: found
    assert state.battle is not None and set(state.battle.sides[0]) == {SCHARNHORST, GNEISENAU}


@SEED.cites(20, "Every extra ship or squadron reduces the roll by 1.", clause="FS-SEARCH")
def test_a_british_squadron_counts_once_however_many_ships() -> None:
    three = {KENT: (20, MOVED), GLASGOW: (20, MOVED), INVINCIBLE: (20, MOVED)}
    apart = play(setup({EMDEN: (26, START)}, three), mv(EMDEN, 20), Search(20), dice=(3,))
    assert apart.roll == "finder"  # three ships: 3 - 2 = 1, found
    squadron = _squadron(setup({EMDEN: (26, START)}, three), KENT, GLASGOW, INVINCIBLE)
    together = play(squadron, mv(EMDEN, 20), Search(20), dice=(2,))
    assert together.battle is None and together.phase == ALLY  # one squadron: 2 misses
    found = play(squadron, mv(EMDEN, 20), Search(20), dice=(1,))
    assert found.battle is not None and len(found.battle.sides[1]) == 3  # all of it fights


@SEED.cites(20, "Extra ships in German squadrons have the same effect.", clause="FS-SEARCH")
def test_each_extra_german_ship_lowers_the_roll_too() -> None:
    squad = {SCHARNHORST: (26, START), GNEISENAU: (26, START)}
    state = play(setup(squad, {KENT: (27, MOVED)}), mv((SCHARNHORST, GNEISENAU), 27))
    assert play(state, Search(27), dice=(2,)).battle is not None  # 2 - 1 extra German ship


# --- surprise --------------------------------------------------------------------------------
@SEED.cites(23, "Target is any ship in the Moved box.", clause="FS-SURPRISE")
def test_a_german_squadron_may_surprise_any_ship_in_the_moved_box() -> None:
    squad = {SCHARNHORST: (26, START), GNEISENAU: (26, START)}
    state = _squadron(setup(squad, {INVINCIBLE: (27, MOVED), KENT: (27, MOVED)}), INVINCIBLE, KENT)
    order = mv((SCHARNHORST, GNEISENAU), 27, "surprise", INVINCIBLE)
    assert GAME.violation(state, order) is None
    assert refused(state, mv((SCHARNHORST, GNEISENAU), 27, "surprise", GLASGOW)) == "FS-SURPRISE"


@SEED.cites(23, "Will not work if German has been discovered.", clause="FS-SURPRISE")
def test_a_discovered_german_may_not_surprise() -> None:
    state = setup({EMDEN: (26, START)}, {GLASGOW: (27, MOVED)})
    seen = evolve(state, discovered=frozenset({EMDEN}))
    assert refused(seen, mv(EMDEN, 27, "surprise", GLASGOW)) == "FS-SURPRISE-ALONE"
    assert not can_surprise(seen, (EMDEN,)) and can_surprise(state, (EMDEN,))


@SEED.cites(
    23,
    "May not try to surprise a British squadron if operating alone, but must instead surprise a "
    "single ship whose damage capacity is <= German's capacity + 1.",
    clause="FS-SURPRISE-ALONE",
)
def test_a_lone_raider_may_not_surprise_a_ship_of_a_british_squadron() -> None:
    state = setup({EMDEN: (26, START)}, {GLASGOW: (27, MOVED), KENT: (27, MOVED)})
    assert GAME.violation(state, mv(EMDEN, 27, "surprise", GLASGOW)) is None
    squadron = _squadron(state, GLASGOW, KENT)
    assert refused(squadron, mv(EMDEN, 27, "surprise", GLASGOW)) == "FS-SURPRISE-ALONE"


@SEED.cites(24, "German +2 to combat.", clause="FS-SURPRISE")
def test_the_surprising_german_keeps_his_plus_two_for_the_whole_combat() -> None:
    state = play(
        setup({EMDEN: (26, START)}, {GLASGOW: (27, MOVED)}), mv(EMDEN, 27, "surprise", GLASGOW)
    )
    b = state.battle
    assert b is not None
    later = evolve(b, rounds=2)
    assert dict(fire_modifiers(state, later, EMDEN, GLASGOW, 0, 1))["German surprise"] == 2
    assert "German surprise" not in dict(fire_modifiers(state, later, GLASGOW, EMDEN, 0, 1))
    first = evolve(state, config=Config(surprise_bonus="first round"))
    assert not any("surprise" in k for k, _ in fire_modifiers(first, later, EMDEN, GLASGOW, 0, 1))
    assert dict(fire_modifiers(first, b, EMDEN, GLASGOW, 0, 1))["German surprise, first round"] == 2


# --- running ---------------------------------------------------------------------------------
@SEED.cites(25, "Failing that, there is combat.", clause="FS-RUN")
def test_when_neither_side_runs_there_is_combat() -> None:
    state = play(found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20), FIGHT, FIGHT)
    assert state.battle is not None and state.battle.queue and state.roll == "gun"


@SEED.cites(26, "German may not Surprise.", clause="FS-RUN-ROLL")
def test_a_german_caught_running_has_no_surprise() -> None:
    state = play(found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20), RUN, dice=(6,))
    b = state.battle
    assert b is not None and not b.surprise and not can_surprise(state, (EMDEN,))
    assert not any("surprise" in k for k, _ in fire_modifiers(state, b, EMDEN, KENT, 0, 1))


@SEED.cites(28, "Each group's speed is the speed of its slowest ship.", clause="FS-PURSUIT")
def test_a_group_is_as_fast_as_its_slowest_ship() -> None:
    state = setup({EMDEN: (26, START), KWDG: (26, START)})
    assert group_speed(state, (EMDEN, KWDG)) == min(speed(state, EMDEN), speed(state, KWDG))
    assert group_speed(state, (EMDEN, KWDG)) < speed(state, EMDEN)


@SEED.cites(32, "If more than 1 pursuer, each ship's speeed is compared.", clause="FS-PURSUIT")
def test_each_pursuer_is_compared_with_the_runner() -> None:
    # Scharnhorst (4) runs from Glasgow (4: a race) and Kent (3+: one grade slower, a die)
    state = setup({SCHARNHORST: (26, START)}, {GLASGOW: (20, MOVED), KENT: (20, MOVED)})
    state = _squadron(state, GLASGOW, KENT)
    state = play(state, mv(SCHARNHORST, 20), Search(20), dice=(1,))
    state = play(state, RUN, dice=(2,))
    first = state.roll
    state = play(state, dice=(35,) if first == "race" else (6,))  # the first pursuer keeps up
    assert state.roll in ("race", "slow") and state.roll != first  # the other is compared too
    state = play(state, dice=(53,) if state.roll == "race" else (1,))  # and falls behind
    assert state.battle is not None and len(state.battle.sides[1]) == 1


# --- combat ----------------------------------------------------------------------------------
@SEED.cites(39, "+1 if target in torpedo range", clause="FS-DRM")
def test_at_torpedo_range_every_firer_has_plus_one_battleships_too() -> None:
    state = found_battle({EMDEN: (26, START)}, {CANOPUS: (20, MOVED)}, 20)
    b = state.battle
    assert b is not None and not SHIPS[CANOPUS].cls.torpedoes
    close = evolve(b, start=2)
    assert dict(fire_modifiers(state, close, CANOPUS, EMDEN, 0, 1))["target in torpedo range"] == 1
    assert "target in torpedo range" not in dict(fire_modifiers(state, b, CANOPUS, EMDEN, 0, 1))


@SEED.cites(40, "-2 if firing ship tried to run last round", clause="FS-DRM")
def test_a_ship_that_tried_to_run_fires_at_minus_two() -> None:
    state = found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20)
    b = state.battle
    assert b is not None
    ran = evolve(b, ran_last=(True, False))
    assert (
        dict(fire_modifiers(state, ran, EMDEN, KENT, 0, 1))["firer tried to run last round"] == -2
    )
    assert "firer tried to run last round" not in dict(
        fire_modifiers(state, ran, KENT, EMDEN, 0, 1)
    )


@SEED.cites(41, "+1 if Scharnhorst or Gneisenau firing on a ship hit last round", clause="FS-DRM")
def test_scharnhorst_gains_on_a_ship_another_ship_hit_last_round() -> None:
    squad = {SCHARNHORST: (26, START), GNEISENAU: (26, START)}
    state = found_battle(squad, {KENT: (20, MOVED)}, 20, ship=(SCHARNHORST, GNEISENAU))
    b = state.battle
    assert b is not None
    bonus = "Scharnhorst/Gneisenau on a ship hit last round"
    hit_by_gneisenau = evolve(b, hits=frozenset({(GNEISENAU, KENT)}))
    assert dict(fire_modifiers(state, hit_by_gneisenau, SCHARNHORST, KENT, 0, 2))[bonus] == 1
    assert bonus not in dict(fire_modifiers(state, b, SCHARNHORST, KENT, 0, 2))
    emden = found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20)
    assert emden.battle is not None
    hit = evolve(emden.battle, hits=frozenset({(EMDEN, KENT)}))
    assert bonus not in dict(fire_modifiers(emden, hit, EMDEN, KENT, 0, 1))


@SEED.cites(46, "At C range, all ships except BB's can make a torpedo attack.", clause="FS-TORPEDO")
def test_battleships_make_no_torpedo_attack() -> None:
    state = setup({EMDEN: (26, START)}, {CANOPUS: (27, MOVED), SYDNEY: (27, MOVED)})
    state = play(state, mv(EMDEN, 27, "surprise", SYDNEY))  # surprise: C range at once
    b = state.battle
    assert b is not None and b.start == 2
    torpedoes = {job[1] for job in b.queue if job[0] == "torp"}
    assert EMDEN in torpedoes and CANOPUS not in torpedoes


# --- merchants and the board -----------------------------------------------------------------
@SEED.cites(51, "German merchant captures should be logged.", clause=("FS-CAPTURE", "FS-HIDDEN"))
def test_captures_are_logged_secretly_until_the_end() -> None:
    state = play(setup({EMDEN: (26, START)}), mv(EMDEN, 20))
    assert state.captures == ((5, EMDEN, 20, 2),)  # turn 5, Emden, area 20, 2 merchants
    assert observe(state, ALLIES).state.captures == ()
    assert observe(evolve(state, phase=OVER), ALLIES).state.captures == state.captures


def _start_count(areas: range | tuple[int, ...], box: str = "start") -> int:
    return sum(1 for s in ALLIED if SHIPS[s].box == box and SHIPS[s].start in areas)


@SEED.cites(56, "Allied Ship Counts: Atlantic area: 17 (1-16, 32)", clause="FS-ALLIED-SETUP")
@SEED.cites(59, "Mediterranean: 6", clause="FS-ALLIED-SETUP")
def test_the_atlantic_holds_17_and_the_mediterranean_6() -> None:
    atlantic = (*range(1, 17), 32)
    assert all(_start_count((a,)) >= 1 for a in atlantic)  # one in each Atlantic area
    assert _start_count(atlantic) == 17 + 6  # the Mediterranean's 6 lie in areas 16 and 32
    assert _start_count((16,)) + _start_count((32,)) - 2 == 6


@SEED.cites(57, "Pacific area: 23 (17-31)", clause="FS-ALLIED-SETUP")
def test_the_pacific_holds_23() -> None:
    assert _start_count(range(17, 32)) == 23


@SEED.cites(60, "Atlantic reinforcements: 0", clause="FS-ALLIED-SETUP")
@SEED.cites(62, "Other: 5", clause="FS-ALLIED-SETUP")
def test_no_other_reinforcements_and_five_others_on_convoy() -> None:
    assert sum(1 for s in ALLIED if SHIPS[s].box == "colony") == 14  # the only reinforcements
    assert _start_count(range(0, 33), "convoy") == 5
    assert len(ALLIED) == 17 + 23 + 9 + 6 + 0 + 14 + 5
    assert sum(1 for s in ALLIED if SHIPS[s].start == ENGLAND and SHIPS[s].box == "start") == 9


# --- the Rufiji ------------------------------------------------------------------------------
@SEED.cites(
    65,
    "Rufiji River enterable by Königsberg, Nurnberg or Leipzig, but only one at a time.",
    clause="FS-RIVER",
)
def test_the_rufiji_holds_one_raider_at_a_time() -> None:
    leipzig = BY_NAME["Leipzig"]
    state = setup({KONIGSBERG: (23, RIVER_BOX), leipzig: (23, START)})
    assert refused(state, mv(leipzig, RIVER, "river")) == "FS-RIVER"
    alone = setup({leipzig: (23, START)})
    assert GAME.violation(alone, mv(leipzig, RIVER, "river")) is None


@SEED.cites(
    67,
    "Ships in the river may only search for ships that moved into the river.",
    clause="FS-RIVER-SEARCH",
)
def test_the_river_watch_searches_only_the_river() -> None:
    state = setup({EMDEN: (22, START)}, {PEGASUS: (23, WATCH)})
    after = play(state, mv(EMDEN, 23))
    assert [a for a in GAME.legal_actions(after) if isinstance(a, Search)] == [Search(RIVER)]
    after = play(after, Search(RIVER), dice=(1,))  # the watch searches the river only
    assert after.phase == ALLY and not after.discovered  # and cannot find a ship at sea
    state = setup({KONIGSBERG: (23, START)}, {PEGASUS: (23, WATCH)})
    inside = play(state, mv(KONIGSBERG, RIVER, "river"))
    assert inside.phase == SEARCH and Search(RIVER) in GAME.legal_actions(inside)


@SEED.cites(
    68,
    "All ships searching the river are one squadron, but they subtract from search rolls as if "
    "they were separate ships.",
    clause="FS-RIVER-SEARCH",
)
def test_the_watchers_are_one_squadron_but_count_ship_by_ship() -> None:
    state = setup({KONIGSBERG: (23, START)}, {PEGASUS: (23, WATCH), KENT: (23, WATCH)})
    state = play(state, mv(KONIGSBERG, RIVER, "river"))
    assert [a for a in GAME.legal_actions(state) if isinstance(a, Search)] == [Search(RIVER)]
    state = play(state, Search(RIVER), dice=(2,))  # 2 - 1 extra ship: found, no finder drawn
    assert KONIGSBERG in state.river_found and state.roll != "finder"


@SEED.cites(
    7,
    "German player announces names of all ships he will move (must move at least 1).",
    clause="FS-GER-MOVE",
)
@SEED.cites(8, "Ships may remain in area or move to an adjacent area", clause="FS-GER-MOVE")
@SEED.cites(
    70,
    "British may not attack Germans in the river, but if found, Germans must remain in river.",
    clause="FS-RIVER-STAY",
)
def test_the_last_german_at_sea_may_stay_in_the_river() -> None:
    """Staying in the river is her move ('remain in area'): she used to have to leave it when
    no other German ship moved, into the arms of any ship watching the river."""
    for watch in ({}, {PEGASUS: (23, WATCH)}):
        state = setup({KONIGSBERG: (23, RIVER_BOX)}, watch)
        orders = [(o.kind, o.to) for o in GAME.legal_actions(state)]
        assert orders == [("leave", 23), ("hold", 23)]
        after = play(state, Order((KONIGSBERG,), "hold", 23))
        assert after.box[KONIGSBERG] == RIVER_BOX and KONIGSBERG not in after.river_found
        assert not after.discovered and after.battle is None  # unseen: nobody searches her


@SEED.cites(8, "s - join a Squadron", clause="FS-SQUADRON")
def test_any_grouping_of_an_areas_ships_can_sail_as_a_squadron() -> None:
    """The squadron is the area's ships without an order yet: Emden takes hers first (a
    hold), and Scharnhorst and Gneisenau then sail as a squadron of two."""
    state = setup({SCHARNHORST: (26, START), GNEISENAU: (26, START), EMDEN: (26, START)})
    assert {o.ships for o in GAME.legal_actions(state)} == {
        (SCHARNHORST,),
        (GNEISENAU,),
        (EMDEN,),
        (SCHARNHORST, GNEISENAU, EMDEN),
    }
    state = play(play(state, Order((EMDEN,), "hold", 26)), PASS)  # the Allies have no move
    pair = (SCHARNHORST, GNEISENAU)
    assert {o.ships for o in GAME.legal_actions(state)} == {(SCHARNHORST,), (GNEISENAU,), pair}
    state = play(state, Order(pair, "move", 20))
    assert state.loc[SCHARNHORST] == state.loc[GNEISENAU] == 20 and state.loc[EMDEN] == 26


def test_a_half_squadron_is_refused_with_the_squadrons_names() -> None:
    state = setup({EMDEN: (26, START)}, {KENT: (20, MOVED), GLASGOW: (20, MOVED)})
    state = play(_squadron(state, KENT, GLASGOW), mv(EMDEN, 20))
    v = GAME.violation(state, Search(20, "some", (GLASGOW,)))
    assert v is not None and v.rule_id == "FS-SEARCH" and "Kent" in v.message
