"""What a computer player is: a :class:`Bot` chooses a move from a :class:`BotView`, which
holds only its seat's observation and the legal actions. The bots themselves are in
:mod:`.bots` (by name and level) and :mod:`.mcts` (the search)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .rng import Rng

#: the longest a hard move may think, in seconds, unless a game sets its own limit. The
#: searches (:class:`.mcts.MCTSBot`, and a game's own hard player such as Branle-Bas's admiral)
#: stop on it, and drop it in their fixed mode (``for_game(game, fixed=True)``)
MOVE_BUDGET_S = 0.2


@dataclass(frozen=True)
class BotView:
    """What a bot is given to choose a move: never the hidden parts of the state."""

    game: Any
    player: int
    observation: Any
    legal_actions: Sequence[Any]  # (a Match's tuple, or what the rules list)
    rng: Rng  # seeded per ply by navalkit.core.rng
    ply: int
    players: int = 2


class Bot(Protocol):
    name: str

    def choose(self, view: BotView) -> Any: ...


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: BotView) -> Any:
        return view.rng.choice(view.legal_actions)


def heuristic_name(game: Any) -> str | None:
    """The name of the game's own one-step heuristic bot (``greedy`` stands for it)."""
    names = list(game.bots())
    return "greedy" if "greedy" in names else (names[0] if names else None)


def heuristic_bot(game: Any) -> Bot:
    """The game's own heuristic bot, or a random one for a game without."""
    name = heuristic_name(game)
    bot: Bot = game.bots()[name]() if name else RandomBot()
    return bot
