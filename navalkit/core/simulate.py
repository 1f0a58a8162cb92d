"""Many seeded games between bots, one row per game: the simulation lab.

Game ``i`` uses seed ``seed + i``, so a run is repeatable and any game can be replayed with
``new_match(game_id, seed=...)``. Games run in local processes, or on a Dask cluster when a
scheduler address is given; both give the same rows for the same seeds.

Work goes out in chunks of games, big ones first and single games at the end (:func:`chunks`),
so that no worker waits long for the last one. Local workers are processes that start as copies
of this one (the game loaded) where the system can, and take the next chunk as they finish one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Generator, Iterable, Sequence
from contextlib import closing
from typing import Any, TextIO, cast

from .bots import make_bot, play_bot_move
from .match import new_match
from .registry import get_game

Progress = Callable[[int, int], object]
#: each chunk holds this share of the games not yet handed out, split between the workers:
#: 1/(2 x workers) of them (guided scheduling)
SHARE = 2


def play_one(
    game_id: str,
    seed: int,
    bots: Sequence[str],
    players: int | None = None,
    config: dict[str, Any] | None = None,
    max_actions: int = 100_000,
) -> dict[str, Any]:
    """Play one seeded game between ``bots`` (one name per seat) and describe how it ended.
    The hard bot searches a fixed number of iterations here, not against the clock, so a
    simulation repeats move for move from its seed on any machine and any number of
    workers."""
    match = new_match(game_id, seed=seed, players=players, **(config or {}))
    game = match.game
    seat_bots = [make_bot(game, name, fixed=True) for name in bots]
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
    progress: bool = False,
    **config: Any,
) -> Any:
    """A pandas DataFrame with one row per game: seed, bots, ``winner`` (a seat, or <NA> for
    a draw), ``winner_bot``, ``length`` in actions, and each seat's score.

    ``bots`` names one bot per seat (``random``, ``greedy``, ``mcts`` or a level ``easy`` /
    ``medium`` / ``hard``; default all ``random``). ``workers`` local processes (default: the
    machine's cores; 1 runs in this process); ``scheduler`` a Dask scheduler address instead.
    ``progress=True`` shows a progress bar (a widget in a notebook, text on a terminal, a few
    plain lines in a log); ``on_progress(done, total)`` is called as games finish.
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
    bar = progress_bar(games, game.title) if progress else None
    report = _both(on_progress, bar)
    try:
        if scheduler is not None:
            rows = _on_dask(scheduler, args, report)
        else:
            rows = _locally(args, workers, report)
    finally:
        if bar is not None:
            bar.close()
    frame = pd.DataFrame(rows)
    if frame.empty:
        return frame
    frame.insert(0, "game", range(len(frame)))
    frame["winner"] = frame["winner"].astype("Int64")
    return frame


def _in_notebook() -> bool:
    """True inside a running Jupyter kernel (a bar widget shows there)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and hasattr(shell, "kernel")


class _Bar:
    """What :func:`progress_bar` returns: ``update(done, total)`` and ``close()``."""

    def __init__(self, total: int, label: str, stream: TextIO) -> None:
        self.total, self.label, self.stream = total, label, stream
        self.done = 0
        self._bar: Any = None
        self._tenths = 0  # tenths of the way already reported
        if stream.isatty() or _in_notebook():
            from tqdm.auto import tqdm

            self._bar = tqdm(total=total, desc=f"{label} games", unit="game", file=stream)

    def update(self, done: int, total: int) -> None:
        if self._bar is not None:
            self._bar.update(done - self.done)
        elif done * 10 // max(total, 1) > self._tenths:
            # not a terminal: a plain line every tenth of the way, never a carriage return
            share = 100 * done // max(total, 1)
            print(f"{self.label}: {done}/{total} games ({share}%)", file=self.stream, flush=True)
            self._tenths = done * 10 // max(total, 1)
        self.done = done

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def progress_bar(total: int, label: str = "games", stream: TextIO | None = None) -> _Bar:
    """A progress display for ``total`` games: a tqdm bar on a terminal or in a notebook,
    plain lines (one every tenth) when the output is a file or a pipe."""
    return _Bar(total, label, stream if stream is not None else sys.stderr)


def _both(callback: Progress | None, bar: _Bar | None) -> Progress | None:
    if bar is None:
        return callback
    if callback is None:
        return bar.update

    def report(done: int, total: int) -> None:
        bar.update(done, total)
        callback(done, total)

    return report


def _play_chunk(chunk: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    return [play_one(*a) for a in chunk]


def chunks(items: list[Any], workers: int) -> list[list[Any]]:
    """``items`` in order, in chunks that shrink as the work runs out: each holds
    1/(``SHARE`` x ``workers``) of the items not yet cut, at least one. The first chunks are
    big (few tasks to send), the last hold one game each, so the workers finish together:
    with equal chunks of a quarter of a worker's games, one worker often sat idle while the
    other played its last chunk (Far Seas, 200 games: 1.7x the speed of one worker, not 2)."""
    parts: list[list[Any]] = []
    start = 0
    while start < len(items):
        size = max(1, -(-(len(items) - start) // (SHARE * workers)))
        parts.append(items[start : start + size])
        start += size
    return parts


def _locally(
    args: list[tuple[Any, ...]], workers: int | None, on_progress: Progress | None
) -> list[dict[str, Any]]:
    workers = max(1, min(workers or os.cpu_count() or 1, len(args)))
    if workers == 1:  # in this process, a game at a time
        games = [[a] for a in args]
        played = ((i, _play_chunk(game)) for i, game in enumerate(games))
        return _in_order(games, played, on_progress)
    parts = chunks(args, workers)
    with closing(_in_processes(parts, workers)) as finished:
        return _in_order(parts, finished, on_progress)


def _start_method() -> str:
    """How worker processes start: forked where the system can (a copy of this process, the
    game already loaded, at once), else spawned (a fresh Python that imports it)."""
    import multiprocessing

    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


def _in_processes(
    parts: list[list[tuple[Any, ...]]], workers: int
) -> Generator[tuple[int, list[dict[str, Any]]], None, None]:
    """Play ``parts`` in ``workers`` processes of their own: each index and its rows, as
    chunks end.

    Not a process pool: each worker is handed every chunk as it starts and takes the next
    one not yet taken (a shared counter), until none is left, then sends its last rows and
    ends. Nothing goes out to a worker but the counter, and it starts playing at once; a
    pool (concurrent.futures) passes each chunk through two threads and a queue, and a
    simulation of half a second lost some 30 ms starting, feeding and stopping one."""
    # imported here, not at every `import navalkit` (processes cost some 15 ms to load)
    import multiprocessing
    from multiprocessing.connection import wait

    context: Any = multiprocessing.get_context(_start_method())
    taken = context.Value("q", 0)  # how many chunks the workers have taken
    workings: dict[Any, Any] = {}  # each worker's end of its pipe -> the worker
    played = False
    try:
        for _ in range(workers):
            receiving, sending = context.Pipe(duplex=False)
            worker = context.Process(target=_work, args=(parts, taken, sending), daemon=True)
            worker.start()
            sending.close()  # the worker's end: the pipe ends (EOFError) when the worker does
            workings[receiving] = worker
        left = len(parts)
        while left:
            if not workings:
                raise RuntimeError(
                    f"A simulation worker stopped before its games were played ({left} "
                    "chunks of games never came back): was it out of memory?"
                )
            ready: list[Any] = wait(list(workings))
            for pipe in ready:
                try:
                    i, got = pipe.recv()
                except EOFError:  # that worker has ended
                    workings.pop(pipe).join()
                    pipe.close()
                    continue
                if i < 0:
                    raise cast(BaseException, got)  # what went wrong in the worker, as there
                left -= 1
                yield i, cast(list[dict[str, Any]], got)
        played = True
    finally:  # no worker outlives the call (stopped if an error or an interrupt came first)
        for pipe, worker in workings.items():
            if not played:
                worker.terminate()
            worker.join()  # (with every chunk played, each ends by itself)
            pipe.close()


def _work(parts: list[list[tuple[Any, ...]]], taken: Any, sending: Any) -> None:
    """A worker process: take the next chunk of ``parts`` and send back its index and rows,
    until every chunk is taken; an error is sent back (index -1) for the caller to raise."""
    try:
        while True:
            with taken.get_lock():
                i = taken.value
                taken.value = i + 1
            if i >= len(parts):
                return
            sending.send((i, _play_chunk(parts[i])))
    except BaseException as exc:  # all of them go back to the caller
        try:
            sending.send((-1, exc))
        except Exception:  # the error will not pickle: its words will
            sending.send((-1, RuntimeError(f"{type(exc).__name__}: {exc}")))
    finally:
        sending.close()


def _in_order(
    parts: list[list[tuple[Any, ...]]],
    finished: Iterable[tuple[int, list[dict[str, Any]]]],
    on_progress: Progress | None,
) -> list[dict[str, Any]]:
    """The rows of every chunk in ``parts``, in the games' order, gathered from ``finished``
    (each chunk's index and rows as it ends, in any order); progress told after each."""
    done: list[list[dict[str, Any]] | None] = [None] * len(parts)
    total = sum(len(part) for part in parts)
    games = 0
    for i, part_rows in finished:
        done[i] = part_rows
        games += len(parts[i])
        if on_progress:
            on_progress(games, total)
    return [row for part_rows in done for row in part_rows or []]


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
        # chunks as for local workers, cut for every thread of the cluster: a task each game
        # would cost the scheduler more than a short game takes
        threads = sum(client.nthreads().values()) or 1
        parts = chunks(args, threads)
        futures = client.map(_play_chunk, parts, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        ended = as_completed(futures)  # type: ignore[no-untyped-call]
        return _in_order(parts, ((index[f.key], f.result()) for f in ended), on_progress)
