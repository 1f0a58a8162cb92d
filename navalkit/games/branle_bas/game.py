"""The Branle-Bas Game object: the protocol wired to the pure rules.

Every hook hands over to the module that does the job: :mod:`.rules` (play, the end, the
words), :mod:`.actions` (JSON and the clicks on the board), :mod:`.observe` (what a seat may
see, and guessing what it may not) and :mod:`.bots` (the heuristic players, evaluate).
"""

from __future__ import annotations

from typing import Any, ClassVar

from navalkit.core.clauses import ClauseBook
from navalkit.core.errors import Violation
from navalkit.core.protocol import Game, RulesVersion

from . import actions, bots, observe, rules
from .actions import Action
from .clauses import CLAUSES
from .config import Config
from .data import KINDS
from .observe import View
from .state import OVER, TOSS, State

RULES_HISTORY = (
    RulesVersion("branle_bas/1", "2026-11-21", "The first version."),
    RulesVersion(
        "branle_bas/2",
        "2026-11-25",
        "Each player places his own ships, screened; a touched piece must be played; the "
        "Admiral moves one square straight, never diagonally; the French rule sheet's two drawn "
        "positions "
        "end the game, and a drawn game counts gains less losses.",
    ),
    RulesVersion(
        "branle_bas/3",
        "2026-11-29",
        "A game where neither side can move ends, even when each turn began with a touch; a "
        "ship lost in an enemy net counts as a loss when a drawn game is scored, and a "
        "triumphant side takes it back with its other sunk ships; two Admirals are not left "
        "'without help' while a ship waits only for her own Admiral to step aside.",
    ),
)


#: the letter drawn on each kind of piece, and its name (data.KINDS): "A Amiral (flagship)"
LETTERS = ", ".join(
    f"<b>{k.letter}</b> {k.label if k.french.lower() != k.english else k.french}"
    for k in KINDS.values()
)

#: how to play on the play page and at a table, a thing a paragraph; those marked
#: data-page="play" speak of the play page's own controls and a seat leaves them out; the
#: board's cursor is the Voila pages' (data-page="play table"), the server-free site's page
#: says its own way from the keyboard (data-page="site"; see Game.how_to_play)
HOW_TO_PLAY = (
    "<p><b>Battle stations.</b> Each side first places its 19 ships: pick a ship under "
    "<b>Place</b> and click a square of your own waters, until all are placed.</p>"
    "<p data-page='play'><b>Ready-made set-ups.</b> To skip the placing, choose one under "
    "<b>Settings for the next game</b> and press <i>New game</i>.</p>"
    "<p><b>Your move.</b> Click one of your ships, then a green dot. Clicking a ship touches it, "
    "and a touched ship must be played: if it cannot move, your Admiral moves one square instead "
    "(the list of legal moves says which ships cannot move).</p>"
    f"<p><b>The pieces.</b> The letter on a piece says what it is: {LETTERS}.</p>"
    "<p data-page='play table'><b>From the keyboard.</b> Click (or Tab to) the board, move the "
    "cursor with the arrow keys and press Enter on a ship, then on its target (Escape cancels). "
    "Or type a move (<code>j5 j7</code>), or choose it from the list of legal moves.</p>"
    "<p data-page='site'><b>From the keyboard.</b> Type a move (<code>j5 j7</code>) and press "
    "Enter, or choose it from the list of legal moves and press <b>Play chosen move</b> (Escape "
    "on the board cancels a move begun).</p>"
    "<p data-page='play'><b>Who plays.</b> Play against the computer or, under <b>Ways to "
    "play</b>, with a classmate taking turns at this computer.</p>"
)


