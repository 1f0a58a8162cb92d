"""Where a ship may go: precomputed rays and one walker that applies every movement rule.

:func:`walk` states the movement rules once, readably, and can report the rule that stopped
a path (the teacher's "why not?"). Play needs speed, so :data:`PLANS` *compiles* every path
ahead of time: whatever the walker decides from the squares alone (ports, harbours, nets,
neutral ports, the one-square rule, the Cuirassé's right angle) is settled at import, and
only the occupancy of each square is left to look at during play. The compiled paths hold
ready-made :class:`Move` objects, so generating moves allocates nothing but the list.
``tests/games/branle_bas/test_movement.py`` checks on random boards that both give the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..actions import Move
from ..data import (
    AMIRAL,
    BOARD,
    CUIRASSE,
    DIAGONAL_PORT_KINDS,
    DRAGUEUR,
    FORWARD,
    HARBOUR_OF,
    INDEX,
    IS_BOUNDARY,
    IS_NEUTRAL,
    MINE,
    NET_OF,
    ORTHO_FLR,
    OWNER_SHIFT,
    PORT_OF,
    STRAIGHT,
    WRECK,
    N,
)

Ray = tuple[bool, tuple[int, ...]]  # (diagonal?, squares in order)
LPath = tuple[int, tuple[int, ...]]  # (length of first leg, squares in order)


def _ray(start: int, dx: int, dy: int, reach: int) -> tuple[int, ...]:
    s = BOARD[start]
    out = []
    for k in range(1, reach + 1):
        i = INDEX.get((s.x + dx * k, s.y + dy * k))
        if i is None:
            break
        out.append(i)
    return tuple(out)


def _build_rays() -> dict[tuple[int, int], tuple[tuple[Ray, ...], ...]]:
    table = {}
    for owner in (0, 1):
        f = FORWARD[owner]
        for kind, (dirs, reach) in STRAIGHT.items():
            per_square = []
            for sq in range(len(BOARD)):
                rays = []
                for dx, dy in dirs:
                    cells = _ray(sq, dx, dy * f, reach)
                    if cells:
                        rays.append((dx != 0 and dy != 0, cells))
                per_square.append(tuple(rays))
            table[(owner, kind)] = tuple(per_square)
    return table


def _build_lpaths() -> tuple[tuple[tuple[LPath, ...], ...], ...]:
    """The Cuirassé's right-angled moves: a leg, one 90° turn, a leg; 3 squares at most."""
    table = []
    for owner in (0, 1):
        f = FORWARD[owner]
        dirs = [(dx, dy * f) for dx, dy in ORTHO_FLR]
        per_square = []
        for sq in range(len(BOARD)):
            paths = []
            for a in dirs:
                for b in dirs:
                    if a[0] * b[0] + a[1] * b[1] != 0:  # not a right angle
                        continue
                    for n1 in (1, 2):
                        leg1 = _ray(sq, a[0], a[1], n1)
                        if len(leg1) < n1:
                            continue
                        leg2 = _ray(leg1[-1], b[0], b[1], 3 - n1)
                        if leg2:
                            paths.append((n1, leg1 + leg2))
            per_square.append(tuple(paths))
        table.append(tuple(per_square))
    return tuple(table)


RAYS = _build_rays()
LPATHS = _build_lpaths()


