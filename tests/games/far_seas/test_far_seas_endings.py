"""Every ending explains itself (issue 17): who won, by which rule, and each side's points."""

from __future__ import annotations

import re

import pytest
from fs_helpers import setup

from navalkit.games.far_seas import GAME, rules
from navalkit.games.far_seas.config import Config
from navalkit.games.far_seas.data import GERMAN, SHIPS
from navalkit.games.far_seas.state import HOME, INTERNED, OVER, START, SUNK, State, evolve

EMDEN = "Emden"


def over(gvp: tuple[int, int, int, int], avp: int, *, par: int = 245, turn: int = 12) -> State:
    """A finished game with these points: Emden still at sea, so the turns ran out."""
    state = setup({EMDEN: (26, START)}, turn=turn, german_par=par)
    return evolve(state, gvp=gvp, avp=avp, phase=OVER)


def gone(state: State, boxes: dict[int, int]) -> State:
    """Every German out of the game: home, unless ``boxes`` says sunk or interned."""
    box = list(state.box)
    for g in GERMAN:
        box[g] = boxes.get(g, HOME)
    return evolve(state, box=tuple(box))


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=\.)\s+", text) if s]


@pytest.mark.parametrize(
    ("gvp", "avp", "par", "head", "why"),
    [
        # issue 17's game: 254 VP to 4 with the house par of 245 is a German win, not a draw
        ((235, 10, 0, 9), 4, 245, "Germany wins (rule: Victory)", "lead by 250 VP"),
        ((235, 10, 0, 9), 9, 245, "A draw (rule: Victory)", "exactly 245 VP"),
        ((200, 10, 0, 9), 9, 245, "The Allies win (rule: Victory)", "only 210 VP"),
        ((20, 0, 0, 0), 20, 245, "The Allies win (rule: Victory)", "totals are level"),
        ((5, 0, 0, 0), 25, 245, "The Allies win (rule: Victory)", "20 VP ahead"),
        ((30, 2, 3, 1), 10, 0, "Germany wins with the higher total, as no lead is set", "Victory"),
        ((8, 2, 0, 0), 10, 0, "A draw: the totals are level", "the higher total wins (rule"),
        ((4, 2, 0, 0), 10, 0, "The Allies win with the higher total, as no lead is set", ""),
    ],
)
def test_each_result_says_who_won_by_which_rule_and_why(
    gvp: tuple[int, int, int, int], avp: int, par: int, head: str, why: str
) -> None:
    state = over(gvp, avp, par=par)
    verdict = rules.verdict(state)
    assert verdict.startswith(head)
    assert why in verdict
    assert "(rule: Victory)" in verdict and "FS-" not in verdict  # the rule by its title
    winner = rules.winner(state)
    assert (winner is None) == verdict.startswith("A draw")
    assert (winner == 0) == verdict.startswith("Germany wins")
    assert (winner == 1) == verdict.startswith("The Allies win")
    g, a = sum(gvp), avp
    assert (
        f"Germany's {g} VP: {gvp[0]} for merchants taken, {gvp[1]} for stations raided, " in verdict
    )
    assert f"{gvp[2]} for Allied ships sunk and {gvp[3]} for Allied cowardice." in verdict
    assert (
        f"The Allies' {a} VP: {a} for German ships sunk and 0 for German ships interned." in verdict
    )
    assert "draw: Germany" not in verdict and "  " not in verdict
    for sentence in sentences(verdict):
        assert sentence[0].isupper() and sentence.endswith(".")


def test_the_turns_ran_out() -> None:
    state = over((235, 10, 0, 9), 4, turn=12)
    status = GAME.status(state)
    assert status.startswith(
        "Game over after turn 12 (rule: Game length): all 12 turns have been played. Germany wins"
    )
    short = evolve(state, config=Config(turns=6), turn=6)
    assert "all 6 turns have been played" in GAME.status(short)


def test_no_raider_left_at_sea_counts_their_fates_and_the_allied_points() -> None:
    sunk, interned = GERMAN[0], GERMAN[-1]  # Scharnhorst sunk, an AMC interned
    vp_sunk, vp_interned = SHIPS[sunk].cls.vp, SHIPS[interned].cls.vp
    state = gone(
        over((40, 3, 0, 0), vp_sunk + vp_interned, turn=7), {sunk: SUNK, interned: INTERNED}
    )
    status = GAME.status(state)
    assert status.startswith(
        "Game over after turn 7 (rule: Game length): no raider is left at sea "
        f"(1 sunk, 1 interned and {len(GERMAN) - 2} gone home). The Allies win (rule: Victory)"
    )
    assert (
        f"The Allies' {vp_sunk + vp_interned} VP: {vp_sunk} for German ships sunk and "
        f"{vp_interned} for German ships interned." in status
    )


def test_every_raider_sunk() -> None:
    boxes = dict.fromkeys(GERMAN, SUNK)
    avp = sum(SHIPS[g].cls.vp for g in GERMAN)
    state = gone(over((12, 0, 0, 0), avp, turn=3), boxes)
    status = GAME.status(state)
    assert f"no raider is left at sea ({len(GERMAN)} sunk)." in status
    assert "The Allies win (rule: Victory)" in status
    assert f"the Allies are {avp - 12} VP ahead" in status


def test_a_played_game_ends_with_the_full_explanation() -> None:
    from navalkit.core.bots import make_bot, play_bot_move
    from navalkit.core.match import new_match

    m = new_match("far_seas", seed=1, turns=2)
    while not m.is_over:
        play_bot_move(m, make_bot(m.game, "commander"))
    status = m.status
    assert status.startswith("Game over after turn ") and "(rule: Game length)" in status
    assert "(rule: Victory)" in status and "FS-" not in status
    assert "Germany's " in status and "The Allies' " in status
    assert sum(w in status for w in ("Germany wins", "The Allies win", "A draw")) == 1


@pytest.mark.parametrize(
    ("par", "goal"),
    [(245, "(Germany wins with a lead of more than 245 VP)."), (0, "(the higher total wins).")],
)
def test_the_score_says_what_it_takes_to_win_while_playing(par: int, goal: str) -> None:
    """Some 250 VP to the Allies' few is no German win when the raiders need a lead of 245:
    the status line says what the points must come to (FS-VICTORY) all game, not only in the
    verdict."""
    state = setup({EMDEN: (26, START)}, german_par=par)
    assert GAME.status(state).endswith(f"Allies 0 VP {goal}")
