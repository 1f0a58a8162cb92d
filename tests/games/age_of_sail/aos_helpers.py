"""Helpers for the Age of Sail tests: hand-built positions played through a Match with
scripted dice, and refusals that must leave the match as it was."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

import pytest

from navalkit import IllegalActionError, Match
from navalkit.games.age_of_sail import State
from navalkit.games.age_of_sail.config import Config
from navalkit.games.age_of_sail.game import AgeOfSail
from navalkit.games.age_of_sail.mechanics.sequence import initial_state, start_turn

N, NE, E, SE, S, SW, W, NW = range(8)


class _At(AgeOfSail):
    start: ClassVar[State]

    def initial_state(self, config: Config, players: int) -> State:
        return self.start


def table(
    *ships: dict[str, Any],
    phase: str | None = None,
    wind: int = W,
    speed: int = 4,
    shoals: tuple[tuple[float, float, float], ...] = (),
    **cfg: Any,
) -> State:
    """A duel state with the two ships changed as given (then more copies if more dicts), as
    the first admiral's turn opens (movement; or first cutting loose, if a ship of hers is
    locked with another), or at ``phase``."""
    base = initial_state(Config(first_player="first", **cfg))
    proto = base.ships
    made = []
    for k, changes in enumerate(ships):
        made.append(dataclasses.replace(proto[min(k, 1)], **changes))
    state = dataclasses.replace(
        base, ships=tuple(made), shoals=shoals, wind_from=wind, wind_speed=speed
    )
    state = start_turn(state, 0)
    return state if phase is None else dataclasses.replace(state, phase=phase)


def match_at(state: State, *dice: Any) -> Match:
    game = type("AgeOfSailAt", (_At,), {"start": state})()
    m = Match(game, state.config, 2, seed=0, chance=dice)
    return m


def refused(m: Match, action: Any, rule: str) -> None:
    state, text = m.state, m.to_json()
    with pytest.raises(IllegalActionError) as info:
        m.apply(action)
    assert info.value.rule_id == rule, f"{info.value.rule_id}: {info.value.reason}"
    assert m.state is state and m.to_json() == text


def refusal(m: Match, action: Any) -> str:
    """The words a refused ``action`` is answered with (the match is left as it was)."""
    state, text = m.state, m.to_json()
    with pytest.raises(IllegalActionError) as info:
        m.apply(action)
    assert m.state is state and m.to_json() == text
    return info.value.reason


def two(a: dict[str, Any], b: dict[str, Any], **kw: Any) -> State:
    return table(a, b, **kw)


def captured(third: dict[str, Any] | None = None) -> Any:
    """Ship 0 (heading north at 30,30) boards ship 1 beside her (at 33,30) and takes her: six
    sixes for the boarder, six ones for the defender; ``third`` places the third ship."""
    from navalkit.games.age_of_sail import Board

    st = table(
        {"x": 30.0, "y": 30.0, "heading": N},
        {"x": 33.0, "y": 30.0, "heading": N},
        third or {"x": 60.0, "y": 60.0, "side": 1, "name": "Other"},
        phase="combat",
    )
    m = match_at(st, *([6] * 6 + [1] * 6))
    m.apply(Board(0, 1))
    return m
