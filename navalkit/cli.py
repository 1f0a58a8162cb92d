"""The ``navalkit`` command: ``list`` the games, ``serve`` the notebooks, ``play`` in a terminal.

``navalkit serve`` runs Voila on the notebooks folder with classroom settings (code hidden,
no tracebacks, idle kernels culled); ``navalkit play`` is a terminal fallback that lets
computer players play a whole game through the same Match protocol the notebooks use.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import webbrowser
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import quote

from ._paths import find_notebooks, notebooks_dir
from .core import compiled

DEFAULT_PORT = 8866
DEFAULT_IP = "localhost"
#: the page a student should open first; it links to every game
WELCOME_PAGE = "welcome.ipynb"
#: the page where students play at one table from their own machines: a few warm kernels
TABLE_PAGE = "table.ipynb"
#: the one play page that serves every game (``play.ipynb?game=branle_bas``): the class's pool
PLAY_PAGE = "play.ipynb"
#: classmates at one game from their own machines (``table.ipynb?code=KXPDRA``)
TABLE_PAGE = "table.ipynb"
#: the teacher's dashboard of the class's tables (``teacher.ipynb?teacher=<key>``)
DASHBOARD_PAGE = "teacher.ipynb"
#: kernels idle this long (seconds) with no page open are shut down, checked every
#: CULL_INTERVAL seconds: a closed tab frees its kernel within a minute (an open page never)
CULL_IDLE_TIMEOUT = 45
CULL_INTERVAL = 15
#: the server pings every page's connection this often (milliseconds) and closes one whose answer
#: is this late. A phone put to sleep or a laptop whose Wi-Fi dropped leaves a connection that
#: nothing closes: with Jupyter's defaults (30 s, 90 s) its kernel counted as in use for 100 s
#: and more before the culler could free it; now the connection is closed within 40 s.
WS_PING_INTERVAL_MS = 10_000
WS_PING_TIMEOUT_MS = 30_000
#: a preheated kernel taken by a student is replaced this long after (seconds): while a class
#: opens its pages at once, the machine serves them instead of starting their replacements
REFILL_DELAY_S = 30
#: how long Voila waits for a cell's outputs after the kernel says the cell is done. nbclient's
#: 4 s dropped whole boards ("Timeout waiting for IOPub output") when six pages opened at once
#: on a 2-core machine busy with other work: the outputs were on their way, Voila's process
#: only got to them late. A longer wait costs nothing when they come in time.
IOPUB_TIMEOUT_S = 30
#: kernels talk to the server over Unix sockets, not TCP ports. With TCP, each kernel picks
#: five free ports by asking the system for one and letting it go again; when 38 kernels start
#: together (a class's pools), two picked the same port, and that kernel and its restarts died
#: ("Address already in use"), leaving its pool short for good. Unix sockets need no ports, and
#: no other user on the machine can connect to them. (Unix sockets were once taken back for a
#: page that never loaded; that was the lost wake-up navalkit.serving.recheck_kernel_channels
#: now covers, and it happened on TCP too.)
KERNEL_TRANSPORT = "ipc"
#: static files Voila may serve from the notebooks folder (images, styles, fonts, small data)
FILE_ALLOWLIST = (r".*\.(png|jpe?g|gif|svg|webp|ico|css|woff2?|ttf|csv|json|txt|md)",)
#: never served, even if allow-listed: notebook and Python sources, hidden files and folders
FILE_DENYLIST = (r".*\.(ipynb|py)", r"(.*/)?\..*")
#: what the dashboards need beyond the rules (the ``jupyter`` extra)
JUPYTER_PARTS = ("voila", "ipywidgets", "ipycanvas")
#: the Voila page template (``share/voila/templates/navalkit``: the lab template without the
#: stylesheets it asks a CDN for, so that the pages work on a network that blocks it)
TEMPLATE = "navalkit"
TEMPLATE_ROOT = Path(__file__).resolve().parent / "share"


# --- URLs ---------------------------------------------------------------------------------


def base_url(port: int = DEFAULT_PORT, host: str = DEFAULT_IP) -> str:
    """The server's root, which is also the tree page listing every notebook."""
    return f"http://{host}:{port}/"


