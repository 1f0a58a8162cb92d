"""The Last Buoy Game object: every protocol hook wired to the modules of the package.

Each method is one line: the rules live in :mod:`.rules`, the moves in :mod:`.actions`, what
a seat sees in :mod:`.observe`, the computer players in :mod:`.bots`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from navalkit.core.clauses import ClauseBook
from navalkit.core.errors import Violation
from navalkit.core.protocol import Game, RulesVersion

from . import bots, rules
from .actions import Take, action_from_json, from_path, to_path
from .clauses import CLAUSES
from .config import Config
from .data import SIDES
from .observe import View, observe
from .state import OVER, TOSS, State

#: every version of the rules, oldest first: add one (and say what changed) whenever a change
#: could make a saved game play differently
RULES_HISTORY = (RulesVersion("_template/1", "2026-11-21", "The first version."),)


class LastBuoy(Game[State, Take, View, Config]):
    id: ClassVar[str] = "_template"
    title: ClassVar[str] = "Last Buoy"
    summary: ClassVar[str] = "the template game: sweep 1 to 3 buoys, the last buoy wins"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = RULES_HISTORY
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    config_type: ClassVar[type[Any]] = Config
    state_type: ClassVar[type[Any]] = State
    view_type: ClassVar[type[Any]] = View
    clauses: ClassVar[ClauseBook] = CLAUSES
    # optional: what the play page and a seat at a table show under How to play, for a
    # student who has never seen the game (HTML, short paragraphs, one thing each; a paragraph
    # about the play page's own controls begins <p data-page='play'>, see Game.how_to_play)
    how_to_play: ClassVar[str] = (
        "<p><b>Your move.</b> Choose how many buoys to sweep, 1 to 3, from the list of legal "
        "moves (or type it) and play it.</p>"
        "<p><b>Who wins.</b> Whoever sweeps the last buoy.</p>"
    )

    # --- the rules ---------------------------------------------------------------------
    def initial_state(self, config: Config, players: int) -> State:
        return rules.initial_state(config)

    def to_move(self, state: State) -> int | None:
        return None if state.phase in (TOSS, OVER) else state.to_move

    def is_chance(self, state: State) -> bool:
        return state.phase == TOSS

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        return [(0, 0.5), (1, 0.5)]

    def chance_uniform(self, state: State) -> tuple[int, ...]:
        # optional: when every outcome is equally likely (a coin, a die, a card from a pile),
        # the outcomes alone, in chance_outcomes' order; a match then draws faster
        return (0, 1)

    def apply_chance(self, state: State, outcome: Any) -> State:
        return rules.apply_toss(state, int(outcome))

    # a fresh list; or a tuple the rules keep, handed out as it is; or, for a list of hundreds
    # made of parts the rules keep, a core.actions.ChainedActions of them (see Far Seas'
    # Allied moves)
    def legal_actions(self, state: State) -> list[Take]:
        return rules.legal_actions(state)

    # optional: handed_out(state, legal, action), whether ``action`` is the very object of
    # ``legal``. The default looks along the list; a game whose lists run to hundreds may
    # know the one part of it an action can be in (see Far Seas' Allied moves)

    def violation(self, state: State, action: object) -> Violation | None:
        return rules.violation(state, action)

    def apply(self, state: State, action: Take) -> State:
        return rules.apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return rules.scores(state)

    def winner(self, state: State) -> int | None:
        return rules.winner(state)

    def observe(self, state: State, player: int | None) -> View:
        return observe(state, player)

    def action_from_json(self, data: Any) -> Take:
        return action_from_json(data)

    # --- words -------------------------------------------------------------------------
    def describe_chance(self, state: State, outcome: Any) -> str:
        return f"Coin toss: the {SIDES[int(outcome)]} sweeps first."

    def player_name(self, seat: int) -> str:
        return SIDES[seat]

    def status(self, state: State) -> str:
        return rules.status(state)

    # --- clicking on the board -----------------------------------------------------------
    def action_path(self, action: Take) -> tuple[str, ...]:
        return to_path(action)

    def action_at(self, state: State, path: tuple[str, ...]) -> Take | None:
        return from_path(path)

    def ui_hint(self, state: State, path: tuple[str, ...]) -> str:
        return rules.click_hint(state, path)

    # --- search ------------------------------------------------------------------------
    def evaluate(self, state: State, seat: int) -> float:
        return bots.evaluate(state, seat)

    def bots(self) -> dict[str, Any]:
        return {"greedy": bots.GreedyBot}


GAME = LastBuoy()
