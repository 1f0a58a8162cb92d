"""What the computer captains and the hard bot's search reckon with: gunnery sums and
sailing reach.

Pure helpers, no chance and no hidden state (the whole table is public): what a broadside
fired from a given spot is worth on average (hits by range band, rakes, a pair of sixes
setting the target alight), what a boarding is worth, the spots a ship can reach this turn
(one turn of the helm, then a straight run), the enemy's likely answer from his spots
(:func:`reply`), how a side stands (:func:`worth`, the search's evaluation) and which moves
the search bothers to try (:func:`search_actions`). The rules are only read, never changed.
"""

from __future__ import annotations

import math
from functools import cache

from .actions import Action, Board, Fire, Order, Repair
from .data import RANGE_BANDS, STERN_RAKE_DEG, TABLE_H, TABLE_W, VECTORS
from .mechanics.combat import boarding_chances
from .state import Ship, State

#: a gun deck shot away is worth its point and this much more: it fires no more
DECK_BONUS = 0.3
#: the least chance of taking her for which the admiral (and the search) tries a boarding:
#: a failed one loses the ship, and with her the battle
BOARD_MIN = 0.9
#: a ship just set alight blows up unless put out (5-6, then 6): 1 - 1/3 - 2/3 * 1/6
EXPLODE = 5 / 9
_RAD = 180.0 / math.pi
_ATAN2 = math.atan2
#: the hit numbers (hull, sails) by range band: within 4, 8, 12 cm
_NEED = tuple((hull, sails) for _, hull, sails in RANGE_BANDS)


def need_at(r2: float, aim: int) -> int:
    """The die score a hit needs at squared range ``r2`` (aim 0 hull, 1 sails; 7: out of range)."""
    if r2 <= 16.0:
        return _NEED[0][aim]
    if r2 <= 64.0:
        return _NEED[1][aim]
    if r2 <= 144.0:
        return _NEED[2][aim]
    return 7


@cache
def _pairs_of_sixes(n: int) -> float:
    """The chance that ``n`` dice show two sixes or more (the target catches fire)."""
    none = (5 / 6) ** n
    one = n * (1 / 6) * (5 / 6) ** (n - 1) if n else 0.0
    return 1.0 - none - one


@cache
def volley_value(
    n: int, need: int, aim: int, near: int, far: int, hull: int, masts: int, rake: bool
) -> tuple[float, float]:
    """(expected points, expected gun decks shot away) of ``n`` dice hitting on ``need``,
    aimed at the hull (``aim`` 0) or the sails (1) of a target with ``near`` decks on the
    side facing the guns, ``far`` on the other, ``hull`` units and ``masts`` standing; a
    stern ``rake`` hits both sides at once. Follows the volley rule exactly."""
    p = (7 - need) / 6 if need <= 6 else 0.0
    points = decks = 0.0
    for k in range(n + 1):
        pk = math.comb(n, k) * p**k * (1 - p) ** (n - k)
        if pk == 0.0:
            continue
        a, b, h, m, pts, dk = near, far, hull, masts, 0, 0
        for _ in range(k):
            if aim == 1:
                if m:
                    m -= 1
                    pts += 1
                continue
            hit = False
            if a:
                a, pts, dk, hit = a - 1, pts + 1, dk + 1, True
            if rake and b:
                b, pts, dk, hit = b - 1, pts + 1, dk + 1, True
            if not hit and h:
                h, pts = h - 1, pts + 1
        points += pk * pts
        decks += pk * dk
    return points, decks


def side_of(b: float) -> int:
    """The broadside covering relative bearing ``b``: 1 starboard, 0 port, -1 bow or stern."""
    if 45.0 <= b <= 135.0:
        return 1
    if 225.0 <= b <= 315.0:
        return 0
    return -1


