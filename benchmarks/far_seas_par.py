"""Far Seas' house par (FS-VICTORY, setting ``german_par``): how far the German leads when
both sides are played by the same computer commander, and who wins at each par.

Run ``python benchmarks/far_seas_par.py [--games 100] [--hard 10]``: it plays seeded games
greedy against greedy (and ``--hard`` games of the search bot against itself) with the par
at 0, prints the German lead (German VP minus Allied VP) and the German win rate at the
default par and its neighbours, and appends the table to ``benchmarks/FAR_SEAS_PAR.md``.
Figures, not a test: the par is a house rule a teacher may switch.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from report import append_table

import navalkit
from navalkit.games.far_seas.config import Config

OUT = Path(__file__).with_name("FAR_SEAS_PAR.md")
PARS = (0, 225, 240, 245, 250)


def leads(bot: str, games: int) -> tuple[list[int], float]:
    started = time.perf_counter()
    df = navalkit.simulate("far_seas", games=games, bots=[bot, bot], german_par=0)
    return [int(x) for x in df["score_0"] - df["score_1"]], time.perf_counter() - started


def row(bot: str, values: list[int], seconds: float) -> str:
    values = sorted(values)
    n = len(values)
    median = values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2
    wins = []
    for par in PARS:
        g = sum(v > par for v in values)
        d = sum(v == par for v in values)
        wins.append(f"{g}/{d}/{n - g - d}")
    return (
        f"| {bot} vs {bot} | {n} | {values[0]}–{values[-1]} | {median:g} | "
        + " | ".join(wins)
        + f" | {seconds:.0f} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="greedy against greedy")
    parser.add_argument("--hard", type=int, default=10, help="the search bot against itself")
    args = parser.parse_args()
    head = " | ".join(f"par {p}" for p in PARS)
    rows = [
        f"| players | games | German lead | median | {head} | time |",
        "|---|---|---|---|" + "---|" * len(PARS) + "---|",
    ]
    for bot, games in (("greedy", args.games), ("hard", args.hard)):
        if games:
            rows.append(row(bot, *leads(bot, games)))
            print(rows[-1], flush=True)
    heading = f"Far Seas par, default settings but the par (default par {Config().german_par})"
    note = "Each 'par' cell: German wins / draws / Allied wins."
    append_table(OUT, heading, rows, note)


if __name__ == "__main__":
    main()
