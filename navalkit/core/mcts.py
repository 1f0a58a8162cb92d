"""Monte Carlo tree search over the game protocol, for any game.

The bot never reads the true state. It asks the game for a state consistent with what its
seat observes (``game.sample_state(observation, rng)``: the observation itself for perfect
information, a fresh guess at the hidden cards or positions otherwise), searches several
such samples, and adds up the visits of each root action ("determinized" UCT). Rollouts stop
after ``rollout_depth`` actions and are scored by the game's ``evaluate(state, seat)`` (a
number in [0, 1]) when it gives one, and by the scores so far otherwise.

A game tunes the search for itself with its ``mcts_settings`` class attribute (the keyword arguments
of :class:`MCTSBot`, read by :meth:`MCTSBot.for_game`): shorter rollouts where its
``evaluate`` is good, rollouts guided by its own heuristic bot (``guide``: the chance that a
rollout move is the heuristic's rather than a random one), and the heuristic's choice tried
first at the root (``hint``). The heuristic is given the seat's observation of the sampled
state only, so guided rollouts peek no more than random ones.

Two optional hooks let a game focus the search (both additive: a game without them searches
every legal move with its heuristic bot as guide):

* ``policy`` in ``mcts_settings`` names the game's bot (a key of ``game.bots()``) that guides
  the rollouts and gives the hint, when it is not the heuristic bot of the medium level;
* ``game.search_actions(state)``, when the game defines it, lists the moves the search tries
  in ``state`` (a non-empty subset of the legal moves: obviously bad ones pruned), at the
  root and in the tree; when it leaves a single move at the root, that move is played at
  once without searching.

``flat=True`` grows no tree, for games where luck decides so much after each move that a tree
would freeze one card draw or die roll per sampled state: every sample (a fresh guess at the
hidden part) tries each root move once, and all of them play on from the same random seed
(common random numbers: the same luck follows every move, so the moves are compared on equal
terms); the move with the best mean reward is played (``hint`` is then a bonus added to the
mean of the heuristic's choice). ``iterations`` counts the playouts. A game may play on in
its own way, faster or with its luck in a fixed order, with an optional
``game.playout(state, rng, depth)`` hook that returns the state where it stops (``depth`` in
the game's own unit); otherwise the rollouts above are used.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from .player import MOVE_BUDGET_S, Bot, BotView, heuristic_bot
from .rng import Rng as _Generator  # chance comes from core.rng only

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
    hinted: bool = False  # the first untried action is to be expanded first


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
    if game.is_over(state):
        return _Node(state, None, [])
    moves = getattr(game, "search_actions", None) or game.legal_actions
    return _Node(state, game.to_move(state), list(moves(state)))


def squash(value: float, scale: float) -> float:
    """A score on any scale as a reward in (0, 1): 0.5 at 0, about 0.73 at ``scale``."""
    return 1.0 / (1.0 + math.exp(-value / scale))


def _payoff(game: Any, state: Any, players: int) -> list[float]:
    """Each seat's reward in [0, 1] for a finished or cut-off game."""
    if game.is_over(state):
        w = game.winner(state)
        if w is None:
            return [0.5] * players
        return [1.0 if seat == w else 0.0 for seat in range(players)]
    values = [game.evaluate(state, seat) for seat in range(players)]
    if all(v is not None for v in values):
        return [float(v) for v in values]
    # No heuristic of its own: the scores so far, scaled from the lowest (0) to the highest (1).
    scores = list(game.scores(state))
    low, high = min(scores), max(scores)
    if high == low:
        return [0.5] * players
    return [(s - low) / (high - low) for s in scores]


def _reward(game: Any, state: Any, players: int, seat: int) -> float:
    """``_payoff(game, state, players)[seat]``, asking ``evaluate`` about that seat only."""
    if not game.is_over(state):
        value = game.evaluate(state, seat)
        if value is not None:
            return float(value)
    return _payoff(game, state, players)[seat]


