"""The games, one package each. ``navalkit.games()`` (this module, called) lists their ids.

The module is callable so that ``navalkit.games()`` keeps working after a game package such
as ``navalkit.games.branle_bas`` has been imported (which binds ``navalkit.games`` to this
module).
"""

from __future__ import annotations

import sys
import types

from navalkit.core.registry import games as _registered


class _GamesModule(types.ModuleType):
    def __call__(self) -> list[str]:
        """The ids of the registered games."""
        return _registered()


sys.modules[__name__].__class__ = _GamesModule