def broadside(
    decks: tuple[int, int],
    x: float,
    y: float,
    heading: int,
    t: Ship,
    tx: float,
    ty: float,
    th: int,
    deck_bonus: float = DECK_BONUS,
) -> tuple[float, int, int]:
    """What the broadside of a ship with ``decks`` at (x, y) on ``heading`` that bears on
    ship ``t`` (at (tx, ty) on ``th``) is worth: (value, side firing, aim), value 0 and side
    -1 when none bears. The value is points on average, plus :data:`DECK_BONUS` per gun deck
    shot away, plus the chance she blows up from a pair of sixes times her boxes."""
    dx, dy = tx - x, ty - y
    r2 = dx * dx + dy * dy
    if r2 > 144.0:
        return 0.0, -1, 0
    side = side_of((_ATAN2(dx, dy) * _RAD - 45.0 * heading) % 360.0)
    if side < 0:
        return 0.0, -1, 0
    n = decks[side]
    if n <= 0:
        return 0.0, -1, 0
    rel = (_ATAN2(-dx, -dy) * _RAD - 45.0 * th) % 360.0
    rake = abs(rel - 180.0) <= STERN_RAKE_DEG
    hit_side = 1 if rel < 180.0 else 0
    near, far = t.decks[hit_side], t.decks[1 - hit_side]
    masts = t.masts[0] + t.masts[1] + t.masts[2]
    best, aim = -1.0, 0
    for a in (0, 1):
        pts, dk = volley_value(n, need_at(r2, a), a, near, far, t.hull, masts, rake)
        v = pts + deck_bonus * dk
        if v > best:
            best, aim = v, a
    if t.fire == 0:
        best += _pairs_of_sixes(n) * EXPLODE * t.boxes
    return best, side, aim


@cache
def board_odds(mine: int, theirs: int, ties: str) -> tuple[float, float]:
    """(we capture her, she captures us) when a ship with ``mine`` gun decks boards one with
    ``theirs``."""
    win, lose = boarding_chances(mine, theirs, ties)
    return float(win), float(lose)


def board_value(s: Ship, t: Ship, ties: str) -> float:
    """Points on average from ``s`` boarding ``t``: all her boxes if we take her, all ours
    if her crew takes us."""
    win, lose = board_odds(s.decks[0] + s.decks[1], t.decks[0] + t.decks[1], ties)
    return win * t.boxes - lose * s.boxes


def can_board(s: Ship, t: Ship) -> bool:
    return s.entangled < 0 and t.entangled < 0 and (s.decks[0] + s.decks[1]) > 0


def free_to_sail(s: Ship) -> bool:
    return s.afloat and s.units > 0 and not (s.anchored or s.aground or s.entangled >= 0)


def reach(state: State, i: int, step: int = 1) -> list[tuple[int, float, float]]:
    """The spots (heading, x, y) ship ``i`` can end her next move at, roughly: each heading
    she may take (never into the wind, 2 cm a point turned), every ``step`` cm of the
    straight run, on the table and clear of other ships. A ship that cannot sail stays."""
    s = state.ships[i]
    others = [(o.x, o.y) for j, o in enumerate(state.ships) if j != i and o.afloat]
    return reach_from(state, s, s.x, s.y, s.heading, others, step)


def reach_from(
    state: State,
    s: Ship,
    x0: float,
    y0: float,
    here: int,
    others: list[tuple[float, float]],
    step: int = 1,
    speed: int = 0,
) -> list[tuple[int, float, float]]:
    """:func:`reach` for ship ``s`` as if she were at (x0, y0) on ``here``, with ships at
    ``others`` in the way (and the wind at ``speed`` if given)."""
    if not free_to_sail(s):
        return [(here, x0, y0)]
    out: list[tuple[int, float, float]] = []
    wind = state.wind_from
    speed = speed or state.wind_speed
    units = s.units
    for h in range(8):
        turn = min((h - here) % 8, (here - h) % 8)
        off = min((h - wind) % 8, (wind - h) % 8)
        if off == 0:
            if h != here:
                continue
            left = 0
        else:
            left = max(1, units * (speed + (-1 if off == 1 else 1 if off < 4 else 0))) - 2 * turn
            if left < 0:
                continue
        vx, vy = VECTORS[h]
        for cm in range(0, left + 1, step):
            x, y = x0 + vx * cm, y0 + vy * cm
            if cm and not (-0.001 <= x <= TABLE_W + 0.001 and -0.001 <= y <= TABLE_H + 0.001):
                break
            if cm:
                for ox, oy in others:
                    if (ox - x) ** 2 + (oy - y) ** 2 < 4.0:
                        break
                else:
                    out.append((h, x, y))
                continue
            out.append((h, x, y))
    return out


