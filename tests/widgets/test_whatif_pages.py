"""The figures each what-if page states under its lab (notebooks/<game>/whatif.ipynb, "What
changed, and why") are the lab's own: the same seeded games, played again here. A change to a
game's rules or computer players that moves them fails here, not in a class."""

from __future__ import annotations

import json
from typing import Any

from navalkit._paths import notebooks_dir
from navalkit.games.far_seas.config import Config
from navalkit.widgets.whatif import compare


def page_words(game_id: str) -> str:
    """The words of the page's text cells, on one line each run of spaces."""
    cells = json.loads((notebooks_dir() / game_id / "whatif.ipynb").read_text())["cells"]
    text = " ".join(" ".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return " ".join(text.split())


def played(game_id: str, a: dict[str, Any], b: dict[str, Any], **options: Any) -> tuple[Any, Any]:
    """The games of readings ``a`` and ``b``, each a DataFrame in seed order."""
    frame = compare(game_id, a, b, workers=1, **options)
    return (
        frame[frame.variant == "A"].reset_index(drop=True),
        frame[frame.variant == "B"].reset_index(drop=True),
    )


def changed_winner(a: Any, b: Any) -> int:
    return int((a.winner.fillna(-1) != b.winner.fillna(-1)).sum())


def wins(frame: Any, seat: int) -> int:
    return int((frame.winner == seat).sum())


def test_far_seas_crowded_fire_in_six_games_and_in_forty() -> None:
    words = page_words("far_seas")
    readings = ({"crowded_fire": "2 or more"}, {"crowded_fire": "3 or more"})
    a, b = played("far_seas", *readings, games=6, bots=["greedy", "greedy"])
    differ = a.index[a.score_0 != b.score_0]
    assert len(differ) == 4 and "In four of the six games" in words
    assert [int(a.score_0[i]) for i in differ] == [248, 260, 253, 267]
    assert "248, 260, 253 and 267 VP" in words
    assert [int(b.score_0[i]) for i in differ] == [246, 232, 249, 254]
    assert "246, 232, 249 and 254 with" in words
    assert changed_winner(a, b) == 1 and "One game changed winner" in words
    (flip,) = a.index[a.winner != b.winner]
    par = Config().german_par
    assert (int(b.score_0[flip]), int(b.score_1[flip]), par) == (232, 8, 245)
    assert b.winner[flip] == 1 and "224 fell short of the lead of more than 245 VP" in words
    a, b = played("far_seas", *readings, games=40, bots=["greedy", "greedy"])
    other_way = (a.length != b.length) | (a.score_0 != b.score_0) | (a.score_1 != b.score_1)
    assert int(other_way.sum()) == 20 and "20 of them go another way" in words
    assert changed_winner(a, b) == 5 and "5 change winner" in words
    assert wins(a, 0) == wins(b, 0) == 28 and "Germany wins 28 of the 40 under both" in words


def test_nautic_miles_planes_on_an_alerted_convoy_in_ten_games_and_in_forty() -> None:
    words = page_words("nautic_miles")
    readings = ({"planes_on_alerted": True}, {"planes_on_alerted": False})
    a, b = played("nautic_miles", *readings, games=10, bots=["greedy", "greedy"])
    assert changed_winner(a, b) == 2 and "in these ten games two games change winner" in words
    assert (wins(a, 0), wins(a, 1), wins(b, 0), wins(b, 1)) == (4, 6, 6, 4)
    assert (
        "Player 1 wins 4 and Player 2 wins 6 under the first reading, the other way round under "
        "the second" in words
    )
    a, b = played("nautic_miles", *readings, games=40, bots=["greedy", "greedy"])
    assert changed_winner(a, b) == 7 and "40 games: 7 of them change winner" in words
    assert (wins(a, 1), wins(b, 1)) == (23, 20)
    assert "Player 2 wins 23 under the first reading and 20 under the second" in words
    assert wins(a, 0) + wins(a, 1) == wins(b, 0) + wins(b, 1) == 40  # "Player 1 the rest"
    # the setting it used to open on: the same numbers in both rows in 40 games
    slow = ({"slowness_bonus": "per_convoy"}, {"slowness_bonus": "per_round"})
    a, b = played("nautic_miles", *slow, games=40, bots=["greedy", "greedy"])
    assert a.drop(columns="variant").equals(b.drop(columns="variant"))
    assert "never did in 40 games" in words


def test_age_of_sail_shorter_battles_and_boarding_ties_in_twenty_duels() -> None:
    words = page_words("age_of_sail")
    bots = ["captain", "random"]
    a, b = played("age_of_sail", {"max_rounds": 12}, {"max_rounds": 6}, games=20, bots=bots)
    assert (wins(a, 0), wins(b, 0)) == (19, 17) and "wins 17 duels of 20 instead of 19" in words
    draws = b[b.winner.isna()]
    assert len(draws) == 2 and (draws.score_0 == 0).all() and (draws.score_1 == 0).all()
    assert "2 end in a draw at 0 to 0" in words
    ties = ({"boarding_ties": "reroll"}, {"boarding_ties": "defender"})
    a, b = played("age_of_sail", *ties, games=20, bots=bots)
    assert changed_winner(a, b) == 1 and "one duel of the 20 changes winner" in words
    assert (wins(a, 0), wins(b, 0)) == (19, 18)
    assert "the captain wins 19 when a tie is rolled again, 18 when the defenders hold" in words


def test_naval_war_target_of_75_points_in_six_games_and_in_forty() -> None:
    words = page_words("naval_war")
    readings = ({"goal": 100}, {"goal": 75})
    a, b = played("naval_war", *readings, games=6, bots=["greedy"] * 3)
    same = a.length == b.length
    assert int(same.sum()) == 3 and "In three of the six games" in words
    assert (b.length[~same] < a.length[~same]).all() and "The other three stopped" in words
    assert changed_winner(a, b) == 2 and changed_winner(a[same], b[same]) == 0
    assert "two of them changed winner" in words
    shorter = round(100 * (1 - b.length.mean() / a.length.mean()))
    assert (shorter, round(b.length.mean()), round(a.length.mean())) == (18, 396, 484)
    assert "18 % shorter on average (396 actions against 484)" in words
    a, b = played("naval_war", *readings, games=40, bots=["greedy"] * 3)
    assert changed_winner(a, b) == 11 and "40 games: 11 of them change winner" in words
    shorter = round(100 * (1 - b.length.mean() / a.length.mean()))
    assert (shorter, round(b.length.mean()), round(a.length.mean())) == (27, 311, 423)
    assert "27 % shorter (311 actions against 423)" in words
