"""Nautic Miles, sentence by sentence: every seed sentence that states a rule, played out.

The seed (docs/rules/seeds/nautic_miles.txt) is a forum thread holding a machine translation
of the French rules (chart = card, sleeve/handle = round, heel = draw pile, trues = discard
pile, part = game). docs/rules/nautic_miles.md maps every sentence to its clause and test.

Seats sit in order 0, 1, 2 ...; the seat after the dealer is on his left. Positions are built
with ``nm_helpers.table`` and then played turn by turn: after each play the next seat draws
(the top card of the pile here), and its timers (a mine it laid, its ship standing on a
battle) fire first, as the engine plays them.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from nm_helpers import cards_of, go, table, why
from seedcite import Seed

from navalkit.games.nautic_miles import GAME
from navalkit.games.nautic_miles.actions import Play, discard, place, play
from navalkit.games.nautic_miles.data import BY_KEY, COUNTS, DECK_SIZE, KIND, SUB_PAIR
from navalkit.games.nautic_miles.mechanics.scoring import capture_value, round_points
from navalkit.games.nautic_miles.rules import apply_chance
from navalkit.games.nautic_miles.state import (
    ATTACKER,
    DEAL,
    DEFENDER,
    DRAW,
    NONE,
    OVER,
    PLAY,
    REFILL,
    RoundResult,
    State,
)

SEED = Seed("nautic_miles")
K = BY_KEY
SHIPS = ("submarine", "frigate", "destroyer", "cruiser", "carrier")
# A convoy already home (2.5 points; a 1,000-mile card on it, so no slowness bonus): with it in
# port a side may score, so a test can measure what another convoy or a capture adds.
HOME = ("c2500", ("m1000",) * 4)
ALERTED = {"alert": True}


def drawn(state: State) -> State:
    """The draws that follow a play (and a refill after two submarines): the pile's top card."""
    while state.phase in (DRAW, REFILL):
        state = apply_chance(state, state.pile[-1])
    return state


def turn(state: State, action: object) -> State:
    """Play ``action``; the next seat's timers fire and it draws."""
    return drawn(go(state, action))


def pass_turn(state: State, key: str | None = None) -> State:
    """The seat to move discards (a ``key`` card, else its highest card) instead of playing."""
    kind = K[key] if key else KIND[state.hands[state.seat][-1]]
    return turn(state, discard(kind))


def kinds(cards: tuple[int, ...]) -> list[int]:
    return [KIND[c] for c in cards]


def _scored(
    rows: dict[int, list[tuple[object, ...]]] | None = None,
    ports: dict[int, list[tuple[object, ...]]] | None = None,
    captures: tuple[tuple[str, bool], ...] = (),
    **config: object,
) -> RoundResult:
    """A two-player round whose last card seat 0 discards: the round ends and is scored.
    ``captures`` are convoys seat 0 has destroyed this round (key, detected)."""
    s = table({0: ["m200"]}, rows or {}, ports=ports, pile=False, **config)
    caught = []
    left = list(s.discard)
    for key, detected in captures:
        card = next(c for c in left if KIND[c] == K[key])
        left.remove(card)
        caught.append((card, detected))
    s = s._replace(captures=(tuple(caught), ()), discard=tuple(left))
    end = go(s, discard(K["m200"]))
    assert end.last_round is not None and end.round_no == 2
    return end.last_round


def _alerted_battle(attack: str, defend: list[str], **extra: object) -> State:
    """Seat 0 attacks seat 1's alerted 10,000 t convoy with ``attack``; seat 1 to answer."""
    s = table({0: [attack, "m200"], 1: [*defend, "m200"]}, {1: [("c10000", (), ALERTED)]}, **extra)
    return turn(s, play(K[attack], 1, 0))


