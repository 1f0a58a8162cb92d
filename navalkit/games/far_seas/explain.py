"""Far Seas explainers: a picture of the board, search odds, pursuit odds, a combat-round
calculator and a raider's career over many seeded games. Each is a thin widget over the pure
rules (search_finds, escape_chance, fire_modifiers, damage_points) with small tables and
matplotlib plots, in words a student reads (percentages, no raw tables).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import pandas as pd

from navalkit.render.canvas import control_row
from navalkit.render.svg import scene_to_svg
from navalkit.widgets.lesson import (
    frame_html,
    number_box,
    number_words,
    stale_hint,
    working,
    zoomable_picture,
)

from .clauses import CLAUSES
from .config import Config
from .data import CLASSES, GERMAN, SHIPS, SPEEDS, damage_points
from .draw import MAP_W
from .draw import draw as draw_board
from .mechanics.combat import RANGE_STEPS, begin_round, escape_chance, fire_modifiers, torpedo_needs
from .mechanics.search import search_chance
from .mechanics.sequence import initial_state
from .observe import View, observe
from .state import Battle, State, evolve


def board_picture(
    observation: View | State, *, width: int = MAP_W, caption: str = "", panel: bool = False
) -> w.Widget:
    """The board as a seat sees it (a State: the teacher's view), as a picture at most
    ``width`` CSS pixels wide that shrinks with the page, with a *Bigger board* switch where
    it shrank on a phone (see zoomable_picture); the order panel only if ``panel``."""
    view = observation if isinstance(observation, View) else observe(observation, None)
    scene = draw_board(view)
    svg = scene_to_svg(scene, fluid=True)
    shown = scene.width if panel else MAP_W  # without the panel: the map's part only
    svg = svg.replace(
        f'viewBox="0 0 {scene.width} {scene.height}"',
        f'viewBox="0 0 {shown} {scene.height}"',
        1,
    )
    return zoomable_picture(svg, drawn=shown, shown=min(width, shown), caption=caption)


def percent(p: float) -> str:
    """A chance as a student reads it: a whole percentage ("67 %")."""
    return f"{round(100 * p)} %"


def search_table(max_searchers: int = 6, max_targets: int = 4) -> pd.DataFrame:
    """P(find) by number of searching ships (rows) and German ships in the target (columns)."""
    return pd.DataFrame(
        {
            f"{t} target{'s' if t > 1 else ''}": [
                round(search_chance(n, t), 3) for n in range(1, max_searchers + 1)
            ]
            for t in range(1, max_targets + 1)
        },
        index=pd.Index(range(1, max_searchers + 1), name="searchers"),
    )


def pursuit_table() -> pd.DataFrame:
    """P(escape one pursuer) by runner grade (rows) and pursuer grade (columns)."""
    return pd.DataFrame(
        {
            p: [round(escape_chance(r, c), 3) for r in range(len(SPEEDS))]
            for c, p in enumerate(SPEEDS)
        },
        index=pd.Index(SPEEDS, name="runner speed"),
    ).rename_axis(columns="pursuer speed")


class _Plot:
    """An Output holding one matplotlib figure, redrawn on demand."""

    def __init__(self) -> None:
        self.out = w.Output()

    def show(self, draw: Any) -> None:
        import matplotlib.pyplot as plt

        self.out.clear_output(wait=True)
        with self.out:
            fig, ax = plt.subplots(figsize=(5.5, 3.2))
            draw(ax)
            fig.tight_layout()
            plt.show()


class SearchExplorer:
    """Sliders for searchers and targets: the chance to find, the rule, and the whole curve."""

    def __init__(self, searchers: int = 1, targets: int = 1) -> None:
        self.searchers = w.IntSlider(value=searchers, min=1, max=6, description="Searchers:")
        self.targets = w.IntSlider(value=targets, min=1, max=4, description="Raiders:")
        self.text = w.HTML()
        self.plot = _Plot()
        for s in (self.searchers, self.targets):
            s.observe(lambda _: self.refresh(), "value")
        self.widget = w.VBox(
            [control_row([self.searchers, self.targets]), self.text, self.plot.out]
        )
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def chance(self) -> float:
        return search_chance(self.searchers.value, self.targets.value)

    def refresh(self) -> None:
        n, t = self.searchers.value, self.targets.value
        need = 1 + (n - 1) + (t - 1)
        extra = []
        if n > 1:
            extra.append(f"{n - 1} for the extra searcher{'s' if n > 2 else ''}")
        if t > 1:
            extra.append(f"{t - 1} for the extra raider{'s' if t > 2 else ''}")
        why = f" (1, plus {' and '.join(extra)})" if extra else ""
        self.text.value = (
            f"<p>The die must show <b>{min(need, 6)} or less</b>{why}: "
            f"<b>{percent(self.chance)}</b> to find ({CLAUSES.cite('FS-SEARCH')}).</p>"
        )

        def draw(ax: Any) -> None:
            xs = list(range(1, 7))
            for k in range(1, 5):
                ys = [100 * search_chance(x, k) for x in xs]
                ax.plot(xs, ys, marker="o", label=f"{k} raider{'s' if k > 1 else ''}")
            ax.axvline(n, color="grey", lw=0.8)
            ax.set_xlabel("searching ships")
            ax.set_ylabel("chance to find (%)")
            ax.legend(fontsize=9)

        self.plot.show(draw)


class PursuitExplorer:
    """Pick the runners' and pursuers' speed grades: the chance to get away (FS-PURSUIT)."""

    def __init__(self, runner: str = "4+", pursuers: tuple[str, ...] = ("4",)) -> None:
        unknown = [g for g in pursuers if g not in SPEEDS]
        if unknown:
            raise ValueError(f"no speed {unknown[0]!r}: the speeds are {', '.join(SPEEDS)}")
        self.runner = w.Dropdown(options=SPEEDS, value=runner, description="Runner:")
        # one button a speed grade, pressed or not: a click (or a tap on a phone) adds or
        # drops a pursuer, where a multiple-choice list wanted Ctrl held down
        self.pursuer_buttons = {
            g: w.ToggleButton(
                value=g in pursuers,
                description=f"speed {g}",
                tooltip=f"a pursuer of speed {g}",
                layout=w.Layout(width="auto"),
            )
            for g in SPEEDS
        }
        self.text = w.HTML()
        self.hint = w.HTML("<p><i>Pursuers: press each speed that gives chase.</i></p>")
        self.runner.observe(lambda _: self.refresh(), "value")
        for button in self.pursuer_buttons.values():
            button.observe(lambda _: self.refresh(), "value")
        self.widget = w.VBox(
            [self.runner, self.hint, control_row(self.pursuer_buttons.values()), self.text]
        )
        self.refresh()

    @property
    def pursuers(self) -> tuple[str, ...]:
        """The speed grades pressed, slowest first."""
        return tuple(g for g, button in self.pursuer_buttons.items() if button.value)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def chance(self) -> float:
        """Escape means beating every pursuer, each compared on its own."""
        r = SPEEDS.index(self.runner.value)
        p = 1.0
        for grade in self.pursuers:
            p *= escape_chance(r, SPEEDS.index(grade))
        return p

    def refresh(self) -> None:
        for button in self.pursuer_buttons.values():  # a pressed speed in colour
            button.button_style = "info" if button.value else ""
        runner = SPEEDS.index(self.runner.value)
        rows = "".join(
            f"<li>from a pursuer of speed {g}: {percent(escape_chance(runner, SPEEDS.index(g)))}"
            "</li>"
            for g in self.pursuers
        )
        if not rows:
            self.text.value = "<p>Nobody gives chase: press the speed of a pursuer above.</p>"
            return
        self.text.value = (
            f"<p>A runner of speed {html.escape(self.runner.value)} gets away</p>"
            f"<ul>{rows}</ul><p>from all of them: <b>{percent(self.chance)}</b> "
            f"({CLAUSES.cite('FS-PURSUIT')})</p>"
        )


def combat_state(
    firer: int,
    target: int,
    *,
    firer_damage: int = 0,
    target_damage: int = 0,
    earlier_combats: int = 0,
    config: Config | None = None,
) -> State:
    """A position with just these two ships' damage and combat history set."""
    state = initial_state(config or Config())
    damage = list(state.damage)
    combats = list(state.combats)
    damage[firer], damage[target] = firer_damage, target_damage
    if SHIPS[firer].side == 0:
        combats[firer] = earlier_combats
    return evolve(state, damage=tuple(damage), combats=tuple(combats))


def _hits_on(needs: int) -> str:
    return "a 1" if needs <= 1 else f"1 to {min(needs, 6)}"


def torpedo_table(
    firer: str = "Emden", target: str = "Sydney", *, surprise: bool = False, rounds: int = 4
) -> pd.DataFrame:
    """Round by round, as the engine queues the rolls (FS-COMBAT-RANGES, FS-TORPEDO): the
    range, whether ``firer``'s guns reach ``target``, and what its torpedo needs to hit
    (blank before torpedo range), in a combat the German ``surprise``d or not."""
    f = next(s.id for s in SHIPS if s.name == firer)
    t = next(s.id for s in SHIPS if s.name == target)
    germans, allies = ((f,), (t,)) if SHIPS[f].side == 0 else ((t,), (f,))
    rows = []
    for n in range(rounds):
        battle = Battle(
            area=20,
            sides=(germans, allies),
            start=2 if surprise else 0,
            surprise=surprise,
            rounds=n,
        )
        after = begin_round(evolve(combat_state(f, t), battle=battle))
        queued = after.battle.queue if after.battle is not None else ()
        mine = {k for k, sh, _, _ in queued if sh == f}
        step = min(battle.start + n, len(RANGE_STEPS) - 1)
        rows.append(
            {
                "round": n + 1,
                "range": RANGE_STEPS[step],
                f"{firer}'s guns fire": "yes" if "gun" in mine else "no",
                f"{firer}'s torpedo hits on": (
                    _hits_on(torpedo_needs(after.battle, f))
                    if "torp" in mine and after.battle is not None
                    else "no torpedo"
                ),
            }
        )
    return pd.DataFrame(rows)


class CombatCalculator:
    """Every modifier of one ship's damage roll, and what each die then does (FS-DRM)."""

    def __init__(self, firer: str = "Emden", target: str = "Sydney") -> None:
        names = [s.name for s in SHIPS]
        self.firer = w.Dropdown(options=names, value=firer, description="Firing ship:")
        self.target = w.Dropdown(options=names, value=target, description="Target:")
        self.step = w.Dropdown(
            options=[(words, step) for step, words in enumerate(RANGE_STEPS)],
            value=0,
            description="Range:",
        )
        self.firer_damage = w.IntSlider(value=0, min=0, max=9, description="Its damage:")
        self.target_damage = w.IntSlider(value=0, min=0, max=9, description="Target damage:")
        self.same = w.IntSlider(value=0, min=0, max=3, description="Rounds on it:")
        self.crowd = w.IntSlider(value=0, min=0, max=3, description="Others on it:")  # besides it
        self.combats = w.IntSlider(value=0, min=0, max=4, description="Past combats:")
        for slider in (
            self.firer,
            self.target,
            self.step,
            self.firer_damage,
            self.target_damage,
            self.same,
            self.crowd,
            self.combats,
        ):
            slider.style.description_width = "110px"  # fmt: skip

        # unindented and as wide as their words: an indented box of the default width cut
        # "first round, target leaving the Rufiji" to "first round, target leaving t..." on a
        # phone
        def tick(words: str) -> Any:
            return w.Checkbox(
                description=words, indent=False, layout=w.Layout(width="auto", max_width="100%")
            )

        self.ran = tick("firer tried to run last round")
        self.surprise = tick("a German surprise combat")
        self.rufiji = tick("first round, target leaving the Rufiji")
        self.hit = tick("target was hit last round")
        self.text = w.HTML()
        controls = [self.firer, self.target, self.step, self.firer_damage, self.target_damage,
                    self.same, self.crowd, self.combats, self.ran, self.surprise, self.rufiji,
                    self.hit]  # fmt: skip
        for c in controls:
            c.observe(lambda _: self.refresh(), "value")
        self.widget = w.VBox([control_row([w.VBox(controls[:6]), w.VBox(controls[6:])]), self.text])
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def modifiers(self) -> list[tuple[str, int]]:
        f = next(s.id for s in SHIPS if s.name == self.firer.value)
        t = next(s.id for s in SHIPS if s.name == self.target.value)
        state = combat_state(
            f,
            t,
            firer_damage=self.firer_damage.value,
            target_damage=self.target_damage.value,
            earlier_combats=self.combats.value,
        )
        side = SHIPS[f].side
        ran = (self.ran.value, False) if side == 0 else (False, self.ran.value)
        battle = Battle(
            area=20,
            sides=((f,), (t,)) if side == 0 else ((t,), (f,)),
            start=self.step.value,
            surprise=self.surprise.value,
            rufiji=self.rufiji.value,
            ran_last=ran,
            hits=frozenset({(f, t)}) if self.hit.value else frozenset(),
        )
        return fire_modifiers(state, battle, f, t, self.same.value, self.crowd.value + 1)

    def table(self) -> pd.DataFrame:
        """What each die roll does with these modifiers."""
        total = sum(v for _, v in self.modifiers())
        return pd.DataFrame(
            {
                "die": range(1, 7),
                "modified": [r + total for r in range(1, 7)],
                "damage": [damage_points(r + total) for r in range(1, 7)],
            }
        )

    def refresh(self) -> None:
        mods = self.modifiers()
        total = sum(v for _, v in mods)
        rows = "".join(f"<tr><td>{html.escape(k)}</td><td>{v:+d}</td></tr>" for k, v in mods)
        if not mods:
            rows = "<tr><td>no modifier</td><td>0</td></tr>"
        table = self.table().rename(
            columns={"die": "die shows", "modified": "with modifiers", "damage": "damage points"}
        )
        mean = number_words(float(table["damage points"].mean()), 1)
        self.text.value = (
            f"<p>Every modifier of this shot ({CLAUSES.cite('FS-DRM')}):</p>"
            f"<table class='navalkit-table'>{rows}<tr><th>total</th><th>{total:+d}</th></tr>"
            f"</table><p>What each die then does (the Damage Table):</p>{frame_html(table)}"
            f"<p>On average <b>{mean}</b> damage point{'' if mean == '1' else 's'} a shot.</p>"
        )


def raider_careers(games: int = 10, seed: int = 0, **config: Any) -> pd.DataFrame:
    """Play ``games`` seeded games, commander against commander, and follow every raider:
    merchants taken, fate and the turn it left the game."""
    from navalkit.core.bots import make_bot, play_bot_move
    from navalkit.core.match import new_match

    rows = []
    for g in range(games):
        m = new_match("far_seas", seed=seed + g, **config)
        gone: dict[int, int] = {}
        while not m.is_over:
            play_bot_move(m, make_bot(m.game, "commander"))
            state = m.state
            for s in GERMAN:
                if s not in gone and state.box[s] >= 6:
                    gone[s] = state.turn
        state = m.state
        taken = {s: 0 for s in GERMAN}
        for _, ship, _, n in state.captures:
            taken[ship] += n
        fates = {6: "sunk", 7: "interned", 8: "home"}
        for s in GERMAN:
            rows.append(
                {
                    "game": g,
                    "raider": SHIPS[s].name,
                    "class": SHIPS[s].cls.code,
                    "merchants": taken[s],
                    "fate": fates.get(state.box[s], "at sea"),
                    "turn lost": gone.get(s),
                }
            )
    return pd.DataFrame(rows)


class CareerSimulator:
    """Run seeded games and show each raider's merchants before it was caught."""

    def __init__(self, games: int = 6, seed: int = 0) -> None:
        self.games = w.IntSlider(value=games, min=1, max=50, description="Games:")
        self.seed, seed_note = number_box(seed)
        self.button = w.Button(description="Simulate", icon="play")
        self.button.on_click(lambda _: self.run())
        # a changed choice says the results are the old ones until Simulate is pressed
        self.hint = w.HTML()
        for box in (self.games, self.seed):
            box.observe(lambda _: setattr(self.hint, "value", stale_hint(self.button)), "value")
        self.out = w.HTML()
        self.plot = _Plot()
        self.frame = pd.DataFrame()
        self.widget = w.VBox(
            [
                control_row([self.games, self.seed, self.button]),
                seed_note,
                self.hint,
                self.out,
                self.plot.out,
            ]
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def summary(self) -> pd.DataFrame:
        f = self.frame
        return (
            f.groupby("raider")
            .agg(merchants=("merchants", "mean"), sunk=("fate", lambda x: (x == "sunk").mean()))
            .sort_values("merchants", ascending=False)
            .round(2)
        )

    def by_kind(self) -> pd.DataFrame:
        """Merchants per raider and game, by kind of raider, most first (in words)."""
        f = self.frame
        kinds = f.groupby("class").agg(
            raiders=("raider", "nunique"),
            merchants=("merchants", "mean"),
            sunk=("fate", lambda x: (x == "sunk").sum()),
        )
        kinds = kinds.sort_values("merchants", ascending=False)
        return pd.DataFrame(
            {
                "kind of raider": [CLASSES[c].label for c in kinds.index],
                "ships": kinds["raiders"].to_list(),
                "merchants per ship and game": [round(m, 1) for m in kinds["merchants"]],
                "times sunk": kinds["sunk"].to_list(),
            }
        )

    def run(self) -> pd.DataFrame:
        games = self.games.value
        self.hint.value = ""
        playing = f"Playing {games} game{'s' if games > 1 else ''}: a few seconds..."
        with working(self.button, playing, self.out, "Playing..."):
            self.frame = raider_careers(games, self.seed.value)
        summary = self.summary()
        self.out.value = (
            f"<p>In {games} game{'s' if games > 1 else ''} between the computer commanders:</p>"
            f"{frame_html(self.by_kind(), digits=1)}"
        )

        def draw(ax: Any) -> None:
            ax.barh(summary.index[::-1], summary["merchants"][::-1])
            ax.set_xlabel("merchants taken per game (average)")

        self.plot.show(draw)
        return self.frame
