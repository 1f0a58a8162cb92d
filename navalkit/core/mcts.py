"""Monte Carlo tree search over the game protocol, for any game.

The bot never reads the true state. It asks the game for a state consistent with what its
seat observes (``game.sample_state(observation, rng)``: the observation itself for perfect
information, a fresh guess at the hidden cards or positions otherwise), searches several
such samples, and adds up the visits of each root action ("determinized" UCT). Rollouts stop
after ``rollout_depth`` actions and are scored by the game's ``evaluate(state, seat)`` (a
number in [0, 1]) when it has one, and by the scores so far otherwise.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from .bots import BotView, RandomBot, heuristic_name

Rng = Any  # navalkit.core.rng.Rng; kept loose to avoid an import cycle in type checking


@dataclass
class _Node:
    state: Any
    to_move: int | None
    untried: list[Any]
    children: dict[str, _Node] = field(default_factory=dict)
    actions: dict[str, Any] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0  # summed from the point of view of the seat that moved into it


def _key(action: Any) -> str:
    return json.dumps(action.to_json(), sort_keys=True)


def _settle(game: Any, state: Any, rng: Rng) -> Any:
    """Resolve chance nodes by drawing outcomes with their probabilities."""
    while not game.is_over(state) and game.is_chance(state):
        outcomes = list(game.chance_outcomes(state))
        values = [o for o, _ in outcomes]
        weights = [p for _, p in outcomes]
        state = game.apply_chance(state, rng.choices(values, weights=weights, k=1)[0])
    return state


def _node(game: Any, state: Any) -> _Node:
    over = game.is_over(state)
    return _Node(
        state, None if over else game.to_move(state), [] if over else game.legal_actions(state)
    )


def _payoff(game: Any, state: Any, players: int) -> list[float]:
    """Each seat's reward in [0, 1] for a finished or cut-off game."""
    if game.is_over(state):
        w = game.winner(state)
        if w is None:
            return [0.5] * players
        return [1.0 if seat == w else 0.0 for seat in range(players)]
    evaluate = getattr(game, "evaluate", None)
    if evaluate is not None:
        return [float(evaluate(state, seat)) for seat in range(players)]
    # No heuristic of its own: the scores so far, scaled from the lowest (0) to the highest (1).
    scores = list(game.scores(state))
    low, high = min(scores), max(scores)
    if high == low:
        return [0.5] * players
    return [(s - low) / (high - low) for s in scores]


class MCTSBot:
    """UCT over sampled states. ``iterations`` per move (split over ``samples``), or stop at
    ``time_limit`` seconds, whichever comes first."""

    name = "mcts"

    def __init__(
        self,
        iterations: int = 400,
        *,
        samples: int = 4,
        rollout_depth: int = 24,
        exploration: float = 1.4,
        time_limit: float | None = None,
    ) -> None:
        self.iterations = iterations
        self.samples = samples
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.time_limit = time_limit

    def choose(self, view: BotView) -> Any:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        game, rng = view.game, view.rng
        players = view.players
        visits: dict[str, int] = {}
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        per_sample = max(1, self.iterations // max(1, self.samples))
        for _ in range(self.samples):
            state = game.sample_state(view.observation, rng)
            if state is None:  # the game cannot guess what is hidden: play greedy or random
                return _fallback(game).choose(view)
            root = _node(game, state)
            for _ in range(per_sample):
                self._iterate(game, root, players, rng)
                if deadline is not None and time.perf_counter() > deadline:
                    break
            for key, child in root.children.items():
                visits[key] = visits.get(key, 0) + child.visits
            if deadline is not None and time.perf_counter() > deadline:
                break
        by_key = {_key(a): a for a in legal}
        ranked = [(n, k) for k, n in visits.items() if k in by_key]
        if not ranked:
            return rng.choice(legal)
        best = max(n for n, _ in ranked)
        return by_key[rng.choice(sorted(k for n, k in ranked if n == best))]

    def _iterate(self, game: Any, root: _Node, players: int, rng: Rng) -> None:
        path = [root]
        node = root
        # selection
        while not node.untried and node.children:
            node = self._select(node)
            path.append(node)
        # expansion
        if node.untried:
            action = node.untried.pop(rng.randrange(len(node.untried)))
            child_state = _settle(game, game.apply(node.state, action), rng)
            child = _node(game, child_state)
            key = _key(action)
            node.children[key] = child
            node.actions[key] = action
            path.append(child)
            node = child
        # rollout
        state = node.state
        for _ in range(self.rollout_depth):
            if game.is_over(state):
                break
            state = _settle(game, game.apply(state, rng.choice(game.legal_actions(state))), rng)
        rewards = _payoff(game, state, players)
        # backpropagation: a node's reward is for the seat that moved into it
        for parent, child in pairwise(path):
            child.visits += 1
            if parent.to_move is not None:
                child.reward += rewards[parent.to_move]
        root.visits += 1

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(max(node.visits, 1))
        c = self.exploration

        def ucb(child: _Node) -> float:
            if child.visits == 0:
                return math.inf
            return child.reward / child.visits + c * math.sqrt(log_n / child.visits)

        return max(node.children.values(), key=ucb)


def _fallback(game: Any) -> Any:
    name = heuristic_name(game)
    return game.bots()[name]() if name else RandomBot()
