"""Where every Last Buoy rule comes from. A real game quotes its seed text here: provenance
SEED (the original text, with its line), SRC (a published source) or HOUSE (our
reconstruction, switchable in :mod:`.config`)."""

from __future__ import annotations

from navalkit.core.clauses import Clause, ClauseBook

CLAUSES = ClauseBook(
    [
        Clause(
            "TPL-PLAYERS",
            "Two captains",
            "Two captains take turns; each turn is one sweep.",
            "HOUSE",
            source="The template's own rule: a new game replaces it with its seed's.",
        ),
        Clause(
            "TPL-TOSS",
            "Who starts",
            "A coin toss decides which captain sweeps first.",
            "HOUSE",
            source="Shows a chance node: the Match draws the toss from the game's seed.",
        ),
        Clause(
            "TPL-TAKE",
            "Sweeping",
            "On your turn you sweep at least 1 buoy and at most the limit (3), always from the "
            "open end of the row, and never more buoys than are left.",
            "HOUSE",
            source="The template's own rule; the limit is the max_take setting.",
            setting="max_take",
        ),
        Clause(
            "TPL-WIN",
            "The last buoy",
            "Whoever sweeps the last buoy wins.",
            "HOUSE",
            source="The template's own rule.",
        ),
    ]
)
