"""Far Seas scenarios, one or more per rule clause: a test named ``test_FS_X_...`` covers
clause ``FS-X`` (a meta-test checks that every clause has one).

Positions are built by hand (fs_helpers.setup: only the named ships in play), dice are
scripted, refusals must name the expected rule id.
"""

from __future__ import annotations

from fs_helpers import play, refused, setup, sid
from seedcite import Seed

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
from navalkit.games.far_seas.mechanics.combat import fire_modifiers, speed, start_battle
from navalkit.games.far_seas.mechanics.orders import may_escort
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
    State,
    Unit,
    evolve,
)
from navalkit.games.far_seas.state import (
    GERMAN as GERMAN_PHASE,
)

SEED = Seed("far_seas")

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
@SEED.cites(
    8, "Ships may remain in area or move to an adjacent area", clause=("FS-GER-MOVE", "FS-MAP")
)
def test_FS_MAP_areas_and_adjacency() -> None:
    assert len(AREAS) == 33 and [a.num for a in AREAS] == list(range(33))
    for a in AREAS:
        for n in a.adjacent:
            assert a.num in AREAS[n].adjacent, (a.num, n)
    state = setup({EMDEN: (26, START)})
    assert refused(state, mv(EMDEN, 3)) == "FS-MAP"


@SEED.cites(
    5, "Boxed number in each sea zone is density of merchant shipping.", clause="FS-MERCHANTS"
)
def test_FS_MERCHANTS_capture_equals_density() -> None:
    state = play(setup({EMDEN: (26, START)}), mv(EMDEN, 20))
    assert state.gvp[0] == AREAS[20].density == 2


@SEED.cites(
    4,
    "Red anchors are British stations -- may be raided.",
    clause=("FS-STATIONS", "FS-STATION-RAID"),
)
def test_FS_STATIONS_nine_red_anchors() -> None:
    assert len(STATIONS) == 9 and all(1 <= s.area <= 32 and s.vp > 0 for s in STATIONS)


@SEED.cites(64, "German must state ahead of time if using Panama Canal.", clause="FS-PANAMA")
def test_FS_PANAMA_must_be_announced() -> None:
    state = setup({EMDEN: (6, START)})
    assert refused(state, mv(EMDEN, 31)) == "FS-PANAMA"
    after = play(state, mv(EMDEN, 31, "panama"))
    assert after.loc[EMDEN] == 31


@SEED.cites(
    69, "German ships are automatically discovered if searched in the Red Sea.", clause="FS-RED-SEA"
)
def test_FS_RED_SEA_automatic_discovery() -> None:
    state = setup({EMDEN: (18, START)}, {GLASGOW: (17, MOVED)})
    state = play(state, mv(EMDEN, 17), Search(17))  # no die needed
    assert state.phase == G_RUN and EMDEN in state.discovered


@SEED.cites(72, "Germans in area 2 can attempt return to Germany.", clause="FS-HOME")
@SEED.cites(72, "Succeed on a roll of 5-6.", clause="FS-HOME")
@SEED.cites(72, "Otherwise sunk.", clause="FS-HOME")
@SEED.cites(72, "If squadron fails, re-roll for each ship.", clause="FS-HOME")
@SEED.cites(72, "These ships are out of the game.", clause="FS-HOME")
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


@SEED.cites(58, "England: 9", clause="FS-ALLIED-SETUP")
@SEED.cites(61, "Pacific reinforcements: 14", clause=("FS-ALLIED-SETUP", "FS-COLONY"))
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
@SEED.cites(
    54,
    "A new segment begins and segments continue until all Germans have moved.",
    clause="FS-SEQUENCE",
)
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


@SEED.cites(
    6,
    "Ships begin in Start box and move to Moved boxes, unless protecting convoy or on station.",
    clause="FS-BOXES",
)
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


@SEED.cites(
    7,
    "German player announces names of all ships he will move (must move at least 1).",
    clause="FS-GER-MOVE",
)
def test_FS_GER_MOVE_must_move_one() -> None:
    state = setup({EMDEN: (26, START)})
    assert refused(state, mv(EMDEN, 26, "hold")) == "FS-GER-MOVE"
    assert refused(state, mv(KENT, 26)) == "FS-GER-MOVE"


