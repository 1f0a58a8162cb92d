"""Far Seas actions: hashable values that write themselves as JSON and in words.

German orders name the ships (the seed's announced names), the order and the area; Allied
actions deploy ships, search an area, or pass. Both sides answer run-or-fight choices.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .data import AREAS, BY_NAME, RIVER, SHIPS, STATIONS
from .state import State

ORDER_KINDS = (
    "move", "panama", "hold", "raid", "convoy", "river", "leave", "home", "intern", "surprise"
)  # fmt: skip
DEPLOY_BOXES = ("moved", "convoy", "station", "watch")
SEARCHERS = ("all", "non-British", "some")
CHOICES = ("run", "fight")


def area_name(a: int) -> str:
    """An area in words."""
    if a == RIVER:
        return "the Rufiji river"
    if 0 <= a < len(AREAS):
        return "the England box" if a == 0 else f"area {a} ({AREAS[a].name})"
    return "an unknown area"


def ship_names(ships: tuple[int, ...]) -> str:
    """Ships in words: their names joined by " + "."""
    return " + ".join(SHIPS[s].name for s in ships)


@dataclass(frozen=True, slots=True)
class Order:
    """German order for one ship or squadron: ``kind`` of ORDER_KINDS, to area ``to``;
    ``target`` is the raided station (raid) or surprised Allied ship (surprise), else -1."""

    ships: tuple[int, ...]
    kind: str
    to: int
    target: int = -1

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "type": "order",
            "ships": [SHIPS[s].record_name for s in self.ships],
            "kind": self.kind,
            "to": self.to,
        }
        if self.kind == "raid":
            data["target"] = STATIONS[self.target].name
        elif self.kind == "surprise":
            data["target"] = SHIPS[self.target].record_name
        return data

    def describe(self) -> str:
        who = ship_names(self.ships)
        where = area_name(self.to)
        k = self.kind
        if k == "hold":
            return f"{who}: hold (do not move)"
        if k == "raid":
            return f"{who}: to {where}, raid {STATIONS[self.target].name}"
        if k == "surprise":
            return f"{who}: to {where}, surprise {SHIPS[self.target].name}"
        if k == "convoy":
            return f"{who}: to {where}, attack the convoy"
        if k == "river":
            return f"{who}: enter the Rufiji river"
        if k == "leave":
            return f"{who}: leave the river for {where}"
        if k == "home":
            return f"{who}: run for home from area 2"
        if k == "intern":
            return f"{who}: be interned in {where}"
        if k == "panama":
            return f"{who}: through the Panama Canal to {where}"
        return f"{who}: to {where}"


@dataclass(frozen=True, slots=True)
class Deploy:
    """Allied move: ``ships`` (one, or an area's Start-box squadron) to area ``to`` in box
    ``box`` of DEPLOY_BOXES (convoy, station and watch: one ship, in its own area)."""

    ships: tuple[int, ...]
    to: int
    box: str = "moved"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "deploy",
            "ships": [SHIPS[s].record_name for s in self.ships],
            "to": self.to,
            "box": self.box,
        }

    def describe(self) -> str:
        who = ship_names(self.ships)
        if self.box == "convoy":
            return f"{who}: escort the convoy in {area_name(self.to)}"
        if self.box == "station":
            return f"{who}: go on station in {area_name(self.to)}"
        if self.box == "watch":
            return f"{who}: watch the Rufiji river"
        return f"{who}: to {area_name(self.to)}"


@dataclass(frozen=True, slots=True)
class Search:
    """Allied search in ``area`` (data.RIVER: the river watch) by the searchers ``who`` of
    SEARCHERS: every ship and squadron there that has not yet searched for this order
    ("all"), the non-British ones among them ("non-British"), or the ships and squadrons
    named in ``ships`` ("some": the British need not search with all ships, FS-SEARCH-CHOICE).
    """

    area: int
    who: str = "all"
    ships: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "search", "area": self.area, "who": self.who}
        if self.who == "some":
            data["ships"] = [SHIPS[s].record_name for s in self.ships]
        return data

    def describe(self) -> str:
        if self.who == "some":
            return f"search {area_name(self.area)} with {ship_names(self.ships)}"
        extra = " with the non-British ships only" if self.who == "non-British" else ""
        return f"search {area_name(self.area)}{extra}"


@dataclass(frozen=True, slots=True)
class Simple:
    """A word-only action: ``pass`` (Allied move), ``end_search``, ``run`` or ``fight``."""

    word: str

    def to_json(self) -> dict[str, Any]:
        return {"type": self.word}

    def describe(self) -> str:
        return {
            "pass": "pass (move no ship)",
            "end_search": "end the search",
            "run": "try to run",
            "fight": "stand and fight",
        }[self.word]


PASS, END_SEARCH, RUN, FIGHT = Simple("pass"), Simple("end_search"), Simple("run"), Simple("fight")
Action = Order | Deploy | Search | Simple
ACTION_TYPES = (Order, Deploy, Search, Simple)


def _ships(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not value or len(value) > len(SHIPS):
        raise ValueError(f"{value!r} is not a list of ship names")
    out = []
    for name in value:
        if not isinstance(name, str) or name not in BY_NAME:
            raise ValueError(f"{name!r} is not a ship of Far Seas")
        out.append(BY_NAME[name])
    return tuple(out)


def _area(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= RIVER:
        raise ValueError(f"{value!r} is not an area number (0..{RIVER})")
    return value


def action_from_json(data: Any) -> Action:
    """Read an action from its JSON form; ValueError for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"{data!r} is not a Far Seas action (a dict with a 'type')")
    kind = data["type"]
    if kind == "order":
        order = data.get("kind")
        if order not in ORDER_KINDS:
            raise ValueError(f"{order!r} is not a German order")
        ships, to, target = _ships(data.get("ships")), _area(data.get("to")), -1
        t = data.get("target")
        if order == "raid":
            names = [s.name for s in STATIONS]
            if t not in names:
                raise ValueError(f"{t!r} is not a station")
            target = names.index(t)
        elif order == "surprise":
            if not isinstance(t, str) or t not in BY_NAME:
                raise ValueError(f"{t!r} is not a ship")
            target = BY_NAME[t]
        return Order(ships, order, to, target)
    if kind == "deploy":
        box = data.get("box", "moved")
        if box not in DEPLOY_BOXES:
            raise ValueError(f"{box!r} is not an Allied box")
        return Deploy(_ships(data.get("ships")), _area(data.get("to")), box)
    if kind == "search":
        who = data.get("who", "all")
        if who not in SEARCHERS:
            raise ValueError(f"{who!r} is not a choice of searchers")
        ships = tuple(sorted(_ships(data.get("ships")))) if who == "some" else ()
        return Search(_area(data.get("area")), who, ships)
    if kind in ("pass", "end_search", "run", "fight"):
        return Simple(kind)
    raise ValueError(f"unknown Far Seas action type {kind!r}")


