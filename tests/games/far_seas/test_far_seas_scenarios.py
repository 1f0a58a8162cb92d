"""Far Seas scenarios, one or more per rule clause: a test named ``test_FS_X_...`` covers
clause ``FS-X`` (a meta-test checks that every clause has one).

Positions are built by hand (fs_helpers.setup: only the named ships in play), dice are
scripted, refusals must name the expected rule id.
"""

from __future__ import annotations

from fs_helpers import play, refused, setup, sid

from navalkit.games.far_seas import CLAUSES, GAME, rules
from navalkit.games.far_seas.actions import END_SEARCH, FIGHT, PASS, RUN, Deploy, Order, Search
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.data import (
    ADJ,
    ALLIED,
    AREAS,
    COLONY_FORCES,
    ENGLAND,
    GERMAN,
    RIVER,
    SHIPS,
    SPEEDS,
    STATIONS,
    damage_points,
    half_damaged,
)
from navalkit.games.far_seas.mechanics.combat import fire_modifiers, speed
from navalkit.games.far_seas.mechanics.search import search_chance, search_finds
from navalkit.games.far_seas.observe import observe
from navalkit.games.far_seas.state import (
    A_RUN,
    ALLY,
    CONVOY,
    G_RUN,
    HOME,
    INTERNED,
    MOVED,
    OVER,
    RESERVE,
    RIVER_BOX,
    SEARCH,
    START,
    STATION,
    SUNK,
    UNKNOWN,
    WATCH,
    evolve,
)
from navalkit.games.far_seas.state import (
    GERMAN as GERMAN_PHASE,
)

EMDEN, KONIGSBERG, SCHARNHORST, GNEISENAU = (
    sid("Emden"), sid("Königsberg"), sid("Scharnhorst"), sid("Gneisenau")
)  # fmt: skip
KENT, GLASGOW, INVINCIBLE, IBUKI, PEGASUS = (
    sid("Kent"), sid("Glasgow"), sid("Invincible"), sid("Ibuki"), sid("Pegasus")
)  # fmt: skip
KWDG, CAP = sid("Kaiser Wilhelm der Grosse"), sid("Cap Trafalgar")


def mv(ships: tuple[int, ...] | int, to: int, kind: str = "move", target: int = -1) -> Order:
    return Order(ships if isinstance(ships, tuple) else (ships,), kind, to, target)


def found_battle(germans: dict, allies: dict, to: int, ship: int = EMDEN, **cfg: object):
    """The German moves to ``to``; the Allies search there and find him (die 1)."""
    state = setup(germans, allies, **cfg)  # type: ignore[arg-type]
    return play(state, mv(ship, to), Search(to), dice=(1,))


# --- the map ----------------------------------------------------------------------------------
def test_FS_MAP_areas_and_adjacency() -> None:
    assert len(AREAS) == 33 and [a.num for a in AREAS] == list(range(33))
    for a in AREAS:
        for n in a.adjacent:
            assert a.num in AREAS[n].adjacent, (a.num, n)
    state = setup({EMDEN: (26, START)})
    assert refused(state, mv(EMDEN, 3)) == "FS-MAP"


def test_FS_MERCHANTS_capture_equals_density() -> None:
    state = play(setup({EMDEN: (26, START)}), mv(EMDEN, 20))
    assert state.gvp[0] == AREAS[20].density == 2


def test_FS_STATIONS_nine_red_anchors() -> None:
    assert len(STATIONS) == 9 and all(1 <= s.area <= 32 and s.vp > 0 for s in STATIONS)


def test_FS_PANAMA_must_be_announced() -> None:
    state = setup({EMDEN: (6, START)})
    assert refused(state, mv(EMDEN, 31)) == "FS-PANAMA"
    after = play(state, mv(EMDEN, 31, "panama"))
    assert after.loc[EMDEN] == 31


def test_FS_RED_SEA_automatic_discovery() -> None:
    state = setup({EMDEN: (18, START)}, {GLASGOW: (17, MOVED)})
    state = play(state, mv(EMDEN, 17), Search(17))  # no die needed
    assert state.phase == G_RUN and EMDEN in state.discovered