def attack(
    state: State,
    i: int,
    x: float,
    y: float,
    h: int,
    deck_bonus: float = DECK_BONUS,
    board_min: float = 0.0,
) -> tuple[float, int]:
    """What ship ``i`` can do from (x, y) on ``h`` this turn: both broadsides at their best
    targets, or a boarding if that is worth more; (value, the enemy it hurts most or -1)."""
    s = state.ships[i]
    best = [0.0, 0.0]
    whom = [-1, -1]
    board, board_at = 0.0, -1
    contact2 = state.config.contact_cm**2
    for j, t in enumerate(state.ships):
        if t.side == s.side or not t.afloat:
            continue
        v, side, _ = broadside(s.decks, x, y, h, t, t.x, t.y, t.heading, deck_bonus)
        if side >= 0 and v > best[side]:
            best[side], whom[side] = v, j
        if (t.x - x) ** 2 + (t.y - y) ** 2 <= contact2 and can_board(s, t):
            ties = state.config.boarding_ties
            b = board_value(s, t, ties)
            if b > board and board_odds(sum(s.decks), sum(t.decks), ties)[0] >= board_min:
                board, board_at = b, j
    fire = best[0] + best[1]
    if board > fire:
        return board, board_at
    return fire, whom[0] if best[0] >= best[1] else whom[1]


def decks_after(
    decks: tuple[int, int], x: float, y: float, h: int, t: Ship, tx: float, ty: float, th: int
) -> tuple[int, int]:
    """Ship ``t``'s gun decks (at (tx, ty) on ``th``) after the hull broadside that bears on
    her from a ship with ``decks`` at (x, y) on ``h``, rounded to the nearest on average."""
    dx, dy = tx - x, ty - y
    r2 = dx * dx + dy * dy
    if r2 > 144.0:
        return t.decks
    side = side_of((_ATAN2(dx, dy) * _RAD - 45.0 * h) % 360.0)
    if side < 0 or not decks[side]:
        return t.decks
    rel = (_ATAN2(-dx, -dy) * _RAD - 45.0 * th) % 360.0
    lost = decks[side] * (7 - need_at(r2, 0)) / 6
    a, b = t.decks
    if abs(rel - 180.0) <= STERN_RAKE_DEG:
        return max(0, round(a - lost)), max(0, round(b - lost))
    if rel < 180.0:
        return a, max(0, round(b - lost))
    return max(0, round(a - lost)), b


def reply(
    state: State,
    e: Ship,
    decks: tuple[int, int],
    spots: list[tuple[int, float, float]],
    targets: list[tuple[Ship, float, float, int]],
    deck_bonus: float = DECK_BONUS,
    closing: float = 0.05,
) -> tuple[float, float, tuple[int, float, float]]:
    """Enemy ``e``'s answer from her ``spots`` to our ``targets`` (ship, x, y, heading):
    (the most she can do, what she does from the spot a greedy captain picks, that spot).
    The greedy captain takes the best shot, or closes on us when nothing bears."""
    worst = 0.0
    if not spots:
        return 0.0, 0.0, (e.heading, e.x, e.y)
    pick, pick_value, pick_score = spots[0], 0.0, -math.inf
    ties = state.config.boarding_ties
    contact2 = state.config.contact_cm**2
    mine = decks[0] + decks[1]
    boarding = e.entangled < 0 and mine > 0
    # what boarding each target would be worth (she must touch her to try)
    prizes = []
    for t, _, _, _ in targets:
        if boarding and t.entangled < 0:
            win, lose = board_odds(mine, t.decks[0] + t.decks[1], ties)
            prizes.append(win * t.boxes - lose * e.boxes)
        else:
            prizes.append(0.0)
    sqrt = math.sqrt
    for spot in spots:
        h, x, y = spot
        port = star = board = 0.0
        near2 = math.inf
        for k, (t, tx, ty, th) in enumerate(targets):
            dx, dy = tx - x, ty - y
            d2 = dx * dx + dy * dy
            if d2 < near2:
                near2 = d2
            if d2 > 144.0:
                continue
            v, side, _ = broadside(decks, x, y, h, t, tx, ty, th, deck_bonus)
            if side == 1:
                if v > star:
                    star = v
            elif side == 0 and v > port:
                port = v
            if d2 <= contact2 and prizes[k] > board:
                board = prizes[k]
        value = port + star
        if board > value:
            value = board
        if value > worst:
            worst = value
        score = value - closing * (sqrt(near2) - 4.0) if near2 > 16.0 else value
        if score > pick_score:
            pick, pick_value, pick_score = spot, value, score
    return worst, pick_value, pick


