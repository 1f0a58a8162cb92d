"""Headless tests of the table page, the seat's board and the teacher's dashboard: students
join a shared table, play by clicks and from the list, see another seat's move at the next
look, and are told in words when something cannot be done (no browser, no kernel: the pages'
looks at the table are made by hand with ``tick()``)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import csv
import html
import io
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from widget_helpers import KEY

from navalkit.core.registry import games, get_game
from navalkit.play.how_to import HOW_TO_PARAGRAPH, SEAT_PAGE, shown_on
from navalkit.play.table_session import TableSession
from navalkit.tables import (
    DATA_ENV,
    TABLES_URL_ENV,
    StoreBusyError,
    TableError,
    Tables,
    open_from_env,
    parse_seat_link,
)
from navalkit.widgets import live
from navalkit.widgets.dashboard import TeacherDashboard, teacher_page
from navalkit.widgets.forms import MAX_TABLES_AT_ONCE
from navalkit.widgets.seat import SeatBoard
from navalkit.widgets.table import TablePage


def start_table(tables: Tables, game: str = "naval_war", name: str = "Ann") -> TablePage:
    """A student starts a table from the page (every seat for a person) and sits at seat 0."""
    page = TablePage("", tables)
    assert page.form is not None
    page.form.game.value = game
    page.form.name.value = name
    page.form.create_button.click()
    assert page.board is not None, page.message.value
    return page


def join(tables: Tables, code: str, seat: int, name: str) -> TablePage:
    """A classmate opens ``table.ipynb?code=...``, types a name and takes ``seat``."""
    page = TablePage(f"code={code}", tables)
    assert page.join is not None, page.message.value
    page.join.name.value = name
    page.join.seat_buttons[seat].click()
    return page


def board(page: TablePage) -> SeatBoard:
    assert page.board is not None, page.message.value
    return page.board


def seat_link_of(b: SeatBoard) -> str:
    """The seat link the page shows the student (its ``href``)."""
    found = re.search(r"href='table\.ipynb\?seat=([^']+)'", b.link)
    assert found is not None, b.link
    return found.group(1)


def full_table(tables: Tables) -> tuple[SeatBoard, SeatBoard, SeatBoard]:
    ann = board(start_table(tables))
    code = ann.session.code
    bob = board(join(tables, code, 1, "Bob"))
    cy = board(join(tables, code, 2, "Cy"))
    ann.tick()
    return ann, bob, cy


def to_move(*boards: SeatBoard) -> SeatBoard:
    for b in boards:
        b.tick()
    (mover,) = [b for b in boards if b.session.view.your_turn]
    return mover


# --- joining ---------------------------------------------------------------------------------


def test_a_student_starts_a_table_and_classmates_join_it(tables: Tables) -> None:
    page = start_table(tables)
    ann = board(page)
    code = ann.session.code
    assert code in page.banner.value and f"?code={code}" in page.banner.value  # to share
    assert "Waiting for 2 more players" in ann.status.value
    assert "You are Player 1 (Ann)" in ann.status.value
    second = TablePage(f"code={code.lower()}", tables)  # the code read in any case
    assert second.join is not None
    assert "2 seats are free" in second.join.heading.value
    buttons = second.join.seat_buttons
    assert buttons[0].disabled and buttons[0].description == "taken"
    assert not buttons[1].disabled and buttons[1].description == "Sit here as Player 2"
    second.join.name.value = "Bob"
    buttons[1].click()
    bob = board(second)
    assert "table.ipynb?seat=" in bob.link_view.value
    link = seat_link_of(bob)
    assert parse_seat_link(link)[0] == code
    cy = board(join(tables, code, 2, "Cy"))
    for name in ("Ann", "Bob", "Cy <i>(you)</i>"):
        assert name in cy.seats.value
    assert "Waiting for 2 more players" in ann.status.value  # until Ann's page looks again
    mover = to_move(ann, bob, cy)  # each page sees the table start at its next look
    assert "It is your turn" in mover.turn.value
    assert mover.legal_list.options and not mover.play_listed.disabled
    name = {0: "Ann", 1: "Bob", 2: "Cy"}[mover.session.seat]
    for other in (ann, bob, cy):
        if other is not mover:
            assert f"Waiting for {name} (Player {mover.session.seat + 1}) to move" in (
                other.turn.value
            )
            assert other.play_listed.disabled and not other.legal_list.options


def test_a_seat_link_brings_the_student_back_to_the_same_seat(tables: Tables) -> None:
    _ann, bob, _cy = full_table(tables)
    again = TablePage(f"seat={seat_link_of(bob)}", tables)
    back = board(again)
    assert back.session.seat == 1 and back.session.code == bob.session.code
    assert back.session.view.observation == bob.session.view.observation


def test_a_wrong_code_a_taken_seat_and_a_foreign_seat_link_are_said_in_words(
    tables: Tables,
) -> None:
    ann, _bob, _cy = full_table(tables)
    nothing = TablePage("code=ZZZZZZ", tables)
    assert nothing.join is None and "There is no table ZZZZZZ" in nothing.message.value
    assert "Traceback" not in nothing.message.value
    typo = TablePage("code=hello", tables)
    assert "is not a table code" in typo.message.value
    other = board(start_table(tables, "nautic_miles", "Dee"))
    # a seat link of the first table, with the other table's code
    token = seat_link_of(ann).split("-", 1)[1]
    foreign = TablePage(f"seat={other.session.code}-{token}", tables)
    assert foreign.board is None
    assert f"This seat link is for table {ann.session.code}" in foreign.message.value
    # two students go for the same free seat: the second is told, the seats listed again
    code = other.session.code
    first, late = TablePage(f"code={code}", tables), TablePage(f"code={code}", tables)
    assert first.join is not None and late.join is not None
    first.join.name.value, late.join.name.value = "Eve", "Fay"
    first.join.seat_buttons[1].click()
    late.join.seat_buttons[1].click()
    assert late.board is None
    assert "Player 2 is taken by Eve" in late.join.message.value
    assert late.join.seat_buttons[1].disabled  # the list was read again
    assert "That is not a seat link" in TablePage("seat=garbled", tables).message.value


# --- playing ---------------------------------------------------------------------------------


def test_moves_by_click_and_from_the_list_reach_the_other_seats_at_their_next_look(
    tables: Tables,
) -> None:
    boards = full_table(tables)
    mover = to_move(*boards)
    watcher = next(b for b in boards if b is not mover)
    seen = watcher.repaints
    before = watcher.session.view.seq
    action = mover.session.view.legal_actions[0]
    path = mover.game.action_path(action)
    for region in path:  # the student clicks the move's regions, as in the play page
        mover.click(region)
    assert mover.session.view.seq == before + 1, mover.message.value
    assert "navalkit-refusal" not in mover.message.value
    watcher.tick()
    assert watcher.session.view.seq == before + 1 and watcher.repaints == seen + 1
    assert watcher.session.news  # what happened since, in the watcher's own words
    assert html.escape(watcher.session.news[-1]) in watcher.news.value
    watcher.tick()  # nothing new: no repaint
    assert watcher.repaints == seen + 1
    mover = to_move(*boards)
    mover.legal_list.value = 0
    mover.play_listed.click()
    assert mover.session.view.seq == before + 2


def test_a_move_on_an_old_position_is_refused_and_the_new_one_shown(tables: Tables) -> None:
    boards = full_table(tables)
    mover = to_move(*boards)
    # the same seat open in a second browser (its seat link) plays first
    twin = board(TablePage(f"seat={seat_link_of(mover)}", tables))
    twin.legal_list.value = 0
    twin.play_listed.click()
    before = mover.session.view.seq
    mover.legal_list.value = 0
    mover.play_listed.click()
    assert "Another player moved first; here is the new position." in mover.message.value
    assert mover.session.view.seq == before + 1  # the new position is on the board
    assert tables.latest_seq(mover.session.code) == before + 1  # and nothing else was stored


def seeded_table(tables: Tables, seed: int) -> list[SeatBoard]:
    """A Naval War table with a known deal, each seat's page opened from its seat link."""
    new = tables.create_table("naval_war", 3, host="Ann", host_seat=0, seed=seed)
    assert new.host_link is not None
    links = [new.host_link] + [
        f"{new.code}-{tables.join(new.code, s, name)}" for s, name in ((1, "Bob"), (2, "Cy"))
    ]
    return [board(TablePage(f"seat={link}", tables)) for link in links]


