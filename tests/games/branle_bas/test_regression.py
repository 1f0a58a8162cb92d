"""Branle-Bas behaviour is frozen: replay the golden games and positions and compare.

``regression.json`` was recorded by ``make_regression.py`` from the engine before any speed
work. A failure here means a rule changed (legal actions, refusals, scores, results), or the
order of the legal actions did: seeded random bots depend on that order too. Rewrite the
golden file only on purpose (``python tests/games/branle_bas/make_regression.py``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from navalkit.testing.regression import first_difference, load_recorder

HERE = Path(__file__).parent


maker = load_recorder(HERE / "make_regression.py", "branle_bas_make_regression")


@cache
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / "regression.json").read_text(encoding="utf-8"))
    return data


def test_golden_file_matches_the_recipe() -> None:
    data = golden()
    assert data["format"] == maker.FORMAT
    assert data["hash_chars"] == maker.HASH_CHARS
    assert [(g["seed"], g["config"], g["policy"]) for g in data["games"]] == [
        (seed, overrides, policy) for seed, overrides, policy in maker.all_games()
    ]
    assert len(data["positions"]) == len(maker.all_positions())
    assert (HERE / "regression.json").stat().st_size < 1_000_000


@pytest.mark.parametrize("index", range(len(maker.all_games())))
def test_game_replays(index: int) -> None:
    want = golden()["games"][index]
    got = maker.play_game(want["seed"], want["config"], want["policy"])
    label = f"game seed={want['seed']} config={want['config']}"
    # steps: legal action sets and the moves chosen, step by step; violations: refusals of
    # random moves (rule id and message); fans: every legal action applied and every move of
    # one piece explained, at sampled steps.
    for key in ("steps", "violations", "fans"):
        assert got[key] == want[key], f"{label} {key}: {first_difference(got[key], want[key])}"
    assert got["trail"] == want["trail"], f"{label}: some state along the way differs"
    assert got["final_state"] == want["final_state"], f"{label}: the final state differs"
    assert got["scores"] == want["scores"], f"{label}: scores"
    assert got["result"] == want["result"], f"{label}: result"
    assert got["order"] == want["order"], f"{label}: the order of the legal actions changed"


def test_scattered_positions() -> None:
    want = golden()["positions"]
    for (seed, overrides), line in zip(maker.all_positions(), want, strict=True):
        assert maker.position_line(seed, overrides) == line, f"position seed={seed} {overrides}"
