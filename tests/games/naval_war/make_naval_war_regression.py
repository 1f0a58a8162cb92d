"""Record (or replay) the Naval War behaviour golden file ``naval_war_regression.json``.

Run ``python tests/games/naval_war/make_naval_war_regression.py`` to rewrite the golden file
from the current engine. Do that only on purpose: the file freezes the rules so that speed
work can prove it changed nothing; ``test_naval_war_regression.py`` replays and compares.

Each game is played at the rules level (``GAME.legal_actions`` / ``GAME.apply`` /
``GAME.apply_chance``). Moves and chance outcomes are drawn by a local ``random.Random(seed)``
from the *sorted* legal actions and outcomes, so the path depends on the sets, not on their
order (each order has its own hash: seeded matches and bots depend on it too). At every step
we write one line: the hash of the sorted legal-action JSON (or outcome list), the choice, its
description and the hash of the state after it. At sampled steps we also ask
``GAME.violation`` about illegal actions (rule id + message hash) and apply *every* legal
action (a "fan"). The golden file keeps these lines as hashes of blocks of ``BLOCK`` lines to
stay small; the test prints the offending block's lines when a block differs.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from navalkit.core.bots import BotView
from navalkit.games.naval_war import GAME
from navalkit.games.naval_war.actions import DRAW, LAUNCH, Aim, Discard, Play, Strike, Take
from navalkit.games.naval_war.bots import GreedyBot
from navalkit.games.naval_war.data import CARDS, SHIPS
from navalkit.games.naval_war.observe import observe
from navalkit.games.naval_war.state import DS_TARGET, PHASE_NAMES

GOLDEN = Path(__file__).with_name("naval_war_regression.json")
FORMAT = 1
HASH_CHARS = 12  # a 48-bit prefix of sha256 is plenty to catch a change
BLOCK = 16  # lines per stored block hash

#: The State fields as they were when the golden file was made, in order. Fields added later
#: for speed (caches, derived tables) are left out of the state text on purpose.
FIELDS = (
    "config", "n", "phase", "seat", "round", "dealer", "totals", "deck", "harbor", "discard",
    "hands", "fleets", "salvos", "mines", "smoke", "ds_owner", "ds_salvos", "sunk", "lost",
    "turns", "ready_at", "dealt", "cleared", "pending", "target", "strikes", "queue",
    "roll_for", "ds_victim", "ds_left", "history", "winner", "opening",
)  # fmt: skip

#: (label, config overrides, player counts, policy, games per player count)
SUITES: tuple[tuple[str, dict[str, Any], tuple[int, ...], str, int], ...] = (
    ("default", {"max_rounds": 2}, (3, 5, 9), "random", 3),
    ("default-greedy", {"max_rounds": 2}, (3, 5, 9), "greedy", 3),
    ("full", {}, (3, 5, 9), "mixed", 1),
    ("goal-50", {"goal": 50}, (3, 4, 6), "greedy", 1),
    ("goal-75-left", {"goal": 75, "clearout_start": "left", "max_rounds": 2}, (3, 5, 9),
     "mixed", 1),
    ("kamikaze", {"kamikaze": True, "max_rounds": 2}, (3, 5, 9), "greedy", 2),
    ("kamikaze-rand", {"kamikaze": True, "max_rounds": 1}, (3, 5, 9), "random", 1),
    ("three-rounds", {"max_rounds": 3}, (4, 6, 8), "mixed", 1),
    ("open-sky", {"smoke_blocks_air": False, "max_rounds": 2}, (3, 5, 9), "mixed", 1),
    ("mines-nobody", {"mine_credit": "nobody", "max_rounds": 2}, (3, 5, 9), "greedy", 1),
    ("all-switches", {"goal": 75, "kamikaze": True, "clearout_start": "left",
                      "smoke_blocks_air": False, "mine_credit": "nobody", "max_rounds": 2},
     (3, 5, 7, 8, 9), "mixed", 1),
    ("one-round", {"max_rounds": 1}, (3, 4, 5, 6, 7, 8, 9), "random", 1),
    ("one-round-greedy", {"max_rounds": 1, "kamikaze": True}, (3, 9), "greedy", 1),
    ("nine-four", {"nine_deal": 4, "max_rounds": 2}, (8, 9), "mixed", 2),
)  # fmt: skip

VIOLATION_EVERY = 5  # ask about illegal actions at every fifth decision
FAN_EVERY = 9  # apply every legal action at every ninth decision

#: what the games met, for the summary printed by main() (not stored)
SEEN: dict[str, int] = {}


def short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_CHARS]


def action_key(action: Any) -> str:
    """The canonical JSON text of an action (the sort key for legal actions)."""
    return json.dumps(action.to_json(), sort_keys=True, separators=(",", ":"))


def state_text(state: Any) -> str:
    """The state's recorded fields (see FIELDS) as text."""
    return repr(tuple(getattr(state, name) for name in FIELDS))