def page_url(path: str, port: int = DEFAULT_PORT, host: str = DEFAULT_IP) -> str:
    """The URL that renders the notebook at ``path`` (relative to the notebooks folder);
    a ``?query`` after the path reaches the page as its ``QUERY_STRING`` (e.g. ``?seed=3``)."""
    path, sep, query = path.partition("?")
    return f"{base_url(port, host)}voila/render/{quote(path)}{sep}{query}"


def tree_url(path: str = "", port: int = DEFAULT_PORT, host: str = DEFAULT_IP) -> str:
    """The URL of the tree page for a sub-folder (``""`` is the root, same as ``/``)."""
    return f"{base_url(port, host)}voila/tree/{quote(path)}"


# --- serve --------------------------------------------------------------------------------


def voila_options(
    notebooks: Path | str,
    *,
    port: int = DEFAULT_PORT,
    ip: str = DEFAULT_IP,
    pool_size: int = 0,
    pool_pages: Sequence[str] = (),
    show_tracebacks: bool = False,
    pools: Mapping[str, int] | None = None,
    max_kernels: int = 0,
    starts_at_once: int = 0,
) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """Voila's flags for serving ``notebooks`` in tree mode, classroom style, and its settings
    that are dictionaries (the websocket pings, the preheated pages), by config class, for a
    ``voila.json``: traitlets reads a dictionary on a command line only in a form it has
    deprecated since its 5.0. ValueError for a pool size below 0 or a page not found.

    ``pools`` (page -> kernels) preheats exactly those pages (a :func:`class_pools` plan) and
    wins over ``pool_size``. ``max_kernels`` > 0 caps the kernels and ``starts_at_once`` > 0
    queues kernel starts (:class:`navalkit.serving.ClassKernelManager`).

    ``pool_size`` > 0 keeps that many kernels preheated for each page students open at once:
    the ``pool_pages`` (paths under ``notebooks``), by default the welcome and play pages.
    A preheated kernel has imported navalkit and waits for its student's request (the play
    pages read the query string then). Lessons start a kernel when opened, so a class of
    pools does not swamp a small server at start-up; a teacher whose class opens one page
    today names just that page. The browser is never opened by Voila itself (``navalkit
    serve`` opens the welcome page instead).
    """
    if pool_size < 0:
        raise ValueError(f"pool size must be 0 or more, not {pool_size}")
    flags = [
        "--no-browser",
        f"--Voila.port={port}",
        f"--Voila.ip={ip}",
        f"--VoilaConfiguration.show_tracebacks={show_tracebacks}",
        "--VoilaConfiguration.strip_sources=True",
        f"--VoilaConfiguration.template={TEMPLATE}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_TIMEOUT}",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT_S}",
        f"--KernelManager.transport={KERNEL_TRANSPORT}",
    ]
    pings = {"ws_ping_interval": WS_PING_INTERVAL_MS, "ws_ping_timeout": WS_PING_TIMEOUT_MS}
    settings: dict[str, dict[str, Any]] = {"Voila": {"tornado_settings": pings}}
    flags += [f"--VoilaConfiguration.file_allowlist={p}" for p in FILE_ALLOWLIST]
    flags += [f"--VoilaConfiguration.file_denylist={p}" for p in FILE_DENYLIST]
    if max_kernels > 0 or starts_at_once > 0:
        flags += [
            "--VoilaConfiguration.multi_kernel_manager_class=navalkit.serving.ClassKernelManager",
            f"--ClassKernelManager.max_kernels={max(0, max_kernels)}",
            f"--ClassKernelManager.starts_at_once={max(1, starts_at_once)}",
        ]
    if pools is None and pool_size > 0:  # the older way: pool_size kernels for each page
        pages = _pages(notebooks, pool_pages)
        chosen = list(pool_pages) or [p for p in pages if p.endswith(("play.ipynb", WELCOME_PAGE))]
        pools = dict.fromkeys(chosen, pool_size)
    if pools:
        _pages(notebooks, list(pools))
        config: dict[str, dict[str, int]] = {"default": {"pool_size": 0}}
        config.update({p: {"pool_size": n} for p, n in pools.items() if n > 0})
        flags += [
            "--VoilaConfiguration.preheat_kernel=True",
            "--VoilaConfiguration.default_pool_size=0",
            f"--VoilaKernelManager.fill_delay={REFILL_DELAY_S}",
        ]
        settings["VoilaKernelManager"] = {"kernel_pools_config": config}
    return flags, settings