def walk(
    board: tuple[int, ...],
    me: int,
    kind: int,
    start: int,
    cells: tuple[int, ...],
    diagonal: bool,
    leg1: int,
    out: list[int],
    why: list[tuple[str, int]] | None = None,
) -> None:
    """Append to ``out`` every square where a ship may stop along ``cells``.

    ``leg1`` > 0 marks a Cuirassé right-angled path: stops only count on its second leg.
    When ``why`` is given, the rule that ended the path is appended to it.
    """
    start_in = HARBOUR_OF[start] >= 0
    n = len(cells)
    if start_in and not (IS_BOUNDARY[start] and HARBOUR_OF[cells[0]] < 0):
        n = 1  # BB-AVANT-SLOW: one square per turn inside an outer harbour
        if leg1:
            if why is not None:
                why.append(("BB-AVANT-SLOW", start))
            return
    prev_in = start_in
    for i in range(n):
        c = cells[i]
        occ = board[c]
        port = PORT_OF[c]
        if port >= 0:
            if port == me:
                if why is not None:
                    why.append(("BB-PORT-CLOSED", c))
                return
            if diagonal and kind not in DIAGONAL_PORT_KINDS:
                if why is not None:
                    why.append(("BB-PORT-ENTRY", c))
                return
            if i >= leg1:
                out.append(c)
            return
        if IS_NEUTRAL[c]:
            if kind == AMIRAL:
                if why is not None:
                    why.append(("BB-NEUTRAL-ADMIRAL", c))
                return
            if occ:
                if why is not None:
                    why.append(("BB-NEUTRAL", c))
                return
            if i >= leg1:
                out.append(c)
            prev_in = False
            continue
        here = HARBOUR_OF[c]
        entering = here >= 0 and not prev_in
        if entering and kind == CUIRASSE and (leg1 == 0 or i < leg1):
            if why is not None:
                why.append(("BB-CUIR-EQUERRE", c))
            return
        if occ:
            k = occ & 15
            if k == WRECK:
                if why is not None:
                    why.append(("BB-WRECK", c))
                return
            if k == MINE:  # a Mine, even one's own, is no ship: BB-MINE decides
                if kind == DRAGUEUR and occ >> 4 != me and i >= leg1:
                    out.append(c)
                elif why is not None:
                    why.append(("BB-MINE", c))
                return
            if occ >> 4 == me:
                if why is not None:
                    why.append(("BB-NOJUMP", c))
                return
            if i >= leg1:
                out.append(c)  # BB-SINK: capture by replacement ends the move
            if why is not None:
                why.append(("BB-NOJUMP", c))
            return
        if i >= leg1:
            out.append(c)
        if entering:
            if why is not None:
                why.append(("BB-AVANT-ENTRY", c))
            return
        net = NET_OF[c]
        if net >= 0 and net != me:
            if why is not None:
                why.append(("BB-NET", c))
            return
        prev_in = here >= 0
    if why is not None and n == 1 and len(cells) > 1:
        why.append(("BB-AVANT-SLOW", start))


def walk_destinations(board: tuple[int, ...], sq: int) -> list[int]:
    """Every square the piece on ``sq`` may move to, by walking each path: the reference
    that :func:`destinations` (compiled, fast) must agree with."""
    piece = board[sq]
    me, kind = piece >> 4, piece & 15
    if kind in (MINE, WRECK) or not piece:
        return []
    out: list[int] = []
    for diagonal, cells in RAYS[(me, kind)][sq]:
        walk(board, me, kind, sq, cells, diagonal, 0, out)
    if kind == CUIRASSE:
        for leg1, cells in LPATHS[me][sq]:
            walk(board, me, kind, sq, cells, False, leg1, out)
        return list(dict.fromkeys(out))
    return out


# --- compiled paths --------------------------------------------------------------------------
# What to do on each square of a compiled path, given only what the square holds:
NORMAL = 0  # empty: may stop here, go on; occupied: capture if allowed (STOPS), stop
LAST = 1  # like NORMAL but the path ends here (entering an outer harbour, an enemy net)
NEUTRAL = 2  # a neutral port: empty: may stop, go on; occupied: untouchable, stop
PASS = 3  # the first leg of a Cuirassé's right angle: empty: go on; occupied: stop
PORT = 4  # the enemy port: may stop here (whatever the square holds), the path ends

# The forms a compiled path takes, so the common cases get the tightest loops:
RAY = 0  # ((square, move), ...): a straight path of NORMAL steps
SINGLES = 1  # ((square, move), ...): consecutive one-square straight paths, each NORMAL
GENERAL = 2  # ((square, move, mode), ...): any other straight path
ELBOWS = 3  # the Cuirassé's right angles: ((first-leg squares, second-leg steps), ...)

