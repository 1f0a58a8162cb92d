"""Every game's rules panel and settings speak to players in words: no code name, no
assignment, no file path, none of our working words, in any rule's title, rule or note, any
setting's label, help or choice, or any version's changes (navalkit.testing.words)."""

from __future__ import annotations

import pytest

import navalkit
from navalkit.testing.words import code_names, player_texts

TEXTS = [
    (f"{game_id}: {where}", text)
    for game_id in navalkit.games()
    for where, text in player_texts(navalkit.get_game(game_id))
]


@pytest.mark.parametrize(("where", "text"), TEXTS, ids=[w for w, _ in TEXTS])
def test_players_read_no_code_and_none_of_our_working_words(where: str, text: str) -> None:
    assert not code_names(text), f"{where}: {code_names(text)} in {text!r}"


def test_the_check_catches_what_reviews_found_and_passes_plain_words() -> None:
    for code in (
        "(setting german_par; 0 restores the digest)",
        "benchmarks/far_seas_par.py",
        "the setting convoy_speed='3 or more'",
        "(docs/rules/far_seas.md)",
        "setting wind_naming",
        "naming='from'",
        "see benchmarks/BRANLE_BAS_ENDINGS.md",
        "data.MANIFESTS",
        "round(n/5)",
        "the OCR reads",
    ):
        assert code_names(code), code
    for words in (
        "Modified roll <=2: 0",
        "German VP = merchants + station VP",
        "speed 3+",
        "1 cm = 1 unit",
        "the setting 'Line of battle'",
        "a wind due south",
    ):
        assert not code_names(words), words
