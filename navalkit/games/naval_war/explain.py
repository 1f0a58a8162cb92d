"""Naval War explainers: thin widgets over the pure calculators in :mod:`.mechanics.odds`.

* :class:`OddsExplainer`: the chance each die attack sinks a ship, exact and simulated;
* :class:`SalvoChecker`: which salvos in a hand can fire, on the live table (click to ask);
* :class:`SquadronExplainer`: what each face of the Destroyer Squadron's die takes;
* :class:`CreditExplainer`: who scores a ship hit by several players;
* :func:`board_picture`: the table as a seat sees it, a still picture.
"""

from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets as w

from navalkit.core.match import Match, new_match
from navalkit.core.words import plural
from navalkit.render.canvas import CanvasBoard, control_row
from navalkit.widgets.lesson import frame_html, scene_picture
from navalkit.widgets.panels import refusal_html

from .actions import Play
from .clauses import CLAUSES
from .data import SHIPS
from .draw import draw
from .game import GAME
from .mechanics.combat import strike_sinks
from .mechanics.odds import (
    ATTACKS,
    at_least_one,
    salvo_checks,
    sink_chance,
    sink_credit,
    squadron_captures,
    squadron_expected,
)
from .observe import observe
from .state import ACT, OVER, State


def board_picture(
    state: State, viewer: int | None = None, width: int | None = None, caption: str = ""
) -> w.Widget:
    """The table as ``viewer`` sees it (None: the teacher's view, every hand shown), a still
    picture ``width`` CSS pixels wide at most (default: as drawn, its words as on the play
    page), narrower on a narrower page, with a *Bigger board* switch where it shrank on a
    phone (see widgets.lesson.scene_picture), and ``caption`` (plain words) under it."""
    return scene_picture(draw(observe(state, viewer), buttons=False), width=width, caption=caption)


def _table(rows: list[dict[str, Any]]) -> str:
    """The rows as a lesson table (frame_html: on a phone, a table of prose becomes a block
    of "heading: value" lines per row, where a grid wrapped each heading over three lines)."""
    if not rows:
        return "<i>nothing to show</i>"
    import pandas as pd

    return frame_html(pd.DataFrame(rows))


#: The die attacks in words, for the page (the keys are the calculators' names).
ATTACK_NAMES = {
    "air_strike": "Air strike",
    "kamikaze": "Kamikaze attack",
    "torpedo_boat": "Torpedo boat",
    "submarine": "Submarine",
}


def simulate(kind: str, strikes: int, trials: int, seed: int = 0) -> float:
    """The share of ``trials`` in which ``strikes`` die attacks of ``kind`` sink the ship."""
    rng = random.Random(seed)
    hits = sum(
        any(strike_sinks(kind, rng.randint(1, 6)) for _ in range(strikes)) for _ in range(trials)
    )
    return hits / trials


class OddsExplainer:
    """Pick an attack and how many strikes: the exact chance next to a simulation."""

    def __init__(self, kind: str = "air_strike", strikes: int = 1, trials: int = 2000) -> None:
        self.kind = w.Dropdown(
            options=[(ATTACK_NAMES[k], k) for k in ATTACKS], value=kind, description="Attack:"
        )
        self.strikes = w.IntSlider(value=strikes, min=1, max=6, description="Strikes:")
        self.trials = w.IntSlider(value=trials, min=100, max=20000, step=100, description="Tries:")
        self.answer = w.HTML()
        self.answer.add_class("navalkit-message")
        self.chart = w.Output()
        for box in (self.kind, self.strikes, self.trials):
            box.observe(lambda _ch: self.update(), "value")
        self.widget = w.VBox(
            [control_row([self.kind, self.strikes]), self.trials, self.answer, self.chart]
        )
        self.update()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def exact(self) -> float:
        return float(at_least_one(self.kind.value, self.strikes.value))

    @property
    def simulated(self) -> float:
        return simulate(self.kind.value, self.strikes.value, self.trials.value)

    def update(self) -> None:
        p = at_least_one(self.kind.value, self.strikes.value)
        sim = self.simulated
        self.answer.value = (
            f"<b>{self.strikes.value} × {ATTACK_NAMES[self.kind.value].lower()}</b>: the "
            f"chance to sink is <b>{p.numerator}/{p.denominator}, about {float(p):.0%}</b>; "
            f"in {self.trials.value:,} simulated tries it sank <b>{sim:.0%}</b> of the time."
        )
        self.chart.clear_output()
        with self.chart:
            import matplotlib.pyplot as plt

            fig, ax = plt.subplots(figsize=(5, 2.2))
            names = [ATTACK_NAMES[k].replace(" ", "\n", 1) for k in ATTACKS]
            ax.bar(names, [float(sink_chance(k)) for k in ATTACKS], color="#5b7a99")
            ax.set_ylabel("one die sinks")
            ax.set_yticks([0, 1 / 6, 1 / 3], ["0", "1 in 6", "1 in 3"])
            ax.set_ylim(0, 0.5)
            fig.tight_layout()
            plt.show()


