"""Seed citations: a test names the seed sentence it proves, by line and quote.

The seed texts (the original rules as we received them, garbled or not) are kept verbatim in
``docs/rules/seeds/<game>.txt``. A sentence-by-sentence test says which sentence it proves::

    from seedcite import Seed

    SEED = Seed("far_seas")

    @SEED.cites(17, "Every extra ship or squadron reduces the roll by 1", clause="FS-SEARCH")
    def test_each_extra_searcher_takes_one_off_the_roll() -> None: ...

The quote must start on that line (it may run on to the next lines); spacing, case and
the shape of quote marks do not matter. A wrong line or a misquote fails when the test module
is imported, naming the line where the quote really is. ``tests/test_seed_rules.py`` reads
``docs/rules/<game>.md`` and checks that its sentence table, the tests' citations, the
clause ids and the counts agree, and that every line of the seed is accounted for.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "docs" / "rules" / "seeds"
# The project's seed files, kept under the games' names (the original file names, for the record).
SEED_FILES = {
    "nautic_miles": "000_2b904aabea635fe3.txt",
    "far_seas": "001_eed5dcefe3a8f3f4.txt",
    "age_of_sail": "002_b781a49d22ee0f42.txt",
    "branle_bas": "003_506c6844a4a8ef43.txt",
    "naval_war": "004_5e58702ce74058ba.txt",
}
# A quote may run on over this many lines after the one it starts on.
RUN_ON = 6

F = TypeVar("F", bound=Callable[..., object])

_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "«": '"', "»": '"', "`": "'"})


def normalize(text: str) -> str:
    """Fold case, accents' composed forms, quote marks and runs of spaces."""
    text = unicodedata.normalize("NFC", text).translate(_QUOTES).casefold()
    return re.sub(r"\s+", " ", text).strip()


@dataclass(frozen=True, slots=True)
class Citation:
    """One seed sentence a test proves: the game, its line (1-based) and the quoted words."""

    game: str
    line: int
    quote: str
    clauses: tuple[str, ...] = ()

    def lines(self) -> range:
        """The seed lines the quote covers."""
        seed = Seed(self.game)
        span = seed.span(self.line, self.quote)
        return span if span is not None else range(self.line, self.line + 1)


class SeedCitationError(AssertionError):
    """A test cites a line that does not say what the test quotes."""


class Seed:
    """One game's seed text, by line (line 1 is the first line of the file)."""

    def __init__(self, game: str) -> None:
        if game not in SEED_FILES:
            raise KeyError(f"no seed text for {game!r}; known: {', '.join(SEED_FILES)}")
        self.game = game
        self.path = SEEDS / f"{game}.txt"
        self.lines = _read(self.path)

    def line(self, number: int) -> str:
        return self.lines[number - 1]

    def span(self, line: int, quote: str) -> range | None:
        """The lines the quote covers when it starts on ``line``, else None."""
        if not 1 <= line <= len(self.lines):
            return None
        wanted = normalize(quote)
        if not wanted:
            return None
        first = normalize(self.lines[line - 1])
        text = first
        for extra in range(RUN_ON + 1):
            end = line + extra
            if extra:
                if end > len(self.lines):
                    break
                text = f"{text} {normalize(self.lines[end - 1])}".strip()
            at = text.find(wanted)
            if at != -1 and at < len(first) and first:
                covered = len(normalize(" ".join(self.lines[line - 1 : end])))
                return range(line, end + 1) if covered else None
        return None

    def find(self, quote: str) -> list[int]:
        """Every line on which the quote starts (for error messages and the docs check)."""
        return [n for n in range(1, len(self.lines) + 1) if self.span(n, quote) is not None]

    def contains(self, quote: str) -> bool:
        """True when the quote appears anywhere in the seed (across line breaks too)."""
        return normalize(quote) in normalize(" ".join(self.lines))

    def check(self, line: int, quote: str) -> range:
        """The lines the quote covers; a SeedCitationError that points to the right line if not."""
        span = self.span(line, quote)
        if span is None:
            where = self.find(quote)
            hint = (
                f"it starts on line {', '.join(map(str, where))}"
                if where
                else "it is not in the seed at all (check the spelling against the text)"
            )
            shown = self.lines[line - 1] if 0 < line <= len(self.lines) else "(no such line)"
            raise SeedCitationError(
                f"{self.game} seed line {line} does not say {quote!r}; {hint}. "
                f"Line {line} reads: {shown!r}"
            )
        return span

    def cites(
        self, line: int, quote: str, *, clause: str | tuple[str, ...] = ()
    ) -> Callable[[F], F]:
        """Mark a test as proving the seed sentence at ``line`` (checked now, at import)."""
        self.check(line, quote)
        clauses = (clause,) if isinstance(clause, str) else tuple(clause)
        citation = Citation(self.game, line, quote, clauses)

        def mark(test: F) -> F:
            existing = getattr(test, "seed_citations", ())
            test.seed_citations = (*existing, citation)  # type: ignore[attr-defined]
            return test

        return mark


@cache
def _read(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def citations_of(namespace: dict[str, object]) -> dict[str, tuple[Citation, ...]]:
    """The citations carried by the test functions (and test-class methods) of a module."""
    found: dict[str, tuple[Citation, ...]] = {}
    for name, value in namespace.items():
        if name.startswith("test") and callable(value):
            cites = getattr(value, "seed_citations", ())
            if cites:
                found[name] = tuple(cites)
        if name.startswith("Test") and isinstance(value, type):
            for attr, member in vars(value).items():
                cites = getattr(member, "seed_citations", ())
                if attr.startswith("test") and cites:
                    found[f"{name}::{attr}"] = tuple(cites)
    return found