def violation_text(v: Any) -> str:
    if v is None:
        return "legal"
    return f"{v.rule_id} {short_hash(v.message + '|' + ','.join(v.squares))[:8]}"


def _count(key: str) -> None:
    SEEN[key] = SEEN.get(key, 0) + 1


def illegal_samples(state: Any, rng: random.Random) -> list[Any]:
    """Mostly-illegal actions of every type, some near a legal one (same card, other target)."""
    seat, n = state.seat, state.n
    hand = list(state.hands[seat]) if 0 <= seat < n else []
    afloat = [s for f in state.fleets for s in f]
    salvos = [c for on in state.salvos for c, _ in on]
    targets = afloat + salvos + list(range(n)) + [-1, DS_TARGET]
    out: list[Any] = []
    for card in rng.sample(hand, min(2, len(hand))):
        out.append(Play(card, rng.choice(targets)))
    if state.pending >= 0:
        out.append(Play(state.pending, rng.choice(targets)))
        out.append(Discard(state.pending))
    out.append(Play(rng.randrange(len(CARDS)), rng.choice(targets)))
    out.append(
        Discard(rng.choice(hand) if hand and rng.random() < 0.7 else rng.randrange(len(CARDS)))
    )
    carrier = state.queue[0] if state.queue else rng.randrange(len(SHIPS))
    out.append(Strike(carrier, rng.choice([*afloat, -1]), rng.random() < 0.3))
    out.append(Strike(rng.randrange(len(SHIPS)), rng.randrange(-1, len(SHIPS))))
    out.append(Aim(rng.randrange(9)))
    out.append(Take(rng.choice(afloat) if afloat else 0))
    out.append(rng.choice((DRAW, LAUNCH)))
    out.append(rng.choice((None, "draw", 3, {"type": "draw"}, Play(True, 1), Strike(0, 1, 1))))  # type: ignore[arg-type]
    return out


def greedy(state: Any, legal: list[Any], step: int) -> Any:
    """What the greedy bot chooses from the seat's own view."""
    view = BotView(GAME, state.seat, observe(state, state.seat), legal, random.Random(0), step)
    return GreedyBot().choose(view)


def choose(state: Any, legal: list[Any], legal_sorted: list[Any], rng: random.Random,
           policy: str, step: int) -> Any:  # fmt: skip
    """'random' picks uniformly from the sorted actions; 'greedy' asks the greedy bot (with
    the legal actions in the rules' own order, as a match would); 'mixed' mixes the two."""
    if policy == "greedy" or (policy == "mixed" and rng.random() < 0.6):
        return greedy(state, legal, step)
    return rng.choice(legal_sorted)


def fan_line(state: Any, legal_sorted: list[Any]) -> str:
    """A hash over the state after every legal action, its scores and its refusal verdict."""
    h = hashlib.sha256()
    for action in legal_sorted:
        after = GAME.apply(state, action)
        h.update(state_text(after).encode("utf-8"))
        h.update(repr(GAME.scores(after)).encode("utf-8"))
        h.update(violation_text(GAME.violation(state, action)).encode("utf-8"))
    return h.hexdigest()[:HASH_CHARS]


def view_text(state: Any) -> str:
    """The seat-to-move's observation and the status line."""
    seat = state.seat if 0 <= state.seat < state.n else None
    v = observe(state, seat)
    return repr((state_text(v.state), v.hand_sizes, v.deck_size, v.harbor_size, GAME.status(state)))


