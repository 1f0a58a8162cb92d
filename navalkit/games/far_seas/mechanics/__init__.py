"""The game's own calculators, a module per mechanic."""
