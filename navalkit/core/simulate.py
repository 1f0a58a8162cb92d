"""Many seeded games between bots, one row per game: the simulation lab.

Game ``i`` uses seed ``seed + i``, so a run is repeatable and any game can be replayed with
``new_match(game_id, seed=...)``. Games run in local processes, or on a Dask cluster when a
scheduler address is given; both give the same rows for the same seeds.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from .bots import make_bot, play_bot_move
from .match import new_match
from .registry import get_game

Progress = Callable[[int, int], object]


def play_one(
    game_id: str,
    seed: int,
    bots: Sequence[str],
    players: int | None = None,
    config: dict[str, Any] | None = None,
    max_actions: int = 100_000,
) -> dict[str, Any]:
    """Play one seeded game between ``bots`` (one name per seat) and describe how it ended."""
    match = new_match(game_id, seed=seed, players=players, **(config or {}))
    game = match.game
    seat_bots = [make_bot(game, name) for name in bots]
    actions = 0
    while not match.is_over and actions < max_actions:
        seat = match.current_player
        assert seat is not None
        play_bot_move(match, seat_bots[seat])
        actions += 1
    row: dict[str, Any] = {
        "seed": seed,
        "bots": ",".join(bots),
        "winner": match.winner,
        "winner_bot": None if match.winner is None else bots[match.winner],
        "length": actions,
        "finished": match.is_over,
    }
    for seat, score in enumerate(match.scores):
        row[f"score_{seat}"] = score
    return row


def simulate(
    game_id: str,
    games: int = 100,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    *,
    players: int | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    on_progress: Progress | None = None,
    **config: Any,
) -> Any:
    """A pandas DataFrame with one row per game: seed, bots, ``winner`` (a seat, or <NA> for
    a draw), ``winner_bot``, ``length`` in actions, and each seat's score.

    ``bots`` names one bot per seat (``random``, ``greedy``, ``mcts`` or a level ``easy`` /
    ``medium`` / ``hard``; default all ``random``). ``workers`` local processes (default: the
    machine's cores; 1 runs in this process); ``scheduler`` a Dask scheduler address instead.
    """
    import pandas as pd

    game = get_game(game_id)
    n_players = players if players is not None else game.default_players
    seat_bots = list(bots) if bots is not None else ["random"] * n_players
    if len(seat_bots) != n_players:
        raise ValueError(
            f"{game.title} with {n_players} players needs {n_players} bots, got {seat_bots}"
        )
    for name in seat_bots:
        make_bot(game, name)  # fail early on a bad name
    game.make_config(**config)  # and on a bad setting
    if games < 0:
        raise ValueError("games must be 0 or more")
    seeds = [seed + i for i in range(games)]
    args = [(game_id, s, seat_bots, players, config) for s in seeds]
    if scheduler is not None:
        rows = _on_dask(scheduler, args, on_progress)
    else:
        rows = _locally(args, workers, on_progress)
    frame = pd.DataFrame(rows)
    if frame.empty:
        return frame
    frame.insert(0, "game", range(len(frame)))
    frame["winner"] = frame["winner"].astype("Int64")
    return frame


def _star(args: tuple[Any, ...]) -> dict[str, Any]:
    return play_one(*args)


def _locally(
    args: list[tuple[Any, ...]], workers: int | None, on_progress: Progress | None
) -> list[dict[str, Any]]:
    workers = workers or os.cpu_count() or 1
    rows: list[dict[str, Any]] = []
    if workers <= 1 or len(args) <= 1:
        for a in args:
            rows.append(_star(a))
            if on_progress:
                on_progress(len(rows), len(args))
        return rows
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for row in pool.map(_star, args, chunksize=max(1, len(args) // (workers * 8))):
            rows.append(row)
            if on_progress:
                on_progress(len(rows), len(args))
    return rows


def _on_dask(
    scheduler: str, args: list[tuple[Any, ...]], on_progress: Progress | None
) -> list[dict[str, Any]]:
    try:
        from distributed import Client, as_completed
    except ImportError:  # pragma: no cover - depends on the environment
        raise RuntimeError(
            "Running on a Dask cluster needs dask.distributed: pip install 'navalkit[dask]'"
        ) from None
    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        futures = client.map(_star, args, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        rows: list[dict[str, Any] | None] = [None] * len(args)
        finished = as_completed(futures)  # type: ignore[no-untyped-call]
        for done, future in enumerate(finished, start=1):
            rows[index[future.key]] = future.result()
            if on_progress:
                on_progress(done, len(args))
    return [r for r in rows if r is not None]