@SEED.cites(8, "s - join a Squadron", clause="FS-SQUADRON")
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


@SEED.cites(
    11,
    "British ships with A or B gun range and speed <= 3+ may go on convoy by covering the "
    "merchant ship box.",
    clause="FS-CONVOY",
)
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


@SEED.cites(
    11,
    "British ships with A or B gun range and speed <= 3+ may go on convoy by covering the "
    "merchant ship box.",
    clause="FS-CONVOY",
)
@SEED.cites(62, "Other: 5", clause="FS-ALLIED-SETUP")
def test_FS_CONVOY_the_escorts_at_the_start_may_escort() -> None:
    """The five escorts the game starts with (the seed's 'Other: 5') obey the escort rule,
    under either reading of the speed: the class fill once gave four of them a light
    cruiser of speed 4, an armed merchant cruiser or an old cruiser (gun range C)."""
    escorts = [s.id for s in SHIPS if s.side == 1 and s.box == "convoy"]
    assert len(escorts) == 5
    for reading in ("3+ or less", "3 or more"):
        state = rules.initial_state(Config(convoy_speed=reading))
        assert all(may_escort(state, s) for s in escorts), reading


@SEED.cites(
    12, "British ships may go on station by covering the station symbol.", clause="FS-STATION-DUTY"
)
def test_FS_STATION_DUTY_only_where_a_station_is() -> None:
    state = setup({EMDEN: (26, START)}, {KENT: (21, START), GLASGOW: (4, START)}, phase=ALLY)
    assert play(state, Deploy((KENT,), 21, "station")).box[KENT] == STATION
    assert refused(state, Deploy((GLASGOW,), 4, "station")) == "FS-STATION-DUTY"


def test_FS_ENGLAND_closed_to_germans() -> None:
    assert refused(setup({EMDEN: (1, START)}), mv(EMDEN, ENGLAND)) == "FS-ENGLAND"


# --- rivers -----------------------------------------------------------------------------------
@SEED.cites(10, "D - move into a river", clause="FS-RIVER")
@SEED.cites(
    65,
    "Rufiji River enterable by Königsberg, Nurnberg or Leipzig, but only one at a time.",
    clause="FS-RIVER",
)
def test_FS_RIVER_who_may_enter() -> None:
    state = setup({KONIGSBERG: (23, START)})
    assert play(state, mv(KONIGSBERG, RIVER, "river")).box[KONIGSBERG] == RIVER_BOX
    assert refused(setup({EMDEN: (23, START)}), mv(EMDEN, RIVER, "river")) == "FS-RIVER"


@SEED.cites(
    66,
    "British ships may search the Rufiji River; place next to the river.",
    clause="FS-RIVER-SEARCH",
)
@SEED.cites(
    70,
    "British may not attack Germans in the river, but if found, Germans must remain in river.",
    clause=("FS-RIVER-SEARCH", "FS-RIVER-STAY"),
)
def test_FS_RIVER_SEARCH_watchers_find_no_combat() -> None:
    state = setup({KONIGSBERG: (23, START)}, {PEGASUS: (23, WATCH)})
    state = play(state, mv(KONIGSBERG, RIVER, "river"), Search(RIVER), dice=(1,))
    assert KONIGSBERG in state.river_found and state.battle is None
    assert state.box[KONIGSBERG] == RIVER_BOX


@SEED.cites(
    70,
    "British may not attack Germans in the river, but if found, Germans must remain in river.",
    clause="FS-RIVER-STAY",
)
def test_FS_RIVER_STAY_found_must_stay() -> None:
    state = setup({KONIGSBERG: (23, RIVER_BOX)}, {PEGASUS: (23, WATCH)})
    state = evolve(state, river_found=frozenset({KONIGSBERG}))
    assert refused(state, mv(KONIGSBERG, 23, "leave")) == "FS-RIVER-STAY"
    assert GAME.violation(state, mv(KONIGSBERG, 23, "hold")) is None


