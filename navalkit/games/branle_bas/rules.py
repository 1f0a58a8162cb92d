"""Branle-Bas rules as pure functions: legal actions, refusals that teach, moves, the end,
and the words that say where a game stands.

No chance is drawn here: the first player "by lot" is a chance node the Match resolves.
"""

from __future__ import annotations

import re
from bisect import bisect
from dataclasses import replace
from itertools import compress
from operator import itemgetter, not_
from typing import Any

from navalkit.core.errors import Violation
from navalkit.core.words import capital, owned, plural
from navalkit.core.words import points as point_words

from .actions import ACTION_TYPES, Action, Move, Pass, Place, Touch, describe
from .clauses import CLAUSES
from .config import Config
from .data import (
    AMIRAL,
    BACKWARD_KINDS,
    BOARD,
    CUIRASSE,
    DRAGUEUR,
    EMPTY,
    FORWARD,
    HARBOUR_OF,
    INDEX,
    IS_NEUTRAL,
    KINDS,
    MINE,
    MINE_SQUARE,
    NET_OF,
    PORT_OF,
    SETUP_PIECES,
    SETUP_ZONE,
    SHIPS,
    SIDE,
    SIDE_NAMES,
    STANDARD_DEPLOYMENT,
    WRECK,
    N,
    code,
    kind_info,
    square_index,
)
from .mechanics.movement import LPATHS, RAYS, add_moves, can_move, destinations, walk
from .mechanics.scoring import Tally, score_items, totals
from .state import OVER, PLAY, SETUP, SHIP_CODES, TOSS, Fleets, Result, State, fleets

PASS = Pass()
#: TOUCH[sq]: the one Touch object per square (actions are values; sharing them is free)
TOUCH = tuple(Touch(sq) for sq in range(N))
#: PLACES[side][kind]: the one Place object of ``kind`` for each square of ``side``'s set-up
#: zone, in SETUP_ZONE order (a free set-up lists some 400 placements a turn: making them
#: anew each time was most of the cost of a random game)
PLACES: tuple[dict[int, tuple[Place, ...]], ...] = tuple(
    {
        kind: tuple(Place(kind, sq) for sq in SETUP_ZONE[side])
        for kind in dict.fromkeys(SETUP_PIECES)
    }
    for side in (0, 1)
)
#: ZONE_PIECES[side](board): what each square of ``side``'s set-up zone holds, in order
ZONE_PIECES = tuple(itemgetter(*SETUP_ZONE[side]) for side in (0, 1))


def name(sq: int) -> str:
    return BOARD[sq].name


def initial_state(config: Config) -> State:
    board = [0] * N
    for side in (0, 1):
        board[MINE_SQUARE[side]] = code(side, MINE)
    if config.setup == "standard":
        for side in (0, 1):
            sign = 1 if side == 0 else -1
            for x, y, kind in STANDARD_DEPLOYMENT:
                board[INDEX[(x, y * sign)]] = code(side, kind)
        state = State(tuple(board), PLAY, 0, config)
        return _after_setup(state)
    return State(tuple(board), SETUP, 0, config, setup_left=(SETUP_PIECES, SETUP_PIECES))


def _after_setup(state: State) -> State:
    fp = state.config.first_player
    if fp == "lot":
        return replace(state, phase=TOSS, to_move=0)
    return replace(state, phase=PLAY, to_move=SIDE.index(fp))


def apply_toss(state: State, first: int) -> State:
    """HONNEUR: the lot decides who moves first."""
    return replace(state, phase=PLAY, to_move=first)


#: the lot for the first move (BB-HONNEUR): either side, even odds
TOSS_OUTCOMES: tuple[tuple[int, float], ...] = ((0, 0.5), (1, 0.5))
TOSS_SIDES = (0, 1)


def to_move(state: State) -> int | None:
    """The side to act; None once the game is over or while the lot is drawn."""
    if state.phase in (OVER, TOSS):
        return None
    return state.to_move


def winner(state: State) -> int | None:
    """The winning side once over (None for a draw or while playing)."""
    return state.result.winner if state.result else None


# --- legal actions ---------------------------------------------------------------------------
def all_moves(board: tuple[int, ...], me: int) -> list[Move]:
    """Every move of ``me``'s ships on ``board``, square by square."""
    moves: list[Move] = []
    add_moves(board, [sq for sq in range(N) if board[sq] >> 4 == me and board[sq]], moves)
    return moves


def admiral_square(state: State, side: int) -> int | None:
    """The square of ``side``'s Admiral (None once he is sunk)."""
    admiral = code(side, AMIRAL)
    board = state.board
    for sq in fleets(state)[side]:
        if board[sq] == admiral:
            return sq
    return None


