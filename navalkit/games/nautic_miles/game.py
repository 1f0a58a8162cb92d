"""The Nautic Miles Game object: the protocol wired to the pure rules, plus click hooks.

Click regions (see draw.py): ``hand:<card>`` for a card of the hand (``hand:sub_pair`` for
two submarines), ``convoy:<row>:<at>`` for a convoy, ``slot:<at>`` for a gap of your own row
where a convoy may go, and ``discard`` for the discard pile.
"""

from __future__ import annotations

from typing import Any, ClassVar

from navalkit.core.clauses import ClauseBook
from navalkit.core.errors import Violation
from navalkit.core.protocol import Game, RulesVersion
from navalkit.core.words import listing

from . import rules
from .actions import Action, Discard, Place, Play, action_from_json, from_path, to_path
from .clauses import CLAUSES
from .config import Config
from .data import BY_KEY, LABELS, MILES, NOUNS, SUB_PAIR, a_card, plural, points_text
from .mechanics.scoring import ROUND_BONUS, capture_value, home, raw_points, slow_bonus
from .observe import View, assert_no_leak, observe
from .rules import side_name
from .state import DEAL, DRAW, OVER, REFILL, State

RULES_HISTORY = (
    RulesVersion("nautic_miles/1", "2026-11-21", "The first version."),
    RulesVersion(
        "nautic_miles/2",
        "2026-11-29",
        "With the house rule 'Planes on an alerted convoy' off, a second plane no longer goes "
        "on a convoy put on alert after the first, as no first plane could.",
    ),
)

#: the phases in which a card is dealt or drawn, and those in which no seat moves: sets made
#: once (a Match asks ``is_chance`` and ``to_move`` several times a step, and a tuple of the
#: phase names is built again at each call)
_CHANCE_PHASES = frozenset({DEAL, DRAW, REFILL})
_NOBODY_MOVES = frozenset({OVER, DEAL, DRAW, REFILL})


#: how to play on the play page and at a table, a thing a paragraph; those marked
#: data-page="play" speak of the play page's own controls and a seat leaves them out (see
#: Game.how_to_play)
HOW_TO_PLAY = (
    "<p><b>Your move.</b> Click a card of your hand, then where it goes: one of the green-framed "
    "convoys, a gap of your own row (for a new convoy), or the discard pile. Or choose a move from "
    "the list.</p>"
    "<p><b>What you see.</b> Convoys lie face down: you see yours (and your partner's), and those "
    "a radar turned up.</p>"
    "<p data-page='play'><b>Who plays.</b> The links under <b>Ways to play</b> set how many play "
    "(2 to 6) and the computer's strength, or let classmates take turns at this computer: a "
    "cover screen hides each hand until its player is at the screen (each link starts a new "
    "game).</p>"
    "<p data-page='play'><b>Teams.</b> For teams of two, open <b>Settings for the next game</b>, "
    "set <i>Play in teams of two</i> to <i>on</i> and press <b>New game</b>.</p>"
)


