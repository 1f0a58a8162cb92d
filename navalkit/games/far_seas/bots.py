"""The computer commanders of Far Seas, for either side: the "commander" (the medium level)
and the "admiral" (the guide of the hard level's search). Neither reads the true state: the
Allied side sees only what :func:`~.observe.observe` shows it.

**The commander** scores each legal move with a rule of thumb and plays the best. The
German commander goes where free merchants are and searchers are not, attacks weak convoys,
surprises lone ships it can beat, runs from stronger forces and takes a badly damaged ship
out of harm's way. The Allied commander escorts the busy convoy lanes, guards the rich
stations, hunts with squadrons where raiders were seen or could have sailed, and always
searches (so no cowardice points). Its weak spots are left on purpose, for a medium level:
it moves raiders together as squadrons (which take one area's merchants between them), and
it spreads its guesses about unseen raiders evenly over every area they could have reached.
The lead the raiders need in FS-VICTORY (setting ``german_par``, 245) is calibrated on these
two commanders playing each other.

**The admiral** thinks harder about the same things:

* as Germany it weighs every order by what it brings and what it risks: the merchants free
  in the area (density, less escorts and those already taken this turn) times the chance of
  *not* being found by the Allied searchers there (a squadron of searchers rolls once, so it
  counts once), less the expected cost of a fight it cannot run from; it sends its raiders
  out one by one (a raider alone takes a whole area's merchants) and leans towards areas
  whose neighbours are rich (:func:`order_value`);
* as the Allies it cannot see the raiders, so it works out where they probably are: each
  unseen raider starts from its known starting area and, one order a turn, drifts towards
  rich waters that Allied ships do not crowd (:func:`raider_beliefs`); its searchers then
  go where the raiders still to move this turn are likely to look for merchants.

**The hard level** is the generic search (navalkit.core.mcts) guided by the admiral: the
admiral tells it which moves are worth searching (:func:`search_actions`: run or fight,
and a German order when a convoy attack, a surprise or a raid is in the balance; everything
else is the admiral's move at once), plays the rollouts, and guesses the hidden raiders for
it with the same belief (:func:`sample_state`). :func:`evaluate` scores a position where a
rollout stops.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from navalkit.core.bots import BotView
from navalkit.core.mcts import squash

from . import rules
from .actions import FIGHT, RUN, Deploy, Order, Search, Simple
from .data import (
    ADJ,
    ALLIED,
    AREAS,
    ENGLAND,
    FIRST_ALLIED,
    GERMAN,
    N_AREAS,
    RIVER,
    RUFIJI_AREA,
    SHIPS,
    STATIONS,
    half_damaged,
)
from .mechanics.combat import escape_chance, group_speed, speed
from .mechanics.search import search_chance, searchers, units_of
from .observe import NEAR, View, hides_raiders, observe, orders_had, place_unseen
from .state import (
    ALLIES,
    AT_SEA,
    CONVOY,
    GERMANY,
    MOVED,
    OVER,
    SEARCH,
    START,
    STATION,
    State,
    evolve,
)

__all__ = [
    "AdmiralBot",
    "CommanderBot",
    "allied_choice",
    "allied_order",
    "evaluate",
    "german_order",
    "order_value",
    "power",
    "raider_beliefs",
    "sample_state",
    "search_actions",
]


# --- The Allied commander: escort, guard, hunt, from the Allied observation only.


def _distances() -> tuple[tuple[int, ...], ...]:
    """Moves between any two areas (the Panama link counts, England does not)."""
    n = len(AREAS)
    out = []
    for a in range(n):
        dist = [99] * n
        dist[a], todo = 0, [a]
        for x in todo:
            for m in AREAS[x].adjacent:
                if m != ENGLAND and dist[m] == 99:
                    dist[m] = dist[x] + 1
                    todo.append(m)
        out.append(tuple(dist))
    return tuple(out)


DIST = _distances()


def power(state: State, ships: tuple[int, ...] | list[int]) -> float:
    """A rough fighting value: capacity left plus twice the ship's own modifier."""
    return sum(
        max(0.5, SHIPS[s].cls.capacity - state.damage[s] + 2 * SHIPS[s].cls.drm)
        for s in ships
        if s >= 0
    )


