"""Every Far Seas rule clause, with its id and provenance (SEED / SRC / HOUSE).

SEED clauses quote Rick Heli's "Notes on Play" (2000); SRC clauses paraphrase the second
public summary (grognard.com, farseas.txt); HOUSE clauses are our reconstruction where
nothing public survives, each switchable or explained (../shared/rules/far_seas.md 2.5).
"""

from __future__ import annotations

from navalkit.core.clauses import Clause, ClauseBook

from .clauses_combat import F2, LATER_CLAUSES

C = Clause
CLAUSES = ClauseBook(
    [
        # --- the map -----------------------------------------------------------------------
        C(
            "FS-MAP",
            "The map",
            "32 sea areas (1-16 and 32 Atlantic and Mediterranean, 17-31 "
            "Indian Ocean and Pacific) plus the England box, with the digest's adjacency.",
            "HOUSE",
            "No map survives; the digest's map keeps every numbered fact of the two sources.",
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
            "Red anchors are British stations; they may be raided. "
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
            F2 + ": AMCs may be interned in areas 5, 6, 7, 9, 11, 19, 20 and 24.",
        ),
        # --- rosters and set-up ------------------------------------------------------------
        C(
            "FS-ROSTER-GERMAN",
            "German ships",
            "Scharnhorst, Gneisenau, six light cruisers and "
            "five AMCs with the digest's speeds, ranges, capacities, DRMs and VP.",
            "HOUSE",
            "Historical 1914 raiders; their statistics are the digest's house values.",
        ),
        C(
            "FS-ROSTER-ALLIED",
            "Allied ships",
            "74 Allied counters of the digest's classes (BC, "
            "old BB, armoured, light and old cruisers, AMCs), British, Australian, Japanese, "
            "French and Russian.",
            "HOUSE",
            "Counts from the seed; classes from the digest.",
        ),
        C(
            "FS-ALLIED-SETUP",
            "Allied placement",
            "Atlantic 17 (one in each of areas 1-16 and "
            "32), Pacific 23 (one in each of 17-31 and 8 more), England 9, Mediterranean 6, "
            "Pacific reinforcements 14 (the colony forces), Other 5 (convoy escorts).",
            "SEED",
            "Allied Ship Counts: Atlantic area: 17 (1-16, 32) Pacific area: 23 (17-31) England: 9 "
            "Mediterranean: 6 ... Pacific reinforcements: 14 Other: 5. Reading: the brackets are "
            "area lists; 14 = 2+7+2+3, the colony forces of FS-COLONY.",
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
            "AMCs first",
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
            "German player announces names of all ships he will move (must move at least 1). "
            "Ships may remain in area or move to an adjacent area.",
        ),
        C(
            "FS-SQUADRON",
            "Squadrons",
            "German ships in one area may move together as a squadron "
            "(order 's'); the squadron's speed is its slowest ship's.",
            "SEED",
            "s - join a Squadron",
        ),
        C(
            "FS-BRIT-MOVE",
            "Allied moves",
            "The Allies move one ship or all the Start-box ships "
            "of one area as a squadron, to the Moved box of the same or an adjacent area; ships "
            "on convoy or station may leave it as their move.",
            "SRC",
            F2 + ": British move one ship or squadron, or two convoys.",
        ),
        C(
            "FS-CONVOY",
            "Convoy escort",
            "An Allied ship with gun range A or B and speed 3 or "
            "more may go on convoy in its area by covering the merchant box.",
            "SRC",
            "Seed: 'speed <= 3+'; " + F2 + " reads speed 3 or more.",
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
            "The seed counts 9 ships in 'England'.",
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
            "British ships may search the Rufiji River; place next to the river. Ships in the "
            "river may only search for ships that moved into the river. All ships searching the "
            "river are one squadron, but they subtract from search rolls as if separate ships.",
        ),
        C(
            "FS-RIVER-STAY",
            "Found in the river",
            "The Allies may not attack in the river, but a "
            "German found there must stay in it while any Allied ship watches.",
            "SEED",
            "British may not attack Germans in the river, but if found, Germans must remain in "
            "river. (Staying while watched is our reading of how long.)",
        ),
        C(
            "FS-RIVER-EXIT",
            "Leaving the river",
            "A German leaving the river while Allied ships "
            "watch it is discovered automatically; combat starts at C range and the Allies get +2 "
            "in the first round.",
            "SEED",
            "British ships moving into the river automatically "
            "discover the German ship if it is moving out on the same turn. Combat is at C range "
            "and British receive +2 on first round.",
        ),
        # --- search ------------------------------------------------------------------------
        C(
            "FS-SEARCH-WHO",
            "Who searches",
            "Only moving ships may search or be searched for: "
            "Allied ships in a Moved box search; a German that holds cannot be found. Ships on "
            "convoy or station do not search.",
            "SEED",
            "Only moving ships may search or be "
            "searched for. Convoy and on station ships may not search.",
        ),
        C(
            "FS-SEARCH",
            "Search roll",
            "One search per area for the German ship or squadron that "
            "just moved. It succeeds on a modified 1 or less: each searcher beyond the first and "
            "each German ship beyond the first subtracts 1.",
            "SEED",
            "Search succeeds on a roll of '1'. Every extra ship or squadron reduces the roll by 1. "
            "Extra ships in German squadrons have the same effect.",
        ),
        C(
            "FS-SEARCH-ONCE",
            "One find a turn",
            "An Allied ship that has found a German may find no other that turn.",
            "SEED",
            "Only 1 ship or squadron finds a German ship or "
            "squadron; once it does, it may not find others during that turn.",
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
            "If the Allies search only with non-British ships, "
            "the German gains the VP of the British ships that did not search; if they do not "
            "search for a German squadron though at least half of their searchers are British and "
            "they number at least the German ships less one, he gains the VP of them all. At most "
            "once per area and turn.",
            "SEED",
            "If British use only non-British ships to search, "
            "German player gains Cowardice Points ... Can only receive Cowardice points once per "
            "area.",
        ),
        C(
            "FS-SURPRISE",
            "Surprise search",
            "Once a turn the German may add a surprise search to "
            "an order: it finds any Allied ship in the Moved box of the area automatically, gives "
            "+2 in the first combat round, which starts at C range. Each German ship surprises "
            "once a game; not after being discovered, nor when half damaged.",
            "SEED",
            "German receives 1 Surprise Search per turn; each ship may only participate once per "
            "game. Target is any ship in the Moved box. Surprise search is automatic. German +2 to "
            "combat.",
        ),
        C(
            "FS-SURPRISE-ALONE",
            "Surprise by a lone raider",
            "A German ship alone must surprise a "
            "single ship whose damage capacity is at most its own + 1.",
            "SEED",
            "May not try to surprise a British squadron if operating alone, but must instead "
            "surprise a single ship whose damage capacity is <= German's capacity + 1.",
        ),
        *LATER_CLAUSES,
    ]
)
