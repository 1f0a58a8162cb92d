"""Branle-Bas explainers: a piece-move explorer and an end-of-game scoring calculator.

Both are thin widgets over the pure rules: the explorer asks ``destinations`` and
``explain_move``; the calculator asks ``score_items``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import ipywidgets as w

from navalkit.core.words import plural
from navalkit.render import Layer, Rect, Text, get_theme
from navalkit.render.canvas import CanvasBoard, board_row, control_row
from navalkit.render.svg import scene_to_svg
from navalkit.widgets.lesson import CAPTION_STYLE, number_words, rule_note_html, zoomable_picture
from navalkit.widgets.panels import refusal_html

from .actions import Move
from .clauses import CLAUSES
from .config import Config
from .data import (
    BOARD,
    FILES,
    INDEX,
    KINDS,
    MINE,
    MINE_SQUARE,
    RADIUS,
    SHIPS,
    SIDE,
    N,
    code,
    kind_info,
    square_index,
)
from .draw import CELL, MARGIN, SIZE, TEXT, draw
from .game import GAME
from .mechanics.movement import destinations
from .mechanics.scoring import Tally, score_items, totals
from .observe import View
from .rules import ending, explain_move, initial_state, item_label, tallies
from .state import PLAY, State

MODES = (
    "Ask: can it go there?",
    "Move the piece there",
    "Put an enemy ship there",
    "Put one of its own ships there",
    "Clear the square",
)


def _empty_sea() -> tuple[int, ...]:
    board = [0] * N
    for side in (0, 1):
        board[MINE_SQUARE[side]] = code(side, MINE)
    return tuple(board)


class MoveExplorer:
    """Pick a piece and a square: its legal moves are lit; click elsewhere to learn why not.

    The board is shown at the size it is drawn (``css_width`` = SIZE, 688 px), where its
    letters and numbers are 11 px as on the play page: the lesson's questions name squares
    like j7 and b10. Shown 420 px wide, they were 7 px; a screen narrower than the board
    shrinks it and offers the *Bigger board* switch (see CanvasBoard.framed)."""

    def __init__(
        self, kind: str = "croiseur", side: str = "A", square: str = "j7", css_width: int = SIZE
    ) -> None:
        self.kind = w.Dropdown(
            options=[(KINDS[k].label, KINDS[k].key) for k in SHIPS],
            value=kind,
            description="Piece:",
        )
        self.side = w.ToggleButtons(
            options=["A", "B"], value=side, description="Side:", style={"button_width": "40px"}
        )
        self.sea = w.Dropdown(options=["empty sea", "standard set-up"], description="Around it:")
        self.mode = w.RadioButtons(
            options=MODES,
            value=MODES[0],
            description="A click will:",
            style={"description_width": "initial"},
        )
        self.square = square_index(square)
        self.answer = w.HTML()
        self.answer.add_class("navalkit-message")
        self.moves = w.HTML()
        self.moves.add_class("navalkit-description")
        self.board_state = self._fresh_board()
        first = self._scene()
        self.board = CanvasBoard(
            first.width, first.height, ("board", "pieces", "overlay"), css_width=css_width
        )
        self.board.on_click(lambda region, x, y: self.click(region))
        for box in (self.kind, self.side, self.sea):
            box.observe(lambda _ch: self.reset(), "value")
        self.widget = w.HBox(
            [
                self.board.framed(),
                w.VBox(
                    [
                        self.kind,
                        self.side,
                        self.sea,
                        self.mode,
                        self.answer,
                        self.moves,
                    ],
                    layout=w.Layout(width="420px", max_width="100%", padding="0 0 0 12px"),
                ),
            ],
            layout=board_row(),
        )
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def me(self) -> int:
        return "AB".index(self.side.value)

    def _fresh_board(self) -> tuple[int, ...]:
        if self.sea.value == "standard set-up":
            board = list(initial_state(Config(first_player="A")).board)
        else:
            board = list(_empty_sea())
        board[self.square] = code(self.me, KINDS_BY_KEY[self.kind.value])
        return tuple(board)

    def reset(self) -> None:
        self.board_state = self._fresh_board()
        self.answer.value = ""
        self.refresh()

    def state(self) -> State:
        return replace(
            initial_state(Config(first_player="A")),
            board=self.board_state,
            phase=PLAY,
            to_move=self.me,
        )

    def _scene(self, marks: tuple[int, ...] = ()) -> Any:
        board = getattr(self, "board_state", _empty_sea())
        state = replace(initial_state(Config(first_player="A")), board=board, phase=PLAY)
        targets = destinations(board, self.square) if board[self.square] else []
        return draw(state, selected=self.square, targets=targets, marks=marks)

    def refresh(self, marks: tuple[int, ...] = ()) -> None:
        self.board.show(self._scene(marks))
        piece = self.board_state[self.square]
        if not piece:
            self.moves.value = "No piece selected."
            return
        info = kind_info(piece & 15)
        targets = sorted(BOARD[t].name for t in destinations(self.board_state, self.square))
        self.moves.value = (
            f"<b>{html.escape(info.label)}</b> on {BOARD[self.square].name} moves "
            f"{html.escape(info.moves)}.<br><b>{plural(len(targets), 'legal move')}:</b> "
            f"{', '.join(targets) or 'none'}"
        )

    def click(self, region: str | None) -> None:
        """What a click on ``region`` does, by the chosen mode."""
        if region is None:
            self.answer.value = "That click is off the board."
            return
        sq = square_index(region)
        mode = MODES.index(self.mode.value)
        board = list(self.board_state)
        if mode == 0:
            self.answer.value = self.why(sq)
            self.refresh(() if sq in destinations(self.board_state, self.square) else (sq,))
            return
        if mode == 1:
            if sq != self.square:
                board[sq], board[self.square] = board[self.square], 0
                self.square = sq
        elif mode in (2, 3):
            if sq == self.square or BOARD[sq].zone == "port":
                self.answer.value = "Choose an empty sea square for another ship."
                return
            owner = 1 - self.me if mode == 2 else self.me
            board[sq] = code(owner, KINDS_BY_KEY["vedette"])
        elif sq != self.square and board[sq] & 15 != MINE:
            board[sq] = 0
        self.board_state = tuple(board)
        self.answer.value = ""
        self.refresh()

    def why(self, sq: int) -> str:
        """Legal, or the rule that forbids it, with its provenance."""
        v = explain_move(self.state(), self.square, sq)
        if v is None:
            move = f"{BOARD[self.square].name} → {BOARD[sq].name}"
            return f"<span style='color:#2e7d32'>✔ {move} is legal.</span>"
        return refusal_html(GAME, v.rule_id, v.message)


KINDS_BY_KEY = {k.key: c for c, k in KINDS.items()}
_SIDES = ("A", "B")


#: the scoring calculator's columns (a ship's name, then the four tallies) and the gap between
#: them: a side's grid at its narrowest is 90 + 4 x 56 + 4 x 4 = 330 px, the room of a phone
SCORE_COLUMNS = "minmax(90px, 150px) repeat(4, 56px)"
SCORE_GAP = 4


class ScoringCalculator:
    """End-of-game scoring, item by item: set how the game ended and what each side holds."""

    COLUMNS = ("sank (enemy ships)", "in the enemy port", "in neutral ports", "lost in enemy nets")

    def __init__(self, match: Any = None) -> None:
        """``match``: a Match or a State to load (its ending and tallies), or None."""
        self.result = w.Dropdown(
            options=[
                ("Victory: the enemy Admiral sunk", "victory"),
                ("Triumph: an Admiral in the enemy port", "triumph"),
                ("Drawn game", "draw"),
            ],
            description="Ending:",
            style={"description_width": "initial"},
            layout=w.Layout(width="360px"),
        )
        self.winner = w.ToggleButtons(
            options=_SIDES, description="Winner:", style={"button_width": "40px"}
        )
        self.bonus = w.Dropdown(
            options=[1000, 100],
            value=1000,
            description="Triumph bonus:",
            style={"description_width": "initial"},
        )
        self.cells: dict[tuple[int, str, int], w.BoundedIntText] = {}
        # one grid a side, side by side on a laptop and one under the other on a phone: one
        # grid of both sides' eight columns was 890 px wide, and a phone showed two of them
        sides = []
        for side in (0, 1):
            # the names stand a little off the grid before them (A's last column, on a
            # laptop), inside their column: no wider on a phone, where a long word breaks
            # ("(minesweeper)" ran over the first box)
            name = "<div style='padding-left:14px;overflow-wrap:anywhere'>{}</div>"
            grid: list[w.Widget] = [w.HTML(name.format(f"<b>{_SIDES[side]}'s ships</b>"))]
            grid += [w.HTML(f"<small>{col}</small>") for col in self.COLUMNS]
            for k in SHIPS:
                grid.append(
                    w.HTML(name.format(f"{html.escape(KINDS[k].label)} ({KINDS[k].value})"))
                )
                for col in self.COLUMNS:
                    box = w.BoundedIntText(
                        value=0, min=0, max=KINDS[k].count, layout=w.Layout(width="52px")
                    )
                    box.observe(lambda _ch: self.refresh(), "value")
                    self.cells[(side, col, k)] = box
                    grid.append(box)
            sides.append(
                w.GridBox(
                    grid,
                    layout=w.Layout(
                        grid_template_columns=SCORE_COLUMNS,
                        grid_gap=f"2px {SCORE_GAP}px",
                        margin="0 0 10px 0",
                    ),
                )
            )
        self.grid = w.HBox(sides, layout=board_row())
        self.out = w.HTML()
        self.out.add_class("navalkit-description")
        for box in (self.result, self.winner, self.bonus):
            box.observe(lambda _ch: self.refresh(), "value")
        self.widget = w.VBox(
            [control_row([self.result, self.winner, self.bonus]), self.grid, self.out]
        )
        if match is not None:
            self.load(match if isinstance(match, State) else match.state)
        self.refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def load(self, state: State) -> None:
        """Fill the calculator from a game's state."""
        for side, t in enumerate(tallies(state)):
            for col, kinds in zip(
                self.COLUMNS, (t.sunk, t.in_enemy_port, t.in_neutral, t.lost), strict=True
            ):
                for k in SHIPS:
                    self.cells[(side, col, k)].value = list(kinds).count(k)
        if state.result is not None:
            kind = "victory" if state.result.kind == "abandon" else state.result.kind
            self.result.value = kind if kind in ("victory", "triumph") else "draw"
            if state.result.winner is not None:
                self.winner.value = _SIDES[state.result.winner]
        self.bonus.value = state.config.triumph_bonus

    def tallies(self) -> tuple[Tally, Tally]:
        out = []
        for side in (0, 1):

            def kinds(col: str, side: int = side) -> list[int]:
                return [k for k in SHIPS for _ in range(self.cells[(side, col, k)].value)]

            sunk_by_enemy = kinds(self.COLUMNS[0], 1 - side)
            port, neutral = kinds(self.COLUMNS[1]), kinds(self.COLUMNS[2])
            lost = kinds(self.COLUMNS[3])
            at_sea = []
            for k in SHIPS:
                gone = sunk_by_enemy.count(k) + port.count(k) + neutral.count(k) + lost.count(k)
                at_sea += [k] * max(KINDS[k].count - gone, 0)
            out.append(Tally(kinds(self.COLUMNS[0]), port, at_sea, neutral, lost))
        return out[0], out[1]

    def refresh(self) -> None:
        result = self.result.value
        winner = _SIDES.index(self.winner.value)
        items = score_items(result, winner, self.tallies(), self.bonus.value)
        ta, tb = totals(items)
        rule = {"victory": "BB-VICTORY", "triumph": "BB-TRIUMPH-SCORE"}.get(result, "BB-DRAW")
        c = CLAUSES[rule]
        rows = []
        for side, its in enumerate(items):
            body = "".join(
                f"<tr><td>{html.escape(item_label(t))}</td><td align='right'>{p}</td></tr>"
                for t, p in its
            )
            total = (ta, tb)[side]
            rows.append(
                f"<td valign='top'><b>{_SIDES[side]}</b><table>{body}<tr><td><b>total</b>"
                f"</td><td align='right'><b>{total}</b></td></tr></table></td>"
            )
        self.totals = (ta, tb)
        self.out.value = f"<table><tr>{''.join(rows)}</tr></table>{rule_note_html(c)}"


