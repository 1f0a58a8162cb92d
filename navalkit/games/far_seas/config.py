"""Far Seas settings. Each switch names its provenance and the rule it changes."""

from __future__ import annotations

from dataclasses import dataclass

from navalkit.core.config import setting


@dataclass(frozen=True, slots=True)
class Config:
    """How to play: the seed's rules, with the house rules a teacher may switch."""

    turns: int = setting(
        12,
        provenance="HOUSE",
        label="Turns in the game",
        low=2,
        high=30,
        rule="FS-LENGTH",
        help="Game length in turns. No source gives one; 12 lets the colony schedule (to turn 9) "
        "run its course and leaves the raiders a few turns more.",
    )
    crowded_fire: str = setting(
        "2 or more",
        provenance="SEED",
        label="Ships firing at one target before each gets -1",
        choices=("2 or more", "3 or more"),
        rule="FS-CROWD",
        help="How many ships must fire at one target before each of them gets -1: 2 or more "
        "(the Notes on Play: '-1 if 2 ships firing on same target') or 3 or more (a second "
        "summary: "
        "'more than 2').",
    )
    surprise_bonus: str = setting(
        "whole combat",
        provenance="SEED",
        label="How long a surprise's +2 lasts",
        choices=("whole combat", "first round"),
        rule="FS-SURPRISE",
        help="How long the surprising German's +2 lasts: the whole combat (the Notes on Play: "
        "'Surprise "
        "search is automatic. German +2 to combat.') or the first round only (our earlier "
        "reading, like the +2 the Notes on Play give the Allies 'on first round' at the Rufiji).",
    )
    convoy_speed: str = setting(
        "3+ or less",
        provenance="SEED",
        label="Which ships may escort",
        choices=("3+ or less", "3 or more"),
        words={"3+ or less": "speed 3+ or slower", "3 or more": "speed 3 or faster"},
        rule="FS-CONVOY",
        help="Which ships may escort a convoy: speed 3+ or less (the Notes on Play: 'A or B gun "
        "range and "
        "speed <= 3+', the slower cruisers convoys had in fact) or speed 3 or more (a second "
        "summary's reading, which lets fast battlecruisers escort).",
    )
    max_rounds: int = setting(
        4,
        provenance="HOUSE",
        label="Combat rounds",
        low=1,
        high=8,
        rule="FS-COMBAT-END",
        help="Combat rounds before the fleets lose contact (round 4 is the summary's last, "
        "torpedo-range round).",
    )
    captures: str = setting(
        "all",
        provenance="HOUSE",
        label="Merchants a raider takes",
        choices=("all", "one per ship"),
        rule="FS-CAPTURE",
        help="Merchants a raider takes: 'all' available in the area (density less escorts, less "
        "those already taken this turn), or at most one per raiding ship.",
    )
    colonies: bool = setting(
        True,
        provenance="SRC",
        label="Colony captures",
        rule="FS-COLONY",
        help="Play the Allied colony-capture schedule (Samoa, New Guinea, Tsingtao, Kamerun); "
        "off, the 14 colony ships start in the England box.",
    )
    german_par: int = setting(
        245,
        provenance="HOUSE",
        label="Lead the raiders need to win (VP)",
        low=0,
        high=500,
        rule="FS-VICTORY",
        # measured by benchmarks/far_seas_par.py (see docs/rules/far_seas.md)
        help="The lead the raiders need: the German wins only if his VP exceed the Allies' by "
        "more than this (0: our rules summary's rule, the higher total wins). It is there "
        "because the merchants a raider takes are worth far more VP than the raiders "
        "themselves: with the house map and ships a raider that dodges the searchers takes far "
        "more merchants than the Allies can ever sink (all 13 raiders are worth 50 VP), so with "
        "no lead needed the German nearly always wins. Measured over many computer games: in "
        "100 games between the two computer commanders the German led by 214 to 303 VP, 243 in "
        "the middle game, so a lead of 245 gives each side about an even chance and rewards "
        "the side that plays better.",
    )
