"""Scenario tests from the seed text: ``test_NM_X_...`` covers clause ``NM-X``."""

from __future__ import annotations

import re

import pytest
from nm_helpers import cards_of, go, table, why

from navalkit.games.nautic_miles import GAME, capture_points, convoy_points
from navalkit.games.nautic_miles.actions import discard, place, play
from navalkit.games.nautic_miles.data import BY_KEY, COUNTS, DECK_SIZE, KIND, SUB_PAIR
from navalkit.games.nautic_miles.rules import apply_chance
from navalkit.games.nautic_miles.state import DEAL, DRAW, OVER, PLAY, REFILL, State

K = BY_KEY


def test_NM_DECK_has_106_cards() -> None:
    assert DECK_SIZE == 106 and sum(COUNTS) == 106
    assert COUNTS[K["m1000"]] == 8 and COUNTS[K["alert"]] == 10 and COUNTS[K["neutral_flag"]] == 1
    miles = sum(
        int(k[1:]) * n
        for k, n in zip(["m200", "m400", "m600", "m1000", "m2000"], COUNTS[5:10], strict=True)
    )
    assert miles == 22400


def test_NM_REFCARDS_the_pile_has_106() -> None:
    s = GAME.initial_state(GAME.make_config(), 2)
    assert len(s.pile) == 106


def test_NM_PLAYERS_two_to_six() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    for n in range(2, 7):
        assert GAME.initial_state(GAME.make_config(), n).sides == n


def test_NM_TEAMS_partners_opposite_share_a_row() -> None:
    s = GAME.initial_state(GAME.make_config(teams=True), 4)
    assert s.side == (0, 1, 0, 1) and s.sides == 2
    s6 = GAME.initial_state(GAME.make_config(teams=True), 6)
    assert s6.side == (0, 1, 2, 0, 1, 2)
    t = table({0: ["m200"]}, {0: [("c5000",)]}, players=4, teams=True)
    view = GAME.observe(t, 2)  # the partner sees the convoy
    assert view.rows[0][0].kind == K["c5000"] and GAME.observe(t, 1).rows[0][0].kind is None
    assert view.hands[0] is None  # but not the partner's hand


def test_NM_DEAL_one_at_a_time_from_the_left() -> None:
    s = GAME.initial_state(GAME.make_config(), 3)
    assert s.phase == DEAL and s.dealer == 2 and s.seat == 0
    s = apply_chance(s, 5)
    assert s.hands[0] == (5,) and s.seat == 1


def test_NM_TURN_draw_then_play() -> None:
    s = table({0: ["m200"] * 6})
    s2 = go(s, discard(K["m200"]))
    assert s2.phase == DRAW and s2.seat == 1
    s3 = apply_chance(s2, s2.pile[0])
    assert s3.phase == PLAY and len(s3.hands[1]) == 1
    assert why(s, discard(K["carrier"])) == "NM-TURN"


def test_NM_TURN_empty_hand_is_passed_over() -> None:
    s = table({0: ["m200"], 1: []}, pile=False)
    end = go(s, discard(K["m200"]))
    assert end.round_no == 2  # all played: the round ended


def test_NM_DISCARD_face_up_and_dead() -> None:
    s = table({0: ["carrier"]})
    s2 = go(s, discard(K["carrier"]))
    assert KIND[s2.discard[-1]] == K["carrier"] and GAME.observe(s2, 1).discard[-1] == K["carrier"]


def test_NM_CONVOY_insert_but_never_move() -> None:
    s = table({0: ["c20000"]}, {0: [("c2500",), ("c5000",)]})
    assert {a for a in GAME.legal_actions(s) if a.__class__.__name__ == "Place"} == {
        place(K["c20000"], i) for i in range(3)
    }
    s2 = go(s, place(K["c20000"], 1))
    assert [KIND[cv.card] for cv in s2.rows[0]] == [K["c2500"], K["c20000"], K["c5000"]]
    assert why(s, place(K["c20000"], 5)) == "NM-CONVOY"
    assert GAME.observe(s2, 1).rows[0][1].kind is None  # face down


def test_NM_MILES_add_up_on_own_convoy_even_alerted() -> None:
    s = table({0: ["m600"], 1: []}, {0: [("c5000", ("m400",), {"alert": True})], 1: [("c2500",)]})
    s2 = go(s, play(K["m600"], 0, 0))
    assert s2.rows[0][0].miles == 1000
    assert why(s, play(K["m600"], 1, 0)) == "NM-MILES"


