"""Python time to redraw a board after a move: ``game.draw(view)`` plus the ipycanvas replay
of the layers that changed (commands built and sent to a headless comm), per game.

    python benchmarks/redraw.py [--moves 200]

Prints the median and the 95th percentile in milliseconds and appends them to
``benchmarks/REDRAW.md``. The goal is <= 20 ms per move.
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path

import navalkit
from navalkit.core import make_bot, play_bot_move
from navalkit.render.canvas import CanvasBoard
from navalkit.render.games import draw

HERE = Path(__file__).resolve().parent


def redraw_times(game_id: str, moves: int, seed: int = 0) -> list[float]:
    game = navalkit.get_game(game_id)
    match = navalkit.new_match(game_id, seed=seed)
    first = draw(game, match.observe(0))
    board = CanvasBoard(first.width, first.height, first.layer_names)
    board.show(first)
    bot = make_bot(game, "random")
    times = []
    while len(times) < moves:
        if match.is_over:
            match = navalkit.new_match(game_id, seed=seed + len(times) + 1)
        play_bot_move(match, bot)
        seat = match.current_player if match.current_player is not None else 0
        t = time.perf_counter()
        board.show(draw(game, match.observe(seat)))
        times.append(time.perf_counter() - t)
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args(argv)
    lines = []
    for game_id in navalkit.games():
        ts = sorted(redraw_times(game_id, args.moves))
        med = 1000 * statistics.median(ts)
        p95 = 1000 * ts[int(0.95 * (len(ts) - 1))]
        print(
            f"{game_id:14} median {med:6.2f} ms   p95 {p95:6.2f} ms   max {1000 * ts[-1]:6.2f} ms"
        )
        lines.append((game_id, med, p95, 1000 * ts[-1]))
    if not args.no_save:
        out = HERE / "REDRAW.md"
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M")
        with open(out, "a") as md:
            if md.tell() == 0:
                md.write(
                    "# Board redraw time per move (Python side)\n\n`python benchmarks/"
                    "redraw.py`: draw the view and replay the changed layers on a headless "
                    "ipycanvas board. Goal: <= 20 ms.\n\n| date | game | median | p95 | max |"
                    "\n|---|---|---|---|---|\n"
                )
            for g, med, p95, mx in lines:
                md.write(f"| {stamp} | {g} | {med:.2f} ms | {p95:.2f} ms | {mx:.2f} ms |\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
