"""Checks on the words a game shows its players in the rules panel and the settings: no code
names (``nine_deal``, ``data.MANIFESTS``, ``round(n/5)``), no ``name = value`` assignments and
no file paths (``benchmarks/x.py``, ``docs/rules/x.md``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from navalkit.core.config import value_words
from navalkit.play.how_to import HOW_TO_PAGES, how_to_play_text

#: what gives code away in a sentence, each with the reason a test prints
CODE = (
    (re.compile(r"\b\w*[A-Za-z0-9]_[A-Za-z0-9]\w*\b"), "a name with an underscore"),
    # x=1, x='from', x = "from" (not a sum in words: "VP = merchants + station VP")
    (re.compile(r"\w=[^\s=]|\w+\s*=\s*['\"]"), "an assignment"),
    (re.compile(r"[\w./-]+\.(?:py|md|json|ipynb|csv)\b"), "a file path"),
    # data.MANIFESTS (not a web address: grognard.com, a blog's wordpress.com)
    (
        re.compile(r"\b[a-z_]+\.(?!(?:com|org|net|fr|wordpress)\b)[A-Za-z_]+\b"),
        "a dotted code name",
    ),
    (re.compile(r"\b[a-z_]+\([a-z_]"), "a function call"),
)


#: our working words a student does not share: the rules digest, the scan's OCR, the engine
JARGON = re.compile(r"\b(digest|OCR|engine)\b", re.IGNORECASE)


#: a rule's id (NM-GAME-END, BB-TIME, AOS-VICTORY-POINTS): the rules panel lists each rule by
#: it, but a sentence cites a rule by its title (ClauseBook.cite: "rule: Winning the game")
RULE_ID = re.compile(r"\b[A-Z]{2,3}-[A-Z][A-Z0-9-]+\b")


def rule_ids(text: str) -> list[str]:
    """Each rule id in ``text`` ('NM-GAME-END' in "... (rule NM-GAME-END)")."""
    return RULE_ID.findall(text)


#: the word "seed" as a reader meets it ("seed", "seeded", "seeds"): our developers' word for
#: the original rules text, which the pages name in plain words ("the French rule sheet"), and a
#: number a game's chance comes from is its "game number"; the SEED badge, in capitals, is not it
SEED_WORD = re.compile(r"\b[Ss]eed(ed|s)?\b")
#: a seed given in code (``seed=3``), which a notebook's code cells may hold
SEED_IN_CODE = re.compile(r"seed=\d+")


def seed_words(text: str, *, in_code: bool = True) -> list[str]:
    """Each "seed" word in ``text`` (SEED_WORD); with ``in_code`` False, not those of code
    that gives a seed (``seed=3``)."""
    if not in_code:
        text = SEED_IN_CODE.sub("", text)
    return [m.group(0) for m in SEED_WORD.finditer(text)]


def code_names(text: str) -> list[str]:
    """Each piece of code in ``text``, with why it is code ('a file path: docs/x.md'), and
    each of our working words (JARGON)."""
    found = [f"{why}: {m.group(0)}" for pattern, why in CODE for m in pattern.finditer(text)]
    return found + [f"our working word: {m.group(0)}" for m in JARGON.finditer(text)]


def player_texts(game: Any) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of ``game`` a player reads in the rules panel and the
    settings: each rule's title, rule and note, each setting's label, help and choices (as
    the settings list shows them), what each version of the rules changed, and how to play (as
    the play page and a seat at a table show it)."""
    for c in game.clauses:
        for part, text in (("title", c.title), ("rule", c.text), ("note", c.source)):
            yield f"{c.id} {part}", text
    for row in game.settings():
        yield f"setting {row['label']!r} label", str(row["label"])
        yield f"setting {row['label']!r} help", str(row["help"])
        field = game.config_type.__dataclass_fields__[row["setting"]]
        for choice in field.metadata.get("choices") or ():
            yield f"setting {row['label']!r} choice", value_words(choice, field)
    for v in game.rules_history:
        yield f"rules version {v.number}", v.changes
    for page in HOW_TO_PAGES:  # as each page shows it (the marks left out)
        if text := how_to_play_text(game, page):
            yield f"how to play ({page} page)", text


def setting_labels(game: Any) -> dict[str, str]:
    """Each setting's code name and the label a page shows for it."""
    return {str(row["setting"]): str(row["label"]) for row in game.settings()}
