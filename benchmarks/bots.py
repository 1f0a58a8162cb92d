"""How strong and how quick the computer players are, game by game.

For every registered game: the win rate of the medium bot (``greedy``) and of the hard bot
(``mcts``, with the game's own search settings) against ``random`` over seeded games (the bot
takes each seat in turn), of hard against medium head to head, and the time a medium and a
hard move take. Figures go to ``benchmarks/bots.json`` and a line per game
to ``benchmarks/BOTS.md``.

    python benchmarks/bots.py --games 40 [--game branle_bas] [--no-mcts] [--no-h2h]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import navalkit
from navalkit.core import make_bot, new_match
from navalkit.core.bots import bot_view

HERE = Path(__file__).resolve().parent


def duel(
    game_id: str, bot: str, games: int, seed: int = 0, opponent: str = "random"
) -> dict[str, Any]:
    """``bot`` against ``opponent`` in every other seat, the bot's seat rotating by game."""
    game = navalkit.get_game(game_id)
    n = game.default_players
    wins = draws = 0
    for i in range(games):
        seat = i % n
        bots = [opponent] * n
        bots[seat] = bot
        row = navalkit.simulate(game_id, games=1, bots=bots, seed=seed + i, workers=1).iloc[0]
        if row["winner"] is None or str(row["winner"]) == "<NA>":
            draws += 1
        elif int(row["winner"]) == seat:
            wins += 1
    return {"games": games, "wins": wins, "draws": draws, "rate": round(wins / max(games, 1), 3)}


def move_times(game_id: str, bot: str, moves: int = 200, seed: int = 0) -> list[float]:
    """Seconds per decision of ``bot`` along a seeded game played by the bot itself."""
    game = navalkit.get_game(game_id)
    player = make_bot(game, bot)
    match = new_match(game_id, seed=seed)
    times = []
    while not match.is_over and len(times) < moves:
        view = bot_view(match)
        t = time.perf_counter()
        action = player.choose(view)
        times.append(time.perf_counter() - t)
        match.apply(action)
    return times


TABLE = (
    "| date | game | medium vs random | medium move | hard vs random | hard vs medium | hard move |"
)


def _line(stamp: str, r: dict[str, Any]) -> str:
    def rate(d: dict[str, Any] | None) -> str:
        return f"{d['wins']}/{d['games']} ({d['draws']} drawn)" if d else "-"

    m = r["medium_vs_random"]
    hard = (
        f"{r['hard_move_ms_median']} ms (max {r['hard_move_ms_max']})"
        if "hard_move_ms_median" in r
        else "-"
    )
    return (
        f"| {stamp} | {r['game']} | {rate(m)} | "
        f"{r['medium_move_ms_median']} ms (max {r['medium_move_ms_max']}) | "
        f"{rate(r.get('hard_vs_random'))} | {rate(r.get('hard_vs_medium'))} | {hard} |\n"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--game", action="append", default=None, help="only these games")
    ap.add_argument("--no-mcts", action="store_true", help="skip the (slow) hard bot")
    ap.add_argument("--no-h2h", action="store_true", help="skip hard against medium")
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args(argv)
    rows = []
    for game_id in args.game or navalkit.games():
        row: dict[str, Any] = {"game": game_id}
        row["medium_vs_random"] = duel(game_id, "medium", args.games)
        medium = move_times(game_id, "medium")
        row["medium_move_ms_median"] = round(1000 * statistics.median(medium), 2)
        row["medium_move_ms_max"] = round(1000 * max(medium), 2)
        if not args.no_mcts:
            row["hard_vs_random"] = duel(game_id, "hard", args.games)
            if not args.no_h2h:
                row["hard_vs_medium"] = duel(game_id, "hard", args.games, opponent="medium")
            hard = move_times(game_id, "hard", moves=10)
            row["hard_move_ms_median"] = round(1000 * statistics.median(hard), 1)
            row["hard_move_ms_max"] = round(1000 * max(hard), 1)
        print(json.dumps(row), flush=True)
        rows.append(row)
    if not args.no_save:
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M")
        store = HERE / "bots.json"
        history = json.loads(store.read_text()) if store.exists() else []
        history.append({"date": stamp, "games": args.games, "rows": rows})
        store.write_text(json.dumps(history, indent=1) + "\n")
        path = HERE / "BOTS.md"
        old = path.read_text() if path.exists() else ""
        with open(path, "a") as md:
            if not old:
                md.write(
                    "# Computer players: strength and speed\n\n`python benchmarks/bots.py` on "
                    "this project's 2-core machine. Win rates against `random` (the bot's seat "
                    "rotates); move times are medians of a bot's own game.\n"
                )
            if TABLE not in old:  # a table with the head-to-head column starts here
                md.write(f"\n{TABLE}\n|---|---|---|---|---|---|---|\n")
            for r in rows:
                md.write(_line(stamp, r))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
