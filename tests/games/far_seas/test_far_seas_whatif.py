"""The figures Far Seas' what-if page states under its lab (notebooks/far_seas/whatif.ipynb) are
the lab's own: the same seeded games, played again here."""

from __future__ import annotations

import json

from navalkit._paths import notebooks_dir
from navalkit.widgets.whatif import compare

READINGS = ({"crowded_fire": "2 or more"}, {"crowded_fire": "3 or more"})


def _page_words() -> str:
    cells = json.loads((notebooks_dir() / "far_seas" / "whatif.ipynb").read_text())["cells"]
    return " ".join(" ".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _played(games: int) -> tuple[object, object]:
    frame = compare("far_seas", *READINGS, games=games, bots=["greedy", "greedy"], workers=1)
    a = frame[frame.variant == "A"].reset_index(drop=True)
    b = frame[frame.variant == "B"].reset_index(drop=True)
    return a, b


def test_what_changed_in_the_labs_six_games_and_in_forty() -> None:
    words = " ".join(_page_words().split())
    a, b = _played(6)
    differ = a.index[a.score_0 != b.score_0]
    assert len(differ) == 2 and "In two of the six games" in words
    assert [int(a.score_0[i]) for i in differ] == [264, 271] and "264 and 271 VP" in words
    assert [int(b.score_0[i]) for i in differ] == [251, 259] and "251 and 259 with" in words
    assert (a.winner.fillna(-1) == b.winner.fillna(-1)).all() and "No game changed winner" in words
    a, b = _played(40)
    other_way = (a.length != b.length) | (a.score_0 != b.score_0) | (a.score_1 != b.score_1)
    assert int(other_way.sum()) == 19 and "19 of them go another way" in words
    assert int((a.winner.fillna(-1) != b.winner.fillna(-1)).sum()) == 6
    assert "6 change winner" in words
    assert int((a.winner == 0).sum()) == int((b.winner == 0).sum()) == 29
    assert "Germany wins 29 of the 40 under both readings" in words
