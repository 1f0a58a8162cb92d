"""Record (or replay) the Far Seas behaviour golden file ``far_seas_regression.json``.

Run ``python tests/games/far_seas/make_far_seas_regression.py`` to rewrite the golden file
from the current engine. Do that only on purpose: the file freezes the rules so that speed
work can prove it changed nothing. ``test_far_seas_regression.py`` replays and compares.

Games are played at the rules level (``GAME.legal_actions`` / ``GAME.apply``) by a local
``random.Random(seed)``, never by the bots. Moves are picked from the legal actions sorted by
their JSON, so the path depends on the set of legal actions; their order has its own hash.
For every game we keep: one hash per block of steps (legal sets, choices, dice), the rule id
and a message hash of sampled refusals, "fans" (the state after every legal action and every
die outcome at sampled nodes, and the Allied observation), scores, winner and a hash of every
state met.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from navalkit.games.far_seas import GAME, rules
from navalkit.games.far_seas.actions import Deploy, Order, Search
from navalkit.games.far_seas.data import ALLIED, GERMAN, RIVER
from navalkit.games.far_seas.observe import observe
from navalkit.games.far_seas.state import ALLIES

GOLDEN = Path(__file__).with_name("far_seas_regression.json")
FORMAT = 1
HASH_CHARS = 12
BLOCK = 64  # steps per hashed block
PROBE_EVERY = 7  # refusals sampled at every seventh decision
FAN_EVERY = 23  # every legal action (or die outcome) applied at every 23rd node

#: (label, config overrides, policy, number of games)
SUITES: tuple[tuple[str, dict[str, Any], str, int], ...] = (
    ("default", {}, "random", 3),
    ("default-hunt", {}, "hunt", 4),
    ("short-hunt", {"turns": 4}, "hunt", 6),
    ("third-crowd", {"turns": 6, "crowded_fire": "3 or more", "max_rounds": 8}, "hunt", 3),
    ("summary-convoy", {"turns": 5, "convoy_speed": "3 or more"}, "hunt", 3),
    ("one-capture", {"turns": 5, "captures": "one per ship", "colonies": False}, "random", 3),
    ("par", {"turns": 3, "german_par": 20, "max_rounds": 1}, "hunt", 3),
)

ORDER_KINDS = ("move", "panama", "hold", "raid", "convoy", "river", "leave", "home", "intern",
               "surprise")  # fmt: skip
HOT = frozenset({"raid", "convoy", "surprise", "home", "intern", "river", "leave", "panama"})


FIELDS = (
    "turn", "phase", "loc", "box", "damage", "combats", "roll", "search_at", "search_ships",
    "dice", "unit", "battle", "acted", "moved", "discovered", "revealed", "surprised",
    "river_found", "found", "surprise_turn", "squads", "raided", "coward_areas", "taken", "gvp",
    "avp", "captures",
)  # fmt: skip


def short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_CHARS]


def action_key(action: Any) -> str:
    return json.dumps(action.to_json(), sort_keys=True, separators=(",", ":"))


def state_text(state: Any) -> str:
    """The state's rule fields as text (fields added later for speed are left out)."""
    return repr(tuple(_canon(getattr(state, f)) for f in FIELDS))


def _canon(value: Any) -> Any:
    """Sets as sorted tuples, dataclasses field by field: a repr that does not depend on
    hashing or on how a value is stored."""
    if isinstance(value, frozenset | set):
        return tuple(sorted(_canon(v) for v in value))
    if isinstance(value, tuple):
        return tuple(_canon(v) for v in value)
    slots = getattr(type(value), "__slots__", None)
    if slots and hasattr(value, "__dataclass_fields__"):
        return (
            type(value).__name__,
            *(_canon(getattr(value, f)) for f in value.__dataclass_fields__),
        )
    return value


def choose(legal: list[Any], rng: random.Random, policy: str) -> Any:
    """'random' picks uniformly; 'hunt' leans to searches, fights and the rarer orders."""
    if policy == "hunt" and rng.random() < 0.75:
        hot = [
            a
            for a in legal
            if isinstance(a, Search)
            or (isinstance(a, Order) and a.kind in HOT)
            or (isinstance(a, Deploy) and (a.box != "moved" or len(a.ships) > 1))
        ]
        if hot:
            return rng.choice(hot)
    return rng.choice(legal)


