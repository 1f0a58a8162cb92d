"""What a seat token gets never holds the seed or what the seat may not see.

Along games of Naval War (3 seats, one a computer) and Nautic Miles, at every step and for
every seat, everything the seat-token calls return is checked:

* the view is exactly ``match.observe(seat)``, the log exactly ``match.log_for(seat)`` (of the
  game replayed here from the store), legal moves only on the seat's turn, scores only at the
  end, and each field of :class:`SeatView` is accounted for here;
* other seats' hands, the deck and the face-down piles are empty in it (the game's own view);
* no object reachable from it is a Match or has a ``seed``, and the seed's digits appear in
  none of its text (the seed is chosen so that its digits cannot turn up by chance);
* the same for the seats list, the poll stamp, the seat's record and the refusals' words.

That ``observe`` and ``log_for`` themselves hide what they must is each game's own leak check
(``navalkit.testing.leaks``); these tests make sure the service adds nothing to them.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pandas as pd
import pytest
from table_helpers import mover, play_one, replayed, seat_everyone

from navalkit.core.match import Match
from navalkit.tables import SeatView, TableError, Tables

SEED = 987_654_321

#: every field of SeatView and where it comes from; a new field must be added here after
#: checking that it tells the seat nothing hidden
SEAT_VIEW_FIELDS = {
    "code": "public",
    "game_id": "public",
    "title": "public",
    "settings": "public",
    "seat": "the seat itself",
    "player": "public",
    "name": "public",
    "seq": "public",
    "revision": "public",
    "status": "public",
    "status_text": "match.status, read by every seat",
    "to_move": "public",
    "your_turn": "public",
    "observation": "match.observe(seat)",
    "legal_actions": "match.legal_actions() on the seat's turn only",
    "legal_texts": "the words of those",
    "log": "match.log_for(seat)",
    "scores": "match.scores once over",
    "winner": "match.winner once over",
    "winners": "match.winners once over (the winner and, in a team game, the partners)",
    "seats": "SeatInfo: public",
}


def _walk(obj: Any, seen: set[int] | None = None) -> Iterator[Any]:
    """Every object reachable from ``obj`` through fields, items and frame cells."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield obj
    if isinstance(obj, pd.DataFrame):
        children: list[Any] = [*obj.columns, *obj.to_numpy().ravel()]
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        children = [getattr(obj, f.name) for f in dataclasses.fields(obj)]
    elif isinstance(obj, dict):
        children = [*obj.keys(), *obj.values()]
    elif isinstance(obj, list | tuple | set | frozenset):
        children = list(obj)
    else:
        children = []
    for child in children:
        yield from _walk(child, seen)


def _text(obj: Any) -> str:
    """All the text an object could show: reprs, and a frame's every cell."""
    parts = [repr(obj)]
    for item in _walk(obj):
        if isinstance(item, pd.DataFrame):
            parts.append(item.to_json())
    return "\n".join(parts)


def _assert_clean(obj: Any, where: str) -> None:
    assert str(SEED) not in _text(obj), f"{where}: the seed appears in it"
    for item in _walk(obj):
        assert not isinstance(item, Match), f"{where}: it holds the Match"
        assert not hasattr(item, "seed"), f"{where}: {type(item).__name__} has a seed"
        if isinstance(item, int) and not isinstance(item, bool):
            assert item != SEED, f"{where}: it holds the seed's value"


def _naval_war_hides(view: SeatView) -> None:
    state = view.observation.state
    for other, hand in enumerate(state.hands):
        assert other == view.seat or hand == (), f"seat {view.seat} sees seat {other}'s hand"
    assert state.deck == () and state.harbor == (), "a seat sees the deck or the harbor pile"


def _nautic_miles_hides(view: SeatView) -> None:
    for other, hand in enumerate(view.observation.hands):
        assert other == view.seat or hand is None, f"seat {view.seat} sees seat {other}'s hand"


GAMES: list[tuple[str, int, dict[int, str], Callable[[SeatView], None]]] = [
    ("naval_war", 3, {2: "easy"}, _naval_war_hides),
    ("nautic_miles", 2, {}, _nautic_miles_hides),
]


def test_the_seat_view_fields_are_all_accounted_for() -> None:
    assert {f.name for f in dataclasses.fields(SeatView)} == set(SEAT_VIEW_FIELDS)


@pytest.mark.parametrize("game", GAMES, ids=[g[0] for g in GAMES])
def test_a_seat_gets_only_its_own_view_and_never_the_seed(
    tables: Tables, game: tuple[str, int, dict[int, str], Callable[[SeatView], None]]
) -> None:
    game_id, players, bots, hides = game
    code, tokens = seat_everyone(tables, game_id, players, bots=bots, seed=SEED)
    rng = random.Random(1)
    for step in range(30):
        match = replayed(tables.store, code)
        for seat, token in tokens.items():
            where = f"{game_id} step {step} seat {seat}"
            view = tables.view(code, token)
            assert view.observation == match.observe(seat), where
            if step == 0:  # the teacher's view differs: the comparison would catch it
                assert view.observation != match.observe(None), where
            assert view.log.equals(match.log_for(seat)), where
            turn = view.status == "playing" and match.current_player == seat
            assert view.your_turn == turn, where
            listed = match.game.listed(match.state, match.legal_actions())
            assert view.legal_actions == (tuple(listed) if turn else ()), where
            assert view.status_text == match.status, where
            assert view.scores is None and view.winner is None, where
            hides(view)
            _assert_clean(view, where)
            _assert_clean(tables.seats(code), f"{where}: seats")
            _assert_clean(tables.stamp(code), f"{where}: stamp")
            _assert_clean(tables.rejoin(code, token), f"{where}: rejoin")
            record = tables.seat_record(code, token)
            assert "seed" not in record and str(SEED) not in json.dumps(record), where
        seat = mover(tables, code)
        assert seat is not None
        wrong = tokens.get((seat + 1) % players, tokens[seat])
        latest = tables.latest_seq(code)
        for token, seq in ((tokens[seat], latest + 1000), (wrong, latest)):  # stale, not yours
            with pytest.raises(TableError) as err:
                tables.move(code, token, {"x": 1}, seq)
            assert str(SEED) not in str(err.value), f"{game_id} step {step}: a refusal"
        play_one(tables, code, tokens, rng)