class _Picture:
    """What the Allies know of the seas this segment (observation only)."""

    __slots__ = ("escorts", "free", "guarded", "heat", "moved", "reach", "unseen")

    def __init__(self, state: State) -> None:
        n = N_AREAS
        self._count_allies(state)
        # raiders in view (discovered, revealed, found in the river): they and their
        # neighbourhood are where the next blow falls
        self.heat = [0.0] * n
        self.reach = [0.0] * n
        self.unseen = 0
        for g in GERMAN:
            if state.box[g] not in AT_SEA and state.box[g] >= 0:
                continue
            a = state.loc[g]
            if not 0 <= a < n:
                # public knowledge: where the raider started and how far it can have sailed
                self.unseen += 1
                near = [m for m in range(1, n) if DIST[SHIPS[g].start][m] <= state.turn]
                for m in near:
                    self.reach[m] += 1.0 / len(near)
                continue
            self.heat[a] += 3.0
            for m in ADJ[a]:
                self.heat[m] += 1.5

    def _count_allies(self, state: State) -> None:
        """The Allied ships in each area's Moved and Convoy boxes, the areas on station, and
        the merchants no escort covers (``free``)."""
        n = N_AREAS
        self.moved = [0] * n
        self.escorts = [0] * n
        self.guarded = [False] * n
        loc, box = state.loc, state.box
        for s in ALLIED:
            a, b = loc[s], box[s]
            if 0 <= a < n:
                if b == MOVED:
                    self.moved[a] += 1
                elif b == CONVOY:
                    self.escorts[a] += 1
                elif b == STATION:
                    self.guarded[a] = True
        self.free = [max(0, AREAS[a].density - self.escorts[a]) for a in range(n)]


def _duty_value(state: State, pic: _Picture, ship: int) -> float:
    """What a ship on convoy or station gives up by leaving it."""
    a, b = state.loc[ship], state.box[ship]
    if b == CONVOY:
        return 2.0 + (1.0 if pic.escorts[a] <= AREAS[a].density else -2.0)
    if b == STATION:
        return 1.5 * _open_vp(state, a)
    return 0.0


def _open_vp(state: State, area: int) -> int:
    return sum(st.vp for i, st in enumerate(STATIONS) if st.area == area and i not in state.raided)


def _deploy_score(state: State, pic: _Picture, d: Deploy) -> float:
    to, ships = d.to, d.ships
    lead = ships[0]
    if d.box == "convoy":
        # an escort takes one merchant off a raider's list, but invites a convoy attack (each
        # attacker sinks a die's worth, 3.5 on average): it pays only on the busiest lanes
        # and with a ship strong enough to punish the attacker
        return 0.4 * (pic.free[to] - 3) + 0.1 * power(state, ships) - 1.0
    if d.box == "station":
        vp = _open_vp(state, to)
        if pic.guarded[to] or vp < 2:
            return -1.0
        return 1.2 * vp + 0.5 * pic.heat[to] - _duty_value(state, pic, lead)
    if d.box == "watch":
        return 0.2 + pic.heat[to]
    cost = sum(_duty_value(state, pic, s) for s in ships)
    if to == ENGLAND:
        return -3.0 - cost
    before = pic.moved[to]
    after = before + len(ships)
    # a raider goes for free merchants where no searcher waits: the first searcher in a busy
    # area that raiders can reach denies it to them; more searchers raise the odds of a find
    lure = pic.heat[to] + pic.free[to] * (0.3 + pic.reach[to])
    if before:
        gain = search_chance(min(after, 6)) - search_chance(min(before, 6))
        score = 2.0 * gain * lure
    else:
        score = lure * (1.0 + search_chance(min(after, 6)))
    score += 0.05 * min(power(state, ships), 20.0) - cost
    if state.box[lead] == START and state.loc[lead] == ENGLAND:
        score += 0.8  # out of the England box towards the sea lanes
    return score


def allied_choice(view: BotView, state: State) -> Any:
    """The Allied commander's move this segment (deploys or pass)."""
    legal = view.legal_actions
    pic = _Picture(state)
    best, best_score = legal[0], 0.0
    for a in legal:
        if isinstance(a, Deploy):
            score = _deploy_score(state, pic, a) + view.rng.random() * 0.2
            if score > best_score:
                best, best_score = a, score
    return best