Plan = tuple[int, tuple[Any, ...]]

#: MOVE[frm][to]: the one Move object for every move any path allows (interned)
MOVE: tuple[dict[int, Move], ...] = tuple({} for _ in range(N))


def _compile(
    me: int, kind: int, start: int, cells: tuple[int, ...], diagonal: bool, leg1: int
) -> list[tuple[int, int]]:
    """The (square, mode) steps of one path: :func:`walk` with the board left out.

    Mirrors :func:`walk` line by line; wherever the walker would stop whatever the board
    holds, the compiled path simply ends.
    """
    start_in = HARBOUR_OF[start] >= 0
    n = len(cells)
    if start_in and not (IS_BOUNDARY[start] and HARBOUR_OF[cells[0]] < 0):
        n = 1  # BB-AVANT-SLOW
        if leg1:
            return []
    prev_in = start_in
    steps: list[tuple[int, int]] = []
    for i in range(n):
        c = cells[i]
        may_stop = i >= leg1
        port = PORT_OF[c]
        if port >= 0:
            if port != me and not (diagonal and kind not in DIAGONAL_PORT_KINDS) and may_stop:
                steps.append((c, PORT))
            break
        if IS_NEUTRAL[c]:
            if kind == AMIRAL:
                break
            steps.append((c, NEUTRAL if may_stop else PASS))
            prev_in = False
            continue
        here = HARBOUR_OF[c]
        entering = here >= 0 and not prev_in
        if entering and kind == CUIRASSE and (leg1 == 0 or i < leg1):
            break  # BB-CUIR-EQUERRE
        net = NET_OF[c]
        last = entering or (net >= 0 and net != me)
        if not may_stop:
            if last:
                break  # nothing to stop on, and the path ends here
            steps.append((c, PASS))
        else:
            steps.append((c, LAST if last else NORMAL))
        if last:
            break
        prev_in = here >= 0
    return steps


def _plans(me: int, kind: int, start: int) -> tuple[Plan, ...]:
    """The compiled paths of one ship from one square, in the walker's order."""
    moves = MOVE[start]
    plans: list[Plan] = []
    for diagonal, cells in RAYS[(me, kind)][start]:
        steps = _compile(me, kind, start, cells, diagonal, 0)
        for c, _ in steps:
            moves.setdefault(c, Move(start, c))
        if not steps:
            continue
        if any(mode != NORMAL for _, mode in steps):
            plans.append((GENERAL, tuple((c, moves[c], mode) for c, mode in steps)))
        elif len(steps) > 1:
            plans.append((RAY, tuple((c, moves[c]) for c, _ in steps)))
        elif plans and plans[-1][0] == SINGLES:  # join it to the one-square paths before it
            plans[-1] = (SINGLES, (*plans[-1][1], (steps[0][0], moves[steps[0][0]])))
        else:
            plans.append((SINGLES, ((steps[0][0], moves[steps[0][0]]),)))
    if kind == CUIRASSE:
        # A right angle stops only on its second leg, whose squares are never on a straight
        # path (they are off both axes); two right angles may share one (forward then right,
        # right then forward): add_moves keeps the first.
        elbows = []
        for leg1, cells in LPATHS[me][start]:
            steps = _compile(me, kind, start, cells, False, leg1)
            if len(steps) > leg1:
                first = tuple(c for c, _ in steps[:leg1])
                second = steps[leg1:]
                for c, _ in second:
                    moves.setdefault(c, Move(start, c))
                elbows.append((first, tuple((c, moves[c], mode) for c, mode in second)))
        if elbows:
            plans.append((ELBOWS, tuple(elbows)))
    return tuple(plans)


def _build_plans() -> list[tuple[tuple[Plan, ...], ...] | None]:
    """PLANS[piece code][square]: the compiled paths of that ship from that square."""
    table: list[tuple[tuple[Plan, ...], ...] | None] = [None] * (2 * OWNER_SHIFT)
    for me, kind in RAYS:
        table[kind + OWNER_SHIFT * me] = tuple(_plans(me, kind, sq) for sq in range(N))
    return table


