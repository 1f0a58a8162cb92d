"""Explainers for the lesson: the convoy value calculator, the battle ladder and a simulation
of how often a convoy gets home. Each is a thin widget over the pure rules: the calculator
asks :func:`convoy_points`, the ladder plays the exchange with ``rules.apply`` and
``rules.refusal``, the simulation plays seeded games with the game's bots."""

from __future__ import annotations

import html
import random
from typing import Any, NamedTuple

import ipywidgets as w

from navalkit.core.bots import BotView, make_bot, play_bot_move
from navalkit.core.match import new_match
from navalkit.core.rng import bot_rng
from navalkit.play.guide import SEED_LABEL, SEED_TIP
from navalkit.play.seats import seat_label
from navalkit.render.canvas import CanvasBoard, control_row
from navalkit.widgets.lesson import frame_html, number_box, scene_picture, stale_hint, working

from . import rules
from .actions import discard, play
from .data import (
    ALL_CARDS,
    BY_KEY,
    C10000,
    COUNTS,
    KEYS,
    KIND,
    LABELS,
    MILE_BANDS,
    SHIPS,
    STRENGTH,
    SUB_PAIR,
    SUBMARINE,
    TONNAGE,
    TONNAGES,
    band,
    capture_points,
    convoy_points,
)
from .draw import draw
from .game import GAME
from .observe import observe
from .state import DRAW, OVER, PLAY, REFILL, Convoy, State

GOOD, BAD = "#2e7d32", "#c62828"


def _rule(rule_id: str) -> str:
    """A clause cited by its title, then where it comes from: ``title (provenance)``; not its
    id, a code name to a student (the rules panel lists the rule under its title)."""
    c = GAME.clauses[rule_id]
    return f"{html.escape(c.title)} ({c.provenance})"


# --- 1. what is a convoy worth? ------------------------------------------------------------------
def value_table(detected: bool = False) -> Any:
    """The decoded scoring table as a DataFrame (rows: mile bands; columns: tonnage)."""
    import pandas as pd

    rows = {
        label: [convoy_points(t, max(low, 0), detected) for t in TONNAGES]
        for label, low, _ in MILE_BANDS
    }
    rows["captured"] = [capture_points(t, detected) for t in TONNAGES]
    return pd.DataFrame(rows, index=[f"{t:,} t" for t in TONNAGES]).T


def table_html(detected: bool = False, mark: tuple[str, str] | None = None) -> str:
    """The value table as HTML, the cell ``(band label, tonnage label)`` highlighted."""
    frame = value_table(detected)
    head = "".join(f"<th style='{_CELL}'>{c}</th>" for c in frame.columns)
    body = []
    for label, row in frame.iterrows():
        cells = "".join(
            f"<td style='{_CELL}{_HOT if (label, col) == mark else ''}'>{row[col]:g}</td>"
            for col in frame.columns
        )
        body.append(f"<tr><th style='{_CELL}'>{html.escape(str(label))}</th>{cells}</tr>")
    return (
        f"<table class='navalkit-table' style='border-collapse:collapse'><tr>"
        f"<th style='{_CELL}'>miles</th>{head}</tr>{''.join(body)}</table>"
    )


#: a value table's cell: air between the columns (without it the headings ran together,
#: "2,500 t5,000 t"), the numbers to the right as in a price list
_CELL = "padding:2px 10px;text-align:right;"


_HOT = "background:#ffe082;font-weight:bold"


def band_sum(row: int, label: str, tons: int, detected: bool = False) -> str:
    """A convoy's points worked out in words, as the lesson counts them: the number of its
    mile band times the points a band for its weight, doubled by a radar ("band 3 (2,200 to
    3,000 miles) × 2 points a band = 6"), where a bare "6 points = 3 x 2" left the student
    to guess what 3 and 2 were."""
    per = tons / 5000
    each = "½ point" if per == 0.5 else f"{per:g} point{'' if per == 1 else 's'}"
    miles = label.replace(" - ", " to ")
    sum_ = f"band {row} ({miles} miles) × {each} a band"
    if row == 0:
        return "it has not sailed a mile yet, so it is in no band"
    return sum_ + (" × 2 for the radar" if detected else "")


