"""A class on one server: N students open the same play page at once and make moves.

Starts ``navalkit serve`` (the classroom settings students get), drives N Chromium pages
concurrently with Playwright, and measures for each page the time to a drawn board and the
latency of each move (a "Computer move" click until the status line changes). It also reads
the resident memory of the kernels while all pages are open, and the time to first board of
one cold page and of one page served from a preheated pool.

    python benchmarks/classroom.py --students 30 --moves 5

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
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from navalkit.cli import page_url, wait_until_serving

HERE = Path(__file__).resolve().parent
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


def start_server(pool_size: int) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    cmd = [sys.executable, "-m", "navalkit.cli", "serve", "--no-browser", "--port", str(port),
           "--ip", "127.0.0.1", "--pool-size", str(pool_size)]  # fmt: skip
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


def kernel_memory_mb() -> list[float]:
    """Resident memory of every running ipykernel process, in MB."""
    out = subprocess.run(["ps", "-eo", "rss,args"], capture_output=True, text=True, check=True)
    return [
        int(line.split()[0]) / 1024
        for line in out.stdout.splitlines()[1:]
        if "ipykernel" in line and "-f" in line
    ]


async def student(browser: Any, url: str, moves: int, start: asyncio.Event) -> dict[str, Any]:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    result: dict[str, Any] = {"ok": False, "moves": [], "error": ""}
    await start.wait()
    t0 = time.perf_counter()
    try:
        await page.goto(url, wait_until="commit", timeout=300_000)
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


async def run_class(port: int, path: str, students: int, moves: int) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    url = page_url(path, port, "127.0.0.1")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        start = asyncio.Event()
        tasks = [asyncio.create_task(student(browser, url, moves, start)) for _ in range(students)]
        await asyncio.sleep(0.5)
        t0 = time.perf_counter()
        start.set()
        results = await asyncio.gather(*tasks)
        wall = time.perf_counter() - t0
        memory = kernel_memory_mb()  # every page still open
        for r in results:
            await r.pop("context").close()
            r.pop("page")
        await browser.close()
    return {"results": results, "wall_s": wall, "kernel_mb": memory}


async def one_page(port: int, path: str) -> float:
    run = await run_class(port, path, 1, 0)
    r = run["results"][0]
    if not r["ok"]:
        raise RuntimeError(r["error"])
    return float(r["first_board_s"])


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)] if ordered else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--moves", type=int, default=5)
    ap.add_argument("--page", default="branle_bas/play.ipynb")
    ap.add_argument("--pool-size", type=int, default=4, help="preheated kernels for the class run")
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args(argv)

    proc, port = start_server(0)
    try:
        cold = asyncio.run(one_page(port, args.page))
    finally:
        stop_server(proc)
    proc, port = start_server(args.pool_size)
    try:
        time.sleep(5 + 3 * args.pool_size)  # let the pool fill
        pooled = asyncio.run(one_page(port, args.page))
        time.sleep(3)
        run = asyncio.run(run_class(port, args.page, args.students, args.moves))
    finally:
        stop_server(proc)

    results = run["results"]
    ok = [r for r in results if r["ok"]]
    boards = [r["first_board_s"] for r in results if "first_board_s" in r]
    moves = [m for r in results for m in r["moves"]]
    mem = run["kernel_mb"]
    figures = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M"),
        "page": args.page,
        "students": args.students,
        "moves_each": args.moves,
        "pool_size": args.pool_size,
        "cpus": os.cpu_count(),
        "cold_first_board_s": round(cold, 2),
        "pooled_first_board_s": round(pooled, 2),
        "pages_ok": len(ok),
        "boards_drawn": len(boards),
        "slowest_first_board_s": round(max(boards), 2) if boards else None,
        "median_first_board_s": round(statistics.median(boards), 2) if boards else None,
        "moves_answered": len(moves),
        "move_latency_p50_s": round(statistics.median(moves), 3) if moves else None,
        "move_latency_p95_s": round(p95(moves), 3) if moves else None,
        "kernels_seen": len(mem),
        "kernel_rss_mb_median": round(statistics.median(mem), 1) if mem else None,
        "wall_s": round(run["wall_s"], 1),
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
        with open(HERE / "CLASSROOM.md", "a") as md:
            if md.tell() == 0:
                md.write("# Classroom load runs\n\n`python benchmarks/classroom.py` on this "
                         "project's 2-core machine.\n\n| date | students x moves | pool | "
                         "pages ok | slowest first board | move p50 / p95 | kernel RSS | cold "
                         "/ pooled first board |\n|---|---|---|---|---|---|---|---|\n")  # fmt: skip
            md.write(
                f"| {figures['date']} | {args.students} x {args.moves} | {args.pool_size} | "
                f"{len(ok)}/{args.students} | {figures['slowest_first_board_s']} s | "
                f"{figures['move_latency_p50_s']} / {figures['move_latency_p95_s']} s | "
                f"{figures['kernel_rss_mb_median']} MB | {figures['cold_first_board_s']} / "
                f"{figures['pooled_first_board_s']} s |\n"
            )
    return 0 if passed else 1


if __name__ == "__main__":
    raise SystemExit(main())
