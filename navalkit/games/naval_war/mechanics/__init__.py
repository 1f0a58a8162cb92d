"""Naval War's own calculators, a module per mechanic.

* :mod:`.damage` - the state's bookkeeping: hits on a ship, owners of ships and salvos, the
  targets a card may name, sinking and its credit, and the ``Work``/``evolve`` helpers that
  build the next state;
* :mod:`.sequence` - the flow of a round: the deal, the clear-out, whose turn, the Destroyer
  Squadron's attack before its owner's turn, the end of a round and its scoring;
* :mod:`.combat` - what each card and die roll does: salvos, torpedo boats, submarines,
  minefields, air strikes, the Squadron;
* :mod:`.odds` - the exact odds of each attack and what a hand can fire, for the explainers.
"""