def cell(x: int, y: int) -> str:
    """The name of the square at (x, y) (0, 0 is the centre)."""
    return BOARD[INDEX[(x, y)]].name


# --- helpers for the lesson and the what-if lab ------------------------------------------------
def position(pieces: Mapping[str, str], *, to_move: str = "A", **fields: Any) -> State:
    """A position in play with both Mines and exactly ``pieces``, e.g. ``{"j10": "A amiral",
    "j11": "B vedette"}``; ``fields`` sets other State fields (``sunk_by``, ``in_port`` ...).
    A turn is one move (no touch-move) and no lot is drawn, so a lesson can play it at once."""
    board = list(_empty_sea())
    for square, what in pieces.items():
        side, kind = what.split()
        board[square_index(square)] = code(SIDE.index(side), KINDS_BY_KEY[kind])
    start = initial_state(Config(setup="standard", first_player=to_move, touch_move=False))
    return replace(start, board=tuple(board), to_move=SIDE.index(to_move), **fields)


def play_moves(state: State, *moves: str) -> State:
    """``state`` after ``moves`` written like ``"j10-j11"`` (each must be legal)."""
    for text in moves:
        frm, to = (square_index(s) for s in text.split("-"))
        v = GAME.violation(state, Move(frm, to))
        if v is not None:
            raise ValueError(f"{text} is refused by rule {v.rule_id}: {v.message}")
        state = GAME.apply(state, Move(frm, to))
    return state


