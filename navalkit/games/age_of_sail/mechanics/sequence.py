"""The turn sequence and the dice: upkeep rolls, volleys, boarding, fire, wind.

Each die is one chance node with six equal outcomes; :func:`apply_die` adds it to the roll
at the head of the queue and resolves the roll once all its dice are thrown.
"""

from __future__ import annotations

from typing import Any

from navalkit.core.words import plural

from ..config import Config
from ..data import HIGH_SEAS, MAX_RANGE, SCENARIOS, STERN_RAKE_DEG, WIND_START
from ..state import (
    AFLOAT,
    COMBAT,
    CUT_LOOSE,
    EXPLODED,
    FIRST,
    MOVE,
    OVER,
    SUNK,
    Roll,
    Ship,
    State,
    evolve_roll,
    evolve_ship,
    evolve_state,
)
from .combat import distance, hit_number, relative_bearing
from .wind import turned_wind, wind_force, wind_source

WIND_ROUND = "wind"


def initial_state(config: Config) -> State:
    """The scenario's ships on the table, the wind set, and who moves first to decide."""
    sc = SCENARIOS[config.scenario]
    ships = tuple(
        Ship(
            name=p.name,
            nation=p.nation,
            kind=p.template.kind,
            side=p.side,
            squadron=p.squadron,
            x=p.x,
            y=p.y,
            heading=p.heading,
            rig=p.template.rig,
            masts=(True, True, True),
            decks=(p.template.decks, p.template.decks),
            hull=p.template.hull,
        )
        for p in sc.ships
    )
    state = State(
        config=config,
        ships=ships,
        shoals=sc.shoals,
        nations=sc.nations,
        wind_from=wind_source(config.wind, config.wind_naming),
        wind_speed=config.wind_speed or WIND_START,
        phase=FIRST,
    )
    if config.first_player == "dice":
        return evolve_state(state, queue=(Roll("first"),))
    first = 0 if config.first_player == "first" else 1
    return start_turn(state, first, first=first)


def put(ships: tuple[Ship, ...], i: int, ship: Ship) -> tuple[Ship, ...]:
    return (*ships[:i], ship, *ships[i + 1 :])


def start_turn(state: State, player: int, **changes: Any) -> State:
    """A player's turn begins, in the seed's sequence (AOS-SEQUENCE): the fire rolls; then,
    if a ship of hers is locked with another, each such ship tries to cut loose or stays
    (the CUT_LOOSE step, "if desired"); then the refloat and high-seas rolls
    (:func:`upkeep_rolls`), and movement. ``changes``: other fields to set in the same new
    state (the round, the turns done...)."""
    ships = tuple(
        evolve_ship(s, ordered=False, fired=_UNFIRED, engaged=False)
        if s.side == player and (s.ordered or s.engaged or s.fired != _UNFIRED)
        else s  # a ship with nothing to clear stays the same value
        for s in state.ships
    )
    # a fire is fought "in the next round" (AOS-FIRE-OUT): not in the round it caught, even
    # when her own turn comes after the broadside or explosion that set her alight
    rnd = changes.get("round", state.round)
    fires = tuple(
        Roll("fire_out", i, need=5 if s.fire == 1 else 6)
        for i, s in enumerate(ships)
        if s.side == player and s.afloat and s.fire and s.alight < rnd
    )
    state = evolve_state(
        state, ships=ships, phase=CUT_LOOSE, to_move=player, helm=None, line_moves=(), **changes
    )
    return settle_cut_loose(evolve_state(state, queue=fires))


def upkeep_rolls(state: State, player: int) -> tuple[Roll, ...]:
    """The refloat and high-seas rolls of ``player``'s ships, as her turn's movement nears."""
    refloats, founders = [], []
    for i, s in enumerate(state.ships):
        if s.side != player or not s.afloat:
            continue
        if s.aground:
            refloats.append(Roll("refloat", i, need=6))
        if state.wind_speed >= HIGH_SEAS and s.wrecked:
            founders.append(Roll("founder", i))
    return tuple(refloats + founders)