def voila_command(
    notebooks: Path | str, *, config_dir: Path | str | None = None, **options: Any
) -> list[str]:
    """The command line that serves ``notebooks`` with Voila, classroom style: the flags of
    :func:`voila_options` (same keyword ``options``), and its dictionary settings written to
    ``config_dir/voila.json``, the one config file the command reads (not one in the current
    folder or in ``~/.jupyter``). Give each server a folder of its own: ``serve`` makes one
    and removes it when Voila stops. ValueError as voila_options, or for a ``config_dir``
    holding a ``voila.py`` (Voila would read it too).

    Without ``config_dir`` (as navalkit 0.1.0 was called, and hub configs copied from its
    docs still call it) the dictionaries go on the command line, in the form traitlets has
    deprecated, and Voila reads no config file (the package's folder, named instead, has
    none)."""
    flags, settings = voila_options(notebooks, **options)
    if config_dir is None:
        folder = Path(__file__).resolve().parent
        for cls, traits in settings.items():
            flags += [f"--{cls}.{name}={json.dumps(value)}" for name, value in traits.items()]
    else:
        folder = Path(config_dir)
        if (folder / "voila.py").exists():
            raise ValueError(f"{folder} holds a voila.py: give the server a folder of its own")
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(settings, indent=1) + "\n"
        (folder / "voila.json").write_text(text, encoding="utf-8")
    where = f"--Voila.config_file_paths={folder.resolve()}"
    return [sys.executable, "-m", "voila", str(Path(notebooks).resolve()), *flags, where]


def _pages(notebooks: Path | str, wanted: Sequence[str]) -> list[str]:
    """The pages under ``notebooks`` (paths like ``branle_bas/play.ipynb``); ValueError when
    one of ``wanted`` is not among them."""
    root = Path(notebooks).resolve()
    pages = [p.relative_to(root).as_posix() for p in find_notebooks(root)]
    unknown = sorted(set(wanted) - set(pages))
    if unknown:
        raise ValueError(f"no such page to preheat: {', '.join(unknown)}")
    return pages


def class_pools(
    notebooks: Path | str, class_size: int, pool_pages: Sequence[str] = ()
) -> dict[str, int]:
    """Which pages a class of ``class_size`` finds preheated: the ``pool_pages`` named (today's
    page: the class shares its kernels out among them), or by default the one play page that
    serves every game (``play.ipynb?game=…``: a kernel for every student of the class,
    whatever game each opens), the welcome page (a few: students pass through it) and the
    table page (a few: the first students at tables open it at once); in a
    folder without that page, every ``<game>/play.ipynb`` shares the class out among them.
    ValueError for a page that is not there."""
    pages = _pages(notebooks, pool_pages)
    if pool_pages:
        chosen = list(pool_pages)
    elif PLAY_PAGE in pages:
        chosen = [PLAY_PAGE]
    else:
        chosen = [p for p in pages if p.endswith("play.ipynb")]
    if not chosen:
        return {}
    share = -(-class_size // len(chosen))  # rounded up: every student of the class has one
    pools = {p: share for p in chosen}
    for extra in (WELCOME_PAGE, TABLE_PAGE):
        if not pool_pages and extra in pages:
            pools[extra] = min(4, class_size)
    return pools


def voila_env() -> dict[str, str]:
    """What Voila's environment needs to find navalkit's page template (``TEMPLATE``, in the
    package's ``share`` folder): that folder first on ``JUPYTER_PATH``."""
    paths = [
        str(TEMPLATE_ROOT),
        *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep)),
    ]
    return {"JUPYTER_PATH": os.pathsep.join(paths)}


