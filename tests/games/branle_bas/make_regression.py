"""Record (or replay) the Branle-Bas behaviour golden file ``regression.json``.

Run ``python tests/games/branle_bas/make_regression.py`` to rewrite the golden file from the
current engine. Do that only on purpose: the file freezes the rules so that speed work can
prove it changed nothing. ``test_regression.py`` replays the same games and compares.

Each game is played at the rules level (``GAME.legal_actions`` / ``GAME.apply``); the moves
are chosen by a local ``random.Random(seed)`` from the *sorted* legal actions, so the path
depends on the set of legal actions, not on their order (the order has its own hash). At
every step we keep a short sha256 of the sorted JSON of the legal actions, of their order,
and the chosen action; at sampled steps, the rule id and a message hash of
``rules.violation`` for random ``Move(frm, to)`` pairs. At the end: scores, result and a
hash of every state met along the way.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from navalkit.games.branle_bas import GAME, rules
from navalkit.games.branle_bas.actions import Move, Pass, Place, Touch
from navalkit.games.branle_bas.data import (
    AMIRAL,
    BOARD,
    INDEX,
    KINDS,
    MINE,
    MINE_SQUARE,
    PORT,
    SHIPS,
    WRECK,
    N,
    code,
)

GOLDEN = Path(__file__).with_name("regression.json")
FORMAT = 1
HASH_CHARS = 12  # a 48-bit prefix of sha256 is plenty to catch a change

#: (label, config overrides, policy, number of games)
SUITES: tuple[tuple[str, dict[str, Any], str, int], ...] = (
    ("default", {"max_plies": 120}, "random", 8),
    ("default-long", {"max_plies": 300}, "aggressive", 4),
    ("first-A", {"first_player": "A", "max_plies": 120}, "aggressive", 8),
    ("wrecks-remove", {"wrecks": "remove", "max_plies": 120}, "aggressive", 8),
    ("wrecks-remove-long", {"wrecks": "remove", "max_plies": 400}, "aggressive", 4),
    ("touch-move", {"touch_move": True, "max_plies": 120}, "random", 6),
    ("touch-move-aggr", {"touch_move": True, "max_plies": 160}, "aggressive", 6),
    ("free-setup", {"setup": "free", "max_plies": 100}, "random", 6),
    ("free-setup-aggr", {"setup": "free", "first_player": "B", "max_plies": 100}, "aggressive", 4),
    ("all-switches", {"setup": "free", "touch_move": True, "wrecks": "remove",
                      "triumph_bonus": 100, "max_plies": 120}, "aggressive", 4),
    # Few ships at random places: lone Admirals, Triumphs, neutral ports, nets.
    ("sparse", {"first_player": "A", "max_plies": 200}, "sparse", 12),
    ("sparse-touch", {"first_player": "B", "touch_move": True, "wrecks": "remove",
                      "max_plies": 200}, "sparse", 8),
)  # fmt: skip

VIOLATION_EVERY = 4  # sample illegal actions at every fourth step
VIOLATION_SAMPLES = 4  # random Move(frm, to) pairs per sampled step
FAN_EVERY = 8  # at every eighth step, a "fan": see fan_hash

#: what the fans met, for the summary printed by main() (not stored)
SEEN: dict[str, int] = {}


def short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_CHARS]


def action_key(action: Any) -> str:
    """The canonical JSON text of an action (the sort key for legal actions)."""
    return json.dumps(action.to_json(), sort_keys=True, separators=(",", ":"))


def action_short(action: Any) -> str:
    """A compact, readable spelling of an action for the golden file."""
    if isinstance(action, Move):
        return f"{BOARD[action.frm].name}-{BOARD[action.to].name}"
    if isinstance(action, Place):
        return f"place {KINDS[action.kind].key} {BOARD[action.at].name}"
    if isinstance(action, Touch):
        return f"touch {BOARD[action.at].name}"
    if isinstance(action, Pass):
        return "pass"
    raise TypeError(f"not a Branle-Bas action: {action!r}")


def state_text(state: Any) -> str:
    """The state's original fields as text (fields added later for speed are left out)."""
    r = state.result
    return repr(
        (
            state.board,
            state.phase,
            state.to_move,
            state.ply,
            state.setup_left,
            state.sunk_by,
            state.in_port,
            state.wrecked,
            state.touched,
            state.passes,
            state.last_move,
            None if r is None else (r.kind, r.winner, r.rule, r.reason),
        )
    )


def violation_hash(v: Any) -> str:
    """A short hash of a Violation's message and highlighted squares."""
    return short_hash(v.message + "|" + ",".join(v.squares))[:10]


