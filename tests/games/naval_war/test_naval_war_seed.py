"""Naval War, sentence by sentence: the seed's rules that the clause scenarios do not already
play out (those carry their own ``@SEED.cites`` in test_naval_war_scenarios.py).

The seed is a forum post written from memory (docs/rules/seeds/naval_war.txt);
docs/rules/naval_war.md maps every sentence to its clause and test.
"""

from __future__ import annotations

from nw_helpers import card, match_at, position, refused, ship
from seedcite import Seed

import navalkit
from navalkit.games.naval_war import CARDS, GAME, SHIPS
from navalkit.games.naval_war.actions import DRAW, LAUNCH, Aim, Discard, Play, Strike, Take
from navalkit.games.naval_war.config import Config
from navalkit.games.naval_war.data import (
    ADD_DAMAGE,
    ADD_SHIP,
    MINEFIELD,
    SALVO,
    SMOKE,
    SUBMARINE,
    TORPEDO,
)
from navalkit.games.naval_war.mechanics.damage import hits_on
from navalkit.games.naval_war.mechanics.sequence import end_round, hand_size
from navalkit.games.naval_war.state import ACT, CHOOSE, CLEAR, DS_PICK, DS_TARGET, RED

SEED = Seed("naval_war")
CLEAR_OUT = (
    "Starting with first player to the dealer's left, one player at a time, play all red cards "
    "(Additional Damage, Additional Ship, minefield, submarine, torpedo boat) from hand and "
    "replace from deck."
)
PLAY_BEGINS = (
    "When all red cards have been cleared from hands and replaced, play begins with player to "
    "the dealer's left and proceeds clockwise."
)
S8 = card(SALVO, 8, 2)
S6 = card(SALVO, 6, 1)
F3 = ["Iowa", "Norfolk", "Belfast"]  # 16", 8", 6"
F2 = ["Bismarck", "Exeter"]  # 15", 8"
F3B = ["Kongo", "Houston"]  # 14", 8"


def _dealt(config: dict[str, str], hands: dict[int, list[int]]) -> navalkit.Match:
    """A 3-player round after the deal (dealer: seat 2), with the named play cards in hands."""
    st = GAME.initial_state(GAME.make_config(**config), 3)
    named = {c for cards in hands.values() for c in cards}
    fillers = iter(c.id for c in CARDS if c.kind == SALVO and c.id not in named)
    per_seat = {s: list(hands.get(s, [])) for s in range(3)}
    ships = [s.id for s in SHIPS if not s.carrier][:15]
    for x in ships:
        st = GAME.apply_chance(st, x)
    for i in range(15):  # card i goes to seat i % 3 (the deal starts on the dealer's left)
        want = per_seat[i % 3]
        st = GAME.apply_chance(st, want.pop(0) if want else next(fillers))
    return match_at(st)


# --- the clear-out -------------------------------------------------------------------------------
@SEED.cites(19, CLEAR_OUT, clause="NW-CLEAROUT")
def test_the_clear_out_starts_on_the_dealers_left_by_default() -> None:
    sub, torp = card(SUBMARINE), card(TORPEDO)
    m = _dealt({}, {0: [sub], 2: [torp]})
    assert m.state.dealer == 2 and m.state.phase == CLEAR
    assert m.current_player == 0, "the player on the dealer's left clears first"
    assert GAME.make_config().clearout_start == "left"
    published = _dealt({"clearout_start": "dealer"}, {0: [sub], 2: [torp]})
    assert published.current_player == 2, "the setting gives the published reading"


@SEED.cites(19, CLEAR_OUT, clause=("NW-CLEAROUT", "NW-RED"))
def test_in_the_clear_out_every_red_card_is_played_and_replaced_one_player_at_a_time() -> None:
    assert {c.kind for c in CARDS if c.red} == {ADD_DAMAGE, ADD_SHIP, MINEFIELD, SUBMARINE, TORPEDO}
    sub, torp = card(SUBMARINE), card(TORPEDO)
    m = _dealt({}, {0: [sub, torp]})
    assert m.current_player == 0
    assert all(CARDS[a.card].red for a in m.legal_actions() if isinstance(a, Play | Discard))
    refused(m, Play(S8, ship("Exeter")), "NW-HAND")
    m.script_chance(1, S6)  # the submarine's die (a miss), then the card that replaces it
    m.apply(Play(sub, m.state.fleets[1][0]))
    assert m.current_player == 0 and m.state.hands[0].count(S6) == 1, "replaced from the deck"
    m.script_chance(1, S6 + 1, S6 + 2)  # ... and the first turn's draw (a salvo, not red)
    m.apply(Play(torp, m.state.fleets[2][0]))
    assert m.state.phase != CLEAR and m.current_player == 0, "then play begins on the left"
    assert len(m.state.hands[0]) == 6, "five cards, and the first turn's draw"


