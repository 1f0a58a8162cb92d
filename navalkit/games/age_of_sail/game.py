"""The Age of Sail Game object: the protocol wired to the pure rules."""

from __future__ import annotations

from typing import Any, ClassVar

from navalkit.core.clauses import ClauseBook
from navalkit.core.errors import Violation
from navalkit.core.mcts import squash
from navalkit.core.protocol import Game, RulesVersion
from navalkit.core.words import plural

from . import rules, search
from .actions import (
    Action,
    Board,
    End,
    Fire,
    Order,
    Repair,
    Sail,
    Turn,
    action_from_json,
    end_label,
    from_path,
    to_path,
)
from .clauses import CLAUSES
from .config import Config
from .data import COMPASS, PRIVATEER, SHIP_OF_THE_LINE, Template
from .mechanics import sequence
from .mechanics.sailing import reach
from .mechanics.sequence import boarding_result, succeeds
from .mechanics.wind import point_of_sail, turned_wind, wind_force, wind_line
from .observe import observe
from .state import CUT_LOOSE, EXPLODED, MOVE, OVER, SUNK, Ship, State

RULES_HISTORY = (
    RulesVersion("age_of_sail/1", "2026-11-21", "The first version."),
    RulesVersion(
        "age_of_sail/2",
        "2026-11-29",
        "The wind is named the way it blows (a wind due south comes from the north); a "
        "dismasted ship must drift with the wind, or drop anchor, before movement ends; "
        "locked ships try to cut loose (or stay locked) as the turn opens, after the fire dice "
        "and before the refloat dice and any movement, a captor and her prize once between "
        "them; a ship throws a die at each shoal she meets on a run, not only the first.",
    ),
    RulesVersion(
        "age_of_sail/3",
        "2026-11-29",
        "A ship set alight fights the fire in the next round, as the blog's rules say: not as her "
        "own turn opens in the same round, when the first admiral's broadside set her alight.",
    ),
)
ROLL_WORDS = {  # each die, as the moves list names it
    "fire_out": "Fire-fighting die",
    "catch": "Explosion die (does the fire spread?)",
    "refloat": "Refloat die",
    "founder": "High seas die",
    "shoal": "Shoal die",
    "repair": "Mast repair die",
    "separate": "Cutting loose die",
    "volley": "Broadside die",
    "board": "Boarding die",
    "wind_dir": "Wind direction die (the Venti, gods of the winds)",
    "wind_speed": "Wind force die",
}


#: how to play on the play page and at a table, a thing a paragraph; those marked
#: data-page="play" speak of the play page's own controls and a seat leaves them out (see
#: Game.how_to_play)
HOW_TO_PLAY = (
    "<p><b>Movement.</b> Click one of your ships, then a green heading marker, then how far to "
    "sail (the green dots; the dot on the ship herself keeps her where she is). When your ships "
    "have moved, press <b>End movement</b>.</p>"
    "<p><b>Fire.</b> Click a ship, then an enemy in its fire arc, and choose <i>Fire: hull</i>, "
    "<i>Fire: sails</i> or <i>Board!</i>; then press <b>End turn</b>.</p>"
    "<p><b>Locked together.</b> A ship locked with another after a boarding first chooses <i>Cut "
    "loose</i> or <i>Stay locked</i>, before any ship moves.</p>"
    "<p><b>From the keyboard.</b> Type a move, or pick it from the list of legal moves.</p>"
    "<p data-page='play'><b>Who plays.</b> The links under <b>Ways to play</b> set the computer's "
    "strength, let two classmates take turns at this computer, or give you the other side (each "
    "starts a new game).</p>"
    "<p data-page='play'><b>Other battles.</b> For a fleet action or the pirates, open <b>Settings "
    "for the next game</b>, choose the <i>Battle</i> and press <b>New game</b>.</p>"
)


