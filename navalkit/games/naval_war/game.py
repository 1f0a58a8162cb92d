"""The Naval War Game object: every protocol hook wired to the modules of the package.

Each hook is one line: the rules, their words and the refusals live in :mod:`.rules`, the
moves and their click paths in :mod:`.actions`, what a seat sees (and the sampler for search
bots) in :mod:`.observe`, the medium computer player in :mod:`.bots`, and what the hard
level's search needs (``evaluate``, the moves it tries, how it plays on) in :mod:`.search`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from navalkit.core.clauses import ClauseBook
from navalkit.core.protocol import Game, RulesVersion

from . import rules, search
from .actions import Action, Discard, action_from_json, choices, from_path, to_path
from .bots import GreedyBot
from .clauses import CLAUSES
from .config import Config
from .observe import View, assert_no_leak, observe, sample_state
from .state import CHANCE_PHASES, OVER, State

RULES_HISTORY = (
    RulesVersion("naval_war/1", "2026-11-21", "The first version."),
    RulesVersion(
        "naval_war/2",
        "2026-11-29",
        "The red cards are cleared out starting on the dealer's left; the Destroyer Squadron "
        "can only be stopped with salvos; a game stops at round 20 at the latest (it was 8), "
        "so nearly every game is won at 100 points.",
    ),
    RulesVersion(
        "naval_war/3",
        "2026-11-29",
        "Nine players are dealt 5 ships and 5 cards each, as the remembered rules deal at any "
        "table (it "
        "was 4 and 4, which a setting still gives).",
        earlier=(("nine_deal", 4),),
    ),
)


#: how to play on the play page and at a table, a thing a paragraph; those marked
#: data-page="play" speak of the play page's own controls and a seat leaves them out, the one
#: marked data-page="table" is a seat's alone, and the first is true on the server-free site's
#: page too (data-page="play site"; see Game.how_to_play)
HOW_TO_PLAY = (
    "<p data-page='play site'><b>Your fleet.</b> Against the computer you command Player 1's "
    "task force and the computer plays the others; with classmates taking turns, each commands "
    "one.</p>"
    "<p data-page='table'><b>Your fleet.</b> You command the task force of your seat (the line "
    "above the board says which player you are); each of the others is a classmate's or the "
    "computer's.</p>"
    "<p><b>Your move.</b> On your turn click a card in your hand, then its target: an enemy ship "
    "for a salvo, torpedo boat or submarine; a fleet for a minefield; a salvo chip for Additional "
    "Damage or Repair; <b>Play (no target)</b> for smoke, a minesweeper, the Destroyer Squadron "
    "or an additional ship; or the <b>Discard pile</b> to throw the card away. Press "
    "<b>Draw</b> or <b>Launch air strikes</b> when the turn offers the choice.</p>"
    "<p><b>Red cards first.</b> Additional Damage, Additional Ship, Minefield, Submarine and "
    "Torpedo Boat are red: a red card is played at once, as that turn's play. Before the first "
    "turn comes the <i>clear-out</i>: each player in turn plays every red card in his hand, "
    "drawing new cards, until he holds none.</p>"
    "<p><b>Air strikes.</b> A player with carriers may press <b>Launch air strikes</b> instead of "
    "drawing, then click a target for each carrier in turn, or <b>Hold strike</b> to keep that "
    "carrier back (at least one must strike). An Additional Ship comes from the <i>harbor</i>, "
    "the pile of ship cards counted beside the deck.</p>"
    "<p><b>From the keyboard.</b> Everything also works from the typed-move box and the list of "
    "legal moves.</p>"
    "<p data-page='play'><b>Who plays.</b> The links under <b>Ways to play</b> set how many play "
    "(3 to 9) and the computer's strength, or let classmates take turns at this computer: the "
    "board is covered between players so no one sees another hand (each link starts a new "
    "game).</p>"
)


class NavalWar(Game[State, Action, View, Config]):
    id: ClassVar[str] = "naval_war"
    title: ClassVar[str] = "Naval War"
    summary: ClassVar[str] = "WWII card game: salvos, red cards, air strikes"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = RULES_HISTORY
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 9
    default_players: ClassVar[int] = 3
    config_type: ClassVar[type[Any]] = Config
    state_type: ClassVar[type[Any]] = State
    view_type: ClassVar[type[Any]] = View
    clauses: ClassVar[ClauseBook] = CLAUSES
    hidden_information: ClassVar[bool] = True
    #: what the play page and a seat at a table show under *How to play* (see Game.how_to_play)
    how_to_play: ClassVar[str] = HOW_TO_PLAY
    # The hard level: flat Monte Carlo (luck decides too much after each move for a tree to
    # help): each sampled guess at the hidden cards tries the few moves of search_actions,
    # each played on for ``rollout_depth`` turns by the medium bot's rules with the same
    # cards and dice (see :mod:`.search`).
    mcts_settings: ClassVar[dict[str, Any]] = {
        "iterations": 300,
        "flat": True,
        "rollout_depth": 6,
    }

    # --- the rules (the hooks asked at every playout step go straight to the rules) --------
    def initial_state(self, config: Config, players: int) -> State:
        return rules.initial_state(config, players)

    # A match asks these three several times a step: they are methods holding the one line
    # of :func:`.rules.to_move`, :func:`.rules.is_chance` and :func:`.rules.is_over`, as a
    # method call is quicker than a staticmethod's (looked up the generic way every time).
    def to_move(self, state: State) -> int | None:
        phase = state.phase
        return None if phase == OVER or phase in CHANCE_PHASES else state.seat

    def is_chance(self, state: State) -> bool:
        return state.phase in CHANCE_PHASES

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    chance_outcomes = staticmethod(rules.chance_outcomes)
    chance_uniform = staticmethod(rules.chance_uniform)

    apply_chance = staticmethod(rules.apply_chance)  # it takes the outcome as an int itself

    legal_actions = staticmethod(rules.legal_actions)
    violation = staticmethod(rules.violation)
    apply = staticmethod(rules.apply)
    scores = staticmethod(rules.scores)
    winner = staticmethod(rules.winner)

    def observe(self, state: State, player: int | None) -> View:
        return observe(state, player)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    # --- words -----------------------------------------------------------------------------
    def describe_chance(self, state: State, outcome: Any) -> str:
        return rules.describe_chance(state, int(outcome))

    def describe(self, state: State, action: Action) -> str:
        return rules.describe(state, action)

    def describe_outcome(self, state: State, action: Action) -> str:
        return rules.describe_outcome(state, action)

    def public_chance(self, state: State, outcome: Any) -> Any:
        return rules.public_chance(state, int(outcome))

    def player_name(self, seat: int) -> str:
        return rules.player_name(seat)

    def status(self, state: State) -> str:
        return rules.status(state)

    # --- clicking on the board -------------------------------------------------------------
    def action_path(self, action: Action) -> tuple[str, ...]:
        return to_path(action)

    def action_at(self, state: State, path: tuple[str, ...]) -> Action | None:
        return from_path(state, path)

    #: the label of the list of ui_choices on the play page (the kind of air strike)
    ui_choice_label = "Attack:"

    def ui_choices(self, state: State) -> list[tuple[str, str]]:
        return choices(state)

    def listed_last(self, state: State, action: Action) -> bool:
        """The discards (the rules list each card's plays, then its discard: a hand whose
        first card cannot be played opened the list with throwing it away)."""
        return isinstance(action, Discard)

    def ui_hint(self, state: State, path: tuple[str, ...]) -> str:
        return rules.ui_hint(state, path)

    # --- search and testing ----------------------------------------------------------------
    def sample_state(self, observation: View, rng: Any) -> State:
        return sample_state(observation, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return search.evaluate(state, seat)

    def search_actions(self, state: State) -> list[Action]:
        return search.search_actions(state)

    def playout(self, state: State, rng: Any, depth: int) -> State:
        """Play on for ``depth`` turns (or to the end of the round) as the medium bot would,
        the luck drawn from ``rng`` in a fixed order (:func:`.search.playout`)."""
        return search.playout(state, rng, depth)

    def bots(self) -> dict[str, Any]:
        return {"greedy": GreedyBot}

    def assert_no_leak(self, state: State) -> None:
        assert_no_leak(state)


GAME = NavalWar()