class ConvoyCalculator:
    """Tons, miles and radar in; the convoy's points, its capture value and the table cell out
    (rules NM-SCORE, NM-RADAR-DOUBLE, NM-CAPTURE)."""

    def __init__(self, tons: int = 5000, miles: int = 2000, detected: bool = False) -> None:
        self.tons = w.Dropdown(
            options=[(f"{t:,} t", t) for t in TONNAGES], value=tons, description="Tons:"
        )
        self.miles = w.IntSlider(
            value=miles, min=0, max=4000, step=200, description="Miles:", readout_format=",d"
        )
        self.radar = w.Checkbox(value=detected, description="detected by radar", indent=False)
        self.answer = w.HTML()
        self.answer.add_class("navalkit-message")
        self.table = w.HTML()
        for box in (self.tons, self.miles, self.radar):
            box.observe(lambda _ch: self.update(), "value")
        self.widget = w.VBox(
            [control_row([self.tons, self.radar]), self.miles, self.answer, self.table]
        )
        self.points = self.capture = 0.0
        self.update()

    def update(self) -> None:
        tons, miles, det = int(self.tons.value), int(self.miles.value), bool(self.radar.value)
        self.points = convoy_points(tons, miles, det)
        self.capture = capture_points(tons, det)
        row = band(miles)
        label = MILE_BANDS[row][0]
        self.answer.value = (
            f"A {tons:,} t convoy after {miles:,} miles is worth <b>{self.points:g}</b> "
            f"points: {band_sum(row, label, tons, det)}. "
            f"Whoever destroys it captures <b>{self.capture:g}</b>.<br>"
            f"{_rule('NM-SCORE')}; {_rule('NM-CAPTURE')}"
            + (f"; {_rule('NM-RADAR-DOUBLE')}" if det else "")
        )
        self.table.value = table_html(det, (label, f"{tons:,} t"))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# --- 2. the battle ladder -----------------------------------------------------------------------
FORCES = (*(k for k in sorted(SHIPS, key=STRENGTH.__getitem__)), SUB_PAIR)


class Battle(NamedTuple):
    """How one exchange of a naval battle ends: who wins, by which rule, and the table."""

    attacker: int
    defender: int | None
    outcome: str  # "attacker wins", "defender wins" or "tie"
    rule_id: str
    reason: str
    state: State  # the table once the battle is over
    showdown: State  # the table at the exchange: the answer on the convoy, or no answer yet
    answered: bool  # whether the defender's ship answered (the rules may refuse it)


def _cards(kind: int, pool: list[int]) -> list[int]:
    want = SUBMARINE if kind == SUB_PAIR else kind
    got = [c for c in pool if KIND[c] == want][: 2 if kind == SUB_PAIR else 1]
    for c in got:
        pool.remove(c)
    return got


def _draw_and(state: State, action: Any) -> State:
    """Draw the top card of the pile (a fixed choice: the lesson is not about luck), then act."""
    while state.phase in (DRAW, REFILL):
        state = rules.apply_chance(state, state.pile[0])
    return state if action is None else rules.apply(state, action)


