"""The package's layers, read from its source: who imports whom, and whether that is allowed.

navalkit is built in layers that point one way::

    core  ->  games (rules)  ->  render (and each game's draw)  ->  play  ->  widgets, site
                                                                       (and each game's explain)

A module may import its own layer and the layers to its left, never one to its right; a game's
rule modules never import another game. :func:`import_graph` reads every module's imports
from its source (imports inside functions included, since a lazy import is still a
dependency) without importing anything, :func:`upward_imports` lists the imports that break
the order, and :func:`import_cycles` the groups of modules that import each other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

#: the layers, lowest first; a module may import its own layer and those below it
LAYERS = ("core", "games", "render", "play", "ui", "top")
#: third-party widget and display libraries: the render layer (its ipycanvas adapter) and
#: those above it may import them, the rules never
WIDGET_LIBRARIES = ("ipywidgets", "ipycanvas", "IPython", "voila", "matplotlib")
#: the modules of a game package that sit above its rules
GAME_MODULE_LAYERS = {"draw": "render", "explain": "ui"}
#: the room plan: the modules every game package holds, each with the same job
GAME_ROOMS = (
    "__init__",
    "game",
    "config",
    "data",
    "state",
    "actions",
    "rules",
    "observe",
    "clauses",
    "bots",
    "draw",
    "explain",
)
#: the rooms a game may add: ``search``, how its hard computer player thinks (its evaluation,
#: its guesses at hidden cards, the moves worth searching), when that outgrows ``bots``
OPTIONAL_ROOMS = ("search",)
#: the one optional sub-package: the game's own calculators, a module per mechanic
MECHANICS = "mechanics"


@dataclass(frozen=True)
class Import:
    """One import statement: ``importer`` imports ``target`` at ``line``."""

    importer: str
    target: str
    line: int


def module_name(root: Path, path: Path, package: str | None = None) -> str:
    """The dotted name of the module at ``path`` inside the package folder ``root`` (named
    ``package``, by default the folder's name)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package or root.name, *parts])


def modules(root: Path, package: str | None = None) -> dict[str, Path]:
    """Every module of the package at ``root`` (named ``package``), by dotted name."""
    return {module_name(root, p, package): p for p in sorted(root.rglob("*.py"))}


def _resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from`` import names (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imports_of(name: str, path: Path, known: Iterable[str]) -> Iterator[Import]:
    """Every import in the module ``name`` (at ``path``); ``from pkg import mod`` names the
    submodule ``pkg.mod`` when ``known`` holds it."""
    known = set(known)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(name, alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(name, is_package, node)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield Import(name, sub if sub in known else base, node.lineno)


def import_graph(root: Path, package: str | None = None) -> dict[str, list[Import]]:
    """Each module of the package at ``root`` with the imports it makes; ``package`` names
    the package as it will be imported (a game folder outside navalkit is checked as
    ``navalkit.games.<id>``)."""
    found = modules(root, package)
    return {name: list(imports_of(name, path, found)) for name, path in found.items()}


def layer_of(module: str, package: str = "navalkit") -> str:
    """The layer a module of ours, or a third-party library, belongs to."""
    parts = module.split(".")
    if parts[0] != package:
        return "render" if parts[0] in WIDGET_LIBRARIES else "core"  # others: anywhere
    if len(parts) == 1 or parts[1] in ("cli", "_paths", "__main__"):
        return "top"
    area = parts[1]
    if area == "games":
        if len(parts) >= 4 and parts[3] in GAME_MODULE_LAYERS:
            return GAME_MODULE_LAYERS[parts[3]]
        return "games"
    return {
        "core": "core",
        "render": "render",
        "play": "play",
        "tables": "play",  # the table store and service: core only, no widgets
        "testing": "play",
        "widgets": "ui",
        "site": "ui",
    }.get(area, "top")


def game_of(module: str) -> str | None:
    """The game package a module belongs to (``navalkit.games.<id>``), if any."""
    parts = module.split(".")
    return ".".join(parts[:3]) if len(parts) >= 3 and parts[1] == "games" else None


def upward_imports(graph: dict[str, list[Import]]) -> list[str]:
    """Imports that point up the layers, or from one game's rules into another game."""
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    bad = []
    for module, found in graph.items():
        mine = layer_of(module)
        for imp in found:
            theirs = layer_of(imp.target)
            if rank[theirs] > rank[mine]:
                bad.append(f"{module}:{imp.line} ({mine}) imports {imp.target} ({theirs})")
            own, other = game_of(module), game_of(imp.target)
            if own and other and own != other and mine == "games":
                bad.append(f"{module}:{imp.line} imports another game: {imp.target}")
    return list(dict.fromkeys(bad))


def import_cycles(graph: dict[str, list[Import]]) -> list[list[str]]:
    """Groups of our modules that import each other, directly or round a loop (Tarjan's
    strongly connected components with more than one module, or a module importing itself).
    A package's ``__init__`` importing its own submodules is no cycle unless they import it
    back."""
    edges = {m: sorted({i.target for i in imps if i.target in graph}) for m, imps in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.append(top)
                    if top == node:
                        break
                if len(group) > 1 or node in edges[node]:
                    cycles.append(sorted(group))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return cycles


def room_plan_breaches(game_dir: Path) -> list[str]:
    """How the game package at ``game_dir`` departs from the room plan (empty: it follows it):
    a missing room, a module that is no room, or a sub-package other than ``mechanics``."""
    found = {p.stem for p in game_dir.glob("*.py")}
    subs = {
        p.name
        for p in game_dir.iterdir()
        if p.is_dir() and not p.name.startswith((".", "__")) and any(p.glob("*.py"))
    }
    breaches = [f"missing {room}.py" for room in GAME_ROOMS if room not in found]
    rooms = set(GAME_ROOMS) | set(OPTIONAL_ROOMS)
    breaches += [f"{name}.py is not in the room plan" for name in sorted(found - rooms)]
    breaches += [f"sub-package {name}/ is not {MECHANICS}/" for name in sorted(subs - {MECHANICS})]
    if MECHANICS in subs and not (game_dir / MECHANICS / "__init__.py").is_file():
        breaches.append(f"{MECHANICS}/ has no __init__.py")
    return breaches