def _build_stops() -> list[tuple[bool, ...]]:
    """STOPS[piece][occupant]: may ``piece`` end its move on a square holding ``occupant``?

    As in :func:`walk`: on an empty square (0), yes; never on a wreck or one's own piece;
    on the enemy Mine only the Dragueur (BB-DRAGUEUR); any other enemy ship is sunk (BB-SINK).
    """
    table = []
    for piece in range(2 * OWNER_SHIFT):
        me, kind = piece >> 4, piece & 15
        row = [True]
        for occ in range(1, 2 * OWNER_SHIFT):
            k = occ & 15
            row.append(k != WRECK and occ >> 4 != me and (k != MINE or kind == DRAGUEUR))
        table.append(tuple(row))
    return table


PLANS = _build_plans()
STOPS = _build_stops()


def add_moves(board: tuple[int, ...], squares: Iterable[int], out: list[Move]) -> None:
    """Append to ``out`` every move of the pieces on ``squares``, square by square, each
    piece's moves in the order :func:`walk_destinations` finds them.

    The hot loop of move generation: one call for a whole fleet, names bound locally.
    """
    append = out.append
    for sq in squares:
        piece = board[sq]
        plans = PLANS[piece]
        if plans is None:  # empty square, Mine or wreck
            continue
        stops = STOPS[piece]
        for form, steps in plans[sq]:
            if form == RAY:
                for c, mv in steps:
                    occ = board[c]
                    if occ:
                        if stops[occ]:
                            append(mv)
                        break
                    append(mv)
            elif form == SINGLES:
                for c, mv in steps:
                    if stops[board[c]]:
                        append(mv)
            elif form == GENERAL:  # (no PASS here: only right angles have a first leg)
                for c, mv, mode in steps:
                    occ = board[c]
                    if mode == PORT:
                        append(mv)
                        break
                    elif occ:
                        if mode != NEUTRAL and stops[occ]:
                            append(mv)
                        break
                    else:
                        append(mv)
                        if mode == LAST:
                            break
            else:  # ELBOWS
                seen: set[int] = set()
                for first, second in steps:
                    for c in first:
                        if board[c]:
                            break  # the first leg is blocked
                    else:
                        for c, mv, mode in second:
                            occ = board[c]
                            if occ and mode != PORT:
                                if mode != NEUTRAL and stops[occ] and c not in seen:
                                    seen.add(c)
                                    append(mv)
                                break
                            if c not in seen:
                                seen.add(c)
                                append(mv)
                            if mode in (LAST, PORT):
                                break


def can_move(board: tuple[int, ...], sq: int) -> bool:
    """True when the piece on ``sq`` has at least one move; stops at the first it finds.

    Same answer as ``bool(destinations(board, sq))``, for checks made every ply.
    """
    piece = board[sq]
    plans = PLANS[piece] if 0 <= piece < len(PLANS) else None
    if plans is None:
        return False
    stops = STOPS[piece]
    for form, steps in plans[sq]:
        if not steps:
            continue
        if form == RAY:  # a ray yields something iff its first square does
            if stops[board[steps[0][0]]]:
                return True
        elif form == SINGLES:
            if any(stops[board[c]] for c, _ in steps):
                return True
        elif form == GENERAL:
            c, _, mode = steps[0]
            occ = board[c]
            if mode == PORT or not occ or (mode != NEUTRAL and stops[occ]):
                return True
        else:  # right angles: rare enough to ask the full generator
            found: list[Move] = []
            add_moves(board, (sq,), found)
            return bool(found)
    return False


def destinations(board: tuple[int, ...], sq: int) -> list[int]:
    """Every square the piece on ``sq`` may move to (no duplicates)."""
    piece = board[sq]
    if not 0 <= piece < len(PLANS):
        return []
    moves: list[Move] = []
    add_moves(board, (sq,), moves)
    return [m.to for m in moves]