@SEED.cites(
    71,
    "British ships moving into the river automatically discover the German ship if it is moving "
    "out on the same turn.",
    clause="FS-RIVER-EXIT",
)
@SEED.cites(
    71, "Combat is at C range and British receive +2 on first round.", clause="FS-RIVER-EXIT"
)
def test_FS_RIVER_EXIT_watchers_attack_at_c() -> None:
    state = setup({KONIGSBERG: (23, RIVER_BOX)}, {PEGASUS: (23, WATCH)})
    state = play(state, mv(KONIGSBERG, 23, "leave"))
    b = state.battle
    assert b is not None and b.rufiji and b.start == 2
    mods = dict(fire_modifiers(state, b, PEGASUS, KONIGSBERG, 0, 0))
    assert mods["ship leaving the Rufiji, first round"] == 2


# --- search -----------------------------------------------------------------------------------
@SEED.cites(13, "Only moving ships may search or be searched for.", clause="FS-SEARCH-WHO")
def test_FS_SEARCH_WHO_only_moved_ships() -> None:
    state = setup({EMDEN: (26, START)}, {KENT: (20, START)})
    state = play(state, mv(EMDEN, 20))
    assert state.phase == ALLY  # no Allied ship may search: no search step at all
    s2 = setup({EMDEN: (26, START)}, {KENT: (20, MOVED)})
    s2 = play(s2, mv(EMDEN, 20))
    assert s2.phase == SEARCH
    assert refused(s2, Search(21)) == "FS-SEARCH-WHO"


@SEED.cites(20, 'Search succeeds on a roll of "1".', clause="FS-SEARCH")
@SEED.cites(20, "Every extra ship or squadron reduces the roll by 1.", clause="FS-SEARCH")
def test_FS_SEARCH_roll_and_modifiers() -> None:
    assert search_finds(1) and not search_finds(2)
    assert search_finds(2, extra_searchers=1) and search_finds(3, 1, 1)
    assert abs(search_chance(1) - 1 / 6) < 1e-9 and search_chance(6) == 1.0
    state = setup({EMDEN: (26, START)}, {KENT: (20, MOVED)})
    missed = play(state, mv(EMDEN, 20), Search(20), dice=(2,))
    assert missed.battle is None and EMDEN not in missed.discovered
    two = setup({EMDEN: (26, START)}, {KENT: (20, MOVED), GLASGOW: (20, MOVED)})
    hit = play(two, mv(EMDEN, 20), Search(20), dice=(2, 1))  # 2 - 1 extra ship; finder: #1
    assert hit.battle is not None and len(hit.battle.sides[1]) == 1


@SEED.cites(
    15,
    "British gets 1 search per area per ship or squadron, must pre-announce which ship or "
    "squadron he is seeking.",
    clause="FS-SEARCH-CHOICE",
)
@SEED.cites(16, "British do not have to search with all ships.", clause="FS-SEARCH-CHOICE")
def test_FS_SEARCH_CHOICE_each_ship_or_squadron_once_and_any_of_them() -> None:
    squadron = tuple(sorted((KENT, GLASGOW)))
    state = setup(
        {EMDEN: (26, START)}, {KENT: (20, MOVED), GLASGOW: (20, MOVED), IBUKI: (20, MOVED)}
    )
    state = play(evolve(state, squads=frozenset({squadron})), mv(EMDEN, 20))
    choices = {a for a in GAME.legal_actions(state) if isinstance(a, Search)}
    assert choices == {Search(20), Search(20, "non-British"), Search(20, "some", squadron)}
    assert refused(state, Search(20, "some", (KENT,))) == "FS-SEARCH"  # half a squadron
    state = play(state, Search(20, "some", squadron), dice=(2,))  # one squadron: 2 misses
    assert state.phase == SEARCH and state.unit is not None
    assert state.unit.searched_by == set(squadron)
    assert {a for a in GAME.legal_actions(state) if isinstance(a, Search)} == {Search(20)}
    after = play(state, Search(20), dice=(1,))  # Ibuki alone now, and finds him
    assert after.battle is not None and after.battle.sides[1] == (IBUKI,)
    assert refused(after, Search(20)) == "FS-TURN-ORDER"


