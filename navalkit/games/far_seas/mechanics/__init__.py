"""Far Seas' own calculators, a module per mechanic.

* :mod:`.sequence` - the turn sequence: the opening position, a new turn (Moved boxes empty,
  colony forces arrive), closing a German order (captures, station raids), the game's end;
* :mod:`.orders` - German orders and Allied moves: who may do what this segment, and what
  it does (runs for home, internment, convoy attacks, surprise);
* :mod:`.search` - the Allied search for the German that just moved, and cowardice points;
* :mod:`.combat` - battles: running and pursuit, range steps, fire and torpedo modifiers,
  damage;
* :mod:`.allied_positions` - where the Allied ships are, grouped by box and area (a cache
  kept on the State) with the Allied moves they have.

The modules run compiled when a build of this very source exists (see navalkit.core.compiled).
"""

from navalkit.core.compiled import use

use(__name__, __path__)
