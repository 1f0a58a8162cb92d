"""Shared helpers for the Far Seas tests: exact positions built by hand, dice scripted."""

from __future__ import annotations

from typing import Any

from navalkit.games.far_seas import GAME, rules
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.data import ALLIED, BY_NAME, ENGLAND, GERMAN, N_AREAS
from navalkit.games.far_seas.state import GERMAN as GERMAN_PHASE
from navalkit.games.far_seas.state import HOME, START, State, evolve


def sid(name: str | int) -> int:
    return name if isinstance(name, int) else BY_NAME[name]


def setup(
    germans: dict[str | int, tuple[int, int]],
    allies: dict[str | int, tuple[int, int]] | None = None,
    *,
    phase: str = GERMAN_PHASE,
    turn: int = 5,
    **config: Any,
) -> State:
    """Only the named ships in play: other Germans gone home, other Allies in England."""
    state = rules.initial_state(Config(**config))
    loc, box = list(state.loc), list(state.box)
    for g in GERMAN:
        loc[g], box[g] = -1, HOME
    for a in ALLIED:
        loc[a], box[a] = ENGLAND, START
    for name, (area, b) in {**germans, **(allies or {})}.items():
        loc[sid(name)], box[sid(name)] = area, b
    return evolve(
        state, loc=tuple(loc), box=tuple(box), phase=phase, turn=turn, taken=(0,) * N_AREAS
    )


def play(state: State, *actions: Any, dice: tuple[int, ...] = ()) -> State:
    """Apply actions (checked legal) and scripted dice whenever a chance node comes up."""
    rolls = list(dice)
    todo = list(actions)
    while todo or (rolls and GAME.is_chance(state)):
        if GAME.is_chance(state):
            assert rolls, f"a die is needed ({state.roll}) but none is scripted"
            state = GAME.apply_chance(state, rolls.pop(0))
            continue
        action = todo.pop(0)
        v = GAME.violation(state, action)
        assert v is None, f"{action!r} refused: {v}"
        state = GAME.apply(state, action)
    return state


def refused(state: State, action: Any) -> str:
    """The rule id the rules cite when refusing ``action``."""
    v = GAME.violation(state, action)
    assert v is not None, f"{action!r} was accepted"
    assert v.message
    return v.rule_id
