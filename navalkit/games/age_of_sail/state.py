"""The Age of Sail state: an immutable value of tuples and small frozen dataclasses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from navalkit.core.values import draft

from .config import Config

T = TypeVar("T")

# phases
FIRST, MOVE, COMBAT, OVER = "first", "move", "combat", "over"
#: a turn's step before moving, while a locked ship of the admiral to move may try to cut loose
CUT_LOOSE = "cut_loose"
# ship status
AFLOAT, SUNK, EXPLODED = "afloat", "sunk", "exploded"


@dataclass(frozen=True, slots=True)
class Ship:
    """One ship and its damage record.

    ``rig`` is the mast units fore to aft when whole, ``masts`` which still stand; ``decks``
    the gun decks left (port, starboard); ``fire`` 0 (none), 1 (alight), 2 (fire grown),
    ``alight`` the round it caught;
    ``entangled`` the index of the ship it is locked with (-1: free). The per-turn flags say
    what it has done this turn.
    """

    name: str
    nation: str
    kind: str
    side: int  # whose flag it flies now
    squadron: int
    x: float
    y: float
    heading: int
    rig: tuple[int, int, int]
    masts: tuple[bool, bool, bool]
    decks: tuple[int, int]
    hull: int
    status: str = AFLOAT
    fire: int = 0
    alight: int = 0  # the round the fire caught: she first fights it in a later round
    anchored: bool = False
    aground: bool = False
    entangled: int = -1
    captured: bool = False
    ordered: bool = False  # has had its movement order this turn
    fired: tuple[bool, bool] = (False, False)  # port, starboard broadside fired this turn
    engaged: bool = False  # has boarded or repaired this turn (guns unmanned)

    @property
    def afloat(self) -> bool:
        return self.status == AFLOAT

    @property
    def units(self) -> int:
        """Mast units still standing."""
        (fore, main, mizzen), (f, m, z) = self.rig, self.masts  # three masts: no loop
        return (fore if f else 0) + (main if m else 0) + (mizzen if z else 0)

    @property
    def boxes(self) -> int:
        """Damage-record boxes left: gun decks, standing masts and hull units."""
        return self.decks[0] + self.decks[1] + sum(self.masts) + self.hull

    @property
    def wrecked(self) -> bool:
        """No gun decks and no hull units: prone to founder in high seas."""
        return self.decks == (0, 0) and self.hull == 0


@dataclass(frozen=True, slots=True)
class Roll:
    """Dice waiting to be thrown: ``n`` dice for ``kind`` (one die per chance node)."""

    kind: str
    ship: int = -1
    other: int = -1
    n: int = 1
    need: int = 0
    aim: str = ""
    dice: tuple[int, ...] = ()
    x: float = 0.0  # where a ship stops if it runs aground
    y: float = 0.0


@dataclass(frozen=True, slots=True)
class Helm:
    """A movement order under way: ``ship`` has turned and has ``left`` cm to sail."""

    ship: int
    left: int


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a battle: the ships, the wind, whose turn, and the dice pending."""

    config: Config
    ships: tuple[Ship, ...]
    shoals: tuple[tuple[float, float, float], ...]
    nations: tuple[str, str]
    wind_from: int
    wind_speed: int
    phase: str
    to_move: int = 0
    first: int = 0
    round: int = 1
    turns_done: int = 0  # turns played this round (0 or 1)
    queue: tuple[Roll, ...] = ()
    helm: Helm | None = None
    line_moves: tuple[tuple[int, int, int, int], ...] = ()  # (squadron, ship, turn, cm)
    damage: tuple[int, int] = (0, 0)
    ply: int = 0
    result: str = ""
    last: tuple[int, ...] = ()  # ships the last action involved (for the drawing)


_MISSING: Any = object()
_REPLACERS: dict[type, Callable[..., Any]] = {}


def _replacer(cls: type) -> Callable[..., Any]:
    """A compiled ``dataclasses.replace`` for one frozen, slotted class (keyword changes).

    The copy is first a draft (see core.values.draft), written by ordinary attribute stores
    (CPython's fastest slot writes, which the frozen class refuses), and then relabelled
    ``cls`` by assigning ``__class__``. Nobody ever sees the draft."""
    names = [f.name for f in fields(cls)]
    body = [f"    _n.{n} = _o.{n} if {n} is _M else {n}" for n in names]
    lines = [f"def evolve(_o, *, {', '.join(f'{n}=_M' for n in names)}):", "    _n = _new(_draft)"]
    lines += [*body, "    _n.__class__ = _cls", "    return _n"]
    scope: dict[str, Any] = {
        "_M": _MISSING,
        "_new": object.__new__,
        "_draft": draft(cls),
        "_cls": cls,
    }
    exec("\n".join(lines), scope)
    fn: Callable[..., Any] = scope["evolve"]
    _REPLACERS[cls] = fn
    return fn


def evolve(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` for the state's frozen dataclasses, many times faster."""
    fn = _REPLACERS.get(type(obj)) or _replacer(type(obj))
    result: T = fn(obj, **changes)
    return result


#: The compiled replacers of the two classes copied at every move, called directly on the hot
#: paths (``evolve`` looks them up by type and passes the changes on, which costs as much
#: again as the copy itself).
evolve_state: Callable[..., State] = _replacer(State)
evolve_ship: Callable[..., Ship] = _replacer(Ship)
evolve_roll: Callable[..., Roll] = _replacer(Roll)
