"""The simulation lab and the search bot: repeatable rows, local processes and a Dask
cluster agree, the command writes its file, and MCTS plays legal moves without peeking."""

from __future__ import annotations

import importlib
import os

import pandas as pd
import pytest

import navalkit
from navalkit import cli
from navalkit.core import make_bot, play_bot_move
from navalkit.core.bots import LEVELS, bot_names, bot_view
from navalkit.core.mcts import MCTSBot


def test_simulate_rows_are_repeatable_and_complete() -> None:
    a = navalkit.simulate("branle_bas", games=4, bots=["greedy", "random"], seed=10, workers=1)
    b = navalkit.simulate("branle_bas", games=4, bots=["greedy", "random"], seed=10, workers=2)
    pd.testing.assert_frame_equal(a, b)
    assert list(a["seed"]) == [10, 11, 12, 13]
    assert {"game", "seed", "bots", "winner", "winner_bot", "length", "score_0", "score_1"} <= set(
        a.columns
    )
    assert str(a["winner"].dtype) == "Int64"
    assert a["finished"].all()


def test_simulate_draws_have_no_winner_and_settings_apply() -> None:
    quick = {"setup": "standard", "touch_move": False}  # so one action is one move
    frame = navalkit.simulate("branle_bas", games=2, workers=1, max_plies=20, **quick)
    assert frame["winner"].isna().all()  # random play never wins inside 20 moves here
    assert (frame["length"] <= 20).all()


def test_simulate_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="needs 2 bots"):
        navalkit.simulate("branle_bas", games=1, bots=["random"])
    with pytest.raises(ValueError, match="no bot"):
        navalkit.simulate("branle_bas", games=1, bots=["random", "deep_blue"])
    with pytest.raises(navalkit.ConfigError):
        navalkit.simulate("branle_bas", games=1, no_such_setting=1)


def test_dask_cluster_gives_the_same_rows_as_local_processes() -> None:
    """On a cluster of two threads the 7 games go out in chunks (2, 2, 1, 1, 1: a task a game
    would cost the scheduler more than a short game), and come back in the games' order."""
    distributed = pytest.importorskip("distributed")
    local = navalkit.simulate("branle_bas", games=7, bots=["greedy", "random"], seed=5, workers=1)
    told: list[tuple[int, int]] = []
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        on_dask = navalkit.simulate(
            "branle_bas",
            games=7,
            bots=["greedy", "random"],
            seed=5,
            scheduler=cluster.scheduler_address,
            on_progress=lambda done, total: told.append((done, total)),
        )
    pd.testing.assert_frame_equal(local, on_dask)
    assert len(told) == 5 and told[-1] == (7, 7)  # one report a chunk