@SEED.cites(
    22,
    "Only 1 ship or squadron finds a German ship or squadron; once it does, it may not find "
    "others during that turn (when multiple ships search, roll randomly to pick).",
    clause="FS-SEARCH-ONCE",
)
def test_FS_SEARCH_ONCE_one_finder_drawn_at_random() -> None:
    state = setup({EMDEN: (26, START)}, {KENT: (20, MOVED), GLASGOW: (20, MOVED)})
    state = play(state, mv(EMDEN, 20), Search(20), dice=(2,))  # 2 - 1 extra ship: found
    assert state.roll == "finder" and GAME.chance_outcomes(state) == ((0, 0.5), (1, 0.5))
    first = min(KENT, GLASGOW)
    assert SHIPS[first].name in GAME.describe_chance(state, 0)
    state = play(state, dice=(0,))
    assert state.battle is not None and state.battle.sides[1] == (first,)
    assert first in state.found and max(KENT, GLASGOW) not in state.found


@SEED.cites(
    22,
    "Only 1 ship or squadron finds a German ship or squadron; once it does, it may not find "
    "others during that turn (when multiple ships search, roll randomly to pick).",
    clause="FS-SEARCH-ONCE",
)
def test_FS_SEARCH_ONCE_finder_finds_no_other() -> None:
    state = found_battle({EMDEN: (26, START), KONIGSBERG: (26, START)}, {KENT: (20, MOVED)}, 20)
    assert KENT in state.found
    from navalkit.games.far_seas.mechanics.search import searchers

    assert KENT not in searchers(state, 20)


@SEED.cites(
    21,
    "British ships on station when it is raided automatically find the raiders.",
    clause="FS-STATION-AUTO",
)
def test_FS_STATION_AUTO_guards_find_raiders() -> None:
    state = setup({EMDEN: (19, START)}, {KENT: (21, STATION)})
    penang = next(i for i, s in enumerate(STATIONS) if s.name == "Penang")
    state = play(state, mv(EMDEN, 21, "raid", penang))
    assert state.phase == G_RUN and state.battle is not None
    assert state.battle.sides[1] == (KENT,)


@SEED.cites(
    17,
    "If British use only non-British ships to search, German player gains Cowardice Points equal "
    "to victory points of ships not searching.",
    clause="FS-COWARD",
)
@SEED.cites(
    18,
    "If British do not search for a squadron and at least half the ships are British, then German"
    " receives Cowardice Points equal to victory points of all ships as long as number of ships "
    "in British squadron is greater than or equal to the number of ships in German squadron minus"
    " 1.",
    clause="FS-COWARD",
)
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


@SEED.cites(
    23,
    "German receives 1 Surprise Search per turn; each ship may only participate once per game.",
    clause="FS-SURPRISE",
)
@SEED.cites(24, "Surprise search is automatic.", clause="FS-SURPRISE")
@SEED.cites(44, "Surprise combats start at C range.", clause=("FS-SURPRISE", "FS-COMBAT-RANGES"))
def test_FS_SURPRISE_automatic_plus_two_at_c() -> None:
    state = setup({SCHARNHORST: (26, START)}, {KENT: (27, MOVED)})
    state = play(state, mv(SCHARNHORST, 27, "surprise", KENT))
    b = state.battle
    assert b is not None and b.surprise and b.start == 2 and state.surprise_turn
    mods = dict(fire_modifiers(state, b, SCHARNHORST, KENT, 0, 1))
    assert mods["German surprise"] == 2
    start = setup({SCHARNHORST: (26, START)}, {KENT: (27, MOVED)})
    used = evolve(start, surprised=frozenset({SCHARNHORST}))  # (a State holds frozensets)
    assert refused(used, mv(SCHARNHORST, 27, "surprise", KENT)) == "FS-SURPRISE-ALONE"