def _hurt(state: State, ships: tuple[int, ...]) -> bool:
    return any(half_damaged(state.damage[g], SHIPS[g].cls.capacity) for g in ships)


class _Sea:
    """Where the Allied ships are, counted once per German decision."""

    __slots__ = ("escorts", "guards", "moved", "near", "strength")

    def __init__(self, state: State) -> None:
        n = len(AREAS)
        self.moved = [0] * n
        self.escorts = [0] * n
        self.guards = [0] * n
        self.strength = [0.0] * n
        for s in ALLIED:
            a, b = state.loc[s], state.box[s]
            if not 0 <= a < n:
                continue
            self.strength[a] += power(state, (s,))
            if b == MOVED:
                self.moved[a] += 1
            elif b == CONVOY:
                self.escorts[a] += 1
            elif b == STATION:
                self.guards[a] += 1
        # Allied force that could close in next turn: the area and its neighbours
        self.near = [self.strength[a] + sum(self.strength[m] for m in ADJ[a]) for a in range(n)]


def _order_score(state: State, o: Order, sea: _Sea) -> float:
    """How good a German order looks: merchants or VP in reach against the risk of a search
    and of meeting a stronger force."""
    to, ships = o.to, o.ships
    hurt = _hurt(state, ships)
    mine = power(state, ships)
    if o.kind == "home":
        return 3.0 if hurt else -6.0
    if o.kind == "intern":
        # an AMC that can no longer fight gives up rather than be hunted down
        return 2.5 if hurt and sea.near[to] > mine else -6.0
    if o.kind == "hold":
        return 0.5 if hurt else -1.5
    if o.kind in ("river", "leave"):
        return 0.5 if hurt else -0.5
    if not 0 <= to < len(AREAS):
        return -1.0
    searchers = sea.moved[to]
    # chance to be found, and the cost of a fight against what is in the area
    p_found = search_chance(searchers, len(ships)) if searchers else 0.0
    danger = sea.strength[to] / max(mine, 1.0)
    risk = p_found * (4.0 + 6.0 * danger) * (2.0 if hurt else 1.0)
    free = max(0, AREAS[to].density - sea.escorts[to] - state.taken[to])
    score = free - risk - 0.05 * sea.near[to] / max(mine, 1.0)
    if o.kind == "raid":
        guards = sea.guards[to]
        score += 2.5 * STATIONS[o.target].vp - (8.0 if guards else 0.0) - free
    elif o.kind == "surprise":
        target = power(state, (o.target,))
        score += 2.0 * SHIPS[o.target].cls.vp if mine > 1.3 * target and not hurt else -8.0
    elif o.kind == "convoy":
        grade = group_speed(state, ships)
        mod = -2 if grade >= 4 else (-1 if grade == 3 else 0)
        p = min(1.0, (3 - mod) / 6)
        escort = sea.escorts[to] * 6.0
        score += p * 3.5 * len(ships) - (1 - p) * 8.0 * escort / max(mine, 1.0) - free
        if hurt:
            score -= 4.0
    return score + 0.1 * len(ships)


def german_choice(view: BotView) -> Any:
    """The German commander's pick among the legal actions."""
    legal = view.legal_actions
    state: State = view.observation.state
    sea = _Sea(state)
    scored = [
        (_order_score(state, a, sea) if isinstance(a, Order) else 0.0) + view.rng.random() * 0.3
        for a in legal
    ]
    return legal[max(range(len(legal)), key=scored.__getitem__)]


def run_or_fight(view: BotView) -> Any:
    """Run from a stronger force, fight a weaker one (a hurt German always tries to run)."""
    state: State = view.observation.state
    b = state.battle
    if b is None:
        return FIGHT
    me = view.player
    mine, theirs = power(state, b.sides[me]), power(state, b.sides[1 - me])
    if me == 0:
        if _hurt(state, b.sides[0]) and mine < 2 * theirs:
            return RUN
        return RUN if mine < 1.2 * theirs else FIGHT
    return RUN if mine < 0.6 * theirs else FIGHT


