"""Branle-Bas passes ``navalkit.testing.check_game`` under each house-rule switch.

The suite is also run against deliberately broken variants of the game, to show it has teeth.
"""

from __future__ import annotations

import dataclasses
import sys
import types
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from navalkit.core import registry
from navalkit.core.config import setting
from navalkit.games.branle_bas import GAME, State, rules
from navalkit.games.branle_bas.actions import Move
from navalkit.games.branle_bas.config import Config
from navalkit.games.branle_bas.game import BranleBas
from navalkit.testing import JUNK_ACTIONS, check_game

#: rule ids the engine cites that are not clauses (reported; see test_rule_ids_are_clauses)

CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("default", {}, 20),
    ("free-setup", {"setup": "free"}, 10),
    ("touch-move", {"touch_move": True}, 10),
    ("wrecks-removed", {"wrecks": "remove"}, 10),
    ("triumph-100", {"triumph_bonus": 100}, 10),
]


@pytest.mark.parametrize(("label", "config", "games"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_check_game(label: str, config: dict[str, Any], games: int) -> None:
    seed = 1000 * CONFIGS.index((label, config, games))
    report = check_game(
        "branle_bas",
        config=config,
        games=games,
        seed=seed,
    )
    print(report)
    assert report["games"] == games and report["config"] == config
    assert report["steps"] > 20 * games
    assert report["illegal_tried"] > report["steps"]
    assert report["legal_probed"] > 0 and report["records_checked"] >= 2 * games
    assert report["damaged_records_refused"] >= 10
    assert sum(report["endings"].values()) == games


def test_check_game_takes_a_config_value() -> None:
    report = check_game(
        "branle_bas",
        config=Config(max_plies=40, wrecks="remove"),
        games=2,
    )
    assert report["config"]["max_plies"] == 40


def test_check_game_strict() -> None:
    check_game("branle_bas", games=2)


def test_rule_ids_are_clauses() -> None:
    state = rules.initial_state(Config(first_player="A"))
    cited = {GAME.violation(state, junk).rule_id for junk in JUNK_ACTIONS}
    over = dataclasses.replace(state, phase="over")
    cited.add(GAME.violation(over, Move(0, 1)).rule_id)
    clause_ids = {c.id for c in GAME.clauses}
    assert all(r in clause_ids or r.startswith("match.") for r in cited), cited - clause_ids


# --- the suite has teeth --------------------------------------------------------------------
@pytest.fixture
def register_variant(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Register a Branle-Bas variant under its own id for the duration of a test."""

    def register(cls: type[BranleBas]) -> str:
        module = types.ModuleType(f"_variant_{cls.id}")
        module.GAME = cls()  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, module.__name__, module)
        monkeypatch.setitem(registry._MODULES, cls.id, module.__name__)
        registry._LOADED.pop(cls.id, None)
        return cls.id

    yield register
    for key in [k for k in registry._LOADED if k.startswith("variant_")]:
        registry._LOADED.pop(key, None)


def _fails(game_id: str, match: str) -> None:
    with pytest.raises(AssertionError, match=match):
        check_game(game_id, games=2, config={"max_plies": 30}, allow_rule_ids={"BB-ACTION"})


def test_catches_chance_that_does_not_sum_to_one(register_variant: Any) -> None:
    class Lopsided(BranleBas):
        id: ClassVar[str] = "variant_chance"

        def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
            return [(0, 0.5), (1, 0.4)]

    _fails(register_variant(Lopsided), "sum to")


def test_catches_actions_that_do_not_round_trip(register_variant: Any) -> None:
    class Backwards(BranleBas):
        id: ClassVar[str] = "variant_json"

        def action_from_json(self, data: Any) -> Any:
            action = super().action_from_json(data)
            return Move(action.to, action.frm) if isinstance(action, Move) else action

    _fails(register_variant(Backwards), "JSON does not read back")


def test_catches_junk_accepted(register_variant: Any) -> None:
    class Lax(BranleBas):
        id: ClassVar[str] = "variant_lax"

        def violation(self, state: State, action: object) -> Any:
            return None if action == 42 else super().violation(state, action)

    _fails(register_variant(Lax), "42")


def test_catches_a_rule_id_that_is_no_clause(register_variant: Any) -> None:
    class Vague(BranleBas):
        id: ClassVar[str] = "variant_vague"

        def violation(self, state: State, action: object) -> Any:
            v = super().violation(state, action)
            return dataclasses.replace(v, rule_id="NO-SUCH-RULE") if v else v

    _fails(register_variant(Vague), "NO-SUCH-RULE")


def test_catches_a_setting_without_provenance(register_variant: Any) -> None:
    @dataclasses.dataclass(frozen=True)
    class Loose(Config):
        speed: int = 1  # no setting(...): no provenance, no help

    class Unlabelled(BranleBas):
        id: ClassVar[str] = "variant_config"
        config_type: ClassVar[type[Any]] = Loose

    _fails(register_variant(Unlabelled), "speed")


def test_catches_a_setting_without_help(register_variant: Any) -> None:
    @dataclasses.dataclass(frozen=True)
    class Terse(Config):
        speed: int = setting(1, provenance="HOUSE", help=" ")

    class Unhelpful(BranleBas):
        id: ClassVar[str] = "variant_help"
        config_type: ClassVar[type[Any]] = Terse

    _fails(register_variant(Unhelpful), "help")


def test_catches_a_game_that_does_not_end(register_variant: Any) -> None:
    class Endless(BranleBas):
        id: ClassVar[str] = "variant_endless"

        def apply(self, state: State, action: Any) -> State:
            new = super().apply(state, action)
            phase = "play" if new.phase == "over" else new.phase
            return dataclasses.replace(new, ply=0, passes=0, result=None, phase=phase)

    with pytest.raises(AssertionError, match="did not end"):
        check_game(register_variant(Endless), games=1, max_steps=200, allow_rule_ids={"BB-ACTION"})


def test_calls_the_games_leak_hook(register_variant: Any) -> None:
    calls: list[int] = []

    class Watched(BranleBas):
        id: ClassVar[str] = "variant_watched"

        def assert_no_leak(self, state: Any) -> None:
            calls.append(state.ply)

    check_game(
        register_variant(Watched),
        games=1,
        config={"max_plies": 30},
    )
    assert len(calls) > 30

    class Leaky(BranleBas):
        id: ClassVar[str] = "variant_leaky"

        def assert_no_leak(self, state: Any) -> None:
            raise AssertionError("seat 1 sees A's Amiral")

    _fails(register_variant(Leaky), "sees A's Amiral")
