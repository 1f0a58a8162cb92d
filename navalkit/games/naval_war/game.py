"""The Naval War Game object: the protocol wired to the pure rules, plus the click hooks."""

from __future__ import annotations

from typing import Any, ClassVar

from navalkit.core.clauses import ClauseBook
from navalkit.core.errors import Violation
from navalkit.core.protocol import Game

from . import rules
from .actions import DRAW, LAUNCH, Action, Aim, Discard, Draw, Launch, Play, Strike, Take
from .actions import action_from_json as read_action
from .clauses import CLAUSES
from .config import Config
from .data import ADD_DAMAGE, CARDS, REPAIR, SHIPS
from .fleet import owner_of, salvo_owner
from .observe import View, assert_no_leak, observe
from .refuse import violation
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
        if isinstance(action, Draw):
            return ("draw",)
        if isinstance(action, Launch):
            return ("launch",)
        if isinstance(action, Discard):
            return (f"card:{action.card}", "discard")
        if isinstance(action, Aim):
            return (f"seat:{action.seat}",)
        if isinstance(action, Take):
            return (f"ship:{action.ship}",)
        if isinstance(action, Strike):
            mode = "kamikaze" if action.kamikaze else "air"
            end = "hold" if action.target < 0 else f"ship:{action.target}"
            return (mode, f"ship:{action.carrier}", end)
        if isinstance(action, Play):
            return (f"card:{action.card}", _target_region(action.card, action.target))
        return ()

    def action_at(self, state: State, path: tuple[str, ...]) -> Action | None:
        try:
            if path == ("draw",):
                return DRAW
            if path == ("launch",):
                return LAUNCH
            if len(path) == 3 and path[0] in ("air", "kamikaze"):
                target = -1 if path[2] == "hold" else _num(path[2], "ship:")
                return Strike(_num(path[1], "ship:"), target, path[0] == "kamikaze")
            if len(path) == 1 and path[0].startswith("seat:"):
                return Aim(_num(path[0], "seat:"))
            if len(path) == 1 and path[0].startswith("ship:") and state.phase != AIR:
                return Take(_num(path[0], "ship:"))
            if len(path) == 2 and path[0].startswith("card:"):
                card = _num(path[0], "card:")
                if path[1] == "discard":
                    return Discard(card)
                return Play(card, _region_target(path[1]))
        except ValueError:
            return None
        return None

    def ui_choices(self, state: State) -> list[tuple[str, str]]:
        if state.phase != AIR:
            return []
        out = [("Air strike (sinks on 1)", "air")]
        from .fleet import JAPANESE

        if state.config.kamikaze and state.queue and JAPANESE[state.queue[0]]:
            out.append(("Kamikaze (sinks on 1-2, then rests)", "kamikaze"))
        return out

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
        from .sample import sample_state

        return sample_state(observation, rng)

    def evaluate(self, state: State, seat: int) -> float:
        """How well ``seat`` stands, from 0 to 1 (scores search rollouts cut short)."""
        from .sample import evaluate

        return evaluate(state, seat)

    def bots(self) -> dict[str, Any]:
        from .bots import GreedyBot

        return {"greedy": GreedyBot}


def _num(region: str, prefix: str) -> int:
    if not region.startswith(prefix) or not region[len(prefix) :].isdigit():
        raise ValueError(region)
    return int(region[len(prefix) :])


def _target_region(card: int, target: int) -> str:
    from .data import ADD_DAMAGE, MINEFIELD, REPAIR

    kind = CARDS[card].kind if 0 <= card < len(CARDS) else -1
    if target < 0:
        return "play"
    if target == DS_TARGET and kind == 0:
        return "ds"
    if kind == MINEFIELD:
        return f"seat:{target}"
    if kind in (ADD_DAMAGE, REPAIR):
        return f"salvo:{target}"
    return f"ship:{target}"


def _region_target(region: str) -> int:
    if region == "play":
        return -1
    if region == "ds":
        return DS_TARGET
    for prefix in ("seat:", "salvo:", "ship:"):
        if region.startswith(prefix):
            return _num(region, prefix)
    raise ValueError(region)


GAME = NavalWar()
