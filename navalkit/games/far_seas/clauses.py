"""Every Far Seas rule clause, with its id and provenance (SEED / SRC / HOUSE).

SEED clauses quote Rick Heli's "Notes on Play" (2000); SRC clauses paraphrase the second
public summary (grognard.com, farseas.txt); HOUSE clauses are our reconstruction where
nothing public survives, each switchable or explained (../shared/rules/far_seas.md 2.5).
"""

from __future__ import annotations

from navalkit.core.clauses import Clause, ClauseBook

# --- The clauses for running, combat, raids and the end of the game (they close CLAUSES below).

C = Clause


#: the second public summary of the rules (grognard.com/info/farseas.txt), as a player reads it
F2 = "A second summary of the rules (on grognard.com)"


LATER_CLAUSES: list[Clause] = [
    # --- running -----------------------------------------------------------------------
    C(
        "FS-RUN",
        "Who runs first",
        "When discovered the German may run first; if he does "
        "not, the Allies may run; failing that there is combat.",
        "SEED",
        "'When discovered, Germans have first chance to run.' 'If they do not, Brish may run.' "
        "'Failing that, there is combat.'",
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
        "'Escaping ships go to the Moved box of an adjacent area.' (Which area, and keeping the "
        "squadron together, are house choices.)",
    ),
    C(
        "FS-SPEED",
        "Speed grades",
        "Speeds are graded 2, 3, 3+, 4, 4+, 5.",
        "HOUSE",
        "The Notes on Play write '3+'; our rules summary's half-grade ladder.",
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
        "A damage roll modifier (DRM) is a number added to the die. Each class of ship has "
        "its own; +1 a round on the same target until "
        "the modifier reaches 0; -1 firer half damaged; +1 target half damaged; +1 target in "
        "torpedo range (every firer at C range, battleships too); -2 firer tried to run last "
        "round; +1 Scharnhorst or Gneisenau firing at a ship hit last round (by any ship); -1 "
        "for each earlier combat of a German ship that is not a battlecruiser (one that came "
        "to a round: running away before the first is none); +2 for a surprising German "
        "(rule: Surprise search); "
        "+2 Allies in the first round against a ship leaving the Rufiji.",
        "SEED",
        "Each ship has a damage roll modifier: +1 if firing on same ship (for each round until "
        "damage roll modifier is 0) -1 if firing ship half damaged +1 if target half damaged "
        "+1 if target in torpedo range -2 if firing ship tried to run last round +1 if "
        "Scharnhorst or Gneisenau firing on a ship hit last round -1 if 2 ships firing on same "
        "target -1 for every previous naval combat ship has been in if German and not BC class.",
    ),
    C(
        "FS-CROWD",
        "Crowded target",
        "When 2 or more ships fire at the same target in a round, each of them gets -1 (with "
        "the '3 or more' setting: only when 3 or more do).",
        "SEED",
        "Notes on Play: '-1 if 2 ships firing on same target' (each firer, the first too); "
        + F2
        + ": 'more than 2', kept as the setting's other choice.",
        "crowded_fire",
    ),
    C(
        "FS-TORPEDO",
        "Torpedoes",
        "At C range every ship but an old battleship also fires a torpedo: it "
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
        "The sources give no limit; the second summary's round 4 is the last range step.",
        "max_rounds",
    ),
    C(
        "FS-DAMAGE",
        "Damage Table",
        "Modified roll <=2: 0, 3-4: 1, 5-6: 2, 7: 3, 8+: 4 damage points.",
        "HOUSE",
        "The table is lost; our rules summary proposes this one.",
    ),
    C(
        "FS-HALF",
        "Half damaged",
        "Half damaged means damage of at least half the capacity, rounded up.",
        "HOUSE",
        "How our rules summary reads it.",
    ),
    C(
        "FS-REPAIR",
        "Repair",
        "Ships that survive a combat each remove 1 damage point: every ship that fought and "
        "is still at sea, pursuers the runners left behind too. A side that ran away before "
        "the first round fought no combat, and nobody repairs.",
        "SEED",
        "Ships which survive combat each remove 1 damage point.",
    ),
    C(
        "FS-RETIRE",
        "Allied retirement",
        "Allied ships at least half damaged after combat "
        "retire to the England box (repaired, no VP cost), pursuers left behind and ships "
        "that escaped too.",
        "SEED",
        "'He must do so for ships equal to or more than half damaged.' The sentence before, 'Now "
        "British may retire any remaining damaged ships at no VP cost', is not offered: a house "
        "simplification: a lightly damaged ship repairs a point after the combat and "
        "stays at sea.",
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
        "'German merchant captures should be logged.' 'Every ship on convoy reduces by 1 the "
        "number of merchants available to capture.'",
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
        "'Any ship that survives raiding to reach the station receives points as printed on "
        "the board' and 'each station can only be raided once per game.'",
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
        "if his VP exceed the Allies' by more than the lead the raiders need (house default "
        "245 VP), the Allies if by less; equal is a draw.",
        "HOUSE",
        # the lead was measured by benchmarks/far_seas_par.py (setting german_par); the
        # measurement is in docs/rules/far_seas.md
        "The lead the raiders need is a head start the Allies get, because the merchants a "
        "raider takes are worth far more VP than the raiders themselves: on the house map a "
        "raider that dodges the searchers takes far more merchants than the 50 VP all raiders "
        "are worth, so with no lead needed the German nearly always wins. Its default was "
        "measured over many computer games so that each side has about an even chance: in 100 "
        "games between the two computer commanders the German led by 214 to 303 VP (243 in "
        "the middle game), hence 245 VP. Our rules summary proposes no lead (the higher total "
        "wins); a teacher may change it with the setting 'Lead the raiders need to win (VP)', "
        "and 0 gives back the summary's rule. The Notes on Play give no victory rule.",
    ),
    C(
        "FS-HIDDEN",
        "Hidden raiders",
        "The Allies see a German ship's area only while it is "
        "discovered, revealed by its own order (raid, convoy attack, run home, internment) or "
        "out of the game; captures stay secret until the end.",
        "SEED",
        "The Notes on Play say 'German merchant captures should be logged', and the German "
        "announces the names of his moving ships ('German player announces names of all ships "
        "he will move') but not their areas; the observation rules are ours.",
    ),
    C(
        "FS-TURN-ORDER",
        "Whose decision",
        "Only the player whose decision it is may act, and "
        "only with an action of the current step.",
        "HOUSE",
        "Bookkeeping for the computer game.",
    ),
]


