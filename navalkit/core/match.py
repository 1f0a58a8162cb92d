"""The Match driver: one game in progress, with seeded chance, undo, a log and a record.

Everything a notebook, a widget or a bot does to a game goes through a Match. The rules
stay pure; the Match keeps the line of events and the current state, and works out any
other state again when it is asked for (keeping one in every CHECKPOINT as it goes).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeGuard

from .actions import ChainedActions
from .config import config_to_json
from .errors import IllegalActionError, NavalkitError, RecordError, Violation, read_json
from .protocol import changes_words
from .registry import get_game
from .rng import ChanceStream, draw_outcome_v1
from .signing import is_signed_here, signature

RECORD_FORMAT: Final = "navalkit-record"
#: 2: chance from the match's one stream (rng.ChanceStream); 1: a generator per chance step
RECORD_FORMAT_VERSION: Final = 2
READABLE_VERSIONS: Final = (1, 2)
#: a seat's own account of a match (Match.record_for): readable, never resumable
SEAT_RECORD_FORMAT: Final = "navalkit-seat-record"


#: how a match shows itself as a picture in a notebook: navalkit.render, which sits above the
#: core and draws boards, sets it (show_matches_with). With none, a notebook shows the text.
_PICTURE: Final[list[Callable[[Match], str | None]]] = []


def show_matches_with(picture: Callable[[Match], str | None]) -> None:
    """Draw every match with ``picture`` in notebooks (its ``_repr_svg_``). Set through this
    function, not by giving Match an attribute: a compiled Match takes none from outside."""
    _PICTURE[:] = [picture]


def _whole(value: object) -> TypeGuard[int]:
    """A whole number given as one: not ``True`` (for 1), ``1.0`` nor ``"1"``."""
    return isinstance(value, int) and not isinstance(value, bool)


class NothingToUndoError(NavalkitError):
    """Undo was asked for before any move was played."""


class Event:
    """One step of a match: a player's action or a chance outcome (a value: nothing changes one
    once made).

    Its words (``text``) are written from the state before it (``before``) the first time
    something reads them, not as the move is played: bots and simulations play thousands of
    moves that nobody reads. A plain class with slots rather than a frozen dataclass: a
    match makes one per move and per die, and this is the cheapest to make."""

    __slots__ = ("_words", "before", "game", "kind", "payload", "player", "probability")

    kind: str  # "action" | "chance"
    player: int | None
    payload: Any  # the action object, or the chance outcome (JSON value)
    probability: float | None
    game: Any
    before: Any

    def __init__(
        self,
        kind: str,
        player: int | None,
        payload: Any,
        probability: float | None = None,
        game: Any = None,
        before: Any = None,
    ) -> None:
        self.kind = kind
        self.player = player
        self.payload = payload
        self.probability = probability
        self.game = game
        self.before = before
        self._words: str | None = None

    def _key(self) -> tuple[Any, ...]:
        return (self.kind, self.player, self.payload, self.probability)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Event(kind={self.kind!r}, player={self.player!r}, payload={self.payload!r}, "
            f"probability={self.probability!r})"
        )

    @property
    def text(self) -> str:
        """The event in the words every seat reads."""
        if self._words is None:
            if self.kind == "chance":
                self._words = str(self.game.describe_chance(self.before, self.payload))
            else:
                self._words = str(self.game.describe_outcome(self.before, self.payload))
        return self._words

    def to_json(self) -> dict[str, Any]:
        return _event_json(self.player if self.kind == "action" else None, self.payload)

    def __reduce__(self) -> tuple[Any, ...]:
        """How copy and pickle make an event again: from its parts (a compiled build's Event,
        a native class, cannot be made without ``__init__``; its words are written again when
        read)."""
        return (
            Event,
            (self.kind, self.player, self.payload, self.probability, self.game, self.before),
        )


def _event_json(player: int | None, payload: Any) -> dict[str, Any]:
    """An event as a record holds it (``player`` None: a chance outcome)."""
    if player is None:
        return {"chance": payload}
    return {"player": player, "action": payload.to_json()}


#: a legal list longer than this is the game's to search for an action (Game.handed_out)
LONG_LIST: Final = 32

#: a match keeps the state before every CHECKPOINT-th event (see Match): any other is worked
#: out again from the nearest one before it, at most CHECKPOINT - 1 moves of the rules
CHECKPOINT: Final = 32


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _checksum(body: dict[str, Any]) -> str:
    return hashlib.sha256(_canonical(body).encode("utf-8")).hexdigest()


class Match:
    """A game being played. Build one with :func:`navalkit.new_match`.

    The line of events is kept compact: each event's seat (None for chance), its action or
    outcome, and its probability, in three lists. The states they led to are not kept: only
    the current one (and the one before the last move, for an undo). Any other (for an undo,
    a log, an event's words) is worked out again by playing the events from the nearest
    checkpoint before it; the rules are pure, so it is the very same position. The
    checkpoints are the states before every :data:`CHECKPOINT`-th event, kept as a replay
    first passes them (the opening one from the start): a playout or a bot that never looks
    back keeps none. Keeping every state cost a playout a quarter of its time (memory and the
    garbage collector's rounds over it) and a class's server the memory of every position of
    every game, for states nobody reads again; keeping a checkpoint as each was played still
    cost Far Seas' playouts some 3 % of their instructions, most of it the collector's.
    :attr:`events` makes the :class:`Event` objects the first time they are asked for.
    """

    def __init__(
        self,
        game: Any,
        config: Any,
        players: int,
        seed: int,
        *,
        chance: Iterable[Any] = (),
        meta: dict[str, Any] | None = None,
        format_version: int = RECORD_FORMAT_VERSION,
    ) -> None:
        self.game = game
        self.config = config
        self.players = players
        self.seed = seed
        self.meta: dict[str, Any] = dict(meta or {})
        #: when loaded from a save made under older rules of the game (load_match): the
        #: versions of the rules since, each saying what changed (empty: the current rules)
        self.older_rules: tuple[Any, ...] = ()
        self._script: list[Any] = list(chance)
        #: True once some chance outcome was set by hand (script_chance) rather than drawn from
        #: the seed: such a record cannot prove its dice, so play pages do not load it
        self.scripted = False
        # the line of events: who acted (a seat, or None for chance), what (the action, or the
        # chance outcome) and with what probability (None for an action), one entry each
        self._who: list[int | None] = []
        self._what: list[Any] = []
        self._odds: list[float | None] = []
        #: the Event objects of the first events, made when asked for (see events)
        self._made: list[Event] = []
        self._chance_count = 0  # chance events in the line (numbers the chance steps)
        self._state: Any = game.initial_state(config, players)
        #: the state before event k * CHECKPOINT, for the first few k (made by _replay)
        self._saved: list[Any] = [self._state]
        #: the last action's event number and the state before it: taking that move back (a
        #: student's undo) gives back the very state object, with nothing played again
        self._last_at: int = -1
        self._last_state: Any = None
        #: where chance comes from: the match's one stream (records of format version 1
        #: replay with a generator per step, see rng.draw_outcome_v1)
        self.format_version = format_version
        self._stream = ChanceStream(seed)
        #: the legal actions of one position, worked out once, and its event count (-1: none)
        self._legal: Sequence[Any] = ()
        self._legal_at = -1
        #: whether the current position ends the game (asked once per position: a playout asks
        #: ``is_over`` before every move, and the chance loop has just worked it out)
        self._over = bool(game.is_over(self._state))
        if not self._over and game.is_chance(self._state):  # the deal, a first roll
            self._resolve_chance()

    def __reduce__(self) -> tuple[Any, ...]:
        """How copy, deepcopy and pickle make a match again: a new match of the same game,
        settings, players and seed, given every attribute of this one. The compiled build's
        Match (core.compiled), a native class, cannot be made without its ``__init__``, so the
        default way (an empty object, then its attributes) fails there; this way serves both
        (the attributes go into the source's ``__dict__``, or to the native class's
        ``__setstate__``, which sets them one by one)."""
        names = getattr(type(self), "__mypyc_attrs__", None)
        attributes = {n: getattr(self, n) for n in names} if names else dict(vars(self))
        return (Match, (self.game, self.config, self.players, self.seed), attributes)

    # --- reading ------------------------------------------------------------------------
    def _repr_svg_(self) -> str | None:
        """The match as a picture in a notebook (None: no picture, its text shows)."""
        return _PICTURE[0](self) if _PICTURE else None

    @property
    def state(self) -> Any:
        """The current state (an immutable value)."""
        return self._state

    def state_at(self, index: object) -> Any:
        """The state before event ``index`` (``event_count``: the current state)."""
        n = len(self._who)
        if not _whole(index) or not 0 <= index <= n:
            raise IndexError(f"no state {index!r}: this match has states 0..{n}")
        if index == n:
            return self._state
        if index < len(self._made):
            return self._made[index].before
        if index == self._last_at:
            return self._last_state
        return self._replay(index)

    def _replay(self, index: int) -> Any:
        """The state before event ``index``, played again from the nearest checkpoint before
        it; the checkpoints it passes that were not kept yet are kept."""
        saved = self._saved
        k = min(index // CHECKPOINT, len(saved) - 1)
        state = saved[k]
        for i in range(k * CHECKPOINT, index):
            state = self._after(state, i)
            if not (i + 1) % CHECKPOINT:  # (the checkpoints are made in order: this is next)
                saved.append(state)
        return state

    def _after(self, state: Any, i: int) -> Any:
        """The state after event ``i``, played on ``state`` (the state before it)."""
        if self._who[i] is None:
            return self.game.apply_chance(state, self._what[i])
        return self.game.apply(state, self._what[i])

    @property
    def current_player(self) -> int | None:
        """The seat to move, or None when the game is over."""
        return None if self.is_over else self.game.to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(self.game.scores(self.state))

    @property
    def winner(self) -> int | None:
        return self.game.winner(self.state) if self.is_over else None

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that won (the winner's partners too, in a team game)."""
        return tuple(self.game.winners(self.state)) if self.is_over else ()

    @property
    def history(self) -> list[Any]:
        """The actions played so far, in order."""
        return [what for who, what in zip(self._who, self._what, strict=True) if who is not None]

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events())

    def _events(self) -> list[Event]:
        """Every event as an :class:`Event`: those not asked for before are made now, each
        with the state before it (played again from a checkpoint), and kept."""
        made, n = self._made, len(self._who)
        first = len(made)
        if first < n:
            game, who, what, odds = self.game, self._who, self._what, self._odds
            state = self.state_at(first)
            for i in range(first, n):
                if i > first:
                    state = self._after(state, i - 1)
                kind = "chance" if who[i] is None else "action"
                made.append(Event(kind, who[i], what[i], odds[i], game, state))
        return made

    @property
    def status(self) -> str:
        return str(self.game.status(self.state))

    @property
    def event_count(self) -> int:
        """How many events (moves and chance) have happened: ``len(events)`` without copying."""
        return len(self._who)

    def legal_actions(self) -> Sequence[Any]:
        """The legal actions of the current position, in the rules' order: a tuple (or a
        ChainedActions, which reads like one), worked out once per position and shared by
        every caller (nothing can change it, so no caller needs a copy: in Far Seas, a
        playout that skipped copying some 310 Allied moves at every step ran 8 % faster)."""
        at = len(self._who)
        if self._legal_at != at:
            legal = () if self._over else self.game.legal_actions(self._state)
            # the rules' own tuple or ChainedActions as it is (see core/actions.py); a list (a
            # fresh one: Game.legal_actions) copied once
            kind = legal.__class__
            self._legal = legal if kind is tuple or kind is ChainedActions else tuple(legal)
            self._legal_at = at
        return self._legal

    def observe(self, player: object) -> Any:
        """What ``player`` (a seat) may see (``None``: the teacher's view of everything)."""
        return self.game.observe(self.state, self._seat(player))

    def _seat(self, player: object) -> int | None:
        """``player`` as a seat of this match (or None, the teacher), else a ValueError.

        The methods that take a seat, an index or a seed from a caller declare it ``object``
        and check it themselves: a compiled Match (core.compiled) would refuse any other type
        before the check, with another error, and would take True for the seat 1."""
        if player is None:
            return None
        if not _whole(player) or not 0 <= player < self.players:
            raise ValueError(f"no seat {player!r}: seats are 0..{self.players - 1} (or None)")
        return player

    def describe(self, action: Any) -> str:
        return str(self.game.describe(self.state, action))

    def violation(self, action: object) -> Violation | None:
        """Why ``action`` would be refused now, or None if it is legal."""
        if self.is_over:
            return Violation("match.over", "The game is over: no more moves can be played.")
        if isinstance(action, dict):
            try:
                action = self.game.action_from_json(action)
            except (ValueError, TypeError, KeyError) as exc:
                return Violation(
                    "match.not_an_action", f"That is not a {self.game.title} action: {exc}"
                )
        try:
            found: Violation | None = self.game.violation(self.state, action)
            return found
        except (TypeError, AttributeError, ValueError, KeyError, IndexError) as exc:
            return Violation(
                "match.not_an_action",
                f"{action!r} is not a {self.game.title} action ({type(exc).__name__}).",
            )

    # --- playing ------------------------------------------------------------------------
    def apply(self, action: Any) -> Any:
        """Play ``action`` for the seat to move. Refused actions raise
        :class:`IllegalActionError` and leave the match exactly as it was."""
        who = self._who
        at = len(who)
        game = self.game
        before = self._state
        # An action handed out by legal_actions for this position (the very object: actions
        # are immutable values) needs no check. A short list is scanned here, written out
        # (this is every playout's and every bot's hot path); a long one is the game's to
        # search (Game.handed_out: Far Seas finds an Allied move among one ship's few, not
        # along some 310, a scan that cost its playouts 5 % of their instructions).
        legal = self._legal if self._legal_at == at else ()
        if len(legal) > LONG_LIST:
            known = game.handed_out(before, legal, action)
        else:
            for candidate in legal:
                if candidate is action:
                    known = True
                    break
            else:
                known = False
        if not known:
            v = self.violation(action)
            if v is not None:
                raise IllegalActionError(v)
            if isinstance(action, dict):
                action = game.action_from_json(action)
        after = game.apply(before, action)
        self._last_at, self._last_state = at, before
        # the event is recorded as _record does, written out (the hot path again)
        who.append(game.to_move(before))
        self._what.append(action)
        self._odds.append(None)
        self._state = after
        # most moves lead to another move: the chance loop only runs when a roll or draw is
        # due (the match was not over before this move, so _over is already False)
        if game.is_over(after):
            self._over = True
        elif game.is_chance(after):
            self._resolve_chance()
        return action

    def _record(self, player: int | None, what: Any, odds: float | None, after: Any) -> None:
        """Add an event to the line (``player`` None: chance) and make ``after``, the state
        it led to, the current one."""
        self._who.append(player)
        self._what.append(what)
        self._odds.append(odds)
        self._state = after

    def script_chance(self, *outcomes: Any) -> None:
        """Fix the next chance outcomes (dice, shuffles) to set up an exact situation."""
        self._script.extend(outcomes)

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions (and the chance they led to). Asked to take
        back more moves than were played, it takes back none and says so."""
        who = self._who
        n = len(who)
        for _ in range(steps):
            n -= 1  # back to before the last action, over the chance that followed it
            while n >= 0 and who[n] is None:
                n -= 1
            if n < 0:
                played = len(who) - who.count(None)
                raise NothingToUndoError(
                    "Nothing to undo: no move has been played yet."
                    if not played
                    else f"Only {played} move{'s' if played != 1 else ''} to undo, not {steps}."
                )
        state = self.state_at(n)
        self._chance_count -= who[n:].count(None)
        del who[n:], self._what[n:], self._odds[n:], self._made[n:]
        del self._saved[n // CHECKPOINT + 1 :]
        self._state = state
        self._legal_at = -1
        self._over = bool(self.game.is_over(state))

    def _draw(self, step: int, outcomes: list[tuple[Any, float]]) -> tuple[Any, float]:
        """Chance step ``step``'s outcome and its probability, from the seed."""
        if self.format_version == 1:
            outcome = draw_outcome_v1(self.seed, step, outcomes)
            return outcome, next(p for o, p in outcomes if o == outcome)
        return self._stream.draw(step, outcomes)

    def _resolve_chance(self) -> None:
        """Draw the chance events due from the current position, up to the next move or the
        end of the game."""
        if self._script or self.format_version == 1:
            self._resolve_chance_by_hand()
            return
        # Drawn from the match's stream, each as _record records it, written out: a playout
        # meets a roll or a draw at nearly every other move.
        game, stream = self.game, self._stream
        uniform, apply_chance = game.chance_uniform, game.apply_chance
        is_over, is_chance = game.is_over, game.is_chance
        who, what, odds = self._who, self._what, self._odds
        state = self._state
        while True:
            step = self._chance_count
            alike = uniform(state)
            if alike is not None:
                outcome, prob = stream.draw_uniform(step, alike)
            else:
                outcome, prob = stream.draw(step, game.chance_outcomes(state))
            state = apply_chance(state, outcome)
            who.append(None)
            what.append(outcome)
            odds.append(prob)
            self._state = state
            self._chance_count = step + 1
            if is_over(state):
                self._over = True
                return
            if not is_chance(state):
                return

    def _resolve_chance_by_hand(self) -> None:
        """_resolve_chance when some outcomes are set by hand (script_chance, a scripted
        record) or come from records of format version 1."""
        game = self.game
        source = self._script
        uniform = game.chance_uniform if self.format_version != 1 else None
        while True:
            state = self._state
            self._over = over = bool(game.is_over(state))
            if over or not game.is_chance(state):
                return
            if source:
                outcomes = game.chance_outcomes(state)
                outcome = source.pop(0)
                self.scripted = True
                matches = [p for o, p in outcomes if o == outcome]
                if not matches:
                    allowed = ", ".join(repr(o) for o, _ in outcomes)
                    raise ValueError(
                        f"chance outcome {outcome!r} cannot happen here; it can be: {allowed}"
                    )
                prob = matches[0]
            elif uniform is not None and (alike := uniform(state)) is not None:
                outcome, prob = self._stream.draw_uniform(self._chance_count, alike)
            else:
                outcome, prob = self._draw(self._chance_count, game.chance_outcomes(state))
            self._record(None, outcome, prob, game.apply_chance(state, outcome))
            self._chance_count += 1

    # --- log and record -------------------------------------------------------------------
    @property
    def log(self) -> Any:
        """A pandas DataFrame: one row per event, chance included (the teacher's log: every
        move and every card or die in full; a seat's is :meth:`log_for`)."""
        return self.log_for(None)

    def _seen(self, e: Event, seat: int | None) -> Any:
        """Event ``e``'s data as ``seat`` knows it (None: the teacher, who knows it all): its
        own moves in full, the others' as they were seen played (``Game.public_action``), and
        chance as it fell in the open (``Game.public_chance``: a die, not a shuffle). Worked
        out from the state before the event only when a log asks, so that playing a move
        costs nothing for it."""
        if e.kind == "chance":
            return e.payload if seat is None else self.game.public_chance(e.before, e.payload)
        if seat is None or seat == e.player:
            return e.payload.to_json()
        return self.game.public_action(e.before, e.payload)

    def log_for(self, seat: object) -> Any:
        """The log as ``seat`` may read it, a pandas DataFrame with one row per event: the
        words every seat read, and in ``data`` only what this seat knows of the event as JSON
        text ("" for a card it did not see; see :meth:`record_for`); ``seat=None`` is the
        teacher's full log."""
        import pandas as pd

        reader = self._seat(seat)
        rows = []
        turn = 0
        for i, e in enumerate(self._events()):
            if e.kind == "action":
                turn += 1
            seen = self._seen(e, reader)
            rows.append(
                {
                    "seq": i,
                    "turn": turn if e.kind == "action" else None,
                    "event": e.kind,
                    "player": e.player,
                    "who": "chance" if e.player is None else self.game.player_name(e.player),
                    "text": e.text,
                    "data": "" if seen is None else _canonical(seen),
                    "probability": e.probability,
                }
            )
        columns = ["seq", "turn", "event", "player", "who", "text", "data", "probability"]
        frame = pd.DataFrame(rows, columns=columns)
        frame["turn"] = frame["turn"].astype("Int64")
        frame["player"] = frame["player"].astype("Int64")
        return frame

    def record(self) -> dict[str, Any]:
        body = {
            "format": RECORD_FORMAT,
            "format_version": self.format_version,
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "seed": self.seed,
            "players": self.players,
            "config": config_to_json(self.config),
            "meta": self.meta,
            "events": [_event_json(*e) for e in zip(self._who, self._what, strict=True)],
        }
        if self.scripted:
            body["chance"] = "scripted"
        return {**body, "checksum": _checksum(body)}

    def record_for(self, seat: object) -> dict[str, Any]:
        """What ``seat`` knows of this match, to download and keep: the game, its settings,
        the seats, and every event in the words all seats read, with its own moves in full and
        the others' only as they were seen played. No seed and no hidden card, so it cannot be
        resumed (that takes the full record the server keeps, :meth:`record`)."""
        reader = self._seat(seat)
        over = self.is_over
        return {
            "format": SEAT_RECORD_FORMAT,
            "format_version": RECORD_FORMAT_VERSION,
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "seat": reader,
            "name": self.game.player_name(reader),
            "config": config_to_json(self.config),
            "events": [
                {
                    "who": "chance" if e.player is None else self.game.player_name(e.player),
                    "text": e.text,
                    **({} if (seen := self._seen(e, reader)) is None else {"data": seen}),
                }
                for e in self._events()
            ],
            "status": self.status,
            "scores": list(self.scores) if over else None,
        }

    def to_json(self, *, signed: bool = False) -> str:
        """The record as JSON text: seed, settings and every event. Replays byte for byte.
        ``signed``: with this machine's signature (core.signing), as the play pages save."""
        data = self.record()
        if signed:
            body = {k: v for k, v in data.items() if k != "checksum"}
            data["signature"] = signature(_canonical(body))
        return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"

    def __repr__(self) -> str:
        return f"<Match {self.game.id} seed={self.seed} events={len(self._who)} {self.status}>"


def new_match(
    game_id: object,
    *,
    seed: object = 0,
    players: object = None,
    chance: Sequence[Any] = (),
    **config: Any,
) -> Match:
    """Start a match of ``game_id`` (a game's id) for ``players`` seats (a whole number; None:
    the game's usual count). ``seed`` (a whole number) fixes all chance; ``config`` switches
    settings. The arguments are checked here (hence typed ``object``; see Match._seat)."""
    return _build(game_id, seed, players, chance, config, RECORD_FORMAT_VERSION)


def _build(
    game_id: object,
    seed: object,
    players: object,
    chance: Sequence[Any],
    config: dict[str, Any],
    format_version: int,
) -> Match:
    game = get_game(game_id)
    if players is None:
        players = game.default_players
    if not _whole(players):
        raise ValueError(f"players must be a whole number, not {players!r}")
    if not game.min_players <= players <= game.max_players:
        raise ValueError(
            f"{game.title} is for {game.min_players}-{game.max_players} players, not {players}"
        )
    if not _whole(seed):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    cfg = game.make_config(**config)
    return Match(game, cfg, players, seed, chance=chance, format_version=format_version)


def load_match(
    text: object, *, allow_scripted: bool = False, require_signature: bool = False
) -> Match:
    """Rebuild a match from :meth:`Match.to_json` text (str or bytes), replaying every event.

    Chance is drawn again from the record's seed, never read from the file: a record whose
    dice or cards were edited does not replay and is refused. A record whose chance was set by
    hand (a lesson's prepared position, ``"chance": "scripted"``) replays its recorded outcomes
    only with ``allow_scripted=True`` (a notebook's own records; never a play page's upload).
    ``require_signature``: only a record this machine signed (``to_json(signed=True)``): a
    play page's uploads, so that a save edited by hand is refused even where its moves and
    dice still replay. A damaged record, one of another game's rules version, or one whose
    moves do not replay is refused with :class:`RecordError`; nothing else is touched.
    """
    if not isinstance(text, (str, bytes)):
        raise RecordError(
            f"This is not a navalkit game record: a record is JSON text (Match.to_json), "
            f"not {type(text).__name__}."
        )
    try:
        data = read_json(text, "It")
    except ValueError as exc:
        raise RecordError(f"This save is damaged. {exc}") from None
    if isinstance(data, dict) and data.get("format") == SEAT_RECORD_FORMAT:
        raise RecordError(
            "This file is one player's account of a game (what that player saw): it cannot be "
            "resumed, because it does not hold the hidden cards. Use your resume code."
        )
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError("This is not a navalkit game record.")
    version = data.get("format_version")
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        raise RecordError(
            f"This record uses format version {version!r}; this navalkit reads versions "
            f"{' and '.join(str(v) for v in READABLE_VERSIONS)}."
        )
    signed = data.pop("signature", None)
    body = {k: v for k, v in data.items() if k != "checksum"}
    if data.get("checksum") != _checksum(body):
        raise RecordError("This save is damaged: its checksum does not match its contents.")
    if require_signature and not is_signed_here(_canonical(body), signed):
        raise RecordError(
            "This save was not made on this server, or it was changed after it was saved; "
            "ask your teacher, or use your resume code."
        )
    try:
        game = get_game(data["game"])
    except (KeyError, NavalkitError) as exc:
        raise RecordError(f"This record is of an unknown game: {exc}") from None
    saved_rules = data.get("rules_version")
    newer = game.rules_since(saved_rules)
    if newer is None:
        raise RecordError(
            f"This record was made under {game.title} rules version {saved_rules!r}, which this "
            f"navalkit does not know (it plays version {game.rules_version!r}): a save from a "
            "newer navalkit, or one changed by hand."
        )
    scripted = data.get("chance") == "scripted"
    if scripted and not allow_scripted:
        raise RecordError(
            "This save sets its own dice and cards (a prepared position): open it in a "
            "notebook with load_match(..., allow_scripted=True), not on a play page."
        )
    if data.get("chance", "seed") not in ("seed", "scripted"):
        raise RecordError("This save is damaged: it does not say where its chance came from.")
    if newer and isinstance(data.get("config"), dict):  # the earlier rules it began under
        data = {**data, "config": game.settings_kept(newer, data["config"])}
    try:
        match = _replay(game, data, version, scripted)
    except _ReplayError as exc:
        if not newer:
            raise
        raise RecordError(older_rules_words(game, newer, exc.moves)) from None
    match.older_rules = newer
    return match


def _replay_events(game: Any, match: Match, events: Any, scripted: bool) -> None:
    """Play a record's ``events`` on ``match`` (just built from its settings and seed)."""
    damaged = "This save is damaged"
    if not isinstance(events, list):
        raise _ReplayError(damaged, "it has no list of events")
    # The opening chance events were drawn when the match was built: they must agree.
    n_open = len(match._who)
    opened = zip(match._who, match._what, events[:n_open], strict=False)
    for i, (who, what, saved) in enumerate(opened):
        if _event_json(who, what) != saved:
            raise _ReplayError(damaged, f"event {i} does not replay")
    pending_chance: list[Any] = []
    i = n_open
    while i < len(events):
        ev = events[i]
        if not isinstance(ev, dict) or "action" not in ev:
            raise _ReplayError(damaged, f"event {i} is not a move where one is due")
        try:
            action = game.action_from_json(ev["action"])
        except (ValueError, TypeError, KeyError) as exc:
            raise _ReplayError(damaged, f"event {i} is not a move ({exc})") from None
        if ev.get("player") != match.current_player:
            raise _ReplayError(damaged, f"event {i} is played by the wrong seat")
        v = match.violation(action)
        if v is not None:
            raise _ReplayError(damaged, f"move {i} does not replay: {v}")
        j = i + 1
        pending_chance = []
        while j < len(events) and isinstance(events[j], dict) and "chance" in events[j]:
            pending_chance.append(events[j]["chance"])
            j += 1
        match._script = list(pending_chance) if scripted else []
        before = len(match._who)
        try:
            match.apply(action)
        except ValueError as exc:
            raise _ReplayError(
                damaged, f"the chance after move {i} does not replay: {exc}"
            ) from None
        if match._script:
            raise _ReplayError(damaged, f"extra chance events after move {i}")
        drawn = match._what[before + 1 :]
        if drawn != pending_chance:
            raise _ReplayError(
                "This save was changed",
                f"the dice or cards after move {i} do not follow from its seed",
            )
        i = j


class _ReplayError(RecordError):
    """A record that does not replay: ``lead`` says what that means for a save of the current
    rules (damaged, changed), ``detail`` where it fails."""

    def __init__(self, lead: str, detail: str) -> None:
        self.detail = detail.rstrip(".")
        #: how many moves did replay before it failed (None: it failed before the first)
        self.moves: int | None = None
        super().__init__(f"{lead}: {self.detail}.")


def older_rules_words(
    game: Any,
    newer: Sequence[Any],
    moves: int | None,
    *,
    began: str = "This game was saved",
    then: str = "Start a new game.",
) -> str:
    """Why a game ``began`` under older rules cannot go on: which versions, where its replay
    stops (after ``moves`` moves; None: its settings), what changed since, and what to do
    (``then``). A save's words by default; a class server's table says its own."""
    was = game.rules_before(newer)
    if moves is None:
        where = "its settings are not those of these rules"
    else:
        where = f"its move {moves + 1} is not what these rules allow"
    return (
        f"{began} under version {was.number} of the {game.title} rules, and it cannot go on "
        f"under version {newer[-1].number}, the corrected rules this navalkit plays: {where}. "
        f"What changed since: {changes_words(newer)} {then}"
    )


def _replay(game: Any, data: dict[str, Any], version: int, scripted: bool) -> Match:
    """The match of record ``data`` (whose checksum, game, rules and chance were checked),
    its events replayed under the current rules; _ReplayError where they do not."""
    damaged = "This save is damaged"
    opening: list[Any] = []
    if scripted:  # the opening chance (a deal) may have been set by hand too
        events0 = data.get("events") or []
        for ev in events0:
            if not isinstance(ev, dict) or "chance" not in ev:
                break
            opening.append(ev["chance"])
    try:
        config = data["config"]
        if not isinstance(config, dict):
            raise TypeError("its settings are not a table of names and values")
        match = _build(game.id, data["seed"], data["players"], opening, config, version)
    except (KeyError, ValueError, TypeError) as exc:
        raise _ReplayError("This record's settings cannot be used", str(exc)) from None
    match.meta = dict(data.get("meta") or {})
    try:
        _replay_events(game, match, data.get("events"), scripted)
    except _ReplayError as exc:
        exc.moves = len(match.history)
        raise
    again = match.record()
    if data["rules_version"] != game.rules_version:  # a save of older rules: its own words
        again = {**again, "rules_version": data["rules_version"], "checksum": data["checksum"]}
    if config.items() < again["config"].items():
        # settings this navalkit has that the save does not name (they came after it): it
        # plays on under their defaults, or under the earlier rule a correction kept for it
        again = {**again, "config": config, "checksum": data["checksum"]}
    if again != data:
        error = _ReplayError(damaged, "replaying it does not give the same record")
        error.moves = len(match.history)
        raise error
    return match
