"""What the Naval War lesson and what-if pages show a student: answers lead with a rule's
title, the lesson's boards draw no buttons that would do nothing there, the salvo question
agrees with the board under it, and no insider words."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from navalkit.games.naval_war import GAME
from navalkit.games.naval_war.data import CARDS, SHIPS
from navalkit.games.naval_war.draw import draw
from navalkit.games.naval_war.explain import (
    CreditExplainer,
    SalvoChecker,
    SquadronExplainer,
)
from navalkit.render.scene import Scene, Text
from navalkit.testing.words import seed_words

NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks" / "naval_war"
BUTTONS = ("Draw", "Launch air strikes", "Play (no target)", "Hold strike")


def _text(name: str) -> str:
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"])


def _words(scene: Scene) -> set[str]:
    return {op.text for layer in scene.layers for op in layer.ops if isinstance(op, Text)}


def _ids(scene: Scene) -> set[str]:
    return {r.id for r in scene.regions}


def test_the_play_page_board_has_its_buttons_and_a_lesson_board_has_none() -> None:
    checker = SalvoChecker()
    view = GAME.observe(checker.match.state, checker.seat)
    full, bare = draw(view), draw(view, buttons=False)
    assert set(BUTTONS) <= _words(full) and {"draw", "launch"} <= _ids(full)
    assert not set(BUTTONS) & _words(bare)
    assert not {"draw", "launch", "play", "hold"} & _ids(bare)


def _shown(board: Any) -> Scene:
    scene = board.scene
    assert scene is not None
    return scene


def test_the_lesson_boards_of_salvos_and_the_squadron_draw_no_buttons() -> None:
    for widget in (SalvoChecker(), SquadronExplainer(victim=1, roll=3)):
        scene = _shown(widget.board)
        assert not set(BUTTONS) & _words(scene), type(widget).__name__
        assert "Player 1's hand" in _words(scene)
    checker = SalvoChecker()
    checker.click("ship:0")  # a click before a card: the checker answers, no button drawn
    assert not set(BUTTONS) & _words(_shown(checker.board))


def test_the_deal_picture_caption_does_not_promise_buttons() -> None:
    lesson = _text("lesson.ipynb")
    assert "its buttons work on the play page" not in lesson
    assert "(a picture: you play on the play page)" in lesson


def test_the_salvo_question_agrees_with_the_board_under_it() -> None:
    lesson = _text("lesson.ipynb")
    assert 'Player 1 holds a Salvo 16" ×1 card, but none of his ships has 16" guns.' in lesson
    checker = SalvoChecker()
    state = checker.match.state
    assert checker.seat == 0  # Player 1
    fleet = [SHIPS[s].label for s in state.fleets[0]]
    assert not [f for f in fleet if '16"' in f]
    assert 'Mogami (8", 4)' in fleet
    hand = [CARDS[c].label for c in state.hands[0]]
    assert 'Salvo 16" ×1' in hand
    rows = {r["card"]: r["can fire"] for r in checker.rows()}
    assert rows['Salvo 16" ×1'] == "no" and rows['Salvo 8" ×3'] == "yes"
    assert 'Below is his table: his Mogami has 8" guns, so ' in lesson
    assert 'his Salvo 8" ×3 can fire, but nothing fires the 16" card.' in lesson


def test_answers_and_tables_lead_with_the_rule_title_not_its_id() -> None:
    lesson = _text("lesson.ipynb")
    assert not re.search(r'explain=f?"NW-', lesson)
    for title, rid in (("Red cards", "NW-RED"), ("Salvos", "NW-SALVO")):
        assert GAME.clauses[rid].title == title
        assert f'explain="{title}: ' in lesson
    assert GAME.clauses["NW-DS"].title == "Destroyer Squadron"
    assert 'explain="Destroyer Squadron: you choose' in lesson
    # the dice table and the settings table name each rule by its title alone: an id after
    # it read as code, and "Kamikaze (optional) (NW-KAMIKAZE)"
    assert '"rule": GAME.clauses[r["rule"]].title,' in lesson
    assert not re.search(r'explain=f?"[A-Z][A-Za-z ]*\(NW-', lesson)  # a title, then an id
    assert "Table(settings_frame(GAME)" in lesson  # settings_frame: tests/widgets/test_lesson.py


def test_the_credit_explainer_says_who_scores_a_minefield_sinking_in_plain_words() -> None:
    credit = CreditExplainer(ship="Bismarck", blows="P1:3, P2:2, P3:4")
    assert "a ship a minefield sinks scores for the player who laid the mines" in (
        credit.answer.value
    )
    assert "goes to its layer" not in credit.answer.value


def test_the_whatif_does_not_say_seeded() -> None:
    whatif = _text("whatif.ipynb")
    assert "the same games, with the same cards and dice," in whatif
    assert not seed_words(whatif)


def test_the_rule_tables_say_source_and_the_odds_slider_says_tries() -> None:
    from navalkit.games.naval_war.explain import OddsExplainer

    lesson = _text("lesson.ipynb")
    assert 'rules = rules.rename(columns={"provenance": "source"})' in lesson
    assert "Table(settings_frame(GAME)" in lesson  # in words: tests/widgets/test_lesson.py
    assert OddsExplainer(kind="air_strike", strikes=2).trials.description == "Tries:"
