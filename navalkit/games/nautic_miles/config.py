"""Nautic Miles settings. Each switch names its provenance and the rule it changes."""

from __future__ import annotations

from dataclasses import dataclass

from navalkit.core.config import setting


@dataclass(frozen=True, slots=True)
class Config:
    """How to play: the seed's rules, with the house rules a teacher may switch."""

    teams: bool = setting(
        False,
        provenance="SEED",
        label="Play in teams of two",
        rule="NM-TEAMS",
        help="Play in teams of two, partners sitting opposite and sharing one convoy row "
        "(needs 4 or 6 players; with 2, 3 or 5 players everyone plays alone).",
    )
    target: int = setting(
        200,
        provenance="SEED",
        label="Points to win",
        low=10,
        high=1000,
        rule="NM-GAME-END",
        help="Game points that win the game (200 in the original rules); lower it for a short "
        "lesson.",
    )
    round_limit: int = setting(
        40,
        provenance="SEED",
        label="Points that end a round",
        low=5,
        high=200,
        rule="NM-ROUND-END",
        help="Round points that end a round at once (40 in the original rules).",
    )
    slowness_bonus: str = setting(
        "per_convoy",
        provenance="HOUSE",
        label="Bonus for a slow convoy",
        choices=("per_convoy", "per_round"),
        rule="NM-SLOW-BONUS",
        help="The +7 'slowness' bonus: for each convoy brought home with no card above 600 "
        "miles (our rules summary's reading), or once per round to a side that has such a convoy.",
    )
    planes_on_alerted: bool = setting(
        True,
        provenance="HOUSE",
        label="Planes on an alerted convoy",
        rule="NM-PLANE-ALERT",
        help="A plane needs no alert, and may also go on an alerted convoy (our reading of "
        "'sans alerte'); off: only on a convoy with no alert (our rules summary's reading).",
    )
    trawler_counts: bool = setting(
        False,
        provenance="HOUSE",
        label="A trawler counts as a convoy",
        rule="NM-TRAWLER",
        help="Whether a trawler brought home counts as 'a convoy arrived in port' that lets a "
        "side score (off: it is a dummy and never does).",
    )
    max_rounds: int = setting(
        30,
        provenance="HOUSE",
        label="Most rounds in a game",
        low=1,
        high=500,
        rule="NM-MAX-ROUNDS",
        help="The original rules play rounds until someone has 200; we stop after this many "
        "rounds so every game ends, and the leader wins.",
    )
