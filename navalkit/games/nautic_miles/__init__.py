"""Nautic Miles ("Milles nautiques"): a French WWII convoy card game for 2-6 players.

Rules card
----------
* **Cards** (SEED, NM-DECK): 106 playing cards (the box's 4 others are reference cards,
  NM-REFCARDS): convoys of 2,500 / 5,000 / 10,000 / 20,000 tons and a trawler, miles,
  warships, planes, mines, radar, alerts, storms and fine seas, one neutral flag.
* **Turn** (SEED): draw a card, then play one or discard one. Six cards in hand.
* **Convoys** (SEED): laid face down in your row (teams share one row); mile cards move
  them; at 4,000 miles a convoy is home (NM-ARRIVAL).
* **Attacks** (SEED): an alert opens a convoy to warships; the naval battle is won by the
  ship that stands a full round (carrier 5 ... submarine 1; two submarines beat a carrier;
  ties stop the convoy). Two planes from one player destroy a convoy; a mine explodes after
  a round of turns unless swept. Radar turns up a row's end convoy and doubles its value.
  A storm slows a convoy and shields it from all but mines; the neutral flag shields it from
  alerts, warships and planes.
* **Scoring** (SEED): a round ends at 40 points or when all cards are played; only sides
  with a convoy home score: convoy points (tons x miles table), captures, +10 round bonus,
  +7 slowness bonus. The first side to 200 wins (NM-GAME-END).

Every clause, with its id and provenance, is in :data:`CLAUSES`; house rules are switched
through :class:`Config`. The calculators :func:`convoy_points` and :func:`capture_points`
give every cell of the decoded scoring table.
"""

from __future__ import annotations

from .actions import Discard, Place, Play
from .clauses import CLAUSES
from .config import Config
from .data import KEYS, KIND, LABELS, capture_points, convoy_points
from .game import GAME, NauticMiles
from .observe import View, observe
from .rules import legal_actions, refusal
from .state import Convoy, State

__all__ = [
    "CLAUSES",
    "GAME",
    "KEYS",
    "KIND",
    "LABELS",
    "Config",
    "Convoy",
    "Discard",
    "NauticMiles",
    "Place",
    "Play",
    "State",
    "View",
    "capture_points",
    "convoy_points",
    "legal_actions",
    "observe",
    "refusal",
]
