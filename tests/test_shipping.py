"""The files that ship navalkit stay consistent: Binder, the root voila.json, CI and README."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from navalkit import cli

ROOT = Path(__file__).resolve().parents[1]


def test_binder_runtime_and_requirements() -> None:
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(\d+)\.(\d+)", runtime)
    assert match, f"binder/runtime.txt should read python-X.Y, not {runtime!r}"
    assert tuple(map(int, match.groups())) >= (3, 11), "pandas 3 and navalkit need Python 3.11+"
    lines = [
        line.split("#", 1)[0].strip()
        for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    ]
    assert ".[jupyter]" in lines, (
        "binder/requirements.txt must install navalkit itself with its Jupyter parts"
    )
    assert any(line.startswith("voila") for line in lines)


def test_binder_compiles_the_engines_and_never_fails_the_build() -> None:
    """postBuild compiles the Match and Far Seas (navalkit compile, with mypy's mypyc from the
    requirements); a failed build must not fail Binder's image, since the Python source serves."""
    post = ROOT / "binder" / "postBuild"
    assert os.access(post, os.X_OK), "repo2docker runs binder/postBuild as a program"
    text = post.read_text()
    assert text.startswith("#!/bin/bash") and "navalkit compile" in text
    assert text.rstrip().endswith("exit 0")
    requirements = (ROOT / "binder" / "requirements.txt").read_text()
    assert any(line.startswith("mypy") for line in requirements.splitlines())


def test_only_one_binder_folder() -> None:
    """repo2docker refuses a repository with both binder/ and .binder/."""
    assert not (ROOT / ".binder").exists()


def test_root_voila_json_matches_navalkit_serve() -> None:
    """Binder's /voila/render pages get the same classroom settings as `navalkit serve`."""
    conf = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    assert conf["show_tracebacks"] is False
    assert conf["strip_sources"] is True
    assert conf["file_allowlist"] == list(cli.FILE_ALLOWLIST)
    assert conf["file_denylist"] == list(cli.FILE_DENYLIST)
    assert conf["template"] == cli.TEMPLATE
    template = cli.TEMPLATE_ROOT / "voila" / "templates" / cli.TEMPLATE
    assert (template / "index.html.j2").is_file() and (template / "conf.json").is_file()
    hatch = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]
    data = hatch["targets"]["wheel"]["shared-data"]
    assert data == {
        f"navalkit/share/voila/templates/{cli.TEMPLATE}": (
            f"share/jupyter/voila/templates/{cli.TEMPLATE}"
        )
    }, "a wheel installs the template where Voila finds it (Binder's voila.json names it)"


def _ci_test_command() -> str:
    text = (ROOT / ".ci" / "run").read_text()
    (line,) = [ln for ln in text.splitlines() if ln.startswith("TEST_COMMAND=")]
    return line.split("=", 1)[1].strip("'")


def test_ci_runs_the_readme_test_command() -> None:
    command = _ci_test_command()
    assert "apt-get install -y chromium" in command, "a fresh machine needs Debian's Chromium"
    assert command.endswith('python -m pip install -e ".[test]" && python -m pytest -n 2'), (
        "the suite runs on two workers (pytest-xdist): serial, it takes about 28 minutes on "
        "a 2-core machine, too close to its 30"
    )
    assert (ROOT / ".ci" / "run").stat().st_mode & 0o111, ".ci/run must be executable"


def test_readme_quotes_the_ci_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    assert _ci_test_command() in readme


def test_binder_requirements_resolve_for_binders_python(tmp_path: Path) -> None:
    """What Binder will install resolves from the package index, as wheels for Binder's
    Python (binder/runtime.txt) on Linux: pip's resolver, without installing anything."""
    version = (ROOT / "binder" / "runtime.txt").read_text().strip().removeprefix("python-")
    report = tmp_path / "report.json"
    platforms = ["manylinux2014_x86_64", "manylinux_2_17_x86_64", "manylinux_2_28_x86_64"]
    cmd = [sys.executable, "-m", "pip", "install", "--dry-run", "--quiet", "--ignore-installed",
           "--report", str(report), "--python-version", version, "--implementation", "cp",
           "--only-binary=:all:", "--target", str(tmp_path / "target"),
           *(f"--platform={p}" for p in platforms),
           "-r", str(ROOT / "binder" / "requirements.txt")]  # fmt: skip
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr[-3000:]
    names = {i["metadata"]["name"].lower() for i in json.loads(report.read_text())["install"]}
    assert {"navalkit", "voila", "ipywidgets", "ipycanvas", "pandas", "ipykernel"} <= names


def test_the_voila_template_sets_prose_at_the_line_height_of_the_board_style() -> None:
    """Every Voila page's words in widgets read at PROSE_CSS's line height (JupyterLab gets it
    with each board's style): the template carries the very rule."""
    from navalkit.render.canvas import PROSE_CSS, board_style

    template = cli.TEMPLATE_ROOT / "voila" / "templates" / cli.TEMPLATE / "index.html.j2"
    assert f"<style>{PROSE_CSS}</style>" in template.read_text()
    assert PROSE_CSS in board_style().children[0].value
