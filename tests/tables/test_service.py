"""The table service as a class uses it: make a table, join, play with computer seats, poll,
presence, and the teacher's functions."""

from __future__ import annotations

import random
from dataclasses import replace

import pandas as pd
import pytest
from table_helpers import KEY, mover, play_random, replayed, seat_everyone

from navalkit.core.match import load_match
from navalkit.tables import Tables, parse_seat_link, seat_link


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_table_fills_up_then_starts(tables: Tables) -> None:
    new = tables.create_table("naval_war", 3, bots={2: "medium"}, host="Ms Lee")
    assert len(new.code) == 6 and new.host_token is None and new.players == 3
    assert tables.stamp(new.code).status == "open"
    ann = tables.join(new.code, 0, "Ann")
    waiting = tables.view(new.code, ann)
    assert waiting.status == "open" and not waiting.your_turn and waiting.legal_actions == ()
    assert waiting.status_text == "Waiting for 1 more player to join: Player 2."
    holders = [(s.holder, s.name) for s in tables.seats(new.code)]
    assert holders == [("human", "Ann"), ("free", ""), ("computer", "medium")]
    bob = tables.join(new.code.lower(), 1, "  Bob  ")  # codes read in any case
    assert tables.stamp(new.code).status == "playing"
    assert tables.seats(new.code)[1].name == "Bob"
    assert tables.rejoin(new.code, bob) == 1 and tables.rejoin(new.code, ann) == 0
    assert tables.latest_seq(new.code) == 0 or mover(tables, new.code) in (0, 1)


def test_the_host_may_take_a_seat_and_get_a_seat_link(tables: Tables) -> None:
    new = tables.create_table("nautic_miles", 2, host="Zoe", host_seat=1)
    assert new.host_seat == 1 and new.host_token is not None and new.host_link is not None
    code, token = parse_seat_link(new.host_link)
    assert (code, token) == (new.code, new.host_token)
    assert seat_link(code, token) == new.host_link
    assert tables.rejoin(code, token) == 1
    assert tables.seats(code)[1].name == "Zoe" and tables.stamp(code).status == "open"


def test_computer_seats_answer_each_move_with_their_own_rows(tables: Tables) -> None:
    """After a person's move the computers move (each move its own row) until a person is to
    move again or the game is over."""
    code, tokens = seat_everyone(tables, "naval_war", 3, bots={1: "easy", 2: "medium"}, seed=7)
    rng = random.Random(0)
    for _ in range(25):
        view = tables.view(code, tokens[0], log=False)
        if view.status != "playing":
            break
        assert view.your_turn and view.to_move == 0  # the computers have all answered
        assert len(view.legal_texts) == len(view.legal_actions) > 0
        stored = tables.move(code, tokens[0], rng.choice(view.legal_actions), view.seq)
        assert stored == view.seq + 1
    rows = tables.store.moves(code)
    assert {r.seat for r in rows} == {0, 1, 2}
    replayed(tables.store, code)


def test_a_computer_first_to_move_plays_when_the_last_person_sits_down(tables: Tables) -> None:
    new = tables.create_table("nautic_miles", 2, bots={0: "easy"}, seed=3)
    token = tables.join(new.code, 1, "Kim")
    view = tables.view(new.code, token)
    assert view.status == "playing"
    assert view.your_turn or view.status == "over"
    replayed(tables.store, new.code)


def test_a_computer_seat_left_to_move_by_a_dead_process_is_played_by_the_next_look(
    store_url: str,
) -> None:
    """The process that stored a person's move died before its computers answered: after a
    few seconds, the next page to look at the table plays them."""
    clock = Clock()
    dying = Tables(store_url, clock=clock)
    code, tokens = seat_everyone(dying, "naval_war", 3, bots={1: "easy", 2: "easy"}, seed=1)
    dying.play_bots = lambda code: 0  # type: ignore[assignment,method-assign]
    view = dying.view(code, tokens[0], log=False)
    dying.move(code, tokens[0], view.legal_actions[0], view.seq)
    assert mover(dying, code) == 1  # a computer, stuck
    dying.close()
    other = Tables(store_url, clock=clock)
    assert not other.view(code, tokens[0], log=False).your_turn  # too soon to call it stuck
    clock.now += 5
    view = other.view(code, tokens[0], log=False)
    assert view.your_turn or view.status == "over"
    replayed(other.store, code)
    other.close()