def battle(attacker: str | int, defender: str | int | None = None) -> Battle:
    """Player 1 attacks Player 2's alerted convoy with ``attacker``; Player 2 answers with
    ``defender`` if the rules let it (``None``: no answer). Then play goes on until the
    standing ship has lasted a full round, exactly as in a game (rule NM-BATTLE-WIN)."""
    a = BY_KEY[attacker] if isinstance(attacker, str) else attacker
    d = BY_KEY[defender] if isinstance(defender, str) else defender
    start = rules.initial_state(GAME.make_config(), 2)
    pool = list(ALL_CARDS)
    hands = (tuple(_cards(a, pool)), tuple(_cards(d, pool)) if d is not None else ())
    target = Convoy(_cards(C10000, pool)[0], alert=_cards(BY_KEY["alert"], pool)[0])
    state = start._replace(
        phase=PLAY, seat=0, deal_left=0, pile=tuple(pool), hands=hands, rows=((), (target,))
    )
    state = rules.apply(state, play(a, 1, 0))  # the attack
    state = _draw_and(state, None)
    why = None
    if d is not None:
        why = rules.refusal(state, play(d, 1, 0))
    if d is not None and why is None:  # Player 2 answers
        state = showdown = rules.apply(state, play(d, 1, 0))
        answered = True
    else:  # no answer: Player 2, its hand in view, throws away a card
        showdown, answered = state, False
        state = rules.apply(state, discard(KIND[state.hands[1][-1]]))
    cv = state.rows[1][0] if state.rows[1] else None
    decided = "NM-BATTLE-WIN" if why is None else why[0]
    if cv is not None and cv.tie:
        reason = "Equal strength: the battle is tied and the convoy is stopped."
        return Battle(a, d, "tie", "NM-BATTLE-TIE", reason, state, showdown, answered)
    # Whoever stands, stands for a full round: each player draws and discards in turn.
    for _ in range(2):
        if state.phase == OVER or not state.rows[1] or not state.rows[1][0].battle:
            break
        state = _draw_and(state, None)
        state = rules.apply(state, discard(KIND[state.hands[state.seat][-1]]))
    if not state.rows[1]:
        reason = f"The {LABELS[a]} stood a full round: the convoy is destroyed and captured."
        if why is not None:
            said = why[1][:1].lower() + why[1][1:]
            rule = GAME.clauses.cite(why[0])
            reason += f" The {LABELS[d or 0]} could not answer ({rule}): {said}"
        return Battle(a, d, "attacker wins", decided, reason, state, showdown, answered)
    reason = f"The {LABELS[d or 0]} stood a full round: the alert ends and the convoy sails on."
    return Battle(a, d, "defender wins", "NM-BATTLE-WIN", reason, state, showdown, answered)


def force_name(kind: int) -> str:
    return "two submarines" if kind == SUB_PAIR else LABELS[kind]


def ladder_table() -> Any:
    """Who wins each exchange, played by the rules: rows attack, columns answer."""
    import pandas as pd

    names = [force_name(k) for k in FORCES]
    cells = [[battle(a, d).outcome for d in FORCES] for a in FORCES]
    verbs = ["attack" if k == SUB_PAIR else "attacks" for k in FORCES]
    index = [f"{n} {v}" for n, v in zip(names, verbs, strict=True)]
    return pd.DataFrame(cells, index=index, columns=names)


