"""Every refusal is a TableError with a plain sentence, and leaves the store as it was: a wrong
code, a taken seat, a stale or illegal move, a token from elsewhere, a locked or full store."""

from __future__ import annotations

import errno
import random
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from table_helpers import KEY, mover, play_one, play_random, replayed, seat_everyone

from navalkit.core.match import new_match
from navalkit.tables import (
    BadRequestError,
    GameNotRunningError,
    IllegalMoveError,
    NoSuchTableError,
    NotYourTurnError,
    SeatTakenError,
    StaleMoveError,
    StoreBusyError,
    StoreError,
    StoreFullError,
    TableError,
    Tables,
    TeacherKeyError,
    WrongTokenError,
)
from navalkit.tables.store import PostgresDialect, SQLiteDialect


@contextmanager
def unchanged(tables: Tables, code: str) -> Iterator[None]:
    """The block must leave the table exactly as it was: row, seats and moves."""
    store = tables.store
    before = (store.table(code), store.seats(code), store.moves(code))
    yield
    assert (store.table(code), store.seats(code), store.moves(code)) == before


def _turn(tables: Tables, code: str, tokens: dict[int, str]) -> tuple[int, Any]:
    seat = mover(tables, code)
    assert seat is not None
    return seat, tables.view(code, tokens[seat], log=False)


def test_wrong_codes_are_refused_in_words(tables: Tables) -> None:
    new = tables.create_table("naval_war", 3)
    with pytest.raises(NoSuchTableError, match=r"^“12” is not a table code"):  # not '12'
        tables.seats("12")
    with pytest.raises(NoSuchTableError, match="There is no table"):
        tables.seats("ZZZZZZ" if new.code != "ZZZZZZ" else "YYYYYY")
    with pytest.raises(NoSuchTableError):
        tables.join(None, 0, "Ann")  # type: ignore[arg-type]
    spaced = f" {new.code[:3].lower()} - {new.code[3:]} "
    assert len(tables.seats(spaced)) == 3  # any case, spaces and dashes


def test_taken_and_missing_seats_and_bad_names(tables: Tables) -> None:
    new = tables.create_table("naval_war", 3, bots={2: "easy"})
    tables.join(new.code, 0, "Ann")
    with unchanged(tables, new.code):
        with pytest.raises(
            SeatTakenError, match=r"Player 1 is taken by Ann\. Free seats: Player 2"
        ):
            tables.join(new.code, 0, "Bob")
        with pytest.raises(SeatTakenError, match="taken by a computer player"):
            tables.join(new.code, 2, "Bob")
        with pytest.raises(BadRequestError, match="There is no seat 3"):
            tables.join(new.code, 3, "Bob")
        with pytest.raises(BadRequestError, match="whole number, not “1”"):
            tables.join(new.code, "1", "Bob")  # type: ignore[arg-type]
        with pytest.raises(BadRequestError, match="empty"):
            tables.join(new.code, 1, "   ")
        with pytest.raises(BadRequestError, match="too long"):
            tables.join(new.code, 1, "B" * 41)


def test_bad_tables_are_not_made(tables: Tables) -> None:
    with pytest.raises(BadRequestError, match="There is no game “chess”"):  # quoted as prose
        tables.create_table("chess", 2)
    with pytest.raises(BadRequestError, match="settings cannot be used"):
        tables.create_table("naval_war", 3, settings={"goal": 7})
    with pytest.raises(BadRequestError, match="settings cannot be used"):
        tables.create_table("naval_war", 99)
    with pytest.raises(
        BadRequestError, match=r"no computer player “genius”: choose easy, medium, hard, \w"
    ) as refused:
        tables.create_table("naval_war", 3, bots={1: "genius"})
    assert "[" not in refused.value.reason and "'" not in refused.value.reason  # no list repr
    with pytest.raises(BadRequestError, match="at least one seat for a person"):
        tables.create_table("nautic_miles", 2, bots={0: "easy", 1: "easy"})
    with pytest.raises(BadRequestError, match="given to a computer"):
        tables.create_table("nautic_miles", 2, bots={0: "easy"}, host_seat=0)
    assert tables.list_tables(key=KEY) == []


def test_a_stale_move_is_refused_with_the_new_seq(tables: Tables) -> None:
    code, tokens = seat_everyone(tables, "naval_war", 3, seed=4)
    seat, old = _turn(tables, code, tokens)
    tables.move(code, tokens[seat], old.legal_actions[0], old.seq)
    with unchanged(tables, code), pytest.raises(StaleMoveError) as err:
        tables.move(code, tokens[seat], old.legal_actions[0], old.seq)
    assert err.value.reason == "Another player moved first; here is the new position."
    assert err.value.seq == old.seq + 1 and err.value.kind == "stale"
    with unchanged(tables, code), pytest.raises(BadRequestError):
        tables.move(code, tokens[seat], old.legal_actions[0], "3")  # type: ignore[arg-type]