def test_FS_HOME_run_for_home() -> None:
    state = setup({KWDG: (2, START)})
    assert play(state, mv(KWDG, 2, "home"), dice=(5,)).box[KWDG] == HOME
    sunk = play(state, mv(KWDG, 2, "home"), dice=(4,))
    assert sunk.box[KWDG] == SUNK and sunk.avp == 2
    squad = setup({KWDG: (2, START), CAP: (2, START)})
    after = play(squad, mv((KWDG, CAP), 2, "home"), dice=(2, 6, 1))
    assert after.box[KWDG] == HOME and after.box[CAP] == SUNK
    assert refused(setup({EMDEN: (3, START)}), mv(EMDEN, 3, "home")) == "FS-HOME"


def test_FS_INTERN_amc_in_neutral_area() -> None:
    state = play(setup({KWDG: (5, START), EMDEN: (4, START)}), mv(KWDG, 5, "intern"))
    assert state.box[KWDG] == INTERNED and state.avp == SHIPS[KWDG].cls.vp
    assert refused(setup({EMDEN: (5, START)}), mv(EMDEN, 5, "intern")) == "FS-INTERN"


# --- rosters and set-up -----------------------------------------------------------------------
def test_FS_ROSTER_GERMAN_thirteen_raiders() -> None:
    assert len(GERMAN) == 13
    s = SHIPS[SCHARNHORST].cls
    assert (SPEEDS[s.speed], s.range, s.capacity, s.drm, s.vp) == ("4", "A", 8, 1, 8)
    assert SPEEDS[SHIPS[EMDEN].cls.speed] == "4+"


def test_FS_ROSTER_ALLIED_seventy_four() -> None:
    assert len(ALLIED) == 74
    assert {SHIPS[s].nation for s in ALLIED} >= {"GB", "AU", "JP", "FR", "RU"}


def test_FS_ALLIED_SETUP_seed_counts() -> None:
    state = rules.initial_state(Config())
    where = [state.loc[s] for s in ALLIED]
    assert where.count(ENGLAND) == 9
    assert sum(1 for s in ALLIED if state.box[s] == CONVOY) == 5
    assert all(where.count(a) >= 1 for a in [*range(1, 17), 32, *range(17, 32)])
    colony = [s for f in COLONY_FORCES for s in f]
    assert len(colony) == 14


def test_FS_COLONY_schedule() -> None:
    state = rules.initial_state(Config())
    samoa, _guinea, tsingtao, kamerun = COLONY_FORCES
    assert all(state.box[s] == STATION and state.loc[s] == 30 for s in samoa)
    assert all(state.box[s] == RESERVE for s in tsingtao + kamerun)
    assert refused(state, Deploy((samoa[0],), 30)) == "FS-COLONY"
    later = evolve(state, turn=4)
    assert GAME.violation(later, Deploy((samoa[0],), 30)) is None
    off = rules.initial_state(Config(colonies=False))
    assert all(off.loc[s] == ENGLAND for f in COLONY_FORCES for s in f)


# --- sequence and movement --------------------------------------------------------------------
def test_FS_SEQUENCE_segments_until_all_moved() -> None:
    state = setup({EMDEN: (26, START), KONIGSBERG: (18, START)}, phase=ALLY)
    state = play(state, PASS)
    assert state.phase == GERMAN_PHASE
    state = play(state, mv(EMDEN, 20))
    assert state.phase == ALLY and state.turn == 5
    state = play(state, PASS, mv(KONIGSBERG, 18, "hold"))
    assert state.turn == 6 and state.phase == ALLY


def test_FS_AMC_FIRST_amcs_order_first() -> None:
    state = setup({EMDEN: (26, START), KWDG: (2, START)})
    assert refused(state, mv(EMDEN, 20)) == "FS-AMC-FIRST"
    assert GAME.violation(state, mv(KWDG, 1)) is None


def test_FS_BOXES_start_and_moved() -> None:
    state = setup({EMDEN: (26, START), KONIGSBERG: (18, START)}, {KENT: (4, START)}, phase=ALLY)
    state = play(state, Deploy((KENT,), 3))
    assert state.box[KENT] == MOVED
    state = play(state, mv(EMDEN, 20), END_SEARCH)
    assert refused(state, Deploy((KENT,), 4)) == "FS-BOXES"
    state = play(state, PASS)
    assert refused(state, mv(EMDEN, 26)) == "FS-BOXES"
    state = play(state, mv(KONIGSBERG, 18), END_SEARCH)
    assert state.turn == 6 and state.box[KENT] == START and state.box[EMDEN] == START


