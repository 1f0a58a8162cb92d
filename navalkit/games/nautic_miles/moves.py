"""Which plays are legal, and why a play is refused (pure; the rules' judge).

:func:`refusal` checks one action clause by clause and names the rule it breaks;
:func:`legal_actions` is the fast generator for the same set (the tests check they agree).
"""

from __future__ import annotations

from .actions import (
    ACTION_TYPES,
    DISCARDS,
    PLAYS,
    TABLE_AT,
    TABLE_ROWS,
    Action,
    Discard,
    Place,
    Play,
    place,
    play,
)
from .data import (
    ALERT,
    CONVOYS,
    DISTANCE,
    END_ALERT,
    FINE_SEA,
    KIND,
    LABELS,
    MILES,
    MINE,
    N_KINDS,
    NEUTRAL,
    PLANE,
    PLANE_HIT,
    RADAR,
    SHIPS,
    STORM,
    STORM_MAX,
    STRENGTH,
    SUB_PAIR,
    SUBMARINE,
    SWEEPER,
)
from .state import ATTACKER, DEFENDER, NONE, OVER, PLAY, Convoy, State

Why = tuple[str, str] | None  # (rule id, reason) or None when allowed


def _ship(cv: Convoy, own: bool, strength: int) -> Why:
    """May a ship of ``strength`` go on ``cv`` (own: to defend, else to attack)?"""
    if own:
        if not cv.battle:
            return (
                "NM-BATTLE",
                "Your convoy is not in a battle: warships defend only once attacked.",
            )
        if cv.tie:
            return None
        if cv.top_side == DEFENDER:
            return "NM-BATTLE-SIDES", "Your side's ship already stands: wait for the attacker."
    else:
        if cv.neutral != NONE:
            return "NM-NEUTRAL", "That convoy flies the neutral flag: no warship may attack it."
        if cv.storm != NONE:
            return "NM-STORM", "That convoy is in a storm: only a mine can attack it."
        if cv.alert == NONE:
            return "NM-ALERT", "Warships attack only a convoy on alert: lay an alert first."
        if not cv.battle or cv.tie:
            return None
        if cv.top_side == ATTACKER:
            return "NM-BATTLE-SIDES", "An attacker's ship already stands: wait for the defence."
    if strength < cv.top:
        return (
            "NM-LADDER",
            f"You need strength {cv.top} or more to answer (this one is {strength}).",
        )
    return None