def wait_until_serving(
    url: str, timeout: float = 60.0, proc: subprocess.Popen[bytes] | None = None
) -> None:
    """Block until ``url`` answers HTTP 200; raise if ``proc`` exits or time runs out.

    Poll the tree (:func:`base_url`), not a page: opening a page starts a kernel.
    """
    # a local server: never go through the http_proxy a CI machine may set
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    deadline = time.monotonic() + timeout
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode} before answering")
        try:
            with opener.open(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError) as exc:
            last_error = exc
        time.sleep(0.2)
    raise TimeoutError(f"no answer from {url} within {timeout:.0f} s (last error: {last_error})")


def _display_host(ip: str) -> str:
    return "localhost" if ip in ("", "0.0.0.0", "::", "*") else ip


def serve(
    notebooks: Path,
    *,
    port: int = DEFAULT_PORT,
    ip: str = DEFAULT_IP,
    pool_size: int = 0,
    pool_pages: Sequence[str] = (),
    open_browser: bool = True,
    show_tracebacks: bool = False,
    class_size: int | None = None,
    max_kernels: int | None = None,
    data: Path | None = None,
    tables_url: str | None = None,
) -> int:
    """Run Voila on ``notebooks`` until interrupted; return its exit code.

    The class's shared tables live in ``data`` (a folder, created; default
    :func:`navalkit.tables.default_data_dir`), or in the PostgreSQL database at ``tables_url``
    when given; every page's kernel opens that store (:func:`navalkit.tables.open_from_env`).

    Ready for a class without flags (:mod:`navalkit.serving`): kernels preheated for the class
    (``class_size``, default 30 or what memory allows) on the play pages (or ``pool_pages``),
    at most ``max_kernels`` at once (default from free memory), kernel starts queued by cores.
    ``pool_size`` > 0 is the older way: that many kernels for each page, no class plan."""
    if not notebooks.is_dir():
        raise FileNotFoundError(f"no notebooks folder at {notebooks}")
    missing = [name for name in JUPYTER_PARTS if importlib.util.find_spec(name) is None]
    if missing:
        print(
            f"navalkit: error: the dashboards need {', '.join(missing)}; install navalkit's "
            'Jupyter parts with: python -m pip install "navalkit[jupyter]"',
            file=sys.stderr,
        )
        return 2
    # Voila reads its dictionary settings from a voila.json of this server's own (see
    # voila_command), removed when it stops
    with tempfile.TemporaryDirectory(prefix="navalkit-voila-") as config_dir:
        host = _display_host(ip)
        start = (
            page_url(WELCOME_PAGE, port, host)
            if (notebooks / WELCOME_PAGE).is_file()
            else base_url(port, host)
        )
        from .serving import KERNEL_MIB, plan_class, this_machine

        try:
            plan = plan_class(this_machine(), class_size, max_kernels)
            pools = None if pool_size > 0 else class_pools(notebooks, plan.class_size, pool_pages)
            cmd = voila_command(
                notebooks,
                config_dir=config_dir,
                port=port,
                ip=ip,
                pool_size=pool_size,
                pool_pages=pool_pages,
                show_tracebacks=show_tracebacks,
                pools=pools,
                max_kernels=plan.max_kernels,
                starts_at_once=plan.starts_at_once,
            )
        except ValueError as exc:
            print(f"navalkit: error: {exc}", file=sys.stderr)
            return 2
        from .core.errors import NavalkitError
        from .play.presence import PAGES_ENV
        from .play.teacher import TEACHER_KEY_ENV, new_teacher_key, teacher_key

        try:
            store_env, store_where = tables_store(data, tables_url)
        except (OSError, NavalkitError) as exc:
            print(f"navalkit: error: the tables' store cannot be opened: {exc}", file=sys.stderr)
            return 2
        key = teacher_key() or new_teacher_key()  # the pages' kernels read it from the environment
        # the folder where the server notes which kernels have a page connected, read by a
        # seat's kernel before it tells its table the page is open (play.presence)
        pages = tempfile.mkdtemp(prefix="navalkit-pages-")
        env = {**os.environ, **voila_env(), TEACHER_KEY_ENV: key, **store_env, PAGES_ENV: pages}
        print(f"navalkit: serving {notebooks} with Voila", flush=True)
        print(f"  start here:  {start}", flush=True)
        print(f"  all pages:   {base_url(port, host)}", flush=True)
        if (notebooks / TABLE_PAGE).is_file():
            print(f"  tables:      {page_url(TABLE_PAGE, port, host)}", flush=True)
        print(f"  table data:  {store_where}", flush=True)
        if (notebooks / PLAY_PAGE).exists():
            print(f"  play:        {page_url(PLAY_PAGE, port, host)}?game=<game>", flush=True)
        for line in plan.lines():
            print(f"  class:       {line}", flush=True)
        print(f"  engines:     {compiled.engines_words()}", flush=True)
        if pools:
            shown = ", ".join(f"{page} {n}" for page, n in pools.items())
            total = sum(pools.values())
            print(
                f"  preheated:   {shown} ({total} kernels, about {total * KERNEL_MIB} MB)",
                flush=True,
            )
        print(
            f"  teacher:     add ?teacher={key} to a play page's link to see every hand", flush=True
        )
        if (notebooks / DASHBOARD_PAGE).is_file():
            dashboard = page_url(f"{DASHBOARD_PAGE}?teacher={key}", port, host)
            print(f"  dashboard:   {dashboard}", flush=True)
        print(
            "               (keep it to yourself: students' pages have no teacher view)", flush=True
        )
        print("  press Ctrl+C to stop", flush=True)
        proc = subprocess.Popen(cmd, cwd=notebooks, env=env)

        def forward(signum: int, frame: FrameType | None) -> None:
            proc.send_signal(signum)

        previous = signal.signal(signal.SIGTERM, forward)
        if open_browser:
            args = (start, base_url(port, host), proc)
            threading.Thread(target=_open_when_ready, args=args, daemon=True).start()
        try:
            while True:
                try:
                    return proc.wait()
                except KeyboardInterrupt:
                    # the terminal sent SIGINT to Voila too; give it time to shut kernels down
                    try:
                        return proc.wait(timeout=10)
                    except subprocess.TimeoutExpired:
                        proc.terminate()
        finally:
            signal.signal(signal.SIGTERM, previous)
            if proc.poll() is None:
                proc.kill()
            shutil.rmtree(pages, ignore_errors=True)