@SEED.cites(21, PLAY_BEGINS, clause="NW-TURN")
def test_play_proceeds_clockwise_from_the_dealers_left() -> None:
    m = navalkit.new_match("naval_war", seed=11, players=4)
    while m.state.opening:
        m.apply(m.legal_actions()[0])
    first = (m.state.dealer + 1) % 4
    seen = []
    while len(seen) < 9 and not m.is_over:
        if not seen or seen[-1] != m.current_player:
            seen.append(m.current_player)
        m.apply(
            next((a for a in m.legal_actions() if isinstance(a, Discard)), m.legal_actions()[0])
        )
    assert seen[0] == first and seen == [(first + k) % 4 for k in range(len(seen))]


# --- the turn ------------------------------------------------------------------------------------
@SEED.cites(
    22,
    "For example, you might have only salvo cards and no guns of the correct size to play any "
    "of them.",
    clause="NW-DISCARD",
)
def test_the_seeds_example_salvos_without_matching_guns_are_discarded() -> None:
    s15, s14 = card(SALVO, 15, 1), card(SALVO, 14, 1)
    m = match_at(position([F3, F2, F3B], [[s15]], phase=4), chance=[s14])  # seat 0 draws a 14"
    assert m.state.phase == ACT and set(m.state.hands[0]) == {s15, s14}
    assert all(isinstance(a, Discard) for a in m.legal_actions()), 'no 15" or 14" guns'
    refused(m, Play(s15, ship("Exeter")), "NW-SALVO")
    m.apply(Discard(s14))
    assert s14 in m.state.discard and m.current_player == 1


@SEED.cites(
    23,
    "Instead of (NOT in addition to!) drawing and playing a card, you may optionally launch air "
    "strike attacks if and only if you have any aircraft carriers.",
    clause="NW-AIR",
)
def test_air_strikes_replace_the_draw_and_the_play() -> None:
    st = position([["Belfast", "Akagi"], F2, F3B], [[S6]], phase=CHOOSE)
    m = match_at(st)
    deck, hand = m.state.deck, m.state.hands[0]
    m.apply(LAUNCH)
    refused(m, DRAW, "NW-ORDER")
    m.script_chance(4, S8)  # the strike's die (a miss), then seat 1's draw
    m.apply(Strike(ship("Akagi"), ship("Exeter")))
    assert m.state.hands[0] == hand and m.current_player == 1
    assert len(m.state.deck) == len(deck) - 1, "only seat 1's draw left the deck"


@SEED.cites(
    24,
    "if it SUCCEEDS, that carrier cannot launch another attack (Kamikaze or regular) for one "
    "more turn than the die roll (i.e., that carrier must then sit out either two or three turns).",
    clause="NW-KAMIKAZE",
)
def test_a_successful_kamikaze_carrier_sits_out_two_or_three_turns() -> None:
    for roll, sits_out in ((1, 2), (2, 3)):
        st = position([["Belfast", "Kaga"], F2, F3B], phase=CHOOSE, config={"kamikaze": True})
        m = match_at(st, chance=[roll])
        m.apply(LAUNCH)
        m.apply(Strike(ship("Kaga"), ship("Exeter"), True))
        assert ship("Exeter") in m.state.sunk[0]
        turn = m.state.turns[0]  # this turn; Kaga may strike again on turn + sits_out + 1
        assert m.state.ready_at[ship("Kaga")] == turn + sits_out + 1


# --- torpedo boats and submarines against carriers -----------------------------------------------
BEHIND = "Cannot attack a carrier if non-carrier ships are in same fleet."


@SEED.cites(30, BEHIND, clause="NW-CARRIER")
@SEED.cites(32, BEHIND, clause="NW-CARRIER")
def test_torpedo_boats_and_submarines_cannot_reach_a_carrier_behind_other_ships() -> None:
    for kind, sinks in ((TORPEDO, 6), (SUBMARINE, 5)):
        red = card(kind)
        m = match_at(position([F3, ["Exeter", "Enterprise"], F3B], phase=RED, pending=red))
        refused(m, Play(red, ship("Enterprise")), "NW-CARRIER")
        alone = position([F3, ["Enterprise"], F3B], phase=RED, pending=red)
        m = match_at(alone, chance=[sinks])
        m.apply(Play(red, ship("Enterprise")))
        assert ship("Enterprise") in m.state.sunk[0], "alone, the carrier can be reached"


