"""The optional compiled engines (navalkit.core.compiled): a build of the current source runs
the very same games as the Python source, and a stale or switched-off build is never used."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from navalkit.core import compiled

PACKAGE = "navalkit.games.far_seas.mechanics"

#: plays seeded random games through a Match (Far Seas, whose mechanics are compiled, and the
#: other games, whose moves pass through the compiled Match), taking a move back now and then,
#: and prints which modules ran compiled, then a hash of everything a player meets: every
#: legal list, every seat's view, the words, the events, the record, the picture
PLAY = """
import hashlib, json, random
import navalkit
from navalkit.core import compiled
h = hashlib.sha256()
games = [("far_seas", s) for s in range(10)] + [
    (g, s) for g in ("naval_war", "nautic_miles", "branle_bas", "age_of_sail") for s in range(2)
]
for game, seed in games:
    rng = random.Random(seed)
    m = navalkit.new_match(game, seed=seed)
    seats = [None, *range(m.players)]
    while not m.is_over:
        legal = m.legal_actions()
        h.update(repr(legal).encode())
        for seat in seats:
            h.update(repr(m.observe(seat)).encode())
        a = rng.choice(legal)
        h.update(m.describe(a).encode())
        m.apply(a)
        if m.event_count % 11 == 0:
            m.undo()
            m.apply(a)
    h.update(json.dumps(m.record(), sort_keys=True).encode())
    h.update(" ".join(e.text for e in m.events).encode())
    h.update(m.status.encode())
    h.update((m._repr_svg_() or "").encode())
    again = navalkit.load_match(m.to_json())
    assert again.record() == m.record() and again.state == m.state
print(len(compiled.compiled_modules()), h.hexdigest())
"""


def _run(script: str, cache: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``script`` run by a fresh Python that may use the builds in ``cache``."""
    environment = {k: v for k, v in os.environ.items() if k != "NAVALKIT_PURE"}
    environment.update(NAVALKIT_COMPILED_DIR=str(cache), **env)
    return subprocess.run(
        [sys.executable, "-c", script], env=environment, capture_output=True, text=True
    )