def tables_store(data: Path | None, tables_url: str | None) -> tuple[dict[str, str], str]:
    """The environment that sends every page's kernel to the class's table store, and where
    that store is in words (never a password). The data folder is created and the store opened
    once here, so that a wrong folder or an unreachable database is said at start-up, not by
    the first student's page (OSError or :class:`~navalkit.tables.StoreError`)."""
    from .tables import DATA_ENV, TABLES_URL_ENV, default_data_dir, open_store

    folder = (data if data is not None else default_data_dir()).expanduser().resolve()
    env = {DATA_ENV: str(folder), TABLES_URL_ENV: tables_url or ""}
    if not tables_url:
        folder.mkdir(parents=True, exist_ok=True)
    store = open_store(tables_url or folder)
    try:
        where = store.dialect.describe()
    finally:
        store.close()
    kind = "PostgreSQL" if tables_url else "SQLite"
    change = "--tables-url to change" if tables_url else "--data DIR to change"
    return env, f"{where} ({kind}; {change})"


def _open_when_ready(url: str, tree: str, proc: subprocess.Popen[bytes]) -> None:
    try:
        wait_until_serving(tree, timeout=120, proc=proc)
    except (RuntimeError, TimeoutError):
        return
    webbrowser.open(url)


# --- list and play --------------------------------------------------------------------------


def list_games() -> int:
    """Print one line per registered game; exit code 1 if some game fails to load."""
    from .core import games, get_game

    status = 0
    for game_id in games():
        try:
            game = get_game(game_id)
        except Exception as exc:  # a game under construction must not hide the others
            print(f"{game_id:<16} (cannot be loaded: {type(exc).__name__}: {exc})")
            status = 1
            continue
        players = (
            f"{game.min_players} players"
            if game.min_players == game.max_players
            else f"{game.min_players}-{game.max_players} players"
        )
        summary = f": {game.summary}" if game.summary else ""
        print(f"{game.id:<16} {game.title} ({players}){summary}")
    return status


