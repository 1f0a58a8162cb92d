"""Naval War actions: small hashable values that write themselves as JSON and in words.

Targets are ids: a ship id for salvos, torpedo boats, submarines and air strikes
(:data:`~.state.DS_TARGET` for the Destroyer Squadron), a seat for minefields and the
Squadron's victim, a salvo card id for Additional Damage and Repair, -1 for none.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .data import (
    ADD_DAMAGE,
    CARDS,
    CARRIER,
    JAPANESE,
    MINEFIELD,
    REPAIR,
    SALVO,
    SHIPS,
    SUBMARINE,
    TORPEDO,
)
from .state import AIR, DS_TARGET, State


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{key!r} must be a whole number from {low} to {high}, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw a card (rather than launch air strikes)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw"}

    def describe(self) -> str:
        # the choice (offered only with a carrier ready to strike: NW-AIR), not the draw:
        # the card drawn follows as its own line, "Player 1 draws a card."
        return "keep the air strikes back and draw"


@dataclass(frozen=True, slots=True)
class Launch:
    """Launch air strikes instead of drawing and playing (NW-AIR)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "launch"}

    def describe(self) -> str:
        return "launch air strikes instead of drawing"


@dataclass(frozen=True, slots=True)
class Strike:
    """Designate ``carrier``'s air strike at ship ``target`` (-1: hold it back)."""

    carrier: int
    target: int
    kamikaze: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "strike",
            "carrier": self.carrier,
            "target": self.target,
            "kamikaze": self.kamikaze,
        }

    def describe(self) -> str:
        who = SHIPS[self.carrier].name
        if self.target < 0:
            return f"{who} holds its strike"
        how = "Kamikaze attack" if self.kamikaze else "air strike"
        return f"{who}: {how} on {SHIPS[self.target].name}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play card ``card`` at ``target`` (its meaning depends on the card; -1 for none)."""

    card: int
    target: int = -1

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "card": self.card, "target": self.target}

    def describe(self) -> str:
        card = CARDS[self.card]
        return f"play {card.label}" + _target_words(card.kind, self.target)


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` instead of playing (NW-DISCARD, NW-RED-NOTARGET, NW-CLEAROUT-AD)."""

    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "discard", "card": self.card}

    def describe(self) -> str:
        return f"discard {CARDS[self.card].label}"


@dataclass(frozen=True, slots=True)
class Aim:
    """Name the opponent the Destroyer Squadron attacks (NW-DS)."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "aim", "seat": self.seat}

    def describe(self) -> str:
        return f"send the Destroyer Squadron against Player {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Take:
    """The Destroyer Squadron takes ship ``ship``."""

    ship: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "take", "ship": self.ship}

    def describe(self) -> str:
        return f"the Destroyer Squadron takes {SHIPS[self.ship].name}"


Action = Draw | Launch | Strike | Play | Discard | Aim | Take
ACTION_TYPES = (Draw, Launch, Strike, Play, Discard, Aim, Take)
DRAW = Draw()
LAUNCH = Launch()


def _target_words(kind: int, target: int) -> str:
    if target < 0:
        return ""
    if kind == SALVO and target == DS_TARGET:
        return " at the Destroyer Squadron"
    if kind in (SALVO, SUBMARINE, TORPEDO) and target < len(SHIPS):
        return f" at {SHIPS[target].name}"
    if kind == MINEFIELD:
        return f" in front of Player {target + 1}"
    if kind in (ADD_DAMAGE, REPAIR) and target < len(CARDS):
        return f" on the {CARDS[target].label} card"
    return f" at {target}"


@lru_cache(maxsize=65536)
def play(card: int, target: int = -1) -> Play:
    """The interned Play action (the rules build the same few thousand over and over)."""
    return Play(card, target)


#: ``PLAYS[card][target]`` (target -1 is the last item): every Play, built once
PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(c, t) for t in (*range(DS_TARGET + 1), -1)) for c in range(len(CARDS))
)
DISCARDS: tuple[Discard, ...] = tuple(Discard(c) for c in range(len(CARDS)))
#: ``STRIKES[kamikaze][carrier][target]`` (target -1, holding back, is the last item): every
#: air strike a carrier can be given, built once (ships that are not carriers have no row)
STRIKES: tuple[tuple[tuple[Strike, ...], ...], ...] = tuple(
    tuple(
        tuple(Strike(c, t, k) for t in (*range(len(SHIPS)), -1)) if CARRIER[c] else ()
        for c in range(len(SHIPS))
    )
    for k in (False, True)
)


def action_from_json(data: Any) -> Action:
    """Read an action from its JSON form; ValueError for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"{data!r} is not a Naval War action (a dict with a 'type')")
    kind = data["type"]
    ns, nc = len(SHIPS) - 1, len(CARDS) - 1
    if kind == "draw":
        return DRAW
    if kind == "launch":
        return LAUNCH
    if kind == "strike":
        k = data.get("kamikaze", False)
        if not isinstance(k, bool):
            raise ValueError(f"'kamikaze' must be true or false, not {k!r}")
        return Strike(_int(data, "carrier", 0, ns), _int(data, "target", -1, ns), k)
    if kind == "play":
        return Play(_int(data, "card", 0, nc), _int(data, "target", -1, max(nc, DS_TARGET)))
    if kind == "discard":
        return Discard(_int(data, "card", 0, nc))
    if kind == "aim":
        return Aim(_int(data, "seat", 0, 8))
    if kind == "take":
        return Take(_int(data, "ship", 0, ns))
    raise ValueError(f"unknown Naval War action type {kind!r}")


# --- actions as clicks on the board ---------------------------------------------------


def to_path(action: Action) -> tuple[str, ...]:
    """The board regions clicked, in order, to play ``action``."""
    if isinstance(action, Draw):
        return ("draw",)
    if isinstance(action, Launch):
        return ("launch",)
    if isinstance(action, Discard):
        return (f"card:{action.card}", "discard")
    if isinstance(action, Aim):
        return (f"seat:{action.seat}",)
    if isinstance(action, Take):
        return (f"ship:{action.ship}",)
    if isinstance(action, Strike):
        mode = "kamikaze" if action.kamikaze else "air"
        end = "hold" if action.target < 0 else f"ship:{action.target}"
        return (mode, f"ship:{action.carrier}", end)
    if isinstance(action, Play):
        return (f"card:{action.card}", _target_region(action.card, action.target))
    return ()


def from_path(state: State, path: tuple[str, ...]) -> Action | None:
    """The action a complete click path means, legal or not (None: no action)."""
    try:
        if path == ("draw",):
            return DRAW
        if path == ("launch",):
            return LAUNCH
        if len(path) == 3 and path[0] in ("air", "kamikaze"):
            target = -1 if path[2] == "hold" else _num(path[2], "ship:")
            return Strike(_num(path[1], "ship:"), target, path[0] == "kamikaze")
        if len(path) == 1 and path[0].startswith("seat:"):
            return Aim(_num(path[0], "seat:"))
        if len(path) == 1 and path[0].startswith("ship:") and state.phase != AIR:
            return Take(_num(path[0], "ship:"))
        if len(path) == 2 and path[0].startswith("card:"):
            card = _num(path[0], "card:")
            if path[1] == "discard":
                return Discard(card)
            return Play(card, _region_target(path[1]))
    except ValueError:
        return None
    return None


def choices(state: State) -> list[tuple[str, str]]:
    """What a player picks before clicking: the kind of air strike."""
    if state.phase != AIR:
        return []
    out = [("Air strike (sinks on 1)", "air")]
    if state.config.kamikaze and state.queue and JAPANESE[state.queue[0]]:
        out.append(("Kamikaze (sinks on 1-2, then rests)", "kamikaze"))
    return out


def _num(region: str, prefix: str) -> int:
    if not region.startswith(prefix) or not region[len(prefix) :].isdigit():
        raise ValueError(region)
    return int(region[len(prefix) :])


def _target_region(card: int, target: int) -> str:
    kind = CARDS[card].kind if 0 <= card < len(CARDS) else -1
    if target < 0:
        return "play"
    if target == DS_TARGET and kind == SALVO:
        return "ds"
    if kind == MINEFIELD:
        return f"seat:{target}"
    if kind in (ADD_DAMAGE, REPAIR):
        return f"salvo:{target}"
    return f"ship:{target}"


def _region_target(region: str) -> int:
    if region == "play":
        return -1
    if region == "ds":
        return DS_TARGET
    for prefix in ("seat:", "salvo:", "ship:"):
        if region.startswith(prefix):
            return _num(region, prefix)
    raise ValueError(region)
