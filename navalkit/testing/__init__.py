"""Testing helpers shipped with navalkit: the conformance suite every game must pass.

>>> from navalkit.testing import check_game
>>> report = check_game("branle_bas", games=2)  # doctest: +SKIP
"""

from __future__ import annotations

from .conformance import JUNK_ACTIONS, PROVENANCES, check_game

__all__ = ["JUNK_ACTIONS", "PROVENANCES", "check_game"]
