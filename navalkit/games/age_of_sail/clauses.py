"""Every Age of Sail rule clause, with its id and provenance (SEED / SRC / HOUSE).

SEED clauses quote the seed text; SRC cites the "Iacta alea est" blog post of 10 July 2008
(the rules' original, see ../shared/rules/age_of_sail.md 3.1); HOUSE clauses give our reasoning
and name the Config setting that switches them, where a switch makes sense.
"""

from __future__ import annotations

from navalkit.core.clauses import Clause, ClauseBook

C = Clause
BLOG = "'The Age of Sail', Iacta alea est (iactaaleaest.wordpress.com), 10 July 2008"
CLAUSES = ClauseBook(
    [
        C(
            "AOS-SCALE",
            "Scale",
            "1 cm on the table is 1 unit of distance; north is fixed.",
            "SRC",
            f"{BLOG}; its rules: 'The scale of movement of the ships is 1 cm = 1 unit'.",
        ),
        C(
            "AOS-TABLE",
            "The table",
            "A 100 x 70 cm table; ships are discs 2 cm across.",
            "HOUSE",
            "The blog's rules ask for 'a large playing surface'; this size holds the three "
            "set-ups with room to manoeuvre.",
        ),
        C(
            "AOS-WIND",
            "The wind",
            "The wind blows along one of the 8 compass points; its speed runs 1-7 and starts at 4.",
            "SEED",
            "'The starting wind direction can be set to any of the eight point compass "
            "positions' and 'a counter showing the current wind speed (ranging from 1 to 7) ... "
            "At the start of the game, the wind speed is set to 4.' The default start, a wind "
            "blowing east (from the west), follows the blog's 'prevailing west winds' in the "
            "Atlantic read as sailors read it.",
            "wind",
        ),
        C(
            "AOS-WIND-REF",
            "Which way the wind blows",
            "A wind is named by the way it blows: 'wind due south' blows toward the south, from "
            "the north, so a ship may not head due north. Points of sail are measured from the "
            "point the wind comes from. The pages name the wind's point as the settings do and "
            "always say both ways ('S (blowing south, from the north)').",
            "SEED",
            "The blog's worked example: 'if the wind is due south, a ship may not sailing a due "
            "north direction, but must tack from NE to NW'. Sailors name a wind by where it comes "
            "from (a south wind comes from the south); that reading forbids due south instead, "
            "contradicting the example, so it is played only when the setting 'How the wind is "
            "named' is 'coming from'.",
            # the setting wind_naming='from'
            "wind_naming",
        ),
        C(
            "AOS-WIND-ROLL",
            "The Venti",
            "At the end of each round roll for direction (1: one "
            "point anticlockwise, 6: one point clockwise) and for speed (1: -1, 6: +1), speed "
            "kept within 1-7.",
            "SEED",
            "'1 = move wind 1 points anticlockwise. 2-5 = no change ... 6 = move wind 1 points "
            "clockwise' and '1 = reduce wind speed 1 level ... 6 = increase'. The clamp follows "
            "from the 1-7 range.",
        ),
        C(
            "AOS-FIRST",
            "First move",
            "Both admirals roll; the higher moves first (a tie rolls "
            "again, so each has an even chance).",
            "SEED",
            "'Both players dice for who moves first, winner moves first.'",
            "first_player",
        ),
        C(
            "AOS-SEQUENCE",
            "Sequence of play",
            "In his turn an admiral: makes fire rolls, may "
            "try to separate entangled ships, refloats, checks high seas, moves, then fires and "
            "boards; then the other admiral; then the wind is rolled.",
            "SEED",
            "'Game Sequence ... Player 2 repeats sequence' and 'Round restarts by redefining "
            "wind direction and strength acording to die rolls'.",
        ),
        C(
            "AOS-ORDERS",
            "One order per ship",
            "Each ship gets one movement order per turn (a "
            "heading then a distance, or drift, anchor, weigh, cut loose); ships given no order "
            "stay where they are.",
            "HOUSE",
            "The blog's rules move each ship once per move; a turn is finished before the next "
            "starts, "
            "so the list of legal actions stays finite.",
        ),
        C(
            "AOS-MOVE",
            "Maximum move",
            "Maximum move = mast units x (wind force + point-of-sail "
            "modifier) in whole cm, at least 1 cm.",
            "SEED",
            "'multiply the current wind speed, moderated by its current Points of Sail ... by the "
            "total amount of movement ... The minimum speed any ship may make in one move is 1 "
            "cm.'",
        ),
        C(
            "AOS-POINTS",
            "Points of sail",
            "45 degrees off the wind (close-hauled): -1; 90 and "
            "135 degrees (beam and broad reach): +1; 180 (running): 0.",
            "SEED",
            "'+45○ to the wind (close hauled), then reduce the speed by one' and 'a direction "
            "of +45○ to 135○ to the wind (beam reached to broad reached), then increase the "
            "speed by one' overlap at 45 degrees; the blog's 18 cm example (3 x 6 at 90 "
            "degrees) fixes the reading 45 = -1, 90 and 135 = +1.",
        ),
        C(
            "AOS-IRONS",
            "No sailing into the wind",
            "A ship may not steer dead into the wind; "
            "to make ground upwind she tacks on the two close-hauled headings.",
            "SEED",
            "'Ships may sail in any direction, except directly into wind ... must tack from NE to "
            "NW in order to progress in a northerly direction'.",
        ),
        C(
            "AOS-TURN",
            "Turning",
            "Each compass point of turn costs 2 units of the move.",
            "SEED",
            "'each point takes two units of movement'.",
        ),
        C(
            "AOS-HELM",
            "Turn, then sail",
            "A ship turns at the start of her move, then sails "
            "straight; her allowance is that of her new point of sail, less the turn.",
            "HOUSE",
            "The blog's turning circle is lost; one turn then a straight run keeps orders to "
            "whole compass points and whole cm, as the issue asks.",
        ),
        C(
            "AOS-MASTS",
            "Mast units",
            "A ship of the line has 3 masts of 1 unit; a privateer's "
            "main mast gives 2 units (4 in all). Lost masts lose their units.",
            "SEED",
            "'Pirate ships have a main mast which gives them 2 units ... (2X1 +1X2)x4 = 16'.",
        ),
        C(
            "AOS-DRIFT",
            "Dismasted",
            "With no masts left a ship drifts 1 cm the way the wind blows, as her move (unless "
            "she drops anchor): in a wind due south she drifts south. Movement does not end "
            "before she has drifted or anchored.",
            "SEED",
            "'if all masts have been shot away, the ship will drift 1 unit in the direction of "
            "the wind'; 'the direction of the wind' is the way it blows, as in the rule Which way "
            "the wind blows.",
        ),
        C(
            "AOS-REPAIR",
            "Mast repair",
            "Instead of firing or boarding, a ship may try to repair "
            "a mast: one die, a 6 restores her foremost fallen mast.",
            "SEED",
            "'throwing one dice per turn; getting a 6 repairs the mast, but the crew cannot man "
            "their guns or board another ship whilst they attempt to repair'.",
        ),
        C(
            "AOS-LINE",
            "Line of battle",
            "Ships in a squadron follow their leading ship, which moves first, and turn where it "
            "turned, holding a line of battle. Pirates sail independently.",
            "SEED",
            "'ships in squadrons follow the leading ship and turn at the position this ship did, "
            "holding a line of battle. Pirates however can only sail independently of each "
            "other.'",
            "line_of_battle",
        ),
        C(
            "AOS-LINE-COPY",
            "Following in one move",
            "When its leader has moved, a follower makes the same turn and sails no further "
            "than the leader did.",
            "HOUSE",
            "Our way of playing 'turn at the position this ship did' when a whole move is one "
            "turn and one run: copying the leader's turn and distance keeps the line without "
            "tracking every point where the leader turned. Switched off with the setting 'Line "
            "of battle'.",
            "line_of_battle",
        ),
        C(
            "AOS-ANCHOR",
            "Anchoring",
            "A ship may drop anchor as her order; at anchor she cannot "
            "move, and weighing anchor takes a whole move without moving.",
            "SEED",
            "'A ship may drop anchor and cannot move until an entire move has passed to raise the "
            "anchor again.'",
        ),
        C(
            "AOS-SHOAL",
            "Shoals",
            "A ship entering a shoal rolls a die, once for each shoal she meets on her run: "
            "1-3 she runs aground where she entered it and cannot move.",
            "SEED",
            "'throw a dice and a score of 1, 2, 3 indicates they founder and cannot move again'; "
            "'checks if any ships foundered on shoals when first encountering them'.",
        ),
        C(
            "AOS-REFLOAT",
            "Refloating",
            "An aground ship rolls at the start of her turn and refloats on a 6.",
            "SEED",
            "'cannot move again until they throw a 6 and refloat'.",
        ),
        C(
            "AOS-COLLIDE",
            "No overlapping",
            "A ship may not end a move (or stop on a shoal) "
            "with her centre less than 2 cm from another ship's.",
            "HOUSE",
            "Models are solid; ships may pass each other during a move.",
        ),
        C(
            "AOS-EDGE",
            "Table edge",
            "A ship may not sail off the table; a drifting ship stops at the edge.",
            "HOUSE",
            "The blog's table has edges but no rule for them.",
        ),
        C(
            "AOS-SHIP",
            "Ship record",
            "Each named ship has 3 gun decks a side (privateers 2), 3 "
            "masts and 3 hull-integrity units; sunk ships leave the table.",
            "SEED",
            "'has 3 gun decks on both the port and starboard side (with the exception of Pirate "
            "ships, which have only 2 gun decks), 3 masts and 3 hull integrity units'.",
        ),
        C(
            "AOS-FLEETS",
            "Fleets and set-ups",
            "Ships of England, France, the United Provinces, "
            "Spain and the privateers follow the standard templates; three set-ups: a duel, a "
            "fleet action, pirates against a merchant escort.",
            "HOUSE",
            # our rules summary (../shared/rules/age_of_sail.md), 3.3.10
            "The blog's damage-record links were not found.",
            "scenario",
        ),
        C(
            "AOS-ARCS",
            "Fire arcs",
            "Each broadside bears over 90 degrees: with the bow north, one side fires from NE "
            "to SE (45-135 degrees from the bow), the other from NW to SW (225-315).",
            "SEED",
            "'Each gun deck has an arc of fire of 90 degrees.' 'Port side has a fire arc of NE to "
            "SE and the starboard side NW to SW if the foredeck is N.'",
        ),
        C(
            "AOS-ARC-NAMES",
            "Port and starboard",
            "We name the sides as sailors do: with the bow north, starboard is the side firing "
            "NE to SE, port the side firing NW to SW. The original rules call them the other "
            "way round; the arcs are the same.",
            "HOUSE",
            "Facing the bow, starboard is on the right (east when the bow is north); a teaching "
            "kit should not teach the names backwards. The blog's sentence is kept in the rule "
            "Fire arcs.",
        ),
        C(
            "AOS-ARC-ENDS",
            "Bow and stern",
            "No broadside bears on a ship in the bow arc (315-45) or stern arc (135-225).",
            "HOUSE",
            "The blog's two 90-degree arcs leave these sectors uncovered.",
        ),
        C(
            "AOS-FIRE-ONCE",
            "Each deck fires once",
            "Each gun deck fires once a round with one "
            "die; a broadside is all the decks of one side at one target.",
            "SEED",
            "'Each gun deck can fire once per round and uses 1 dice throw'.",
        ),
        C(
            "AOS-TIMING",
            "Fire after movement",
            "Broadsides and boarding come after the movement phase.",
            "HOUSE",
            "The blog's rules say both 'at any point in the player's move' and 'at the end of the "
            # our rules summary (../shared/rules/age_of_sail.md), 3.3.5
            "movement phase'; the sequence of play is the more precise.",
        ),
        C(
            "AOS-AIM",
            "Aim",
            "Before rolling the firer declares hull (gun decks) or sails (masts).",
            "SEED",
            "'must declare before the dice are thrown if he is aiming for the "
            "masts, or the gun decks'.",
        ),
        C(
            "AOS-RANGE",
            "Hit table",
            "Hull hit on 3+ within 4 cm, 4+ to 8 cm, 5+ to 12 cm; "
            "sails on 4+, 5+, 6; no fire beyond 12 cm.",
            "SEED",
            "'0- 4cm 3-6 4-6', '4- 8cm 4-6 5-6', '8-12cm 5-6 6'.",
        ),
        C(
            "AOS-BANDS",
            "Band edges",
            "Bands are (0, 4], (4, 8], (8, 12] cm, centre to centre.",
            "HOUSE",
            # our rules summary (../shared/rules/age_of_sail.md), 3.3.4
            "The blog's bands share their edges.",
        ),
        C(
            "AOS-HULL-HIT",
            "Hull hits",
            "Each hull hit knocks out a gun deck on the side of the target facing the firer.",
            "SEED",
            "'each hit will knock out one gun deck on the side you are firing at'.",
        ),
        C(
            "AOS-RAKE",
            "Raking the stern",
            "Fire from directly astern (within 22.5 degrees of the "
            "stern line) knocks out a deck on each side per hit.",
            "SEED",
            "'Firing directly from the stern creates equal damage to both sides'; the cone "
            "width is our own reading.",
        ),
        C(
            "AOS-HULL-UNITS",
            "Hull integrity",
            "A hull hit on a side with no gun decks left removes a hull unit.",
            "HOUSE",
            # our rules summary (../shared/rules/age_of_sail.md), 3.3.6
            "The blog's rules have hull units but no way to lose them.",
            "hull_hits",
        ),
        C(
            "AOS-SAIL-HIT",
            "Sail hits",
            "Each sail hit brings down a mast. From ahead or astern the masts go in order from "
            "that end along the ship; from the broadside the owner of the target ship chooses "
            "which mast (rule: The owner's choice of mast).",
            "SEED",
            "'If sails were chosen then each hit will remove a mast.' 'If it is a broad side, "
            "then the owner of the target ship chooses which mast.' 'If however the hit came "
            "from the fore or aft, then the masts will be removed in order from the fore or aft "
            "onwards along the ship.'",
        ),
        C(
            "AOS-SAIL-CHOICE",
            "The owner's choice of mast",
            "The computer makes the owner's choice for him: he gives up the mast worth least (the "
            "foremost of equal ones).",
            "HOUSE",
            "Every owner would give up the mast that costs him least speed (a 1-unit mast; all "
            "are equal on ships of the line), so the game does not stop to ask.",
        ),
        C(
            "AOS-FIRE",
            "Fire",
            "A broadside rolling a pair of sixes sets its target alight.",
            "SEED",
            "'If a firing player manages to get a pair of sixes in the firing round, the "
            # our rules summary (../shared/rules/age_of_sail.md), 3.3.7
            "target catches on fire.' Two sixes among one broadside's dice.",
        ),
        C(
            "AOS-FIRE-OUT",
            "Fighting the fire",
            "In the next round, as her turn opens, a burning ship puts the fire out on 5-6 "
            "(never in the round the fire caught, even when her turn comes after the shot); "
            "failing that, on a 6 the round after; failing again she blows up.",
            "SEED",
            "'In the next round the ship on fire must throw a 5 or 6 ... in the next round, the "
            "ship must throw a 6 ... the ship blows up'; the sequence of play has the 'Fire "
            "removal stage' first in each player's turn.",
        ),
        C(
            "AOS-EXPLODE",
            "Explosion",
            "Every ship within 12 cm of an explosion catches fire on "
            "the hull column of the hit table for its range.",
            "SEED",
            "'All ships within 12cm of this explosion risk catching fire ... Use the range table "
            "above for damaging hulls'.",
        ),
        C(
            "AOS-HIGH-SEAS",
            "High seas",
            "With the wind at 6 or more, a ship with no gun decks "
            "and no hull units sinks on a 1-2 at the start of each of her turns.",
            "SEED",
            "'prone to sinking in high seas (when the wind speed reaches 6 or higher in the "
            "game) ... if a 1 or 2 is thrown, the ship will sink'.",
        ),
        C(
            "AOS-CONTACT",
            "Touching",
            "Ships whose centres are within 4 cm touch.",
            "HOUSE",
            "Ships are discs 2 cm across; a little margin lets whole-cm moves reach contact.",
            "contact_cm",
        ),
        C(
            "AOS-BOARD",
            "Boarding",
            "A ship touching an enemy may board instead of firing: each "
            "side rolls a die per gun deck left; the higher total captures the other ship.",
            "SEED",
            "'A battle ensues with each remaining gun deck giving a dice throw ... The "
            "highest total wins and captures the opposing ship.' Ships already locked together "
            "cannot board or be boarded (house).",
        ),
        C(
            "AOS-BOARD-TIE",
            "Boarding ties",
            "Equal totals are rolled again.",
            "HOUSE",
            # our rules summary (../shared/rules/age_of_sail.md), 3.3.8
            "The blog's rules are silent.",
            "boarding_ties",
        ),
        C(
            "AOS-PRIZE",
            "Prize crew",
            "The captured ship must be manned by at least one gun deck from the winning ship: "
            "that deck is marked off the winner's record, and the transferred crew is the "
            "prize's combat potential.",
            "SEED",
            "'the captured ship must be manned by at least one gun deck from the winning "
            "ship.' 'The gun deck must be marked off on the ships record, and it can no longer "
            "contribute to the winning ships combat effectiveness.'",
        ),
        C(
            "AOS-PRIZE-CREW",
            "When and how many",
            "Exactly one deck crosses, at the moment of capture (the original rules say 'on "
            "separating'), to the side of the prize facing the captor; the ships stay locked.",
            "HOUSE",
            "Moving the crew at once keeps the record simple; one deck is the least the blog's "
            "rules "
            "allows and what a captor who means to fight on would send.",
        ),
        C(
            "AOS-SEPARATE",
            "Cutting loose",
            "As the turn opens, after the fire rolls and before the refloat rolls and any "
            "movement, each locked ship tries to cut loose or stays locked (a captor and her "
            "prize once between them): on a 6 both ships are free and may move this turn; "
            "otherwise both stay locked and cannot move.",
            "SEED",
            "'it takes a throw of 6 on a dice to disentangle them'; the sequence of play has "
            "'Tries to separate any entangled ships if desired' as a step of its own, after "
            "'Fire removal stage' and before 'Tries to refloat' and 'Moves their ships'.",
        ),
        C(
            "AOS-VICTORY",
            "Victory",
            "The admiral who inflicted the most damage on the opposing fleet wins.",
            "SEED",
            "'The winner is the Admiral inflicting the most damage on the opposing fleet.'",
        ),
        C(
            "AOS-VICTORY-POINTS",
            "Counting damage",
            "Damage counts 1 point per gun deck, mast or hull unit destroyed; a ship sunk, blown "
            "up or captured gives all her remaining boxes.",
            "HOUSE",
            "The blog's rules do not say how damage is counted. Counting the boxes of the ship "
            "chart "
            # our rules summary (../shared/rules/age_of_sail.md), 3.3.9
            " is the simplest measure that also rewards a capture or a sinking.",
        ),
        C(
            "AOS-END",
            "End of battle",
            "The battle ends when a side has no ship afloat under "
            "its flag, or after the agreed number of rounds (12).",
            "HOUSE",
            "The blog's game 'lasts as long as your patience'.",
            "max_rounds",
        ),
    ]
)