def _corner(name: str) -> tuple[float, float]:
    """Top-left pixel of the cell named ``name`` (file a-s, rank 1-19), on the board or not."""
    x = FILES.index(name[0].lower()) - RADIUS
    y = int(name[1:]) - RADIUS - 1
    return MARGIN + (x + RADIUS) * CELL, MARGIN + (RADIUS - y) * CELL


def _view_box(crop: tuple[str, str] | None) -> tuple[float, float, float, float]:
    if crop is None:
        return 0.0, 0.0, float(SIZE), float(SIZE)
    corners = [_corner(name) for name in crop]
    left = min(x for x, _ in corners) - CELL / 2
    top = min(y for _, y in corners) - CELL / 2
    right = max(x for x, _ in corners) + CELL * 1.5
    bottom = max(y for _, y in corners) + CELL * 1.5
    return left, top, right - left, bottom - top


#: how much smaller than drawn a picture is shown before it gets a magnifier and a switch:
#: shown at 300 px, the lesson's crop of an outer harbour (drawn 320 px) keeps its text at
#: 10 px and has neither, where a 7 % enlargement was a switch on a phone and a caption
#: telling the student to point at the picture
MAGNIFY_FROM = 1.2


def _crop_coordinates(crop: tuple[str, str]) -> Layer:
    """The file letters and rank numbers of a cropped picture (the board's own are in its
    margins, outside the crop), in the half square the crop leaves round the squares: along
    the bottom and down the left, on a strip of the margin's colour."""
    t = get_theme(None)
    left, top, width, height = _view_box(crop)
    files = sorted(FILES.index(name[0].lower()) for name in crop)
    ranks = sorted(int(name[1:]) for name in crop)
    strip = CELL / 2
    ops: list[Rect | Text] = [
        Rect(left, top + height - strip, width, strip, fill=t.background, alpha=0.9),
        Rect(left, top, strip, height - strip, fill=t.background, alpha=0.9),
    ]
    for f in FILES[files[0] : files[1] + 1]:
        x = _corner(f"{f}1")[0] + CELL / 2
        ops.append(Text(x, top + height - strip / 2, f, TEXT, t.text_muted))
    for r in range(ranks[0], ranks[1] + 1):
        y = _corner(f"a{r}")[1] + CELL / 2
        ops.append(Text(left + strip / 2, y, str(r), TEXT, t.text_muted))
    return Layer("coordinates", tuple(ops))


