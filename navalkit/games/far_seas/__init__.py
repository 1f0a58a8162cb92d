"""Far Seas: German cruisers raid Allied commerce across the world's seas (WWI, 1914).

Rules card
----------
* **Sides**: seat 0 Germany (13 raiders: Scharnhorst, Gneisenau, 6 light cruisers, 5 armed
  merchant cruisers), seat 1 the Allies (74 counters). Rosters and map are HOUSE values.
* **Map** (HOUSE, FS-MAP): 32 sea areas plus the England box; each has a merchant density
  (SEED); red anchors are stations worth VP when raided (SEED); neutral coasts allow AMC
  internment (SRC); the Panama link 6-31, the Rufiji river beside 23, the Red Sea (17) and
  the road home from area 2 (SEED).
* **Turn** (SEED/SRC): segments of one Allied move (a ship, an area's squadron, or pass) then
  one German order (AMCs first), until every German at sea has had its order. Ships go from
  Start boxes to Moved boxes; convoy escorts and station ships stay put.
* **Search** (SEED): only moving ships search or are searched for; a search finds on a
  modified 1 (-1 per extra searcher and per extra target): :func:`search_finds`. The German has
  one automatic surprise search a turn (+2, combat at C). Cowardice points punish Allied
  commanders who avoid a fight.
* **Running and combat** (SEED): German runs first (a 6 on the Allied die stops him), then
  the Allies; pursuit by speed grades. Rounds at A, A+B, A+B+C with torpedoes; every listed
  modifier; damage table HOUSE; repair, retirement, slowed raiders.
* **Captures and raids** (SEED/SRC): merchants (density less escorts), convoy attacks,
  station raids once a game.
* **End** (HOUSE): 12 turns or no raider at sea; German VP = merchants + stations + Allied VP
  sunk + cowardice; Allied VP = German VP sunk or interned. The German wins if he leads by
  more than the lead the raiders need (``german_par``, house default 245, calibrated on the
  computer commanders; 0 is the digest's "higher total wins").

Every clause, with its id and provenance, is in :data:`CLAUSES`; house rules are switched
through :class:`Config`.
"""

from __future__ import annotations

from .actions import Deploy, Order, Search, Simple
from .clauses import CLAUSES
from .config import Config
from .data import AREAS, SHIPS, SPEEDS, STATIONS, damage_points
from .game import GAME, FarSeas
from .mechanics.combat import fire_modifiers, group_speed, speed
from .mechanics.search import search_chance, search_finds
from .observe import View, observe
from .rules import legal_actions, scores
from .state import State

__all__ = [
    "AREAS",
    "CLAUSES",
    "GAME",
    "SHIPS",
    "SPEEDS",
    "STATIONS",
    "Config",
    "Deploy",
    "FarSeas",
    "Order",
    "Search",
    "Simple",
    "State",
    "View",
    "damage_points",
    "fire_modifiers",
    "group_speed",
    "legal_actions",
    "observe",
    "scores",
    "search_chance",
    "search_finds",
    "speed",
]
