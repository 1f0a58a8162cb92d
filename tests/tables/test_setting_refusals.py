"""A table refused for its settings says so in the settings' own words: the teacher's
dashboard shows the refusal under its form, which names each setting by its label."""

from __future__ import annotations

import pytest

from navalkit.tables import BadRequestError, Tables


@pytest.mark.parametrize(
    ("game_id", "settings", "said"),
    [
        ("nautic_miles", {"target": -5}, "Points to win must be from 10 to 1,000, not -5."),
        ("naval_war", {"goal": 7}, "Points to win is one of: 100, 75, 50; not “7”."),
        ("far_seas", {"colonies": "yes"}, "Colony captures is on or off, not “yes”."),
    ],
)
def test_a_refused_setting_is_named_by_its_label(
    tables: Tables, game_id: str, settings: dict[str, object], said: str
) -> None:
    """The dashboard said "setting 'target' must be at least 10; got -5" for its "Points to
    win = -5"."""
    with pytest.raises(BadRequestError) as refused:
        tables.create_table(game_id, 2 if game_id != "naval_war" else 3, settings=settings)
    assert str(refused.value) == f"These settings cannot be used: {said}"