def test_FS_GER_MOVE_must_move_one() -> None:
    state = setup({EMDEN: (26, START)})
    assert refused(state, mv(EMDEN, 26, "hold")) == "FS-GER-MOVE"
    assert refused(state, mv(KENT, 26)) == "FS-GER-MOVE"


def test_FS_SQUADRON_moves_together() -> None:
    state = setup({SCHARNHORST: (26, START), GNEISENAU: (26, START), EMDEN: (20, START)})
    after = play(state, mv((SCHARNHORST, GNEISENAU), 27))
    assert after.loc[SCHARNHORST] == after.loc[GNEISENAU] == 27
    assert refused(state, mv((SCHARNHORST, EMDEN), 20)) == "FS-SQUADRON"


def test_FS_BRIT_MOVE_ship_or_squadron() -> None:
    state = setup({EMDEN: (26, START)}, {KENT: (4, START), GLASGOW: (4, START)}, phase=ALLY)
    after = play(state, Deploy((KENT, GLASGOW), 3))
    assert after.loc[KENT] == after.loc[GLASGOW] == 3
    spread = setup({EMDEN: (26, START)}, {KENT: (4, START), GLASGOW: (5, START)}, phase=ALLY)
    assert refused(spread, Deploy((KENT, GLASGOW), 4)) == "FS-BRIT-MOVE"


def test_FS_CONVOY_who_may_escort() -> None:
    ships = {KENT: (4, START), PEGASUS: (4, START), GLASGOW: (4, START), INVINCIBLE: (4, START)}
    state = setup({EMDEN: (26, START)}, ships, phase=ALLY)  # the default: the seed's '<= 3+'
    assert play(state, Deploy((KENT,), 4, "convoy")).box[KENT] == CONVOY  # range A, speed 3+
    assert refused(state, Deploy((PEGASUS,), 4, "convoy")) == "FS-CONVOY"  # range C
    assert refused(state, Deploy((GLASGOW,), 4, "convoy")) == "FS-CONVOY"  # speed 4
    assert refused(state, Deploy((INVINCIBLE,), 4, "convoy")) == "FS-CONVOY"  # speed 5
    summary = setup({EMDEN: (26, START)}, ships, phase=ALLY, convoy_speed="3 or more")
    assert play(summary, Deploy((INVINCIBLE,), 4, "convoy")).box[INVINCIBLE] == CONVOY
    assert play(summary, Deploy((GLASGOW,), 4, "convoy")).box[GLASGOW] == CONVOY


def test_FS_STATION_DUTY_only_where_a_station_is() -> None:
    state = setup({EMDEN: (26, START)}, {KENT: (21, START), GLASGOW: (4, START)}, phase=ALLY)
    assert play(state, Deploy((KENT,), 21, "station")).box[KENT] == STATION
    assert refused(state, Deploy((GLASGOW,), 4, "station")) == "FS-STATION-DUTY"


def test_FS_ENGLAND_closed_to_germans() -> None:
    assert refused(setup({EMDEN: (1, START)}), mv(EMDEN, ENGLAND)) == "FS-ENGLAND"


# --- rivers -----------------------------------------------------------------------------------
def test_FS_RIVER_who_may_enter() -> None:
    state = setup({KONIGSBERG: (23, START)})
    assert play(state, mv(KONIGSBERG, RIVER, "river")).box[KONIGSBERG] == RIVER_BOX
    assert refused(setup({EMDEN: (23, START)}), mv(EMDEN, RIVER, "river")) == "FS-RIVER"


def test_FS_RIVER_SEARCH_watchers_find_no_combat() -> None:
    state = setup({KONIGSBERG: (23, START)}, {PEGASUS: (23, WATCH)})
    state = play(state, mv(KONIGSBERG, RIVER, "river"), Search(RIVER), dice=(1,))
    assert KONIGSBERG in state.river_found and state.battle is None
    assert state.box[KONIGSBERG] == RIVER_BOX


def test_FS_RIVER_STAY_found_must_stay() -> None:
    state = setup({KONIGSBERG: (23, RIVER_BOX)}, {PEGASUS: (23, WATCH)})
    state = evolve(state, river_found=frozenset({KONIGSBERG}))
    assert refused(state, mv(KONIGSBERG, 23, "leave")) == "FS-RIVER-STAY"
    assert GAME.violation(state, mv(KONIGSBERG, 23, "hold")) is None


