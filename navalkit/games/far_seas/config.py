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
        low=2,
        high=30,
        rule="FS-LENGTH",
        help="Game length in turns. No source gives one; 12 lets the colony schedule (to turn 9) "
        "run its course and leaves the raiders a few turns more.",
    )
    crowded_fire: str = setting(
        "second",
        provenance="HOUSE",
        choices=("second", "third"),
        rule="FS-CROWD",
        help="Who gets -1 when several ships fire at one target: 'second' and later firers (the "
        "seed: '-1 if 2 ships firing on same target') or 'third' and later (the second summary: "
        "'more than 2').",
    )
    convoy_speed: str = setting(
        "3+ or less",
        provenance="SEED",
        choices=("3+ or less", "3 or more"),
        rule="FS-CONVOY",
        help="Which ships may escort a convoy: speed 3+ or less (the seed: 'A or B gun range and "
        "speed <= 3+', the slower cruisers convoys had in fact) or speed 3 or more (a second "
        "summary's reading, which lets fast battlecruisers escort).",
    )
    max_rounds: int = setting(
        4,
        provenance="HOUSE",
        low=1,
        high=8,
        rule="FS-COMBAT-END",
        help="Combat rounds before the fleets lose contact (round 4 is the summary's last, "
        "torpedo-range round).",
    )
    captures: str = setting(
        "all",
        provenance="HOUSE",
        choices=("all", "one per ship"),
        rule="FS-CAPTURE",
        help="Merchants a raider takes: 'all' available in the area (density less escorts, less "
        "those already taken this turn), or at most one per raiding ship.",
    )
    colonies: bool = setting(
        True,
        provenance="SRC",
        rule="FS-COLONY",
        help="Play the Allied colony-capture schedule (Samoa, New Guinea, Tsingtao, Kamerun); "
        "off, the 14 colony ships start in the England box.",
    )
    german_par: int = setting(
        250,
        provenance="HOUSE",
        low=0,
        high=500,
        rule="FS-VICTORY",
        help="The German wins only if his VP exceed the Allies' by more than this par (0: the "
        "digest's rule, the higher total wins). Calibrated: with the house map and rosters a "
        "raider that dodges the searchers takes far more merchants than the Allies can ever "
        "sink (all 13 raiders are worth 50 VP); between the two computer commanders the "
        "German leads by 223-333 VP, median 251 (100 seeded games), so a par of 250 gives "
        "each side an even chance and rewards the side that plays better.",
    )
