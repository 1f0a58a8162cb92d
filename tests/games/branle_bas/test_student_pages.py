"""What a student reads: every ending explains itself (who won, by which rule, the score item
by item), the lesson's predictions reveal their answers and explainers, and the what-if lab's
"from code" table compares exactly what the lab on the screen compares."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import nbformat
import pytest
from ipywidgets import HTML, ToggleButton

import navalkit
from navalkit.core import make_bot, play_bot_move
from navalkit.games.branle_bas import GAME, rules
from navalkit.games.branle_bas.actions import Pass
from navalkit.games.branle_bas.clauses import CLAUSES
from navalkit.games.branle_bas.data import (
    CROISEUR,
    SOUS_MARIN,
    TORPILLEUR,
    VEDETTE,
    WRECK,
    code,
    square_index,
)
from navalkit.games.branle_bas.draw import SIZE
from navalkit.games.branle_bas.explain import (
    ENDINGS,
    MoveExplorer,
    ScoringCalculator,
    _crop_coordinates,
    board_picture,
    ending_box,
    endings_table,
    move_limit_words,
    play_moves,
    position,
)
from navalkit.games.branle_bas.state import State
from navalkit.render import Text
from navalkit.render.text import MIN_TEXT
from navalkit.testing.boards import inside, text_box, texts
from navalkit.testing.widgets import picture_in, widgets_in
from navalkit.widgets import lesson
from navalkit.widgets.lesson import NO_MOUSE_CLASS, POINT_HINT_CLASS, SMALL_CLASS
from navalkit.widgets.whatif import compare

NOTEBOOKS = Path(__file__).parents[3] / "notebooks" / "branle_bas"


# --- every ending explains itself ----------------------------------------------------------
def _triumph() -> State:
    start = position(
        {"j18": "A amiral", "n14": "B amiral"},
        in_port=((TORPILLEUR, SOUS_MARIN), ()),
        sunk_by=((), (CROISEUR,)),
    )
    return play_moves(start, "j18-j19")


def _victory() -> State:
    return play_moves(
        position({"j10": "A croiseur", "j11": "B amiral", "f6": "A amiral"}), "j10-j11"
    )


def _abandon() -> State:
    return play_moves(position({"h16": "A amiral", "n14": "B amiral"}), "h16-h17")


def _draw_at_sea() -> State:
    return play_moves(
        position({"j10": "A amiral", "j11": "B vedette", "k12": "B amiral"}), "j10-j11"
    )


def _draw_at_the_port() -> State:
    return play_moves(
        position({"j16": "A amiral", "j17": "B vedette", "k17": "B amiral"}), "j16-j17"
    )


def _stuck() -> State:
    # A's Vedette and Admiral boxed in by wrecks on B's side; B has no ship at all
    state = position({"i18": "A vedette", "k18": "A amiral"})
    board = list(state.board)
    for square in ("j17", "k17", "l17"):
        board[square_index(square)] = code(0, WRECK)
    state = replace(state, board=tuple(board))
    state = GAME.apply(state, Pass())
    return GAME.apply(state, Pass())


def _time_up() -> State:
    start = position(
        {"f6": "A amiral", "n14": "B amiral", "j10": "A croiseur", "n12": "B vedette"},
        ply=19,
        sunk_by=((VEDETTE,), ()),
    )
    return play_moves(replace(start, config=replace(start.config, max_plies=20)), "j10-j11")


ENDING_CASES: dict[str, tuple[Callable[[], State], str, str, tuple[str, ...]]] = {
    # name: (the ending, who wins in words, the rule that ends it, the scoring rule(s))
    "triumph": (_triumph, "A (south) wins", "BB-TRIUMPH", ("BB-TRIUMPH-SCORE",)),
    "victory": (_victory, "A (south) wins", "BB-VICTORY", ("BB-VICTORY",)),
    "abandon": (_abandon, "B (north) wins", "BB-NET-ADMIRAL", ("BB-VICTORY",)),
    "draw at sea": (_draw_at_sea, "Nobody wins", "BB-DRAW", ("BB-DRAW",)),
    "draw at the port": (_draw_at_the_port, "Nobody wins", "BB-DRAW", ("BB-DRAW",)),
    "stuck": (_stuck, "Nobody wins", "BB-STUCK", ("BB-DRAW",)),
    "time": (_time_up, "nobody wins", "BB-TIME", ("BB-DRAW",)),
}


def _points(value: int) -> str:
    return f"{value:,}".replace("-", "\u2212")


@pytest.mark.parametrize("case", list(ENDING_CASES))
def test_every_ending_says_who_won_by_which_rule_and_the_score(case: str) -> None:
    build, who, rule, scoring = ENDING_CASES[case]
    state = build()
    assert state.result is not None and state.result.rule == rule
    text = rules.status(state)
    assert text == rules.ending(state)
    assert text.startswith(state.result.reason)  # what happened, then why it ends there
    # the reason names the sides as the rest of the page does ('B (north) sank…', not 'B sank…')
    if state.result.winner is not None:
        named = re.match(r"(The Admiral of )?(A \(south\)|B \(north\)) ", state.result.reason)
        assert named, state.result.reason  # "The Admiral of A (south)", never "A (south)'s"
    assert who in text
    # each rule by its title, never by its id ("rule BB-TRIUMPH" read as code)
    assert f"({CLAUSES.cite(rule)})" in text
    for scoring_rule in scoring:
        assert f"({CLAUSES.cite(scoring_rule)})" in text
    assert not re.search(r"\bBB-[A-Z]", text), text
    # the score of each side, and every item that counts, in plain words
    a, b = GAME.scores(state)
    assert f"A (south) scores {_points(a)} points" in text
    assert f"B (north) scores {_points(b)} points" in text
    for items in rules.score_breakdown(state):
        for _label, points in items:
            if points:
                assert f"{_points(points)} for " in text
    # no code words or raw values
    for raw in ("ship(s)", "°", "None", "score_", "Result(", "  "):
        assert raw not in text, f"{raw!r} in {text!r}"


def test_the_triumph_items_in_plain_words() -> None:
    text = rules.ending(_triumph())
    assert (
        "A (south) scores 1,520 points: 300 for the whole enemy fleet, which surrenders; "
        "200 for 2 ships in the enemy port (100 each); 1,000 for the Admiral in the enemy "
        "port (the Triumph bonus); 20 for his own sunk ships, recovered."
    ) in text
    assert "B (north) scores 0 points: his whole fleet surrenders." in text


def test_a_drawn_game_says_who_is_ahead_for_the_series() -> None:
    text = rules.ending(_draw_at_sea())
    # what a series is and why points count in a game nobody wins, in words; a score below
    # zero says why; no French from the seed nor the word 'seed' (the original rules' text)
    assert (
        "A (south) is ahead by 10 points. When several games are played one after another, "
        "these points are added to the next game's score, so nobody wins a drawn game but its "
        "points still count."
    ) in text
    assert (
        "B (north) scores −5 points (below zero: he lost more than he gained): −5 for own ships "
        "sunk (losses)."
    ) in text
    assert "parties nulles" not in text and "seed" not in text and "carried on" not in text
    assert (
        "Nobody wins, and each side counts its gains less its losses (rule: Drawn games)." in text
    )


def test_stuck_says_why_neither_side_can_move() -> None:
    text = rules.ending(_stuck())
    assert "every ship of A (south) is blocked and B (north) has no ship left" in text


def test_a_time_up_draw_between_bots_gives_its_reason() -> None:
    """Issue 17: a game that reaches the move limit while ships shuffle says why it ended."""
    match = navalkit.new_match("branle_bas", seed=1, max_plies=60)
    bots = [make_bot(match.game, "greedy"), make_bot(match.game, "random")]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        play_bot_move(match, bots[seat])
    result = match.state.result
    assert result is not None and result.rule == "BB-TIME" and match.winner is None
    assert "60 moves played" in match.status
    assert "so nobody wins (rule: Game length)" in match.status
    assert "Ships going back and forth never end a game" in match.status
    a, b = match.scores
    assert f"A (south) scores {_points(a)} points" in match.status
    assert f"B (north) scores {_points(b)} points" in match.status


def test_the_status_during_play_is_one_short_line() -> None:
    state = position({"j10": "A amiral", "n14": "B amiral"})
    assert rules.ending(state) == ""
    assert rules.status(state) == "Move 1: A (south) to play."


# --- the lesson's helpers ------------------------------------------------------------------
def test_ending_box_escapes_and_shows_the_ending() -> None:
    box = ending_box(_draw_at_sea())
    assert (
        "Nobody wins, and each side counts its gains less its losses (rule: Drawn games)"
        in box.value
    )
    assert "game&#x27;s score" in box.value  # the text is escaped, never raw HTML
    assert "not over yet" in ending_box(position({"j10": "A amiral"})).value


def test_endings_table_names_a_rule_for_every_way_a_game_ends() -> None:
    table = endings_table()
    assert len(table) == len(ENDINGS) == 6
    # each rule by its title, where it comes from beside it: no rule ids, code names to a
    # student (the "scored by" column once held only codes: BB-TRIUMPH-SCORE, BB-DRAW)
    assert list(table["rule"]) == [
        "Triumph",
        "Victory scoring",
        "Admiral in a net",
        "Drawn games",
        "No move for either side",
        "Game length",
    ]
    assert list(table["source"]) == ["SEED"] * 4 + ["HOUSE"] * 2
    assert list(table["scored by"]) == [
        "Triumph scoring",
        *["Victory scoring"] * 2,
        *["Drawn games"] * 3,
    ]
    assert not any("seed" in what for what in table["how the game ends"])
    # the rules that end a game are exactly those the engine ends games with
    assert {rule for _, rule, _, _ in ENDINGS} == {rule for _, _, rule, _ in ENDING_CASES.values()}


def test_board_picture_crops_and_scales_the_board() -> None:
    state = position({"j9": "A vedette", "j10": "B cuirasse"})
    assert SIZE == 19 * 32 + 2 * 40  # 19 squares of 32 px and a margin of 40 px
    # the whole board, drawn 688 px wide, shown 380 px wide: a small picture (see
    # widgets.lesson.zoomable_picture), fluid up to 380 px, magnified to 688 px under a mouse
    whole_box = board_picture(state, width=380, caption="The <board>")
    whole = picture_in(whole_box)
    assert whole.layout.max_width == whole_box.layout.max_width == "380px"
    assert f'width="100%" style="height:auto;display:block" viewBox="0 0 {SIZE} {SIZE}"' in (
        whole.value
    )
    assert f"--zoom:{SIZE / 380:.3f}" in whole.value and SMALL_CLASS in whole.value
    # a phone or a tablet has the switch instead, which shows it at its drawn size
    switch = next(x for x in widgets_in(whole_box) if isinstance(x, ToggleButton))
    assert NO_MOUSE_CLASS in switch._dom_classes
    switch.value = True
    assert (whole.layout.width, whole.layout.max_width) == (f"{SIZE}px", "none")
    words = whole_box.children[1].value
    assert "The &lt;board&gt;" in words and POINT_HINT_CLASS in words
    # shown at 300 px, a crop drawn 320 px wide is a plain picture: no switch, no magnifier
    harbour = board_picture(state, width=300, crop=("f1", "n7"))
    assert isinstance(harbour, HTML) and SMALL_CLASS not in harbour.value
    assert 'width="300" height="240"' in harbour.value
    part = board_picture(state, width=300, crop=("g7", "m12"), caption="A's <Vedette>").value
    box = re.search(r'width="300" height="(\d+)" viewBox="([\d. ]+)"', part)
    assert box is not None
    _x, _y, w, h = (float(v) for v in box.group(2).split())
    assert (w, h) == (7 * 32 + 32, 6 * 32 + 32)  # 7 files, 6 ranks and half a square around
    assert int(box.group(1)) == round(300 * h / w)
    assert "A&#x27;s &lt;Vedette&gt;" in part
    # the crop names its squares (the board's own letters and numbers lie outside it): g to m
    # along its bottom and 7 to 12 down its left, in the half square round the squares
    assert '<g id="layer-coordinates">' in part
    labels = [op for op in _crop_coordinates(("g7", "m12")).ops if isinstance(op, Text)]
    assert [op.text for op in labels] == [*"ghijklm", *map(str, range(7, 13))]
    x, y = float(box.group(2).split()[0]), float(box.group(2).split()[1])
    assert all(x <= op.x <= x + w and y <= op.y <= y + h for op in labels)
    assert {op.y for op in labels[:7]} == {y + h - 8} and {op.x for op in labels[7:]} == {x + 8}


def test_move_limit_words_count_the_games_cut_short() -> None:
    import pandas as pd

    rows = [
        ("A", 0, 0, 900, 100), ("A", 1, 0, 950, 50), ("A", 2, 0, 1000, 0),
        ("B", 0, 0, 900, 100), ("B", 1, None, 120, -120), ("B", 2, 0, 1000, 0),
    ]  # fmt: skip
    frame = pd.DataFrame(rows, columns=["variant", "seed", "winner", "score_0", "score_1"])
    frame["winner"] = frame["winner"].astype("Int64")
    text = move_limit_words(frame, long=300, short=150)
    assert "with 300 moves, A (south) won 3 of the 3 games and 0 were drawn" in text
    assert "with 150 moves, A won 2 and 1 were drawn" in text
    assert "1 of the games was still going at move 150" in text
    assert "time ran out (rule: Game length), nobody won" in text
    assert "gains less losses (rule: Drawn games)" in text and "BB-" not in text
    assert "from 950 to 673.3 points because a drawn game earns no Victory bonus" in text
    same = frame[frame["variant"] == "A"].assign(variant="B")
    text = move_limit_words(pd.concat([frame[frame["variant"] == "A"], same]), 300, 150)
    assert "nothing" in text
    assert "seed" not in move_limit_words(frame, long=300, short=150).lower()


def test_the_scoring_calculator_says_its_rule_by_title_and_the_loser_in_words() -> None:
    """'[SEED] BB-TRIUMPH-SCORE: ...' read as code, 'total surrender: nothing 0' as a slip."""
    calc = ScoringCalculator()
    calc.result.value = "triumph"
    assert "Rule “Triumph scoring”: Winner: the whole enemy" in calc.out.value
    assert "BB-" not in calc.out.value
    assert "[SEED]" not in calc.out.value
    assert "<td>his whole fleet surrenders</td><td align='right'>0</td>" in calc.out.value
    assert "total surrender" not in calc.out.value


# --- the notebooks -------------------------------------------------------------------------
def _run(name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], list[Any]]:
    """Run a notebook's code cells in one namespace; the Predict widgets it made."""
    made: list[Any] = []
    real = lesson.Predict.__init__

    def record(self: Any, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(lesson.Predict, "__init__", record)
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)  # type: ignore[no-untyped-call]
    space: dict[str, Any] = {}
    for cell in notebook.cells:
        if cell.cell_type == "code":
            exec(compile(cell.source, f"{name} cell", "exec"), space)
    return space, made