class BattleLadder:
    """Pick the attacking and the answering force: the exchange is played by the rules and
    the outcome is shown with its rule id, on the table as the teacher sees it."""

    def __init__(self, attacker: int = SUB_PAIR, defender: int | None = 14) -> None:
        options = [(force_name(k), k) for k in FORCES]
        self.attacker = w.Dropdown(options=options, value=attacker, description="Attack:")
        self.defender = w.Dropdown(
            options=[("no answer", -1), *options],
            value=-1 if defender is None else defender,
            description="Answer:",
        )
        self.answer = w.HTML()
        self.answer.add_class("navalkit-message")
        self.caption = w.HTML()
        self.result: Battle | None = None
        first = draw(observe(battle(attacker, defender).showdown, None))
        # drawn at its own size (860 px, text as on the play page), narrower only on a phone
        self.board = CanvasBoard(first.width, first.height, ("board", "pieces", "overlay"))
        for box in (self.attacker, self.defender):
            box.observe(lambda _ch: self.update(), "value")
        self.widget = w.VBox(
            [
                control_row([self.attacker, self.defender]),
                self.answer,
                self.caption,
                self.board.framed(),
            ]
        )
        self.update()

    def update(self) -> None:
        d = None if self.defender.value == -1 else int(self.defender.value)
        self.result = r = battle(int(self.attacker.value), d)
        colour = {"attacker wins": BAD, "defender wins": GOOD}.get(r.outcome, "#ef6c00")
        strengths = f"{force_name(r.attacker)} {STRENGTH[r.attacker]}" + (
            "" if d is None else f", {force_name(d)} {STRENGTH[d]}"
        )
        cited = [r.rule_id, "NM-LADDER"]
        if SUB_PAIR in (r.attacker, d):
            cited.append("NM-SUB-PAIR")
        self.answer.value = (
            f"<b style='color:{colour}'>{r.outcome.capitalize()}</b>: {html.escape(r.reason)}"
            f"<br>Strengths: {strengths}.<br>Rules: "
            + " &middot; ".join(_rule(c) for c in dict.fromkeys(cited))
        )
        moment = (
            f"the {force_name(d)} {'answer' if d == SUB_PAIR else 'answers'} the "
            f"{force_name(r.attacker)} on Player 2's convoy."
            if r.answered and d is not None
            else f"Player 2 must answer the {force_name(r.attacker)} with a card from Player 2's "
            "hand, shown under the table."
        )
        self.caption.value = f"<b>The table at the exchange</b> (everything shown): {moment}"
        self.board.show(draw(observe(r.showdown, None)))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# --- 3. how likely is this convoy to get home? ---------------------------------------------------
FATES = ("home", "destroyed", "at sea")


def play_round(seed: int, players: int = 2, bot: str = "captain") -> list[dict[str, Any]]:
    """One seeded round between ``bot`` seats (cards drawn with ``random.Random(seed)``):
    one row per convoy laid, with its kind, the miles it sailed and its fate."""
    rng = random.Random(seed)
    bots = [make_bot(GAME, bot) for _ in range(players)]
    state = rules.initial_state(GAME.make_config(max_rounds=1), players)
    miles: dict[int, int] = {}
    while state.phase != OVER:
        if GAME.is_chance(state):
            state = rules.apply_chance(state, rng.choice(state.pile))
            continue
        seat = state.seat
        legal = rules.legal_actions(state)
        view = BotView(
            GAME, seat, observe(state, seat), legal, bot_rng(seed, state.ply, seat), state.ply
        )
        state = rules.apply(state, bots[seat].choose(view))
        for row in state.rows:
            for cv in row:
                miles[cv.card] = cv.miles
    home = {cv.card for port in state.ports for cv in port}
    lost = {c for caps in state.captures for c, _ in caps}
    return [
        {
            "game": seed,
            "convoy": KEYS[KIND[card]],
            "tons": TONNAGE[KIND[card]],
            "miles": 4000 if card in home else m,
            "fate": "home" if card in home else "destroyed" if card in lost else "at sea",
        }
        for card, m in sorted(miles.items())
    ]


def arrival_runs(games: int = 12, seed: int = 0, players: int = 2, bot: str = "captain") -> Any:
    """Every convoy laid in ``games`` seeded rounds, one row each (a DataFrame)."""
    import pandas as pd

    rows = [r for g in range(games) for r in play_round(seed + g, players, bot)]
    return pd.DataFrame(rows, columns=["game", "convoy", "tons", "miles", "fate"])


def arrival_table(runs: Any) -> Any:
    """Per convoy kind: how many were laid and the share that got home, was destroyed, or
    was still at sea when the round ended."""
    counts = runs.groupby(["convoy", "fate"]).size().unstack(fill_value=0)
    counts = counts.reindex(columns=list(FATES), fill_value=0)
    shares = counts.div(counts.sum(axis=1), axis=0).round(2)
    shares.insert(0, "laid", counts.sum(axis=1))
    return shares


