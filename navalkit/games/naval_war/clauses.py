"""Every Naval War rule clause, with its id and provenance (SEED / SRC / HOUSE).

SEED clauses quote the seed (a BoardGameGeek user's memory of the rules, ../shared/seeds/004);
SRC clauses name the public source (digest 5.5); HOUSE clauses give our reasoning and, where a
teacher may change them, the Config setting that switches them.
"""

from __future__ import annotations

from navalkit.core.clauses import Clause, ClauseBook, Source

C = Clause

#: the public sources the rules cite by code (the digest's sources, 5.5)
SOURCES = {
    "W2": Source(
        "a copy of the printed rules on a player's web page, of which only the opening "
        "sections could be read: the cards, the deal and the start of play",
        "https://www.frenzied.us/~jaebear/games/rules/navalwar.html",
    ),
    "W3": Source(
        "a review of the card game, with a worked example, on the blog Time Wants a Skeleton "
        "(2013)",
        "https://timewantsaskeleton.wordpress.com/2013/09/22/game-review-1-naval-war-card-game/",
    ),
    "W4": Source(
        "the World Boardgaming Championships' yearbook page on its Naval War tournament (2018)",
        "http://www.boardgamers.org/yearbook18/nvw.html",
    ),
    "W5": Source(
        "the World Boardgaming Championships' yearbook page on its Naval War tournament (2016)",
        "http://boardgamers.org/yearbook16/nvw.html",
    ),
    "W6": Source(
        "the How to play text of an unofficial web version of the game, found in its public "
        "code: secondary evidence only"
    ),
}

