"""A student who clicks anywhere, presses any key and any button, types anything and pastes
junk as a save: on every game's play session, seeded random requests of every kind. None is a
fault of ours (a traceback kept for the teacher's *Details*), the page can always be drawn,
and a refused request loses nothing: the game stays exactly as it was."""

from __future__ import annotations

import random

import pytest

import navalkit
from navalkit.play.session import PlaySession
from navalkit.testing.monkey import random_request

STEPS = 120


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("game_id", navalkit.games())
def test_any_request_in_any_order_is_kept_or_refused_never_a_fault(game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    players = navalkit.get_game(game_id).default_players
    s = PlaySession(game_id, seed=seed, seats=["human"] * players if seed % 2 else None)
    done: list[str] = []
    for _ in range(STEPS):
        match = s.match
        history, state = list(match.history), match.state
        what, request = random_request(s, rng)
        done.append(what)
        went = request()
        assert s.fault is None, f"{game_id}: a fault after {done[-8:]}:\n{s.fault}"
        if not went:
            assert s.match is match and match.state is state and match.history == history, (
                f"{game_id}: the refused {what!r} changed the game"
            )
            assert s.error or s.refusal, f"{game_id}: {what!r} refused without a word"
        screen = s.screen()
        assert screen.status and screen.scene.width > 0
        if s.match.is_over:
            s.start(seed=rng.randint(0, 99))