def test_NM_ARRIVAL_at_4000() -> None:
    s = table({0: ["m1000"]}, {0: [("c5000", ("m2000", "m1000"))]})
    s2 = go(s, play(K["m1000"], 0, 0))
    assert not s2.rows[0] and s2.ports[0][0].miles == 4000


def test_NM_PORT_attack_cards_lapse() -> None:
    s = table({0: ["m2000"]}, {0: [("c5000", ("m2000",), {"alert": True, "mine_by": 1})]})
    s2 = go(s, play(K["m2000"], 0, 0))
    cv = s2.ports[0][0]
    assert cv.alert < 0 and cv.mine < 0 and {KIND[c] for c in s2.discard} >= {K["alert"], K["mine"]}


def test_NM_STORM_slows_and_shields() -> None:
    s = table(
        {0: ["m1000", "m600", "carrier", "alert", "plane", "mine"]},
        {0: [("c5000", (), {"storm": True})], 1: [("c5000", (), {"storm": True, "alert": True})]},
    )
    assert why(s, play(K["m1000"], 0, 0)) == "NM-STORM"
    assert why(s, play(K["m600"], 0, 0)) is None
    assert why(s, play(K["carrier"], 1, 0)) == "NM-STORM"
    assert why(s, play(K["plane"], 1, 0)) == "NM-STORM"
    assert why(s, play(K["mine"], 1, 0)) is None


def test_NM_FINE_SEA_ends_a_storm() -> None:
    s = table({0: ["fine_sea"]}, {1: [("c5000", (), {"storm": True})], 0: [("c2500",)]})
    assert why(s, play(K["fine_sea"], 0, 0)) == "NM-FINE-SEA"
    s2 = go(s, play(K["fine_sea"], 1, 0))
    assert s2.rows[1][0].storm < 0


def test_NM_ALERT_needed_for_warships() -> None:
    s = table({0: ["cruiser", "alert"]}, {1: [("c5000",)]})
    assert why(s, play(K["cruiser"], 1, 0)) == "NM-ALERT"
    s2 = go(s, play(K["alert"], 1, 0))
    assert s2.rows[1][0].alert >= 0


def test_NM_END_ALERT_cancels() -> None:
    s = table({0: ["end_alert"]}, {0: [("c5000", (), {"alert": True})]})
    s2 = go(s, play(K["end_alert"], 0, 0))
    assert s2.rows[0][0].alert < 0


def _battle() -> State:
    """Player 1 (seat 0) attacks Player 2's alerted convoy with a cruiser."""
    s = table(
        {0: ["cruiser", "carrier"], 1: ["destroyer", "cruiser", "carrier", "end_alert"]},
        {1: [("c10000", ("m1000",), {"alert": True})]},
    )
    return go(s, play(K["cruiser"], 1, 0))


def _to(state: State, seat: int, card: str) -> State:
    """Skip draws: give ``seat`` the turn (test helper)."""
    return state._replace(phase=PLAY, seat=seat)


def test_NM_BATTLE_answer_equal_or_higher() -> None:
    s = _to(_battle(), 1, "")
    assert why(s, play(K["destroyer"], 1, 0)) == "NM-LADDER"
    s2 = go(s, play(K["carrier"], 1, 0))
    assert s2.rows[1][0].top == 5


def test_NM_BATTLE_SIDES_answer_the_other_side() -> None:
    s = _to(_battle(), 0, "")
    assert why(s, play(K["carrier"], 1, 0)) == "NM-BATTLE-SIDES"


def test_NM_LADDER_strengths() -> None:
    from navalkit.games.nautic_miles.data import STRENGTH

    assert [
        STRENGTH[K[k]] for k in ("submarine", "frigate", "destroyer", "cruiser", "carrier")
    ] == [1, 2, 3, 4, 5]
    assert STRENGTH[SUB_PAIR] > STRENGTH[K["carrier"]]


def test_NM_SUB_PAIR_beats_a_carrier_and_refills() -> None:
    s = table(
        {0: ["carrier"], 1: ["submarine", "submarine", "m200"]},
        {1: [("c10000", (), {"alert": True})]},
    )
    s = _to(go(s, play(K["carrier"], 1, 0)), 1, "")
    s2 = go(s, play(SUB_PAIR, 1, 0))
    assert s2.phase == REFILL and s2.rows[1][0].top == 6 and s2.rows[1][0].top_side == 2
    s3 = apply_chance(s2, s2.pile[0])
    assert len(s3.hands[1]) == 2 and s3.seat == 0