CLAUSES = ClauseBook(
    [
        # --- the map -----------------------------------------------------------------------
        C(
            "FS-MAP",
            "The map",
            "32 sea areas (1-16 and 32 Atlantic and Mediterranean, 17-31 "
            "Indian Ocean and Pacific) plus the England box, with the links of our rules summary.",
            "HOUSE",
            "No map survives; our rules summary's map keeps every numbered fact of the two "
            "sources.",
        ),
        C(
            "FS-MERCHANTS",
            "Merchant density",
            "The boxed number in each sea area is its density of merchant shipping.",
            "SEED",
            "Boxed number in each sea zone is density of merchant shipping.",
        ),
        C(
            "FS-STATIONS",
            "Stations",
            "The red numbered dots on the map are British stations (red anchors in the original "
            "rules); they may be raided. "
            "Station places and VP are house values.",
            "SEED",
            "Red anchors are British stations -- may be raided.",
        ),
        C(
            "FS-PANAMA",
            "Panama Canal",
            "Areas 6 and 31 are linked by the canal; the German must "
            "announce its use in his order (order 'panama').",
            "SEED",
            "German must state ahead of time if using Panama Canal.",
        ),
        C(
            "FS-RED-SEA",
            "Red Sea",
            "A German searched for in the Red Sea (area 17) is found automatically.",
            "SEED",
            "German ships are automatically discovered if searched in the Red Sea.",
        ),
        C(
            "FS-HOME",
            "The road home",
            "Germans in area 2 may try to return to Germany: 5-6 "
            "succeeds, otherwise sunk; a squadron that fails re-rolls ship by ship. They leave the "
            "game.",
            "SEED",
            "Germans in area 2 can attempt return to Germany. Succeed on a roll "
            "of 5-6. Otherwise sunk. If squadron fails, re-roll for each ship.",
        ),
        C(
            "FS-INTERN",
            "Internment",
            "An armed merchant cruiser in a neutral-coast area (5, 6, "
            "7, 9, 11, 19, 20, 24) may be interned; the Allies score its VP.",
            "SRC",
            F2
            + ": armed merchant cruisers may be interned in areas 5, 6, 7, 9, 11, 19, 20 and 24.",
        ),
        # --- rosters and set-up ------------------------------------------------------------
        C(
            "FS-ROSTER-GERMAN",
            "German ships",
            "Scharnhorst, Gneisenau, six light cruisers and five armed merchant cruisers "
            "(AMCs: liners with guns), with our rules summary's speeds, gun ranges, damage "
            "capacities, damage roll modifiers and VP.",
            "HOUSE",
            "Historical 1914 raiders; their numbers are our rules summary's own values.",
        ),
        C(
            "FS-ROSTER-ALLIED",
            "Allied ships",
            "74 Allied counters of our rules summary's classes (battlecruisers, old battleships, "
            "armoured, light and old cruisers, armed merchant cruisers), British, Australian, "
            "Japanese, French and Russian.",
            "HOUSE",
            "Counts from the Notes on Play; classes from our rules summary.",
        ),
        C(
            "FS-ALLIED-SETUP",
            "Allied placement",
            "Atlantic 17 (one in each of areas 1-16 and "
            "32), Pacific 23 (one in each of 17-31 and 8 more), England 9, Mediterranean 6, "
            "Pacific reinforcements 14 (the colony forces), Other 5 (convoy escorts, armoured "
            "cruisers: ships the Convoy escort rule allows).",
            "SEED",
            "Allied Ship Counts: Atlantic area: 17 (1-16, 32) Pacific area: 23 (17-31) England: 9 "
            "Mediterranean: 6 ... Pacific reinforcements: 14 Other: 5. Reading: the brackets are "
            "area lists; 14 = 2+7+2+3, the colony forces of the rule Colony captures; the five "
            "others on "
            "convoy and their class are our reading.",
        ),
        C(
            "FS-COLONY",
            "Colony captures",
            "Allied forces take the German colonies: Samoa 2 ships "
            "(turns 1-3), New Guinea 3 (1-4), Tsingtao 2 (2-8), Kamerun 7 (2-9). Each force "
            "arrives on station at its colony in the first turn of its window and is free after "
            "the last.",
            "SRC",
            F2 + " gives the schedule; arriving at the window's start is HOUSE.",
            "colonies",
        ),
        # --- sequence and movement ---------------------------------------------------------
        C(
            "FS-SEQUENCE",
            "Sequence of play",
            "Each turn is played in segments: the Allies move "
            "one ship (or a squadron, or pass), then the German gives one ship or squadron its "
            "order; searches, combat, captures and raids follow. Segments go on until every "
            "German ship at sea has had its order.",
            "SEED",
            "A new segment begins and segments continue until all Germans have moved.",
        ),
        C(
            "FS-AMC-FIRST",
            "Armed merchant cruisers first",
            "German armed merchant cruisers take their orders before the warships.",
            "SRC",
            F2 + ": 1. Armed merchant cruisers move.",
        ),
        C(
            "FS-BOXES",
            "Start and Moved boxes",
            "Ships begin a turn in the Start box and go to "
            "the Moved box of the area they move to, unless on convoy or on station. A ship moves "
            "once a turn.",
            "SEED",
            "Ships begin in Start box and move to Moved boxes, unless "
            "protecting convoy or on station.",
        ),
        C(
            "FS-GER-MOVE",
            "German orders",
            "The German names the ships he moves (at least one a "
            "turn); a ship stays or goes to an adjacent area, or holds (does not move).",
            "SEED",
            "'German player announces names of all ships he will move (must move at least 1).' "
            "'Ships may remain in area or move to an adjacent area'",
        ),
        C(
            "FS-SQUADRON",
            "Squadrons",
            "German ships in one area may move together as a squadron "
            "(order 's'): the German ships of the area that have not yet had their order this "
            "turn (to leave one behind, give her order first: she may hold); the squadron's "
            "speed is its slowest ship's.",
            "SEED",
            "s - join a Squadron",
        ),
        C(
            "FS-BRIT-MOVE",
            "Allied moves",
            "The Allies move one ship or all the Start-box ships "
            "of one area as a squadron, to the Moved box of the same or an adjacent area (the "
            "squadron stays one until the turn ends); ships on convoy or station may leave it "
            "as their move.",
            "SRC",
            F2 + ": British move one ship or squadron, or two convoys.",
        ),
        C(
            "FS-CONVOY",
            "Convoy escort",
            "An Allied ship with gun range A or B and speed 3+ or "
            "less may go on convoy in its area by covering the merchant box.",
            "SEED",
            "Notes on Play 6: 'British ships with A or B gun range and speed <= 3+ may go "
            "on convoy by covering the merchant ship box.' "
            + F2
            + " reads speed 3 or more, which would let battlecruisers escort; that reading is "
            "the choice '3 or more' of the setting 'Which ships may escort'.",
            "convoy_speed",
        ),
        C(
            "FS-STATION-DUTY",
            "Station duty",
            "An Allied ship in an area with a station may go "
            "on station by covering the station symbol.",
            "SEED",
            "British ships may go on station by covering the station symbol.",
        ),
        C(
            "FS-ENGLAND",
            "England box",
            "Only Allied ships use the England box; it links to area 1.",
            "HOUSE",
            "The Notes on Play count 9 ships in 'England'.",
        ),
        # --- rivers -----------------------------------------------------------------------
        C(
            "FS-RIVER",
            "Rufiji river",
            "Königsberg, Nürnberg or Leipzig in area 23 may enter the "
            "Rufiji (order 'D'), one ship at a time.",
            "SEED",
            "Rufiji River enterable by Königsberg, Nurnberg or Leipzig, but only one at a time.",
        ),
        C(
            "FS-RIVER-SEARCH",
            "Searching the river",
            "Allied ships in area 23 may watch the river "
            "(placed beside it). Watchers search only for a ship that moved into the river this "
            "turn; all watchers form one squadron but lower the roll as separate ships.",
            "SEED",
            "'British ships may search the Rufiji River; place next to the river.' 'Ships in the "
            "river may only search for ships that moved into the river.' 'All ships searching "
            "the river are one squadron, but they subtract from search rolls as if they were "
            "separate ships.'",
        ),
        C(
            "FS-RIVER-STAY",
            "Found in the river",
            "The Allies may not attack in the river, but a "
            "German found there must stay in it while any Allied ship watches. A German in the "
            "river may always stay there, even when no other German ship moves that turn.",
            "SEED",
            "'British may not attack Germans in the river, but if found, Germans must remain in "
            "river.' (Staying while watched is our reading of how long.) 'Ships may remain in "
            "area': staying in the river is her move ('must move at least 1').",
        ),
        C(
            "FS-RIVER-EXIT",
            "Leaving the river",
            "A German leaving the river while Allied ships "
            "watch it is discovered automatically; combat starts at C range and the Allies get +2 "
            "in the first round.",
            "SEED",
            "'British ships moving into the river automatically "
            "discover the German ship if it is moving out on the same turn. Combat is at C range "
            "and British receive +2 on first round.' (Our reading: ships placed beside the river "
            "stay there from turn to turn, as the rule Found in the river needs, so any watcher "
            "counts, not "
            "only one that came this turn.)",
        ),
        # --- search ------------------------------------------------------------------------
        C(
            "FS-SEARCH-WHO",
            "Who searches",
            "Only moving ships may search or be searched for: "
            "Allied ships in a Moved box search; a German that holds cannot be found. Ships on "
            "convoy or station do not search.",
            "SEED",
            "'Only moving ships may search or be searched for.' 'Convoy and on station ships may "
            "not search'",
        ),
        C(
            "FS-SEARCH",
            "Search roll",
            "A search succeeds on a roll of 1. Every extra ship or squadron searching lowers the "
            "roll by 1 (a squadron counts once: Allied ships that moved together as a squadron "
            "stay one until the turn ends), and so does every extra ship in the German squadron "
            "sought.",
            "SEED",
            "Search succeeds on a roll of '1'. Every extra ship or squadron reduces the roll by 1. "
            "Extra ships in German squadrons have the same effect.",
        ),
        C(
            "FS-SEARCH-CHOICE",
            "Who searches where",
            "For the German ship or squadron that just moved, each Allied ship or squadron may "
            "search once, in its own area. The Allies choose which of them search together "
            "(all, the non-British only, or any of them): they need not search with all ships.",
            "SEED",
            "British gets 1 search per area per ship or squadron, must pre-announce which ship "
            "or squadron he is seeking. British do not have to search with all ships. (Only the "
            "German unit that just moved may be sought, by the rule Who searches, so the "
            "announcement is "
            "the order's own unit; a German squadron is sought whole: 'British cannot search for "
            "some ships in an area, but not others in the same area.')",
        ),
        C(
            "FS-SEARCH-ONCE",
            "One finder",
            "Only one Allied ship or squadron finds a German ship or squadron: when several "
            "searched together, the finder is drawn at random among them, and only it fights. "
            "Once it has found a German, it may not find others that turn.",
            "SEED",
            "Only 1 ship or squadron finds a German ship or squadron; once it does, it may not "
            "find others during that turn (when multiple ships search, roll randomly to pick).",
        ),
        C(
            "FS-STATION-AUTO",
            "Raiders at a guarded station",
            "Allied ships on station when it "
            "is raided find the raiders automatically; the Allies may search for station raiders "
            "only if they have no ships on that station.",
            "SEED",
            "British ships on station when it is raided automatically find the raiders.",
        ),
        C(
            "FS-COWARD",
            "Cowardice points",
            "If the Allies search an area only with non-British ships while British ships there "
            "do not search, the German gains the VP of the ships that do not search (whether he "
            "is there or not). If they do not search for a German squadron though at least half "
            "of their ships there are British and they number at least the German ships less "
            "one, he gains the VP of them all. At most once per area in the game.",
            "SEED",
            "If British use only non-British ships to search, German player gains Cowardice "
            "Points equal to victory points of ships not searching. ... Can only receive "
            "Cowardice points once per area.",
        ),
        C(
            "FS-SURPRISE",
            "Surprise search",
            "Once a turn the German may add a surprise search to "
            "an order: it finds any Allied ship in the Moved box of the area automatically; the "
            "combat starts at C range and the German has +2 to combat (the whole combat; the "
            "setting 'first round' limits it to the first round). Each German ship surprises "
            "once a game; not after being discovered, nor when half damaged.",
            "SEED",
            "'German receives 1 Surprise Search per turn; each ship may only participate once per "
            "game.' 'Target is any ship in the Moved box.' 'Will not work if German has been "
            "discovered.' 'Surprise search is automatic.' 'German +2 to combat.'",
            "surprise_bonus",
        ),
        C(
            "FS-SURPRISE-ALONE",
            "Surprise by a lone raider",
            "A German ship alone may not surprise an Allied squadron: it must surprise a "
            "single ship (not one of a squadron) whose damage capacity is at most its own + 1.",
            "SEED",
            "May not try to surprise a British squadron if operating alone, but must instead "
            "surprise a single ship whose damage capacity is <= German's capacity + 1.",
        ),
        *LATER_CLAUSES,
    ]
)
