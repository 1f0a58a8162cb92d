"""Optional compiled engines: the same Python source, compiled with mypyc, used only when it
is exactly the source on disk.

Far Seas spreads its work over many small steps (some 30 Python calls a step, none above a
few percent of the time), so tuning it in Python stopped paying long before it reached the
speed of the other games. mypyc (it comes with mypy) compiles type-annotated modules to C
extensions without changing a line of their meaning: the same moves in the same order, the
same states and the same records, which the tests check by playing the same seeded games
both ways. Two groups are compiled (:data:`GROUPS`): Far Seas' mechanics, and the Match that
every game's moves pass through with its chance stream. A compiled module reads any other
module-level name from the module's dict at every use, so the names those modules read often
are declared ``Final`` (see games/far_seas/state.py).

Nothing depends on it. ``navalkit compile`` writes a build of each group to a cache
directory (``NAVALKIT_COMPILED_DIR``, else ``~/.cache/navalkit/compiled``) named by a hash of
the source it depends on and of the Python that built it; ``navalkit compile --for-everyone``
writes it into the Python environment itself (:func:`shared_dir`), where every account that
runs that Python finds it: the students' servers of a school's hub each run as the student,
and a Docker image's home folder may be hidden by a volume. A compiled package looks for the
build of its current source when it is imported (:func:`use`): after any edit, or on another
Python, the hash differs, no build has that name and the pure-Python modules serve, so a
stale build can never run. The static site (Pyodide) and machines without a C compiler
simply use the Python source. ``NAVALKIT_PURE=1`` turns the builds off (to debug with the
Python source, or to compare).
"""

from __future__ import annotations

# Every `import navalkit` reads this module (a compiled package asks it for its build), so it
# imports at the top only what that needs; the tools of a build (argparse, subprocess,
# threads, ...) are imported by the functions that build, some 20 ms at every start saved.
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Group:
    """Modules of one package compiled together (one build, one C extension each)."""

    package: str
    #: the modules compiled. Only modules whose classes are never made by ``object.__new__``,
    #: relabelled nor given attributes from outside (state.py's copiers do the first two) can
    #: be: mypyc's classes are native.
    modules: tuple[str, ...]
    #: the package whose whole source the hash covers (a compiled module may depend on the
    #: others' types)
    source: str
    #: the group in words, for ``status``
    words: str


GROUPS: dict[str, Group] = {
    g.package: g
    for g in (
        # every game's moves pass through the Match (its checks, its line of events)
        Group(
            "navalkit.core",
            ("match", "rng"),
            "navalkit.core",
            "the Match and its dice, for every game",
        ),
        Group(
            "navalkit.games.far_seas.mechanics",
            ("allied_positions", "combat", "orders", "search", "sequence"),
            "navalkit.games.far_seas",
            "Far Seas' mechanics",
        ),
    )
}

_ROOT = Path(__file__).resolve().parents[2]  # the directory holding navalkit/


def cache_dir() -> Path:
    """Where ``navalkit compile`` keeps its builds: ``NAVALKIT_COMPILED_DIR``, else
    ~/.cache/navalkit/compiled (this account's)."""
    configured = os.environ.get("NAVALKIT_COMPILED_DIR")
    if configured:
        return Path(configured)
    return Path.home() / ".cache" / "navalkit" / "compiled"


def shared_dir() -> Path:
    """Where ``navalkit compile --for-everyone`` keeps its builds: inside this Python
    environment (``<sys.prefix>/share/navalkit/compiled``), read by every account that runs
    it."""
    return Path(sys.prefix, "share", "navalkit", "compiled")


def search_dirs() -> list[Path]:
    """Where builds are looked for, in this order: ``NAVALKIT_COMPILED_DIR`` alone when it is
    set (a test's or a benchmark's own builds, nothing else), else this account's cache and
    then the environment's shared folder."""
    if os.environ.get("NAVALKIT_COMPILED_DIR"):
        return [cache_dir()]
    return [cache_dir(), shared_dir()]


def _package_dir(package: str) -> Path:
    return _ROOT.joinpath(*package.split("."))


