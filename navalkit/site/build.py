"""``navalkit build-site DIR``: a static folder where the games play in the browser, no server.

Python runs in the page through Pyodide (the CPython interpreter built for WebAssembly). Only
Pyodide's core is shipped (interpreter and standard library): navalkit's rules, bots and SVG
drawing are pure Python on the standard library, so nothing else is needed. The folder holds:

- ``index.html`` (the games), ``play.html?game=ID`` (one game), ``site.js``, ``site.css``;
- ``pyodide/``: Pyodide's core files and a ``pyodide-lock.json`` listing exactly the packages
  shipped beside them (none, unless a school's own Pyodide folder brings some), so the page
  never asks anyone else for anything;
- ``navalkit.zip``: navalkit's pure-Python package (no widgets, tests or notebooks), which the
  page unpacks into Pyodide's file system;
- ``site.json``: what was built (versions, games), and each game's *How to play* and *Rules and
  where they come from* as the Voila play page shows them (``guide``), which the play page
  shows while Python is still loading.

Pyodide comes from the npm package ``pyodide`` (``npm pack``), cached in ``$NAVALKIT_CACHE``
or ``~/.cache/navalkit``; ``pyodide_dir`` uses an already-extracted Pyodide folder instead.
"""

from __future__ import annotations

import html
import io
import json
import os
import shutil
import subprocess
import tarfile
import time
import zipfile
from dataclasses import dataclass
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from navalkit.core import games as registered_games
from navalkit.core import get_game
from navalkit.play.guide import (
    HOW_TO_TITLE,
    IN_FORCE_TITLE,
    RULE_SOURCES,
    RULES_TITLE,
    SEED_LABEL,
    SEED_TIP,
    clauses_html,
    how_to_play_html,
)
from navalkit.play.how_to import SITE_PAGE
from navalkit.play.teacher import MIN_KEY_LENGTH, key_hash, new_teacher_key

PYODIDE_VERSION = "0.29.3"
#: the files of Pyodide's core that the page loads
PYODIDE_CORE = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
LOCK_FILE = "pyodide-lock.json"
ARCHIVE = "navalkit.zip"
#: the static assets copied as they are
ASSETS = ("site.js", "site.css")
#: parts of the package the browser never imports (they need ipywidgets/ipycanvas, or are
#: for developers)
_SKIP_PACKAGES = ("widgets", "testing", "notebooks", "__pycache__")
_SKIP_SUFFIXES = (".pyc",)
#: a fixed time for the archive's entries, so the same sources give the same bytes
_ZIP_TIME = (2020, 1, 1, 0, 0, 0)
_PACKAGE_DIR = Path(__file__).resolve().parents[1]


class SiteBuildError(RuntimeError):
    """The site cannot be built; the message says what to do."""


@dataclass(frozen=True)
class SiteReport:
    """What :func:`build_site` made."""

    out_dir: Path
    games: tuple[str, ...]
    pyodide_version: str
    pyodide_source: str
    seconds: float
    #: the key of the site's teacher link (``play.html?game=…&teacher=<key>``); only its
    #: SHA-256 is written into the site
    teacher_key: str = ""

    def __str__(self) -> str:
        return (
            f"built {self.out_dir} in {self.seconds:.1f} s: {len(self.games)} games "
            f"({', '.join(self.games)}), Pyodide {self.pyodide_version} from {self.pyodide_source}"
        )


# --- Pyodide ----------------------------------------------------------------------------------


def cache_dir() -> Path:
    """Where fetched Pyodide tarballs are kept: ``$NAVALKIT_CACHE`` or ``~/.cache/navalkit``."""
    return Path(os.environ.get("NAVALKIT_CACHE") or Path.home() / ".cache" / "navalkit")


def _npm() -> str:
    npm = shutil.which("npm")
    if npm is None:
        raise SiteBuildError(
            "building the site needs npm to fetch Pyodide (the npm package 'pyodide'): "
            "install Node.js and npm (e.g. `apt-get install npm`), or pass --pyodide DIR "
            "with an already-extracted Pyodide folder"
        )
    return npm


def pyodide_tarball(version: str = PYODIDE_VERSION, cache: Path | None = None) -> Path:
    """The npm tarball of Pyodide ``version``, fetched with ``npm pack`` once and then reused."""
    folder = cache or cache_dir()
    tarball = folder / f"pyodide-{version}.tgz"
    if tarball.is_file():
        return tarball
    folder.mkdir(parents=True, exist_ok=True)
    cmd = [_npm(), "pack", f"pyodide@{version}", "--pack-destination", str(folder), "--silent"]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
    except subprocess.TimeoutExpired:
        raise SiteBuildError(f"`npm pack pyodide@{version}` took over 10 minutes") from None
    if done.returncode != 0 or not tarball.is_file():
        raise SiteBuildError(
            f"`npm pack pyodide@{version}` failed (exit {done.returncode}): "
            f"{(done.stderr or done.stdout).strip()[-800:]}"
        )
    return tarball


