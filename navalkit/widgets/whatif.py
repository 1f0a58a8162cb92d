"""The what-if lab: the same seeded games under two settings (or two line-ups of bots),
side by side, so a class can see what a disputed rule changes."""

from __future__ import annotations

import html
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from navalkit.core import bot_names, get_game, simulate
from navalkit.core.bots import bot_name
from navalkit.core.config import value_from_words, value_words
from navalkit.core.words import wins
from navalkit.play.guide import provenance_html
from navalkit.play.seats import seat_choices, seat_label
from navalkit.render.canvas import control_row

from .forms import FIT, seat_lists
from .lesson import frame_html
from .live import at_once, in_background, running_loop
from .panels import LIVE, name_script

_log = logging.getLogger(__name__)

#: the fewest and the most games a run plays under each reading (a run plays each twice)
MIN_GAMES, MAX_GAMES = 2, 2000
#: the red words of a run that cannot start (or was stopped), above the last run's table
_CANNOT = "<span style='color:#b22222'><b>{}</b> {}</span>"


def compare(
    game_id: str,
    a: dict[str, Any],
    b: dict[str, Any],
    *,
    games: int = 40,
    bots: list[str] | None = None,
    bots_b: list[str] | None = None,
    seed: int = 0,
    players: int | None = None,
    workers: int | None = 1,
    on_progress: Any = None,
) -> Any:
    """Run the same seeds under settings ``a`` and ``b`` (and bots ``bots`` / ``bots_b``);
    one DataFrame with a ``variant`` column ("A" or "B")."""
    import pandas as pd

    total = 2 * games
    done = [0]

    def tick(_n: int, _t: int) -> None:
        done[0] += 1
        if on_progress:
            on_progress(done[0], total)

    common: dict[str, Any] = {"games": games, "seed": seed, "players": players, "workers": workers}
    left = simulate(game_id, bots=bots, on_progress=tick, **common, **a)
    right = simulate(game_id, bots=bots_b or bots, on_progress=tick, **common, **b)
    left.insert(0, "variant", "A")
    right.insert(0, "variant", "B")
    return pd.concat([left, right], ignore_index=True)


def summary(frame: Any, game: Any = None) -> Any:
    """Per variant: games, wins by seat, draws, mean length and mean score of each seat.
    With ``game``, the columns name the players as the game does ("B (north) wins",
    "B (north): average score") for a student's table; without, short code names
    ("wins seat 1", "mean score_1") for code."""
    import pandas as pd

    rows = []
    scores = [c for c in frame.columns if c.startswith("score_")]
    for variant, part in frame.groupby("variant"):
        row: dict[str, Any] = {"variant": variant, "games": len(part)}
        for seat in range(len(scores)):
            name = wins(game.player_name(seat)) if game else f"wins seat {seat}"
            row[name] = int((part["winner"] == seat).sum())
        row["draws"] = int(part["winner"].isna().sum())
        row["average length (actions)" if game else "mean length"] = round(
            float(part["length"].mean()), 1
        )
        for seat, c in enumerate(scores):
            name = f"{game.player_name(seat)}: average score" if game else f"mean {c}"
            row[name] = round(float(part[c].mean()), 1)
        rows.append(row)
    return pd.DataFrame(rows).set_index("variant")


def outcome_columns(table: Any) -> list[str]:
    """The columns of a :func:`summary` that count outcomes: each seat's wins, then draws."""
    won = [c for c in table.columns if c.endswith((" wins", " win")) or c.startswith("wins ")]
    return [*won, "draws"]


def changes_words(table: Any, games: int) -> str:
    """What the second reading changed, in one sentence a student can check against the
    table of a :func:`summary` with the game's names (its two rows: the first reading, the
    second): each count of outcomes that moved, and the average length."""
    first, second = table.iloc[0], table.iloc[1]
    moved, same = [], []
    for column in outcome_columns(table):
        x, y = int(first[column]), int(second[column])
        what = column if column != "draws" else "draws"
        if x == y:
            same.append(f"{what} {x}")
        else:
            moved.append(f"{what} {x} → {y}")
    length = "average length (actions)"
    if length in table.columns and first[length] != second[length]:
        moved.append(f"games last {first[length]:g} → {second[length]:g} actions on average")
    if not moved:
        return f"With the second reading nothing changed in these {games} games' results."
    said = "With the second reading: " + "; ".join(moved) + "."
    if same:
        said += " Unchanged: " + "; ".join(same) + "."
    return said