def test_workers_spawned_where_fork_is_missing_give_the_same_rows(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Where the system cannot fork (Windows), each worker is a fresh Python that loads the
    game itself: the rows are the same."""
    lab = importlib.import_module("navalkit.core.simulate")  # (the attribute is the function)

    local = navalkit.simulate("branle_bas", games=3, seed=7, workers=1, max_plies=20)
    monkeypatch.setattr(lab, "_start_method", lambda: "spawn")
    spawned = navalkit.simulate("branle_bas", games=3, seed=7, workers=2, max_plies=20)
    pd.testing.assert_frame_equal(local, spawned)


def _fails_at_seed_3(chunk: list[tuple[object, ...]]) -> list[dict[str, object]]:
    if any(args[1] == 3 for args in chunk):
        raise ValueError("no game for seed 3")
    return [{"seed": args[1]} for args in chunk]


def _dies_at_seed_3(chunk: list[tuple[object, ...]]) -> list[dict[str, object]]:
    if any(args[1] == 3 for args in chunk):
        os._exit(3)  # as if the system had killed it (out of memory)
    return [{"seed": args[1]} for args in chunk]


def test_a_worker_error_reaches_the_caller_and_no_worker_is_left(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A game that fails in a worker raises its own error here; a worker that dies outright
    is reported; either way, and when the caller's progress callback fails, every worker
    has ended when simulate returns."""
    import multiprocessing

    lab = importlib.import_module("navalkit.core.simulate")  # (the attribute is the function)

    monkeypatch.setattr(lab, "_play_chunk", _fails_at_seed_3)
    with pytest.raises(ValueError, match="no game for seed 3"):
        navalkit.simulate("branle_bas", games=40, workers=2)
    assert multiprocessing.active_children() == []
    monkeypatch.setattr(lab, "_play_chunk", _dies_at_seed_3)
    with pytest.raises(RuntimeError, match="worker stopped"):
        navalkit.simulate("branle_bas", games=40, workers=2)
    assert multiprocessing.active_children() == []

    def impatient(done: int, total: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.undo()
    with pytest.raises(KeyboardInterrupt):
        navalkit.simulate("branle_bas", games=40, workers=2, on_progress=impatient)
    assert multiprocessing.active_children() == []


def test_simulate_command_writes_one_row_per_game(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "x.csv"
    code = cli.main(
        [
            "simulate",
            "branle_bas",
            "--games",
            "3",
            "--workers",
            "1",
            "--out",
            str(out),
            "--set",
            "max_plies=30",
        ]
    )
    assert code == 0
    frame = pd.read_csv(out)
    assert len(frame) == 3 and list(frame["seed"]) == [0, 1, 2]
    assert "3/3 games" in capsys.readouterr().err
    assert (
        cli.main(["simulate", "branle_bas", "--games", "1", "--out", str(tmp_path / "x.txt")]) == 2
    )


def test_levels_and_bot_names() -> None:
    game = navalkit.get_game("naval_war")
    assert bot_names(game) == ["random", *game.bots(), "mcts"]
    assert LEVELS == {"easy": "random", "medium": "greedy", "hard": "mcts"}
    assert isinstance(make_bot(game, "hard"), MCTSBot)
    # a game whose hard level is a search of its own
    game = navalkit.get_game("branle_bas")
    assert bot_names(game) == ["random", "greedy", "admiral", "mcts"]
    assert type(make_bot(game, "hard")).__name__ == "AdmiralBot"


def test_mcts_plays_legal_moves_and_is_repeatable() -> None:
    bot = MCTSBot(iterations=60, samples=2)
    moves = []
    for _ in range(2):
        m = navalkit.new_match("branle_bas", seed=4)
        for _ in range(4):
            play_bot_move(m, bot)
        moves.append(m.to_json())
    assert moves[0] == moves[1], "same seed, same choices"


def test_mcts_never_reads_the_hidden_setup() -> None:
    """During a free set-up the bot searches guesses, not the opponent's real placement."""
    game = navalkit.get_game("branle_bas")
    m = navalkit.new_match("branle_bas", seed=0, setup="free", first_player="A")
    random_bot = make_bot(game, "random")
    for _ in range(19):
        play_bot_move(m, random_bot)  # A places everything
    view = bot_view(m)
    assert view.observation.screened == (0,)
    guesses = {game.sample_state(view.observation, view.rng).board for _ in range(3)}
    assert m.state.board not in guesses or len(guesses) > 1
    for guess in guesses:
        assert sum(1 for p in guess if p and p >> 4 == 0) == sum(
            1 for p in m.state.board if p and p >> 4 == 0
        )
    action = MCTSBot(iterations=30, samples=2).choose(view)
    assert action in view.legal_actions


def test_simulate_naval_war_30_games_to_csv(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The issue's own check: `navalkit simulate naval_war --games 30 --out x.csv`."""
    out = tmp_path / "x.csv"
    assert cli.main(["simulate", "naval_war", "--games", "30", "--out", str(out)]) == 0
    frame = pd.read_csv(out)
    assert len(frame) == 30 and frame["finished"].all()
    assert list(frame["seed"]) == list(range(30))


def test_progress_off_a_terminal_is_a_few_plain_lines() -> None:
    import io

    from navalkit.core.simulate import progress_bar

    out = io.StringIO()
    bar = progress_bar(200, "Naval War", stream=out)
    for done in range(1, 201):
        bar.update(done, 200)
    bar.close()
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue()
    assert len(lines) == 10 and lines[-1] == "Naval War: 200/200 games (100%)"


def test_work_goes_out_in_ordered_chunks_big_first_single_games_last() -> None:
    from navalkit.core.simulate import SHARE, chunks

    items = list(range(200))
    parts = chunks(items, 2)
    assert [i for p in parts for i in p] == items
    sizes = [len(p) for p in parts]
    assert sizes[0] == 200 // (2 * SHARE) and sizes == sorted(sizes, reverse=True)
    assert sizes[-3:] == [1, 1, 1] and len(parts) < 20  # few tasks, an even finish
    assert chunks([1, 2, 3], 2) == [[1], [2], [3]]
    assert chunks([], 2) == []
    rows = navalkit.simulate("branle_bas", games=7, workers=3, seed=2, max_plies=20)
    assert list(rows["seed"]) == list(range(2, 9))
