"""The game protocol: what every navalkit game provides, and all that the rest of navalkit
may ask of it.

A game is a :class:`Game` object of pure functions over immutable states, generic over its
state ``S``, action ``A``, view ``V`` (what one seat sees) and settings ``C``. The
:class:`~navalkit.core.match.Match` driver adds what a session needs: seeded chance, a record
that replays, undo, and an event log. Every hook that core, render, play or testing calls is
declared here, with its default where a game may leave it out; nothing is found by
``getattr``. Drawing is not part of it: a game's ``draw`` module is found by the render layer
(:mod:`navalkit.render.games`), so the rules never import drawing.
"""

from __future__ import annotations

import datetime as dt
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar, runtime_checkable

from .actions import moved_last
from .clauses import ClauseBook
from .config import make_config, settings_table, value_words
from .errors import Violation

JSON = Any
S = TypeVar("S")  # state
A = TypeVar("A")  # action
V = TypeVar("V")  # view: what one seat may see
C = TypeVar("C")  # config: the game's settings


@dataclass(frozen=True)
class RulesVersion:
    """One version of a game's rules, as a save names it (``"far_seas/3"``): when it came and
    what changed from the version before, in words a student reads when an older save is
    resumed. A game lists its versions oldest first (``Game.rules_history``); a save made
    under an older one replays under the newest if its moves are still legal there."""

    version: str
    date: str  # YYYY-MM-DD
    changes: str
    #: settings that give the rule as it was before this version, where a setting can: a game
    #: begun under an earlier version keeps them (unless it names them itself), so it goes on
    #: as it began
    earlier: tuple[tuple[str, Any], ...] = ()

    @property
    def number(self) -> str:
        """The version as a student reads it: ``"3"`` for ``"far_seas/3"``."""
        return self.version.rpartition("/")[2]


def changes_words(versions: Sequence[RulesVersion]) -> str:
    """What changed in ``versions`` (a game's versions after a save's), in plain words."""
    return " ".join(f"Version {v.number} ({day_words(v.date)}): {v.changes}" for v in versions)


def day_words(date: str) -> str:
    """``"2026-11-29"`` as ``"29 November 2026"``."""
    day = dt.date.fromisoformat(date)
    return f"{day.day} {day:%B %Y}"


@runtime_checkable
class Action(Protocol):
    """Actions are hashable values that can be written as JSON and read aloud."""

    def to_json(self) -> dict[str, JSON]: ...

    def describe(self) -> str: ...

    def __hash__(self) -> int: ...


