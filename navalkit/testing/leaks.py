"""A leak check for every game with hidden information, with nothing game-specific in it.

A seat must not be able to tell apart two true states that look the same to it. The game's
own sampler makes such twins: ``sample_state(observe(state, seat))`` guesses everything the
seat cannot see afresh. Along random games, at every step and for every seat, the check asks
of a twin what the seat's screen is built from:

* the seat's view is the same (the sampler keeps what the seat sees);
* the status line every seat reads is the same;
* when the seat is to move, its legal moves (in words) and its click options are the same.

Any difference is something hidden that a page would show.
"""

from __future__ import annotations

import random
from typing import Any

from navalkit.core.registry import get_game


def _settle(game: Any, state: Any, rng: random.Random) -> Any:
    while not game.is_over(state) and game.is_chance(state):
        outcomes = list(game.chance_outcomes(state))
        values = [o for o, _p in outcomes]
        state = game.apply_chance(state, rng.choices(values, [p for _o, p in outcomes])[0])
    return state


def _screen(game: Any, state: Any, seat: int) -> dict[str, Any]:
    """What a seat's page is built from, beyond the view itself."""
    shown: dict[str, Any] = {"status": game.status(state), "to_move": game.to_move(state)}
    if game.to_move(state) == seat:
        shown["legal"] = sorted(game.describe(state, a) for a in game.legal_actions(state))
        shown["choices"] = game.ui_choices(state)
    return shown


def check_views_hide(
    game_id: str,
    *,
    games: int = 3,
    seed: int = 0,
    max_steps: int = 300,
    twins: int = 2,
    players: int | None = None,
    config: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` random games of ``game_id`` and compare each seat's screen with
    ``twins`` sampled twins at every step; AssertionError names the first difference.
    Returns how many comparisons were made (0 for a game that hides nothing)."""
    game = get_game(game_id)
    compared = 0
    if not game.hidden_information:
        return {"game": game_id, "compared": 0}
    n = players or game.default_players
    for g in range(games):
        rng = random.Random(seed + g)
        state = _settle(game, game.initial_state(game.make_config(**(config or {})), n), rng)
        for step in range(max_steps):
            if game.is_over(state):
                break
            for seat in range(n):
                view = game.observe(state, seat)
                mine = _screen(game, state, seat)
                for k in range(twins):
                    twin = game.sample_state(view, random.Random(1000 * step + k))
                    if twin is None:
                        break
                    where = f"{game_id} game {g}, step {step}, seat {seat}"
                    same = game.observe(twin, seat) == view
                    assert same, f"{where}: the sampler changes what the seat sees"
                    theirs = _screen(game, twin, seat)
                    for key, value in mine.items():
                        assert theirs[key] == value, (
                            f"{where}: the {key} differs between two states the seat cannot "
                            f"tell apart: {value!r} vs {theirs[key]!r}"
                        )
                    compared += 1
            action = rng.choice(game.legal_actions(state))
            state = _settle(game, game.apply(state, action), rng)
    return {"game": game_id, "compared": compared}