def undecided(state: State) -> list[int]:
    """The admiral to move's ships locked with another that have neither tried to cut loose
    this turn nor chosen to stay locked."""
    return [
        i
        for i, s in enumerate(state.ships)
        if s.side == state.to_move and s.afloat and s.entangled >= 0 and not s.ordered
    ]


def settle_cut_loose(state: State) -> State:
    """Leave the CUT_LOOSE step once its dice are thrown and no locked ship is undecided:
    the refloat and high-seas rolls, then movement."""
    if state.phase != CUT_LOOSE or state.queue or undecided(state):
        return state
    return evolve_state(state, phase=MOVE, queue=upkeep_rolls(state, state.to_move))


_UNFIRED = (False, False)
#: the two dice that end a round (values: the same two serve every round)
_WIND_ROLLS = (Roll("wind_dir"), Roll("wind_speed"))


def end_turn(state: State, **changes: Any) -> State:
    """The turn is over: the other admiral's turn, or the wind rolls that end the round.
    ``changes``: other fields to set in the same new state."""
    if state.turns_done == 0:
        return start_turn(state, 1 - state.to_move, turns_done=1, **changes)
    return evolve_state(state, phase=WIND_ROUND, queue=_WIND_ROLLS, **changes)


def check_end(state: State) -> State:
    """The battle ends when a fleet has no ship left under its flag (AOS-END)."""
    if state.phase == OVER:
        return state
    flags = {s.side for s in state.ships if s.status == AFLOAT}
    alive = [p in flags for p in (0, 1)]
    if all(alive):
        return state
    gone = [state.nations[p] for p in (0, 1) if not alive[p]]
    return evolve_state(
        state,
        phase=OVER,
        queue=(),
        helm=None,
        result=f"{' and '.join(gone)}: no ship left afloat under the flag.",
    )


def _score(state: State, side: int, points: int) -> tuple[int, int]:
    d = list(state.damage)
    d[side] += points
    return d[0], d[1]


def _untangle(ships: tuple[Ship, ...], i: int) -> tuple[Ship, ...]:
    j = ships[i].entangled
    if j >= 0:
        ships = put(ships, j, evolve_ship(ships[j], entangled=-1))
        ships = put(ships, i, evolve_ship(ships[i], entangled=-1))
    return ships


def stay_locked(ships: tuple[Ship, ...], i: int) -> tuple[Ship, ...]:
    """Locked ship ``i`` stays so this turn (her order is spent: she does not move), after a
    failed throw or by choice, and a prize of her flag locked with her too: a captor and her
    prize have one try a turn between them."""
    s = ships[i]
    j = s.entangled
    ships = put(ships, i, evolve_ship(s, ordered=True))
    if j >= 0 and ships[j].side == s.side:
        ships = put(ships, j, evolve_ship(ships[j], ordered=True))
    return ships


def _lose(state: State, i: int, status: str) -> State:
    """Ship ``i`` sinks or blows up: the enemy scores her remaining boxes."""
    s = state.ships[i]
    ships = _untangle(state.ships, i)
    ships = put(ships, i, evolve_ship(ships[i], status=status, fire=0))
    state = evolve_state(state, ships=ships, damage=_score(state, 1 - s.side, s.boxes))
    if status != EXPLODED:
        return state
    catches = []
    for j, o in enumerate(ships):
        if j != i and o.afloat:
            r = distance(s.x, s.y, o.x, o.y)
            if r <= MAX_RANGE:
                catches.append(Roll("catch", j, other=i, need=hit_number(r, "hull") or 6))
    return evolve_state(state, queue=tuple(catches) + state.queue)