def board_picture(
    state: State | View,
    *,
    width: int = 340,
    crop: tuple[str, str] | None = None,
    caption: str = "",
    selected: str | None = None,
    targets: Iterable[str] = (),
    marks: Iterable[str] = (),
) -> w.Widget:
    """A still picture of the board (an SVG, so it shows in Voila at once), ``width`` pixels
    wide; ``crop`` = two corner squares shows only that part, enlarged. Shrunk below the size
    the board is drawn at, its square names would be too small to read: pointing at the
    picture with a mouse shows it at that size, as through a magnifying glass, and on a
    phone or a tablet the *Bigger board* switch under it does (see
    widgets.lesson.zoomable_picture)."""
    scene = draw(state, selected=selected, targets=tuple(targets), marks=tuple(marks))
    if crop is not None:  # the squares' names, which a lesson's questions use
        scene = scene.with_layer(_crop_coordinates(crop))
    x, y, vw, vh = _view_box(crop)
    view = f'viewBox="{x:g} {y:g} {vw:g} {vh:g}"'
    zoom = vw / width  # back to the drawn size, where board text is at least 11 px
    if zoom > MAGNIFY_FROM:
        svg = re.sub(r'viewBox="[^"]*"', view, scene_to_svg(scene, fluid=True), count=1)
        picture = zoomable_picture(svg, drawn=round(vw), shown=width, caption=caption, small=True)
        picture.layout.margin = "4px 12px 4px 0"
        return picture
    height = round(width * vh / vw)
    svg = re.sub(
        r'width="[^"]*" height="[^"]*" viewBox="[^"]*"',
        f'width="{width}" height="{height}" {view}',
        scene_to_svg(scene),
        count=1,
    )
    note = (
        f"<div style='{CAPTION_STYLE};max-width:{width}px'>{html.escape(caption)}</div>"
        if caption
        else ""
    )
    return w.HTML(f"<div style='margin:4px 12px 4px 0'>{svg}{note}</div>")