# --- the Destroyer Squadron ----------------------------------------------------------------------
@SEED.cites(
    40,
    "The Destroyer Squadron is in front of your main fleet, and is not affected by minefields.",
    clause="NW-DS-STOP",
)
def test_minefields_hit_the_fleet_but_not_the_squadron_in_front_of_it() -> None:
    mine = card(MINEFIELD, value=3)
    st = position([F3, F2, F3B], phase=RED, pending=mine, ds_owner=1, ds_salvos=(S8,))
    m = match_at(st)
    m.apply(Play(mine, 1))
    assert hits_on(m.state, ship("Bismarck"), 1) == 3
    assert m.state.ds_owner == 1 and m.state.ds_salvos == (S8,), "the Squadron is untouched"


@SEED.cites(
    40,
    "The DS cannot be attacked by air strikes, submarines, torpedo boats, or additional damage "
    "- it can ONLY be stopped with salvos.",
    clause="NW-DS-STOP",
)
def test_only_salvos_can_touch_the_squadron() -> None:
    for kind in (SUBMARINE, TORPEDO):
        red = card(kind)
        m = match_at(position([F3, F2, F3B], phase=RED, pending=red, ds_owner=1))
        refused(m, Play(red, DS_TARGET), "NW-DS-STOP")
    ad = card(ADD_DAMAGE)
    m = match_at(position([F3, F2, F3B], phase=RED, pending=ad, ds_owner=1, ds_salvos=(S8,)))
    refused(m, Play(ad, S8), "NW-DS-STOP")
    air = match_at(position([["Belfast", "Akagi"], F2, F3B], phase=CHOOSE, ds_owner=1))
    air.apply(LAUNCH)
    refused(air, Strike(ship("Akagi"), DS_TARGET), "NW-DS-STOP")
    salvo = match_at(position([F3, F2, F3B], [[S8]], ds_owner=1))
    salvo.apply(Play(S8, DS_TARGET))
    assert salvo.state.ds_salvos == (S8,)


@SEED.cites(40, "Smoke does protect an opponent's ships from the DS attack.", clause="NW-SMOKE")
def test_smoke_protects_a_fleet_from_the_squadrons_attack() -> None:
    smoke = card(SMOKE)
    st = position([F3, F2, F3B], phase=DS_PICK, ds_owner=0, smoke=(-1, smoke, -1))
    m = match_at(st)
    refused(m, Aim(1), "NW-SMOKE")
    assert m.legal_actions() == (Aim(2),)


@SEED.cites(
    40,
    "Resolving the DS attack is actually your action from the previous turn - you still "
    "draw/play or do airstrikes on your turn normally after resolving the DS card from the last "
    "turn.",
    clause="NW-DS",
)
def test_after_the_squadrons_attack_its_owner_still_plays_his_turn() -> None:
    st = position([F3, F2, F3B], phase=DS_PICK, ds_owner=0)
    m = match_at(st, chance=[1])
    m.apply(Aim(1))
    m.script_chance(S6)
    m.apply(Take(ship("Exeter")))
    assert m.state.ds_owner == -1 and ship("Exeter") in m.state.sunk[0]
    assert m.current_player == 0 and m.state.phase == ACT and S6 in m.state.hands[0]


# --- the end of a round -------------------------------------------------------------------------
@SEED.cites(
    46,
    "Even with 9 players there are not enough Additional Ship cards for the ship deck to ever "
    "run out.",
    clause=("NW-DECKS", "NW-ADD-SHIP"),
)
def test_the_harbor_never_runs_dry() -> None:
    additional = sum(1 for c in CARDS if c.kind == ADD_SHIP)
    for nine_deal in (5, 4):
        for players in range(3, 10):
            dealt = players * hand_size(Config(nine_deal=nine_deal), players)
            assert len(SHIPS) - dealt >= additional, (players, nine_deal)


@SEED.cites(
    50,
    "This is to give all other players a chance to attack the leader before he gets to do "
    "anything.",
    clause="NW-LEADER-DEALS",
)
def test_the_leader_deals_so_he_moves_last() -> None:
    st = position([F3, F2, F3B], sunk=((), (ship("Hood"),), ()))  # seat 1 leads
    nxt = end_round(st)
    assert nxt.dealer == 1
    order = [(nxt.dealer + k) % 3 for k in range(1, 4)]
    assert order == [2, 0, 1], "play begins on the dealer's left, so the leader is last"