def _volley(state: State, roll: Roll) -> State:
    """A broadside's dice are thrown: hits on hull or sails, fire on a pair of sixes."""
    f, t = state.ships[roll.ship], state.ships[roll.other]
    hits = sum(1 for d in roll.dice if succeeds(roll, d))
    sixes = roll.dice.count(6)
    rel = relative_bearing(t.x, t.y, t.heading, f.x, f.y)
    decks, masts, hull, points = list(t.decks), list(t.masts), t.hull, 0
    for _ in range(hits):
        if roll.aim == "hull":
            rake = abs(rel - 180.0) <= STERN_RAKE_DEG
            sides = [s for s in ((0, 1) if rake else (1 if rel < 180.0 else 0,)) if decks[s]]
            for s in sides:
                decks[s] -= 1
                points += 1
            if not sides and state.config.hull_hits and hull > 0:
                hull -= 1
                points += 1
        else:
            standing = [k for k in range(3) if masts[k]]
            if not standing:
                break
            if rel >= 315.0 or rel <= 45.0:
                k = standing[0]  # from ahead: from the bow aft
            elif 135.0 <= rel <= 225.0:
                k = standing[-1]  # from astern: from the stern forward
            else:  # a broadside: the owner gives up the mast worth least
                k = min(standing, key=lambda m: (t.rig[m], m))
            masts[k] = False
            points += 1
    caught = sixes >= 2 and t.fire == 0
    t2 = evolve_ship(
        t,
        decks=(decks[0], decks[1]),
        masts=(masts[0], masts[1], masts[2]),
        hull=hull,
        fire=1 if caught else t.fire,
        alight=state.round if caught else t.alight,
    )
    return evolve_state(
        state, ships=put(state.ships, roll.other, t2), damage=_score(state, f.side, points)
    )


def boarding_result(state: State, roll: Roll, dice: tuple[int, ...]) -> tuple[int, int, str]:
    """A boarding's ``dice`` (the boarders', a die for each of their gun decks, then the
    defenders'): both totals and who wins, "boarders", "defenders" or "again" (a tie rolled
    again; with the other reading of AOS-BOARD-TIE the defenders hold)."""
    a = state.ships[roll.ship]
    na = a.decks[0] + a.decks[1]
    ta, td = sum(dice[:na]), sum(dice[na:])
    if ta > td:
        return ta, td, "boarders"
    if ta < td or state.config.boarding_ties != "reroll":
        return ta, td, "defenders"
    return ta, td, "again"


def _boarding(state: State, roll: Roll) -> State:
    _ta, _td, won = boarding_result(state, roll, roll.dice)
    if won == "again":
        return evolve_state(state, queue=(evolve_roll(roll, dice=()), *state.queue))
    w, l_ = (roll.ship, roll.other) if won == "boarders" else (roll.other, roll.ship)
    win, lose = state.ships[w], state.ships[l_]
    points = lose.boxes
    crew = 0 if win.decks[0] >= win.decks[1] else 1
    wd = list(win.decks)
    wd[crew] -= 1
    rel = relative_bearing(lose.x, lose.y, lose.heading, win.x, win.y)
    prize = (0, 1) if rel < 180.0 else (1, 0)
    ships = put(state.ships, w, evolve_ship(win, decks=(wd[0], wd[1]), entangled=l_, engaged=True))
    ships = put(
        ships,
        l_,
        evolve_ship(lose, side=win.side, captured=True, decks=prize, entangled=w, squadron=-1),
    )
    return evolve_state(state, ships=ships, damage=_score(state, win.side, points))


def _new_round(state: State) -> State:
    if state.round >= state.config.max_rounds:
        n = state.config.max_rounds
        over = f"The agreed {plural(n, 'round')} {'is' if n == 1 else 'are'} over."
        return evolve_state(state, phase=OVER, queue=(), result=over)
    return start_turn(state, state.first, round=state.round + 1, turns_done=0)