def _play(cache: Path, **env: str) -> tuple[int, str]:
    run = _run(PLAY, cache, **env)
    run.check_returncode()
    out = run.stdout.split()
    return int(out[0]), out[1]


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A build of every group in a folder of its own (two or three minutes to compile), made
    as ``navalkit compile --for-everyone`` makes one (the environment's folder is this one)."""
    if importlib.util.find_spec("mypyc") is None or shutil.which("cc") is None:
        pytest.skip("the compiled build needs mypyc (with mypy) and a C compiler")
    root = tmp_path_factory.mktemp("prefix") / "share" / "navalkit" / "compiled"
    mask = os.umask(0o077)  # an admin's strict umask: the build must still be open to all
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(compiled, "shared_dir", lambda: root)
            assert compiled.main(["build", "--for-everyone"]) == 0
    finally:
        os.umask(mask)
    return root


def test_a_build_plays_the_same_games_compiled(cache: Path) -> None:
    modules, fingerprint = _play(cache)
    # every module of every group ran compiled
    assert modules == sum(len(g.modules) for g in compiled.GROUPS.values())
    pure_modules, pure = _play(cache, NAVALKIT_PURE="1")
    assert pure_modules == 0
    assert fingerprint == pure


#: the conformance suite (bad input refused with a clear error, the state unchanged; records,
#: views and chance checked) for every game, with the build in use: a compiled module checks
#: the declared type of what it reads, so junk that the source refuses with a Violation
#: could raise a TypeError there instead (a junk Allied move did, found this way)
CONFORM = """
import navalkit
from navalkit.core import compiled
from navalkit.testing.conformance import check_game
for game in navalkit.games():
    report = check_game(game, games=1, seed=5, probe_every=25)
    assert report["games"] == 1 and report["steps"] > 0, (game, report)
print(len(compiled.compiled_modules()))
"""


def test_a_build_passes_the_conformance_suite(cache: Path) -> None:
    run = _run(CONFORM, cache)
    assert run.returncode == 0, run.stderr[-3000:]
    assert int(run.stdout.split()[-1]) == sum(len(g.modules) for g in compiled.GROUPS.values())


def test_a_server_says_which_engines_its_pages_run(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """navalkit serve's 'engines:' line (compiled.engines_words) names the builds in use, and
    says how to make one when the Python source serves."""
    monkeypatch.setattr(compiled, "search_dirs", lambda: [cache])
    assert compiled.engines_words() == (
        "compiled: the Match and its dice, for every game; Far Seas' mechanics"
    )
    monkeypatch.setenv("NAVALKIT_PURE", "1")
    assert compiled.engines_words().startswith("the Python source (run `navalkit compile` once")
    monkeypatch.delenv("NAVALKIT_PURE")
    monkeypatch.setattr(compiled, "search_dirs", lambda: [cache / "nothing here"])
    assert compiled.engines_words().startswith("the Python source (")


def test_a_stale_build_is_never_used(cache: Path, tmp_path: Path) -> None:
    """A build named for other source (an edit since, another Python) is not this source's:
    the Python modules serve."""
    stale = tmp_path / "cache"
    for build in cache.iterdir():
        package, _, digest = build.name.rpartition("-")
        shutil.copytree(build, stale / f"{package}-0{digest}")
    modules, _ = _play(stale)
    assert modules == 0


def test_without_a_build_the_python_source_serves(tmp_path: Path) -> None:
    os.environ["NAVALKIT_COMPILED_DIR"] = str(tmp_path)
    try:
        assert not compiled.use(PACKAGE, [])
        assert compiled.main(["status"]) == 0
        assert compiled.main(["clean"]) == 0
    finally:
        del os.environ["NAVALKIT_COMPILED_DIR"]


def test_only_packages_with_a_build_are_built() -> None:
    with pytest.raises(ValueError, match="has no compiled build"):
        compiled.build("navalkit.games.naval_war")


#: which modules a Python that has imported the Match and Far Seas' mechanics runs compiled
WHICH = """
import navalkit
from navalkit.core import compiled
navalkit.new_match("far_seas", seed=1)
print(len(compiled.compiled_modules()))
"""


def test_a_build_for_everyone_serves_every_account_of_the_environment(
    cache: Path, tmp_path: Path
) -> None:
    """``navalkit compile --for-everyone`` puts the build in the Python environment
    (<prefix>/share/navalkit/compiled), where an account with nothing in its own cache, such as
    a student's server on a school's hub, finds it. Here the environment is a virtual one made
    on this Python (the same version, so the same build names), and the build is copied in."""
    env_dir = tmp_path / "env"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(env_dir)],
        check=True,
    )
    python = env_dir / "bin" / "python"
    shared = env_dir / "share" / "navalkit" / "compiled"
    environment = {k: v for k, v in os.environ.items() if not k.startswith("NAVALKIT_")}
    environment["HOME"] = str(tmp_path / "student")  # nothing in this account's own cache

    def compiled_count() -> int:
        run = subprocess.run(
            [str(python), "-c", WHICH], env=environment, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr[-3000:]
        return int(run.stdout.split()[-1])

    assert compiled_count() == 0
    # open to every account, whatever the umask of the one that built it (077 here): the
    # folders made on the way (share/navalkit/compiled) and everything in the builds
    opened = [cache, cache.parent, cache.parent.parent, *cache.rglob("*")]
    assert all(p.stat().st_mode & 0o555 == 0o555 for p in opened)
    for build in cache.iterdir():
        shutil.copytree(build, shared / build.name)
    assert compiled_count() == sum(len(g.modules) for g in compiled.GROUPS.values())
    status = subprocess.run(
        [str(python), "-m", "navalkit.cli", "compile", "status"],
        env=environment,
        capture_output=True,
        text=True,
    )
    assert status.returncode == 0 and str(shared) in status.stdout, status.stdout + status.stderr


def test_a_build_for_everyone_that_cannot_be_written_says_why(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if importlib.util.find_spec("mypyc") is None:
        pytest.skip("the compiled build needs mypyc (with mypy)")
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setattr(compiled, "shared_dir", lambda: blocked / "compiled")
    assert compiled.main(["build", "--for-everyone"]) == 1
    err = capsys.readouterr().err
    assert "Could not write the build to" in err and "nothing is lost" in err
