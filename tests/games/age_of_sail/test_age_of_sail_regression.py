"""Age of Sail behaviour is frozen: replay the golden games and positions and compare.

``regression.json`` was recorded by ``make_regression.py`` from the engine before any speed
work. A failure means a rule changed (legal actions or their order, refusals, dice, states,
scores). Rewrite the golden file only on purpose (``python make_regression.py`` here).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from navalkit.testing.regression import load_recorder

HERE = Path(__file__).parent


maker = load_recorder(HERE / "make_regression.py", "age_of_sail_make_regression")


@cache
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / "regression.json").read_text(encoding="utf-8"))
    return data


def test_golden_file_matches_the_recipe() -> None:
    data = golden()
    assert data["format"] == maker.FORMAT and data["hash_chars"] == maker.HASH_CHARS
    assert [(g["seed"], g["config"], g["policy"]) for g in data["games"]] == [
        (seed, overrides, policy) for seed, overrides, policy in maker.all_games()
    ]
    assert [g["seed"] for g in data["scattered"]] == list(maker.SCATTER_SEEDS)
    assert (HERE / "regression.json").stat().st_size < 500_000


def _compare(got: dict[str, Any], want: dict[str, Any], label: str) -> None:
    for k, (a, b) in enumerate(zip(got["blocks"], want["blocks"], strict=False)):
        assert a == b, (
            f"{label}: first difference in steps {k * maker.BLOCK}..{(k + 1) * maker.BLOCK}"
        )
    assert got == want, f"{label}: lengths, scores or the final state differ"


@pytest.mark.parametrize("suite", [s[0] for s in maker.SUITES])
def test_games_replay(suite: str) -> None:
    for (seed, overrides, policy), want in zip(maker.all_games(), golden()["games"], strict=True):
        if maker.SUITES[seed // 1000 - 1][0] == suite:
            _compare(maker.play_game(seed, overrides, policy), want, f"game {seed} {overrides}")


def test_scattered_positions_replay() -> None:
    for seed, want in zip(maker.SCATTER_SEEDS, golden()["scattered"], strict=True):
        _compare(maker.scatter_game(seed), want, f"scattered position {seed}")
