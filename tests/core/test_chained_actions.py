"""ChainedActions reads exactly like the tuple of its parts laid end to end (it is what a
Match hands out for Far Seas' Allied moves, and bots, pages and tests treat it as a tuple)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import navalkit
from navalkit.core.actions import ChainedActions

PARTS = st.lists(st.lists(st.integers(0, 9), max_size=6).map(tuple), max_size=8)


@given(PARTS)
def test_it_reads_like_the_tuple_of_its_parts(parts: list[tuple[int, ...]]) -> None:
    whole = tuple(x for part in parts for x in part)
    chained = ChainedActions(parts)
    assert len(chained) == len(whole) and bool(chained) == bool(whole)
    assert [chained[i] for i in range(-len(whole), len(whole))] == [
        whole[i] for i in range(-len(whole), len(whole))
    ]
    assert tuple(chained) == whole and list(reversed(chained)) == list(reversed(whole))
    assert chained[1:-1] == whole[1:-1] and chained[::2] == whole[::2]
    assert chained == whole and whole == chained and chained == ChainedActions([whole])
    assert (chained != whole) is False and hash(chained) == hash(whole)
    assert chained != list(whole) and chained != (*whole, 0)
    for x in range(11):
        assert (x in chained) == (x in whole) and chained.count(x) == whole.count(x)
        if x in whole:
            assert chained.index(x) == whole.index(x)
        else:
            with pytest.raises(ValueError):
                chained.index(x)
    for i in (len(whole), -len(whole) - 1):
        with pytest.raises(IndexError):
            chained[i]


def test_it_takes_any_index_and_cannot_be_changed() -> None:
    chained = ChainedActions([(), ("a", "b"), (), ("c",)])
    assert chained[np.int64(2)] == "c" and chained[True] == "b"
    with pytest.raises(TypeError):
        chained["1"]  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        chained[0] = "z"  # type: ignore[index]
    with pytest.raises(AttributeError):
        chained.extra = 1  # type: ignore[attr-defined]
    assert repr(chained) == "ChainedActions(('a', 'b', 'c'))"
    assert pickle.loads(pickle.dumps(chained)) == chained


def test_far_seas_allied_moves_are_handed_out_uncopied() -> None:
    """The Allies' some 310 moves come as the fleet's chunks, not copied into one tuple; the
    Match hands that object to every caller, and any of its moves, picked by index, plays."""
    match = navalkit.new_match("far_seas", seed=4)
    legal = match.legal_actions()
    assert isinstance(legal, ChainedActions) and len(legal) > 300
    assert match.legal_actions() is legal
    assert tuple(legal) == tuple(match.game.legal_actions(match.state))
    match.apply(legal[len(legal) // 2])
    assert match.event_count >= 1