def play(
    game_id: str,
    *,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    quiet: bool = False,
    max_moves: int = 10_000,
) -> int:
    """Let bots play a whole game of ``game_id`` and print the moves and the result."""
    from .core import get_game, make_bot, new_match, play_bot_move

    game = get_game(game_id)
    players = len(bots) if len(bots) > 1 else None
    match = new_match(game_id, seed=seed, players=players)
    names = list(bots) if len(bots) > 1 else list(bots) * match.players
    seats = [make_bot(game, name) for name in names]
    print(
        f"{game.title}, seed {seed}: "
        + ", ".join(f"{game.player_name(i)} = {name}" for i, name in enumerate(names))
    )
    shown = 0
    if not quiet:
        shown = _print_events(match, shown)
    moves = 0
    while not match.is_over:
        if moves >= max_moves:
            print(f"Stopped after {max_moves} moves without an end. {match.status}")
            return 1
        seat = match.current_player
        if seat is None:
            raise RuntimeError(f"{game.title}: no seat to move but the game is not over")
        play_bot_move(match, seats[seat])
        moves += 1
        if not quiet:
            shown = _print_events(match, shown)
    scores = ", ".join(f"{game.player_name(i)} {s}" for i, s in enumerate(match.scores))
    print(match.status)
    print(f"Scores: {scores} (after {moves} moves)")
    return 0


def _print_events(match: object, shown: int) -> int:
    events = match.events  # type: ignore[attr-defined]
    for number, event in enumerate(events[shown:], start=shown + 1):
        print(f"{number:>4}. {event.text}")
    return len(events)


# --- argument parsing -----------------------------------------------------------------------


