"""Naval War's pure rules: the deal, chance, legal actions and how each one changes the state,
the end and the scores, why an action is refused, and the words for all of it.

``apply`` trusts its caller (the Game checks :func:`violation` first); chance outcomes (cards
drawn, dice rolled) come in through :func:`apply_chance`. What each card and die does is in
:mod:`.mechanics.combat`, the flow of a round in :mod:`.mechanics.sequence`.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from navalkit.core.errors import Violation
from navalkit.core.words import plural, possessive
from navalkit.core.words import points as point_words

from .actions import (
    ACTION_TYPES,
    DISCARDS,
    DRAW,
    LAUNCH,
    PLAYS,
    STRIKES,
    Action,
    Aim,
    Discard,
    Draw,
    Launch,
    Play,
    Strike,
    Take,
)
from .clauses import CLAUSES
from .config import Config
from .data import (
    ADD_DAMAGE,
    ADD_SHIP,
    CARD_GUN,
    CARDS,
    CARRIER,
    GUN,
    GUN_LABEL,
    HITS,
    JAPANESE,
    KIND,
    MINEFIELD,
    RED,
    REPAIR,
    SALVO,
    SHIPS,
    SMOKE,
    SQUADRON,
    SQUADRON_CARD,
    SUBMARINE,
    SWEEPER,
    TORPEDO,
)
from .mechanics.combat import (
    finish_changes,
    finish_play,
    leave_hand,
    resolve_card,
    resolve_roll,
    strike_sinks,
)
from .mechanics.damage import (
    Work,
    air_targets,
    attackable,
    card_targets,
    evolve,
    make_evolver,
    mine_hits,
    opponents,
    owner_of,
    pile_index,
    points,
    ready_carriers,
    replaced,
    salvo_owner,
    sort_fleet,
    without,
)
from .mechanics.sequence import clear_next, ds_next, fresh_round, hand_size
from .state import (
    ACT,
    AIR,
    CHANCE_PHASES,
    CHOOSE,
    CLEAR,
    DEAL,
    DS_PICK,
    DS_TAKE,
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
from .state import DRAW as DRAW_PHASE
from .state import RED as RED_PHASE

__all__ = [
    "apply",
    "apply_chance",
    "card_places",
    "chance_outcomes",
    "chance_uniform",
    "conserved",
    "describe",
    "describe_chance",
    "describe_outcome",
    "explain",
    "initial_state",
    "is_chance",
    "is_over",
    "legal_actions",
    "player_name",
    "public_chance",
    "round_points",
    "scores",
    "status",
    "to_move",
    "ui_hint",
    "violation",
    "winner",
]


DIE = tuple((k, 1 / 6) for k in range(1, 7))
FACES = tuple(k for k, _ in DIE)


#: ``_PAIRS[n][c]`` is the chance outcome ``(c, 1/n)``: built once, reused at every draw
_PAIRS = [()] + [tuple((c, 1 / n) for c in range(len(CARDS))) for n in range(1, len(CARDS) + 1)]


def initial_state(config: Config, n: int) -> State:
    """Round 1: the last seat deals (NW-FIRST-DEALER)."""
    return fresh_round(config, n, n - 1, 1, (0,) * n, ())


# --- whose turn, chance ----------------------------------------------------------------------
def to_move(state: State) -> int | None:
    """The seat to act: None when the game is over or at a chance node."""
    phase = state.phase
    return None if phase == OVER or phase in CHANCE_PHASES else state.seat


def is_chance(state: State) -> bool:
    return state.phase in CHANCE_PHASES


def chance_uniform(state: State) -> tuple[int, ...]:
    """What a chance step draws, all equally likely: one of the cards left in the pile dealt
    from (the harbour's while ships are dealt, else the deck), or a face of the die."""
    phase = state.phase
    if phase == ROLL:
        return FACES
    if phase == SHIP or (
        phase == DEAL and state.dealt < hand_size(state.config, state.n) * state.n
    ):
        return state.harbor
    return state.deck


def chance_outcomes(state: State) -> list[tuple[Any, float]]:
    """Uniform over the cards left (one card at a time), or the six faces of a die."""
    if state.phase == ROLL:
        return list(DIE)
    pile = chance_uniform(state)
    pairs = _PAIRS[len(pile)]
    if len(pile) > 1:  # one C call picks every pair (a map over pairs.__getitem__ is slower)
        return list(itemgetter(*pile)(pairs))
    return [pairs[c] for c in pile]


#: the states the most frequent chance steps lead to, built field by field (see
#: ``make_evolver``): a card drawn into the hand, a red card drawn (played at once), a ship
#: and a card dealt
_drawn = make_evolver(("deck", "hands"), {"phase": ACT})
_drawn_red = make_evolver(("deck", "pending"), {"phase": RED_PHASE})
_dealt_ship = make_evolver(("harbor", "fleets", "dealt"), {})
_dealt_card = make_evolver(("deck", "hands", "dealt"), {})


def apply_chance(state: State, outcome: int) -> State:
    if outcome.__class__ is not int:  # a card or a die face read from a record, say
        outcome = int(outcome)
    phase = state.phase
    if phase == DRAW_PHASE:  # the most frequent chance node: built in one step, no Work
        deck = state.deck
        i = pile_index(deck, outcome)
        deck = deck[:i] + deck[i + 1 :]
        if RED[outcome]:
            return _drawn_red(state, deck, outcome)
        seat, hands = state.seat, state.hands
        # (``replaced`` written out: this is the most frequent chance node)
        return _drawn(state, deck, hands[:seat] + (hands[seat] + (outcome,),) + hands[seat + 1 :])  # noqa: RUF005
    if phase == ROLL:
        return resolve_roll(state, outcome)
    seat = state.seat
    if phase == DEAL:  # a ship to a fleet, then a card to a hand, round the table
        n, k = state.n, hand_size(state.config, state.n)
        i = state.dealt
        if i < k * n:
            to = (state.dealer + 1 + i) % n
            fleets = replaced(state.fleets, to, sort_fleet(state.fleets[to] + (outcome,)))
            if i + 1 < 2 * k * n:
                return _dealt_ship(state, without(state.harbor, outcome), fleets, i + 1)
            changes = {"harbor": without(state.harbor, outcome), "fleets": fleets, "dealt": i + 1}
        else:
            to = (state.dealer + 1 + i - k * n) % n
            hands = replaced(state.hands, to, state.hands[to] + (outcome,))
            if i + 1 < 2 * k * n:
                return _dealt_card(state, without(state.deck, outcome), hands, i + 1)
            changes = {"deck": without(state.deck, outcome), "hands": hands, "dealt": i + 1}
        first = state.dealer if state.config.clearout_start == "dealer" else state.dealer + 1
        changes.update(seat=first % n, cleared=0, opening=True)
        return clear_next(evolve(state, changes))
    w = Work(state)
    if phase == SHIP:
        w.set(harbor=without(state.harbor, outcome), pending=-1)
        w.to_discard(state.pending)
        fleet = state.fleets[seat]
        if mine_hits(state, seat) >= HITS[outcome]:
            w.set(lost=(*state.lost, outcome))  # NW-MINE-ARRIVAL: sunk on arrival, no score
        else:
            w.put("fleets", seat, sort_fleet((*fleet, outcome)))
        return finish_play(w)
    # REFILL: one card from the deck, in the clear-out
    w.set(deck=without(state.deck, outcome))
    w.put("hands", seat, state.hands[seat] + (outcome,))
    return clear_next(w.view())


# --- legal actions ---------------------------------------------------------------------------
#: per ship and per play card, its gun size as one bit (``1 << gun``): a fleet's guns are the
#: bits of its ships ORed, and a salvo card fits when its bit is among them
_SHIP_GUN_BIT = tuple(1 << g for g in GUN)
_CARD_GUN_BIT = tuple(1 << g for g in CARD_GUN)
#: no target: the card can only be discarded
_NO_TARGET: tuple[int, Any] = (0, None)


def legal_actions(state: State) -> list[Action]:
    phase, seat = state.phase, state.seat
    if phase == ACT:
        return _act_actions(state, seat)
    if phase == CHOOSE:
        return [DRAW, LAUNCH]
    if phase == AIR:
        carrier = state.queue[0]
        targets = air_targets(state, seat)
        strikes = STRIKES[False][carrier]
        out = _picked(strikes, targets)
        if state.config.kamikaze and JAPANESE[carrier]:
            out += _picked(STRIKES[True][carrier], targets)
        if state.strikes or len(state.queue) > 1:
            out.append(strikes[-1])
        return out
    if phase == RED_PHASE:
        card = state.pending
        targets = card_targets(state, seat, card)
        return [PLAYS[card][t] for t in targets] if targets else [DISCARDS[card]]
    if phase == CLEAR:
        out = []
        for card in state.hands[seat]:
            if RED[card]:
                targets = card_targets(state, seat, card)
                if targets:
                    out.extend(PLAYS[card][t] for t in targets)
                else:
                    out.append(DISCARDS[card])
        return out
    if phase == DS_PICK:
        return [Aim(o) for o in opponents(state, seat)]
    if phase == DS_TAKE:
        return [Take(s) for s in attackable(state.fleets[state.ds_victim])]
    return []


def _picked(row: tuple[Action, ...], targets: list[int]) -> list[Action]:
    """``[row[t] for t in targets]``, picked in one C call (``itemgetter``) when there are
    several (the air strikes at every target in reach)."""
    if len(targets) > 1:
        return list(itemgetter(*targets)(row))
    return [row[t] for t in targets]


def _act_actions(state: State, seat: int) -> list[Action]:
    """The play step (the most frequent list): each card of the hand in turn, at each of its
    targets, then discarded.

    A card's targets depend on its kind alone (once a salvo's guns are checked), so each
    kind's are worked out once for the whole hand, with an ``itemgetter`` that picks the
    plays at them from a card's row of ``PLAYS`` in one C call."""
    out: list[Action] = []
    # kind -> (how many targets, an itemgetter of them when more than one, else the one)
    pickers: dict[int, tuple[int, Any]] = {}
    guns = -1  # the bits of the seat's guns (-1: not worked out yet)
    for card in state.hands[seat]:
        kind = KIND[card]
        if kind == SALVO:
            if guns < 0:
                guns = 0
                for s in state.fleets[seat]:
                    guns |= _SHIP_GUN_BIT[s]
            if not _CARD_GUN_BIT[card] & guns:  # no ship with its guns: discard only
                out.append(DISCARDS[card])
                continue
        made = pickers.get(kind)
        if made is None:
            made = pickers[kind] = _made(card_targets(state, seat, card))
        n, pick = made
        if n > 1:
            out += pick(PLAYS[card])
        elif n:
            out.append(PLAYS[card][pick])
        out.append(DISCARDS[card])
    return out


def _made(targets: list[int]) -> tuple[int, Any]:
    """How many ``targets``, and an ``itemgetter`` of them (several) or the one target."""
    n = len(targets)
    if n > 1:
        return n, itemgetter(*targets)
    return (1, targets[0]) if n else _NO_TARGET


# --- applying actions ------------------------------------------------------------------------
#: the states the most frequent moves lead to, built field by field (see ``make_evolver``)
_phase_only = make_evolver(("phase",), {})
_launched = make_evolver(("queue",), {"phase": AIR, "strikes": ()})
_strike_next = make_evolver(("queue", "strikes"), {})
_strike_last = make_evolver(("strikes",), {"queue": (), "phase": ROLL, "roll_for": ROLL_AIR})
_EXACT = frozenset(ACTION_TYPES)


def apply(state: State, action: Action) -> State:
    """The state after a legal ``action``."""
    seat = state.seat
    # Dispatch on the action's own class (one ``is`` each, not a chain of isinstance calls);
    # ``act`` is the same action, read without narrowing its type at every branch.
    act: Any = action
    kind = action.__class__
    if kind not in _EXACT:  # a subclass (the rules make none)
        kind = next((t for t in ACTION_TYPES if isinstance(action, t)), kind)
    if kind is Discard:
        card = act.card
        ch = leave_hand(state, seat, card)
        ch["discard"] = state.discard + (card,)  # noqa: RUF005
        return finish_changes(state, ch)
    if kind is Play:
        return resolve_card(state, seat, act.card, act.target)
    if kind is Strike:
        strikes = state.strikes
        if act.target >= 0:
            strikes += ((act.carrier, act.target, act.kamikaze),)
        queue = state.queue[1:]
        if queue:
            return _strike_next(state, queue, strikes)
        return _strike_last(state, strikes)
    if kind is Draw:
        return _phase_only(state, DRAW_PHASE)
    if kind is Launch:  # the carriers ready to strike (``ready_carriers``), in fleet order
        return _launched(state, tuple(ready_carriers(state, seat)))
    if kind is Aim:
        return evolve(state, {"ds_victim": act.seat, "phase": ROLL, "roll_for": ROLL_DS})
    if kind is Take:
        w = Work(state)
        w.sink(act.ship, seat)  # NW-DS-CREDIT
        w.set(ds_left=state.ds_left - 1)
        return ds_next(w.view())
    raise TypeError(f"not a Naval War action: {action!r}")


# --- the end and the scores ------------------------------------------------------------------
def is_over(state: State) -> bool:
    return state.phase == OVER


def winner(state: State) -> int | None:
    """The winning seat once the game is over (None for a draw or while playing)."""
    return state.winner if state.phase == OVER and state.winner >= 0 else None


def round_points(state: State) -> tuple[int, ...]:
    """Points of ships sunk so far this round, per seat (NW-SCORE)."""
    return tuple(points(s) for s in state.sunk)


def scores(state: State) -> tuple[int, ...]:
    """Totals so far, with this round's sunk ships counted while the round is on."""
    if state.phase == OVER:
        return state.totals
    return tuple(t + p for t, p in zip(state.totals, round_points(state), strict=True))


def card_places(state: State) -> tuple[list[int], list[int]]:
    """Every play card id and every ship id, wherever it is (with repeats, if any)."""
    cards = [*state.deck, *state.discard, *(c for h in state.hands for c in h)]
    cards += [c for on in state.salvos for card, extra in on for c in (card, *extra)]
    cards += [c for m in state.mines for c, _ in m] + [s for s in state.smoke if s >= 0]
    if state.ds_owner >= 0:
        cards += [SQUADRON_CARD, *state.ds_salvos]
    if state.pending >= 0:
        cards.append(state.pending)
    ships = [*state.harbor, *state.lost, *(s for f in state.fleets for s in f)]
    ships += [s for t in state.sunk for s in t]
    return cards, ships


def conserved(state: State) -> tuple[int, int]:
    """(play cards, ship cards), each counted once and only if none is in two places:
    always (108, 54) with the house manifest."""
    cards, ships = card_places(state)
    n_cards = len(set(cards)) if len(set(cards)) == len(cards) else -1
    n_ships = len(set(ships)) if len(set(ships)) == len(ships) else -1
    return n_cards, n_ships


# --- Why an action is refused, in plain words and with the rule it breaks.

V = Violation


_WAIT = {
    ACT: "You have drawn: now play one card, or discard one (click a card in your hand).",
    RED_PHASE: "You drew a red card: it must be played at once.",
    CLEAR: "Clear-out: play the red cards in your hand first.",
    CHOOSE: "Start your turn: draw a card, or launch air strikes instead.",
    AIR: "Name the target of each carrier's air strike in turn.",
    DS_PICK: "Your Destroyer Squadron attacks first: name an opponent.",
    DS_TAKE: "Your Destroyer Squadron takes ships: choose one of the victim's ships.",
}


def _fields_ok(action: object) -> bool:
    for name in action.__dataclass_fields__:  # type: ignore[attr-defined]
        value = getattr(action, name)
        if name == "kamikaze":
            if type(value) is not bool:
                return False
        elif type(value) is not int:
            return False
    return True


def violation(state: State, action: object) -> Violation | None:
    """None when ``action`` is legal now, otherwise why not."""
    if not isinstance(action, ACTION_TYPES) or not _fields_ok(action):
        return V("match.not_an_action", f"{action!r} is not a Naval War action.")
    if state.phase == OVER:
        return V("NW-GOAL", "The game is over: no more moves.")
    if state.phase in CHANCE_PHASES:
        return V("NW-ORDER", "Waiting for the cards or the dice.")
    legal = legal_actions(state)
    # The rules hand out interned actions, so the action offered is usually one of these very
    # objects: matching ids (a C-level scan) finds it without calling dataclass ``__eq__`` on
    # the actions before it; an equal but distinct action is still found by ``in``.
    if id(action) in map(id, legal) or action in legal:
        return None
    return explain(state, action)


def explain(state: State, action: object) -> Violation:
    """The reason a (non-legal) action is refused."""
    phase, seat = state.phase, state.seat
    if isinstance(action, Play | Discard):
        return _card(state, action)
    if isinstance(action, Draw | Launch):
        if phase != CHOOSE:
            return _wait(phase)
        return V("NW-AIR", "You have no carrier ready to strike, or nothing to aim at.")
    if isinstance(action, Strike):
        if phase != AIR:
            return V("NW-AIR", "Air strikes are launched instead of drawing, at the turn's start.")
        return _strike(state, action)
    if isinstance(action, Aim):
        if phase != DS_PICK:
            return V("NW-DS", "The Squadron names its victim only before its owner's turn.")
        o = action.seat
        if o == seat:
            return V("NW-OWN", "The Squadron cannot attack its own fleet.")
        if o >= state.n or not state.fleets[o]:
            return V("NW-DS", f"{player_name(o)} has no ships to take.")
        return V(
            "NW-SMOKE",
            f"{player_name(o)} is behind smoke: the Squadron cannot reach him.",
            (f"seat:{o}",),
        )
    if isinstance(action, Take):
        if phase != DS_TAKE:
            return V("NW-DS", "The Squadron takes ships only after its die roll.")
        fleet = state.fleets[state.ds_victim]
        if action.ship not in fleet:
            return V("NW-DS", f"{SHIPS[action.ship].name} is not in the victim's fleet.")
        return V(
            "NW-CARRIER",
            "Carriers are taken last: take the other ships first.",
            (f"ship:{action.ship}",),
        )
    return _wait(phase)


def _wait(phase: int) -> Violation:
    """Not this action now: what the phase waits for, under the rule that orders it (a drawn
    red card's, NW-RED, cited once: its words cited it beside the turn order's)."""
    return V("NW-RED" if phase == RED_PHASE else "NW-ORDER", _WAIT.get(phase, "Not now."))


def _card(state: State, action: Play | Discard) -> Violation:
    phase, seat, card = state.phase, state.seat, action.card
    if phase not in (ACT, RED_PHASE, CLEAR):
        return _wait(phase)
    if card >= len(CARDS):
        return V("NW-HAND", "There is no such card.")
    label = CARDS[card].label
    if phase == RED_PHASE and card != state.pending:
        return V(
            "NW-RED",
            f"You drew a red card ({CARDS[state.pending].label}): play it now.",
            (f"card:{state.pending}",),
        )
    if phase != RED_PHASE and card not in state.hands[seat]:
        return V("NW-HAND", f"You do not hold {label}.")
    if phase == CLEAR and not RED[card]:
        return V("NW-CLEAROUT", "In the clear-out only red cards are played.", (f"card:{card}",))
    if isinstance(action, Discard):
        if phase == CLEAR and KIND[card] == ADD_DAMAGE:
            return V("NW-CLEAROUT-AD", "Additional Damage is wasted now: play it to discard it.")
        return V(
            "NW-RED",
            f"{label} is red and has a target: it must be played, not discarded.",
            (f"card:{card}",),
        )
    return _target(state, seat, card, action.target)


def _target(state: State, seat: int, card: int, target: int) -> Violation:
    kind, label = KIND[card], CARDS[card].label
    hi = (f"card:{card}",)
    if kind in (SMOKE, SWEEPER, SQUADRON, ADD_SHIP):
        if target != -1:
            return V(_RULE[kind], f"{label} takes no target: it is played in front of you.", hi)
        if kind == SWEEPER:
            return V("NW-MINESWEEPER", "There are no minefields in front of your fleet.", hi)
        if kind == SQUADRON:
            return V("NW-DS", "A Destroyer Squadron is already at sea.", hi)
        if kind == ADD_SHIP:
            return V("NW-ADD-SHIP", "The harbor pile is empty.", hi)
        return V("NW-SMOKE-ONE", "Your fleet already has smoke.", hi)
    if kind == ADD_DAMAGE:
        if state.opening:
            return V("NW-CLEAROUT-AD", "In the clear-out Additional Damage is wasted: discard it.")
        if target in state.ds_salvos:
            return V("NW-DS-STOP", "Additional Damage cannot touch the Destroyer Squadron.", hi)
        ship = salvo_owner(state, target) if target < len(CARDS) else -1
        if ship < 0:
            return V("NW-ADD-DAMAGE", "Additional Damage goes on a salvo that is on a ship.", hi)
        return V("NW-OWN", "That salvo is on your own ship.", (f"ship:{ship}",))
    if kind == REPAIR:
        return V("NW-REPAIR", "Repair removes a salvo from one of your own ships.", hi)
    if kind == MINEFIELD:
        if target == seat:
            return V("NW-OWN", "A minefield is laid in front of an opponent, never your own.")
        if 0 <= target < state.n and state.fleets[target] and state.smoke[target] >= 0:
            return V(
                "NW-SMOKE-MINES", f"{player_name(target)} is behind smoke.", (f"seat:{target}",)
            )
        return V("NW-MINEFIELD", "Lay the minefield in front of an opponent who has ships.")
    rule = _RULE[kind]
    if kind == SALVO:
        gun = CARD_GUN[card]
        if not any(GUN[s] == gun for s in state.fleets[seat]):
            return V(
                "NW-SALVO", f"You have no ship with {GUN_LABEL[gun]} guns to fire {label}.", hi
            )
        if target == DS_TARGET:
            o = state.ds_owner
            if o < 0:
                return V("NW-DS-TARGET", "There is no Destroyer Squadron at sea.")
            if o == seat:
                return V("NW-OWN", "That is your own Destroyer Squadron.", ("ds",))
            return V("NW-DS-TARGET", "Its owner has smoke: his Squadron is screened.", ("ds",))
    if target == DS_TARGET and state.ds_owner >= 0:
        return V(
            "NW-DS-STOP", f"The Destroyer Squadron can only be stopped with salvos, not {label}."
        )
    if not 0 <= target < len(SHIPS):
        return V(rule, f"{label} must name an enemy ship.", hi)
    owner = owner_of(state, target)
    name = SHIPS[target].name
    sq = (f"ship:{target}",)
    if owner < 0:
        return V(rule, f"{name} is not afloat.", hi)
    if owner == seat:
        return V("NW-OWN", f"{name} is your own ship: you may never damage it.", sq)
    if kind != SUBMARINE and state.smoke[owner] >= 0:
        return V("NW-SMOKE", f"{player_name(owner)} is behind smoke.", sq)
    if target not in attackable(state.fleets[owner]):
        return V("NW-CARRIER", f"{name} is a carrier behind other ships.", sq)
    return V(rule, f"{label} cannot be played at {name} now.", sq)


_RULE = {
    SALVO: "NW-SALVO",
    SMOKE: "NW-SMOKE",
    SWEEPER: "NW-MINESWEEPER",
    SQUADRON: "NW-DS",
    ADD_SHIP: "NW-ADD-SHIP",
    TORPEDO: "NW-TORPEDO",
    SUBMARINE: "NW-SUBMARINE",
    MINEFIELD: "NW-MINEFIELD",
    ADD_DAMAGE: "NW-ADD-DAMAGE",
    REPAIR: "NW-REPAIR",
}


def _strike(state: State, action: Strike) -> Violation:
    seat = state.seat
    if action.carrier != state.queue[0]:
        name = SHIPS[state.queue[0]].name
        return V(
            "NW-AIR",
            f"Name {name}'s target first (one strike per carrier).",
            (f"ship:{state.queue[0]}",),
        )
    if action.kamikaze and not (state.config.kamikaze and JAPANESE[action.carrier]):
        return V("NW-KAMIKAZE", "Only Japanese carriers, with the optional Kamikaze rule on.")
    if action.target == -1:
        return V("NW-AIR-HOLD", "At least one carrier must strike.")
    if action.target == DS_TARGET and state.ds_owner >= 0:
        return V("NW-DS-STOP", "Aircraft cannot attack the Destroyer Squadron: only salvos can.")
    if not 0 <= action.target < len(SHIPS) or owner_of(state, action.target) < 0:
        return V("NW-AIR", "Name an enemy ship afloat.")
    owner = owner_of(state, action.target)
    sq = (f"ship:{action.target}",)
    if owner == seat:
        return V("NW-OWN", "You may never attack your own ship.", sq)
    if state.smoke[owner] >= 0:
        return V("NW-SMOKE-AIR", f"{player_name(owner)} is behind smoke.", sq)
    if CARRIER[action.target]:
        return V("NW-CARRIER", "Carriers are hit only once the ships in front are sunk.", sq)
    return V("NW-AIR", "That strike is not possible now.", sq)


# --- words: names, moves and chance in context, the status line, a click that starts nothing.


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


_ROLLED_FOR = {
    ROLL_AIR: "the air strike",
    ROLL_DS: "the Destroyer Squadron",
    ROLL_SUBMARINE: "the submarine",
}


def _roll_words(state: State, roll: int) -> str:
    """What a die is rolled for and what ``roll`` does: "the air strike on Hood: sunk!"."""
    if state.roll_for == ROLL_DS:
        victim = player_name(state.ds_victim)
        return (
            f"the Destroyer Squadron: it may take {plural(roll, 'ship')} of {possessive(victim)}"
            " fleet."
        )
    if state.roll_for == ROLL_AIR:
        _carrier, target, kamikaze = state.strikes[0]
        sinks = strike_sinks("kamikaze" if kamikaze else "air_strike", roll)
    else:
        target = state.target
        kind = "submarine" if state.roll_for == ROLL_SUBMARINE else "torpedo_boat"
        sinks = strike_sinks(kind, roll) and owner_of(state, target) >= 0
    what = _ROLLED_FOR.get(state.roll_for, "the torpedo boat")
    return f"{what} on {SHIPS[target].name}: " + ("sunk!" if sinks else "a miss.")


def describe_chance(state: State, outcome: int) -> str:
    """Words for a card dealt or drawn, or a die rolled (a card drawn stays secret unless
    it is red and so played at once)."""
    who = player_name(state.seat)
    if state.phase == ROLL:  # the die, and what it did (its target is in plain sight)
        return f"{who} rolls {outcome} for {_roll_words(state, outcome)}"
    if state.phase == DEAL:
        return "A card is dealt."
    if state.phase == SHIP:
        ship = SHIPS[outcome]
        what = "a carrier" if CARRIER[outcome] else f"{GUN_LABEL[ship.gun]} guns"
        return (
            f"{who}'s additional ship from the harbor: {ship.name} ({what}, "
            f"{plural(ship.hits, 'hit')} to sink)."
        )
    if RED[outcome] and not state.opening:
        return f"{who} draws a red card: {CARDS[outcome].label}."
    return f"{who} draws a card."


def public_chance(state: State, outcome: int) -> int | None:
    """What every seat sees of a chance outcome: a die, a ship from the harbor, a red card
    drawn outside the clear-out (played at once); not a card dealt or drawn into a hand."""
    if state.phase in (ROLL, SHIP) or (state.phase != DEAL and RED[outcome] and not state.opening):
        return outcome
    return None


def describe(state: State, action: Action) -> str:
    """The action in words, naming the owner of the ship it aims at or the ship under the
    salvo it adds damage to or repairs."""
    text = action.describe()
    aims_at_a_ship = (
        isinstance(action, Play)
        and action.card < len(CARDS)
        and CARDS[action.card].kind in (SALVO, SUBMARINE, TORPEDO)
    )  # a minefield's target is a player, a Repair's a salvo card: no ship's owner to name
    if isinstance(action, Play) and aims_at_a_ship and 0 <= action.target < len(SHIPS):
        owner = owner_of(state, action.target)
        if owner >= 0 and action.target != DS_TARGET:
            text += f" ({player_name(owner)})"
    if isinstance(action, Play) and action.target >= 0 and action.card < len(CARDS):
        ship = salvo_owner(state, action.target)
        if ship >= 0 and CARDS[action.card].kind in (REPAIR, ADD_DAMAGE):
            text += f" (on {SHIPS[ship].name})"
    return text


#: a move in the list of legal moves ("play ...") as the log tells it ("Player 1 plays ...")
_DONE = (
    ("play ", "plays "),
    ("discard ", "discards "),
    ("send ", "sends "),
    ("launch air strikes", "launches air strikes"),
    ("keep the air strikes back and draw", "keeps the air strikes back and draws"),
)


def describe_outcome(state: State, action: Action) -> str:
    """The move in the log, a sentence about its player: "Player 1 plays Torpedo Boat at Hiei
    (Player 2).", "Player 1's Ark Royal strikes King George V (Player 3) from the air."."""
    who = player_name(state.seat)
    if isinstance(action, Strike):
        carrier = f"{who}'s {SHIPS[action.carrier].name}"
        if action.target < 0:
            return f"{carrier} holds its strike."
        target = SHIPS[action.target].name
        owner = owner_of(state, action.target)
        if owner >= 0:
            target += f" ({player_name(owner)})"
        if action.kamikaze:
            return f"{carrier} makes a Kamikaze attack on {target}."
        return f"{carrier} strikes {target} from the air."
    if isinstance(action, Take):
        return f"{who}'s Destroyer Squadron takes {SHIPS[action.ship].name}."
    said = describe(state, action)
    for order, done in _DONE:
        if said.startswith(order):
            return f"{who} {done}{said[len(order) :]}."
    return f"{who}: {said}."


def _sum_words(parts: tuple[int, ...]) -> str:
    """Round points as a sum a student reads: "7 + 65 − 2 = 70"."""
    if not parts:
        return "0"
    text = point_words(parts[0])
    for p in parts[1:]:
        text += f" + {p}" if p >= 0 else f" − {-p}"
    return text if len(parts) == 1 else f"{text} = {point_words(sum(parts))}"


def final_words(state: State) -> str:
    """The end of the game in words: who won, by which rule (NW-GOAL, or NW-LIMIT when the
    house limit of rounds ended it), and every player's total round by round."""
    totals = state.totals
    rounds = f"{state.round} round{'s' if state.round != 1 else ''}"
    best = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == best]
    goal, limit = state.config.goal, state.config.max_rounds
    if best >= goal:
        rule, why = "NW-GOAL", f"the highest total once someone reached {goal} points"
    else:
        rule, why = (
            "NW-LIMIT",
            (
                f"nobody reached {goal} points in the house limit of {limit} "
                f"round{'s' if limit != 1 else ''}, so the highest total wins"
            ),
        )
    w = winner(state)
    cite = CLAUSES.cite(rule)  # the rule by its title: "(NW-GOAL)" read as code
    if w is None:
        names = " and ".join(player_name(s) for s in leaders)
        verdict = f"a draw: {names} share the highest total, {plural(best, 'point')}, "
        verdict += f"and a tie is a draw ({cite})"
    else:
        verdict = f"{player_name(w)} wins with {plural(best, 'point')}, {why} ({cite})"
    order = sorted(range(state.n), key=lambda s: (-totals[s], s))
    rows = "; ".join(
        f"{player_name(s)}: {_sum_words(tuple(r[s] for r in state.history))}" for s in order
    )
    scoring = CLAUSES.cite("NW-SCORE", "NW-ELIMINATION", "NW-SURVIVOR")
    return (
        f"Game over after {rounds}: {verdict}. Points round by round, for the ships each "
        "player sank, −10 for a fleet sunk to the last ship and +10 for a lone survivor "
        f"({scoring}): {rows}."
    )


