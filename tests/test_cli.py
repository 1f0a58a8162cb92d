"""The ``navalkit`` command: list, play (with a tiny registered game), and serve's command line."""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import json
import signal
import subprocess
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from navalkit import cli, serving
from navalkit._paths import checkout_notebooks_dir, find_notebooks, notebooks_dir
from navalkit.core import (
    Clause,
    ClauseBook,
    Game,
    RulesVersion,
    Violation,
    compiled,
    registry,
    setting,
)
from navalkit.play.teacher import TEACHER_KEY_ENV


@pytest.fixture(autouse=True)
def class_data_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`navalkit serve` opens the class's table store at start-up: in a test, a scratch one."""
    data = tmp_path / "class-data"
    monkeypatch.setenv("NAVALKIT_DATA", str(data))
    monkeypatch.delenv("NAVALKIT_TABLES_URL", raising=False)
    return data


# --- a tiny game: take 1-3 stones, whoever takes the last one wins ---------------------------


@dataclass(frozen=True)
class NimConfig:
    stones: int = setting(7, provenance="HOUSE", help="stones on the table", low=1, high=50)


@dataclass(frozen=True)
class Take:
    n: int

    def to_json(self) -> dict[str, Any]:
        return {"take": self.n}

    def describe(self) -> str:
        return f"takes {self.n}"


@dataclass(frozen=True)
class NimState:
    stones: int
    to_move: int
    last: int | None = None


class TinyNim(Game[NimState, Take, NimState, Any]):
    id = "tiny_nim"
    title = "Tiny Nim"
    rules_history = (RulesVersion("1", "2026-11-21", "The first version."),)
    summary = "take 1 to 3 stones; the last stone wins"
    min_players = 2
    max_players = 2
    default_players = 2
    config_type = NimConfig
    state_type = NimState
    view_type = NimState
    clauses = ClauseBook([Clause("N1", "Take", "Take 1 to 3 stones.", "HOUSE")])

    def initial_state(self, config: NimConfig, players: int) -> NimState:
        return NimState(config.stones, 0)

    def to_move(self, state: NimState) -> int | None:
        return None if state.stones == 0 else state.to_move

    def legal_actions(self, state: NimState) -> list[Take]:
        return [Take(n) for n in (1, 2, 3) if n <= state.stones]

    def violation(self, state: NimState, action: object) -> Violation | None:
        if action in self.legal_actions(state):
            return None
        return Violation("N1", "take 1 to 3 stones, no more than are left")

    def apply(self, state: NimState, action: Take) -> NimState:
        return NimState(state.stones - action.n, 1 - state.to_move, state.to_move)

    def is_over(self, state: NimState) -> bool:
        return state.stones == 0

    def scores(self, state: NimState) -> tuple[int, ...]:
        return tuple(int(self.winner(state) == seat) for seat in (0, 1))

    def winner(self, state: NimState) -> int | None:
        return state.last if state.stones == 0 else None

    def observe(self, state: NimState, player: int | None) -> NimState:
        return state

    def action_from_json(self, data: Any) -> Take:
        return Take(int(data["take"]))


GAME = TinyNim()


