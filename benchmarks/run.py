"""Random-playout speed of every navalkit game, side by side with OpenSpiel's tic-tac-toe.

    python benchmarks/run.py [--seconds S] [--rounds R] [--out FILE] [--label TEXT]

Each figure is steps per second of a random playout: pick a legal action uniformly, apply
it, until the game is over (one ``apply`` = one step; chance steps are drawn by weight and
not counted). The measurements are interleaved over a few rounds and each figure is the
median of its rounds, so machine noise hits every contestant alike. Each contestant runs in a
process of its own (as a kernel plays one game): in one shared process, the action tables and
caches the other games had built (some 150,000 objects) made the garbage collector's rounds
longer for the game measured after them, Nautic Miles through a Match 39,000 steps/s alone and
28,000-33,000 after Far Seas and Branle-Bas. ``--shared`` measures the old way. See README.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import multiprocessing
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from report import add_row

HERE = Path(__file__).resolve().parent
REFERENCE = "openspiel python_tic_tac_toe"
HISTORY_KEEP = 50  # runs kept in results.json (RESULTS.md keeps them all)
#: issue 20's target: every game through a Match at least this many times tic-tac-toe's rate
TARGET = 1.5

#: RESULTS.md as it starts
HISTORY_HEADER = (
    "# Benchmark history\n\nRandom-playout steps per second (median of interleaved rounds), "
    "written by `python benchmarks/run.py`. Ratios are to OpenSpiel's pure-Python tic-tac-toe "
    "measured in the same run.\n\n| date | commit | label | figures | machine |\n"
    "|---|---|---|---|---|"
)

#: one benchmark: run playouts for about ``seconds``, return (steps, elapsed seconds)
Bench = Callable[[float, random.Random], tuple[int, float]]


# --- the contestants -------------------------------------------------------------------------
def rules_playout(game: Any) -> Bench:
    """Random playouts straight on the pure rules (``game.legal_actions`` / ``game.apply``)."""
    config = game.make_config()
    players = game.default_players

    def run(seconds: float, rng: random.Random) -> tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            state = game.initial_state(config, players)
            while not game.is_over(state):
                if game.is_chance(state):
                    outcomes = game.chance_outcomes(state)
                    weights = [p for _, p in outcomes]
                    outcome = rng.choices([o for o, _ in outcomes], weights)[0]
                    state = game.apply_chance(state, outcome)
                    continue
                legal = game.legal_actions(state)
                state = game.apply(state, rng.choice(legal))
                steps += 1
            now = time.perf_counter()
            if now >= deadline:
                return steps, now - start

    return run


def match_playout(game_id: str) -> Bench:
    """Random playouts through a Match (re-checks legality, keeps the log and the states)."""
    import navalkit

    def run(seconds: float, rng: random.Random) -> tuple[int, float]:
        steps = 0
        seed = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            match = navalkit.new_match(game_id, seed=seed)
            seed += 1
            while not match.is_over:
                match.apply(rng.choice(match.legal_actions()))
                steps += 1
            now = time.perf_counter()
            if now >= deadline:
                return steps, now - start

    return run


def openspiel_playout() -> Bench | None:
    """OpenSpiel's pure-Python tic-tac-toe, or None when OpenSpiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401 - registers the game
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")

    def run(seconds: float, rng: random.Random) -> tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
            now = time.perf_counter()
            if now >= deadline:
                return steps, now - start

    return run


# --- measuring -------------------------------------------------------------------------------
def through_match(name: str) -> bool:
    """Whether the benchmark called ``name`` plays through a Match: ``<game> (match)`` or
    ``<game> (match, compiled)``."""
    return name.endswith(("(match)", "(match, compiled)"))


def make_bench(name: str) -> Bench:
    """The benchmark called ``name`` (the reference, ``<game> (rules)`` or ``<game> (match)``,
    each also as ``(rules, compiled)`` or ``(match, compiled)``)."""
    if name == REFERENCE:
        bench = openspiel_playout()
        if bench is None:
            raise RuntimeError("OpenSpiel is not installed")
        return bench
    game_id = name.split(" ", 1)[0]
    if through_match(name):
        return match_playout(game_id)
    import navalkit

    return rules_playout(navalkit.get_game(game_id))


_BENCHES: dict[str, Bench] = {}


