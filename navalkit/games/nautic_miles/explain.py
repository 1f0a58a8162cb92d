"""Explainers for the lesson: the convoy value table and calculator, the battle ladder, and
a simulation of how often a convoy gets home. Each is a thin layer over the pure rules."""

from __future__ import annotations

import random
from typing import Any

from .data import KEYS, MILE_BANDS, STRENGTH, SUB_PAIR, TONNAGES, capture_points, convoy_points
from .game import GAME
from .state import State


def value_table(detected: bool = False) -> Any:
    """The decoded scoring table as a DataFrame (rows: mile bands; columns: tonnage)."""
    import pandas as pd

    rows = {
        label: [convoy_points(t, max(low, 0), detected) for t in TONNAGES]
        for label, low, _ in MILE_BANDS
    }
    rows["captured"] = [capture_points(t, detected) for t in TONNAGES]
    return pd.DataFrame(rows, index=[f"{t:,} t" for t in TONNAGES]).T


def ladder_table() -> Any:
    """Who beats whom in a naval battle: 'wins', 'tie' or 'loses' for the row's ship."""
    import pandas as pd

    ships = sorted(STRENGTH, key=STRENGTH.__getitem__)
    names = [KEYS[k] if k != SUB_PAIR else "2 submarines" for k in ships]

    def cell(a: int, b: int) -> str:
        sa, sb = STRENGTH[a], STRENGTH[b]
        return "wins" if sa > sb else "tie" if sa == sb else "loses"

    return pd.DataFrame([[cell(a, b) for b in ships] for a in ships], index=names, columns=names)


def arrival_simulation(games: int = 40, seed: int = 0, players: int = 2) -> Any:
    """Random games, one round each: for every convoy laid, did it get home, get destroyed,
    or was it still at sea? One row per convoy kind (a DataFrame of shares)."""
    import pandas as pd

    from .data import KIND

    rng = random.Random(seed)
    counts: dict[str, dict[str, int]] = {}
    config = GAME.make_config(max_rounds=1)
    for _ in range(games):
        state: State = GAME.initial_state(config, players)
        laid: set[int] = set()
        last = state
        while not GAME.is_over(state):
            if GAME.is_chance(state):
                state = GAME.apply_chance(state, rng.choice(state.pile))
                continue
            last = state
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
            laid |= {cv.card for row in state.rows for cv in row}
        home = {cv.card for port in last.ports for cv in port}
        lost = {c for caps in last.captures for c, _ in caps}
        for card in laid:
            row = counts.setdefault(KEYS[KIND[card]], {"home": 0, "destroyed": 0, "at sea": 0})
            key = "home" if card in home else "destroyed" if card in lost else "at sea"
            row[key] += 1
    frame = pd.DataFrame(counts).T.fillna(0)
    return frame.div(frame.sum(axis=1), axis=0).round(2)


class ConvoyCalculator:
    """Sliders for tons, miles and radar that show a convoy's points (rule NM-SCORE)."""

    def __init__(self) -> None:
        import ipywidgets as w

        self.tons = w.Dropdown(options=list(TONNAGES), value=5000, description="tons")
        self.miles = w.IntSlider(value=2000, min=0, max=6000, step=200, description="miles")
        self.radar = w.Checkbox(value=False, description="detected by radar")
        self.out = w.HTML()
        for widget in (self.tons, self.miles, self.radar):
            widget.observe(lambda _: self.update(), "value")
        self.widget = w.VBox([self.tons, self.miles, self.radar, self.out])
        self.update()

    def update(self) -> None:
        pts = convoy_points(self.tons.value, self.miles.value, self.radar.value)
        cap = capture_points(self.tons.value, self.radar.value)
        self.out.value = f"<b>{pts:g}</b> points now; <b>{cap:g}</b> to whoever captures it."

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