def test_FS_RIVER_EXIT_watchers_attack_at_c() -> None:
    state = setup({KONIGSBERG: (23, RIVER_BOX)}, {PEGASUS: (23, WATCH)})
    state = play(state, mv(KONIGSBERG, 23, "leave"))
    b = state.battle
    assert b is not None and b.rufiji and b.start == 2
    mods = dict(fire_modifiers(state, b, PEGASUS, KONIGSBERG, 0, 0))
    assert mods["ship leaving the Rufiji, first round"] == 2


# --- search -----------------------------------------------------------------------------------
def test_FS_SEARCH_WHO_only_moved_ships() -> None:
    state = setup({EMDEN: (26, START)}, {KENT: (20, START)})
    state = play(state, mv(EMDEN, 20))
    assert state.phase == ALLY  # no Allied ship may search: no search step at all
    s2 = setup({EMDEN: (26, START)}, {KENT: (20, MOVED)})
    s2 = play(s2, mv(EMDEN, 20))
    assert s2.phase == SEARCH
    assert refused(s2, Search(21)) == "FS-SEARCH-WHO"


def test_FS_SEARCH_roll_and_modifiers() -> None:
    assert search_finds(1) and not search_finds(2)
    assert search_finds(2, extra_searchers=1) and search_finds(3, 1, 1)
    assert abs(search_chance(1) - 1 / 6) < 1e-9 and search_chance(6) == 1.0
    state = setup({EMDEN: (26, START)}, {KENT: (20, MOVED)})
    missed = play(state, mv(EMDEN, 20), Search(20), dice=(2,))
    assert missed.battle is None and EMDEN not in missed.discovered
    two = setup({EMDEN: (26, START)}, {KENT: (20, MOVED), GLASGOW: (20, MOVED)})
    hit = play(two, mv(EMDEN, 20), Search(20), dice=(2,))
    assert hit.battle is not None


def test_FS_SEARCH_ONCE_finder_finds_no_other() -> None:
    state = found_battle({EMDEN: (26, START), KONIGSBERG: (26, START)}, {KENT: (20, MOVED)}, 20)
    assert KENT in state.found
    from navalkit.games.far_seas.mechanics.search import searchers

    assert KENT not in searchers(state, 20)


def test_FS_STATION_AUTO_guards_find_raiders() -> None:
    state = setup({EMDEN: (19, START)}, {KENT: (21, STATION)})
    penang = next(i for i, s in enumerate(STATIONS) if s.name == "Penang")
    state = play(state, mv(EMDEN, 21, "raid", penang))
    assert state.phase == G_RUN and state.battle is not None
    assert state.battle.sides[1] == (KENT,)


def test_FS_COWARD_points() -> None:
    squad = {SCHARNHORST: (26, START), GNEISENAU: (26, START)}
    state = setup(squad, {KENT: (27, MOVED)})
    after = play(state, mv((SCHARNHORST, GNEISENAU), 27), END_SEARCH)
    assert after.gvp[3] == SHIPS[KENT].cls.vp
    mixed = setup(squad, {KENT: (27, MOVED), IBUKI: (27, MOVED)})
    after = play(mixed, mv((SCHARNHORST, GNEISENAU), 27), Search(27, "non-British"), dice=(6,))
    assert after.gvp[3] == SHIPS[KENT].cls.vp
    lone = setup({EMDEN: (26, START)}, {KENT: (27, MOVED)})
    assert play(lone, mv(EMDEN, 27), END_SEARCH).gvp[3] == 0


def test_FS_SURPRISE_automatic_plus_two_at_c() -> None:
    state = setup({SCHARNHORST: (26, START)}, {KENT: (27, MOVED)})
    state = play(state, mv(SCHARNHORST, 27, "surprise", KENT))
    b = state.battle
    assert b is not None and b.surprise and b.start == 2 and state.surprise_turn
    mods = dict(fire_modifiers(state, b, SCHARNHORST, KENT, 0, 0))
    assert mods["German surprise, first round"] == 2
    used = evolve(setup({SCHARNHORST: (26, START)}, {KENT: (27, MOVED)}), surprised={SCHARNHORST})
    assert refused(used, mv(SCHARNHORST, 27, "surprise", KENT)) == "FS-SURPRISE-ALONE"


def test_FS_SURPRISE_ALONE_capacity_limit() -> None:
    state = setup({EMDEN: (26, START)}, {INVINCIBLE: (27, MOVED), GLASGOW: (27, MOVED)})
    assert refused(state, mv(EMDEN, 27, "surprise", INVINCIBLE)) == "FS-SURPRISE-ALONE"
    assert GAME.violation(state, mv(EMDEN, 27, "surprise", GLASGOW)) is None


