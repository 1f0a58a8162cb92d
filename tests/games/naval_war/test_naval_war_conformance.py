"""Naval War passes ``navalkit.testing.check_game`` under the default and the main switches."""

from __future__ import annotations

from typing import Any

import pytest

from navalkit.games.naval_war import GAME
from navalkit.games.naval_war.state import OVER
from navalkit.testing import JUNK_ACTIONS, check_game

CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("default", {}, 5),
    ("kamikaze", {"kamikaze": True}, 2),
    ("tournament-75-left", {"goal": 75, "clearout_start": "left"}, 2),
    ("smoke-open-mines-nobody", {"smoke_blocks_air": False, "mine_credit": "nobody"}, 2),
]


@pytest.mark.parametrize(("label", "config", "games"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_check_game(label: str, config: dict[str, Any], games: int) -> None:
    seed = 1000 * [c[0] for c in CONFIGS].index(label)
    report = check_game("naval_war", config=config, games=games, seed=seed, probe_every=40)
    print(report)
    assert report["games"] == games and report["config"] == config
    assert report["illegal_tried"] > report["steps"]
    assert report["legal_probed"] > 0 and report["records_checked"] >= 2 * games
    assert sum(report["endings"].values()) == games


@pytest.mark.parametrize("players", [6, 9])
def test_check_game_six_and_nine_players(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(GAME), "default_players", players)
    report = check_game("naval_war", games=1, seed=players, probe_every=80)
    assert report["games"] == 1


def test_rule_ids_are_clauses() -> None:
    state = GAME.initial_state(GAME.make_config(), 3)
    cited = {GAME.violation(state, junk).rule_id for junk in JUNK_ACTIONS}  # type: ignore[union-attr]
    from navalkit.games.naval_war.mechanics.damage import evolve

    over = evolve(state, {"phase": OVER})
    from navalkit.games.naval_war.actions import DRAW

    cited.add(GAME.violation(over, DRAW).rule_id)  # type: ignore[union-attr]
    clause_ids = {c.id for c in GAME.clauses}
    assert all(r in clause_ids or r.startswith("match.") for r in cited), cited - clause_ids
