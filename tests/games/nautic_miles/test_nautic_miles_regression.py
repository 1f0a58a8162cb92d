"""Nautic Miles behaviour is frozen: replay the golden games of ``make_nm_regression.py``.

``nm_regression.json`` was recorded from the engine before any speed work. A failure means
a rule changed (legal actions, refusals, states, scores) or the order of the legal actions
did (seeded bots depend on it). Rewrite the golden file only on purpose.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from navalkit.testing.regression import load_recorder

HERE = Path(__file__).parent


maker = load_recorder(HERE / "make_nm_regression.py", "nautic_miles_make_regression")


@cache
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / "nm_regression.json").read_text(encoding="utf-8"))
    return data


def test_golden_file_matches_the_recipe() -> None:
    data = golden()
    assert (data["format"], data["hash_chars"]) == (maker.FORMAT, maker.HASH_CHARS)
    assert [(g["seed"], g["players"], g["config"], g["policy"]) for g in data["games"]] == [
        (s, p, c, pol) for s, p, c, pol in maker.all_games()
    ]
    assert (HERE / "nm_regression.json").stat().st_size < 500_000


@pytest.mark.parametrize("index", range(len(maker.all_games())))
def test_game_replays(index: int) -> None:
    want = golden()["games"][index]
    got = maker.play_game(want["seed"], want["players"], want["config"], want["policy"])
    label = f"game seed={want['seed']} players={want['players']} config={want['config']}"
    got_steps, want_steps = got["steps"].split(), want["steps"].split()
    for i, (a, b) in enumerate(zip(got_steps, want_steps, strict=False)):
        assert a == b, f"{label}: legal actions or choice differ at step {i}"
    assert len(got_steps) == len(want_steps), f"{label}: the game's length differs"
    assert got["probes"] == want["probes"], f"{label}: a refusal or an applied state differs"
    assert got["trail"] == want["trail"], f"{label}: some state along the way differs"
    assert got["final_state"] == want["final_state"], f"{label}: the final state differs"
    assert (got["scores"], got["winner"]) == (want["scores"], want["winner"]), label
    assert got["order"] == want["order"], f"{label}: the order of the legal actions changed"


@pytest.mark.parametrize(("players", "teams"), [(2, False), (4, True), (5, False)])
def test_legal_actions_are_exactly_the_unrefused_plays(players: int, teams: bool) -> None:
    """The fast generator (memoised per convoy situation) finds every play the clause-by-clause
    judge allows, and no other, at every step of seeded random rounds."""
    import random

    from navalkit.games.nautic_miles import GAME
    from navalkit.games.nautic_miles.actions import discard, place, play
    from navalkit.games.nautic_miles.rules import refusal

    rng = random.Random(players)
    config = GAME.make_config(teams=teams, target=40, max_rounds=1)
    for _ in range(6):
        state = GAME.initial_state(config, players)
        while not GAME.is_over(state):
            if GAME.is_chance(state):
                state = GAME.apply_chance(state, rng.choice(state.pile))
                continue
            longest = max(len(r) for r in state.rows) + 1
            candidates = [discard(k) for k in range(25)]
            candidates += [place(k, at) for k in range(5) for at in range(longest)]
            candidates += [
                play(k, r, at)
                for k in range(26)
                for r in range(state.sides)
                for at in range(longest)
            ]
            allowed = {a for a in candidates if refusal(state, a) is None}
            legal = GAME.legal_actions(state)
            assert len(legal) == len(set(legal)) and set(legal) == allowed
            state = GAME.apply(state, rng.choice(legal))