def move_box(state: State, frm: str, to: str) -> w.HTML:
    """Whether the piece on ``frm`` may go to ``to`` now: legal, or the rule that forbids it."""
    a, b = square_index(frm), square_index(to)
    v = explain_move(state, a, b)
    if v is None:
        piece = kind_info(state.board[a] & 15).label
        return w.HTML(
            f"<p style='color:#2e7d32'>✔ The {html.escape(piece)} may go {frm} → {to}.</p>"
        )
    return w.HTML(refusal_html(GAME, v.rule_id, v.message))


def refusal_box(state: State, action: Any) -> w.HTML:
    """Why the rules refuse ``action`` in ``state`` (or that they allow it), as a page shows it."""
    v = GAME.violation(state, action)
    if v is None:
        return w.HTML("<p style='color:#2e7d32'>✔ Allowed.</p>")
    return w.HTML(refusal_html(GAME, v.rule_id, v.message))


def ending_box(state: State) -> w.HTML:
    """A finished game's ending in plain words (who won, by which rule, the score item by
    item), in a box."""
    text = ending(state) or "The game is not over yet."
    return w.HTML(
        "<div style='border-left:4px solid #1f5f8b;padding:4px 10px;margin:6px 0;"
        f"background:#f3f7fb;max-width:760px'>{html.escape(text)}</div>"
    )


