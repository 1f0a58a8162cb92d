"""The game protocol: what every navalkit game provides.

A game is a :class:`Game` object of pure functions over immutable states. The
:class:`~navalkit.core.match.Match` driver adds what a session needs: seeded chance,
a record that replays, undo, and an event log.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from .clauses import ClauseBook
from .config import make_config, settings_table
from .errors import Violation

JSON = Any
S = TypeVar("S")  # state
A = TypeVar("A")  # action


@runtime_checkable
class Action(Protocol):
    """Actions are hashable values that can be written as JSON and read aloud."""

    def to_json(self) -> dict[str, JSON]: ...

    def describe(self) -> str: ...

    def __hash__(self) -> int: ...


class Game(ABC, Generic[S, A]):
    """The pure rules of one game.

    Subclasses set the class attributes and implement the abstract methods. None of them
    may draw chance themselves: at a chance node :meth:`chance_outcomes` lists what may
    happen and the Match draws it.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    config_type: ClassVar[type[Any]]
    clauses: ClassVar[ClauseBook]
    #: one line: what kind of game it is
    summary: ClassVar[str] = ""
    #: True when some seat may not see everything (observe hides something)
    hidden_information: ClassVar[bool] = False
    #: how the generic search bot (``mcts``, the hard level) should search this game: keyword
    #: arguments of :class:`~navalkit.core.mcts.MCTSBot` (empty: its defaults)
    search: ClassVar[dict[str, Any]] = {}

    # --- settings -------------------------------------------------------------------
    def make_config(self, **overrides: Any) -> Any:
        return make_config(self.config_type, overrides)

    def settings(self) -> list[dict[str, Any]]:
        return settings_table(self.config_type)

    # --- the rules ------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, config: Any, players: int) -> S: ...

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat to act, or None when the game is over or at a chance node."""

    def is_chance(self, state: S) -> bool:
        return False

    def chance_outcomes(self, state: S) -> Sequence[tuple[JSON, float]]:
        """``(outcome, probability)`` pairs at a chance node; probabilities sum to 1."""
        raise NotImplementedError(f"{self.id} has no chance nodes")

    def apply_chance(self, state: S, outcome: JSON) -> S:
        raise NotImplementedError(f"{self.id} has no chance nodes")

    def describe_chance(self, state: S, outcome: JSON) -> str:
        return f"chance: {outcome}"

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]: ...

    @abstractmethod
    def violation(self, state: S, action: object) -> Violation | None:
        """None when ``action`` is legal now, otherwise why not. Must accept any junk."""

    @abstractmethod
    def apply(self, state: S, action: A) -> S:
        """The state after a legal action (the caller has checked legality)."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> tuple[int, ...]: ...

    @abstractmethod
    def winner(self, state: S) -> int | None:
        """The winning seat once over (None for a draw or while playing)."""

    @abstractmethod
    def observe(self, state: S, player: int | None) -> Any:
        """What ``player`` may see; ``None`` is the teacher's view of everything."""

    @abstractmethod
    def action_from_json(self, data: JSON) -> A:
        """Read an action written by ``Action.to_json``; ValueError if it is not one."""

    def describe(self, state: S, action: A) -> str:
        """The action in words, in the context of ``state``."""
        return str(getattr(action, "describe", lambda: repr(action))())

    def describe_outcome(self, state: S, action: A) -> str:
        """Words for what an action just did (``state`` is the state before it)."""
        return self.describe(state, action)

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

    def ui_hint(self, state: S, path: tuple[str, ...]) -> str:
        """Why a click path starts no legal action, in words."""
        return "That starts no legal action: try another square."

    # --- optional extras a game may offer --------------------------------------------
    def sample_state(self, observation: Any, rng: Any) -> S | None:
        """A full state consistent with ``observation`` (hidden parts guessed with ``rng``),
        for search bots that must not peek; None when the game cannot say. A game without
        hidden information observes the state itself, which is returned as it is."""
        return None if self.hidden_information else observation

    def bots(self) -> dict[str, Callable[[], Any]]:
        """Heuristic computer players this game offers, by name."""
        return {}

    def draw(self, observation: Any, theme: Any = None, **marks: Any) -> Any:
        """A Scene for an observation; ``marks`` are game-specific highlights (selection,
        targets, refused squares). Games override it and import their drawing lazily."""
        raise NotImplementedError(f"{self.id} has no drawing")