def extract_pyodide(tarball: Path, version: str = PYODIDE_VERSION) -> Path:
    """Pyodide's files from ``tarball``, extracted once beside it; return their folder."""
    target = tarball.parent / f"pyodide-{version}"
    if all((target / name).is_file() for name in (*PYODIDE_CORE, LOCK_FILE)):
        return target
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    try:
        with tarfile.open(tarball, "r:gz") as tar:
            for member in tar.getmembers():
                name = member.name.removeprefix("package/")
                if not member.isfile() or "/" in name:
                    continue
                source = tar.extractfile(member)
                if source is not None:
                    (partial / name).write_bytes(source.read())
    except (tarfile.TarError, OSError) as exc:
        shutil.rmtree(partial, ignore_errors=True)
        raise SiteBuildError(f"cannot read the Pyodide tarball {tarball}: {exc}") from None
    shutil.rmtree(target, ignore_errors=True)
    partial.rename(target)
    return target


def _check_pyodide_dir(folder: Path) -> None:
    missing = [name for name in (*PYODIDE_CORE, LOCK_FILE) if not (folder / name).is_file()]
    if missing:
        raise SiteBuildError(
            f"{folder} is not a Pyodide folder: it lacks {', '.join(missing)} "
            f"(expected Pyodide's core files: {', '.join(PYODIDE_CORE)} and {LOCK_FILE})"
        )


def pyodide_version_of(folder: Path) -> str:
    """The version a Pyodide folder says it is (its ``package.json``, else its lock file)."""
    package = folder / "package.json"
    if package.is_file():
        version = json.loads(package.read_text(encoding="utf-8")).get("version")
        if version:
            return str(version)
    lock = json.loads((folder / LOCK_FILE).read_text(encoding="utf-8"))
    return str(lock.get("info", {}).get("version", "unknown"))


def shipped_lock(lock: dict[str, Any], folder: Path) -> dict[str, Any]:
    """The lock file for what is shipped: the packages whose files are in ``folder`` (all of
    them for a full Pyodide distribution; none for the npm package, which has only the core).

    A package is kept only if its dependencies are kept too, so ``loadPackage`` can never
    reach for a file that is not there.
    """
    packages = {
        name: entry
        for name, entry in lock.get("packages", {}).items()
        if (folder / str(entry.get("file_name", ""))).is_file()
    }
    changed = True
    while changed:
        changed = False
        for name, entry in list(packages.items()):
            if any(dep not in packages for dep in entry.get("depends", [])):
                del packages[name]
                changed = True
    return {**lock, "packages": packages}


def copy_pyodide(source: Path, target: Path) -> dict[str, Any]:
    """Copy Pyodide's core (and any package files its lock lists and the folder holds) into
    ``target``; write the lock for what was copied and return it."""
    _check_pyodide_dir(source)
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        shutil.copyfile(source / name, target / name)
    lock = shipped_lock(json.loads((source / LOCK_FILE).read_text(encoding="utf-8")), source)
    for entry in lock["packages"].values():
        shutil.copyfile(source / entry["file_name"], target / entry["file_name"])
    (target / LOCK_FILE).write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock


# --- navalkit as an archive -------------------------------------------------------------------


def _shipped(path: Path, games: tuple[str, ...]) -> bool:
    parts = path.relative_to(_PACKAGE_DIR).parts
    if any(p in _SKIP_PACKAGES for p in parts) or path.suffix in _SKIP_SUFFIXES:
        return False
    if parts[:2] == ("site", "static"):
        return False
    if len(parts) > 2 and parts[0] == "games" and parts[1] not in games:
        return False
    return path.suffix in (".py", ".typed", ".md", ".json")


