"""Checks on the words a game shows its players in the rules panel and the settings: no code
names (``nine_deal``, ``data.MANIFESTS``, ``round(n/5)``), no ``name = value`` assignments and
no file paths (``benchmarks/x.py``, ``docs/rules/x.md``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

#: what gives code away in a sentence, each with the reason a test prints
CODE = (
    (re.compile(r"\b\w*[A-Za-z0-9]_[A-Za-z0-9]\w*\b"), "a name with an underscore"),
    (re.compile(r"\b[A-Za-z_]\w*\s*==?\s*\S"), "an assignment"),
    (re.compile(r"[\w./-]+\.(?:py|md|json|ipynb|csv)\b"), "a file path"),
    (re.compile(r"\b[a-z_]+\.[A-Za-z_]+\b(?<!\.\.)"), "a dotted code name"),
    (re.compile(r"\b[a-z_]+\([a-z_]"), "a function call"),
)


def code_names(text: str) -> list[str]:
    """Each piece of code in ``text``, with why it is code ('a file path: docs/x.md')."""
    return [f"{why}: {m.group(0)}" for pattern, why in CODE for m in pattern.finditer(text)]


def player_texts(game: Any) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of ``game`` a player reads in the rules panel and the
    settings: each rule's title, rule and note, each setting's label and help, and what each
    version of the rules changed."""
    for c in game.clauses:
        for part, text in (("title", c.title), ("rule", c.text), ("note", c.source)):
            yield f"{c.id} {part}", text
    for row in game.settings():
        yield f"setting {row['label']!r} label", str(row["label"])
        yield f"setting {row['label']!r} help", str(row["help"])
    for v in game.rules_history:
        yield f"rules version {v.number}", v.changes


def setting_labels(game: Any) -> dict[str, str]:
    """Each setting's code name and the label a page shows for it."""
    return {str(row["setting"]): str(row["label"]) for row in game.settings()}
