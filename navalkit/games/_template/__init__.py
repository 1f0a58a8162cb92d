"""Last Buoy: the template every new navalkit game starts from (``navalkit new-game NAME``).

Rules card
----------
* **Players** (HOUSE, TPL-PLAYERS): two captains take turns.
* **Take** (HOUSE, TPL-TAKE): on your turn you sweep 1 to 3 buoys (a setting) from the end of
  the row of buoys.
* **Win** (HOUSE, TPL-WIN): whoever sweeps the last buoy wins.
* **Who starts** (HOUSE, TPL-TOSS): a coin toss decides who moves first.

The package shows the room plan of every game (``docs/architecture.md``): settings in
:mod:`.config`, tables in :mod:`.data`, the state in :mod:`.state`, moves in :mod:`.actions`,
the rules in :mod:`.rules`, what a seat sees in :mod:`.observe`, where each rule comes from in
:mod:`.clauses`, computer players in :mod:`.bots`, the picture in :mod:`.draw`, an explainer in
:mod:`.explain`, and the Game object that wires them together in :mod:`.game`. Importing it
does not import drawing or widgets.
"""

from __future__ import annotations

from .actions import Take
from .clauses import CLAUSES
from .config import Config
from .game import GAME, LastBuoy
from .state import State

__all__ = ["CLAUSES", "GAME", "Config", "LastBuoy", "State", "Take"]