# --- running ----------------------------------------------------------------------------------
def test_FS_RUN_german_first_then_allies() -> None:
    state = found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20)
    assert state.phase == G_RUN and GAME.to_move(state) == 0
    state = play(state, FIGHT)
    assert state.phase == A_RUN and GAME.to_move(state) == 1


def test_FS_RUN_ROLL_six_stops_the_runner() -> None:
    state = found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20)
    state = play(state, RUN, dice=(6,))
    b = state.battle
    assert b is not None and b.ran_last[0] and b.queue
    assert all(job[3] <= SHIPS[job[1]].cls.drm - 2 or job[0] != "gun" or job[1] != EMDEN
               for job in b.queue)  # fmt: skip


def test_FS_PURSUIT_speed_grades() -> None:
    # Emden 4+ against Kent 3+: two grades faster, gone without a die
    state = play(found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20), RUN, dice=(3,))
    assert state.battle is None and state.loc[EMDEN] != 20
    # one grade apart: the slower Glasgow (4) keeps up on a 6
    near = play(found_battle({EMDEN: (26, START)}, {GLASGOW: (20, MOVED)}, 20), RUN, dice=(3,))
    assert near.roll == "slow"
    kept = play(near, dice=(6,))
    assert kept.battle is not None and kept.battle.sides[1] == (GLASGOW,)
    # equal grades: a race of two dice
    eq = found_battle({SCHARNHORST: (26, START)}, {GLASGOW: (20, MOVED)}, 20, ship=SCHARNHORST)
    eq = play(eq, RUN, dice=(2,))
    assert eq.roll == "race" and len(GAME.chance_outcomes(eq)) == 30
    assert play(eq, dice=(53,)).battle is None  # runner 5, pursuer 3: escapes


def test_FS_ESCAPE_to_an_adjacent_moved_box() -> None:
    two = {EMDEN: (26, START), KONIGSBERG: (18, START)}
    state = play(found_battle(two, {KENT: (20, MOVED)}, 20), RUN, dice=(3,))
    assert state.loc[EMDEN] in ADJ[20] and state.box[EMDEN] == MOVED


def test_FS_SPEED_grades() -> None:
    assert SPEEDS == ("2", "3", "3+", "4", "4+", "5")


# --- combat -----------------------------------------------------------------------------------
def _round(state):  # type: ignore[no-untyped-def]
    return play(state, FIGHT, FIGHT)


def test_FS_COMBAT_RANGES_a_then_ab_then_abc() -> None:
    state = _round(found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20))
    b = state.battle
    assert b is not None and [j[1] for j in b.queue] == [KENT]  # range A: Emden (B) silent


def test_FS_FIRE_simultaneous() -> None:
    state = found_battle({SCHARNHORST: (26, START)}, {GLASGOW: (20, MOVED)}, 20, ship=SCHARNHORST)
    state = _round(state)  # range A: only Scharnhorst (A) fires
    state = play(state, dice=(6,))  # 6 + 1 = 7: 3 points, Glasgow not sunk yet
    assert state.damage[GLASGOW] == 3 and state.battle is not None


def test_FS_TARGETS_highest_vp_then_same() -> None:
    state = found_battle(
        {SCHARNHORST: (26, START)}, {GLASGOW: (20, MOVED), KENT: (20, MOVED)}, 20,
        ship=SCHARNHORST,
    )  # fmt: skip
    state = _round(state)
    b = state.battle
    assert b is not None and (SCHARNHORST, KENT, 0) in b.aim


def test_FS_DRM_modifiers() -> None:
    state = found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20)
    b = state.battle
    assert b is not None
    state = evolve(state, damage=tuple(2 if i in (EMDEN, KENT) else d
                                       for i, d in enumerate(state.damage)))  # fmt: skip
    mods = dict(fire_modifiers(state, b, EMDEN, KENT, 0, 0))
    assert mods["firer half damaged"] == -1 and "target half damaged" not in mods
    mods = dict(fire_modifiers(state, b, KENT, EMDEN, 0, 0))
    assert mods["target half damaged"] == 1
    vet = evolve(state, combats=tuple(2 if i == EMDEN else c for i, c in enumerate(state.combats)))
    assert dict(fire_modifiers(vet, b, EMDEN, KENT, 0, 0))["earlier combats (German, not BC)"] == -2
    amc = dict(fire_modifiers(state, b, PEGASUS, EMDEN, 1, 0))
    assert amc["same target as last round"] == 1


