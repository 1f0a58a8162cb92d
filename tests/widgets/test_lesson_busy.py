"""A lesson's simulation says it is playing while it plays, and says when its results are old."""

from __future__ import annotations

import ipywidgets as w
import pytest

from navalkit.widgets.lesson import stale_hint, working


def test_a_button_says_what_plays_and_cannot_be_pressed_twice_while_it_plays() -> None:
    button = w.Button(description="Simulate", icon="play")
    shown = w.HTML("<p>old results</p>")
    with working(button, "Playing 3 games...", shown, "Playing..."):
        assert button.disabled and button.description == "Playing..."
        assert "Playing 3 games..." in shown.value and "old results" not in shown.value
    assert not button.disabled
    assert (button.description, button.icon) == ("Simulate", "play")


def test_a_failed_run_gives_the_button_back() -> None:
    button = w.Button(description="Roll them")
    with pytest.raises(RuntimeError), working(button, "Rolling..."):
        raise RuntimeError("broken")
    assert not button.disabled and button.description == "Roll them"


def test_the_stale_hint_names_the_button_to_press() -> None:
    hint = stale_hint(w.Button(description="Run the games"))
    assert "press <b>Run the games</b>" in hint and "still the old ones" in hint