class _Stopped(Exception):
    """A run stopped from the page (*Stop*), after ``done`` games."""

    def __init__(self, done: int) -> None:
        super().__init__(f"stopped after {done} games")
        self.done = done


@dataclass(frozen=True)
class _Plan:
    """One run of the lab, as the page set it when *Run both* was pressed."""

    name: str
    a: dict[str, Any]
    b: dict[str, Any]
    games: int
    bots: list[str]
    #: each reading in words, as the table's rows and the chart's key name them
    readings: tuple[str, str]
    #: the run in words (WhatIfLab._run_words)
    words: str
    #: how a game is won under each reading, as HTML (WhatIfLab._victory)
    victory: str


class Reading:
    """One reading of the setting the lab compares: picked from a list of its values in
    words (a choice, on or off), or typed where it is a number (the box says its range). A
    bare text box for every setting left a student to guess what a choice's values were
    called; a list of them cannot hold one the setting does not have."""

    def __init__(
        self, label: str, parse: Callable[[str], Any], words: Callable[[Any], str]
    ) -> None:
        """``parse``: a reading in words to its value, ConfigError in words for one the
        setting does not have (WhatIfLab._parse); ``words``: a value as the page words it."""
        # each its own layout: one is shown, the other hidden
        self.pick = w.Dropdown(description=label, options=[], layout=w.Layout(width="240px"))
        self.typed = w.Text(description=label, layout=w.Layout(width="240px", display="none"))
        self.widget = w.HBox([self.pick, self.typed])
        self._parse, self._words = parse, words

    @property
    def picked(self) -> bool:
        """Whether the reading is picked from a list (else typed)."""
        return bool(self.pick.options)

    def offer(self, words: list[str], hint: str) -> None:
        """Offer the values ``words`` to pick from, or (none) a box to type in, ``hint`` its
        placeholder."""
        self.pick.options = words
        self.pick.layout.display = "" if words else "none"
        self.typed.layout.display = "none" if words else ""
        self.typed.placeholder = hint

    @property
    def value(self) -> str:
        """The reading, as the page words it."""
        return str(self.pick.value) if self.picked else str(self.typed.value)

    @value.setter
    def value(self, words: str) -> None:
        """Set the reading (``words`` as the page words a value); one a list does not offer is
        refused in words (ConfigError: what the setting takes), and the reading stays as it
        was."""
        if self.picked:  # as the list words it ("Per  Round", "per_round": "per round")
            self.pick.value = (
                words if words in self.pick.options else self._words(self._parse(words))
            )
        else:
            self.typed.value = words


