"""A setting's values in a page's words: a choice that gives its own words is shown, typed
and listed by them, and its code name still reads back."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from navalkit.core.config import make_config, setting, value_from_words, value_words
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


@dataclasses.dataclass(frozen=True)
class Bounded:
    rounds: int = setting(30, provenance="HOUSE", label="Most rounds", low=1, high=500, help="")
    par: int = setting(245, provenance="HOUSE", label="Lead to win", low=0, help="")
    cap: int = setting(4, provenance="HOUSE", label="Combat rounds", high=8, help="")
    size: int = setting(4, provenance="SEED", label="Contact (cm)", choices=(3, 4, 5), help="")
    motto: str = setting("go", provenance="HOUSE", help="A motto.")


def refused(cls: type[Any], **overrides: Any) -> str:
    with pytest.raises(ConfigError) as caught:
        make_config(cls, overrides)
    return str(caught.value)


def test_a_refused_setting_is_named_by_its_label_in_plain_words() -> None:
    """A teacher read "setting 'target' must be at least 10; got -5" under the dashboard's
    form, which says "Points to win": every refusal names the setting by its label, quotes
    what was given as typed, and says what would do, with no code name and no Python quoting."""
    said = {
        "low": refused(Bounded, rounds=0),
        "high": refused(Bounded, rounds=501),
        "least": refused(Bounded, par=-5),
        "most": refused(Bounded, cap=9),
        "number": refused(Bounded, rounds="lots"),
        "bool as number": refused(Bounded, rounds=True),
        "not a choice": refused(Bounded, size=6),
        "words": refused(Bounded, motto=3),
        "switch": refused(Config, quick="yes"),
        "choice": refused(Config, ties="tie"),
        "choice of another type": refused(Config, ties=1),
        "unknown": refused(Config, tiez="reroll"),
    }
    assert said == {
        "low": "Most rounds must be from 1 to 500, not 0.",
        "high": "Most rounds must be from 1 to 500, not 501.",
        "least": "Lead to win must be at least 0, not -5.",
        "most": "Combat rounds must be at most 8, not 9.",
        "number": "Most rounds is a whole number, not “lots”.",
        "bool as number": "Most rounds is a whole number, not “True”.",
        "not a choice": "Contact (cm) is one of: 3, 4, 5; not “6”.",
        "words": "Motto cannot be “3”.",
        "switch": "Quick is on or off, not “yes”.",
        "choice": "A tied boarding is one of: roll again, the defenders hold; not “tie”.",
        "choice of another type": (
            "A tied boarding is one of: roll again, the defenders hold; not “1”."
        ),
        "unknown": "There is no setting “tiez”: the settings are A tied boarding, Bonus and Quick.",
    }
    for text in said.values():
        assert "'" not in text and "got " not in text and "tie_" not in text


def test_a_number_typed_out_of_bounds_says_the_bounds_it_has() -> None:
    """A bound the setting does not have was said as "None" ("from 0 to None")."""
    with pytest.raises(ConfigError) as caught:
        value_from_words(Bounded, "par", "-5")
    assert str(caught.value) == "Lead to win must be at least 0, not -5."
    with pytest.raises(ConfigError) as caught:
        value_from_words(Bounded, "rounds", "0")
    assert str(caught.value) == "Most rounds must be from 1 to 500, not 0."


def test_the_dashboards_points_to_win_of_minus_five_is_refused_in_its_words() -> None:
    """The very refusal the dashboard showed, through a game's own settings."""
    import navalkit

    with pytest.raises(ConfigError) as caught:
        navalkit.get_game("nautic_miles").make_config(target=-5)
    assert str(caught.value) == "Points to win must be from 10 to 1,000, not -5."