def mover_moves(state: State) -> list[Move]:
    """Every move of the side to move's ships, in ascending order of their squares (as a
    scan of the board would visit them): a fresh list."""
    moves: list[Move] = []
    add_moves(state.board, fleets(state)[state.to_move], moves)
    return moves


def touched_moves(state: State, sq: int) -> list[Move]:
    """BB-TOUCH: the moves left once the ship on ``sq`` is touched: her own; if she cannot
    move, her Admiral's (one square); if he cannot either (or is the touched ship, or is
    sunk), none: the turn is lost. The one place this fallback is worked out: the legal
    moves, the check of one move and the words for a stuck touch all ask it."""
    board = state.board
    moves: list[Move] = []
    add_moves(board, (sq,), moves)
    if not moves:
        admiral = admiral_square(state, board[sq] >> 4)
        if admiral is not None and admiral != sq:
            add_moves(board, (admiral,), moves)
    return moves


def _touch_moves(state: State) -> list[Move | Pass]:
    """Touch-move: the touched piece's moves, else the Admiral one square, else pass."""
    assert state.touched is not None
    return touched_moves(state, state.touched) or [PASS]  # type: ignore[return-value]


def legal_actions(state: State) -> list[Move | Place | Touch | Pass]:
    if state.phase == PLAY:
        if state.config.touch_move:
            if state.touched is None:
                return [TOUCH[sq] for sq in fleets(state)[state.to_move]]
            # (a new list each call: no need to copy it)
            return _touch_moves(state)  # type: ignore[return-value]
        return mover_moves(state) or [PASS]  # type: ignore[return-value]
    if state.phase == SETUP:
        # [Place(k, sq) for k in kinds left for sq in the free squares of the zone], from the
        # shared Place objects, the free squares picked by a mask
        me = state.to_move
        free = list(map(not_, ZONE_PIECES[me](state.board)))
        places = PLACES[me]
        out: list[Move | Place | Touch | Pass] = []
        for k in dict.fromkeys(state.setup_left[me]):
            out.extend(compress(places[k], free))
        return out
    return []


def _is_legal_move(state: State, frm: int, to: int) -> bool:
    """``Move(frm, to) in legal_actions(state)`` for a state in play, asked of one piece
    instead of listing every move (the caller has checked that ``frm`` holds one of the
    mover's pieces and, under touch-move, that a piece is touched)."""
    board = state.board
    if not state.config.touch_move or state.touched is None:
        return to in destinations(board, frm)  # any ship, any of its moves
    return any(m.frm == frm and m.to == to for m in touched_moves(state, state.touched))


# --- refusals that teach ---------------------------------------------------------------------
def _v(rule: str, message: str, *squares: int) -> Violation:
    return Violation(rule, message, tuple(name(s) for s in squares))


def _direction_words(me: int, dx: int, dy: int) -> str:
    fwd = dy * FORWARD[me]
    side = "" if dx == 0 else ("right" if dx * FORWARD[me] > 0 else "left")
    ahead = "" if dy == 0 else ("forward" if fwd > 0 else "backward")
    return " ".join(w for w in (ahead, side) if w) or "nowhere"


