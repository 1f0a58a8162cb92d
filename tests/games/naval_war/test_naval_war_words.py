"""The words Naval War shows a student: no code names in the rules panel or the settings, and
numbers agreeing with their nouns ("1 card", "2 cards")."""

from __future__ import annotations

import re

import pytest
from nw_helpers import card, position
from nw_helpers import ship as _ship

import navalkit
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.games.naval_war import GAME
from navalkit.games.naval_war.data import SALVO
from navalkit.games.naval_war.draw import draw
from navalkit.games.naval_war.mechanics.damage import evolve
from navalkit.games.naval_war.mechanics.odds import salvo_checks
from navalkit.games.naval_war.observe import observe
from navalkit.games.naval_war.state import CHOOSE, OVER
from navalkit.testing.boards import texts
from navalkit.testing.words import setting_labels


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


def test_a_salvo_that_cannot_fire_cites_its_rule_by_title() -> None:
    state = position([["Hood"], ["Rodney"], ["Iowa"]], [[card(SALVO, 18)], [], []])
    (check,) = salvo_checks(state, 0)
    assert check.reason == 'no ship of yours has 18" guns (rule: Salvos)'


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
    said = GAME.status(tie)
    assert "share the highest total, 1 point, and a tie is a draw (rule: A finite game)" in said


def _moves_said(seed: int, players: int, **settings: object) -> list[str]:
    """What the log says of every move of a round the greedy bot plays (no card or die)."""
    match = navalkit.new_match("naval_war", seed=seed, players=players, max_rounds=1, **settings)
    bot = make_bot(GAME, "greedy")
    while not match.is_over:
        play_bot_move(match, bot)
    log = match.log
    return [str(t) for t in log[log["event"] == "action"]["text"]]


def test_the_log_tells_each_move_as_a_sentence_about_its_player() -> None:
    """The log said 'Player 1: play Torpedo Boat at Hiei (Player 2)', 'Player 1: Ark Royal:
    air strike on King George V' and 'Player 2: the Destroyer Squadron takes Wisconsin'."""
    said = [t for seed in (1, 2, 3) for t in _moves_said(seed, 4, kamikaze=seed == 2)]
    assert said
    sentence = re.compile(
        r"^Player \d('s [A-Z][\w .'-]+)? (plays|discards|sends|launches|keeps|strikes|makes|"
        r"holds|takes) .+\.$"
    )
    wrong = [t for t in said if not sentence.match(t)]
    assert not wrong, wrong[:5]
    for verb in (" plays ", " discards ", " keeps the air strikes back", " strikes "):
        assert any(verb in t for t in said), verb


def test_the_status_line_says_the_deck_and_the_scores_in_words() -> None:
    """It said 'Round 1, deck 93: Player 1 to move (choose). Scores: P1 0, P2 0, P3 0.'"""
    st = position([["Hood"], ["Rodney"], ["Iowa"]])
    text = GAME.status(st)
    assert "in the deck: Player 1 to move" in text and "P1" not in text
    assert text.endswith("Scores: Player 1 0, Player 2 0, Player 3 0.")
    assert "1 card in the deck" in GAME.status(evolve(st, {"deck": st.deck[:1]}))
    chooses = GAME.status(evolve(st, {"phase": CHOOSE}))
    assert "(draw, or launch air strikes)" in chooses and "(choose)" not in chooses


def test_the_lessons_settings_table_says_a_range_in_words() -> None:
    """The lesson's settings table showed the round limit's range as '1..50'."""
    from navalkit.widgets.lesson import settings_frame

    can_be = list(settings_frame(GAME)["can be"])
    assert "from 1 to 50" in can_be and "on / off" in can_be
    assert not [a for a in can_be if ".." in a or "bool" in a]


def test_a_minefield_or_a_repair_names_no_ships_owner() -> None:
    """'play Minefield 3 in front of Player 3 (Player 3)' and 'Repair on the Salvo 16" ×2
    card (Player 1) (on Texas)': the owner of the ship whose number is the target's (a
    player's or a card's number) was added."""
    from navalkit.games.naval_war.actions import Play
    from navalkit.games.naval_war.data import MINEFIELD, REPAIR, SHIPS

    s16 = card(SALVO, 16, 2)
    on: list[tuple[tuple[int, tuple[int, ...]], ...]] = [()] * len(SHIPS)
    on[_ship("Iowa")] = ((s16, ()),)
    mine, repair = card(MINEFIELD), card(REPAIR)
    st = position([["Hood"], ["Rodney"], ["Iowa"]], [[mine, repair]], salvos=tuple(on))
    assert GAME.describe(st, Play(mine, 2)) == "play " + _label(mine) + " in front of Player 3"
    assert GAME.describe(st, Play(repair, s16)) == (
        f"play Repair on the {_label(s16)} card (on Iowa)"
    )
    assert GAME.describe(st, Play(card(SALVO, 16), _ship("Iowa"))).endswith("at Iowa (Player 3)")


def test_an_additional_ship_is_said_with_its_guns_and_hits() -> None:
    """It said 'Rodney (16", 9)'."""
    from navalkit.games.naval_war.state import SHIP

    st = evolve(position([["Hood"], ["Rodney"], ["Iowa"]]), {"phase": SHIP})
    said = GAME.describe_chance(st, _ship("Yamato"))
    assert (
        said == "Player 1's additional ship from the harbor: Yamato (18\" guns, 10 hits to sink)."
    )
    assert "(a carrier, 5 hits to sink)" in GAME.describe_chance(st, _ship("Ark Royal"))


def test_the_kind_of_air_strike_is_picked_from_a_list_named_attack() -> None:
    """The list beside the board was labelled 'Place:' (Branle-Bas' word) for an air strike."""
    from navalkit.widgets import GameApp

    assert GAME.ui_choice_label == "Attack:"
    assert GameApp("naval_war").choice.description == "Attack:"
    assert GameApp("branle_bas").choice.description == "Place:"


def _label(card_id: int) -> str:
    from navalkit.games.naval_war.data import CARDS

    return CARDS[card_id].label


def test_every_die_says_what_it_did() -> None:
    """'Player 1 rolls 2 for the air strike' left a student to guess whether the ship sank:
    a die line names the target and says sunk or a miss (the Squadron, how many it may
    take), and says sunk exactly when the ship goes down."""
    import random

    from navalkit.games.naval_war import rules
    from navalkit.games.naval_war.data import SHIPS

    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.initial_state(GAME.make_config(), 4)
        while not GAME.is_over(state):
            if not GAME.is_chance(state):
                state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
                continue
            outcome = rng.choice(GAME.chance_uniform(state))
            said = rules.describe_chance(state, outcome)
            after = GAME.apply_chance(state, outcome)
            if " rolls " in said and " on " in said:
                name = said.split(" on ", 1)[1].rsplit(":", 1)[0]
                ship = next(i for i, s in enumerate(SHIPS) if s.name == name)
                assert said.endswith(("sunk!", "a miss.")), said
                sunk = rules.owner_of(state, ship) >= 0 > rules.owner_of(after, ship)
                assert sunk == said.endswith("sunk!"), said
                seen.add(said.rsplit(":", 1)[-1].strip())
            elif " rolls " in said:
                assert said.endswith("fleet."), said
            state = after
    assert {"sunk!", "a miss."} <= seen
