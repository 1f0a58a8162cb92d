"""Combat, running and pursuit (FS-RUN .. FS-GER-DAMAGED): pure functions on a State.

A battle is a :class:`~.state.Battle`. Each round builds a queue of rolls (guns, torpedoes)
that chance nodes resolve one die at a time; damage lands when the queue is empty.
"""

from __future__ import annotations

from typing import Final

from ..data import (
    ADJ,
    ENGLAND,
    FIRST_ALLIED,
    GERMAN,
    MIN_GERMAN_SPEED,
    RANGES,
    SHIPS,
    SURPRISE_BONUS_SHIPS,
    damage_points,
    half_damaged,
)
from ..state import (
    A_RUN,
    AT_SEA,
    CHANCE,
    G_RUN,
    MOVED,
    START,
    SUNK,
    Battle,
    State,
    Unit,
    evolve,
    evolver,
    maker,
)
from .sequence import finish_unit

#: the range steps in words: from the third (C, torpedo range) every ship fires; from the
#: fourth torpedoes hit on 1-3 (FS-TORPEDO)
RANGE_STEPS: Final = ("A", "A+B", "A+B+C (torpedo range)", "A+B+C (torpedo range, closer)")


def speed(state: State, ship: int) -> int:
    """A ship's speed grade now: a half-damaged German is one grade slower (FS-GER-DAMAGED)."""
    s = SHIPS[ship]
    grade = s.cls.speed
    if s.side == 0 and half_damaged(state.damage[ship], s.cls.capacity):
        grade = max(MIN_GERMAN_SPEED, grade - 1)
    return grade


def group_speed(state: State, ships: tuple[int, ...] | list[int]) -> int:
    """A group's speed is that of its slowest ship (FS-PURSUIT)."""
    return min(speed(state, s) for s in ships)


def escape_chance(runner: int, pursuer: int) -> float:
    """The chance a group of speed grade ``runner`` escapes one pursuer (FS-PURSUIT)."""
    d = runner - pursuer
    if d >= 2:
        return 1.0
    if d <= -2:
        return 0.0
    if d == 0:
        return 0.5
    return 5 / 6 if d == 1 else 1 / 6


def start_battle(
    state: State,
    germans: tuple[int, ...],
    allies: tuple[int, ...],
    kind: str,
    *,
    surprise: bool = False,
    rufiji: bool = False,
    run_first: bool = True,
) -> State:
    """Begin a combat in the unit's area; the German may run first unless it is a surprise."""
    area = state.unit.area if state.unit else state.loc[germans[0]]
    battle = _battle(
        area=area,
        sides=(germans, allies),
        kind=kind,
        start=2 if surprise or rufiji else 0,
        surprise=surprise,
        rufiji=rufiji,
    )
    unit = _fought(state.unit, fought=True) if state.unit else None
    discovered = state.discovered | set(germans)
    if run_first and not surprise:
        return _engaged(state, battle=battle, unit=unit, discovered=discovered, phase=G_RUN)
    return begin_round(
        _engaged(state, battle=battle, unit=unit, discovered=discovered, phase=state.phase)
    )


#: ``Battle(...)``, made faster (see state.maker), and the copiers of a battle's hot steps (see
#: state.evolver)
_battle: Final = maker(Battle)
_fought: Final = evolver(Unit, "fought")
_engaged: Final = evolver(State, "battle", "unit", "discovered", "phase")
_queued: Final = evolver(Battle, "queue", "pending", "aim", "hits")
_rounded: Final = evolver(Battle, "sides", "rounds", "pending", "ran_last")
_landed: Final = evolver(State, "battle", "damage", "box", "loc", "gvp", "avp", "roll")
_with_battle: Final = evolver(State, "battle")
_to_roll: Final = evolver(State, "battle", "phase", "roll")
_phased: Final = evolver(State, "phase")
_chased: Final = evolver(Battle, "chasers", "keepers")
_ended: Final = evolver(State, "damage", "box", "loc", "combats", "battle")


