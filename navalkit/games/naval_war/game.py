"""The Naval War Game object: the protocol wired to the pure rules, plus the click hooks."""

from __future__ import annotations

from typing import Any, ClassVar

from navalkit.core.clauses import ClauseBook
from navalkit.core.errors import Violation
from navalkit.core.protocol import Game

from . import rules
from .actions import Action, Play, choices, from_path, to_path
from .actions import action_from_json as read_action
from .clauses import CLAUSES
from .config import Config
from .data import ADD_DAMAGE, CARDS, REPAIR, SHIPS
from .mechanics.damage import owner_of, salvo_owner
from .observe import View, assert_no_leak, observe
from .rules import violation
from .state import (
    AIR,
    CHANCE_PHASES,
    CHOOSE,
    DEAL,
    DS_TARGET,
    OVER,
    PHASE_NAMES,
    ROLL,
    ROLL_AIR,
    ROLL_DS,
    ROLL_SUBMARINE,
    SHIP,
    State,
)

RULES_VERSION = "naval_war/1"


class NavalWar(Game[State, Action, View, Config]):
    id: ClassVar[str] = "naval_war"
    title: ClassVar[str] = "Naval War"
    summary: ClassVar[str] = "WWII card game for 3-9 players: salvos, red cards, air strikes"
    rules_version: ClassVar[str] = RULES_VERSION
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 9
    default_players: ClassVar[int] = 3
    config_type: ClassVar[type[Any]] = Config
    state_type: ClassVar[type[Any]] = State
    view_type: ClassVar[type[Any]] = View
    clauses: ClassVar[ClauseBook] = CLAUSES
    hidden_information: ClassVar[bool] = True

    def initial_state(self, config: Config, players: int) -> State:
        return rules.initial_state(config, players)

    def to_move(self, state: State) -> int | None:
        if state.phase == OVER or rules.is_chance(state):
            return None
        return state.seat

    def is_chance(self, state: State) -> bool:
        return state.phase in CHANCE_PHASES  # rules.is_chance, inlined: asked at every step

    chance_outcomes = staticmethod(rules.chance_outcomes)

    def apply_chance(self, state: State, outcome: Any) -> State:
        return rules.apply_chance(state, int(outcome))

    def describe_chance(self, state: State, outcome: Any) -> str:
        who = self.player_name(state.seat)
        if state.phase == ROLL:
            what = {
                ROLL_AIR: "the air strike",
                ROLL_DS: "the Destroyer Squadron",
                ROLL_SUBMARINE: "the submarine",
            }.get(state.roll_for, "the torpedo boat")
            return f"{who} rolls {outcome} for {what}."
        if state.phase == DEAL:
            return "A card is dealt."
        if state.phase == SHIP:
            return f"{who}'s additional ship from the harbor: {SHIPS[int(outcome)].label}."
        if rules.fleet_red(int(outcome)) and not state.opening:
            return f"{who} draws a red card: {CARDS[int(outcome)].label}."
        return f"{who} draws a card."

    # The three calls of every playout step go straight to the rules (no wrapper frame).
    legal_actions = staticmethod(rules.legal_actions)

    def violation(self, state: State, action: object) -> Violation | None:
        return violation(state, action)

    apply = staticmethod(rules.apply)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return rules.scores(state)

    def winner(self, state: State) -> int | None:
        return state.winner if state.phase == OVER and state.winner >= 0 else None

    def observe(self, state: State, player: int | None) -> View:
        return observe(state, player)

    def assert_no_leak(self, state: State) -> None:
        assert_no_leak(state)

    def action_from_json(self, data: Any) -> Action:
        return read_action(data)

    def describe(self, state: State, action: Action) -> str:
        text = action.describe()
        if isinstance(action, Play) and 0 <= action.target < len(SHIPS):
            owner = owner_of(state, action.target)
            if owner >= 0 and action.target != DS_TARGET:
                text += f" ({self.player_name(owner)})"
        if isinstance(action, Play) and action.target >= 0 and action.card < len(CARDS):
            ship = salvo_owner(state, action.target)
            if ship >= 0 and CARDS[action.card].kind in (REPAIR, ADD_DAMAGE):
                text += f" (on {SHIPS[ship].name})"
        return text

    def describe_outcome(self, state: State, action: Action) -> str:
        return f"{self.player_name(state.seat)}: {self.describe(state, action)}"

    def status(self, state: State) -> str:
        totals = ", ".join(f"P{s + 1} {p}" for s, p in enumerate(rules.scores(state)))
        if state.phase == OVER:
            w = self.winner(state)
            who = "a draw" if w is None else f"{self.player_name(w)} wins"
            return f"Game over after {state.round} round(s): {who}. Scores: {totals}."
        head = f"Round {state.round}, deck {len(state.deck)}"
        if self.is_chance(state):
            return f"{head}: {PHASE_NAMES[state.phase]}. Scores: {totals}."
        step = "clear-out" if state.opening else PHASE_NAMES[state.phase]
        return f"{head}: {self.player_name(state.seat)} to move ({step}). Scores: {totals}."

    # --- clicking on the board ------------------------------------------------------------
    def action_path(self, action: Action) -> tuple[str, ...]:
        return to_path(action)

    def action_at(self, state: State, path: tuple[str, ...]) -> Action | None:
        return from_path(state, path)

    def ui_choices(self, state: State) -> list[tuple[str, str]]:
        return choices(state)

    def ui_hint(self, state: State, path: tuple[str, ...]) -> str:
        if state.phase == CHOOSE:
            return "Press Draw to draw a card, or Launch for air strikes."
        if state.phase == AIR:
            carrier = SHIPS[state.queue[0]].name
            return f"Click {carrier}, then an enemy ship to strike (or Hold)."
        if path and path[-1].startswith("card:"):
            return "Now click a target: an enemy ship, a salvo, a fleet, Play or Discard."
        return "Click a card in your hand first, then its target."

    def player_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def sample_state(self, observation: View, rng: Any) -> State:
        """A full state this seat cannot tell from the truth: the cards it does not see dealt
        at random to the other hands and the deck, the unseen ships to the harbor."""
        from .observe import sample_state

        return sample_state(observation, rng)

    def evaluate(self, state: State, seat: int) -> float:
        """How well ``seat`` stands, from 0 to 1 (scores search rollouts cut short)."""
        from .observe import evaluate

        return evaluate(state, seat)

    def bots(self) -> dict[str, Any]:
        from .bots import GreedyBot

        return {"greedy": GreedyBot}


GAME = NavalWar()