def navalkit_archive(games: tuple[str, ...]) -> bytes:
    """navalkit's pure-Python package as a zip (``navalkit/...``): the rules and drawing of
    ``games``, the core, the SVG renderer and the page's controller; no widgets, tests or
    notebooks. The same sources give the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(_PACKAGE_DIR.rglob("*")):
            if path.is_file() and _shipped(path, games):
                name = "navalkit/" + path.relative_to(_PACKAGE_DIR).as_posix()
                info = zipfile.ZipInfo(name, date_time=_ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


# --- pages --------------------------------------------------------------------------------------


def _asset(name: str) -> str:
    return (resources.files("navalkit.site") / "static" / name).read_text(encoding="utf-8")


def _players(game: Any) -> str:
    if game.min_players == game.max_players:
        return f"{game.min_players} players"
    return f"{game.min_players}-{game.max_players} players"


def index_html(games: tuple[str, ...]) -> str:
    """The welcome page: one link per game, with its summary."""
    import html

    items = []
    for game_id in games:
        g = get_game(game_id)
        items.append(
            f'<li><a class="game-link" href="play.html?game={html.escape(g.id)}">'
            f"{html.escape(g.title)}</a> <small>({_players(g)})</small>"
            f"<br><span>{html.escape(g.summary)}</span></li>"
        )
    return _asset("index.html").replace("<!--GAMES-->", "\n".join(items))


def play_html() -> str:
    """The site's play page: its teacher's Game number box named and explained as the Voila
    pages' (play.guide.SEED_LABEL, SEED_TIP; it said "Seed", our developers' word)."""
    label = html.escape(SEED_LABEL.rstrip(":"))
    named = f'<span title="{html.escape(SEED_TIP)}.">{label}</span>'
    return _asset("play.html").replace("<!--SEED_LABEL-->", named)


def site_how_to_words(game: Any) -> str:
    """What the site's How to play adds to the game's own (as the Voila play page adds its
    ``RULES_WORDS``): who plays, with the page's own lists and New game button (it has no
    Ways to play links and no settings form), and where the rules and settings are."""
    side = (
        " Against the computer, <b>You play</b> says which side is yours."
        if game.max_players == 2
        else ""
    )
    return (
        "<p><b>Who plays.</b> Choose the <b>Opponent</b> (the computer, at the strength named, "
        "or classmates taking turns at this computer) and the number of <b>Players</b>, then "
        f"press <b>New game</b>.{side}</p>"
        "<p><b>The buttons.</b> <b>Computer move</b> lets the computer make your move, <b>Undo</b> "
        "takes your last move back, <b>Cancel move</b> drops a move half made.</p>"
        f"<p><b>The rules.</b> <b>{RULES_TITLE}</b> shows where every rule comes from: "
        f"{RULE_SOURCES}. <b>{IN_FORCE_TITLE}</b> lists the settings this game is played with, "
        "the HOUSE ones too: the game's own, or those of the link that opened this page (a "
        "teacher may switch them in the link).</p>"
    )


def game_guide(game_id: str) -> dict[str, str]:
    """A game's *How to play* and *Rules and where they come from* for the site's play page
    (HTML, every rule's words escaped): the Voila play page's, built by the same functions,
    without its paragraphs about its own controls (``SITE_PAGE``)."""
    game = get_game(game_id)
    return {
        "how_to_title": HOW_TO_TITLE,
        "how_to": how_to_play_html(game, SITE_PAGE, site_how_to_words(game)),
        "rules_title": RULES_TITLE,
        "rules": clauses_html(game),
    }


def resolve_games(games: list[str] | tuple[str, ...] | None) -> tuple[str, ...]:
    """The game ids to build (all registered games by default), checked."""
    known = registered_games()
    chosen = tuple(games or known)
    unknown = [g for g in chosen if g not in known]
    if unknown:
        raise SiteBuildError(f"no game {', '.join(unknown)}; the games are: {', '.join(known)}")
    return tuple(dict.fromkeys(chosen))


def build_site(
    out_dir: str | os.PathLike[str],
    games: list[str] | tuple[str, ...] | None = None,
    pyodide_version: str = PYODIDE_VERSION,
    *,
    pyodide_dir: str | os.PathLike[str] | None = None,
    cache: Path | None = None,
    teacher_key: str | None = None,
) -> SiteReport:
    """Build the server-free site into ``out_dir`` (created; files of an earlier build are
    replaced). ``pyodide_dir`` uses that extracted Pyodide folder instead of ``npm pack``.
    ``teacher_key`` opens the teacher's controls on the site's pages (a fresh random one by
    default, returned in the report); the site holds only its SHA-256."""
    key = teacher_key or new_teacher_key()
    if len(key) < MIN_KEY_LENGTH:
        raise SiteBuildError(f"a teacher key needs at least {MIN_KEY_LENGTH} characters")
    start = time.monotonic()
    chosen = resolve_games(games)
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise SiteBuildError(f"{out} exists and is not a folder")
    if pyodide_dir is not None:
        source = Path(pyodide_dir)
        _check_pyodide_dir(source)
        version = pyodide_version_of(source)
        origin = str(source)
    else:
        source = extract_pyodide(pyodide_tarball(pyodide_version, cache), pyodide_version)
        version, origin = pyodide_version, f"npm pack pyodide@{pyodide_version}"
    out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(out / "pyodide", ignore_errors=True)
    lock = copy_pyodide(source, out / "pyodide")
    (out / ARCHIVE).write_bytes(navalkit_archive(chosen))
    for name in ASSETS:
        (out / name).write_text(_asset(name), encoding="utf-8")
    (out / "play.html").write_text(play_html(), encoding="utf-8")
    (out / "index.html").write_text(index_html(chosen), encoding="utf-8")
    manifest = {
        "navalkit": metadata.version("navalkit"),
        "pyodide": version,
        "pyodide_packages": sorted(lock["packages"]),
        "games": [{"id": g, "title": get_game(g).title, "guide": game_guide(g)} for g in chosen],
        "archive": ARCHIVE,
        "teacher_hash": key_hash(key),
    }
    (out / "site.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return SiteReport(out, chosen, version, origin, time.monotonic() - start, key)
