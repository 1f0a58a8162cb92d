"""navalkit: historical naval games, playable and explained in Jupyter and Voila.

>>> import navalkit
>>> navalkit.games()
['branle_bas']
>>> m = navalkit.new_match("branle_bas", seed=1)
"""

from . import games  # a callable module: navalkit.games() lists the game ids
from .core import (
    ConfigError,
    IllegalActionError,
    Match,
    NavalkitError,
    NothingToUndoError,
    RecordError,
    UnknownGameError,
    Violation,
    get_game,
    load_match,
    new_match,
    simulate,
)
from .render.repr import install as _install_pictures

__version__ = "0.1.0"

_install_pictures()  # states, views and matches show themselves as boards in notebooks

__all__ = [
    "ConfigError",
    "IllegalActionError",
    "Match",
    "NavalkitError",
    "NothingToUndoError",
    "RecordError",
    "UnknownGameError",
    "Violation",
    "__version__",
    "games",
    "get_game",
    "load_match",
    "new_match",
    "simulate",
]