class CommanderBot:
    """The medium level, for either seat (see the module docstring): each move scored by a
    rule of thumb from the seat's observation, the best one played. In battle it runs from a
    stronger force and fights a weaker one."""

    name = "commander"

    def choose(self, view: BotView) -> Any:
        legal = view.legal_actions
        first = legal[0]
        if isinstance(first, Simple) and first.word in ("run", "fight"):
            return run_or_fight(view)
        obs: View = view.observation
        if view.player == 1:
            searches = [a for a in legal if isinstance(a, Search) and a.who == "all"]
            if searches:
                return searches[0]
            if isinstance(legal[-1], Simple) and legal[-1].word == "end_search":
                return legal[-1]
            return allied_choice(view, obs.state)
        return german_choice(view)


def _pending(state: State) -> float:
    """The merchants (or station VP) the German order under way will bring if the Allied
    searches still to come do not find it: a rollout cut short in the middle of the searches
    has not yet counted them (they are counted when the order ends, FS-CAPTURE)."""
    unit = state.unit
    if unit is None or unit.fought or unit.kind not in ("move", "panama", "leave", "raid"):
        return 0.0
    area = unit.area
    if not 0 <= area < len(AREAS):
        return 0.0
    if unit.kind == "raid":
        gain = 0 if unit.station in state.raided else STATIONS[unit.station].vp
    else:
        escorts = sum(1 for s in ALLIED if state.loc[s] == area and state.box[s] == CONVOY)
        gain = max(0, AREAS[area].density - escorts - state.taken[area])
    if not gain or area in unit.searched:
        return float(gain)
    searching = len(units_of(state, area, searchers(state, area)))
    found = min(1.0, (searching + len(unit.ships) - 1) / 6) if searching else 0.0
    return gain * (1.0 - found)


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, from 0 to 1: the German lead over the Allies (with what the
    order under way should still bring, :func:`_pending`) less the lead the raiders need
    (``german_par``) prorated to the turns played (FS-VICTORY), squashed; for the Allies, one
    less that (used to score search rollouts cut short)."""
    if state.phase == OVER:
        w = rules.winner(state)
        return 0.5 if w is None else float(w == seat)
    g, a = rules.scores(state)
    lead = g + _pending(state) - a
    par = state.config.german_par * (state.turn - 1) / state.config.turns
    german = squash(lead - par, 30.0)
    return german if seat == GERMANY else 1.0 - german


# === The admiral: the hard level's guide ==================================================

# --- Where the unseen raiders probably are -------------------------------------------------

#: how strongly a raider is drawn to free merchants, and put off by Allied ships, per order
DRAW, SHYNESS = 1.0, 0.5


def _drift(state: State) -> tuple[tuple[tuple[int, float], ...], ...]:
    """For each area, where a raider goes from it in one order and how likely: every
    neighbour (Panama included) or staying, weighted by exp(DRAW * (density less escorts)
    - SHYNESS * Allied ships there), from the Allied ships on the map now."""
    allied = [0] * N_AREAS
    escorts = [0] * N_AREAS
    for s in ALLIED:
        a = state.loc[s]
        if 0 <= a < N_AREAS:
            allied[a] += 1
            if state.box[s] == CONVOY:
                escorts[a] += 1
    pull = [
        math.exp(DRAW * max(0, AREAS[a].density - escorts[a]) - SHYNESS * allied[a])
        for a in range(N_AREAS)
    ]
    out = []
    for x in range(N_AREAS):
        opts = (x, *NEAR[x]) if x != ENGLAND else ()
        total = sum(pull[y] for y in opts) or 1.0
        out.append(tuple((y, pull[y] / total) for y in opts))
    return tuple(out)


class _Drifts:
    """The drift of one Allied deployment and the beliefs worked out with it, by (start
    area, orders): the search asks again and again about the same few deployments."""

    __slots__ = ("beliefs", "drift", "spreads")

    def __init__(self, state: State) -> None:
        self.drift = _drift(state)
        self.beliefs: dict[tuple[int, int], list[float]] = {}
        self.spreads: dict[tuple[int, int], list[float]] = {}

    def belief(self, start: int, steps: int) -> list[float]:
        b = self.beliefs.get((start, steps))
        if b is None:
            b = [0.0] * N_AREAS
            b[start] = 1.0
            drift = self.drift
            for _ in range(steps):
                nb = [0.0] * N_AREAS
                for x, p in enumerate(b):
                    if p > 1e-6:
                        for y, q in drift[x]:
                            nb[y] += p * q
                b = nb
            self.beliefs[start, steps] = b
        return b

    def spread(self, start: int, steps: int) -> list[float]:
        """Where such a raider can be after its next order: its belief spread evenly over
        each area and the neighbours it can sail to (the England box aside)."""
        out = self.spreads.get((start, steps))
        if out is None:
            out = [0.0] * N_AREAS
            for x, p in enumerate(self.belief(start, steps)):
                if p > 1e-4:
                    opts = _NEXT[x]
                    share = p / len(opts)
                    for m in opts:
                        out[m] += share
            self.spreads[start, steps] = out
        return out


#: an area and the neighbours a German may sail to from it (no England box, no Panama)
_NEXT = tuple((x, *(m for m in ADJ[x] if m != ENGLAND)) for x in range(N_AREAS))

#: drifts by Allied deployment (turn, Allied places and boxes); a bounded memo
_DRIFTS: dict[tuple[int, tuple[int, ...], tuple[int, ...]], _Drifts] = {}


def _drifts(state: State) -> _Drifts:
    key = (state.turn, state.loc[FIRST_ALLIED:], state.box[FIRST_ALLIED:])
    d = _DRIFTS.get(key)
    if d is None:
        if len(_DRIFTS) > 512:
            _DRIFTS.clear()
        d = _DRIFTS[key] = _Drifts(state)
    return d


def raider_beliefs(state: State, raiders: list[int] | tuple[int, ...]) -> dict[int, list[float]]:
    """For each raider, the chance it is in each area, from public facts only: its starting
    area and the orders it can have had (:func:`~.observe.orders_had`), each order a drift
    (see :func:`_drift`). ``state`` may be a seat's observation: hidden raiders' places are
    never read."""
    if not raiders:
        return {}
    d = _drifts(state)
    return {g: d.belief(SHIPS[g].start, orders_had(state, g)) for g in raiders}


# --- Germany ------------------------------------------------------------------------------


class _Waters:
    """The Allied ships as a German order sees them: searchers (by searching unit), escorts,
    station guards and strength, by area."""

    __slots__ = ("escorts", "guards", "moved", "moved_power", "units")

    def __init__(self, state: State) -> None:
        n = N_AREAS
        self.moved: list[list[int]] = [[] for _ in range(n)]
        self.escorts = [0] * n
        self.guards = [0] * n
        self.moved_power = [0.0] * n
        for s in ALLIED:
            a, b = state.loc[s], state.box[s]
            if not 0 <= a < n:
                continue
            if b == MOVED:
                self.moved[a].append(s)
                self.moved_power[a] += power(state, (s,))
            elif b == CONVOY:
                self.escorts[a] += 1
            elif b == STATION:
                self.guards[a] += 1
        self.units = [
            len(units_of(state, a, ships)) if ships else 0 for a, ships in enumerate(self.moved)
        ]


def _vp(ships: tuple[int, ...]) -> int:
    return sum(SHIPS[g].cls.vp for g in ships)


def _found_cost(state: State, ships: tuple[int, ...], to: int, sea: _Waters) -> float:
    """What being found in ``to`` costs beyond the lost merchants: the chance the raider
    cannot run (a 6 on the Allied die, or caught by a pursuer) times a share of its VP that
    grows with the searchers' strength."""
    grade = group_speed(state, ships)
    escape = 5 / 6
    for c in sea.moved[to]:
        escape *= escape_chance(grade, speed(state, c))
    danger = sea.moved_power[to] / max(power(state, ships), 1.0)
    return (1 - escape) * (_vp(ships) * min(1.0, 0.4 * danger) + 1.0)