def test_every_seat_is_told_who_won_by_name_at_the_end(tables: Tables) -> None:
    new = tables.create_table(
        "nautic_miles", 3, settings={"target": 10, "round_limit": 5, "max_rounds": 1},
        host="Ann", host_seat=0, seed=3,
    )  # fmt: skip
    assert new.host_link is not None
    links = [new.host_link] + [
        f"{new.code}-{tables.join(new.code, s, name)}" for s, name in ((1, "Bob"), (2, "Cy"))
    ]
    boards = [board(TablePage(f"seat={link}", tables)) for link in links]
    for _ in range(300):
        for b in boards:
            b.tick()
        if boards[0].session.view.status == "over":
            break
        mover = to_move(*boards)
        mover.legal_list.value = len(mover.legal_list.options) - 1
        mover.play_listed.click()
    final = tables.teacher_view(new.code, key=KEY)
    assert final.status == "over"
    names = ("Ann", "Bob", "Cy")
    for seat, b in enumerate(boards):
        b.tick()
        turn = html.unescape(b.turn.value)
        if final.winner is None:
            assert "The game is over: a draw." in turn
        elif final.winner == seat:
            assert "The game is over: you won!" in turn
        else:
            assert f"{names[final.winner]} (Player {final.winner + 1}) won." in turn
        assert b.not_yet.layout.display == "none"  # no "your moves are listed here"
        assert b.move_controls.layout.display == "none"


def test_a_click_out_of_turn_and_an_illegal_move_teach_and_change_nothing(tables: Tables) -> None:
    boards = seeded_table(tables, 1)
    mover = to_move(*boards)
    waiting = next(b for b in boards if b is not mover)
    seq = tables.latest_seq(mover.session.code)
    region = waiting.board.scene.regions[0].id if waiting.board.scene else None
    waiting.click(region)
    assert "Not yet: Waiting for" in waiting.message.value
    own = mover.session.view.observation.state.hands[mover.session.seat][0]
    mover.click(f"card:{own}")
    mover.click(f"seat:{mover.session.seat}")  # at one's own fleet: never allowed
    assert tables.latest_seq(mover.session.code) == seq
    assert "Not allowed" in mover.message.value and re.search(r"NW-[A-Z]+", mover.message.value)
    assert waiting.session.undo() is False and "cannot be taken back" in (
        waiting.session.error or ""
    )