def test_lesson_starts_with_goals_and_ends_with_a_check_question() -> None:
    notebook = nbformat.read(NOTEBOOKS / "lesson.ipynb", as_version=4)  # type: ignore[no-untyped-call]
    first = notebook.cells[0]
    assert first.cell_type == "markdown" and "you will learn" in first.source
    assert 3 <= sum(line.startswith("- ") for line in first.source.splitlines()) <= 5
    last = notebook.cells[-1]
    assert last.cell_type == "code" and last.source.startswith("last = position(")
    assert "Predict(" in last.source
    sources = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    assert "print(" not in sources and ".log" not in sources  # no raw output, no log frame


def test_the_lessons_move_explorer_reads_at_its_drawn_size() -> None:
    """The clickable board of section 2 is shown as drawn, its letters and numbers 11 px (as
    on the play page): shown 420 px wide they were 7 px, for questions about j7, j6 and b10."""
    notebook = nbformat.read(NOTEBOOKS / "lesson.ipynb", as_version=4)  # type: ignore[no-untyped-call]
    (source,) = [c.source for c in notebook.cells if "MoveExplorer(" in c.source]
    explorer = eval(source, {"MoveExplorer": MoveExplorer})
    assert explorer.board.css_width == SIZE == explorer.board.scene.width
    scene = explorer.board.scene
    shown = explorer.board.css_width / scene.width
    assert min(t.size for t in texts(scene)) * shown >= MIN_TEXT
    labels = [text_box(t) for t in texts(scene) if t.text == "neutral"]
    assert len(labels) == 2 and all(inside(b, (0, 0, SIZE, SIZE), 0) for b in labels)