CLAUSES = ClauseBook(
    [
        # --- cards and set-up ------------------------------------------------------------
        C(
            "NW-DECKS",
            "Two decks",
            "A Ship Deck of 54 cards and a Play Deck of 108 cards.",
            "SRC",
            "[W2][W3]: 'a Ship Deck of 54 cards and a Play Deck of 108 cards'.",
        ),
        C(
            "NW-MANIFEST-SHIPS",
            "The ship cards",
            'Ships by gun size: 18" 2×10, 16" 8×9, 15" 8×8, 14" 10×7, 11"/12" 6×6, 8" 10×4, 6" '
            "4×3, and 6 carriers ×5 (count × hit number).",
            "HOUSE",
            "The published card tables could not be read; our rules summary's manifest, "
            "kept apart from the rules so that a found original can replace it.",
        ),
        C(
            "NW-MANIFEST-PLAY",
            "The play cards",
            "74 salvos (hits 1, 2, 3 in about 2:2:1 per gun size), 6 Smoke, 6 Repair, 6 "
            "Additional Damage (+1 ×4, +2 ×2), 3 each of Submarine, Torpedo Boat, Minefield (1, "
            "2, 3 hits), Minesweeper and Additional Ship, 1 Destroyer Squadron.",
            "HOUSE",
            "Our rules summary's manifest. 2:2:1 cannot split 4, 12 or 14 cards exactly, so a "
            "fifth of "
            "each gun size's salvos, rounded, are threes, and the rest are shared between ones "
            "and twos.",
        ),
        C(
            "NW-POINTS",
            "Points are hit numbers",
            "A ship is worth as many points as its hit number.",
            "HOUSE",
            "[W3]'s example and [W6] score ships at their hit value; probable, not confirmed.",
        ),
        C(
            "NW-DEAL",
            "The deal",
            "Each player is dealt 5 ship cards (his fleet) and 5 play cards (his hand), one card "
            "at a time; the rest form the harbor pile and the draw pile.",
            "SEED",
            "Remembered rule 1: 'Deal five card starting hand and five card starting fleets.' One "
            "card "
            "at a time, and the harbor and draw piles, are [W2]'s.",
        ),
        C(
            "NW-DEAL-NINE",
            "Nine players",
            "With nine players the deal is 5 + 5, as at any table.",
            "SEED",
            "Remembered rule 1: 'Deal five card starting hand and five card starting fleets', with "
            "no "
            "word of fewer cards at a big table; its rule 14 finds the ship deck enough 'even "
            "with 9 players' (45 ships dealt of 54). [W2] has '4 and 4 in a 9-player game': the "
            "setting 'Cards dealt with nine players' set to 4 gives that reading.",
            "nine_deal",
        ),
        C(
            "NW-FIRST-DEALER",
            "The first dealer",
            "The last seat deals the first round, so Player 1 (on the dealer's left) plays first.",
            "HOUSE",
            "[W2]: the first dealer is chosen by agreement; we fix one so lessons replay.",
        ),
        C(
            "NW-LAYOUT",
            "The fleet",
            "Each player lays out his fleet face up; carriers stand behind the other ships.",
            "SEED",
            "Remembered rule 2: 'Lay out starting fleet. Aircraft carries are behind other ships'.",
        ),
        C(
            "NW-COLUMNS",
            "Columns by gun size",
            "Ships are grouped in columns by gun size (how the table shows a fleet).",
            "SRC",
            "[W2]: ships face up, grouped in columns by gun size.",
        ),
        C(
            "NW-CARRIER",
            "Carriers behind",
            "No salvo, torpedo boat, submarine, air strike or Destroyer Squadron may touch a "
            "carrier while its fleet still has a ship that is not a carrier.",
            "SEED",
            "Remembered rule 2: 'which must all be sunk before carriers can be attacked'; repeated "
            "for "
            "salvos (rule 6: 'Cannot be played on an aircraft carrier if non-carrier ships are in"
            " that fleet'), torpedo boats and submarines (rules 7, 8) and the Destroyer Squadron "
            "(rule 11). For air strikes it is rule 2's general 'before carriers can be attacked'.",
        ),
        C(
            "NW-OWN",
            "Never your own ships",
            "A player may never do anything that would sink or damage his own ship.",
            "SEED",
            "Remembered rule 0: 'a player may NEVER do anything that would sink or damage his own "
            "ship.'",
        ),
        C(
            "NW-RED",
            "Red cards",
            "Additional Damage, Additional Ship, Minefield, Submarine and Torpedo Boat are red: a"
            " red card is played at once, and is that turn's play.",
            "SEED",
            "Remembered rule 4a: 'Red cards require you to play them immediately.' The list of red "
            "cards is rule 3's: 'play all red cards (Additional Damage, Additional Ship, "
            "minefield, submarine, torpedo boat)'. That the red card is the turn's one play "
            "follows from 'Draw one, play one.'",
        ),
        C(
            "NW-RED-NOTARGET",
            "A red card with no target",
            "A red card that cannot be played (no target) is discarded; that is the turn's play.",
            "HOUSE",
            "The remembered rules' own example: Additional Damage is 'wasted' when it has no "
            "salvo.",
        ),
        C(
            "NW-CLEAROUT",
            "Clearing red cards",
            "Before play, starting with the player to the dealer's left, each player in turn "
            "plays every red card in his hand, refilling from the deck, until he holds none.",
            "SEED",
            "Remembered rule 3: 'Starting with first player to the dealer's left, one player at a "
            "time,"
            " play all red cards ... from hand and replace from deck.' A published description "
            "([W2]) has the dealer start: the setting 'Who clears red cards first' set to 'the "
            "dealer' "
            "gives that reading.",
            "clearout_start",
        ),
        C(
            "NW-CLEAROUT-AD",
            "Additional Damage in the clear-out",
            "Additional Damage played in the clear-out is wasted (there are no salvos yet).",
            "SEED",
            "Remembered rule 3: 'Additional Damage cards are wasted at this stage because they can "
            "only"
            " be played on salvos.'",
        ),
        # --- the turn ------------------------------------------------------------
        C(
            "NW-TURN",
            "Draw one, play one",
            "Play goes clockwise from the dealer's left. On his turn a player draws one card, "
            "then plays one card.",
            "SEED",
            "Remembered rule 3: 'play begins with player to the dealer's left and proceeds "
            "clockwise'; "
            "rule 4a: 'Draw one, play one.'",
        ),
        C(
            "NW-DISCARD",
            "Discard instead",
            "If the card drawn was not red, the player may discard one card instead of playing.",
            "SEED",
            "Remembered rule 4a: 'If you did not draw a red card, you may discard one card instead "
            "of "
            "playing.'",
        ),
        C(
            "NW-AIR",
            "Air strikes",
            "Instead of drawing and playing, a player with carriers may launch one air strike per"
            " carrier: all targets are named first, then one die each; a 1 sinks the target.",
            "SEED",
            "Remembered rule 4b: 'Instead of (NOT in addition to!) drawing and playing a card, you "
            "may "
            "optionally launch air strike attacks if and only if you have any aircraft carriers. "
            "Air strike targets (one per carrier) must all be designated before any are "
            "resolved.' ... 'on a 1 the designated ship is sunk.'",
        ),
        C(
            "NW-AIR-HOLD",
            "Holding a carrier back",
            "A carrier may hold its strike, but at least one strike must be launched.",
            "HOUSE",
            "'one per carrier' is an upper bound; a turn of air strikes must attack something.",
        ),
        C(
            "NW-SMOKE-AIR",
            "Smoke and aircraft",
            "Smoke screens its fleet from air strikes.",
            "HOUSE",
            "The remembered rules are silent; our rules summary and [W6] block everything but "
            "submarines and "
            "Additional Damage.",
            "smoke_blocks_air",
        ),
        C(
            "NW-KAMIKAZE",
            "Optional Kamikaze attacks",
            "Japanese carriers may strike as Kamikaze: success on 1 or 2. After a miss the "
            "carrier sits out its owner's next turn; after a hit, the die roll + 1 turns.",
            "SEED",
            "Remembered rule 4b(i): 'Japanese carriers (and only Japanese carriers) can optionally "
            "launch Kamikaze attacks, which succeed on a 1 or a 2.' ... 'that carrier must then "
            "sit out either two or three turns'.",
            "kamikaze",
        ),
        C(
            "NW-SALVO",
            "Salvos",
            "A salvo is played on one enemy ship (or a Destroyer Squadron) and needs a ship of "
            "your own with that gun size.",
            "SEED",
            "Remembered rule 6: 'Salvos require you to have a ship with the same size guns to "
            "shoot "
            "them. Salvos are played on an opponent's specific ship (or Destroyer Squadron'.",
        ),
        C(
            "NW-HITNUMBER",
            "Sinking",
            "A ship sinks when its hits reach its hit number.",
            "SRC",
            "[W2][W3].",
        ),
        C(
            "NW-SINK-CREDIT",
            "Who scores a ship",
            "Only the player who deals the final damage scores the sunk ship.",
            "SEED",
            "Remembered rules, after rule 9: 'Only the player doing the final damage to sink a "
            "ship gets it.'",
        ),
        C(
            "NW-ADD-DAMAGE",
            "Additional Damage red card",
            "Additional Damage goes on a salvo already on an enemy ship, carriers included, "
            "whatever stands in front of them; smoke does not stop it.",
            "SEED",
            "Remembered rule 9: 'You can apply additional damage to any ship that has a salvo on "
            "it; an"
            " aircraft carrier that has a salvo can still take Additional Damage, even if an "
            "Additional Ship has later been placed in front of it.' Rule 13: 'Smoke does not "
            "protect against Additional Damage or Submarines.'",
        ),
        C(
            "NW-REPAIR",
            "Repair",
            "Repair removes one salvo from one of your ships, with its Additional Damage.",
            "SEED",
            "Remembered rule 10: 'Repair removes one salvo and any Additional Damage on that "
            "particular"
            " salvo.' (On your own ship: rule 0 forbids the opposite.)",
        ),
        C(
            "NW-MINEFIELD",
            "Minefield red card",
            "A minefield goes in front of an opponent and at once damages every ship of his "
            "fleet, carriers included.",
            "SEED",
            "Remembered rule 5: 'Minefields are placed in front of an opponent and affect all "
            "ships in "
            "his fleet, immediately. You can sink his carriers this way, even if he has other "
            "ships.'",
        ),
        C(
            "NW-MINE-ARRIVAL",
            "Ships arriving into mines",
            "Minefields also damage ships that join the fleet later; a ship sunk on arrival is "
            "lost and nobody scores it.",
            "SEED",
            "Remembered rules, after rule 9: 'If a ship would be sunk as soon as it goes into "
            "play' ... 'it "
            "is simply lost and no one gets to score it - it was never in play.'",
        ),
        C(
            "NW-MINE-CREDIT",
            "Who scores a mined ship",
            "A ship a minefield sinks scores for the player who laid it.",
            "HOUSE",
            "The remembered rules are silent; our rules summary's proposal.",
            "mine_credit",
        ),
        C(
            "NW-MINESWEEPER",
            "Minesweeper",
            "A Minesweeper removes all the minefields in front of your own fleet.",
            "SEED",
            "Remembered rule 12: 'A MineSweeper removes any and all mines in front of your fleet. "
            "ALL, "
            "do you hear me?'",
        ),
        C(
            "NW-SMOKE",
            "Smoke",
            "Smoke goes in front of your fleet and protects it until your next turn: no salvo, "
            "torpedo boat or Destroyer Squadron can reach it. It does not stop submarines or "
            "Additional Damage.",
            "SEED",
            "Remembered rule 13: 'Smoke is played in front of your fleet and protects your whole "
            "fleet "
            "until your next turn.' Rule 6: salvos 'cannot attack a player who has deployed "
            "smoke'; rule 7: 'the torpedo boat cannot attack through smoke'; rule 11: 'Smoke does"
            " protect an opponent's ships from the DS attack.'",
        ),
        C(
            "NW-SMOKE-MINES",
            "Smoke and new minefields",
            "A fleet behind smoke cannot be given a new minefield (minefields already in front of"
            " it stay).",
            "HOUSE",
            "Our rules summary's reading of rule 13's 'protects your whole fleet': a minefield is "
            "an "
            "attack on the fleet. The remembered rules name only salvos, torpedo boats and the "
            "Squadron.",
        ),
        C(
            "NW-SMOKE-ONE",
            "One smoke at a time",
            "A fleet already behind smoke cannot take a second Smoke card.",
            "HOUSE",
            "A second smoke would change nothing (both lift at the next turn); refusing it keeps "
            "the card for later.",
        ),
        C(
            "NW-TORPEDO",
            "Torpedo Boat red card",
            "Name an enemy ship and roll a die: a 6 sinks it. Smoke stops it.",
            "SEED",
            "Remembered rule 7: 'Torpedo boat: announce target, roll die. Sink it on a 6, but the "
            "torpedo boat cannot attack through smoke.'",
        ),
        C(
            "NW-SUBMARINE",
            "Submarine red card",
            "Name an enemy ship and roll a die: a 5 or 6 sinks it, even through smoke.",
            "SEED",
            "Remembered rule 8: 'Submarine: announce target, roll a die. Sink it on 5 or 6, and "
            "the "
            "submarine can attack through smoke.'",
        ),
        C(
            "NW-ADD-SHIP",
            "Additional Ship red card",
            "Take the top card of the harbor pile into your fleet.",
            "SRC",
            "[W2]: the remaining ships form the harbor pile. The remembered rules say only that an "
            "Additional Ship 'goes into play' in front of the fleet ('you draw an additional "
            "ship').",
        ),
        C(
            "NW-DS",
            "Destroyer Squadron",
            "The Destroyer Squadron goes in front of its owner's fleet. If it survives to his "
            "next turn, before that turn he names an opponent, rolls a die and takes that many of"
            " his ships, his choice (carriers last); then he plays his turn.",
            "SEED",
            "Remembered rule 11: 'If you play the Destroyer Squadron and it survives to your next "
            "turn,"
            " it takes effect before your turn. Designate an opponent, roll one die, take that "
            "many of his ships, of your choice'.",
        ),
        C(
            "NW-DS-STOP",
            "Stopping the Destroyer Squadron",
            "Only salvos hurt the Destroyer Squadron; 4 hits sink it. Mines, aircraft, "
            "submarines, torpedo boats and Additional Damage cannot touch it.",
            "SRC",
            "Remembered rule 11 (only salvos); [W3]: 'put 4 hits on it within one lap'.",
        ),
        C(
            "NW-DS-TARGET",
            "Shooting at the Squadron",
            "Any opponent may fire a matching salvo at the Squadron, unless its owner has smoke; "
            "smoke also protects the opponent it would attack.",
            "HOUSE",
            "Our rules summary: any player may fire at it. Better reading: the remembered rules' "
            "'cannot "
            "attack a "
            "player who has deployed smoke' covers the Squadron in front of his fleet.",
        ),
        C(
            "NW-DS-CREDIT",
            "Ships the Squadron takes",
            "The Squadron's owner scores the ships it takes; air strikes score for the striker.",
            "HOUSE",
            "Our rules summary's ruling.",
        ),
        C(
            "NW-ELIMINATED",
            "Out of ships",
            "A player whose fleet is all sunk takes no more turns this round.",
            "HOUSE",
            "Implied by the remembered rules' 'eliminated before the end of the round'.",
        ),
        # --- the end ------------------------------------------------------------
        C(
            "NW-ROUND-END",
            "End of a round",
            "A round ends when the draw deck is gone, or as soon as only one player has ships "
            "left.",
            "SEED",
            "Remembered rule 14: 'A round (battle) ends when the draw deck is gone, or when only "
            "one "
            "player has any ships left.'",
        ),
        C(
            "NW-ROUND-END-TURN",
            "The last turn",
            "When the last card is drawn, the turn it was drawn in is finished before the round "
            "ends.",
            "HOUSE",
            "The remembered rules do not say whether the last card may be played; letting the turn "
            "finish "
            "wastes no drawn card.",
        ),
        C(
            "NW-SCORE",
            "Scoring a round",
            "Each player scores the points of the ships he sank.",
            "SEED",
            "Remembered rule 15: 'Score the point value of the ships you sunk.'",
        ),
        C(
            "NW-ELIMINATION",
            "Elimination penalty",
            "A player eliminated before the end of the round loses 10 points.",
            "SEED",
            "Remembered rule 15: 'Players eliminated before the end of the round take a -10 point "
            "penalty.' Totals may go negative: [W4].",
        ),
        C(
            "NW-SURVIVOR",
            "Lone survivor",
            "If only one player has ships left, he gains 10.",
            "SEED",
            "Remembered rule 15: 'If only a single player survives the round, she gets a +10 point "
            "bonus.'",
        ),
        C(
            "NW-LEADER-DEALS",
            "The leader deals",
            "From the second round the player with the highest total deals.",
            "SEED",
            "Remembered rule 16: 'On second and subsequent rounds, the player in the lead deals.'",
        ),
        C(
            "NW-LEADER-TIE",
            "A tie for the lead",
            "If several players share the lead, the one nearest the last dealer's left deals.",
            "HOUSE",
            "The remembered rules do not settle ties; going round from the last dealer is the "
            "table's usual"
            " order.",
        ),
        C(
            "NW-GOAL",
            "Game end",
            "Rounds are played until someone has at least 100 points at the end of a round (75 in"
            " tournament play); the highest total wins, a tie is a draw.",
            "SEED",
            "Remembered rule 17: 'Play until someone has at least 100 points at the end of a "
            "round.' 75"
            " is the World Boardgaming Championships' tournament option [W4][W5].",
            "goal",
        ),
        C(
            "NW-LIMIT",
            "A finite game",
            "After the house limit of rounds (20 unless the teacher sets fewer) the game ends "
            "and the highest total wins.",
            "HOUSE",
            "Every game on these pages must end. The remembered rules play until someone has 100 "
            "points at a "
            "round's end; the limit is set well above what that takes (at most 15 rounds in 20 "
            "nine-player games between random players), so that it seldom decides a game.",
            "max_rounds",
        ),
        C(
            "NW-ORDER",
            "Whose move",
            "Only the seat to move may act, and only with the step the turn is at.",
            "HOUSE",
            "Turn order made explicit for the computer game.",
        ),
        C(
            "NW-HAND",
            "Cards in hand",
            "You can only play or discard a card you hold.",
            "HOUSE",
            "Made explicit for the computer game: 'Draw one, play one' plays from your hand.",
        ),
    ],
    SOURCES,
)
