"""A card clicked onto a place it cannot go, on the play page.

A reviewer put the 200-mile card on a gap of the row: the page said "the green marks show
where it can", though the refused place drops the card and no green mark was left; and its
red frame stayed on the gap through three computer moves.
"""

from __future__ import annotations

from typing import Any

from navalkit.play.session import PlaySession
from navalkit.render import Rect
from navalkit.render.theme import get_theme

THEME = get_theme()


def frames(s: PlaySession, colour: str) -> int:
    """How many frames of ``colour`` the board shows over its places."""
    ops = s.board().layer("overlay").ops
    return sum(isinstance(op, Rect) and op.stroke == colour for op in ops)


def refused_200() -> tuple[PlaySession, Any]:
    """Seed 3, four moves in: the 200-mile card goes on the player's own convoy or the
    discard pile, not on a gap of the row (slot 0)."""
    s = PlaySession("nautic_miles", seed=3)
    for _ in range(4):
        s.computer()
    legal = [s.game.action_path(a) for a in s.legal()]
    assert ("hand:m200", "slot:0") not in legal and ("hand:m200", "discard") in legal
    s.click("hand:m200")
    s.click("slot:0")
    return s, legal


def test_a_refused_place_says_how_to_see_the_green_marks_it_names() -> None:
    s, legal = refused_200()
    (said,) = s.screen().messages
    assert said.startswith("The 200-mile card cannot go there")
    assert frames(s, THEME.ok) == 0 and s.path == ()  # the card was dropped: no green mark
    assert "click it again" in said
    s.click("hand:m200")
    assert frames(s, THEME.ok) == len([p for p in legal if p[0] == "hand:m200"]) == 2


def test_the_red_frame_of_a_refused_place_goes_with_the_next_move() -> None:
    s, _legal = refused_200()
    assert frames(s, THEME.danger) == 1
    s.computer()
    assert frames(s, THEME.danger) == 0, "the red frame outlived its refusal"