def test_an_illegal_move_gets_the_games_own_reason_and_rule(tables: Tables) -> None:
    code, tokens = seat_everyone(tables, "naval_war", 3, seed=6)
    first = tables.view(code, tokens[mover(tables, code) or 0], log=False).legal_actions
    play_random(tables, code, tokens, random.Random(2), 4)
    seat, view = _turn(tables, code, tokens)
    match = replayed(tables.store, code)
    refused = next(a for a in first if match.violation(a) is not None)
    expected = match.violation(refused)
    assert expected is not None
    with unchanged(tables, code), pytest.raises(IllegalMoveError) as err:
        tables.move(code, tokens[seat], refused, view.seq)
    assert err.value.rule_id == expected.rule_id and err.value.reason == expected.message
    with unchanged(tables, code), pytest.raises(IllegalMoveError) as err:
        tables.move(code, tokens[seat], {"nonsense": 1}, view.seq)
    assert err.value.rule_id == "match.not_an_action"
    with unchanged(tables, code), pytest.raises(BadRequestError, match="not valid JSON"):
        tables.move(code, tokens[seat], "{not json", view.seq)
    # the same move as JSON text or dict is accepted
    assert tables.move(code, tokens[seat], view.legal_actions[0].to_json(), view.seq)


def test_a_move_out_of_turn_or_out_of_game_is_refused(tables: Tables) -> None:
    new = tables.create_table("naval_war", 3)
    ann = tables.join(new.code, 0, "Ann")
    fresh = new_match("naval_war", players=3, seed=1)
    with unchanged(tables, new.code), pytest.raises(GameNotRunningError, match="not started"):
        tables.move(new.code, ann, fresh.legal_actions()[0], 0)
    tokens = {0: ann, 1: tables.join(new.code, 1, "Bob"), 2: tables.join(new.code, 2, "Cy")}
    seat, view = _turn(tables, new.code, tokens)
    other = (seat + 1) % 3
    with unchanged(tables, new.code), pytest.raises(NotYourTurnError, match="not your turn"):
        tables.move(new.code, tokens[other], view.legal_actions[0], view.seq)
    assert not tables.view(new.code, tokens[other]).legal_actions  # nothing offered off turn
    tables.end_table(new.code, key=KEY)
    with unchanged(tables, new.code), pytest.raises(GameNotRunningError, match="teacher ended"):
        tables.move(new.code, tokens[seat], view.legal_actions[0], view.seq)
    with pytest.raises(GameNotRunningError):
        tables.join(new.code, 0, "Late")


def test_a_token_from_elsewhere_is_refused(tables: Tables) -> None:
    code, tokens = seat_everyone(tables, "nautic_miles", 2, seed=1)
    other, other_tokens = seat_everyone(tables, "nautic_miles", 2, seed=2)
    seat, view = _turn(tables, code, tokens)
    with unchanged(tables, code), pytest.raises(WrongTokenError, match=f"is for table {other}"):
        tables.move(code, other_tokens[seat], view.legal_actions[0], view.seq)
    for call in (tables.view, tables.rejoin, tables.touch, tables.seat_record):
        with pytest.raises(WrongTokenError):
            call(code, other_tokens[0])
        with pytest.raises(WrongTokenError, match="not valid"):
            call(code, "made-up-token")
        with pytest.raises(WrongTokenError):
            call(code, "")
    tables.free_seat(code, seat, key=KEY)  # the teacher freed it: the old link stops working
    with pytest.raises(WrongTokenError):
        tables.move(code, tokens[seat], view.legal_actions[0], view.seq)


def test_the_teacher_functions_need_the_key(store_url: str) -> None:
    with Tables(store_url, teacher_key=KEY) as tables:
        new = tables.create_table("naval_war", 3)
        for call in (
            lambda k: tables.teacher_view(new.code, key=k),
            lambda k: tables.list_tables(key=k),
            lambda k: tables.end_table(new.code, key=k),
            lambda k: tables.results(key=k),
            lambda k: tables.record(new.code, key=k),
            lambda k: tables.free_seat(new.code, 0, key=k),
        ):
            with unchanged(tables, new.code), pytest.raises(TeacherKeyError, match="not the"):
                call("wrong key")
    with Tables(store_url) as closed, pytest.raises(TeacherKeyError, match="closed"):
        closed.list_tables(key="")