def explain_move(state: State, frm: int, to: int) -> Violation | None:
    """None if the piece on ``frm`` may go to ``to``; otherwise the rule and why not."""
    board = state.board
    piece = board[frm]
    me, kind = piece >> 4, piece & 15
    info = kind_info(kind)
    if to in destinations(board, frm):
        return None
    if kind == MINE:
        return _v("BB-MINE", "The Mine never moves: it stays on its fixed square.", frm)
    if kind == WRECK:
        return _v("BB-WRECK", "A wreck never moves.", frm)
    if to == frm:
        return _v("BB-NOPASS", "A move must go somewhere: pick another square.", frm)
    a, b = BOARD[frm], BOARD[to]
    dx, dy = b.x - a.x, b.y - a.y
    fwd = dy * FORWARD[me]
    if fwd < 0 and kind not in BACKWARD_KINDS:
        return _v("BB-NAV-BACK", f"The {info.label} cannot move backwards: only the Amiral, "
                  "sous-marin and hydravion may.", frm, to)  # fmt: skip
    # Which of the piece's own paths lead to `to`, ignoring everything on the board?
    paths: list[tuple[bool, tuple[int, ...], int]] = []
    for diagonal, cells in RAYS[(me, kind)][frm]:
        if to in cells:
            paths.append((diagonal, cells[: cells.index(to) + 1], 0))
    if kind == CUIRASSE:
        for leg1, cells in LPATHS[me][frm]:
            if cells[-1] == to or (to in cells[leg1:]):
                paths.append((False, cells[: cells.index(to) + 1], leg1))
    if not paths:
        return _v("BB-MOVES", f"The {info.label} moves {info.moves}; "
                  f"{name(frm)} → {name(to)} is not such a move "
                  f"({_direction_words(me, dx, dy)}, {plural(max(abs(dx), abs(dy)), 'square')}).",
                  frm, to)  # fmt: skip
    why: list[tuple[str, int]] = []
    for diagonal, cells, leg1 in paths:
        walk(board, me, kind, frm, cells, diagonal, leg1, [], why)
    # Prefer the reason found on the path that got furthest.
    rule, at = why[-1] if why else ("BB-MOVES", to)
    for r, sq in why:
        if r != "BB-NOJUMP" or sq != to:
            rule, at = r, sq
            break
    clause = CLAUSES[rule]
    target = board[to]
    details = {
        "BB-NOJUMP": (
            f"You cannot sink your own ship on {name(to)}."
            if at == to and target and target >> 4 == me
            else f"{name(at)} is in the way: jumping over a piece is forbidden (saute-mouton)."
        ),
        "BB-AVANT-SLOW": "Inside an outer harbour every ship moves only one square per turn.",
        "BB-AVANT-ENTRY": f"A ship entering an outer harbour stops on its first row ({name(at)}).",
        "BB-CUIR-EQUERRE": "The Cuirassé enters an outer harbour only by a right-angled move.",
        "BB-PORT-CLOSED": "Your own port is closed to your squadron.",
        "BB-PORT-ENTRY": "Only sous-marins and torpilleurs may enter a port by a diagonal "
        "opening; the others use the axial channel.",
        "BB-MINE": "The Mine bars this square: only the enemy Dragueur may enter it, to sweep it.",
        "BB-NEUTRAL": f"The neutral port {name(at)} already holds a ship, which cannot be taken.",
        "BB-NEUTRAL-ADMIRAL": "The Admiral may not enter a neutral port.",
        "BB-WRECK": f"The wreck on {name(at)} blocks the square.",
        "BB-NET": f"The enemy net on {name(at)} ends any move that enters it.",
    }
    return _v(rule, details.get(rule, clause.text), frm, at)


def violation(state: State, action: object) -> Violation | None:
    if not isinstance(action, ACTION_TYPES):
        return Violation(
            "match.not_an_action",
            f"{action!r} is not a Branle-Bas action: play one of the legal actions.",
        )
    if state.phase == OVER or state.result is not None:
        return Violation("match.over", "The game is over: no more moves can be played.")
    me = state.to_move
    if state.phase == SETUP:
        if not isinstance(action, Place):
            return Violation("BB-SETUP", f"During the set-up {player_name(me)} places ships; "
                             "moves start once both squadrons are ready.")  # fmt: skip
        if not isinstance(action.at, int) or not 0 <= action.at < N:
            return Violation("BB-SETUP", f"There is no square {action.at!r}.")
        if action.kind not in state.setup_left[me]:
            k = KINDS.get(action.kind)
            what = k.label if k else repr(action.kind)
            return Violation("BB-SQUADRON", f"{player_name(me)} has no {what} left to place.")
        if action.at not in SETUP_ZONE[me]:
            return _v("BB-SETUP", f"{player_name(me)} sets up only in his own outer harbour and "
                      "territorial waters, never in his port, on the Mine's square or on the "
                      "high seas.", action.at)  # fmt: skip
        if state.board[action.at]:
            return _v("BB-SETUP", f"{name(action.at)} is already taken.", action.at)
        return None
    if state.phase != PLAY:
        return Violation("BB-HONNEUR", "The lot for the first move has not been drawn yet.")
    if isinstance(action, Place):
        return Violation("BB-SETUP", "The set-up is over: ships are placed only before play.")
    if isinstance(action, Touch):
        if not state.config.touch_move:
            return Violation("BB-TOUCH", "Touch-move is switched off: just play a move.")
        if state.touched is not None:
            return _v("BB-TOUCH", "A piece is already touched: it must be played.", state.touched)
        if not isinstance(action.at, int) or not 0 <= action.at < N:
            return Violation("BB-TOUCH", f"There is no square {action.at!r}.")
        piece = state.board[action.at]
        if not piece or piece >> 4 != me or piece & 15 not in SHIPS:
            return _v(
                "BB-TOUCH", f"{player_name(me)} can only touch one of his own ships.", action.at
            )
        return None
    if isinstance(action, Pass):
        if Pass() in legal_actions(state):
            return None
        return Violation("BB-NOPASS", "You cannot let your turn go by while you have a move.")
    frm, to = action.frm, action.to
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < N for v in (frm, to)):
        return Violation("BB-BOARD", f"{action!r} names a square that is not on the board.")
    if state.config.touch_move and state.touched is None:
        return Violation("BB-TOUCH", "Touch-move is on: first touch the piece you will play.")
    piece = state.board[frm]
    if not piece:
        return _v("BB-TURN", f"There is no ship on {name(frm)}.", frm)
    if piece >> 4 != me:
        return _v("BB-TURN", f"The {kind_info(piece & 15).label} on {name(frm)} belongs to "
                  f"{player_name(piece >> 4)}, and {player_name(me)} is to move.", frm)  # fmt: skip
    # Is ``action in legal_actions(state)``? Asked of the one piece, not of every ship.
    # (Only a Move itself can equal a Move: a subclass is never in the list.)
    if type(action) is Move and _is_legal_move(state, frm, to):
        return None
    if state.touched is not None and frm != state.touched:
        return _v("BB-TOUCH", f"The piece on {name(state.touched)} was touched and must be "
                  "played (or, if it cannot move, the Admiral moves one square).",
                  state.touched)  # fmt: skip
    return explain_move(state, frm, to) or _v("BB-TOUCH", "That move is not allowed now.", frm)