def fire_modifiers(
    state: State, battle: Battle, shooter: int, target: int, rounds_on: int, firers: int
) -> list[tuple[str, int]]:
    """Every modifier to ``shooter``'s damage roll at ``target``, which ``firers`` ships (the
    shooter among them) fire at this round (FS-DRM, FS-CROWD, FS-SURPRISE).

    As the seed lists them: '+1 if target in torpedo range' is a matter of range, so every
    firer has it at C range, battleships too (only their torpedo attack is denied, FS-TORPEDO);
    Scharnhorst or Gneisenau get +1 at 'a ship hit last round' by anyone, not only by
    themselves; '-1 if 2 ships firing on same target' falls on each of them, the first
    firer too."""
    s, t = SHIPS[shooter], SHIPS[target]
    step = battle.start + battle.rounds
    mods = [("the firer's class (its own modifier)", s.cls.drm)]
    if rounds_on and s.cls.drm < 0:
        mods.append(("same target as last round", min(rounds_on, -s.cls.drm)))
    if half_damaged(state.damage[shooter], s.cls.capacity):
        mods.append(("firer half damaged", -1))
    if half_damaged(state.damage[target], t.cls.capacity):
        mods.append(("target half damaged", 1))
    if step >= 2:
        mods.append(("target in torpedo range", 1))
    if battle.ran_last[s.side]:
        mods.append(("firer tried to run last round", -2))
    if s.name in SURPRISE_BONUS_SHIPS and any(t == target for _, t in battle.hits):
        mods.append(("Scharnhorst/Gneisenau on a ship hit last round", 1))
    if firers >= (2 if state.config.crowded_fire == "2 or more" else 3):
        mods.append(("another ship fires at the same target", -1))
    if s.side == 0 and s.cls.code != "BC" and state.combats[shooter]:
        mods.append(("earlier combats (a German, not a battlecruiser)", -state.combats[shooter]))
    if battle.surprise and s.side == 0:
        if state.config.surprise_bonus == "whole combat":
            mods.append(("German surprise", 2))
        elif battle.rounds == 0:
            mods.append(("German surprise, first round", 2))
    if battle.rounds == 0 and battle.rufiji and s.side == 1:
        mods.append(("ship leaving the Rufiji, first round", 2))
    return mods


def torpedo_needs(battle: Battle, shooter: int) -> int:
    """The highest modified torpedo roll that hits (FS-TORPEDO)."""
    need = 3 if battle.start + battle.rounds >= 3 else 1
    if SHIPS[shooter].side == 0 and battle.surprise:
        need += 2  # the German subtracts 2 from his roll against a target he surprised
    return need


#: the first range step at which each ship fires (FS-COMBAT-RANGES)
RANGE_STEP: Final = tuple(RANGES.index(s.cls.range) for s in SHIPS)


def begin_round(state: State) -> State:
    """Queue every roll of the next round (FS-COMBAT-RANGES, FS-FIRE, FS-TARGETS)."""
    b = state.battle
    assert b is not None
    reach = min(b.start + b.rounds, 2)
    aim = {sh: (t, n) for sh, t, n in b.aim}
    jobs: list[tuple[str, int, int, int]] = []
    new_aim: list[tuple[int, int, int]] = []
    firers: dict[int, int] = {}  # target -> ships firing at it this round
    for side in (0, 1):
        enemies = b.sides[1 - side]
        for sh in b.sides[side]:
            if RANGE_STEP[sh] > reach:
                continue
            prev = aim.get(sh)
            if prev is not None and prev[0] in enemies:
                target, n = prev[0], prev[1] + 1
            else:
                target, n = max(enemies, key=lambda e: (SHIPS[e].cls.vp, -e)), 0
            new_aim.append((sh, target, n))
            firers[target] = firers.get(target, 0) + 1
    for sh, target, n in new_aim:
        mod = sum(v for _, v in fire_modifiers(state, b, sh, target, n, firers[target]))
        jobs.append(("gun", sh, target, mod))
        if reach == 2 and SHIPS[sh].cls.torpedoes:
            jobs.append(("torp", sh, target, 0))
    b = _queued(b, queue=tuple(jobs), pending=(), aim=tuple(new_aim), hits=frozenset())
    if not jobs:
        return end_round(_with_battle(state, battle=b))
    return _to_roll(state, battle=b, phase=CHANCE, roll=jobs[0][0])


