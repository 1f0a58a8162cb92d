"""Age of Sail actions: hashable values that write themselves as JSON and in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .data import COMPASS, POINT_INDEX
from .state import COMBAT, MOVE, State


@dataclass(frozen=True, slots=True)
class Turn:
    """Start a ship's movement order: put her on ``heading`` (2 units per point turned)."""

    ship: int
    heading: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "turn", "ship": self.ship, "heading": COMPASS[self.heading]}

    def describe(self) -> str:
        return f"ship {self.ship + 1} steers {COMPASS[self.heading]}"


@dataclass(frozen=True, slots=True)
class Sail:
    """Finish the order: sail ``cm`` whole centimetres ahead (0: stay)."""

    ship: int
    cm: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "sail", "ship": self.ship, "cm": self.cm}

    def describe(self) -> str:
        if self.cm == 0:  # a legal end of her order, but not a move: say so
            return f"ship {self.ship + 1} stays where she is"
        return f"ship {self.ship + 1} sails {self.cm} cm"


@dataclass(frozen=True, slots=True)
class Order:
    """A movement order that is not sailing: ``drift``, ``anchor``, ``weigh``, or, for a ship
    locked with another before the ships move, ``separate`` (try to cut loose) or ``stay``."""

    ship: int
    what: str

    def to_json(self) -> dict[str, Any]:
        return {"type": self.what, "ship": self.ship}

    def describe(self) -> str:
        words = {
            "drift": "drifts downwind",
            "anchor": "drops anchor",
            "weigh": "weighs anchor",
            "separate": "tries to cut loose",
            "stay": "stays locked this turn",
        }
        return f"ship {self.ship + 1} {words[self.what]}"


@dataclass(frozen=True, slots=True)
class Fire:
    """Fire the broadside that bears on ``target``, aiming at its ``hull`` or ``sails``."""

    ship: int
    target: int
    aim: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "fire", "ship": self.ship, "target": self.target, "aim": self.aim}

    def describe(self) -> str:
        return f"ship {self.ship + 1} fires at ship {self.target + 1}'s {self.aim}"


@dataclass(frozen=True, slots=True)
class Board:
    """Board the touching enemy ``target``."""

    ship: int
    target: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "board", "ship": self.ship, "target": self.target}

    def describe(self) -> str:
        return f"ship {self.ship + 1} boards ship {self.target + 1}"


@dataclass(frozen=True, slots=True)
class Repair:
    """Try to repair a fallen mast (a 6); her guns stay silent this turn."""

    ship: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "repair", "ship": self.ship}

    def describe(self) -> str:
        return f"ship {self.ship + 1} tries to repair a mast"


@dataclass(frozen=True, slots=True)
class End:
    """End the movement phase (ships without orders stay put) or the turn."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "end"}

    def describe(self) -> str:
        return "end of phase"


def end_label(state: State) -> str:
    """The words on the panel's End button, as hints name it: "End movement" while ships
    move, "End turn" in the fire phase."""
    return "End movement" if state.phase == MOVE else "End turn"


Action = Turn | Sail | Order | Fire | Board | Repair | End
ACTION_TYPES = (Turn, Sail, Order, Fire, Board, Repair, End)
ORDERS = ("drift", "anchor", "weigh", "separate", "stay")


def _int(data: dict[str, Any], key: str) -> int:
    v = data.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 1000:
        raise ValueError(f"{key!r} must be a whole number 0..999, not {v!r}")
    return v


def action_from_json(data: Any) -> Action:
    """Read an action from its JSON form; ValueError for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"{data!r} is not an Age of Sail action (a dict with a 'type')")
    kind = data["type"]
    if kind == "end":
        return End()
    ship = _int(data, "ship")
    if kind == "turn":
        heading = data.get("heading")
        if not isinstance(heading, str) or heading not in POINT_INDEX:
            raise ValueError(f"heading must be a compass point {COMPASS}, not {heading!r}")
        return Turn(ship, POINT_INDEX[heading])
    if kind == "sail":
        return Sail(ship, _int(data, "cm"))
    if kind in ORDERS:
        return Order(ship, kind)
    if kind == "fire":
        aim = data.get("aim")
        if aim not in ("hull", "sails"):
            raise ValueError(f"aim must be 'hull' or 'sails', not {aim!r}")
        return Fire(ship, _int(data, "target"), str(aim))
    if kind == "board":
        return Board(ship, _int(data, "target"))
    if kind == "repair":
        return Repair(ship)
    raise ValueError(f"unknown Age of Sail action type {kind!r}")


# --- orders as clicks on the table -----------------------------------------------------


def to_path(action: Action) -> tuple[str, ...]:
    """The table regions and buttons clicked, in order, to give ``action``."""
    if isinstance(action, End):
        return ("end",)
    i = action.ship
    if isinstance(action, Turn):
        return (f"ship:{i}", f"head:{COMPASS[action.heading]}")
    if isinstance(action, Sail):
        return (f"cm:{action.cm}",)
    if isinstance(action, Order):
        return (f"ship:{i}", f"cmd:{action.what}")
    if isinstance(action, Fire):
        return (f"ship:{i}", f"ship:{action.target}", f"cmd:{action.aim}")
    if isinstance(action, Board):
        return (f"ship:{i}", f"ship:{action.target}", "cmd:board")
    if isinstance(action, Repair):
        return (f"ship:{i}", "cmd:repair")
    return ()


def from_path(state: State, path: tuple[str, ...]) -> Action | None:
    """The action a complete click path means, legal or not (None: no action)."""
    try:
        if len(path) == 1 and path[0].startswith("cm:") and state.helm is not None:
            return Sail(state.helm.ship, int(path[0][3:]))
        if not path or not path[0].startswith("ship:"):
            return None
        i = int(path[0][5:])
        last = path[-1]
        if len(path) == 2 and last.startswith("head:"):
            return action_from_json({"type": "turn", "ship": i, "heading": last[5:]})
        if len(path) == 2 and last.startswith("cmd:"):
            return action_from_json({"type": last[4:], "ship": i})
        if len(path) == 2 and last.startswith("ship:") and state.phase == COMBAT:
            return Fire(i, int(last[5:]), "hull")
        if len(path) == 3 and last in ("cmd:hull", "cmd:sails", "cmd:board"):
            t = int(path[1][5:])
            return Board(i, t) if last == "cmd:board" else Fire(i, t, last[4:])
    except (ValueError, IndexError):
        return None
    return None
