"""A play page's options, read from its query string: the same keys for every game and for
both the Voila pages (:mod:`navalkit.widgets.page`) and the server-free site
(:mod:`navalkit.site`).

- ``seed``: a whole number (the deal, dice and bots' chance);
- ``players``: how many seats, within the game's range;
- ``opponent``: ``human`` (hot-seat), ``random``, ``greedy``/the game's own bot name,
  ``mcts``, or a level ``easy``/``medium``/``hard``; every seat but the student's plays it;
- ``side``: the student's seat, by the game's name for it (``side=allies`` in Far Seas) or
  by number (``side=2``);
- any of the game's settings by name (``teams=1``, ``scenario=fleet``, ``goal=75``).

A student never has to type these: :func:`ways_to_play` lists, in words, the links that open
the page again another way (the computer's strength, classmates taking turns, a side, how
many play), and the play page shows them.

A value that does not fit is not fatal: the page opens with the default and says what it
ignored and why, so a typo in a link a teacher shared never shows a student a traceback.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any
from urllib.parse import parse_qs, urlencode

from ..core.bots import LEVELS, bot_name, bot_names
from ..core.errors import ConfigError
from ..core.registry import get_game
from ..core.rng import SEED_MAX, fresh_seed
from ..core.words import quoted
from .seats import HUMAN, one_person, others_of
from .teacher import is_teacher_key

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def opponent_bot(game: Any, opponent: str) -> str:
    """The seat value behind an opponent choice: ``human`` (hot-seat), a bot name, ``greedy``
    (the game's own bot) or a level; ValueError naming the choices otherwise."""
    name = bot_name(game, opponent.lower())
    if name != HUMAN and name not in bot_names(game):
        choices = ", ".join([HUMAN, *bot_names(game), *LEVELS])
        raise ValueError(f"{game.title} has no opponent {opponent!r}; choose from {choices}")
    return name


@dataclasses.dataclass(frozen=True)
class PlayOptions:
    """What a play page opens: GameApp's arguments, and the words for what was ignored."""

    seed: int | None  # None: the link names no seed, so the game is a fresh deal
    players: int
    seats: list[str]
    config: dict[str, Any]
    notes: list[str]
    teacher: bool = False  # the link carries this server's teacher key


#: a whole number as a link may write it: ASCII digits only (not "²" or "٣"), at most 20 of them
_INTEGER = re.compile(r"-?[0-9]{1,20}")


def _integer(text: str) -> int | None:
    """``text`` as a whole number, or None (never an error, whatever a link holds)."""
    return int(text) if _INTEGER.fullmatch(text) else None


def _whole(text: str, low: int, high: int) -> int | None:
    value = _integer(text)
    return value if value is not None and low <= value <= high else None


def new_deal(given: object, last: int | None = None) -> int:
    """The seed of a new game: ``given`` (a whole number from 0 to SEED_MAX, typed or sent)
    unless it is ``last``, the seed of the game just played, whose deal it would repeat; then,
    or when no seed is given, a fresh one. ValueError, in words, for anything else."""
    if given is None or given == "":
        return fresh_seed()
    if isinstance(given, int) and not isinstance(given, bool):
        value: int | None = given if 0 <= given <= SEED_MAX else None
    else:
        value = _whole(str(given).strip(), 0, SEED_MAX)
    if value is None:
        # said of the page's Game number box (play.guide.SEED_LABEL), where it is typed: "the
        # seed" read as the original rules' text
        raise ValueError(f"The game number is a whole number from 0 to {SEED_MAX:,}.")
    return fresh_seed() if value == last else value


def _setting(field: dataclasses.Field[Any], text: str) -> Any:
    """``text`` read as a value of the setting's type (None if it cannot be)."""
    default: Any = field.default
    if isinstance(default, bool):
        low = text.lower()
        return True if low in _TRUE else False if low in _FALSE else None
    if isinstance(default, int):
        return _integer(text)
    return text if isinstance(default, str) else None


def play_options(game_id: str, query: str) -> PlayOptions:
    """Read a play page's query string for ``game_id``; never raises on what a URL says."""
    game = get_game(game_id)
    q = {k: v[-1].strip() for k, v in parse_qs(query, keep_blank_values=True).items()}
    notes: list[str] = []

    def ignore(key: str, why: str) -> None:
        notes.append(f"Ignored {key}={quoted(q[key])}: {why}.")

    seed: int | None = None
    if "seed" in q:
        seed = _whole(q["seed"], 0, SEED_MAX)
        if seed is None:
            # the page calls it the Game number (play.guide.SEED_LABEL): "the seed" would
            # read as the original rules' text
            ignore("seed", f"it gives the game number, a whole number from 0 to {SEED_MAX:,}")
    lo, hi = game.min_players, game.max_players
    players = game.default_players
    if "players" in q:
        n = _whole(q["players"], lo, hi)
        if n is None:
            span = f"{lo}" if lo == hi else f"{lo} to {hi}"
            ignore("players", f"{game.title} takes {span} players")
        players = n or players

    opponent = opponent_bot(game, "greedy")
    if "opponent" in q:
        try:
            opponent = opponent_bot(game, q["opponent"])
        except ValueError:
            ignore("opponent", "use " + ", ".join([HUMAN, *bot_names(game), *LEVELS]))

    side = 0
    if "side" in q:
        names = [game.player_name(s).lower() for s in range(players)]
        text = q["side"].lower()
        by_number = _whole(text, 1, players)
        if text in names:
            side = names.index(text)
        elif by_number is not None:
            side = by_number - 1
        else:
            ignore("side", "name a side (" + ", ".join(names) + f") or a seat 1-{players}")
    seats = one_person(players, opponent, side)

    teacher = False
    if "teacher" in q:  # never echoed: a wrong key is not shown back on the page
        teacher = is_teacher_key(q["teacher"])
        if not teacher:
            notes.append("Ignored the teacher key: it is not this server's (a student's page).")

    fields = {f.name: f for f in dataclasses.fields(game.config_type)}
    config: dict[str, Any] = {}
    # "game" names the game on the one play page that serves them all (widgets.page.play_any);
    # "navalkit_wait" is a busy page's number in the server's line (navalkit.serving)
    reserved = {"seed", "players", "opponent", "side", "teacher", "game", "navalkit_wait"}
    for key in q.keys() - reserved:
        if key not in fields:
            ignore(key, f"{game.title} has no setting of that name")
            continue
        value = _setting(fields[key], q[key])
        try:  # a value of the wrong kind is refused as typed: the settings' own words
            game.make_config(**{key: q[key] if value is None else value})
        except ConfigError as exc:
            ignore(key, str(exc).rstrip("."))  # the note ends with its own full stop
            continue
        config[key] = value
    return PlayOptions(seed, players, seats, config, sorted(notes), teacher)


@dataclasses.dataclass(frozen=True)
class Way:
    """One choice of a play page's *ways to play*: its words, and the query string of the page
    that plays that way (None: the page already plays so)."""

    words: str
    query: str | None


def ways_to_play(game_id: str, query: str) -> list[tuple[str, list[Way]]]:
    """The other ways the play page opened with ``query`` can be played, in groups of choices
    (each with its heading, "" for none): the computer's strength, classmates taking turns at
    this computer, the student's side (two-player games) and how many play (games for more).

    Each choice's query is this page's, read as :func:`play_options` reads it, with that one
    thing changed: what the page ignored is left out, the seed too (a new deal), and the
    teacher key is kept only when it is this server's."""
    game = get_game(game_id)
    options = play_options(game_id, query)
    given = {k: v[-1].strip() for k, v in parse_qs(query, keep_blank_values=True).items()}
    base = {k: v for k, v in given.items() if k == "game" or k in options.config}
    if options.teacher:
        base["teacher"] = given["teacher"]
    computer = others_of(options.seats)
    together = computer == HUMAN  # every seat a person: classmates taking turns
    you = options.seats.index(HUMAN)
    # each level's computer player, and the page's by its level's name where it is one
    # (opponent=medium; the easiest level where two levels are the same player)
    plays = {level: bot_name(game, level) for level in LEVELS}
    named = {bot: level for level, bot in reversed(plays.items())}
    now = {"opponent": named.get(computer, computer)}
    low, high = game.min_players, game.max_players
    if low < high:
        now["players"] = str(options.players)
    if not together:
        now["side"] = str(you + 1)

    def way(words: str, current: bool, **change: str | None) -> Way:
        if current:
            return Way(words, None)
        keys = {**base, **now, **change}
        return Way(words, urlencode({k: v for k, v in keys.items() if v is not None}))

    levels = [way(level, computer == bot, opponent=level) for level, bot in plays.items()]
    turns = way("classmates taking turns at this computer", together, opponent=HUMAN, side=None)
    groups = [("against the computer", levels), ("", [turns])]
    if game.max_players == 2 and not together:
        sides = [
            way(game.player_name(s), s == you, side=str(s + 1)) for s in range(options.players)
        ]
        groups.append(("you play", sides))
    if low < high:
        counts = [way(str(n), n == options.players, players=str(n)) for n in range(low, high + 1)]
        groups.append(("players", counts))
    return groups
