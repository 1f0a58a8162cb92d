"""Every rule sentence of every seed is tested, and docs/rules/<game>.md says which test.

For each game the doc's sentence table (seed line, quoted sentence, clause ids, test names or
"departed: why") must agree with the citations the tests carry (``seedcite.Seed.cites``), with
the game's clause book and with the counts in the doc's header; and every non-blank line of the
seed must be either in a rule sentence or in the doc's table of lines that state no rule. The
checks are proven able to fail on planted faults at the bottom of this file.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from dataclasses import dataclass, field

import pytest
from seedcite import ROOT, SEED_FILES, Citation, Seed, citations_of, normalize

import navalkit

DOCS = ROOT / "docs" / "rules"
GAMES = sorted(SEED_FILES)
# Games whose seeds are not yet walked sentence by sentence: their checks are expected to fail
# (strict, so a game that starts passing must leave this set).
PENDING: set[str] = set()


def each_game() -> list[object]:
    pending = pytest.mark.xfail(strict=True, reason="not yet walked sentence by sentence")
    return [pytest.param(g, marks=pending) if g in PENDING else g for g in GAMES]


COUNTS = re.compile(r"\*\*Rule sentences: (\d+) · tested: (\d+) · departed from: (\d+)\*\*")
DEPARTED = "departed:"


@dataclass
class Row:
    line: int
    quote: str
    clauses: tuple[str, ...]
    tests: tuple[str, ...]
    departed: str = ""


@dataclass
class Doc:
    rows: list[Row] = field(default_factory=list)
    no_rule: set[int] = field(default_factory=set)
    counts: tuple[int, int, int] | None = None


def _cells(line: str) -> list[str]:
    inner = line.strip()[1:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def _numbers(text: str) -> set[int]:
    found: set[int] = set()
    for part in re.split(r"[,;]\s*", text):
        part = part.strip()
        m = re.fullmatch(r"(\d+)\s*[–-]\s*(\d+)", part)
        if m:
            found.update(range(int(m[1]), int(m[2]) + 1))
        elif part.isdigit():
            found.add(int(part))
        elif part:
            raise ValueError(f"not a line number or range: {part!r}")
    return found


def parse(text: str) -> Doc:
    """Read the doc's counts line, its sentence table and its no-rule table."""
    doc = Doc()
    m = COUNTS.search(text)
    if m:
        doc.counts = (int(m[1]), int(m[2]), int(m[3]))
    section = ""
    for raw in text.splitlines():
        if raw.startswith("## "):
            section = raw[3:].strip().casefold()
            continue
        if not raw.strip().startswith("|") or re.fullmatch(r"\|[\s|:-]+\|", raw.strip()):
            continue
        cells = _cells(raw)
        if section.startswith("rule sentences") and cells[0].isdigit():
            line, quote, clauses, tests = cells[0], cells[1], cells[2], cells[3]
            quote = quote.strip().strip('"“”')
            ids = tuple(c.strip() for c in clauses.split(",") if c.strip() not in {"", "—", "-"})
            if tests.casefold().startswith(DEPARTED):
                doc.rows.append(Row(int(line), quote, ids, (), tests[len(DEPARTED) :].strip()))
            else:
                names = tuple(t.strip().strip("`") for t in tests.split(",") if t.strip())
                doc.rows.append(Row(int(line), quote, ids, names))
        elif section.startswith("lines that state no rule") and re.match(r"\d", cells[0]):
            doc.no_rule |= _numbers(cells[0])
    return doc


