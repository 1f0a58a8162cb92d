"""The computer captains of Age of Sail.

They read only the observation (the whole table is public, nothing is hidden) and the legal
actions, and throw no dice: they weigh each order by the odds of the gunnery table, worked
out in :mod:`.search`. A movement order is a heading then a run, so "where can she be at
the end of her move?" is a fan of straight runs, one per heading she may take; each end
point (a *spot*) gets a score and the best one is sailed to.

* **Medium, the captain**, looks one move ahead. From each spot she asks "what can I fire
  from here, on average?": one die per gun deck on the side that bears, hits by range band,
  twice the damage for a rake from astern, and a pair of sixes may set the enemy alight; or
  "can I board him, and would I likely win?" (when she has more gun decks than he does:
  that is how she finishes a battered ship). When nothing bears yet she closes on the
  nearest enemy. In the combat phase she fires the broadsides worth most, at the hull
  unless only the masts are left to hit, and boards a ship weaker in gun decks.
* **Hard, the search** (``mcts``), asks the **admiral** first. The admiral looks three moves
  ahead: from each spot, what can I fire now; then where will the enemy sail (his best shot,
  or straight at me) and what will he fire back, with the decks my broadside left him; then
  what can I fire back at him there. So she waits just beyond his reach plus gun range to
  get the first broadside, comes in where his answer is weak (astern of him, upwind), and
  stands off when ahead; late in a battle she is not winning she minds his answer less and
  less, and does come to fight. She boards only when nine times in ten sure to take him (a
  failed boarding loses the ship, and the battle). The tree search then tries the admiral's
  move and the other sensible ones (no anchoring, no weaker aim, no boarding less sure than
  that), scoring each position by damage lead, gun decks left, fires aboard and the
  broadside the side to move can bring to bear; it plays another move only when that one
  clearly searches better.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from navalkit.core.bots import BotView

from . import rules, search
from .actions import Board, End, Fire, Order, Repair, Sail, Turn
from .data import VECTORS
from .state import COMBAT, CUT_LOOSE, MOVE, Ship, State, evolve

#: the captain's pull towards the nearest enemy, per cm beyond 4, when nothing bears yet
CLOSING = 0.05


def _nearest(state: State, side: int, x: float, y: float) -> float:
    best = math.inf
    for t in state.ships:
        if t.afloat and t.side != side:
            best = min(best, math.hypot(t.x - x, t.y - y))
    return best if best < math.inf else 0.0


def _runs(after: State, i: int) -> list[tuple[int, float, float]]:
    """(cm, x, y) of every legal run of ship ``i`` once her helm order is given."""
    s = after.ships[i]
    vx, vy = VECTORS[s.heading]
    return [
        (a.cm, s.x + vx * a.cm, s.y + vy * a.cm)
        for a in rules.legal_actions(after)
        if isinstance(a, Sail)
    ]


#: the run each bot chose with its helm order, by the state after that order: the next
#: decision (how far to sail) is then already made
_PLANS: dict[tuple[str, State], Sail] = {}


class CaptainBot:
    """The medium level: scores each spot her ship can reach one move deep (what can she
    fire from there, or could she board and win), closes on the nearest enemy when nothing
    bears, fires the broadsides worth most and boards a ship weaker in gun decks."""

    name = "captain"
    #: the least chance of taking her for which a boarding is tried
    board_min = 0.0

    def spot(self, state: State, i: int, x: float, y: float, h: int) -> float:
        """What ship ``i`` ending her move at (x, y) on heading ``h`` is worth to us."""
        value, _ = search.attack(state, i, x, y, h, board_min=self.board_min)
        d = _nearest(state, state.ships[i].side, x, y)
        return value - CLOSING * max(0.0, d - 4.0)

    # --- choosing ------------------------------------------------------------------------
    def choose(self, view: BotView) -> Any:
        state: State = view.observation
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if state.phase == MOVE:
            action = self._move(state, legal, view.rng)
        elif state.phase == CUT_LOOSE:  # a try costs nothing: locked, she does not move anyway
            action = next((a for a in legal if a.what == "separate"), None)
        elif state.phase == COMBAT:
            action = self._combat(state, legal)
        else:
            action = None
        return action if action is not None else view.rng.choice(legal)

    def _move(self, state: State, legal: Sequence[Any], rng: Any) -> Any:
        if state.helm is not None:  # the heading is set: how far to sail
            planned = _PLANS.get((self.name, state))
            if planned is not None and planned in legal:
                return planned
            i = state.helm.ship
            s = state.ships[i]
            vx, vy = VECTORS[s.heading]
            runs = [(a.cm, s.x + vx * a.cm, s.y + vy * a.cm) for a in legal if isinstance(a, Sail)]
            return rules.sail(i, self._best_run(state, i, s.heading, runs)[1])
        best: tuple[float, float, Any] = (0.0, 0.0, End() if End() in legal else None)
        stay: dict[int, float] = {}
        plans: dict[Any, tuple[State, Sail]] = {}
        crowded = sum(1 for s in state.ships if s.afloat) > 2
        for a in legal:
            if isinstance(a, Order):
                gain = {"weigh": 0.5, "separate": 0.5, "drift": 0.1}.get(a.what, -1.0)
            elif isinstance(a, Turn):
                i = a.ship
                s = state.ships[i]
                if i not in stay:
                    stay[i] = self.spots(state, i, [(s.x, s.y, s.heading)])[0]
                after = rules.apply(state, a)
                runs = _runs(after, i)
                if not runs:
                    continue
                if crowded and len(runs) > 2:  # several ships to order: every other cm
                    runs = runs[::2] + runs[-1:] if len(runs) % 2 == 0 else runs[::2]
                gain, cm = self._best_run(state, i, a.heading, runs)
                gain -= stay[i]
                plans[a] = (after, rules.sail(i, cm))
            else:
                continue
            key = (gain, rng.random(), a)
            if key[:2] > best[:2] or best[2] is None:
                best = key
        if best[2] in plans:  # remember how far she means to sail on that heading
            after, run = plans[best[2]]
            if len(_PLANS) > 64:
                _PLANS.clear()
            _PLANS[(self.name, after)] = run
        return best[2]

    def _best_run(
        self, state: State, i: int, heading: int, runs: list[tuple[int, float, float]]
    ) -> tuple[float, int]:
        """The best (score, cm) among ``runs`` (cm, x, y) on ``heading``: the shorter of equals."""
        scores = self.spots(state, i, [(x, y, heading) for _, x, y in runs])
        score, shorter = max(zip(scores, (-cm for cm, _, _ in runs), strict=True))
        return score, -shorter

    def spots(self, state: State, i: int, spots: list[tuple[float, float, int]]) -> list[float]:
        return [self.spot(state, i, x, y, h) for x, y, h in spots]

    def _combat(self, state: State, legal: Sequence[Any]) -> Any:
        ties = state.config.boarding_ties
        best: tuple[float, Any] = (0.0, End())
        for a in legal:
            if isinstance(a, Fire):
                s, t = state.ships[a.ship], state.ships[a.target]
                v, _, aim = search.broadside(s.decks, s.x, s.y, s.heading, t, t.x, t.y, t.heading)
                if (aim == 0) != (a.aim == "hull"):
                    v -= 0.01
                value = 1.0 + v
            elif isinstance(a, Board):
                s, t = state.ships[a.ship], state.ships[a.target]
                b = search.board_value(s, t, ties)
                if search.board_odds(sum(s.decks), sum(t.decks), ties)[0] < self.board_min:
                    b = -1.0
                fire = sum(
                    search.broadside(s.decks, s.x, s.y, s.heading, o, o.x, o.y, o.heading)[0]
                    for o in state.ships
                    if o.afloat and o.side != s.side
                )
                value = 1.0 + b if b > fire else -1.0
            elif isinstance(a, Repair):
                value = 0.5
            else:
                continue
            if value > best[0]:
                best = (value, a)
        return best[1]


class AdmiralBot(CaptainBot):
    """The hard level's advisor: scores each spot three moves deep. From there, what can we
    fire now; then where will the enemy sail (as a greedy captain would: his best shot, or
    straight at us) and what will he fire back; then, with the gun decks each side has left,
    what can we fire back at him there. A spot is worth our shot, less his answer (half his
    very best, half the one we expect), plus half our next shot. Not ahead with few rounds
    left, she minds his answer less and less, so she does come to fight."""

    name = "admiral"
    board_min = search.BOARD_MIN  # boards only when nine times in ten sure to take her
    deck_bonus = search.DECK_BONUS
    caution = 1.0  # how much his answer counts against our shot
    closing = 0.02  # pull towards the enemy, per cm
    pessimism = 0.5  # weight of his very best answer, against the greedy one we expect
    follow = 0.5  # weight of our next shot

    def spots(self, state: State, i: int, spots: list[tuple[float, float, int]]) -> list[float]:
        me = state.ships[i]
        side = me.side
        lead = state.damage[side] - state.damage[1 - side]
        left = state.config.max_rounds - state.round
        caution = self.caution if lead > 0 else self.caution * min(1.0, 0.25 + left / 8)
        bonus = self.deck_bonus
        live = [(k, o) for k, o in enumerate(state.ships) if o.afloat]
        step = 1 if len(live) <= 2 else 2  # fleets: a coarser look at each enemy's reach
        enemies = [(j, e, search.reach(state, j, step)) for j, e in live if e.side != side]
        ours = [o for k, o in live if o.side == side and k != i]
        fixed = [(o, o.x, o.y, o.heading) for o in ours]
        in_way = [(o.x, o.y) for o in ours]
        out = []
        for x, y, h in spots:
            value, hurt = search.attack(state, i, x, y, h, bonus, self.board_min)
            danger = 0.0
            mine = me
            them: list[tuple[Ship, float, float, int]] = []
            for j, e, where in enemies:
                if j == hurt:
                    e = evolve(
                        e, decks=search.decks_after(me.decks, x, y, h, e, e.x, e.y, e.heading)
                    )
                worst, expected, (qh, qx, qy) = search.reply(
                    state, e, e.decks, where, [*fixed, (mine, x, y, h)], bonus
                )
                danger += self.pessimism * worst + (1 - self.pessimism) * expected
                if expected:
                    mine = evolve(
                        mine, decks=search.decks_after(e.decks, qx, qy, qh, mine, x, y, h)
                    )
                them.append((e, qx, qy, qh))
            again = 0.0
            if them:
                back = search.reach_from(
                    state, mine, x, y, h, in_way + [(t[1], t[2]) for t in them], 2
                )
                again = search.reply(state, mine, mine.decks, back, them, bonus)[0]
            d = _nearest(state, side, x, y)
            out.append(value - caution * danger + self.follow * again - self.closing * d)
        return out
