"""How far a ship may sail is one figure wherever the page gives it: her green "≤ cm" label
under her, the status line and the side panel ("click how far: up to ... cm").

A reviewer turned a ship onto E and read "≤12 cm" under her while the status line and the
panel said 10 cm: the label gave her allowance on the new heading without the turn she had
just paid for (each point turned costs 2 cm, AOS-TURN; her allowance is that of her new
point of sail less the turn, AOS-HELM). The end button a hint sends a player to is named as
the panel names it in the phase they are in.
"""

from __future__ import annotations

import re
from typing import Any

from aos_helpers import E, N, match_at, table

import navalkit
from navalkit.games.age_of_sail import Sail, Turn
from navalkit.games.age_of_sail.config import Config
from navalkit.games.age_of_sail.draw import draw
from navalkit.games.age_of_sail.mechanics.sequence import initial_state
from navalkit.games.age_of_sail.state import COMBAT, MOVE
from navalkit.render import Text


def label_figures(scene: Any) -> dict[str, int]:
    """The "≤ cm" figure under each ship that has one, by the ship's label line 1."""
    texts = [op.text for op in scene.layer("pieces").ops if isinstance(op, Text)]
    out = {}
    for k, text in enumerate(texts):
        got = re.fullmatch(r"≤(\d+) cm", text)
        if got:
            out[texts[k - 2]] = int(got.group(1))
    return out


def panel_figure(scene: Any) -> int | None:
    said = [op.text for op in scene.layer("overlay").ops if isinstance(op, Text)]
    got = [re.search(r"up to (\d+) cm", t) for t in said]
    figures = [int(g.group(1)) for g in got if g]
    assert len(figures) <= 1
    return figures[0] if figures else None


def status_figure(m: Any) -> int:
    got = re.search(r"up to (\d+) cm to sail", m.status)
    assert got, m.status
    return int(got.group(1))


def farthest_after(m: Any, action: Any) -> int:
    """The longest run the rules allow once ``action`` (a heading) is taken, found by
    trying every distance on a copy of the match."""
    trial = match_at(m.state)
    trial.apply(action)
    return max(a.cm for a in trial.legal_actions() if isinstance(a, Sail))


def test_after_her_heading_the_label_status_and_panel_say_the_same_true_figure() -> None:
    """Heading N with the wind from the west (a beam reach), turned two points onto E
    (running): 3 masts x 4 = 12 cm, less 2 x 2 cm for the turn = 8 cm, everywhere."""
    m = match_at(table({"x": 30.0, "y": 30.0, "heading": N}, {"x": 90.0, "y": 60.0}))
    name = m.state.ships[0].name
    assert farthest_after(m, Turn(0, E)) == 8
    m.apply(Turn(0, E))
    scene = draw(m.state)
    line1 = next(t for t in label_figures(scene) if name.split()[-1] in t)
    assert label_figures(scene)[line1] == 8, "the label forgot the turn: 12 is E without it"
    assert panel_figure(scene) == 8
    assert status_figure(m) == 8


def test_before_her_heading_the_label_gives_the_farthest_any_heading_lets_her_sail() -> None:
    """Before she turns, her label gives the most she can sail this move on the best of
    the headings she may take (each less its turn), as the rules would let her."""
    m = match_at(table({"x": 30.0, "y": 30.0, "heading": E}, {"x": 90.0, "y": 60.0}))
    turns = [a for a in m.legal_actions() if isinstance(a, Turn) and a.ship == 0]
    best = max(farthest_after(m, a) for a in turns)
    # running E she makes 3 x 4 = 12 cm; a point onto a broad reach, 3 x (4 + 1) - 2 = 13
    assert best == 13
    name = m.state.ships[0].name.split()[-1]
    under = next(v for k, v in label_figures(draw(m.state)).items() if name in k)
    assert under == best, "12 is her run held on E, not the farthest she can sail"


def test_the_seeded_battle_agrees_for_every_heading_of_the_first_ship() -> None:
    """The opening of a seeded battle, every heading the first ship may take."""
    m = navalkit.new_match("age_of_sail", seed=2)
    mover = m.state.to_move
    turns = [a for a in m.legal_actions() if isinstance(a, Turn)]
    first = turns[0].ship
    assert m.state.ships[first].side == mover
    for action in [a for a in turns if a.ship == first]:
        trial = match_at(m.state)
        trial.apply(action)
        scene = draw(trial.state)
        name = trial.state.ships[first].name.split()[-1]
        under = next(v for k, v in label_figures(scene).items() if name in k)
        right = farthest_after(m, action)
        assert under == panel_figure(scene) == status_figure(trial) == right, action


def test_a_follower_in_line_is_told_no_more_than_her_leader_sailed() -> None:
    """AOS-LINE-COPY: a follower sails no further than her leader did, and says so."""
    m = match_at(initial_state(Config(scenario="fleet", first_player="first")))
    m.apply(Turn(0, 1))
    m.apply(Sail(0, 5))
    name = m.state.ships[1].name.split()[-1]
    before = next(v for k, v in label_figures(draw(m.state)).items() if name in k)
    assert before == 5
    m.apply(Turn(1, 1))
    scene = draw(m.state)
    assert status_figure(m) == panel_figure(scene) == 5
    assert max(a.cm for a in m.legal_actions() if isinstance(a, Sail)) == 5


def end_button(scene: Any) -> str:
    said = {op.text for op in scene.layer("overlay").ops if isinstance(op, Text)}
    (button,) = said & {"End movement", "End turn"}
    return button


def test_a_ship_with_nothing_to_do_sends_the_player_to_the_button_on_the_page() -> None:
    """'... or end the phase' named no button: the panel's is "End movement" while ships
    move and "End turn" in the fire phase."""
    far = {"x": 90.0, "y": 60.0}
    m = match_at(table({"x": 30.0, "y": 30.0, "heading": N}, far, phase=COMBAT))
    game = m.game
    hint = game.ui_hint(m.state, ("ship:0",))
    assert hint.endswith("try another ship, or press End turn.")
    assert end_button(draw(m.state)) == "End turn"
    aground = table({"x": 30.0, "y": 30.0, "heading": N, "aground": True}, far)
    assert aground.phase == MOVE
    hint = game.ui_hint(aground, ("ship:0",))
    assert hint.endswith("try another ship, or press End movement.")
    assert end_button(draw(aground)) == "End movement"
    assert "end the phase" not in hint
