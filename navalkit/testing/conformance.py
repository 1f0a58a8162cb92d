"""``check_game()``: the conformance suite every navalkit game's tests call.

It drives a game only through the public protocol (:func:`navalkit.get_game`,
:func:`navalkit.new_match`, :func:`navalkit.load_match` and the :class:`~navalkit.Match`
API) and raises :class:`AssertionError` with a plain message on the first failure, naming
the game, seed and step so the failure can be replayed. It checks that:

* the game is registered and declares itself (ids, player counts, clauses with provenance,
  settings with provenance and help);
* ``new_match(game_id, seed=s)`` alone starts a game, and the same seed starts it the same way;
* legal actions are unique, hashable, JSON round-trip and describe themselves in words;
* every legal action applies, and undo restores the record exactly;
* junk and real-looking illegal actions raise :class:`navalkit.IllegalActionError` with a
  rule id of the game (or ``match.*``) and a reason, and leave the match exactly unchanged;
* chance outcomes are listed with probabilities that sum to 1 (the same ones, evenly likely,
  as ``chance_uniform`` where a game gives it), and the Match driver agrees
  with the pure rules (re-applying the events to ``initial_state`` gives ``match.state``);
* random games end within a step cap; every seat may observe every step; a game with hidden
  information may override ``Game.assert_no_leak(state)``, which is called;
* records round-trip (mid-game and at the end); the same seed and actions give the same
  record byte for byte; damaged, foreign or re-versioned records raise ``RecordError``;
* ``log`` is a DataFrame with one row per event, ``scores`` one int per seat, ``winner`` a
  seat or None once over, and ``current_player`` is None exactly when the game is over.

Nothing here knows any particular game.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import pickle
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from navalkit.core import games as registered_games
from navalkit.core import get_game, load_match, new_match
from navalkit.core.errors import ConfigError, IllegalActionError, RecordError
from navalkit.core.match import Match, NothingToUndoError
from navalkit.core.protocol import AnyGame, Game

#: the provenance marks a clause or setting may carry
PROVENANCES: frozenset[str] = frozenset({"SEED", "SRC", "HOUSE"})


class _Stranger:
    """An object that looks like an action (it has ``to_json`` and ``describe``) but is none."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "stranger"}

    def describe(self) -> str:
        return "an object of another class"

    def __hash__(self) -> int:
        return 7

    def __repr__(self) -> str:
        return "<_Stranger>"


#: junk every game must refuse with IllegalActionError, whatever the state
JUNK_ACTIONS: tuple[Any, ...] = (
    None,
    "x",
    "",
    42,
    -1,
    3.5,
    float("nan"),
    True,
    b"move",
    [],
    (),
    {},
    {"type": "nope"},
    {"type": None},
    {"type": ["move"]},
    object(),
    _Stranger(),
)

#: values put into an action's fields or JSON to make real-looking nonsense
_NONSENSE: tuple[Any, ...] = (None, -1, 10**9, "zz999", 2.5, [], {"x": 1})


class _Context:
    """Where the suite is, so that a failure says how to reproduce it."""

    def __init__(self, game_id: str, overrides: Mapping[str, Any]) -> None:
        self.game_id = game_id
        self.overrides = dict(overrides)
        self.where = "declaration"

    def at(self, where: str) -> None:
        self.where = where

    def fail(self, message: str) -> AssertionError:
        cfg = f", config={self.overrides!r}" if self.overrides else ""
        where = f"check_game({self.game_id!r}{cfg}) failed at {self.where}"
        return AssertionError(f"{where}: {message}")

    def check(self, condition: object, message: str | Callable[[], str]) -> None:
        if not condition:
            raise self.fail(message() if callable(message) else message)


