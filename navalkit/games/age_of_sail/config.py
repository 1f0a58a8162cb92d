"""Age of Sail settings. Each switch names its provenance and the rule it changes."""

from __future__ import annotations

from dataclasses import dataclass

from navalkit.core.config import setting

from .data import COMPASS, POINT_WORDS

#: a compass point as the settings list it: "east (E)", the letter as the board writes it
WIND_WORDS = {
    point: f"{words} ({point})" for point, words in zip(COMPASS, POINT_WORDS, strict=True)
}


@dataclass(frozen=True, slots=True)
class Config:
    """How to play: the seed's rules, with the house rules a teacher may switch."""

    scenario: str = setting(
        "duel",
        provenance="HOUSE",
        label="Battle",
        choices=("duel", "fleet", "pirates"),
        rule="AOS-FLEETS",
        help="The set-up: a duel of two ships of the line, a fleet action of two lines of three, "
        "or two privateers against a Spanish merchant and her escort.",
    )
    wind: str = setting(
        "E",
        provenance="SEED",
        label="Wind",
        choices=COMPASS,
        words=WIND_WORDS,
        rule="AOS-WIND",
        help="The wind at the start, one of the eight compass points, named as the setting 'How "
        "the wind is named' says: by default 'blowing to', as in the blog's example ('the "
        "wind is due south': it blows toward the south). East (E), blowing east from the west, "
        "is the Atlantic's usual wind. The board names the wind the same way.",
    )
    wind_naming: str = setting(
        "blowing",
        provenance="SEED",
        label="How the wind is named",
        choices=("blowing", "from"),
        words={"blowing": "blowing to", "from": "coming from"},  # short: the box is narrow
        rule="AOS-WIND-REF",
        help="How the wind's compass point is read: blowing to (the blog's worked example: a "
        "wind due south blows toward the south, so it forbids sailing due north) or coming "
        "from (sailors' usage: a south wind comes from the south).",
    )
    wind_speed: int = setting(
        4,
        provenance="SEED",
        label="Wind strength",
        low=1,
        high=7,
        rule="AOS-WIND",
        help="The wind's force at the start, from 1 to 7: the blog's rules set it to 4.",
    )
    first_player: str = setting(
        "dice",
        provenance="SEED",
        label="Who moves first",
        choices=("dice", "first", "second"),
        words={"dice": "by dice", "first": "First admiral", "second": "Second admiral"},
        rule="AOS-FIRST",
        help="Who moves first: both admirals roll and the higher moves first (the blog's rules), "
        "or "
        "fixed for a lesson.",
    )
    line_of_battle: bool = setting(
        True,
        provenance="SEED",
        label="Line of battle",
        rule="AOS-LINE",
        help="Squadron ships follow their leader: the same turn, and no further than it sailed. "
        "Pirates always sail alone.",
    )
    hull_hits: bool = setting(
        True,
        provenance="HOUSE",
        label="Hull hits on a ship without guns",
        rule="AOS-HULL-UNITS",
        help="A hull hit on a side with no gun decks left removes a hull-integrity unit (the "
        "blog's rules give hull units but no rule to lose them). Off: such hits do nothing.",
    )
    boarding_ties: str = setting(
        "reroll",
        provenance="HOUSE",
        label="A tied boarding",
        choices=("reroll", "defender"),
        words={"reroll": "roll again", "defender": "the defenders hold"},
        rule="AOS-BOARD-TIE",
        help="Equal boarding totals: roll again, or the defenders hold their ship (and take "
        "the boarders' ship).",
    )
    contact_cm: int = setting(
        4,
        provenance="HOUSE",
        label="Contact distance (cm)",
        choices=(3, 4, 5),
        rule="AOS-CONTACT",
        help="Ships whose centres are this close or closer are touching, so they may board.",
    )
    max_rounds: int = setting(
        12,
        provenance="HOUSE",
        label="Rounds in the game",
        low=1,
        high=200,
        rule="AOS-END",
        help="The blog's game lasts 'as long as your patience': we stop after this many rounds "
        "and count the damage.",
    )
