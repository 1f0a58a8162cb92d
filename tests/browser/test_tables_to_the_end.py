"""Whole games at shared tables, through ``navalkit serve`` in Chromium, as a class plays them.

The teacher starts each table from the dashboard (``teacher.ipynb?teacher=<key>``) with the
house rules that make a game short; three students, each in a browser of their own, join it
with its code and play it **to the end**, every move through the page (the list of legal
moves and "Play chosen move"). Every page then says who won and by which rule, and none ever
showed another seat's hidden cards.

* Naval War (3 seats, 50 points to win, at most 1 round): mid-game, ``navalkit serve`` is
  stopped and started again on the same ``--data`` folder and port; each student reopens the
  seat link, finds every move made before the restart (same move count, same log, same hand)
  and the game goes on to its end.
* Nautic Miles (3 seats, 10 points to win, 5 round points end a round, at most 1 round).

The dashboard shows each table live (its move count grows while the students play), and its
CSV of the class's results (saved through the page's download link) has one row per seat
with the names, scores and the winner.

The test paces itself by the table store (whose turn, and how many log lines the page must
show before its list of moves is the current one), but every move is chosen from the page's
list and sent by its button.

Measured and printed (and written to ``test-artifacts/table-games.json``): the time from a
click on "Play chosen move" to the repaint of the other seats' pages (and of the mover's own),
the time per game and per move, the restart's. Screenshots at 1366x768 of every page at the
end of each game: ``test-artifacts/tables-end-*.png``.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import (  # this folder's fixtures
    ARTIFACTS,
    SERVER_START_TIMEOUT,
    VoilaServer,
    _free_port,
    seat_page_words,
    served_notebooks,
    stop_serve,
)
from test_pages import assert_clean, open_page, wait_for_boards_drawn
from test_tables import (
    KEY,
    NAMES,
    PAGE,
    TIMEOUT_MS,
    TOP_JS,
    board_drawn,
    dropdown,
    hidden_labels,
    new_student,
    text_box,
    wait_text,
)

from navalkit.cli import wait_until_serving
from navalkit.core.registry import get_game
from navalkit.tables import Tables, parse_seat_link

pytestmark = pytest.mark.browser

DASHBOARD = "teacher.ipynb"
#: the house rules that make each game short (by setting name), set by their labels on the
#: dashboard's start form: the shortest game each game's settings allow
SHORT_GAMES: dict[str, dict[str, int]] = {
    "naval_war": {"goal": 50, "max_rounds": 1},
    "nautic_miles": {"target": 10, "round_limit": 5, "max_rounds": 1},
}
#: a move that no page has shown after this long is a failure (seconds)
MOVE_TIMEOUT_S = 90.0
#: Naval War moves played before the server is restarted
MOVES_BEFORE_RESTART = 25
#: Nautic Miles moves played before the mid-game look for leaks
MOVES_BEFORE_LEAK_CHECK = 12
#: how often the test reads the dashboard's move count while the students play (moves)
DASHBOARD_EVERY = 8

#: what a seat's page shows now: the number of its last log line, whose turn, a refusal
STATE_JS = """
() => {
  const items = document.querySelectorAll('.navalkit-log li');
  const n = items.length ? Number(items[items.length - 1].getAttribute('data-last')) : 0;
  const turn = document.querySelector('.navalkit-turn');
  const msg = document.querySelector('.navalkit-seat-board .navalkit-message');
  return {n, turn: turn ? turn.innerText : '', message: msg ? msg.innerText : '',
          refused: !!(msg && msg.querySelector('.navalkit-refusal'))};
}
"""

#: record when the seat's log repaints, and how many lines it then has
LOG_WATCH_JS = """
() => {
  window.__log = [];
  const el = document.querySelector('.navalkit-log');
  const count = () => {
    const li = el.querySelectorAll('li');
    return li.length ? Number(li[li.length - 1].getAttribute('data-last')) : 0;
  };
  new MutationObserver(() => window.__log.push([Date.now(), count()]))
    .observe(el, {childList: true, subtree: true, characterData: true});
}
"""

LEGAL_JS = """
() => [...document.querySelectorAll('.navalkit-legal select option')].map((o) => o.textContent)
"""

#: the dashboard's row of table ``code``: its cells' text
ROW_JS = """
(code) => {
  for (const tr of document.querySelectorAll('.navalkit-table-list tr')) {
    const cells = [...tr.querySelectorAll('td')].map((td) => td.innerText.trim());
    if (cells.length && cells[0] === code) return cells;
  }
  return null;
}
"""
#: the cells of a dashboard's row that hold the moves and the status (after Code, Game,
#: Settings and Seats)
MOVES_CELL, STATUS_CELL = 4, 6

#: the start form shows ``n`` seats to fill ("Player 1:" ... "Player n:"), and "Seats: n"
SEATS_JS = """
(n) => {
  const labels = [...document.querySelectorAll('.navalkit-dashboard .widget-dropdown label')]
    .map((l) => l.textContent.trim());
  const seats = labels.filter((t) => /^Player \\d+:$/.test(t)).length;
  const box = [...document.querySelectorAll('.navalkit-dashboard .widget-dropdown')]
    .find((d) => d.innerText.includes('Seats:'));
  const select = box && box.querySelector('select');
  return seats === n && select && select.selectedOptions[0].text === String(n);
}
"""


# --- the server, restartable on the same port and data folder ------------------------------


@dataclass
class ClassServer:
    """``navalkit serve --data DIR`` with a known teacher key, that can be restarted."""

    data: Path
    port: int
    server: VoilaServer | None = None
    proc: subprocess.Popen[bytes] | None = None
    starts: int = 0
    start_s: list[float] = field(default_factory=list)

    def start(self) -> VoilaServer:
        """Start the server on ``port`` (a log of its own for each start); wait until it
        answers and its three table pages are preheated."""
        notebooks = served_notebooks()
        self.starts += 1
        log = ARTIFACTS / f"voila-server-{self.port}-start{self.starts}.log"
        server = VoilaServer(notebooks, self.port, log)
        cmd = [sys.executable, "-m", "navalkit.cli", "serve", "--no-browser",
               "--port", str(self.port), "--notebooks", str(notebooks),
               "--data", str(self.data), "--class-size", "3", "--pool-page", PAGE]  # fmt: skip
        began = time.monotonic()
        ARTIFACTS.mkdir(exist_ok=True)
        with log.open("wb") as out:
            proc = subprocess.Popen(
                cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        try:
            wait_until_serving(server.base_url, timeout=SERVER_START_TIMEOUT, proc=proc)
        except (RuntimeError, TimeoutError) as exc:
            stop_serve(proc)
            pytest.fail(f"navalkit serve did not start: {exc}\n{server.log_tail()}", pytrace=False)
        self.server, self.proc = server, proc
        wait_for_pool(server)
        self.start_s.append(round(time.monotonic() - began, 1))
        return server

    def stop(self) -> None:
        if self.proc is not None:
            stop_serve(self.proc)
            self.proc = None

    def restart(self) -> VoilaServer:
        self.stop()
        return self.start()


def wait_for_pool(server: VoilaServer, timeout_s: float = 300) -> None:
    deadline = time.monotonic() + timeout_s
    while "is filled with" not in server.log.read_text(errors="replace"):
        assert time.monotonic() < deadline, f"the pool did not fill:\n{server.log_tail()}"
        time.sleep(1)


@pytest.fixture(scope="module")
def class_server(
    chromium_path: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ClassServer]:
    old = os.environ.get("NAVALKIT_TEACHER_KEY")
    os.environ["NAVALKIT_TEACHER_KEY"] = KEY  # the server's kernels inherit it
    served = ClassServer(tmp_path_factory.mktemp("class-games"), _free_port())
    try:
        served.start()
        yield served
    finally:
        served.stop()
        if old is None:
            os.environ.pop("NAVALKIT_TEACHER_KEY", None)
        else:
            os.environ["NAVALKIT_TEACHER_KEY"] = old


@pytest.fixture(scope="module")
def figures() -> Iterator[dict[str, Any]]:
    """What the games measured, written to test-artifacts/table-games.json at the end."""
    found: dict[str, Any] = {}
    yield found
    if found:
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "table-games.json").write_text(json.dumps(found, indent=2) + "\n")


# --- choosing a move as a student would, quickly to the end ---------------------------------


def choose(game_id: str, options: list[str], player: str) -> int:
    """The index of the move to play among the legal moves' words. Naval War: the first
    listed. Nautic Miles: bring one's own convoys home (miles on them, else lay a convoy,
    else the first move listed, a card played when there is one: the discards are listed
    last): rounds end sooner than with any card played."""
    if game_id == "nautic_miles":
        for key in ("miles on convoy", "lay a", "fine sea", "end of alert"):
            found = [
                i
                for i, t in enumerate(options)
                if key in t and (key != "miles on convoy" or t.endswith(f"of {player}"))
            ]
            if found:
                return found[-1]
    return 0


# --- the pages ------------------------------------------------------------------------------


@dataclass
class Student:
    name: str
    seat: int
    page: Any
    link: str = ""

    @property
    def token(self) -> str:
        value = parse_qs(urlsplit(self.link).query)["seat"][0]
        return parse_seat_link(value)[1]


def state(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(STATE_JS))


def open_dashboard(teacher: Any, server: VoilaServer) -> None:
    open_page(teacher, server, f"{DASHBOARD}?teacher={KEY}")
    teacher.locator(".navalkit-dashboard").wait_for(timeout=TIMEOUT_MS)


def start_table(teacher: Any, game_id: str, settings: dict[str, int]) -> str:
    """Start a table of ``game_id`` for three people from the dashboard's form, with the
    house rules ``settings`` set by their labels; its code."""
    game = get_game(game_id)
    form_game = dropdown(teacher, "Game:")
    if not form_game.is_visible():  # tables already: the form is folded away
        teacher.locator(".jupyter-widget-Collapse-header", has_text="Start a table").click()
    form_game.wait_for(state="visible", timeout=TIMEOUT_MS)
    before = teacher.locator(".navalkit-dashboard .navalkit-share").inner_text()
    form_game.select_option(label=game.title)
    wait_text(teacher, ".navalkit-dashboard i", game.summary)  # the kernel has the game
    dropdown(teacher, "Seats:").select_option(label="3")
    teacher.wait_for_function(SEATS_JS, arg=3, timeout=60_000, polling=200)
    house = teacher.locator(".jupyter-widget-Collapse-header", has_text="House rules")
    house.click()
    labels = {row["setting"]: row["label"] for row in game.settings()}
    choices = game.config_type.__dataclass_fields__
    for name, value in settings.items():
        label = labels[name]
        if choices[name].metadata.get("choices") is not None:
            box = dropdown(teacher, label)
            box.wait_for(state="visible", timeout=TIMEOUT_MS)
            box.select_option(label=str(value))
        else:
            box = text_box(teacher, label)
            box.wait_for(state="visible", timeout=TIMEOUT_MS)
            box.fill(str(value))
            box.press("Enter")
            teacher.wait_for_function(
                "([el, v]) => el.value === v", arg=[box.element_handle(), str(value)]
            )
    teacher.wait_for_timeout(300)  # the last value reaches the kernel before the click
    teacher.get_by_role("button", name="Start the table").click()
    teacher.wait_for_function(
        "(before) => { const e = document.querySelector("
        "'.navalkit-dashboard .navalkit-share .navalkit-table-code');"
        " return e && e.closest('.navalkit-share').innerText !== before; }",
        arg=before,
        timeout=TIMEOUT_MS,
    )
    code = str(teacher.locator(".navalkit-share .navalkit-table-code").first.inner_text()).strip()
    assert re.fullmatch(r"[A-Z]{6}", code), code
    message = teacher.locator(".navalkit-dashboard .navalkit-message").first.inner_text()
    assert "Not possible" not in message, message
    house.click()  # fold the house rules away again
    return code


def join(student: Student, server: VoilaServer, code: str) -> None:
    """The student opens the table's link, types a name and takes the seat."""
    page, seat = student.page, student.seat
    open_page(page, server, f"{PAGE}?code={code}")
    wait_text(page, ".navalkit-join", f"Sit here as Player {seat + 1}")
    text_box(page, "Your name:").fill(student.name)
    text_box(page, "Your name:").press("Enter")
    page.get_by_role("button", name=f"Sit here as Player {seat + 1}").click()
    page.locator(".navalkit-seat-board").wait_for(timeout=TIMEOUT_MS)
    board_drawn(page, PAGE)
    student.link = page.locator(".navalkit-seat-link a").first.get_attribute("href") or ""
    assert f"?seat={code}-" in student.link, student.link