class NauticMiles(Game[State, Action, View, Config]):
    id: ClassVar[str] = "nautic_miles"
    title: ClassVar[str] = "Nautic Miles"
    summary: ClassVar[str] = "French convoy card game, played alone or in teams of two"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = RULES_HISTORY
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 2
    config_type: ClassVar[type[Any]] = Config
    state_type: ClassVar[type[Any]] = State
    view_type: ClassVar[type[Any]] = View
    clauses: ClassVar[ClauseBook] = CLAUSES
    hidden_information: ClassVar[bool] = True
    #: what the play page and a seat at a table show under *How to play* (see Game.how_to_play)
    how_to_play: ClassVar[str] = HOW_TO_PLAY
    # The hard bot (see search.py): flat Monte Carlo over guesses at the hidden cards. Each
    # guess plays the admiral's 4 favourite plays on for 8 plays (the admiral choosing for
    # every seat), all with the same luck of the draw, and scores them with the learned
    # outlook (search.py); the best mean wins, the admiral's own choice with a small head
    # start. 150 playouts are what 0.2 s buys on a quiet machine (the clock stops sooner).
    # A tree (UCT) over one guess at a time only matched the captain (10/20).
    mcts_settings: ClassVar[dict[str, Any]] = {
        "flat": True,
        "policy": "admiral",
        "iterations": 150,
        "rollout_depth": 8,
        "guide": 1.0,
        "hint": 0.01,
    }

    # --- the rules (the hooks asked at every playout step go straight to the rules) --------
    def initial_state(self, config: Config, players: int) -> State:
        return rules.initial_state(config, players)

    def to_move(self, state: State) -> int | None:
        if state.phase in _NOBODY_MOVES:
            return None
        return state.seat

    def is_chance(self, state: State) -> bool:
        return state.phase in _CHANCE_PHASES

    chance_outcomes = staticmethod(rules.chance_outcomes)
    chance_uniform = staticmethod(rules.chance_uniform)
    apply_chance = staticmethod(rules.apply_chance)

    def describe_chance(self, state: State, outcome: Any) -> str:
        who = self.player_name(state.seat)
        if state.phase == DEAL:
            return f"Round {state.round_no}: a card is dealt to {who}."
        return f"{who} draws a card."  # never which: the hand is hidden

    legal_actions = staticmethod(rules.legal_actions)

    def violation(self, state: State, action: object) -> Violation | None:
        why = rules.refusal(state, action)
        if why is None:
            return None
        rule, message = why
        squares: tuple[str, ...] = ()
        if isinstance(action, Play) and isinstance(action.row, int) and isinstance(action.at, int):
            squares = (f"convoy:{action.row}:{action.at}",)
        return Violation(rule, message, squares)

    apply = staticmethod(rules.apply)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> tuple[float, ...]:
        """Game points of each seat's side: whole numbers, or exact halves such as 27.5 (the
        totals are kept in half-points)."""
        return tuple(_points(state.totals[s]) for s in state.side)

    def winner(self, state: State) -> int | None:
        return state.winner

    def winners(self, state: State) -> tuple[int, ...]:
        """The seats of the winning side (partners win together, rule NM-TEAMS)."""
        if state.winner is None:
            return ()
        side = state.side[state.winner]
        return tuple(s for s in range(state.players) if state.side[s] == side)

    def observe(self, state: State, player: int | None) -> View:
        return observe(state, player)

    def assert_no_leak(self, state: State) -> None:
        assert_no_leak(state)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def player_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def describe(self, state: State, action: Action) -> str:
        if isinstance(action, Play) and isinstance(action.row, int):
            # miles as the cards say them ("play 400 miles"), a ship or a hazard with its
            # article ("play a cruiser"), your own convoys as yours
            kind = action.kind
            what = LABELS[kind] if kind in MILES or kind == SUB_PAIR else a_card(kind)
            if action.row == state.side[state.seat]:
                return f"play {what} on your own convoy {action.at + 1}"
            who = side_name(state, action.row) if action.row < state.sides else "?"
            return f"play {what} on convoy {action.at + 1} of {who}"
        if isinstance(action, Discard):
            return f"discard {a_card(action.kind)}"
        if isinstance(action, Place):
            return f"lay {a_card(action.kind)} face down at slot {action.at + 1} of your row"
        return action.describe()

    def describe_outcome(self, state: State, action: Action) -> str:
        """Words for the log: the move (a convoy laid face down is not named, rule NM-CONVOY),
        then what the turn's change fired: a mine that sank a convoy, a battle won."""
        said = self._move_words(state, action)
        _, fired = rules.apply_told(state, action)
        return " ".join([said, *fired])

    def _move_words(self, state: State, action: Action) -> str:
        who = self.player_name(state.seat)
        if isinstance(action, Place):
            return f"{who} lays a convoy face down at slot {action.at + 1}."
        if isinstance(action, Discard):
            return f"{who} discards {a_card(action.kind)}."
        if isinstance(action, Play) and isinstance(action.row, int) and action.row < state.sides:
            what = a_card(action.kind)
            if action.row == state.side[state.seat]:
                return f"{who} plays {what} on their own convoy {action.at + 1}."
            whose = side_name(state, action.row)
            return f"{who} plays {what} on convoy {action.at + 1} of {whose}."
        return f"{who}: {self.describe(state, action)}."

    def public_action(self, state: State, action: Action) -> Any:
        """A convoy laid face down shows where it lies, not what it is (NM-CONVOY)."""
        if isinstance(action, Place):
            return {"type": "convoy", "at": action.at}
        return action.to_json()

    def public_chance(self, state: State, outcome: Any) -> Any:
        """Every card is dealt or drawn into a hand: none is seen."""
        return None

    def status(self, state: State) -> str:
        totals = ", ".join(
            f"{side_name(state, s)} {points_text(state.totals[s])}" for s in range(state.sides)
        )
        if state.phase == OVER:
            return f"{ending(state)} Game points: {totals}. {last_round_words(state)}"
        me = self.player_name(state.seat)
        left = f"{plural(len(state.pile), 'card')} in the pile"
        return f"Round {state.round_no}: {me} to play ({left}). Game points: {totals}."

    # --- clicking on the table ------------------------------------------------------------
    def action_path(self, action: Action) -> tuple[str, ...]:
        return to_path(action)

    def action_at(self, state: State, path: tuple[str, ...]) -> Action | None:
        return from_path(path)

    def listed_last(self, state: State, action: Action) -> bool:
        """The discards (the rules list them first, and a student who left the list's first
        entry threw a card away)."""
        return isinstance(action, Discard)

    def ui_hint(self, state: State, path: tuple[str, ...]) -> str:
        if not path or not path[0].startswith("hand:"):
            return "Click a card of your hand first, then where it goes (or the discard pile)."
        kind = BY_KEY.get(path[0][5:])
        if kind is None or not rules.holds(state.hands[state.seat], kind):
            return "You do not hold that card: click one of your hand."
        # the refused place drops the card (no green marks are left on the table): a second
        # click on it shows them again
        return (
            f"The {NOUNS[kind]} cannot go there: click it again and the green marks show "
            "where it can."
        )

    def sample_state(self, observation: View, rng: Any) -> State:
        """A full state this seat cannot tell from the truth: the unseen cards (other hands,
        face-down convoys, the pile) dealt at random from the cards it does not see."""
        from .observe import sample_state

        return sample_state(observation, rng)

    def evaluate(self, state: State, seat: int) -> float:
        """How well ``seat``'s side stands, from 0 to 1 (scores search rollouts cut short:
        :func:`.search.evaluate`)."""
        from .search import evaluate

        return evaluate(state, seat)

    def search_actions(self, state: State) -> list[Action]:
        """The plays the hard bot's search compares (:func:`.search.search_actions`)."""
        from .search import search_actions

        return search_actions(state)

    def bots(self) -> dict[str, Any]:
        from .bots import ConvoyBot
        from .search import AdmiralBot

        return {"captain": ConvoyBot, "admiral": AdmiralBot}