@pytest.fixture
def only_tiny_nim(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry holds just Tiny Nim (restored afterwards)."""
    monkeypatch.setattr(registry, "_MODULES", {"tiny_nim": __name__})
    monkeypatch.setattr(registry, "_LOADED", {})


# --- list ------------------------------------------------------------------------------------


def test_list_prints_one_line_per_game(
    only_tiny_nim: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"{'tiny_nim':<16} Tiny Nim (2 players): take 1 to 3 stones; the last stone wins"
    ]


def test_list_survives_a_game_that_does_not_load(
    only_tiny_nim: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(registry._MODULES, "broken", "navalkit_no_such_module")
    assert cli.main(["list"]) == 1
    out = capsys.readouterr().out
    assert "Tiny Nim" in out
    assert "broken" in out and "cannot be loaded" in out


def test_list_names_every_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    """With the real registry: every id shows, loadable or (while under construction) not."""
    cli.main(["list"])
    out = capsys.readouterr().out
    for game_id in registry.games():
        assert game_id in out


# --- play ------------------------------------------------------------------------------------


def test_play_runs_to_the_end(only_tiny_nim: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "tiny_nim", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tiny Nim, seed 3: Player 1 = random, Player 2 = random")
    assert "Game over: Player" in out and "wins." in out
    assert "Scores: Player 1 " in out
    assert "   1. takes " in out


def test_play_is_reproducible_and_quiet(
    only_tiny_nim: None, capsys: pytest.CaptureFixture[str]
) -> None:
    cli.main(["play", "tiny_nim", "--seed", "5", "--bots", "random,random", "--quiet"])
    first = capsys.readouterr().out
    cli.main(["play", "tiny_nim", "--seed", "5", "--bots", "random,random", "--quiet"])
    assert capsys.readouterr().out == first
    assert "takes" not in first
    assert len(first.splitlines()) == 3


def test_play_refuses_unknown_bots_and_games(
    only_tiny_nim: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["play", "tiny_nim", "--bots", "random,genius"]) == 2
    assert "no bot 'genius'" in capsys.readouterr().err
    assert cli.main(["play", "no_such_game"]) == 2
    assert "no game 'no_such_game'" in capsys.readouterr().err


def test_play_gives_up_after_max_moves(
    only_tiny_nim: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["play", "tiny_nim", "--max-moves", "1", "--quiet"]) == 1
    assert "Stopped after 1 moves" in capsys.readouterr().out


# --- serve -----------------------------------------------------------------------------------


def _option(cmd: list[str], name: str) -> list[str]:
    return [arg.split("=", 1)[1] for arg in cmd if arg.startswith(f"--{name}=")]


def _settings(cmd: list[str]) -> dict[str, Any]:
    """The voila.json that ``cmd`` reads (the only config file: see voila_command)."""
    (folder,) = _option(cmd, "Voila.config_file_paths")
    assert sorted(p.name for p in Path(folder).iterdir()) == ["voila.json"]
    data: dict[str, Any] = json.loads((Path(folder) / "voila.json").read_text())
    return data


def test_voila_command_has_the_classroom_settings(tmp_path: Path) -> None:
    cmd = cli.voila_command(tmp_path, config_dir=tmp_path / "config", port=9123)
    assert cmd[:4] == [sys.executable, "-m", "voila", str(tmp_path.resolve())]
    assert "--no-browser" in cmd
    assert _option(cmd, "Voila.port") == ["9123"]
    assert _option(cmd, "Voila.ip") == ["localhost"]
    assert _option(cmd, "VoilaConfiguration.show_tracebacks") == ["False"]
    assert _option(cmd, "VoilaConfiguration.strip_sources") == ["True"]
    assert _option(cmd, "MappingKernelManager.cull_interval") == ["15"]
    assert _option(cmd, "MappingKernelManager.cull_idle_timeout") == ["45"]
    assert _option(cmd, "VoilaConfiguration.template") == ["navalkit"]
    assert _option(cmd, "KernelManager.transport") == ["ipc"]  # no ports to clash
    assert _option(cmd, "VoilaConfiguration.file_allowlist") == list(cli.FILE_ALLOWLIST)
    assert _option(cmd, "VoilaConfiguration.file_denylist") == list(cli.FILE_DENYLIST)
    assert not any("preheat" in arg for arg in cmd)
    # a connection that went quiet (a phone asleep) is closed within 40 s, then culled; no
    # dictionary on the command line (traitlets has deprecated that form since 5.0)
    assert _settings(cmd) == {
        "Voila": {"tornado_settings": {"ws_ping_interval": 10_000, "ws_ping_timeout": 30_000}}
    }
    assert not any(arg.split("=", 1)[-1].startswith("{") for arg in cmd)


def test_voila_command_as_navalkit_0_1_0_was_called(tmp_path: Path) -> None:
    """Without a config folder (hub configs copied from the 0.1.0 docs call it so) the command
    is whole: the same flags, the dictionaries on the command line, no config file read."""
    for page in ("welcome.ipynb", "g/play.ipynb"):
        (tmp_path / page).parent.mkdir(exist_ok=True)
        (tmp_path / page).write_text("{}")
    old = cli.voila_command(tmp_path, pool_size=3)
    new = cli.voila_command(tmp_path, config_dir=tmp_path / "config", pool_size=3)
    settings = _settings(new)
    assert old[:-1] == new[:-1] + [
        f"--{cls}.{name}={json.dumps(value)}"
        for cls, traits in settings.items()
        for name, value in traits.items()
    ]
    pings = '{"ws_ping_interval": 10000, "ws_ping_timeout": 30000}'  # as 0.1.0 wrote them
    assert f"--Voila.tornado_settings={pings}" in old
    (folder,) = _option(old, "Voila.config_file_paths")
    assert not any((Path(folder) / name).exists() for name in ("voila.json", "voila.py"))
    flags, dictionaries = cli.voila_options(tmp_path, pool_size=3)
    assert new[4:-1] == flags and dictionaries == settings


def test_voila_command_reads_no_stray_config_file(tmp_path: Path) -> None:
    """The one folder Voila reads config files from is the server's own (not the notebooks',
    not the user's Jupyter folders), and a folder holding a voila.py it would read is refused."""
    cmd = cli.voila_command(tmp_path, config_dir=tmp_path / "config")
    assert _option(cmd, "Voila.config_file_paths") == [str((tmp_path / "config").resolve())]
    (tmp_path / "config" / "voila.py").write_text("c.Voila.port = 1")
    with pytest.raises(ValueError, match=r"holds a voila\.py"):
        cli.voila_command(tmp_path, config_dir=tmp_path / "config")


def test_voila_command_pool_and_debug(tmp_path: Path) -> None:
    for page in ("welcome.ipynb", "g/play.ipynb", "g/lesson.ipynb"):
        (tmp_path / page).parent.mkdir(exist_ok=True)
        (tmp_path / page).write_text("{}")
    config = tmp_path / "config"
    cmd = cli.voila_command(
        tmp_path, config_dir=config, pool_size=3, show_tracebacks=True, ip="0.0.0.0"
    )
    assert "--VoilaConfiguration.preheat_kernel=True" in cmd
    assert _option(cmd, "VoilaConfiguration.default_pool_size") == ["0"]
    assert _settings(cmd)["VoilaKernelManager"]["kernel_pools_config"] == {
        "default": {"pool_size": 0},
        "welcome.ipynb": {"pool_size": 3},
        "g/play.ipynb": {"pool_size": 3},
    }, "only the pages a class opens at once are preheated"
    assert _option(cmd, "VoilaConfiguration.show_tracebacks") == ["True"]
    assert _option(cmd, "Voila.ip") == ["0.0.0.0"]
    with pytest.raises(ValueError):
        cli.voila_command(tmp_path, config_dir=config, pool_size=-1)
    today = cli.voila_command(
        tmp_path, config_dir=config, pool_size=30, pool_pages=["g/play.ipynb"]
    )
    assert _settings(today)["VoilaKernelManager"]["kernel_pools_config"] == {
        "default": {"pool_size": 0},
        "g/play.ipynb": {"pool_size": 30},
    }
    with pytest.raises(ValueError, match=r"no such page to preheat: g/ply\.ipynb"):
        cli.voila_command(tmp_path, config_dir=config, pool_size=2, pool_pages=["g/ply.ipynb"])


def test_voila_accepts_the_command_line(tmp_path: Path) -> None:
    """Voila parses every option we pass (a typo would only show when a class starts)."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila.app import Voila

    app = Voila()
    sigterm = signal.getsignal(signal.SIGTERM)
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "play.ipynb").write_text("{}")
    cmd = cli.voila_command(
        pages,
        config_dir=tmp_path / "config",
        port=9124,
        pool_size=2,
        max_kernels=9,
        starts_at_once=2,
    )
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            app.initialize(cmd[3:])
    finally:
        signal.signal(signal.SIGTERM, sigterm)  # Voila installs its own handler
    # nothing in a form traitlets has deprecated (dictionaries given on the command line)
    assert not [w for w in caught if "traitlets" in w.filename], [str(w.message) for w in caught]
    conf = app.voila_configuration
    assert (app.port, app.root_dir, app.open_browser) == (9124, str(pages.resolve()), False)
    assert (conf.show_tracebacks, conf.strip_sources) == (False, True)
    assert (conf.preheat_kernel, conf.default_pool_size) == (True, 0)
    pools = app.config.VoilaKernelManager.kernel_pools_config
    assert pools == {"default": {"pool_size": 0}, "play.ipynb": {"pool_size": 2}}
    assert conf.file_allowlist == list(cli.FILE_ALLOWLIST)
    assert conf.file_denylist == list(cli.FILE_DENYLIST)
    kernels = AsyncMappingKernelManager(config=app.config)
    assert (kernels.cull_interval, kernels.cull_idle_timeout) == (15, 45)
    # a connection that went quiet (a phone asleep) is closed within 40 s, then culled
    assert app.tornado_settings == {"ws_ping_interval": 10_000, "ws_ping_timeout": 30_000}
    assert conf.multi_kernel_manager_class is serving.ClassKernelManager
    capped = serving.ClassKernelManager(config=app.config)
    assert (capped.max_kernels, capped.starts_at_once) == (9, 2)


def test_file_lists_serve_images_but_not_sources() -> None:
    import re

    def served(path: str) -> bool:
        allowed = any(re.fullmatch(p, path, re.IGNORECASE) for p in cli.FILE_ALLOWLIST)
        denied = any(re.fullmatch(p, path, re.IGNORECASE) for p in cli.FILE_DENYLIST)
        return allowed and not denied

    assert served("img/ship.png") and served("fleet.csv") and served("style.css")
    assert not served("welcome.ipynb") and not served("helpers.py")
    assert not served(".secret.json") and not served("a/.ipynb_checkpoints/x.json")


def test_urls() -> None:
    assert cli.base_url(8866) == "http://localhost:8866/"
    assert cli.page_url("welcome.ipynb") == "http://localhost:8866/voila/render/welcome.ipynb"
    assert cli.page_url("branle bas/play.ipynb", 9000, "example.org") == (
        "http://example.org:9000/voila/render/branle%20bas/play.ipynb"
    )
    assert cli.tree_url("branle_bas") == "http://localhost:8866/voila/tree/branle_bas"


def test_serve_refuses_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["serve", "--no-browser", "--notebooks", str(tmp_path / "nope")]) == 2
    assert "no notebooks folder" in capsys.readouterr().err


def test_serve_runs_voila_and_prints_the_welcome_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """serve starts exactly voila_command(...) in the notebooks folder and says where to go."""
    (tmp_path / "welcome.ipynb").write_text("{}")
    seen: dict[str, Any] = {}

    class FakePopen:
        def __init__(self, cmd: list[str], cwd: Path, env: dict[str, str]) -> None:
            (folder,) = _option(cmd, "Voila.config_file_paths")
            seen.update(cmd=cmd, cwd=cwd, env=env, folder=folder, settings=_settings(cmd))
            self.returncode = 0

        def wait(self, timeout: float | None = None) -> int:
            return 0

        def poll(self) -> int:
            return 0

    monkeypatch.setattr(subprocess, "Popen", FakePopen)
    monkeypatch.setattr(serving, "this_machine", lambda: serving.Machine(2, 8000))
    cap = {"max_kernels": (8000 - 1024) // 95, "starts_at_once": 2}
    args = ["serve", "--no-browser", "--port", "9125", "--notebooks", str(tmp_path)]
    mine = tmp_path / "config"

    def started_as(**options: Any) -> bool:
        """serve ran voila_command(tmp_path, **options) with a config folder of its own, and
        removed that folder when Voila stopped."""
        want = cli.voila_command(tmp_path, config_dir=mine, port=9125, **cap, **options)
        same = [a.replace(seen["folder"], str(mine.resolve())) for a in seen["cmd"]] == want
        return same and seen["settings"] == _settings(want) and not Path(seen["folder"]).exists()

    assert cli.main([*args, "--pool-size", "2"]) == 0
    assert started_as(pool_size=2)
    assert cli.main([*args, "--pool-size", "2", "--pool-page", "welcome.ipynb"]) == 0
    assert started_as(pool_size=2, pool_pages=["welcome.ipynb"])
    assert not seen["folder"].startswith(str(tmp_path)), "not among the pages it serves"
    assert seen["cwd"] == tmp_path.resolve()
    out = capsys.readouterr().out
    assert "http://localhost:9125/voila/render/welcome.ipynb" in out
    # which engines the pages will run (here the Python source: no build in the test's Python)
    assert f"  engines:     {compiled.engines_words()}" in out
    key = seen["env"][TEACHER_KEY_ENV]  # the pages' kernels get the key the teacher is shown
    assert len(key) >= 16 and f"?teacher={key}" in out
    monkeypatch.setenv(TEACHER_KEY_ENV, "a-key-the-school-chose-long")
    assert cli.main(args) == 0 and seen["env"][TEACHER_KEY_ENV] == "a-key-the-school-chose-long"


# --- paths -----------------------------------------------------------------------------------


def test_notebooks_dir_prefers_the_packaged_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from navalkit import _paths

    monkeypatch.setattr(_paths, "_PACKAGE_DIR", tmp_path / "navalkit")
    assert notebooks_dir() == tmp_path / "notebooks"  # a checkout
    (tmp_path / "navalkit" / "notebooks").mkdir(parents=True)
    assert notebooks_dir() == tmp_path / "navalkit" / "notebooks"  # a wheel install


def test_checkout_notebooks_dir_is_next_to_the_package() -> None:
    assert checkout_notebooks_dir() == Path(cli.__file__).resolve().parents[1] / "notebooks"


def test_find_notebooks_skips_checkpoints(tmp_path: Path) -> None:
    for name in ["b.ipynb", "a/x.ipynb", ".ipynb_checkpoints/b-checkpoint.ipynb", "notes.md"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    assert find_notebooks(tmp_path) == [tmp_path / "a/x.ipynb", tmp_path / "b.ipynb"]


def test_wait_until_serving_notices_a_dead_server() -> None:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    with pytest.raises(RuntimeError, match="exited with code 0"):
        cli.wait_until_serving("http://127.0.0.1:9/", timeout=5, proc=proc)
    with pytest.raises(TimeoutError):
        cli.wait_until_serving("http://127.0.0.1:9/", timeout=0.5)


def test_page_url_keeps_a_query_string_for_the_page() -> None:
    url = cli.page_url("branle_bas/play.ipynb?seed=3", 8866)
    assert url.endswith("/voila/render/branle_bas/play.ipynb?seed=3")


# --- holding a class ------------------------------------------------------------------------


def test_a_class_plan_from_the_machine() -> None:
    small = serving.Machine(cores=2, free_mib=4000)
    plan = serving.plan_class(small)
    assert (plan.class_size, plan.max_kernels, plan.starts_at_once) == (30, 31, 2)
    tiny = serving.plan_class(serving.Machine(1, 2000))
    assert (tiny.class_size, tiny.max_kernels) == (10, 10), "a class as big as memory allows"
    assert serving.plan_class(small, class_size=12, max_kernels=20).max_kernels == 20
    with pytest.raises(ValueError, match="a class of 40 needs 40 kernels"):
        serving.plan_class(small, class_size=40)
    with pytest.raises(ValueError, match="1 or more"):
        serving.plan_class(small, class_size=0)
    assert "at most 31 pages open at once" in " ".join(plan.lines())


def test_class_pools_share_the_class_out(tmp_path: Path) -> None:
    for page in ("welcome.ipynb", "a/play.ipynb", "b/play.ipynb", "a/lesson.ipynb"):
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / page).write_text("{}")
    assert cli.class_pools(tmp_path, 30) == {
        "a/play.ipynb": 15,
        "b/play.ipynb": 15,
        "welcome.ipynb": 4,
    }
    assert cli.class_pools(tmp_path, 25, ["a/play.ipynb"]) == {"a/play.ipynb": 25}
    (tmp_path / "play.ipynb").write_text("{}")  # the one play page for every game
    assert cli.class_pools(tmp_path, 30) == {"play.ipynb": 30, "welcome.ipynb": 4}
    (tmp_path / "table.ipynb").write_text("{}")  # play at a table: a few warm kernels too
    assert cli.class_pools(tmp_path, 30) == {
        "play.ipynb": 30,
        "welcome.ipynb": 4,
        "table.ipynb": 4,
    }
    with pytest.raises(ValueError, match="no such page"):
        cli.class_pools(tmp_path, 5, ["c/play.ipynb"])
    cmd = cli.voila_command(
        tmp_path,
        config_dir=tmp_path / "config",
        pools={"a/play.ipynb": 3},
        max_kernels=9,
        starts_at_once=2,
    )
    assert _settings(cmd)["VoilaKernelManager"]["kernel_pools_config"] == {
        "default": {"pool_size": 0},
        "a/play.ipynb": {"pool_size": 3},
    }
    assert _option(cmd, "VoilaConfiguration.multi_kernel_manager_class") == [
        "navalkit.serving.ClassKernelManager"
    ]
    assert _option(cmd, "ClassKernelManager.max_kernels") == ["9"]


def test_serve_holds_a_class_without_flags(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for page in ("welcome.ipynb", "a/play.ipynb"):
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / page).write_text("{}")
    seen: dict[str, Any] = {}
    monkeypatch.setattr(
        subprocess, "Popen", lambda cmd, **kw: seen.update(settings=_settings(cmd)) or _Done()
    )
    monkeypatch.setattr(serving, "this_machine", lambda: serving.Machine(2, 8000))
    args = ["serve", "--no-browser", "--notebooks", str(tmp_path)]
    assert cli.main(args) == 0
    pools = seen["settings"]["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["a/play.ipynb"] == {"pool_size": 30}
    out = capsys.readouterr().out
    assert "class of 30" in out and "a/play.ipynb 30" in out
    assert cli.main([*args, "--class-size", "200"]) == 2
    assert "a class of 200 needs 200 kernels" in capsys.readouterr().err


def test_serve_keeps_the_class_tables_where_it_is_told(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    class_data_in_tmp: Path,
) -> None:
    """--data (created) or the default folder reaches every page's kernel; the table page and
    the teacher's dashboard (with the key) are among the lines serve prints."""
    folder = tmp_path / "notebooks"
    for page in ("welcome.ipynb", "play.ipynb", "table.ipynb", "teacher.ipynb"):
        (folder / page).parent.mkdir(parents=True, exist_ok=True)
        (folder / page).write_text("{}")
    seen: dict[str, Any] = {}

    def popen(cmd: list[str], **kw: Any) -> _Done:
        seen.update(cmd=cmd, **kw)
        return _Done()

    monkeypatch.setattr(subprocess, "Popen", popen)
    monkeypatch.setattr(serving, "this_machine", lambda: serving.Machine(2, 8000))
    args = ["serve", "--no-browser", "--port", "9126", "--notebooks", str(folder)]
    data = tmp_path / "school" / "tables"
    assert cli.main([*args, "--data", str(data)]) == 0
    assert (data / "tables.sqlite3").is_file(), "the folder is made and the store opened"
    assert seen["env"]["NAVALKIT_DATA"] == str(data.resolve())
    assert seen["env"]["NAVALKIT_TABLES_URL"] == ""  # a stray URL never wins over --data
    out = capsys.readouterr().out
    key = seen["env"][TEACHER_KEY_ENV]
    assert "http://localhost:9126/voila/render/table.ipynb" in out
    assert f"http://localhost:9126/voila/render/teacher.ipynb?teacher={key}" in out
    assert f"table data:  {data.resolve() / 'tables.sqlite3'} (SQLite" in out
    assert cli.main(args) == 0  # no --data: $NAVALKIT_DATA, or the user's data folder
    assert seen["env"]["NAVALKIT_DATA"] == str(class_data_in_tmp.resolve())
    assert str(class_data_in_tmp.resolve()) in capsys.readouterr().out


def test_serve_says_at_once_when_the_tables_store_cannot_be_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "welcome.ipynb").write_text("{}")
    started: list[Any] = []
    monkeypatch.setattr(subprocess, "Popen", lambda cmd, **kw: started.append(cmd) or _Done())
    monkeypatch.setattr(serving, "this_machine", lambda: serving.Machine(2, 8000))
    args = ["serve", "--no-browser", "--notebooks", str(tmp_path)]
    url = "postgresql://teacher:s3cret@/nowhere?host=/nonexistent-socket-dir"
    assert cli.main([*args, "--tables-url", url]) == 2
    err = capsys.readouterr().err
    assert "the tables' store cannot be opened" in err and "s3cret" not in err
    monkeypatch.setenv("NAVALKIT_TABLES_URL", url)  # the URL from the environment too
    assert cli.main(args) == 2
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert cli.main([*args, "--data", str(blocker / "tables"), "--tables-url", ""]) == 2
    assert "cannot be opened" in capsys.readouterr().err
    assert started == [], "Voila is not started without a store"


