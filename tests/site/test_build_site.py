"""The server-free site: the builder's output, and the page's Python controller run in CPython.

The builder is tested on a stand-in Pyodide folder (no npm, no network); the real Pyodide
is exercised by tests/browser/test_static_site.py.
"""

from __future__ import annotations

import html
import io
import json
import re
import tarfile
import zipfile
from pathlib import Path

import pytest

from navalkit.core import games, get_game, load_match
from navalkit.core.clauses import PROVENANCE_MEANING, Clause, ClauseBook, Source
from navalkit.play.guide import RULE_CLASS, clauses_html
from navalkit.play.how_to import HOW_TO_PARAGRAPH, SITE_PAGE, shown_on
from navalkit.play.seats import NOTHING_THERE
from navalkit.play.teacher import key_hash
from navalkit.site import build
from navalkit.site.build import (
    ARCHIVE,
    LOCK_FILE,
    PYODIDE_CORE,
    SiteBuildError,
    build_site,
    extract_pyodide,
    navalkit_archive,
    pyodide_tarball,
    shipped_lock,
)
from navalkit.site.controller import Page, SiteGame

# the ready-made set-up and one click per square, so that the tests reach the moves at once
QUICK = {"setup": "standard", "touch_move": False}


def _fake_pyodide(folder: Path, *, with_package: bool = False) -> Path:
    """A folder shaped like an extracted Pyodide: core files, and a lock naming two packages
    of which (optionally) one file is present."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        (folder / name).write_bytes(b"core:" + name.encode())
    packages = {
        "micropip": {"file_name": "micropip-0.11.0-py3-none-any.whl", "depends": ["packaging"]},
        "packaging": {"file_name": "packaging-24.2-py3-none-any.whl", "depends": []},
        "numpy": {"file_name": "numpy-2.2.5-cp313-cp313-pyodide_2025_0_wasm32.whl", "depends": []},
    }
    if with_package:
        (folder / packages["packaging"]["file_name"]).write_bytes(b"wheel")
        (folder / packages["micropip"]["file_name"]).write_bytes(b"wheel")
    lock = {"info": {"version": "0.29.3", "python": "3.13.2"}, "packages": packages}
    (folder / LOCK_FILE).write_text(json.dumps(lock))
    (folder / "package.json").write_text(json.dumps({"name": "pyodide", "version": "0.29.3"}))
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("site")
    out = tmp / "site"
    build_site(out, pyodide_dir=_fake_pyodide(tmp / "pyodide-src"))
    return out


# --- the builder ---------------------------------------------------------------------------


def test_site_has_its_pages_pyodide_and_navalkit(site: Path) -> None:
    for name in ("index.html", "play.html", "site.js", "site.css", "site.json", ARCHIVE):
        assert (site / name).is_file(), name
    for name in (*PYODIDE_CORE, LOCK_FILE):
        assert (site / "pyodide" / name).is_file(), name
    index = (site / "index.html").read_text()
    for game_id in games():
        assert f"play.html?game={game_id}" in index
    # tables (classmates on their own computers) are the server's: the site says so
    assert "you need the class server (<code>navalkit serve</code>)" in index
    manifest = json.loads((site / "site.json").read_text())
    assert manifest["pyodide"] == "0.29.3"
    assert [g["id"] for g in manifest["games"]] == games()


def test_pages_name_no_host(site: Path) -> None:
    """Everything the page loads is relative to the site: no CDN, no other host."""
    for name in ("index.html", "play.html", "site.js", "site.css"):
        text = (site / name).read_text()
        assert "http://" not in text and "https://" not in text and "//cdn" not in text, name


def test_lock_lists_only_what_is_shipped(site: Path) -> None:
    lock = json.loads((site / "pyodide" / LOCK_FILE).read_text())
    assert lock["info"]["version"] == "0.29.3"
    assert lock["packages"] == {}, "no package file was shipped, so none may be listed"


def test_lock_keeps_packages_whose_files_and_dependencies_are_there(tmp_path: Path) -> None:
    source = _fake_pyodide(tmp_path / "full", with_package=True)
    out = tmp_path / "site"
    build_site(out, ["branle_bas"], pyodide_dir=source)
    lock = json.loads((out / "pyodide" / LOCK_FILE).read_text())
    assert sorted(lock["packages"]) == ["micropip", "packaging"]
    for entry in lock["packages"].values():
        assert (out / "pyodide" / entry["file_name"]).is_file()
    # a package whose dependency is missing is dropped too
    partial = shipped_lock(
        {"packages": {"a": {"file_name": "a.whl", "depends": ["b"]}}}, tmp_path / "full"
    )
    assert partial["packages"] == {}


def test_archive_is_pure_python_without_tests_notebooks_or_widgets(site: Path) -> None:
    with zipfile.ZipFile(site / ARCHIVE) as archive:
        names = archive.namelist()
    assert "navalkit/__init__.py" in names
    assert "navalkit/site/controller.py" in names
    assert "navalkit/render/svg.py" in names
    for game_id in games():
        assert f"navalkit/games/{game_id}/__init__.py" in names
    for name in names:
        assert name.startswith("navalkit/"), name
        assert not name.startswith(("navalkit/widgets/", "navalkit/testing/")), name
        assert "notebooks" not in name and "tests/" not in name and "__pycache__" not in name
        assert name.endswith((".py", ".typed", ".md", ".json")), name


def test_what_the_page_imports_is_all_in_the_archive(site: Path, tmp_path: Path) -> None:
    """The page imports navalkit.site and its controller from the archive alone: the site's
    build once imported its number box's label from navalkit.widgets, which the archive
    leaves out, and every page of the site stopped at 'No module named navalkit.widgets'
    (seen only by the browser tests)."""
    import subprocess
    import sys

    with zipfile.ZipFile(site / ARCHIVE) as archive:
        archive.extractall(tmp_path)
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "for name in ('ipywidgets', 'ipycanvas', 'IPython', 'voila', 'matplotlib'):\n"
        "    sys.modules[name] = None\n"
        "import navalkit, navalkit.site, navalkit.site.controller\n"
        "assert navalkit.__file__.startswith(sys.argv[1]), navalkit.__file__\n"
        "print(sorted(m for m in sys.modules if m.startswith('navalkit.widgets')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_archive_is_reproducible_and_can_hold_fewer_games() -> None:
    assert navalkit_archive(("branle_bas",)) == navalkit_archive(("branle_bas",))
    with zipfile.ZipFile(io.BytesIO(navalkit_archive(("branle_bas",)))) as archive:
        names = archive.namelist()
    assert "navalkit/games/branle_bas/game.py" in names
    assert not any(n.startswith("navalkit/games/naval_war/") for n in names)


def test_unknown_game_and_bad_pyodide_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SiteBuildError, match="no game chess"):
        build_site(tmp_path / "a", ["chess"], pyodide_dir=_fake_pyodide(tmp_path / "p"))
    with pytest.raises(SiteBuildError, match="not a Pyodide folder"):
        build_site(tmp_path / "b", pyodide_dir=tmp_path)


def test_missing_npm_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build.shutil, "which", lambda _name: None)
    with pytest.raises(SiteBuildError, match=r"install Node\.js and npm.*--pyodide"):
        pyodide_tarball("0.29.3", tmp_path)


def test_cached_tarball_is_reused_and_extracted_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tarball = tmp_path / "pyodide-0.29.3.tgz"
    with tarfile.open(tarball, "w:gz") as tar:
        for name in (*PYODIDE_CORE, LOCK_FILE, "README.md"):
            data = b"{}" if name == LOCK_FILE else name.encode()
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))

    def no_npm(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("npm must not run when the tarball is cached")

    monkeypatch.setattr(build.subprocess, "run", no_npm)
    assert pyodide_tarball("0.29.3", tmp_path) == tarball
    folder = extract_pyodide(tarball)
    assert (folder / "pyodide.asm.wasm").read_bytes() == b"pyodide.asm.wasm"
    (folder / "pyodide.asm.wasm").write_bytes(b"kept")
    assert extract_pyodide(tarball) == folder
    assert (folder / "pyodide.asm.wasm").read_bytes() == b"kept", "extracted only once"


def test_cli_builds_the_site(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from navalkit.cli import main

    source = _fake_pyodide(tmp_path / "p")
    out = tmp_path / "site"
    code = main(["build-site", str(out), "--games", "branle_bas", "--pyodide", str(source)])
    assert code == 0
    said = capsys.readouterr().out
    assert "python -m http.server -d" in said and "1 games" in said
    assert "play.html?game=branle_bas&teacher=" in said, "the teacher's link is printed"
    assert (out / "play.html").is_file()
    assert main(["build-site", str(tmp_path / "x"), "--pyodide", str(tmp_path)]) == 2
    assert "not a Pyodide folder" in capsys.readouterr().err


# --- the controller, in CPython ------------------------------------------------------------


@pytest.fixture
def game() -> SiteGame:
    return SiteGame("branle_bas", seed=0, **QUICK)


def _centre(game: SiteGame, region_id: str) -> tuple[float, float]:
    scene = game.session.board()
    assert scene is not None
    region = next(r for r in scene.regions if r.id == region_id)
    x, y, w, h = region.box()
    return x + w / 2, y + h / 2


def test_view_has_the_board_and_the_texts(game: SiteGame) -> None:
    view = game.view()
    assert view["svg"].startswith("<svg") and 'viewBox="0 0 ' in view["svg"]
    assert "A (south)" in view["status"]
    assert "Torpilleur (torpedo boat) h3 → h4" in view["legal"]
    assert view["description"], "Branle-Bas describes its position in words"
    assert view["refusal"] is None and view["error"] is None
    json.dumps(view)  # the page receives it as JSON


def test_clicks_at_scene_coordinates_play_a_move_and_the_computer_replies(
    game: SiteGame,
) -> None:
    game.view()
    view = game.click(*_centre(game, "h3"))
    assert view["selected"] == ["h3"] and not game.match.history
    view = game.click(*_centre(game, "h4"))
    assert game.match.history[0].to_json() == {"type": "move", "from": "h3", "to": "h4"}
    assert len(game.match.history) == 2, "the computer (B) answered at once"
    assert any("h3 → h4" in m for m in view["messages"])
    assert view["can_undo"]


def test_refusal_cites_the_rule_and_keeps_the_state(game: SiteGame) -> None:
    before = game.match.to_json()
    game.click_region("h5")  # a Hydravion
    view = game.click_region("k8")  # diagonal: never for a seaplane
    refusal = view["refusal"]
    assert refusal["rule"] == "BB-MOVES" and refusal["provenance"] in ("SEED", "SRC", "HOUSE")
    assert refusal["title"] and refusal["meaning"] and "diagonal" in refusal["reason"]
    # the words the page shows, made in Python as the Voila pages make them
    assert refusal["cite"] == "rule: Movement powers"
    assert game.match.to_json() == before
    view = game.click(-50, -50)
    assert view["messages"] == [NOTHING_THERE]
    assert game.match.to_json() == before


def test_listed_typed_computer_and_undo(game: SiteGame) -> None:
    view = game.play_listed(0)
    assert len(game.match.history) == 2 and view["log"]
    view = game.play_typed("zz9 zz10")
    assert "not a move here" in view["error"]
    view = game.computer()
    assert view["messages"][0].startswith("Computer move: ")
    assert len(game.match.history) == 4
    game.undo()
    game.undo()
    assert game.match.history == []
    assert game.undo()["error"], "nothing to undo is said, not raised"


def test_save_resume_and_a_damaged_save_is_refused(game: SiteGame) -> None:
    game.play_listed(0)
    text = game.save()
    fresh = SiteGame("branle_bas", seed=0, **QUICK)
    view = fresh.resume(text)
    assert fresh.match.to_json() == text and "Resumed" in view["messages"][0]
    kept = fresh.match.to_json()
    damaged = text.replace('"h3"', '"h2"', 1)
    view = fresh.resume(damaged)
    assert "damaged" in view["error"]
    assert fresh.match.to_json() == kept, "the game on the page is kept"
    other = SiteGame("naval_war", seed=1).save()
    assert "not Branle-Bas" in fresh.resume(other)["error"]
    assert fresh.match.to_json() == kept
    load_match(kept)


def test_hot_seat_covers_hidden_information_until_the_player_is_there() -> None:
    game = SiteGame("naval_war", seed=1, opponent="human")
    view = game.view()
    assert view["covered"] and view["legal"] == [] and "show my board" in view["cover_label"]
    assert "Hand-over" in view["svg"] or "Hand over" in view["svg"]
    view = game.uncover()
    assert not view["covered"] and view["legal"]


@pytest.mark.parametrize("game_id", games())
def test_every_game_starts_against_the_computer_and_by_json(game_id: str) -> None:
    page = Page()
    view = json.loads(page.start(game_id, json.dumps({"seed": 2})))
    assert view["game"] == game_id and view["svg"].startswith("<svg")
    assert view["legal"] or view["over"]
    view = json.loads(page.call("play_listed", "[0]"))
    assert view["error"] is None, view["error"]
    rows = {row["id"]: row for row in json.loads(page.games())}
    assert rows[game_id]["default_opponent"] in rows[game_id]["opponents"]


def test_a_bad_option_in_a_link_opens_the_game_with_defaults() -> None:
    view = json.loads(Page().start("branle_bas", json.dumps({"opponent": "kraken"})))
    assert "kraken" in view["error"] and view["svg"].startswith("<svg")
    with pytest.raises(ValueError, match="unknown action"):
        Page().call("__init__")


def test_a_link_opens_the_game_it_asks_for_as_the_voila_pages_read_it() -> None:
    """The site reads a link's options with the Voila pages' reader (navalkit.play.options)."""
    page = Page()
    view = json.loads(page.open("far_seas", "game=far_seas&seed=4&side=allies&colonies=no"))
    assert (view["seed"], view["opponent"]) == (None, "commander"), "a student sees no seed"
    game = page.game
    assert game is not None and game.seats == ["commander", "human"]
    assert game.match.config.colonies is False and game.match.seed == 4
    assert view["messages"] == ["New game."]
    # a New game from the page's controls keeps the link's settings
    json.loads(page.start("far_seas", json.dumps({"seed": 5})))
    assert page.game is not None and page.game.match.config.colonies is False


def test_the_side_a_student_chose_stays_for_the_next_game() -> None:
    """Opened as the Allies, the page says so (its *You play* list), and its *New game* keeps
    the student on the side the list shows; a seat that does not exist is refused in words
    and the game on the page is kept."""
    page = Page()
    view = json.loads(page.open("far_seas", "side=allies"))
    assert (view["side"], view["seat_names"]) == (1, ["Germany", "Allies"])
    view = json.loads(page.start("far_seas", json.dumps({"side": view["side"]})))
    assert page.game is not None and page.game.seats == ["commander", "human"]
    assert view["side"] == 1
    kept = page.game.match
    view = json.loads(page.start("far_seas", json.dumps({"side": 2})))
    assert "no seat 2" in view["error"] and page.game.match is kept
    view = json.loads(page.start("far_seas", json.dumps({"opponent": "human"})))
    assert page.game.seats == ["human", "human"] and view["side"] == 0


def test_the_opponent_list_says_who_plays_in_words() -> None:
    """The site's *Opponent* list reads like the Voila pages' seat lists: no code names."""
    for row in json.loads(Page().games()):
        labels = row["opponent_labels"]
        assert set(labels) == set(row["opponents"])
        assert labels["human"] == "classmates taking turns (hot-seat)"
        assert all("mcts" not in words for words in labels.values()), labels


def test_a_link_with_a_bad_value_says_what_it_ignored() -> None:
    view = json.loads(Page().open("naval_war", "players=12&opponent=kraken&goal=75"))
    assert view["players"] == 3 and view["opponent"] == "greedy"
    notes = " ".join(view["messages"])
    assert "Ignored opponent=“kraken”" in notes and "Ignored players=“12”" in notes
    assert view["error"] is None and view["svg"].startswith("<svg")


def test_the_typed_move_example_is_the_games_own() -> None:
    assert SiteGame("branle_bas", **QUICK).view()["typed_example"] == "h3 h4"
    example = SiteGame("nautic_miles").view()["typed_example"]
    assert example.startswith("discard") and ":" not in example  # a move in words


# --- fair play on the site: the teacher's link, and what a student may download --------------

KEY = "a-teacher-key-for-the-tests"


def test_a_students_page_has_no_teacher_switch_and_no_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NAVALKIT_TEACHER_HASH", key_hash(KEY))
    page = Page()
    view = json.loads(page.open("naval_war", "seed=3"))
    assert not view["can_teach"] and view["seed"] is None and not view["teacher"]
    view = json.loads(page.call("set_teacher", "[true]"))
    assert "teacher's link" in view["error"] and not view["teacher"]
    view = json.loads(page.start("naval_war", json.dumps({"teacher": True, "seed": 3})))
    assert not view["teacher"] and not view["can_teach"]
    view = json.loads(page.open("naval_war", "seed=3&teacher=" + KEY[:-1] + "x"))
    assert not view["can_teach"] and "not this server's" in " ".join(view["messages"])


def test_the_teacher_link_opens_the_switch_and_shows_the_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NAVALKIT_TEACHER_HASH", key_hash(KEY))
    page = Page()
    view = json.loads(page.open("naval_war", "seed=3&teacher=" + KEY))
    assert (
        view["can_teach"]
        and view["seed"] == 3
        and view["messages"][0] == "New game, game number 3."
    )
    view = json.loads(page.call("set_teacher", "[true]"))
    assert view["teacher"] and view["error"] is None
    view = json.loads(page.start("naval_war", json.dumps({"seed": 7})))
    assert view["can_teach"] and view["seed"] == 7, "New game keeps the teacher's page"
    file = json.loads(page.account())
    assert json.loads(file["text"])["format"] == "navalkit-record"


def test_a_students_download_is_the_seats_account() -> None:
    game = SiteGame("naval_war", seed=3)
    game.play_listed(0)
    file = game.account()
    data = json.loads(file["text"])
    assert data["format"] == "navalkit-seat-record" and "seed" not in data
    assert file["name"] == "navalkit-naval_war-Player-1.json"
    assert "cannot be resumed" in game.resume(file["text"])["error"]
    hot = SiteGame("naval_war", seed=1, opponent="human")
    assert "at the screen" in hot.account()["error"], "nothing behind the hand-over screen"


def test_the_build_keeps_only_the_teacher_keys_hash(tmp_path: Path) -> None:
    source = _fake_pyodide(tmp_path / "p")
    report = build_site(tmp_path / "site", ["branle_bas"], pyodide_dir=source)
    assert len(report.teacher_key) >= 16
    manifest = json.loads((tmp_path / "site" / "site.json").read_text())
    assert manifest["teacher_hash"] == key_hash(report.teacher_key)
    for path in (tmp_path / "site").rglob("*"):
        if path.is_file() and path.suffix in (".json", ".html", ".js", ".zip"):
            assert report.teacher_key.encode() not in path.read_bytes(), path
    with pytest.raises(SiteBuildError, match="at least 16"):
        build_site(tmp_path / "s2", ["branle_bas"], pyodide_dir=source, teacher_key="short")


def test_the_view_lists_the_settings_in_force_with_their_help_in_words() -> None:
    """The site's page showed no settings at all: a link that changed a rule (captures=…)
    changed it unseen, and what a setting does was nowhere. Each comes by its label and value
    in words, whether it is the game's own, what it does and where it comes from."""
    view = json.loads(Page().open("far_seas", "captures=one%20per%20ship"))
    rows = {row["label"]: row for row in view["settings"]}
    assert set(rows) == {r["label"] for r in SiteGame("far_seas").game.settings()}
    taken = rows["Merchants a raider takes"]
    assert (taken["value"], taken["own"], taken["provenance"]) == ("one per ship", False, "HOUSE")
    assert taken["help"].startswith("Merchants a raider takes: 'all' available in the area")
    assert (
        taken["meaning"]
        == "our reconstruction where the sources are silent; a teacher may switch it"
    )
    crowded = rows["Ships firing at one target before each gets -1"]
    assert (crowded["value"], crowded["own"]) == ("2 or more", True)
    assert [r["label"] for r in view["settings"] if not r["own"]] == ["Merchants a raider takes"]
    said = json.dumps(view["settings"])
    assert "_" not in "".join(r["value"] + r["label"] for r in view["settings"]), said