def _points(halves: int) -> float:
    """Game points from half-points: an int when whole, else the exact half."""
    return halves // 2 if halves % 2 == 0 else halves / 2


def _names(state: State, sides: list[int]) -> str:
    """Sides by their players' names: "Player 1", "Player 1 and Player 2", "A, B and C"."""
    return listing([side_name(state, s) for s in sides])


def ending(state: State) -> str:
    """How a finished game ended, in words: who won, by which rule (by its title)."""
    round_no = state.round_no
    teams = state.sides < state.players
    side = "team" if teams else "player"
    who = ""
    if state.winner is not None:
        me = state.side[state.winner]
        verb = "win" if teams else "wins"
        who = f"{side_name(state, me)} {verb}"
    best = max(state.totals)
    leaders = [s for s in range(state.sides) if state.totals[s] == best]
    if state.over_reason == "target":
        goal = f"{state.config.target} game points"
        if state.winner is None:
            return (
                f"Game over after round {round_no}: a draw. {_names(state, leaders)} passed "
                f"{goal} in the same round with equal totals ({CLAUSES.cite('NM-GAME-END')})."
            )
        # totals are kept in half points (a 0.5-point card): the target counts double
        reached = [s for s in range(state.sides) if state.totals[s] >= 2 * state.config.target]
        if len(reached) > 1:  # passed together: the most points wins, not the first
            return (
                f"Game over after round {round_no}: {who} with the most game points: "
                f"{_names(state, reached)} passed {goal} in the same round "
                f"({CLAUSES.cite('NM-GAME-END')})."
            )
        return (
            f"Game over after round {round_no}: {who}, the first {side} to reach {goal} "
            f"({CLAUSES.cite('NM-GAME-END')})."
        )
    last = f"round {round_no}, the last one the settings allow"
    if state.winner is None:
        return (
            f"Game over after {last}: a draw. {_names(state, leaders)} share the most game "
            f"points ({CLAUSES.cite('NM-MAX-ROUNDS')})."
        )
    rule = CLAUSES.cite("NM-MAX-ROUNDS")
    return f"Game over after {last}: {who} with the most game points ({rule})."


def last_round_words(state: State) -> str:
    """What each side scored in the last round played, part by part (rules NM-SCORE,
    NM-CAPTURE, NM-SCORE-GATE, NM-ROUND-BONUS, NM-SLOW-BONUS, NM-VOID)."""
    result = state.last_round
    if result is None:
        return ""
    if result.void:
        return (
            f"Round {result.number} was void: no side had a convoy home "
            f"({CLAUSES.cite('NM-VOID')})."
        )
    parts = []
    for s in range(state.sides):
        name = side_name(state, s)
        if not home(state, s):
            parts.append(f"{name}: 0, no convoy home ({CLAUSES.cite('NM-SCORE-GATE')})")
            continue
        captures = capture_value(state, s)
        slow = slow_bonus(state, s)
        bonus = result.bonus[s] - slow
        # each part named as its rule is titled (Convoy points, Capture points, Round bonus,
        # Slowness bonus): a "(rule: ...)" after each would say every name twice
        bits = [f"{points_text(raw_points(state, s) - captures)} for convoys"]
        if captures:
            bits.append(f"{points_text(captures)} for captures")
        if bonus == ROUND_BONUS:
            bits.append(f"{points_text(bonus)} round bonus")
        if slow:
            bits.append(f"{points_text(slow)} slowness bonus")
        total = points_text(result.points[s] + result.bonus[s])
        parts.append(f"{name}: {total} = {' + '.join(bits)}")
    return f"Round {result.number} scored: {'; '.join(parts)}."


GAME = NauticMiles()