class SalvoChecker:
    """The live table for one seat: which salvos can fire, and a click on a hand card then a
    ship asks the rules whether that shot is legal, and why not."""

    def __init__(self, match: Match | None = None, seat: int | None = None) -> None:
        self.match = match or _a_turn_in_play()
        self.seat = self.match.state.seat if seat is None else seat
        self.card: int | None = None
        self.answer = w.HTML("Click a salvo in the hand, then a ship: the rules answer.")
        self.answer.add_class("navalkit-message")
        self.table = w.HTML()
        first = self._scene()
        self.board = CanvasBoard(first.width, first.height, css_width=first.width)
        self.board.on_click(lambda region, x, y: self.click(region))
        self.widget = w.VBox([self.board.framed(), self.answer, self.table])
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _scene(self, **marks: Any) -> Any:
        return draw(GAME.observe(self.match.state, self.seat), buttons=False, **marks)

    def rows(self) -> list[dict[str, Any]]:
        return [
            {
                "card": c.label,
                "can fire": "yes" if c.can_fire else "no",
                "why": c.reason,
                "ships in reach": c.targets,
                "would sink": ", ".join(c.sinks) or "-",
            }
            for c in salvo_checks(self.match.state, self.seat)
        ]

    def refresh(self, **marks: Any) -> None:
        self.board.show(self._scene(**marks))
        self.table.value = _table(self.rows())

    def click(self, region: str | None) -> None:
        """A hand card selects it; a ship (or the Squadron) asks about that shot."""
        if region and region.startswith("card:"):
            self.card = int(region[5:])
            targets = [
                f"ship:{a.target}"
                for a in self.match.legal_actions()
                if isinstance(a, Play) and a.card == self.card
            ]
            self.answer.value = f"{plural(len(targets), 'legal target')} lit in green."
            self.refresh(selected=region, targets=targets)
            return
        if self.card is None or not region or not region.startswith("ship:"):
            self.answer.value = "Click a salvo in the hand, then a ship."
            return
        action = Play(self.card, int(region[5:]))
        v = GAME.violation(self.match.state, action)
        if v is None:
            self.answer.value = f"Legal: {html.escape(GAME.describe(self.match.state, action))}."
        else:
            self.answer.value = refusal_html(GAME, v.rule_id, v.message)
        self.refresh(selected=f"card:{self.card}", marks=v.squares if v else ())


def _a_turn_in_play(seed: int = 3) -> Match:
    """A match played by the greedy bot until a seat is to play a card with salvos in hand."""
    from navalkit.core.bots import make_bot, play_bot_move

    m = new_match("naval_war", seed=seed)
    bot = make_bot(GAME, "greedy")
    for _ in range(400):
        st = m.state
        if st.phase == ACT and st.turns[st.seat] > 2 and len(salvo_checks(st, st.seat)) >= 2:
            break
        if st.phase == OVER:
            break
        play_bot_move(m, bot)
    return m


class SquadronExplainer:
    """Pick a victim and a die face: the ships the Destroyer Squadron takes, and its average.
    The table is drawn as the Squadron's owner sees it (``seat``, by default the player to
    move): his own hand, and of the others only how many cards they hold."""

    def __init__(
        self, match: Match | None = None, victim: int = 1, roll: int = 3, seat: int | None = None
    ) -> None:
        self.match = match or _a_turn_in_play()
        n = self.match.players
        self.seat = max(self.match.state.seat, 0) if seat is None else seat
        others = [s for s in range(n) if s != self.seat]
        self.victim = w.Dropdown(
            options=[(f"Player {s + 1}", s) for s in others],
            value=victim if victim in others else others[0],
            description="Opponent:",
        )
        self.roll = w.IntSlider(value=roll, min=1, max=6, description="Die roll:")
        self.answer = w.HTML()
        self.answer.add_class("navalkit-message")
        self.caption = w.HTML(
            f"<i>The table as you, Player {self.seat + 1}, see it: your own hand at the bottom, "
            "and of the others only how many cards they hold.</i>"
        )
        first = draw(GAME.observe(self.match.state, self.seat), buttons=False)
        self.board = CanvasBoard(first.width, first.height, css_width=first.width)
        for box in (self.victim, self.roll):
            box.observe(lambda _ch: self.update(), "value")
        self.widget = w.VBox(
            [control_row([self.victim, self.roll]), self.caption, self.board.framed(), self.answer]
        )
        self.update()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def taken(self) -> tuple[int, ...]:
        return squadron_captures(self.match.state.fleets[self.victim.value], self.roll.value)

    def update(self) -> None:
        fleet = self.match.state.fleets[self.victim.value]
        taken = self.taken
        avg = squadron_expected(fleet)
        names = ", ".join(SHIPS[s].name for s in taken) or "nothing (no ships)"
        self.answer.value = (
            f"A roll of <b>{self.roll.value}</b> takes <b>{html.escape(names)}</b> "
            f"({sum(SHIPS[s].hits for s in taken)} points; carriers last, "
            f"{CLAUSES.cite('NW-CARRIER')}). "
            f"On average the Squadron takes <b>{float(avg):.1f}</b> points from this fleet."
        )
        marks = tuple(f"ship:{s}" for s in taken)
        self.board.show(
            draw(
                GAME.observe(self.match.state, self.seat),
                marks=marks,
                selected=f"seat:{self.victim.value}",
                buttons=False,
            )
        )