@SEED.cites(
    23,
    "May not try to surprise a British squadron if operating alone, but must instead surprise a "
    "single ship whose damage capacity is <= German's capacity + 1.",
    clause="FS-SURPRISE-ALONE",
)
def test_FS_SURPRISE_ALONE_capacity_limit() -> None:
    state = setup({EMDEN: (26, START)}, {INVINCIBLE: (27, MOVED), GLASGOW: (27, MOVED)})
    assert refused(state, mv(EMDEN, 27, "surprise", INVINCIBLE)) == "FS-SURPRISE-ALONE"
    assert GAME.violation(state, mv(EMDEN, 27, "surprise", GLASGOW)) is None


# --- running ----------------------------------------------------------------------------------
@SEED.cites(25, "When discovered, Germans have first chance to run.", clause="FS-RUN")
@SEED.cites(25, "If they do not, Brish may run.", clause="FS-RUN")
def test_FS_RUN_german_first_then_allies() -> None:
    state = found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20)
    assert state.phase == G_RUN and GAME.to_move(state) == 0
    state = play(state, FIGHT)
    assert state.phase == A_RUN and GAME.to_move(state) == 1


@SEED.cites(26, "When German tries to run, British rolls 1 die.", clause="FS-RUN-ROLL")
@SEED.cites(26, 'On a "6", German is Surprised and cannot run.', clause="FS-RUN-ROLL")
def test_FS_RUN_ROLL_six_stops_the_runner() -> None:
    state = found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20)
    state = play(state, RUN, dice=(6,))
    b = state.battle
    assert b is not None and b.ran_last[0] and b.queue
    assert all(job[3] <= SHIPS[job[1]].cls.drm - 2 or job[0] != "gun" or job[1] != EMDEN
               for job in b.queue)  # fmt: skip


@SEED.cites(29, "If speed is 2 or more grades apart, the faster group wins.", clause="FS-PURSUIT")
@SEED.cites(30, "If speeds are equal, high roller wins.", clause="FS-PURSUIT")
@SEED.cites(31, "If ships are within 1 grade, the slower rolls ne die.", clause="FS-PURSUIT")
@SEED.cites(31, 'If a "6", they win race.', clause="FS-PURSUIT")
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


@SEED.cites(33, "Escaping ships go to the Moved box of an adjacent area.", clause="FS-ESCAPE")
def test_FS_ESCAPE_to_an_adjacent_moved_box() -> None:
    two = {EMDEN: (26, START), KONIGSBERG: (18, START)}
    state = play(found_battle(two, {KENT: (20, MOVED)}, 20), RUN, dice=(3,))
    assert state.loc[EMDEN] in ADJ[20] and state.box[EMDEN] == MOVED


def test_FS_SPEED_grades() -> None:
    assert SPEEDS == ("2", "3", "3+", "4", "4+", "5")


# --- combat -----------------------------------------------------------------------------------
def _round(state):  # type: ignore[no-untyped-def]
    return play(state, FIGHT, FIGHT)


@SEED.cites(
    34,
    "Combat is in order of ranges: A, then AB, then ABC (surprise ABC)",
    clause="FS-COMBAT-RANGES",
)
def test_FS_COMBAT_RANGES_a_then_ab_then_abc() -> None:
    state = _round(found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20))
    b = state.battle
    assert b is not None and [j[1] for j in b.queue] == [KENT]  # range A: Emden (B) silent


@SEED.cites(35, "Fire is simultaneous; each ship rolls a die on Damage Table.", clause="FS-FIRE")
def test_FS_FIRE_simultaneous() -> None:
    state = found_battle({SCHARNHORST: (26, START)}, {GLASGOW: (20, MOVED)}, 20, ship=SCHARNHORST)
    state = _round(state)  # range A: only Scharnhorst (A) fires
    state = play(state, dice=(6,))  # 6 + 1 = 7: 3 points, Glasgow not sunk yet
    assert state.damage[GLASGOW] == 3 and state.battle is not None


