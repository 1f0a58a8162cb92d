"""Naval War: the 3-9 player WWII card game (Battleline 1979, Avalon Hill 1983).

Rules card
----------
* **Decks** (SRC, NW-DECKS): 54 ship cards and 108 play cards (card lists HOUSE).
* **Deal** (SEED): 5 ships (your fleet, face up, in columns by gun size, carriers behind)
  and 5 play cards (your hand, secret) each, at any table; a setting deals 4 + 4 with
  nine players (SRC).
* **Clear-out** (SEED/SRC): before play, each player in turn plays every red card he holds
  and refills (Additional Damage is wasted then).
* **Turn** (SEED): draw one card and play one; a red card drawn (Additional Damage,
  Additional Ship, Minefield, Submarine, Torpedo Boat) is played at once; otherwise you may
  discard instead. Or, instead of drawing, launch one air strike per carrier (1 sinks;
  optional Kamikaze for Japanese carriers, 1-2).
* **Attacks** (SEED): salvos need your own ship with that gun size; never your own ships;
  carriers only when nothing else is left in front of them; smoke stops salvos, torpedo
  boats, new minefields and the Destroyer Squadron but not submarines (5-6) or Additional
  Damage; torpedo boats sink on a 6.
* **Destroyer Squadron** (SEED): if it survives a lap (4 salvo hits sink it), its owner rolls
  a die before his next turn and takes that many ships of one opponent.
* **Scoring** (SEED): the points of the ships you sank (the one who deals the final damage);
  -10 if eliminated, +10 for a lone survivor; the leader deals; play to 100 (75 option).

Every clause, with its id and provenance, is in :data:`CLAUSES`; house and optional rules are
switched through :class:`Config`.
"""

from __future__ import annotations

from .actions import Aim, Discard, Draw, Launch, Play, Strike, Take, action_from_json
from .clauses import CLAUSES
from .config import Config
from .data import CARDS, MANIFESTS, SHIPS, PlayCard, ShipCard
from .game import GAME, NavalWar
from .mechanics.combat import strike_sinks
from .observe import View, assert_no_leak, observe
from .rules import conserved, legal_actions, scores
from .state import State

__all__ = [
    "CARDS",
    "CLAUSES",
    "GAME",
    "MANIFESTS",
    "SHIPS",
    "Aim",
    "Config",
    "Discard",
    "Draw",
    "Launch",
    "NavalWar",
    "Play",
    "PlayCard",
    "ShipCard",
    "State",
    "Strike",
    "Take",
    "View",
    "action_from_json",
    "assert_no_leak",
    "conserved",
    "legal_actions",
    "observe",
    "scores",
    "strike_sinks",
]
