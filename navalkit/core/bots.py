"""Computer players. A bot sees only its seat's observation and the legal actions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .rng import Rng, bot_rng


@dataclass(frozen=True)
class BotView:
    """What a bot is given to choose a move: never the hidden parts of the state."""

    game: Any
    player: int
    observation: Any
    legal_actions: list[Any]
    rng: Rng  # seeded per ply by navalkit.core.rng
    ply: int


class Bot(Protocol):
    name: str

    def choose(self, view: BotView) -> Any: ...


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: BotView) -> Any:
        return view.rng.choice(view.legal_actions)


def bot_names(game: Any) -> list[str]:
    """The bots a game offers: ``random`` and the game's own heuristics."""
    return ["random", *game.bots()]


def make_bot(game: Any, name: str) -> Bot:
    """A bot by name, for ``game``."""
    if name == "random":
        return RandomBot()
    factories: dict[str, Callable[[], Bot]] = game.bots()
    if name not in factories:
        raise ValueError(f"{game.title} has no bot {name!r}; choose from {bot_names(game)}")
    return factories[name]()


def bot_view(match: Any) -> BotView:
    """The view the bot for the seat to move gets of ``match``."""
    player = match.current_player
    if player is None:
        raise ValueError("The game is over: there is no seat to move.")
    ply = len(match.events)
    return BotView(
        game=match.game,
        player=player,
        observation=match.observe(player),
        legal_actions=match.legal_actions(),
        rng=bot_rng(match.seed, ply, player),
        ply=ply,
    )


def play_bot_move(match: Any, bot: Bot) -> Any:
    """Let ``bot`` choose for the seat to move and play its choice through the Match."""
    action = bot.choose(bot_view(match))
    return match.apply(action)