def test_FS_TARGETS_highest_vp_then_same() -> None:
    state = setup({SCHARNHORST: (26, START)}, {GLASGOW: (20, MOVED), KENT: (20, MOVED)})
    state = evolve(state, squads=frozenset({tuple(sorted((GLASGOW, KENT)))}))  # one squadron
    state = _round(play(state, mv(SCHARNHORST, 20), Search(20), dice=(1,)))
    b = state.battle
    assert b is not None and (SCHARNHORST, KENT, 0) in b.aim


@SEED.cites(
    36,
    "Each ship has a damage roll modifier: +1 if firing on same ship (for each round until damage"
    " roll modifier is 0)",
    clause="FS-DRM",
)
@SEED.cites(37, "-1 if firing ship half damaged", clause="FS-DRM")
@SEED.cites(38, "+1 if target half damaged", clause="FS-DRM")
@SEED.cites(
    43,
    "-1 for every previous naval combat ship has been in if German and not BC class.",
    clause="FS-DRM",
)
def test_FS_DRM_modifiers() -> None:
    state = found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20)
    b = state.battle
    assert b is not None
    state = evolve(state, damage=tuple(2 if i in (EMDEN, KENT) else d
                                       for i, d in enumerate(state.damage)))  # fmt: skip
    mods = dict(fire_modifiers(state, b, EMDEN, KENT, 0, 1))
    assert mods["firer half damaged"] == -1 and "target half damaged" not in mods
    mods = dict(fire_modifiers(state, b, KENT, EMDEN, 0, 1))
    assert mods["target half damaged"] == 1
    vet = evolve(state, combats=tuple(2 if i == EMDEN else c for i, c in enumerate(state.combats)))
    assert (
        dict(fire_modifiers(vet, b, EMDEN, KENT, 0, 1))[
            "earlier combats (a German, not a battlecruiser)"
        ]
        == -2
    )
    amc = dict(fire_modifiers(state, b, PEGASUS, EMDEN, 1, 1))
    assert amc["same target as last round"] == 1


@SEED.cites(42, "-1 if 2 ships firing on same target", clause="FS-CROWD")
def test_FS_CROWD_each_of_two_firers_or_of_three() -> None:
    state = found_battle({EMDEN: (26, START)}, {KENT: (20, MOVED)}, 20)
    b = state.battle
    assert b is not None
    crowded = "another ship fires at the same target"
    assert crowded not in dict(fire_modifiers(state, b, KENT, EMDEN, 0, 1))
    assert dict(fire_modifiers(state, b, KENT, EMDEN, 0, 2))[crowded] == -1
    three = evolve(state, config=Config(crowded_fire="3 or more"))
    assert crowded not in dict(fire_modifiers(three, b, KENT, EMDEN, 0, 2))
    assert dict(fire_modifiers(three, b, KENT, EMDEN, 0, 3))[crowded] == -1


@SEED.cites(
    46,
    'A hit is achieved on a die roll of "1" which gives another roll on the damage table '
    "(no modifiers).",
    clause="FS-TORPEDO",
)
@SEED.cites(
    47,
    'German subtracts 2 from "to hit" torpedo roll if it surprised its target.',
    clause="FS-TORPEDO",
)
def test_FS_TORPEDO_at_c_range() -> None:
    state = setup({EMDEN: (26, START)}, {GLASGOW: (27, MOVED)})
    state = play(state, mv(EMDEN, 27, "surprise", GLASGOW))
    b = state.battle
    assert b is not None and ("torp", EMDEN, GLASGOW, 0) in b.queue
    state = play(state, dice=(1, 3))  # Emden's gun (1+0+1+2 = 4: 1 pt), torpedo 3 hits (-2)
    assert state.battle is not None and state.battle.queue[0][0] == "torpdmg"


@SEED.cites(
    45,
    "If not surprise and has not tried to run yet, a ship may now try to run after the combat "
    "round.",
    clause="FS-COMBAT-RUN",
)
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


