"""The Far Seas Game object: each protocol hook handed to the module that does the job."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from navalkit.core.clauses import ClauseBook
from navalkit.core.errors import Violation
from navalkit.core.protocol import Game, RulesVersion

from . import rules
from .actions import PASS, Action, Deploy, action_from_json, from_path, to_path
from .bots import AdmiralBot, CommanderBot, evaluate, sample_state, search_actions
from .clauses import CLAUSES
from .config import Config
from .mechanics import orders
from .observe import View, assert_no_leak, observe
from .state import CHANCE, OVER, SIDES, State

RULES_HISTORY = (
    RulesVersion("far_seas/1", "2026-11-21", "The first version."),
    RulesVersion(
        "far_seas/2",
        "2026-11-25",
        "Allied ships that move together stay one squadron and search as one, and when "
        "several find a raider one finder is drawn to fight; the combat bonuses are "
        "those of the Notes on Play; convoy escorts need gun range A or B and speed 3+ or less.",
    ),
    RulesVersion(
        "far_seas/3",
        "2026-11-29",
        "A pursuer the raider outran repairs 1 damage point after the combat, and an Allied "
        "one at least half damaged goes home to England, as does an Allied ship that escapes "
        "half damaged; a side that gets away before the first round has fought no combat; the "
        "five convoy escorts at the start are armoured cruisers; a German in the Rufiji may "
        "stay there even when no other German ship moves.",
    ),
)


#: how to play on the play page and at a table, a thing a paragraph; those marked
#: data-page="play" speak of the play page's own controls and a seat leaves them out (see
#: Game.how_to_play)
HOW_TO_PLAY = (
    "<p><b>Your side.</b> You command either the <b>German raiders</b> or the <b>Allied navies</b> "
    "of 1914. The Allies never see a raider until it is discovered.</p>"
    "<p><b>Your move.</b> Click one of your ships (a small square on the map), then an area. For "
    "other orders click an order button (<i>raid</i>, <i>surprise</i>, <i>river</i>, ...) and then "
    "the station, ship or area. Or pick the move from the list, or type it: everything works from "
    "the keyboard too.</p>"
    "<p data-page='play'><b>Who plays.</b> The links under <b>Ways to play</b> give you the Allies "
    "instead, set the computer's strength, or let two classmates take turns at this computer "
    "(each starts a new game).</p>"
)


class FarSeas(Game[State, Action, View, Config]):
    id: ClassVar[str] = "far_seas"
    title: ClassVar[str] = "Far Seas"
    summary: ClassVar[str] = "WWI German raiders against the Allies on a map of sea areas"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = RULES_HISTORY
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    config_type: ClassVar[type[Any]] = Config
    state_type: ClassVar[type[Any]] = State
    view_type: ClassVar[type[Any]] = View
    clauses: ClassVar[ClauseBook] = CLAUSES
    hidden_information: ClassVar[bool] = True
    #: what the play page and a seat at a table show under *How to play* (see Game.how_to_play)
    how_to_play: ClassVar[str] = HOW_TO_PLAY
    # a series adds up each game's VP, which do not say who won: a student read "Germany 231,
    # Allies 2" after a game the Allies won, the German lead short of the lead they need
    series_note: ClassVar[str] = (
        "These add up each game's VP; who won each game is decided by whether the German's "
        "lead was more than the lead the raiders need (" + CLAUSES.cite("FS-VICTORY") + ")."
    )
    # The hard bot: the generic search guided by the admiral (bots.py), which also tells
    # it what is worth searching (search_actions): a game is some 500 decisions, and most of
    # them (every Allied search step and move, most German orders) are the admiral's at
    # once; the rest (run or fight, convoy attacks, surprises, raids) get up to 100
    # iterations or 0.15 s, rollouts of 5 moves scored by evaluate. The rewards differ by
    # a few hundredths (a squashed VP lead), hence the small exploration constant; the
    # admiral's choice has a head start of 10 % of the iterations.
    mcts_settings: ClassVar[dict[str, Any]] = {
        "iterations": 100,
        "rollout_depth": 5,
        "exploration": 0.1,
        "guide": 1.0,
        "hint": 0.1,
        "policy": "admiral",
        "time_limit": 0.15,
    }

    def initial_state(self, config: Config, players: int) -> State:
        return rules.initial_state(config)

    def is_chance(self, state: State) -> bool:
        return state.phase == CHANCE

    # The calls of every playout step go straight to the rules (no wrapper frame).
    to_move = staticmethod(rules.to_move)
    chance_outcomes = staticmethod(rules.chance_outcomes)
    chance_uniform = staticmethod(rules.chance_uniform)

    apply_chance = staticmethod(rules.apply_chance)  # (it reads the outcome as an int)

    def describe_chance(self, state: State, outcome: Any) -> str:
        return rules.describe_chance(state, outcome)

    legal_actions = staticmethod(rules.legal_actions)

    def handed_out(self, state: State, legal: Sequence[Action], action: object) -> bool:
        # an Allied move among its own ship's few; anything else along the list (the default)
        if action.__class__ is Deploy:
            return orders.listed_move(state, action)
        return super().handed_out(state, legal, action)

    def violation(self, state: State, action: object) -> Violation | None:
        return rules.violation(state, action)

    apply = staticmethod(rules.apply)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return rules.scores(state)

    def winner(self, state: State) -> int | None:
        return rules.winner(state)

    def victory_words(self, config: Config) -> str:
        return rules.victory_words(config)

    def observe(self, state: State, player: int | None) -> View:
        return observe(state, player)

    def sample_state(self, observation: View, rng: Any) -> State:
        return sample_state(observation, rng)

    def search_actions(self, state: State) -> list[Action]:
        return search_actions(state)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat)

    def assert_no_leak(self, state: State) -> None:
        assert_no_leak(state)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def player_name(self, seat: int) -> str:
        return SIDES[seat]

    def describe(self, state: State, action: Action) -> str:
        return action.describe()

    def describe_outcome(self, state: State, action: Action) -> str:
        return rules.describe_outcome(state, action)

    def public_action(self, state: State, action: Action) -> Any:
        return rules.public_action(action)

    def status(self, state: State) -> str:
        return rules.status(state)

    # --- clicking on the map ----------------------------------------------------------------
    def action_path(self, action: Action) -> tuple[str, ...]:
        return to_path(action)

    def action_at(self, state: State, path: tuple[str, ...]) -> Action | None:
        return from_path(state, path, rules.legal_actions(state))

    def listed_last(self, state: State, action: Action) -> bool:
        """The Allies' pass (the rules list it first, and a student who left the list's first
        entry moved no ship); the search's end and the German hold are last already."""
        return action == PASS  # (an equal one too: a pass read from a record or a page)

    def ui_hint(self, state: State, path: tuple[str, ...]) -> str:
        return rules.ui_hint(state, path)

    def bots(self) -> dict[str, Any]:
        return {"commander": CommanderBot, "admiral": AdmiralBot}


GAME = FarSeas()
