"""Every Branle-Bas rule clause, with its id and provenance (SEED / SRC / HOUSE).

SEED clauses quote the seed text (OCR repaired, see ../shared/rules/branle_bas.md 4.2).
No public source describes the game, so there are no SRC clauses.
"""

from __future__ import annotations

from navalkit.core.clauses import Clause, ClauseBook

C = Clause
CLAUSES = ClauseBook(
    [
        C(
            "BB-BOARD",
            "The board",
            "181 squares in a diamond, its rows 1, 3, 5 ... 19 ... 5, 3, 1 squares long; the "
            "home ports are its north and south tips; the neutral ports stand one square in "
            "from the east and west tips (b10, r10).",
            "HOUSE",
            "The diagram is lost; 181 = 10² + 9², and a tip has exactly 1 axial + 2 diagonal "
            "neighbours, matching the port's three openings. Our first summary of the rules "
            "put the neutral ports on the east and west tips, but a tip is a dead end where the "
            "French rule sheet's right of passage through a free neutral port could never be used.",
        ),
        C(
            "BB-SQUADRON",
            "The squadron",
            "Each player has 19 ships and 1 Mine, worth 300 points.",
            "SEED",
            "Scan: «Chu.rrn a son Port et une ESCADRE de navires divers : 19». Read: "
            "2 JOUEURS. Chacun a son Port et une ESCADRE de navires divers : 19 + 1 Mine. "
            "Valeur de l'Escadre : 300 points.",
        ),
        C(
            "BB-VALUES",
            "Counts and values",
            "Amiral 1×60, Sous-marin 2×15, Hydravion 2×15, "
            "Cuirassé 2×25, Croiseur 3×20, Torpilleur 4×10, Dragueur 1×10, Vedette 4×5, Mine 1×0.",
            "HOUSE",
            "The French rule sheet's table lost its figures; singular/plural headings fit this "
            "split.",
        ),
        C(
            "BB-GOAL",
            "Object",
            "Bring your Admiral into the enemy port, or else sink the enemy Admiral.",
            "SEED",
            "Scan: «Atteindre le Fort adverse avec I'Amiral, ou à défaut, couler sur le "
            "Jeu». Read: "
            "BUT. Atteindre le Port adverse avec l'Amiral ou, à défaut, "
            "couler sur le jeu l'Amiral ennemi.",
        ),
        C(
            "BB-NAV-BACK",
            "Who may go backwards",
            "Only the Amiral, sous-marin and hydravion may "
            "move backwards; the others move forward, left and right.",
            "SEED",
            "Scan: «3 Navires : Amiral, sous-marin, hydravion, peuvent reculer. Les autres "
            "vont en avançant». Read: "
            "3 navires : Amiral, sous-marin, hydravion, peuvent reculer. Les autres vont en "
            "avançant et à GAUCHE et à DROITE.",
        ),
        C(
            "BB-MOVES",
            "Movement powers",
            "Each kind's powers are in the pieces table; every move "
            "is in straight lines (the Cuirassé may turn once at a right angle). The Admiral "
            "moves one square forward, backward, left or right, never diagonally.",
            "HOUSE",
            "'Lois du Jeu... voir schéma': the diagram is lost. Our first summary of the rules let "
            "the Admiral move and take in 8 directions; we do not: the French rule sheet names the "
            "directions "
            "as 'en avançant et GAUCHE et DROITE' (backwards for three kinds), names diagonals "
            "only for submarines and torpedo boats entering a port, and calls two Admirals 'côte "
            "à côte en diagonale, sans secours' a drawn game, which they are only if an Admiral "
            "cannot take diagonally.",
        ),
        C(
            "BB-NOJUMP",
            "No jumping",
            "A ship may not jump over another piece.",
            "SEED",
            "Scan: «tE SAUTE,MOUTON EST INTERDIT.». Read: LE SAUTE-MOUTON EST INTERDIT.",
        ),
        C(
            "BB-TURN",
            "Turns",
            "Players move alternately, one move per turn.",
            "SEED",
            "Scan: «On joue une senle fois et chacun à son tour.». Read: "
            "On joue une seule fois et chacun à son tour.",
        ),
        C(
            "BB-NOPASS",
            "No passing",
            "You may not let your turn go by while you have a move.",
            "SEED",
            "Scan: «ON NE PEUT PAS LAISSER PASSER SON TOUR DE JOI.JER.». Read: "
            "ON NE PEUT PAS LAISSER PASSER SON TOUR DE JOUER.",
        ),
        C(
            "BB-HONNEUR",
            "First move",
            "Who moves first is drawn by lot.",
            "SEED",
            "Scan: «HONNEUR - NAVIGATION. - Tirage au sort.». Read: "
            "HONNEUR - NAVIGATION. Tirage au sort.",
            setting="first_player",
        ),
        C(
            "BB-SINK",
            "Sinking",
            "A ship that can reach an enemy ship directly sinks it, keeps it "
            "and takes its square. Any ship may sink any other; sinking is never compulsory.",
            "SEED",
            "NAVIRE COULÉ... l'assaillant qui coule un navire le relève, s'en empare et "
            "prend la place qu'il occupait. DROIT DE COULER. PAS D'OBLIGATION DE COULER.",
        ),
        C(
            "BB-PORT-CLOSED",
            "Own port closed",
            "A port is closed to its own squadron.",
            "SEED",
            "Scan: «Le port est interdit à tous les navires de I'Escadre.». Read: "
            "Le Port est interdit à tous les navires de l'Escadre.",
        ),
        C(
            "BB-PORT-ENTRY",
            "Port openings",
            "The enemy enters a port by 3 openings: two "
            "diagonal ones for sous-marins and torpilleurs only, and the axial channel for all.",
            "SEED",
            "Scan: «L'ennemi ne peut y pénétrer que par 3 issues dont 2 en diagonale pour "
            "Sous-Marins et Torpilleurs». Read: "
            "L'ennemi ne peut y pénétrer que par 3 issues, dont 2 en diagonale pour "
            "Sous-Marins et Torpilleurs, le 3e, chenal axial, pour tous navires.",
        ),
        C(
            "BB-PORT-CONQUEST",
            "Port conquest",
            "Every ship entering the enemy port earns 100; it "
            "leaves the board and cannot be taken.",
            "SEED",
            "Tout navire pénétrant au Port adverse est bonifié d'une prime de 100.",
        ),
        C(
            "BB-TRIUMPH",
            "Triumph",
            "If the Admiral enters the enemy port: Triumph, the game ends.",
            "SEED",
            "Scan: «Si I'Amiral ennemi y pénètre : TRIOMPHE -Prime de 1.000 - Partie "
            "terminée.». Read: "
            "Si l'Amiral ennemi y pénètre : TRIOMPHE - Prime de 1.000 - Partie terminée.",
        ),
        C(
            "BB-AVANT-SLOW",
            "Slow in the outer harbour",
            "In an outer harbour (mines and nets) "
            "every ship of both squadrons moves one square per turn.",
            "SEED",
            "Scan: «Toute la navigation des 2 Escadres est freinée : évolution par une case"
            " pour tous les navires». Read: "
            "Toute la navigation des 2 Escadres y est freinée : évolution par une case pour tous "
            "les navires. MINES : droit de passage au ralenti, une case par droit de jouer.",
        ),
        C(
            "BB-AVANT-ENTRY",
            "Entering the outer harbour",
            "A ship entering an outer harbour "
            "stops on its first row (the row facing the territorial waters).",
            "SEED",
            'Scan: «Tous les navires doivent y accéder sur la lt" rangée (côté Eaux Terr.),'
            " donc, si nécessaire, avec leur puissance réduite.». Read: "
            "Tous les navires doivent y accéder sur la 1re rangée (côté Eaux Territoriales), donc, "
            "si nécessaire, avec leur puissance réduite.",
        ),
        C(
            "BB-AVANT-EXIT",
            "Leaving the outer harbour",
            "From the boundary row a ship leaves the outer harbour with its full power.",
            "SEED",
            "Sur la ligne de bord, tous les navires doivent sortir de l'avant-port avec leur "
            "pleine puissance.",
        ),
        C(
            "BB-CUIR-EQUERRE",
            "Battleship's set-square",
            "The Cuirassé enters an outer harbour only by a right-angled move.",
            "SEED",
            "Obligation pour le Cuirassé d'y pénétrer par un jeu d'équerre.",
        ),
        C(
            "BB-HARBOUR",
            "The outer harbour's squares",
            "Each outer harbour has the fixed Mine on "
            "the axial channel, 4 nets left and right of the centre, 8 minefield squares and the 2 "
            "diagonal entrances.",
            "HOUSE",
            "The French rule sheet reads 'I cases de Mines - B cases de filets... Champ de Mines "
            "(8)'.",
        ),
        C(
            "BB-NET",
            "Nets",
            "An enemy ship entering a net is sunk and scores for nobody; it may "
            "first sink the defender standing there.",
            "SEED",
            "Scan: «Tout navire ennemi pénétrant dans un filet adverse est coulé et non "
            "rele-». Read: "
            "Tout navire ennemi pénétrant dans un filet adverse est coulé et non relevé. Ce navire "
            "peut, au préalable, couler l'adversaire qui s'y trouvait.",
        ),
        C(
            "BB-SCUTTLE",
            "Scuttling",
            "A ship may be scuttled in the enemy outer harbour by steering it into a net.",
            "SEED",
            "Scan: «On peut ,, saborder )) un navire dans I'avant-port ennemi.». Read: "
            "On peut « saborder » un navire dans l'avant-port ennemi. FILET : l'adversaire se "
            "plaçant dans le filet adverse se saborde.",
        ),
        C(
            "BB-WRECK",
            "Wrecks",
            "A ship sunk on a net is turned over as a wreck. By default it "
            "stays there and blocks the square.",
            "HOUSE",
            "'Pour la compréhension et la clarté du jeu, le pion est retourné : ÉPAVE' - turning a "
            "piece over for clarity only makes sense if it stays on the board; our first "
            "summary of the rules proposed removing it, which remains a setting.",
            setting="wrecks",
        ),
        C(
            "BB-NET-ADMIRAL",
            "Admiral in a net",
            "An attacking Admiral that enters an enemy net abandons the game: he is defeated.",
            "SEED",
            "Scan: «Si I'Amiral assaillant se réfugie au filet adverse, il y a abandon de "
            "partie - VAINCU.». Read: "
            "Si l'Amiral assaillant se réfugie au filet adverse, "
            "il y a abandon de partie : VAINCU.",
        ),
        C(
            "BB-MINE",
            "The fixed Mine",
            "The Mine never moves and bars the axial channel; no ship "
            "may enter its square until it is swept.",
            "SEED",
            "Scan: «Une Mine à emplacement fixe.». Read: "
            "Une Mine à emplacement fixe. "
            "MINE : droit de passage seulement si la Mine est enlevée.",
        ),
        C(
            "BB-DRAGUEUR",
            "Minesweeper",
            "Only the enemy Dragueur may sweep a Mine, by moving onto "
            "it; the Mine is removed and the channel opens.",
            "SEED",
            "Scan: «Seul il peut faire sauter la }line placée par I'adversaire.». Read: "
            "DRAGUEUR. Seul il peut faire sauter la Mine placée par l'adversaire.",
        ),
        C(
            "BB-NEUTRAL",
            "Neutral ports",
            "Two neutral ports each hold one ship at a time, for as "
            "long as it likes; it cannot be taken there; a free port may be crossed.",
            "SEED",
            "Scan: «Un seul navire peut s'y repqser à la fois.». Read: "
            "PORTS NEUTRES (2). Un seul navire peut s'y reposer à la fois. Temps illimité. "
            "Imprenable. Droit de passage, si le Port est libre, sans obligation d'arrêt.",
        ),
        C(
            "BB-NEUTRAL-ADMIRAL",
            "No Admirals in neutral ports",
            "The Admiral may not enter a neutral port.",
            "SEED",
            "L'Amiral n'a pas droit aux Ports Neutres.",
        ),
        C(
            "BB-NEUTRAL-LOST",
            "Neutral ports and defeat",
            "Ships of the defeated squadron in neutral ports are lost and score for the winner.",
            "SEED",
            "Scan: «Perdu pour son Escadre, si celle-ci est VAINCUE.». Read: "
            "Perdu pour son Escadre si celle-ci est VAINCUE.",
        ),
        C(
            "BB-SETUP",
            "Battle stations",
            "Each player sets up his ships as he likes in his outer "
            "harbour and territorial waters, never in his port or on the high seas.",
            "SEED",
            "Scan: «Avant I'attaque, aucun navire ne doit être placé, ni dans son Port, ni "
            "en Haute Mer.». Read: "
            "Avant l'attaque, aucun navire ne doit être placé ni dans son Port, ni en Haute Mer.",
            setting="setup",
        ),
        C(
            "BB-CAMOUFLAGE",
            "Camouflage",
            "Each set-up is hidden until both players are ready.",
            "SEED",
            "Scan: «Chaque joueur est autorisé à cacher de la main sa disposition de combat"
            " avant le signal dit par chacun : PRET.». Read: "
            "Chaque joueur est autorisé à cacher de la main sa disposition de combat avant "
            "le signal dit par chacun : PRÊT.",
        ),
        C(
            "BB-TOUCH",
            "Touch-move",
            "A touched piece must be played; if it cannot move the "
            "Admiral moves one square; if that is impossible the turn is lost.",
            "SEED",
            "PION TOUCHÉ. Doit être joué. S'il est injouable, l'Amiral doit être déplacé d'une "
            "case. Si impossible, le joueur passe son tour.",
            setting="touch_move",
        ),
        C(
            "BB-VICTORY",
            "Victory scoring",
            "Winner: ships he sank + enemy ships in neutral ports "
            "+ the enemy Admiral's value and 500 + 100 per ship of his in the enemy port + his "
            "ships still afloat. Loser: his unsunk ships + 100 per ship in the enemy port + the "
            "enemy ships he sank.",
            "SEED",
            "VICTOIRE. - EN COULANT L'AMIRAL ENNEMI. 1° ... 5° ; LE VAINCU RETIRE ...",
        ),
        C(
            "BB-TRIUMPH-SCORE",
            "Triumph scoring",
            "Winner: the whole enemy fleet (300) + 100 per "
            "ship in the enemy port + the Admiral's bonus + his own sunk ships recovered. The "
            "original rules name nothing for the loser, who scores 0.",
            "SEED",
            "Scan: «lo La leddition complète de la Flotte ennemie ;». Read: "
            "TRIOMPHE. 1° la reddition complète de la Flotte ennemie ; 2° 100 par navire au port "
            "adverse ; 3° la bonification de [1.000 / I00] ; 4° la reprise de ses navires coulés.",
            setting="triumph_bonus",
        ),
        C(
            "BB-DRAW",
            "Drawn games",
            "The game is drawn when the two Admirals are left without help (no other ship of "
            "either side can move) and stand face to face at a port's entrance, the defender on "
            "his net left or right of the centre, or side by side diagonally at sea. In a drawn "
            "game each side counts its gains (enemy ships sunk, 100 per ship in the enemy port) "
            "and its losses (its own ships sunk, by the enemy or in his nets), and the score "
            "carries on into the next game of a series.",
            "SEED",
            "'Si les Amiraux restent face à face, à l'entrée du Port, le défenseur, étant dans "
            "l'un des filets Gauche ou Droite du Centre, et s'il n'y a pas possibilité de secours "
            "d'autres navires ; si deux Amiraux restent en mer, côte à côte en diagonale, sans "
            "secours.' 'On comptabilise les gains et pertes, reportés à la partie qui suivra'",
        ),
        C(
            "BB-STUCK",
            "No move for either side",
            "If neither side can move at all, the game is drawn and scored as one.",
            "HOUSE",
            "The French rule sheet passes the turn of a player who cannot move ('le joueur passe "
            "son tour'); "
            "when both must, nothing can change, so we end the game.",
        ),
        C(
            "BB-TIME",
            "Game length",
            "The original rules allow 100 minutes; here a game ends after a set number of moves "
            "(300 unless the teacher changes it) and scores it as a drawn game. In 30 test games "
            "between two computer players moving at random, 19 ran until time was up; in 30 "
            "between two medium computer players, none did.",
            # measured by benchmarks/branle_bas_endings.py (benchmarks/BRANLE_BAS_ENDINGS.md)
            "HOUSE",
            "DURÉE DU JEU - Maximum : 100 minutes. Droit maximum pour jouer un coup : 3 minutes.",
            setting="max_plies",
        ),
    ]
)