def _bot_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give at least one bot name, e.g. random or random,random")
    return names


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``navalkit`` command."""
    parser = argparse.ArgumentParser(
        prog="navalkit", description="Historical naval games in Jupyter and Voila."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub.add_parser("list", help="list the games", description="List the registered games.")

    srv = sub.add_parser(
        "serve",
        help="serve the notebooks with Voila",
        description="Serve the notebooks folder with Voila: code hidden, tracebacks hidden, "
        "idle kernels shut down. Open the printed start page in a browser.",
    )
    srv.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default %(default)s)")
    srv.add_argument(
        "--ip",
        default=DEFAULT_IP,
        help="address to listen on (default %(default)s; 0.0.0.0 to let a classroom connect)",
    )
    srv.add_argument("--no-browser", action="store_true", help="do not open a browser")
    srv.add_argument(
        "--pool-size",
        type=int,
        default=0,
        metavar="N",
        help="preheat N kernels per notebook so pages open faster (default 0: off)",
    )
    srv.add_argument(
        "--pool-page",
        action="append",
        default=[],
        metavar="PAGE",
        help="preheat only this page, e.g. branle_bas/lesson.ipynb (repeatable; default: the "
        "one play page play.ipynb, which serves every game, and the welcome page)",
    )
    srv.add_argument(
        "--class-size",
        type=int,
        default=None,
        metavar="N",
        help="students expected at once: N kernels are preheated for them, shared out among "
        "the play pages or the --pool-page pages (default 30, or fewer if memory is short)",
    )
    srv.add_argument(
        "--max-kernels",
        type=int,
        default=None,
        metavar="N",
        help="pages open at once before the next student is told the server is full "
        "(default: what the free memory holds, about 95 MB each)",
    )
    srv.add_argument(
        "--notebooks",
        type=Path,
        default=None,
        metavar="DIR",
        help="folder of notebooks to serve (default: navalkit's own notebooks)",
    )
    srv.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="folder for the class's shared tables (created; default $NAVALKIT_DATA or "
        "~/.local/share/navalkit)",
    )
    srv.add_argument(
        "--tables-url",
        default=os.environ.get("NAVALKIT_TABLES_URL") or None,
        metavar="URL",
        help="keep the shared tables in PostgreSQL instead (postgresql://user:pass@host/db): "
        "for several server machines",
    )
    srv.add_argument(
        "--debug",
        action="store_true",
        help="show Python tracebacks in the pages (for teachers, not students)",
    )

    ply = sub.add_parser(
        "play",
        help="watch computer players play a game in the terminal",
        description="Play a whole game between computer players and print the result.",
    )
    ply.add_argument("game", help="game id (see `navalkit list`)")
    ply.add_argument("--seed", type=int, default=0, help="seed for all chance (default 0)")
    ply.add_argument(
        "--bots",
        type=_bot_list,
        default=["random"],
        metavar="A,B",
        help="bot per seat, comma-separated; one name plays every seat (default random)",
    )
    ply.add_argument("--quiet", action="store_true", help="print only the result")
    ply.add_argument("--max-moves", type=int, default=10_000, help="give up after this many moves")

    sim = sub.add_parser(
        "simulate",
        help="play many seeded games between bots and tabulate them",
        description="Play GAMES seeded games between computer players (game i uses seed "
        "SEED+i) and write one row per game: seed, bots, winner, length, scores.",
    )
    sim.add_argument("game", help="game id (see `navalkit list`)")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument(
        "--bots",
        type=_bot_list,
        default=None,
        metavar="A,B",
        help="bot per seat: random, greedy, mcts or easy/medium/hard (default random)",
    )
    sim.add_argument("--players", type=int, default=None, help="number of players")
    sim.add_argument("--out", type=Path, default=None, help="write a .csv or .parquet file")
    sim.add_argument("--workers", type=int, default=None, help="local processes (default: cores)")
    sim.add_argument("--scheduler", default=None, help="a Dask scheduler address to run on")
    sim.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game setting, e.g. --set triumph_bonus=100 (repeatable)",
    )
    comp = sub.add_parser(
        "compile",
        help="compile the slowest engines with mypyc (optional, for speed)",
        description="Compile the engines that have a compiled build (the Match, which every "
        "game's moves pass through, and Far Seas' mechanics) with mypyc, which comes with mypy, "
        "and a C compiler. The build is kept in NAVALKIT_COMPILED_DIR (else "
        "~/.cache/navalkit/compiled, or with --for-everyone in the Python environment) and used "
        "only while the source is exactly the one it was built from; NAVALKIT_PURE=1 turns it "
        "off.",
    )
    comp.add_argument(
        "what", choices=compiled.ACTIONS, nargs="?", default="build",
        help="build (the default), show what is built, or remove every build",
    )  # fmt: skip
    comp.add_argument("--for-everyone", action="store_true", help=compiled.FOR_EVERYONE)
    new = sub.add_parser(
        "new-game",
        help="start a new game from the template",
        description="Copy the template game (a small working two-player game with every "
        "module of the room plan, see docs/architecture.md) into navalkit/games/NAME, with a "
        "lesson, a play and a what-if page in notebooks/NAME.",
    )
    new.add_argument("name", help="the game's id: lower-case letters, digits, underscores")
    new.add_argument("--title", default=None, help="the game's title (default: from NAME)")
    site = sub.add_parser(
        "build-site",
        help="build a static site where the games play in the browser (no server)",
        description="Write a static folder where students play the games in the browser: "
        "Python runs in the page (Pyodide), so any static file server will do, e.g. "
        "`python -m http.server -d DIR 8000`. Pyodide is fetched with `npm pack` and cached.",
    )
    site.add_argument("out", type=Path, metavar="DIR", help="folder to write the site into")
    site.add_argument(
        "--games", nargs="+", default=None, metavar="GAME", help="game ids (default: all)"
    )
    site.add_argument(
        "--pyodide",
        type=Path,
        default=None,
        metavar="PATH",
        help="an already-extracted Pyodide folder to use instead of fetching one (offline)",
    )
    return parser


def build_site_command(args: argparse.Namespace) -> int:
    """``navalkit build-site``: build the server-free site and say how to serve it."""
    from .site.build import SiteBuildError, build_site

    try:
        report = build_site(args.out, args.games, pyodide_dir=args.pyodide)
    except SiteBuildError as exc:
        print(f"navalkit: error: {exc}", file=sys.stderr)
        return 2
    print(f"navalkit: {report}")
    print(f"  serve it:  python -m http.server -d {args.out} 8000")
    print("  then open: http://localhost:8000/")
    first = report.games[0] if report.games else "naval_war"
    print(
        "  teacher's link (keep it to yourself; any game: change game=): "
        f"http://localhost:8000/play.html?game={first}&teacher={report.teacher_key}"
    )
    return 0


def new_game_command(args: argparse.Namespace) -> int:
    """``navalkit new-game``: write the new game's folder and pages, and say what is next."""
    from .scaffold import ScaffoldError, new_game

    try:
        written = new_game(args.name, args.title)
    except ScaffoldError as exc:
        print(f"navalkit: error: {exc}", file=sys.stderr)
        return 2
    print(f"navalkit: wrote {len(written)} files:")
    for path in written:
        print(f"  {path}")
    print(f"next: replace the template's rules with yours, add a line for {args.name} to")
    print("  docs/teaching.md, and run: python -m pytest tests/test_every_game.py")
    return 0


