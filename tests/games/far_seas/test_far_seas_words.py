"""Far Seas in a student's words: the rules panel and the settings name no code (setting code
names, file paths, assignments), abbreviations are spelt out where they first appear, every
die in the moves list says what it did, and the log's words agree in number."""

from __future__ import annotations

import dataclasses
import re

import pytest
from fs_helpers import play, setup, sid

from navalkit import new_match
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.games.far_seas import CLAUSES, GAME, rules
from navalkit.games.far_seas.actions import Order, Search
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.mechanics.combat import RANGE_STEPS, fire_modifiers
from navalkit.games.far_seas.state import MOVED, START, Battle, evolve
from navalkit.testing.words import player_texts

EMDEN, KENT, GLASGOW, SYDNEY = sid("Emden"), sid("Kent"), sid("Glasgow"), sid("Sydney")
LEIPZIG, NURNBERG = sid("Leipzig"), sid("Nürnberg")


def test_rule_notes_say_measurements_and_settings_in_words() -> None:
    """(Code names and our working words anywhere: tests/test_player_words.py.)"""
    assert "the links of our rules summary" in CLAUSES["FS-MAP"].text
    # the measurements are said plainly, and a setting by the label the page shows
    victory = CLAUSES["FS-VICTORY"].source
    assert "measured over many computer games" in victory
    assert "'Lead the raiders need to win (VP)'" in victory
    assert (
        "Measured over many computer games"
        in Config.__dataclass_fields__["german_par"].metadata["help"]
    )
    assert "of the setting 'Which ships may escort'" in CLAUSES["FS-CONVOY"].source


#: abbreviations a student meets, and the words that must come first in the same text
SPELT = {"DRM": "damage roll modifier", "AMC": "armed merchant cruiser"}


def test_abbreviations_are_spelt_out_where_they_appear() -> None:
    for where, text in player_texts(GAME):
        for short, long in SPELT.items():
            at = text.find(short)
            if at >= 0:
                quoted = text[:at].count("'") % 2 == 1  # inside a line quoted from a source
                assert quoted or long in text[:at].lower(), (where, short, text)
    # class codes are said as words in the rules themselves (a quoted seed line keeps them)
    for rule in ("FS-TORPEDO", "FS-DRM", "FS-ROSTER-ALLIED", "FS-ROSTER-GERMAN"):
        assert not re.search(r"\b(BB|BC|DRMs)\b", CLAUSES[rule].text), rule
    assert CLAUSES["FS-AMC-FIRST"].title == "Armed merchant cruisers first"
    assert "every ship but an old battleship" in CLAUSES["FS-TORPEDO"].text
    assert CLAUSES["FS-DRM"].text.startswith("A damage roll modifier (DRM) is a number")


def test_the_modifier_list_and_refusals_say_ship_kinds_in_words() -> None:
    state = setup({EMDEN: (20, START)}, {KENT: (20, START)})
    state = evolve(state, combats=tuple(2 if s == EMDEN else 0 for s in range(len(state.combats))))
    b = Battle(area=20, sides=((EMDEN,), (KENT,)), start=2)
    names = [k for k, _ in fire_modifiers(state, b, EMDEN, KENT, 0, 1)]
    assert names[0] == "the firer's class (its own modifier)"
    assert "earlier combats (a German, not a battlecruiser)" in names
    assert not any(re.search(r"\b(DRM|BC|BB)\b", n) for n in names)
    cap = sid("Cap Trafalgar")
    intern = rules.violation(setup({cap: (3, START)}), Order((cap,), "intern", 3))
    assert intern is not None
    assert intern.message == (
        "Only armed merchant cruisers in a neutral-coast area may be interned (areas 5, 6, 7, "
        "9, 11, 19, 20 and 24)."
    )


def test_range_steps_call_c_range_torpedo_range() -> None:
    assert RANGE_STEPS[2] == "A+B+C (torpedo range)"
    assert "torpedo range" in RANGE_STEPS[3] and RANGE_STEPS[3] != RANGE_STEPS[2]


# --- dice that say what they did ---------------------------------------------------------------
def _line(state, outcome: int) -> str:  # type: ignore[no-untyped-def]
    return GAME.describe_chance(state, outcome)


def test_a_search_die_says_whether_it_found_the_raider() -> None:
    state = setup({EMDEN: (26, START)}, {KENT: (20, MOVED)})
    state = play(state, Order((EMDEN,), "move", 20), Search(20))
    assert state.roll == "search"
    assert (
        _line(state, 1) == "Search in area 20 (Philippines & S. China Sea): die 1, Emden is found!"
    )
    assert _line(state, 2) == "Search in area 20 (Philippines & S. China Sea): die 2, no contact."
    # searching where he is not: the words of a miss, whatever the die
    away = setup({EMDEN: (26, START)}, {KENT: (20, MOVED)})
    away = play(away, Order((EMDEN,), "move", 27), Search(20))
    assert away.roll == "search"
    assert _line(away, 1) == "Search in area 20 (Philippines & S. China Sea): die 1, no contact."
    pair = setup({LEIPZIG: (26, START), NURNBERG: (26, START)}, {KENT: (20, MOVED)})
    pair = play(pair, Order((LEIPZIG, NURNBERG), "move", 20), Search(20))
    assert _line(pair, 2).endswith("die 2, Leipzig and Nürnberg are found!")