def test_a_busy_store_is_a_sentence_and_the_move_can_be_made_again(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    boards = full_table(tables)
    mover = to_move(*boards)
    seq = tables.latest_seq(mover.session.code)

    def busy(*args: Any, **kwargs: Any) -> int:
        raise StoreBusyError("The table store is busy: try again in a moment.")

    with monkeypatch.context() as m:
        m.setattr(tables, "move", busy)
        mover.legal_list.value = 0
        mover.play_listed.click()
        assert "The table store is busy" in mover.message.value
        m.setattr(tables, "stamp", busy)
        mover.poller.tick_now()  # a look that fails is a line on the page, not a traceback
        assert "could not be read just now" in mover.connection.value
    mover.poller.tick_now()
    assert mover.connection.value == ""
    mover.play_listed.click()
    assert tables.latest_seq(mover.session.code) == seq + 1


def test_computer_seats_reply_after_the_students_move(tables: Tables) -> None:
    page = TablePage("", tables)
    assert page.form is not None
    page.form.game.value = "naval_war"
    page.form.name.value = "Ann"
    page.form.seat_choices[1].value = "easy"
    page.form.seat_choices[2].value = "medium"
    page.form.create_button.click()
    ann = board(page)
    assert "computer (easy)" in ann.seats.value
    for _ in range(5):
        if ann.session.view.status != "playing":
            break
        assert ann.session.view.your_turn, ann.turn.value
        ann.legal_list.value = 0
        ann.play_listed.click()  # the computers answer before the student's next turn
    stored = tables.latest_seq(ann.session.code)
    assert stored >= 5 and ann.session.view.seq == stored


def test_the_seat_board_shows_only_the_seats_own_view(tables: Tables) -> None:
    ann, bob, cy = full_table(tables)
    state = tables.teacher_view(ann.session.code, key=KEY).observation.state
    for b in (ann, bob, cy):
        hands = b.session.view.observation.state.hands
        assert [bool(h) for h in hands] == [s == b.session.seat for s in range(3)]
        assert hands[b.session.seat] == state.hands[b.session.seat]
        assert b.session.match.seed is None
    name, text = ann.session.account() or ("", "")
    assert name.endswith(".json") and "seed" not in json.loads(text)
    ann.download_button.click()
    assert "data:application/json;base64," in ann.download.value


#: words of the play page's own controls, which a seat at a table does not have
PLAY_PAGE_WORDS = (
    "Ways to play",
    "Settings for the next game",
    "New game",
    "this computer",
    "computer's strength",
)


def holds(box: Any, widget: Any) -> bool:
    """Whether ``widget`` is ``box`` or inside it."""
    return box is widget or any(holds(c, widget) for c in getattr(box, "children", ()))


@pytest.mark.parametrize("game_id", games())
def test_a_seat_shows_how_to_play_without_the_play_pages_controls(
    tables: Tables, game_id: str
) -> None:
    """A student at a table had no instructions at all: the seat shows the game's How to play
    under its board, open, less the paragraphs about the play page's own controls (Ways to
    play, its settings for the next game, New game: none of them is on a seat's page), and
    says how a table plays."""
    seat = board(start_table(tables, game_id))
    game = get_game(game_id)
    panel = seat.help_panel
    assert panel.get_title(0) == "How to play" and panel.selected_index == 0
    assert panel.layout.display != "none"
    shown = seat.how_to.value
    paragraphs = HOW_TO_PARAGRAPH.findall(game.how_to_play)
    assert HOW_TO_PARAGRAPH.sub("", game.how_to_play) == ""  # all of it in paragraphs
    assert any(page == "play" for _q, page, _words in paragraphs)  # some to leave out
    for _q, page, words in paragraphs:
        assert (f"<p>{words}</p>" in shown) == shown_on(page, SEAT_PAGE), words
    for words in PLAY_PAGE_WORDS:
        assert words not in shown, words
    assert "data-page" not in shown and "<b>At the table.</b>" in shown
    parts = seat.widget.children
    row = next(i for i, p in enumerate(parts) if holds(p, seat.board.widget))
    assert row < parts.index(panel) < parts.index(seat.description)


def test_a_seat_names_the_list_of_what_is_placed_as_how_to_play_does(tables: Tables) -> None:
    """Branle-Bas' How to play says "pick a ship under Place": a seat's list is called so
    (it read "Choose:"), as on the play page; Naval War's is "Attack:"."""
    bb = board(start_table(tables, "branle_bas"))
    assert bb.choice.description == "Place:" and "under <b>Place</b>" in bb.how_to.value
    assert board(start_table(tables, "naval_war")).choice.description == "Attack:"


def test_naval_war_at_a_table_says_which_fleet_is_yours_in_words_true_there(
    tables: Tables,
) -> None:
    """The play page's "against the computer you command Player 1's task force" is false for
    a student at Player 2's seat: the seat says its own words instead, and the play page
    does not show them."""
    from navalkit.widgets import GameApp

    seat = board(join(tables, board(start_table(tables)).session.code, 1, "Bob"))
    assert "You command the task force of your seat" in seat.how_to.value
    assert "Player 1's task force" not in seat.how_to.value
    play = GameApp("naval_war", seed=1).how_to.value
    assert "Player 1's task force" in play and "task force of your seat" not in play


# --- the teacher ------------------------------------------------------------------------------


def test_the_dashboard_refuses_without_the_teacher_key(tables: Tables) -> None:
    for query in ("", "teacher=", "teacher=not-the-key-at-all-really"):
        page = teacher_page(query, tables)
        assert not isinstance(page, TeacherDashboard)
        assert "This page is for the teacher" in page.value
        assert "Nothing is shown without it" in page.value


def test_the_dashboard_starts_a_table_for_each_group_of_the_class(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A class of 30 at two seats a table needs 15 tables: one press starts them, and the
    teacher gets every code to give out. A wrong count starts none; a store that fails part
    way leaves the tables made so far listed, and says why the rest were not."""
    dash = teacher_page(f"teacher={KEY}", tables)
    assert isinstance(dash, TeacherDashboard)
    form = dash.form
    form.game.value = "branle_bas"
    assert form.count.layout.display == "" and form.create_button.description == "Start the table"
    form.count.value = 3
    assert form.create_button.description == "Start 3 tables"
    form.create_button.click()
    made = tables.list_tables(key=KEY)
    assert len(made) == 3 and {t.game_id for t in made} == {"branle_bas"}
    said = dash.created.value
    assert "3 tables are ready" in said and "2 seats each" in said
    for t in made:
        assert f"<b class='navalkit-table-code'>{t.code}</b>" in said
        assert f"table.ipynb?code={t.code}" in said
    assert dash.picker.value in {t.code for t in made}
    # the count the page's box cannot go past, asked all the same: nothing started
    dash._guard(lambda: dash.start(replace(form.request(), count=MAX_TABLES_AT_ONCE + 1)))
    assert f"Start from 1 to {MAX_TABLES_AT_ONCE} tables at once." in dash.message.value
    assert len(tables.list_tables(key=KEY)) == 3
    # the store fails at the second of four tables: the first is listed, the refusal says why
    create = tables.create_table
    calls = iter(range(10))

    def failing(*args: Any, **kwargs: Any) -> Any:
        if next(calls) == 1:
            raise TableError("The class's tables cannot be written just now.")
        return create(*args, **kwargs)

    monkeypatch.setattr(tables, "create_table", failing)
    form.count.value = 4
    form.create_button.click()
    assert len(tables.list_tables(key=KEY)) == 4
    assert "cannot be written just now" in dash.message.value
    newest = tables.list_tables(key=KEY)[-1]
    assert newest.code in dash.created.value and "is ready" in dash.created.value
    # a student's table page starts one table: no count to set
    page = TablePage("", tables)
    assert page.form.count.layout.display == "none" and page.form.request().count == 1


def test_the_dashboard_starts_lists_shows_ends_and_downloads(tables: Tables) -> None:
    dash = teacher_page(f"teacher={KEY}", tables)
    assert isinstance(dash, TeacherDashboard)
    # no table yet: no buttons that act on one (each press answered "choose a table first")
    assert dash.table_controls.layout.display == "none"
    form = dash.form
    form.game.value = "naval_war"
    form.seat_choices[2].value = "medium"
    labels = [box.description for box in form.settings.values()]
    assert "Points to win" in labels and "goal" not in labels  # settings by their labels
    form.settings["goal"].value = 75
    form.create_button.click()
    code = dash.picker.value
    assert code and code in dash.created.value and f"table.ipynb?code={code}" in dash.created.value
    assert tables.summary(code).status == "open"
    assert "computer (medium)" in dash.list_view.value
    # the house rule chosen, as the play page says it, in the table's row
    assert (
        "<th align='left' style" in dash.list_view.value
        and ">Settings</th>" in dash.list_view.value
    )
    assert "Points to win: 75" in dash.list_view.value
    assert dash.table_controls.layout.display == ""
    ann = board(join(tables, code, 0, "Ann"))
    bob = board(join(tables, code, 1, "Bob"))
    dash.tick()
    assert "Ann" in dash.list_view.value and "playing" in dash.list_view.value
    dash.show_button.click()
    assert dash.shown is not None and dash.shown.observation.viewer is None  # every hand
    assert "Played with:</b> Points to win: 75." in dash.view_settings.value
    assert dash.board is not None and "Player 2's hand" not in ann.description.value
    mover = to_move(ann, bob)
    mover.legal_list.value = 0
    mover.play_listed.click()
    seq = dash.shown.seq
    dash.tick()  # the open table's board follows the game
    assert dash.shown.seq > seq
    text = dash.results()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["Seat"], r["Name"]) for r in rows if r["Table"] == code] == [
        ("1", "Ann"),
        ("2", "Bob"),
        ("3", ""),
    ]
    assert "data:text/csv;base64," in dash.results_link.value
    dash.record_button.click()
    # each download keeps its own link: the record's does not hide the results'
    assert f"navalkit-table-{code}.json" in dash.record_link.value
    assert "data:text/csv;base64," in dash.results_link.value
    dash.results_button.click()
    assert f"navalkit-table-{code}.json" in dash.record_link.value
    dash.free_seat.value = 1  # Bob lost his seat link: the teacher frees his seat
    dash.free_button.click()  # a first press only asks again, as End does
    assert tables.summary(code).seats[1].name == "Bob"
    assert dash.free_button.description == "Press again to free Player 2 (Bob)"
    reads: list[str] = []  # the second press reads the seats once, in the freeing itself
    seats = tables.seats  # (it read them twice more before: for the button, for the message)
    tables.seats = lambda c: reads.append(c) or seats(c)  # type: ignore[method-assign]
    dash.free_button.click()
    del tables.seats
    assert reads == []
    assert tables.summary(code).seats[1].holder == "free"
    assert dash.free_button.description == "Free this seat"
    said = html.unescape(dash.message.value)
    assert f"Player 2's seat at table {code} is free: Bob's seat link no longer works." in said
    bob.poller.tick_now()
    assert "your teacher freed the seat" in bob.connection.value  # said, not a traceback
    back = board(join(tables, code, 1, "Bob"))  # and he sits down again with the code
    assert back.session.seat == 1
    dash.end_button.click()
    assert "Press again" in dash.end_button.description
    dash.end_button.click()
    assert tables.summary(code).status == "ended" and "ended by the teacher" in dash.list_view.value
    ann.tick()
    # said once: in the status line, not again under it
    said = ann.status.value + ann.turn.value
    assert said.count("Your teacher ended this game") == 1, said
    assert "No more moves can be played." in ann.turn.value


# --- the plumbing -----------------------------------------------------------------------------


def test_every_page_opens_the_store_the_server_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "class"))
    monkeypatch.setenv(TABLES_URL_ENV, "")
    with open_from_env() as service:
        assert str(tmp_path / "class") in service.store.location
    monkeypatch.setenv(TABLES_URL_ENV, "postgresql://nobody@/nowhere?host=/nonexistent")
    with pytest.raises(TableError, match=r"cannot be reached|psycopg"):
        open_from_env(timeout=0.5)
    page = TablePage("")  # the store cannot be opened: said on the page, nothing else
    assert "The tables cannot be opened on this server" in page.message.value


def test_the_poller_ticks_on_a_running_loop_and_survives_a_fault(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert live.running_loop() is None  # a test is no kernel: nothing runs by itself
    seen: list[str] = []

    def tick() -> None:
        seen.append("tick")
        if len(seen) == 2:
            raise RuntimeError("a fault in one look")

    async def scenario() -> list[str]:
        monkeypatch.setattr(live, "running_loop", asyncio.get_running_loop)
        poller = live.Poller(tick, 0.01, lambda exc: seen.append(f"error {exc}"))
        assert poller.start()
        done: list[BaseException | None] = []
        live.in_background(lambda: seen.append("work"), done.append)
        await asyncio.sleep(0.2)
        poller.stop()
        assert done == [None]
        return seen

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own thread
        found = pool.submit(asyncio.run, scenario()).result()
    assert "work" in found and "error a fault in one look" in found
    assert found.count("tick") >= 3  # the fault did not end the loop


def test_links_show_the_full_address_and_stay_relative(monkeypatch: pytest.MonkeyPatch) -> None:
    from navalkit.widgets.table import page_address, page_link

    for name in ("VOILA_REQUEST_URL", "SERVER_NAME", "SERVER_PORT", "SCRIPT_NAME"):
        monkeypatch.delenv(name, raising=False)
    assert page_address() == "table.ipynb"  # outside Voila: the page's file
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://class:8866/voila/render/table.ipynb?code=X")
    assert page_address() == "http://class:8866/voila/render/table.ipynb"
    monkeypatch.delenv("VOILA_REQUEST_URL")  # a preheated kernel: the request's host and path
    monkeypatch.setenv("SERVER_NAME", "10.0.0.5")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/teacher.ipynb")
    assert page_address() == "http://10.0.0.5:8866/voila/render/table.ipynb"
    link = page_link("code=KXPDRA")
    assert "href='table.ipynb?code=KXPDRA'" in link
    assert ">http://10.0.0.5:8866/voila/render/table.ipynb?code=KXPDRA<" in link


def test_the_play_page_links_to_the_table_page(tmp_path: Path) -> None:
    from navalkit.widgets.panels import table_link_html

    assert table_link_html("naval_war", tmp_path) == ""
    (tmp_path / "table.ipynb").write_text("{}")
    (tmp_path / "naval_war").mkdir()
    assert "href='table.ipynb?game=naval_war'" in table_link_html("naval_war", tmp_path)
    inner = table_link_html("naval_war", tmp_path / "naval_war")
    assert "href='../table.ipynb?game=naval_war'" in inner
    assert "Play at a table with classmates" in inner


def test_a_table_session_refuses_what_a_shared_table_cannot_do(tables: Tables) -> None:
    ann, _bob, _cy = full_table(tables)
    s: TableSession = ann.session
    assert s.computer() is False and "your own moves" in (s.error or "")
    assert s.run_to_end() is False
    assert s.set_teacher(True) is False and "teacher's dashboard" in (s.error or "")
    assert s.set_seat(1, "random") is False
    assert s.resume("{}") is False
    with pytest.raises(ValueError, match="new table"):
        s.begin(seed=1)


def test_a_student_coming_back_reads_their_own_seat_as_connected(tmp_path: Path) -> None:
    """Back through the seat link after a while, a student's own seat says "connected" from
    the first paint (the table had not yet heard from the new page: it said "not
    connected" beside "(you)"), while a classmate not seen for long is not connected."""
    now = [1000.0]
    with Tables(tmp_path / "data", teacher_key=KEY, clock=lambda: now[0]) as tables:
        ann, bob, _cy = full_table(tables)
        now[0] += 600  # everyone went away ten minutes
        back = board(TablePage(f"seat={seat_link_of(bob)}", tables))
        rows = re.findall(
            r"<tr[^>]*><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", back.seats.value
        )
        seen = {player: (who, words) for player, who, words in rows}
        assert "(you)" in seen["Player 2"][0] and seen["Player 2"][1].startswith("connected")
        assert seen["Player 1"][1].startswith("not connected")
        for page in (ann, bob, back):
            page.poller.stop()


def seat_states(b: SeatBoard) -> dict[str, str]:
    """What the seat list of a page says of each seat: "connected", "not connected, ..."."""
    rows = re.findall(r"<tr[^>]*><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", b.seats.value)
    return {player: words for player, _who, words in rows}


def test_a_closed_seat_page_reads_not_connected_at_the_others_next_look(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A student who closed the tab read "connected" to the others for up to a minute (the
    page's kernel went on saying it was there until the server culled it). A seat's page in a
    kernel leaves the table as the kernel ends (Voila ends it as the tab closes): the others
    read "not connected" at their next look, a few seconds later, not at the timeout."""
    from navalkit.widgets import seat as seat_module
    from navalkit.widgets.seat import PRESENCE_SECONDS

    ann = board(start_table(tables, "nautic_miles", "Ann"))
    code = ann.session.code
    registered: list[Any] = []
    monkeypatch.setattr(seat_module.atexit, "register", registered.append)
    no_loop = live.running_loop

    async def in_a_kernel() -> SeatBoard:  # a page's kernel runs a loop: the Poller starts
        monkeypatch.setattr(live, "running_loop", asyncio.get_running_loop)
        page = board(join(tables, code, 1, "Bob"))
        page.poller.stop()
        monkeypatch.setattr(live, "running_loop", no_loop)
        return page

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        bob = pool.submit(asyncio.run, in_a_kernel()).result()
    assert registered == [bob.leave]  # what the kernel runs as it ends
    ann._last_presence -= PRESENCE_SECONDS
    ann.tick()
    assert seat_states(ann)["Player 2"] == "connected"
    bob.leave()  # the tab is closed: Voila shuts its kernel down
    assert not bob.poller.running
    ann._last_presence -= PRESENCE_SECONDS  # Ann's page's next look at who is there
    ann.tick()
    assert seat_states(ann)["Player 2"] == "not connected"
    dash = teacher_page(f"teacher={KEY}", tables)
    assert isinstance(dash, TeacherDashboard)
    dash.refresh_list()
    assert "Bob <i>(not connected)</i>" in dash.list_view.value
    bob.leave()  # once is enough: a second end changes nothing and raises nothing


def test_a_tab_gone_without_a_word_reads_not_connected_at_the_others_next_look(
    tables: Tables, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A tab that crashed (or a phone that dropped its connection) never asks the server to
    end its kernel, and the kernel went on telling the table its page was open until the
    culler ended it, some 45 s later. The server knows at once (the page's connection to the
    kernel closes) and says so in the pages' folder: the seat reads "not connected" at the
    others' next look, and "connected" again when the connection comes back."""
    from navalkit import serving
    from navalkit.play import presence
    from navalkit.widgets.seat import PRESENCE_SECONDS

    monkeypatch.setenv(presence.PAGES_ENV, str(tmp_path))
    ann = board(start_table(tables, "nautic_miles", "Ann"))
    monkeypatch.setattr(presence, "_this_kernel", lambda: "kernel-of-bob")
    bob = board(join(tables, ann.session.code, 1, "Bob"))
    server = serving.ClassKernelManager()
    server._kernel_connections = {"kernel-of-bob": 0}

    def next_looks() -> str:
        for page in (bob, ann):  # Bob's page says whether it is there, Ann's reads it
            page._last_presence -= PRESENCE_SECONDS
            page.tick()
        return seat_states(ann)["Player 2"]

    assert next_looks() == "not connected"  # a kernel made ahead whose page nobody opened yet
    server.notify_connect("kernel-of-bob")
    assert next_looks() == "connected"
    server.notify_connect("kernel-of-bob")  # a second tab of the same page,
    server.notify_disconnect("kernel-of-bob")  # closed: one is still there
    assert next_looks() == "connected"
    server.notify_disconnect("kernel-of-bob")  # the browser crashed: no leave, no shutdown
    assert next_looks() == "not connected"
    assert bob.poller is not None and not bob._said_here
    server.notify_connect("kernel-of-bob")  # the connection came back (a Wi-Fi blip)
    assert next_looks() == "connected"
    server.remove_kernel("kernel-of-bob")  # the kernel ended: its file goes with it
    assert not (tmp_path / "kernel-of-bob").exists()
    assert presence.page_connected("kernel-of-bob") is False
    monkeypatch.delenv(presence.PAGES_ENV)
    assert presence.page_connected("kernel-of-bob") is True  # not under navalkit serve


@pytest.mark.parametrize("game", ["nautic_miles", "naval_war"])
def test_the_teachers_view_shows_every_hand_and_a_seat_only_its_own(
    tables: Tables, game: str
) -> None:
    """The teacher's view promises every hand; for Nautic Miles it drew one (the hand of the
    player to move). Each seat's own board still shows only its own hand."""
    ann = board(start_table(tables, game))
    code = ann.session.code
    n = len(tables.teacher_view(code, key=KEY).seats)
    seats = [ann, *(board(join(tables, code, s, f"Student {s + 1}")) for s in range(1, n))]
    for b in seats:
        b.tick()
    dash = teacher_page(f"teacher={KEY}", tables)
    assert isinstance(dash, TeacherDashboard)
    dash.open_table(code)
    assert dash.board is not None and dash.board.scene is not None
    scene = dash.board.scene
    heads = [t.text for layer in scene.layers for t in layer.ops if hasattr(t, "text")]
    if game == "nautic_miles":
        assert sorted(h for h in heads if h.endswith("'s hand")) == [
            f"Player {p + 1}'s hand" for p in range(n)
        ]
        for p in range(n):
            assert f"Player {p + 1}'s hand: " in scene.description
        for b in seats:  # a seat: "Your hand: ...", nobody else's
            assert b.board.scene is not None and "'s hand:" not in b.board.scene.description
    else:  # each panel lists its player's cards in the teacher's view, and only there
        assert sum(h.startswith("hand: ") for h in heads) == n
        for b in seats:
            assert b.board.scene is not None
            assert not [t for ly in b.board.scene.layers for t in ly.ops
                        if getattr(t, "text", "").startswith("hand: ")]  # fmt: skip


def test_a_first_press_of_free_is_forgotten_when_another_seat_is_chosen(tables: Tables) -> None:
    dash = teacher_page(f"teacher={KEY}", tables)
    assert isinstance(dash, TeacherDashboard)
    code, *_ = (b.session.code for b in full_table(tables))
    dash.refresh_list()
    dash.picker.value = code
    dash.free_seat.value = 0
    dash.free_button.click()
    assert dash.free_button.description.startswith("Press again")
    dash.free_seat.value = 1  # another seat: its own two presses
    assert dash.free_button.description == "Free this seat"
    dash.free_button.click()
    assert all(s.holder == "human" for s in tables.summary(code).seats)
    dash.end_button.click()  # another action forgets the first press too
    dash.free_button.click()
    assert all(s.holder == "human" for s in tables.summary(code).seats)
    assert dash.end_button.description == "End this game"
    dash.show_button.click()  # and so does any other button
    assert dash.free_button.description == "Free this seat"
    dash.free_button.click()
    assert all(s.holder == "human" for s in tables.summary(code).seats)


def test_a_seat_shows_its_tables_settings_and_rules_as_the_play_page_does(
    tables: Tables,
) -> None:
    """A table started with a house rule said it nowhere: the seat has the play page's
    panels (the same functions, the same titles) for the table's settings, and says the
    settings that differ from the game's beside the seats; the join form says them too."""
    from navalkit.play.guide import IN_FORCE_TITLE, RULES_TITLE, clauses_html
    from navalkit.tables import seat_link
    from navalkit.widgets.app import GameApp
    from navalkit.widgets.panels import played_with_html, settings_html

    game = get_game("nautic_miles")
    settings = {"slowness_bonus": "per_round"}
    new = tables.create_table("nautic_miles", 2, settings=settings, host="Alice", host_seat=0)
    assert new.host_token is not None
    seat = board(TablePage(f"seat={seat_link(new.code, new.host_token)}", tables))
    panel = seat.help_panel
    titles = [panel.get_title(i) for i in range(len(panel.children))]
    assert titles == ["How to play", IN_FORCE_TITLE, RULES_TITLE]
    assert seat.settings_view.value == settings_html(game, game.make_config(**settings))
    assert "per round" in seat.settings_view.value
    assert panel.children[2].value == clauses_html(game)
    side = seat.widget.children[2].children[1]  # beside the board, under the seats
    assert holds(side, seat.table_settings)
    assert "Played with:</b> Bonus for a slow convoy: per round" in seat.table_settings.value
    assert f"<b>{IN_FORCE_TITLE}</b>" in seat.how_to.value
    app = GameApp("nautic_miles", seed=1)
    app_titles = [app.rules_panel.get_title(i) for i in range(len(app.rules_panel.children))]
    assert IN_FORCE_TITLE in app_titles and RULES_TITLE in app_titles
    joining = TablePage(f"code={new.code}", tables)
    assert joining.join is not None
    # the same line on the join form, the seat and the teacher's view: one function's
    played = played_with_html(game, settings)
    assert played == "<b>Played with:</b> Bonus for a slow convoy: per round."
    assert played in joining.join.heading.value
    assert played[:-1] + f" (see <i>{IN_FORCE_TITLE}</i> below)." in seat.table_settings.value
    dash = teacher_page(f"teacher={KEY}", tables)
    assert isinstance(dash, TeacherDashboard)
    dash.open_table(new.code)
    assert dash.view_settings.value == played
    plain = board(start_table(tables, "nautic_miles", "Bea"))  # the game's own: no line
    assert plain.table_settings.value == ""
    dash.open_table(plain.session.code)  # (the teacher's view says so)
    assert dash.view_settings.value == "<b>Played with</b> the game's own settings."


def test_a_seat_waiting_for_players_says_so_before_its_instructions(tables: Tables) -> None:
    from navalkit.widgets.seat import WAITING_WORDS

    ann = board(start_table(tables, "nautic_miles", "Ann"))
    assert ann.session.view.status == "open"
    assert ann.how_to.value.startswith(WAITING_WORDS)
    assert "Your move." in ann.how_to.value  # the instructions follow, read as such
    assert "every seat is taken" in ann.turn.value
    board(join(tables, ann.session.code, 1, "Bob"))
    ann.tick()
    assert ann.session.view.status == "playing"
    assert WAITING_WORDS not in ann.how_to.value


def scene_texts(scene: Any) -> list[str]:
    """Every label drawn on a board's scene."""
    return [op.text for layer in scene.layers for op in layer.ops if hasattr(op, "text")]


@pytest.mark.parametrize("game", games())
def test_a_waiting_tables_board_names_nobody_to_play(tables: Tables, game: str) -> None:
    """Nautic Miles' board said "Round 1 - Player 1 to play" while the page said the table
    waited for players: every game's board takes the same words (``not_running``) and says
    them where it says who is to play (Branle-Bas' board names nobody), on a seat and on the
    teacher's view; once the table is full, the board names the player to move again."""
    ann = board(start_table(tables, game))
    code = ann.session.code
    assert ann.session.view.status == "open" and ann.board.scene is not None
    waiting = scene_texts(ann.board.scene)
    assert not [t for t in waiting if "to play" in t or "to move" in t], waiting
    dash = teacher_page(f"teacher={KEY}", tables)
    assert isinstance(dash, TeacherDashboard)
    dash.open_table(code)
    assert dash.board is not None and dash.board.scene is not None
    teacher = scene_texts(dash.board.scene)
    assert not [t for t in teacher if "to play" in t or "to move" in t], teacher
    for texts in (waiting, teacher):
        said = [t for t in texts if "waiting for players" in t.lower()]
        assert said if game != "branle_bas" else not said, texts
    if game == "nautic_miles":
        assert "Round 1 - waiting for players" in waiting
    if game == "age_of_sail":  # no phase to end: the button is words, not a button
        assert "end" not in {r.id for r in ann.board.scene.regions}
    if game == "naval_war":  # no panel framed as the one to act, no button lit
        assert not [op for ly in ann.board.scene.layers for op in ly.ops
                    if getattr(op, "line_width", 0) == 4]  # fmt: skip
    n = len(ann.session.view.seats)
    for s in range(1, n):
        join(tables, code, s, f"Student {s + 1}")
    ann.tick()
    assert ann.session.view.status == "playing" and ann.board.scene is not None
    playing = scene_texts(ann.board.scene)
    assert not [t for t in playing if "waiting for players" in t.lower()], playing
    if game == "nautic_miles":
        mover = ann.session.view.to_move
        assert mover is not None and f"Round 1 - Player {mover + 1} to play" in playing
    if game == "age_of_sail":
        assert "end" in {r.id for r in ann.board.scene.regions}


@pytest.mark.parametrize("query", ["code=ZZZZZQ", "code=abc", "seat=ZZZZZQ-nonsense", "seat=x"])
def test_a_link_that_leads_nowhere_shows_why_and_the_start_page(tables: Tables, query: str) -> None:
    """A phone student with a wrong code or a freed seat link met one red line and nothing
    to do: the page says why, with the start page (the code box) under it."""
    page = TablePage(query, tables)
    assert "Not possible:" in page.message.value
    assert page.board is None and page.join is None
    assert holds(page.body, page.code_box) and holds(page.body, page.link_box)
    assert page.form is not None and holds(page.body, page.form.widget)


def test_a_freed_seats_link_shows_why_and_the_start_page(tables: Tables) -> None:
    ann, _bob, _cy = full_table(tables)
    code = ann.session.code
    tables.free_seat(code, 0, key=KEY)
    page = TablePage(f"seat={seat_link_of(ann)}", tables)
    assert f"This seat link is not valid at table {code}" in page.message.value
    assert holds(page.body, page.code_box)
    assert page.code_box.value == ""  # the code to type (the seat link is not a code)
    page.code_box.value = code  # and from there the student joins the freed seat
    assert page.join is not None and not page.join.seat_buttons[0].disabled


def test_a_typed_code_is_quoted_as_prose_not_as_python(tables: Tables) -> None:
    page = TablePage("", tables)
    page.code_box.value = "abc"
    said = html.unescape(page.message.value)
    assert "“abc” is not a table code" in said and "'abc'" not in said
    assert holds(page.body, page.code_box)  # the page it was typed on stays


def test_a_seat_to_move_reads_a_whole_typed_move_under_the_move_box(tables: Tables) -> None:
    """The Move box's placeholder gave a typed move for example, cut off in the side panel on
    a phone ("e.g. discard additional dam"): the box says "type a move", and the seat to move
    reads the whole example on a line under it; a seat waiting for its turn has none."""
    from navalkit.widgets.panels import TYPE_A_MOVE, TYPED_EXAMPLE

    boards = full_table(tables)
    mover = to_move(*boards)
    example = mover.session.screen().typed_example
    assert example
    assert mover.move_text.placeholder == TYPE_A_MOVE
    hint = mover.typed_example
    assert TYPED_EXAMPLE in hint._dom_classes and hint.layout.display == ""
    assert re.sub(r"<[^>]+>", "", hint.value) == f"For example: {html.escape(example)}"
    rows = list(mover.move_controls.children)
    assert rows[-1] is hint and mover.move_text in rows[-2].children
    for watcher in (b for b in boards if b is not mover):
        assert watcher.typed_example.value == "" and watcher.typed_example.layout.display == "none"