def test_lesson_predictions_reveal_answers_and_explainers(monkeypatch: pytest.MonkeyPatch) -> None:
    _space, made = _run("lesson.ipynb", monkeypatch)
    assert len(made) == 7
    for predict in made:
        assert predict.result.value == "" and not predict.more.children  # nothing shown yet
        predict.choice.value = str(predict.answer)
        predict.reveal()
        assert "Right!" in predict.result.value
        if predict._then is not None:
            assert predict.more.children, predict.question.value
    texts = " ".join(
        getattr(child, "value", "") for p in made for box in p.more.children
        for child in getattr(box, "children", (box,))
    )  # fmt: skip
    assert "BB-NAV-BACK" in texts and "BB-SETUP" in texts and "BB-AVANT-ENTRY" in texts
    assert "Nobody wins, and each side counts its gains less its losses" in texts
    assert "A (south) wins by a Triumph, which ends the game at once (rule: Triumph)" in texts
    # the last question's words: no 'seed', what a series is, why a score is below zero
    assert "the rules call that a drawn game (BB-DRAW)" in made[-1].explain
    assert "scores below zero" in made[-1].explain
    assert "parties nulles" not in texts and "carried on" not in texts
    assert "these points are added to the next game's score" in texts.replace("&#x27;", "'")


