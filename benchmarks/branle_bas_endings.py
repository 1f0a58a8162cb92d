"""How Branle-Bas games end with the seed's rules by default (free set-up, touch-move): how
many reach the house move limit (BB-TIME), how many end in a victory, a Triumph or one of
the seed's drawn positions (BB-DRAW), played by the computer against itself.

Run ``python benchmarks/branle_bas_endings.py [--games 30]``; it prints a table and appends it
to ``benchmarks/BRANLE_BAS_ENDINGS.md``. Figures, not a test: the limit is a house rule
(``max_plies``) standing in for the seed's 100 minutes.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from report import append_table

import navalkit
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.games.branle_bas.config import Config

OUT = Path(__file__).with_name("BRANLE_BAS_ENDINGS.md")
KINDS = ("victory", "triumph", "abandon", "draw", "time")


def endings(bot: str, games: int) -> tuple[Counter[str], list[int], float]:
    started = time.perf_counter()
    seen: Counter[str] = Counter()
    plies: list[int] = []
    for seed in range(games):
        m = navalkit.new_match("branle_bas", seed=seed)
        players = [make_bot(m.game, bot), make_bot(m.game, bot)]
        while not m.is_over:
            seat = m.current_player
            assert seat is not None
            play_bot_move(m, players[seat])
        result = m.state.result
        assert result is not None
        seen[result.kind] += 1
        plies.append(m.state.ply)
    return seen, plies, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--bots", default="random,greedy")
    args = parser.parse_args()
    rows = [
        "| players | games | " + " | ".join(KINDS) + " | moves (median) | time |",
        "|---|---|" + "---|" * len(KINDS) + "---|---|",
    ]
    for bot in args.bots.split(","):
        seen, plies, seconds = endings(bot, args.games)
        median = sorted(plies)[len(plies) // 2]
        counts = " | ".join(str(seen[k]) for k in KINDS)
        rows.append(f"| {bot} vs {bot} | {args.games} | {counts} | {median} | {seconds:.0f} s |")
        print(rows[-1], flush=True)
    heading = f"Branle-Bas endings, default settings (move limit {Config().max_plies})"
    append_table(OUT, heading, rows)


if __name__ == "__main__":
    main()
