"""How strong and how quick the computer players are, game by game.

For every registered game, over ``--games`` seeded games (default 50) with the seats rotated
(game ``i`` gives the stronger bot seat ``i mod n``, the other bot every other seat):

* **medium vs random** and **hard vs medium**: how often the stronger bot comes out ahead.
  In a two-player game that is a win (a draw is not). In a game of three or more (Naval War)
  one bot sits against two or more of the other, so winning outright would be asking more
  than 1 game in 3 of an equal player; there the figure is the share of head-to-head
  comparisons the bot wins: in each game, against each seat of the other bot, 1 if it won
  the game or finished with the higher score, 1/2 for the same score, 0 otherwise. The
  target is 60 % for both pairings.
* **hard move time**: the time of every hard decision in those games (median, p95, max);
  the target is p95 at most 250 ms. The hard bot thinks against the clock as on a play page
  (``--fixed``: a fixed number of iterations instead, the same moves on any machine).

Figures go to ``benchmarks/bots.json`` and a table to ``benchmarks/BOTS.md``.

    python benchmarks/bots.py [--games 50] [--game naval_war] [--fixed] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import time
from pathlib import Path
from typing import Any

from report import append_table

import navalkit
from navalkit.core import make_bot, new_match
from navalkit.core.bots import bot_view

HERE = Path(__file__).resolve().parent

#: the share of games (or head-to-head comparisons) a level must win against the one below
TARGET = 0.6
#: the longest a hard move should take, p95, in milliseconds
MOVE_TARGET_MS = 250.0


def play(game_id: str, names: list[str], seed: int, fixed: bool) -> dict[str, Any]:
    """One seeded game, a bot per seat by name; the winner, the scores and the time of each
    decision by seat."""
    game = navalkit.get_game(game_id)
    match = new_match(game_id, seed=seed, players=len(names))
    bots = [make_bot(game, name, fixed=fixed) for name in names]
    times: list[list[float]] = [[] for _ in names]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        view = bot_view(match)
        t = time.perf_counter()
        action = bots[seat].choose(view)
        times[seat].append(time.perf_counter() - t)
        match.apply(action)
    return {"winner": match.winner, "scores": list(match.scores), "times": times}


def _one(job: tuple[str, str, str, int, int, bool]) -> dict[str, Any]:
    game_id, bot, opponent, seat, seed, fixed = job
    n = navalkit.get_game(game_id).default_players
    names = [opponent] * n
    names[seat] = bot
    result = play(game_id, names, seed, fixed)
    result["seat"] = seat
    return result


def duel(
    game_id: str,
    bot: str,
    opponent: str,
    games: int,
    *,
    seed: int = 0,
    fixed: bool = False,
    workers: int = 1,
) -> dict[str, Any]:
    """``bot`` in one seat (rotating) against ``opponent`` in every other."""
    n = navalkit.get_game(game_id).default_players
    jobs = [(game_id, bot, opponent, i % n, seed + i, fixed) for i in range(games)]
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_one, jobs, chunksize=1)
    else:
        results = [_one(job) for job in jobs]
    wins = draws = 0
    points = 0.0
    comparisons = 0
    times: list[float] = []
    for r in results:
        seat, winner, scores = r["seat"], r["winner"], r["scores"]
        times += r["times"][seat]
        wins += winner == seat
        draws += winner is None
        for other in range(n):
            if other == seat:
                continue
            comparisons += 1
            if winner == seat:
                points += 1.0
            elif winner == other:
                pass
            elif scores[seat] > scores[other]:
                points += 1.0
            elif scores[seat] == scores[other]:
                points += 0.5
    rate = points / comparisons if n > 2 else wins / max(games, 1)
    ms = sorted(1000 * t for t in times) or [0.0]
    return {
        "bot": bot,
        "opponent": opponent,
        "players": n,
        "games": games,
        "wins": wins,
        "draws": draws,
        "rate": round(rate, 3),
        "measure": "head-to-head share" if n > 2 else "wins",
        "move_ms_median": round(statistics.median(ms), 1),
        "move_ms_p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 1),
        "move_ms_max": round(ms[-1], 1),
        "moves": len(times),
    }


def _cell(d: dict[str, Any]) -> str:
    mark = "yes" if d["rate"] >= TARGET else "**no**"
    head = f"{d['wins']}/{d['games']} won, {d['draws']} drawn"
    if d["players"] > 2:
        head += f"; {d['rate']:.0%} head to head"
    else:
        head += f" ({d['rate']:.0%})"
    return f"{head} {mark}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--game", action="append", default=None, help="only these games")
    ap.add_argument("--fixed", action="store_true", help="hard bot: fixed iterations, no clock")
    ap.add_argument("--workers", type=int, default=1, help="games played at once")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args(argv)
    rows = []
    for game_id in args.game or navalkit.games():
        common = {"seed": args.seed, "fixed": args.fixed, "workers": args.workers}
        row: dict[str, Any] = {"game": game_id}
        t = time.perf_counter()
        row["medium_vs_random"] = duel(game_id, "medium", "random", args.games, **common)
        row["hard_vs_medium"] = duel(game_id, "hard", "medium", args.games, **common)
        row["seconds"] = round(time.perf_counter() - t, 1)
        print(json.dumps(row), flush=True)
        rows.append(row)
    if not args.no_save:
        store = HERE / "bots.json"
        history = json.loads(store.read_text()) if store.exists() else []
        history.append({"games": args.games, "fixed": args.fixed, "rows": rows})
        store.write_text(json.dumps(history, indent=1) + "\n")
        lines = [
            "| game | medium vs random | hard vs medium | hard move median / p95 / max |",
            "|---|---|---|---|",
        ]
        for r in rows:
            h = r["hard_vs_medium"]
            ok = "yes" if h["move_ms_p95"] <= MOVE_TARGET_MS else "**no**"
            lines.append(
                f"| {r['game']} | {_cell(r['medium_vs_random'])} | {_cell(h)} | "
                f"{h['move_ms_median']} / {h['move_ms_p95']} / {h['move_ms_max']} ms {ok} |"
            )
        clock = "fixed iterations" if args.fixed else "hard bot on the clock"
        append_table(
            HERE / "BOTS.md",
            f"{args.games} seeded games per pairing, seats rotated, {clock}",
            lines,
            f"Target: {TARGET:.0%} (wins; head-to-head share with 3 or more players), "
            f"hard move p95 at most {MOVE_TARGET_MS:.0f} ms. "
            f"Games played {args.workers} at a time.",
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
