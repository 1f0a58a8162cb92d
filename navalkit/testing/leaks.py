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

A log line that names what a move itself hides (a screened set-up square, the kind of a
convoy laid face down) is caught by :func:`check_moves_hide`, the other way round: it keeps
the state and varies the move. Two moves the game says look the same to the other seats as
they are played (``Game.public_action``) and that leave a seat the same view must read the
same in the log; two chance outcomes (a shuffle, a die) that leave a seat the same view must
too. (The view after alone would not do: a card played face up onto a ship it sinks leaves
no trace on the board, yet everyone saw it played.)

Any difference is something hidden that a page would show.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from navalkit.core.match import _canonical
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


def _random_games(
    game_id: str, games: int, seed: int, players: int | None, config: dict[str, Any] | None
) -> Iterator[tuple[Any, int, int, random.Random, Any]]:
    """For each of ``games`` random games: the game, its number of seats, the game's number,
    its random source and its first state; none for a game that hides nothing."""
    game = get_game(game_id)
    if not game.hidden_information:
        return
    n = players or game.default_players
    for g in range(games):
        yield (
            game,
            n,
            g,
            random.Random(seed + g),
            game.initial_state(game.make_config(**(config or {})), n),
        )


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
    compared = 0
    for game, n, g, rng, first in _random_games(game_id, games, seed, players, config):
        state = _settle(game, first, rng)
        for step in range(max_steps):
            if game.is_over(state):
                break
            action = rng.choice(game.legal_actions(state))
            drawn = step % 5 == 0  # drawing every screen is slow: every fifth step
            log = game.describe_outcome(state, action)  # the one line every seat reads
            for seat in range(n):
                view = game.observe(state, seat)
                mine = _screen(game, state, seat, drawn)
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


#: a function of a move or a chance outcome
Hook = Callable[[Any], Any]


def _same_looking(
    game: Any, state: Any, seat: int, options: list[Any], after: Hook, public: Hook
) -> list[list[Any]]:
    """``options`` grouped by what ``seat`` sees of them: the view after, and ``public``."""
    groups: dict[tuple[str, str], list[Any]] = {}
    for o in options:
        key = (_canonical(public(o)), repr(game.observe(after(o), seat)))
        groups.setdefault(key, []).append(o)
    return [g for g in groups.values() if len(g) > 1]


def _hooks(game: Any, state: Any, chance: bool) -> tuple[Hook, Hook, Hook]:
    """For a move (or chance outcome) at ``state``: the state after it, what the other seats
    see of it as it happens, and its words in the log."""
    if chance:
        return (
            lambda o: game.apply_chance(state, o),
            lambda o: game.public_chance(state, o),
            lambda o: game.describe_chance(state, o),
        )
    return (
        lambda a: game.apply(state, a),
        lambda a: game.public_action(state, a),
        lambda a: game.describe_outcome(state, a),
    )


def check_moves_hide(
    game_id: str,
    *,
    games: int = 2,
    seed: int = 0,
    max_steps: int = 200,
    sample: int = 12,
    players: int | None = None,
    config: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Along ``games`` random games of ``game_id``, at every step and for every seat other
    than the mover, group up to ``sample`` of the legal moves (or chance outcomes) by what
    that seat sees of them, and require one log line per group; AssertionError names the
    first two moves whose words tell apart what the seat could not. Returns how many groups
    were compared."""
    compared = 0
    for game, n, g, rng, state in _random_games(game_id, games, seed, players, config):
        for step in range(max_steps):
            if game.is_over(state):
                break
            chance = game.is_chance(state)
            if chance:
                pool = [o for o, _p in game.chance_outcomes(state)]
            else:
                pool = list(game.legal_actions(state))
            options = rng.sample(pool, min(sample, len(pool)))
            mover = None if chance else game.to_move(state)
            after, public, words = _hooks(game, state, chance)
            for seat in range(n):
                if seat == mover:
                    continue
                for group in _same_looking(game, state, seat, options, after, public):
                    texts = {words(o): o for o in group}
                    assert len(texts) == 1, (
                        f"{game_id} game {g}, step {step}, seat {seat}: the log tells apart "
                        f"two {'chance outcomes' if mover is None else 'moves'} this seat "
                        f"cannot: {list(texts)[:2]} ({list(texts.values())[:2]})"
                    )
                    compared += 1
            state = after(rng.choice(options))  # chance too: any outcome will do here
    return {"game": game_id, "compared": compared}