def test_NM_BATTLE_STOP_no_miles_in_battle() -> None:
    s = _to(_battle(), 1, "")._replace(hands=_battle().hands)
    s = table({1: ["m200", "cruiser"], 0: ["cruiser"]}, {1: [("c10000", (), {"alert": True})]})
    s = _to(go(s, play(K["cruiser"], 1, 0)), 1, "")
    assert why(s, play(K["m200"], 1, 0)) == "NM-BATTLE-STOP"


def test_NM_BATTLE_TIE_stops_until_end_of_alert_or_restart() -> None:
    s = _to(_battle(), 1, "")
    s2 = go(s, play(K["cruiser"], 1, 0))
    assert s2.rows[1][0].tie
    s3 = _to(s2, 1, "")
    assert why(s3, play(K["end_alert"], 1, 0)) is None
    s4 = go(s3, play(K["destroyer"], 1, 0))  # restart with a weaker ship
    assert not s4.rows[1][0].tie and s4.rows[1][0].top == 3


def test_NM_BATTLE_WIN_after_a_full_round() -> None:
    s = _battle()  # seat 0's cruiser stands; seat 1 discards instead of answering
    s = go(_to(s, 1, ""), discard(K["destroyer"]))
    # Play comes back to seat 0: the convoy is destroyed and captured.
    assert not s.rows[1] and s.captures[0][0][0] in range(106)
    assert KIND[s.captures[0][0][0]] == K["c10000"]


def test_NM_PLANE_two_by_the_same_player() -> None:
    s = table({0: ["plane", "plane"], 1: ["plane"]}, {1: [("c5000",)]}, players=3)
    s = go(s, play(K["plane"], 1, 0))
    s1 = _to(s, 2, "")._replace(hands=(s.hands[0], s.hands[1], (s.hands[0][0],)))
    assert why(s1, play(K["plane"], 1, 0)) == "NM-PLANE"
    s0 = _to(s, 0, "")
    s2 = go(s0, play(K["plane"], 1, 0))
    assert not s2.rows[1] and s2.captures[0]


def test_NM_PLANE_ALERT_house_switch() -> None:
    s = table({0: ["plane"]}, {1: [("c5000", (), {"alert": True})]})
    assert why(s, play(K["plane"], 1, 0)) is None
    s2 = table({0: ["plane"]}, {1: [("c5000", (), {"alert": True})]}, planes_on_alerted=False)
    assert why(s2, play(K["plane"], 1, 0)) == "NM-PLANE-ALERT"
    # the second plane too, on a convoy put on alert after the first (the helper's finding):
    # switched off, no plane goes on an alerted convoy; by default it goes
    second = {"alert": True, "plane_by": 0}
    s3 = table({0: ["plane"]}, {1: [("c5000", (), second)]}, planes_on_alerted=False)
    assert s3.rows[1][0].plane >= 0, "the first plane is there"
    assert why(s3, play(K["plane"], 1, 0)) == "NM-PLANE-ALERT"
    assert play(K["plane"], 1, 0) not in GAME.legal_actions(s3)
    s4 = table({0: ["plane"]}, {1: [("c5000", (), second)]})
    assert why(s4, play(K["plane"], 1, 0)) is None and play(K["plane"], 1, 0) in GAME.legal_actions(
        s4
    )


def test_NM_PLANE_HIT_cancels_the_first_plane() -> None:
    s = table({0: ["plane_hit"]}, {0: [("c5000", (), {"plane_by": 1})]})
    s2 = go(s, play(K["plane_hit"], 0, 0))
    assert s2.rows[0][0].plane < 0


def test_NM_MINE_even_neutral_and_in_storm() -> None:
    s = table({0: ["mine"]}, {1: [("c5000", (), {"neutral": True, "storm": True})]})
    s2 = go(s, play(K["mine"], 1, 0))
    assert s2.rows[1][0].mine_by == 0


def test_NM_MINE_TIMING_explodes_when_play_returns() -> None:
    s = table({0: ["mine"], 1: ["m200"]}, {1: [("c5000",)]})
    s = go(s, play(K["mine"], 1, 0))
    assert s.rows[1]  # still afloat during seat 1's turn
    s = go(_to(s, 1, ""), discard(K["m200"]))
    assert not s.rows[1] and KIND[s.captures[0][0][0]] == K["c5000"]


