"""Age of Sail's words for players: no code names in the rules panel or the settings."""

from __future__ import annotations

import dataclasses
import re

import pytest

from navalkit.games.age_of_sail.clauses import CLAUSES
from navalkit.games.age_of_sail.config import Config

#: an identifier with an underscore (wind_naming), a code assignment (x='from', x=1) or a file
#: path (benchmarks/X.md, rules.py); "1 cm = 1 unit" in a quoted seed line is none of these
CODE = re.compile(r"\b[A-Za-z]\w*_\w+|\w=[^\s=]|\w+\s*=\s*['\"]|[\w/.-]+\.(?:py|md)\b")

PLAYER_TEXTS = [
    (f"{c.id} {part}", getattr(c, part)) for c in CLAUSES for part in ("title", "text", "source")
] + [
    (f"setting {f.name} {part}", str(f.metadata.get(part) or ""))
    for f in dataclasses.fields(Config)
    for part in ("label", "help")
]


def test_the_pattern_catches_code_names() -> None:
    for code in (
        "setting wind_naming",
        "naming='from'",
        "see benchmarks/BRANLE_BAS_ENDINGS.md",
        "draw.py",
    ):
        assert CODE.search(code), code
    for words in ("1 cm = 1 unit", "the setting 'Line of battle'", "a wind due south"):
        assert not CODE.search(words), words


@pytest.mark.parametrize(("where", "text"), PLAYER_TEXTS, ids=[w for w, _ in PLAYER_TEXTS])
def test_rule_notes_and_setting_help_name_no_code(where: str, text: str) -> None:
    found = CODE.search(text)
    assert found is None, f"{where} shows code to players: {found.group(0) if found else ''!r}"