def seed_test_citations(game: str) -> dict[str, tuple[Citation, ...]]:
    """Citations carried by the tests in tests/games/<g>/, keyed ``module::test``."""
    found: dict[str, tuple[Citation, ...]] = {}
    folder = ROOT / "tests" / "games" / game
    if str(folder) not in sys.path:  # the modules import their folder's helpers, as pytest allows
        sys.path.insert(0, str(folder))
    for path in sorted(folder.glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if ".cites(" not in text:
            continue
        spec = importlib.util.spec_from_file_location(f"_seedcheck_{game}_{path.stem}", path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name, marks in citations_of(vars(module)).items():
            found[f"{path.stem}::{name}"] = marks
    return found


def resolve(name: str, cited: dict[str, tuple[Citation, ...]]) -> str | None:
    """The ``module::test`` a doc cell names: in full, or by the test name alone if unique."""
    if name in cited:
        return name
    matches = [key for key in cited if key.split("::", 1)[1] == name]
    return matches[0] if len(matches) == 1 else None


def problems(game: str, doc: Doc, cited: dict[str, tuple[Citation, ...]]) -> list[str]:
    """Everything that keeps the doc, the tests, the clauses and the seed from agreeing."""
    seed = Seed(game)
    book = navalkit.get_game(game).clauses
    out: list[str] = []
    if not doc.rows:
        out.append("the doc has no rule sentences table")
    covered: set[int] = set()
    for row in doc.rows:
        span = seed.span(row.line, row.quote)
        if span is None:
            out.append(f"line {row.line}: the seed does not say {row.quote!r} there")
            span = range(row.line, row.line + 1)
        covered |= set(span)
        for cid in row.clauses:
            if cid not in book:
                out.append(f"line {row.line}: no clause {cid}")
        if not row.tests and not row.departed:
            out.append(f"line {row.line}: neither a test nor a recorded departure")
        if row.departed and len(row.departed) < 20:
            out.append(f"line {row.line}: a departure needs its reason, not {row.departed!r}")
        for name in row.tests:
            key = resolve(name, cited)
            if key is None:
                out.append(f"line {row.line}: no seed-citing test named {name} (or two)")
            elif not any(c.line == row.line for c in cited[key]):
                out.append(f"line {row.line}: {name} does not cite line {row.line}")
    listed = {(r.line, resolve(t, cited)) for r in doc.rows for t in r.tests}
    for name, marks in cited.items():
        for c in marks:
            if (c.line, name) not in listed:
                out.append(f"{name} cites line {c.line}, which the doc does not give to it")
            for cid in c.clauses:
                if cid not in book:
                    out.append(f"{name} names no-such clause {cid}")
    overlap = covered & doc.no_rule
    if overlap:
        out.append(f"lines both rule and no-rule: {sorted(overlap)}")
    blank = {n for n, text in enumerate(seed.lines, 1) if not text.strip()}
    missing = sorted(set(range(1, len(seed.lines) + 1)) - covered - doc.no_rule - blank)
    if missing:
        out.append(f"seed lines neither a rule sentence nor listed as no rule: {missing}")
    tested = sum(1 for r in doc.rows if r.tests)
    departed = sum(1 for r in doc.rows if r.departed and not r.tests)
    actual = (len(doc.rows), tested, departed)
    if doc.counts != actual:
        out.append(f"the counts line says {doc.counts}, the table gives {actual}")
    return out


def seed_clause_problems(game: str) -> list[str]:
    """SEED clauses must quote their seed: some run of four or more words found in it."""
    seed = Seed(game)
    out: list[str] = []
    for clause in navalkit.get_game(game).clauses:
        if clause.provenance != "SEED":
            continue
        pieces = re.split(r"['\"“”‘’«»]|\.\.\.|…|\[[^\]]*\]", clause.source)
        runs = [p.strip(" .,;:") for p in pieces if len(normalize(p).split()) >= 4]
        if not any(seed.contains(p) for p in runs):
            out.append(f"{clause.id} is SEED but quotes nothing from the seed: {clause.source!r}")
    return out


@pytest.mark.parametrize("game", each_game())
def test_every_rule_sentence_has_its_test(game: str) -> None:
    path = DOCS / f"{game}.md"
    assert path.exists(), f"docs/rules/{game}.md is missing"
    doc = parse(path.read_text(encoding="utf-8"))
    found = problems(game, doc, seed_test_citations(game))
    assert not found, f"docs/rules/{game}.md:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("game", each_game())
def test_seed_clauses_quote_the_seed(game: str) -> None:
    found = seed_clause_problems(game)
    assert not found, "\n".join(found)


def test_the_kept_seeds_are_the_originals() -> None:
    """docs/rules/seeds/ holds the seed texts unchanged (checked when the originals are at hand)."""
    originals = ROOT.parent / "shared" / "seeds"
    for game, name in SEED_FILES.items():
        kept = Seed(game).path
        assert kept.exists(), f"{kept} is missing"
        if (originals / name).exists():
            assert kept.read_bytes() == (originals / name).read_bytes(), (
                f"{kept} differs from {name}"
            )


# --- the checks can fail -------------------------------------------------------------------


def test_a_misquote_fails_at_import_and_points_to_the_right_line() -> None:
    seed = Seed("naval_war")
    line = next(n for n, text in enumerate(seed.lines, 1) if len(text.split()) > 6)
    words = " ".join(seed.line(line).split()[:5])
    assert seed.span(line, words) == range(line, line + 1) or seed.span(line, words)
    with pytest.raises(AssertionError, match=f"starts on line {line}"):
        seed.cites(line + 1 if line + 1 <= len(seed.lines) else line - 1, words)
    with pytest.raises(AssertionError, match="not in the seed at all"):
        seed.cites(line, "a sentence no seed contains, zebra quartz")


def test_the_doc_check_catches_each_planted_fault() -> None:
    seed = Seed("naval_war")
    line = next(n for n, text in enumerate(seed.lines, 1) if len(text.split()) > 6)
    words = " ".join(seed.line(line).split()[:5])
    others = {n for n in range(1, len(seed.lines) + 1)} - {line}
    good = Doc([Row(line, words, (), ("test_x",))], others, (1, 1, 0))
    cited = {"test_seed::test_x": (Citation("naval_war", line, words),)}
    assert problems("naval_war", good, cited) == []
    faults = {
        "wrong count": Doc(good.rows, good.no_rule, (2, 1, 0)),
        "uncovered line": Doc(good.rows, others - {max(others)}, (1, 1, 0)),
        "misquote": Doc([Row(line, "zebra quartz", (), ("test_x",))], others, (1, 1, 0)),
        "no test": Doc([Row(line, words, (), ())], others, (1, 0, 0)),
        "bad clause": Doc([Row(line, words, ("NW-NO-SUCH",), ("test_x",))], others, (1, 1, 0)),
        "unknown test": Doc([Row(line, words, (), ("test_y",))], others, (1, 1, 0)),
    }
    for name, doc in faults.items():
        assert problems("naval_war", doc, cited), f"the check missed: {name}"
    extra = {**cited, "test_seed::test_z": (Citation("naval_war", line, words),)}
    assert problems("naval_war", good, extra), "the check missed: a citation the doc omits"


def test_the_doc_parser_reads_rows_departures_and_ranges() -> None:
    text = (
        "**Rule sentences: 2 · tested: 1 · departed from: 1**\n\n"
        "## Rule sentences\n\n| line | the seed says | clause | test |\n|---|---|---|---|\n"
        '| 4 | "Deal five \\| cards" | NW-DEAL, NW-X | test_a, `test_b` |\n'
        '| 7 | "Red cards" | — | departed: the seed contradicts itself here, see NW-RED |\n\n'
        "## Lines that state no rule\n\n| lines | what they are |\n|---|---|\n| 1–3, 5 | title |\n"
    )
    doc = parse(text)
    assert doc.counts == (2, 1, 1)
    assert doc.rows[0] == Row(4, "Deal five | cards", ("NW-DEAL", "NW-X"), ("test_a", "test_b"))
    assert doc.rows[1].departed.startswith("the seed contradicts")
    assert doc.no_rule == {1, 2, 3, 5}


def test_the_rules_index_gives_each_games_counts() -> None:
    """docs/rules/README.md lists every game with the counts its own page states."""
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for game in sorted(set(GAMES) - PENDING):
        counts = parse((DOCS / f"{game}.md").read_text(encoding="utf-8")).counts
        assert counts is not None, f"docs/rules/{game}.md has no counts line"
        row = next((r for r in index.splitlines() if f"]({game}.md)" in r), None)
        assert row is not None, f"docs/rules/README.md does not link {game}.md"
        numbers = tuple(int(c) for c in _cells(row)[2:5])
        assert numbers == counts, f"README says {numbers} for {game}, its page says {counts}"
