"""A setting's values in a page's words: a choice that gives its own words is shown, typed
and listed by them, and its code name still reads back."""

from __future__ import annotations

import dataclasses

import pytest

from navalkit.core.config import setting, value_from_words, value_words
from navalkit.core.errors import ConfigError


@dataclasses.dataclass(frozen=True)
class Config:
    ties: str = setting(
        "reroll",
        provenance="HOUSE",
        label="A tied boarding",
        choices=("reroll", "defender"),
        words={"reroll": "roll again", "defender": "the defenders hold"},
        help="Equal totals.",
    )
    bonus: str = setting(
        "per_convoy", provenance="HOUSE", choices=("per_convoy", "per_round"), help="A bonus."
    )
    quick: bool = setting(False, provenance="HOUSE", help="Quick.")


FIELDS = Config.__dataclass_fields__


def test_a_choice_reads_in_its_own_words_else_without_underscores() -> None:
    assert value_words("reroll", FIELDS["ties"]) == "roll again"
    assert value_words("defender", FIELDS["ties"]) == "the defenders hold"
    assert value_words("reroll") == "reroll"  # (no setting given: the value as written)
    assert value_words("per_round", FIELDS["bonus"]) == "per round"
    assert value_words(True, FIELDS["quick"]) == "on"


def test_its_words_and_its_code_name_both_read_back() -> None:
    for text in ("roll again", "Roll  again", "reroll"):
        assert value_from_words(Config, "ties", text) == "reroll"
    assert value_from_words(Config, "ties", "the defenders hold") == "defender"
    with pytest.raises(ConfigError, match="one of: roll again, the defenders hold; not “tie”"):
        value_from_words(Config, "ties", "tie")


def test_words_name_only_the_settings_choices() -> None:
    with pytest.raises(ValueError, match="words name some of its choices"):
        setting("a", provenance="HOUSE", help="", choices=("a", "b"), words={"c": "see"})
    with pytest.raises(ValueError, match="words name some of its choices"):
        setting(3, provenance="HOUSE", help="", words={3: "three"})