def reopen(student: Student, server: VoilaServer) -> float:
    """The student opens the seat link again (a new page, a new kernel); seconds it took."""
    began = time.monotonic()
    open_page(student.page, server, student.link)
    student.page.locator(".navalkit-seat-board").wait_for(timeout=TIMEOUT_MS)
    board_drawn(student.page, PAGE)
    wait_text(
        student.page,
        ".navalkit-status",
        f"You are Player {student.seat + 1} ({student.name})",
    )
    return time.monotonic() - began


def dashboard_row(teacher: Any, code: str) -> list[str] | None:
    found = teacher.evaluate(ROW_JS, code)
    return list(found) if found else None


def dashboard_moves(teacher: Any, code: str) -> int:
    row = dashboard_row(teacher, code)
    assert row is not None, f"the dashboard does not list table {code}"
    return int(row[MOVES_CELL])


def wait_for_dashboard(teacher: Any, code: str, moves: int, status: str | None) -> None:
    """Wait until the dashboard's row of table ``code`` shows ``moves`` moves (and, unless
    ``status`` is None, that status)."""
    teacher.wait_for_function(
        "([js, code, moves, status, m, st]) => { const row = eval(js)(code);"
        " return row && Number(row[m]) === moves"
        " && (status === null || row[st].split(':')[0] === status); }",
        arg=[ROW_JS, code, moves, status, MOVES_CELL, STATUS_CELL],
        timeout=60_000,
        polling=250,
    )


