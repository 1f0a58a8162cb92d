"""Far Seas rule clauses for running, combat, raids and the end of the game (see clauses.py)."""

from __future__ import annotations

from navalkit.core.clauses import Clause

C = Clause
F2 = "Second summary (grognard.com/info/farseas.txt)"
LATER_CLAUSES: list[Clause] = [
    # --- running -----------------------------------------------------------------------
    C(
        "FS-RUN",
        "Who runs first",
        "When discovered the German may run first; if he does "
        "not, the Allies may run; failing that there is combat.",
        "SEED",
        "When discovered, Germans have first chance to run. If they do not, British may run.",
    ),
    C(
        "FS-RUN-ROLL",
        "Caught running",
        "When the German tries to run the Allies roll a die: "
        "on a 6 he is surprised and cannot run.",
        "SEED",
        "On a '6', German is Surprised and cannot run.",
    ),
    C(
        "FS-PURSUIT",
        "Pursuit",
        "A group's speed is its slowest ship's. Each pursuing ship is "
        "compared with the runners: 2 or more grades apart, the faster wins; equal, the higher "
        "roll wins (ties re-rolled); 1 grade apart, the slower wins on a 6.",
        "SEED",
        "If speed is 2 or more grades apart, the faster group wins. If speeds are equal, high "
        "roller wins. If within 1 grade, the slower rolls one die. If a '6', they win race.",
    ),
    C(
        "FS-ESCAPE",
        "Escape",
        "Escaping ships go to the Moved box of an adjacent area (the "
        "one with fewest enemy ships, lowest number first); squadrons run together.",
        "SEED",
        "Escaping ships go to the Moved box of an adjacent area. (Which area, and keeping the "
        "squadron together, are house choices.)",
    ),
    C(
        "FS-SPEED",
        "Speed grades",
        "Speeds are graded 2, 3, 3+, 4, 4+, 5.",
        "HOUSE",
        "The seed writes '3+'; the digest's half-grade ladder.",
    ),
    # --- combat ------------------------------------------------------------------------
    C(
        "FS-COMBAT-RANGES",
        "Ranges",
        "Rounds are fought at range A, then A+B, then A+B+C; a "
        "ship fires when its gun range is in the round's ranges. Surprise combats start at "
        "C.",
        "SEED",
        "Combat is in order of ranges: A, then AB, then ABC (surprise ABC).",
    ),
    C(
        "FS-FIRE",
        "Simultaneous fire",
        "Each firing ship rolls a die on the Damage Table; "
        "damage is applied at the end of the round. A ship sinks when its damage reaches its "
        "capacity.",
        "SEED",
        "Fire is simultaneous; each ship rolls a die on Damage Table.",
    ),
    C(
        "FS-TARGETS",
        "Targets",
        "A ship keeps firing at its last target while it is afloat, "
        "otherwise at the enemy of highest VP.",
        "HOUSE",
        "The sources do not say how targets are chosen; this keeps play quick.",
    ),
    C(
        "FS-DRM",
        "Damage roll modifiers",
        "Own ship DRM; +1 a round on the same target until "
        "the modifier reaches 0; -1 firer half damaged; +1 target half damaged; +1 target in "
        "torpedo range (C); -2 firer tried to run last round; +1 Scharnhorst or Gneisenau at a "
        "ship they hit last round; -1 for each earlier combat of a German non-BC; +2 German in "
        "the first round of a surprise; +2 Allies in the first round against a ship leaving "
        "the Rufiji.",
        "SEED",
        "Each ship has a damage roll modifier: ... (seed list; the last two from " + F2 + ")",
    ),
    C(
        "FS-CROWD",
        "Crowded target",
        "-1 to a ship firing at a target another ship (or two others) already fires at this round.",
        "HOUSE",
        "Seed: '-1 if 2 ships firing on same target'; " + F2 + ": 'more than 2'. Switchable.",
        "crowded_fire",
    ),
    C(
        "FS-TORPEDO",
        "Torpedoes",
        "At C range every ship but a BB also fires a torpedo: it "
        "hits on a 1 (1-3 from the fourth range step) and a hit rolls again on the Damage "
        "Table without modifiers. The German subtracts 2 against a target he surprised.",
        "SEED",
        "At C range, all ships except BB's can make a torpedo attack. A hit is "
        "achieved on a die roll of '1'... German subtracts 2 from 'to hit' torpedo roll if it "
        "surprised its target. (1-3 in round 4: " + F2 + ")",
    ),
    C(
        "FS-COMBAT-RUN",
        "Running in combat",
        "After a round, a ship not in a surprise combat "
        "that has not yet tried to run may try (German first).",
        "SEED",
        "If not surprise and has not tried to run yet, a ship may now try to run after the "
        "combat round.",
    ),
    C(
        "FS-COMBAT-END",
        "End of combat",
        "Combat ends when one side is gone or has escaped, or after the last round.",
        "HOUSE",
        "The sources give no limit; F2's round 4 is the last range step.",
        "max_rounds",
    ),
    C(
        "FS-DAMAGE",
        "Damage Table",
        "Modified roll <=2: 0, 3-4: 1, 5-6: 2, 7: 3, 8+: 4 damage points.",
        "HOUSE",
        "The table is lost; the digest's proposal.",
    ),
    C(
        "FS-HALF",
        "Half damaged",
        "Half damaged means damage of at least half the capacity, rounded up.",
        "HOUSE",
        "The digest's reading.",
    ),
    C(
        "FS-REPAIR",
        "Repair",
        "Ships that survive a combat each remove 1 damage point.",
        "SEED",
        "Ships which survive combat each remove 1 damage point.",
    ),
    C(
        "FS-RETIRE",
        "Allied retirement",
        "Allied ships at least half damaged after combat "
        "retire to the England box (repaired, no VP cost).",
        "SEED",
        "He must do so for ships equal to or more than half damaged. (Optional retirement of "
        "lightly damaged ships is not offered: house simplification.)",
    ),
    C(
        "FS-GER-DAMAGED",
        "Damaged raiders",
        "A German ship at least half damaged is one speed "
        "grade slower (not below 3) and may not surprise.",
        "SEED",
        "Half or more damaged German ships have speed reduced by 1 and may not use Surprise "
        "(min speed is 3).",
    ),
    # --- raids and merchants -----------------------------------------------------------
    C(
        "FS-CAPTURE",
        "Merchant captures",
        "A German ship or squadron that moved and did not "
        "run, raid or fight captures the merchants available: density less escorts on convoy, "
        "less those already taken this turn. Captures are logged secretly.",
        "SEED",
        "German merchant captures should be logged. Every ship on convoy reduces by 1 the "
        "number of merchants available to capture.",
        "captures",
    ),
    C(
        "FS-CONVOY-ATTACK",
        "Attacking a convoy",
        "A German may attack an escorted convoy: "
        "roll a die (-1 for a squadron of speed 4, -2 above 4); 1-3 the convoy is surprised "
        "and each attacker sinks a die's worth of merchants; 4-6 he must fight the escort.",
        "SRC",
        F2 + ": German attack on a convoy counter (the speed modifiers help the attacker).",
    ),
    C(
        "FS-STATION-RAID",
        "Station raids",
        "A German may raid a station in the area he moves "
        "to (order 'R'); if a raider survives to reach it, the German scores its VP. Each "
        "station is raided once per game.",
        "SEED",
        "Any ship that survives raiding to reach "
        "the station receives points as printed on the board; each station can only be raided "
        "once per game.",
    ),
    # --- end ---------------------------------------------------------------------------
    C(
        "FS-LENGTH",
        "Game length",
        "The game lasts 12 turns, or ends when no German ship is left at sea.",
        "HOUSE",
        "No source gives a length.",
        "turns",
    ),
    C(
        "FS-VICTORY",
        "Victory",
        "German VP = merchants + station VP + Allied VP sunk + "
        "cowardice points; Allied VP = VP of German ships sunk or interned. The German wins "
        "if his VP exceed the Allies' by more than the par (house default 250), the Allies "
        "if by less; equal is a draw.",
        "HOUSE",
        "The digest's proposal (par 0: the higher total wins), with a calibrated par: on the "
        "house map a dodging raider takes far more merchants than the 50 VP all raiders are "
        "worth, so the digest's rule is a certain German win; between the two computer "
        "commanders the German leads by 223-333 VP (median 251, 100 seeded games), hence a "
        "par of 250 (setting german_par; 0 restores the digest).",
    ),
    C(
        "FS-HIDDEN",
        "Hidden raiders",
        "The Allies see a German ship's area only while it is "
        "discovered, revealed by its own order (raid, convoy attack, run home, internment) or "
        "out of the game; captures stay secret until the end.",
        "SEED",
        "The logged captures and unannounced moves of the seed; our observation rules.",
    ),
    C(
        "FS-TURN-ORDER",
        "Whose decision",
        "Only the player whose decision it is may act, and "
        "only with an action of the current step.",
        "HOUSE",
        "Engine bookkeeping.",
    ),
]
