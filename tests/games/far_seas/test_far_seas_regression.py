"""Far Seas behaviour is frozen: replay the golden random games and compare.

``far_seas_regression.json`` was recorded by ``make_far_seas_regression.py`` from the engine
before the speed work. A failure means a rule changed (legal actions, refusals, dice, scores,
the Allied observation), or the order of the legal actions did (seeded random bots depend on
it too). Rewrite the golden file only on purpose.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from navalkit.testing.regression import first_difference, load_recorder

HERE = Path(__file__).parent


maker = load_recorder(HERE / "make_far_seas_regression.py", "far_seas_make_regression")


@cache
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(maker.GOLDEN.read_text(encoding="utf-8"))
    return data


def test_golden_file_matches_the_recipe() -> None:
    data = golden()
    assert data["format"] == maker.FORMAT and data["hash_chars"] == maker.HASH_CHARS
    assert [(g["seed"], g["config"], g["policy"]) for g in data["games"]] == [
        (seed, overrides, policy) for seed, overrides, policy in maker.all_games()
    ]
    assert maker.GOLDEN.stat().st_size < 500_000


@pytest.mark.parametrize("index", range(len(maker.all_games())))
def test_game_replays(index: int) -> None:
    want = golden()["games"][index]
    got = maker.play_game(want["seed"], want["config"], want["policy"])
    label = f"game seed={want['seed']} config={want['config']}"
    # blocks: legal sets, choices and dice, 64 steps at a time; refusals: verdicts on random
    # orders, deploys and searches; fans: every legal action and every die outcome applied
    for key in ("blocks", "refusals", "fans"):
        assert got[key] == want[key], f"{label} {key}: {first_difference(got[key], want[key])}"
    assert got["trail"] == want["trail"], f"{label}: some state along the way differs"
    assert got["final_state"] == want["final_state"], f"{label}: the final state differs"
    assert (got["length"], got["scores"], got["winner"]) == (
        want["length"],
        want["scores"],
        want["winner"],
    ), f"{label}: length, scores or winner"
    assert got["order"] == want["order"], f"{label}: the order of the legal actions changed"
