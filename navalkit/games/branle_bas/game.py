"""The Branle-Bas Game object: the protocol wired to the pure rules."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from navalkit.core.clauses import ClauseBook
from navalkit.core.errors import Violation
from navalkit.core.mcts import squash
from navalkit.core.protocol import Game

from . import rules
from .actions import Action, Move, Pass, Place, Touch, action_from_json
from .clauses import CLAUSES
from .config import Config
from .data import (
    BOARD,
    KINDS,
    MINE,
    NET_OF,
    PORT_OF,
    SETUP_PIECES,
    SETUP_ZONE,
    code,
    kind_info,
    square_index,
)
from .observe import View, observe
from .state import OVER, TOSS, State

RULES_VERSION = "branle_bas/1"


class BranleBas(Game[State, Action, View, Config]):
    id: ClassVar[str] = "branle_bas"
    title: ClassVar[str] = "Branle-Bas"
    summary: ClassVar[str] = "French two-player grid game: 181 squares, ports, mines and nets"
    rules_version: ClassVar[str] = RULES_VERSION
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    config_type: ClassVar[type[Any]] = Config
    state_type: ClassVar[type[Any]] = State
    view_type: ClassVar[type[Any]] = View
    clauses: ClassVar[ClauseBook] = CLAUSES
    hidden_information: ClassVar[bool] = True  # the free set-up is screened (camouflage)

    def initial_state(self, config: Config, players: int) -> State:
        return rules.initial_state(config)

    def to_move(self, state: State) -> int | None:
        if state.phase in (OVER, TOSS):
            return None
        return state.to_move

    def is_chance(self, state: State) -> bool:
        return state.phase == TOSS

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        return [(0, 0.5), (1, 0.5)]

    def apply_chance(self, state: State, outcome: Any) -> State:
        return rules.apply_toss(state, int(outcome))

    def describe_chance(self, state: State, outcome: Any) -> str:
        return f"Drawn by lot (honneur): {self.player_name(int(outcome))} moves first."

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
        return state.result.winner if state.result else None

    def observe(self, state: State, player: int | None) -> View:
        return observe(state, player)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def player_name(self, seat: int) -> str:
        return ("A (south)", "B (north)")[seat]

    def describe(self, state: State, action: Action) -> str:
        if isinstance(action, Move):
            piece = state.board[action.frm]
            what = kind_info(piece & 15).label if piece else "?"
            text = f"{what} {action.describe()}"
            target = state.board[action.to]
            if PORT_OF[action.to] >= 0:
                text += ", enters the enemy port"
            elif target and target & 15 == MINE:
                text += ", sweeps the Mine"
            elif target:
                text += f", sinks the {kind_info(target & 15).label}"
            if NET_OF[action.to] >= 0 and NET_OF[action.to] != piece >> 4:
                text += ", and is sunk in the net"
            return text
        if isinstance(action, Place | Touch | Pass):
            return action.describe()
        return repr(action)

    def describe_outcome(self, state: State, action: Action) -> str:
        return f"{self.player_name(state.to_move)}: {self.describe(state, action)}"

    def status(self, state: State) -> str:
        if state.result is not None:
            r = state.result
            a, b = rules.scores(state)
            return f"{r.reason} Score A {a} - B {b}."
        who = self.player_name(state.to_move)
        if state.phase == "setup":
            left = len(state.setup_left[state.to_move])
            return f"Battle stations: {who} places his ships ({left} left)."
        if state.phase == TOSS:
            return "Drawing lots for the first move."
        extra = ""
        if state.touched is not None:
            extra = f" (touched: {BOARD[state.touched].name})"
        return f"Move {state.ply + 1}: {who} to play{extra}."

    # --- clicking on the board --------------------------------------------------------
    def action_path(self, action: Action) -> tuple[str, ...]:
        if isinstance(action, Move):
            return (BOARD[action.frm].name, BOARD[action.to].name)
        if isinstance(action, Place):
            return (f"place:{KINDS[action.kind].key}", BOARD[action.at].name)
        if isinstance(action, Touch):
            return (BOARD[action.at].name,)
        return ()

    def action_at(self, state: State, path: tuple[str, ...]) -> Action | None:
        try:
            if len(path) == 2 and path[0].startswith("place:"):
                return action_from_json({"type": "place", "piece": path[0][6:], "at": path[1]})
            if len(path) == 2:
                return action_from_json({"type": "move", "from": path[0], "to": path[1]})
            if len(path) == 1 and state.config.touch_move and state.touched is None:
                return action_from_json({"type": "touch", "at": path[0]})
        except ValueError:
            return None
        return None

    def ui_choices(self, state: State) -> list[tuple[str, str]]:
        if state.phase != "setup":
            return []
        left = state.setup_left[state.to_move]
        return [
            (f"{KINDS[k].label} ×{left.count(k)}", f"place:{KINDS[k].key}")
            for k in dict.fromkeys(left)
        ]

    def ui_hint(self, state: State, path: tuple[str, ...]) -> str:
        squares = [p for p in path if not p.startswith("place:")]
        if not squares:
            return "Pick a square."
        try:
            sq = square_index(squares[0])
        except ValueError as exc:
            return str(exc)
        piece = state.board[sq]
        me = state.to_move
        if state.phase == "setup":
            return f"{self.player_name(me)} places ships only on empty squares of his own zone."
        if not piece:
            return f"There is no ship on {BOARD[sq].name}: click one of your own ships."
        if piece >> 4 != me:
            return (
                f"The {kind_info(piece & 15).label} on {BOARD[sq].name} belongs to "
                f"{self.player_name(piece >> 4)}; it is {self.player_name(me)}'s turn."
            )
        if piece & 15 == MINE:
            return "The Mine never moves (BB-MINE)."
        if state.touched is not None and sq != state.touched:
            return f"The piece on {BOARD[state.touched].name} was touched and must be played."
        return (
            f"The {kind_info(piece & 15).label} on {BOARD[sq].name} has no legal move now: "
            f"it moves {kind_info(piece & 15).moves}."
        )

    # --- for search bots -------------------------------------------------------------
    def sample_state(self, observation: View, rng: Any) -> State:
        """The state itself once play starts (nothing is hidden); during a free set-up, the
        screened side's placed ships put at random on its free set-up squares."""
        state = observation.state
        if observation.complete:
            return state
        board = list(state.board)
        for side in observation.screened:
            placed = list(SETUP_PIECES)
            for kind in state.setup_left[side]:
                placed.remove(kind)
            free = [sq for sq in SETUP_ZONE[side] if not board[sq]]
            for kind, sq in zip(placed, rng.sample(free, len(placed)), strict=True):
                board[sq] = code(side, kind)
        return replace(state, board=tuple(board))

    def evaluate(self, state: State, seat: int) -> float:
        """How well ``seat`` stands, from 0 to 1: material and progress towards the enemy
        port, squashed (used to score search rollouts cut short)."""
        from .bots import position_value

        if state.result is not None:
            w = state.result.winner
            return 0.5 if w is None else float(w == seat)
        return squash(position_value(state, seat), 60.0)

    def bots(self) -> dict[str, Any]:
        from .bots import GreedyBot

        return {"greedy": GreedyBot}


GAME = BranleBas()