def arrival_curve(runs: Any, step: int = 400) -> Any:
    """The chance of getting home for a convoy that has already sailed m miles (a Series)."""
    import pandas as pd

    marks = list(range(0, 4000, step))
    odds = [
        float((runs[runs.miles >= m].fate == "home").mean()) if (runs.miles >= m).any() else 0.0
        for m in marks
    ]
    return pd.Series(odds, index=pd.Index(marks, name="miles sailed"), name="P(home)")


def arrival_summary(runs: Any) -> Any:
    """:func:`arrival_table` as a student reads it: convoys by name, shares in whole percent."""
    import pandas as pd

    table = arrival_table(runs)
    table = table.loc[sorted(table.index, key=BY_KEY.__getitem__)]
    return pd.DataFrame(
        {
            "convoy": [LABELS[BY_KEY[k]] for k in table.index],
            "laid": [int(n) for n in table["laid"]],
            "got home": [f"{round(100 * x)}%" for x in table["home"]],
            "destroyed": [f"{round(100 * x)}%" for x in table["destroyed"]],
            "still at sea": [f"{round(100 * x)}%" for x in table["at sea"]],
        }
    )


def chance_home(runs: Any, miles: int) -> float:
    """The share of convoys that had sailed ``miles`` or more and got home (0 when none had)."""
    sailed = runs[runs.miles >= miles]
    return float((sailed.fate == "home").mean()) if len(sailed) else 0.0


def arrival_figure(runs: Any) -> Any:
    """A matplotlib figure: fates per convoy kind, and the odds of getting home by miles."""
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.4))
    fates = arrival_table(runs)[list(FATES)]
    fates = fates.loc[sorted(fates.index, key=BY_KEY.__getitem__, reverse=True)]  # 2,500 t on top
    fates.index = [LABELS[BY_KEY[k]] for k in fates.index]
    fates.columns = ["got home", "destroyed", "still at sea"]
    fates.plot.barh(stacked=True, ax=left, color=[GOOD, BAD, "#90a4ae"], title="Fate of convoys")
    left.set(xlabel="share of the convoys laid", ylabel="")
    # the key under the bars, in a row: inside the plot it hid the ends of the top bars
    left.legend(loc="upper center", bbox_to_anchor=(0.5, -0.28), ncol=3, frameon=False)
    curve = arrival_curve(runs)
    right.plot(curve.index, curve.values, marker="o", color="#1565c0")
    right.set(ylim=(0, 1.05), xlabel="miles already sailed", title="Chance to get home")
    fig.tight_layout()
    return fig


class ArrivalSimulator:
    """Choose players, bot and number of games; run seeded rounds; see the table and plot."""

    def __init__(self, games: int = 40, players: int = 2, bot: str = "captain") -> None:
        self.games = w.IntSlider(value=games, min=2, max=200, description="Games:")
        self.players = w.Dropdown(options=[2, 3, 4, 5, 6], value=players, description="Players:")
        self.bot = w.Dropdown(
            options=[(seat_label(GAME, b), b) for b in ("captain", "random")],
            value=bot,
            description="Players are:",
            style={"description_width": "initial"},
        )
        self.seed, note = number_box(0, SEED_LABEL, SEED_TIP)
        self.run_button = w.Button(description="Run the games", icon="play")
        self.run_button.on_click(lambda _b: self.run())
        # a changed choice says the results are the old ones until the games are run
        self.hint = w.HTML()
        for box in (self.games, self.players, self.bot, self.seed):
            box.observe(lambda _: setattr(self.hint, "value", stale_hint(self.run_button)), "value")
        self.table = w.HTML()
        self.plot = w.Image(format="png", layout=w.Layout(width="720px"))
        self.runs: Any = None
        self.figure: Any = None
        controls = control_row([self.games, self.players, self.bot, self.seed, self.run_button])
        self.widget = w.VBox([controls, note, self.hint, self.table, self.plot])
        self.run()

    def run(self) -> None:
        """Play the games, then fill the table and the plot (a PNG, so it shows anywhere)."""
        import io

        import matplotlib.pyplot as plt

        games = int(self.games.value)
        self.hint.value = ""
        playing = f"Playing {games} game{'s' if games > 1 else ''}: a few seconds..."
        with working(self.run_button, playing, self.table, "Playing..."):
            self.runs = arrival_runs(
                games, int(self.seed.value), int(self.players.value), self.bot.value
            )
        self.table.value = frame_html(arrival_summary(self.runs))
        self.figure = arrival_figure(self.runs)
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", dpi=80)
        plt.close(self.figure)
        self.plot.value = buffer.getvalue()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# --- 4. small tables and pictures for the lesson -------------------------------------------------