def test_FS_CROWD_second_or_third_firer() -> None:
    state = found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20)
    b = state.battle
    assert b is not None
    assert "another ship fires at the same target" in dict(
        fire_modifiers(state, b, KENT, EMDEN, 0, 1)
    )
    third = evolve(state, config=Config(crowded_fire="third"))
    assert "another ship fires at the same target" not in dict(
        fire_modifiers(third, b, KENT, EMDEN, 0, 1)
    )


def test_FS_TORPEDO_at_c_range() -> None:
    state = setup({EMDEN: (26, START)}, {GLASGOW: (27, MOVED)})
    state = play(state, mv(EMDEN, 27, "surprise", GLASGOW))
    b = state.battle
    assert b is not None and ("torp", EMDEN, GLASGOW, 0) in b.queue
    state = play(state, dice=(1, 3))  # Emden's gun (1+0+1+2 = 4: 1 pt), torpedo 3 hits (-2)
    assert state.battle is not None and state.battle.queue[0][0] == "torpdmg"


def test_FS_COMBAT_RUN_not_in_surprise() -> None:
    state = _round(found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20))
    state = play(state, dice=(1,))
    assert state.phase == G_RUN
    s2 = play(
        setup({EMDEN: (26, START)}, {GLASGOW: (27, MOVED)}), mv(EMDEN, 27, "surprise", GLASGOW)
    )
    s2 = play(s2, dice=(2, 6, 2, 6))  # guns and torpedoes miss, one round
    assert s2.battle is not None and s2.phase == "chance"


def test_FS_COMBAT_END_after_max_rounds() -> None:
    state = found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20, max_rounds=1)
    state = play(_round(state), dice=(1,))
    assert state.battle is None and state.phase == ALLY


def test_FS_DAMAGE_table() -> None:
    assert [damage_points(r) for r in range(0, 10)] == [0, 0, 0, 1, 1, 2, 2, 3, 4, 4]


def test_FS_HALF_damaged() -> None:
    assert half_damaged(2, 4) and not half_damaged(1, 4) and half_damaged(2, 3)


def test_FS_REPAIR_after_combat() -> None:
    state = found_battle({EMDEN: (26, START)}, {INVINCIBLE: (20, MOVED)}, 20, max_rounds=1)
    state = evolve(state, damage=tuple(1 if i == EMDEN else d for i, d in enumerate(state.damage)))
    state = play(_round(state), dice=(1,))  # Invincible misses (1+2 = 3: 1 point)
    assert state.damage[EMDEN] == 1  # 1 + 1 - 1 repaired


def test_FS_RETIRE_half_damaged_allies() -> None:
    state = found_battle({SCHARNHORST: (26, START)}, {GLASGOW: (20, MOVED)}, 20,
                         ship=SCHARNHORST, max_rounds=1)  # fmt: skip
    state = play(_round(state), dice=(6,))  # 3 points on Glasgow (capacity 4), repairs to 2
    assert state.loc[GLASGOW] == ENGLAND and state.damage[GLASGOW] == 0


def test_FS_GER_DAMAGED_slower_no_surprise() -> None:
    state = setup({EMDEN: (26, START)}, {GLASGOW: (27, MOVED)})
    hurt = evolve(state, damage=tuple(2 if i == EMDEN else d for i, d in enumerate(state.damage)))
    assert speed(hurt, EMDEN) == speed(state, EMDEN) - 1
    assert refused(hurt, mv(EMDEN, 27, "surprise", GLASGOW)) == "FS-SURPRISE-ALONE"
    amc = setup({KWDG: (2, START)})
    amc = evolve(amc, damage=tuple(3 if i == KWDG else d for i, d in enumerate(amc.damage)))
    assert speed(amc, KWDG) == 1  # not below grade 3


# --- raids and merchants ----------------------------------------------------------------------
def test_FS_CAPTURE_escorts_and_setting() -> None:
    state = setup({EMDEN: (4, START)}, {KENT: (3, CONVOY)})
    assert play(state, mv(EMDEN, 3)).gvp[0] == 3  # density 4 - 1 escort
    one = setup({EMDEN: (4, START)}, captures="one per ship")
    assert play(one, mv(EMDEN, 3)).gvp[0] == 1
    assert play(state, mv(EMDEN, 3)).captures[0][1:] == (EMDEN, 3, 3)