class MCTSBot:
    """UCT over sampled states. ``iterations`` per move (split over ``samples``), or stop at
    ``time_limit`` seconds, whichever comes first. ``guide`` (0 to 1) is the share of rollout
    moves the game's heuristic bot chooses; with ``hint`` > 0 its choice for the real view is
    the first root action searched in every sample, and is credited ``hint * iterations``
    extra visits when the root actions are counted (another action must do clearly better
    in the search to be chosen instead). ``flat=True``: no tree, every root move played on
    from each sample with the same luck (see the module's notes)."""

    name = "mcts"

    def __init__(
        self,
        iterations: int = 400,
        *,
        samples: int = 4,
        rollout_depth: int = 24,
        exploration: float = 1.4,
        time_limit: float | None = None,
        guide: float = 0.0,
        hint: float = 0.0,
        policy: str | None = None,
        flat: bool = False,
    ) -> None:
        self.iterations = iterations
        self.samples = samples
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.time_limit = time_limit
        self.guide = guide
        self.hint = hint
        self.policy = policy
        self.flat = flat

    @classmethod
    def for_game(cls, game: Any, *, fixed: bool = False) -> MCTSBot:
        """The search with the settings ``game`` declares for itself (its ``mcts_settings``).

        By default a move may take at most ``MOVE_BUDGET_S`` seconds (or the game's own
        ``time_limit``), so the hard level answers as quickly on a slow machine as on a fast
        one, and searches fewer iterations there. ``fixed=True`` drops the clock: exactly the
        game's ``iterations`` are searched, so the same seed gives the same moves on any
        machine (tests, simulations, benchmarks of strength that must repeat)."""
        settings = dict(game.mcts_settings)
        if fixed:
            settings["time_limit"] = None
        else:
            settings.setdefault("time_limit", MOVE_BUDGET_S)
        return cls(**settings)

    def choose(self, view: BotView) -> Any:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        game, rng = view.game, view.rng
        players = view.players
        heuristic = _guide(game, self.policy) if self.guide > 0 or self.hint > 0 else None
        first = _key(heuristic.choose(view)) if heuristic is not None and self.hint > 0 else None
        visits: dict[str, float] = {} if first is None else {first: self.hint * self.iterations}
        by_key = {_key(a): a for a in legal}
        if self.flat:
            return self._choose_flat(view, by_key, heuristic, first)
        start = time.perf_counter()
        per_sample = max(1, self.iterations // max(1, self.samples))
        for i in range(self.samples):
            # each sampled guess at the hidden part gets its share of the clock, so a short
            # budget still searches every guess rather than the first one only
            deadline = (
                None
                if self.time_limit is None
                else start + self.time_limit * (i + 1) / max(1, self.samples)
            )
            state = game.sample_state(view.observation, rng)
            if state is None:  # the game cannot guess what is hidden: play greedy or random
                return _fallback(game).choose(view)
            root = _node(game, state)
            if i == 0 and len(root.untried) == 1 and _key(root.untried[0]) in by_key:
                return by_key[_key(root.untried[0])]  # forced by the game's search_actions
            if first is not None:  # the heuristic's choice is expanded first
                if all(_key(a) != first for a in root.untried):  # even if search_actions pruned it
                    root.untried.extend(a for a in legal if _key(a) == first)
                root.untried.sort(key=lambda a: _key(a) != first)
                root.hinted = True
            rollout = _Rollout(game, players, rng, self.rollout_depth, self.guide, heuristic)
            for _ in range(per_sample):
                self._iterate(game, root, players, rng, rollout)
                if deadline is not None and time.perf_counter() > deadline:
                    break
            for key, child in root.children.items():
                visits[key] = visits.get(key, 0) + child.visits
        ranked = [(n, k) for k, n in visits.items() if k in by_key]
        if not ranked:
            return rng.choice(legal)
        best = max(n for n, _ in ranked)
        return by_key[rng.choice(sorted(k for n, k in ranked if n == best))]

    def _choose_flat(
        self, view: BotView, by_key: dict[str, Any], heuristic: Bot | None, first: str | None
    ) -> Any:
        """Flat Monte Carlo (see the module's notes): every sample plays every root move on
        from one seed; the best mean reward wins, plus ``hint`` for the heuristic's choice."""
        game, rng, players, seat = view.game, view.rng, view.players, view.player
        playout = getattr(game, "playout", None)
        moves_of = getattr(game, "search_actions", None) or game.legal_actions
        total: dict[str, float] = {}
        count: dict[str, int] = {}
        start = time.perf_counter()
        done = 0
        while done < self.iterations:
            state = game.sample_state(view.observation, rng)
            if state is None:  # the game cannot guess what is hidden: play greedy or random
                return _fallback(game).choose(view)
            keys = [k for k in map(_key, moves_of(state)) if k in by_key]
            if first is not None and first not in keys:  # even if search_actions pruned it
                keys.append(first)
            if len(keys) == 1 and not total:
                return by_key[keys[0]]  # forced by the game's search_actions
            seed = rng.getrandbits(64)
            rewards: dict[str, float] = {}
            for key in keys:
                luck = _Generator(seed)  # the same luck after every move
                after = game.apply(state, by_key[key])
                if playout is not None:
                    reward = _reward(game, playout(after, luck, self.rollout_depth), players, seat)
                else:
                    guided = _Rollout(
                        game, players, luck, self.rollout_depth, self.guide, heuristic
                    )
                    reward = guided.play(_settle(game, after, luck))[seat]
                rewards[key] = reward
                if total and self._late(start):  # out of time: a sample half done is dropped
                    break
            if len(rewards) == len(keys) or not total:
                for key, reward in rewards.items():
                    total[key] = total.get(key, 0.0) + reward
                    count[key] = count.get(key, 0) + 1
            done += len(keys)
            if self._late(start):
                break
        if not total:
            return rng.choice(view.legal_actions)
        mean = {k: total[k] / count[k] + (self.hint if k == first else 0.0) for k in total}
        best = max(mean.values())
        return by_key[rng.choice(sorted(k for k, v in mean.items() if v == best))]

    def _late(self, start: float) -> bool:
        return self.time_limit is not None and time.perf_counter() - start > self.time_limit

    def _iterate(self, game: Any, root: _Node, players: int, rng: Rng, rollout: _Rollout) -> None:
        path = [root]
        node = root
        # selection
        while not node.untried and node.children:
            node = self._select(node)
            path.append(node)
        # expansion (a hinted node's first untried action is the heuristic's: see choose)
        if node.untried:
            action = node.untried.pop(0 if node.hinted else rng.randrange(len(node.untried)))
            node.hinted = False
            child_state = _settle(game, game.apply(node.state, action), rng)
            child = _node(game, child_state)
            key = _key(action)
            node.children[key] = child
            node.actions[key] = action
            path.append(child)
            node = child
        rewards = rollout.play(node.state)
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


class _Rollout:
    """Plays on from a state for up to ``depth`` moves, each the heuristic's with chance
    ``guide`` (given the mover's observation of the state only) and random otherwise, and
    scores where it stops."""

    def __init__(
        self, game: Any, players: int, rng: Rng, depth: int, guide: float, heuristic: Bot | None
    ) -> None:
        self.game, self.players, self.rng = game, players, rng
        self.depth, self.guide, self.heuristic = depth, guide, heuristic

    def play(self, state: Any) -> list[float]:
        game, rng = self.game, self.rng
        for _ in range(self.depth):
            if game.is_over(state):
                break
            legal = game.legal_actions(state)
            if self.heuristic is not None and rng.random() < self.guide:
                seat = game.to_move(state)
                seen = BotView(game, seat, game.observe(state, seat), legal, rng, 0, self.players)
                action = self.heuristic.choose(seen)
            else:
                action = rng.choice(legal)
            state = _settle(game, game.apply(state, action), rng)
        return _payoff(game, state, self.players)


def _fallback(game: Any) -> Any:
    return heuristic_bot(game)


def _guide(game: Any, policy: str | None) -> Any:
    """The bot that guides the rollouts and gives the hint: the game's bot named ``policy``,
    or its heuristic bot."""
    return game.bots()[policy]() if policy else heuristic_bot(game)
