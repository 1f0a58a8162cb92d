"""The Far Seas state: an immutable value of tuples, frozensets and small frozen dataclasses.

Ships are indexed by id (see data.SHIPS); ``loc``, ``box`` and ``damage`` hold one entry per
ship. Seat 0 is the German raider player, seat 1 the Allies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Final, TypeVar

from navalkit.core.values import draft

from .config import Config

T = TypeVar("T")


_EVOLVERS: dict[tuple[type, tuple[str, ...]], Any] = {}


def _evolver(cls: type, keys: tuple[str, ...]) -> Any:
    """Compile a copier of ``cls`` that takes new values of the fields ``keys`` as keyword
    arguments (once per class and set of keys).

    The copy is filled as a draft (see core.values.draft) by plain attribute stores, which CPython
    turns into its fastest slot writes (a frozen dataclass refuses them), and is then made
    a ``cls``: nothing else ever sees the draft."""
    lines = [f"def evolve(_o, *, {', '.join(keys)}):", "    _n = _new(_draft)"]
    for name in cls.__slots__:  # type: ignore[attr-defined]
        lines.append(f"    _n.{name} = {name if name in keys else f'_o.{name}'}")
    lines += ["    _n.__class__ = _cls", "    return _n"]
    scope: dict[str, Any] = {"_new": object.__new__, "_draft": draft(cls), "_cls": cls}
    exec("\n".join(lines), scope)
    return scope["evolve"]


def evolver(cls: type[T], *keys: str) -> Callable[..., T]:
    """The copier of ``cls`` that ``evolve`` uses for changes of ``keys``, to call straight
    from a hot path: ``evolver(State, "phase")(state, phase=ALLY)``."""
    fn = _EVOLVERS.get((cls, keys))
    if fn is None:
        fn = _EVOLVERS[cls, keys] = _evolver(cls, keys)
    return fn  # type: ignore[no-any-return]


def maker(cls: type[T]) -> Callable[..., T]:
    """A function that makes a ``cls`` from the same arguments as ``cls(...)`` (a frozen,
    slotted dataclass without ``__post_init__``), filled as a draft like the copies of
    _evolver: the dataclass's own ``__init__`` sets each field through
    ``object.__setattr__``, several times slower, and the rules make orders, moves and
    searches by the thousand."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    assert tuple(names) == cls.__slots__  # type: ignore[attr-defined]
    scope: dict[str, Any] = {"_new": object.__new__, "_draft": draft(cls), "_cls": cls}
    params = []
    for f in fields(cls):  # type: ignore[arg-type]
        assert f.init and f.default_factory is MISSING
        if f.default is MISSING:
            params.append(f.name)
        else:
            scope[f"_{f.name}"] = f.default
            params.append(f"{f.name}=_{f.name}")
    lines = [f"def make({', '.join(params)}):", "    _n = _new(_draft)"]
    lines += [f"    _n.{name} = {name}" for name in names]
    lines += ["    _n.__class__ = _cls", "    return _n"]
    exec("\n".join(lines), scope)
    return scope["make"]  # type: ignore[no-any-return]