def fire_roll(state: State, roll: int) -> State:
    """One die of the round's queue: a gun, a torpedo, or a torpedo's damage."""
    b = state.battle
    assert b is not None
    (kind, sh, target, mod), rest = b.queue[0], b.queue[1:]
    pending, hits = b.pending, b.hits
    if kind == "gun" or kind == "torpdmg":
        points = damage_points(roll + mod if kind == "gun" else roll)
        if points:
            pending = (*pending, (target, points))
            hits = hits | {(sh, target)}
    elif roll <= torpedo_needs(b, sh):
        rest = (("torpdmg", sh, target, 0), *rest)
    b = _fired(b, queue=rest, pending=pending, hits=hits)
    if rest:
        return _next_roll(state, battle=b, roll=rest[0][0])
    return end_round(_with_battle(state, battle=b))


#: the copiers of a die of the round (see state.evolver)
_fired: Final = evolver(Battle, "queue", "pending", "hits")
_next_roll: Final = evolver(State, "battle", "roll")


def end_round(state: State) -> State:
    """Damage lands; sunk ships leave; then run choices, the next round, or the end."""
    b = state.battle
    assert b is not None
    damage, box, loc = list(state.damage), list(state.box), list(state.loc)
    gvp, avp = list(state.gvp), state.avp
    for target, points in b.pending:
        damage[target] += points
    sides: list[tuple[int, ...]] = []
    for side in (0, 1):
        alive = []
        for s in b.sides[side]:
            if damage[s] >= SHIPS[s].cls.capacity and box[s] != SUNK:
                box[s], loc[s] = SUNK, -1
                if side == 0:
                    avp += SHIPS[s].cls.vp
                else:
                    gvp[2] += SHIPS[s].cls.vp
            elif box[s] != SUNK:
                alive.append(s)
        sides.append(tuple(alive))
    b = _rounded(
        b, sides=(sides[0], sides[1]), rounds=b.rounds + 1, pending=(), ran_last=(False, False)
    )
    state = _landed(
        state,
        battle=b,
        damage=tuple(damage),
        box=tuple(box),
        loc=tuple(loc),
        gvp=(gvp[0], gvp[1], gvp[2], gvp[3]),
        avp=avp,
        roll="",
    )
    if not b.sides[0] or not b.sides[1] or b.rounds >= state.config.max_rounds:
        return end_battle(state)
    return next_step(state)


def next_step(state: State) -> State:
    """After a round: the German may try to run, then the Allies, else fire again."""
    b = state.battle
    assert b is not None
    if not b.surprise and not b.tried[0]:
        return _phased(state, phase=G_RUN)
    if not b.surprise and not b.tried[1]:
        return _phased(state, phase=A_RUN)
    return begin_round(state)


def decide(state: State, run: bool) -> State:
    """A run-or-fight answer (FS-RUN, FS-COMBAT-RUN)."""
    b = state.battle
    assert b is not None
    side = 0 if state.phase == G_RUN else 1
    if not run:
        if side == 0 and not b.surprise and not b.tried[1]:
            return _phased(state, phase=A_RUN)
        return begin_round(state)
    tried = (True, b.tried[1]) if side == 0 else (b.tried[0], True)
    b = evolve(b, tried=tried)
    if side == 0:
        return _to_roll(state, battle=b, phase=CHANCE, roll="run")  # FS-RUN-ROLL
    return pursue(_with_battle(state, battle=b), 1)


def run_roll(state: State, roll: int) -> State:
    """The Allied die when the German runs: a 6 and he cannot run (FS-RUN-ROLL)."""
    b = state.battle
    assert b is not None
    if roll == 6:
        return begin_round(_with_battle(state, battle=evolve(b, ran_last=(True, b.ran_last[1]))))
    return pursue(state, 0)


def pursue(state: State, runner: int) -> State:
    """Start comparing every pursuer with the runners (FS-PURSUIT)."""
    b = state.battle
    assert b is not None
    b = evolve(b, runner=runner, chasers=b.sides[1 - runner], keepers=())
    return _chase(_with_battle(state, battle=b))


def _race(state: State, b: Battle) -> int:
    """Runner grade minus the first chaser's grade."""
    return group_speed(state, b.sides[b.runner]) - speed(state, b.chasers[0])


