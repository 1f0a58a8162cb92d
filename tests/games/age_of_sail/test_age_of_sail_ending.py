"""The end of a battle explains itself: who won and by which rule (AOS-VICTORY), why it ended
(AOS-END), and where each admiral's points came from (AOS-VICTORY-POINTS)."""

from __future__ import annotations

from aos_helpers import N, S, match_at, table

import navalkit
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.games.age_of_sail import GAME, Board, End, Fire
from navalkit.games.age_of_sail.game import points_from


def test_a_win_on_points_names_the_rule_the_reason_and_the_breakdown() -> None:
    st = table(
        {"x": 30.0, "y": 30.0, "heading": N},
        {"x": 33.0, "y": 30.0, "heading": S},
        phase="combat",
        max_rounds=1,
    )
    m = match_at(st, 5, 5, 1)  # England's three dice at the sails: two masts down
    m.apply(Fire(0, 1, "sails"))
    m.apply(End())
    m.apply(End())
    m.script_chance(5, 5, 4)  # France's three dice at the hull: three gun decks
    m.apply(Fire(1, 0, "hull"))
    m.script_chance(3, 3)  # the wind rolls that end the round
    m.apply(End())
    assert m.is_over and m.winner == 1
    text = m.status
    assert text.startswith(
        "Battle over: France wins, 3 damage points to 2: the admiral who inflicted the most "
        "damage wins (rule: Victory)."
    )
    assert "Why it ended: the agreed 1 round is over (rule: End of battle)." in text
    assert "or captured (rule: Counting damage). England 2 points" in text
    assert "AOS-" not in text  # each rule by its title, never its id
    assert "England 2 points: Soleil Royal lost 2 masts." in text
    assert "France 3 points: Royal Sovereign lost 3 gun decks." in text
    assert "records show" not in text  # the records account for every point
    assert "Damage England" not in text and "('" not in text  # no bare tally, no repr


def test_a_draw_says_so_and_why_nobody_won() -> None:
    m = navalkit.new_match("age_of_sail", seed=1, max_rounds=1, first_player="first")
    while not m.is_over:
        m.apply(End())
    text = m.status
    assert m.winner is None
    assert text.startswith("Battle over: a draw. Both admirals inflicted 0 damage points")
    assert "only the one who inflicted more damage wins (rule: Victory)." in text
    assert "the agreed 1 round is over (rule: End of battle)" in text
    assert "England 0 points: Soleil Royal unharmed." in text
    assert "France 0 points: Royal Sovereign unharmed." in text


def test_a_capture_ends_the_duel_and_counts_the_whole_prize() -> None:
    st = table(
        {"x": 30.0, "y": 30.0, "heading": N},
        {"x": 33.0, "y": 30.0, "heading": N},
        phase="combat",
    )
    m = match_at(st, *([6] * 6 + [1] * 6))  # six sixes for the boarders, six ones back
    m.apply(Board(0, 1))  # her capture leaves France no ship: the battle ends at once
    assert m.is_over and m.winner == 0 and m.state.damage == (12, 0)
    text = m.status
    assert "England wins, 12 damage points to 0" in text
    assert "no ship is left afloat under the flag of France (rule: End of battle)" in text
    assert "England 12 points: Soleil Royal was captured (all 12 boxes)." in text
    # the gun deck England sent across as prize crew is no French point
    assert "France 0 points: Royal Sovereign unharmed." in text


def test_bot_games_end_with_the_winner_named_and_the_points_accounted() -> None:
    for scenario, seed in (("duel", 0), ("fleet", 1)):
        m = navalkit.new_match("age_of_sail", seed=seed, scenario=scenario)
        bot = make_bot(GAME, "greedy")
        while not m.is_over:
            play_bot_move(m, bot)
        text = m.status
        w = m.winner
        head = "a draw" if w is None else f"{m.state.nations[w]} wins"
        assert text.startswith(f"Battle over: {head}") and "(rule: End of battle)" in text
        off = any(points_from(m.state, p)[1] != m.state.damage[p] for p in (0, 1))
        assert ("records show the ships now" in text) is off
        for p, nation in enumerate(m.state.nations):
            assert f"{nation} {m.state.damage[p]} point" in text
