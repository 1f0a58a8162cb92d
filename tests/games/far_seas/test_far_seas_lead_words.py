"""Far Seas says the lead the raiders need to win in plain words, never by the golfing word
"par": the rules panel, the settings, the status line and the end of a game, the series line,
the what-if lab and the rules doc all call it "the lead the raiders need", and say why it is
there."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fs_helpers import setup

import navalkit.games.far_seas as far_seas
from navalkit._paths import notebooks_dir
from navalkit.games.far_seas import CLAUSES, GAME, rules
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.state import OVER, START, evolve
from navalkit.play.guide import RULE_CLASS, clauses_html
from navalkit.testing.words import player_texts
from navalkit.widgets.whatif import WhatIfLab

ROOT = Path(__file__).resolve().parents[3]
PAR = re.compile(r"\bpars?\b", re.IGNORECASE)
TERM = "the lead the raiders need"


def widget_texts(widget: Any) -> Iterator[str]:
    """Every text a widget tree shows: values, descriptions, options, tooltips."""
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            yield value
    for option in getattr(widget, "options", ()) or ():
        yield str(option[0] if isinstance(option, tuple) else option)
    for child in getattr(widget, "children", ()) or ():
        yield from widget_texts(child)


def module_strings(path: Path) -> Iterator[str]:
    """The string constants of a module's code, f-string parts included, docstrings left out
    (a student reads what the code says, not how it is documented)."""
    tree = ast.parse(path.read_text())
    docstrings = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node.value


def finished(gvp: tuple[int, int, int, int], avp: int, par: int) -> Any:
    state = setup({"Emden": (26, START)}, turn=12, german_par=par)
    return evolve(state, gvp=gvp, avp=avp, phase=OVER)


def reader_texts() -> Iterator[tuple[str, str]]:
    yield from player_texts(GAME)
    yield "rules panel", clauses_html(GAME)
    for par in (0, 20, 245):
        config = Config(german_par=par)
        yield f"victory words at {par}", GAME.victory_words(config)
        yield f"goal words at {par}", rules.goal_words(par)
        for gvp, avp in (((235, 10, 0, 9), 4), ((235, 10, 0, 9), 9), ((5, 0, 0, 0), 25)):
            state = finished(gvp, avp, par)
            yield f"end of a game at {par}", GAME.status(state)
        playing = setup({"Emden": (26, START)}, german_par=par)
        yield f"status at {par}", GAME.status(playing)
    yield "series line", GAME.series_note
    package = Path(far_seas.__file__).parent
    for module in ("rules", "game", "clauses", "config", "explain", "observe", "draw"):
        for text in module_strings(package / f"{module}.py"):
            yield f"{module}.py words", text
    for page in ("lesson", "play", "whatif"):
        cells = json.loads((notebooks_dir() / "far_seas" / f"{page}.ipynb").read_text())["cells"]
        for cell in cells:
            yield f"{page} notebook", "".join(cell["source"])
    yield "rules doc", (ROOT / "docs" / "rules" / "far_seas.md").read_text()


def test_no_reader_facing_far_seas_text_says_par() -> None:
    said = [(where, text) for where, text in reader_texts() if PAR.search(text)]
    assert not said, said
    # and the check itself catches the word, not the setting's code name or the script's
    assert PAR.search("the par is 0") and PAR.search("Par 245")
    assert not PAR.search("german_par and benchmarks/far_seas_par.py, parts, compare")


def test_the_what_if_lab_on_the_lead_says_par_nowhere() -> None:
    lab = WhatIfLab("far_seas", setting="german_par", games=2, values=(245, 0))
    lab.bots = ["random", "random"]
    lab.run()
    shown = " ".join(widget_texts(lab.widget))
    assert "Lead the raiders need to win (VP)" in shown
    assert f"{TERM} is 0" in shown and f"that is {TERM}" in shown
    assert not PAR.search(shown), PAR.findall(shown)


@pytest.mark.parametrize(
    "text",
    [
        CLAUSES["FS-VICTORY"].source,
        Config.__dataclass_fields__["german_par"].metadata["help"],
        (ROOT / "docs" / "rules" / "far_seas.md").read_text(),
    ],
    ids=["rules panel note", "setting help", "rules doc"],
)
def test_the_lead_is_named_and_said_why_it_is_there(text: str) -> None:
    """One term, and one sentence on what it is and why: merchants are worth far more than
    the raiders, so with no lead needed the German nearly always wins; 245 gives each side
    about an even chance."""
    flat = " ".join(text.split()).lower()
    assert TERM in flat
    assert "worth far more vp than the raiders themselves" in flat
    assert "with no lead needed the german nearly always wins" in flat
    assert "each side has about an even chance" in flat or "each side about an even chance" in flat


def test_the_rules_panel_still_shows_it_is_a_house_rule() -> None:
    victory = CLAUSES["FS-VICTORY"]
    assert victory.provenance == "HOUSE"
    assert f"more than {TERM} (house default 245 VP)" in victory.text
    rows = clauses_html(GAME).split(f"class='{RULE_CLASS}'")
    (row,) = [r for r in rows if ">FS-VICTORY</code>" in r]
    assert ">HOUSE</span>" in row and f"more than {TERM} (house default 245 VP)" in row
    (setting,) = [r for r in GAME.settings() if r["setting"] == "german_par"]
    assert setting["label"] == "Lead the raiders need to win (VP)"
    assert setting["provenance"] == "HOUSE" and setting["default"] == Config().german_par == 245