def probes(state: Any, rng: random.Random) -> list[Any]:
    """Actions that are mostly refused: orders, deploys and searches of random parts."""
    g = rng.sample(GERMAN, rng.choice((1, 1, 2)))
    a = rng.sample(ALLIED, rng.choice((1, 1, 3)))
    return [
        Order(tuple(g), rng.choice(ORDER_KINDS), rng.randrange(RIVER + 1), rng.randrange(-1, 9)),
        Deploy(tuple(a), rng.randrange(RIVER + 1), rng.choice(("moved", "convoy", "station"))),
        Search(rng.randrange(RIVER + 1), rng.choice(("all", "non-British"))),
        rng.choice(("pass", "end_search", "run", "fight", None, 3)),
    ]


def verdict(state: Any, action: Any) -> str:
    from navalkit.games.far_seas.actions import Simple

    if isinstance(action, str):
        action = Simple(action)
    v = rules.violation(state, action)
    if v is None:
        return "legal"
    return f"{v.rule_id} {short_hash(v.message + '|' + ','.join(v.squares))[:8]}"


def fan(state: Any, legal_sorted: list[Any] | None) -> str:
    h = hashlib.sha256()
    if legal_sorted is None:
        for outcome, p in GAME.chance_outcomes(state):
            after = GAME.apply_chance(state, outcome)
            h.update(f"{outcome} {p:.6f} {state_text(after)}".encode())
    else:
        for action in legal_sorted:
            h.update(state_text(GAME.apply(state, action)).encode())
    h.update(state_text(observe(state, ALLIES).state).encode())
    h.update(GAME.status(state).encode())
    return h.hexdigest()[:HASH_CHARS]


def play_game(seed: int, overrides: dict[str, Any], policy: str) -> dict[str, Any]:
    rng = random.Random(seed)
    probe = random.Random(seed * 7919 + 1)
    state = GAME.initial_state(GAME.make_config(**overrides), 2)
    blocks: list[str] = []
    refusals: list[str] = []
    fans: list[str] = []
    block = hashlib.sha256()
    trail = hashlib.sha256()
    order = hashlib.sha256()
    step = 0
    while not GAME.is_over(state):
        trail.update(state_text(state).encode())
        if GAME.is_chance(state):
            outcomes = GAME.chance_outcomes(state)
            if step % FAN_EVERY == 0:
                fans.append(f"{step} {fan(state, None)}")
            outcome = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            block.update(f"c{outcome}".encode())
            state = GAME.apply_chance(state, outcome)
        else:
            legal = GAME.legal_actions(state)
            keys = [action_key(a) for a in legal]
            order.update(json.dumps(keys).encode())
            ordered = sorted(zip(keys, legal, strict=True), key=lambda kv: kv[0])
            legal_sorted = [a for _, a in ordered]
            action = choose(legal_sorted, rng, policy)
            block.update(f"{short_hash(json.dumps(sorted(keys)))} {action_key(action)}".encode())
            if step % PROBE_EVERY == 0:
                line = " ".join(verdict(state, p) for p in probes(state, probe))
                refusals.append(f"{step} {short_hash(line)} {line.split()[0]}")
            if step % FAN_EVERY == 0:
                fans.append(f"{step} {fan(state, legal_sorted)}")
            state = GAME.apply(state, action)
        step += 1
        if step % BLOCK == 0:
            blocks.append(block.hexdigest()[:HASH_CHARS])
    blocks.append(block.hexdigest()[:HASH_CHARS])
    trail.update(state_text(state).encode())
    return {
        "seed": seed,
        "config": overrides,
        "policy": policy,
        "length": step,
        "blocks": blocks,
        "refusals": refusals,
        "fans": fans,
        "scores": list(GAME.scores(state)),
        "winner": GAME.winner(state),
        "final_state": short_hash(state_text(state)),
        "trail": trail.hexdigest()[:HASH_CHARS],
        "order": order.hexdigest()[:HASH_CHARS],
    }


def all_games() -> list[tuple[int, dict[str, Any], str]]:
    out = []
    for n, (_label, overrides, policy, count) in enumerate(SUITES):
        for k in range(count):
            out.append((1000 * (n + 1) + k, overrides, policy))
    return out


def main() -> int:
    games = [play_game(seed, overrides, policy) for seed, overrides, policy in all_games()]
    data = {"format": FORMAT, "hash_chars": HASH_CHARS, "games": games}
    text = json.dumps(data, separators=(",", ":")) + "\n"
    GOLDEN.write_text(text, encoding="utf-8")
    steps = sum(g["length"] for g in games)
    first = {}
    for g in games:
        for line in g["refusals"]:
            rid = line.split()[2]
            first[rid] = first.get(rid, 0) + 1
    print(f"wrote {GOLDEN} ({len(text) / 1024:.0f} KiB), {len(games)} games, {steps} steps")
    print(f"first refusal ids: {dict(sorted(first.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