def play_game(seed: int, overrides: dict[str, Any], players: int, policy: str) -> dict[str, Any]:
    """Play one seeded game and return every line it produced (unhashed)."""
    rng = random.Random(seed)
    probe = random.Random(seed * 7919 + 1)
    state = GAME.initial_state(GAME.make_config(**overrides), players)
    steps: list[str] = []
    probes: list[str] = []
    fans: list[str] = []
    order = hashlib.sha256()  # the order of the legal actions and chance outcomes
    step = 0
    while not GAME.is_over(state):
        if GAME.is_chance(state):
            outcomes = GAME.chance_outcomes(state)
            order.update(repr(outcomes).encode("utf-8"))
            ranked = sorted(outcomes)
            outcome = rng.choices([o for o, _ in ranked], [p for _, p in ranked])[0]
            text = GAME.describe_chance(state, outcome)
            assert GAME.to_move(state) is None
            state = GAME.apply_chance(state, outcome)
            steps.append(
                f"c {short_hash(repr(ranked))} {outcome} {text} {short_hash(state_text(state))}"
            )
            _count(f"chance {PHASE_NAMES[state.phase]}")
            continue
        legal = GAME.legal_actions(state)
        keys = [action_key(a) for a in legal]
        order.update(json.dumps(keys).encode("utf-8"))
        legal_sorted = [a for _, a in sorted(zip(keys, legal, strict=True), key=lambda kv: kv[0])]
        action = choose(state, legal, legal_sorted, rng, policy, step)
        text = GAME.describe_outcome(state, action)
        if step % VIOLATION_EVERY == 0:
            verdicts = [
                violation_text(GAME.violation(state, a)) for a in illegal_samples(state, probe)
            ]
            probes.append(f"{step} {' '.join(verdicts)}")
            for v in verdicts:
                _count(v.split()[0])
        if step % FAN_EVERY == 0:
            fans.append(f"{step} {fan_line(state, legal_sorted)} {short_hash(view_text(state))}")
        _count(f"{PHASE_NAMES[state.phase]} {type(action).__name__}")
        mover = GAME.to_move(state)
        state = GAME.apply(state, action)
        after = short_hash(state_text(state))
        steps.append(
            f"{mover} {short_hash(json.dumps(sorted(keys)))} {action_key(action)} {text} {after}"
        )
        step += 1
    return {
        "steps": steps,
        "violations": probes,
        "fans": fans,
        "scores": list(GAME.scores(state)),
        "winner": GAME.winner(state),
        "history": [list(h) for h in state.history],
        "final_state": short_hash(state_text(state)),
        "final_view": short_hash(view_text(state)),
        "order": order.hexdigest()[:HASH_CHARS],
    }


def blocks(lines: list[str]) -> list[str]:
    """One short hash per ``BLOCK`` lines."""
    return [short_hash("\n".join(lines[i : i + BLOCK])) for i in range(0, len(lines), BLOCK)]


def summary(seed: int, overrides: dict[str, Any], players: int, policy: str) -> dict[str, Any]:
    """What the golden file keeps of one game."""
    got = play_game(seed, overrides, players, policy)
    out: dict[str, Any] = {"seed": seed, "config": overrides, "players": players, "policy": policy}
    for key in ("steps", "violations", "fans"):
        out[key] = [len(got[key]), *blocks(got[key])]
    for key in ("scores", "winner", "history", "final_state", "final_view", "order"):
        out[key] = got[key]
    return out


def all_games() -> list[tuple[int, dict[str, Any], int, str]]:
    """(seed, config overrides, players, policy) for every recorded game."""
    out = []
    for n, (_label, overrides, counts, policy, per) in enumerate(SUITES):
        for players in counts:
            for k in range(per):
                out.append((1000 * (n + 1) + 10 * players + k, overrides, players, policy))
    return out


def record() -> dict[str, Any]:
    games = [summary(*args) for args in all_games()]
    return {"format": FORMAT, "hash_chars": HASH_CHARS, "block": BLOCK, "games": games}


def main() -> int:
    data = record()
    text = json.dumps(data, separators=(",", ":")) + "\n"
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(text) / 1024:.0f} KiB), {len(data['games'])} games")
    print(f"steps: {sum(g['steps'][0] for g in data['games'])}")
    for key, count in sorted(SEEN.items()):
        print(f"  {key}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