class AgeOfSail(Game[State, Action, State, Config]):
    id: ClassVar[str] = "age_of_sail"
    title: ClassVar[str] = "Age of Sail"
    summary: ClassVar[str] = "Miniatures on a tabletop: wind, points of sail, broadsides, boarding"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = RULES_HISTORY
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    config_type: ClassVar[type[Any]] = Config
    state_type: ClassVar[type[Any]] = State
    view_type: ClassVar[type[Any]] = State
    clauses: ClassVar[ClauseBook] = CLAUSES
    hidden_information: ClassVar[bool] = False
    #: what the play page and a seat at a table show under *How to play* (see Game.how_to_play)
    how_to_play: ClassVar[str] = HOW_TO_PLAY
    # The hard bot (see the bots module): the search starts from the admiral's choice (three
    # moves deep with the gunnery odds) and credits it 0.3 x iterations visits, so another
    # move must do clearly better to be played; the tree tries only search_actions, and
    # scores each new node at once with evaluate (random rollouts never bring the fleets into
    # range). 500 iterations is about what 0.13 s buys here; the admiral's own look (20-60 ms,
    # more on a busy machine) comes on top, inside the 250 ms a move may take.
    mcts_settings: ClassVar[dict[str, Any]] = {
        "iterations": 500,
        "time_limit": 0.13,
        "policy": "admiral",
        "guide": 0.0,
        "hint": 0.3,
        "rollout_depth": 0,
    }

    def initial_state(self, config: Config, players: int) -> State:
        return sequence.initial_state(config)

    # The hooks a Match asks at every step are static (no Game in between), some straight
    # from the rules.
    @staticmethod
    def to_move(state: State) -> int | None:
        if state.phase == OVER or state.queue:
            return None
        return state.to_move

    @staticmethod
    def is_chance(state: State) -> bool:
        return bool(state.queue) and state.phase != OVER

    chance_outcomes = staticmethod(sequence.chance_outcomes)

    def apply_chance(self, state: State, outcome: Any) -> State:
        return sequence.apply_die(state, int(outcome))

    def describe_chance(self, state: State, outcome: Any) -> str:
        roll = state.queue[0]
        if roll.kind == "first":
            return f"Roll-off for the first move: {state.nations[int(outcome)]} moves first."
        name = state.ships[roll.ship].name if roll.ship >= 0 else ""
        what = ROLL_WORDS.get(roll.kind, roll.kind)
        if roll.kind == "board":
            return _boarding_die(state, int(outcome))
        need = f" (needs {roll.need}+)" if roll.need else ""
        meaning = _die_meaning(state, int(outcome))
        return f"{what}{' — ' + name if name else ''}: {outcome}{need}{meaning}."

    legal_actions = staticmethod(rules.legal_actions)

    def violation(self, state: State, action: object) -> Violation | None:
        return rules.violation(state, action)

    apply = staticmethod(rules.apply)

    @staticmethod
    def is_over(state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return state.damage

    def winner(self, state: State) -> int | None:
        if state.phase != OVER or state.damage[0] == state.damage[1]:
            return None
        return 0 if state.damage[0] > state.damage[1] else 1

    def observe(self, state: State, player: int | None) -> State:
        return observe(state, player)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def player_name(self, seat: int) -> str:
        return ("First admiral", "Second admiral")[seat]

    def describe(self, state: State, action: Action) -> str:
        if isinstance(action, End):
            return "end movement" if state.phase == MOVE else "end the turn"
        ships = state.ships
        try:
            s = ships[action.ship]
        except (IndexError, TypeError):
            return action.describe()
        if isinstance(action, Turn):
            return (
                f"{s.name} steers {COMPASS[action.heading]} "
                f"({point_of_sail(action.heading, state.wind_from)})"
            )
        if isinstance(action, Sail):
            if action.cm == 0:
                return f"{s.name} stays where she is, heading {COMPASS[s.heading]}"
            return f"{s.name} sails {action.cm} cm {COMPASS[s.heading]}"
        if isinstance(action, Order):
            return f"{s.name}: {action.describe().split(' ', 2)[2]}"
        if isinstance(action, Fire):
            return f"{s.name} fires at {ships[action.target].name}'s {action.aim}"
        if isinstance(action, Board):
            return f"{s.name} boards {ships[action.target].name}"
        if isinstance(action, Repair):
            return f"{s.name} tries to repair a mast"
        return action.describe()

    def describe_outcome(self, state: State, action: Action) -> str:
        return f"{state.nations[state.to_move]}: {self.describe(state, action)}"

    def status(self, state: State) -> str:
        a, b = state.damage
        score = f"Damage {state.nations[0]} {a} - {state.nations[1]} {b}."
        said = wind_line(state.wind_from, state.config.wind_naming)
        wind = f"wind {said}, force {state.wind_speed}"
        if state.phase == OVER:
            return ending(state)
        if state.queue:
            return f"Round {state.round}, {wind}: dice to throw. {score}"
        phase = {
            MOVE: "movement",
            CUT_LOOSE: "locked ships: cut loose (on a 6) or stay locked, before moving",
        }.get(state.phase, "broadsides and boarding")
        if state.helm is not None:
            s = state.ships[state.helm.ship]
            left = reach(state, state.helm.ship)  # the figure her label and the side panel give
            phase = f"{s.name} heading {COMPASS[s.heading]}, up to {left} cm to sail"
        return f"Round {state.round}, {wind}: {state.nations[state.to_move]}, {phase}. {score}"

    # --- clicking on the table ------------------------------------------------------------
    def action_path(self, action: Action) -> tuple[str, ...]:
        return to_path(action)

    def action_at(self, state: State, path: tuple[str, ...]) -> Action | None:
        return from_path(state, path)

    def listed_last(self, state: State, action: Action) -> bool:
        """The end of the phase (the rules list it last already): the typed example shows
        how to give a ship her heading, not 'end movement', a phase in which nothing moved."""
        return isinstance(action, End)

    def ui_hint(self, state: State, path: tuple[str, ...]) -> str:
        if not path or not path[0].startswith("ship:"):
            return "Click one of your ships (or the 'end' button)."
        try:
            s = state.ships[int(path[0][5:])]
        except (ValueError, IndexError):
            return "Click one of your ships."
        if s.side != state.to_move:
            return f"{s.name} flies the flag of {state.nations[s.side]}: click one of yours."
        if state.phase == CUT_LOOSE:
            return "First the locked ships: click one, then Cut loose or Stay locked."
        if state.phase == MOVE and s.ordered:
            return f"{s.name} has had her order this turn."
        return (
            f"{s.name} has nothing she can do now: try another ship, or press {end_label(state)}."
        )

    def evaluate(self, state: State, seat: int) -> float:
        """How well ``seat`` stands, from 0 to 1 (to score search rollouts cut short): the
        damage lead, the gun-deck balance, ships alight, and the broadside the admiral to
        move can bring to bear (:func:`.search.worth`), squashed."""
        if state.phase == OVER:
            w = self.winner(state)
            return 0.5 if w is None else float(w == seat)
        return squash(search.worth(state, seat), 3.0)

    def search_actions(self, state: State) -> list[Action]:
        """The moves the hard bot's search tries (:func:`.search.search_actions`): the legal
        ones less anchoring, the weaker aim of each broadside, losing boardings and repairs
        while a broadside bears."""
        return search.search_actions(state, rules.legal_actions(state))

    def bots(self) -> dict[str, Any]:
        from .bots import AdmiralBot, CaptainBot

        return {"captain": CaptainBot, "admiral": AdmiralBot}


GAME = AgeOfSail()


# --- the ending in words: who won, by which rule, and where the points came from -------------
TEMPLATES: dict[str, Template] = {t.kind: t for t in (SHIP_OF_THE_LINE, PRIVATEER)}


def _die_meaning(state: State, die: int) -> str:
    """What one die of the roll at the head of the queue does, after a comma (", a hit"),
    so that a student need not know the table by heart; "" for a roll of many dice
    whose meaning shows only at its end."""
    roll = state.queue[0]
    kind = roll.kind
    s = state.ships[roll.ship] if roll.ship >= 0 else None
    if kind == "volley":
        return ", a hit" if succeeds(roll, die) else ", a miss"
    if kind == "wind_dir":
        turn = {1: "turns one point anticlockwise to", 6: "turns one point clockwise to"}
        said = wind_line(turned_wind(state.wind_from, die), state.config.wind_naming)
        return f", the wind {turn.get(die, 'stays')} {said}"
    if kind == "wind_speed":
        force = wind_force(state.wind_speed, die)
        if force == state.wind_speed:
            return f", the wind stays at force {force}"
        return f", the wind {'drops' if force < state.wind_speed else 'rises'} to force {force}"
    if s is None:
        return ""
    if kind == "fire_out":
        if succeeds(roll, die):
            return ", the fire is out"
        if s.fire == 1:
            return ", the fire spreads"
        return ", the fire reaches her powder: she blows up"
    if kind == "catch":
        return f", {s.name} catches fire" if succeeds(roll, die) and s.fire == 0 else ", no harm"
    if kind == "refloat":
        return ", she floats free" if succeeds(roll, die) else ", she stays aground"
    if kind == "founder":
        return ", she founders" if succeeds(roll, die) else ", she stays afloat"
    if kind == "shoal":
        return ", she runs aground" if succeeds(roll, die) else ", she passes safely"
    if kind == "repair":
        return ", the mast stands again" if succeeds(roll, die) else ", not this time"
    if kind == "separate":
        return ", the ships cut loose" if succeeds(roll, die) else ", they stay locked"
    return ""


def _boarding_die(state: State, die: int) -> str:
    """One die of a boarding, said as the boarders' or the defenders' (the boarders throw
    first, a die for each of their gun decks, then the defenders); with the last die, the
    totals and what they decide (AOS-BOARD, AOS-BOARD-TIE)."""
    roll = state.queue[0]
    a, d = state.ships[roll.ship], state.ships[roll.other]
    na = sum(a.decks)
    dice = (*roll.dice, die)
    crew = f"{a.name}'s boarders" if len(dice) <= na else f"{d.name}'s defenders"
    text = f"{ROLL_WORDS['board']} — {crew}: {die}."
    if len(dice) < roll.n:
        return text
    ta, td, won = boarding_result(state, roll, dice)
    totals = f" Boarders {ta}, defenders {td}"
    if won == "boarders":
        return f"{text}{totals}: {d.name} is captured."
    if won == "defenders":
        tie = " (a tie: the defenders hold)" if ta == td else ""
        return f"{text}{totals}{tie}: the boarders are beaten back and {a.name} is captured."
    return f"{text}{totals}: a tie, so the dice are thrown again."


def _whole(ship: Ship) -> int:
    """The boxes of a whole ship of her kind (gun decks both sides, masts, hull units)."""
    t = TEMPLATES.get(ship.kind)
    return 2 * t.decks + len(t.rig) + t.hull if t else ship.boxes


def _prize_crew(state: State, i: int) -> int:
    """1 when ship ``i`` is locked with a prize she took: a gun deck of hers crossed over."""
    s = state.ships[i]
    j = s.entangled
    if j < 0:
        return 0
    prize = state.ships[j]
    return int(prize.captured and prize.side == s.side and prize.nation != s.nation)


def points_from(state: State, side: int) -> tuple[list[str], int]:
    """The enemy ships ``side``'s points came from, in words, and the points those words
    account for (the records show the ships now: masts repaired after a hit, or gun decks
    sent across as prize crews elsewhere, can make it differ from the score)."""
    mine = state.nations[side]
    words: list[str] = []
    counted = 0
    for i, s in enumerate(state.ships):
        flag = state.nations[s.side]
        lost = s.status in (SUNK, EXPLODED)
        fate = "sank" if s.status == SUNK else "blew up"
        if s.nation == mine:  # one of ours, lost under the enemy's flag: her boxes are ours
            if lost and flag != mine:
                words.append(
                    f"{s.name}, taken by {flag}, {fate} ({plural(s.boxes, 'box', 'boxes')})"
                )
                counted += s.boxes
            continue
        whole = _whole(s)
        if s.captured and (flag == mine or lost):
            then = f", then {fate}" if lost else ""
            words.append(f"{s.name} was captured{then} (all {whole} boxes)")
            counted += whole
        elif lost:
            words.append(f"{s.name} {fate} (all {whole} boxes)")
            counted += whole
        else:
            t = TEMPLATES.get(s.kind)
            if t is None:
                continue
            crew = _prize_crew(state, i)
            losses = [
                (2 * t.decks - sum(s.decks) - crew, "gun deck"),
                (len(t.rig) - sum(s.masts), "mast"),
                (t.hull - s.hull, "hull unit"),
            ]
            lost_words = [plural(n, what) for n, what in losses if n > 0]
            counted += sum(n for n, _ in losses if n > 0)
            if lost_words:
                words.append(f"{s.name} lost {', '.join(lost_words)}")
            else:
                words.append(f"{s.name} unharmed")
    return words, counted


def ending(state: State) -> str:
    """The game-over status: the winner and the rule that makes him so (AOS-VICTORY), why the
    battle ended (AOS-END), and each admiral's points with the enemy ships they came from
    (AOS-VICTORY-POINTS)."""
    a, b = state.damage
    nations = state.nations
    victory = CLAUSES.cite("AOS-VICTORY")  # each rule by its title: "(AOS-END)" read as code
    if a == b:
        head = (
            f"Battle over: a draw. Both admirals inflicted {plural(a, 'damage point')}, and "
            f"only the one who inflicted more damage wins ({victory})."
        )
    else:
        w = 0 if a > b else 1
        head = (
            f"Battle over: {nations[w]} wins, {plural(max(a, b), 'damage point')} to "
            f"{min(a, b)}: the admiral who inflicted the most damage wins ({victory})."
        )
    alive = [any(s.afloat and s.side == p for s in state.ships) for p in (0, 1)]
    gone = [n for n, here in zip(nations, alive, strict=True) if not here]
    if gone:
        why = f"no ship is left afloat under the flag of {' or '.join(gone)}"
    else:
        n = state.config.max_rounds
        why = f"the agreed {plural(n, 'round')} {'is' if n == 1 else 'are'} over"
    why = f"Why it ended: {why} ({CLAUSES.cite('AOS-END')})."
    parts, off = [], False
    for side in (0, 1):
        words, counted = points_from(state, side)
        off = off or counted != state.damage[side]
        parts.append(
            f"{nations[side]} {plural(state.damage[side], 'point')}: "
            + ("; ".join(words) if words else "no enemy ship hit")
        )
    points = (
        "Points: 1 for each gun deck, mast or hull unit destroyed, and all the boxes of a "
        f"ship sunk, blown up or captured ({CLAUSES.cite('AOS-VICTORY-POINTS')}). "
        f"{'. '.join(parts)}."
    )
    if off:
        points += (
            " (The records show the ships now: a mast shot down still counts after it is "
            "repaired, and a gun deck sent across as a prize crew is no point for anyone.)"
        )
    return f"{head} {why} {points}"