class BranleBas(Game[State, Action, View, Config]):
    id: ClassVar[str] = "branle_bas"
    title: ClassVar[str] = "Branle-Bas"
    summary: ClassVar[str] = "French two-player grid game: 181 squares, ports, mines and nets"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = RULES_HISTORY
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    config_type: ClassVar[type[Any]] = Config
    state_type: ClassVar[type[Any]] = State
    view_type: ClassVar[type[Any]] = View
    clauses: ClassVar[ClauseBook] = CLAUSES
    hidden_information: ClassVar[bool] = True  # the free set-up is screened (camouflage)
    #: what the play page and a seat at a table show under *How to play* (see Game.how_to_play)
    how_to_play: ClassVar[str] = HOW_TO_PLAY
    series_note: ClassVar[str] = (
        "Gains and losses carry on into the next game, as the rules say: 'reportés à la "
        "partie qui suivra', carried over to the game that follows ("
        + CLAUSES.cite("BB-DRAW")
        + ")."
    )

    # --- the rules ------------------------------------------------------------------------
    def initial_state(self, config: Config, players: int) -> State:
        return rules.initial_state(config)

    def to_move(self, state: State) -> int | None:
        return rules.to_move(state)

    def is_chance(self, state: State) -> bool:
        return state.phase == TOSS

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        return list(rules.TOSS_OUTCOMES)

    def chance_uniform(self, state: State) -> tuple[int, ...]:
        return rules.TOSS_SIDES

    def apply_chance(self, state: State, outcome: Any) -> State:
        return rules.apply_toss(state, int(outcome))

    def legal_actions(self, state: State) -> list[Action]:
        return rules.legal_actions(state)

    def violation(self, state: State, action: object) -> Violation | None:
        return rules.violation(state, action)

    def apply(self, state: State, action: Action) -> State:
        return rules.apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return rules.scores(state)

    def winner(self, state: State) -> int | None:
        return rules.winner(state)

    def observe(self, state: State, player: int | None) -> View:
        return observe.observe(state, player)

    def action_from_json(self, data: Any) -> Action:
        return actions.action_from_json(data)

    # --- words ----------------------------------------------------------------------------
    def describe_chance(self, state: State, outcome: Any) -> str:
        return rules.describe_chance(int(outcome))

    def player_name(self, seat: int) -> str:
        return rules.player_name(seat)

    def describe(self, state: State, action: Action) -> str:
        if isinstance(action, actions.Touch):
            return rules.touch_words(state, action.at)
        return actions.describe(state, action)

    def describe_outcome(self, state: State, action: Action) -> str:
        return rules.describe_outcome(state, action)

    def public_action(self, state: State, action: Action) -> Any:
        return rules.public_action(action)

    def status(self, state: State) -> str:
        return rules.status(state)

    # --- clicking on the board ------------------------------------------------------------
    def action_path(self, action: Action) -> tuple[str, ...]:
        return actions.to_path(action)

    def action_at(self, state: State, path: tuple[str, ...]) -> Action | None:
        return actions.from_path(state, path)

    def ui_choices(self, state: State) -> list[tuple[str, str]]:
        return actions.choices(state)

    def listed_last(self, state: State, action: Action) -> bool:
        """A touch of a ship that cannot move (BB-TOUCH: the Admiral moves instead, or the
        turn is lost): in square order, a list often began with a boxed-in ship of the back
        row, the move a student picked by leaving the first entry."""
        return isinstance(action, actions.Touch) and bool(rules.stuck_touch(state, action.at))

    def ui_hint(self, state: State, path: tuple[str, ...]) -> str:
        return rules.ui_hint(state, path)

    # --- search and testing ---------------------------------------------------------------
    def sample_state(self, observation: View, rng: Any) -> State:
        return observe.sample_state(observation, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return bots.evaluate(state, seat)

    #: the hard level looks two moves ahead in plain sight (search.py): the generic search
    #: lost all 50 games to the greedy player once it computed its replies exactly
    hard_level: ClassVar[str] = "admiral"
    typed_places: ClassVar[bool] = True  # its squares are lettered and numbered on the board

    def bots(self) -> dict[str, Any]:
        from .search import AdmiralBot

        return {**bots.BOTS, "admiral": AdmiralBot}

    def assert_no_leak(self, state: State) -> None:
        observe.assert_no_leak(state)


GAME = BranleBas()
