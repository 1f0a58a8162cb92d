"""Appending a table of figures to a benchmark's Markdown record, with when and under what
load it was measured (shared by the benchmark scripts)."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path


def append_table(path: Path, heading: str, rows: list[str], note: str = "") -> None:
    """Append ``## heading (time, load)``, an optional note and the table ``rows``."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    text = f"\n## {heading} ({stamp}, load {load})\n\n" + (f"{note}\n\n" if note else "")
    with path.open("a", encoding="utf-8") as out:
        out.write(text + "\n".join(rows) + "\n")


def add_row(path: Path, row: str, new_file: str) -> None:
    """Add ``row`` under the last row of the file's first table (what follows it, notes or
    other tables, stays below); a file that does not exist yet starts as ``new_file``."""
    lines = (path.read_text(encoding="utf-8") if path.exists() else new_file).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("|"))
    end = first
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    lines.insert(end, row)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
