"""A rule's words, shown to students in the rules panel and the lessons, and a setting's help,
never call the original rules text "the seed" (the project's word for it, not theirs: to a
student it means nothing, or a random-number seed). Each game names its own source: Nautic
Miles' original rules, Far Seas' Notes on Play, Age of Sail's blog, Branle-Bas' French rule
sheet, Naval War's rules as one player remembered them."""

from __future__ import annotations

import importlib
import re

import pytest

from navalkit.testing.words import player_texts, rule_ids, seed_words

GAMES = ["nautic_miles", "far_seas", "age_of_sail", "branle_bas", "naval_war"]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_rule_says_seed_to_a_student(game_id: str) -> None:
    game = importlib.import_module(f"navalkit.games.{game_id}").GAME
    said = [c["id"] for c in game.clauses.table() if re.search(r"\bseed", c["rule"], re.I)]
    assert not said, f"{game_id}: rules {said} say 'seed' to students"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_note_nor_setting_help_says_seed_to_a_student(game_id: str) -> None:
    """Every text of the rules panel and the settings: each rule's title, rule and note, each
    setting's label, help and choices, what each version of the rules changed, and how to
    play ("The seed says..." stood in 98 of them). The SEED badge, in capitals, is not it."""
    game = importlib.import_module(f"navalkit.games.{game_id}").GAME
    said = [where for where, text in player_texts(game) if seed_words(text)]
    assert not said, f"{game_id}: {said} say 'seed' to students"


#: what each game's notes call their source instead
SOURCES = {
    "nautic_miles": "The original rules say",
    "far_seas": "The Notes on Play",
    "age_of_sail": "The blog's",
    "branle_bas": "The French rule sheet",
    "naval_war": "Remembered rule 3: ",
}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_notes_name_each_games_own_source(game_id: str) -> None:
    game = importlib.import_module(f"navalkit.games.{game_id}").GAME
    assert any(SOURCES[game_id] in c.source for c in game.clauses)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_rule_title_holds_brackets(game_id: str) -> None:
    """A title is cited in brackets ("(rule: Salvos)"): a title with brackets of its own read
    "(rule: Kamikaze (optional))", and with its id after it "Kamikaze (optional)
    (NW-KAMIKAZE)"."""
    game = importlib.import_module(f"navalkit.games.{game_id}").GAME
    bracketed = [c.title for c in game.clauses if re.search(r"[()\[\]]", c.title)]
    assert not bracketed, f"{game_id}: rule titles {bracketed} hold brackets"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_rule_or_note_cites_another_rule_by_its_title(game_id: str) -> None:
    """The rules panel lists each rule by its id for a teacher to cite, but a sentence a
    student reads names a rule by its title: "(rule: Surprise search)", not "(FS-SURPRISE)"."""
    game = importlib.import_module(f"navalkit.games.{game_id}").GAME
    said = [f"{where}: {rule_ids(text)}" for where, text in player_texts(game) if rule_ids(text)]
    assert not said, f"{game_id}: {said} cite rules by their ids"