class _Done:
    returncode = 0

    def wait(self, timeout: float | None = None) -> int:
        return 0

    def poll(self) -> int:
        return 0


def in_own_loop(coro: Any) -> Any:
    """Run ``coro`` to the end in an event loop of its own thread (in a full run, the browser
    tests' Playwright keeps a loop running in this one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def _fake_kernels(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The kernel manager's base starts no process: a kernel is a name in a list."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    running: list[str] = []

    async def start(self: Any, *args: Any, **kwargs: Any) -> str:
        running.append(f"k{len(running)}")
        return running[-1]

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(AsyncMappingKernelManager, "list_kernel_ids", lambda self: list(running))
    return running


def test_a_full_server_turns_a_page_away_and_a_preheat_waits_for_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tornado.web import HTTPError

    running = _fake_kernels(monkeypatch)
    manager = serving.ClassKernelManager(max_kernels=2, start_spacing=0.0, room_poll=0.05)
    # the page turned away below never asks again: it leaves the line after this long, and
    # then (not before: students in the line go first) the pool's kernel takes the place
    monkeypatch.setattr(serving, "LINE_KEEP_S", 0.5)

    async def scenario() -> str:
        await manager.start_kernel()
        await manager.start_kernel()
        with pytest.raises(HTTPError) as full:
            await manager.start_kernel(env={})
        assert full.value.status_code == 503 and "class server is busy" in full.value.log_message
        waiting = asyncio.ensure_future(manager.start_kernel(env={"VOILA_PREHEAT": "True"}))
        await asyncio.sleep(0.2)
        assert not waiting.done(), "a preheated kernel waits while the server is full"
        running.pop(0)  # a student closed a game
        return await asyncio.wait_for(waiting, 5)

    assert in_own_loop(scenario()) == "k1" and len(running) == 2


def test_a_full_server_keeps_a_line_first_come_first_served(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pages turned away get a number in the line and how many wait before them; when a place
    frees up, it goes to the first in the line, not to a page that just arrived or asks again
    sooner; a page that stopped asking leaves the line."""
    from tornado.web import HTTPError

    running = _fake_kernels(monkeypatch)
    manager = serving.ClassKernelManager(max_kernels=1, start_spacing=0.0)

    def page(ticket: int = 0) -> dict[str, str]:
        query = f"?game=naval_war&{serving.WAIT_KEY}={ticket}" if ticket else "?game=naval_war"
        return {"VOILA_REQUEST_URL": f"http://school:8866/voila/render/play.ipynb{query}"}

    async def turned_away(env: dict[str, str]) -> str:
        with pytest.raises(HTTPError) as busy:
            await manager.start_kernel(env=env)
        assert busy.value.status_code == 503
        return str(busy.value.log_message)

    async def scenario() -> None:
        await manager.start_kernel(env=page())  # the one place
        first = await turned_away(page())
        assert "number in the line: 1; 0 ahead of you" in first
        second = await turned_away(page())
        assert "number in the line: 2; 1 ahead of you" in second
        assert "number in the line: 2; 1 ahead" in await turned_away(page(2))  # asks again
        running.pop()  # a classmate closes a game: one place
        await turned_away(page(2))  # not its turn: number 1 is still waiting
        await turned_away(page())  # a newcomer joins the end of the line
        assert await manager.start_kernel(env=page(1)) == "k0"  # the first in the line
        assert "; 0 ahead of you" in await turned_away(page(2))  # now first
        monkeypatch.setattr(serving.time, "monotonic", lambda: 1e9)  # everyone stopped asking
        running.pop()
        assert await manager.start_kernel(env=page()) == "k0"  # an empty line: straight in

    in_own_loop(scenario())


