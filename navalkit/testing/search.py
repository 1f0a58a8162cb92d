"""Checks that a search bot never peeks at hidden information, for any game with a sampler.

A seat that cannot tell two true states apart must make the same decision in both: the bot
is given only the seat's observation and legal actions, with the same random generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from navalkit.core.bots import BotView, make_bot
from navalkit.core.mcts import MCTSBot


def twin_by_sampling(game: Any, state: Any, seat: int, tries: int = 50) -> Any:
    """Another true state that ``seat`` cannot tell from ``state``, drawn from the game's own
    sampler (different in what the teacher's view shows)."""
    view = game.observe(state, seat)
    for k in range(tries):
        other = game.sample_state(view, random.Random(k))
        if game.observe(other, None) != game.observe(state, None):
            return other
    raise AssertionError(f"no different state found in {tries} samples")


def assert_same_choice(
    game: Any, seat: int, truths: tuple[Any, ...], *, seed: int, players: int, **search: Any
) -> Any:
    """The search bot's choice for ``seat`` in each of ``truths`` (states whose observations
    for that seat are equal), with one seed: asserts they agree, and returns it."""
    views = [game.observe(t, seat) for t in truths]
    assert all(v == views[0] for v in views), "the truths must look the same to the seat"
    choices = []
    for truth, view in zip(truths, views, strict=True):
        bot_view = BotView(
            game, seat, view, game.legal_actions(truth), random.Random(seed), 0, players
        )
        choices.append(MCTSBot(**search).choose(bot_view))
    assert all(c == choices[0] for c in choices), f"the search peeked: {choices}"
    return choices[0]


def assert_no_peeking(
    game: Any,
    positions: Iterable[tuple[int, Any]],
    players: Callable[[Any], int],
    *,
    cases: int = 6,
    **search: Any,
) -> None:
    """In ``cases`` of the ``(seed, state)`` positions where a seat chooses among two or more
    actions, a twin state the seat cannot tell apart (:func:`twin_by_sampling`) gets the same
    search choice with the same seed. Fails if fewer positions qualify."""
    checked = 0
    for seed, state in positions:
        seat = game.to_move(state)
        if seat is None or len(game.legal_actions(state)) < 2:
            continue
        other = twin_by_sampling(game, state, seat)
        assert_same_choice(game, seat, (state, other), seed=seed, players=players(state), **search)
        checked += 1
        if checked == cases:
            return
    raise AssertionError(f"only {checked} of {cases} positions had a choice to make")


def fast_mcts(game: Any, iterations: int) -> MCTSBot:
    """The game's own ``mcts`` bot (its search settings) with fewer iterations, for tests."""
    bot = make_bot(game, "mcts", fixed=True)
    assert isinstance(bot, MCTSBot)
    bot.iterations = iterations
    return bot


def seat_wins(game_id: str, bot: str, other: str, games: int, *, seed: int, **settings: Any) -> int:
    """How many of ``games`` seeded games (seeds ``seed``, ``seed + 1``, ...) ``bot`` wins
    against ``other`` in every other seat, its seat rotating; searches on fixed iterations."""
    from navalkit.core import get_game, new_match
    from navalkit.core.bots import play_bot_move

    game = get_game(game_id)
    n = game.default_players
    wins = 0
    for g in range(games):
        match = new_match(game_id, seed=seed + g, players=n, **settings)
        seat = g % n
        bots = [make_bot(game, other, fixed=True) for _ in range(n)]
        bots[seat] = make_bot(game, bot, fixed=True)
        while not match.is_over:
            player = match.current_player
            assert player is not None
            play_bot_move(match, bots[player])
        wins += match.winner == seat
    return wins
