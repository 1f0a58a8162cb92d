"""Age of Sail: naval miniatures on a simulated tabletop (the "Iacta alea est" rules, 2008).

Rules card
----------
* **Table** (SEED scale, HOUSE size): 1 cm = 1 unit; north fixed; shoals marked.
* **Wind** (SEED): from one of 8 points, force 1-7 starting at 4; at the end of each round a
  die turns it (1 anticlockwise, 6 clockwise) and another changes its force (1: -1, 6: +1).
* **Movement** (SEED): mast units x (wind + point of sail: close-hauled -1, beam/broad reach
  +1, running 0), at least 1 cm; never dead into the wind (tack); 2 units per point turned.
  Ships of the line have 3 masts of 1 unit; privateers a main mast of 2. Dismasted ships
  drift 1 cm downwind; anchoring, shoals (aground on 1-3, refloat on 6), line of battle.
* **Gunfire** (SEED): each side's decks bear over 90 degrees, one die per deck, aimed at hull
  or sails: 3+/4+ within 4 cm, 4+/5+ to 8 cm, 5+/6 to 12 cm. A stern rake hits both sides.
  A pair of sixes sets the target alight: 5-6 to put it out, then 6, else she blows up.
* **Boarding** (SEED): touching ships roll a die per gun deck; the higher total captures.
* **Victory** (SEED): the admiral who inflicted the most damage (HOUSE: 1 point a box).

Every clause, with its id and provenance, is in :data:`CLAUSES`; house rules are switched
through :class:`Config`. Calculators: :func:`max_move`, :func:`hit_number`, :func:`wind_after`.
"""

from __future__ import annotations

from .actions import Board, End, Fire, Order, Repair, Sail, Turn
from .clauses import CLAUSES
from .config import Config
from .data import COMPASS, SCENARIOS
from .game import GAME, AgeOfSail
from .mechanics.combat import boarding_odds, hit_number, volley_odds
from .mechanics.wind import max_move, point_of_sail, wind_after
from .state import Roll, Ship, State

__all__ = [
    "CLAUSES",
    "COMPASS",
    "GAME",
    "SCENARIOS",
    "AgeOfSail",
    "Board",
    "Config",
    "End",
    "Fire",
    "Order",
    "Repair",
    "Roll",
    "Sail",
    "Ship",
    "State",
    "Turn",
    "boarding_odds",
    "hit_number",
    "max_move",
    "point_of_sail",
    "volley_odds",
    "wind_after",
]
