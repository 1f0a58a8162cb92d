"""A rule's words, shown to students in the rules panel and the lessons, never call the
original rules text "the seed" (the project's word for it, not theirs)."""

from __future__ import annotations

import importlib
import re

import pytest

GAMES = ["nautic_miles", "far_seas", "age_of_sail", "branle_bas", "naval_war"]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_rule_says_seed_to_a_student(game_id: str) -> None:
    game = importlib.import_module(f"navalkit.games.{game_id}").GAME
    said = [c["id"] for c in game.clauses.table() if re.search(r"\bseed", c["rule"], re.I)]
    assert not said, f"{game_id}: rules {said} say 'seed' to students"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_rule_title_holds_brackets(game_id: str) -> None:
    """A title is cited in brackets ("(rule: Salvos)"): a title with brackets of its own read
    "(rule: Kamikaze (optional))", and with its id after it "Kamikaze (optional)
    (NW-KAMIKAZE)"."""
    game = importlib.import_module(f"navalkit.games.{game_id}").GAME
    bracketed = [c.title for c in game.clauses if re.search(r"[()\[\]]", c.title)]
    assert not bracketed, f"{game_id}: rule titles {bracketed} hold brackets"