def status(state: State) -> str:
    """One line: the round, the deck, whose turn and what step, and the scores; at the end,
    who won, by which rule, and the points round by round."""
    totals = ", ".join(f"{player_name(s)} {p}" for s, p in enumerate(scores(state)))
    if state.phase == OVER:
        return final_words(state)
    head = f"Round {state.round}, {plural(len(state.deck), 'card')} in the deck"
    if is_chance(state):
        return f"{head}: {PHASE_NAMES[state.phase]}. Scores: {totals}."
    step = "clear-out" if state.opening else PHASE_NAMES[state.phase]
    if state.phase == CHOOSE:
        step = "draw, or launch air strikes"
    return f"{head}: {player_name(state.seat)} to move ({step}). Scores: {totals}."


def ui_hint(state: State, path: tuple[str, ...]) -> str:
    """Why a click path starts no legal action: what to click instead."""
    if state.phase == CHOOSE:
        return "Press Draw to draw a card, or Launch for air strikes."
    if state.phase == AIR:
        carrier = SHIPS[state.queue[0]].name
        return f"Click {carrier}, then an enemy ship to strike (or Hold)."
    if path and path[-1].startswith("card:"):
        return "Now click a target: an enemy ship, a salvo, a fleet, Play or Discard."
    return "Click a card in your hand first, then its target."