# --- players and cards ------------------------------------------------------------------------
@SEED.cites(
    11,
    "From 2 to 6 players, playing individually or by teams of two, partners facing.",
    clause=("NM-PLAYERS", "NM-TEAMS"),
)
def test_two_to_six_players_alone_or_in_teams_of_two_partners_facing() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    for n in range(2, 7):
        assert GAME.initial_state(GAME.make_config(), n).side == tuple(range(n)), "alone"
    for n in (4, 6):
        s = GAME.initial_state(GAME.make_config(teams=True), n)
        assert s.sides == n // 2
        for seat in range(n):
            facing = (seat + n // 2) % n  # half the table away
            team = [p for p in range(n) if s.side[p] == s.side[seat]]
            assert team == sorted((seat, facing)), "teams of two, partners facing"


LISTED = {  # the seed's list, lines 14-33
    "c2500": 3,
    "c5000": 3,
    "c10000": 4,
    "c20000": 2,
    "trawler": 1,
    "plane": 4,
    "plane_hit": 4,
    "alert": 10,
    "end_alert": 4,
    "m200": 7,
    "m400": 7,
    "m600": 7,
    "m1000": 8,
    "m2000": 3,
    "mine": 2,
    "minesweeper": 4,
    "radar": 6,
    "submarine": 4,
    "frigate": 4,
    "destroyer": 4,
    "cruiser": 4,
    "carrier": 4,
    "storm": 2,
    "fine_sea": 4,
    "neutral_flag": 1,
}


def _in_the_pile(keys: tuple[str, ...]) -> None:
    pile = Counter(KIND[c] for c in GAME.initial_state(GAME.make_config(), 2).pile)
    for key in keys:
        assert pile[K[key]] == LISTED[key], key


@SEED.cites(13, "110 charts which are divided into:", clause=("NM-DECK", "NM-REFCARDS"))
def test_the_listed_cards_add_up_to_106_and_all_are_dealt_from_one_pile() -> None:
    assert sum(LISTED.values()) == 106 == DECK_SIZE == sum(COUNTS)
    s = GAME.initial_state(GAME.make_config(), 3)
    assert len(s.pile) == 106, "the box's 4 other cards (110 - 106) are not played"
    while GAME.is_chance(s):
        s = GAME.apply_chance(s, s.pile[0])
    assert cards_of(s) == list(range(106))


@SEED.cites(
    14,
    "Charts convoys: Planes: 3 .......... 2.500 barrels 4 .......... planes 3 .......... 5.000 "
    "barrels 4 .......... touched planes 4 .......... 10.000 barrels 2 .......... 20.000 barrels "
    "Alarms: 1 .......... trawler 10 .......... alarms 4 .......... ends of alarm",
    clause="NM-DECK",
)
def test_the_pile_holds_the_listed_convoys_planes_and_alerts() -> None:
    _in_the_pile(("c2500", "c5000", "c10000", "c20000", "trawler", "plane", "plane_hit"))
    _in_the_pile(("alert", "end_alert"))


@SEED.cites(
    21,
    "Charts *miles*: 7 .......... 200 miles Mines: 7 .......... 400 miles 2 .......... mines 7 "
    ".......... 600 miles 4 .......... minesweepers 8 .......... 1.000 miles 3 .......... 2.000 "
    "miles Radars: 6 .......... radars",
    clause="NM-DECK",
)
def test_the_pile_holds_the_listed_miles_mines_and_radars() -> None:
    _in_the_pile(("m200", "m400", "m600", "m1000", "m2000", "mine", "minesweeper", "radar"))


@SEED.cites(
    28,
    "4 .......... submarines State of the sea: 4 .......... frigates 2 .......... storms 4 "
    ".......... destroyers 4 .......... beautiful seas 4 .......... cruisers 4 .......... aircraft "
    "carrier And finally: 1 .......... neutral house",
    clause="NM-DECK",
)
def test_the_pile_holds_the_listed_warships_seas_and_neutral_flag() -> None:
    _in_the_pile((*SHIPS, "storm", "fine_sea", "neutral_flag"))


# --- the aim of the game ----------------------------------------------------------------------
@SEED.cites(
    35,
    "Each player must seek to make traverse a minimum of 4.000 marine miles to the convoys "
    "which it will have in the course of part.",
    clause="NM-ARRIVAL",
)
def test_a_convoy_comes_home_only_once_it_has_sailed_4000_miles() -> None:
    s = table({0: ["m200", "m200"], 1: ["m400"]}, {0: [("c5000", ("m2000", "m1000", "m600"))]})
    s = turn(s, play(K["m200"], 0, 0))
    assert s.rows[0][0].miles == 3800 and not s.ports[0], "3,800 miles: still at sea"
    s = pass_turn(s)
    s = turn(s, play(K["m200"], 0, 0))
    assert not s.rows[0] and s.ports[0][0].miles == 4000, "4,000 miles: home"


@SEED.cites(
    35,
    "At the same time, it must endeavour to slow down the convoys of the other players or, "
    "better, to destroy them.",
    clause=("NM-STORM", "NM-MINE", "NM-CAPTURE"),
)
def test_you_slow_down_the_other_players_convoys_or_better_destroy_them() -> None:
    s = table(
        {0: ["storm", "mine", "m200"], 1: ["m1000", "m600", "m200"]},
        {1: [("c5000", ("m400",)), ("c10000",)]},
    )
    s = turn(s, play(K["storm"], 1, 0))
    assert why(s, play(K["m1000"], 1, 0)) == "NM-STORM", "slowed down"
    s = turn(s, play(K["m600"], 1, 0))
    s = turn(s, play(K["mine"], 1, 1))
    s = pass_turn(s, "m200")  # seat 1 cannot sweep: at seat 0's turn the mine explodes
    assert [KIND[cv.card] for cv in s.rows[1]] == [K["c5000"]]
    assert [KIND[c] for c, _ in s.captures[0]] == [K["c10000"]]
    assert capture_value(s, 0) == 2 * 10, "a destroyed 10,000 t convoy is worth 10 to its captor"


def _round_worth_15(totals: tuple[int, int]) -> State:
    """A round in which side 0 scores 15 (a 5,000 t convoy home, and the round's +10)."""
    s = table({0: ["m200"]}, ports={0: [("c5000", ("m1000",) * 4)]}, pile=False)
    return go(s._replace(totals=totals), discard(K["m200"]))


@SEED.cites(
    35,
    "The winner of the part will be that which will reach the first a total of 200 points in as "
    "many handles as it will be necessary.",
    clause="NM-GAME-END",
)
@SEED.cites(
    128,
    "The following table is capital: it makes it possible to make the calculation of your "
    "points, one needs 200 points to gain the part.",
    clause="NM-GAME-END",
)
def test_the_first_side_to_200_points_wins_however_many_rounds_it_takes() -> None:
    assert GAME.make_config().target == 200
    on = _round_worth_15((2 * 184, 0))
    assert on.phase == DEAL and on.round_no == 2 and on.totals == (2 * 199, 0), "199: play on"
    over = _round_worth_15((2 * 185, 0))
    assert over.phase == OVER and over.winner == 0 and GAME.scores(over) == (200, 0)


# --- convoys ------------------------------------------------------------------------------------
@SEED.cites(39, "These charts are posed hidden side in front of oneself.", clause="NM-CONVOY")
def test_convoys_are_laid_face_down_in_front_of_their_owner() -> None:
    s = table({0: ["c10000"]})
    after = turn(s, place(K["c10000"], 0))
    assert KIND[after.rows[0][0].card] == K["c10000"], "in seat 0's own row"
    assert GAME.observe(after, 0).rows[0][0].kind == K["c10000"]
    assert GAME.observe(after, 1).rows[0][0].kind is None, "hidden from the other player"
    assert "10,000" not in GAME.describe_outcome(s, place(K["c10000"], 0))


def _at_sea(key: str, miles: tuple[str, ...], **marks: object) -> float:
    """What one convoy at sea adds to its side's round score (the side has a convoy home)."""
    lr = _scored({0: [(key, miles, marks)]}, ports={0: [HOME]})
    return (lr.points[0] - 5) / 2


@SEED.cites(
    39,
    "The points given by the convoys are function of tonnage and the distance covered.",
    clause="NM-SCORE",
)
def test_convoy_points_grow_with_tonnage_and_miles() -> None:
    assert _at_sea("c5000", ("m2000",)) == 2
    assert _at_sea("c20000", ("m2000",)) == 8, "four times the tonnage, four times the points"
    assert _at_sea("c5000", ("m2000", "m1000")) == 3, "more miles, more points"


@SEED.cites(
    39,
    "but are not acquired, at the end of a sleeve. that when a convoy at least traversed 4000 "
    "miles.",
    clause="NM-SCORE-GATE",
)
def test_convoy_points_are_acquired_only_if_a_convoy_has_sailed_4000_miles() -> None:
    lr = _scored(
        {0: [("c20000", ("m2000", "m1000", "m600", "m200"))], 1: [("c5000", ("m2000",))]},
        ports={1: [HOME]},
    )
    assert lr.points == (0, 2 * (2.5 + 2)), "side 0's 16 points at 3,800 miles are not acquired"


@SEED.cites(40, "The trawler represents a “false convoy”.", clause="NM-TRAWLER")
def test_the_trawler_is_laid_like_a_convoy_but_is_worth_nothing() -> None:
    s = turn(table({0: ["trawler"]}), place(K["trawler"], 0))
    assert GAME.observe(s, 1).rows[0][0].kind is None, "it looks like any convoy"
    assert _at_sea("trawler", ("m2000",)) == 0
    assert _scored(ports={0: [("trawler", ("m2000", "m2000"))]}).void, "home, it opens nothing"


@SEED.cites(
    40,
    "It is used to mislay the adversaries, which can to no purpose use, against him, some their "
    "good charts.",
    clause=("NM-TRAWLER", "NM-CAPTURE"),
)
def test_an_attack_on_the_trawler_wastes_good_cards() -> None:
    s = table({0: ["m200"], 1: ["carrier"]}, {0: [("trawler", (), ALERTED)]}, seat=1)
    s = turn(s, play(K["carrier"], 0, 0))
    s = pass_turn(s)  # seat 0 lets it go
    assert not s.rows[0] and [KIND[c] for c, _ in s.captures[1]] == [K["trawler"]]
    assert capture_value(s, 1) == 0, "the capture is worth nothing"
    assert {K["carrier"], K["alert"]} <= set(kinds(s.discard)), "the carrier and alert are spent"


# --- miles --------------------------------------------------------------------------------------
@SEED.cites(
    44,
    "Posed, visible face, on one of your convoys, they represent the distance covered by this one.",
    clause="NM-MILES",
)
def test_mile_cards_lie_face_up_on_your_own_convoys() -> None:
    s = table({0: ["m400"]}, {0: [("c5000",)], 1: [("c2500",)]})
    assert why(s, play(K["m400"], 1, 0)) == "NM-MILES", "not on another player's convoy"
    s = turn(s, play(K["m400"], 0, 0))
    seen = GAME.observe(s, 1).rows[0][0]
    assert seen.kind is None and seen.mile_kinds == (K["m400"],) and seen.miles == 400


@SEED.cites(
    44,
    "The distances are added, one needs a total of 4.000 miles so that a convoy arrived and "
    "that the player marks the corresponding points.",
    clause=("NM-MILES", "NM-ARRIVAL"),
)
def test_distances_add_up_to_4000_to_bring_a_convoy_home_and_score() -> None:
    s = table({0: ["m2000", "m1000", "m600", "m400"], 1: ["m200"] * 3}, {0: [("c5000",)]})
    assert round_points(s, 0) == 0
    for key, total in (("m2000", 2000), ("m1000", 3000), ("m600", 3600)):
        s = turn(s, play(K[key], 0, 0))
        assert s.rows[0][0].miles == total
        s = pass_turn(s, "m200")
    s = turn(s, play(K["m400"], 0, 0))
    assert not s.rows[0] and s.ports[0][0].miles == 4000
    assert round_points(s, 0) == 2 * 5, "home: the 5,000 t convoy's 5 points count"


# --- warships -----------------------------------------------------------------------------------
@SEED.cites(48, "They are offensive or defensive charts.", clause="NM-BATTLE")
def test_warships_attack_enemy_convoys_and_defend_your_own() -> None:
    s = table(
        {0: ["cruiser"], 1: ["carrier"]},
        {0: [("c5000", (), ALERTED)], 1: [("c2500", (), ALERTED)]},
    )
    assert why(s, play(K["cruiser"], 0, 0)) == "NM-BATTLE", "nothing to defend yet"
    s = turn(s, play(K["cruiser"], 1, 0))  # offensive
    s = turn(s, play(K["carrier"], 1, 0))  # defensive
    cv = s.rows[1][0]
    assert cv.top == 5 and cv.top_side == DEFENDER and [p for p, _ in cv.battle] == [0, 1]


@SEED.cites(
    48,
    "Their respective force is indicated by the number of silhouettes of ships which are in "
    "edge of each chart.",
    clause="NM-LADDER",
)
def test_a_warships_strength_is_its_number_of_silhouettes() -> None:
    for silhouettes, key in enumerate(SHIPS, 1):
        s = table({0: [key]}, {1: [("c5000", (), ALERTED)]})
        assert go(s, play(K[key], 1, 0)).rows[1][0].top == silhouettes, key


@SEED.cites(
    49,
    "Thus the aircraft carrier (5 ships) is stronger than the cruiser (4 ships), which is "
    "stronger than the destroyer (3 ships), which is stronger than the frigate (2 ships), which "
    "is stronger than the submarine (only one ship).",
    clause="NM-LADDER",
)
def test_carrier_beats_cruiser_beats_destroyer_beats_frigate_beats_submarine() -> None:
    for weaker, stronger in pairwise(SHIPS):
        s = _alerted_battle(stronger, [weaker])
        assert why(s, play(K[weaker], 1, 0)) == "NM-LADDER", f"{weaker} cannot answer {stronger}"
        s = _alerted_battle(weaker, [stronger])
        assert go(s, play(K[stronger], 1, 0)).rows[1][0].top_side == DEFENDER


@SEED.cites(
    50,
    "But attention with the submarine: two associated submarines are stronger than an aircraft "
    "carrier.",
    clause="NM-SUB-PAIR",
)
def test_two_submarines_together_beat_an_aircraft_carrier() -> None:
    s = table(
        {0: ["carrier", "carrier"], 1: ["submarine", "submarine"]},
        {1: [("c10000", (), ALERTED)]},
    )
    s = turn(s, play(K["carrier"], 1, 0))
    assert why(s, play(K["submarine"], 1, 0)) == "NM-LADDER", "one submarine is not enough"
    s = turn(s, play(SUB_PAIR, 1, 0))
    assert s.rows[1][0].top == 6 and s.rows[1][0].top_side == DEFENDER
    assert s.seat == 0 and why(s, play(K["carrier"], 1, 0)) == "NM-LADDER", "no carrier answers"


@SEED.cites(
    50,
    "it is the only case where 2 charts can be used simultaneously by the same player, even in "
    "team.",
    clause=("NM-SUB-PAIR", "NM-TEAMS"),
)
def test_only_two_submarines_go_down_together_and_partners_cannot_pair_theirs() -> None:
    hand = ["submarine", "submarine", "plane", "plane", "alert", "m200", "c5000"]
    s = table({0: hand}, {1: [("c10000", (), ALERTED), ("c2500",)]})
    actions = GAME.legal_actions(s)
    assert play(SUB_PAIR, 1, 0) in actions
    for a in actions:
        used = 2 if isinstance(a, Play) and a.kind == SUB_PAIR else 1
        assert len(GAME.apply(s, a).hands[0]) == len(hand) - used, a
    t = table(
        {0: ["submarine"], 1: ["carrier"], 2: ["submarine"]},
        {0: [("c10000", (), ALERTED)]},
        players=4,
        teams=True,
        seat=1,
    )
    t = turn(t, play(K["carrier"], 0, 0))
    assert t.seat == 2, "the partner of seat 0, each holding one submarine"
    assert why(t, play(SUB_PAIR, 0, 0)) == "NM-TURN"
    assert why(t, play(K["submarine"], 0, 0)) == "NM-LADDER"


@SEED.cites(
    50,
    "The player will immediately supplement his hand after having played them.",
    clause="NM-SUB-PAIR",
)
def test_after_two_submarines_the_player_refills_his_hand_at_once() -> None:
    s = _alerted_battle("carrier", ["submarine", "submarine", "m400", "m600", "m1000"])
    assert s.seat == 1 and len(s.hands[1]) == 7
    s = go(s, play(SUB_PAIR, 1, 0))
    assert s.phase == REFILL and s.seat == 1 and len(s.hands[1]) == 5
    s = apply_chance(s, s.pile[-1])
    assert len(s.hands[1]) == 6 and s.phase == DRAW and s.seat == 0, "then the next seat draws"


# --- planes -------------------------------------------------------------------------------------
@SEED.cites(54, "The planes are used to attack an enemy convoy.", clause="NM-PLANE")
def test_planes_attack_only_enemy_convoys() -> None:
    s = table({0: ["plane"]}, {0: [("c5000",)], 1: [("c5000",)]})
    assert why(s, play(K["plane"], 0, 0)) == "NM-PLANE"
    assert go(s, play(K["plane"], 1, 0)).rows[1][0].plane_by == 0


@SEED.cites(
    54,
    "But one needs two of them, posed one after the other, to destroy a convoy.",
    clause="NM-PLANE",
)
def test_it_takes_two_planes_one_after_the_other_to_destroy_a_convoy() -> None:
    s = table({0: ["plane", "plane", "m200"], 1: ["m200"]}, {1: [("c5000",)]})
    s = turn(s, play(K["plane"], 1, 0))
    assert s.rows[1][0].plane_by == 0, "one plane destroys nothing"
    s = pass_turn(s, "m200")
    assert s.rows[1], "and does not go off by itself"
    s = turn(s, play(K["plane"], 1, 0))
    assert not s.rows[1] and [KIND[c] for c, _ in s.captures[0]] == [K["c5000"]]


@SEED.cites(
    54,
    "The “touched planes” make it possible to cancel the first plane in order to prevent that "
    "the second is placed.",
    clause="NM-PLANE-HIT",
)
def test_a_plane_shot_down_prevents_the_second_plane() -> None:
    s = table({0: ["plane", "plane"], 1: ["plane_hit"]}, {1: [("c5000",)]})
    s = turn(s, play(K["plane"], 1, 0))
    s = turn(s, play(K["plane_hit"], 1, 0))
    assert s.rows[1][0].plane == NONE
    s = turn(s, play(K["plane"], 1, 0))
    assert s.rows[1] and not s.captures[0], "the next plane is a first plane again"


@SEED.cites(
    54,
    "Contrary to the submarines, the charts “plane” must be put at one and by the same player, "
    "even within a team.",
    clause=("NM-PLANE", "NM-TEAMS"),
)
@SEED.cites(
    169,
    "But only one player of the same team must pose two planes successively.",
    clause=("NM-PLANE", "NM-TEAMS"),
)
def test_in_a_team_the_same_player_lays_both_planes() -> None:
    s = table(
        {0: ["m200"], 1: ["plane", "plane"], 2: ["m200"], 3: ["plane", "m200"]},
        {0: [("c5000",)]},
        players=4,
        teams=True,
        seat=1,
    )
    s = turn(s, play(K["plane"], 0, 0))
    s = pass_turn(s, "m200")
    assert s.seat == 3 and why(s, play(K["plane"], 0, 0)) == "NM-PLANE", "not even his partner"
    s = pass_turn(s, "m200")
    s = pass_turn(s, "m200")
    s = turn(s, play(K["plane"], 0, 0))
    assert not s.rows[0] and s.captures[1] and not s.captures[3]


# --- alerts -------------------------------------------------------------------------------------
@SEED.cites(
    58,
    "A convoy can be attacked only if one “alert” chart is posed at its sides; this chart does "
    "not prevent from advancing, but it can now be attacked by any warship of any player.",
    clause=("NM-ALERT", "NM-MILES"),
)
def test_warships_attack_only_an_alerted_convoy_which_still_sails_on() -> None:
    s = table(
        {0: ["alert", "frigate"], 1: ["m200"], 2: [*SHIPS]},
        {1: [("c5000",)]},
        players=3,
    )
    assert why(s, play(K["frigate"], 1, 0)) == "NM-ALERT"
    s = turn(s, play(K["alert"], 1, 0))
    s = turn(s, play(K["m200"], 1, 0))
    assert s.rows[1][0].miles == 200, "the alert does not stop it"
    on_it = {a.kind for a in GAME.legal_actions(s) if isinstance(a, Play) and a.row == 1}
    assert {K[k] for k in SHIPS} <= on_it, "any warship of a player who did not lay the alert"
    s = turn(s, play(K["frigate"], 1, 0))
    assert [p for p, _ in s.rows[1][0].battle] == [2]


@SEED.cites(
    58,
    "If you are thus threatened by a “alarm”, you can draw aside this danger with a “end of "
    "alarm” which cancels the “alarm” posed on your convoy.",
    clause="NM-END-ALERT",
)
@SEED.cites(
    58,
    "The cancelled charts are put on the pile trues (visible face).",
    clause=("NM-END-ALERT", "NM-DISCARD"),
)
def test_an_end_of_alert_cancels_the_alert_and_both_lie_face_up() -> None:
    s = table({0: ["alert", "cruiser"], 1: ["end_alert"]}, {0: [("c2500",)], 1: [("c5000",)]})
    s = turn(s, play(K["alert"], 1, 0))
    assert why(s, play(K["end_alert"], 0, 0)) == "NM-END-ALERT", "only on your own convoy"
    s = turn(s, play(K["end_alert"], 1, 0))
    assert s.rows[1][0].alert == NONE
    assert why(s, play(K["cruiser"], 1, 0)) == "NM-ALERT", "the danger is gone"
    assert GAME.observe(s, 0).discard[-2:] == (K["alert"], K["end_alert"])


# --- mines --------------------------------------------------------------------------------------
@SEED.cites(
    62,
    "A mine can destroy a convoy without preliminary alarm. even in full storm and even a "
    "neutral convoy.",
    clause="NM-MINE",
)
def test_a_mine_destroys_without_an_alert_even_in_a_storm_and_a_neutral_convoy() -> None:
    s = table({0: ["mine"], 1: ["m200"]}, {1: [("c5000", (), {"storm": True, "neutral": True})]})
    assert s.rows[1][0].alert == NONE
    s = turn(s, play(K["mine"], 1, 0))
    s = pass_turn(s, "m200")
    assert not s.rows[1] and [KIND[c] for c, _ in s.captures[0]] == [K["c5000"]]


@SEED.cites(62, "To defend oneself there are 4 minesweepers.", clause="NM-SWEEPER")
@SEED.cites(
    62, "The cancelled charts are put on the pile trues.", clause=("NM-SWEEPER", "NM-DISCARD")
)
def test_a_minesweeper_defuses_the_mine_and_both_are_discarded() -> None:
    assert COUNTS[K["minesweeper"]] == 4
    s = table({0: ["mine", "m200"], 1: ["minesweeper"]}, {1: [("c5000",)]})
    s = turn(s, play(K["mine"], 1, 0))
    assert why(s, play(K["minesweeper"], 1, 0)) is None
    s = turn(s, play(K["minesweeper"], 1, 0))
    assert s.seat == 0 and s.rows[1][0].mine == NONE and not s.captures[0], "no explosion"
    assert GAME.observe(s, 0).discard[-2:] == (K["mine"], K["minesweeper"])


# --- radar --------------------------------------------------------------------------------------
@SEED.cites(
    66,
    "A convoy located by a radar must be discovered, the chart is turned over and all the "
    "players know the value of it.",
    clause="NM-RADAR",
)
@SEED.cites(
    123,
    "You recall: the radar will enable you to know this convoy which one dissimulates so "
    "carefully.",
    clause="NM-RADAR",
)
def test_radar_turns_a_convoy_up_for_every_player() -> None:
    s = table({0: ["radar"]}, {1: [("c2500",), ("c20000",)]}, players=3)
    assert GAME.observe(s, 0).rows[1][1].kind is None and GAME.observe(s, 2).rows[1][1].kind is None
    s = turn(s, play(K["radar"], 1, 1))
    for seat in (0, 1, 2, None):
        seen = GAME.observe(s, seat).rows[1][1]
        assert seen.kind == K["c20000"] and seen.detected, seat
    assert GAME.observe(s, 2).rows[1][0].kind is None, "only the detected one"


@SEED.cites(
    66, "This value is then doubled, even in the event of capture.", clause="NM-RADAR-DOUBLE"
)
@SEED.cites(
    123,
    "But curiosity is paid, especially when it is satisfied: a double convoy located its points;",
    clause="NM-RADAR-DOUBLE",
)
def test_a_detected_convoy_counts_double_for_its_owner_and_when_captured() -> None:
    assert _at_sea("c5000", ("m2000",)) == 2
    assert _at_sea("c5000", ("m2000",), radar=True) == 4, "the owner's convoy is worth double"
    s = table(
        {0: ["m200", "m200"], 1: ["m200"]},
        {1: [("c5000", (), {"radar": True, "mine_by": 0})]},
        ports={0: [HOME]},
        pile=False,
    )
    prize = s.rows[1][0].card
    s = go(s, discard(K["m200"]))
    s = go(s, discard(K["m200"]))  # back to seat 0: its mine explodes
    assert s.captures[0] == ((prize, True),)
    s = go(s, discard(K["m200"]))  # the last card: the round is scored
    assert s.last_round is not None and s.last_round.points[0] == 2 * (2.5 + 10)


@SEED.cites(
    66,
    "The radars can uncover only the convoy on the right (starboard) or on the left (port side).",
    clause="NM-RADAR",
)
def test_radar_reaches_the_port_or_the_starboard_end_of_a_row() -> None:
    s = table({0: ["radar"]}, {1: [("c2500",), ("c5000",), ("c10000",)]})
    assert why(s, play(K["radar"], 1, 0)) is None, "port end"
    assert why(s, play(K["radar"], 1, 2)) is None, "starboard end"
    assert why(s, play(K["radar"], 1, 1)) == "NM-RADAR"


@SEED.cites(
    66,
    "One can thus detect only the convoys posed at the ends of the play of each player and not "
    "those located at the center.",
    clause=("NM-RADAR", "NM-PORT"),
)
def test_a_centre_convoy_is_out_of_reach_until_it_ends_the_row() -> None:
    s = table(
        {0: ["radar", "m200"], 1: ["m2000"]},
        {1: [("c2500",), ("c5000",), ("c10000", ("m2000",))]},
    )
    assert why(s, play(K["radar"], 1, 1)) == "NM-RADAR"
    s = pass_turn(s, "m200")
    s = turn(s, play(K["m2000"], 1, 2))  # the starboard convoy comes home
    assert len(s.rows[1]) == 2 and s.seat == 0
    assert why(s, play(K["radar"], 1, 1)) is None, "the 5,000 t convoy now ends the row"


@SEED.cites(67, "One cannot detect his own convoys.", clause="NM-RADAR")
def test_you_cannot_detect_your_own_or_your_partners_convoys() -> None:
    s = table({0: ["radar"]}, {0: [("c5000",)], 1: [("c2500",)]})
    assert why(s, play(K["radar"], 0, 0)) == "NM-RADAR"
    t = table({2: ["radar"]}, {0: [("c5000",)], 1: [("c2500",)]}, players=4, teams=True, seat=2)
    assert why(t, play(K["radar"], 0, 0)) == "NM-RADAR", "seat 2 shares seat 0's row"
    assert why(t, play(K["radar"], 1, 0)) is None


# --- storms -------------------------------------------------------------------------------------
@SEED.cites(
    71,
    "It slows down the convoy at side of which it is posed: this one can then advance only by "
    "200,400 or 600 miles.",
    clause="NM-STORM",
)
@SEED.cites(
    96,
    "There are exceptions: The first, it is the storm: the convoy cannot advance any more but "
    "of 600 miles to the maximum by blow;",
    clause="NM-STORM",
)
def test_in_a_storm_a_convoy_advances_only_200_400_or_600_miles_a_play() -> None:
    s = table(
        {0: ["storm", "m200"], 1: ["m200", "m400", "m600", "m1000", "m2000"]},
        {1: [("c5000",)]},
    )
    s = turn(s, play(K["storm"], 1, 0))
    for key, rule in (("m200", None), ("m400", None), ("m600", None)):
        assert why(s, play(K[key], 1, 0)) is rule, key
    for key in ("m1000", "m2000"):
        assert why(s, play(K[key], 1, 0)) == "NM-STORM", key
    s = turn(s, play(K["m600"], 1, 0))
    s = pass_turn(s, "m200")
    assert s.rows[1][0].miles == 600 and why(s, play(K["m1000"], 1, 0)) == "NM-STORM"
    assert why(s, play(K["m400"], 1, 0)) is None, "the storm lasts, play after play"


@SEED.cites(71, "To put an end to the storm, use the chart “sea beautiful”.", clause="NM-FINE-SEA")
def test_a_fine_sea_ends_the_storm() -> None:
    s = table({0: ["fine_sea", "m1000"], 1: ["m200"]}, {0: [("c5000", (), {"storm": True})]})
    assert why(s, play(K["m1000"], 0, 0)) == "NM-STORM"
    s = turn(s, play(K["fine_sea"], 0, 0))
    assert s.rows[0][0].storm == NONE
    assert GAME.observe(s, 1).discard[-2:] == (K["storm"], K["fine_sea"])
    s = pass_turn(s, "m200")
    s = turn(s, play(K["m1000"], 0, 0))
    assert s.rows[0][0].miles == 1000


@SEED.cites(
    71,
    "But the storm can be used for oneself and especially if you do not have charts of defense.",
    clause="NM-STORM",
)
def test_you_may_lay_a_storm_on_your_own_convoy_to_shield_it() -> None:
    s = table({0: ["storm"], 1: ["alert", "plane", "mine"]}, {0: [("c5000",)]})
    assert why(s, play(K["storm"], 0, 0)) is None
    s = turn(s, play(K["storm"], 0, 0))
    assert why(s, play(K["alert"], 0, 0)) == "NM-STORM"
    assert why(s, play(K["plane"], 0, 0)) == "NM-STORM"


@SEED.cites(
    71,
    "Indeed, during the storm, a convoy cannot be attacked, except by a mine.",
    clause="NM-STORM",
)
def test_during_a_storm_only_a_mine_can_attack_the_convoy() -> None:
    s = table(
        {0: ["storm"], 1: ["cruiser", "plane", "mine", "alert"]},
        {0: [("c5000", (), ALERTED), ("c2500",)]},
    )
    s = turn(s, play(K["storm"], 0, 0))  # on a convoy already on alert
    assert why(s, play(K["cruiser"], 0, 0)) == "NM-STORM", "the alert no longer opens it"
    assert why(s, play(K["plane"], 0, 0)) == "NM-STORM"
    assert why(s, play(K["alert"], 0, 1)) is None and why(s, play(K["cruiser"], 0, 1)) is not None
    assert why(s, play(K["mine"], 0, 0)) is None


@SEED.cites(
    123,
    "the storm will enable you to slow down a too fast convoy or to be used to protect you from "
    "possible attacks (except mines).",
    clause="NM-STORM",
)
def test_a_storm_slows_a_fast_enemy_convoy_or_shields_your_own_from_all_but_mines() -> None:
    s = table(
        {0: ["storm", "storm"], 1: ["m1000", "plane", "mine"]},
        {0: [("c2500",)], 1: [("c10000", ("m2000", "m1000"))]},
    )
    s = turn(s, play(K["storm"], 1, 0))
    assert why(s, play(K["m1000"], 1, 0)) == "NM-STORM", "3,000 miles: no 1,000 to reach port"
    s = pass_turn(s, "m1000")
    s = turn(s, play(K["storm"], 0, 0))
    assert why(s, play(K["plane"], 0, 0)) == "NM-STORM" and why(s, play(K["mine"], 0, 0)) is None


@SEED.cites(
    123,
    "But it with the beautiful sea to leave you there a storm, that you want it or not (pose it "
    "on the storm) (your adversary will do it for you).",
    clause="NM-FINE-SEA",
)
def test_your_adversary_may_end_your_storm_with_a_fine_sea() -> None:
    s = table({0: ["storm"], 1: ["fine_sea", "alert"]}, {0: [("c5000",)]})
    s = turn(s, play(K["storm"], 0, 0))
    assert why(s, play(K["alert"], 0, 0)) == "NM-STORM"
    s = go(s, play(K["fine_sea"], 0, 0))  # seat 1, on seat 0's convoy
    assert s.rows[0][0].storm == NONE


# --- the neutral flag ---------------------------------------------------------------------------
@SEED.cites(
    75,
    "There exists finally an exceptional chart: the “neutral” house.",
    clause="NM-DECK",
)
def test_there_is_a_single_neutral_flag() -> None:
    pile = GAME.initial_state(GAME.make_config(), 2).pile
    assert COUNTS[K["neutral_flag"]] == 1 and kinds(pile).count(K["neutral_flag"]) == 1


@SEED.cites(
    75,
    "This chart protects a convoy against any attack, except mine and storm, until its arrival "
    "with the port.",
    clause=("NM-NEUTRAL", "NM-PORT"),
)
def test_the_neutral_flag_shields_from_all_but_mine_and_storm_until_port() -> None:
    s = table(
        {0: ["neutral_flag", "m400"], 1: ["alert", "plane", "mine", "storm", "m200"]},
        {0: [("c5000", ("m2000", "m1000", "m600"))]},
    )
    s = turn(s, play(K["neutral_flag"], 0, 0))
    assert why(s, play(K["alert"], 0, 0)) == "NM-NEUTRAL"
    assert why(s, play(K["plane"], 0, 0)) == "NM-NEUTRAL"
    assert why(s, play(K["mine"], 0, 0)) is None and why(s, play(K["storm"], 0, 0)) is None
    s = pass_turn(s, "m200")
    s = turn(s, play(K["m400"], 0, 0))
    assert s.ports[0] and s.ports[0][0].neutral == NONE, "home, the flag has done its work"
    assert K["neutral_flag"] in GAME.observe(s, 1).discard


@SEED.cites(
    75,
    "This chart can be used only for the convoys which are not in state of alert.",
    clause="NM-NEUTRAL",
)
def test_the_neutral_flag_goes_only_on_a_convoy_not_on_alert() -> None:
    s = table({0: ["neutral_flag"]}, {0: [("c5000", (), ALERTED), ("c2500",)]})
    assert why(s, play(K["neutral_flag"], 0, 0)) == "NM-NEUTRAL"
    assert why(s, play(K["neutral_flag"], 0, 1)) is None


@SEED.cites(
    124,
    "And finally, do not forget the neutral house which protects one from your convoys from an "
    "air or naval attack.",
    clause="NM-NEUTRAL",
)
def test_the_neutral_flag_protects_one_of_your_convoys_from_air_and_naval_attack() -> None:
    s = table(
        {0: ["neutral_flag"], 1: ["plane", "alert", "cruiser"]},
        {0: [("c5000",), ("c2500",)], 1: [("c5000",)]},
    )
    assert why(s, play(K["neutral_flag"], 1, 0)) == "NM-NEUTRAL", "one of your convoys"
    s = turn(s, play(K["neutral_flag"], 0, 0))
    assert why(s, play(K["plane"], 0, 0)) == "NM-NEUTRAL"
    assert why(s, play(K["alert"], 0, 0)) == "NM-NEUTRAL", "so no warship can ever attack it"
    assert why(s, play(K["plane"], 0, 1)) is None, "the other convoy is not protected"


@SEED.cites(
    124,
    "Caution: one can pose this chart only on one convoy which is not attacked.",
    clause="NM-NEUTRAL",
)
def test_the_neutral_flag_cannot_go_on_a_convoy_under_attack() -> None:
    s = table({0: ["neutral_flag"]}, {0: [("c5000", (), {"plane_by": 1})]})
    assert why(s, play(K["neutral_flag"], 0, 0)) == "NM-NEUTRAL", "a plane on it"
    b = table({0: ["cruiser"], 1: ["neutral_flag"]}, {1: [("c5000", (), ALERTED)]})
    b = turn(b, play(K["cruiser"], 1, 0))
    assert why(b, play(K["neutral_flag"], 1, 0)) == "NM-NEUTRAL", "a naval battle on it"


@SEED.cites(
    124,
    "If not, you must release yourselves completely from very alarm before protecting your convoy.",
    clause=("NM-NEUTRAL", "NM-END-ALERT"),
)
def test_once_its_alert_is_ended_the_convoy_may_take_the_flag() -> None:
    s = table({0: ["end_alert", "neutral_flag"]}, {0: [("c5000", (), ALERTED)]})
    assert why(s, play(K["neutral_flag"], 0, 0)) == "NM-NEUTRAL"
    s = turn(s, play(K["end_alert"], 0, 0))
    s = pass_turn(s)
    assert why(s, play(K["neutral_flag"], 0, 0)) is None


# --- the deal and the turn ----------------------------------------------------------------------
@SEED.cites(
    79,
    "The donor distributes six charts, one by one, while starting with the player placed at his "
    "left.",
    clause="NM-DEAL",
)
def test_the_dealer_deals_six_cards_one_at_a_time_from_his_left() -> None:
    s = GAME.initial_state(GAME.make_config(), 3)
    assert s.dealer == 2 and s.phase == DEAL
    order = []
    while s.phase == DEAL:
        order.append(s.seat)
        s = GAME.apply_chance(s, s.pile[0])
    assert order == [0, 1, 2] * 6 and [len(h) for h in s.hands] == [6, 6, 6]
    assert s.phase == DRAW and s.seat == 0, "the player on the dealer's left begins"
    nxt = go(table({0: ["m200"]}, pile=False, players=3), discard(K["m200"]))
    assert nxt.round_no == 2 and nxt.dealer == 0 and nxt.seat == 1, "the deal passes on"


@SEED.cites(83, "Each player takes, in his turn, a chart in the heel.", clause="NM-TURN")
def test_each_turn_begins_with_a_card_from_the_pile() -> None:
    s = go(table({0: ["m200"], 1: ["m400"]}), discard(K["m200"]))
    assert s.phase == DRAW and s.seat == 1 and GAME.to_move(s) is None and GAME.is_chance(s)
    assert {c for c, _ in GAME.chance_outcomes(s)} == set(s.pile)
    top = s.pile[-1]
    s = GAME.apply_chance(s, top)
    assert top in s.hands[1] and top not in s.pile and len(s.hands[1]) == 2
    assert s.phase == PLAY and GAME.to_move(s) == 1


@SEED.cites(
    83,
    "He puts back a chart or trues himself of one in order to have always six charts in hand.",
    clause="NM-TURN",
)
def test_a_player_plays_or_discards_one_card_and_holds_six_again() -> None:
    s = GAME.initial_state(GAME.make_config(), 2)
    while GAME.is_chance(s):  # the deal, then seat 0's draw
        s = GAME.apply_chance(s, s.pile[0])
    assert s.seat == 0 and len(s.hands[0]) == 7
    actions = GAME.legal_actions(s)
    assert len(actions) > 1
    for a in actions:
        assert len(GAME.apply(s, a).hands[0]) == 6, a


@SEED.cites(83, "The thrown chart (visible face) could not be used any more.", clause="NM-DISCARD")
def test_a_discarded_card_lies_face_up_and_is_never_used_again() -> None:
    s = table({0: ["carrier", "m200"], 1: ["m200"]}, {1: [("c5000", (), ALERTED)]})
    carrier = next(c for c in s.hands[0] if KIND[c] == K["carrier"])
    s = turn(s, discard(K["carrier"]))
    assert s.discard[-1] == carrier and GAME.observe(s, 1).discard[-1] == K["carrier"]
    for _ in range(6):
        s = pass_turn(s, "m200" if K["m200"] in kinds(s.hands[s.seat]) else None)
        assert carrier in s.discard and all(carrier not in h for h in s.hands)
        assert carrier not in s.pile


# --- the end of a round -------------------------------------------------------------------------
@SEED.cites(87, "A sleeve is completed when a player adds up 40 points.", clause="NM-ROUND-END")
@SEED.cites(158, "Maybe when a player adds up 40 points.", clause="NM-ROUND-END")
def test_a_round_ends_the_moment_a_side_reaches_40_points() -> None:
    s = table(
        {0: ["m200"], 1: ["m200"]},
        {0: [("c20000", ("m2000", "m1000", "m600", "m200")), ("c10000", ("m1000",))]},
        ports={0: [("c20000", ("m2000", "m1000", "m1000"))]},
    )
    assert round_points(s, 0) == 2 * 38 and s.pile, "38: the round goes on"
    s = go(s, play(K["m200"], 0, 1))  # 1,200 miles: the 10,000 t convoy is worth 4, not 2
    lr = s.last_round
    assert s.round_no == 2 and lr is not None and lr.points[0] == 2 * 40
    assert lr.reason == "a side reached 40 points"


@SEED.cites(
    87,
    "To mark points. one or more convoys must have traversed 4.000 miles at least.",
    clause="NM-SCORE-GATE",
)
@SEED.cites(
    87,
    "Only the players having one or more convoys arrived at good port mark points.",
    clause="NM-SCORE-GATE",
)
def test_a_side_with_no_convoy_home_marks_no_points() -> None:
    at_sea = [
        ("c20000", ("m2000", "m1000", "m600", "m200")),
        ("c20000", ("m2000", "m1000", "m600", "m200")),
        ("c10000", ("m1000", "m1000", "m600", "m600", "m600")),
    ]
    s = table({0: ["m200"]}, {1: at_sea}, ports={0: [HOME]}, pile=False)
    prize = next(c for c in s.discard if KIND[c] == K["c5000"])
    s = s._replace(
        captures=((), ((prize, False),)), discard=tuple(c for c in s.discard if c != prize)
    )
    assert round_points(s, 1) == 0, "45 points at sea and in captures, none home"
    end = go(s, discard(K["m200"]))
    lr = end.last_round
    assert lr is not None and lr.reason == "the draw pile and all hands are used up"
    assert lr.points == (2 * 2.5, 0)


@SEED.cites(
    87,
    "A sleeve is also finished when there are no more charts with the heel nor in the hands of "
    "the players.",
    clause="NM-ROUND-END",
)
@SEED.cites(
    155,
    "The sleeve finishes: Maybe when the heel is exhausted and that each player used all his "
    "charts;",
    clause="NM-ROUND-END",
)
def test_a_round_also_ends_when_the_pile_and_every_hand_are_empty() -> None:
    s = table({0: ["m200", "m400"], 1: ["m600"]}, {0: [("c5000",)]}, pile=False)
    s = go(s, play(K["m200"], 0, 0))
    assert s.round_no == 1 and s.seat == 1 and s.phase == PLAY, "no draw: play from the hand"
    s = go(s, discard(K["m600"]))
    assert s.round_no == 1 and s.seat == 0, "seat 0 still holds a card"
    s = go(s, play(K["m400"], 0, 0))
    assert s.round_no == 2 and s.last_round is not None
    assert s.last_round.reason == "the draw pile and all hands are used up"


# --- laying convoys -----------------------------------------------------------------------------
@SEED.cites(
    91,
    "Attention, this chart is posed the face against the table, your adversaries thus do not "
    "know the value of it, except if it is detected by a radar.",
    clause=("NM-CONVOY", "NM-RADAR"),
)
def test_adversaries_know_a_convoy_only_once_radar_detects_it() -> None:
    s = table({0: ["c20000"], 1: ["radar"]}, players=3)
    s = turn(s, place(K["c20000"], 0))
    assert GAME.observe(s, 1).rows[0][0].kind is None and GAME.observe(s, 2).rows[0][0].kind is None
    s = turn(s, play(K["radar"], 0, 0))
    assert GAME.observe(s, 2).rows[0][0].kind == K["c20000"]


@SEED.cites(
    91,
    "You can insert a new convoy between two others or place it at an end but without being "
    "able to modify the position of old.",
    clause="NM-CONVOY",
)
def test_a_new_convoy_goes_at_an_end_or_between_two_and_old_ones_never_move() -> None:
    s = table({0: ["c20000"]}, {0: [("c2500",), ("c5000",)]})
    old = [cv.card for cv in s.rows[0]]
    slots = {a for a in GAME.legal_actions(s) if a.__class__.__name__ == "Place"}
    assert slots == {place(K["c20000"], at) for at in range(3)}, "either end or between"
    assert why(s, place(K["c20000"], 3)) == "NM-CONVOY"
    for at in range(3):
        row = [cv.card for cv in go(s, place(K["c20000"], at)).rows[0]]
        assert [c for c in row if c in old] == old, "the old convoys keep their order"


# --- progression --------------------------------------------------------------------------------
@SEED.cites(
    95,
    "It is enough to pose in front of the selected convoy a chart “miles” (visible face) to "
    "advance it.",
    clause="NM-MILES",
)
def test_a_mile_card_advances_the_convoy_it_is_laid_on() -> None:
    s = table({0: ["m400"]}, {0: [("c5000", ("m200",)), ("c10000", ("m600",))]})
    s = go(s, play(K["m400"], 0, 1))
    assert [cv.miles for cv in s.rows[0]] == [200, 1000]


@SEED.cites(
    95,
    "As long as a convoy is not attacked, it can progress freely, even afflicted with an alarm "
    "or a plane.",
    clause="NM-MILES",
)
def test_an_alert_or_a_plane_does_not_stop_a_convoy() -> None:
    s = table({0: ["m1000", "m2000"]}, {0: [("c5000", (), {"alert": True, "plane_by": 1})]})
    assert why(s, play(K["m2000"], 0, 0)) is None
    assert go(s, play(K["m1000"], 0, 0)).rows[0][0].miles == 1000


@SEED.cites(99, "The second: the convoy is stopped by a battle.", clause="NM-BATTLE-STOP")
def test_a_naval_battle_stops_the_convoy() -> None:
    s = _alerted_battle("cruiser", ["m1000", "destroyer", "cruiser"])
    assert why(s, play(K["m1000"], 1, 0)) == "NM-BATTLE-STOP", "a battle running"
    tied = turn(s, play(K["cruiser"], 1, 0))
    tied = pass_turn(tied, "m200")
    assert tied.rows[1][0].tie and why(tied, play(K["m1000"], 1, 0)) == "NM-BATTLE-STOP"


# --- the naval battle ---------------------------------------------------------------------------
@SEED.cites(
    103,
    "A convoy (except neutral) can be attacked by the warships of any player provided that it "
    "is in state of alert and no matter who can join the battle.",
    clause=("NM-BATTLE", "NM-ALERT", "NM-NEUTRAL"),
)
def test_any_player_may_attack_or_join_the_battle_on_an_alerted_non_neutral_convoy() -> None:
    s = table(
        {
            0: ["alert", "cruiser", "m200"],
            1: ["neutral_flag", "destroyer"],
            2: ["frigate", "alert"],
        },
        {1: [("c10000",), ("c5000",)]},
        players=3,
    )
    s = turn(s, play(K["alert"], 1, 0))
    s = turn(s, play(K["neutral_flag"], 1, 1))
    assert why(s, play(K["alert"], 1, 1)) == "NM-NEUTRAL", "the neutral convoy: no alert"
    assert not [
        a for a in GAME.legal_actions(s) if isinstance(a, Play) and a.at == 1 and a.row == 1
    ]
    s = turn(s, play(K["frigate"], 1, 0))  # seat 2 opens the battle on seat 0's alert
    assert why(s, play(K["cruiser"], 1, 0)) == "NM-BATTLE-SIDES", "seat 0 waits for the answer"
    s = pass_turn(s, "m200")
    s = turn(s, play(K["destroyer"], 1, 0))
    s = pass_turn(s)  # seat 2
    s = turn(s, play(K["cruiser"], 1, 0))  # seat 0 joins
    cv = s.rows[1][0]
    assert [p for p, _ in cv.battle] == [2, 1, 0] and cv.top == 4 and cv.top_side == ATTACKER


@SEED.cites(
    103,
    "But it is necessary to leave with attacked time to counteract (a full rotation).",
    clause="NM-BATTLE-WIN",
)
def test_the_attacked_side_has_a_full_round_of_turns_to_answer() -> None:
    s = table(
        {0: ["cruiser", "m200"], 1: ["carrier", "m200"], 2: ["m200"]},
        {1: [("c10000", (), ALERTED)]},
        players=3,
    )
    s = turn(s, play(K["cruiser"], 1, 0))
    assert s.seat == 1 and s.rows[1] and why(s, play(K["carrier"], 1, 0)) is None
    s = pass_turn(s, "m200")
    assert s.seat == 2 and s.rows[1], "still afloat at seat 2's turn"
    s = go(s, discard(K["m200"]))
    assert s.seat == 0 and s.phase == DRAW and not s.rows[1], "the round is up: destroyed"


@SEED.cites(
    103,
    "It will do it by posing a ship of higher or equal force.",
    clause=("NM-BATTLE", "NM-LADDER"),
)
def test_the_defence_answers_with_an_equal_or_stronger_ship() -> None:
    s = _alerted_battle("destroyer", ["frigate", "destroyer", "cruiser"])
    assert why(s, play(K["frigate"], 1, 0)) == "NM-LADDER"
    assert go(s, play(K["destroyer"], 1, 0)).rows[1][0].tie, "equal: a tie"
    cv = go(s, play(K["cruiser"], 1, 0)).rows[1][0]
    assert cv.top == 4 and cv.top_side == DEFENDER


@SEED.cites(
    103,
    "The attacker can overbid with a ship of equal or higher force.",
    clause=("NM-BATTLE", "NM-LADDER"),
)
def test_the_attacker_overbids_with_an_equal_or_stronger_ship() -> None:
    s = table(
        {0: ["destroyer", "destroyer", "cruiser", "carrier"], 1: ["cruiser"]},
        {1: [("c10000", (), ALERTED)]},
    )
    s = turn(s, play(K["destroyer"], 1, 0))
    s = turn(s, play(K["cruiser"], 1, 0))
    assert why(s, play(K["destroyer"], 1, 0)) == "NM-LADDER"
    assert go(s, play(K["cruiser"], 1, 0)).rows[1][0].tie
    cv = go(s, play(K["carrier"], 1, 0)).rows[1][0]
    assert cv.top == 5 and cv.top_side == ATTACKER


@SEED.cites(
    104,
    "If there is equality (e.g.: cruiser/cruiser) the convoy is stopped until attacked its "
    "convoy with a “end of alarm saves” or which attacked or the attacker takes again the combat "
    "with any ship, even smaller.",
    clause=("NM-BATTLE-TIE", "NM-END-ALERT"),
)
def test_cruiser_against_cruiser_stops_the_convoy_until_an_end_of_alert_or_a_new_ship() -> None:
    s = table(
        {0: ["cruiser", "frigate", "m200", "m200"], 1: ["cruiser", "end_alert", "m200", "m200"]},
        {1: [("c10000", ("m1000",), ALERTED)]},
    )
    s = turn(s, play(K["cruiser"], 1, 0))
    tie = turn(s, play(K["cruiser"], 1, 0))
    assert tie.rows[1][0].tie and tie.rows[1][0].top == 4
    s = pass_turn(tie, "m200")
    assert s.rows[1][0].tie, "a full round later the tie still stands"
    assert why(s, play(K["m200"], 1, 0)) == "NM-BATTLE-STOP", "and the convoy is stopped"
    saved = turn(s, play(K["end_alert"], 1, 0))
    cv = saved.rows[1][0]
    assert cv.alert == NONE and not cv.battle and cv.miles == 1000, "the end of alert saves it"
    assert Counter(kinds(saved.discard)) >= Counter({K["cruiser"]: 2, K["alert"]: 1})
    saved = pass_turn(saved, "m200")
    assert why(saved, play(K["m200"], 1, 0)) is None, "it sails on"
    again = go(tie, play(K["frigate"], 1, 0))  # or the attacker starts again, even smaller
    cv = again.rows[1][0]
    assert not cv.tie and cv.top == 2 and cv.top_side == ATTACKER


BATTLE_CARDS = (
    "All the charts of the battle, alert included/understood, are thrown in the pile trues."
)


@SEED.cites(
    105,
    "That whose ship will have held a full rotation. without counter-attack, the battle will "
    "have gained.",
    clause="NM-BATTLE-WIN",
)
@SEED.cites(
    105,
    "If the owner of the convoy is the winner, the convoy will be able to carry on its road.",
    clause="NM-BATTLE-WIN",
)
@SEED.cites(105, BATTLE_CARDS, clause="NM-BATTLE-WIN")
def test_a_defenders_ship_that_holds_a_full_round_wins_and_the_convoy_sails_on() -> None:
    s = _alerted_battle("cruiser", ["carrier"])
    s = turn(s, play(K["carrier"], 1, 0))
    assert s.rows[1][0].battle, "not yet: seat 0 may still counter-attack"
    s = pass_turn(s, "m200")  # seat 0 does not
    cv = s.rows[1][0]
    assert s.seat == 1 and not cv.battle and cv.alert == NONE, "the defence has won"
    assert {K["cruiser"], K["carrier"], K["alert"]} <= set(kinds(s.discard))
    assert why(s, play(K["m200"], 1, 0)) is None


@SEED.cites(
    105,
    "If it is the adversary, the convoy will be regarded as destroyed.",
    clause=("NM-BATTLE-WIN", "NM-CAPTURE-WHO"),
)
@SEED.cites(105, BATTLE_CARDS, clause="NM-BATTLE-WIN")
def test_an_attackers_ship_that_holds_a_full_round_destroys_the_convoy() -> None:
    s = table({0: ["cruiser"], 1: ["m200"]}, {1: [("c10000", ("m1000",), ALERTED)]})
    s = turn(s, play(K["cruiser"], 1, 0))
    s = pass_turn(s, "m200")
    assert not s.rows[1] and [KIND[c] for c, _ in s.captures[0]] == [K["c10000"]]
    assert {K["cruiser"], K["alert"]} <= set(kinds(s.discard))
    assert cards_of(s) == list(range(106))


@SEED.cites(
    106,
    "Do not forget: two submarines are stronger than an aircraft carrier, but there can be "
    "equalization between submarines.",
    clause=("NM-SUB-PAIR", "NM-BATTLE-TIE"),
)
def test_submarines_tie_pair_against_pair_and_one_against_one() -> None:
    s = _alerted_battle("submarine", ["submarine"])
    assert go(s, play(K["submarine"], 1, 0)).rows[1][0].tie
    s = table(
        {0: ["submarine", "submarine"], 1: ["submarine", "submarine"]},
        {1: [("c10000", (), ALERTED)]},
    )
    s = turn(s, play(SUB_PAIR, 1, 0))
    cv = turn(s, play(SUB_PAIR, 1, 0)).rows[1][0]
    assert cv.tie and cv.top == 6


# --- the air battle -----------------------------------------------------------------------------
@SEED.cites(
    110,
    "A plane can be posed beside a convoy without alarm, only that which posed the first plane "
    "will be able to put the second.",
    clause=("NM-PLANE", "NM-PLANE-ALERT"),
)
def test_a_plane_needs_no_alert_and_only_its_layer_lays_the_second() -> None:
    s = table(
        {0: ["plane", "plane"], 1: ["m200"], 2: ["plane", "m200"]},
        {1: [("c5000",), ("c2500", (), ALERTED)]},
        players=3,
    )
    assert why(s, play(K["plane"], 1, 0)) is None, "no alert needed"
    assert why(s, play(K["plane"], 1, 1)) is None, "nor in the way"
    s = turn(s, play(K["plane"], 1, 0))
    s = pass_turn(s, "m200")
    assert why(s, play(K["plane"], 1, 0)) == "NM-PLANE", "seat 2 did not lay the first"
    s = pass_turn(s, "m200")
    s = turn(s, play(K["plane"], 1, 0))
    assert [KIND[cv.card] for cv in s.rows[1]] == [K["c2500"]] and s.captures[0]


@SEED.cites(
    110,
    "Attacked the first plane one can counteract playing “touched plane”, the charts “planes” "
    "and “touched planes” are then thrown to trues.",
    clause="NM-PLANE-HIT",
)
def test_a_plane_shot_down_and_its_counter_go_to_the_discard_pile() -> None:
    s = table({0: ["plane"], 1: ["plane_hit"]}, {0: [("c2500",)], 1: [("c5000",)]})
    s = turn(s, play(K["plane"], 1, 0))
    assert why(s, play(K["plane_hit"], 0, 0)) == "NM-PLANE-HIT", "only on your own convoy"
    s = turn(s, play(K["plane_hit"], 1, 0))
    assert s.rows[1][0].plane == NONE
    assert GAME.observe(s, 0).discard[-2:] == (K["plane"], K["plane_hit"])


@SEED.cites(
    110,
    "The convoy can carry on its road if a second plane is not posed, but attention, when it "
    "arrives it is too late: the convoy will be destroyed.",
    clause=("NM-PLANE", "NM-PORT"),
)
def test_under_a_plane_the_convoy_sails_on_until_the_second_plane_or_port() -> None:
    s = table(
        {0: ["plane", "plane", "m200"], 1: ["m1000", "m2000"]},
        {1: [("c5000", ("m2000",)), ("c10000",)]},
    )
    s = turn(s, play(K["plane"], 1, 0))
    s = turn(s, play(K["m1000"], 1, 0))
    assert s.rows[1][0].miles == 3000 and s.rows[1][0].plane_by == 0, "it sails on"
    hit = go(s, play(K["plane"], 1, 0))
    assert len(hit.rows[1]) == 1 and hit.captures[0], "the second plane destroys it at once"
    s = pass_turn(s, "m200")
    s = turn(s, play(K["m2000"], 1, 0))
    assert s.ports[1] and s.ports[1][0].plane == NONE, "home first: the plane comes too late"
    assert K["plane"] in kinds(s.discard) and len(s.rows[1]) == 1, "the plane lapses"


# --- mines --------------------------------------------------------------------------------------
@SEED.cites(
    114,
    "A mine posed beside a convoy (even if it is neutral) explodes at the end of a turn, except "
    "if it is defused by a minesweeper.",
    clause=("NM-MINE", "NM-MINE-TIMING", "NM-SWEEPER"),
)
def test_a_mine_explodes_after_a_round_of_turns_unless_swept() -> None:
    def mined() -> State:
        s = table(
            {0: ["mine", "m200"], 1: ["minesweeper", "m200"], 2: ["m200"]},
            {1: [("c5000", (), {"neutral": True}), ("c2500",)]},
            players=3,
        )
        return turn(s, play(K["mine"], 1, 0))

    s = pass_turn(mined(), "m200")
    assert s.rows[1][0].mine_by == 0, "through seat 1's turn"
    s = go(s, discard(K["m200"]))  # seat 2's turn ends
    assert s.seat == 0 and s.phase == DRAW and len(s.rows[1]) == 1, "before seat 0 draws: boom"
    swept = turn(mined(), play(K["minesweeper"], 1, 0))
    swept = pass_turn(swept, "m200")
    assert len(swept.rows[1]) == 2 and not swept.captures[0]


# --- several attacks ----------------------------------------------------------------------------
def _destroyed(s: State, moves: list[object]) -> bool:
    for move in moves:
        s = turn(s, move) if move is not None else pass_turn(s)
    return not s.rows[1] and bool(s.captures[0])


def _three_attacks() -> State:
    """Seat 0 has a plane on seat 1's alerted convoy and attacks it with a cruiser; seat 2 lays
    a mine on it: a battle, a plane and a mine on one convoy at once."""
    s = table(
        {0: ["cruiser"], 1: ["m200", "m200"], 2: ["mine"]},
        {1: [("c10000", ("m600",), {"alert": True, "plane_by": 0})]},
        players=3,
    )
    s = turn(s, play(K["cruiser"], 1, 0))
    s = pass_turn(s, "m200")
    return turn(s, play(K["mine"], 1, 0))


@SEED.cites(
    118,
    "There are thus three ways of destroying a convoy one course of road: either the naval "
    "battle, or the air battle, or the mine or three in the same turn.",
    clause=("NM-BATTLE-WIN", "NM-PLANE", "NM-MINE", "NM-MULTI-ATTACK"),
)
def test_three_ways_to_destroy_a_convoy_even_all_three_at_once() -> None:
    def at_sea(hand: list[str], **marks: object) -> State:
        return table({0: [*hand, "m200"], 1: ["m200"]}, {1: [("c5000", (), marks)]})

    assert _destroyed(at_sea(["cruiser"], alert=True), [play(K["cruiser"], 1, 0), None])
    assert _destroyed(
        at_sea(["plane", "plane"]), [play(K["plane"], 1, 0), None, play(K["plane"], 1, 0)]
    )
    assert _destroyed(at_sea(["mine"]), [play(K["mine"], 1, 0), None])
    s = _three_attacks()
    assert s.seat == 0 and not s.rows[1], "battle, plane and mine: the battle struck first"


@SEED.cites(
    119,
    "When the same convoy is simultaneously attacked in several ways and has suddenly been "
    "destroyed one of them, the other charts of attack, become useless, are cancelled.",
    clause=("NM-MULTI-ATTACK", "NM-CAPTURE-WHO"),
)
def test_when_one_attack_destroys_the_convoy_the_other_attack_cards_are_cancelled() -> None:
    s = _three_attacks()
    assert [KIND[c] for c, _ in s.captures[0]] == [K["c10000"]] and not s.captures[2]
    assert {K["mine"], K["plane"], K["alert"], K["cruiser"]} <= set(kinds(s.discard))
    assert cards_of(s) == list(range(106))
    for _ in range(3):
        s = pass_turn(s)
    assert not s.captures[2], "seat 2's mine went with the convoy: nothing explodes later"


# --- points -------------------------------------------------------------------------------------
@SEED.cites(129, "There are three kinds of points:", clause=("NM-SCORE", "NM-CAPTURE"))
def test_a_round_score_adds_convoy_capture_and_bonus_points() -> None:
    slow = ("c5000", ("m600",) * 6 + ("m400",))
    lr = _scored(ports={0: [slow]}, captures=(("c10000", False),))
    assert lr.points[0] == 2 * (5 + 10), "convoy points and capture points"
    assert lr.bonus[0] == 2 * (10 + 7), "and the bonuses: the round's and slowness"


@SEED.cites(
    133,
    "At the end of the sleeve, you calculate using this table the value of your convoys.",
    clause="NM-SCORE",
)
def test_at_the_end_of_the_round_every_convoy_is_valued_at_sea_or_home() -> None:
    lr = _scored({0: [("c10000", ("m2000",)), ("c20000", ("m200",))]}, ports={0: [HOME]})
    assert lr.points[0] == 2 * (2.5 + 4 + 4)


MILE_CARDS = {
    200: ("m200",),
    1000: ("m1000",),
    1200: ("m1000", "m200"),
    2000: ("m2000",),
    2200: ("m2000", "m200"),
    3000: ("m2000", "m1000"),
    3200: ("m2000", "m1000", "m200"),
    3800: ("m2000", "m1000", "m600", "m200"),
    4000: ("m2000", "m2000"),
    4400: ("m2000", "m1000", "m600", "m200", "m600"),
}
CONVOY_KEYS = ("c2500", "c5000", "c10000", "c20000")


@SEED.cites(
    134,
    "Traversed miles 2.500 barrels 5.000 barrels 10.000 barrels 20.000",
    clause="NM-SCORE",
)
@SEED.cites(139, "200/1.000 + 0,5 + 1 + 2 + 4", clause="NM-SCORE")
@SEED.cites(140, "1.200/2.000 + 1 + 2 + 4 + 8", clause="NM-SCORE")
@SEED.cites(141, "2.200/3.000 + 1,5 + 3 + 6 + 12", clause="NM-SCORE")
@SEED.cites(142, "3.200/3.800 + 2 + 4 + 8 + 16", clause="NM-SCORE")
@SEED.cites(143, "4.000 or more + 2,5 + 5 + 10 + 20", clause="NM-SCORE")
@pytest.mark.parametrize(
    ("band", "points"),
    [
        ((200, 1000), (0.5, 1, 2, 4)),
        ((1200, 2000), (1, 2, 4, 8)),
        ((2200, 3000), (1.5, 3, 6, 12)),
        ((3200, 3800), (2, 4, 8, 16)),
        ((4000, 4400), (2.5, 5, 10, 20)),
    ],
)
def test_the_convoy_table_row_by_row(band: tuple[int, int], points: tuple[float, ...]) -> None:
    for miles in band:
        for key, want in zip(CONVOY_KEYS, points, strict=True):
            spec = (key, MILE_CARDS[miles])
            if miles >= 4000:  # a convoy that far is home
                lr = _scored(ports={0: [HOME, spec]})
                got = (lr.points[0] - 5) / 2
            else:
                got = _at_sea(key, MILE_CARDS[miles])
            assert got == want, (key, miles)


@SEED.cites(
    145,
    "Caution: a located convoy sees its value multiplied by two (e.g.: one 5.000 barrels counts "
    "for 10.000).",
    clause="NM-RADAR-DOUBLE",
)
def test_the_seeds_example_a_detected_5000_ton_convoy_counts_as_10000() -> None:
    for miles in (200, 2200, 3800):
        located = _at_sea("c5000", MILE_CARDS[miles], radar=True)
        assert (
            located
            == _at_sea("c10000", MILE_CARDS[miles])
            == 2 * _at_sea("c5000", MILE_CARDS[miles])
        )


@SEED.cites(
    149,
    "At the end of each handle you made the account of the convoys which you destroyed.",
    clause=("NM-CAPTURE", "NM-CAPTURE-WHO"),
)
def test_at_the_end_of_the_round_you_score_the_convoys_you_destroyed() -> None:
    s = table({0: ["mine", "m200"], 1: ["m200"]}, {1: [("c10000",)]}, ports={0: [HOME]}, pile=False)
    s = go(s, play(K["mine"], 1, 0))
    s = go(s, discard(K["m200"]))  # at seat 0's turn its mine explodes
    assert [KIND[c] for c, _ in s.captures[0]] == [K["c10000"]]
    s = go(s, discard(K["m200"]))
    assert s.last_round is not None and s.last_round.points[0] == 2 * (2.5 + 10)


@SEED.cites(
    150,
    "Tonnage… 2.500 5.000 10.000 20.000 Points ....... + 2,5 + 5 + 10 + 20",
    clause="NM-CAPTURE",
)
def test_a_capture_is_worth_2_5_5_10_or_20_by_tonnage() -> None:
    for key, want in zip(CONVOY_KEYS, (2.5, 5, 10, 20), strict=True):
        lr = _scored(ports={0: [HOME]}, captures=((key, False),))
        assert (lr.points[0] - 5) / 2 == want, key


@SEED.cites(
    153,
    "Detected convoys: double the number of points indicated.",
    clause=("NM-CAPTURE", "NM-RADAR-DOUBLE"),
)
def test_a_detected_capture_is_worth_double() -> None:
    for key, want in zip(CONVOY_KEYS, (5, 10, 20, 40), strict=True):
        lr = _scored(ports={0: [HOME]}, captures=((key, True),))
        assert (lr.points[0] - 5) / 2 == want, key


@SEED.cites(
    160,
    "The sleeve only the player or the team can gain having brought to good port at least a "
    "convoy.",
    clause=("NM-ROUND-BONUS", "NM-SCORE-GATE"),
)
def test_only_a_side_with_a_convoy_home_can_win_the_round() -> None:
    lr = _scored({1: [("c20000", ("m2000", "m1000", "m600", "m200"))]}, ports={0: [HOME]})
    assert lr.points == (2 * 2.5, 0) and lr.bonus == (2 * 10, 0)


@SEED.cites(
    160,
    "When the heel is exhausted and if none the players led a convoy to good port, the part is "
    "cancelled.",
    clause="NM-VOID",
)
def test_a_round_with_no_convoy_home_is_cancelled() -> None:
    s = table(
        {0: ["m200"]},
        {0: [("c20000", ("m2000", "m1000"))], 1: [("c10000", ("m2000",))]},
        pile=False,
    )
    s = go(s._replace(totals=(2 * 30, 2 * 20)), discard(K["m200"]))
    assert s.last_round is not None and s.last_round.void
    assert s.totals == (2 * 30, 2 * 20), "nobody scores this round"
    assert s.phase == DEAL and s.round_no == 2, "the engine voids the round and deals the next"


@SEED.cites(
    164,
    "A premium of handle is allotted to the player who gained it: + 10 points.",
    clause="NM-ROUND-BONUS",
)
def test_the_rounds_winner_gets_a_10_point_bonus() -> None:
    other = ("c2500", ("m2000", "m2000"))
    lr = _scored({0: [("c5000", ("m2000",))]}, ports={0: [HOME], 1: [other]})
    assert lr.points == (2 * 4.5, 2 * 2.5) and lr.bonus == (2 * 10, 0)
    level = _scored(ports={0: [HOME], 1: [other]})
    assert level.bonus == (2 * 10, 2 * 10), "equal best: both have won it"


@SEED.cites(
    165,
    "A premium of slowness is intended to the player who forever deposited charts higher than "
    "600 miles on a convoy led to good port: + 7 points.",
    clause="NM-SLOW-BONUS",
)
def test_each_convoy_home_with_no_mile_card_above_600_earns_7() -> None:
    slow = ("c2500", ("m600",) * 4 + ("m400",) * 4)
    slower = ("c5000", ("m600",) * 3 + ("m400",) * 3 + ("m200",) * 5)
    lr = _scored(ports={0: [slow, slower, HOME]})
    assert lr.bonus[0] == 2 * (10 + 7 + 7), "two slow convoys; the third carried a 1,000"
    once = _scored(ports={0: [slow, slower, HOME]}, slowness_bonus="per_round")
    assert once.bonus[0] == 2 * (10 + 7), "the house setting: once a round"


# --- teams --------------------------------------------------------------------------------------
@SEED.cites(
    169,
    "When one plays one equips, the rules remain absolutely the same ones.",
    clause="NM-TEAMS",
)
def test_in_teams_the_rules_are_the_same() -> None:
    hand = ["cruiser", "alert", "plane", "m400", "radar", "c5000", "storm"]
    rows = {0: [("c5000", ("m200",))], 1: [("c10000", (), ALERTED), ("c2500",), ("c5000",)]}
    solo = table({0: hand}, rows)
    team = table({0: hand}, rows, players=4, teams=True)
    assert GAME.legal_actions(solo) == GAME.legal_actions(team)
    for a in GAME.legal_actions(solo):
        assert GAME.apply(solo, a).rows == GAME.apply(team, a).rows, a
    assert why(solo, play(K["m400"], 1, 0)) == why(team, play(K["m400"], 1, 0)) == "NM-MILES"


@SEED.cites(169, "Simply. one poses only one series of convoys per team.", clause="NM-TEAMS")
def test_a_team_lays_a_single_row_of_convoys() -> None:
    s = table({0: ["c5000"], 1: ["c2500"], 2: ["c10000", "m400"]}, players=4, teams=True)
    assert len(s.rows) == 2
    s = turn(s, place(K["c5000"], 0))
    s = turn(s, place(K["c2500"], 0))
    assert s.seat == 2 and why(s, play(K["m400"], 0, 0)) is None, "the partner's convoy is his"
    s = turn(s, place(K["c10000"], 1))
    assert [KIND[cv.card] for cv in s.rows[0]] == [K["c5000"], K["c10000"]]
    assert [KIND[cv.card] for cv in s.rows[1]] == [K["c2500"]]


@SEED.cites(
    169, "Each member of the team can take part in a naval or air battle.", clause="NM-TEAMS"
)
@SEED.cites(169, "It should simply await its turn to counteract.", clause="NM-TEAMS")
def test_each_partner_takes_part_in_battles_on_his_own_turn() -> None:
    s = table(
        {0: ["m200"], 1: ["destroyer", "plane"], 2: ["cruiser", "plane_hit"], 3: ["carrier"]},
        {0: [("c10000", (), ALERTED), ("c5000",)]},
        players=4,
        teams=True,
        seat=1,
    )
    s = turn(s, play(K["destroyer"], 0, 0))  # seat 1 attacks seats 0 and 2's convoy
    assert GAME.to_move(s) == 2, "seat 2 answers when his turn comes"
    s = turn(s, play(K["cruiser"], 0, 0))
    assert GAME.to_move(s) == 3
    s = turn(s, play(K["carrier"], 0, 0))  # seat 3 takes up his partner's attack
    assert [p for p, _ in s.rows[0][0].battle] == [1, 2, 3]
    s = pass_turn(s, "m200")
    s = turn(s, play(K["plane"], 0, 1))  # seat 1: an air attack
    s = turn(s, play(K["plane_hit"], 0, 1))  # seat 2 shoots it down
    assert s.seat == 3 and s.captures[3], "seat 3's carrier has held a full round meanwhile"
    assert [(KIND[cv.card], cv.plane) for cv in s.rows[0]] == [(K["c5000"], NONE)]


@SEED.cites(
    169,
    "Each player of the team discreetly takes note of the value of the convoys posed by his "
    "partner.",
    clause="NM-TEAMS",
)
def test_partners_see_each_others_convoys() -> None:
    s = table({0: ["c20000", "m200"]}, players=4, teams=True)
    s = turn(s, place(K["c20000"], 0))
    assert GAME.observe(s, 2).rows[0][0].kind == K["c20000"], "the partner knows it"
    assert GAME.observe(s, 1).rows[0][0].kind is None and GAME.observe(s, 3).rows[0][0].kind is None
    assert GAME.observe(s, 2).hands[0] is None, "but not the partner's hand"


# --- the pictured table between two players -----------------------------------------------------
@SEED.cites(
    170,
    "Provision of the charts to the course of a sleeve between two players 1 Convoy starboard "
    "detected by a radar 2 Convoy in state of alert which can sail 3 Convoy slowed down by the "
    "storm 4 Case of equalization during a naval battle 5 Neutral convoy attacked by a mine",
    clause=("NM-RADAR", "NM-MILES", "NM-STORM", "NM-BATTLE-TIE", "NM-MINE"),
)
@SEED.cites(
    177,
    "6 Convoy threatened by a plane 12 True: visible charts 7 Naval battle in progress 8 Gained "
    "points 9 A convoy arrived at good port 10 Gained points double cash 11 Heel 12 True: "
    "visible charts",
    clause=("NM-PLANE", "NM-BATTLE", "NM-CAPTURE", "NM-ARRIVAL", "NM-RADAR-DOUBLE", "NM-DISCARD"),
)
def test_the_pictured_table_between_two_players_played_out() -> None:
    start = table(
        {
            0: ["radar", "cruiser", "mine", "m400"],
            1: ["m600", "m1000", "cruiser", "destroyer", "plane"],
        },
        {
            0: [
                ("c2500", (), {"alert": True, "radar": True}),
                ("c10000", ("m2000", "m1000", "m600")),
                ("c5000", (), {"plane_by": 1}),
            ],
            1: [
                ("c5000", (), ALERTED),
                ("c10000", (), ALERTED),
                ("c2500", (), {"storm": True}),
                ("c5000", (), {"neutral": True}),
                ("c20000",),
            ],
        },
    )
    alerted, tied, stormy, neutral = (cv.card for cv in start.rows[1][:4])
    detected_home = start.rows[0][0].card
    s = turn(start, play(K["radar"], 1, 4))
    seen = GAME.observe(s, 0).rows[1][4]  # 1: the starboard convoy, detected
    assert seen.detected and seen.kind == K["c20000"]
    assert why(s, play(K["m1000"], 1, 0)) is None  # 2: on alert, and it can sail
    assert why(s, play(K["m1000"], 1, 2)) == "NM-STORM"  # 3: slowed by the storm
    s = turn(s, play(K["m600"], 1, 2))
    s = turn(s, play(K["cruiser"], 1, 1))
    s = turn(s, play(K["cruiser"], 1, 1))
    assert s.rows[1][1].tie  # 4: a tie in a naval battle
    s = turn(s, play(K["mine"], 1, 3))
    assert s.rows[1][3].card == neutral and s.rows[1][3].mine_by == 0  # 5: neutral, mined
    assert why(s, play(K["plane"], 0, 2)) is None  # 6: threatened by seat 1's plane
    assert why(s, play(K["m1000"], 1, 1)) == "NM-BATTLE-STOP"
    s = turn(s, play(K["destroyer"], 0, 0))
    assert s.rows[0][0].top_side == ATTACKER  # 7: a naval battle in progress
    assert s.captures[0] == ((neutral, False),)  # 8: the mine went off: points gained
    s = turn(s, play(K["m400"], 0, 1))
    assert [KIND[cv.card] for cv in s.ports[0]] == [K["c10000"]]  # 9: home
    assert s.captures[1] == ((detected_home, True),)  # 10: a detected capture, double
    assert capture_value(s, 1) == 2 * 5
    view = GAME.observe(s, 0)
    assert view.pile_size == len(start.pile) - 7  # 11: one card drawn a turn
    assert {K["mine"], K["neutral_flag"], K["destroyer"], K["alert"]} <= set(view.discard)
    assert view.discard == GAME.observe(s, 1).discard  # 12: the discard pile, face up
    assert [cv.card for cv in s.rows[1][:3]] == [alerted, tied, stormy]
