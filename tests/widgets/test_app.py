"""Headless tests of the GameApp and the Branle-Bas explainers: clicks go through the same
callbacks the browser triggers, and the game is checked through the Match."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest

from navalkit.core.registry import games, get_game
from navalkit.games.branle_bas import square_index
from navalkit.games.branle_bas.explain import MoveExplorer, ScoringCalculator
from navalkit.play.how_to import HOW_TO_PARAGRAPH, PLAY_PAGE, shown_on
from navalkit.widgets import GameApp
from navalkit.widgets.app import RULES_TITLE, RULES_WORDS


def _press(app: GameApp, label: str) -> None:
    buttons = {
        app.new_button.description: app.new_button,
        app.undo_button.description: app.undo_button,
        app.bot_button.description: app.bot_button,
        app.run_button.description: app.run_button,
        app.save_button.description: app.save_button,
        app.resume_button.description: app.resume_button,
        app.play_typed.description: app.play_typed,
        app.play_listed.description: app.play_listed,
    }
    buttons[label].click()


@pytest.fixture
def app() -> GameApp:
    # the ready-made set-up and one click per square, so that the tests reach the moves
    return GameApp("branle_bas", seed=0, first_player="A", setup="standard", touch_move=False)


def test_click_piece_then_target_plays_and_computer_replies(app: GameApp) -> None:
    assert app.match.current_player == 0
    app.click("h3")
    overlay = app.board.scene.layer("overlay").ops
    assert overlay, "selecting a ship lights its legal moves"
    app.click("h4")
    assert app.match.history[0].to_json() == {"type": "move", "from": "h3", "to": "h4"}
    assert len(app.match.history) == 2, "the computer (B) answered at once"
    assert app.match.current_player == 0
    assert "h3 → h4" in app.message.value


def test_illegal_click_is_explained_and_changes_nothing(app: GameApp) -> None:
    before = app.match.to_json()
    app.click("h5")  # a Hydravion
    app.click("k8")  # diagonal: never for a seaplane
    assert "BB-MOVES" in app.message.value
    # the rule is cited by its title in words; its id and provenance only in the tooltip
    # ("SEED BB-MOVES: How ships move" read as code to a student)
    shown = re.sub(r"<[^>]+>", "", app.message.value)
    clause = app.game.clauses.get("BB-MOVES")
    assert f"(rule: {clause.title})" in shown
    assert "BB-MOVES" not in shown and clause.provenance not in shown
    assert f'title="BB-MOVES ({clause.provenance}: ' in app.message.value
    app.click("i3")  # a Croiseur boxed in by its own ships
    assert "no legal move" in app.message.value
    app.click("i5")  # behind its own Cuirassé on i4
    assert "BB-NOJUMP" in app.message.value, app.message.value
    assert app.match.to_json() == before
    assert app.board.scene.layer("overlay").ops, "the refused square is marked"


def test_click_off_board_and_on_enemy_ship(app: GameApp) -> None:
    before = app.match.to_json()
    app.click(None)
    assert "Nothing to choose there" in app.message.value
    app.click("j17")
    assert "belongs to B" in app.message.value
    assert app.match.to_json() == before


def test_keyboard_play_typed_and_listed(app: GameApp) -> None:
    app.move_text.value = "k4 k5"  # Enter in the box plays it
    assert app.match.history[0].to_json()["to"] == "k5"
    before = app.match.to_json()
    app.move_text.value = "nonsense"
    assert "navalkit-refusal" in app.message.value
    assert app.match.to_json() == before
    app.legal_list.value = 0
    _press(app, "Play chosen move")
    assert len(app.match.history) == 4


def test_undo_takes_back_the_human_move_and_the_reply(app: GameApp) -> None:
    start = app.match.to_json()
    app.click("h3")
    app.click("h4")
    _press(app, "Undo")
    assert app.match.to_json() == start


def test_computer_move_and_play_to_end(app: GameApp) -> None:
    _press(app, "Computer move")
    assert len(app.match.history) == 2
    _press(app, "Play to the end")
    assert app.match.is_over
    status = app.status.value  # the ending says who won, by which rule
    assert "wins" in status or "nobody wins" in status or "draw" in status, status
    assert "(rule: " in status and "BB-" not in status, status  # the rule by its title
    before = app.match.to_json()
    app.click("h3")
    assert "over" in app.message.value
    assert app.match.to_json() == before


def test_save_and_resume_and_damaged_save_keeps_game(app: GameApp) -> None:
    app.click("h3")
    app.click("h4")
    _press(app, "Save game")
    saved = app.record_box.value
    assert json.loads(saved)["game"] == "branle_bas"
    _press(app, "New game")
    assert not app.match.history
    assert "signature" in json.loads(saved)  # signed with this server's key
    app.record_box.value = saved
    _press(app, "Resume saved game")
    assert app.match.to_json(signed=True) == saved
    app.record_box.value = saved.replace('"h4"', '"h5"')
    _press(app, "Resume saved game")
    assert "damaged" in app.message.value
    assert app.match.to_json(signed=True) == saved


def test_new_game_uses_house_settings(app: GameApp) -> None:
    box = app.setting_boxes["triumph_bonus"]
    box.value = 100
    app.seed_box.value = 5
    _press(app, "New game")
    assert app.match.config.triumph_bonus == 100
    assert app.match.seed == 5
    assert "100" in app.settings_view.value
    # a teacher's page says the number to play the deal again, by the box's own name
    assert "New game, game number 5." in app.message.value and "seed" not in app.message.value


def test_the_seed_box_is_called_a_game_number() -> None:
    """The box "Seed:" beside the game's number read as the original rules text, which the
    pages call the seed: the box says what the number is, and its tooltip what it does."""
    app = GameApp("nautic_miles", seed=4, teacher=True)
    assert app.seed_box.description == "Game number:" and app.seed_box.value == 4
    assert "same cards" in app.seed_box.tooltip and "dice" in app.seed_box.tooltip


def test_hot_seat_covers_board_between_humans_during_free_setup() -> None:
    app = GameApp("branle_bas", seed=0, seats=["human", "human"], setup="free")
    assert app.cover.layout.display == ""
    assert app.board.scene.title == "Hand-over screen" and not app.board.scene.regions
    app.click("j5")
    assert not app.match.history, "no play while the board is covered"
    app.cover.click()
    assert app.board.scene.title != "Hand-over screen"
    app.choice.value = "place:amiral"
    app.click("j3")
    assert app.match.history[0].to_json() == {"type": "place", "piece": "amiral", "at": "j3"}


def test_teacher_view_sees_everything() -> None:
    app = GameApp("branle_bas", seed=0, seats=["human", "human"], setup="free", teacher=True)
    assert app.viewer is None
    assert app.cover.layout.display == "none"


def test_bad_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown seat"):
        GameApp("branle_bas", seats=["human", "deep_blue"])


def test_move_explorer_lights_moves_and_explains_refusals() -> None:
    ex = MoveExplorer(kind="croiseur", square="j7")
    assert "9 legal moves:" in ex.moves.value
    ex.click("k8")
    assert "BB-MOVES" in ex.answer.value
    ex.mode.value = "Put an enemy ship there"
    ex.click("j9")
    ex.mode.value = "Ask: can it go there?"
    ex.click("j10")
    assert "BB-NOJUMP" in ex.answer.value
    ex.click("j9")
    assert "legal" in ex.answer.value
    ex.kind.value = "sous_marin"
    assert ex.board_state[square_index("j7")] & 15 == 2


def test_scoring_calculator_matches_the_seed_table() -> None:
    calc = ScoringCalculator()
    calc.result.value = "triumph"
    calc.winner.value = "A"
    assert calc.totals[0] == 300 + 1000
    calc.bonus.value = 100
    assert calc.totals[0] == 300 + 100
    calc.result.value = "victory"
    # Victory with nothing else: A keeps his 300 afloat, + Admiral 60 + 500.
    assert calc.totals[0] == 300 + 60 + 500


def test_teacher_checkbox_lifts_the_hot_seat_screen() -> None:
    app = GameApp("branle_bas", seed=0, seats=["human", "human"], setup="free")
    assert app.cover.layout.display == ""
    app.teacher_box.value = True
    assert app.viewer is None and app.cover.layout.display == "none"


def test_states_and_views_show_themselves_as_svg() -> None:
    import navalkit

    m = navalkit.new_match("branle_bas", seed=0, setup="free")
    assert m.state._repr_svg_().startswith("<svg")
    hidden = m.observe(1)._repr_svg_()
    assert "screened" in hidden
    assert m._repr_svg_().startswith("<svg")


def test_keyboard_cursor_plays_a_move(app: GameApp) -> None:
    app.key("ArrowUp")
    assert app.session.cursor is not None, "the first arrow puts the cursor on the board"
    app.session.cursor = "h3"
    app.key("Enter")
    assert app.session.path == ("h3",)
    app.key("ArrowUp")  # north, one square: h4
    assert app.session.cursor == "h4"
    ring = app.board.scene.layer("overlay").ops[-2]
    assert ring.stroke == "#000000", "the cursor is drawn"
    app.key(" ")
    assert app.match.history[0].to_json() == {"type": "move", "from": "h3", "to": "h4"}


def test_keyboard_escape_cancels_and_other_keys_are_ignored(app: GameApp) -> None:
    app.session.cursor = "h3"
    app.key("Enter")
    app.key("Escape")
    assert app.session.path == ()
    before = app.match.to_json()
    app.key("q")
    assert app.match.to_json() == before


def test_position_in_words_is_text_and_comes_after_the_folded_sections() -> None:
    """Far Seas' words name "Gibraltar & W. Med": they are shown as text (a '<' in a board's
    words could not open a tag), and on the page they come after the settings and rules,
    which a student scrolling down from the board meets first."""
    fs = GameApp("far_seas", seed=0)
    assert "Gibraltar &amp; W. Med" in fs.description.value
    parts = fs.widget.children
    assert parts.index(fs.rules_panel) < parts.index(fs.description)
    screen = dataclasses.replace(fs.session.screen(), description="a <b>bold</b> claim")
    fs._paint(screen)
    assert "a &lt;b&gt;bold&lt;/b&gt; claim" in fs.description.value


def holds(box: Any, widget: Any) -> bool:
    """Whether ``widget`` is ``box`` or inside it."""
    return box is widget or any(holds(c, widget) for c in getattr(box, "children", ()))


def section(app: GameApp, title: str) -> Any:
    """The folded section of ``app`` under the board called ``title``."""
    panel = app.rules_panel
    titles = [panel.get_title(i) for i in range(len(panel.children))]
    return panel.children[titles.index(title)]


@pytest.mark.parametrize("game_id", games())
def test_how_to_play_opens_first_under_the_board(game_id: str) -> None:
    """The instructions a play page used to open with (a paragraph that pushed the board half
    off a school laptop's screen) are the first section under the board, open: a student
    scrolling down from the board reads them first; the other sections stay folded."""
    app = GameApp(game_id, seed=1)
    assert app.rules_panel.get_title(0) == "How to play"
    assert app.rules_panel.selected_index == 0
    shown = section(app, "How to play").value
    # every paragraph but a seat's at a table (its own words), without the marks
    for _q, page, words in HOW_TO_PARAGRAPH.findall(get_game(game_id).how_to_play):
        assert (f"<p>{words}</p>" in shown) == shown_on(page, PLAY_PAGE), words
    assert "data-page" not in shown
    # last, the play page's own words on its rules panel, named by the panel's title
    assert shown.endswith(f"{RULES_WORDS}</div>") and f"<b>{RULES_TITLE}</b>" in RULES_WORDS
    # the Game number box's tooltip in words a touch screen shows too
    assert f"<b>Game number.</b> {app.seed_box.tooltip}." in shown
    assert RULES_TITLE in [
        app.rules_panel.get_title(i) for i in range(len(app.rules_panel.children))
    ]
    assert shown.count("<p>") >= 4  # short paragraphs, one thing each
    parts = app.widget.children
    board_row = next(p for p in parts if holds(p, app.board.widget))
    assert parts.index(app.rules_panel) > parts.index(board_row)


def test_the_rules_panel_lists_the_versions_of_the_rules_newest_first() -> None:
    """A teacher sees which version of the rules a page plays and what each one corrected
    (a save of an older version goes on under the newest if its moves still fit)."""
    fs = GameApp("far_seas", seed=0)
    rules = section(fs, "Rules and where they come from").value
    listed = rules[rules.index("Versions of these rules") :]
    assert (
        listed.index("<b>Version 3</b> (29 November 2026): A pursuer")
        < listed.index("<b>Version 2</b> (25 November 2026)")
        < listed.index("<b>Version 1</b> (21 November 2026): The first version.")
    )
    assert "far_seas/" not in rules


def test_the_rules_panel_says_what_each_source_in_brackets_is() -> None:
    """Naval War's and Nautic Miles' notes cite their public sources by code ("[W2]: the
    first dealer is chosen by agreement"), and nothing on the page said what [W2] was: the
    panel ends with each cited source in words and its address (and only those cited)."""
    import re

    from navalkit.core.clauses import CITED, Clause, ClauseBook, Source

    nw = section(GameApp("naval_war", seed=0), "Rules and where they come from").value
    listed = nw[nw.index("The sources in brackets") : nw.index("Versions of these rules")]
    cited = set(re.findall(r"\[(W\d+)\]", nw[: nw.index("The sources in brackets")]))
    assert cited == {"W2", "W3", "W4", "W5", "W6"}
    assert re.findall(r"<li>\[(W\d+)\]", listed) == ["W2", "W3", "W4", "W5", "W6"]
    assert "[W2] a copy of the printed rules on a player&#x27;s web page" in listed
    assert "href='https://www.frenzied.us/~jaebear/games/rules/navalwar.html'" in listed
    assert ">www.frenzied.us</a>" in listed and "target='_blank'" in listed
    assert "[W6] the How to play text of an unofficial web version" in listed  # no address
    nm = section(GameApp("nautic_miles", seed=0), "Rules and where they come from").value
    assert "<li>[N1] the French rules with the full list of the 110 cards" in nm
    bb = section(GameApp("branle_bas", seed=0), "Rules and where they come from").value
    assert "The sources in brackets" not in bb  # it cites none
    # a rule citing a source the game does not name fails at once, where it is written
    with pytest.raises(ValueError, match=r"NW-X cites \['W9'\]: not in its sources"):
        ClauseBook([Clause("NW-X", "X", "as [W9] says", "SRC")], {"W2": Source("a page")})
    assert CITED.findall("[W2][W3]: 'a Ship Deck'") == ["W2", "W3"]


@pytest.mark.parametrize("student", [False, True], ids=["teacher's page", "student's page"])
def test_a_fault_of_ours_reaches_the_teacher_not_the_student(
    student: bool, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The folded sections hold no empty *Details*: a fault of ours opens a section of its
    own on a teacher's page (with its traceback) and only the server's log on a student's."""
    from navalkit.widgets.app import FAULT_TITLE

    page = GameApp("branle_bas", seed=1)
    page.set_student(student)
    titles = [page.rules_panel.get_title(i) for i in range(len(page.rules_panel.children))]
    assert titles == [
        "How to play",
        "Settings in force",
        "Rules and where they come from",
        "Save / resume",
    ]

    def broken(*_args: object) -> None:
        raise RuntimeError("boom")

    # the session's own step into the Match (a compiled Match, navalkit.core.compiled, has
    # read-only methods)
    monkeypatch.setattr(page.session, "_play", broken)
    state = page.match.state
    with caplog.at_level("ERROR"):
        page.session.play(page.session.legal()[0])
        page.refresh()
    assert page.match.state is state
    assert "Something went wrong on our side" in page.message.value
    assert "RuntimeError" not in page.message.value
    assert "RuntimeError: boom" in caplog.text  # the server's log keeps it
    shown = [page.rules_panel.get_title(i) for i in range(len(page.rules_panel.children))]
    if student:
        assert FAULT_TITLE not in shown and not page.debug.outputs
    else:
        assert shown[-1] == FAULT_TITLE
        assert "RuntimeError: boom" in str(page.debug.outputs)


def test_settings_show_their_choices_in_words_not_code_names() -> None:
    """The settings lists and the settings in force said 'reroll', 'lot' or 'left' where a
    setting gives its choices' words."""
    from navalkit.widgets.forms import setting_widgets
    from navalkit.widgets.panels import settings_html

    page = GameApp("naval_war", seed=1, clearout_start="dealer")
    box = page.setting_boxes["clearout_start"]
    assert box.options == (
        ("dealer's left", "left"),
        ("the dealer", "dealer"),
    )
    assert "<td>the dealer</td>" in settings_html(page.game, page.match.config)
    boxes = setting_widgets(GameApp("branle_bas", seed=1).game)
    assert [label for label, _ in boxes["first_player"].options] == [
        "by lot", "A (south)", "B (north)",
    ]  # fmt: skip


@pytest.mark.parametrize("game_id", ["nautic_miles", "far_seas", "branle_bas"])
def test_a_seat_list_offers_a_person_and_the_three_levels(game_id: str) -> None:
    """A student met 'computer (admiral)' and 'computer (a general search)' beside 'computer,
    hard': a seat list offers a person and the computer at each level; another computer
    player shows only where it already sits (a link's, a save's)."""
    import navalkit
    from navalkit.core import bot_names

    page = GameApp(game_id, seed=1)
    labels = [label for label, _ in page.seat_boxes[1].options]
    assert labels[0] == "a person" and len(labels) == 4
    assert [label.split(" (")[0] for label in labels[1:]] == [
        "computer, easy", "computer, medium", "computer, hard",
    ]  # fmt: skip
    extra = [
        b
        for b in bot_names(navalkit.get_game(game_id))
        if b not in {v for _, v in page.seat_boxes[1].options}
    ]
    assert extra, "the game has a computer player beyond the levels"
    seated = GameApp(game_id, seed=1, seats=["human", extra[0]])
    assert extra[0] in {v for _, v in seated.seat_boxes[1].options}


def test_the_lines_above_the_board_are_two_at_most_in_room_kept_for_them() -> None:
    """A move the computer answered with many moves and dice pushed the board down by as many
    lines: the page says the first, then how many more the Moves list holds, in room kept for
    two lines whether or not a move said anything (lines that came and went moved the board
    between the two clicks of one move)."""
    from navalkit.widgets.panels import MESSAGE_HEIGHT, MESSAGE_LINES, messages_html

    page = GameApp("age_of_sail", seed=1, seats=["human", "captain"])
    for _ in range(40):  # end movement and turn until the computer's reply is long
        page.session.play_listed(len(page.session.legal()) - 1)
        page.refresh()
        if len(page.session.screen().messages) > MESSAGE_LINES:
            break
    said = page.session.screen().messages
    assert len(said) > MESSAGE_LINES
    shown = page.message.value
    assert shown.count("<div") == MESSAGE_LINES
    assert f"… and {len(said) - MESSAGE_LINES + 1} more in the Moves list." in shown
    assert messages_html(["a", "b"]).count("<div") == 2  # two are shown whole
    assert MESSAGE_LINES == 2 and page.message.layout.min_height == MESSAGE_HEIGHT == "42px"


@pytest.mark.parametrize("game_id", games())
def test_the_typed_example_is_written_whole_under_the_move_box(game_id: str) -> None:
    """The Move box's placeholder gave a typed move for example ("e.g. cormoran hold do not
    raid ..."), cut off on a phone and in a narrow side panel: the box says only "type a
    move", and the whole example is a line under it, which wraps where the line is short."""
    from navalkit.widgets.panels import TYPE_A_MOVE, TYPED_EXAMPLE

    app = GameApp(game_id, seed=1)
    example = app.session.screen().typed_example
    assert example, "every game has a move to type"
    assert app.move_text.placeholder == TYPE_A_MOVE == "type a move"
    hint = app.typed_example
    assert TYPED_EXAMPLE in hint._dom_classes and hint.layout.display == ""
    said = re.sub(r"<[^>]+>", "", hint.value)
    assert said == f"For example: {example}"
    # right under the row of the box and its button
    rows = list(box_holding(app.widget, hint).children)
    assert app.move_text in rows[rows.index(hint) - 1].children
    # a typed example is a move that plays: typing it is no refusal
    app.move_text.value = example
    assert "navalkit-refusal" not in app.message.value, app.message.value


def box_holding(root: Any, widget: Any) -> Any:
    """The box among ``root``'s widgets that holds ``widget`` as one of its children."""
    children = getattr(root, "children", ())
    if widget in children:
        return root
    return next((found for c in children if (found := box_holding(c, widget)) is not None), None)