def _chase(state: State) -> State:
    b = state.battle
    assert b is not None
    while b.chasers:
        d = _race(state, b)
        if d >= 2:
            b = _chased(b, chasers=b.chasers[1:], keepers=b.keepers)
        elif d <= -2:
            b = _chased(b, chasers=b.chasers[1:], keepers=(*b.keepers, b.chasers[0]))
        else:
            return _to_roll(state, battle=b, phase=CHANCE, roll="race" if d == 0 else "slow")
    state = _with_battle(state, battle=b)
    if not b.keepers:
        return end_battle(state, escaped=b.runner)
    sides = list(b.sides)
    left = tuple(s for s in sides[1 - b.runner] if s not in b.keepers)
    sides[1 - b.runner] = b.keepers
    ran = (True, b.ran_last[1]) if b.runner == 0 else (b.ran_last[0], True)
    b = evolve(b, sides=(sides[0], sides[1]), ran_last=ran, runner=-1, outrun=b.outrun + left)
    return begin_round(_with_battle(state, battle=b))


def runners_slower(state: State, b: Battle) -> bool:
    """Whether the runners are slower than the first chaser (who throws the ``slow`` die)."""
    return _race(state, b) < 0


def runners_escape(state: State, b: Battle, outcome: int) -> bool:
    """Whether a pursuit die lets the runners get away from the first chaser: ``race``
    outcomes are 10*runner + pursuer (no ties), the higher wins; ``slow`` is the slower
    side's d6, winning on a 6."""
    if state.roll == "race":
        return outcome // 10 > outcome % 10
    return (outcome == 6) == runners_slower(state, b)


def pursuit_roll(state: State, outcome: int) -> State:
    """A race die (see :func:`runners_escape`)."""
    b = state.battle
    assert b is not None
    runner_wins = runners_escape(state, b, outcome)
    p = b.chasers[0]
    keepers = b.keepers if runner_wins else (*b.keepers, p)
    b = _chased(b, chasers=b.chasers[1:], keepers=keepers)
    return _chase(_next_roll(state, battle=b, roll=""))


def escape_area(state: State, side: int, area: int) -> int:
    """Where escaping ships go: the adjacent area with fewest Allied ships for a German
    (public knowledge), the lowest-numbered neighbour for the Allies (FS-ESCAPE)."""
    options = [a for a in ADJ[area] if a != ENGLAND or side == 1] or [area]
    if side == 1:
        return min(options)
    allied = state.loc[FIRST_ALLIED:].count  # the Allied ships are the last ids (data.ALLIED)
    return min(options, key=lambda a: (allied(a), a))


_GERMANS: Final = frozenset(GERMAN)


def end_battle(state: State, escaped: int = -1) -> State:
    """Repair, retirement, escapes; then the German order is finished (FS-REPAIR..).

    Only a combat that came to a round has survivors to repair and retire, and counts as
    a combat of its Germans ('Failing that, there is combat': a side that ran away before
    the first round fought none). Its survivors are every ship that fought and is still
    at sea: the pursuers the runners outran too (``Battle.outrun``). An Allied ship that
    must retire goes to England, even when its side escaped."""
    b = state.battle
    assert b is not None
    damage, box, loc = list(state.damage), list(state.box), list(state.loc)
    combats = list(state.combats)
    retired: set[int] = set()
    if b.rounds:
        for s in (*b.sides[0], *b.sides[1], *b.outrun):
            if box[s] in AT_SEA:
                damage[s] = max(0, damage[s] - 1)
        for s in (*b.sides[1], *b.outrun):
            if (
                SHIPS[s].side == 1
                and box[s] in AT_SEA
                and damage[s]
                and half_damaged(damage[s], SHIPS[s].cls.capacity)
            ):
                loc[s], box[s], damage[s] = ENGLAND, START, 0  # FS-RETIRE
                retired.add(s)
        if state.unit:
            for s in set(state.unit.ships) & _GERMANS:
                combats[s] += 1
    if escaped >= 0:
        to = escape_area(state, escaped, b.area)
        for s in b.sides[escaped]:
            if s not in retired:
                loc[s], box[s] = to, MOVED
    state = _ended(
        state,
        damage=tuple(damage),
        box=tuple(box),
        loc=tuple(loc),
        combats=tuple(combats),
        battle=None,
    )
    return finish_unit(state)