# --- How to play and the rules, as the Voila play page shows them --------------------------


def _guide(site: Path, game_id: str) -> dict[str, str]:
    manifest = json.loads((site / "site.json").read_text())
    (row,) = [g for g in manifest["games"] if g["id"] == game_id]
    return dict(row["guide"])


@pytest.mark.parametrize("game_id", games())
def test_the_site_holds_each_games_how_to_play_without_the_voila_pages_controls(
    site: Path, game_id: str
) -> None:
    """The site's How to play is the Voila play page's paragraphs (the same function), less
    those about its own controls (Ways to play, Settings for the next game), plus the site's
    own words about its lists and buttons."""
    guide = _guide(site, game_id)
    shown = guide["how_to"]
    assert guide["how_to_title"] == "How to play"
    paragraphs = HOW_TO_PARAGRAPH.findall(get_game(game_id).how_to_play)
    for _q, pages, words in paragraphs:
        assert (f"<p>{words}</p>" in shown) == shown_on(pages, SITE_PAGE), words
    assert any(not shown_on(pages, SITE_PAGE) for _q, pages, _w in paragraphs)  # some left out
    for voila_only in ("Ways to play", "Settings for the next game", "Game number"):
        assert voila_only not in shown, voila_only
    assert "data-page" not in shown
    assert "<p><b>Who plays.</b> Choose the <b>Opponent</b>" in shown
    assert "press <b>New game</b>" in shown
    assert "<b>Rules and where they come from</b> shows where every rule comes from" in shown
    assert "<b>Settings in force</b> lists the settings" in shown