def test_views_follow_moves_made_through_another_server(store_url: str) -> None:
    """Two servers on one store (two kernels): each one's cached game follows the moves the
    other stored."""
    one, two = Tables(store_url), Tables(store_url)
    code, tokens = seat_everyone(one, "nautic_miles", 2, seed=4)
    rng = random.Random(5)
    for i in range(30):
        here, there = (one, two) if i % 2 else (two, one)
        assert play_random(here, code, tokens, rng, 1) == 1
        match = replayed(one.store, code)
        for seat, token in tokens.items():
            view = there.view(code, token)
            assert view.seq == i + 1
            assert view.observation == match.observe(seat)
            assert view.log.equals(match.log_for(seat))
    one.close()
    two.close()


def test_polling_is_cheap_and_says_what_changed(tables: Tables) -> None:
    code, tokens = seat_everyone(tables, "naval_war", 3, seed=2)
    stamp = tables.stamp(code)
    assert not tables.changed_since(code, stamp.seq)
    play_random(tables, code, tokens, random.Random(1), 1)
    assert tables.changed_since(code, stamp.seq)
    after = tables.stamp(code)
    assert after.seq == stamp.seq + 1 and after.revision > stamp.revision
    tables.end_table(code, key=KEY)
    ended = tables.stamp(code)
    assert ended.status == "ended" and ended.revision > after.revision and ended.seq == after.seq


def test_presence_shows_who_is_connected(store_url: str) -> None:
    clock = Clock()
    tables = Tables(store_url, clock=clock)
    code, tokens = seat_everyone(tables, "naval_war", 3, bots={2: "easy"}, seed=1)
    assert [s.connected for s in tables.seats(code)] == [True, True, True]
    clock.now += 11
    assert [s.connected for s in tables.seats(code)] == [False, False, True]
    tables.touch(code, tokens[1])
    assert [s.connected for s in tables.seats(code)] == [False, True, True]
    clock.now += 5
    tables.view(code, tokens[0], log=False)  # a look counts as presence
    assert [s.connected for s in tables.seats(code)] == [True, True, True]
    tables.close()


def test_a_closed_page_shows_its_seat_not_connected_at_once(store_url: str) -> None:
    """A student who closed the tab read as "connected" to the others until the seat had not
    been seen for a while: the closing page's leave says so at once (another process, another
    page's kernel, reads it); the seat stays the student's, and a look brings it back."""
    clock = Clock()
    tables = Tables(store_url, clock=clock)
    other = Tables(store_url, clock=clock)
    code, tokens = seat_everyone(tables, "naval_war", 3, bots={2: "easy"}, seed=1)
    assert [s.connected for s in other.seats(code)] == [True, True, True]
    tables.leave(code, tokens[1])  # no time has passed: only the leave tells
    seats = other.seats(code)
    assert [s.connected for s in seats] == [True, False, True]
    assert seats[1].holder == "human" and seats[1].name and seats[1].last_seen is None
    clock.now += 1
    assert tables.rejoin(code, tokens[1]) == 1  # the seat link still holds the seat, and the
    assert [s.connected for s in other.seats(code)] == [True, True, True]  # student is back
    tables.touch(code, tokens[0])
    tables.leave(code, tokens[0])
    tables.touch(code, tokens[0])  # the same seat open in another tab still says it is there
    assert other.seats(code)[0].connected
    other.close()
    tables.close()


def test_the_teacher_sees_everything_and_gets_results(tables: Tables) -> None:
    code, tokens = seat_everyone(tables, "naval_war", 3, bots={2: "easy"}, seed=31)
    other, other_tokens = seat_everyone(tables, "nautic_miles", 2, settings={"target": 10}, seed=33)
    play_random(tables, code, tokens, random.Random(1), 10)
    played_other = play_random(tables, other, other_tokens, random.Random(2), 2000)
    assert tables.stamp(other).status == "over" and played_other > 0

    match = replayed(tables.store, code)
    seen = tables.teacher_view(code, key=KEY)
    assert seen.observation == match.observe(None)
    assert seen.log.equals(match.log) and seen.scores == match.scores
    assert [t.code for t in tables.list_tables(key=KEY)] == [code, other]

    results = tables.results(key=KEY)
    assert isinstance(results, pd.DataFrame) and len(results) == 5
    assert list(results.columns) == [
        "table",
        "game",
        "seat",
        "player",
        "name",
        "holder",
        "score",
        "winner",
        "moves",
        "status",
    ]
    finished = results[results.table == other]
    final = replayed(tables.store, other)
    assert list(finished.score) == list(final.scores)
    assert list(finished.winner) == [final.winner == s for s in range(2)]
    assert int(finished.moves.sum()) == len(tables.store.moves(other))
    assert set(results[results.table == code].holder) == {"human", "computer"}

    record = load_match(tables.record(code, key=KEY))
    assert record.history == match.history and record.seed == 31
    assert record.meta["table"] == code