class WhatIfLab:
    """Pick a setting's two values (or two bots), run, and see the table and a plot."""

    def __init__(
        self,
        game_id: str,
        setting: str | None = None,
        games: int = 20,
        values: tuple[Any, Any] | None = None,
        bots: list[str] | None = None,
    ) -> None:
        """``setting`` (its code name) opens the lab on it, with the two ``values`` to compare
        (default: the setting's default and another of its values); ``bots`` names the
        computer player of each seat (a bot's name or a level; default: the game's own bot
        against players who move at random)."""
        self.game = get_game(game_id)
        rows = {r["setting"]: r for r in self.game.settings()}
        self.rows = rows
        names = list(rows)
        self.setting = w.Dropdown(
            options=[(rows[n]["label"], n) for n in names],  # plain words on the page
            value=setting or names[0],
            description="Setting:",
            layout=w.Layout(width="auto", max_width=FIT),  # a phone cut it at its edge
        )
        self.value_a, self.value_b = (
            Reading(f"Reading {i}:", self._parse, self._text) for i in (1, 2)
        )
        # who plays each seat, in the play pages' words (never a code name such as mcts)
        g = self.game
        self.seat_bots = seat_lists(g, ["random"] * g.default_players, seat_choices(g)[1:])
        self.bots = bots or ["greedy"] + ["random"] * (g.default_players - 1)
        # not a bounded box: it turned 0 into 2 and 100000 into 2000 without a word; a number
        # out of range is refused in words by run()
        self.games = w.IntText(
            value=games,
            description="Games:",
            tooltip=f"How many games under each reading: {MIN_GAMES} to {MAX_GAMES:,}",
        )
        self.run_button = w.Button(description="Run both", button_style="primary", icon="play")
        self.stop_button = w.Button(
            description="Stop", icon="stop", layout=w.Layout(width="auto", display="none")
        )
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Progress:")
        #: how far a run is, in words ("Game 37 of 200 played ..."), while it runs
        self.progress_words = w.HTML()
        self.explain = w.HTML()
        self.table = w.HTML()
        #: the chart of the last run, an image (see _plot)
        self.plot = w.HTML()
        self.message = w.HTML()
        self.message.add_class("navalkit-message")
        self.message.add_class(LIVE)  # read out as it changes
        self.setting.observe(lambda _c: self._defaults(), "value")
        self.run_button.on_click(lambda _b: self.run(background=True))
        self.stop_button.on_click(lambda _b: self.stop())
        #: a run is under way (in a thread of its own in a kernel, so the page keeps answering)
        self.running = False
        self._stopping = False
        self._defaults()
        if values is not None:
            self.value_a.value, self.value_b.value = (self._text(v) for v in values)
        self.widget = w.VBox([
            control_row([self.setting, self.value_a.widget, self.value_b.widget]),
            self.explain,
            w.HTML("<b>Who plays</b> (the same computer players in both readings):"),
            control_row(self.seat_bots),
            control_row([self.games, self.run_button, self.stop_button]),
            control_row([self.progress, self.progress_words]),
            self.message, self.table, self.plot,
            name_script(),  # (the message read out as it changes, panels.LIVE)
        ])  # fmt: skip
        self.frame: Any = None
        #: the first run's words (the notebook's notes under the lab explain that one)
        self.first_run: str | None = None

    @property
    def bots(self) -> list[str]:
        """The computer player of each seat, by name."""
        return [box.value for box in self.seat_bots]

    @bots.setter
    def bots(self, names: list[str]) -> None:
        """Set each seat's computer player by its name or level (``greedy``: the game's own
        bot); ValueError, in words, for a wrong count or a player the game does not have."""
        if len(names) != len(self.seat_bots):
            raise ValueError(f"Name {len(self.seat_bots)} computer players, one a seat.")
        chosen = [bot_name(self.game, str(n).strip().lower()) for n in names]
        unknown = [n for n, c in zip(names, chosen, strict=True) if c not in bot_names(self.game)]
        if unknown:
            offered = ", ".join(bot_names(self.game))
            raise ValueError(
                f"{self.game.title} has no computer player {unknown[0]!r} ({offered})."
            )
        for box, name in zip(self.seat_bots, chosen, strict=True):
            if name not in (value for _label, value in box.options):  # a bot beyond the levels
                box.options = (*box.options, (seat_label(self.game, name), name))
            box.value = name

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _defaults(self) -> None:
        row = self.rows[self.setting.value]
        field = self.game.config_type.__dataclass_fields__[self.setting.value]
        choices = field.metadata.get("choices")
        default = row["default"]
        other = next((c for c in (choices or ()) if c != default), default)
        low, high = field.metadata.get("low"), field.metadata.get("high")
        offered = [self._text(c) for c in choices or ()]
        if isinstance(default, bool):
            other, offered = not default, [self._text(True), self._text(False)]
        elif isinstance(default, int) and not choices:
            other = max(default // 2, int(low or 1))
        hint = f"a number, {low} to {high}" if low is not None and high is not None else ""
        for box in (self.value_a, self.value_b):
            box.offer(offered, hint)
        self.value_a.value, self.value_b.value = self._text(default), self._text(other)
        # where the setting comes from in words ("SEED" alone read as code to a student)
        self.explain.value = (
            f"<div style='font-size:90%;line-height:1.35'>{html.escape(row['help'])}"
            f"<br>{provenance_html(row['provenance'])}</div>"
        )

    def _text(self, value: Any) -> str:
        """A value of the setting chosen as the box shows it (on/off for a switch, "per
        convoy", a choice's own words)."""
        return value_words(value, self.game.config_type.__dataclass_fields__[self.setting.value])

    def _parse(self, text: str) -> Any:
        """A reading typed in a box, in the page's words; ConfigError in plain words."""
        return value_from_words(self.game.config_type, self.setting.value, text)

    def run(self, *, background: bool = False) -> None:
        """Run both readings on the same seeds, the table and chart shown when it ends. With
        ``background`` (*Run both*) in a thread of its own in a kernel: the page shows how far
        it is and keeps answering, and *Stop* ends it; else at once (a notebook's cell reads
        ``frame`` on the next line). A bad value or number of games is explained and nothing
        runs; the last run's table stays until a run ends."""
        if self.running:
            return
        try:
            plan = self._plan()
        except (ValueError, TypeError) as exc:
            self._cannot("Cannot run:", str(exc))
            return
        self.running, self._stopping = True, False
        self.run_button.disabled = True
        self.stop_button.layout.display = ""
        self.message.value = ""
        total = 2 * plan.games
        self.progress.max, self.progress.value = total, 0
        self._say_progress(0, total)
        loop = running_loop() if background else None
        result: dict[str, Any] = {}
        started = time.monotonic()

        def soon(fn: Callable[[], None]) -> None:  # widgets are changed on the kernel's loop
            if loop is None:
                fn()
            else:
                loop.call_soon_threadsafe(fn)

        def tick(done: int, total: int) -> None:
            if self._stopping:
                raise _Stopped(done)
            soon(lambda: self._say_progress(done, total))

        def work() -> None:
            result["frame"] = compare(
                self.game.id, plan.a, plan.b, games=plan.games, bots=plan.bots, on_progress=tick
            )

        def finished(error: BaseException | None) -> None:
            self.running = False
            self.run_button.disabled = False
            self.stop_button.layout.display = "none"
            self.progress_words.value = ""
            if isinstance(error, _Stopped):
                self._cannot(
                    "Stopped",
                    f"after {error.done:,} of {total:,} games: a run stopped half way counts "
                    "nothing. The table below is the last finished run's.",
                )
            elif isinstance(error, (ValueError, TypeError)):
                self._cannot("Cannot run:", str(error))
            elif error is not None:  # a fault of ours: the log keeps it, the page says so
                _log.error("what-if run failed", exc_info=error)
                self._cannot("The run failed", "(our fault, not yours); nothing was counted.")
            else:
                self.frame = result["frame"]
                self._show(plan, time.monotonic() - started)

        (in_background if background else at_once)(work, finished)

    def stop(self) -> None:
        """Stop the run under way after the game being played (nothing of it is counted)."""
        if self.running:
            self._stopping = True
            self.progress_words.value = "Stopping after this game…"

    def _plan(self) -> _Plan:
        """What *Run both* is to run, read from the page now (a list changed while a run
        goes on changes the next run, not this one's words); ValueError in words."""
        name = self.setting.value
        a = self._parse(self.value_a.value)
        b = self._parse(self.value_b.value)
        n = self.games.value
        if not (isinstance(n, int) and MIN_GAMES <= n <= MAX_GAMES):
            raise ValueError(
                f"Games is a number from {MIN_GAMES} to {MAX_GAMES:,} (the games played "
                f"under each reading), not {n:,}."
            )
        label = self.rows[name]["label"]
        return _Plan(
            name=name,
            a={name: a},
            b={name: b},
            games=n,
            bots=self.bots,
            readings=(f"{label}: {self._text(a)}", f"{label}: {self._text(b)}"),
            words=self._run_words(label, a, b, n),
            victory=self._victory(name, a, b),
        )

    def _cannot(self, head: str, words: str) -> None:
        """Say in red why nothing was counted; the last run's table stays as it was."""
        self.message.value = _CANNOT.format(html.escape(head), html.escape(words))
        self.progress.value = 0  # nothing counted: no full bar

    def _say_progress(self, done: int, total: int) -> None:
        self.progress_words.value = (
            f"Game {done:,} of {total:,} played… "
            "<i>(the table below is the last run's until this one ends)</i>"
        )
        self.progress.value = done

    def _show(self, plan: _Plan, seconds: float) -> None:
        """The finished run: its table, what changed, how a game is won, the chart."""
        table = summary(self.frame, self.game)
        table.index = list(plan.readings)  # each row says which reading it is
        table.index.name = "reading"
        if self.first_run is None:
            self.first_run = plan.words
        caption = f"<p><b>This run:</b> {html.escape(plan.words)}.</p>"
        if plan.words != self.first_run:  # the notes under the lab speak of another run
            caption += (
                "<p><small><i>The notes under the lab explain the first run "
                f"({html.escape(self.first_run)}), not this one.</i></small></p>"
            )
        self.table.value = (
            caption
            + frame_html(table)
            + f"<p>{html.escape(changes_words(table, plan.games))}</p>"
            + plan.victory
        )
        self._plot(table, plan.readings)

    def _run_words(self, label: str, a: Any, b: Any, games: int) -> str:
        """The run in words: the two readings, the games, who played each seat (as the
        page's lists say them)."""
        g = self.game
        seats = "; ".join(
            f"{g.player_name(i)}: {box.label}" for i, box in enumerate(self.seat_bots)
        )
        return f"{label}: {self._text(a)} against {self._text(b)}, {games} games; {seats}"

    def _victory(self, name: str, a: Any, b: Any) -> str:
        """How a game is won under each reading, where the scores alone do not tell it (see
        Game.victory_words): once if the readings agree, else for each."""
        make = self.game.make_config
        said = [self.game.victory_words(make(**{name: v})) for v in (a, b)]
        if said[0] == said[1]:
            lines = [said[0]] if said[0] else []
        else:
            label = self.rows[name]["label"]
            lines = [
                f"{label}: {self._text(v)}: {words or 'the higher score wins.'}"
                for v, words in zip((a, b), said, strict=True)
            ]
        return "".join(f"<p><small>{html.escape(line)}</small></p>" for line in lines)

    def _plot(self, table: Any, readings: tuple[str, str]) -> None:
        """The outcomes as bars, a picture in the page (with its words for a screen reader).
        Drawn into a figure of its own, not pyplot's, and shown as an image: a run that ends
        on the kernel's loop (a run in its thread) has no cell whose output a plt.show() could
        join, and the chart never came; pyplot kept every figure for the kernel's life. A
        phone gets a narrower drawing (PHONE_CHART): the wide one, shrunk to its screen, had
        words some 7 px high."""
        outcomes = table[outcome_columns(table)]
        title = f"{self.game.title}: outcomes under the two readings"
        wide = _chart_png(outcomes, readings, title, 6.0)
        narrow = _chart_png(outcomes, readings, title, PHONE_CHART)
        said = "; ".join(
            f"{reading}: " + ", ".join(f"{c} {int(n)}" for c, n in row.items())
            for reading, (_, row) in zip(readings, outcomes.iterrows(), strict=True)
        )
        alt = html.escape(f"{title}. {said}.", quote=True)
        self.plot.value = (
            f"<picture><source media='(max-width: 600px)' srcset='{narrow}'>"
            f"<img src='{wide}' alt='{alt}' style='width:600px;max-width:100%;height:auto'>"
            "</picture>"
        )


#: a phone's chart, inches wide (a screen of 390 px shows it at some 0.55 of its drawn size)
PHONE_CHART = 4.0


def _chart_png(outcomes: Any, readings: tuple[str, str], title: str, inches: float) -> str:
    """The outcomes of each reading as bars, ``inches`` wide, as a PNG data URL: its key under
    it (a key beside the bars shrank them and its words to a few pixels on a phone), its
    words wrapped to the width."""
    import base64
    import io
    import textwrap

    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    letters = int(inches * 10)  # some ten letters an inch at matplotlib's 10 pt
    figure = Figure(figsize=(inches, 3.6))
    ax = figure.subplots()
    outcomes.T.plot.bar(ax=ax, rot=0)
    ax.set_xticks(
        range(len(outcomes.columns)),
        [textwrap.fill(str(c), max(8, letters // len(outcomes.columns))) for c in outcomes.columns],
    )
    ax.legend(
        [textwrap.fill(r, letters) for r in readings],
        loc="upper center",
        bbox_to_anchor=(0.5, -0.14),
        frameon=False,
    )
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # no half games
    ax.set_title(textwrap.fill(title, letters))
    png = io.BytesIO()
    figure.savefig(png, format="png", dpi=144, bbox_inches="tight")  # sharp on a phone too
    return "data:image/png;base64," + base64.b64encode(png.getvalue()).decode("ascii")