def _setting_value(text: str) -> object:
    """A --set value as the JSON it looks like (numbers, true/false), else as text."""
    import json

    try:
        return json.loads(text)
    except ValueError:
        return text


def simulate_command(args: argparse.Namespace) -> int:
    """``navalkit simulate``: run, show a progress bar on stderr, print a summary, write --out."""
    from .core import get_game, simulate
    from .core.simulate import progress_bar

    config: dict[str, Any] = {}
    for item in args.set:
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--set takes NAME=VALUE, not {item!r}")
        config[name.strip()] = _setting_value(value.strip())
    bots = args.bots
    if bots is not None and len(bots) == 1:
        players = args.players or get_game(args.game).default_players
        bots = bots * players
    if args.out is not None and args.out.suffix not in (".csv", ".parquet"):
        raise ValueError(f"--out must end in .csv or .parquet, not {args.out.suffix!r}")

    bar = progress_bar(args.games, get_game(args.game).title)

    frame = simulate(
        args.game,
        games=args.games,
        bots=bots,
        seed=args.seed,
        players=args.players,
        workers=args.workers,
        scheduler=args.scheduler,
        on_progress=bar.update,
        **config,
    )
    bar.close()
    if len(frame):
        wins = frame["winner_bot"].fillna("draw").value_counts()
        print(f"{len(frame)} games of {args.game}; outcomes: " + ", ".join(
            f"{name} {count}" for name, count in wins.items()
        ))  # fmt: skip
        print(f"mean length {frame['length'].mean():.1f} actions")
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        if args.out.suffix == ".csv":
            frame.to_csv(args.out, index=False)
        else:
            try:
                frame.to_parquet(args.out, index=False)
            except ImportError as exc:
                raise ValueError(f"writing parquet needs pyarrow ({exc}); use .csv") from None
        print(f"wrote {len(frame)} rows to {args.out}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``navalkit`` command; return its exit code."""
    from .core import NavalkitError

    args = build_parser().parse_args(argv)
    try:
        if args.command == "list":
            return list_games()
        if args.command == "serve":
            folder = args.notebooks if args.notebooks is not None else notebooks_dir()
            return serve(
                folder.resolve(),
                port=args.port,
                ip=args.ip,
                pool_size=args.pool_size,
                pool_pages=args.pool_page,
                class_size=args.class_size,
                max_kernels=args.max_kernels,
                open_browser=not args.no_browser,
                show_tracebacks=args.debug,
                data=args.data,
                tables_url=args.tables_url,
            )
        if args.command == "simulate":
            return simulate_command(args)
        if args.command == "build-site":
            return build_site_command(args)
        if args.command == "new-game":
            return new_game_command(args)
        if args.command == "compile":
            return compiled.main([args.what, *(["--for-everyone"] if args.for_everyone else [])])
        if args.command == "play":
            return play(
                args.game,
                seed=args.seed,
                bots=args.bots,
                quiet=args.quiet,
                max_moves=args.max_moves,
            )
    except (NavalkitError, ValueError, FileNotFoundError) as exc:
        print(f"navalkit: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `navalkit play ... | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    raise AssertionError(f"unhandled command {args.command!r}")


if __name__ == "__main__":
    sys.exit(main())
