"""A leak check for every game with hidden information, with nothing game-specific in it.

A seat must not be able to tell apart two true states that look the same to it. The game's
own sampler makes such twins: ``sample_state(observe(state, seat))`` guesses everything the
seat cannot see afresh. Along random games, at every step and for every seat, the check asks
of a twin what the seat's screen is built from:

* the seat's view is the same (the sampler keeps what the seat sees);
* the board drawn for the seat (every shape and text of the scene, and its description in
  words for screen readers) is the same;
* the status line every seat reads is the same;
* when the seat is to move, its legal moves (in words) and its click options are the same;
* the log line every seat reads for the move then played (its ``describe_outcome``) is the
  same when that move is legal in the twin too.

(A log line that names what a move itself hides, such as a screened set-up square, is not
caught here: two moves that leave a seat the same view may differ in public ways too, a card
played face up onto a ship the move then sinks. Each game tests its own screened moves.)

Any difference is something hidden that a page would show.
"""

from __future__ import annotations

import random
from typing import Any

from navalkit.core.registry import get_game
from navalkit.render.games import draw
from navalkit.render.svg import scene_to_svg


def _settle(game: Any, state: Any, rng: random.Random) -> Any:
    while not game.is_over(state) and game.is_chance(state):
        outcomes = list(game.chance_outcomes(state))
        values = [o for o, _p in outcomes]
        state = game.apply_chance(state, rng.choices(values, [p for _o, p in outcomes])[0])
    return state


def _screen(game: Any, state: Any, seat: int, board: bool = False) -> dict[str, Any]:
    """What a seat's page is built from, beyond the view itself (``board``: its drawing too)."""
    shown: dict[str, Any] = {"status": game.status(state), "to_move": game.to_move(state)}
    if board:
        scene = draw(game, game.observe(state, seat))
        shown["board"] = scene_to_svg(scene)
        shown["board in words"] = scene.description
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
            action = rng.choice(game.legal_actions(state))
            drawn = step % 5 == 0  # drawing every screen is slow: every fifth step
            for seat in range(n):
                view = game.observe(state, seat)
                mine = _screen(game, state, seat, drawn)
                log = game.describe_outcome(state, action)
                for k in range(twins):
                    twin = game.sample_state(view, random.Random(1000 * step + k))
                    if twin is None:
                        break
                    where = f"{game_id} game {g}, step {step}, seat {seat}"
                    same = game.observe(twin, seat) == view
                    assert same, f"{where}: the sampler changes what the seat sees"
                    theirs = _screen(game, twin, seat, drawn)
                    if game.to_move(twin) == game.to_move(state) and action in (
                        game.legal_actions(twin)
                    ):
                        mine["log"], theirs["log"] = log, game.describe_outcome(twin, action)
                    for key, value in mine.items():
                        assert theirs.get(key) == value, (
                            f"{where}: the {key} differs between two states the seat cannot "
                            f"tell apart: {value!r} vs {theirs.get(key)!r}"
                        )
                    mine.pop("log", None)
                    compared += 1
            state = _settle(game, game.apply(state, action), rng)
    return {"game": game_id, "compared": compared}