def order_value(state: State, o: Order, sea: _Waters | None = None) -> float:
    """What a German order is worth in VP, roughly (see the module docstring)."""
    sea = sea or _Waters(state)
    ships, to, k = o.ships, o.to, o.kind
    n = len(ships)
    hurt = _hurt(state, ships)
    if k == "home":
        return 2.0 if hurt else -6.0
    if k == "intern":
        return 1.0 if hurt and sea.moved_power[to] > power(state, ships) else -6.0
    if k == "hold":
        return -0.5 if hurt else -2.0
    if k in ("river", "leave"):
        return 0.3 if hurt else -0.5
    if not 0 <= to < N_AREAS:
        return -1.0
    units = sea.units[to]
    p_found = min(1.0, (units + n - 1) / 6) if units else 0.0
    cost = _found_cost(state, ships, to, sea) if units else 0.0
    free = max(0, AREAS[to].density - sea.escorts[to] - state.taken[to])
    # where it can go next turn: the best density in reach of the new area
    value = 0.2 * max(
        max(0, AREAS[m].density - sea.escorts[m]) for m in (to, *ADJ[to]) if m != ENGLAND
    )
    if k in ("move", "panama"):
        value += (1 - p_found) * free - p_found * cost
        value -= 3.0 * (n - 1)  # a squadron takes one area's merchants, not one each
    elif k == "raid":
        value += (1 - p_found) * STATIONS[o.target].vp - p_found * cost
        value -= 6.0 if sea.guards[to] else 0.0
    elif k == "convoy":
        grade = group_speed(state, ships)
        mod = -2 if grade >= 4 else (-1 if grade == 3 else 0)
        sinks = min(1.0, (3 - mod) / 6)  # each attacker sinks a die's worth
        mine = max(power(state, ships), 1.0)
        value += sinks * 3.5 * n - (1 - sinks) * sea.escorts[to] * _vp(ships) / mine
        value -= 3.0 if hurt else 0.0
    elif k == "surprise":
        strong = power(state, ships) > 1.3 * power(state, (o.target,))
        value += 2.0 * SHIPS[o.target].cls.vp if strong and not hurt else -8.0
        value -= 1.5 * (n - 1)
    return value - (1.0 if hurt else 0.0)