def _nonempty_str(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_points(value: object) -> bool:
    """A score: an int, or a float that is an exact half (Nautic Miles counts half points)."""
    return _is_int(value) or (isinstance(value, float) and (2 * value).is_integer())


def _overrides(config: Any) -> dict[str, Any]:
    """Settings as keyword arguments for ``new_match``: from a mapping or a Config value."""
    if config is None:
        return {}
    if isinstance(config, Mapping):
        return dict(config)
    if dataclasses.is_dataclass(config) and not isinstance(config, type):
        return {f.name: getattr(config, f.name) for f in dataclasses.fields(config)}
    raise TypeError(f"config must be a mapping of settings or a Config value, not {config!r}")


# --- the declaration ----------------------------------------------------------------------------
def _check_declaration(ctx: _Context, game_id: str) -> AnyGame:
    ctx.at("registration")
    ctx.check(game_id in registered_games(), f"{game_id!r} is not in registered_games()")
    game: AnyGame = get_game(game_id)
    ctx.check(isinstance(game, Game), f"get_game({game_id!r}) is not a navalkit Game: {game!r}")
    ctx.check(game.id == game_id, f"the game's id is {game.id!r}, registered as {game_id!r}")
    ctx.check(_nonempty_str(game.title), "the game has no title")
    history = getattr(game, "rules_history", ())
    ctx.check(bool(history), "the game has no rules_history (its versions, oldest first)")
    ctx.check(_nonempty_str(game.rules_version), "the game's last rules version has no name")
    ctx.check(
        len({v.version for v in history}) == len(history)
        and all(_nonempty_str(v.changes) for v in history),
        "each version in rules_history must be named once and say what changed",
    )
    lo, default, hi = game.min_players, game.default_players, game.max_players
    ctx.check(
        all(_is_int(n) for n in (lo, default, hi)) and 1 <= lo <= default <= hi,
        f"player counts must be whole numbers with 1 <= min <= default <= max; "
        f"got min={lo!r}, default={default!r}, max={hi!r}",
    )
    ctx.check(isinstance(game.hidden_information, bool), "hidden_information must be a bool")

    ctx.at("clauses")
    clauses = list(game.clauses)
    ctx.check(clauses, "the game declares no rule clauses")
    seen: set[str] = set()
    fields = {f.name: f for f in dataclasses.fields(game.config_type)}
    for clause in clauses:
        ctx.check(_nonempty_str(clause.id), f"a clause has no id: {clause!r}")
        ctx.check(clause.id not in seen, f"clause id {clause.id!r} is used twice")
        seen.add(clause.id)
        ctx.check(
            clause.provenance in PROVENANCES,
            f"clause {clause.id} has provenance {clause.provenance!r}; "
            f"it must be one of {sorted(PROVENANCES)}",
        )
        ctx.check(_nonempty_str(clause.title), f"clause {clause.id} has no title")
        ctx.check(_nonempty_str(clause.text), f"clause {clause.id} has no text")
        ctx.check(clause.id in game.clauses, f"clause {clause.id} cannot be looked up by id")
        if clause.setting is not None:
            ctx.check(
                clause.setting in fields,
                f"clause {clause.id} names setting {clause.setting!r}, which Config lacks",
            )

    ctx.at("settings")
    for name, field in fields.items():
        meta = field.metadata
        ctx.check(
            meta.get("provenance") in PROVENANCES,
            f"setting {name!r} has provenance {meta.get('provenance')!r}; "
            f"declare it with navalkit.core.setting(..., provenance=SEED/SRC/HOUSE)",
        )
        ctx.check(_nonempty_str(meta.get("help")), f"setting {name!r} has no help text")
        rule = meta.get("rule")
        if rule:
            ctx.check(rule in game.clauses, f"setting {name!r} cites unknown rule {rule!r}")
    try:
        new_match(game_id, seed=0, no_such_setting_for_conformance=1)
    except ConfigError:
        pass
    else:
        raise ctx.fail("new_match accepted a setting that does not exist")
    return game


# --- helpers used along a game ------------------------------------------------------------------
def _check_action(ctx: _Context, game: AnyGame, match: Match, action: Any) -> None:
    """One legal action: hashable, JSON round-trip, words."""
    try:
        hash(action)
    except TypeError:
        raise ctx.fail(f"legal action {action!r} is not hashable") from None
    try:
        data = action.to_json()
        text = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError, AttributeError) as exc:
        raise ctx.fail(f"legal action {action!r} does not write itself as JSON: {exc}") from None
    try:
        back = game.action_from_json(json.loads(text))
    except (ValueError, TypeError, KeyError) as exc:
        raise ctx.fail(f"{action!r} -> {text} cannot be read back: {exc}") from None
    ctx.check(
        back == action and hash(back) == hash(action),
        lambda: f"{action!r} -> {text} -> {back!r}: the JSON does not read back the same action",
    )
    ctx.check(_nonempty_str(action.describe()), f"{action!r}.describe() is empty")
    ctx.check(_nonempty_str(match.describe(action)), f"match.describe({action!r}) is empty")


