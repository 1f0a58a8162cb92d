"""Many writers, one store: no move is ever lost or stored twice.

Two students moving on the same position at once, a thousand moves from threads and processes
interleaved over several tables, a server process killed in the middle of a game, and a
restart: after each, every table's stored log replays to a legal game with sequence numbers
1, 2, 3... and nothing else.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import threading
import time
from typing import Any

import pytest
from table_helpers import KEY, mover, play_random, replayed, seat_everyone

from navalkit.tables import (
    GameNotRunningError,
    NotYourTurnError,
    StaleMoveError,
    Tables,
)

#: fork: a child starts at once (no second import of pandas); each opens its own Tables
FORK = multiprocessing.get_context("fork")


def _send(
    barrier: threading.Barrier,
    outcome: list[Any],
    i: int,
    service: Tables,
    code: str,
    token: str,
    action: Any,
    seq: int,
) -> None:
    """Wait for the other racer, then move: the new seq, or the StaleMoveError."""
    barrier.wait()
    try:
        outcome[i] = service.move(code, token, action, seq)
    except StaleMoveError as exc:
        outcome[i] = exc


def test_two_writers_racing_on_the_same_seq_exactly_one_wins(store_url: str) -> None:
    """Two servers (two Tables, two connections, two caches) send a move for the same seat on
    the same position at the same instant, twenty times: each time exactly one is stored and
    the other is told that another player moved first."""
    first = Tables(store_url, teacher_key=KEY)
    second = Tables(store_url, teacher_key=KEY)
    code, tokens = seat_everyone(first, "naval_war", 3, seed=5)
    rng = random.Random(0)
    for _ in range(20):
        seat = mover(first, code)
        assert seat is not None
        view = first.view(code, tokens[seat], log=False)
        second.view(code, tokens[seat], log=False)  # both caches at this position
        barrier = threading.Barrier(2)
        outcome: list[Any] = [None, None]
        racers = [
            threading.Thread(
                target=_send,
                args=(barrier, outcome, i, service, code, tokens[seat], action, view.seq),
            )
            for i, (service, action) in enumerate(
                (s, rng.choice(view.legal_actions)) for s in (first, second)
            )
        ]
        for t in racers:
            t.start()
        for t in racers:
            t.join()
        won = [o for o in outcome if isinstance(o, int)]
        lost = [o for o in outcome if isinstance(o, StaleMoveError)]
        assert won == [view.seq + 1] and len(lost) == 1, outcome
        assert "Another player moved first" in lost[0].reason and lost[0].seq == view.seq + 1
        assert first.latest_seq(code) == second.latest_seq(code) == view.seq + 1
    replayed(first.store, code)
    first.close()
    second.close()


def test_the_unique_seq_refuses_a_second_move_at_the_same_place(tables: Tables) -> None:
    """Below every check of the service, the store's key (code, seq) refuses a second row at
    a seq already taken, and the transaction leaves nothing behind."""
    code, tokens = seat_everyone(tables, "nautic_miles", 2, seed=3)
    play_random(tables, code, tokens, random.Random(1), 3)
    before = tables.store.moves(code)

    def again(tx: Any) -> None:
        tx.update_table(seq=99)
        tx.add_move(2, 0, {"forged": True}, 0.0)

    with pytest.raises(StaleMoveError):
        tables.store.transact(code, again)
    assert tables.store.moves(code) == before
    assert tables.latest_seq(code) == 3
    replayed(tables.store, code)


# --- a thousand moves from threads and processes ------------------------------------------------

WORKER_THREADS = 2


def _work(
    service: Tables, plan: list[tuple[str, dict[int, str]]], quota: int, seed: int
) -> tuple[list[tuple[str, int]], int]:
    """Play random legal moves at random tables of ``plan`` until ``quota`` were stored: the
    (code, seq) of each stored move, and how many were refused as stale."""
    rng = random.Random(seed)
    live = list(plan)
    stored: list[tuple[str, int]] = []
    stale = 0
    while len(stored) < quota and live:
        code, tokens = rng.choice(live)
        seat = mover(service, code)
        if seat is None:
            if service.stamp(code).status != "playing":
                live.remove((code, tokens))
            continue
        view = service.view(code, tokens[seat], log=False)
        if not view.your_turn:
            continue
        try:
            seq = service.move(code, tokens[seat], rng.choice(view.legal_actions), view.seq)
        except (StaleMoveError, NotYourTurnError):
            stale += 1
            continue
        except GameNotRunningError:
            live.remove((code, tokens))
            continue
        assert seq == view.seq + 1
        stored.append((code, seq))
    return stored, stale


def _threads(
    service: Tables, plan: list[tuple[str, dict[int, str]]], quotas: list[int], seed: int
) -> tuple[list[tuple[str, int]], int]:
    """Run one worker per quota in threads sharing ``service``; their results together."""
    results: list[Any] = [None] * len(quotas)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            results[i] = _work(service, plan, quotas[i], seed + i)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(quotas))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    stored = [m for r in results for m in r[0]]
    return stored, sum(r[1] for r in results)


def _process_main(
    url: str, plan: list[tuple[str, dict[int, str]]], quotas: list[int], seed: int, out: Any
) -> None:
    """A server process: its own Tables, WORKER_THREADS threads; results through ``out``."""
    try:
        with Tables(url, timeout=30) as service:
            out.put(("ok", _threads(service, plan, quotas, seed)))
    except BaseException as exc:
        out.put(("error", repr(exc)))


def test_a_thousand_interleaved_moves_from_threads_and_processes(store_url: str) -> None:
    """Two processes and the test's own, each with two threads, play 1,000 random moves in
    all at five tables at once (Naval War for 3 and Nautic Miles for 2), racing each other for
    the same positions. Every move a worker was told is stored is in the store exactly once,
    nothing else is, and each table's log replays to a legal game with contiguous seqs."""
    total = 1000
    setup = Tables(store_url, teacher_key=KEY)
    plan = [seat_everyone(setup, "naval_war", 3, seed=s) for s in (1, 2, 3)]
    plan += [seat_everyone(setup, "nautic_miles", 2, seed=s) for s in (4, 5)]
    setup.close()
    workers = 3 * WORKER_THREADS
    quotas = [total // workers + (i < total % workers) for i in range(workers)]
    out = FORK.Queue()
    children = [
        FORK.Process(
            target=_process_main,
            args=(store_url, plan, quotas[i * 2 : i * 2 + 2], 100 * (i + 1), out),
        )
        for i in range(2)
    ]
    for child in children:
        child.start()
    with Tables(store_url, timeout=30) as service:
        stored, stale = _threads(service, plan, quotas[4:], 1000)
        answers = [out.get(timeout=120) for _ in children]
        for child in children:
            child.join(timeout=30)
        for status, value in answers:
            assert status == "ok", value
            stored += value[0]
            stale += value[1]
        assert len(stored) == total, "a worker stopped early (all games over?)"
        assert len(set(stored)) == total, "two workers were told the same move was stored"
        in_store = {(code, row.seq) for code, _ in plan for row in service.store.moves(code)}
        assert in_store == set(stored), "the store holds other moves than those reported"
        for code, _ in plan:
            replayed(service.store, code)
    assert stale > 0, "the workers never raced: the test did not test the seq check"


# --- a killed server and a restart --------------------------------------------------------------


def _play_forever(url: str, code: str, tokens: dict[int, str]) -> None:
    """A server process that plays random moves until it is killed."""
    with Tables(url) as service:
        rng = random.Random(os.getpid())
        while True:
            play_random(service, code, tokens, rng, 1000)


def test_a_server_killed_mid_game_loses_nothing_and_another_continues(store_url: str) -> None:
    """A process playing as fast as it can is killed with SIGKILL (likely inside a
    transaction). A new Tables on the same store finds a log that replays, the views work,
    and the game goes on from there."""
    with Tables(store_url, teacher_key=KEY) as setup:
        code, tokens = seat_everyone(setup, "naval_war", 3, seed=11)
    child = FORK.Process(target=_play_forever, args=(store_url, code, tokens))
    child.start()
    fresh = Tables(store_url, teacher_key=KEY)
    deadline = time.monotonic() + 60
    while fresh.latest_seq(code) < 60:
        assert time.monotonic() < deadline and child.is_alive(), "the player did not play"
        time.sleep(0.02)
    assert child.pid is not None
    os.kill(child.pid, signal.SIGKILL)
    child.join(timeout=10)
    assert child.exitcode == -signal.SIGKILL
    seq = fresh.latest_seq(code)
    match = replayed(fresh.store, code)
    seat = mover(fresh, code)
    assert seat is not None
    view = fresh.view(code, tokens[seat])
    assert view.seq == seq and view.observation == match.observe(seat)
    assert play_random(fresh, code, tokens, random.Random(2), 20) == 20
    assert fresh.latest_seq(code) == seq + 20
    replayed(fresh.store, code)
    fresh.close()


def test_a_restart_resumes_every_table(store_url: str) -> None:
    """Close the service and open a new one on the same store (a server restart): every table
    shows the same position to the same seat links, the teacher's list is the same, and play
    goes on, computer seats included."""
    first = Tables(store_url, teacher_key=KEY)
    games = [
        seat_everyone(first, "naval_war", 3, bots={2: "easy"}, seed=21),
        seat_everyone(first, "nautic_miles", 2, seed=22),
    ]
    rng = random.Random(3)
    for code, tokens in games:
        play_random(first, code, tokens, rng, 15)
    before = {
        code: {s: first.view(code, t).observation for s, t in tokens.items()}
        for code, tokens in games
    }
    listed = [(t.code, t.seq, t.status) for t in first.list_tables(key=KEY)]
    first.close()

    second = Tables(store_url, teacher_key=KEY)
    assert [(t.code, t.seq, t.status) for t in second.list_tables(key=KEY)] == listed
    for code, tokens in games:
        for seat, token in tokens.items():
            assert second.rejoin(code, token) == seat
            assert second.view(code, token).observation == before[code][seat]
        seq = second.latest_seq(code)
        assert play_random(second, code, tokens, rng, 10) == 10
        assert second.latest_seq(code) > seq
        replayed(second.store, code)
    second.close()


def test_the_connections_of_ended_threads_are_closed(tables: Tables) -> None:
    """A server whose threads come and go does not pile up open connections."""
    code, tokens = seat_everyone(tables, "nautic_miles", 2, seed=1)
    for _ in range(3):
        worker = threading.Thread(target=tables.view, args=(code, tokens[0]))
        worker.start()
        worker.join()
    tables.seats(code)  # this thread's connection is opened already
    last = threading.Thread(target=tables.view, args=(code, tokens[1]))
    last.start()
    last.join()  # its new connection closed the three ended threads' ones
    assert len(tables.store._links) == 2  # this thread's and the last one's