def _own_squares(state: Any) -> list[int]:
    me = state.to_move
    return [sq for sq in range(N) if state.board[sq] and state.board[sq] >> 4 == me]


_LINES = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


_SPECIAL = tuple(
    sq.index for sq in BOARD if sq.zone in ("port", "outer_harbour") or sq.feature == "neutral_port"
)


def illegal_samples(state: Any, rng: random.Random) -> list[Move]:
    """Random Move(frm, to) pairs: one anywhere, the others from one's own pieces: along a
    line, to a special square (port, harbour, neutral port) or to any square nearby."""
    own = _own_squares(state)
    out = []
    for i in range(VIOLATION_SAMPLES):
        if i == 0 or not own:
            out.append(Move(rng.randrange(N), rng.randrange(N)))
            continue
        frm = rng.choice(own)
        s = BOARD[frm]
        near = [t.index for t in BOARD if max(abs(t.x - s.x), abs(t.y - s.y)) <= 3]
        to = rng.choice(near)
        if i == 1:
            dx, dy = rng.choice(_LINES)
            k = rng.randint(1, 4)
            to = INDEX.get((s.x + dx * k, s.y + dy * k), to)
        elif i == 2:
            special = [
                t for t in _SPECIAL if max(abs(BOARD[t].x - s.x), abs(BOARD[t].y - s.y)) <= 4
            ]
            to = rng.choice(special) if special else to
        out.append(Move(frm, to))
    return out


def fan_hash(state: Any, legal_sorted: list[Any], rng: random.Random) -> str:
    """One hash over the state after *every* legal action, and over ``rules.violation`` for
    every move of one own piece to each square within four squares of it: the rare paths
    (Triumph, nets, lone Admirals, walker refusals) are met far more often this way."""
    h = hashlib.sha256()
    for action in legal_sorted:
        after = GAME.apply(state, action)
        h.update(state_text(after).encode("utf-8"))
        if after.result is not None:
            SEEN[after.result.rule] = SEEN.get(after.result.rule, 0) + 1
    own = _own_squares(state)
    if own and state.phase == "play" and not (state.config.touch_move and state.touched is None):
        _fan(h, state, rng.choice(own), "fan")
    return h.hexdigest()[:HASH_CHARS]


def _fan(h: Any, state: Any, frm: int, label: str) -> None:
    """Hash the verdict on every move of the piece on ``frm`` within 4 squares."""
    s = BOARD[frm]
    for t in BOARD:
        if max(abs(t.x - s.x), abs(t.y - s.y)) <= 4:
            v = rules.violation(state, Move(frm, t.index))
            text = "legal" if v is None else f"{v.rule_id} {violation_hash(v)}"
            h.update(text.encode("utf-8"))
            key = f"{label} " + text.split()[0]
            SEEN[key] = SEEN.get(key, 0) + 1


def sparse_start(state: Any, rng: random.Random) -> Any:
    """The opening state with only the Admirals and a few ships, at random places."""
    board = [0] * N
    for side in (0, 1):
        if rng.random() < 0.5:  # else the Mine is already swept
            board[MINE_SQUARE[side]] = code(side, MINE)
    anywhere = rng.random() < 0.5
    for side in (0, 1):
        home = [
            sq.index
            for sq in BOARD
            if not board[sq.index]
            and sq.zone != "port"
            and (anywhere or (sq.owner == side and sq.zone == "territorial"))
        ]
        board[rng.choice(home)] = code(side, AMIRAL)
    free = [sq.index for sq in BOARD if sq.zone != "port" and not board[sq.index]]
    rng.shuffle(free)
    for _ in range(rng.choice((0, 1, 2, 4, 8, 16, 30))):
        kind = rng.choice([k for k in SHIPS if k != AMIRAL])
        board[free.pop()] = code(rng.randrange(2), kind)
    return replace(state, board=tuple(board))