def _check_chance_node(ctx: _Context, game: AnyGame, state: Any, event: Any) -> Any:
    """A chance node met: probabilities sum to 1 and the recorded outcome is one of them."""
    ctx.check(game.is_chance(state), f"the match drew chance ({event.payload!r}) off a chance node")
    outcomes = list(game.chance_outcomes(state))
    ctx.check(outcomes, "a chance node lists no outcomes")
    probs = [p for _, p in outcomes]
    ctx.check(
        all(isinstance(p, int | float) and 0 < p <= 1 for p in probs),
        f"chance probabilities must be in (0, 1]: {outcomes!r}",
    )
    ctx.check(
        math.isclose(sum(probs), 1.0, rel_tol=0, abs_tol=1e-9),
        f"chance probabilities sum to {sum(probs)!r}, not 1: {outcomes!r}",
    )
    values = [o for o, _ in outcomes]
    for o in values:
        try:
            json.dumps(o)
        except (TypeError, ValueError):
            raise ctx.fail(f"chance outcome {o!r} is not JSON") from None
    ctx.check(all(values.count(o) == 1 for o in values), f"chance outcomes repeat: {values!r}")
    ctx.check(event.payload in values, f"drawn outcome {event.payload!r} not in {values!r}")
    alike = game.chance_uniform(state)
    if alike is not None:  # the match draws from these: they must be the same, evenly likely
        n = len(alike)
        ctx.check(
            [(o, 1 / n) for o in alike] == outcomes,
            f"chance_uniform gives {list(alike)!r}, but chance_outcomes are not these in this "
            f"order, each of probability 1/{n}: {outcomes!r}",
        )
    prob = next(p for o, p in outcomes if o == event.payload)
    ctx.check(
        event.probability is not None and math.isclose(event.probability, prob),
        f"the event records probability {event.probability!r}, the game says {prob!r}",
    )
    return game.apply_chance(state, event.payload)


def _follow(ctx: _Context, game: AnyGame, state: Any, events: Iterable[Any]) -> tuple[Any, int]:
    """Re-apply events with the pure rules; returns the state and the chance nodes met."""
    chance = 0
    for event in events:
        if event.kind == "chance":
            state = _check_chance_node(ctx, game, state, event)
            chance += 1
        else:
            ctx.check(not game.is_chance(state), "a move was played at a chance node")
            ctx.check(
                event.player == game.to_move(state),
                f"the event says seat {event.player!r} moved; "
                f"the rules say seat {game.to_move(state)!r} is to move",
            )
            state = game.apply(state, event.payload)
    return state, chance


def _check_standing(ctx: _Context, game: AnyGame, match: Match) -> None:
    """current_player, winner and scores agree with whether the game is over."""
    over = match.is_over
    player = match.current_player
    ctx.check(
        (player is None) == over,
        f"current_player is {player!r} while is_over is {over!r}: it must be None iff over",
    )
    if not over:
        ctx.check(
            _is_int(player) and 0 <= player < match.players,  # type: ignore[operator]
            f"current_player {player!r} is not a seat",
        )
        ctx.check(match.winner is None, f"winner is {match.winner!r} before the end")
    else:
        w = match.winner
        ctx.check(w is None or (_is_int(w) and 0 <= w < match.players), f"winner {w!r} is no seat")
        ctx.check(len(match.legal_actions()) == 0, "a finished game still lists legal actions")
    scores = match.scores
    ctx.check(
        isinstance(scores, tuple) and len(scores) == match.players and all(map(_is_points, scores)),
        f"scores must be one number per seat (a whole number or an exact half): {scores!r}",
    )
    ctx.check(_nonempty_str(match.status), "the match has no status line")


def _observe_all(ctx: _Context, match: Match, leaks: bool) -> None:
    for seat in [*range(match.players), None]:
        try:
            match.observe(seat)
        except Exception as exc:
            raise ctx.fail(f"observe({seat!r}) raised {type(exc).__name__}: {exc}") from None
    if leaks:
        try:
            match.game.assert_no_leak(match.state)
        except AssertionError as exc:
            raise ctx.fail(f"the game's assert_no_leak hook failed: {exc}") from None


def _snapshot(match: Match) -> tuple[Any, tuple[Any, ...], dict[str, Any], Any]:
    return match.state, match.events, dict(match.meta), match.config


