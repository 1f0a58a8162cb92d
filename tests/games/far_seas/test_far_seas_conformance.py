"""Far Seas passes ``navalkit.testing.check_game`` under the default and the house-rule
configurations."""

from __future__ import annotations

from typing import Any

import pytest

from navalkit.testing import check_game

CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("default", {}, 4),
    ("crowd-third", {"crowded_fire": "3 or more", "max_rounds": 2}, 2),
    ("one-capture-per-ship", {"captures": "one per ship", "turns": 6}, 2),
    ("seed-convoy-no-colonies", {"convoy_speed": "3+ or less", "colonies": False, "turns": 6}, 2),
]


@pytest.mark.parametrize(("label", "config", "games"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_check_game(label: str, config: dict[str, Any], games: int) -> None:
    seed = 100 * [c[0] for c in CONFIGS].index(label)
    report = check_game("far_seas", config=config, games=games, seed=seed, probe_every=40)
    print(report)
    assert report["games"] == games and report["config"] == config
    assert report["steps"] > 50 * games
    assert report["illegal_tried"] > report["steps"] // 2
    assert report["chance_nodes"] > 0 and report["records_checked"] >= 2 * games
    assert sum(report["endings"].values()) == games