def screenshot_top(page: Any, path: Path) -> None:
    page.evaluate(TOP_JS)
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))


# --- playing ----------------------------------------------------------------------------------


@dataclass
class Played:
    """What a stretch of play measured: the moves made, how long it took, the time from each
    click to each page's repaint of that move (the other seats' pages and the mover's own),
    and the move counts the dashboard showed on the way."""

    moves: int = 0
    seconds: float = 0.0
    others_s: list[float] = field(default_factory=list)
    self_s: list[float] = field(default_factory=list)
    dashboard: list[int] = field(default_factory=list)


def log_lengths(log: Any) -> list[int]:
    """``lengths[k]``: how many lines a seat's log has once ``k`` moves were played (every
    move is one "action" line in every seat's log, followed by what chance did)."""
    actions = [i for i, event in enumerate(log["event"]) if event == "action"]
    return [*actions, len(log)]


def shown_js(n: int, your_turn: bool) -> str:
    """The page shows its log up to line ``n`` (the log is painted last: the rest of the
    page is of that position too), and with ``your_turn`` the move list to choose from."""
    turn = (
        "t.includes('It is your turn') && sel && sel.offsetParent !== null && sel.options.length"
        if your_turn
        else "true"
    )
    return f"""() => {{
      const li = document.querySelectorAll('.navalkit-log li');
      const n = li.length ? Number(li[li.length - 1].getAttribute('data-last')) : 0;
      const t = document.querySelector('.navalkit-turn').innerText;
      const sel = document.querySelector('.navalkit-legal select');
      return n === {n} && ({turn});
    }}"""


