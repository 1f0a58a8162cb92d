"""Branle-Bas actions: hashable values that write themselves as JSON and in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .data import BOARD, BY_KEY, KINDS, SETUP_PIECES, square_index


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