def evolve(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` for the frozen, slotted values here, without re-running
    ``__init__`` (the hot path of every move)."""
    fn = _EVOLVERS.get((type(obj), tuple(changes)))
    if fn is None:
        fn = evolver(type(obj), *changes)
    return fn(obj, **changes)  # type: ignore[no-any-return]


# The numbers and words below are Final, as are the module-level tables of the mechanics: a
# compiled build (core.compiled) writes a Final number or word in place and keeps a Final table
# in a C variable, where any other module-level name is looked up in the module's dict at every
# use (3.4 % of a compiled Far Seas step's instructions). The Python source runs as before.
GERMANY: Final = 0
ALLIES: Final = 1
SIDES = ("Germany", "Allies")  # the seats' names


# boxes (where a counter lies in its area)
START: Final = 0
MOVED: Final = 1
CONVOY: Final = 2
STATION: Final = 3
RIVER_BOX: Final = 4
WATCH: Final = 5
SUNK: Final = 6
INTERNED: Final = 7
HOME: Final = 8
RESERVE: Final = 9


BOX_NAMES = (
    "start", "moved", "convoy", "station", "river", "watch", "sunk", "interned", "home", "reserve"
)  # fmt: skip


AT_SEA = frozenset({START, MOVED, CONVOY, STATION, RIVER_BOX, WATCH})


UNKNOWN: Final = -2  # an area or box the viewer may not see


def ships_in(boxes: tuple[int, ...], box: int, start: int = 0) -> list[int]:
    """The ids from ``start`` on whose entry in ``boxes`` is ``box``, in id order.

    ``tuple.index`` skips the other ships in C, so this is fast for the sparse boxes
    (moved, convoy, station, watch) that the rules ask about on every move."""
    out: list[int] = []
    find = boxes.index
    i = start
    try:
        while True:
            i = find(box, i)
            out.append(i)
            i += 1
    except ValueError:
        return out


# phases (whose decision) and chance kinds
ALLY: Final = "ally"
GERMAN: Final = "german"
SEARCH: Final = "search"
G_RUN: Final = "g_run"
A_RUN: Final = "a_run"
CHANCE: Final = "chance"
OVER: Final = "over"


@dataclass(frozen=True, slots=True)
class Unit:
    """The German ship or squadron whose order is being resolved this segment.

    ``kind`` is the order (move, panama, hold, raid, convoy, river, leave, home, intern,
    surprise); ``area`` where it ended up (data.RIVER for the river box); ``station`` the
    raided station or -1; ``searched`` the areas the Allies have already searched for it
    and ``searched_by`` the Allied ships that have (each ship or squadron searches once for
    an order, FS-SEARCH).
    """

    ships: tuple[int, ...]
    kind: str
    area: int
    station: int = -1
    searched: frozenset[int] = frozenset()
    fought: bool = False
    searched_by: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Battle:
    """A combat in progress (see mechanics/combat.py).

    ``sides`` are the ship ids of each side still engaged; ``rounds`` the rounds fought;
    ``start`` the range step of the first round (0 = A, 2 = A+B+C); ``queue`` the rolls still
    to make this round as (kind, shooter, target, modifier); ``pending`` damage (target,
    points) to apply at the end of the round; ``aim`` (shooter, target, rounds on it);
    ``hits`` (shooter, target) pairs that hit last round; ``tried`` which side has tried to
    run; ``ran_last`` which side tried to run last round; ``runner`` the side now running
    and ``chasers``/``keepers`` the pursuers still to compare and those that kept up;
    ``outrun`` the pursuers the runners left behind, out of the fight but survivors of it
    (they repair, and the Allies among them retire, as the others: FS-REPAIR, FS-RETIRE).
    """

    area: int
    sides: tuple[tuple[int, ...], tuple[int, ...]]
    kind: str = "search"
    rounds: int = 0
    start: int = 0
    surprise: bool = False
    rufiji: bool = False
    queue: tuple[tuple[str, int, int, int], ...] = ()
    pending: tuple[tuple[int, int], ...] = ()
    aim: tuple[tuple[int, int, int], ...] = ()
    hits: frozenset[tuple[int, int]] = frozenset()
    tried: tuple[bool, bool] = (False, False)
    ran_last: tuple[bool, bool] = (False, False)
    runner: int = -1
    chasers: tuple[int, ...] = ()
    keepers: tuple[int, ...] = ()
    outrun: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a position (the teacher's view).

    ``roll`` names the pending chance (search, home, run, race, slow, gun, torp, torpdmg,
    convoy, sink) when ``phase`` is CHANCE; ``dice`` lists ships still to roll for
    (home runs ship by ship, convoy sinkings). German VP parts are in ``gvp``: merchants,
    stations, Allied ships sunk, cowardice. ``squads`` are the Allied squadrons that moved
    together this turn (they search as one, FS-SEARCH); ``search_ships`` the ships of the
    search being rolled for and, while the finder is drawn, ``dice`` its squadrons' leaders.
    """

    config: Config
    turn: int
    phase: str
    loc: tuple[int, ...]
    box: tuple[int, ...]
    damage: tuple[int, ...]
    combats: tuple[int, ...]
    roll: str = ""
    search_at: int = -1
    search_ships: tuple[int, ...] = ()
    dice: tuple[int, ...] = ()
    unit: Unit | None = None
    battle: Battle | None = None
    acted: frozenset[int] = frozenset()
    moved: frozenset[int] = frozenset()
    discovered: frozenset[int] = frozenset()
    revealed: frozenset[int] = frozenset()
    surprised: frozenset[int] = frozenset()
    river_found: frozenset[int] = frozenset()
    found: frozenset[int] = frozenset()
    surprise_turn: bool = False
    squads: frozenset[tuple[int, ...]] = frozenset()
    raided: frozenset[int] = frozenset()
    coward_areas: frozenset[int] = frozenset()
    taken: tuple[int, ...] = ()
    gvp: tuple[int, int, int, int] = (0, 0, 0, 0)
    avp: int = 0
    captures: tuple[tuple[int, int, int, int], ...] = ()
    #: the Allied ships grouped by box and area (a mechanics.allied_positions.Fleet): a cache
    #: for speed, not part of the position (never compared, checked before use; typed Any so
    #: that the state does not import the module that reads it)
    fleet: Any = field(default=None, compare=False, repr=False)