def test_FS_CONVOY_ATTACK_surprise_or_fight() -> None:
    state = setup({EMDEN: (4, START)}, {KENT: (3, CONVOY)})
    sunk = play(state, mv(EMDEN, 3, "convoy"), dice=(5, 4))  # 5 - 2 (speed 4+) = 3: surprised
    assert sunk.gvp[0] == 4 and sunk.battle is None
    fight = play(state, mv(EMDEN, 3, "convoy"), dice=(6,))
    assert fight.battle is not None and fight.battle.sides[1] == (KENT,)


def test_FS_STATION_RAID_once_per_game() -> None:
    cocos = next(i for i, s in enumerate(STATIONS) if s.name == "Cocos")
    state = setup({EMDEN: (19, START), KONIGSBERG: (18, START)})
    state = play(state, mv(EMDEN, 22, "raid", cocos))
    assert state.gvp[1] == 2 and cocos in state.raided
    state = play(state, PASS)
    assert refused(state, mv(KONIGSBERG, 22, "raid", cocos)) == "FS-STATION-RAID"


# --- end --------------------------------------------------------------------------------------
def test_FS_LENGTH_last_turn_ends() -> None:
    state = setup({EMDEN: (26, START)}, turn=12)
    assert play(state, mv(EMDEN, 20)).phase == OVER
    short = setup({EMDEN: (26, START)}, turn=2, turns=2)
    assert play(short, mv(EMDEN, 20)).phase == OVER


def test_FS_VICTORY_scores_and_winner() -> None:
    state = evolve(setup({EMDEN: (26, START)}, german_par=0), gvp=(3, 2, 0, 1), avp=4, phase=OVER)
    assert rules.scores(state) == (6, 4) and rules.winner(state) == 0
    assert rules.winner(evolve(state, avp=6)) is None


def test_FS_VICTORY_the_german_must_beat_the_par() -> None:
    """The house par (default 250): the German must lead by more than it to win."""
    assert Config().german_par == 250
    state = evolve(setup({EMDEN: (26, START)}), gvp=(240, 10, 0, 4), avp=4, phase=OVER)
    assert rules.winner(state) is None  # leads by exactly 250: a draw
    assert rules.winner(evolve(state, avp=5)) == 1
    assert rules.winner(evolve(state, avp=3)) == 0


def test_FS_VICTORY_the_end_screen_says_who_won_and_why_in_one_sentence() -> None:
    state = evolve(setup({EMDEN: (26, START)}), gvp=(240, 10, 0, 4), avp=4, phase=OVER)
    draw = rules.verdict(state)
    assert draw.startswith("A draw: Germany 254 VP (240 from merchants taken), the Allies 4 VP")
    assert "house par of 250" in draw and draw.count(".") == 1
    allies = rules.verdict(evolve(state, avp=5))
    assert allies.startswith("The Allies win:") and "a German lead of only 249" in allies
    assert rules.verdict(evolve(state, avp=3)).startswith("Germany wins:")
    plain = evolve(state, config=Config(german_par=0))
    assert rules.verdict(plain).startswith("Germany wins with the higher total")
    assert GAME.status(state) == f"Game over after turn {state.turn}. {draw}"


def test_FS_HIDDEN_allies_never_see_unfound_raiders() -> None:
    state = play(setup({EMDEN: (26, START), KONIGSBERG: (18, START)}), mv(EMDEN, 20))
    seen = observe(state, 1).state
    assert seen.loc[EMDEN] == UNKNOWN and seen.gvp[0] == 0 and not seen.captures
    assert observe(state, 0).state.loc[EMDEN] == 20 and observe(state, None).state.gvp[0] == 2
    assert "20" not in GAME.describe_outcome(state, mv(EMDEN, 20))


def test_FS_TURN_ORDER_only_the_current_step() -> None:
    state = setup({EMDEN: (26, START)}, {KENT: (4, START)})
    assert refused(state, Deploy((KENT,), 3)) == "FS-TURN-ORDER"
    assert refused(state, RUN) == "FS-TURN-ORDER"


def test_every_clause_has_a_scenario() -> None:
    names = {n for n in globals() if n.startswith("test_FS_")}
    for clause in CLAUSES:
        stem = "test_" + clause.id.replace("-", "_") + "_"
        assert any(n.startswith(stem) for n in names), f"no scenario for {clause.id}"
