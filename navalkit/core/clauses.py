"""Rule clauses: every rule has an id and a provenance that errors and explainers cite."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Literal

from .words import listing

Provenance = Literal["SEED", "SRC", "HOUSE"]

PROVENANCE_MEANING: dict[str, str] = {
    "SEED": "stated by the original rules text",
    "SRC": "added from a public source about the game",
    "HOUSE": "our reconstruction where the sources are silent; a teacher may switch it",
}


@dataclass(frozen=True, slots=True)
class Clause:
    """One rule clause.

    ``source`` quotes the seed line (SEED), names the source (SRC), or gives the
    reasoning (HOUSE). ``setting`` names the Config field that switches a HOUSE rule.
    """

    id: str
    title: str
    text: str
    provenance: Provenance
    source: str = ""
    setting: str | None = None


@dataclass(frozen=True, slots=True)
class Source:
    """A public source that rules cite by its code ("[W2]"): what it is, in words a teacher
    can judge it by, and where to read it ("" for one that has no address)."""

    words: str
    url: str = ""


#: a source's code as rules cite it: "[W2]", "[N1]"
CITED = re.compile(r"\[([A-Z]\d+)\]")


class ClauseBook:
    """The clauses of one game, looked up by id."""

    def __init__(
        self, clauses: Iterable[Clause], sources: Mapping[str, Source] | None = None
    ) -> None:
        sources = sources or {}
        self._by_id: dict[str, Clause] = {}
        named: set[str] = set()
        for clause in clauses:
            if clause.id in self._by_id:
                raise ValueError(f"duplicate rule clause id {clause.id!r}")
            if clause.provenance not in PROVENANCE_MEANING:
                raise ValueError(f"clause {clause.id}: bad provenance {clause.provenance!r}")
            codes = set(CITED.findall(clause.text + clause.source))
            unknown = codes - set(sources)
            if unknown:
                raise ValueError(f"clause {clause.id} cites {sorted(unknown)}: not in its sources")
            named |= codes
            self._by_id[clause.id] = clause
        #: the sources the rules cite by code (:data:`CITED`), in the order of their codes
        self.sources = {code: sources[code] for code in sorted(sources, key=_code_order)}
        self._cited = {code: s for code, s in self.sources.items() if code in named}

    def cited(self) -> dict[str, Source]:
        """The sources some rule cites, by code, in order ("[W2]" before "[W10]")."""
        return dict(self._cited)

    def __getitem__(self, rule_id: str) -> Clause:
        return self._by_id[rule_id]

    def get(self, rule_id: str) -> Clause | None:
        return self._by_id.get(rule_id)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._by_id

    def __iter__(self) -> Iterator[Clause]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def cite(self, rule_id: str, *more: str) -> str:
        """The rules by their titles, in the words a student reads: "rule: Winning the game",
        "rules: Fire arcs and Hit table" (an id stays in the rules panel and a tooltip: "rule
        NM-GAME-END" read as code). A KeyError for an unknown id, so a typo fails a test."""
        titles = [self._by_id[r].title for r in (rule_id, *more)]
        return f"{'rule' if len(titles) == 1 else 'rules'}: {listing(titles)}"

    def table(self) -> list[dict[str, str]]:
        """Rows for a pandas table or an HTML rules card."""
        return [
            {
                "id": c.id,
                "title": c.title,
                "provenance": c.provenance,
                "rule": c.text,
                "source": c.source,
                "setting": c.setting or "",
            }
            for c in self
        ]


def _code_order(code: str) -> tuple[str, int]:
    return code[0], int(code[1:])
