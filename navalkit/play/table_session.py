"""One seat of a shared table, played by clicks like a game at one screen.

A :class:`TableSession` is a :class:`~navalkit.play.session.PlaySession` whose game is not
a Match in this process but the table service's view of one seat (:class:`SeatReplica`,
rebuilt from each :class:`~navalkit.tables.SeatView`): the same click paths, keyboard
cursor, typed and listed moves, refusals with their rule, and the same :class:`Screen`, but
every move goes to :meth:`Tables.move <navalkit.tables.Tables.move>` with the ``seq`` of
the position the student saw, and the board only ever shows ``observe(seat)``. The seed,
the other hands and the teacher's view never reach this process's page.

What a shared table cannot do is refused in words: taking a move back, letting the computer
move for the student, changing seats or starting another game at the same table.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, cast

from navalkit.core import IllegalActionError
from navalkit.core.words import owned
from navalkit.tables import (
    COMPUTER,
    ENDED,
    FREE,
    OPEN,
    OVER,
    PLAYING,
    IllegalMoveError,
    SeatInfo,
    SeatView,
    StaleMoveError,
    Tables,
    TableStamp,
)
from navalkit.tables.words import board_words

from .seats import HUMAN
from .session import PlaySession, Screen

__all__ = [
    "SeatReplica",
    "TableSession",
    "ending_words",
    "seat_state",
    "seat_words",
    "turn_words",
]


def seat_state(game: Any, observation: Any) -> Any:
    """A state the game's click and word hooks (``action_at``, ``ui_hint``, ``ui_choices``,
    ``describe``) can read, from one seat's observation: the observation's own ``state``
    (hidden parts emptied) when it has one, a state guessed from it for a game whose view is
    a record of its own (``sample_state``: the seat's own cards are the real ones), else the
    observation itself (a game without hidden information shows the whole state)."""
    state = getattr(observation, "state", None)
    if state is not None:
        return state
    if game.hidden_information:
        try:
            return game.sample_state(observation, random.Random(0))
        except Exception:  # a game without the hook: its hooks get the view
            return observation
    return observation


class SeatReplica:
    """What one seat's page knows of the game at a table, in the shape of the Match that a
    :class:`PlaySession` reads: the seat's observation, its legal moves on its turn and their
    words, whose turn, the status line, the scores once over. Nothing else is in it."""

    def __init__(self, game: Any, view: SeatView) -> None:
        self.game = game
        self.view = view
        self.players = len(view.seats)
        self.state = seat_state(game, view.observation)
        self.seed = None  # the table's seed stays on the server
        self.history: tuple[Any, ...] = ()  # nothing can be taken back at a table
        self.events: tuple[Any, ...] = ()
        self._words = dict(zip(view.legal_actions, view.legal_texts, strict=True))

    @property
    def current_player(self) -> int | None:
        return self.view.to_move

    @property
    def is_over(self) -> bool:
        return self.view.status in (OVER, ENDED)

    @property
    def status(self) -> str:
        return self.view.status_text

    @property
    def scores(self) -> tuple[float, ...]:
        return self.view.scores if self.view.scores is not None else (0,) * self.players

    @property
    def winner(self) -> int | None:
        return self.view.winner

    def legal_actions(self) -> list[Any]:
        return list(self.view.legal_actions)

    def observe(self, player: int | None) -> Any:
        if player != self.view.seat:
            raise ValueError("A seat at a table sees only its own view.")
        return self.view.observation

    def describe(self, action: Any) -> str:
        words = self._words.get(action)
        return words if words is not None else str(self.game.describe(self.state, action))

    def log_texts(self) -> list[str]:
        """The seat's log (``log_for(seat)``) as lines of text, oldest first."""
        log = self.view.log
        if log is None or "text" not in getattr(log, "columns", ()):
            return []
        return [str(t) for t in log["text"]]


def seat_words(info: SeatInfo) -> str:
    """Who holds a seat, in words: "Ann", "computer (medium)", "free"."""
    if info.holder == FREE:
        return "free"
    if info.holder == COMPUTER:
        return f"computer ({info.name})"
    return info.name


def ending_words(view: SeatView) -> str:
    """Who won a game that is over, by the players' names (the status line gives the rule):
    "you won!", "Bob (Player 2) won.", "a draw."."""
    winner = view.winner
    if winner is None:
        return "a draw."
    if not 0 <= winner < len(view.seats):  # not a seat: the status line says who
        return ""
    winners = view.winners or (winner,)
    if view.seat in winners:
        return "you won!" if len(winners) == 1 else "your side won!"
    return (
        " and ".join(f"{seat_words(view.seats[w])} ({view.seats[w].player})" for w in winners)
        + " won."
    )


def turn_words(view: SeatView) -> str:
    """Whose turn it is at the table, by the players' names, for this seat's page."""
    if view.status == OPEN:
        return "The game starts when every seat is taken: classmates join with the table's code."
    if view.status == ENDED:
        return "Your teacher ended this game."
    if view.status == OVER:
        ending = ending_words(view)
        return f"The game is over: {ending}" if ending else "The game is over."
    if view.your_turn:
        return "It is your turn."
    mover = next((s for s in view.seats if s.to_move), None)
    if mover is None:
        return "Nobody is to move."
    if mover.holder == FREE:
        return f"Waiting for someone to take {owned('seat', mover.player)}."
    if mover.holder == COMPUTER:
        return f"The computer ({mover.player}) is thinking."
    away = "" if mover.connected else " (not connected just now)"
    return f"Waiting for {mover.name} ({mover.player}) to move{away}."


def _seat_key(view: SeatView) -> tuple[tuple[str, str, bool, bool], ...]:
    """What the page shows of the seats (not when each was last seen)."""
    return tuple((s.holder, s.name, s.connected, s.to_move) for s in view.seats)


class TableSession(PlaySession):
    """The seat holding ``token`` at table ``code`` of ``tables``, as a play session.

    ``view`` is the seat's view when the caller has just read it. Reading the table again is
    :meth:`poll` (one small read; the full view only when something changed); a move goes to
    the service with the last ``seq`` this page saw, so a move chosen on an old position is
    refused (:class:`~navalkit.tables.StaleMoveError`) and the new position is shown.
    """

    def __init__(
        self,
        tables: Tables,
        code: str,
        token: str,
        *,
        view: SeatView | None = None,
        theme: Any = None,
    ) -> None:
        view = tables.view(code, token) if view is None else view
        n = len(view.seats)
        # the PlaySession's own Match (seed 0) is only scaffolding: it is replaced at once by
        # the table's view of this seat, and nothing of it is ever shown
        super().__init__(
            view.game_id, seed=0, players=n, seats=[HUMAN] * n, theme=theme, **view.settings
        )
        self.tables = tables
        self.code = view.code
        self.token = token
        self.seat = view.seat
        self.view = view
        self.match = cast(Any, SeatReplica(self.game, view))
        #: the computer seats are to move after this page's move: the page lets them play
        self.computers_to_move = False
        #: what happened since the page last looked (new lines of the seat's log)
        self.news: list[str] = []

    @property
    def replica(self) -> SeatReplica:
        """The game as this seat knows it (what ``self.match`` holds)."""
        return cast(SeatReplica, self.match)

    # --- who sees what: always this seat, never covered, never the teacher's view -----------
    @property
    def viewer(self) -> int | None:
        return self.seat

    @property
    def covered(self) -> bool:
        return False

    def legal(self) -> list[Any]:
        return list(self.view.legal_actions) if self.view.your_turn else []

    def account(self) -> tuple[str, str] | None:
        """The seat's own account of the game to download (``seat_record``: no seed, no
        hidden card)."""
        record = self.tables.seat_record(self.code, self.token)
        name = self.game.player_name(self.seat).replace(" ", "-")
        text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
        return f"navalkit-{self.game.id}-{self.code}-{name}.json", text

    def screen(self) -> Screen:
        view = self.view
        shown = super().screen()
        you = f"You are {view.player} ({view.name})."
        return replace(
            shown,
            status=f"{view.status_text} {you}",
            can_undo=False,
            computer_to_move=any(s.to_move and s.holder == COMPUTER for s in view.seats),
        )

    def turn_words(self) -> str:
        return turn_words(self.view)

    def not_running(self) -> str:
        return board_words(self.view.status)

    # --- reading the table ------------------------------------------------------------------
    def stamp(self) -> TableStamp:
        return self.tables.stamp(self.code)

    def seen(self) -> tuple[int, int, str]:
        """``(seq, revision, status)`` of the position on the page."""
        return self.view.seq, self.view.revision, self.view.status

    def poll(self) -> bool:
        """One small read of the table; when a move was stored, a seat taken or freed, or the
        game ended since the page last looked, read the seat's view again. True when the
        page has something new to show."""
        stamp = self.stamp()
        if (stamp.seq, stamp.revision, stamp.status) == self.seen():
            return False
        return self.sync()

    def sync(self) -> bool:
        """Read the seat's view again; True when the page has something new to show."""
        return self.take(self.tables.view(self.code, self.token))

    def take(self, view: SeatView) -> bool:
        """Show ``view`` from now on; True when it differs from what the page shows."""
        old = self.view
        changed = (view.seq, view.revision, view.status) != self.seen() or _seat_key(
            view
        ) != _seat_key(old)
        if view.seq != old.seq:  # a new position: a half-made move and what was said of the
            self.path, self.marks = (), ()  # old one no longer hold
            self.messages, self.refusal, self.error = [], None, None
            before = SeatReplica(self.game, old).log_texts() if old.log is not None else []
            after = SeatReplica(self.game, view).log_texts()
            self.news = after[len(before) :] if after[: len(before)] == before else []
        self.view = view
        self.match = cast(Any, SeatReplica(self.game, view))
        return changed

    def refresh_seats(self) -> bool:
        """Read who is connected again (presence changes no revision); True if it changed."""
        seats = self.tables.seats(self.code)
        now = tuple((s.holder, s.name, s.connected, s.to_move) for s in seats)
        shown = _seat_key(self.view)
        if now == shown:
            return False
        if [k[:2] + k[3:] for k in now] != [k[:2] + k[3:] for k in shown]:
            return self.sync()  # more than presence changed: read the whole view
        self.take(replace(self.view, seats=seats))
        return True

    def touch(self) -> None:
        """Tell the table this seat's page is open."""
        self.tables.touch(self.code, self.token)

    def leave(self) -> None:
        """Tell the table this seat's page is closed (the others read "not connected" at
        their next look)."""
        self.tables.leave(self.code, self.token)

    def play_computers(self) -> None:
        """Let the computer seats move (after this page's move; run it in the background)."""
        self.computers_to_move = False
        self.tables.play_bots(self.code)

    # --- moves --------------------------------------------------------------------------------
    def _click(self, region: str | None) -> None:
        if region is not None and not self.view.your_turn:
            self.marks = ()
            self.say(self._waiting())
            return
        super()._click(region)

    def _waiting(self) -> str:
        view = self.view
        if view.status == PLAYING:
            return f"Not yet: {turn_words(view)}"
        return turn_words(view)

    def _play(self, action: Any) -> None:
        if not self.view.your_turn:
            raise ValueError(self._waiting())
        seen = len(self.replica.log_texts())
        try:
            self.tables.move(self.code, self.token, action, self.view.seq, reply=False)
        except IllegalMoveError as exc:  # the rules' own refusal, shown with its rule
            raise IllegalActionError(exc.violation) from None
        except StaleMoveError:
            self.path, self.marks = (), ()
            self.sync()  # the new position, to choose again on
            raise
        self.sync()
        self.messages = self.replica.log_texts()[seen:]
        self.news = []
        mover = self.view.to_move
        self.computers_to_move = (
            self.view.status == PLAYING
            and mover is not None
            and self.view.seats[mover].holder == COMPUTER
        )

    # --- what a shared table does not do ------------------------------------------------------
    def _refuse(self, why: str) -> bool:
        def refuse() -> None:
            raise ValueError(why)

        return self.act(refuse)

    def computer(self) -> bool:
        return self._refuse("At a table you choose your own moves.")

    def run_to_end(self) -> bool:
        return self._refuse("At a table every player plays their own moves.")

    def undo(self) -> bool:
        return self._refuse("A move played at a table cannot be taken back.")

    def set_teacher(self, on: bool) -> bool:
        if not on:
            return True
        return self._refuse("Only the teacher's dashboard shows every hand.")

    def set_seat(self, seat: int, who: str) -> bool:
        return self._refuse("Seats are taken on the table page, not changed during a game.")

    def begin(self, *, seed: int, **kwargs: Any) -> None:
        raise ValueError("A new game needs a new table: start one from the table page.")

    def resume(self, save: Any) -> bool:
        return self._refuse("A game at a table goes on at the table: it cannot load a save.")
