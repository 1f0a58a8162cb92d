"""The play pages' query string: every game reads the same keys, and a bad value is a note."""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path
from typing import Any

import pytest

import navalkit
from navalkit.core.bots import bot_name
from navalkit.core.rng import SEED_MAX
from navalkit.play.options import new_deal
from navalkit.play.teacher import TEACHER_KEY_ENV
from navalkit.widgets import page
from navalkit.widgets.page import page_query, play_app, play_options


def test_defaults_are_one_student_against_the_games_own_bot() -> None:
    o = play_options("branle_bas", "")
    # no seed in the link: a fresh deal (None here, a new random seed on the page)
    assert (o.seed, o.players, o.seats, o.config, o.notes) == (None, 2, ["human", "greedy"], {}, [])
    assert play_options("far_seas", "").seats == ["human", "commander"]
    assert play_options("nautic_miles", "").seats == ["human", "captain"]


def test_every_key_is_read() -> None:
    o = play_options("nautic_miles", "seed=12&players=4&opponent=human&teams=1&goal=x")
    assert (o.seed, o.players, o.seats) == (12, 4, ["human"] * 4)
    assert o.config == {"teams": True}
    o = play_options("naval_war", "players=5&goal=75&opponent=easy")
    assert o.seats == ["human"] + ["random"] * 4 and o.config == {"goal": 75}
    o = play_options("far_seas", "side=Allies&opponent=greedy")
    assert o.seats == ["commander", "human"]
    assert play_options("age_of_sail", "side=2&scenario=fleet").seats == ["captain", "human"]
    assert play_options("age_of_sail", "scenario=fleet").config == {"scenario": "fleet"}
    assert play_options("branle_bas", "opponent=hard").seats == ["human", "admiral"]
    assert play_options("naval_war", "opponent=hard").seats == ["human", "mcts", "mcts"]


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("seed=-1", "seed"),
        ("seed=abc", "seed"),
        ("seed=%C2%B2", "seed"),  # a superscript two: a digit to Python, not a seed
        ("seed=" + "9" * 5000, "seed"),
        ("seed=1000000001", "seed"),
        ("max_plies=%D9%A3", "max_plies"),  # an Arabic-Indic three
        ("players=7", "players"),
        ("opponent=kraken", "opponent"),
        ("side=pirates", "side"),
        ("side=3", "side"),
        ("bogus=1", "bogus"),
        ("triumph_bonus=maybe", "triumph_bonus"),
        ("max_plies=0", "max_plies"),
    ],
)
def test_a_value_that_does_not_fit_is_ignored_with_a_reason(query: str, key: str) -> None:
    o = play_options("branle_bas", query)
    default = play_options("branle_bas", "")
    assert (o.seed, o.players, o.seats, o.config) == (
        default.seed,
        default.players,
        default.seats,
        default.config,
    )
    assert len(o.notes) == 1 and o.notes[0].startswith(f"Ignored {key}=")
    assert ": " in o.notes[0]  # and says why


def test_an_ignored_setting_says_why_in_the_settings_words() -> None:
    """The reason named the setting's type ("not a int") or ended in two full stops: it is
    the setting's own refusal, by its label, once."""
    said = play_options("branle_bas", "triumph_bonus=maybe&max_plies=0&touch_move=perhaps").notes
    assert sorted(said) == [
        "Ignored max_plies=“0”: Moves before time is up must be from 20 to 5,000, not 0.",
        "Ignored touch_move=“perhaps”: A touched piece must be played is on or off, not “perhaps”.",
        "Ignored triumph_bonus=“maybe”: Triumph bonus is one of: 1000, 100; not “maybe”.",
    ]


def test_a_link_with_a_wrong_seed_says_it_in_the_pages_words() -> None:
    """The link's ``seed=`` is the page's Game number: its refusal said "the seed", which a
    student reads as the original rules' text."""
    (said,) = play_options("far_seas", "seed=-3").notes
    assert said == (
        "Ignored seed=“-3”: it gives the game number, a whole number from 0 to 1,000,000,000."
    )
    assert play_options("far_seas", "seed=-3").seed is None  # a fresh deal


def test_every_game_opens_from_its_query() -> None:
    for game_id in navalkit.games():
        app = play_app(game_id, "seed=5&opponent=human")
        assert app.match.seed == 5 and app.seats == ["human"] * app.match.players