def play(
    game_id: str,
    code: str,
    students: list[Student],
    tables: Tables,
    *,
    stop_after: int | None = None,
    teacher: Any = None,
) -> Played:
    """Play through the pages until the game is over (or ``stop_after`` moves were made).
    The seat to move (the store says which) waits until its page shows the position with
    its whole log and says "It is your turn", chooses a move from the page's list of legal
    moves and presses "Play chosen move"; the move must then be stored. The store only paces
    the test: every move is chosen on and sent from the page."""
    for student in students:
        student.page.evaluate(LOG_WATCH_JS)
    seats = {s.seat: s for s in students}
    game = get_game(game_id)
    result = Played()
    clicks: list[tuple[int, int, int]] = []  # (the move's seq, click time in ms, mover's seat)
    began = time.monotonic()
    while stop_after is None or result.moves < stop_after:
        table = tables.summary(code)
        if table.status != "playing" or table.to_move is None:
            break
        mover = seats[table.to_move]
        page = mover.page
        expected = len(tables.view(code, mover.token).log)
        try:
            page.wait_for_function(
                shown_js(expected, True), timeout=int(MOVE_TIMEOUT_S * 1000), polling=30
            )
        except Exception:
            for s in students:
                s.page.screenshot(path=str(ARTIFACTS / f"tables-stuck-{game_id}-{s.name}.png"))
            raise AssertionError(
                f"{mover.name}'s page never offered move {table.seq + 1}: {state(page)}"
            ) from None
        options = list(page.evaluate(LEGAL_JS))
        pick = choose(game_id, options, game.player_name(mover.seat))
        page.locator(".navalkit-legal select").first.select_option(index=pick)
        clicked = int(page.evaluate("Date.now()"))
        page.get_by_role("button", name="Play chosen move").click()
        deadline = time.monotonic() + MOVE_TIMEOUT_S
        while tables.stamp(code).seq == table.seq:  # the move is stored
            assert not state(page)["refused"], f"the move was refused: {state(page)}"
            assert time.monotonic() < deadline, f"move {table.seq + 1} was not stored"
            time.sleep(0.02)
        clicks.append((table.seq + 1, clicked, mover.seat))
        result.moves += 1
        if teacher is not None and result.moves % DASHBOARD_EVERY == 0:
            result.dashboard.append(dashboard_moves(teacher, code))
    # every page shows the last move (or the end) before the stretch is over; then the time
    # from each click to the first repaint of each page that showed that move
    for student in students:
        lengths = log_lengths(tables.view(code, student.token).log)
        student.page.wait_for_function(
            shown_js(lengths[-1], False), timeout=int(MOVE_TIMEOUT_S * 1000), polling=50
        )
        records = list(student.page.evaluate("window.__log"))
        for seq, clicked, seat in clicks:
            shown = next((t for t, n in records if t >= clicked and n >= lengths[seq]), None)
            assert shown is not None, f"{student.name}'s page never showed move {seq}"
            mine = seat == student.seat
            (result.self_s if mine else result.others_s).append((shown - clicked) / 1000)
    result.seconds = time.monotonic() - began
    return result


