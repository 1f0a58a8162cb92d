"""Age of Sail's own calculators, a module per mechanic.

* :mod:`.wind` - points of sail, movement allowance, tacking, the wind's change;
* :mod:`.sailing` - a ship's order: her allowance, the line of battle, her run across the
  table (edge, other ships, shoals) and the turn she may make;
* :mod:`.combat` - range bands, hit numbers, arcs, and the odds of volleys, boarding, fire;
* :mod:`.sequence` - the turn sequence and the dice: upkeep rolls, volleys, boarding, fire,
  the wind.
"""