def test_ending_a_table_and_freeing_a_seat(tables: Tables) -> None:
    code, tokens = seat_everyone(tables, "naval_war", 3, seed=8)
    held = tables.seats(code)[1]
    freed = tables.free_seat(code, 1, key=KEY)  # whose seat it was, as the freeing read it
    assert freed == held and freed.holder == "human" and freed.name
    assert tables.seats(code)[1].holder == "free"
    newcomer = tables.join(code, 1, "Dan")  # the game goes on with Dan at the seat
    assert tables.rejoin(code, newcomer) == 1
    play_random(tables, code, {**tokens, 1: newcomer}, random.Random(1), 5)
    tables.end_table(code, key=KEY)
    view = tables.view(code, tokens[0])
    assert view.status == "ended" and not view.your_turn and view.legal_actions == ()
    assert view.status_text.startswith("Your teacher ended this game.")
    tables.end_table(code, key=KEY)  # twice is harmless


def test_a_seat_may_download_its_own_record(tables: Tables) -> None:
    code, tokens = seat_everyone(tables, "nautic_miles", 2, seed=12)
    play_random(tables, code, tokens, random.Random(1), 6)
    mine = tables.seat_record(code, tokens[0])
    assert mine["format"] == "navalkit-seat-record" and mine["seat"] == 0
    assert "seed" not in mine


@pytest.mark.parametrize("settings", [{"goal": 50}])
def test_settings_are_kept_and_used(tables: Tables, settings: dict[str, int]) -> None:
    code, tokens = seat_everyone(tables, "naval_war", 3, settings=settings, seed=13)
    view = tables.view(code, tokens[0])
    assert view.settings == settings
    assert replayed(tables.store, code).config.goal == 50


