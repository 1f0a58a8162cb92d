"""The Far Seas Game object: the protocol wired to the pure rules, plus click paths."""

from __future__ import annotations

from typing import Any, ClassVar

from navalkit.core.clauses import ClauseBook
from navalkit.core.errors import Violation
from navalkit.core.mcts import squash
from navalkit.core.protocol import Game

from . import rules
from .actions import Action, action_from_json, area_name, to_path
from .clauses import CLAUSES
from .config import Config
from .data import SHIPS, STATIONS
from .observe import View, assert_no_leak, observe
from .state import ALLIES, CHANCE, GERMANY, OVER, State

RULES_VERSION = "far_seas/1"


class FarSeas(Game[State, Action, View, Config]):
    id: ClassVar[str] = "far_seas"
    title: ClassVar[str] = "Far Seas"
    summary: ClassVar[str] = "WWI German raiders against the Allies on a map of sea areas"
    rules_version: ClassVar[str] = RULES_VERSION
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    config_type: ClassVar[type[Any]] = Config
    state_type: ClassVar[type[Any]] = State
    view_type: ClassVar[type[Any]] = View
    clauses: ClassVar[ClauseBook] = CLAUSES
    hidden_information: ClassVar[bool] = True
    # The hard bot: a game is some 500 decisions, so the search is small (100 iterations,
    # rollouts of 8 moves, half of them the commander's, scored by evaluate: the scaled
    # scores ignored the German par), with the commander's choice given a quarter of the
    # iterations as a head start.
    mcts_settings: ClassVar[dict[str, Any]] = {
        "iterations": 100,
        "rollout_depth": 8,
        "guide": 0.5,
        "hint": 0.25,
    }

    def initial_state(self, config: Config, players: int) -> State:
        return rules.initial_state(config)

    def to_move(self, state: State) -> int | None:
        return rules.to_move(state)

    def is_chance(self, state: State) -> bool:
        return state.phase == CHANCE

    # The calls of every playout step go straight to the rules (no wrapper frame).
    chance_outcomes = staticmethod(rules.chance_outcomes)

    def apply_chance(self, state: State, outcome: Any) -> State:
        return rules.apply_chance(state, int(outcome))

    def describe_chance(self, state: State, outcome: Any) -> str:
        o = int(outcome)
        kind = state.roll
        if kind == "race":
            return f"Pursuit race: runners roll {o // 10}, pursuer rolls {o % 10}."
        words = {
            "search": f"Search roll: {o}.",
            "home": f"Run for home: {o} (5-6 gets home).",
            "home1": f"Run for home, ship by ship: {o}.",
            "convoy": f"Convoy attack roll: {o}.",
            "sink": f"Merchants sunk from the convoy: {o}.",
            "run": f"Allied die as the German runs: {o} (a 6 stops him).",
            "slow": f"Pursuit die for the slower side: {o} (a 6 wins).",
        }
        if kind in words:
            return words[kind]
        b = state.battle
        if b is not None and b.queue:
            k, sh, tgt, mod = b.queue[0]
            what = {"gun": "fires at", "torp": "launches a torpedo at", "torpdmg": "torpedo hit on"}
            extra = f" ({mod:+d})" if k == "gun" and mod else ""
            return f"{SHIPS[sh].name} {what[k]} {SHIPS[tgt].name}: {o}{extra}."
        return f"Die: {o}."

    legal_actions = staticmethod(rules.legal_actions)

    def violation(self, state: State, action: object) -> Violation | None:
        return rules.violation(state, action)

    apply = staticmethod(rules.apply)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return rules.scores(state)

    def winner(self, state: State) -> int | None:
        return rules.winner(state)

    def observe(self, state: State, player: int | None) -> View:
        return observe(state, player)

    def sample_state(self, observation: View, rng: Any) -> State:
        """A full state consistent with ``observation``: unseen raiders placed where they
        could be from public facts only (see sample.py)."""
        from .observe import sample_state

        return sample_state(observation, rng)

    def evaluate(self, state: State, seat: int) -> float:
        """How well ``seat`` stands, from 0 to 1: the German lead over the Allies less the
        par prorated to the turns played (FS-VICTORY), squashed; for the Allies, one less
        that (used to score search rollouts cut short)."""
        if state.phase == OVER:
            w = rules.winner(state)
            return 0.5 if w is None else float(w == seat)
        g, a = rules.scores(state)
        par = state.config.german_par * (state.turn - 1) / state.config.turns
        german = squash(g - a - par, 30.0)
        return german if seat == GERMANY else 1.0 - german

    def assert_no_leak(self, state: State) -> None:
        """check_game's hook: the Allied view never shows an unseen raider."""
        assert_no_leak(state)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def player_name(self, seat: int) -> str:
        return ("Germany", "Allies")[seat]

    def describe(self, state: State, action: Action) -> str:
        return action.describe()

    def describe_outcome(self, state: State, action: Action) -> str:
        return rules.describe_outcome(state, action)

    def status(self, state: State) -> str:
        g, a = rules.scores(state)
        if state.phase == OVER:
            w = rules.winner(state)
            who = "a draw" if w is None else f"{self.player_name(w)} win"
            return (
                f"Game over after turn {state.turn}: Germany {g} VP (merchants "
                f"{state.gvp[0]}), Allies {a} VP: {who}."
            )
        public = g - state.gvp[0]
        step = {
            "ally": "Allies to move a ship",
            "german": "Germany to give an order",
            "search": "Allies to search",
            "g_run": "Germany: run or fight?",
            "a_run": "Allies: run or fight?",
            "chance": "dice",
        }[state.phase]
        return (
            f"Turn {state.turn}/{state.config.turns}: {step}. Germany {public} VP + secret "
            f"captures, Allies {a} VP."
        )

    # --- clicking on the map ----------------------------------------------------------------
    def action_path(self, action: Action) -> tuple[str, ...]:
        return to_path(action)

    def action_at(self, state: State, path: tuple[str, ...]) -> Action | None:
        return rules.from_path(state, path)

    def ui_hint(self, state: State, path: tuple[str, ...]) -> str:
        p = state.phase
        if p == "german":
            return "Click one of your raiders, then an area (or an order button, then a target)."
        if p == "ally":
            return "Click an Allied ship in a Start box, then an area or a duty button; or Pass."
        if p == "search":
            return "Click an area where your moved ships may search, or 'End search'."
        if p in ("g_run", "a_run"):
            return "Choose 'Run' or 'Fight'."
        return "Nothing to click now."

    def bots(self) -> dict[str, Any]:
        from .bots import CommanderBot

        return {"commander": CommanderBot}


GAME = FarSeas()
__all__ = ["ALLIES", "GAME", "STATIONS", "FarSeas", "area_name"]
