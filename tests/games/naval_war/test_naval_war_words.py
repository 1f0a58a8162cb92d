"""The words Naval War shows a student: no code names in the rules panel or the settings, and
numbers agreeing with their nouns ("1 card", "2 cards")."""

from __future__ import annotations

import pytest
from nw_helpers import card, position

from navalkit.games.naval_war import GAME
from navalkit.games.naval_war.data import SALVO
from navalkit.games.naval_war.draw import draw
from navalkit.games.naval_war.mechanics.damage import evolve
from navalkit.games.naval_war.mechanics.odds import salvo_checks
from navalkit.games.naval_war.observe import observe
from navalkit.games.naval_war.state import OVER
from navalkit.testing.boards import texts
from navalkit.testing.words import code_names, player_texts, setting_labels


@pytest.mark.parametrize("where,text", list(player_texts(GAME)), ids=lambda v: str(v)[:40])
def test_no_rule_note_or_setting_help_shows_code(where: str, text: str) -> None:
    """A rule's note said 'the setting nine_deal gives that reading', another
    'kept as data in data.MANIFESTS' and 'round(n/5) threes'."""
    assert not code_names(text), f"{where}: {code_names(text)} in {text!r}"


def test_a_rule_note_names_its_setting_as_the_settings_list_does() -> None:
    labels = setting_labels(GAME)
    named = [c for c in GAME.clauses if c.setting and "setting" in c.source]
    assert {c.id for c in named} >= {"NW-DEAL-NINE", "NW-CLEAROUT"}
    for c in named:
        assert f"'{labels[c.setting]}'" in c.source, c.id
    assert "'Cards dealt with nine players' set to 4" in GAME.clauses["NW-DEAL-NINE"].source


def test_the_discard_pile_counts_one_card_in_the_singular() -> None:
    """The discard pile's count said '1 cards'."""
    one = position([["Hood"], ["Rodney"], ["Iowa"]], discard=(card(SALVO, 8, 1),))
    words = {t.text for t in texts(draw(observe(one, 0)))}
    assert "1 card" in words and "1 cards" not in words
    two = position(
        [["Hood"], ["Rodney"], ["Iowa"]], discard=(card(SALVO, 8, 1), card(SALVO, 8, 1, 1))
    )
    assert "2 cards" in {t.text for t in texts(draw(observe(two, 0)))}


@pytest.mark.parametrize("gun,ship_name,said", [(8, "Admiral Hipper", 'an 8"'),
                         (12, "Scharnhorst", 'an 11"/12"'), (18, "Yamato", 'an 18"'),
                         (16, "Iowa", 'a 16"')])  # fmt: skip
def test_a_salvo_that_can_fire_says_its_ships_guns_with_the_right_article(
    gun: int, ship_name: str, said: str
) -> None:
    """The salvo checker said 'a 8" ship of yours can fire it'."""
    state = position([[ship_name], ["Hood"], ["Rodney"]], [[card(SALVO, gun)], [], []])
    (check,) = salvo_checks(state, 0)
    assert check.reason == f"{said} ship of yours can fire it"


def test_a_one_point_win_says_one_point() -> None:
    """The end of a game said 'Player 1 wins with 1 points'."""
    st = position([["Hood"], ["Rodney"], ["Iowa"]], config={"max_rounds": 1})
    st = evolve(
        st,
        {"phase": OVER, "round": 1, "totals": (1, 0, 0), "history": ((1, 0, 0),), "winner": 0,
         "seat": -1},
    )  # fmt: skip
    text = GAME.status(st)
    assert "Player 1 wins with 1 point," in text and "1 points" not in text
    tie = evolve(st, {"totals": (1, 1, 0), "history": ((1, 1, 0),), "winner": -1})
    assert "share the highest total, 1 point (NW-LIMIT: a tie is a draw)" in GAME.status(tie)