@SEED.cites(48, "Ships which survive combat each remove 1 damage point.", clause="FS-REPAIR")
def test_FS_REPAIR_after_combat() -> None:
    state = found_battle({EMDEN: (26, START)}, {INVINCIBLE: (20, MOVED)}, 20, max_rounds=1)
    state = evolve(state, damage=tuple(1 if i == EMDEN else d for i, d in enumerate(state.damage)))
    state = play(_round(state), dice=(1,))  # Invincible misses (1+2 = 3: 1 point)
    assert state.damage[EMDEN] == 1  # 1 + 1 - 1 repaired


@SEED.cites(49, "He must do so for ships equal to or more than half damaged.", clause="FS-RETIRE")
def test_FS_RETIRE_half_damaged_allies() -> None:
    state = found_battle({SCHARNHORST: (26, START)}, {GLASGOW: (20, MOVED)}, 20,
                         ship=SCHARNHORST, max_rounds=1)  # fmt: skip
    state = play(_round(state), dice=(6,))  # 3 points on Glasgow (capacity 4), repairs to 2
    assert state.loc[GLASGOW] == ENGLAND and state.damage[GLASGOW] == 0


MINOTAUR, KARLSRUHE, FOX = sid("Minotaur"), sid("Karlsruhe"), sid("Fox")


def _at_battle(germans: tuple[int, ...], allies: tuple[int, ...], area: int = 10) -> State:
    """A search battle in ``area`` between ``germans`` and ``allies`` (all in its Moved box),
    the Germans about to choose whether to run."""
    state = setup({g: (area, MOVED) for g in germans}, {a: (area, MOVED) for a in allies})
    state = evolve(state, unit=Unit(germans, "move", area), phase=SEARCH)
    return start_battle(state, germans, allies, "search")


def _fight_out(state: State, die: int = 2) -> State:
    """Fight on, every die a ``die``, until the battle is over."""
    while state.battle is not None:
        state = GAME.apply_chance(state, die) if GAME.is_chance(state) else GAME.apply(state, FIGHT)
    return state


@SEED.cites(48, "Ships which survive combat each remove 1 damage point.", clause="FS-REPAIR")
@SEED.cites(49, "He must do so for ships equal to or more than half damaged.", clause="FS-RETIRE")
def test_FS_RETIRE_a_pursuer_left_behind_survived_the_combat_too() -> None:
    """A pursuer the runner outran is out of the fight, not out of its end: it repairs, and
    (an Allied ship at least half damaged) retires. It used to stay at sea, unrepaired."""
    state = _at_battle((SCHARNHORST,), (IBUKI, MINOTAUR))
    # two rounds: Scharnhorst puts 3 then 2 points on Ibuki (capacity 6); the Allies miss
    state = play(state, FIGHT, FIGHT, FIGHT, FIGHT, dice=(6, 1, 1, 2, 1, 1))
    assert state.damage[IBUKI] == 5
    # Scharnhorst runs and is not stopped (1); Ibuki loses the race (1), Minotaur keeps up (6)
    state = play(state, RUN, dice=(1, 1, 6))
    assert state.battle is not None
    assert state.battle.sides[1] == (MINOTAUR,) and state.battle.outrun == (IBUKI,)
    state = _fight_out(state)
    assert (state.loc[IBUKI], state.box[IBUKI], state.damage[IBUKI]) == (ENGLAND, START, 0)


@SEED.cites(33, "Escaping ships go to the Moved box of an adjacent area.", clause="FS-ESCAPE")
@SEED.cites(49, "He must do so for ships equal to or more than half damaged.", clause="FS-RETIRE")
def test_FS_RETIRE_an_allied_ship_that_escapes_half_damaged_retires() -> None:
    """Escaping does not spare a ship at least half damaged its retirement: it goes to
    England, repaired, not to the Moved box next door (where it used to go, repaired of all
    its damage by the retirement)."""
    state = _at_battle((SCHARNHORST,), (IBUKI,))
    state = play(state, FIGHT, FIGHT, FIGHT, FIGHT, dice=(6, 1, 2, 1))  # 5 points on Ibuki
    assert state.damage[IBUKI] == 5
    state = play(state, FIGHT, RUN, dice=(6,))  # Ibuki runs, and wins the race on a 6
    assert state.battle is None
    assert (state.loc[IBUKI], state.box[IBUKI], state.damage[IBUKI]) == (ENGLAND, START, 0)