def test_NM_SWEEPER_clears_a_mine() -> None:
    s = table({0: ["minesweeper"]}, {0: [("c5000", (), {"mine_by": 1})]})
    s2 = go(s, play(K["minesweeper"], 0, 0))
    assert s2.rows[0][0].mine < 0
    assert why(s2._replace(phase=PLAY, seat=0), play(K["minesweeper"], 0, 0)) == "NM-TURN"


def test_NM_RADAR_ends_only_never_own() -> None:
    s = table({0: ["radar"]}, {0: [("c2500",)], 1: [("c5000",), ("c10000",), ("c20000",)]})
    assert why(s, play(K["radar"], 1, 1)) == "NM-RADAR"
    assert why(s, play(K["radar"], 0, 0)) == "NM-RADAR"
    s2 = go(s, play(K["radar"], 1, 2))
    assert GAME.observe(s2, 0).rows[1][2].kind == K["c20000"]


def test_NM_RADAR_DOUBLE_value_and_capture() -> None:
    assert convoy_points(5000, 4000, detected=True) == convoy_points(10000, 4000)
    assert capture_points(5000, detected=True) == 10


def test_NM_NEUTRAL_flag_shields() -> None:
    s = table({0: ["neutral_flag"]}, {0: [("c5000", (), {"alert": True}), ("c2500",)]})
    assert why(s, play(K["neutral_flag"], 0, 0)) == "NM-NEUTRAL"
    s2 = go(s, play(K["neutral_flag"], 0, 1))
    t = s2._replace(
        phase=PLAY, seat=1, hands=((), (next(c for c in s2.pile if KIND[c] == K["alert"]),))
    )
    assert why(t, play(K["alert"], 0, 1)) == "NM-NEUTRAL"


def test_NM_ONE_EACH() -> None:
    s = table({0: ["alert", "storm"]}, {1: [("c5000", (), {"alert": True, "storm": True})]})
    assert why(s, play(K["alert"], 1, 0)) == "NM-ONE-EACH"
    assert why(s, play(K["storm"], 1, 0)) == "NM-ONE-EACH"


def test_NM_MULTI_ATTACK_other_attacks_lapse() -> None:
    s = table(
        {0: ["plane"], 1: ["m200"]},
        {1: [("c5000", (), {"alert": True, "plane_by": 0, "mine_by": 0})]},
    )
    s2 = go(s, play(K["plane"], 1, 0))
    assert not s2.rows[1]
    assert sorted(cards_of(s2)) == list(range(106))
    kinds = [KIND[c] for c in s2.discard]
    assert K["mine"] in kinds and K["alert"] in kinds and kinds.count(K["plane"]) == 2


def test_NM_CAPTURE_WHO_the_mine_layer() -> None:
    s = table({0: ["m200"], 1: ["mine"], 2: ["m200"]}, {0: [("c2500",)]}, players=3, seat=1)
    s = go(s, play(K["mine"], 0, 0))
    s = go(_to(s, 2, ""), discard(K["m200"]))
    s = go(_to(s, 0, ""), discard(K["m200"]))
    assert s.captures[1] and not s.captures[2]


@pytest.mark.parametrize(
    ("miles", "row"),
    [
        (0, 0),
        (200, 1),
        (1000, 1),
        (1200, 2),
        (2000, 2),
        (2200, 3),
        (3000, 3),
        (3200, 4),
        (3800, 4),
        (4000, 5),
        (6000, 5),
    ],
)
def test_NM_SCORE_every_cell(miles: int, row: int) -> None:
    table_ = {
        1: (0.5, 1, 2, 4),
        2: (1, 2, 4, 8),
        3: (1.5, 3, 6, 12),
        4: (2, 4, 8, 16),
        5: (2.5, 5, 10, 20),
    }
    want = table_.get(row, (0, 0, 0, 0))
    assert tuple(convoy_points(t, miles) for t in (2500, 5000, 10000, 20000)) == want
    assert convoy_points(0, miles) == 0


def test_NM_SCORE_ZERO_no_miles() -> None:
    assert convoy_points(20000, 0) == 0


def test_NM_CAPTURE_points() -> None:
    assert [capture_points(t) for t in (2500, 5000, 10000, 20000)] == [2.5, 5, 10, 20]
    with pytest.raises(ValueError):
        capture_points(3000)


