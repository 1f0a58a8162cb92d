"""Record Age of Sail behaviour before speed work: ``python make_regression.py`` (this folder).

Seeded games (random and aggressive policies, every scenario, house rules switched) and
scattered positions (ships close together, damaged, burning, anchored, aground, locked) are
played through ``GAME``; for each, hashes of the legal-action lists (in order), the moves and
dice, every state met, the state after every legal action at sampled steps, and the refusal
(rule id and message) of a fan of well-formed actions are stored, 16 steps to a hash.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from navalkit.games.age_of_sail import GAME, Board, End, Fire, Order, Repair, Sail, Turn
from navalkit.games.age_of_sail.state import COMBAT, MOVE

GOLDEN = Path(__file__).with_name("regression.json")
FORMAT = 1
HASH_CHARS = 10
BLOCK = 16  # steps per stored hash
FAN_EVERY = 5  # apply every legal action at every FAN_EVERY-th step

SHIP_FIELDS = [
    "name",
    "nation",
    "kind",
    "side",
    "squadron",
    "x",
    "y",
    "heading",
    "rig",
    "masts",
    "decks",
    "hull",
    "status",
    "fire",
    "anchored",
    "aground",
    "entangled",
    "captured",
    "ordered",
    "fired",
    "engaged",
]
STATE_FIELDS = [
    "ships",
    "shoals",
    "nations",
    "wind_from",
    "wind_speed",
    "phase",
    "to_move",
    "first",
    "round",
    "turns_done",
    "queue",
    "helm",
    "line_moves",
    "damage",
    "ply",
    "result",
    "last",
]

#: (label, config overrides, policy, games)
SUITES: tuple[tuple[str, dict[str, Any], str, int], ...] = (
    ("duel", {}, "random", 25),
    ("duel-aggressive", {"wind": "N", "wind_naming": "from", "wind_speed": 6}, "aggressive", 25),
    ("fleet", {"scenario": "fleet"}, "random", 15),
    (
        "fleet-aggressive",
        {"scenario": "fleet", "wind": "SW", "wind_naming": "from"},
        "aggressive",
        20,
    ),
    (
        "fleet-free",
        {"scenario": "fleet", "line_of_battle": False, "contact_cm": 5},
        "aggressive",
        10,
    ),
    ("pirates", {"scenario": "pirates"}, "random", 10),
    (
        "pirates-house",
        {"scenario": "pirates", "boarding_ties": "defender", "hull_hits": False, "wind_speed": 7},
        "aggressive",
        15,
    ),
)


def short(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_CHARS]


def _value(v: Any) -> str:
    if hasattr(v, "__dataclass_fields__"):
        names = SHIP_FIELDS if type(v).__name__ == "Ship" else list(v.__dataclass_fields__)
        return "(" + ",".join(_value(getattr(v, n)) for n in names) + ")"
    if isinstance(v, tuple):
        return "[" + ",".join(_value(x) for x in v) + "]"
    return repr(v)


def state_text(state: Any) -> str:
    """The state in words, field by field (a fixed list: new cache fields do not count)."""
    return ";".join(f"{n}={_value(getattr(state, n))}" for n in STATE_FIELDS)


def action_text(action: Any) -> str:
    return json.dumps(action.to_json(), sort_keys=True)


def fan(state: Any, rng: random.Random) -> list[Any]:
    """Well-formed actions, legal or not, to ask ``violation`` about."""
    n = len(state.ships)
    out: list[Any] = [End()]
    for _ in range(12):
        i, j = rng.randrange(n), rng.randrange(n)
        out.append(
            rng.choice(
                (
                    Turn(i, rng.randrange(8)),
                    Sail(i, rng.randrange(25)),
                    Order(i, rng.choice(("drift", "anchor", "weigh", "separate"))),
                    Fire(i, j, rng.choice(("hull", "sails"))),
                    Board(i, j),
                    Repair(i),
                )
            )
        )
    return out


def nearest_enemy(state: Any, i: int) -> Any:
    s = state.ships[i]
    foes = [t for t in state.ships if t.side != s.side and t.afloat]
    return min(foes, key=lambda t: math.hypot(t.x - s.x, t.y - s.y)) if foes else None


def choose(legal: list[Any], state: Any, rng: random.Random, policy: str) -> Any:
    if policy == "random" or rng.random() < 0.15:
        return rng.choice(legal)
    hot = [a for a in legal if isinstance(a, Fire | Board | Repair)]
    if hot and rng.random() < 0.9:
        return rng.choice(hot)
    sails = [a for a in legal if isinstance(a, Sail)]
    if sails:
        return max(sails, key=lambda a: a.cm) if rng.random() < 0.7 else rng.choice(sails)
    turns = [a for a in legal if isinstance(a, Turn)]
    if turns and rng.random() < 0.9:
        t = nearest_enemy(state, turns[0].ship)
        if t is not None:
            s = state.ships[turns[0].ship]
            want = round(math.degrees(math.atan2(t.x - s.x, t.y - s.y)) / 45) % 8
            return min(turns, key=lambda a: min((a.heading - want) % 8, (want - a.heading) % 8))
    if isinstance(legal[-1], End) and state.phase == COMBAT and rng.random() < 0.8:
        return legal[-1]
    return rng.choice(legal)


class Recorder:
    """Hashes a game step by step, one stored hash per block of steps."""

    def __init__(self) -> None:
        self.blocks: list[str] = []
        self.h = hashlib.sha256()
        self.n = 0

    def add(self, text: str) -> None:
        self.h.update(text.encode("utf-8"))

    def step(self) -> None:
        self.n += 1
        if self.n % BLOCK == 0:
            self.blocks.append(self.h.hexdigest()[:HASH_CHARS])
            self.h = hashlib.sha256()

    def close(self) -> list[str]:
        return [*self.blocks, self.h.hexdigest()[:HASH_CHARS]]


def play(state: Any, rng: random.Random, probe: random.Random, policy: str) -> dict[str, Any]:
    rec = Recorder()
    step = 0
    while not GAME.is_over(state):
        rec.add(state_text(state))
        if GAME.is_chance(state):
            outcomes = GAME.chance_outcomes(state)
            rec.add(repr(outcomes))
            outcome = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            state = GAME.apply_chance(state, outcome)
            rec.step()
            continue
        legal = GAME.legal_actions(state)
        rec.add("|".join(action_text(a) for a in legal))
        if step % FAN_EVERY == 0:
            for a in legal:
                rec.add(state_text(GAME.apply(state, a)))
            for a in fan(state, probe):
                v = GAME.violation(state, a)
                rec.add("legal" if v is None else f"{v.rule_id} {v.message} {v.squares}")
        action = choose(legal, state, rng, policy)
        rec.add(action_text(action))
        state = GAME.apply(state, action)
        step += 1
        rec.step()
    rec.add(state_text(state))
    return {"blocks": rec.close(), "scores": list(GAME.scores(state)), "steps": rec.n}


def play_game(seed: int, overrides: dict[str, Any], policy: str) -> dict[str, Any]:
    rng, probe = random.Random(seed), random.Random(seed * 7919 + 1)
    state = GAME.initial_state(GAME.make_config(**overrides), 2)
    return {"seed": seed, "config": overrides, "policy": policy, **play(state, rng, probe, policy)}


def scatter_state(seed: int) -> Any:
    """A position no game would reach soon: ships close together, damaged, burning, anchored,
    aground or locked, in the movement or the combat phase."""
    rng = random.Random(seed)
    overrides: dict[str, Any] = {
        "scenario": rng.choice(("duel", "fleet", "pirates")),
        "first_player": "first",
        "wind": rng.choice(("N", "NE", "E", "SE", "S", "SW", "W", "NW")),
        "wind_naming": "from",
        "wind_speed": rng.randint(1, 7),
        "line_of_battle": rng.random() < 0.7,
        "max_rounds": 3,
    }
    state = GAME.initial_state(GAME.make_config(**overrides), 2)
    ships, placed = [], []
    for s in state.ships:
        while True:
            x, y = rng.uniform(35, 65), rng.uniform(25, 45)
            if all(math.hypot(x - a, y - b) >= 2.5 for a, b in placed):
                break
        placed.append((x, y))
        decks = (rng.randint(0, s.decks[0]), rng.randint(0, s.decks[1]))
        masts = tuple(rng.random() < 0.8 for _ in range(3))
        ships.append(
            replace(
                s,
                x=round(x, 1),
                y=round(y, 1),
                heading=rng.randrange(8),
                decks=decks,
                masts=masts,
                fire=rng.choice((0, 0, 0, 1, 2)),
                anchored=rng.random() < 0.1,
                aground=rng.random() < 0.05,
            )
        )
    phase = rng.choice((MOVE, COMBAT))
    return replace(state, ships=tuple(ships), phase=phase, to_move=rng.randrange(2))


def scatter_game(seed: int) -> dict[str, Any]:
    rng, probe = random.Random(seed + 1), random.Random(seed + 2)
    return {"seed": seed, **play(scatter_state(seed), rng, probe, "aggressive")}


def all_games() -> list[tuple[int, dict[str, Any], str]]:
    out = []
    for n, (_label, overrides, policy, count) in enumerate(SUITES):
        for k in range(count):
            out.append((1000 * (n + 1) + k, overrides, policy))
    return out


SCATTER_SEEDS = tuple(range(50_000, 50_080))


def record() -> dict[str, Any]:
    return {
        "format": FORMAT,
        "hash_chars": HASH_CHARS,
        "games": [play_game(*g) for g in all_games()],
        "scattered": [scatter_game(seed) for seed in SCATTER_SEEDS],
    }


def main() -> int:
    data = record()
    text = json.dumps(data, separators=(",", ":")) + "\n"
    GOLDEN.write_text(text, encoding="utf-8")
    steps = sum(g["steps"] for g in data["games"] + data["scattered"])
    print(f"wrote {GOLDEN} ({len(text) / 1024:.0f} KiB), {steps} steps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