def german_ranked(state: State, legal: Sequence[Any]) -> list[tuple[float, Any]]:
    """The legal German actions with the admiral's value, best first."""
    sea = _Waters(state)
    scored = [(order_value(state, a, sea) if isinstance(a, Order) else 0.0, a) for a in legal]
    scored.sort(key=lambda x: -x[0])
    return scored


def german_order(view: BotView) -> Any:
    """The admiral's German order: the best value, ties broken at random."""
    state: State = view.observation.state
    sea = _Waters(state)
    rng = view.rng
    best, top = view.legal_actions[0], -math.inf
    for a in view.legal_actions:
        v = (order_value(state, a, sea) if isinstance(a, Order) else 0.0) + 0.05 * rng.random()
        if v > top:
            best, top = a, v
    return best


# --- The Allies ---------------------------------------------------------------------------


class _BeliefPicture(_Picture):
    """The commander's picture of the seas (its Allied boxes, free merchants and the heat
    around raiders in view), but with the unseen raiders still to move this turn spread
    where they probably are (:func:`raider_beliefs`) and where they can go from there,
    instead of evenly over every area they could have reached."""

    __slots__ = ()

    def __init__(self, state: State, hidden: frozenset[int]) -> None:
        n = N_AREAS
        self._count_allies(state)
        loc, box = state.loc, state.box
        self.heat = [0.0] * n
        self.unseen = len(hidden)
        for g in GERMAN:
            if g in hidden or box[g] not in AT_SEA or not 0 <= loc[g] < n:
                continue
            self.heat[loc[g]] += 3.0
            for m in ADJ[loc[g]]:
                self.heat[m] += 1.5
        reach = [0.0] * n
        drifts = _drifts(state)
        for g in sorted(hidden):
            if g not in state.acted:
                spread = drifts.spread(SHIPS[g].start, orders_had(state, g))
                reach = [r + x for r, x in zip(reach, spread, strict=True)]
        self.reach = reach


def _picture(view_state: State, hidden: frozenset[int]) -> _BeliefPicture:
    return _BeliefPicture(view_state, hidden)