def test_gun_and_torpedo_dice_say_the_damage_or_the_miss() -> None:
    state = setup({EMDEN: (20, START)}, {SYDNEY: (20, START)})
    b = Battle(area=20, sides=((EMDEN,), (SYDNEY,)), queue=(("gun", EMDEN, SYDNEY, 1),))
    gun = evolve(state, battle=b, roll="gun", phase="chance")
    assert _line(gun, 1) == "Emden fires at Sydney: die 1 (+1 = 2), no damage."
    assert _line(gun, 2) == "Emden fires at Sydney: die 2 (+1 = 3), 1 damage point."
    assert _line(gun, 4) == "Emden fires at Sydney: die 4 (+1 = 5), 2 damage points."
    torp = evolve(gun, battle=dataclasses.replace(b, start=2, queue=(("torp", EMDEN, SYDNEY, 0),)))
    assert _line(torp, 1) == "Emden launches a torpedo at Sydney: die 1, a hit (it needed a 1)."
    assert _line(torp, 2) == "Emden launches a torpedo at Sydney: die 2, a miss (it needed a 1)."
    late = evolve(torp, battle=dataclasses.replace(torp.battle, rounds=1))
    assert _line(late, 3).endswith("die 3, a hit (it needed 1 to 3).")
    hit = evolve(gun, battle=dataclasses.replace(b, queue=(("torpdmg", EMDEN, SYDNEY, 0),)))
    assert _line(hit, 5) == "Torpedo hit on Sydney: die 5 on the Damage Table, 2 damage points."


OUTCOME = re.compile(
    r"no contact|found!|makes contact|damage points?\.|no damage\.|a hit|a miss|home to "
    r"Germany|caught and sunk|rolls on her own|taken by surprise|fight the escort|merchant "
    r"ships? of|cannot run|he runs|get away from|keeps up with"
)


@pytest.mark.parametrize("seed", [0, 1])
def test_every_die_of_a_whole_game_says_what_it_did(seed: int) -> None:
    m = new_match("far_seas", seed=seed)
    bot = make_bot(m.game, "commander")
    while not m.is_over:
        play_bot_move(m, bot)
    log = m.log
    dice = list(log[log["event"] == "chance"]["text"])
    assert dice and [t for t in dice if not OUTCOME.search(t)] == []
    assert not any(re.search(r"\b1 damage points|\bdie \d+\.$", t) for t in dice)


# --- words that agree --------------------------------------------------------------------------
def test_secret_orders_and_holds_agree_with_how_many_ships() -> None:
    state = setup({LEIPZIG: (26, START), NURNBERG: (26, START), EMDEN: (20, START)})
    one = rules.describe_outcome(state, Order((EMDEN,), "move", 19))
    two = rules.describe_outcome(state, Order((LEIPZIG, NURNBERG), "move", 20))
    assert one == "Germany: Emden moves (secret orders)."
    assert two == "Germany: Leipzig + Nürnberg move (secret orders)."
    assert rules.describe_outcome(state, Order((EMDEN,), "hold", 20)) == "Germany: Emden holds."
    both = rules.describe_outcome(state, Order((LEIPZIG, NURNBERG), "hold", 26))
    assert both == "Germany: Leipzig + Nürnberg hold."


def test_one_damage_point_on_average_is_singular() -> None:
    from navalkit.games.far_seas.explain import CombatCalculator

    calc = CombatCalculator(firer="Emden", target="Sydney")
    words = calc.text.value
    mean = re.search(r"On average <b>([\d.]+)</b> (damage points?) a shot", words)
    assert mean is not None
    assert mean.group(2) == ("damage point" if mean.group(1) == "1" else "damage points")


# --- the lesson's torpedoes, as the engine plays them --------------------------------------------
def _lesson_section(title: str) -> str:
    import json
    from pathlib import Path

    nb = json.loads(
        (Path(__file__).parents[3] / "notebooks/far_seas/lesson.ipynb").read_text("utf-8")
    )
    return next("".join(c["source"]) for c in nb["cells"] if "".join(c["source"]).startswith(title))