def test_a_failing_computer_player_does_not_spoil_the_persons_move(
    tables: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    from navalkit.tables import TableError, service

    class Broken:
        def choose(self, view: object) -> object:
            raise RuntimeError("a bug in the bot")

    code, tokens = seat_everyone(tables, "naval_war", 3, bots={1: "easy", 2: "easy"}, seed=14)
    monkeypatch.setattr(service, "make_bot", lambda game, name: Broken())
    while mover(tables, code) == 0:  # until a computer is to move
        view = tables.view(code, tokens[0], log=False)
        assert tables.move(code, tokens[0], view.legal_actions[0], view.seq) == view.seq + 1
    assert mover(tables, code) in (1, 2)  # the computer waits
    with pytest.raises(TableError, match="could not choose a move"):
        tables.play_bots(code)
    monkeypatch.undo()
    tables.play_bots(code)
    assert mover(tables, code) == 0
    replayed(tables.store, code)


def test_a_team_game_exports_half_points_and_both_partners_as_winners(tables: Tables) -> None:
    """Nautic Miles in teams of two: partners win together and game points come in halves
    (48.5); the results, the teacher's list and the partners' pages all say so."""
    from navalkit.play.table_session import ending_words
    from navalkit.widgets.dashboard import tables_html

    bots = {1: "captain", 2: "captain", 3: "captain"}
    settings = {"target": 10, "teams": True}
    code, tokens = seat_everyone(tables, "nautic_miles", 4, bots=bots, seed=0, settings=settings)
    play_random(tables, code, tokens, random.Random(0), 3000)
    final = replayed(tables.store, code)
    assert final.is_over and final.scores == (0, 48.5, 0, 48.5) and final.winners == (1, 3)

    results = tables.results(key=KEY)
    assert list(results.score) == [0, 48.5, 0, 48.5]
    csv_scores = [line.split(",")[6] for line in results.to_csv(index=False).splitlines()[1:]]
    assert csv_scores == ["0", "48.5", "0", "48.5"]  # whole points stay whole in the CSV
    assert list(results.winner) == [False, True, False, True]

    (summary,) = tables.list_tables(key=KEY)
    assert summary.winners == (1, 3)
    line = tables_html([summary], now=summary.updated)
    assert (
        "over: <b>Player 2 (computer (captain)) and Player 4 (computer (captain)) won</b>" in line
    )

    view = tables.view(code, tokens[0], log=False)
    assert view.winners == (1, 3)
    assert ending_words(view) == (
        "computer (captain) (Player 2) and computer (captain) (Player 4) won."
    )
    assert ending_words(replace(view, seat=3)) == "your side won!"


def test_a_seat_is_offered_the_moves_in_the_pages_order(tables: Tables) -> None:
    """A seat at a table (a student's own computer) lists Branle-Bas' touches as the play
    page does: ships that can move first, boxed-in ones last (see Game.listed)."""
    code, tokens = seat_everyone(
        tables, "branle_bas", 2, seed=1, settings={"setup": "standard", "first_player": "A"}
    )
    view = tables.view(code, tokens[0])
    stuck = [": it cannot move" in words for words in view.legal_texts]
    assert view.your_turn and stuck == sorted(stuck) and any(stuck) and not stuck[0]


def test_the_class_results_a_teacher_downloads_are_in_words(tables: Tables) -> None:
    """The CSV the dashboard saves reads as a teacher reads a mark book: the game's title,
    seats numbered as the pages number them, winner yes/no (blank while playing), when the
    table started, its settings that differ from the game's in the play page's words."""
    import csv
    import io
    from datetime import datetime

    settings = {"target": 10, "slowness_bonus": "per_round"}
    done, tokens = seat_everyone(tables, "nautic_miles", 2, settings=settings, seed=33)
    play_random(tables, done, tokens, random.Random(2), 2000)
    final = replayed(tables.store, done)
    assert final.is_over
    waiting = tables.create_table("naval_war", 3, bots={2: "medium"}).code
    tables.join(waiting, 0, "Ann")

    rows = list(csv.DictReader(io.StringIO(tables.results_csv(key=KEY))))
    assert list(rows[0]) == [
        "Table",
        "Game",
        "Started",
        "Settings",
        "Seat",
        "Player",
        "Name",
        "Played by",
        "Score",
        "Winner",
        "Moves",
        "Status",
    ]
    over = [r for r in rows if r["Table"] == done]
    assert [r["Seat"] for r in over] == ["1", "2"]  # as "Player 1", "Player 2"
    assert [r["Player"] for r in over] == ["Player 1", "Player 2"]
    assert {r["Game"] for r in over} == {"Nautic Miles"}  # not nautic_miles
    assert {r["Settings"] for r in over} == {
        "Points to win: 10; Bonus for a slow convoy: per round"
    }
    assert [r["Winner"] for r in over] == ["yes" if s in final.winners else "no" for s in range(2)]
    assert {r["Status"] for r in over} == {"over"}
    created = tables.summary(done).created
    assert {r["Started"] for r in over} == {
        datetime.fromtimestamp(created).strftime("%Y-%m-%d %H:%M")
    }
    open_rows = [r for r in rows if r["Table"] == waiting]
    assert [(r["Seat"], r["Name"], r["Played by"]) for r in open_rows] == [
        ("1", "Ann", "person"),
        ("2", "", "free seat"),
        ("3", "", "computer (medium)"),
    ]
    assert {r["Winner"] for r in open_rows} == {""}  # nobody has won yet, nor lost
    assert {r["Settings"] for r in open_rows} == {""}  # the game's own settings
    assert {r["Status"] for r in open_rows} == {"waiting for players"}
    # the programmer's frame keeps its shape (codes, seats from 0, True/False)
    assert list(tables.results(key=KEY).seat) == [0, 1, 0, 1, 2]


def test_a_tables_summary_carries_its_settings(tables: Tables) -> None:
    from navalkit.core.registry import get_game
    from navalkit.tables.words import changed_settings

    settings = {"target": 200, "slowness_bonus": "per_round"}  # 200: the game's own
    code = tables.create_table("nautic_miles", 2, settings=settings).code
    assert tables.summary(code).settings == settings
    (listed,) = tables.list_tables(key=KEY)
    assert changed_settings(get_game("nautic_miles"), listed.settings) == [
        ("Bonus for a slow convoy", "per round")
    ]