@contextmanager
def store_locked(tables: Tables, code: str) -> Iterator[None]:
    """Another program holds the store's lock on ``code`` (SQLite: the whole database)."""
    dialect = tables.store.dialect
    if isinstance(dialect, SQLiteDialect):
        lite = sqlite3.connect(dialect.path, isolation_level=None)
        lite.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            lite.execute("ROLLBACK")
            lite.close()
    else:
        assert isinstance(dialect, PostgresDialect)
        import psycopg

        with psycopg.connect(dialect.url, autocommit=True) as pg:
            pg.execute("BEGIN")
            pg.execute("SELECT code FROM navalkit_tables WHERE code = %s FOR UPDATE", (code,))
            try:
                yield
            finally:
                pg.execute("ROLLBACK")


def test_a_locked_store_is_waited_for_then_refused_in_words(store_url: str) -> None:
    tables = Tables(store_url, teacher_key=KEY, timeout=0.3)
    code, tokens = seat_everyone(tables, "naval_war", 3, seed=3)
    seat, view = _turn(tables, code, tokens)
    with store_locked(tables, code):
        with pytest.raises(StoreBusyError, match="busy") as err:
            tables.move(code, tokens[seat], view.legal_actions[0], view.seq)
        assert "Nothing was changed" in err.value.reason
        with pytest.raises(StoreBusyError):
            tables.end_table(code, key=KEY)
        assert tables.view(code, tokens[seat]).seq == view.seq  # reading still works
    with unchanged(tables, code):
        pass
    assert tables.latest_seq(code) == view.seq
    assert tables.move(code, tokens[seat], view.legal_actions[0], view.seq) == view.seq + 1
    replayed(tables.store, code)
    tables.close()


def test_a_full_disk_refuses_the_move_and_loses_nothing(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The write fails as on a full disk (ENOSPC from below the driver): the move is refused
    in words, the transaction is rolled back, the cached game is not ahead of the store."""
    code, tokens = seat_everyone(tables, "naval_war", 3, seed=5)
    play_random(tables, code, tokens, random.Random(1), 3)
    seat, view = _turn(tables, code, tokens)
    link = tables.store._link()
    real = link.run

    def full(sql: str, params: Any = ()) -> int:
        if sql.startswith("INSERT INTO navalkit_moves"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(sql, params)

    with unchanged(tables, code):
        monkeypatch.setattr(link, "run", full)
        with pytest.raises(StoreFullError, match="disk is full") as err:
            tables.move(code, tokens[seat], view.legal_actions[0], view.seq)
        monkeypatch.undo()
    assert isinstance(err.value, TableError) and err.value.kind == "full"
    again = tables.view(code, tokens[seat], log=False)
    assert again.seq == view.seq and again.observation == view.observation
    tables.move(code, tokens[seat], view.legal_actions[0], view.seq)
    replayed(tables.store, code)


def test_a_full_sqlite_database_refuses_moves_and_keeps_the_game(tmp_path: Path) -> None:
    """SQLite's own 'database or disk is full' (a page limit stands in for the disk)."""
    tables = Tables(str(tmp_path), teacher_key=KEY)
    code, tokens = seat_everyone(tables, "naval_war", 3, seed=8)
    conn = tables.store._link().conn  # type: ignore[attr-defined]
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages + 1}")
    rng = random.Random(3)
    stored = 0
    with pytest.raises(StoreFullError) as err:
        for _ in range(5000):
            if play_one(tables, code, tokens, rng) is not None:
                stored += 1
    assert isinstance(err.value.__cause__, sqlite3.OperationalError)  # SQLITE_FULL itself
    assert stored > 0 and tables.latest_seq(code) == stored
    replayed(tables.store, code)
    seat = mover(tables, code)
    assert seat is not None and tables.view(code, tokens[seat]).seq == stored
    tables.close()


def test_a_store_that_cannot_be_reached_is_named_in_words(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot be reached"):
        Tables(str(blocker / "data"))
    pytest.importorskip("psycopg")
    url = f"postgresql://postgres:secret@/nowhere?host={tmp_path}&port=1"
    with pytest.raises(StoreError, match="cannot be reached") as err:
        Tables(url, timeout=1)
    assert "secret" not in err.value.reason  # no password in the words


def test_out_of_turn_names_the_player_to_move_in_a_sentence(tables: Tables) -> None:
    """Branle-Bas' sides have brackets ("A (south)"): "it is A (south)'s turn" read as a
    slip; a name with brackets takes "of"."""
    settings = {"setup": "standard", "first_player": "A"}
    new = tables.create_table("branle_bas", 2, settings=settings)
    tokens = {0: tables.join(new.code, 0, "Ann"), 1: tables.join(new.code, 1, "Bob")}
    view = tables.view(new.code, tokens[0])
    assert mover(tables, new.code) == 0
    with unchanged(tables, new.code), pytest.raises(NotYourTurnError) as err:
        tables.move(new.code, tokens[1], view.legal_actions[0], view.seq)
    assert str(err.value) == "It is not your turn: it is the turn of A (south)."
