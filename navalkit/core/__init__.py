"""The core: protocol, errors, seeded chance, Match driver, records, clauses, bots.

Imports nothing else of navalkit, and no widget library.
"""

# ruff: noqa: E402 - a compiled build of the Match (if one was made) goes on the path first
from .compiled import use as _use_build

_use_build(__name__, __path__)

from .bots import Bot, BotView, RandomBot, bot_names, heuristic_name, make_bot, play_bot_move
from .clauses import Clause, ClauseBook
from .config import make_config, setting, settings_table
from .errors import (
    ConfigError,
    IllegalActionError,
    NavalkitError,
    RecordError,
    UnknownGameError,
    Violation,
)
from .match import Match, NothingToUndoError, load_match, new_match
from .protocol import Action, Game, RulesVersion
from .registry import games, get_game, register
from .simulate import play_one, simulate

__all__ = [
    "Action",
    "Bot",
    "BotView",
    "Clause",
    "ClauseBook",
    "ConfigError",
    "Game",
    "IllegalActionError",
    "Match",
    "NavalkitError",
    "NothingToUndoError",
    "RandomBot",
    "RecordError",
    "RulesVersion",
    "UnknownGameError",
    "Violation",
    "bot_names",
    "games",
    "get_game",
    "heuristic_name",
    "load_match",
    "make_bot",
    "make_config",
    "new_match",
    "play_bot_move",
    "play_one",
    "register",
    "setting",
    "settings_table",
    "simulate",
]
