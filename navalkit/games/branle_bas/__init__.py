"""Branle-Bas ("clear for action"): a French two-player naval board game.

Rules card
----------
* **Board** (HOUSE, BB-BOARD): 181 squares in a diamond; home ports at the south (A) and
  north (B) tips, neutral ports one square in from the east and west tips. Each side has an
  outer harbour (avant-port: the fixed Mine on the axial channel, 4 nets, 8 minefield squares,
  2 diagonal entrances) and territorial waters; the high seas lie between.
* **Squadron** (SEED): 19 ships + 1 Mine, worth 300 (counts and values HOUSE, BB-VALUES).
* **Object** (SEED): bring your Amiral into the enemy port (Triumph), or sink the enemy Amiral.
* **Moves** (SEED + HOUSE powers): only Amiral, sous-marin and hydravion go backwards; no
  jumping; capture by replacement; one square per turn inside an outer harbour; a ship
  entering one stops on its first row; the Cuirassé enters only by a right angle.
* **Ports** (SEED): your own port is closed to you; the enemy's is entered axially (after
  the Dragueur sweeps the Mine) or diagonally by sous-marins and torpilleurs: +100 a ship.
* **Nets** (SEED): an enemy ship entering a net is sunk, scoring for nobody; an Admiral
  that does so loses the game.
* **Neutral ports** (SEED): one ship each, untouchable there; no Admirals.
* **Scoring** (SEED): see BB-VICTORY and BB-TRIUMPH-SCORE; draws (HOUSE) count gains.

Every clause, with its id and provenance, is in :data:`CLAUSES`; house rules are
switched through :class:`Config`.
"""

from __future__ import annotations

from .actions import Move, Pass, Place, Touch
from .clauses import CLAUSES
from .config import Config
from .data import BOARD, BY_NAME, KINDS, MINE_SQUARE, NEUTRAL_PORTS, PORT, Square, square_index
from .game import GAME, BranleBas
from .mechanics.scoring import Tally, score_items
from .rules import explain_move, legal_actions, score_breakdown
from .state import Result, State

__all__ = [
    "BOARD",
    "BY_NAME",
    "CLAUSES",
    "GAME",
    "KINDS",
    "MINE_SQUARE",
    "NEUTRAL_PORTS",
    "PORT",
    "BranleBas",
    "Config",
    "Move",
    "Pass",
    "Place",
    "Result",
    "Square",
    "State",
    "Tally",
    "Touch",
    "explain_move",
    "legal_actions",
    "score_breakdown",
    "score_items",
    "square_index",
]
