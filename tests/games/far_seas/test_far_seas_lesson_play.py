"""The lesson's raider simulator: it says it is playing while the games play (seconds in
Voila, with nothing moving on the page before), and a changed choice says Simulate is needed."""

from __future__ import annotations

from typing import Any

import pytest

from navalkit.games.far_seas import explain
from navalkit.games.far_seas.explain import CareerSimulator


def test_simulate_says_it_is_playing_and_locks_its_button_until_done(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sim = CareerSimulator(games=1)
    real = explain.raider_careers
    seen: dict[str, Any] = {}

    def spy(games: int, seed: int = 0, **config: Any) -> Any:
        seen.update(disabled=sim.button.disabled, words=sim.button.description, out=sim.out.value)
        return real(games, seed, **config)

    monkeypatch.setattr(explain, "raider_careers", spy)
    sim.games.value = 2
    sim.button.click()
    assert seen["disabled"] and seen["words"] == "Playing..."  # a button is narrow
    assert "Playing 2 games" in seen["out"]
    assert not sim.button.disabled and sim.button.description == "Simulate"
    assert "In 2 games between the computer commanders" in sim.out.value


def test_a_changed_choice_says_the_results_are_old_until_simulate() -> None:
    sim = CareerSimulator(games=1)
    sim.run()
    assert sim.hint.value == ""
    sim.games.value = 4
    assert "press <b>Simulate</b>" in sim.hint.value
    sim.run()
    assert sim.hint.value == ""