# --- playing ---------------------------------------------------------------------------------
def apply(state: State, action: Move | Place | Touch | Pass) -> State:
    """The state after a legal action."""
    if isinstance(action, Move):
        return _move(state, action)
    if isinstance(action, Place):
        return _place(state, action)
    if isinstance(action, Touch):
        # Built directly rather than with dataclasses.replace, which costs several times
        # more (under touch-move every other ply is a touch). Same board: the fleets hold.
        s = state
        return State(s.board, s.phase, s.to_move, s.config, s.ply, s.setup_left, s.sunk_by,
                     s.in_port, s.wrecked, action.at, s.passes, s.last_move, s.result,
                     s.fleets)  # fmt: skip
    if isinstance(action, Pass):
        # Only a pass for want of any move counts towards "neither side can move" (BB-STUCK);
        # a turn lost to touch-move (BB-TOUCH) while another ship could have moved does not
        # (under touch-move every pass follows a touch: counting none, a game where neither
        # side can move went on for ever).
        stuck = state.touched is None or not mover_moves(state)
        passes = state.passes + 1 if stuck else 0
        return _next_turn(replace(state, passes=passes, touched=None))
    return _move(state, action)


def _place(state: State, action: Place) -> State:
    me = state.to_move
    board = list(state.board)
    board[action.at] = code(me, action.kind)
    left = list(state.setup_left[me])
    left.remove(action.kind)
    mine, other = tuple(left), state.setup_left[1 - me]
    setup_left = (mine, other) if me == 0 else (other, mine)
    new_board = tuple(board)
    if not left and me == 0:  # A is ready: B places his ships
        return replace(state, board=new_board, setup_left=setup_left, to_move=1)
    # Built directly rather than with dataclasses.replace, which costs several times more.
    s = state
    state = State(new_board, s.phase, s.to_move, s.config, s.ply, setup_left, s.sunk_by,
                  s.in_port, s.wrecked, s.touched, s.passes, s.last_move, s.result)  # fmt: skip
    return state if left else _after_setup(state)


