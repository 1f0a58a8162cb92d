"""How ``simulate`` scales: the same 200 seeded games with 1 and with 2 local workers, per game.

Run ``python benchmarks/simulate_scaling.py [--games 200]``; it prints a table and appends it,
with the time and the machine's load, to ``benchmarks/RESULTS.md``. Figures, not a test.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from report import append_table

import navalkit

RESULTS = Path(__file__).with_name("RESULTS.md")


def seconds(game_id: str, games: int, workers: int) -> float:
    started = time.perf_counter()
    navalkit.simulate(game_id, games=games, workers=workers)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    rows = ["| game | 1 worker (s) | 2 workers (s) | speed-up |", "|---|---|---|---|"]
    for game_id in navalkit.games():
        one, two = seconds(game_id, args.games, 1), seconds(game_id, args.games, 2)
        rows.append(f"| {game_id} | {one:.2f} | {two:.2f} | {one / two:.2f}x |")
        print(rows[-1], flush=True)
    append_table(RESULTS, f"simulate scaling, {args.games} random games", rows)


if __name__ == "__main__":
    main()
