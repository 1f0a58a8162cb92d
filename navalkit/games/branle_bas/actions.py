"""Branle-Bas actions: hashable values that write themselves as JSON and in words, and the
clicks on the board that play them.

Click regions (see draw.py): a square is clicked by its name (``e5``); in a free set-up the
ship to place is picked first, as the choice ``place:<kind>`` (see :func:`choices`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .data import BOARD, BY_KEY, KINDS, MINE, NET_OF, PORT_OF, SETUP_PIECES, kind_info, square_index
from .state import SETUP, State


@dataclass(frozen=True, slots=True)
class Move:
    """Move the ship on ``frm`` to ``to`` (square indices); captures by replacement."""

    frm: int
    to: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "from": BOARD[self.frm].name, "to": BOARD[self.to].name}

    def describe(self) -> str:
        return f"{BOARD[self.frm].name} → {BOARD[self.to].name}"


@dataclass(frozen=True, slots=True)
class Place:
    """Free set-up: put a ship of ``kind`` on ``at``."""

    kind: int
    at: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "place", "piece": KINDS[self.kind].key, "at": BOARD[self.at].name}

    def describe(self) -> str:
        return f"place {KINDS[self.kind].label} on {BOARD[self.at].name}"


@dataclass(frozen=True, slots=True)
class Touch:
    """Touch-move rule: touch the piece on ``at``; it must then be played."""

    at: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "touch", "at": BOARD[self.at].name}

    def describe(self) -> str:
        return f"touch the piece on {BOARD[self.at].name}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Lose the turn: only when no move is possible."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}

    def describe(self) -> str:
        return "pass (no move possible)"


Action = Move | Place | Touch | Pass
ACTION_TYPES = (Move, Place, Touch, Pass)


def action_from_json(data: Any) -> Action:
    """Read an action from its JSON form; ValueError for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"{data!r} is not a Branle-Bas action (a dict with a 'type')")
    kind = data["type"]
    if kind == "move":
        return Move(square_index(data.get("from")), square_index(data.get("to")))
    if kind == "place":
        piece = data.get("piece")
        if piece not in BY_KEY or BY_KEY[piece] not in SETUP_PIECES:
            raise ValueError(f"{piece!r} is not a ship one can place")
        return Place(BY_KEY[piece], square_index(data.get("at")))
    if kind == "touch":
        return Touch(square_index(data.get("at")))
    if kind == "pass":
        return Pass()
    raise ValueError(f"unknown Branle-Bas action type {kind!r}")


def describe(state: State, action: Action) -> str:
    """The action in words, in the context of ``state``: which ship moves, and what it does."""
    if isinstance(action, Move):
        piece = state.board[action.frm]
        what = kind_info(piece & 15).label if piece else "?"
        text = f"{what} {action.describe()}"
        target = state.board[action.to]
        if PORT_OF[action.to] >= 0:
            text += ", enters the enemy port"
        elif target and target & 15 == MINE:
            text += ", sweeps the Mine"
        elif target:
            text += f", sinks the {kind_info(target & 15).label}"
        if NET_OF[action.to] >= 0 and NET_OF[action.to] != piece >> 4:
            text += ", and is sunk in the net"
        return text
    if isinstance(action, Place | Touch | Pass):
        return action.describe()
    return repr(action)


# --- clicking on the board ---------------------------------------------------------------------
def to_path(action: Action) -> tuple[str, ...]:
    """The clicks that play ``action``: the square from and the square to for a move, the
    ship then its square for a placement, the square for a touch (a pass has none)."""
    if isinstance(action, Move):
        return (BOARD[action.frm].name, BOARD[action.to].name)
    if isinstance(action, Place):
        return (f"place:{KINDS[action.kind].key}", BOARD[action.at].name)
    if isinstance(action, Touch):
        return (BOARD[action.at].name,)
    return ()


def from_path(state: State, path: tuple[str, ...]) -> Action | None:
    """The action a complete click path means, legal or not (None: no action, or not yet)."""
    try:
        if len(path) == 2 and path[0].startswith("place:"):
            return action_from_json({"type": "place", "piece": path[0][6:], "at": path[1]})
        if len(path) == 2:
            return action_from_json({"type": "move", "from": path[0], "to": path[1]})
        if len(path) == 1 and state.config.touch_move and state.touched is None:
            return action_from_json({"type": "touch", "at": path[0]})
    except ValueError:
        return None
    return None


def choices(state: State) -> list[tuple[str, str]]:
    """In a free set-up, the ships left to place (label, ``place:<kind>``); else none."""
    if state.phase != SETUP:
        return []
    left = state.setup_left[state.to_move]
    return [
        (f"{KINDS[k].label} ×{left.count(k)}", f"place:{KINDS[k].key}") for k in dict.fromkeys(left)
    ]
