"""Where a ship may go: precomputed rays and one walker that applies every movement rule.

The walker serves both the fast move generator (bots, playouts) and the teacher's
"why not?" (it can report the rule that stopped a path).
"""

from __future__ import annotations

from .board import BOARD, FORWARD, HARBOUR_OF, INDEX, IS_BOUNDARY, IS_NEUTRAL, NET_OF, PORT_OF
from .pieces import (
    AMIRAL,
    CUIRASSE,
    DIAGONAL_PORT_KINDS,
    DRAGUEUR,
    MINE,
    ORTHO_FLR,
    STRAIGHT,
    WRECK,
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
            if occ >> 4 == me:
                if why is not None:
                    why.append(("BB-NOJUMP", c))
                return
            if k == MINE:
                if kind == DRAGUEUR and i >= leg1:
                    out.append(c)
                elif why is not None:
                    why.append(("BB-MINE", c))
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


def destinations(board: tuple[int, ...], sq: int) -> list[int]:
    """Every square the piece on ``sq`` may move to (no duplicates)."""
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