class Game(ABC, Generic[S, A, V, C]):
    """The pure rules of one game.

    Subclasses set the class attributes and implement the abstract methods. None of them
    may draw chance themselves: at a chance node :meth:`chance_outcomes` lists what may
    happen and the Match draws it.

    The hooks come in four groups: the rules (used by the Match), words (status lines and
    the log), clicking on a board (used by :mod:`navalkit.play`), and search and testing
    (used by the bots and the conformance suite). Each game's ``game`` module wires them to
    its own modules and holds no rule of its own.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    #: every version of the rules, oldest first; the last is the one played (``rules_version``)
    rules_history: ClassVar[tuple[RulesVersion, ...]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    config_type: ClassVar[type[Any]]
    #: the classes of the game's states and views (the render layer gives them a picture)
    state_type: ClassVar[type[Any]]
    view_type: ClassVar[type[Any]]
    clauses: ClassVar[ClauseBook]
    #: one line: what kind of game it is
    summary: ClassVar[str] = ""
    #: True when some seat may not see everything (observe hides something)
    hidden_information: ClassVar[bool] = False
    #: how the generic search bot (``mcts``, the hard level) should search this game: keyword
    #: arguments of :class:`~navalkit.core.mcts.MCTSBot` (empty: its defaults)
    mcts_settings: ClassVar[dict[str, Any]] = {}
    #: the bot the hard level is: the generic search (``mcts``), or one of the game's own
    #: ``bots()`` when a search made for the game plays better (Branle-Bas: ``admiral``)
    hard_level: ClassVar[str] = "mcts"
    #: what a page adds to the running score of the games played at one screen (a series),
    #: when the rules say how scores carry on from game to game
    series_note: ClassVar[str] = ""
    #: how to play the game on its page, for a student who has never seen it (HTML: short
    #: paragraphs, one thing each): the play page shows it in the *How to play* section under
    #: the board, so that the board itself opens on a school laptop's screen, not under a
    #: paragraph of instructions. A seat at a table (classmates at one game, each on their
    #: own computer) shows it too, under its board: a paragraph about the play page's own
    #: controls (Ways to play, its settings, New game, the rules panel) begins
    #: ``<p data-page='play'>`` and a seat leaves it out; one for a seat only begins
    #: ``<p data-page='table'>``. The server-free site's play page shows it too, without the
    #: Voila play page's ones: one true there as well begins ``<p data-page='play site'>``, one
    #: for it alone ``<p data-page='site'>`` (see ``navalkit.play.how_to``)
    how_to_play: ClassVar[str] = ""
    #: True when a move's places are named on the board as a player types them (Branle-Bas'
    #: squares, "h3 h4"); else a typed move is given as an example in words (Far Seas' places
    #: "s13 a1" look alike but are names of our code, drawn nowhere)
    typed_places: ClassVar[bool] = False

    # --- settings -------------------------------------------------------------------
    def make_config(self, **overrides: Any) -> C:
        """The settings with ``overrides`` switched (a wrong name or value: ConfigError)."""
        config: C = make_config(self.config_type, overrides)
        return config

    def settings(self) -> list[dict[str, Any]]:
        """Every setting with its default, provenance and help, as table rows."""
        return settings_table(self.config_type)

    # --- versions of the rules --------------------------------------------------------
    @property
    def rules_version(self) -> str:
        """The version of the rules played, as a save names it: the last of
        ``rules_history``."""
        return self.rules_history[-1].version

    def rules_since(self, version: object) -> tuple[RulesVersion, ...] | None:
        """The versions of the rules that came after ``version`` (empty for the current one),
        or None when ``version`` is not one of this game's (another game's, a newer
        navalkit's, or made up)."""
        names = [v.version for v in self.rules_history]
        if version not in names:
            return None
        return self.rules_history[names.index(version) + 1 :]

    def rules_before(self, newer: Sequence[RulesVersion]) -> RulesVersion:
        """The version a save was made under, given the versions since (``rules_since``)."""
        return self.rules_history[-len(newer) - 1]

    def settings_kept(
        self, newer: Sequence[RulesVersion], settings: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The settings of a game begun under older rules (``newer``: the versions since):
        its own, and for each correction a setting can undo, the earlier rule, unless the game
        names that setting itself (the oldest correction first: it is the rule it began
        with)."""
        kept = dict(settings)
        for v in newer:
            for name, value in v.earlier:
                kept.setdefault(name, value)
        return kept

    def kept_words(self, newer: Sequence[RulesVersion], config: Any) -> str:
        """The earlier rules a game begun under older rules keeps through its settings
        (``settings_kept``), in words: "" when it keeps none."""
        labels = {row["setting"]: row["label"] for row in self.settings()}
        kept = {
            name: value
            for v in newer
            for name, value in v.earlier
            if getattr(config, name) == value
        }
        if not kept:
            return ""
        fields = self.config_type.__dataclass_fields__
        said = "; ".join(
            f"{labels[name]}: {value_words(value, fields[name])}" for name, value in kept.items()
        )
        return f"It keeps the earlier rule it began with, as a setting ({said})."

    # --- the rules ------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, config: C, players: int) -> S: ...

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat to act, or None when the game is over or at a chance node."""

    def is_chance(self, state: S) -> bool:
        return False

    def chance_outcomes(self, state: S) -> Sequence[tuple[JSON, float]]:
        """``(outcome, probability)`` pairs at a chance node; probabilities sum to 1."""
        raise NotImplementedError(f"{self.id} has no chance nodes")

    def chance_uniform(self, state: S) -> Sequence[JSON] | None:
        """At a chance node whose outcomes are all equally likely (a card from a pile, a die):
        those outcomes, in the order :meth:`chance_outcomes` lists them, each of probability
        ``1 / len``; None at any other. Optional: a match then draws the same outcome from
        the same seed without building the pairs (the conformance suite checks both agree)."""
        return None

    def apply_chance(self, state: S, outcome: JSON) -> S:
        raise NotImplementedError(f"{self.id} has no chance nodes")

    def describe_chance(self, state: S, outcome: JSON) -> str:
        return f"chance: {outcome}"

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[A]:
        """Every legal action of ``state``, in a stable order: a fresh list, or a tuple (which
        nothing changes once made, so the rules may hand out one they keep), or a
        :class:`~navalkit.core.actions.ChainedActions` (tuples the rules keep, read as one).
        A Match keeps a tuple or a ChainedActions as it is and gives every caller that same
        object: a list is copied once, into a tuple."""

    def handed_out(self, state: S, legal: Sequence[A], action: object) -> bool:
        """Whether ``action`` is surely legal in ``state`` because it is one of ``legal`` (the
        tuple or ChainedActions :meth:`legal_actions` gave for ``state``): the very object,
        not an equal one.

        A Match asks this before it plays an action of a long list (see Match.apply); False
        only means "not known here", and the Match then asks :meth:`violation`. The default
        looks along ``legal``; a game whose lists run to hundreds may find the object in the
        one part of the list it can be in (Far Seas' Allied moves: one ship's)."""
        for candidate in legal:  # noqa: SIM110 (a plain loop: faster than any() here)
            if candidate is action:
                return True
        return False

    @abstractmethod
    def violation(self, state: S, action: object) -> Violation | None:
        """None when ``action`` is legal now, otherwise why not. Must accept any junk."""

    @abstractmethod
    def apply(self, state: S, action: A) -> S:
        """The state after a legal action (the caller has checked legality)."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> tuple[float, ...]: ...

    @abstractmethod
    def winner(self, state: S) -> int | None:
        """The winning seat once over (None for a draw or while playing)."""

    def victory_words(self, config: C) -> str:
        """How a game is won under ``config``, in a sentence for a table of results, when the
        scores alone do not tell it (Far Seas: the raiders win only with a lead of more than
        the lead they need); empty by default, where the higher score wins."""
        return ""

    def winners(self, state: S) -> tuple[int, ...]:
        """Every seat that won once over: the winner and, in a team game, the winner's
        partners (none for a draw or while playing)."""
        w = self.winner(state)
        return () if w is None else (w,)

    @abstractmethod
    def observe(self, state: S, player: int | None) -> V:
        """What ``player`` may see; ``None`` is the teacher's view of everything."""

    @abstractmethod
    def action_from_json(self, data: JSON) -> A:
        """Read an action written by ``Action.to_json``; ValueError if it is not one."""

    # --- words ----------------------------------------------------------------------
    def describe(self, state: S, action: A) -> str:
        """The action in words, in the context of ``state``."""
        return action.describe() if isinstance(action, Action) else repr(action)

    def describe_outcome(self, state: S, action: A) -> str:
        """Words for what an action just did (``state`` is the state before it)."""
        return self.describe(state, action)

    def public_action(self, state: S, action: A) -> JSON:
        """What the other seats see of ``action`` as it is played, as JSON (``state`` is the
        state before it). By default all of it: a card played face up, a move on the open
        board. A move that hides something (a convoy laid face down, a screened set-up, a
        raider's secret order) returns less. Its log line (:meth:`describe_outcome`) may say
        no more than this and what the move then shows on the board (the leak check holds it
        to that), and a seat's own record (``Match.record_for``) keeps only this of the other
        seats' moves."""
        return action.to_json() if isinstance(action, Action) else repr(action)

    def public_chance(self, state: S, outcome: JSON) -> JSON:
        """What every seat sees of a chance ``outcome``, as JSON: by default all of it (a die
        rolled on the table). A shuffle or a card drawn into a hand returns None (its words,
        :meth:`describe_chance`, then may say only what the board shows after it)."""
        return outcome

    def player_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def status(self, state: S) -> str:
        """One line on where the game stands (for status bars and screen readers)."""
        if self.is_over(state):
            w = self.winner(state)
            return "Game over: draw." if w is None else f"Game over: {self.player_name(w)} wins."
        p = self.to_move(state)
        return "Chance." if p is None else f"{self.player_name(p)} to move."

    # --- how a board is played by clicking (used by widgets; rules stay the judge) ---------
    def action_path(self, action: A) -> tuple[str, ...]:
        """The board regions (and chosen option, if any) clicked in order to play ``action``."""
        return ()

    def action_at(self, state: S, path: tuple[str, ...]) -> A | None:
        """The action a complete click path would mean, legal or not (to explain refusals)."""
        return None

    def ui_choices(self, state: S) -> list[tuple[str, str]]:
        """Options a player picks before clicking (label, value); the value starts the path."""
        return []

    def listed(self, state: S, legal: Sequence[A]) -> Sequence[A]:
        """``legal`` (the legal actions of ``state``) in the order a page lists them for a
        person to pick from, the first one chosen: the rules' order, with the actions
        :meth:`listed_last` picks moved to the end (a game says which in listed_last; the
        conformance suite holds this order). For pages only: bots, simulations and records
        keep the rules' order."""
        return moved_last(legal, lambda action: self.listed_last(state, action))

    def listed_last(self, state: S, action: A) -> bool:
        """Whether a page lists ``action`` after the others, and types no example of it: a
        move nobody means to make by leaving a list's first entry (a pass, a discard, a touch
        of a ship that cannot move). None by default."""
        return False

    def ui_hint(self, state: S, path: tuple[str, ...]) -> str:
        """Why a click path starts no legal action, in words."""
        return "That starts no legal action: try another square."

    # --- search and testing ----------------------------------------------------------
    def sample_state(self, observation: V, rng: Any) -> S | None:
        """A full state consistent with ``observation`` (hidden parts guessed with ``rng``),
        for search bots that must not peek; None when the game cannot say. A game without
        hidden information observes the state itself, which is returned as it is."""
        return None if self.hidden_information else observation  # type: ignore[return-value]

    def evaluate(self, state: S, seat: int) -> float | None:
        """How well ``seat`` stands in an unfinished game, from 0 to 1 (to score search
        rollouts cut short); None when the game has no opinion, and the search then ranks
        the scores so far."""
        return None

    def bots(self) -> dict[str, Callable[[], Any]]:
        """Heuristic computer players this game offers, by name."""
        return {}

    def assert_no_leak(self, state: S) -> None:
        """Raise AssertionError when a seat's view of ``state`` holds something that seat may
        not see (a game-specific check the conformance suite runs at every step, on top of
        its own); nothing to check by default."""


#: a game of any kind, for code that serves every game (the conformance suite, the CLI)
AnyGame: TypeAlias = Game[Any, Any, Any, Any]
