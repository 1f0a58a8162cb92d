"""Refit the weights of ``navalkit/games/nautic_miles/search.py`` (needs numpy).

    python tests/games/nautic_miles/fit_nm_outlook.py [games] [bot]

Plays ``games`` seeded games (default 3,000) of ``bot`` (default ``admiral``) against itself,
with one game in three mixing in 5 % or 15 % of random plays so that unusual tables are seen
too; keeps about one position in eight (a seat to play); labels it with how many more
half-points seat 0's side ended that round with than seat 1's (points and bonuses); and fits
``outlook(state, 0, 1)`` to that label by least squares (a small ridge, 10). Prints the new
``WEIGHTS`` table and the fit's R² on a fifth of the positions held out.

The weights in ``search.py`` came from two rounds of this: a fit on the captain's games
gave the admiral its card worths, and a fit on that admiral's games gave the table in use
(R² 0.31: a round is mostly luck, but the facts that matter stand out).
"""

from __future__ import annotations

import random
import sys
from typing import Any

import numpy as np

import navalkit
from navalkit.core.bots import bot_view, make_bot
from navalkit.games.nautic_miles import GAME, search
from navalkit.games.nautic_miles.state import PLAY


def positions(seed: int, bot: str) -> list[tuple[Any, float]]:
    rng = random.Random(seed)
    eps = rng.choice([0.0, 0.05, 0.15])
    m = navalkit.new_match("nautic_miles", seed=seed + 100_000)
    player, noise = make_bot(GAME, bot), make_bot(GAME, "random")
    kept, rounds = [], {}
    while not m.is_over:
        state = m.state
        if state.last_round is not None:
            rounds[state.last_round.number] = state.last_round
        if state.phase == PLAY and rng.random() < 0.12:
            kept.append(state)
        chooser = noise if rng.random() < eps else player
        m.apply(chooser.choose(bot_view(m)))
    last = m.state.last_round
    assert last is not None
    rounds[last.number] = last
    out = []
    for state in kept:
        r = rounds[state.round_no]
        score = [r.points[s] + r.bonus[s] for s in range(2)]
        out.append((state, float(score[0] - score[1])))
    return out


def main(games: int = 3000, bot: str = "admiral") -> None:
    data = [p for seed in range(games) for p in positions(seed, bot)]
    x = np.array([np.subtract(search.features(s, 0), search.features(s, 1)) for s, _ in data])
    y = np.array([label for _, label in data])
    order = np.random.RandomState(0).permutation(len(y))
    train, test = order[: len(y) * 4 // 5], order[len(y) * 4 // 5 :]
    a = x[train]
    w = np.linalg.solve(a.T @ a + 10.0 * np.eye(a.shape[1]), a.T @ y[train])
    residual = ((x[test] @ w - y[test]) ** 2).mean()
    r2 = 1 - residual / ((y[test] - y[test].mean()) ** 2).mean()
    print(f"# {len(y)} positions from {games} games of {bot}; held-out R² {r2:.3f}")
    print("WEIGHTS: dict[str, float] = {")
    for name, weight in zip(search.NAMES, w, strict=True):
        print(f'    "{name}": {weight:.3f},')
    print("}")


if __name__ == "__main__":
    main(*(int(a) if a.isdigit() else a for a in sys.argv[1:]))  # type: ignore[arg-type]
