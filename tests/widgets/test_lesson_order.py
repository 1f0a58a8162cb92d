"""A lesson never shows an explorer before the words that say what to do with it.

Every lesson page is read top to bottom by a student who meets each interactive explorer
(a class of the game's ``explain`` module: a move explorer, a calculator, a simulator) where
it stands. So each explorer is either

- revealed by a question (a ``Predict``'s ``then``) whose words, shown just above it once the
  student has answered, tell what to do with it ("Try...", "Change...", "Click..."); or
- shown beside the question it illustrates (in the same cell: a picture the question asks
  about); or
- shown on its own right after a text cell whose last paragraph tells what to do with it.

Branle-Bas' move explorer stood after a table, its "Try the explorer" words a screen above it,
and before the question on the moves it would have answered.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).parents[2] / "notebooks"
GAMES = ["age_of_sail", "branle_bas", "far_seas", "nautic_miles", "naval_war"]
QUESTIONS = {"Predict", "ask"}  # naval_war's lesson asks through a Predict of its own, ask()

#: a clause that tells the student to do something: an imperative at a sentence's or a
#: clause's start ("Try other ships below.", "...: turn her with the buttons")
INSTRUCTION = re.compile(
    r"(?:^|[.:;!?]\s+|\band\s+|\bor\s+)"
    r"(?:now\s+)?(?:try|choose|click|pick|change|move|press|turn|switch|put|drag|roll)\b",
    re.IGNORECASE,
)


def explorers(game: str) -> set[str]:
    """The names of the interactive explorers the game's explain module defines."""
    module = importlib.import_module(f"navalkit.games.{game}.explain")
    return {
        name
        for name, cls in inspect.getmembers(module, inspect.isclass)
        if cls.__module__ == module.__name__ and hasattr(cls, "_repr_mimebundle_")
    }


def words(node: ast.AST) -> str:
    """Every string written in ``node``, one after another."""
    parts = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            parts.append(sub.value)
    return " ".join(parts)


def call_name(node: ast.AST) -> str:
    if isinstance(node, ast.Call):
        func = node.func
        return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return ""


def cell_explorers(source: str, names: set[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """The explorers a cell shows directly, and those a question reveals, each with the
    question's words: ([name], [(name, words)])."""
    tree = ast.parse(source)
    instances = {}  # variable -> explorer class made into it
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and call_name(node.value) in names:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    instances[target.id] = call_name(node.value)

    def named(node: ast.AST) -> set[str]:
        found = set()
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and sub.id in names:
                found.add(sub.id)
            if isinstance(sub, ast.Name) and sub.id in instances:
                found.add(instances[sub.id])
        return found

    revealed, inside = [], set()
    for node in ast.walk(tree):
        if call_name(node) in QUESTIONS:
            assert isinstance(node, ast.Call)
            # what a question uses (its answer worked out by an explorer) is not on the page
            inside |= {id(sub) for sub in ast.walk(node)}
            for keyword in node.keywords:
                if keyword.arg == "then":
                    revealed += [(name, words(node)) for name in sorted(named(keyword.value))]
    # what the cell shows: its last expression (Voila shows its value) and anything displayed
    shown_nodes = []
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        shown_nodes.append(tree.body[-1].value)
    shown_nodes += [n for n in ast.walk(tree) if call_name(n) == "display"]
    shown = set()
    for top in shown_nodes:
        for sub in ast.walk(top):
            if id(sub) in inside:
                continue
            if isinstance(sub, ast.Name) and sub.id in instances:
                shown.add(instances[sub.id])
            if isinstance(sub, ast.Call) and call_name(sub) in names:
                shown.add(call_name(sub))
    return sorted(shown), revealed


def lesson_cells(game: str) -> list[dict]:
    with open(NOTEBOOKS / game / "lesson.ipynb", encoding="utf-8") as f:
        return json.load(f)["cells"]


def test_the_check_catches_an_explorer_after_a_table() -> None:
    """The check itself: an explorer right after a code cell (a table) is caught, one right
    after words telling what to do with it is not."""
    names = {"MoveExplorer"}
    assert cell_explorers('MoveExplorer(kind="cuirasse")', names) == (["MoveExplorer"], [])
    assert cell_explorers("x = MoveExplorer()\nPredict('Q?', then=lambda: x)", names) == (
        [],
        [("MoveExplorer", "Q?")],
    )
    assert INSTRUCTION.search("It sinks. Try other ships below.")
    assert INSTRUCTION.search("The wheel shows every heading: turn her with the buttons")
    assert not INSTRUCTION.search("Her move is 15 cm, and the turn costs 2 cm.")


@pytest.mark.parametrize("game", GAMES)
def test_every_explorer_comes_after_words_saying_what_to_do(game: str) -> None:
    names = explorers(game)
    cells = lesson_cells(game)
    met = 0
    for k, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        shown, revealed = cell_explorers(source, names)
        for name, said in revealed:
            met += 1
            if name in shown:  # already on the page, the answer only adds its words
                continue
            assert INSTRUCTION.search(said), (
                f"{game} lesson, cell {k}: the question that reveals the {name} never says "
                f"what to do with it: {said!r}"
            )
        beside = any(call_name(n) in QUESTIONS for n in ast.walk(ast.parse(source)))
        for name in shown:
            met += 1
            if beside:  # in one row with the question that asks about it
                continue
            before = cells[k - 1]
            assert before["cell_type"] == "markdown", (
                f"{game} lesson, cell {k}: the {name} follows a code cell, not the words that "
                "introduce it"
            )
            last = "".join(before["source"]).strip().split("\n\n")[-1]
            assert INSTRUCTION.search(last), (
                f"{game} lesson, cell {k}: the words right above the {name} do not say what "
                f"to do with it: {last!r}"
            )
    assert met, f"{game}: no explorer found in the lesson (has the check gone blind?)"


def test_branle_bas_move_explorer_follows_its_question() -> None:
    """Branle-Bas' move explorer comes after the question on the pieces' moves (it answered
    it), in a section of its own words."""
    cells = lesson_cells("branle_bas")
    sources = ["".join(c["source"]) for c in cells]
    explorer = next(k for k, s in enumerate(sources) if s.startswith("MoveExplorer("))
    question = next(k for k, s in enumerate(sources) if "May it move backwards" in s)
    assert question < explorer
    assert cells[explorer - 1]["cell_type"] == "markdown"
    assert "click" in sources[explorer - 1].lower()