def test_whatif_from_code_compares_what_the_lab_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    space, made = _run("whatif.ipynb", monkeypatch)
    lab, frame = space["lab"], space["frame"]
    # the lab opens on the move limit, and the code compares the same two values, games, bots
    assert lab.setting.value == "max_plies"
    assert (lab.value_a.value, lab.value_b.value) == ("300", "60")
    assert (lab.bots, lab.games.value) == (["greedy", "random"], 10)
    assert frame.equals(lab.frame)
    # ... and the two settings give visibly different results
    a, b = (frame[frame["variant"] == v] for v in ("A", "B"))
    assert int(a["winner"].isna().sum()) < int(b["winner"].isna().sum())
    assert "still going at move 60" in move_limit_words(frame, 300, 60)
    # the table's rows name the limits, never "A: 300 moves" beside the players' "A wins"
    table = space["table"]
    assert list(table["move limit"]) == ["limit 300 moves", "limit 60 moves"]
    assert {"A wins", "B wins"} <= set(table.columns)
    # the page speaks to students: no code talk, no 'seed' for the dice
    notebook = nbformat.read(NOTEBOOKS / "whatif.ipynb", as_version=4)  # type: ignore[no-untyped-call]
    words = " ".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    for insider in ("from code", "the bots", "seed"):
        assert insider not in words
    assert "a row for each move limit" in words
    # the closing question's answer holds: the Triumph bonus changes none of these games
    assert len(made) == 1 and made[0].answer == "none"
    bonus = compare(
        "branle_bas", {"triumph_bonus": 1000}, {"triumph_bonus": 100}, games=10,
        bots=["greedy", "random"],
    )  # fmt: skip
    a, b = (bonus[bonus["variant"] == v].drop(columns="variant") for v in ("A", "B"))
    assert a.reset_index(drop=True).equals(b.reset_index(drop=True))