def test_branle_bas_on_the_site_says_its_own_keys_and_names_the_place_list(site: Path) -> None:
    """The board's arrow-key cursor is the Voila pages' alone: the site's page says how its
    own keyboard play goes; its list of ships to place is labelled Place, as How to play says."""
    shown = _guide(site, "branle_bas")["how_to"]
    assert "move the cursor with the arrow keys" not in shown
    assert "choose it from the list of legal moves and press <b>Play chosen move</b>" in shown
    assert "pick a ship under <b>Place</b>" in shown
    labels = {g["id"]: g["choice_label"] for g in json.loads(Page().games())}
    assert labels["branle_bas"] == "Place:" and labels["naval_war"] == "Attack:"
    # a two-player game says which side is yours; Naval War (3 to 9) has no such list
    assert "<b>You play</b>" in shown
    assert "<b>You play</b>" not in _guide(site, "naval_war")["how_to"]
    assert "<b>Your fleet.</b> Against the computer" in _guide(site, "naval_war")["how_to"]


@pytest.mark.parametrize("game_id", games())
def test_the_site_holds_each_games_rules_and_where_they_come_from(site: Path, game_id: str) -> None:
    """Every rule with its title, words, provenance's badge and source, the key of the
    provenances in words and the versions: the Voila rules panel's own HTML."""
    game = get_game(game_id)
    guide = _guide(site, game_id)
    assert guide["rules_title"] == "Rules and where they come from"
    rules = guide["rules"]
    assert rules == clauses_html(game)
    for clause in game.clauses:
        assert f"<b>{html.escape(clause.title)}</b>: {html.escape(clause.text)}" in rules
        assert f">{clause.provenance}</span>" in rules
    for meaning in PROVENANCE_MEANING.values():
        assert html.escape(meaning) in rules
    assert "Versions of these rules" in rules


