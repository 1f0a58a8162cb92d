"""The game-over status says who won, by which rule, and the points round by round."""

from __future__ import annotations

from typing import Any

import pytest
from nw_helpers import position

import navalkit
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.games.naval_war import GAME
from navalkit.games.naval_war.mechanics.damage import evolve
from navalkit.games.naval_war.state import OVER, State

FLEETS = [["Hood"], ["Rodney"], ["Iowa"]]


def over(history: tuple[tuple[int, ...], ...], **config: Any) -> State:
    """A finished game with these round results (the winner as the rules would set it)."""
    totals = tuple(sum(r[s] for r in history) for s in range(len(history[0])))
    leaders = [s for s, t in enumerate(totals) if t == max(totals)]
    st = position(FLEETS, config=config)
    return evolve(
        st,
        {
            "phase": OVER,
            "round": len(history),
            "totals": totals,
            "history": history,
            "winner": leaders[0] if len(leaders) == 1 else -1,
            "seat": -1,
        },
    )


def test_a_win_at_the_goal_names_the_winner_the_rule_and_every_sum() -> None:
    text = GAME.status(over(((7, 44, 23), (65, -10, -2), (35, -7, 54))))
    assert text.startswith("Game over after 3 rounds: Player 1 wins with 107 points")
    assert "reached 100 points (rule: Game end)" in text
    assert "Player 1: 7 + 65 + 35 = 107" in text
    assert "Player 3: 23 − 2 + 54 = 75" in text
    assert "Player 2: 44 − 10 − 7 = 27" in text
    # best first, and the words for the elimination penalty and the survivor bonus
    assert text.index("Player 1: ") < text.index("Player 3: ") < text.index("Player 2: ")
    assert "(rules: Scoring a round, Elimination penalty and Lone survivor)" in text
    assert "NW-" not in text  # each rule by its title, never its id
    assert "P1" not in text and "round(s)" not in text


def test_the_round_limit_ends_the_game_under_NW_LIMIT() -> None:
    text = GAME.status(over(((35, 12, -3),), max_rounds=1))
    assert text.startswith("Game over after 1 round: Player 1 wins with 35 points")
    assert "nobody reached 100 points in the house limit of 1 round, so" in text
    assert "(rule: A finite game)" in text and "Game end" not in text
    assert "Player 3: −3;" not in text and "Player 3: −3." in text


def test_a_tie_at_the_top_is_a_draw() -> None:
    text = GAME.status(over(((60, 60, 10), (50, 50, 20))))
    assert "a draw: Player 1 and Player 2 share the highest total, 110 points" in text
    assert "110 points, and a tie is a draw (rule: Game end)" in text and "wins" not in text


@pytest.mark.parametrize("seed", [7, 2])
def test_a_played_game_ends_with_its_winner_and_breakdown(seed: int) -> None:
    m = navalkit.new_match("naval_war", seed=seed, players=4, goal=50)
    bot = make_bot(GAME, "greedy")
    while not m.is_over:
        play_bot_move(m, bot)
    st = m.state
    text = m.status
    w = GAME.winner(st)
    assert w is not None and f"Player {w + 1} wins with {st.totals[w]} points" in text
    assert "(rule: Game end)" in text or "(rule: A finite game)" in text
    for s in range(st.n):
        sums = " + ".join(str(r[s]) for r in st.history).replace("+ -", "− ")
        shown = sums.replace("-", "−") if sums.startswith("-") else sums
        end = f" = {st.totals[s]}" if len(st.history) > 1 else ""
        assert f"Player {s + 1}: {shown}{end}" in text
