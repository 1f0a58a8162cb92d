"""Far Seas through the public protocol: registration, actions as JSON and words, chance,
status lines that never leak, and the bots."""

from __future__ import annotations

import pytest

import navalkit
from navalkit import IllegalActionError, new_match
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.games.far_seas import GAME
from navalkit.games.far_seas.actions import Order, action_from_json
from navalkit.games.far_seas.data import BY_NAME


def test_registered_with_clauses_and_settings() -> None:
    assert "far_seas" in navalkit.games()
    assert GAME.hidden_information and len(GAME.clauses) >= 50
    assert {row["setting"] for row in GAME.settings()} >= {"turns", "crowded_fire", "captures"}


@pytest.mark.parametrize(
    "data",
    [
        {"type": "order", "ships": ["Emden"], "kind": "fly", "to": 3},
        {"type": "order", "ships": [], "kind": "move", "to": 3},
        {"type": "order", "ships": ["Emden"], "kind": "raid", "to": 3, "target": "Paris"},
        {"type": "deploy", "ships": ["Kent"], "to": 3, "box": "harbour"},
        {"type": "search", "area": True},
        {"type": "nope"},
    ],
)
def test_bad_json_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        action_from_json(data)
    m = new_match("far_seas", seed=0)
    with pytest.raises(IllegalActionError):
        m.apply(data)


def test_status_and_log_keep_the_secret() -> None:
    m = new_match("far_seas", seed=2)
    while m.current_player != 0:
        m.apply(m.legal_actions()[0])
    move = next(a for a in m.legal_actions() if isinstance(a, Order) and a.kind == "move")
    m.apply(move)
    text = " ".join(e.text for e in m.events)
    assert f"area {move.to}" not in text.split("Germany:")[-1].split(".")[0]
    assert "secret" in m.status or "secret" in text


def test_commanders_play_a_whole_game_from_either_side() -> None:
    for seats in (("commander", "random"), ("random", "commander")):
        m = new_match("far_seas", seed=5, turns=3)
        while not m.is_over:
            play_bot_move(m, make_bot(GAME, seats[m.current_player]))
        assert m.is_over and len(m.scores) == 2


def test_bot_sees_only_its_observation() -> None:
    m = new_match("far_seas", seed=4)
    from navalkit.core.bots import bot_view

    view = bot_view(m)
    assert view.player == 1
    emden = BY_NAME["Emden"]
    assert view.observation.state.loc[emden] == -2


def test_rules_apply_names_a_foreign_action() -> None:
    """The pure rules, called without a Match, say what they were handed instead of failing
    somewhere inside: ``apply`` takes only Far Seas actions."""
    from navalkit.games.far_seas import rules

    state = GAME.initial_state(GAME.make_config(), GAME.default_players)
    with pytest.raises(TypeError, match="not a Far Seas action"):
        rules.apply(state, "move Emden to 3")  # type: ignore[arg-type]
