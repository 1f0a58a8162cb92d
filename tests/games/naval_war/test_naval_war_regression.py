"""Naval War plays exactly as recorded in ``naval_war_regression.json``.

The golden file was written by ``make_naval_war_regression.py`` from the engine before any
speed work. A failure here means a rule changed (legal actions, refusals, chance, scores,
descriptions, views), or the order of the legal actions or chance outcomes did: seeded
matches and bots depend on that order too. Rewrite the golden file only on purpose
(``python tests/games/naval_war/make_naval_war_regression.py``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from navalkit.testing.regression import load_recorder

HERE = Path(__file__).parent


maker = load_recorder(HERE / "make_naval_war_regression.py", "naval_war_make_regression")


@cache
def golden() -> dict[str, Any]:
    text = (HERE / "naval_war_regression.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_golden_file_matches_the_recipe() -> None:
    data = golden()
    assert data["format"] == maker.FORMAT
    assert data["hash_chars"] == maker.HASH_CHARS and data["block"] == maker.BLOCK
    assert [(g["seed"], g["config"], g["players"], g["policy"]) for g in data["games"]] == [
        (seed, overrides, players, policy) for seed, overrides, players, policy in maker.all_games()
    ]
    assert {g["players"] for g in data["games"]} >= {3, 5, 9}
    assert (HERE / "naval_war_regression.json").stat().st_size < 500_000


def _first_block(got: list[str], want: list[Any]) -> str:
    """Where the lines stop matching the recorded block hashes, with the lines played there."""
    have = [len(got), *maker.blocks(got)]
    head = f"{have[0]} lines, recorded {want[0]}; " if have[0] != want[0] else ""
    for i, (a, b) in enumerate(zip(have[1:], want[1:], strict=False)):
        if a != b:
            lines = got[i * maker.BLOCK : (i + 1) * maker.BLOCK]
            return head + f"block {i} (lines {i * maker.BLOCK}-) differs; now:\n" + "\n".join(lines)
    return head + "the blocks agree as far as both go"


@pytest.mark.parametrize("index", range(len(maker.all_games())))
def test_game_replays(index: int) -> None:
    want = golden()["games"][index]
    got = maker.play_game(want["seed"], want["config"], want["players"], want["policy"])
    label = f"game seed={want['seed']} players={want['players']} config={want['config']}"
    # steps: legal action sets, choices, descriptions and states, chance included;
    # violations: refusals of sampled illegal actions (rule id and message hash);
    # fans: every legal action applied, with its scores, at sampled steps.
    for key in ("steps", "violations", "fans"):
        have = [len(got[key]), *maker.blocks(got[key])]
        assert have == want[key], f"{label} {key}: {_first_block(got[key], want[key])}"
    for key in ("scores", "winner", "history", "final_state", "final_view"):
        assert got[key] == want[key], f"{label}: {key}"
    assert got["order"] == want["order"], f"{label}: the order of actions or outcomes changed"


def test_evolve_builds_ordinary_frozen_states() -> None:
    """The speed trick in ``fleet.evolve`` (fill a writable twin, relabel it a State) gives
    the very State that ``dataclasses.replace`` would, still frozen and hashable alike."""
    import dataclasses

    from navalkit.games.naval_war import GAME, State
    from navalkit.games.naval_war.mechanics.damage import evolve

    state = GAME.initial_state(GAME.make_config(kamikaze=True), 5)
    changes = {"phase": 3, "seat": 2, "deck": state.deck[1:], "hands": ((1,), (), (), (), ())}
    new = evolve(state, changes)
    assert type(new) is State and new == dataclasses.replace(state, **changes)
    assert hash(new) == hash(dataclasses.replace(state, **changes)) and new != state
    assert evolve(state, {}) == state and evolve(state, {}) is not state
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.phase = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        evolve(state, {"no_such_field": 1})