#: how a game of Branle-Bas can end: (the ending, its rule, who wins, how it is scored)
ENDINGS: tuple[tuple[str, str, str, str], ...] = (
    ("Your Admiral enters the enemy port: Triumph", "BB-TRIUMPH", "you", "BB-TRIUMPH-SCORE"),
    ("You sink the enemy Admiral: Victory", "BB-VICTORY", "you", "BB-VICTORY"),
    ("The enemy Admiral steers into one of your nets", "BB-NET-ADMIRAL", "you", "BB-VICTORY"),
    ("The two Admirals are left alone and cannot take each other", "BB-DRAW", "nobody", "BB-DRAW"),
    ("Neither side can move any more", "BB-STUCK", "nobody", "BB-DRAW"),
    ("The move limit is reached (300 moves)", "BB-TIME", "nobody", "BB-DRAW"),
)


def endings_table() -> Any:
    """:data:`ENDINGS` as a table: each rule by its title and where it comes from
    ('Triumph', 'SEED'), and the scoring rule by its title ('Triumph scoring'): not their
    ids, code names to a student (the rules panel lists each rule under its title)."""
    import pandas as pd

    return pd.DataFrame(
        [
            {
                "how the game ends": what,
                "rule": CLAUSES[rule].title,
                "source": CLAUSES[rule].provenance,
                "who wins": who,
                "scored by": CLAUSES[scoring].title,
            }
            for what, rule, who, scoring in ENDINGS
        ]
    )


def move_limit_words(frame: Any, long: int, short: int) -> str:
    """What the what-if lab's table shows when the move limit (BB-TIME) goes from ``long`` to
    ``short`` moves, in plain words (HTML): the games cut short, and why they changed."""
    a = frame[frame["variant"] == "A"].set_index("seed")
    b = frame[frame["variant"] == "B"].set_index("seed")
    games = len(a)
    keys = ["winner", "score_0", "score_1"]
    changed = [
        s for s in a.index if [str(a.at[s, k]) for k in keys] != [str(b.at[s, k]) for k in keys]
    ]
    drawn_a, drawn_b = int(a["winner"].isna().sum()), int(b["winner"].isna().sum())
    wins_a, wins_b = int((a["winner"] == 0).sum()), int((b["winner"] == 0).sum())
    mean_a, mean_b = float(a["score_0"].mean()), float(b["score_0"].mean())
    if not changed:
        return (
            f"<p><b>What changed:</b> nothing. All {games} games ended before move {short}, "
            "so both limits give the same results. Try more games.</p>"
        )
    cut = len(changed)
    fell = " because a drawn game earns no Victory bonus" if mean_b < mean_a else ""
    return (
        f"<p><b>What changed:</b> with {long} moves, A (south) won {wins_a} of the {games} games"
        f" and {drawn_a} were drawn; with {short} moves, A won {wins_b} and {drawn_b} were drawn."
        f" {cut} of the games {'was' if cut == 1 else 'were'} still going at move {short}: "
        f"time ran out ({CLAUSES.cite('BB-TIME')}), nobody won, and they were scored as drawn "
        f"games, gains less losses ({CLAUSES.cite('BB-DRAW')}). A's average score went from "
        f"{number_words(mean_a, 1)} to {number_words(mean_b, 1)} points"
        f"{fell}. The other {games - cut} games ended before move {short}, exactly the same "
        "way under both limits.</p>"
        "<p><b>Why:</b> each game is played again from the same start, with the same draw for "
        "the first move and the same choices by the computer players, so it goes move for move "
        "as before: only the games that last longer than the shorter limit can change. The "
        "greedy player needs time to hunt down the enemy Admiral; a shorter game stops some "
        "hunts before the end.</p>"
    )
