"""A class on one server: N students open the same play page at once and make moves.

Starts ``navalkit serve`` (the classroom settings students get), drives N Chromium pages
concurrently with Playwright, and measures for each page the time to a drawn board and the
latency of each move (a "Computer move" click until the status line changes). It also reads
the resident memory of the kernels while all pages are open, and the time to first board of
one cold page and of one page served from a preheated pool.

The students' browsers would run on their own machines, not on the server. Here they share
its 2 cores, so by default Chromium runs at the lowest CPU priority (``nice 19``): the server
gets the cores first and the browsers the rest, which is the nearest this one machine comes
to a server with the class's browsers elsewhere (``--no-nice`` turns that off).

    python benchmarks/classroom.py --students 30 --moves 5            # the default command
    python benchmarks/classroom.py --page naval_war/play.ipynb \
        --flags "--pool-page naval_war/play.ipynb"          # a game's own page, preheated

By default the class runs against ``navalkit serve`` exactly as a teacher starts it, with no
class flags (its own plan: 30 kernels on the one play page, ``play.ipynb?game=…``), and opens
``play.ipynb?game=branle_bas``; ``--flags`` adds the teacher's. The run waits until every
preheated kernel is ready (a teacher starts the server before the lesson), then all students
open the page in the same second.

Prints a table and appends the figures to ``benchmarks/classroom.json`` and
``benchmarks/CLASSROOM.md``. Needs Debian's Chromium (/usr/bin/chromium) and playwright.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from report import add_row

from navalkit.cli import page_url, wait_until_serving

HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
KERNEL_READY_CPU_S = 0.5  # a kernel that has imported navalkit has spent more than this
QUIET_CPU_S = 0.3  # all the pool's kernels together use less than this in 3 s: they wait


def cpu_split(server: subprocess.Popen[bytes]) -> dict[str, float]:
    """CPU seconds used so far by the Voila server itself, its kernels, and the browsers."""
    kernels = sum(k[1] for k in server_kernels(server.pid))
    served = process_tree_cpu(server.pid)
    ours = process_tree_cpu(os.getpid()) - cpu_seconds(os.getpid())
    return {"server": served - kernels, "kernels": kernels, "browsers": ours - served}


def process_tree_cpu(root: int) -> float:
    """CPU seconds used so far by ``root`` and every process below it."""
    out = subprocess.run(["ps", "-eo", "pid,ppid"], capture_output=True, text=True, check=True)
    children: dict[int, list[int]] = {}
    for line in out.stdout.splitlines()[1:]:
        pid, ppid = map(int, line.split())
        children.setdefault(ppid, []).append(pid)
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        total += cpu_seconds(pid)
        todo += children.get(pid, [])
    return total


CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
    "--disable-dev-shm-usage",
]  # fmt: skip
BOARD = "canvas.navalkit-board"
DRAWN_JS = """() => {
  const c = document.querySelector('canvas.navalkit-board');
  if (!c || !c.width) return false;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let opaque = 0, varied = false;
  for (let i = 0; i < d.length; i += 64) {
    if (d[i + 3]) opaque++;
    if (d[i] !== d[0]) varied = true;
  }
  return opaque > 0 && varied;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def chromium_launcher(nice: bool) -> str:
    """The browser to launch: Debian's Chromium, at the lowest CPU priority when ``nice``."""
    if not nice:
        return CHROMIUM
    wrapper = HERE / ".chromium-nice.sh"
    wrapper.write_text(f'#!/bin/sh\nexec nice -n 19 {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def start_server(flags: list[str]) -> tuple[subprocess.Popen[bytes], int]:
    """``navalkit serve`` as a teacher starts it, with ``flags``."""
    port = free_port()
    cmd = [sys.executable, "-m", "navalkit.cli", "serve", "--no-browser", "--port", str(port),
           "--ip", "127.0.0.1", *flags]  # fmt: skip
    log = open(HERE / ".classroom-server.log", "wb")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    wait_until_serving(f"http://127.0.0.1:{port}/", timeout=120)
    return proc, port


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    os.killpg(proc.pid, 15)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, to the clock tick."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # it has just exited
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_kernels(server_pid: int) -> list[tuple[int, float, float]]:
    """(pid, CPU seconds, resident MB) of every ipykernel the server started (other kernels
    on the machine, e.g. a test run's, are not counted)."""
    out = subprocess.run(
        ["ps", "-eo", "pid,ppid,cputimes,rss,args"], capture_output=True, text=True, check=True
    )
    rows = [line.split(None, 4) for line in out.stdout.splitlines()[1:]]
    parent = {int(r[0]): int(r[1]) for r in rows}

    def ours(pid: int) -> bool:
        while pid > 1:
            if pid == server_pid:
                return True
            pid = parent.get(pid, 1)
        return False

    return [
        (int(r[0]), cpu_seconds(int(r[0])), int(r[3]) / 1024)
        for r in rows
        if "ipykernel" in r[4] and ours(int(r[0]))
    ]


def preheated() -> int:
    """How many kernels the server's plan preheats (its ``preheated:`` line)."""
    for line in (HERE / ".classroom-server.log").read_text(errors="replace").splitlines():
        if line.strip().startswith("preheated:"):
            pools = line.split(":", 1)[1].split(" (")[0]  # "a.ipynb 30, b.ipynb 4 (34 kernels…)"
            return sum(int(part.rsplit(" ", 1)[1]) for part in pools.split(","))
    return 0


def wait_for_pool(server_pid: int, size: int, timeout: float = 900) -> float:
    """Wait until the server runs ``size`` kernels that have all worked (imported navalkit and
    built their page) and gone quiet (waiting for a request); return the seconds it took."""
    t0 = time.perf_counter()
    last = -1.0
    while time.perf_counter() - t0 < timeout:
        kernels = server_kernels(server_pid)
        busy = sum(k[1] for k in kernels)
        worked = sum(k[1] >= KERNEL_READY_CPU_S for k in kernels)
        if len(kernels) >= size and worked >= size and busy - last < QUIET_CPU_S:
            return time.perf_counter() - t0
        last = busy
        time.sleep(3)
    raise TimeoutError(f"the pool of {size} kernels did not fill in {timeout:.0f} s")


async def student(browser: Any, url: str, moves: int, start: asyncio.Event) -> dict[str, Any]:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    result: dict[str, Any] = {"ok": False, "moves": [], "error": ""}
    await start.wait()
    t0 = time.perf_counter()
    try:
        response = await page.goto(url, wait_until="commit", timeout=300_000)
        if response is not None:
            await response.finished()  # the last byte of the page's HTML: the server's part
        result["served_s"] = time.perf_counter() - t0
        await page.wait_for_function(DRAWN_JS, timeout=300_000, polling=100)
        result["first_board_s"] = time.perf_counter() - t0
        status = page.locator(".navalkit-status").first
        for _ in range(moves):
            before = await status.inner_text()
            t = time.perf_counter()
            await page.get_by_role("button", name="Computer move").first.click()
            await page.wait_for_function(
                "(b) => { const s = document.querySelector('.navalkit-status');"
                " return s && s.innerText !== b; }",
                arg=before, timeout=120_000, polling=50,
            )  # fmt: skip
            result["moves"].append(time.perf_counter() - t)
        errors = await page.locator(".jp-OutputArea-output").all_inner_texts()
        if any("Traceback" in e or "Error" in e for e in errors):
            raise RuntimeError("the page shows an error")
        result["ok"] = True
    except Exception as exc:  # a failed student is a result, not a crash of the run
        result["error"] = f"{type(exc).__name__}: {exc}"[:300]
    result["page"] = page
    result["context"] = context
    return result


async def wire_student(
    url: str, moves: int, think: float, start: asyncio.Event, *, seed: int
) -> dict[str, Any]:
    """A student whose page speaks to the server on the wire, as the page's scripts do, but
    draws nothing (navalkit.testing.wire): the server's work, without a browser's."""
    import random

    from navalkit.testing.wire import WireStudent

    rng = random.Random(seed)
    result: dict[str, Any] = {"ok": False, "moves": [], "error": ""}
    wire = WireStudent(url, timeout=300)
    await start.wait()
    try:
        served, board = await wire.first_board()
        result["served_s"], result["first_board_s"] = served, board
        for _ in range(moves):
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            result["moves"].append(await wire.click("Computer move"))
        result["ok"] = True
    except Exception as exc:  # a failed student is a result, not a crash of the run
        result["error"] = f"{type(exc).__name__}: {exc}"[:300]
    result["wire"] = wire
    return result


async def at_once(
    server: subprocess.Popen[bytes],
    students: list[Callable[[asyncio.Event], Coroutine[Any, Any, Any]]],
) -> dict[str, Any]:
    """Start every student, let them all open the page in the same instant, wait for all:
    their results, the wall time, the CPU the server, its kernels and the browsers used, and
    the kernels' memory while every page is still open."""
    start = asyncio.Event()
    tasks = [asyncio.create_task(s(start)) for s in students]
    await asyncio.sleep(0.5)
    before = cpu_split(server)
    t0 = time.perf_counter()
    start.set()
    results = await asyncio.gather(*tasks)
    wall = time.perf_counter() - t0
    after = cpu_split(server)
    cpu = {k: round(after[k] - before[k], 1) for k in before}
    memory = [k[2] for k in server_kernels(server.pid)]
    return {"results": results, "wall_s": wall, "kernel_mb": memory, "cpu_s": cpu}


async def run_wire_class(
    server: subprocess.Popen[bytes], port: int, path: str, students: int, moves: int,
    think: float,
) -> dict[str, Any]:  # fmt: skip
    """The class as wire students: all open the page in the same instant, then each plays
    ``moves`` moves, pausing about ``think`` seconds before each (0: as fast as answered)."""
    url = page_url(path, port, "127.0.0.1")
    run = await at_once(
        server,
        [partial(wire_student, url, moves, think, seed=n) for n in range(students)],
    )
    for r in run["results"]:
        await r.pop("wire").close()
    return run


async def run_class(
    server: subprocess.Popen[bytes], port: int, path: str, students: int, moves: int, browser: str
) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    url = page_url(path, port, "127.0.0.1")
    async with async_playwright() as pw:
        chromium = await pw.chromium.launch(executable_path=browser, args=CHROMIUM_ARGS)
        run = await at_once(server, [partial(student, chromium, url, moves)] * students)
        for r in run["results"]:
            await r.pop("context").close()
            r.pop("page")
        await chromium.close()
    return run


async def one_page(server: subprocess.Popen[bytes], port: int, path: str, browser: str) -> float:
    run = await run_class(server, port, path, 1, 0, browser)
    r = run["results"][0]
    if not r["ok"]:
        raise RuntimeError(r["error"])
    return float(r["first_board_s"])


#: CLASSROOM.md as it starts
CLASSROOM_HEADER = (
    "# Classroom load runs\n\n`python benchmarks/classroom.py` on this project's 2-core "
    "machine.\n\n| date | students x moves | pool | pages ok | slowest first board | move "
    "p50 / p95 | kernel RSS | cold / pooled first board |\n|---|---|---|---|---|---|---|---|"
)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)] if ordered else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--moves", type=int, default=5)
    ap.add_argument("--page", default="play.ipynb?game=branle_bas")
    ap.add_argument(
        "--flags",
        default="",
        help="navalkit serve's class flags, e.g. '--pool-page PAGE' (default: none, its plan)",
    )
    ap.add_argument(
        "--client",
        choices=("wire", "chromium"),
        default="wire",
        help="the class's pages: 'wire' speaks each page's messages to the server without a "
        "browser (the students' machines do the drawing); 'chromium' runs 30 browsers here",
    )
    ap.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="wire students pause about this many seconds before each move (0: at once)",
    )
    ap.add_argument("--no-nice", action="store_true", help="browsers at normal CPU priority")
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args(argv)
    browser_path = chromium_launcher(not args.no_nice)
    one = ["--class-size", "1", "--pool-page", args.page.partition("?")[0]]

    # a cold kernel: the page is not among the preheated ones
    proc, port = start_server(["--class-size", "1", "--pool-page", "welcome.ipynb"])
    try:
        cold = asyncio.run(one_page(proc, port, args.page, browser_path))
    finally:
        stop_server(proc)
    proc, port = start_server(one)
    try:
        wait_for_pool(proc.pid, 1)
        pooled = asyncio.run(one_page(proc, port, args.page, browser_path))
    finally:
        stop_server(proc)
    # The class: the server's plan (a student its pools cannot serve waits for a kernel to
    # start, in the queue, while the others are opening their pages).
    proc, port = start_server(args.flags.split())
    try:
        pool = preheated()
        fill = wait_for_pool(proc.pid, pool)
        if args.client == "wire":
            run = asyncio.run(
                run_wire_class(proc, port, args.page, args.students, args.moves, args.think)
            )
        else:
            run = asyncio.run(
                run_class(proc, port, args.page, args.students, args.moves, browser_path)
            )
    finally:
        stop_server(proc)

    results = run["results"]
    ok = [r for r in results if r["ok"]]
    boards = [r["first_board_s"] for r in results if "first_board_s" in r]
    served = [r["served_s"] for r in results if "served_s" in r]
    moves = [m for r in results for m in r["moves"]]
    mem = run["kernel_mb"]
    figures = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M"),
        "page": args.page,
        "students": args.students,
        "moves_each": args.moves,
        "serve_flags": args.flags or "(none: the default plan)",
        "preheated": pool,
        "pool_fill_s": round(fill, 1),
        "client": args.client if args.client == "chromium" else f"wire, think {args.think:g} s",
        "browsers": "nice 19" if not args.no_nice else "normal priority",
        "cpus": os.cpu_count(),
        "cold_first_board_s": round(cold, 2),
        "pooled_first_board_s": round(pooled, 2),
        "pages_ok": len(ok),
        "boards_drawn": len(boards),
        "slowest_first_board_s": round(max(boards), 2) if boards else None,
        "median_first_board_s": round(statistics.median(boards), 2) if boards else None,
        "first_board_p95_s": round(p95(boards), 2) if boards else None,
        "slowest_page_served_s": round(max(served), 2) if served else None,
        "moves_answered": len(moves),
        "move_latency_p50_s": round(statistics.median(moves), 3) if moves else None,
        "move_latency_p95_s": round(p95(moves), 3) if moves else None,
        "kernels_seen": len(mem),
        "kernel_rss_mb_median": round(statistics.median(mem), 1) if mem else None,
        "wall_s": round(run["wall_s"], 1),
        "cpu_s_during_class": run["cpu_s"],
        "errors": sorted({r["error"] for r in results if r["error"]}),
    }
    for key, value in figures.items():
        print(f"{key:24} {value}")
    passed = len(ok) == args.students and len(moves) == args.students * args.moves
    print("PASS" if passed else "FAIL", "- every page drew its board and answered every move")
    if not args.no_save:
        store = HERE / "classroom.json"
        history = json.loads(store.read_text()) if store.exists() else []
        history.append(figures)
        store.write_text(json.dumps(history, indent=1) + "\n")
        row = (
            f"| {figures['date']} | {args.students} x {args.moves} ({figures['client']}) | "
            f"{args.flags or 'default'}: {pool} | "
            f"{len(ok)}/{args.students} | p50 {figures['median_first_board_s']} / p95 "
            f"{figures['first_board_p95_s']} / max {figures['slowest_first_board_s']} s | "
            f"{figures['move_latency_p50_s']} / {figures['move_latency_p95_s']} s | "
            f"{figures['kernel_rss_mb_median']} MB | {figures['cold_first_board_s']} / "
            f"{figures['pooled_first_board_s']} s |"
        )
        add_row(HERE / "CLASSROOM.md", row, CLASSROOM_HEADER)
    return 0 if passed else 1


if __name__ == "__main__":
    raise SystemExit(main())
