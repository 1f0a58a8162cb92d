"""Nautic Miles actions: hashable values that write themselves as JSON and in words.

Cards of one kind are interchangeable, so an action names a kind, never a card id: the
player's lowest card of that kind is used. Actions are interned (one object per value).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .data import BY_KEY, CONVOYS, KEYS, LABELS, N_KINDS, SUB_PAIR, a_card


@dataclass(frozen=True, slots=True)
class Discard:
    """Throw a card of ``kind`` face up on the discard pile."""

    kind: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "discard", "card": KEYS[self.kind]}

    def describe(self) -> str:
        return f"discard {a_card(self.kind)}"


@dataclass(frozen=True, slots=True)
class Place:
    """Lay a convoy of ``kind`` face down in your row, at slot ``at`` (0 = port end)."""

    kind: int
    at: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "convoy", "card": KEYS[self.kind], "at": self.at}

    def describe(self) -> str:
        return f"lay {a_card(self.kind)} face down at slot {self.at + 1} of your row"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card of ``kind`` (or two submarines) on the convoy ``at`` of row ``row``."""

    kind: int
    row: int
    at: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "card": KEYS[self.kind], "row": self.row, "at": self.at}

    def describe(self) -> str:
        return f"{LABELS[self.kind]} on convoy {self.at + 1} of row {self.row + 1}"


Action = Discard | Place | Play
ACTION_TYPES = (Discard, Place, Play)
TABLE_ROWS, TABLE_AT = 6, 16  # the interned tables cover rows 0..5 and slots 0..15


#: interned actions for every small value (larger ones come from the caches below)
DISCARDS: tuple[Discard, ...] = tuple(Discard(k) for k in range(N_KINDS))
PLACES: tuple[tuple[Place, ...], ...] = tuple(
    tuple(Place(k, at) for at in range(TABLE_AT)) for k in range(N_KINDS)
)
PLAYS: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(Play(k, r, at) for at in range(TABLE_AT)) for r in range(TABLE_ROWS))
    for k in range(SUB_PAIR + 1)
)


def discard(kind: int) -> Discard:
    return DISCARDS[kind] if 0 <= kind < N_KINDS else _discard(kind)


def place(kind: int, at: int) -> Place:
    return PLACES[kind][at] if 0 <= kind < N_KINDS and 0 <= at < TABLE_AT else _place(kind, at)


def play(kind: int, row: int, at: int) -> Play:
    if 0 <= kind <= SUB_PAIR and 0 <= row < TABLE_ROWS and 0 <= at < TABLE_AT:
        return PLAYS[kind][row][at]
    return _play(kind, row, at)


@cache
def _discard(kind: int) -> Discard:
    return Discard(kind)


@cache
def _place(kind: int, at: int) -> Place:
    return Place(kind, at)


@cache
def _play(kind: int, row: int, at: int) -> Play:
    return Play(kind, row, at)


def _small_int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 64:
        raise ValueError(f"{key!r} must be a whole number 0..63, not {value!r}")
    return value


def action_from_json(data: Any) -> Action:
    """Read an action from its JSON form; ValueError for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"{data!r} is not a Nautic Miles action (a dict with a 'type')")
    key = data.get("card")
    if not isinstance(key, str) or key not in BY_KEY:
        raise ValueError(f"{key!r} is not a card; cards are {', '.join(KEYS)}")
    kind = BY_KEY[key]
    t = data["type"]
    if t == "discard" and kind < N_KINDS:
        return discard(kind)
    if t == "convoy" and kind in CONVOYS:
        return place(kind, _small_int(data, "at"))
    if t == "play" and kind not in CONVOYS and (kind < N_KINDS or kind == SUB_PAIR):
        return play(kind, _small_int(data, "row"), _small_int(data, "at"))
    raise ValueError(f"{data!r} is not a Nautic Miles action")


# --- actions as clicks on the table ---------------------------------------------------


def to_path(action: Action) -> tuple[str, ...]:
    """The regions clicked, in order, to play ``action``: a card of the hand, then where."""
    if isinstance(action, Discard):
        return (f"hand:{KEYS[action.kind]}", "discard")
    if isinstance(action, Place):
        return (f"hand:{KEYS[action.kind]}", f"slot:{action.at}")
    return (f"hand:{KEYS[action.kind]}", f"convoy:{action.row}:{action.at}")


def from_path(path: tuple[str, ...]) -> Action | None:
    """The action a complete click path means, legal or not (None: no action)."""
    if len(path) != 2 or not path[0].startswith("hand:"):
        return None
    kind = BY_KEY.get(path[0][5:])
    if kind is None:
        return None
    target = path[1].split(":")
    try:
        if target == ["discard"]:
            return discard(kind)
        if target[0] == "slot" and len(target) == 2:
            return place(kind, int(target[1])) if kind in CONVOYS else None
        if target[0] == "convoy" and len(target) == 3 and kind not in CONVOYS:
            return play(kind, int(target[1]), int(target[2]))
    except ValueError:
        return None
    return None
