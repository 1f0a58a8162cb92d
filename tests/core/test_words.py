"""Words every game writes: scores."""

from __future__ import annotations

from navalkit.core.words import points


def test_points_are_written_as_the_games_write_sums() -> None:
    assert [points(v) for v in (12, 12.0, -10, -1000.0, 2.5, 1500)] == [
        "12", "12", "−10", "−1,000", "2.5", "1,500",
    ]  # fmt: skip


def test_a_title_or_a_plural_takes_the() -> None:
    from navalkit.core.words import takes_the

    names = ("Allies", "First admiral", "Germany", "Player 2", "A (south)")
    assert [takes_the(n) for n in names] == [True, True, False, False, False]


def test_a_players_thing_reads_as_a_sentence() -> None:
    """A name in brackets ("A (south)") takes "of", not "'s": "A (south)'s Admiral" read as
    a slip."""
    from navalkit.core.words import owned

    names = ("Germany", "Allies", "First admiral", "Player 2", "A (south)")
    assert [owned("seat", n) for n in names] == [
        "Germany's seat",
        "the Allies' seat",
        "the First admiral's seat",
        "Player 2's seat",
        "the seat of A (south)",
    ]