def _unchanged(match: Match, snap: tuple[Any, tuple[Any, ...], dict[str, Any], Any]) -> bool:
    state, events, meta, config = snap
    return (
        match.state is state
        and match.events == events
        and match.meta == meta
        and match.config is config
    )


def _allowed_rule(game: AnyGame, rule: object, extra: frozenset[str]) -> bool:
    return _nonempty_str(rule) and (
        rule in game.clauses or str(rule).startswith("match.") or rule in extra
    )


def _try_illegal(
    ctx: _Context,
    game: AnyGame,
    match: Match,
    action: Any,
    extra: frozenset[str],
    *,
    full: bool = False,
) -> None:
    """``action`` must be refused with a rule id and a reason, leaving the match unchanged."""
    snap = _snapshot(match)
    text = match.to_json() if full else ""
    try:
        match.apply(action)
    except IllegalActionError as exc:
        error = exc
    except Exception as exc:
        raise ctx.fail(
            f"apply({action!r}) raised {type(exc).__name__}: {exc}; it must raise "
            f"IllegalActionError"
        ) from None
    else:
        raise ctx.fail(f"the illegal action {action!r} was accepted")
    ctx.check(
        _allowed_rule(game, error.rule_id, extra),
        lambda: (
            f"apply({action!r}) was refused with rule id {error.rule_id!r}, which is not "
            f"a clause id of the game nor a match.* id (reason: {error.reason!r})"
        ),
    )
    ctx.check(_nonempty_str(error.reason), f"apply({action!r}) was refused with no reason")
    ctx.check(_unchanged(match, snap), f"refusing {action!r} changed the match")
    if full:
        ctx.check(match.to_json() == text, f"refusing {action!r} changed the record")
    v = match.violation(action)
    ctx.check(
        v is not None and v.rule_id == error.rule_id,
        f"match.violation({action!r}) is {v!r}, but apply refused it with {error.rule_id!r}",
    )


def _mutants(
    game: AnyGame,
    legal: list[Any],
    legal_set: set[Any],
    stale: list[Any],
    rng: random.Random,
    limit: int,
    *,
    fields: bool = False,
) -> list[Any]:
    """Real-looking actions not in ``legal``: legal actions' JSON with fields changed."""
    sample = rng.sample(legal, min(len(legal), 16))
    pool = [a.to_json() for a in sample] + [a.to_json() for a in stale[-32:]]
    values: dict[str, list[Any]] = {}
    for data in pool:
        for key, val in data.items():
            values.setdefault(key, []).append(val)
    out: list[Any] = []
    for _ in range(limit * 6):
        if len(out) >= limit:
            break
        base = dict(rng.choice(pool))
        keys = [k for k in base if k != "type"]
        if not keys:
            continue
        key = rng.choice(keys)
        op = rng.randrange(4)
        if op == 0 or op == 1:
            others = [v for v in values.get(key, []) if v != base[key]]
            if not others:
                continue
            base[key] = rng.choice(others)
        elif op == 2 and len(keys) >= 2:
            k2 = rng.choice([k for k in keys if k != key])
            base[key], base[k2] = base[k2], base[key]
        else:
            base[key] = rng.choice(_NONSENSE)  # a dict for a move that does not exist
        try:
            obj = game.action_from_json(base)
        except (ValueError, TypeError, KeyError):
            out.append(base)
            continue
        try:
            if obj in legal_set:
                continue
        except TypeError:
            pass
        out.append(obj)
        out.append(base)
    # Legal actions with a field set to nonsense (for dataclass actions).
    for action in rng.sample(legal, min(len(legal), 3) if fields else 0):
        if not dataclasses.is_dataclass(action) or isinstance(action, type):
            continue
        names = [f.name for f in dataclasses.fields(action)]
        if not names:
            continue
        try:
            odd = dataclasses.replace(action, **{rng.choice(names): rng.choice(_NONSENSE)})
        except Exception:
            continue
        if odd not in legal:
            out.append(odd)
    return out


def _check_record_round_trip(ctx: _Context, match: Match) -> None:
    text = match.to_json()
    try:
        again = load_match(text)
    except RecordError as exc:
        raise ctx.fail(f"load_match refused the match's own record: {exc}") from None
    ctx.check(again.to_json() == text, "load_match(m.to_json()).to_json() != m.to_json()")
    ctx.check(again.state == match.state, "the reloaded match is not in the same state")
    ctx.check(
        again.current_player == match.current_player and again.is_over == match.is_over,
        "the reloaded match has another player to move",
    )