def test_the_page_says_what_it_ignored() -> None:
    app = play_app("branle_bas", "players=9")
    assert "Ignored players=" in app.message.value
    assert "Branle-Bas takes 2 players" in app.message.value
    assert app.match.players == 2


def test_page_query_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "seed=4")
    assert page_query() == "seed=4"


def test_a_preheated_kernel_waits_for_its_request(monkeypatch: pytest.MonkeyPatch) -> None:
    """In Voila's pool the environment has no query yet: the kernel asks Voila's query socket
    (here a stand-in on 127.0.0.1 that answers as Voila does, with the request's environment)."""
    from websockets.sync.server import serve

    asked: list[str] = []

    def voila(socket: Any) -> None:
        asked.append(socket.request.path)
        socket.send(json.dumps({"QUERY_STRING": "seed=9&opponent=human"}))

    with serve(voila, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        port = server.socket.getsockname()[1]
        for name, value in {
            "VOILA_PREHEAT": "True",
            "VOILA_APP_PORT": str(port),
            "VOILA_KERNEL_ID": "k-1",
            "VOILA_SERVER_URL": "/base/",
            "QUERY_STRING": "",
        }.items():
            monkeypatch.setenv(name, value)
        monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
        app = page.play_app("branle_bas")
        server.shutdown()
    assert asked == ["/base/voila/query/k-1"]
    assert app.match.seed == 9 and app.seats == ["human", "human"]


def test_a_preheated_kernel_that_cannot_reach_voila_opens_the_defaults(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("QUERY_STRING", "")
    with pytest.warns(UserWarning, match="no request info from Voila"):
        assert page_query() == ""


def test_the_query_starts_its_game_at_the_table_already_built() -> None:
    """Same number of players: the widgets built before the query are kept."""
    app = play_app("naval_war", "seed=8&opponent=random&goal=75")
    assert (app.match.seed, app.match.config.goal) == (8, 75)
    assert app.seats == ["human", "random", "random"]
    assert [b.value for b in app.seat_boxes] == app.seats and app.seed_box.value == 8
    assert app.setting_boxes["goal"].value == 75
    bigger = play_app("naval_war", "players=4")
    assert bigger.match.players == 4 and len(bigger.seat_boxes) == 4


def test_start_refuses_a_bad_seat_or_setting_and_keeps_the_game() -> None:
    app = play_app("branle_bas", "seed=3")
    before = (app.match, list(app.seats), app.seed_box.value)
    with pytest.raises(ValueError):
        app.start(seed=4, seats=["human", "kraken"])
    with pytest.raises(navalkit.core.errors.ConfigError):
        app.start(seed=4, seats=["human", "random"], triumph_bonus="x")
    assert (app.match, app.seats, app.seed_box.value) == before


def test_a_page_without_a_seed_deals_afresh_and_new_game_never_repeats_a_deal() -> None:
    seeds = {play_app("branle_bas", "").match.seed for _ in range(3)}
    assert len(seeds) == 3 and all(0 < s <= SEED_MAX for s in seeds)
    app = play_app("naval_war", "seed=8")
    app._new_game()  # a student's page: a fresh deal, never the last one
    assert app.match.seed != 8 and app.student
    app.set_student(False)  # the teacher's page
    app.seed_box.value = app.match.seed
    app._new_game()  # the seed box still says the last seed: that deal is not dealt again
    last = app.match.seed
    assert app.seed_box.value == last
    app.seed_box.value = 8  # a seed typed on purpose (a lesson's deal) is kept
    app._new_game()
    assert app.match.seed == 8 != last


def test_a_students_page_has_no_teacher_controls_and_the_key_opens_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    key = "k" * 24
    monkeypatch.setenv(TEACHER_KEY_ENV, key)
    app = play_app("naval_war", "seed=2&players=3")
    assert app.student and app.teacher_box.layout.display == "none"
    assert app.seed_box.layout.display == "none" and all(b.disabled for b in app.seat_boxes)
    app.teacher_box.value = True  # a hidden box set from the page by a clever student
    assert not app.teacher and not app.teacher_box.value
    app.seat_boxes[1].value = "human"  # and a seat taken over: refused, put back
    assert app.seats[1] != "human" and app.seat_boxes[1].value == app.seats[1]
    wrong = play_app("naval_war", "seed=2&teacher=" + "x" * 24)
    assert wrong.student and "x" * 24 not in " ".join(wrong.session.messages)
    teacher = play_app("naval_war", f"seed=2&teacher={key}")
    assert not teacher.student and teacher.teacher_box.layout.display == ""
    teacher.teacher_box.value = True
    assert teacher.teacher


@pytest.mark.parametrize("typed", ["²", "-3", "x", 10**30, True])
def test_new_deal_refuses_what_is_not_a_seed(typed: object) -> None:
    with pytest.raises(ValueError, match="whole number") as refused:
        new_deal(typed, 5)
    # in the words of the box it is typed in (Game number), not "the seed"
    assert str(refused.value).startswith("The game number is a whole number from 0 to ")
    assert new_deal(None, 5) != 5 and new_deal("7", 5) == 7 and new_deal(5, 5) != 5


def test_the_one_play_page_opens_the_game_its_link_names() -> None:
    """``play.ipynb?game=…`` serves every game: the game's own play page's words on top, then
    its app opened as the rest of the link asks; no game, or one we do not have, lists them."""
    from navalkit._paths import notebooks_dir
    from navalkit.widgets.page import game_of, play_any, play_intro

    assert game_of("game=branle_bas&seed=3") == "branle_bas"
    assert game_of("game=Naval-War") == "naval_war"
    assert game_of("game=chess") is None and game_of("") is None
    assert play_intro("far_seas", notebooks_dir()).startswith("# Far Seas: play")
    assert play_intro("far_seas", notebooks_dir() / "nowhere") == ""
    page = play_any("game=branle_bas&seed=3&opponent=human", notebooks_dir())
    intro, app = page.children
    assert intro.outputs[0]["data"]["text/markdown"].startswith("# Branle-Bas: play")
    assert app.children[0].layout.display == "none"  # the page's title names the game
    untitled = play_any("game=branle_bas", notebooks_dir() / "nowhere")
    assert untitled.children[1].children[0].layout.display == ""  # no page title: the app's
    assert play_options("branle_bas", "game=branle_bas").notes == []  # not a setting to refuse
    chooser = play_any("game=chess", notebooks_dir())
    assert all(f"play.ipynb?game={gid}" in chooser.value for gid in navalkit.games())


@pytest.mark.parametrize("game_id", navalkit.games())
def test_a_play_page_opens_with_one_line_then_the_board(game_id: str) -> None:
    """A play page's words above the board are its title and one line: the paragraph of
    instructions it had pushed the board half off a school laptop's screen (1366 x 768);
    the line says where the rest is (How to play, under the board)."""
    from navalkit._paths import notebooks_dir
    from navalkit.widgets.page import play_intro

    title, *rest = play_intro(game_id, notebooks_dir()).strip().split("\n\n")
    assert title.startswith("# ") and len(rest) == 1
    assert len(rest[0]) <= 160 and "**How to play**, under the board" in rest[0]


def test_seat_lists_say_who_plays_in_words() -> None:
    """The play page's seat lists show levels in words, never a code name such as mcts; the
    values behind them stay the bots' names (what links and saves use)."""
    from navalkit.widgets.app import GameApp

    app = GameApp("branle_bas", seed=1)
    labels = dict((value, label) for label, value in app.seat_boxes[1].options)
    assert labels["human"] == "a person"
    assert labels["admiral"] == "computer, hard (admiral)"
    assert labels["greedy"] == "computer, medium (greedy)"
    assert all("mcts" not in label for label in labels.values())
    assert app.seat_boxes[1].value == app.seats[1]


def _ways(game_id: str, query: str) -> dict[str, dict[str, str | None]]:
    from navalkit.play.options import ways_to_play

    return {
        heading: {c.words: c.query for c in choices}
        for heading, choices in ways_to_play(game_id, query)
    }


def test_each_other_way_to_play_is_a_link_that_opens_the_page_so() -> None:
    """A student's seats are locked, so the page offers the other ways to play as links; each
    link, read back as the page reads it, plays that way, keeps the page's game and settings,
    and deals afresh; the way the page plays now is no link."""
    query = "game=far_seas&seed=4&side=allies&turns=6&bogus=1"
    ways = _ways("far_seas", query)
    assert list(ways) == ["against the computer", "", "you play"]
    now = play_options("far_seas", query)
    assert ways["against the computer"]["medium"] is None  # the page's own opponent
    assert ways["you play"] == {"Germany": ways["you play"]["Germany"], "Allies": None}
    for words, link in [*ways["against the computer"].items(), *ways["you play"].items()]:
        if link is None:
            continue
        o = play_options("far_seas", link)
        assert "game=far_seas" in link and o.notes == [] and o.seed is None
        assert o.config == now.config == {"turns": 6}
        if words == "Germany":
            assert o.seats[0] == "human" and o.seats[1] == now.seats[0]
        else:
            assert o.seats == [bot_name(navalkit.get_game("far_seas"), words), "human"]
    together = play_options("far_seas", ways[""]["classmates taking turns at this computer"] or "")
    assert together.seats == ["human", "human"]
    # hot-seat: no side to choose, and the way back to the computer is a link again
    ways = _ways("far_seas", "opponent=human")
    assert ways[""] == {"classmates taking turns at this computer": None}
    assert "you play" not in ways and all(ways["against the computer"].values())


def test_games_for_more_players_offer_how_many_play() -> None:
    ways = _ways("naval_war", "players=5&goal=75")
    counts = ways["players"]
    assert list(counts) == [str(n) for n in range(3, 10)] and counts["5"] is None
    assert "you play" not in ways
    six = play_options("naval_war", counts["6"] or "")
    assert (six.players, six.config) == (6, {"goal": 75})
    assert "players" not in _ways("branle_bas", "")


def test_a_play_page_shows_the_ways_to_play_and_a_notebook_in_jupyterlab_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = play_app("branle_bas", "seed=3")
    assert app.ways.layout.display != "none"
    shown = app.ways.value
    assert "Ways to play" in shown and "<b aria-current='true'>medium</b>" in shown
    assert "href='?opponent=easy&amp;side=1'" in shown and "seed" not in shown
    # run in JupyterLab: no Voila request, so no links that would leave the notebook
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "")
    assert play_app("branle_bas").ways.layout.display == "none"
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.8")
    assert play_app("branle_bas").ways.layout.display != "none"


def test_seat_names_are_shown_whole_and_line_up() -> None:
    """ "Second admiral:" in full, not cut to the default label width's "Second a…"."""
    from navalkit.widgets.app import GameApp

    app = GameApp("age_of_sail", seed=1)
    widths = {box.style.description_width for box in app.seat_boxes}
    assert widths == {f"{len('Second admiral:') + 1}ch"}
    assert [box.description for box in app.seat_boxes] == ["First admiral:", "Second admiral:"]


def test_the_status_names_whose_view_it_is_in_good_english() -> None:
    from navalkit.core.words import possessive

    assert [possessive(n) for n in ("Germany", "Player 2", "Allies")] == [
        "Germany's",
        "Player 2's",
        "Allies'",
    ]
    assert play_app("far_seas", "side=allies").status.value.endswith("You see the Allies' view.")


def test_a_save_of_another_table_gets_a_seat_list_a_seat_and_its_player_count() -> None:
    """Resuming a nine-player save on a page playing three: the page shows nine seat lists,
    its Ways to play name nine players as the current count, and its moves list is the
    save's (the repaint used to stop at three lists, leaving the last game's moves shown)."""
    app = play_app("naval_war", "opponent=human")
    app.set_student(False)  # as the teacher's page: a student's takes only this server's saves
    saved = (Path(__file__).parents[1] / "core" / "data" / "old_rules_naval_war.json").read_text()
    app.record_box.value = saved
    app.resume_button.click()
    assert app.match.players == 9 and len(app.seats) == 9
    assert [b.description for b in app.seat_boxes] == [f"Player {i}:" for i in range(1, 10)]
    assert list(app.seat_row.children[1:]) == app.seat_boxes
    assert app.ways.value.endswith("<b aria-current='true'>9</b></div></div>")
    assert "players=3" in app.ways.value
    assert "Player 9 plays Salvo" in app.log_view.value
    app.seat_boxes[8].value = app.seat_boxes[8].options[1][1]  # the new lists work
    assert app.seats[8] != "human"
