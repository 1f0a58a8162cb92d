"""Age of Sail's words for players (code names in the rules panel and the settings:
tests/test_player_words.py)."""

from __future__ import annotations

from typing import Any

import pytest
from aos_helpers import NE, NW, N, match_at, table

import navalkit
from navalkit.core.config import value_words
from navalkit.games.age_of_sail import GAME
from navalkit.games.age_of_sail.actions import Board, End, Fire, Sail, Turn
from navalkit.games.age_of_sail.draw import describe, draw
from navalkit.games.age_of_sail.explain import HitChances, SailWheel
from navalkit.render import Text


def test_sailing_no_distance_is_said_as_staying_in_the_list_the_log_and_on_the_board() -> None:
    """Ending an order with 0 cm is legal, but not a move: it is 'stays where she is', never
    'sails 0 cm', in the legal moves list, in the moves log and in the board's steering hint."""
    game = GAME
    m = match_at(table({"x": 30.0, "y": 30.0, "heading": N}, {"x": 70.0, "y": 40.0}))
    m.apply(Turn(0, NE))
    listed = [game.describe(m.state, a) for a in m.legal_actions()]
    assert "Royal Sovereign stays where she is, heading NE" in listed
    assert not [words for words in listed if " 0 cm" in words]
    assert Sail(0, 0).describe() == "ship 1 stays where she is"
    assert game.describe(m.state, Sail(0, 3)) == "Royal Sovereign sails 3 cm NE"
    hint = [op.text for op in draw(m.state).layer("overlay").ops if isinstance(op, Text)]
    assert "or her own dot to stay" in hint and not [h for h in hint if "(0-" in h]
    told = game.describe_outcome(m.state, Sail(0, 0))
    m.apply(Sail(0, 0))
    assert told == "England: Royal Sovereign stays where she is, heading NE"


@pytest.mark.parametrize(
    ("setting", "said", "lines"),
    [
        (
            {},
            "E (blowing east, from the west)",
            ["Wind E, force 4", "blowing east,", "from the west"],
        ),
        (
            {"wind": "W", "wind_naming": "from"},
            "W (from the west, blowing east)",
            ["Wind W, force 4", "from the west,", "blowing east"],
        ),
        ({"wind": "NE"}, "NE (blowing north-east, from the south-west)", ["Wind NE, force 4"]),
    ],
)
def test_the_wind_is_said_as_the_settings_name_it_everywhere(
    setting: dict[str, Any], said: str, lines: list[str]
) -> None:
    """The settings show the wind as a compass point ('Wind: E', by default the way it blows);
    the status line, the board's wind rose and the position in words name the same point the
    same way first, then say both ways: a student never reads 'Wind: E' beside 'Wind from the
    west' alone."""
    m = navalkit.new_match("age_of_sail", seed=1, first_player="first", **setting)
    point = setting.get("wind", "E")
    assert value_words(m.state.config.wind) == point
    assert f"wind {said}, force 4" in GAME.status(m.state)
    assert describe(m.state).startswith(f"Wind {said}, force 4.")
    board = [op.text for op in draw(m.state).layer("board").ops if isinstance(op, Text)]
    for line in lines:
        assert line in board
    assert not [t for t in board if t.startswith("Wind from")]


def test_the_points_of_sail_wheel_names_the_wind_as_the_play_page_does() -> None:
    wheel = SailWheel(wind_from="W")
    labels = dict((value, label) for label, value in wheel.wind.options)
    assert labels["W"] == "E (blowing east, from the west)"
    assert labels["N"] == "S (blowing south, from the north)"


def test_numbers_agree_with_their_nouns_in_the_explainers() -> None:
    """'1 mast unit', '1 point', '1 deck', '0 hits', '1 hit': no 'unit(s)' or 'deck(s)'."""
    wheel = SailWheel(wind_from="N", speed=4, units=1)
    wheel.port.click()  # E -> NE
    assert (
        "Her move: 1 mast unit × (wind force 4 − 1 close-hauled) = <b>3 cm</b>" in wheel.out.value
    )
    assert "is a turn of 1 point, and each point turned costs 2 cm" in wheel.out.value
    wheel.units.value = 2
    assert "Her move: 2 mast units × (wind force 4 − 1 close-hauled)" in wheel.out.value
    odds = HitChances(range_cm=6.0, decks=1)
    assert "1 deck: expected" in odds.out.value
    assert "0 hits " in odds.out.value and "1 hit " in odds.out.value
    for text in (wheel.out.value, odds.out.value):
        assert "(s)" not in text


def test_a_one_round_battle_ends_in_good_english() -> None:
    m = match_at(table({"x": 30.0, "y": 30.0}, {"x": 70.0, "y": 40.0}, max_rounds=1), 3, 3)
    for _ in range(4):
        m.apply(End())
    assert m.is_over and m.state.result == "The agreed 1 round is over."
    assert "the agreed 1 round is over" in GAME.status(m.state)


