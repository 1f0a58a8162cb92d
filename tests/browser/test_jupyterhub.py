"""navalkit on JupyterHub: ``deploy/jupyterhub_config.py`` run by a local hub, two students.

The hub runs on 127.0.0.1 with the deploy config plus a test override (``load_subconfig``):
DummyAuthenticator, the SimpleLocalProcessSpawner (servers run as this account, homes in a
temporary folder), free ports, the hub's database and cookie secret in a temporary folder, and
the ``configurable-http-proxy`` found next to this Python (PyPI's, or npm's on ``PATH``). Two
Chromium contexts log in through the hub's form, land on Voila's welcome page (the config's
default URL) and open the Naval War play page; each must show a drawn board and no error.

The RSS of the hub, the proxy and each student's server and kernels goes to
``test-artifacts/jupyterhub-memory.json`` (the figure docs/jupyterhub.md gives per student).
Every process the hub starts carries a marker in its environment; all are stopped at the end,
even when the test fails. Without JupyterHub the test is skipped (it fails when ``CI`` is set).

Quick tests, with neither hub nor browser, check that the config passes ``navalkit serve``'s
classroom settings, and that the snippets in docs/jupyterhub.md set the same.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS, _free_port, new_page  # this folder's helpers
from test_pages import (  # the shared page helpers of this folder
    BOARD_CANVAS,
    WIDGETS_TIMEOUT_MS,
    assert_clean,
    open_page,
    wait_for_boards_drawn,
)

from navalkit._paths import notebooks_dir
from navalkit.cli import voila_options, wait_until_serving

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
DOCS = ROOT / "docs" / "jupyterhub.md"
PLAY_PAGE = "naval_war/play.ipynb"
STUDENTS = ("alice", "bob")
#: the hub and its proxy start in a few seconds; a loaded machine gets slack
HUB_START_TIMEOUT_S = 60.0
#: log in, spawn the student's server and reach the welcome page
SPAWN_TIMEOUT_MS = 90_000
#: every process the hub starts (proxy, servers, kernels) has this variable in its environment
MARKER = "NAVALKIT_HUB_TEST_RUN"


# --- what the test needs ------------------------------------------------------------------


def _proxy_command() -> str | None:
    """``configurable-http-proxy``: the one installed with this Python first (PyPI's), else
    whatever ``PATH`` has (npm's)."""
    beside = Path(sys.executable).with_name("configurable-http-proxy")
    return str(beside) if beside.is_file() else shutil.which("configurable-http-proxy")


@pytest.fixture(scope="module")
def hub_parts(chromium_path: Path) -> str:
    """The proxy command; a skip (a failure under CI) when JupyterHub's parts are missing."""
    missing = [m for m in ("jupyterhub", "psutil") if importlib.util.find_spec(m) is None]
    proxy = _proxy_command()
    if proxy is None:
        missing.append("configurable-http-proxy")
    if missing:
        problem = f"{', '.join(missing)} not installed (pip install -e '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(f"the JupyterHub test cannot run: {problem}", pytrace=False)
        pytest.skip(f"the JupyterHub test is skipped: {problem}")
    assert proxy is not None
    return proxy


# --- the hub ------------------------------------------------------------------------------


@dataclass
class Hub:
    """A running hub: its public URL, log and process."""

    url: str
    log: Path
    proc: subprocess.Popen[bytes]
    run_id: str
    artifacts: Path = ARTIFACTS

    def log_tail(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


_OVERRIDE = """\
# the deploy config, then what a test on one machine needs instead
load_subconfig({config!r})
c = get_config()  # noqa: F821
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.pid_file = {tmp!r} + "/proxy.pid"
c.JupyterHub.db_url = "sqlite:///" + {tmp!r} + "/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = {tmp!r} + "/jupyterhub_cookie_secret"
c.JupyterHub.pid_file = {tmp!r} + "/jupyterhub.pid"
c.SimpleLocalProcessSpawner.home_dir_template = {tmp!r} + "/home/{{username}}"
c.Spawner.cmd = [{python!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.args = [*c.Spawner.args, *{extra_args!r}]
c.Spawner.environment.update({{{marker!r}: {run_id!r}}})
for service in c.JupyterHub.get("services", []):  # the idle culler, marked like the rest
    service.setdefault("environment", {{}})[{marker!r}] = {run_id!r}
"""


def _write_override(tmp: Path, proxy: str, run_id: str) -> tuple[Path, int]:
    port = _free_port()
    extra_args = ["--ServerApp.allow_root=True"] if os.geteuid() == 0 else []
    text = _OVERRIDE.format(
        config=str(CONFIG),
        port=port,
        hub_port=_free_port(),
        proxy_api_port=_free_port(),
        proxy=proxy,
        tmp=str(tmp),
        python=sys.executable,
        extra_args=extra_args,
        marker=MARKER,
        run_id=run_id,
    )
    path = tmp / "jupyterhub_test_config.py"
    path.write_text(text)
    return path, port


def _marked_processes(run_id: str) -> list[Any]:
    """Every process of this run: those whose environment carries the run's marker."""
    import psutil

    found = []
    for proc in psutil.process_iter():
        with contextlib.suppress(psutil.Error):
            if proc.environ().get(MARKER) == run_id:
                found.append(proc)
    return found


def _stop_everything(hub: Hub, known: list[Any]) -> None:
    """SIGTERM the hub (it stops the proxy, the culler and the servers, which stop their
    kernels), then SIGTERM and SIGKILL whatever of this run is left."""
    import psutil

    if hub.proc.poll() is None:
        hub.proc.terminate()  # the hub stops what it started
        try:
            hub.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(hub.proc.pid, signal.SIGKILL)
            hub.proc.wait(timeout=10)
    left = {p.pid: p for p in [*known, *_marked_processes(hub.run_id)]}
    alive = []
    for proc in left.values():
        with contextlib.suppress(psutil.Error):
            if proc.is_running():
                proc.terminate()
                alive.append(proc)
    _, still = psutil.wait_procs(alive, timeout=10)
    for proc in still:
        with contextlib.suppress(psutil.Error):
            proc.kill()
    psutil.wait_procs(still, timeout=5)


@pytest.fixture(scope="module")
def hub(hub_parts: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    """``jupyterhub -f <override of deploy/jupyterhub_config.py>``, answering on a free port."""
    import psutil

    tmp = tmp_path_factory.mktemp("jupyterhub")
    run_id = uuid.uuid4().hex
    config, port = _write_override(tmp, hub_parts, run_id)
    env = {
        **os.environ,
        MARKER: run_id,
        "NAVALKIT_HUB_AUTHENTICATOR": "dummy",  # any name, any password: tests only
        "NAVALKIT_HUB_SPAWNER": "simple",  # servers run as this account: tests only
    }
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / "jupyterhub.log"
    cmd = [sys.executable, "-m", "jupyterhub", "-f", str(config)]
    with log.open("wb") as out:
        proc = subprocess.Popen(
            cmd, cwd=tmp, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    running = Hub(f"http://127.0.0.1:{port}", log, proc, run_id)
    known: list[Any] = []
    try:
        try:
            wait_until_serving(f"{running.url}/hub/health", HUB_START_TIMEOUT_S, proc)
        except (RuntimeError, TimeoutError) as exc:
            pytest.fail(f"JupyterHub did not start: {exc}\n{running.log_tail()}", pytrace=False)
        yield running
        with contextlib.suppress(psutil.Error):
            known = psutil.Process(proc.pid).children(recursive=True)
    finally:
        _stop_everything(running, known)


# --- the students -------------------------------------------------------------------------


@dataclass
class Student:
    """A student's view of the hub, shaped like conftest's VoilaServer for ``open_page``."""

    hub: Hub
    name: str

    @property
    def artifacts(self) -> Path:
        return self.hub.artifacts

    def page_url(self, path: str) -> str:
        return f"{self.hub.url}/user/{self.name}/voila/render/{path}"

    def log_tail(self, lines: int = 40) -> str:
        return self.hub.log_tail(lines)


def log_in(page: Any, student: Student) -> None:
    """Log in through the hub's form; the hub starts the student's server and sends the
    browser to the config's default URL, Voila's welcome page."""
    page.goto(f"{student.hub.url}/hub/login", timeout=SPAWN_TIMEOUT_MS)
    page.fill("#username_input", student.name)
    page.fill("#password_input", "any password will do")
    page.click("#login_submit")
    welcome = f"{student.hub.url}/user/{student.name}/voila/render/welcome.ipynb"
    try:
        page.wait_for_url(f"{welcome}*", timeout=SPAWN_TIMEOUT_MS, wait_until="commit")
    except Exception:
        raise AssertionError(
            f"{student.name} did not reach {welcome} (at {page.url})\n{student.log_tail()}"
        ) from None


# --- memory -------------------------------------------------------------------------------


def _mb(rss: int) -> float:
    return round(rss / 2**20, 1)


def memory_report(hub: Hub) -> dict[str, Any]:
    """RSS in MB of the hub, its proxy and services, and of each student's server with its
    kernels (a server is a ``jupyterhub.singleuser`` child of the hub, named by its user)."""
    import psutil

    root = psutil.Process(hub.proc.pid)
    report: dict[str, Any] = {"hub_mb": _mb(root.memory_info().rss), "students": {}}
    others = 0
    for child in root.children():
        rss = child.memory_info().rss
        cmdline = " ".join(child.cmdline())
        if "jupyterhub.singleuser" in cmdline:
            name = child.environ().get("JUPYTERHUB_USER", str(child.pid))
            kernels = [k.memory_info().rss for k in child.children(recursive=True)]
            report["students"][name] = {
                "server_mb": _mb(rss),
                "kernels": len(kernels),
                "kernels_mb": _mb(sum(kernels)),
                "total_mb": _mb(rss + sum(kernels)),
            }
        elif "configurable-http-proxy" in cmdline or "configurable_http_proxy" in cmdline:
            report["proxy_mb"] = _mb(rss)
        else:
            others += rss
    report["hub_services_mb"] = _mb(others)  # the idle culler
    report["total_mb"] = _mb(
        root.memory_info().rss + sum(p.memory_info().rss for p in root.children(recursive=True))
    )
    return report


# --- the tests ----------------------------------------------------------------------------


def _load_config(monkeypatch: pytest.MonkeyPatch, **env: str) -> Any:
    """The deploy config as JupyterHub reads it, with only these NAVALKIT_HUB_* variables."""
    from traitlets.config.loader import PyFileConfigLoader

    for name in list(os.environ):
        if name.startswith("NAVALKIT_HUB_"):
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(f"NAVALKIT_HUB_{name}", value)
    return PyFileConfigLoader(CONFIG.name, str(CONFIG.parent)).load_config()


def _serve_flags() -> list[str]:
    """``navalkit serve``'s Voila and kernel settings, as ``voila_options`` gives them."""
    wanted = ("--VoilaConfiguration.", "--MappingKernelManager.")
    flags = [arg for arg in voila_options(notebooks_dir())[0] if arg.startswith(wanted)]
    assert flags, "voila_options no longer gives classroom settings?"
    return flags


def test_the_config_has_the_classroom_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no NAVALKIT_HUB_* variables, the config serves navalkit's notebooks from Voila's
    welcome page with ``navalkit serve``'s settings, PAM logins and a server per account."""
    c = _load_config(monkeypatch)
    assert c.JupyterHub.authenticator_class == "pam"
    assert c.JupyterHub.spawner_class == "localprocess"
    assert c.Spawner.default_url == "/voila/render/welcome.ipynb"
    assert Path(c.Spawner.notebook_dir) == notebooks_dir()
    missing = [f for f in _serve_flags() if f not in c.Spawner.args]
    assert not missing, f"the hub's servers lack navalkit serve's settings: {missing}"
    assert "--ServerApp.jpserver_extensions=navalkit.serving=True" in c.Spawner.args


def test_the_servers_flags_parse_without_a_deprecation_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every flag the hub gives its servers parses in traitlets' current form (MathJax was
    once turned off by a dict on the command line, which traitlets 5 deprecates: the
    navalkit.serving extension turns it off now, tests/test_serving_mathjax.py)."""
    import warnings

    from jupyter_server.serverapp import ServerApp

    c = _load_config(monkeypatch)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        ServerApp().parse_command_line(list(c.Spawner.args))


def test_the_config_without_navalkit_keeps_the_same_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hub whose Python has no navalkit (its notebooks named by NAVALKIT_HUB_NOTEBOOKS) passes
    the config's copy of the settings: that copy must still be ``navalkit serve``'s."""
    monkeypatch.setitem(sys.modules, "navalkit.cli", None)  # import navalkit.cli fails
    monkeypatch.setitem(sys.modules, "navalkit._paths", None)
    c = _load_config(monkeypatch, NOTEBOOKS="/srv/navalkit/notebooks")
    assert c.Spawner.notebook_dir == "/srv/navalkit/notebooks"
    copied = [a for a in c.Spawner.args if a.startswith(("--Voila", "--MappingKernelManager."))]
    assert copied == _serve_flags(), (
        "update FALLBACK_FLAGS in deploy/jupyterhub_config.py to navalkit.cli.voila_options' flags"
    )


def test_the_teacher_key_goes_to_admins_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """NAVALKIT_HUB_TEACHER_KEY reaches the admins' servers, and no student's."""
    c = _load_config(monkeypatch, TEACHER_KEY="k" * 20)
    environment = c.Spawner.environment.get_value({})  # the config holds it as an update
    key_for = environment["NAVALKIT_TEACHER_KEY"]

    @dataclass
    class _User:
        admin: bool

    @dataclass
    class _Spawner:
        user: _User

    assert key_for(_Spawner(_User(admin=True))) == "k" * 20
    assert key_for(_Spawner(_User(admin=False))) == ""


def _docs_block(language: str, first_line: str) -> str:
    """The fenced ``language`` block of docs/jupyterhub.md that starts with ``first_line``."""
    fence = re.compile(r"^( *)```(\w*)\n(.*?)^\1```", re.MULTILINE | re.DOTALL)
    for _, lang, body in fence.findall(DOCS.read_text()):
        text = textwrap.dedent(body)
        if lang == language and text.startswith(first_line):
            return text
    raise AssertionError(f"docs/jupyterhub.md has no {language} block starting {first_line!r}")


def test_the_docs_snippets_have_the_classroom_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Littlest JupyterHub snippet and the Zero to JupyterHub values in docs/jupyterhub.md
    set what the deploy config sets: the welcome page, the notebooks, navalkit serve's flags."""
    import yaml
    from traitlets.config import Config

    deploy = _load_config(monkeypatch)
    extra = [a for a in deploy.Spawner.args if a.startswith("--ServerApp.jpserver_extensions=")]
    assert len(extra) == 1, "the deploy config no longer loads navalkit.serving?"

    snippet = _docs_block("python", "# /opt/tljh/config/jupyterhub_config.d/navalkit.py")
    here = snippet.replace('"/opt/tljh/user/bin/python"', repr(sys.executable))
    assert here != snippet, "the TLJH snippet no longer names /opt/tljh/user/bin/python"
    c = Config()
    exec(compile(here, "tljh-snippet", "exec"), {"c": c})
    assert c.Spawner.default_url == deploy.Spawner.default_url
    assert Path(c.Spawner.notebook_dir) == notebooks_dir()
    assert list(c.Spawner.args) == [*_serve_flags(), *extra]

    values = yaml.safe_load(_docs_block("yaml", "singleuser:"))
    assert values["singleuser"]["defaultUrl"] == deploy.Spawner.default_url
    assert values["singleuser"]["memory"] == {
        "guarantee": deploy.Spawner.mem_guarantee,
        "limit": deploy.Spawner.mem_limit,
    }
    spawner = values["hub"]["config"]["KubeSpawner"]
    assert spawner["notebook_dir"].endswith("/site-packages/navalkit/notebooks")
    assert spawner["args"] == [*_serve_flags(), *extra]
    assert values["cull"] == {"enabled": True, "timeout": 3600, "every": 600}


@pytest.mark.browser
def test_two_students_play_on_the_hub(hub: Hub, browser: Any) -> None:
    """Two students log in, each gets a server of their own, and each sees a drawn Naval War
    board with no error; their memory is written to test-artifacts/jupyterhub-memory.json."""
    start = time.monotonic()
    pages = []
    try:
        for name in STUDENTS:
            student = Student(hub, name)
            page = new_page(browser)
            pages.append((student, page))
            log_in(page, student)
            timings = open_page(page, student, PLAY_PAGE)
            try:
                page.locator(BOARD_CANVAS).first.wait_for(timeout=WIDGETS_TIMEOUT_MS)
            except Exception:
                raise AssertionError(f"{name}: the play page shows no board canvas") from None
            wait_for_boards_drawn(page, f"{name}: {PLAY_PAGE}")
            assert_clean(page, f"{name}: {PLAY_PAGE}")
            page.screenshot(path=str(ARTIFACTS / f"jupyterhub-{name}.png"), full_page=True)
            timings["board_drawn_s"] = round(time.monotonic() - start, 2)
        # both pages are still open, each on its own server: both boards are still there
        for student, page in pages:
            assert page.url.startswith(f"{hub.url}/user/{student.name}/voila/render/")
            wait_for_boards_drawn(page, f"{student.name}: {PLAY_PAGE}")
        # each student's server loaded navalkit's protections (navalkit.serving)
        loaded = hub.log.read_text(errors="replace").count("navalkit: kernel websocket frames")
        assert loaded >= len(STUDENTS), hub.log_tail()
        report = memory_report(hub)
        report["measured"] = time.strftime("%Y-%m-%d %H:%M")
        report["cpus"] = os.cpu_count()
        report["test_s"] = round(time.monotonic() - start, 1)
        (ARTIFACTS / "jupyterhub-memory.json").write_text(json.dumps(report, indent=2) + "\n")
        assert sorted(report["students"]) == sorted(STUDENTS), report
    finally:
        for _, page in pages:
            page.context.close()