def test_kernel_starts_queue_by_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_kernels(monkeypatch)
    manager = serving.ClassKernelManager(starts_at_once=1, start_spacing=0.3)

    async def scenario() -> list[float]:
        began: list[float] = []

        async def one() -> None:
            await manager.start_kernel()
            began.append(time.monotonic())

        await asyncio.gather(one(), one(), one())
        return began

    began = in_own_loop(scenario())
    gaps = [b - a for a, b in itertools.pairwise(began)]
    assert all(g >= 0.29 for g in gaps), f"a start waits for the one before it: {gaps}"


def test_a_page_still_loading_keeps_its_kernel_and_a_closed_one_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A kernel whose page has not connected yet is culled only after unopened_idle_timeout
    (a busy server's page may take a minute to connect); once a page has connected and gone,
    Jupyter Server's own culling (45 s) decides."""
    from datetime import UTC, datetime, timedelta

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    asked: list[str] = []

    async def base_cull(self: Any, kernel_id: str) -> None:
        asked.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", base_cull)
    manager = serving.ClassKernelManager()

    class Kernel:
        def __init__(self, idle_s: float) -> None:
            self.last_activity = datetime.now(UTC) - timedelta(seconds=idle_s)

    manager._kernels = {"loading": Kernel(100), "abandoned": Kernel(200), "closed": Kernel(50)}
    manager._kernel_connections = {"closed": 0}
    manager.notify_connect("closed")  # a page connected, even for a moment,
    manager.notify_disconnect("closed")  # and was closed
    assert manager._kernel_connections == {"closed": 0}
    for kid in ("loading", "abandoned", "closed"):
        in_own_loop(manager.cull_kernel_if_idle(kid))
    assert asked == ["abandoned", "closed"]
    assert serving.UNOPENED_IDLE_S == manager.unopened_idle_timeout == 180