def summary(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    return {
        "n": len(values),
        "median_s": round(statistics.median(values), 3),
        "p90_s": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        "max_s": round(max(values), 3),
    }


# --- what each page may show -----------------------------------------------------------------


def nautic_hidden(tables: Tables, code: str, student: Student) -> set[str]:
    """The card names (labels and nouns) of what ``student``'s seat may not know at a Nautic
    Miles table: the other hands and the face-down convoys of other sides, unless a card of
    that kind is in the seat's own view or named in its own log."""
    from navalkit.games.nautic_miles.data import LABELS, NOUNS

    full = tables.teacher_view(code, key=KEY).observation
    view = tables.view(code, student.token)
    mine = view.observation
    seat = student.seat
    hidden: set[int] = set()
    for s, hand in enumerate(full.hands):
        if s != seat and hand is not None:
            hidden.update(hand)
    for rows_all, rows_mine in ((full.rows, mine.rows), (full.ports, mine.ports)):
        for side_all, side_mine in zip(rows_all, rows_mine, strict=True):
            for a, b in zip(side_all, side_mine, strict=True):
                if b.kind is None and a.kind is not None:
                    hidden.add(a.kind)
    visible: set[int] = set(mine.hands[seat] or ()) | set(mine.discard)
    for rows in (mine.rows, mine.ports):
        for side in rows:
            for cv in side:
                visible.update(k for k in (cv.kind,) if k is not None)
                visible.update(cv.mile_kinds)
                visible.update(k for _s, ks in cv.battle for k in ks)
    visible.update(k for caps in mine.captures for k, _d in caps)
    public = (
        " ".join(str(t) for t in view.log["text"])
        + " "
        + " ".join(f"{LABELS[k]} {NOUNS[k]}" for k in visible)
    )
    words = {w for k in hidden - visible for w in (LABELS[k], NOUNS[k])}
    return {w for w in words if w not in public}


#: a convoy and the miles it has run, in the board's words ("face-down convoy, 600 miles",
#: draw.convoy_text): public, though the miles read like a mile card's name
MILES_RUN = re.compile(r"(face-down convoy|convoy [\d,]+ t|trawler \(dummy convoy\)), [\d,]+ miles")


def without_miles_run(text: str) -> str:
    """``text`` with each convoy's miles run left out (the convoy's name stays)."""
    return MILES_RUN.sub(r"\1", text)


def named(words: str, text: str) -> bool:
    """``words`` appear in ``text`` as words of their own ("mine" is not in "minesweeper")."""
    return re.search(rf"(?<![\w-]){re.escape(words)}(?![\w-])", text) is not None


def assert_no_leak(tables: Tables, code: str, game_id: str, students: list[Student]) -> int:
    """Each page shows its own hand and no card another seat hides; the names looked for."""
    checked = 0
    for student in students:
        page, seat = student.page, student.seat
        text, dom = seat_page_words(page)
        assert f"You are Player {seat + 1} ({student.name})" in text
        for other in range(len(students)):
            if other != seat:
                assert f"Player {other + 1}'s hand" not in text
        if game_id == "naval_war":
            hidden = hidden_labels(tables, code, seat)
            leaked = [x for x in hidden if x in text or x in dom]
        else:
            hidden = nautic_hidden(tables, code, student)
            text, dom = without_miles_run(text), without_miles_run(dom)
            leaked = [x for x in hidden if named(x, text) or named(x, dom)]
        checked += len(hidden)
        assert not leaked, f"Player {seat + 1}'s page shows others' cards: {leaked}"
    return checked


def assert_the_end(
    tables: Tables, code: str, game_id: str, students: list[Student], shot: str
) -> dict[str, Any]:
    """Every page says the game is over, who won and by which rule, the same for all; a
    screenshot of each at a school laptop's size."""
    game = get_game(game_id)
    final = tables.teacher_view(code, key=KEY)
    assert final.status == "over", final.status
    ending = None
    for student in students:
        page = student.page
        wait_text(page, ".navalkit-turn", "The game is over", timeout_ms=60_000)
        status = page.locator(".navalkit-status").first.inner_text()
        turn = page.locator(".navalkit-turn").first.inner_text()
        said = status.split(" You are ")[0]
        # the rule by its title, never its id (a student reads no code names)
        assert "(rule: " in said or "(rules: " in said, f"no rule named in {said!r}"
        assert not re.search(r"\b(NW|NM)-[A-Z-]+", said), f"a rule's id in {said!r}"
        if final.winner is not None:
            winner = game.player_name(final.winner)
            assert f"{winner} wins" in said, said
            won = students[final.winner]
            assert ("you won" if won is student else f"{won.name} ({winner}) won") in turn, turn
        else:
            assert "draw" in said.lower() and "a draw" in turn, (said, turn)
        assert ending in (None, said), f"the pages disagree: {ending!r} / {said!r}"
        ending = said
        assert not page.locator(".navalkit-legal select").first.is_visible()
        screenshot_top(page, ARTIFACTS / f"tables-end-{shot}-{student.name.lower()}.png")
        assert_clean(page, PAGE)
    return {
        "winner": None if final.winner is None else students[final.winner].name,
        "scores": list(final.scores),
        "ending": ending,
        "turn_line": turn,
    }


def check_results_csv(teacher: Any, code: str, students: list[Student], tables: Tables) -> None:
    """The dashboard's results, saved through its download link: a row per seat of the
    table with the student's name, score and whether they won."""
    teacher.get_by_role("button", name="Download the class's results (CSV)").click()
    link = teacher.locator(".navalkit-downloads a", has_text="Save the results (CSV)")
    link.wait_for(timeout=60_000)
    with teacher.expect_download(timeout=60_000) as info:
        link.click()
    download = info.value
    assert download.suggested_filename.startswith("navalkit-results-")
    assert download.suggested_filename.endswith(".csv")
    saved = ARTIFACTS / f"tables-results-{code}.csv"
    download.save_as(str(saved))
    rows = [r for r in csv.DictReader(io.StringIO(saved.read_text())) if r["Table"] == code]
    final = tables.teacher_view(code, key=KEY)
    assert len(rows) == len(students), rows
    for row, student in zip(sorted(rows, key=lambda r: int(r["Seat"])), students, strict=True):
        assert int(row["Seat"]) == student.seat + 1  # numbered from 1, as the pages do
        assert row["Name"] == student.name
        assert row["Played by"] == "person"
        assert row["Status"] == "over"
        assert float(row["Score"]) == final.scores[student.seat], (row, final.scores)
        won = "yes" if student.seat in final.winners else "no"
        assert row["Winner"] == won, (row, final.winners)
        assert int(row["Moves"]) > 0
    winners = [r["Name"] for r in rows if r["Winner"] == "yes"]
    expected = [] if final.winner is None else [students[final.winner].name]
    assert winners == expected, (winners, expected)


# --- the tests ---------------------------------------------------------------------------------


def game_at_a_table(
    class_server: ClassServer,
    browser: Any,
    game_id: str,
    names: tuple[str, ...],
    figures: dict[str, Any],
    middle: Callable[[Tables, str, list[Student], Any], dict[str, Any]],
    stop_at: int,
) -> None:
    """A table of ``game_id`` from the dashboard, three students, ``stop_at`` moves, then
    ``middle(...)`` (a restart, a look for leaks), then on to the end."""
    server = class_server.server
    assert server is not None
    teacher = new_student(browser)
    students = [Student(name, seat, new_student(browser)) for seat, name in enumerate(names)]
    figure: dict[str, Any] = {"settings": SHORT_GAMES[game_id]}
    began = time.monotonic()
    try:
        with Tables(class_server.data, teacher_key=KEY) as tables:
            open_dashboard(teacher, server)
            code = start_table(teacher, game_id, SHORT_GAMES[game_id])
            made = tables.teacher_view(code, key=KEY)
            assert made.game_id == game_id and len(made.seats) == len(names), made
            assert made.settings == SHORT_GAMES[game_id], made.settings
            wait_text(teacher, ".navalkit-tables", code)
            for student in students:
                join(student, server, code)
            for student in students:  # every page sees the game start
                student.page.wait_for_function(
                    "() => !document.querySelector('.navalkit-turn').innerText"
                    ".includes('The game starts when')",
                    timeout=60_000,
                )
            figure["setup_s"] = round(time.monotonic() - began, 1)

            game_began = time.monotonic()
            first = play(game_id, code, students, tables, stop_after=stop_at, teacher=teacher)
            # the dashboard catches up with the moves so far while the game goes on (a short
            # game may end before the next stretch reads it again)
            wait_for_dashboard(teacher, code, first.moves, None)
            first.dashboard.append(dashboard_moves(teacher, code))
            figure.update(middle(tables, code, students, teacher))
            rest = play(game_id, code, students, tables, teacher=teacher)
            game_s = time.monotonic() - game_began

            total = first.moves + rest.moves
            final = tables.teacher_view(code, key=KEY)
            assert final.seq == total, (final.seq, total)
            live = first.dashboard + rest.dashboard
            assert len(live) >= 2 and live == sorted(live) and live[-1] > live[0], live
            figure["dashboard_moves_seen"] = live

            figure.update(assert_the_end(tables, code, game_id, students, game_id))
            checked = assert_no_leak(tables, code, game_id, students)
            figure["hidden_names_looked_for"] = figure.get("hidden_names_looked_for", 0) + checked
            assert figure["hidden_names_looked_for"] > 0, "no hidden card: the check proved nothing"

            # the dashboard: the table over, every move counted; its board; the results
            wait_for_dashboard(teacher, code, total, "over")
            # ... and who won, by name (or that nobody did)
            row = dashboard_row(teacher, code)
            assert row is not None
            winners = tables.teacher_view(code, key=KEY).winners
            names = [tables.seats(code)[w].name for w in winners]
            status = row[STATUS_CELL]
            assert all(name in status for name in names) and status.endswith(
                " won" if winners else "nobody won"
            ), status
            teacher.get_by_role("button", name="Show the board").click()
            teacher.locator(".navalkit-dashboard canvas").first.wait_for(timeout=60_000)
            wait_for_boards_drawn(teacher, DASHBOARD)
            wait_text(teacher, ".navalkit-dashboard .navalkit-status", f"Moves: {total}.")
            screenshot_top(teacher, ARTIFACTS / f"tables-end-{game_id}-dashboard.png")
            teacher.locator(".navalkit-dashboard canvas").first.scroll_into_view_if_needed()
            teacher.screenshot(path=str(ARTIFACTS / f"tables-end-{game_id}-dashboard-board.png"))
            check_results_csv(teacher, code, students, tables)
            assert_clean(teacher, DASHBOARD)

        played = first.seconds + rest.seconds
        figure.update(
            code=code,
            moves=total,
            game_s=round(game_s, 1),
            play_s=round(played, 1),
            per_move_s=round(played / total, 3),
            other_seats_repaint=summary(first.others_s + rest.others_s),
            own_page_repaint=summary(first.self_s + rest.self_s),
            whole_test_s=round(time.monotonic() - began, 1),
        )
        figures[game_id] = figure
        print(f"\n{game_id}: {json.dumps(figure, indent=1)}")
    except BaseException:
        for i, page in enumerate([teacher, *(s.page for s in students)]):
            with contextlib.suppress(Exception):
                page.screenshot(path=str(ARTIFACTS / f"tables-failed-{game_id}-{i}.png"))
        raise
    finally:
        for page in [teacher, *(s.page for s in students)]:
            page.context.close()


def test_naval_war_to_the_end_through_a_restart(
    class_server: ClassServer, browser: Any, figures: dict[str, Any]
) -> None:
    def restart(tables: Tables, code: str, students: list[Student], teacher: Any) -> dict[str, Any]:
        """Stop the server mid-game, start it again on the same data and port; every page
        reopens its seat link and finds the game as it was."""
        checked = assert_no_leak(tables, code, "naval_war", students)
        seq = tables.teacher_view(code, key=KEY).seq
        assert dashboard_moves(teacher, code) <= seq
        wait_for_dashboard(teacher, code, seq, "playing")
        shown = []
        for s in students:
            shown.append(
                (
                    state(s.page)["n"],
                    s.page.locator(".navalkit-log").first.inner_text(),
                    s.page.locator(".navalkit-description").first.inner_text(),
                    s.page.locator(".navalkit-turn").first.inner_text(),
                )
            )
        began = time.monotonic()
        server = class_server.restart()
        restart_s = time.monotonic() - began
        # what a student sees who has not reloaded yet: the page's kernel died with the
        # server, and the page says so, with the way back to the same seat
        first = students[0].page
        notice = first.locator(".navalkit-stopped")
        notice.wait_for(timeout=30_000)
        assert "Nothing is lost: your table keeps every move." in notice.inner_text()
        screenshot_top(first, ARTIFACTS / "tables-restart-not-reloaded.png")
        with first.expect_navigation(timeout=TIMEOUT_MS):
            notice.get_by_role("button", name="Back to my seat").click()
        back = parse_qs(urlsplit(first.url).query)["seat"]
        assert back == parse_qs(urlsplit(students[0].link).query)["seat"]
        reopen_s = [round(reopen(s, server), 1) for s in students]
        for s, (n, log, hand, turn) in zip(students, shown, strict=True):
            s.page.wait_for_function(
                "(n) => { const li = document.querySelectorAll('.navalkit-log li');"
                " return li.length && Number(li[li.length - 1].getAttribute('data-last')) === n; }",
                arg=n,
                timeout=60_000,
            )
            assert s.page.locator(".navalkit-log").first.inner_text() == log
            assert s.page.locator(".navalkit-description").first.inner_text() == hand
            wait_text(
                s.page, ".navalkit-turn", re.sub(r"( \(not connected just now\))?\.$", "", turn)
            )
            assert len(tables.view(code, s.token).log) == n
        assert tables.teacher_view(code, key=KEY).seq == seq
        open_dashboard(teacher, server)
        wait_for_dashboard(teacher, code, seq, "playing")
        return {
            "moves_before_restart": seq,
            "restart_s": round(restart_s, 1),
            "server_start_s": list(class_server.start_s),
            "reopen_seat_link_s": reopen_s,
            "hidden_names_looked_for": checked,
        }

    game_at_a_table(
        class_server, browser, "naval_war", NAMES, figures, restart, MOVES_BEFORE_RESTART
    )


def test_nautic_miles_to_the_end(
    class_server: ClassServer, browser: Any, figures: dict[str, Any]
) -> None:
    def look(tables: Tables, code: str, students: list[Student], teacher: Any) -> dict[str, Any]:
        return {"hidden_names_looked_for": assert_no_leak(tables, code, "nautic_miles", students)}

    game_at_a_table(
        class_server,
        browser,
        "nautic_miles",
        ("Dee", "Eli", "Fay"),
        figures,
        look,
        MOVES_BEFORE_LEAK_CHECK,
    )


def test_a_convoys_miles_run_is_not_taken_for_a_card() -> None:
    """The leak check leaves out what the board says of each convoy's miles (draw.convoy_text),
    and nothing else: a mile card named elsewhere is still seen."""
    from navalkit.games.nautic_miles.data import LABELS
    from navalkit.games.nautic_miles.draw import convoy_text
    from navalkit.games.nautic_miles.observe import ConvoyView

    for kind in (None, 0, 3, 4):  # face down, two convoys, the trawler
        cv = ConvoyView(kind, 600, (), True, False, False, False, -1, -1, (), 0, 0, False, False)
        board = f"Player 1 (0 game points): {convoy_text(cv)}; 0 in port."
        assert named(LABELS[7], board)  # "600 miles", read as a card without the filter
        assert not named(LABELS[7], without_miles_run(board))
        assert "detected" in without_miles_run(board)
    assert named(LABELS[7], without_miles_run("Your hand: 200 miles, 600 miles."))
