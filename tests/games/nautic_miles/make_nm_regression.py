"""Record (or replay) the Nautic Miles behaviour golden file ``nm_regression.json``.

Run ``python tests/games/nautic_miles/make_nm_regression.py`` to rewrite the golden file from
the current engine, only on purpose: it freezes the rules so that speed work can prove it
changed nothing (``test_nautic_miles_regression.py`` replays and compares).

Games are played at the rules level. Moves are chosen from the legal actions *sorted* by
their JSON (so the path depends on the set, not the order; the order has its own hash), by a
seeded random policy or by the captain bot. Per step we keep a short hash of the sorted legal
actions and the choice; at sampled steps, the refusal (rule id, message hash) of random plays
and the states after every legal action; per game, hashes of every state and of the orders.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from navalkit.core.bots import BotView
from navalkit.games.nautic_miles import GAME
from navalkit.games.nautic_miles.actions import Action, Discard, Place, Play, discard, place, play
from navalkit.games.nautic_miles.data import (
    ALERT,
    ARRIVAL,
    CONVOYS,
    DISTANCE,
    END_ALERT,
    FINE_SEA,
    KIND,
    MILES,
    MINE,
    NEUTRAL,
    PLANE,
    PLANE_HIT,
    RADAR,
    STORM,
    STRENGTH,
    SWEEPER,
    TONNAGE,
)
from navalkit.games.nautic_miles.observe import View, observe
from navalkit.games.nautic_miles.rules import refusal
from navalkit.games.nautic_miles.state import State

GOLDEN = Path(__file__).with_name("nm_regression.json")
FORMAT = 1
HASH_CHARS = 8

SHORT = {"target": 40, "max_rounds": 2}
#: (label, players, config overrides, policy, number of games)
SUITES: tuple[tuple[str, int, dict[str, Any], str, int], ...] = (
    ("2p-random", 2, SHORT, "random", 12),
    ("2p-captain", 2, {"target": 60, "max_rounds": 3}, "captain", 8),
    ("3p-random", 3, SHORT, "random", 6),
    ("4p-teams", 4, {**SHORT, "teams": True}, "random", 6),
    ("4p-teams-captain", 4, {**SHORT, "teams": True}, "captain", 4),
    ("5p-captain", 5, {"target": 40, "max_rounds": 1}, "captain", 3),
    ("6p-random", 6, {"target": 40, "max_rounds": 1}, "random", 3),
    ("6p-teams-captain", 6, {"target": 40, "max_rounds": 1, "teams": True}, "captain", 3),
    ("house", 2, {**SHORT, "slowness_bonus": "per_round", "planes_on_alerted": False,
                  "trawler_counts": True, "round_limit": 20}, "captain", 6),
    ("house-teams", 4, {**SHORT, "teams": True, "planes_on_alerted": False,
                        "trawler_counts": True}, "random", 4),
)  # fmt: skip
PROBE_EVERY = 5  # random plays judged at every fifth step
FAN_EVERY = 7  # every legal action applied at every seventh step
#: the state's original fields (any field added later for speed is left out)
FIELDS = (
    "config",
    "players",
    "side",
    "sides",
    "phase",
    "seat",
    "dealer",
    "deal_left",
    "pile",
    "hands",
    "discard",
    "rows",
    "ports",
    "captures",
    "totals",
    "round_no",
    "last_round",
    "ply",
    "winner",
    "over_reason",
)


def short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_CHARS]


def action_key(action: Any) -> str:
    return json.dumps(action.to_json(), sort_keys=True, separators=(",", ":"))


def state_text(state: State) -> str:
    return repr(tuple(getattr(state, f) for f in FIELDS))


def probes(state: State, rng: random.Random) -> str:
    """The verdict on a few random plays (legal or not): rule ids and message hashes."""
    out = []
    held = sorted({KIND[c] for c in state.hands[state.seat]}) or [0]
    for _ in range(6):
        kind = rng.choice(held) if rng.random() < 0.8 else rng.randrange(26)
        row, at = rng.randrange(state.sides + 1), rng.randrange(5)
        action = rng.choice((play(kind, row, at), place(kind, at), discard(kind % 25)))
        why = refusal(state, action)
        out.append("ok" if why is None else f"{why[0]}:{short_hash(why[1])[:4]}")
    return " ".join(out)


def fan(state: State, legal_sorted: list[Any]) -> str:
    h = hashlib.sha256()
    for action in legal_sorted:
        h.update(state_text(GAME.apply(state, action)).encode("utf-8"))
    return h.hexdigest()[:HASH_CHARS]


def play_game(seed: int, players: int, overrides: dict[str, Any], policy: str) -> dict[str, Any]:
    rng = random.Random(seed)
    probe = random.Random(seed * 7919 + 1)
    bot = RecordedCaptain()
    state = GAME.initial_state(GAME.make_config(**overrides), players)
    steps: list[str] = []
    extra: list[str] = []
    trail, order = hashlib.sha256(), hashlib.sha256()
    step = 0
    while not GAME.is_over(state):
        trail.update(state_text(state).encode("utf-8"))
        if GAME.is_chance(state):
            outcomes = sorted(o for o, _ in GAME.chance_outcomes(state))
            state = GAME.apply_chance(state, rng.choice(outcomes))
            continue
        legal = GAME.legal_actions(state)
        keys = [action_key(a) for a in legal]
        order.update(json.dumps(keys).encode("utf-8"))
        legal_sorted = [a for _, a in sorted(zip(keys, legal, strict=True), key=lambda t: t[0])]
        if policy == "random":
            action = rng.choice(legal_sorted)
        else:
            seat = state.seat
            view = BotView(GAME, seat, observe(state, seat), legal_sorted, rng, step, players)
            action = bot.choose(view)
        steps.append(short_hash(json.dumps(sorted(keys)) + action_key(action)))
        if step % PROBE_EVERY == 0:
            extra.append(f"{step} {probes(state, probe)}")
        if step % FAN_EVERY == 0:
            extra.append(f"{step} fan {fan(state, legal_sorted)}")
        state = GAME.apply(state, action)
        step += 1
    trail.update(state_text(state).encode("utf-8"))
    return {
        "seed": seed,
        "players": players,
        "config": overrides,
        "policy": policy,
        "steps": " ".join(steps),
        "probes": extra,
        "scores": list(GAME.scores(state)),
        "winner": GAME.winner(state),
        "final_state": short_hash(state_text(state)),
        "trail": trail.hexdigest()[:HASH_CHARS],
        "order": order.hexdigest()[:HASH_CHARS],
    }


def all_games() -> list[tuple[int, int, dict[str, Any], str]]:
    out = []
    for n, (_label, players, overrides, policy, count) in enumerate(SUITES):
        out.extend((1000 * (n + 1) + k, players, overrides, policy) for k in range(count))
    return out


def main() -> int:
    games = [play_game(*g) for g in all_games()]
    data = {"format": FORMAT, "hash_chars": HASH_CHARS, "games": games}
    text = json.dumps(data, separators=(",", ":")) + "\n"
    GOLDEN.write_text(text, encoding="utf-8")
    steps = sum(len(g["steps"].split()) for g in games)
    print(f"wrote {GOLDEN} ({len(text) / 1024:.0f} KiB): {len(games)} games, {steps} steps")
    return 0


# --- The captain as it played when the golden file was recorded. The live captain (bots.py)
# has since learned to keep its useful cards and to leave radar alone; the golden games
# freeze the rules, not the bot, so they keep the captain they were recorded with.

_ATTACK = {MINE: 50.0, ALERT: 35.0, RADAR: 20.0, STORM: 12.0}
_DEFEND = {SWEEPER: 90.0, PLANE_HIT: 85.0, END_ALERT: 60.0, FINE_SEA: 30.0, NEUTRAL: 40.0}


def _recorded_value(view: View, action: Action) -> float:
    """How much the captain of the recording liked ``action`` (higher is better)."""
    me = view.side
    assert me is not None
    if isinstance(action, Discard):
        return -5.0 - (10.0 if action.kind in MILES else 0.0)
    if isinstance(action, Place):
        at_sea = len(view.rows[me])
        return (30.0 if at_sea < 3 else 5.0) + TONNAGE[action.kind] / 2000 - action.at * 0.1
    assert isinstance(action, Play)
    cv = view.rows[action.row][action.at]
    if action.kind in MILES:
        gain = DISTANCE[action.kind]
        if cv.miles + gain >= ARRIVAL:
            return 100.0 + cv.miles / 100
        danger = 10.0 if cv.mine_by >= 0 or cv.plane_by >= 0 else 0.0
        worth = 0.0 if cv.kind is None else TONNAGE[cv.kind] / 2500
        return 20.0 + gain / 100 + cv.miles / 400 + worth - danger
    if action.row == me:
        if action.kind in STRENGTH:
            return 80.0 - STRENGTH[action.kind]
        bonus = cv.miles / 400
        if action.kind == FINE_SEA:
            return _DEFEND[FINE_SEA] + bonus
        return _DEFEND.get(action.kind, 10.0) + bonus
    lead = view.totals[action.row] / 20 + cv.miles / 300
    if action.kind == PLANE:
        return (95.0 if cv.plane_by >= 0 else 40.0) + lead
    if action.kind in STRENGTH:
        return 45.0 + lead - STRENGTH[action.kind]
    if action.kind == FINE_SEA:
        return -20.0
    if action.kind in CONVOYS:
        return 0.0
    return _ATTACK.get(action.kind, 5.0) + lead


class RecordedCaptain:
    """The captain of the recording: the play it liked best, ties broken by the seeded rng."""

    def choose(self, view: BotView) -> Any:
        obs: View = view.observation
        legal: list[Action] = view.legal_actions
        best = max(_recorded_value(obs, a) for a in legal)
        top = [a for a in legal if _recorded_value(obs, a) >= best - 1e-9]
        return view.rng.choice(top)


if __name__ == "__main__":  # last: main() plays with the captain defined above
    sys.exit(main())
