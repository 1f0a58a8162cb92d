"""The game's own calculators, a module per mechanic.

* :mod:`.movement`: where a ship may go. Precomputed rays and L-paths, one walker that
  applies every movement rule (and says which one stopped a path), and the compiled move
  plans that play uses.
* :mod:`.scoring`: the end-of-game tally, item by item (victory, Triumph, a drawn game).
"""