def source_hash(package: str) -> str:
    """A hash of every Python source ``package``'s build depends on (its group's ``source``)
    and of this Python's version and build (a compiled module only loads in the Python it was
    built for)."""
    import hashlib

    digest = hashlib.sha256(sys.implementation.cache_tag.encode())
    digest.update(sys.version.encode())
    group = GROUPS.get(package)
    base = _package_dir(group.source if group else package)
    for path in sorted(base.rglob("*.py")):
        digest.update(path.relative_to(base).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def build_dir(package: str, root: Path | None = None) -> Path:
    """The directory of the build of ``package``'s current source in ``root`` (by default
    :func:`cache_dir`); it may not exist."""
    return (root or cache_dir()) / f"{package}-{source_hash(package)}"


def find_build(package: str) -> Path | None:
    """The build of ``package``'s current source, from the first of :func:`search_dirs` that
    has one, or None."""
    # no build of this package at all (the usual case, and always on the static site): say so
    # without reading and hashing the game's source at every start
    roots = [root for root in search_dirs() if any(root.glob(f"{package}-*"))]
    if not roots:
        return None
    try:
        name = build_dir(package).name
    except OSError:  # a source not readable: the Python modules serve
        return None
    for root in roots:
        if (root / name).is_dir():
            return root / name
    return None


def use(package: str, path: list[str]) -> bool:
    """Called at the top of a compiled package's ``__init__`` with its ``__path__``: put the
    build of its current source first on that path, so that its compiled modules load
    instead of the Python ones. Without such a build (none made, the source edited since,
    another Python) or with ``NAVALKIT_PURE`` set, nothing changes. True if a build is used."""
    if os.environ.get("NAVALKIT_PURE"):
        return False
    build = find_build(package)
    if build is None:
        return False
    where = build / Path(*package.split("."))
    if not where.is_dir():
        return False
    path.insert(0, str(where))
    return True


def built() -> list[str]:
    """The packages with a build of their current source, whether or not in use."""
    return [p for p in GROUPS if find_build(p) is not None]


def engines_words() -> str:
    """Which engines a server's pages will run, in a line for the teacher who starts it:
    the compiled build where there is one of the current source, else the Python source and
    how to build one."""
    have = [] if os.environ.get("NAVALKIT_PURE") else built()
    if not have:
        return (
            "the Python source (run `navalkit compile` once, then start again: the computer "
            "players think further and simulations run faster)"
        )
    return "compiled: " + "; ".join(GROUPS[p].words for p in have)


def compiled_modules() -> list[str]:
    """The modules that run compiled now (imported, and loaded from a build)."""
    out = []
    roots = tuple(str(root) for root in search_dirs())
    for package, group in GROUPS.items():
        for name in group.modules:
            module = sys.modules.get(f"{package}.{name}")
            spec = getattr(module, "__spec__", None)
            origin = getattr(spec, "origin", None) or ""
            if not origin.endswith(".py") and origin.startswith(roots):
                out.append(f"{package}.{name}")
    return out


#: the build, run by a fresh Python in a copy of the source (so that no half-made extension
#: ever sits beside the package's own modules)
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
group, paths = sys.argv[1], sys.argv[2:]
setup(
    name="navalkit-compiled",
    ext_modules=mypycify(paths, opt_level="3", group_name=group),
    script_args=["build_ext", "--inplace", "--quiet"],
)
"""


def _sources_only(folder: str, names: list[str]) -> list[str]:
    """copytree's ignore: copy packages and Python sources, nothing else."""
    return [
        n
        for n in names
        if n == "__pycache__" or not (n.endswith(".py") or Path(folder, n).is_dir())
    ]


def _open_to_all(paths: Iterable[Path]) -> None:
    """Let every account read (and enter) ``paths``, whatever the umask of the account that
    made them (an admin's may be 077)."""
    for path in paths:
        path.chmod(0o755)


def build(package: str, *, quiet: bool = False, root: Path | None = None) -> Path:
    """Compile ``package``'s modules (GROUPS) for its current source and this Python into
    ``root`` (by default :func:`cache_dir`); the build's directory is returned (made once: an
    existing build is kept). Raises RuntimeError, saying why, when mypyc or a C compiler is
    missing or the build fails, and OSError when ``root`` cannot be written."""
    import importlib.util
    import shutil
    import subprocess
    import tempfile

    if package not in GROUPS:
        known = ", ".join(sorted(GROUPS))
        raise ValueError(f"{package!r} has no compiled build; these do: {known}")
    if importlib.util.find_spec("mypyc") is None:
        raise RuntimeError("mypyc is missing: it comes with mypy (pip install mypy)")
    target = build_dir(package, root)
    if target.is_dir():
        return target
    # a folder that cannot be made or written: say so now, before compiling
    folder = target.parent
    made = [p for p in [folder, *folder.parents] if not p.exists()] if root is not None else []
    folder.mkdir(parents=True, exist_ok=True)
    if not os.access(folder, os.W_OK):
        raise PermissionError(f"{folder} is not writable by this account")
    if root is not None:  # for every account: the folders on the way too
        _open_to_all({folder, *made})
    rel = Path(*package.split("."))
    with tempfile.TemporaryDirectory(prefix="navalkit-build-") as tmp:
        shutil.copytree(_ROOT / "navalkit", Path(tmp, "navalkit"), ignore=_sources_only)
        # the optional libraries (pandas, tqdm, widgets) are typed loosely, as in pyproject.toml
        Path(tmp, "mypy.ini").write_text("[mypy]\nignore_missing_imports = True\n")
        paths = [str(rel / f"{name}.py") for name in GROUPS[package].modules]
        done = subprocess.run(
            [sys.executable, "-c", _SETUP, f"{package}.compiled", *paths],
            cwd=tmp,
            capture_output=True,
            text=True,
            check=False,
        )
        made = sorted(Path(tmp, rel).glob("*.so")) + sorted(Path(tmp, rel).glob("*.pyd"))
        if done.returncode != 0 or len(made) < len(paths):
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise RuntimeError(f"the build of {package} failed:\n{tail}")
        partial = target.with_name(target.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        (partial / rel).mkdir(parents=True)
        for so in made:
            shutil.copy2(so, partial / rel / so.name)
        if root is not None:  # a build for every account
            _open_to_all([partial, *partial.rglob("*")])
        partial.rename(target)  # whole or not at all: a build is used only once complete
    if not quiet:
        print(f"built {GROUPS[package].words} ({package}) in {target}")
    return target


def build_all(*, quiet: bool = False, root: Path | None = None) -> list[Path]:
    """:func:`build` every group into ``root``, side by side (each build is a process of its
    own)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(len(GROUPS)) as pool:
        return list(pool.map(lambda package: build(package, quiet=quiet, root=root), GROUPS))


def clean(root: Path | None = None) -> int:
    """Remove every build (of any source or Python) from ``root`` (by default
    :func:`cache_dir`); how many there were."""
    import shutil

    root = root or cache_dir()
    builds = [p for p in root.iterdir() if p.is_dir()] if root.is_dir() else []
    for p in builds:
        shutil.rmtree(p)
    return len(builds)


#: what ``main`` (and ``navalkit compile``) can be asked to do
ACTIONS = ("build", "status", "clean")
FOR_EVERYONE = (
    "build into (or clean) this Python environment's own folder, <prefix>/share/navalkit/"
    "compiled, which every account running this Python reads: a school server's students, a "
    "Docker image whose home folder is a volume"
)


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog="navalkit compile",
        description="Compile the engines that have a compiled build (mypyc), show which run "
        "compiled, or remove the builds.",
    )
    parser.add_argument("what", choices=ACTIONS, nargs="?", default="build")
    parser.add_argument("--for-everyone", action="store_true", help=FOR_EVERYONE)
    args = parser.parse_args(argv)
    root = shared_dir() if args.for_everyone else None
    if args.what == "status":
        for package, group in GROUPS.items():
            where = find_build(package)
            state = f"built, in {where}" if where else "not built: the Python source runs"
            print(f"{group.words} ({package}): {state}")
        return 0
    try:
        if args.what == "clean":
            print(f"removed {clean(root)} build(s) from {root or cache_dir()}")
            return 0
        build_all(root=root)
    except RuntimeError as e:
        print(f"{e}\nThe Python source still serves: nothing is lost.", file=sys.stderr)
        return 1
    except OSError as e:
        print(
            f"Could not write the build to {root or cache_dir()}: {e}\n"
            "Run it as the account that installed this Python (e.g. with sudo) to build for "
            "everyone, or without --for-everyone for your own account. The Python source still "
            "serves: nothing is lost.",
            file=sys.stderr,
        )
        return 1
    return 0
