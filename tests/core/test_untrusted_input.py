"""What a person may type, paste, link or upload is answered in words, never with an exception
of ours: saves (load_match), page links (play_options) and the seeds of new games."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import navalkit
from navalkit.core.errors import JSON_MAX_DEPTH, RecordError, read_json
from navalkit.core.match import load_match
from navalkit.play.options import play_options

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=300), JSON_VALUES.map(json.dumps)))
def test_any_text_loaded_as_a_save_is_refused_in_words(text: str) -> None:
    with pytest.raises(RecordError) as refusal:
        load_match(text)
    assert str(refusal.value) and "Traceback" not in str(refusal.value)


@pytest.mark.parametrize("value", [None, 3, {"format": "navalkit-record"}, ["{}"]])
def test_a_save_that_is_not_text_is_refused_in_words(value: object) -> None:
    with pytest.raises(RecordError, match="a record is JSON text"):
        load_match(value)


def test_seats_indexes_and_seeds_of_the_wrong_kind_are_refused_in_words() -> None:
    """Checked by the Match itself, compiled or not (a compiled Match declares them object):
    True is not the seat or the seed 1, and a word is not a seat."""
    m = navalkit.new_match("naval_war", seed=4)
    for seat in (True, "1", 1.0, -1, m.players):
        with pytest.raises(ValueError, match="no seat"):
            m.observe(seat)
        with pytest.raises(ValueError, match="no seat"):
            m.record_for(seat)
        with pytest.raises(ValueError, match="no seat"):
            m.log_for(seat)
    for index in (True, "1", -1, m.event_count + 1):
        with pytest.raises(IndexError, match="no state"):
            m.state_at(index)
    for seed in (True, "4", 4.0):
        with pytest.raises(ValueError, match="seed must be a whole number"):
            navalkit.new_match("naval_war", seed=seed)
    for players in (True, "4", 4.0):
        with pytest.raises(ValueError, match="players must be a whole number"):
            navalkit.new_match("naval_war", players=players)


@pytest.mark.parametrize("depth", [JSON_MAX_DEPTH + 1, 1_000, 100_000])
def test_deeply_nested_json_is_refused_not_a_recursion_error(depth: int) -> None:
    for text in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        with pytest.raises(RecordError, match="nested far deeper"):
            load_match(text)


def test_a_real_save_still_loads_and_a_huge_one_is_refused() -> None:
    m = navalkit.new_match("naval_war", seed=4)
    assert load_match(m.to_json()).state == m.state
    with pytest.raises(ValueError, match="too large"):
        read_json(" " * 5_000_001)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["seed", "players", "opponent", "side", "goal", "max_plies", "x"]),
        st.text(max_size=30) | st.integers(-(10**30), 10**30).map(str),
        max_size=5,
    )
)
def test_any_link_opens_a_page_with_notes_never_an_error(query: dict[str, str]) -> None:
    from urllib.parse import urlencode

    for game_id in ("branle_bas", "naval_war"):
        o = play_options(game_id, urlencode(query))
        assert o.seed is None or 0 <= o.seed <= 10**9
        assert all(note.startswith("Ignored ") for note in o.notes)
