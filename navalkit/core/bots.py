"""Computer players. A bot sees only its seat's observation and the legal actions."""

from __future__ import annotations

from typing import Any, cast

from .mcts import MCTSBot
from .player import Bot, BotView, RandomBot, heuristic_bot, heuristic_name
from .rng import bot_rng

__all__ = [
    "LEVELS",
    "Bot",
    "BotView",
    "RandomBot",
    "bot_name",
    "bot_names",
    "bot_view",
    "heuristic_bot",
    "heuristic_name",
    "make_bot",
    "play_bot_move",
]


#: the dashboards' levels and the bots behind them
LEVELS = {"easy": "random", "medium": "greedy", "hard": "mcts"}


def bot_names(game: Any) -> list[str]:
    """The bots a game offers: ``random``, the game's own heuristics, and ``mcts``."""
    return ["random", *game.bots(), "mcts"]


def bot_name(game: Any, name: str) -> str:
    """The bot behind ``name`` for ``game``: a level (easy, medium, hard: the game's
    ``hard_level``) or ``greedy`` (the game's own heuristic, ``random`` without one) resolved,
    any other name as it is."""
    if name == "hard":
        return str(game.hard_level)
    name = LEVELS.get(name, name)
    if name == "greedy":
        return heuristic_name(game) or "random"
    return name


def make_bot(game: Any, name: str, *, fixed: bool = False) -> Bot:
    """A bot by name (or level: easy, medium, hard), for ``game``. ``greedy`` is the game's
    own heuristic bot whatever its name (``random`` for a game without one); ``hard`` is the
    game's ``hard_level`` (the generic ``mcts`` search unless the game has its own). A search
    (a bot class with a ``for_game`` constructor, as :meth:`MCTSBot.for_game`) thinks against
    the clock unless ``fixed``: then it searches a set amount, the same moves on every
    machine."""
    name = bot_name(game, name)
    if name == "random":
        return RandomBot()
    factories: dict[str, Any] = {**game.bots(), "mcts": MCTSBot}
    if name not in factories:
        raise ValueError(f"{game.title} has no bot {name!r}; choose from {bot_names(game)}")
    factory = factories[name]
    if hasattr(factory, "for_game"):  # a search: the game's settings, on the clock or fixed
        bot: Bot = factory.for_game(game, fixed=fixed)
        return bot
    return cast(Bot, factory())


def bot_view(match: Any) -> BotView:
    """The view the bot for the seat to move gets of ``match``."""
    player = match.current_player
    if player is None:
        raise ValueError("The game is over: there is no seat to move.")
    ply = match.event_count
    return BotView(
        game=match.game,
        player=player,
        observation=match.observe(player),
        legal_actions=match.legal_actions(),
        rng=bot_rng(match.seed, ply, player),
        ply=ply,
        players=match.players,
    )


def play_bot_move(match: Any, bot: Bot) -> Any:
    """Let ``bot`` choose for the seat to move and play its choice through the Match."""
    action = bot.choose(bot_view(match))
    return match.apply(action)