def test_a_refused_turn_counts_points_in_good_english() -> None:
    """A ship with little way left turning one point: 'Turning 1 point costs 2 cm'."""
    m = match_at(table({"x": 30.0, "y": 30.0, "heading": N}, {"x": 70.0, "y": 40.0}, speed=1))
    refusal = GAME.violation(m.state, Turn(0, NW))  # close-hauled at force 1: 1 cm
    assert refusal is not None and refusal.rule_id == "AOS-TURN", refusal
    assert refusal.message.startswith("Turning 1 point costs 2 cm, ")


def _boarding_position() -> Any:
    return table(
        {"x": 30.0, "y": 30.0, "heading": N, "decks": (2, 1)},
        {"x": 33.0, "y": 30.0, "heading": N, "decks": (1, 0)},
        {"x": 70.0, "y": 60.0, "side": 1, "name": "Dauphin Royal"},
        phase="combat",
    )


@pytest.mark.parametrize(
    ("dice", "last"),
    [
        ((3, 3, 3, 6), "Boarders 9, defenders 6: Soleil Royal is captured."),
        (
            (1, 2, 1, 5),
            "Boarders 4, defenders 5: the boarders are beaten back and Royal Sovereign is "
            "captured.",
        ),
        ((1, 2, 1, 4, 3, 3, 3, 1), "Boarders 4, defenders 4: a tie, so the dice are thrown again."),
    ],
)
def test_each_boarding_die_says_whose_it_is_and_the_last_what_the_totals_decide(
    dice: tuple[int, ...], last: str
) -> None:
    """The moves list showed nine 'Boarding die — Soleil Royal: 2.' lines and no result:
    now each die is the boarders' or the defenders', and the last one gives both totals."""
    m = match_at(_boarding_position(), *dice)
    m.apply(Board(0, 1))
    told = [e.text for e in m.events if e.kind == "chance"]
    assert told[:4] == [
        f"Boarding die — Royal Sovereign's boarders: {dice[0]}.",
        f"Boarding die — Royal Sovereign's boarders: {dice[1]}.",
        f"Boarding die — Royal Sovereign's boarders: {dice[2]}.",
        f"Boarding die — Soleil Royal's defenders: {dice[3]}. {last}",
    ]


def test_broadside_dice_say_hit_or_miss() -> None:
    for die in (1, 6):
        m = match_at(_boarding_position(), die)
        m.apply(Fire(0, 1, "hull"))
        told = [e.text for e in m.events if e.kind == "chance"]
        assert len(told) == 1 and told[0].startswith(f"Broadside die — Royal Sovereign: {die}")
        assert told[0].endswith(", a hit." if die == 6 else ", a miss.")


def test_the_position_in_words_names_gun_decks_and_a_captured_ship_plainly() -> None:
    """'decks 0/1' meant nothing to a student, nor 'Royal Sovereign (France)' for an English
    ship taken by the French."""
    st = table(
        {"x": 30.0, "y": 30.0, "decks": (0, 1), "captured": True, "side": 1, "entangled": 1},
        {"x": 33.0, "y": 30.0, "entangled": 0, "anchored": True},
    )
    words = describe(st)
    assert (
        "Ship 1 Royal Sovereign (taken by France) at 30,30 cm heading NE (broad reach); gun "
        "decks port 0, starboard 1; masts 3; hull 3; locked with Soleil Royal." in words
    )
    assert "at anchor; locked with Royal Sovereign." in words


def test_the_wind_settings_list_words_not_bare_compass_letters() -> None:
    """'Settings for the next game' offered the wind as "N", "NE", "E"... and its naming as
    "blowing" / "from": each choice now reads in words, the letter the board writes kept in
    brackets, and the letter typed still reads back."""
    from navalkit.core.config import value_from_words
    from navalkit.games.age_of_sail.config import Config
    from navalkit.widgets.forms import setting_widgets

    boxes = setting_widgets(GAME)
    wind = [label for label, _ in boxes["wind"].options]
    assert wind == [
        "north (N)", "north-east (NE)", "east (E)", "south-east (SE)",
        "south (S)", "south-west (SW)", "west (W)", "north-west (NW)",
    ]  # fmt: skip
    assert boxes["wind"].value == "E"
    naming = [label for label, _ in boxes["wind_naming"].options]
    assert naming == ["blowing to", "coming from"]
    for typed in ("east (E)", "E", "e"):
        assert value_from_words(Config, "wind", typed) == "E", typed
    assert value_from_words(Config, "wind_naming", "coming from") == "from"
    current = {r["setting"]: r for r in GAME.settings()}
    assert "'from'" not in current["wind_naming"]["help"]