def player_name(who: str) -> str:
    """A player as a student writes one ("P3", "p3", "player3", "Player 3", "3") in the
    page's words, "Player 3"; any other name as written."""
    text = who.strip()
    digits = text.lower().removeprefix("player").removeprefix("p").strip()
    return f"Player {int(digits)}" if digits.isdigit() else text


class CreditExplainer:
    """Type the blows a ship takes ("Player 1: 3, Player 2: 2"; "P1:3" reads the same): who
    scores it when it sinks, and the ship's damage after each blow."""

    def __init__(
        self, ship: str = "Bismarck", blows: str = "Player 1: 3, Player 2: 2, Player 3: 3"
    ) -> None:
        self.ship = w.Dropdown(options=[s.name for s in SHIPS], value=ship, description="Ship:")
        self.blows = w.Text(description="Blows:", layout=w.Layout(width="min(100%, 420px)"))
        self.blows.value = ", ".join(f"{who}: {hits}" for who, hits in self._read(blows)[0])
        hint = w.HTML(
            "<i>Write the blows in order, each as a player and the hits, for example "
            "Player 1: 3, Player 2: 2, Player 3: 4.</i>"
        )
        self.answer = w.HTML()
        self.answer.add_class("navalkit-message")
        for box in (self.ship, self.blows):
            box.observe(lambda _ch: self.update(), "value")
        self.widget = w.VBox([control_row([self.ship, self.blows]), hint, self.answer])
        self.update()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @staticmethod
    def _read(text: str) -> tuple[list[tuple[str, int]], list[str]]:
        """The blows written in ``text`` as (player, hits), and the parts that are not one."""
        out, unread = [], []
        for part in text.split(","):
            who, _, hits = part.strip().rpartition(":")
            if who.strip() and hits.strip().isdigit():
                out.append((player_name(who), int(hits)))
            elif part.strip():
                unread.append(part.strip())
        return out, unread

    def parsed(self) -> list[tuple[str, int]]:
        return self._read(self.blows.value)[0]

    @property
    def scorer(self) -> str | None:
        hits = next(s.hits for s in SHIPS if s.name == self.ship.value)
        return sink_credit(hits, self.parsed())[0]

    def update(self) -> None:
        hits = next(s.hits for s in SHIPS if s.name == self.ship.value)
        blows, unread = self._read(self.blows.value)
        who, i = sink_credit(hits, blows)
        ship = html.escape(self.ship.value)
        lines, total = [], 0
        for n, (by, dealt) in enumerate(blows[: i + 1] if who is not None else blows):
            total += dealt
            sunk = ": <b>sunk</b>" if n == i else ""
            said = f"{html.escape(by)}: {plural(dealt, 'hit')}, damage {total} of {hits}"
            lines.append(f"<li>{said}{sunk}</li>")
        steps = f"<ul>{''.join(lines)}</ul>" if lines else ""
        if unread:
            said = ", ".join(f"“{html.escape(u)}”" for u in unread)
            steps += (
                f"<p>Left out, not a blow: {said}. Write a player, a colon and the hits, "
                "for example Player 2: 3.</p>"
            )
        if who is None:
            self.answer.value = f"{steps}The {ship} has {total} of its {hits} hits: still afloat."
            return
        reach = "reaches" if total == hits else "goes past"
        self.answer.value = (
            f"{steps}Blow {i + 1} {reach} the {ship}'s hit number, {hits}: "
            f"<b>{html.escape(who)}</b> scores its {hits} points. Only the final damage counts, "
            "and a ship a minefield sinks scores for the player who laid the mines "
            f"({CLAUSES.cite('NW-SINK-CREDIT', 'NW-MINE-CREDIT')})."
        )
