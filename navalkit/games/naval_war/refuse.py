"""Why an action is refused, in plain words and with the rule it breaks.

:func:`violation` accepts anything. The legal actions are the judge; this module only finds
the clause and the words that explain a refusal, and the board regions to light up.
"""

from __future__ import annotations

from navalkit.core.errors import Violation

from .actions import ACTION_TYPES, Aim, Discard, Draw, Launch, Play, Strike, Take
from .data import (
    ADD_DAMAGE,
    ADD_SHIP,
    CARDS,
    GUN_LABEL,
    MINEFIELD,
    REPAIR,
    SALVO,
    SHIPS,
    SMOKE,
    SQUADRON,
    SUBMARINE,
    SWEEPER,
    TORPEDO,
)
from .fleet import CARD_GUN, CARRIER, GUN, JAPANESE, KIND, RED, attackable, owner_of, salvo_owner
from .rules import legal_actions
from .state import (
    ACT,
    AIR,
    CHANCE_PHASES,
    CHOOSE,
    CLEAR,
    DS_PICK,
    DS_TAKE,
    DS_TARGET,
    OVER,
    State,
)
from .state import (
    RED as RED_PHASE,
)

V = Violation
_WAIT = {
    ACT: "You have drawn: now play one card, or discard one (click a card in your hand).",
    RED_PHASE: "You drew a red card: it must be played at once (NW-RED).",
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


def _who(state: State, seat: int) -> str:
    return f"Player {seat + 1}"


def explain(state: State, action: object) -> Violation:
    """The reason a (non-legal) action is refused."""
    phase, seat = state.phase, state.seat
    if isinstance(action, Play | Discard):
        return _card(state, action)
    if isinstance(action, Draw | Launch):
        if phase != CHOOSE:
            return V("NW-ORDER", _WAIT.get(phase, "Not now."))
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
            return V("NW-DS", f"{_who(state, o)} has no ships to take.")
        return V(
            "NW-SMOKE",
            f"{_who(state, o)} is behind smoke: the Squadron cannot reach him.",
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
    return V("NW-ORDER", _WAIT.get(phase, "Not now."))


def _card(state: State, action: Play | Discard) -> Violation:
    phase, seat, card = state.phase, state.seat, action.card
    if phase not in (ACT, RED_PHASE, CLEAR):
        return V("NW-ORDER", _WAIT.get(phase, "Not now."))
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
        return V("NW-SMOKE", "Your fleet already has smoke.", hi)
    if kind == ADD_DAMAGE:
        if state.opening:
            return V("NW-CLEAROUT-AD", "In the clear-out Additional Damage is wasted: discard it.")
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
            return V("NW-SMOKE", f"{_who(state, target)} is behind smoke.", (f"seat:{target}",))
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
        return V("NW-SMOKE", f"{_who(state, owner)} is behind smoke.", sq)
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
    if not 0 <= action.target < len(SHIPS) or owner_of(state, action.target) < 0:
        return V("NW-AIR", "Name an enemy ship afloat.")
    owner = owner_of(state, action.target)
    sq = (f"ship:{action.target}",)
    if owner == seat:
        return V("NW-OWN", "You may never attack your own ship.", sq)
    if state.smoke[owner] >= 0:
        return V("NW-SMOKE-AIR", f"{_who(state, owner)} is behind smoke.", sq)
    if CARRIER[action.target]:
        return V("NW-CARRIER", "Carriers are hit only once the ships in front are sunk.", sq)
    return V("NW-AIR", "That strike is not possible now.", sq)
