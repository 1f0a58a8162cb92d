"""Branle-Bas, sentence by sentence: the seed's rules that the clause scenarios do not already
play out (those carry their own ``@SEED.cites`` in test_scenarios.py).

The seed is an OCR scan of the printed French rules (docs/rules/seeds/branle_bas.txt), quoted
here with its scanning errors; docs/rules/branle_bas.md maps every sentence to its clause and
test.
"""

from __future__ import annotations

from seedcite import Seed
from test_scenarios import CROISEUR, A, B, play, sq

import navalkit
from navalkit.games.branle_bas import GAME, rules
from navalkit.games.branle_bas.data import AMIRAL, BOARD, SETUP_ZONE, VEDETTE
from navalkit.games.branle_bas.state import SETUP
from navalkit.play.session import PlaySession

SEED = Seed("branle_bas")


@SEED.cites(65, "Pas d'autres restrictions.", clause="BB-HARBOUR")
def test_no_other_restriction_in_the_outer_harbour() -> None:
    """In front of B's harbour, a cruiser of A may stop on any square of its first row."""
    row = [s for s in BOARD if s.zone == "outer_harbour" and s.owner == B and s.y == 6]
    assert len(row) == 7 and all(s.feature == "minefield" for s in row)
    for s in row:
        below = BOARD[sq(s.name[0] + "15")]
        m = play({below.name: (A, CROISEUR), "f6": (A, AMIRAL), "n14": (B, AMIRAL)})
        assert GAME.violation(m.state, rules.Move(below.index, s.index)) is None, s.name


@SEED.cites(
    105,
    "Disposition de cornbat, de chaque Esca- dre, dans son Avant-Port et Eaux Terr., avec pleine "
    "liberté et initiative de chaque joueur, qui dispose ses navires : une partie pour la défense "
    "du Port et de I'Amiral, I'autre pour l'ai- taque.",
    clause="BB-SETUP",
)
def test_by_default_each_player_places_his_own_ships() -> None:
    m = navalkit.new_match("branle_bas", seed=2)
    assert m.state.phase == SETUP and m.state.config.setup == "free"
    zone = SETUP_ZONE[A]
    squares = {a.at for a in m.legal_actions()}
    assert squares == {s for s in zone if not m.state.board[s]}  # anywhere in his own zone


@SEED.cites(
    146, "On comptabilise les gains et pertes, reportés à la partie qui suivra", clause="BB-DRAW"
)
def test_a_drawn_game_counts_gains_and_losses_and_carries_them_on() -> None:
    drawn = play({"j10": (A, AMIRAL), "j11": (B, VEDETTE), "k12": (B, AMIRAL)}, ("j10", "j11"))
    gains, losses = rules.score_breakdown(drawn.state)
    assert ("enemy ships sunk (gains)", 5) in gains
    assert ("own ships sunk (losses)", -5) in losses and drawn.scores == (5, -5)
    s = PlaySession("branle_bas", seed=3, seats=["greedy", "random"], max_plies=60)
    assert s.run_to_end()
    first = tuple(s.match.scores)
    assert s.start(seed=4, seats=["greedy", "random"], max_plies=60) and s.run_to_end()
    both = tuple(a + b for a, b in zip(first, s.match.scores, strict=True))
    assert s.series_totals() == both and "reportés à la partie qui suivra" in s.series_words()