def test_the_lesson_says_when_torpedoes_fire_as_the_engine_does() -> None:
    from navalkit.games.far_seas.explain import torpedo_table

    text = _lesson_section("## 5. A round of combat")

    def column(firer: str, target: str, what: str, surprise: bool = False) -> list[str]:
        table = torpedo_table(firer, target, surprise=surprise)
        return list(table[f"{firer}'s {what}"])

    # guns: range A from round 1, B from round 2, C from round 3
    assert column("Canopus", "Emden", "guns fire") == ["yes"] * 4
    assert column("Emden", "Sydney", "guns fire") == ["no", "yes", "yes", "yes"]
    assert column("Cap Trafalgar", "Glasgow", "guns fire") == ["no", "no", "yes", "yes"]
    assert "| 1 | A | only range-A ships | none yet |" in text
    assert "| 2 | A+B | range-A and range-B ships | none yet |" in text
    # torpedoes: from round 3 (torpedo range) on a 1, then 1-3; never an old battleship's
    assert column("Emden", "Sydney", "torpedo hits on") == ["no torpedo"] * 2 + ["a 1", "1 to 3"]
    assert column("Canopus", "Emden", "torpedo hits on") == ["no torpedo"] * 4
    row3 = "| 3 | A+B+C (**torpedo range**) | every ship | every ship except an old battleship"
    assert row3 in text
    assert "a **1** hits" in text and "a **1, 2 or 3** hits" in text
    # a surprise starts at torpedo range: the German 1-3 then 1-5, the Allies 1 then 1-3
    surprised = column("Emden", "Sydney", "torpedo hits on", surprise=True)
    assert surprised == ["1 to 3"] + ["1 to 5"] * 3
    assert column("Sydney", "Emden", "torpedo hits on", surprise=True) == ["a 1"] + ["1 to 3"] * 3
    assert "starts at torpedo range" in text and "from round 2 torpedoes hit on 1 to 3" in text
    assert "hit on 1 to 3 in round 1\nand on 1 to 5 after it" in text


def test_the_status_line_keeps_a_question_mark_and_says_what_a_die_step_is() -> None:
    from navalkit.games.far_seas.state import CHANCE, G_RUN

    state = setup({EMDEN: (20, START)}, {KENT: (20, START)})
    run = rules.status(evolve(state, phase=G_RUN))
    assert run.startswith("Turn 5/12: Germany: run or fight? Germany 0 VP") and "?." not in run
    assert rules.status(evolve(state, phase=CHANCE)).startswith("Turn 5/12: a die is rolled. ")


def test_convoy_run_and_pursuit_dice_say_what_they_did() -> None:
    from navalkit.games.far_seas.actions import RUN
    from navalkit.games.far_seas.state import CONVOY

    convoy = setup({EMDEN: (26, START)}, {KENT: (20, CONVOY)})
    convoy = play(convoy, Order((EMDEN,), "convoy", 20))
    assert convoy.roll == "convoy"
    assert _line(convoy, 5) == (
        "Convoy attack: die 5 (-2 for the raider's speed = 3), the convoy is taken by surprise "
        "(1 to 3 surprises)."
    )
    assert _line(convoy, 6) == (
        "Convoy attack: die 6 (-2 for the raider's speed = 4), no surprise: the raider must "
        "fight the escort."
    )
    found = play(setup({EMDEN: (26, START)}, {GLASGOW: (20, MOVED)}), Order((EMDEN,), "move", 20))
    found = play(found, Search(20), RUN, dice=(1,))
    assert found.roll == "run"
    assert _line(found, 6).endswith(": 6, he is caught and cannot run.")
    assert _line(found, 2).endswith(": 2 (only a 6 stops him), he runs.")
    chase = play(found, dice=(2,))
    assert chase.roll == "slow"  # the Glasgow is one grade slower than the Emden
    assert _line(chase, 6) == (
        "Pursuit die for the slower side (Glasgow, a 6 wins): 6. Glasgow keeps up with the runners."
    )
    assert _line(chase, 3).endswith(": 3. The runners get away from Glasgow.")


def test_the_escort_refusal_names_the_setting_by_its_label() -> None:
    from navalkit.games.far_seas.actions import Deploy
    from navalkit.games.far_seas.state import ALLY

    invincible = sid("Invincible")
    state = setup({EMDEN: (26, START)}, {invincible: (3, START)}, phase=ALLY)
    v = rules.violation(state, Deploy((invincible,), 3, "convoy"))
    assert v is not None and v.rule_id == "FS-CONVOY"
    assert v.message == (
        "Convoy escorts need gun range A or B and the speed the setting 'Which ships may "
        "escort' asks (speed 3+ or slower), in an area with merchants."
    )


def test_the_position_in_words_says_where_a_raider_stands_without_box_names() -> None:
    """The position in words said 'moved box' for every ship, a box of the game's display
    that nothing explained: it says 'moved this turn', 'on station'..."""
    from navalkit.games.far_seas.draw import describe
    from navalkit.games.far_seas.observe import observe

    m = new_match("far_seas", seed=1)
    boxes = re.compile(r"\b(start|moved|convoy|station|river|watch) box")
    said = describe(observe(m.state, 0))
    assert not boxes.search(said) and "yet to move this turn" in said
    rng = __import__("random").Random(3)
    while m.state.turn < 3 and not m.is_over:
        m.apply(rng.choice(m.legal_actions()))
    assert not boxes.search(describe(observe(m.state, 0)))
