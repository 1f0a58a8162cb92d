"""The last moves a page lists: a line said several times in a row is one entry."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

import navalkit
from navalkit.play.log import EARLIER, LOG_LINES, event_words, recent_log
from navalkit.widgets.panels import log_html


def test_a_run_of_the_same_words_is_one_entry_numbered_from_its_first() -> None:
    texts = ["Round 1.", *["A card is dealt."] * 30, "Player 1 draws.", "Player 1 plays."]
    assert recent_log(texts, 12) == [
        (1, 1, "Round 1."),
        (2, 31, "A card is dealt. (30 times)"),
        (32, 32, "Player 1 draws."),
        (33, 33, "Player 1 plays."),
    ]
    assert recent_log(texts, 2) == [(32, 32, "Player 1 draws."), (33, 33, "Player 1 plays.")]
    assert recent_log([], 5) == []


@given(st.lists(st.sampled_from(["a", "b"]), max_size=40), st.integers(1, 15))
def test_the_entries_account_for_the_last_events_in_order(texts: list[str], last: int) -> None:
    entries = recent_log(texts, last)
    assert len(entries) <= last
    if entries:  # the entries run to the last event, with no gap between them
        assert entries[-1][1] == len(texts)
        assert all(a[1] + 1 == b[0] for a, b in pairwise(entries))
    for first, end, words in entries:  # one entry: the same words, said end - first + 1 times
        assert 1 <= first <= end and set(texts[first - 1 : end]) == {words.split(" (")[0]}
        assert (end > first) == words.endswith("times)")
        assert first == 1 or texts[first - 2] != texts[first - 1]  # a run is never cut in two


@given(st.lists(st.sampled_from(["a", "b"]), max_size=40), st.integers(1, 15))
def test_each_event_s_words_are_read_once_at_most(texts: list[str], last: int) -> None:
    read: list[int] = []

    def words(i: int) -> str:
        read.append(i)
        return texts[i]

    entries = recent_log(range(len(texts)), last, words)
    assert entries == recent_log(texts, last)
    assert len(read) == len(set(read))  # (a match's events write their words when first read)
    # what is read: the entries' events, and the one before the first entry (where its run
    # stops), if any
    first = entries[0][0] if entries else len(texts) + 1
    assert sorted(read) == list(range(max(first - 2, 0), len(texts)))


def test_naval_war_s_deal_is_one_line_on_the_page() -> None:
    match = navalkit.new_match("naval_war", seed=1, players=3)
    entries = recent_log(match.events, LOG_LINES, event_words)
    dealt = [t for _, _, t in entries if t.startswith("A card is dealt.")]
    assert dealt == [f"A card is dealt. ({len(match.events)} times)"], entries
    n = len(match.events)
    shown = log_html(entries)
    assert f"<li value='1' data-last='{n}' style='" in shown and "'>A card is dealt. (" in shown
    # in order, not numbered: the numbers were the events', which no status line counts
    assert "list-style:none" in shown
    assert EARLIER not in shown  # it begins with the game
    later = log_html([(5, 5, "B moves."), (6, 6, "A moves.")])
    assert later.index(EARLIER) < later.index("B moves.")  # it begins after the game did
    assert log_html([], empty="<i>No move yet.</i>") == "<i>No move yet.</i>"


def test_nautic_miles_deal_for_each_player_in_turn_is_one_line_on_the_page() -> None:
    match = navalkit.new_match("nautic_miles", seed=1)
    entries = recent_log(match.events, LOG_LINES, event_words)
    assert entries[0] == (1, 12, "Round 1: a card is dealt to each player in turn. (12 times)")
    assert [t for _, _, t in entries[1:]] == ["Player 1 draws a card."]


def test_only_whole_rounds_in_the_same_order_make_one_line() -> None:
    two = ["Player 2 discards a mine.", "Player 3 discards a mine."]  # one round: two lines
    assert [t for _, _, t in recent_log(two, 5)] == two
    rounds = ["Round 2.", *["Player 1 draws.", "Player 2 draws."] * 2, "Player 1 plays."]
    assert recent_log(rounds, 5) == [
        (1, 1, "Round 2."),
        (2, 5, "Each player in turn draws. (4 times)"),
        (6, 6, "Player 1 plays."),
    ]
    # not the same order round after round: each line stays
    mixed = ["Player 1 draws.", "Player 2 draws.", "Player 2 draws.", "Player 1 draws."]
    assert [t for _, _, t in recent_log(mixed, 5)] == [
        "Player 1 draws.",
        "Player 2 draws. (2 times)",
        "Player 1 draws.",
    ]
    # two players named in one line: never merged
    duel = ["Player 1 fires at Player 2.", "Player 2 fires at Player 1."] * 2
    assert len(recent_log(duel, 5)) == 4


LINES = ["Player 1 draws.", "Player 2 draws.", "Player 3 draws.", "Player 1 plays.", "Round."]


@given(st.lists(st.sampled_from(LINES), max_size=40), st.integers(1, 15))
def test_the_entries_of_lines_for_each_player_account_for_every_event(
    texts: list[str], last: int
) -> None:
    entries = recent_log(texts, last)
    if entries:
        assert entries[-1][1] == len(texts)
        assert all(a[1] + 1 == b[0] for a, b in pairwise(entries))
    for first, end, words in entries:
        lines = texts[first - 1 : end]
        if words.startswith("Each player in turn"):  # one line for a round said of each
            players = [line.split(" draws")[0] for line in lines]
            period = len(set(players))
            assert all(line.endswith(" draws.") for line in lines) and period > 1
            assert len(lines) >= 2 * period and players[period:] == players[:-period]
        else:
            assert set(lines) == {words.split(" (")[0]}


def test_a_line_announcing_the_next_is_one_entry_with_it() -> None:
    """Branle-Bas's touch ("… touches the Torpilleur (torpedo boat) on l13…") is followed by
    the move of that ship: the list shows the touch only while nothing follows it."""
    lines = ["Drawn by lot.", "B touches the Torpilleur on l13…", "B: Torpilleur l13 → l12"]
    assert recent_log(lines, 5) == [(1, 1, "Drawn by lot."), (2, 3, "B: Torpilleur l13 → l12")]
    assert recent_log(lines[:2], 5) == [
        (1, 1, "Drawn by lot."),
        (2, 2, "B touches the Torpilleur on l13…"),
    ]
    assert recent_log(lines, 1) == [(2, 3, "B: Torpilleur l13 → l12")]