def _check_copies(ctx: _Context, match: Match) -> None:
    """A match copied (copy.deepcopy) or pickled plays on like the match it came from, and
    leaves it as it was; its events copy too. A compiled build's Match is a native class
    (core.compiled), which the default ways of copying cannot make: this checks it can.
    Pickle names a game's class to find it again, so only a game whose class is defined at
    the top of a module (every registered game's is; a variant made inside a test function
    is not) is pickled too."""
    text = match.to_json()
    copiers: list[Callable[[Any], Any]] = [copy.deepcopy]
    if "<locals>" not in type(match.game).__qualname__:
        copiers.append(lambda value: pickle.loads(pickle.dumps(value)))
    try:
        copies = [copier(match) for copier in copiers]
        events = [copier(match.events) for copier in copiers]
    except Exception as exc:
        raise ctx.fail(f"the match would not copy or pickle: {type(exc).__name__}: {exc}") from None
    ctx.check(
        all(e == match.events for e in events), "the match's events came back from a copy changed"
    )
    for again in copies:
        ctx.check(again.to_json() == text, "a copy of the match has another record")
        ctx.check(again.state == match.state, "a copy of the match is in another state")
        _play_first_moves(again, 3)
    ctx.check(match.to_json() == text, "playing on a copy of the match changed the match")
    # the same moves on the match itself (then taken back): the record the copies reached
    played = _play_first_moves(match, 3)
    ahead = match.to_json()
    if played:
        match.undo(played)
    ctx.check(match.to_json() == text, "taking back the moves tried on the match changed it")
    ctx.check(
        all(again.to_json() == ahead for again in copies),
        "a copy of the match, given the same moves as the match, reached another record",
    )


def _play_first_moves(match: Match, moves: int) -> int:
    """Play the first legal move ``moves`` times (fewer if the game ends); how many."""
    played = 0
    while played < moves and not match.is_over:
        match.apply(match.legal_actions()[0])
        played += 1
    return played


def _dump_like(text: str, data: Any) -> str:
    """Write ``data`` back in the record's own layout (so only the edit differs)."""
    dumped = json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False)
    return dumped + ("\n" if text.endswith("\n") else "")


def _flip_in(value: Any, rng: random.Random) -> tuple[Any, bool]:
    """``value`` with one character (or number) changed somewhere inside it."""
    if isinstance(value, str) and value:
        i = rng.randrange(len(value))
        ch = "Q" if value[i] != "Q" else "R"
        return value[:i] + ch + value[i + 1 :], True
    if _is_int(value):
        return value + 1, True
    if isinstance(value, dict):
        for key in sorted(value, key=str):
            new, done = _flip_in(value[key], rng)
            if done:
                return {**value, key: new}, True
    if isinstance(value, list):
        for i, item in enumerate(value):
            new, done = _flip_in(item, rng)
            if done:
                return [*value[:i], new, *value[i + 1 :]], True
    return value, False