def worth(state: State, seat: int) -> float:
    """How ``seat`` stands, in damage points: the damage lead, the gun-deck balance (decks
    win boardings and keep firing), ships alight (likely to blow up), and what the admiral
    to move can still fire this turn, or could fire from the best spot he can reach."""
    value = float(state.damage[seat] - state.damage[1 - seat])
    for s in state.ships:
        if not s.afloat:
            continue
        v = 0.5 * (s.decks[0] + s.decks[1])
        if s.fire:
            v += EXPLODE * s.boxes if s.fire == 1 else (5 / 6) * s.boxes
        value += v if s.side == seat else -v
    mover = state.to_move
    best = 0.0
    for i, s in enumerate(state.ships):
        if s.side != mover or not s.afloat or s.engaged:
            continue
        if state.phase == "move" and not s.ordered and state.helm is None:
            spots = reach(state, i, 3)
        elif state.phase == "move" and state.helm is not None and state.helm.ship == i:
            vx, vy = VECTORS[s.heading]
            spots = [(s.heading, s.x + vx * k, s.y + vy * k) for k in range(state.helm.left + 1)]
            spots = [p for p in spots if 0 <= p[1] <= TABLE_W and 0 <= p[2] <= TABLE_H]
        else:
            spots = [(s.heading, s.x, s.y)]
        free = (not s.fired[0], not s.fired[1])
        decks = (s.decks[0] if free[0] else 0, s.decks[1] if free[1] else 0)
        here = 0.0
        for h, x, y in spots:
            shot = 0.0
            for t in state.ships:
                if t.afloat and t.side != mover:
                    shot = max(shot, broadside(decks, x, y, h, t, t.x, t.y, t.heading)[0])
            here = max(here, shot)
        best += here
    return value + (best if mover == seat else -best)


def search_actions(state: State, legal: list[Action]) -> list[Action]:
    """The moves worth searching: never dropping anchor in open battle, each broadside aimed
    where it does most (hull or sails), no boarding less than :data:`BOARD_MIN` sure to
    take her, and no repairs while a broadside bears."""
    out: list[Action] = []
    ties = state.config.boarding_ties
    firing: set[int] = set()
    for a in legal:
        if isinstance(a, Fire):
            s, t = state.ships[a.ship], state.ships[a.target]
            _, _, aim = broadside(s.decks, s.x, s.y, s.heading, t, t.x, t.y, t.heading)
            if (aim == 0) == (a.aim == "hull"):
                out.append(a)
                firing.add(a.ship)
        elif isinstance(a, Board):
            s, t = state.ships[a.ship], state.ships[a.target]
            if board_odds(sum(s.decks), sum(t.decks), ties)[0] >= BOARD_MIN:
                out.append(a)
        elif isinstance(a, Order) and a.what == "anchor":
            continue
        elif not isinstance(a, Repair):
            out.append(a)
    out.extend(a for a in legal if isinstance(a, Repair) and a.ship not in firing)
    return out or legal