def test_known_rules_and_their_provenance_are_on_the_site(site: Path) -> None:
    """Branle-Bas' touch-move is the seed's, its game length our own (a teacher may switch it),
    each said by its badge and its meaning in the key above the rules."""
    rules = _guide(site, "branle_bas")["rules"]
    row = {r.split("<b>")[1].split("</b>")[0]: r for r in rules.split(f"class='{RULE_CLASS}'")[1:]}
    assert ">SEED</span>" in row["Touch-move"] and ">HOUSE</span>" in row["Game length"]
    # the meaning in words beside the badge: a touch screen shows no tooltip
    assert ">stated by the original rules text</span>" in row["Touch-move"]
    assert ">BB-TOUCH</code>" in row["Touch-move"]
    assert "our reconstruction where the sources are silent; a teacher may switch it" in rules


def test_a_rules_words_are_escaped_on_the_site(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule's title, words or source holding <, & or quotes shows as written, never as
    markup."""
    real = get_game("far_seas")
    odd = Clause("X-1", 'Range < 3 & "close"', "a <b> is not bold & 'so'", "HOUSE", "x < y [W1]")

    class Odd:
        how_to_play = real.how_to_play
        max_players = real.max_players
        rules_history = real.rules_history
        clauses = ClauseBook([odd], {"W1": Source("a <page> & co", "https://x.org/?a=1&b='2'")})

    monkeypatch.setattr(build, "get_game", lambda _id: Odd)
    rules = build.game_guide("far_seas")["rules"]
    assert "<b>Range &lt; 3 &amp; &quot;close&quot;</b>: a &lt;b&gt; is not bold &amp; " in rules
    assert "&#x27;so&#x27;" in rules and "x &lt; y" in rules
    assert "<b> is not" not in rules
    assert (
        "<li>[W1] a &lt;page&gt; &amp; co (<a href='https://x.org/?a=1&amp;b=&#x27;2&#x27;'"
        in rules
    )


def test_the_play_page_has_the_sections_the_guide_fills(site: Path) -> None:
    page = (site / "play.html").read_text()
    for element in ('id="guide"', 'id="how-to-box" open', 'id="how-to"', 'id="rules"'):
        assert element in page, element
    assert '<summary id="rules-title">Rules and where they come from</summary>' in page
    script = (site / "site.js").read_text()
    assert "guide.how_to" in script and "guide.rules" in script


def test_the_teachers_game_number_box_is_named_as_on_the_voila_pages(site: Path) -> None:
    """The teacher's box of the number the game's chance comes from said "Seed", our
    developers' word; the Voila pages say "Game number" and what it is for."""
    page = (site / "play.html").read_text()
    label = re.search(r'<label id="seed-label" hidden>(.*?)<input', page)
    assert label is not None
    said = label.group(1)
    assert ">Game number</span>" in said and "Seed" not in said and ">Seed " not in page
    assert 'title="The same number deals the same cards and rolls the same dice' in said
