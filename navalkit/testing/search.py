"""Checks that a search bot never peeks at hidden information, for any game with a sampler.

A seat that cannot tell two true states apart must make the same decision in both: the bot
is given only the seat's observation and legal actions, with the same random generator.
"""

from __future__ import annotations

import random
from typing import Any

from navalkit.core.bots import BotView
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
