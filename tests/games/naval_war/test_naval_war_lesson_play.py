"""The lesson's explainers as a student plays with them: the sinking-credit explainer reads
players as the page names them and shows the damage blow by blow; the salvo checker counts in
words."""

from __future__ import annotations

from navalkit.games.naval_war.explain import CreditExplainer, SalvoChecker, player_name


def test_players_are_read_as_written_and_named_as_the_page_names_them() -> None:
    assert [player_name(p) for p in ("P3", "p3", "player3", "Player 3", " 3 ")] == ["Player 3"] * 5
    assert player_name("mines") == "mines"


def test_the_credit_explainer_says_player_3_and_counts_the_damage_blow_by_blow() -> None:
    credit = CreditExplainer(ship="Bismarck", blows="P1:3, P2:2, P3:4")
    assert credit.blows.value == "Player 1: 3, Player 2: 2, Player 3: 4"
    words = credit.answer.value
    assert "<b>Player 3</b> scores its 8 points" in words and "P3" not in words
    assert "damage 5 of 8" in words and "damage 9 of 8: <b>sunk</b>" in words
    assert "goes past the Bismarck's hit number, 8" in words  # 9 hits: past, not "brings to"
    credit.blows.value = "Player 1: 8"
    assert "reaches the Bismarck's hit number" in credit.answer.value
    credit.blows.value = "Player 1: 3, oops"
    assert "Left out, not a blow: \u201coops\u201d" in credit.answer.value
    assert "still afloat" in credit.answer.value


def test_the_salvo_checker_counts_its_targets_in_words() -> None:
    checker = SalvoChecker()
    card = next(r.id for r in checker._scene().regions if r.id.startswith("card:"))
    checker.click(card)
    assert "(s)" not in checker.answer.value and "lit in green" in checker.answer.value