def _ending(rows: dict[int, list[tuple[object, ...]]], **cfg: object) -> State:
    s = table({0: ["m200"]}, rows, pile=False, **cfg)
    return go(s, discard(K["m200"]))


def test_NM_ROUND_END_at_40() -> None:
    s = table(
        {0: ["m400"]},
        {0: [("c20000", ("m2000", "m1000", "m600"))]},
        ports={0: [("c20000", ("m2000", "m1000", "m1000"))]},
    )
    s2 = go(s, play(K["m400"], 0, 0))
    assert s2.round_no == 2 and s2.totals[0] == 2 * (20 + 20 + 10)


def test_NM_SCORE_GATE_only_with_a_convoy_home() -> None:
    s = _ending({0: [("c20000", ("m2000", "m2000"))], 1: [("c20000", ("m2000", "m1000"))]})
    lr = s.last_round
    assert lr is not None and lr.points[1] == 0


def test_NM_VOID_nobody_home() -> None:
    s = _ending({0: [("c20000", ("m2000",))]})
    assert s.last_round is not None and s.last_round.void and s.totals == (0, 0)


def test_NM_ROUND_BONUS_and_NM_SLOW_BONUS() -> None:
    rows = {0: [("c5000", ("m2000", "m2000"))]}
    s = table({0: ["m200"]}, rows, pile=False)
    s = s._replace(ports=(s.rows[0], ()), rows=((), ()))
    end = go(s, discard(K["m200"]))
    assert end.totals[0] == 2 * (5 + 10)  # fast convoy: no slowness bonus
    slow = table({0: ["m200"]}, {0: [("c5000", ("m600",) * 7)]}, pile=False)
    slow = slow._replace(ports=(slow.rows[0], ()), rows=((), ()))
    assert go(slow, discard(K["m200"])).totals[0] == 2 * (5 + 10 + 7)


def test_NM_SLOW_BONUS_per_round_switch() -> None:
    slow_a = ("c5000", ("m600",) * 3 + ("m400",) * 4 + ("m200",) * 3)
    slow_b = ("c2500", ("m600",) * 4 + ("m400",) * 3 + ("m200",) * 4)
    for how, want in (("per_convoy", 7.5 + 10 + 14), ("per_round", 7.5 + 10 + 7)):
        s = table(
            {},
            {},
            ports={0: [slow_a, slow_b]},
            pile=False,
            slowness_bonus=how,
            seat=0,
        )
        s = s._replace(hands=((s.discard[0],), ()), discard=s.discard[1:])
        assert go(s, discard(KIND[s.hands[0][0]])).totals[0] == 2 * want


def test_NM_TRAWLER_does_not_open_scoring() -> None:
    for counts, void in ((False, True), (True, False)):
        s = table(
            {0: ["m200"]}, {0: [("trawler", ("m2000", "m2000"))]}, pile=False, trawler_counts=counts
        )
        s = s._replace(ports=(s.rows[0], ()), rows=((), ()))
        lr = go(s, discard(K["m200"])).last_round
        assert lr is not None and lr.void is void


def test_NM_GAME_END_first_to_target() -> None:
    s = table(
        {0: ["m2000"]},
        {0: [("c20000", ("m2000", "m1000"))]},
        ports={0: [("c20000", ("m2000", "m1000", "m1000"))]},
        target=40,
    )
    s2 = go(s, play(K["m2000"], 0, 0))
    assert s2.phase == OVER and s2.winner == 0 and GAME.scores(s2) == (50, 0)


def test_NM_MAX_ROUNDS_finite() -> None:
    s = table({0: ["m200"]}, {}, pile=False, max_rounds=1)
    s2 = go(s, discard(K["m200"]))
    assert s2.phase == OVER and s2.winner is None


def test_every_clause_has_a_scenario() -> None:
    from pathlib import Path

    text = Path(__file__).read_text(encoding="utf-8")
    covered = {
        m.replace("_", "-") for m in re.findall(r"def test_(NM_[A-Z_]+?)(?:_[a-z]|\()", text)
    }
    covered |= {m.replace("_", "-") for m in re.findall(r"and_(NM_[A-Z_]+?)(?:_[a-z]|\()", text)}
    missing = {c.id for c in GAME.clauses} - covered
    assert not missing, missing