@SEED.cites(25, "Failing that, there is combat.", clause=("FS-DRM", "FS-REPAIR"))
@SEED.cites(
    43,
    "-1 for every previous naval combat ship has been in if German and not BC class.",
    clause="FS-DRM",
)
def test_FS_DRM_running_away_at_once_is_no_combat() -> None:
    """A German who runs before the first round and gets away fought no combat: it does not
    count against him later, and nobody repairs (he used to do both)."""
    state = _at_battle((KARLSRUHE,), (FOX,))
    state = evolve(
        state, damage=tuple(1 if i == KARLSRUHE else d for i, d in enumerate(state.damage))
    )
    state = play(state, RUN, dice=(1,))  # not stopped (a 6 would), and three grades faster
    assert state.battle is None and state.loc[KARLSRUHE] in ADJ[10]  # away next door
    assert state.combats[KARLSRUHE] == 0 and state.damage[KARLSRUHE] == 1


@SEED.cites(
    50,
    "Half or more damaged German ships have speed reduced by 1 and may not use Surprise (min "
    "speed is 3).",
    clause="FS-GER-DAMAGED",
)
def test_FS_GER_DAMAGED_slower_no_surprise() -> None:
    state = setup({EMDEN: (26, START)}, {GLASGOW: (27, MOVED)})
    hurt = evolve(state, damage=tuple(2 if i == EMDEN else d for i, d in enumerate(state.damage)))
    assert speed(hurt, EMDEN) == speed(state, EMDEN) - 1
    assert refused(hurt, mv(EMDEN, 27, "surprise", GLASGOW)) == "FS-SURPRISE-ALONE"
    amc = setup({KWDG: (2, START)})
    amc = evolve(amc, damage=tuple(3 if i == KWDG else d for i, d in enumerate(amc.damage)))
    assert speed(amc, KWDG) == 1  # not below grade 3


# --- raids and merchants ----------------------------------------------------------------------
@SEED.cites(
    52,
    "Every ship on convoy reduces by 1 the number of merchants available to capture.",
    clause="FS-CAPTURE",
)
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


@SEED.cites(9, "R - Raid a station (list station name)", clause="FS-STATION-RAID")
@SEED.cites(
    53,
    "Any ship that survives raiding to reach the station receives points as printed on the board "
    "each station can only be raided once per game.",
    clause="FS-STATION-RAID",
)
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
    """The house par (default 245): the German must lead by more than it to win."""
    assert Config().german_par == 245
    state = evolve(setup({EMDEN: (26, START)}), gvp=(235, 10, 0, 4), avp=4, phase=OVER)
    assert rules.winner(state) is None  # leads by exactly 245: a draw
    assert rules.winner(evolve(state, avp=5)) == 1
    assert rules.winner(evolve(state, avp=3)) == 0


def test_FS_VICTORY_the_end_screen_says_who_won_by_which_rule_and_the_points() -> None:
    state = evolve(setup({EMDEN: (26, START)}), gvp=(235, 10, 0, 4), avp=4, phase=OVER)
    draw = rules.verdict(state)
    assert draw.startswith("A draw (rule: Victory)")
    assert "the lead is exactly 245 VP" in draw
    assert "Germany's 249 VP: 235 for merchants taken, 10 for stations raided" in draw
    allies = rules.verdict(evolve(state, avp=5))
    assert allies.startswith("The Allies win (rule: Victory)")
    assert "they lead by only 244 VP" in allies
    assert rules.verdict(evolve(state, avp=3)).startswith("Germany wins (rule: ")
    plain = evolve(state, config=Config(german_par=0))
    assert rules.verdict(plain).startswith("Germany wins with the higher total")
    assert GAME.status(state) == f"{rules.ending(state)} {draw}"


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