def _target(state: State, seat: int, kind: int, cv: Convoy, own: bool, at: int, n: int) -> Why:
    """Why a card of ``kind`` may not go on convoy ``cv`` (None: it may)."""
    if kind in MILES:
        if not own:
            return "NM-MILES", "Mile cards go only on your own side's convoys."
        if cv.battle:
            return "NM-BATTLE-STOP", "That convoy is stopped by a naval battle."
        if cv.storm != NONE and DISTANCE[kind] > STORM_MAX:
            return "NM-STORM", "In a storm a convoy advances only by 200, 400 or 600 miles."
        return None
    if kind in SHIPS or kind == SUB_PAIR:
        return _ship(cv, own, STRENGTH[kind])
    if kind == PLANE:
        if own:
            return "NM-PLANE", "Planes attack enemy convoys, not your own."
        if cv.neutral != NONE:
            return "NM-NEUTRAL", "That convoy flies the neutral flag: no plane may attack it."
        if cv.storm != NONE:
            return "NM-STORM", "That convoy is in a storm: only a mine can attack it."
        if cv.plane != NONE:
            if cv.plane_by != seat:
                return "NM-PLANE", "Only the player who laid the first plane may lay the second."
            return None
        if cv.alert != NONE and not state.config.planes_on_alerted:
            return (
                "NM-PLANE-ALERT",
                "With this house rule a plane goes only on a convoy with no alert.",
            )
        return None
    if kind == MINE:
        if own:
            return "NM-MINE", "Mines go on enemy convoys."
        if cv.mine != NONE:
            return "NM-ONE-EACH", "That convoy already has a mine."
        return None
    if kind == RADAR:
        if own:
            return "NM-RADAR", "You cannot detect your own side's convoys."
        if cv.radar != NONE:
            return "NM-ONE-EACH", "That convoy is already detected."
        if at not in (0, n - 1):
            return "NM-RADAR", "Radar reaches only the convoy at either end of a row."
        return None
    if kind == ALERT:
        if own:
            return "NM-ALERT", "Alerts go on enemy convoys."
        if cv.alert != NONE:
            return "NM-ONE-EACH", "That convoy is already on alert."
        if cv.neutral != NONE:
            return "NM-NEUTRAL", "That convoy flies the neutral flag: it cannot be alerted."
        if cv.storm != NONE:
            return "NM-STORM", "That convoy is in a storm: only a mine can attack it."
        return None
    if kind == STORM:
        if cv.storm != NONE:
            return "NM-ONE-EACH", "That convoy is already in a storm."
        if cv.battle:
            return "NM-STORM", "A storm cannot be laid on a convoy in a naval battle."
        return None
    if kind == FINE_SEA:
        return None if cv.storm != NONE else ("NM-FINE-SEA", "That convoy has no storm to end.")
    # Defensive cards: only on your own side's convoys.
    if not own:
        return _DEFENCE_RULE[kind], f"A {LABELS[kind]} goes only on your own side's convoys."
    if kind == END_ALERT:
        if cv.alert == NONE:
            return "NM-END-ALERT", "That convoy has no alert to end."
        if cv.battle and not cv.tie:
            return "NM-END-ALERT", "A running battle must be fought out (end of alert saves a tie)."
        return None
    if kind == PLANE_HIT:
        return None if cv.plane != NONE else ("NM-PLANE-HIT", "There is no plane to shoot down.")
    if kind == SWEEPER:
        return None if cv.mine != NONE else ("NM-SWEEPER", "There is no mine to sweep.")
    if kind == NEUTRAL:
        if cv.alert != NONE or cv.battle or cv.plane != NONE:
            return "NM-NEUTRAL", "The neutral flag goes only on a convoy not under attack."
        return None
    return "NM-DECK", "That card cannot be played on a convoy."


_DEFENCE_RULE = {
    END_ALERT: "NM-END-ALERT",
    PLANE_HIT: "NM-PLANE-HIT",
    SWEEPER: "NM-SWEEPER",
    NEUTRAL: "NM-NEUTRAL",
}


def holds(hand: tuple[int, ...], kind: int) -> bool:
    """True when ``hand`` has a card of ``kind`` (two submarines for the pair)."""
    if kind == SUB_PAIR:
        return sum(1 for c in hand if KIND[c] == SUBMARINE) >= 2
    return any(KIND[c] == kind for c in hand)


def _int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value < high


def refusal(state: State, action: object) -> Why:
    """Why ``action`` may not be played now, clause by clause (None when it may)."""
    if state.phase == OVER:
        return "match.over", "The game is over: start a new game."
    if state.phase != PLAY:
        return "match.chance", "Cards are being dealt or drawn: wait."
    if type(action) not in ACTION_TYPES:
        return "match.junk", f"{action!r} is not a Nautic Miles action."
    kind = getattr(action, "kind", None)
    if not _int(kind, 0, N_KINDS) and kind != SUB_PAIR:
        return "match.junk", f"{action!r} names no card."
    assert isinstance(kind, int)
    seat = state.seat
    hand = state.hands[seat]
    if not holds(hand, kind):
        return "NM-TURN", f"You hold no {LABELS[kind]}."
    if isinstance(action, Discard):
        return None if kind != SUB_PAIR else ("match.junk", "Discard one card at a time.")
    me = state.side[seat]
    if isinstance(action, Place):
        if kind not in CONVOYS:
            return "NM-CONVOY", f"A {LABELS[kind]} is not a convoy."
        if not _int(action.at, 0, len(state.rows[me]) + 1):
            return "NM-CONVOY", "A convoy goes at either end of your row or between two convoys."
        return None
    assert isinstance(action, Play)
    if kind in CONVOYS:
        return "NM-CONVOY", "Convoys are laid in your own row, not on another convoy."
    if not _int(action.row, 0, state.sides) or not _int(action.at, 0, 64):
        return "match.no-convoy", "There is no such row or convoy."
    row = state.rows[action.row]
    if action.at >= len(row):
        return "match.no-convoy", f"Row {action.row + 1} has no convoy {action.at + 1}."
    own = action.row == me
    return _target(state, seat, kind, row[action.at], own, action.at, len(row))