#: search_chance(n) for n = 0..6 searchers of one target (the commander's reading)
_CHANCE = tuple(search_chance(n) if n else 0.0 for n in range(7))


class _Scorer:
    """The commander's deploy score (:func:`_deploy_score`), the same numbers, with
    what it asks of each ship (power, duty) worked out once per position: the admiral
    scores every Allied move, and the search asks for it in every rollout."""

    __slots__ = ("alone", "duty", "pic", "power", "state", "term")

    def __init__(self, state: State, pic: _Picture) -> None:
        self.state, self.pic = state, pic
        self.power: dict[int, float] = {}
        self.duty: dict[int, float] = {}
        self.term: dict[int, float] = {}  # a lone ship's own part of its Moved-box score
        # the area's part of a lone ship's Moved-box score, by area
        alone = []
        for to in range(N_AREAS):
            before = pic.moved[to]
            after = min(before + 1, 6)
            lure = pic.heat[to] + pic.free[to] * (0.3 + pic.reach[to])
            if before:
                alone.append(2.0 * (_CHANCE[after] - _CHANCE[min(before, 6)]) * lure)
            else:
                alone.append(lure * (1.0 + _CHANCE[after]))
        self.alone = alone

    def fast(self, d: Deploy) -> float:
        """:meth:`score`, quicker for a lone ship to a Moved box (most Allied moves)."""
        if d.box != "moved" or len(d.ships) > 1 or d.to == ENGLAND:
            return self.score(d)
        s = d.ships[0]
        term = self.term.get(s)
        if term is None:
            power, duty = self._ship(s)
            state = self.state
            home = state.box[s] == START and state.loc[s] == ENGLAND
            term = self.term[s] = 0.05 * min(power, 20.0) - duty + (0.8 if home else 0.0)
        return self.alone[d.to] + term

    def _ship(self, s: int) -> tuple[float, float]:
        p = self.power.get(s)
        if p is None:
            p = self.power[s] = power(self.state, (s,))
            self.duty[s] = _duty_value(self.state, self.pic, s)
        return p, self.duty[s]

    def score(self, d: Deploy) -> float:
        state, pic, to, ships = self.state, self.pic, d.to, d.ships
        if d.box != "moved":
            return _deploy_score(state, pic, d)
        power = duty = 0.0
        for s in ships:
            p, c = self._ship(s)
            power += p
            duty += c
        if to == ENGLAND:
            return -3.0 - duty
        before = pic.moved[to]
        after = min(before + len(ships), 6)
        lure = pic.heat[to] + pic.free[to] * (0.3 + pic.reach[to])
        if before:
            score = 2.0 * (_CHANCE[after] - _CHANCE[min(before, 6)]) * lure
        else:
            score = lure * (1.0 + _CHANCE[after])
        score += 0.05 * min(power, 20.0) - duty
        lead = ships[0]
        if state.box[lead] == START and state.loc[lead] == ENGLAND:
            score += 0.8
        return score


def allied_ranked(obs: View, legal: Sequence[Any]) -> list[tuple[float, Any]]:
    """The legal Allied moves with the admiral's score (pass scores 0), best first."""
    state = obs.state
    scorer = _Scorer(state, _picture(state, obs.hidden))
    scored = [(scorer.fast(a) if isinstance(a, Deploy) else 0.0, a) for a in legal]
    scored.sort(key=lambda x: -x[0])
    return scored


def allied_order(view: BotView) -> Any:
    """The admiral's Allied move (a deploy, or pass when none scores above 0)."""
    obs: View = view.observation
    state = obs.state
    scorer = _Scorer(state, _picture(state, obs.hidden))
    rand = view.rng.random
    best, top = view.legal_actions[0], 0.0
    for a in view.legal_actions:
        if isinstance(a, Deploy):
            v = scorer.fast(a) + 0.2 * rand()
            if v > top:
                best, top = a, v
    return best


def _search_or_stop(legal: Sequence[Any]) -> Any:
    """The Allied search step: search the next area with every ship there (searching costs
    nothing and a find stops the raider's captures), and stop when none is left."""
    for a in legal:
        if isinstance(a, Search) and a.who == "all":
            return a
    return legal[-1]