def _run_alone(name: str, seconds: float, seed: int) -> tuple[int, float]:
    """In a contestant's own process: one round of its benchmark (built the first time).
    Only a ``compiled`` contestant may use a compiled build (see navalkit.core.compiled):
    the others run the Python source, as they always have."""
    if name not in _BENCHES:
        if name.endswith(", compiled)"):
            os.environ.pop("NAVALKIT_PURE", None)
        else:
            os.environ["NAVALKIT_PURE"] = "1"  # (read when navalkit is first imported)
        _BENCHES[name] = make_bench(name)
    return _BENCHES[name](seconds, random.Random(seed))


def measure(
    names: list[str], seconds: float, rounds: int, *, shared: bool = False
) -> dict[str, dict[str, Any]]:
    """Interleave the benchmarks for ``rounds`` rounds, one at a time, each in a process of its
    own (``shared``: all in this one); the median rate of each, and its spread."""
    rates: dict[str, list[float]] = {name: [] for name in names}
    spawn = multiprocessing.get_context("spawn")
    workers = {} if shared else {n: ProcessPoolExecutor(1, mp_context=spawn) for n in names}
    try:
        for r in range(rounds):
            # Rotate who goes first so no contestant always runs on a cold (or hot) machine.
            order = names[r % len(names) :] + names[: r % len(names)]
            for name in order:
                seed = 1000 * r + len(name)
                if shared:
                    steps, elapsed = _run_alone(name, seconds, seed)
                else:
                    steps, elapsed = workers[name].submit(_run_alone, name, seconds, seed).result()
                rates[name].append(steps / elapsed)
            line = "  ".join(f"{n}: {rates[n][-1]:,.0f}" for n in names)
            print(f"  round {r + 1}/{rounds}: {line}", file=sys.stderr)
    finally:
        for worker in workers.values():
            worker.shutdown()
    return {
        name: {
            "steps_per_second": round(statistics.median(values)),
            "min": round(min(values)),
            "max": round(max(values)),
            "rounds": [round(v) for v in values],
        }
        for name, values in rates.items()
    }


