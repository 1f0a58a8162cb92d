"""Explainer widgets for Last Buoy: a slider over the number of buoys that shows which sweep
wins, so a student finds the multiples of ``max_take + 1`` by playing with it.

A thin ipywidgets front over :func:`.bots.winning_take`: the widget decides nothing itself.
"""

from __future__ import annotations

import ipywidgets as w

from .bots import winning_take


class WinningSweep:
    """Move the slider; the text says which sweep wins from that many buoys, and why."""

    def __init__(self, buoys: int = 10, max_take: int = 3) -> None:
        self.slider = w.IntSlider(value=buoys, min=1, max=30, description="Buoys left:")
        self.answer = w.HTML()
        self.max_take = max_take
        self.slider.observe(lambda _change: self.update(), "value")
        self.widget = w.VBox([self.slider, self.answer])
        self.update()

    def update(self) -> None:
        n = self.slider.value
        take = winning_take(n, self.max_take)
        group = self.max_take + 1
        if take is None:
            self.answer.value = (
                f"{n} is a multiple of {group}: whatever you sweep, your opponent can sweep "
                f"back to a multiple of {group}. You cannot force a win."
            )
        else:
            self.answer.value = (
                f"Sweep {take}: that leaves {n - take}, a multiple of {group}, and you can "
                f"keep it that way to the last buoy."
            )