def _add(
    pair: tuple[tuple[int, ...], tuple[int, ...]], side: int, kind: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (pair[0] + (kind,), pair[1]) if side == 0 else (pair[0], pair[1] + (kind,))


def _move(state: State, action: Move) -> State:
    frm, to = action.frm, action.to
    board = list(state.board)
    piece = board[frm]
    me, kind = piece >> 4, piece & 15
    target = board[to]
    board[frm] = 0
    sunk_by, in_port, wrecked = state.sunk_by, state.in_port, state.wrecked
    result = None
    if PORT_OF[to] >= 0:  # BB-PORT-CONQUEST / BB-TRIUMPH
        in_port = _add(in_port, me, kind)
        if kind == AMIRAL:
            result = Result("triumph", me, "BB-TRIUMPH",
                            f"{_whose_admiral(me)} entered the enemy port: Triumph!")  # fmt: skip
    else:
        if target and target & 15 == MINE:
            pass  # BB-DRAGUEUR: the Mine is swept, the Dragueur takes its square
        elif target:
            sunk_by = _add(sunk_by, me, target & 15)
            if target & 15 == AMIRAL:
                result = Result("victory", me, "BB-VICTORY",
                                f"{player_name(me)} sank the enemy Admiral.")  # fmt: skip
        board[to] = piece
        net = NET_OF[to]
        if net >= 0 and net != me:  # BB-NET: sunk in the net, scoring for nobody
            wrecked = _add(wrecked, me, kind)
            board[to] = code(me, WRECK) if state.config.wrecks == "stay" else 0
            if kind == AMIRAL and result is None:
                result = Result("abandon", 1 - me, "BB-NET-ADMIRAL",
                                f"{_whose_admiral(me)} entered an enemy net: he abandons "
                                "and is defeated.")  # fmt: skip
    new_board = tuple(board)
    ply = state.ply + 1
    config = state.config
    new_fleets = _moved_fleets(state, new_board, frm, to)
    if result is not None:
        phase, to_move = OVER, state.to_move
    else:  # the turn passes, as in _next_turn (a move resets the forced passes to 0)
        phase, to_move = state.phase, 1 - state.to_move
        if ply >= config.max_plies:
            phase = OVER
            result = _time_up(ply)
    # Built directly rather than with dataclasses.replace, which costs several times more,
    # and with the fields in order rather than by name (a third cheaper again): board,
    # phase, to_move, config, ply, setup_left, sunk_by, in_port, wrecked, touched, passes,
    # last_move, result, fleets.
    new = State(new_board, phase, to_move, config, ply, state.setup_left, sunk_by, in_port,
                wrecked, None, 0, (frm, to), result, new_fleets)  # fmt: skip
    if result is None and (drawn := seed_draw(new)):
        return _end(new, SEED_DRAWS[drawn])
    return new


def _moved_fleets(state: State, board: tuple[int, ...], frm: int, to: int) -> Fleets:
    """The fleets after a move, updated from the two squares it changed (not rescanned)."""
    old = state.board
    sides = list(fleets(state))
    for sq in (frm, to):
        was, now = old[sq], board[sq]
        if was != now:
            if was in SHIP_CODES:
                ships = sides[was >> 4]
                i = ships.index(sq)
                sides[was >> 4] = ships[:i] + ships[i + 1 :]
            if now in SHIP_CODES:
                ships = sides[now >> 4]
                i = bisect(ships, sq)
                sides[now >> 4] = (*ships[:i], sq, *ships[i:])
    return Fleets(board, (sides[0], sides[1]))


def _time_up(ply: int) -> Result:
    return Result(
        "time",
        None,
        "BB-TIME",
        f"Time is up: {ply} moves played, our house limit for the original rules' 100 minutes.",
    )


def _next_turn(state: State) -> State:
    nxt = replace(state, to_move=1 - state.to_move)
    if state.passes >= 2:
        return _end(nxt, Result("draw", None, "BB-STUCK", "Neither side can move: drawn game."))
    if nxt.ply >= nxt.config.max_plies:
        return _end(nxt, _time_up(nxt.ply))
    if drawn := seed_draw(nxt):
        return _end(nxt, SEED_DRAWS[drawn])
    return nxt


def _end(state: State, result: Result) -> State:
    return replace(state, phase=OVER, result=result)


def seed_draw(state: State) -> str | None:
    """BB-DRAW, the seed's two drawn games ("PARTIES NULLES"), or None.

    Both need the Admirals alone: no other ship of either side left that can move, nor one
    boxed in by her own Admiral alone, who could come once he stepped aside ("s'il n'y a pas
    possibilité de secours d'autres navires", "sans secours"). Then the game is drawn
    when the Admirals stand face to face at a port's entrance, the defender on one of his nets
    left or right of the centre (``"port"``), or side by side diagonally at sea (``"sea"``).
    An Admiral moves and takes one square straight, never diagonally (BB-MOVES), so at sea
    neither can take the other, and the one that steps beside the other is taken."""
    board = state.board
    admiral_of: dict[int, int] = {}  # side -> the square of its Admiral
    boxed: list[tuple[int, int]] = []  # (square, side) of the other ships, none can move
    for side, ships in enumerate(fleets(state)):
        for sq in ships:
            if board[sq] & 15 == AMIRAL:
                admiral_of[side] = sq
            elif can_move(board, sq):
                return None  # another ship can still move: it may come to help
            else:
                boxed.append((sq, side))
    if len(admiral_of) != 2:
        return None
    for sq, side in boxed:
        # a ship boxed in by her own Admiral alone comes to help as soon as he steps aside
        if can_move(_without(board, admiral_of[side]), sq):
            return None
    admirals = [admiral_of[0], admiral_of[1]]
    a, b = BOARD[admirals[0]], BOARD[admirals[1]]
    dx, dy = abs(a.x - b.x), abs(a.y - b.y)
    if dx == 1 and dy == 1 and all(s.zone in ("high_seas", "territorial") for s in (a, b)):
        return "sea"
    if dx + dy == 1:
        for attacker, defender in ((a, b), (b, a)):
            home = board[defender.index] >> 4
            if (
                NET_OF[defender.index] == home
                and abs(defender.x) == 1
                and HARBOUR_OF[attacker.index] == home
                and attacker.index in PORT_ENTRANCE[home]
            ):
                return "port"
    return None


def _without(board: tuple[int, ...], sq: int) -> tuple[int, ...]:
    """``board`` with square ``sq`` emptied."""
    return (*board[:sq], EMPTY, *board[sq + 1 :])


#: the squares "à l'entrée du Port" of each side: the centre of the row before the port and
#: the three squares next to the port (the axial channel and the two diagonal issues)
PORT_ENTRANCE: tuple[frozenset[int], ...] = tuple(
    frozenset(
        INDEX[(x, y * (1 if side == 0 else -1))] for x, y in ((0, -7), (0, -8), (-1, -8), (1, -8))
    )
    for side in (0, 1)
)


SEED_DRAWS = {
    "port": Result(
        "draw",
        None,
        "BB-DRAW",
        "The Admirals are face to face at the port's entrance, the defender on his net, and "
        "no other ship can come to help: a drawn game.",
    ),
    "sea": Result(
        "draw",
        None,
        "BB-DRAW",
        "The two Admirals are alone at sea, side by side diagonally, and no other ship can "
        "come to help: a drawn game.",
    ),
}


# --- reading a state -------------------------------------------------------------------------
def tallies(state: State) -> tuple[Tally, Tally]:
    at_sea: list[list[int]] = [[], []]
    neutral: list[list[int]] = [[], []]
    for sq, p in enumerate(state.board):
        if p and p & 15 in SHIPS:
            (neutral if IS_NEUTRAL[sq] else at_sea)[p >> 4].append(p & 15)
    return tuple(  # type: ignore[return-value]
        Tally(
            state.sunk_by[p],
            state.in_port[p],
            tuple(at_sea[p]),
            tuple(neutral[p]),
            state.wrecked[p],
        )
        for p in (0, 1)
    )


def score_breakdown(state: State) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    r = state.result
    kind = r.kind if r is not None else "playing"
    if kind == "abandon":
        kind = "victory"
    return score_items(kind, r.winner if r else None, tallies(state), state.config.triumph_bonus)


def scores(state: State) -> tuple[int, int]:
    return totals(score_breakdown(state))


def in_harbour(sq: int) -> bool:
    return HARBOUR_OF[sq] >= 0


# --- words -----------------------------------------------------------------------------------
def player_name(seat: int) -> str:
    return SIDE_NAMES[seat]


def _whose_admiral(seat: int) -> str:
    """ "The Admiral of A (south)", to open a sentence ("A (south)'s Admiral" read as a slip)."""
    return capital(owned("Admiral", player_name(seat)))


def describe_chance(outcome: int) -> str:
    return f"Lots drawn for the honour of the first move: {player_name(outcome)} moves first."


def stuck_touch(state: State, sq: int) -> str:
    """What touching the piece on ``sq`` leads to when it has no move (BB-TOUCH: the Admiral
    moves one square instead, or the turn is lost), in words; "" when it can move."""
    moves = touched_moves(state, sq)
    if moves and moves[0].frm == sq:
        return ""
    if moves:
        return "it cannot move, so the Admiral must move one square instead"
    admiral = admiral_square(state, state.board[sq] >> 4)
    if admiral is not None and admiral != sq:
        return "it cannot move, nor can the Admiral, so the turn is lost"
    return "it cannot move, so the turn is lost"


def touch_words(state: State, sq: int, verb: str = "touch") -> str:
    """A touch in words, as the list of legal moves offers it (the log says "touches"):
    which ship, and what follows when she cannot move ('touch the Vedette (patrol boat) on
    j3: it cannot move, so the Admiral must move one square instead')."""
    piece = state.board[sq]
    stuck = stuck_touch(state, sq) if piece else ""
    return f"{verb} {_piece_on(state, sq)}" + (f": {stuck}" if stuck else "")


def _piece_on(state: State, sq: int) -> str:
    """The piece on ``sq`` and where, in words: "the Vedette (patrol boat) on j3"."""
    piece = state.board[sq]
    what = f"the {kind_info(piece & 15).label}" if piece else "the piece"
    return f"{what} on {BOARD[sq].name}"


def describe_outcome(state: State, action: Action) -> str:
    """The action for the log, which every seat reads: who played it and what it did, but not
    where a ship was placed in the set-up (BB-CAMOUFLAGE: it stays hidden until both are
    ready, and the board then shows it)."""
    who = player_name(state.to_move)
    if isinstance(action, Place):
        return f"{who} places a ship (hidden until both squadrons are ready)."
    if isinstance(action, Touch):
        # "…": the move that follows says the ship again, so the Moves list shows this line
        # only until then (play.log.ANNOUNCES)
        return f"{who} {touch_words(state, action.at, 'touches')}…"
    touched = state.touched
    if touched is not None and (isinstance(action, Pass) or action.frm != touched):
        # the touched ship could not move: the line that replaces the touch's says which
        if isinstance(action, Pass):
            return f"{who} {touch_words(state, touched, 'touched')}."
        return (
            f"{who} touched {_piece_on(state, touched)}, which cannot move, so the Admiral "
            f"moves instead: {describe(state, action)}"
        )
    return f"{who}: {describe(state, action)}"


def public_action(action: Action) -> dict[str, Any]:
    """What the other player sees of ``action`` as it is played: a ship placed in the screened
    set-up, but neither which nor where (BB-CAMOUFLAGE); any other action in full."""
    return {"type": "place"} if isinstance(action, Place) else action.to_json()


#: who won and by which rule, for each kind of ending (``{w}``: the winner); the sentence
#: before it (the Result's reason) says what happened. Rules by their titles (an id such as
#: "BB-TRIUMPH" reads as code to a student: it stays in the rules panel)
_cite = CLAUSES.cite
_VERDICTS = {
    "triumph": "{w} wins by a Triumph, which ends the game at once (" + _cite("BB-TRIUMPH")
    + "). The points are counted as for a Triumph (" + _cite("BB-TRIUMPH-SCORE") + ").",
    "victory": "{w} wins: that is a Victory, and the points are counted as for one ("
    + _cite("BB-VICTORY") + ").",
    "abandon": "{w} wins, as an Admiral who enters an enemy net is defeated ("
    + _cite("BB-NET-ADMIRAL") + "). The points are counted as for a Victory ("
    + _cite("BB-VICTORY") + ").",
}  # fmt: skip

#: why nobody won, for each drawn ending (every one is scored by the drawn games' rule)
_DRAWS = {
    "BB-DRAW": "Nobody wins, and each side counts its gains less its losses ("
    + _cite("BB-DRAW") + ").",
    "BB-STUCK": "Nobody wins: {why}, so nothing can change any more (" + _cite("BB-STUCK")
    + "). The points are counted as for a drawn game, gains less losses ("
    + _cite("BB-DRAW") + ").",
    "BB-TIME": "Neither Admiral was sunk and neither reached the enemy port before the limit, "
    "so nobody wins (" + _cite("BB-TIME") + "). Ships going back and forth never end a game; "
    "only a Triumph, a sunk Admiral, a drawn position or this limit do. The points are counted "
    "as for a drawn game (" + _cite("BB-DRAW") + ").",
}  # fmt: skip

#: the score items' labels (see mechanics/scoring.py) in plain words
_ITEM_WORDS = (
    (r"^\d°\s*", ""),
    (r"\b1 ship\(s\)", "1 ship"),
    (r"ship\(s\)", "ships"),
    (r" × (\d+)", r" (\1 each)"),
    (r"^the whole enemy fleet surrenders$", "the whole enemy fleet, which surrenders"),
    (r"^the Admiral in the enemy port$", "the Admiral in the enemy port (the Triumph bonus)"),
    (r"^his own sunk ships recovered$", "his own sunk ships, recovered"),
    (r"^the defeated Admiral \+ (\d+)$", r"the defeated Admiral (his value and a \1 bonus)"),
)


def item_label(label: str) -> str:
    """A score item's label in plain words: no numbering, no 'ship(s)' ('2 ships in the enemy
    port (100 each)')."""
    for pattern, words in _ITEM_WORDS:
        label = re.sub(pattern, words, label)
    return label


def _item_words(label: str, points: int) -> str:
    """One score item in plain words: '155 for enemy ships he sank'."""
    return f"{point_words(points)} for {item_label(label)}"


def _stuck_why(state: State) -> str:
    """Why neither side can move: each side has no ship left, or its ships are blocked."""
    parts = []
    for side, ships in enumerate(fleets(state)):
        who = player_name(side)
        parts.append(f"{who} has no ship left" if not ships else f"every ship of {who} is blocked")
    return " and ".join(parts)


def ending(state: State) -> str:
    """How a finished game ended, in plain words: what happened, who won and by which rule
    (by its title), and each side's score item by item ('' while the game goes on)."""
    r = state.result
    if r is None:
        return ""
    if r.winner is not None and r.kind in _VERDICTS:
        verdict = _VERDICTS[r.kind].format(w=player_name(r.winner))
    else:
        verdict = _DRAWS.get(r.rule, _DRAWS["BB-DRAW"]).format(why=_stuck_why(state))
    breakdown = score_breakdown(state)
    points = totals(breakdown)
    sides = []
    for side, items in enumerate(breakdown):
        shown = [_item_words(label, p) for label, p in items if p]
        if r.kind == "triumph" and side != r.winner:
            what = "his whole fleet surrenders"
        else:
            what = "; ".join(shown) or "nothing gained or lost"
        below = " (below zero: he lost more than he gained)" if points[side] < 0 else ""
        sides.append(
            f"{player_name(side)} scores {point_words(points[side])} points{below}: {what}."
        )
    text = f"{r.reason} {verdict} {' '.join(sides)}"
    if r.winner is None and points[0] != points[1]:
        ahead = 0 if points[0] > points[1] else 1
        text += (
            f" {player_name(ahead)} is ahead by {point_words(abs(points[0] - points[1]))} points."
            " When several games are played one after another, these points are added to the"
            " next game's score, so nobody wins a drawn game but its points still count."
        )
    return text


def status(state: State) -> str:
    """One line on where the game stands; at the end, the whole ending (see :func:`ending`)."""
    if state.result is not None:
        return ending(state)
    who = player_name(state.to_move)
    if state.phase == SETUP:
        left = len(state.setup_left[state.to_move])
        return f"Battle stations: {who} places his ships ({left} left)."
    if state.phase == TOSS:
        return "Drawing lots for the first move."
    extra = ""
    if state.touched is not None:
        piece = state.board[state.touched]
        extra = f" the {kind_info(piece & 15).label} touched on {BOARD[state.touched].name}"
        stuck = stuck_touch(state, state.touched)
        extra += f": {stuck}" if stuck else ""
    return f"Move {state.ply + 1}: {who} to play{extra}."


def ui_hint(state: State, path: tuple[str, ...]) -> str:
    """Why the clicks in ``path`` start no legal action, in words."""
    squares = [p for p in path if not p.startswith("place:")]
    if not squares:
        return "Pick a square."
    try:
        sq = square_index(squares[0])
    except ValueError as exc:
        return str(exc)
    piece = state.board[sq]
    me = state.to_move
    if state.phase == SETUP:
        return f"{player_name(me)} places ships only on empty squares of his own zone."
    if not piece:
        return f"There is no ship on {BOARD[sq].name}: click one of your own ships."
    if piece >> 4 != me:
        return (
            f"The {kind_info(piece & 15).label} on {BOARD[sq].name} belongs to "
            f"{player_name(piece >> 4)}, and {player_name(me)} is to move."
        )
    if piece & 15 == MINE:
        return f"The Mine never moves ({CLAUSES.cite('BB-MINE')})."
    if state.touched is not None:
        stuck = stuck_touch(state, state.touched)
        if stuck:
            return (
                f"The {kind_info(state.board[state.touched] & 15).label} on "
                f"{BOARD[state.touched].name} was touched, but {stuck} "
                f"({CLAUSES.cite('BB-TOUCH')})."
            )
    if state.touched is not None and sq != state.touched:
        return f"The piece on {BOARD[state.touched].name} was touched and must be played."
    return (
        f"The {kind_info(piece & 15).label} on {BOARD[sq].name} has no legal move now: "
        f"it moves {kind_info(piece & 15).moves}."
    )


__all__ = [
    "DRAGUEUR",
    "STANDARD_DEPLOYMENT",
    "TOSS_OUTCOMES",
    "TOSS_SIDES",
    "admiral_square",
    "all_moves",
    "apply",
    "apply_toss",
    "describe_chance",
    "describe_outcome",
    "ending",
    "explain_move",
    "initial_state",
    "item_label",
    "legal_actions",
    "player_name",
    "public_action",
    "score_breakdown",
    "scores",
    "status",
    "stuck_touch",
    "tallies",
    "to_move",
    "touch_words",
    "touched_moves",
    "ui_hint",
    "violation",
    "winner",
]