def _git(*args: str) -> str | None:
    try:
        out = subprocess.run(
            ["git", *args], cwd=HERE, capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None  # None: no git, or no commit


def _git_commit() -> str | None:
    """``git rev-parse --short HEAD``, with ``+dirty`` when tracked files have changed since."""
    commit = _git("rev-parse", "--short", "HEAD")
    if commit and _git("status", "--porcelain", "--untracked-files=no"):
        commit += "+dirty"
    return commit or None


def _version(dist: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return None


def _cpu_model() -> str | None:
    """The processor's name (Linux): runs on different processors do not compare, even when
    the rest of the machine looks the same."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None


def machine() -> dict[str, Any]:
    return {
        "cpu_count": os.cpu_count(),
        "processor": platform.processor() or platform.machine(),
        "cpu_model": _cpu_model(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "navalkit": _version("navalkit"),
        "open_spiel": _version("open_spiel"),
        "compiled": _built(),
    }


def _built() -> list[str]:
    """The packages with a compiled build of their current source (navalkit.core.compiled).
    Imported here, not at the top of this file: every contestant's process imports this file
    first (spawn), and navalkit loaded then would run compiled or not before _run_alone could
    say which."""
    from navalkit.core.compiled import built

    return built()


def contestants(
    game_ids: list[str], builds: list[str], *, match: bool = True
) -> tuple[list[str], list[str]]:
    """The benchmarks of ``game_ids`` given the packages with a build of their current source
    (``builds``, navalkit.core.compiled.built), and a warning line for each game left out of
    the compiled runs. With a build, a game runs both ways, side by side: its rules when its
    own package is built, through a Match when the Match is built and the game's own package,
    if it has a build at all, is too. A game whose build is stale (after any edit to its
    package) is not measured compiled: its row would be the compiled Match with the game's
    Python source, which no ``navalkit compile`` gives (Far Seas ran 1.31x so, against 2.0x
    with both built), under a name that says "compiled"."""
    from navalkit.core.compiled import GROUPS

    names: list[str] = []
    warnings: list[str] = []
    for game_id in game_ids:
        own = [g for p, g in GROUPS.items() if p.startswith(f"navalkit.games.{game_id}.")]
        stale = [g.words for g in own if g.package not in builds]
        if builds and stale:
            warnings.append(
                f"{game_id}: {'; '.join(stale)} not built for the current source, so it is not "
                "measured compiled (run `navalkit compile`)"
            )
        built_own = bool(own) and not stale
        for way in ("", ", compiled"):
            if not way or built_own:
                names.append(f"{game_id} (rules{way})")
            if match and (not way or (not stale and "navalkit.core" in builds)):
                names.append(f"{game_id} (match{way})")
    return names, warnings


# --- reporting -------------------------------------------------------------------------------
def table(figures: dict[str, dict[str, Any]], reference: str | None) -> str:
    ref = figures[reference]["steps_per_second"] if reference else None
    rows = [("benchmark", "steps/s", "spread", "vs tic-tac-toe", f"target {TARGET:g}x")]
    for name, fig in figures.items():
        rate = fig["steps_per_second"]
        ratio = f"{rate / ref:.2f}x" if ref else "n/a"
        # the target is set for the Match, what pages, bots and simulations run
        target = ""
        if ref and through_match(name):
            target = "met" if rate >= TARGET * ref else "short"
        rows.append((name, f"{rate:,}", f"{fig['min']:,}-{fig['max']:,}", ratio, target))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for k, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])]
        cells += [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def save_json(path: Path, run: dict[str, Any]) -> None:
    """Write the run as ``latest`` and append it to ``history`` (the last few runs)."""
    history: list[dict[str, Any]] = []
    if path.exists():
        try:
            old = json.loads(path.read_text(encoding="utf-8"))
            history = list(old.get("history", []))
        except (ValueError, AttributeError):
            history = []
    history = [*history, run][-HISTORY_KEEP:]
    data = {"latest": run, "history": history}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def append_markdown(path: Path, run: dict[str, Any]) -> None:
    """One line of human-readable history per run, in the history table (the first)."""
    ref = run["reference"]
    bits = []
    for name, fig in run["figures"].items():
        rate = fig["steps_per_second"]
        ratio = f" ({fig['ratio']:.2f}x)" if ref and name != ref else ""
        bits.append(f"{name} {rate:,}/s{ratio}")
    m = run["machine"]
    who = f"{m['cpu_count']} CPU ({m.get('cpu_model') or m['processor']}), Python {m['python']}"
    line = (
        f"| {run['date'][:16].replace('T', ' ')} | {run['commit'] or '-'} | {run['label'] or '-'}"
        f" | {'; '.join(bits)} | {who} |"
    )
    add_row(path, line, HISTORY_HEADER)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Random-playout speed of every navalkit game, side by side with OpenSpiel's "
        "tic-tac-toe.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="seconds per benchmark in each round"
    )
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument(
        "--out", type=Path, default=HERE / "results.json", help="the JSON file to write"
    )
    parser.add_argument(
        "--history", type=Path, default=HERE / "RESULTS.md", help="Markdown history to extend"
    )
    parser.add_argument("--label", default="", help="a note for the history line")
    parser.add_argument("--no-save", action="store_true", help="print only; write no file")
    parser.add_argument("--no-match", action="store_true", help="skip the Match-level figures")
    parser.add_argument(
        "--shared", action="store_true", help="every contestant in this one process (the old way)"
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    if args.shared:
        os.environ["NAVALKIT_PURE"] = "1"  # one process, one way: the Python source

    import navalkit

    names: list[str] = []
    reference = None
    if openspiel_playout() is None:
        print(
            "OpenSpiel is not installed, so the tic-tac-toe reference is skipped and no ratio "
            "is given. Install it with: pip install open_spiel",
            file=sys.stderr,
        )
    else:
        reference = REFERENCE
        names.append(REFERENCE)
    # with a compiled build of the current source, a game runs both ways, side by side: its
    # rules when its own package is built, through a Match when it or the Match is (not with
    # --shared: one process runs one way)
    builds = [] if args.shared else _built()
    mine, warnings = contestants(navalkit.games(), builds, match=not args.no_match)
    names += mine
    for line in warnings:
        print(line, file=sys.stderr)

    total = args.seconds * args.rounds * len(names)
    where = "all in one process" if args.shared else "each in a process of its own"
    print(f"Measuring {len(names)} benchmarks, {where}, {args.rounds} rounds of {args.seconds:g} s "
          f"(about {total:.0f} s)...", file=sys.stderr)  # fmt: skip
    figures = measure(names, args.seconds, args.rounds, shared=args.shared)
    if reference:
        ref = figures[reference]["steps_per_second"]
        for fig in figures.values():
            fig["ratio"] = round(fig["steps_per_second"] / ref, 3)
    run = {
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": _git_commit(),
        "label": args.label,
        "seconds": args.seconds,
        "rounds": args.rounds,
        "machine": machine(),
        "reference": reference,
        "figures": figures,
    }
    print()
    print(table(figures, reference))
    if not args.no_save:
        save_json(args.out, run)
        append_markdown(args.history, run)
        print(f"\nwrote {args.out} and appended a line to {args.history}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