# --- orders as clicks on the map ------------------------------------------------------


def to_path(action: Action) -> tuple[str, ...]:
    """The map regions and buttons clicked, in order, to give ``action``."""
    if isinstance(action, Simple):
        return (f"btn:{action.word}",)
    if isinstance(action, Search):
        if action.who == "some":  # each searching ship (a squadron's every ship), then the area
            return ("btn:some", *(f"s{s}" for s in action.ships), f"a{action.area}")
        lead = ("btn:foreign",) if action.who == "non-British" else ()
        return (*lead, f"a{action.area}")
    head: tuple[str, ...] = (f"s{action.ships[0]}",)
    if len(action.ships) > 1:
        head += ("btn:squadron",)
    if isinstance(action, Deploy):
        if action.box == "moved":
            return (*head, f"a{action.to}")
        return (*head, f"btn:{action.box}")
    k = action.kind
    if k == "move":
        return (*head, f"a{action.to}")
    if k in ("raid", "surprise"):
        tail = f"st{action.target}" if k == "raid" else f"s{action.target}"
        return (*head, f"btn:{k}", tail)
    if k == "convoy":
        return (*head, "btn:convoy", f"a{action.to}")
    return (*head, f"btn:{k}")


def from_path(state: State, path: tuple[str, ...], legal: Iterable[Action]) -> Action | None:
    """The action a complete click path means in ``state``, whose legal actions are
    ``legal`` (None: no action); a path no legal action takes may still name an illegal
    move, for the refusal to explain. A click on a counter inside an area disc stands for
    that area."""
    paths: dict[tuple[str, ...], Action] = {to_path(a): a for a in legal}
    if path in paths:
        return paths[path]
    if path[:1] == ("btn:some",) and len(path) > 2:  # searchers clicked in any order
        ships = {p for p in path[1:-1] if p[:1] == "s" and p[1:].isdigit()}
        picked = sorted(ships, key=lambda p: int(p[1:]))
        some = ("btn:some", *picked, path[-1])
        if some in paths:
            return paths[some]
    # a click on a counter inside an area disc means that area (for the destination)
    first = 0 if state.phase == "search" else 1
    norm = tuple(
        _area_of(state, p) if i >= first and p[:1] == "s" else p for i, p in enumerate(path)
    )
    if norm in paths:
        return paths[norm]
    try:
        if state.phase == "german" and len(path) == 2 and path[0][:1] == "s":
            ship, to = int(path[0][1:]), path[1]
            if to.startswith("a"):
                return Order((ship,), "move", int(to[1:]))
        if state.phase == "ally" and len(path) == 2 and path[0][:1] == "s":
            ship, to = int(path[0][1:]), path[1]
            if to.startswith("a"):
                return Deploy((ship,), int(to[1:]))
        if state.phase == "search" and len(path) == 1 and path[0].startswith("a"):
            return Search(int(path[0][1:]))
    except ValueError:
        return None
    return None


def _area_of(state: State, region: str) -> str:
    """``a<n>`` for a ship counter's region ``s<id>`` (the region itself if unknown)."""
    try:
        where = state.loc[int(region[1:])]
    except (ValueError, IndexError):
        return region
    return f"a{where}" if where >= 0 else region