def _check_damaged_records(ctx: _Context, game_id: str, match: Match, rng: random.Random) -> int:
    """Damaged, foreign or re-versioned records are refused with RecordError."""
    text = match.to_json()
    data = json.loads(text)
    damaged: dict[str, str] = {
        "empty text": "",
        "not JSON": "not a record",
        "a JSON list": "[]",
        "truncated to half": text[: len(text) // 2],
        "truncated by one character": text.rstrip()[:-1],
    }
    events = data.get("events") or []
    if events:
        i = rng.randrange(len(events))
        flipped, done = _flip_in(events[i], rng)
        if done:
            damaged[f"a character flipped in event {i}"] = _dump_like(
                text, {**data, "events": [*events[:i], flipped, *events[i + 1 :]]}
            )
        damaged["the last event dropped"] = _dump_like(text, {**data, "events": events[:-1]})
    others = [g for g in registered_games() if g != game_id] or ["no_such_game"]
    damaged["another game's id"] = _dump_like(text, {**data, "game": others[0]})
    damaged["a changed rules_version"] = _dump_like(
        text, {**data, "rules_version": f"{data.get('rules_version')}+edited"}
    )
    checksum = str(data.get("checksum", ""))
    edited = checksum[:-1] + ("0" if not checksum.endswith("0") else "1")
    damaged["an edited checksum"] = _dump_like(text, {**data, "checksum": edited})
    damaged["another seed"] = _dump_like(text, {**data, "seed": int(data.get("seed", 0)) + 1})
    for what, bad in damaged.items():
        try:
            load_match(bad)
        except RecordError:
            continue
        except Exception as exc:
            raise ctx.fail(
                f"a record with {what} raised {type(exc).__name__}: {exc}; it must raise "
                "RecordError"
            ) from None
        raise ctx.fail(f"a record with {what} was accepted")
    ctx.check(match.to_json() == text, "checking damaged records changed the match")
    return len(damaged)


def _check_listed(ctx: _Context, game: AnyGame, match: Match, legal: Sequence[Any]) -> None:
    """The page's list of moves (Game.listed) holds every legal move once, the rules' order
    kept within the moves listed first and within those listed last."""
    state = match.state
    listed = list(game.listed(state, legal))
    ctx.check(Counter(listed) == Counter(legal), "Game.listed is not the legal moves reordered")
    last = [bool(game.listed_last(state, a)) for a in legal]
    ctx.check(
        listed
        == [a for a, x in zip(legal, last, strict=True) if not x]
        + [a for a, x in zip(legal, last, strict=True) if x],
        "Game.listed does not put the moves listed_last picks at the end, in the rules' order",
    )


def _check_log(ctx: _Context, match: Match) -> None:
    import pandas as pd

    log = match.log
    ctx.check(
        isinstance(log, pd.DataFrame), f"match.log is a {type(log).__name__}, not a DataFrame"
    )
    events = match.events
    ctx.check(
        len(log) == len(events),
        f"match.log has {len(log)} rows for {len(events)} events (one row per event)",
    )
    if "event" in log.columns:
        n_chance = sum(1 for e in events if e.kind == "chance")
        ctx.check(
            int((log["event"] == "chance").sum()) == n_chance,
            f"match.log shows {int((log['event'] == 'chance').sum())} chance rows, "
            f"the match has {n_chance}",
        )


def _check_fresh(ctx: _Context, game: AnyGame, game_id: str, seed: int) -> None:
    """``new_match(game_id, seed=s)`` alone starts a game, the same way for the same seed."""
    ctx.at(f"new_match({game_id!r}, seed={seed})")
    try:
        m = new_match(game_id, seed=seed)
    except Exception as exc:
        raise ctx.fail(f"new_match raised {type(exc).__name__}: {exc}") from None
    ctx.check(m.players == game.default_players, "the match does not seat the default players")
    ctx.check(not m.is_over, "a new match is already over")
    ctx.check(m.legal_actions(), "a new match offers no legal action")
    ctx.check(m.history == [], "a new match already has moves")
    _check_standing(ctx, game, m)
    try:
        m.undo()
    except NothingToUndoError:
        pass
    else:
        raise ctx.fail("undo() on a new match did not raise NothingToUndoError")
    for seat in (-1, m.players, "0"):
        try:
            m.observe(seat)  # type: ignore[arg-type]
        except ValueError:
            continue
        raise ctx.fail(f"observe({seat!r}) accepted a seat that does not exist")
    twin = new_match(game_id, seed=seed)
    ctx.check(twin.to_json() == m.to_json(), "two new matches with the same seed differ")
    state, _ = _follow(ctx, game, game.initial_state(m.config, m.players), m.events)
    ctx.check(state == m.state, "the opening chance does not replay with the pure rules")


# --- the suite -----------------------------------------------------------------------------------
class _Run:
    """One run of the suite: the game, its settings, the random source and the tallies."""

    def __init__(
        self,
        ctx: _Context,
        game: AnyGame,
        overrides: dict[str, Any],
        extra: frozenset[str],
        max_steps: int,
        probe_every: int,
        seed: int,
    ) -> None:
        self.ctx = ctx
        self.game = game
        self.game_id = game.id
        self.overrides = overrides
        self.extra = extra
        self.max_steps = max_steps
        self.probe_every = max(1, probe_every)
        self.leaks = bool(game.hidden_information)
        self.rng = random.Random(f"navalkit-conformance:{game.id}:{seed}")
        self.tally: Counter[str] = Counter()
        self.endings: Counter[str] = Counter()

    def play(self, g: int, s: int) -> None:
        """Play game number ``g`` (seed ``s``) at random, checking every step."""
        ctx, game, rng = self.ctx, self.game, self.rng
        ctx.at(f"game {g} (new_match({self.game_id!r}, seed={s}, **config)), start")
        match = new_match(self.game_id, seed=s, **self.overrides)
        start = game.initial_state(match.config, match.players)
        shadow, chance = _follow(ctx, game, start, match.events)
        self.tally["chance_nodes"] += chance
        stale: list[Any] = []  # actions legal at some earlier step
        stale_set: set[Any] = set()
        probes = steps = 0
        while not match.is_over:
            ctx.at(f"game {g} (seed={s}), step {steps} (after {len(match.history)} actions)")
            ctx.check(steps < self.max_steps, f"the game did not end in {self.max_steps} steps")
            _check_standing(ctx, game, match)
            legal = match.legal_actions()
            ctx.check(legal, "the game is not over but there is no legal action")
            try:
                legal_set = set(legal)
            except TypeError as exc:
                raise ctx.fail(f"legal actions must be hashable: {exc}") from None
            ctx.check(len(legal_set) == len(legal), "the legal actions list repeats an action")
            probe = steps % self.probe_every == 0
            for action in legal if probe else rng.sample(legal, min(len(legal), 4)):
                _check_action(ctx, game, match, action)
                if not game.handed_out(match.state, legal, action):
                    raise ctx.fail(f"handed_out misses the legal action {action!r} (that object)")
            _observe_all(ctx, match, self.leaks)
            self.illegal(match, legal, legal_set, stale, steps, probe, full=probe and probes == 0)
            if probe:
                probes += 1
                self.probe(match, legal)
                _check_listed(ctx, game, match, legal)
                if probes in (1, 4):  # at the start and well into the game
                    _check_record_round_trip(ctx, match)
                    _check_copies(ctx, match)
                    self.tally["records_checked"] += 1
                if probes == 1 and g == 0:
                    _check_log(ctx, match)
            for action in legal:
                if action not in stale_set and len(stale_set) < 512:
                    stale_set.add(action)
                    stale.append(action)
            shadow = self.step(match, shadow, rng.choice(legal))
            steps += 1
        ctx.at(f"game {g} (seed={s}), over after {steps} steps")
        self.tally["steps"] += steps
        self.finish(g, s, match, stale)

    def illegal(
        self,
        match: Match,
        legal: list[Any],
        legal_set: set[Any],
        stale: list[Any],
        steps: int,
        probe: bool,
        *,
        full: bool,
    ) -> None:
        """Illegal actions: one cheap try each step, a whole battery at probes."""
        game, rng = self.game, self.rng
        if probe:
            candidates = _mutants(game, legal, legal_set, stale, rng, 8, fields=True)
            candidates += [a for a in rng.sample(stale, min(len(stale), 8)) if a not in legal_set]
            candidates += JUNK_ACTIONS
        elif steps % 3 == 0:
            candidates = _mutants(game, legal, legal_set, stale, rng, 1)[:1]
        elif steps % 3 == 1:
            candidates = [a for a in stale[-64:] if a not in legal_set][-1:]
        else:
            candidates = [rng.choice(JUNK_ACTIONS)]
        for bad in candidates:
            # handed_out vouches for an action without the rules' check: never an illegal one
            if game.handed_out(match.state, tuple(legal), bad):
                raise self.ctx.fail(f"handed_out vouches for the illegal action {bad!r}")
            _try_illegal(self.ctx, game, match, bad, self.extra, full=full)
            self.tally["illegal_tried"] += 1

    def probe(self, match: Match, legal: list[Any]) -> None:
        """Every legal action applies (a sample on crowded turns) and undo restores it."""
        ctx = self.ctx
        text = match.to_json()
        snap = _snapshot(match)
        for action in self.rng.sample(legal, min(len(legal), 200)):
            v = match.violation(action)
            ctx.check(v is None, f"legal action {action!r} has a violation: {v}")
            try:
                match.apply(action)
            except Exception as exc:
                raise ctx.fail(
                    f"legal action {action!r} was refused: {type(exc).__name__}: {exc}"
                ) from None
            match.undo()
            ctx.check(_unchanged(match, snap), f"apply then undo of {action!r} differs")
            self.tally["legal_probed"] += 1
        ctx.check(match.to_json() == text, "apply then undo changed the record")

    def step(self, match: Match, shadow: Any, action: Any) -> Any:
        """Play ``action``; the Match must agree with the pure rules. Returns the new shadow."""
        ctx = self.ctx
        seat = match.current_player
        before = len(match.events)
        try:
            match.apply(action)
        except Exception as exc:
            raise ctx.fail(
                f"the legal action {action!r} was refused: {type(exc).__name__}: {exc}"
            ) from None
        new = match.events[before:]
        ctx.check(
            bool(new)
            and new[0].kind == "action"
            and new[0].player == seat
            and new[0].payload == action,
            f"playing {action!r} did not record it as seat {seat}'s action",
        )
        shadow, chance = _follow(ctx, self.game, shadow, new)
        self.tally["chance_nodes"] += chance
        ctx.check(shadow == match.state, f"after {action!r} the Match and the pure rules differ")
        return shadow

    def finish(self, g: int, s: int, match: Match, stale: list[Any]) -> None:
        """The checks on a finished game: standing, refusals, records, replay, undo, log."""
        ctx = self.ctx
        _check_standing(ctx, self.game, match)
        _observe_all(ctx, match, self.leaks)
        for bad in [*stale[:8], *JUNK_ACTIONS[:4]]:
            _try_illegal(ctx, self.game, match, bad, self.extra)
            self.tally["illegal_tried"] += 1
        winner = match.winner
        self.endings["draw" if winner is None else f"seat {winner}"] += 1
        _check_record_round_trip(ctx, match)
        self.tally["records_checked"] += 1
        text = match.to_json()

        # Same seed and the same actions (objects, or their JSON): the same record.
        twin = new_match(self.game_id, seed=s, **self.overrides)
        for action in match.history:
            twin.apply(action.to_json() if g % 2 else action)
        ctx.check(twin.to_json() == text, "the same seed and actions gave another record")

        # Undo reopens the game; redoing the last move gives the final record again.
        last = match.history[-1] if match.history else None
        if last is not None:
            match.undo()
            ctx.check(not match.is_over, "undoing the last move did not reopen the game")
            ctx.check(match.to_json() != text, "undo did not change the record")
            match.apply(last)
            ctx.check(match.to_json() == text, "undo then redo of the last move differs")
        if g == 0:
            n = _check_damaged_records(ctx, self.game_id, match, self.rng)
            self.tally["damaged_records_refused"] += n
            _check_log(ctx, match)


def check_game(
    game_id: str,
    *,
    games: int = 20,
    seed: int = 0,
    config: Mapping[str, Any] | Any | None = None,
    max_steps: int = 20_000,
    probe_every: int = 25,
    allow_rule_ids: Iterable[str] = (),
) -> dict[str, Any]:
    """Run the conformance suite on ``game_id``; AssertionError on the first failure.

    ``games`` random games are played with seeds ``seed, seed + 1, ...`` and the settings
    ``config`` (a mapping of setting names, or a Config value). Every step gets the cheap
    checks; every ``probe_every`` steps (and at the start and end) the deep ones: every legal
    action applied and undone, a battery of junk and mutated actions, the record reloaded.
    ``allow_rule_ids`` lists rule ids to accept besides the game's clause ids, so that one
    known, reported bug does not hide the rest of the suite.

    Returns a small report (games played, steps, illegal actions tried, ...).
    """
    started = time.perf_counter()
    overrides = _overrides(config)
    ctx = _Context(game_id, overrides)
    game = _check_declaration(ctx, game_id)
    _check_fresh(ctx, game, game_id, seed)
    run = _Run(ctx, game, overrides, frozenset(allow_rule_ids), max_steps, probe_every, seed)
    for g in range(games):
        run.play(g, seed + g)
    tally = run.tally
    return {
        "game": game_id,
        "config": overrides,
        "games": games,
        "steps": tally["steps"],
        "chance_nodes": tally["chance_nodes"],
        "illegal_tried": tally["illegal_tried"],
        "legal_probed": tally["legal_probed"],
        "records_checked": tally["records_checked"],
        "damaged_records_refused": tally["damaged_records_refused"],
        "endings": dict(run.endings),
        "seconds": round(time.perf_counter() - started, 2),
    }
