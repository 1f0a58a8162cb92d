"""How ``simulate`` scales: the same 200 seeded games with 1 and with 2 local workers, per game.

Run ``python benchmarks/simulate_scaling.py [--games 200] [--rounds 3] [--game ID ...]``; it
prints a table (the median time of the rounds, run with 1 and 2 workers in turn, and each
round's speed-up) and appends it, with the time and the machine's load, to
``benchmarks/RESULTS.md``. Figures, not a test.
"""

from __future__ import annotations

import argparse
import statistics
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
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="times each is run, 1 and 2 workers in turn (medians; a machine's speed varies)",
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=navalkit.games(),
        help="only this game (repeatable; default: every game)",
    )
    args = parser.parse_args()
    rows = [
        "| game | 1 worker (s) | 2 workers (s) | speed-up | each round's |",
        "|---|---|---|---|---|",
    ]
    for game_id in args.game or navalkit.games():
        ones, twos = [], []
        for _ in range(args.rounds):
            ones.append(seconds(game_id, args.games, 1))
            twos.append(seconds(game_id, args.games, 2))
        one, two = statistics.median(ones), statistics.median(twos)
        each = ", ".join(f"{a / b:.2f}x" for a, b in zip(ones, twos, strict=True))
        rows.append(f"| {game_id} | {one:.2f} | {two:.2f} | {one / two:.2f}x | {each} |")
        print(rows[-1], flush=True)
    title = f"simulate scaling, {args.games} random games, medians of {args.rounds} rounds"
    append_table(RESULTS, title, rows)


if __name__ == "__main__":
    main()
