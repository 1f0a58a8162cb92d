"""Students read rules by their titles, never by their ids: a status line, the verdict at the
end, a log line or a move in words says "(rule: Winning the game)", not "(rule NM-GAME-END)"
(an id stays in the rules panel, which lists each rule by it, and in a refusal's tooltip)."""

from __future__ import annotations

import html
import random
from typing import Any

import pytest

import navalkit
from navalkit.core import registry
from navalkit.core.clauses import Clause, ClauseBook
from navalkit.testing.words import rule_ids
from navalkit.widgets.panels import refusal_html

#: short games, so that each is played to its end by random moves, two for each game so that
#: they end in different ways (a target reached or the rounds run out, a par or none, a
#: Victory or time up, two players or four)
CASES: list[tuple[str, dict[str, Any]]] = [
    ("nautic_miles", {"target": 40}),
    ("nautic_miles", {"max_rounds": 1}),
    ("nautic_miles", {"players": 4, "teams": True, "target": 40}),
    ("far_seas", {"turns": 2}),
    ("far_seas", {"turns": 2, "german_par": 0}),
    ("age_of_sail", {"max_rounds": 2}),
    ("age_of_sail", {"scenario": "fleet", "max_rounds": 2}),
    ("branle_bas", {"max_plies": 60}),
    ("branle_bas", {"max_plies": 400}),
    ("naval_war", {"goal": 50}),
    ("naval_war", {"players": 4, "goal": 50, "max_rounds": 1}),
]
SEEDS = (0, 1, 2)
MAX_STEPS = 5000


def test_every_game_is_played_here() -> None:
    assert {game_id for game_id, _config in CASES} == set(navalkit.games())


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game_id", "config"), CASES, ids=[f"{g}-{c}" for g, c in CASES])
def test_a_game_played_to_its_end_names_no_rule_by_its_id(
    game_id: str, config: dict[str, Any], seed: int
) -> None:
    match = navalkit.new_match(game_id, seed=seed, **config)
    rng = random.Random(seed)
    said: list[tuple[str, str]] = []
    for _ in range(MAX_STEPS):
        said.append(("status line", match.status))
        if match.is_over:
            break
        action = rng.choice(list(match.legal_actions()))
        said.append(("move in words", match.describe(action)))
        match.apply(action)
    assert match.is_over, f"{game_id} seed {seed}: not over after {MAX_STEPS} moves"
    said += [(f"log line {i}", e.text) for i, e in enumerate(match.events)]
    found = [(where, text) for where, text in said if rule_ids(text)]
    assert not found, f"{game_id} seed {seed}: {found[:3]}"
    # the verdict names the rule that ended the game, by its title
    assert "(rule: " in match.status, match.status


def test_the_template_a_new_game_copies_cites_its_rules_by_title(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._MODULES, "_template", "navalkit.games._template")
    match = navalkit.new_match("_template", seed=3)
    game = match.game
    hint = game.ui_hint(match.state, ("b5",))  # 5 buoys at once: 3 at most
    assert hint == "That would sweep 5 buoys; at most 3 a turn (rule: Sweeping)."
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    assert match.status.endswith("(rule: The last buoy).") and not rule_ids(match.status)


def test_a_rule_is_cited_by_its_title_and_a_typo_fails() -> None:
    book = ClauseBook(
        [
            Clause("XX-WIN", "Winning the game", "The first to 10 wins.", "SEED"),
            Clause("XX-TIE", "Ties", "A tie is a draw.", "HOUSE"),
            Clause("XX-END", "The end", "The game ends.", "SRC"),
        ]
    )
    assert book.cite("XX-WIN") == "rule: Winning the game"
    assert book.cite("XX-WIN", "XX-TIE") == "rules: Winning the game and Ties"
    assert book.cite("XX-WIN", "XX-TIE", "XX-END") == "rules: Winning the game, Ties and The end"
    with pytest.raises(KeyError):
        book.cite("XX-WNI")
    assert rule_ids("(rule XX-WIN)") == ["XX-WIN"] and rule_ids(book.cite("XX-WIN")) == []


def test_a_refusal_reads_as_the_verdicts_do_with_the_id_in_its_tooltip_alone() -> None:
    game = navalkit.get_game("branle_bas")
    shown = refusal_html(game, "BB-MOVES", "A seaplane never moves diagonally.")
    words = f"({game.clauses.cite('BB-MOVES')})"
    assert words == "(rule: Movement powers)" and f">{html.escape(words)}</small>" in shown
    visible = shown.split('title="')[0] + shown.split('">', 2)[-1]
    assert "BB-MOVES" in shown and not rule_ids(visible), shown
