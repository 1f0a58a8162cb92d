"""A class server updated during a term: each table keeps the version of its game's rules.

A table whose game began under older rules goes on under the corrected ones while its stored
moves still fit them; where they stop fitting, every seat is told in words that the rules
were corrected, what changed, and to ask for a new table (never that the store is damaged).
A store written before tables kept their version gains the column when first opened.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from table_helpers import KEY, play_random, seat_everyone

from navalkit.core import get_game
from navalkit.tables import StoreError, Tables
from navalkit.tables.dialects import SQLITE_FILE


def write(tables: Tables, statement: str, params: tuple[Any, ...] = ()) -> None:
    """One statement in a write transaction, as an older navalkit or a broken disk left it."""

    def run(link: Any) -> None:
        link.run(tables.store.dialect.begin_write)
        link.run(statement, params)
        link.run("COMMIT")

    tables.store._call(run)


def a_game_in_progress(tables: Tables) -> tuple[str, dict[int, str]]:
    code, tokens = seat_everyone(tables, "naval_war", 3, seed=4)
    assert play_random(tables, code, tokens, random.Random(4), 12) == 12
    return code, tokens


def break_a_stored_move(tables: Tables, code: str) -> int:
    """The last stored move given to the wrong seat (a move the rules do not allow there);
    the number of the move that no longer fits."""
    seq = tables.store.table(code).seq
    (seat,) = tables.store._call(
        lambda link: link.rows(
            "SELECT seat FROM navalkit_moves WHERE code = ? AND seq = ?", (code, seq)
        )
    )[0]
    write(
        tables,
        "UPDATE navalkit_moves SET seat = ? WHERE code = ? AND seq = ?",
        ((seat + 1) % 3, code, seq),
    )
    return seq


def test_a_new_table_keeps_its_rules_version(tables: Tables) -> None:
    code, _ = a_game_in_progress(tables)
    assert tables.store.table(code).rules_version == get_game("naval_war").rules_version


CURRENT = object()  # the table keeps the rules version it was made with
NOW = get_game("naval_war").rules_history[-1].number  # the version this navalkit plays


def a_table_begun_under(
    store_url: str, version: object, *, broken: bool
) -> tuple[str, dict[int, str], int]:
    """A Naval War table 12 moves in, its rules version set to ``version`` (as an older
    navalkit left it; CURRENT: as made), with its last stored move no longer fitting the
    rules if ``broken``: its code, tokens and the number of that move (0: none)."""
    with Tables(store_url, teacher_key=KEY) as tables:
        code, tokens = a_game_in_progress(tables)
        if version is not CURRENT:
            write(
                tables,
                "UPDATE navalkit_tables SET rules_version = ? WHERE code = ?",
                (version, code),
            )
        stops = break_a_stored_move(tables, code) if broken else 0
    return code, tokens, stops


def refusal(store_url: str, code: str, token: str) -> str:
    """What a restarted server (its games replayed from the seed) says to a seat."""
    with Tables(store_url, teacher_key=KEY) as again, pytest.raises(StoreError) as info:
        again.view(code, token)
    return str(info.value)


def test_a_table_of_older_rules_goes_on_while_its_moves_fit(store_url: str) -> None:
    code, tokens, _ = a_table_begun_under(store_url, "naval_war/1", broken=False)
    with Tables(store_url, teacher_key=KEY) as again:  # a restarted server: replayed from the seed
        assert again.view(code, tokens[0]).seq == 12
        assert play_random(again, code, tokens, random.Random(5), 3) == 3


def test_a_nine_player_table_begun_before_the_deal_was_corrected_keeps_its_deal(
    store_url: str,
) -> None:
    """Naval War's version 3 deals nine players 5 and 5 (it was 4 and 4, which the setting
    nine_deal still gives): a table begun under version 2 stored no such setting, and goes on
    as it began, its next rounds dealt 4 and 4 too."""
    with Tables(store_url, teacher_key=KEY) as tables:
        code, tokens = seat_everyone(tables, "naval_war", 9, seed=4, settings={"nine_deal": 4})
        assert play_random(tables, code, tokens, random.Random(4), 12) == 12
        settings = dict(tables.store.table(code).settings)
        del settings["nine_deal"]  # as version 2 stored it: the setting did not exist
        write(
            tables,
            "UPDATE navalkit_tables SET rules_version = ?, settings = ? WHERE code = ?",
            ("naval_war/2", json.dumps(settings), code),
        )
    with Tables(store_url, teacher_key=KEY) as again:  # a restarted server: replayed from the seed
        view = again.view(code, tokens[0])
        assert view.seq == 12
        assert play_random(again, code, tokens, random.Random(5), 3) == 3


def test_a_table_of_older_rules_that_no_longer_fits_says_the_rules_changed(
    store_url: str,
) -> None:
    code, tokens, stops = a_table_begun_under(store_url, "naval_war/1", broken=True)
    words = refusal(store_url, code, tokens[0])
    assert words.startswith(
        f"Table {code}'s game began under version 1 of the Naval War rules, and it cannot go on "
        f"under version {NOW}, the corrected rules this navalkit plays: its move {stops} is not "
        "what these rules allow. What changed since: Version 2 (29 November 2026): "
    )
    assert words.endswith("Ask your teacher for a new table.")
    assert "damaged" not in words


def test_a_table_from_before_versions_were_kept_says_the_server_was_updated(
    store_url: str,
) -> None:
    code, tokens, stops = a_table_begun_under(store_url, None, broken=True)
    words = refusal(store_url, code, tokens[0])
    assert words == (
        f"Table {code}'s game began before this server's last update, and it cannot go on "
        f"under the Naval War rules this navalkit plays (version {NOW}): its move {stops} is not "
        "what these rules allow. Ask your teacher for a new table."
    )


def test_a_table_of_the_current_rules_whose_moves_do_not_replay_is_a_damaged_store(
    store_url: str,
) -> None:
    code, tokens, _ = a_table_begun_under(store_url, CURRENT, broken=True)
    assert refusal(store_url, code, tokens[0]) == (
        f"The moves stored for table {code} do not replay: the store is damaged. Tell your teacher."
    )


OLD_SCHEMA = (
    "CREATE TABLE navalkit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "INSERT INTO navalkit_meta VALUES ('schema_version', '1')",
    """CREATE TABLE navalkit_tables (code TEXT PRIMARY KEY, game_id TEXT NOT NULL,
        settings TEXT NOT NULL, seed BIGINT NOT NULL, players INTEGER NOT NULL,
        status TEXT NOT NULL, host TEXT NOT NULL, created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL, seq INTEGER NOT NULL, to_move INTEGER,
        revision INTEGER NOT NULL)""",
    "INSERT INTO navalkit_tables VALUES ('KXPDRA', 'branle_bas', '{}', 7, 2, 'open', 'Ann', "
    "1.0, 1.0, 0, 0, 0)",
)


def test_a_store_of_schema_1_gains_the_column_when_first_opened(tmp_path: Path) -> None:
    """A class's data folder from before this change: its tables stay, each of unknown
    version, and a new one records its own."""
    data = tmp_path / "data"
    data.mkdir()
    with sqlite3.connect(data / SQLITE_FILE) as conn:
        for statement in OLD_SCHEMA:
            conn.execute(statement)
    with Tables(str(data), teacher_key=KEY) as tables:
        old = tables.store.table("KXPDRA")
        assert old is not None and old.rules_version is None and old.game_id == "branle_bas"
        assert tables.summary("KXPDRA").code == "KXPDRA"
        new = tables.create_table("far_seas", 2)
        assert tables.store.table(new.code).rules_version == get_game("far_seas").rules_version
    with sqlite3.connect(data / SQLITE_FILE) as conn:
        version = conn.execute("SELECT value FROM navalkit_meta").fetchall()
        columns = [row[1] for row in conn.execute("PRAGMA table_info(navalkit_tables)")]
    assert version == [("2",)] and columns[-1] == "rules_version"
    with Tables(str(data), teacher_key=KEY) as again:  # opened again: nothing more to do
        assert json.dumps(again.store.table("KXPDRA").settings) == "{}"


def test_the_seat_page_tells_the_student_and_the_dashboard_tells_the_teacher(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same fact in the words each one can act on: the student asks for a new table; the
    teacher ends this one (which needs no replay) and starts another."""
    from navalkit.tables import seat_link
    from navalkit.widgets.dashboard import teacher_page
    from navalkit.widgets.table import TablePage

    store = str(tmp_path / "data")
    code, tokens, _ = a_table_begun_under(store, "naval_war/1", broken=True)
    monkeypatch.setenv("NAVALKIT_TEACHER_KEY", KEY)
    with Tables(store, teacher_key=KEY) as again:
        page = TablePage(f"seat={seat_link(code, tokens[0])}", again)
        assert page.board is None
        assert "Ask your teacher for a new table." in page.message.value
        assert "Traceback" not in page.message.value
        dash = teacher_page(f"teacher={KEY}", again)
        dash.picker.value = code
        dash.show_button.click()
        said = dash.message.value
        assert f"cannot go on under version {NOW}" in said
        assert "End this game (its seats are then free) and start a new table" in said
        assert "Ask your teacher" not in said
        dash.end_button.click()
        dash.end_button.click()
        assert again.summary(code).status == "ended"