#: every kind that may be played on a convoy (not laid as one)
_PLAYABLE = tuple(k for k in (*range(N_KINDS), SUB_PAIR) if k not in CONVOYS)
#: convoy situation -> the kinds that may go on it; filled by :func:`_targets_for`
_TARGETS: dict[tuple[object, ...], frozenset[int]] = {}


def _target_key(cv: Convoy, own: bool, at_end: bool, planes: bool, seat: int) -> tuple[object, ...]:
    """Everything :func:`_target` reads about a convoy: its marks, whose plane it is, whether
    it ends the row, and the plane switch (the memo key of :data:`_TARGETS`)."""
    return (
        own,
        at_end,
        planes,
        not cv.battle,
        cv.tie,
        cv.top_side,
        cv.top,
        cv.neutral < 0,
        cv.storm < 0,
        cv.alert < 0,
        cv.plane < 0,
        cv.plane_by == seat,
        cv.mine < 0,
        cv.radar < 0,
    )


def _targets_for(
    state: State, seat: int, cv: Convoy, own: bool, at: int, n: int, key: tuple[object, ...]
) -> frozenset[int]:
    """The kinds :func:`_target` allows on ``cv``, computed once per ``key`` and memoised."""
    allowed = frozenset(k for k in _PLAYABLE if _target(state, seat, k, cv, own, at, n) is None)
    _TARGETS[key] = allowed
    return allowed


def legal_actions(state: State) -> list[Action]:
    """Every legal play of the seat to move (none off a PLAY phase), in a fixed order:
    discards, then per kind of the hand its places or its targets row by row."""
    if state.phase != PLAY:
        return []
    seat = state.seat
    hand = state.hands[seat]
    kinds: list[int] = []
    last = -1
    subs = 0
    for c in hand:
        k = KIND[c]
        if k != last:
            kinds.append(k)
            last = k
        if k == SUBMARINE:
            subs += 1
    out: list[Action] = [DISCARDS[k] for k in kinds]
    if subs >= 2:
        kinds.append(SUB_PAIR)
    me = state.side[seat]
    rows = state.rows
    # The kinds allowed on each convoy, memoised on what _target reads.
    planes = state.config.planes_on_alerted
    memo = _TARGETS
    targets = []
    for r, row in enumerate(rows):
        own = r == me
        last = len(row) - 1
        for i, cv in enumerate(row):
            key = _target_key(cv, own, i == 0 or i == last, planes, seat)
            allowed = memo.get(key)
            if allowed is None:
                allowed = _targets_for(state, seat, cv, own, i, last + 1, key)
            targets.append((r, i, allowed))
    for k in kinds:
        if k in CONVOYS:
            out.extend([place(k, i) for i in range(len(rows[me]) + 1)])
        elif targets:
            table = PLAYS[k]
            if len(rows) <= TABLE_ROWS and len(targets) < TABLE_AT:
                out.extend([table[r][i] for r, i, allowed in targets if k in allowed])
            else:
                out.extend([play(k, r, i) for r, i, allowed in targets if k in allowed])
    return out