class AdmiralBot:
    """The hard level's guide, for either seat, from its observation only. As Germany: every
    order valued in merchants and VP against the risk of being found, one raider at a time
    (:func:`order_value`). As the Allies: the commander's rules for where to send ships,
    but aimed at where the unseen raiders probably are (:func:`raider_beliefs`), and every
    area with searchers searched. In battle, the commander's run-or-fight rule."""

    name = "admiral"

    def choose(self, view: BotView) -> Any:
        legal = view.legal_actions
        first = legal[0]
        if isinstance(first, Simple) and first.word in ("run", "fight"):
            return run_or_fight(view)
        if view.player == ALLIES:
            if view.observation.state.phase == SEARCH:
                return _search_or_stop(legal)
            return allied_order(view)
        return german_order(view)


# --- What the search looks at -------------------------------------------------------------

#: the most moves the search compares, and how far below the best (in the admiral's points)
#: a move may be to be compared at all
WIDTH, MARGIN = 3, 1.5

#: the German orders whose worth hangs on dice the admiral only guesses at (a convoy's
#: escort, a surprised ship, a station's guards): the search plays them out
TACTICAL = frozenset({"convoy", "surprise", "raid"})


def search_actions(state: State) -> list[Any]:
    """The moves worth searching in ``state``. Run or fight: both. The Allied search step:
    the next area, with every ship (forced). An Allied move: the admiral's (forced; its
    worth lies in where the raiders go turns later, past any rollout). A German order: the
    admiral's best, and when a fight is in the balance (an order of TACTICAL kind within
    MARGIN of the best, or the best itself) also the best plain move and those orders, at
    most WIDTH; otherwise the best alone (forced). Allied moves are ranked from the Allied
    view of ``state`` only."""
    legal = rules.legal_actions(state)
    if len(legal) <= 1 or state.phase in ("g_run", "a_run"):
        return list(legal)
    if state.phase == SEARCH:
        return [_search_or_stop(legal)]
    if state.phase == "ally":
        return [allied_ranked(observe(state, ALLIES), legal)[0][1]]
    ranked = german_ranked(state, legal)
    top, best = ranked[0]
    out = [best]
    plain = next((a for _, a in ranked if isinstance(a, Order) and a.kind == "move"), None)
    for v, a in ranked[1:]:
        if len(out) >= WIDTH or v < top - MARGIN:
            break
        if isinstance(a, Order) and a.kind in TACTICAL:
            out.append(a)
    tactical = any(isinstance(a, Order) and a.kind in TACTICAL for a in out)
    if tactical and plain is not None and plain not in out:
        out.append(plain)
    return out


# --- Guessing what the Allies cannot see --------------------------------------------------


def sample_state(observation: View, rng: Any) -> State:
    """A full state consistent with ``observation``, for the search (the German sees it all:
    his observation is the state). As :func:`~.observe.sample_state`, but each unseen raider
    (or the secret squadron) is put in an area it could have reached drawn with the chances
    of :func:`raider_beliefs` rather than evenly, and the secret merchant captures are
    guessed on the pace of the lead the raiders need (the German lead so far taken to be its
    share of the turns played), so that cut-off rollouts are scored around an even game rather
    than as a German collapse."""
    seen = observation.state
    if not hides_raiders(observation):
        return seen
    beliefs = raider_beliefs(seen, sorted(observation.hidden))

    def as_believed(lead: int, options: list[int], river: bool) -> int:
        weights = [beliefs[lead][a] + 1e-3 for a in options]
        if river:  # as likely as the raider's area 23 itself
            options = [*options, RIVER]
            weights.append(beliefs[lead][RUFIJI_AREA] + 1e-3)
        return rng.choices(options, weights=weights, k=1)[0]  # type: ignore[no-any-return]

    placed = place_unseen(observation, as_believed)
    par = seen.config.german_par * (seen.turn - 1) / seen.config.turns
    vp = seen.gvp
    guess = max(0, round(par + seen.avp - vp[1] - vp[2] - vp[3]))
    return evolve(placed, gvp=(guess, vp[1], vp[2], vp[3]))