def choose(legal_sorted: list[Any], state: Any, rng: random.Random, policy: str) -> Any:
    """The move a policy picks.

    'random' picks uniformly; 'aggressive' prefers captures and port entries and touches a
    piece that can move; 'sparse' also heads for the enemy port.
    """
    if policy == "random":
        return rng.choice(legal_sorted)
    board = state.board
    if rng.random() < (0.3 if policy == "sparse" else 0.7):
        hot = [
            a
            for a in legal_sorted
            if isinstance(a, Move) and (board[a.to] or BOARD[a.to].zone == "port")
        ]
        if hot:
            return rng.choice(hot)
    if isinstance(legal_sorted[0], Touch) and rng.random() < 0.9:
        movable = [
            a
            for a in legal_sorted
            if not isinstance(GAME.legal_actions(GAME.apply(state, a))[0], Pass)
        ]
        if movable:
            return rng.choice(movable)
    if policy == "sparse" and rng.random() < 0.6:
        me = state.to_move
        port = BOARD[PORT[1 - me]]
        moves = [
            a
            for a in legal_sorted
            if isinstance(a, Move)
            and not (board[a.frm] & 15 == AMIRAL and BOARD[a.to].feature == "net"
                     and BOARD[a.to].owner != me)
        ]  # fmt: skip
        if moves:

            def gain(m: Move) -> int:
                a, b = BOARD[m.frm], BOARD[m.to]
                before = abs(a.x - port.x) + abs(a.y - port.y)
                return before - abs(b.x - port.x) - abs(b.y - port.y)

            best = max(gain(m) for m in moves)
            return rng.choice([m for m in moves if gain(m) == best])
    return rng.choice(legal_sorted)


def play_game(seed: int, overrides: dict[str, Any], policy: str) -> dict[str, Any]:
    """Play one seeded game and return what the golden file keeps of it."""
    rng = random.Random(seed)
    probe = random.Random(seed * 7919 + 1)
    config = GAME.make_config(**overrides)
    state = GAME.initial_state(config, GAME.default_players)
    if policy == "sparse":
        state = sparse_start(state, rng)
    steps: list[str] = []
    probes: list[str] = []
    fans: list[str] = []
    trail = hashlib.sha256()  # every state met, in order
    order = hashlib.sha256()  # the order in which the legal actions came
    step = 0
    while not GAME.is_over(state):
        trail.update(state_text(state).encode("utf-8"))
        if GAME.is_chance(state):
            outcomes = GAME.chance_outcomes(state)
            outcome = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            steps.append(f"chance {outcome}")
            state = GAME.apply_chance(state, outcome)
            continue
        legal = GAME.legal_actions(state)
        keys = [action_key(a) for a in legal]
        order.update(json.dumps(keys).encode("utf-8"))
        ordered = sorted(zip(keys, legal, strict=True), key=lambda kv: kv[0])
        legal_sorted = [a for _, a in ordered]
        action = choose(legal_sorted, state, rng, policy)
        steps.append(f"{short_hash(json.dumps(sorted(keys)))} {action_short(action)}")
        if step % VIOLATION_EVERY == 0:
            samples = illegal_samples(state, probe)
            if state.phase != "play" or (config.touch_move and state.touched is None):
                samples = samples[:1]  # every Move is refused for the same reason here
            for move in samples:
                v = rules.violation(state, move)
                text = "legal" if v is None else f"{v.rule_id} {violation_hash(v)}"
                probes.append(f"{step} {action_short(move)} {text}")
        if step % FAN_EVERY == 0:
            fans.append(f"{step} {fan_hash(state, legal_sorted, probe)}")
        state = GAME.apply(state, action)
        step += 1
    trail.update(state_text(state).encode("utf-8"))
    r = state.result
    return {
        "seed": seed,
        "config": overrides,
        "policy": policy,
        "steps": steps,
        "violations": probes,
        "fans": fans,
        "scores": list(GAME.scores(state)),
        "result": None if r is None else [r.kind, r.winner, r.rule],
        "final_state": short_hash(state_text(state)),
        "trail": trail.hexdigest()[:HASH_CHARS],
        "order": order.hexdigest()[:HASH_CHARS],
    }


#: (config overrides, count) for the scattered positions
SCATTER: tuple[tuple[dict[str, Any], int], ...] = (
    ({"first_player": "A"}, 80),
    ({"first_player": "B", "wrecks": "remove"}, 50),
    ({"first_player": "A", "touch_move": True}, 50),
)
SCATTER_PIECES = 4  # own pieces whose every move within four squares is asked about


