"""Every Nautic Miles rule clause, with its id and provenance (SEED / SRC / HOUSE).

SEED clauses quote the seed (a machine translation of the French rules; see the digest's
glossary: chart = card, sleeve/handle = round, heel = draw pile, trues = discard pile).
SRC clauses cite the French rules page [N1] or the blog [N2] named in the digest.
"""

from __future__ import annotations

from navalkit.core.clauses import Clause, ClauseBook, Source

C = Clause

#: the public sources the rules cite by code (the digest's sources)
SOURCES = {
    "N1": Source(
        "the French rules with the full list of the 110 cards, on the wiki of a citizens' "
        "group in Montluçon",
        "https://wiki.nuit-debout.fr/wiki/Villes/Montlu%C3%A7on/sciences/Milles_nautiques",
    ),
    "N2": Source(
        "a blog post by a player who remembers the game: its designer, the Lusval edition, "
        "its six pages of rules and its scoring card",
        "https://zdroj45.blogspot.com/2015/07/nautic-miles-souvenirs-de-vacances-au.html?m=1",
    ),
}

CLAUSES = ClauseBook(
    [
        C(
            "NM-DECK",
            "The deck",
            "106 playing cards: 13 convoys (3x2,500 t, 3x5,000 t, 4x10,000 t, 2x20,000 t, 1 "
            "trawler), 32 miles, 20 warships, 8 air, 6 mine, 6 radar, 14 alert, 6 sea-state and 1 "
            "neutral flag card.",
            "SEED",
            "110 charts which are divided into: ... (the listed counts)",
        ),
        C(
            "NM-REFCARDS",
            "The four other cards",
            "The box holds 110 cards but the list adds up to 106; the other 4 are taken as "
            "reference/scoring cards and not dealt.",
            "HOUSE",
            "The French list [N1] has the same counts; [N2] mentions a scoring card in the box.",
        ),
        C(
            "NM-PLAYERS",
            "Players",
            "2 to 6 players, alone or in teams of two.",
            "SEED",
            "From 2 to 6 players, playing individually or by teams of two, partners facing.",
        ),
        C(
            "NM-TEAMS",
            "Teams",
            "Partners sit opposite, share one convoy row, each may join a battle on his own turn, "
            "and see each other's face-down convoys.",
            "SEED",
            "one poses only one series of convoys per team ... discreetly takes note of the value "
            "of the convoys posed by his partner.",
            "teams",
        ),
        C(
            "NM-DEAL",
            "The deal",
            "The dealer deals six cards one at a time, starting on his left; the dealer moves one "
            "seat left each round.",
            "SEED",
            "The donor distributes six charts, one by one, while starting with the player placed "
            "at his left.",
        ),
        C(
            "NM-TURN",
            "A turn",
            "Draw a card, then play one card or discard one, so you hold six again. When the draw "
            "pile is empty, play on from your hand; a player with no card left is passed over.",
            "SEED",
            "Each player takes, in his turn, a chart in the heel. He puts back a chart or trues "
            "himself of one in order to have always six charts in hand.",
        ),
        C(
            "NM-DISCARD",
            "Discards are dead",
            "Discarded and cancelled cards lie face up and are never used again.",
            "SEED",
            "The thrown chart (visible face) could not be used any more.",
        ),
        C(
            "NM-CONVOY",
            "Convoys",
            "A convoy is laid face down in your row: at either end or between two convoys; convoys "
            "already laid never move.",
            "SEED",
            "You can insert a new convoy between two others or place it at an end but without "
            "being able to modify the position of old.",
        ),
        C(
            "NM-MILES",
            "Miles",
            "Mile cards go face up on one of your own convoys; they add up. A convoy may advance "
            "under an alert or a plane, but not during a naval battle.",
            "SEED",
            "As long as a convoy is not attacked, it can progress freely, even afflicted with an "
            "alarm or a plane.",
        ),
        C(
            "NM-ARRIVAL",
            "Arrival",
            "A convoy with 4,000 miles or more has arrived in port.",
            "SEED",
            "one needs a total of 4.000 miles so that a convoy arrived",
        ),
        C(
            "NM-PORT",
            "In port",
            "An arrived convoy leaves the row for its side's port with its cards; attack cards "
            "still on it lapse to the discard pile, and it can no longer be attacked.",
            "HOUSE",
            "The original rules say the neutral flag protects 'until its arrival with the port' "
            "and a "
            "second plane 'when it arrives it is too late'; so arrival ends every danger, and the "
            "row's ends (for radar) are the convoys still at sea.",
        ),
        C(
            "NM-STORM",
            "Storm",
            "On any convoy not in a naval battle (yours too). Under a storm only 200, 400 or 600 "
            "mile cards may be played on it, and it can be attacked only by a mine.",
            "SEED",
            "this one can then advance only by 200,400 or 600 miles ... during the storm, a convoy "
            "cannot be attacked, except by a mine.",
        ),
        C(
            "NM-FINE-SEA",
            "Fine sea",
            "Any player may end a storm with a fine sea card; both go to the discard pile.",
            "SEED",
            "use the chart 'sea beautiful' ... (your adversary will do it for you)",
        ),
        C(
            "NM-ALERT",
            "Alert",
            "An alert goes on an enemy convoy that has none, is not in a storm and has no neutral "
            "flag. Only an alerted convoy can be attacked by warships.",
            "SEED",
            "A convoy can be attacked only if one 'alert' chart is posed at its sides",
        ),
        C(
            "NM-END-ALERT",
            "End of alert",
            "The convoy's side cancels an alert with an end of alert, when no battle is running or "
            "the battle is tied (which saves the convoy).",
            "SEED",
            "you can draw aside this danger with a 'end of alarm' ... until attacked its convoy "
            "with a 'end of alarm saves'",
        ),
        C(
            "NM-BATTLE",
            "Naval battle",
            "Any enemy may open a battle on an alerted convoy with any warship. The convoy's side "
            "answers with a ship of equal or higher strength; an attacker may overbid with equal "
            "or higher strength.",
            "SEED",
            "It will do it by posing a ship of higher or equal force. The attacker can overbid "
            "with a ship of equal or higher force.",
        ),
        C(
            "NM-BATTLE-SIDES",
            "Taking turns in a battle",
            "A ship is played on a battle only to answer the other side's standing ship (or to "
            "restart a tie).",
            "HOUSE",
            "The original rules describe answer and overbid; topping your own side's ship would "
            "only waste "
            "a card and restart the clock.",
        ),
        C(
            "NM-LADDER",
            "Strength",
            "Carrier 5 > cruiser 4 > destroyer 3 > frigate 2 > submarine 1; two submarines "
            "together beat a carrier.",
            "SEED",
            "the aircraft carrier (5 ships) is stronger than the cruiser (4 ships) ...",
        ),
        C(
            "NM-SUB-PAIR",
            "Two submarines",
            "Two submarines are played together by one player (strength 6); he refills his hand at "
            "once. Pair against pair is a tie.",
            "SEED",
            "two associated submarines are stronger than an aircraft carrier ... The player will "
            "immediately supplement his hand after having played them.",
        ),
        C(
            "NM-BATTLE-STOP",
            "A battle stops the convoy",
            "No miles may be played on a convoy in a naval battle (tied or not).",
            "SEED",
            "The second: the convoy is stopped by a battle.",
        ),
        C(
            "NM-BATTLE-TIE",
            "Tie",
            "Equal strength ties the battle: the convoy is stopped until its side plays an end of "
            "alert, or either side restarts with any ship, even a weaker one. A tie never resolves "
            "by itself.",
            "SEED",
            "If there is equality ... the convoy is stopped until ... 'end of alarm' ... or the "
            "attacker takes again the combat with any ship, even smaller.",
        ),
        C(
            "NM-BATTLE-WIN",
            "Winning a battle",
            "A ship that stands a full round of turns (until its player's next turn) wins. If the "
            "convoy's side wins, it sails on; if an attacker wins, the convoy is destroyed. Battle "
            "cards and the alert are discarded.",
            "SEED",
            "'That whose ship will have held a full rotation.' 'without counter-attack, the "
            "battle will have gained.' (the translation's stray period after 'rotation' kept)",
        ),
        C(
            "NM-PLANE",
            "Air attack",
            "A plane goes on an enemy convoy with no plane, not in a storm and not neutral. Only "
            "the player who laid it may lay the second plane, which destroys the convoy at once.",
            "SEED",
            "only that which posed the first plane will be able to put the second.",
        ),
        C(
            "NM-PLANE-ALERT",
            "Planes need no alert",
            "A plane may be laid whether or not the convoy has an alert.",
            "HOUSE",
            "The original rules, in a rough English translation: 'A plane can be posed beside a "
            "convoy without alarm'. Our rules summary reads "
            "'only on "
            "a convoy with no alert'; we read 'sans alerte' as 'needs no alert', the contrast with "
            "warships the sentence draws. The setting 'Planes on an alerted convoy' switches it: "
            "off, no plane goes on an alerted convoy, the second included.",
            "planes_on_alerted",
        ),
        C(
            "NM-PLANE-HIT",
            "Plane shot down",
            "The convoy's side cancels a first plane with a plane shot down; both go to the "
            "discard pile.",
            "SEED",
            "The 'touched planes' make it possible to cancel the first plane in order to prevent "
            "that the second is placed.",
        ),
        C(
            "NM-MINE",
            "Mine",
            "A mine goes on any enemy convoy with no mine (even alert-free, in a storm or "
            "neutral). It explodes when play comes back to the player who laid it, destroying the "
            "convoy, unless swept before.",
            "SEED",
            "A mine posed beside a convoy (even if it is neutral) explodes at the end of a turn, "
            "except if it is defused.",
        ),
        C(
            "NM-MINE-TIMING",
            "When a mine explodes",
            "'At the end of a turn' is read as at the start of its layer's next turn, so every "
            "other player (the owner included) has one turn to sweep it.",
            "HOUSE",
            "Our rules summary's reading of 'fin d'un tour' (a full round of turns), matching the "
            "battle's 'full rotation'.",
        ),
        C(
            "NM-SWEEPER",
            "Minesweeper",
            "The convoy's side clears a mine with a minesweeper; both go to the discard pile.",
            "SEED",
            "To defend oneself there are 4 minesweepers.",
        ),
        C(
            "NM-RADAR",
            "Radar",
            "A radar turns up the enemy convoy at the port (left) or starboard (right) end of a "
            "row; never an inner one, never your own.",
            "SEED",
            "One can thus detect only the convoys posed at the ends ... One cannot detect his own "
            "convoys.",
        ),
        C(
            "NM-RADAR-DOUBLE",
            "Detected convoys count double",
            "A detected convoy's value is doubled, for its owner and for its capture.",
            "SEED",
            "This value is then doubled, even in the event of capture.",
        ),
        C(
            "NM-NEUTRAL",
            "Neutral flag",
            "On one of your convoys with no alert, battle or plane: it then cannot get alerts, "
            "warships or planes (mines and storms still work) until it arrives.",
            "SEED",
            "This chart protects a convoy against any attack, except mine and storm ... only for "
            "the convoys which are not in state of alert.",
        ),
        C(
            "NM-ONE-EACH",
            "One of each",
            "A convoy carries at most one alert, one storm, one mine, one neutral flag and one air "
            "attack at a time.",
            "HOUSE",
            "Implied by the counter-cards (each cancels 'the' alert, 'the' storm ...).",
        ),
        C(
            "NM-MULTI-ATTACK",
            "Several attacks",
            "When a convoy under several attacks is destroyed by one, the other attack cards lapse "
            "to the discard pile.",
            "SEED",
            "the other charts of attack, become useless, are cancelled.",
        ),
        C(
            "NM-CAPTURE-WHO",
            "Who captures",
            "The attacker whose ship won, the player who laid the mine, or the player who laid "
            "both planes takes the convoy and its capture points.",
            "HOUSE",
            "The original rules say 'the convoys which you destroyed'; this names who.",
        ),
        C(
            "NM-SCORE",
            "Convoy points",
            "Tonnage/1,000 x 0.2 per started 1,000 miles (x1 from 4,000): 0.5/1/2/4 up to 1,000 "
            "miles ... 2.5/5/10/20 arrived; trawler 0.",
            "SEED",
            "'At the end of the sleeve, you calculate using this table the value of your "
            "convoys.' The table itself is garbled; its decoding is our rules summary's.",
        ),
        C(
            "NM-SCORE-ZERO",
            "A convoy that never sailed",
            "A convoy with no miles scores 0.",
            "HOUSE",
            "The original rules' row '0 0 0 1 2' is garbled; the other rows are linear in miles.",
        ),
        C(
            "NM-CAPTURE",
            "Capture points",
            "A destroyed enemy convoy is worth 2.5/5/10/20 to its captor, doubled if detected.",
            "SEED",
            "Points of catch ... 2.500 5.000 10.000 20.000 ... + 2,5 + 5 + 10 + 20",
        ),
        C(
            "NM-ROUND-END",
            "End of a round",
            "A round ends when a side has 40 round points (convoys and captures, not bonuses), or "
            "when the draw pile and all hands are empty.",
            "SEED",
            "A sleeve is completed when a player adds up 40 points ... also finished when there "
            "are no more charts with the heel nor in the hands.",
        ),
        C(
            "NM-SCORE-GATE",
            "Only sides with a convoy home score",
            "A side scores in a round only if at least one of its convoys has arrived.",
            "SEED",
            "Only the players having one or more convoys arrived at good port mark points.",
        ),
        C(
            "NM-VOID",
            "Void round",
            "If no side has a convoy home when the round ends, nobody scores.",
            "SEED",
            "if none the players led a convoy to good port, the part is cancelled.",
        ),
        C(
            "NM-ROUND-BONUS",
            "Round bonus",
            "+10 to the side that won the round: the side that reached 40, or else the highest "
            "scoring side (ties all get it).",
            "SEED",
            "A premium of handle is allotted to the player who gained it: + 10 points.",
        ),
        C(
            "NM-SLOW-BONUS",
            "Slowness bonus",
            "+7 for each convoy brought home that never carried a mile card above 600.",
            "HOUSE",
            "The original rules, in a rough English translation: 'to the player who forever "
            "deposited charts higher than 600 miles on a convoy "
            "led to good port'; per convoy or per round is unclear.",
            "slowness_bonus",
        ),
        C(
            "NM-TRAWLER",
            "The trawler",
            "The trawler is a dummy convoy: it sails, may be attacked, and scores 0; bringing it "
            "home does not count as a convoy in port.",
            "HOUSE",
            "The original rules call it a 'false convoy'; whether it opens scoring is unsaid.",
            "trawler_counts",
        ),
        C(
            "NM-GAME-END",
            "Winning the game",
            "The first side to 200 game points wins; points are added up over as many rounds as "
            "needed.",
            "SEED",
            "The winner of the part will be that which will reach the first a total of 200 points "
            "in as many handles as it will be necessary.",
            "target",
        ),
        C(
            "NM-MAX-ROUNDS",
            "A finite game",
            "After the last allowed round the side with most game points wins (equal: a draw).",
            "HOUSE",
            "The original rules have no limit; random play must end.",
            "max_rounds",
        ),
    ],
    SOURCES,
)