#: the deck by family: (family, its cards in words, the card keys)
FAMILIES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Convoys to bring home", "2,500 t, 5,000 t, 10,000 t, 20,000 t", KEYS[0:4]),
    ("Dummy convoy", "the trawler, worth nothing", ("trawler",)),
    ("Mile cards", "200, 400, 600, 1,000 and 2,000 miles", KEYS[5:10]),
    ("Warships", "submarine, frigate, destroyer, cruiser, aircraft carrier", KEYS[10:15]),
    ("Attacks", "plane, mine, radar, alert, storm", ("plane", "mine", "radar", "alert", "storm")),
    (
        "Defences",
        "plane shot down, minesweeper, end of alert, fine sea, neutral flag",
        ("plane_hit", "minesweeper", "end_alert", "fine_sea", "neutral_flag"),
    ),
)


def deck_families() -> Any:
    """The 106 playing cards by family (a six-row DataFrame: family, cards, count)."""
    import pandas as pd

    rows = [(f, cards, sum(COUNTS[BY_KEY[k]] for k in keys)) for f, cards, keys in FAMILIES]
    return pd.DataFrame(rows, columns=["family", "cards", "count"])


def log_table(match: Any, deals: bool = False) -> Any:
    """A match's log as a student reads it: turn, who and what (no codes, blanks blank); the
    cards dealt at the start of a round are left out unless ``deals``."""
    import pandas as pd

    log = match.log
    if not deals:
        log = log[~log["text"].str.contains(" is dealt to ", regex=False)]
    who = ["" if e == "chance" else w for e, w in zip(log["event"], log["who"], strict=True)]
    return pd.DataFrame(
        {
            "turn": pd.array(list(log["turn"]), dtype="Int64"),
            "who": who,
            "what": list(log["text"]),
        }
    )


def settings_table() -> Any:
    """The settings a teacher may switch (widgets.lesson.settings_frame: each in words, with
    its source and the rule it changes)."""
    from navalkit.widgets.lesson import settings_frame

    return settings_frame(GAME)


def rules_table() -> Any:
    """Every rule clause: id, title, source (its provenance) and the rule in a sentence."""
    import pandas as pd

    rows = [(c["id"], c["title"], c["provenance"], c["rule"]) for c in GAME.clauses.table()]
    return pd.DataFrame(rows, columns=["id", "title", "source", "rule"])


def board_picture(
    state: State, viewer: int | None = None, width: int | None = None, caption: str = ""
) -> w.Widget:
    """The table as ``viewer`` sees it (None: the teacher's view), a still picture that shows
    in Voila and JupyterLab alike (an SVG, no canvas): ``width`` CSS pixels at most (default:
    as drawn, its text as on the play page), narrower on a narrower screen, with a *Bigger
    board* switch where it shrank on a phone (see zoomable_picture)."""
    return scene_picture(draw(observe(state, viewer)), width=width, caption=caption)


def game_ending(seed: int = 5, target: int = 40) -> str:
    """The closing words of a short seeded game between two captains (the first side to
    ``target`` game points wins)."""
    match = new_match("nautic_miles", seed=seed, target=target)
    bots = [make_bot(GAME, "captain") for _ in range(match.players)]

    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        play_bot_move(match, bots[seat])
    return str(match.status)