def scatter_state(config: Any, rng: random.Random) -> Any:
    """A position no game would reach soon: ships scattered over the whole board, next to
    ports, nets, Mines and neutral ports; wrecks on some nets; maybe a Mine swept."""
    state = GAME.initial_state(config, GAME.default_players)
    board = [0] * N
    for side in (0, 1):
        if rng.random() < 0.6:
            board[MINE_SQUARE[side]] = code(side, MINE)
    free = [sq.index for sq in BOARD if sq.zone != "port" and not board[sq.index]]
    rng.shuffle(free)
    for side in (0, 1):
        if rng.random() < 0.9:
            board[free.pop()] = code(side, AMIRAL)
    # Ships at the enemy's door: on the harbour rows next to his port, Mine or not.
    door = [sq.index for sq in BOARD if sq.zone == "outer_harbour" and abs(sq.y) >= 7]
    for _ in range(rng.randint(1, 5)):
        sq = rng.choice(door)
        side = 1 - BOARD[sq].owner  # type: ignore[operator]
        kind = rng.choice(SHIPS)
        if kind != AMIRAL or code(side, AMIRAL) not in board:
            board[sq] = code(side, kind)
    free = [sq for sq in free if not board[sq]]
    for _ in range(rng.randint(0, 40)):
        kind = rng.choice([k for k in SHIPS if k != AMIRAL])
        board[free.pop()] = code(rng.randrange(2), kind)
    for sq in BOARD:
        if sq.feature == "net" and not board[sq.index] and rng.random() < 0.1:
            board[sq.index] = code(rng.randrange(2), WRECK)
    me = rng.randrange(2)
    if rng.random() < 0.15:  # the Admiral on the swept Mine's square: Triumph is at hand
        board = [0 if p == code(me, AMIRAL) else p for p in board]
        board[MINE_SQUARE[1 - me]] = code(me, AMIRAL)
    state = replace(state, board=tuple(board), to_move=me)
    if config.touch_move and rng.random() < 0.8:
        touches = GAME.legal_actions(state)
        if touches:
            state = GAME.apply(state, rng.choice(touches))
    return state


def check_position(state: Any, rng: random.Random) -> str:
    """One line on a position: legal actions (set and order), the state after each of them,
    and every move of a few own pieces to any square within four squares."""
    legal = GAME.legal_actions(state)
    keys = [action_key(a) for a in legal]
    h = hashlib.sha256()
    for _key, action in sorted(zip(keys, legal, strict=True), key=lambda kv: kv[0]):
        after = GAME.apply(state, action)
        h.update(state_text(after).encode("utf-8"))
        if after.result is not None:
            SEEN[after.result.rule] = SEEN.get(after.result.rule, 0) + 1
        h.update(repr(GAME.scores(after)).encode("utf-8"))
    own = _own_squares(state)
    rng.shuffle(own)
    enemy_port = BOARD[PORT[1 - state.to_move]]
    own.sort(key=lambda sq: abs(BOARD[sq].y - enemy_port.y) < 4, reverse=True)
    if state.touched is not None:
        own = [state.touched]
    for frm in sorted(own[:SCATTER_PIECES]):
        _fan(h, state, frm, "scatter")
    return " ".join(
        (
            short_hash(json.dumps(sorted(keys))),
            short_hash(json.dumps(keys)),
            h.hexdigest()[:HASH_CHARS],
            str(len(legal)),
        )
    )


def all_positions() -> list[tuple[int, dict[str, Any]]]:
    """(seed, config overrides) for every scattered position."""
    out = []
    for n, (overrides, count) in enumerate(SCATTER):
        for k in range(count):
            out.append((100_000 * (n + 1) + k, overrides))
    return out


def position_line(seed: int, overrides: dict[str, Any]) -> str:
    rng = random.Random(seed)
    state = scatter_state(GAME.make_config(**overrides), rng)
    return check_position(state, rng)


def all_games() -> list[tuple[int, dict[str, Any], str]]:
    """(seed, config overrides, policy) for every recorded game."""
    out = []
    for n, (_label, overrides, policy, count) in enumerate(SUITES):
        for k in range(count):
            out.append((1000 * (n + 1) + k, overrides, policy))
    return out


def record() -> dict[str, Any]:
    games = [play_game(seed, overrides, policy) for seed, overrides, policy in all_games()]
    positions = [position_line(seed, overrides) for seed, overrides in all_positions()]
    return {"format": FORMAT, "hash_chars": HASH_CHARS, "games": games, "positions": positions}


def _summary(data: dict[str, Any]) -> str:
    results: dict[str, int] = {}
    rule_ids: dict[str, int] = {}
    steps = 0
    for g in data["games"]:
        kind = g["result"][0] if g["result"] else "none"
        results[kind] = results.get(kind, 0) + 1
        steps += len(g["steps"])
        for line in g["violations"]:
            rid = line.split()[2]
            rule_ids[rid] = rule_ids.get(rid, 0) + 1
    return (
        f"{len(data['games'])} games, {steps} steps\nresults: {results}\n"
        f"violation rule ids: {dict(sorted(rule_ids.items()))}\n"
        f"fans: {dict(sorted(SEEN.items()))}"
    )


def main() -> int:
    data = record()
    text = json.dumps(data, separators=(",", ":")) + "\n"
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(text) / 1024:.0f} KiB)")
    print(_summary(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