def resolve(state: State, roll: Roll) -> State:
    """All of ``roll``'s dice are thrown (the roll is already off the queue): apply it."""
    kind, die = roll.kind, roll.dice[-1] if roll.dice else 0
    ships = state.ships
    s = ships[roll.ship] if roll.ship >= 0 else None
    if kind == "volley":
        return _volley(state, roll)
    if kind == "board":
        return _boarding(state, roll)
    if kind == "wind_dir":
        return evolve_state(state, wind_from=turned_wind(state.wind_from, die))
    if kind == "wind_speed":
        return _new_round(evolve_state(state, wind_speed=wind_force(state.wind_speed, die)))
    assert s is not None
    i = roll.ship
    if kind == "fire_out":
        if succeeds(roll, die):
            return evolve_state(state, ships=put(ships, i, evolve_ship(s, fire=0)))
        if s.fire == 1:
            return evolve_state(state, ships=put(ships, i, evolve_ship(s, fire=2)))
        return _lose(state, i, EXPLODED)
    if kind == "catch":
        if succeeds(roll, die) and s.fire == 0:
            caught = evolve_ship(s, fire=1, alight=state.round)
            return evolve_state(state, ships=put(ships, i, caught))
        return state
    if kind == "refloat":
        return evolve_state(
            state, ships=put(ships, i, evolve_ship(s, aground=not succeeds(roll, die)))
        )
    if kind == "founder":
        return _lose(state, i, SUNK) if succeeds(roll, die) else state
    if kind == "shoal":
        if succeeds(roll, die):
            return evolve_state(
                state, ships=put(ships, i, evolve_ship(s, aground=True, x=roll.x, y=roll.y))
            )
        return state
    if kind == "repair":
        if succeeds(roll, die):
            k = s.masts.index(False)
            masts = tuple(up or m == k for m, up in enumerate(s.masts))
            return evolve_state(state, ships=put(ships, i, evolve_ship(s, masts=masts)))
        return state
    if kind == "separate":  # AOS-SEPARATE: once a turn for the pair, before the ships move
        if succeeds(roll, die):  # both free, and both may still move this turn
            return evolve_state(state, ships=_untangle(ships, i))
        return evolve_state(state, ships=stay_locked(ships, i))
    raise ValueError(f"unknown roll {kind!r}")


def succeeds(roll: Roll, die: int) -> bool:
    """Whether one die of ``roll`` does what it is thrown for: a broadside's hit, the fire put
    out or caught (its ``need`` or more); a ship refloated, a mast repaired, locked ships cut
    loose (a 6); a ship foundering (1-2) or running onto the shoal (1-3). The rules apply it
    and the moves list says it from this one place."""
    kind = roll.kind
    if kind in ("volley", "fire_out", "catch"):
        return die >= roll.need
    if kind in ("refloat", "repair", "separate"):
        return die == 6
    if kind == "founder":
        return die <= 2
    if kind == "shoal":
        return die <= 3
    raise ValueError(f"a {kind!r} roll does not succeed or fail by one die")


_ROLL_OFF = ((0, 0.5), (1, 0.5))
_DIE = tuple((f, 1 / 6) for f in range(1, 7))


def chance_outcomes(state: State) -> list[tuple[int, float]]:
    return list(_ROLL_OFF if state.queue[0].kind == "first" else _DIE)


def _stale(state: State, roll: Roll) -> bool:
    """A roll for a ship that is no longer afloat (or no longer able to need it) is dropped."""
    if roll.ship < 0:
        return False
    s = state.ships[roll.ship]
    if not s.afloat:
        return True
    if roll.other >= 0 and roll.kind in ("volley", "board") and not state.ships[roll.other].afloat:
        return True
    if roll.kind == "shoal":  # aground on an earlier shoal of the same run: no further
        return s.aground
    return roll.kind == "founder" and not s.wrecked


def apply_die(state: State, outcome: int) -> State:
    """Throw one die of the roll at the head of the queue (or the roll-off for first move)."""
    roll, rest = state.queue[0], state.queue[1:]
    if roll.kind == "first":
        return start_turn(state, outcome, first=outcome)  # start_turn sets the queue
    roll = evolve_roll(roll, dice=(*roll.dice, outcome))
    if len(roll.dice) < roll.n:
        return evolve_state(state, queue=(roll, *rest))
    state = resolve(evolve_state(state, queue=rest), roll)
    if state.phase == OVER:
        return state
    queue = state.queue
    while queue and _stale(state, queue[0]):
        queue = queue[1:]
    if queue is not state.queue:
        state = evolve_state(state, queue=queue)
    return settle_cut_loose(check_end(state))


__all__ = [
    "COMBAT",
    "apply_die",
    "chance_outcomes",
    "check_end",
    "end_turn",
    "initial_state",
    "put",
    "settle_cut_loose",
    "start_turn",
    "stay_locked",
    "undecided",
    "upkeep_rolls",
]
