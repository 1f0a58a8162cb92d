"""Geometry for checking that a board's text reads: every label's box, whether it lies inside
a card or panel, whether two boxes meet. Shared by the games' drawing tests (the smallest text,
labels cut or overlapping), with :mod:`navalkit.render.text`'s width estimate."""

from __future__ import annotations

from typing import Any

from navalkit.core.bots import make_bot, play_bot_move
from navalkit.core.match import new_match
from navalkit.render.scene import Box, Rect, Scene, Text, meet, text_box, within
from navalkit.render.text import MIN_TEXT


def positions(
    game_id: str, every: int, *, bot: str = "greedy", to_the_end: bool = True, **options: Any
) -> tuple[Any, ...]:
    """States of a game ``bot`` plays on every seat (``options``: seed, players, settings):
    the first, one every ``every`` moves, and the last; with ``to_the_end`` the game must end
    within 4,000 moves."""
    match = new_match(game_id, **options)
    player = make_bot(match.game, bot)
    out = [match.state]
    for step in range(1, 4000):
        if match.is_over:
            break
        play_bot_move(match, player)
        if step % every == 0:
            out.append(match.state)
    assert match.is_over or not to_the_end, f"{game_id} {options}: no end in 4,000 moves"
    out.append(match.state)
    return tuple(out)


def texts(scene: Scene, layer: str | None = None) -> list[Text]:
    """Every text of ``scene`` (of one ``layer``, if named), in paint order."""
    return [
        op
        for ly in scene.layers
        if layer is None or ly.name == layer
        for op in ly.ops
        if isinstance(op, Text)
    ]


def small_texts(scene: Scene, minimum: float = MIN_TEXT) -> list[tuple[str, float]]:
    """The texts smaller than ``minimum`` pixels, with their sizes."""
    return [(t.text, t.size) for t in texts(scene) if t.size < minimum]


def painted(scene: Scene) -> list[Rect | Text]:
    """Filled rectangles and texts in paint order (outlines cover nothing)."""
    return [
        op
        for layer in scene.layers
        for op in layer.ops
        if isinstance(op, Text) or (isinstance(op, Rect) and op.fill is not None)
    ]


def rect_box(r: Rect) -> Box:
    return r.x, r.y, r.x + r.w, r.y + r.h


def inside(a: Box, b: Box, slack: float = 0.5) -> bool:
    """Is ``a`` inside ``b`` (give or take ``slack`` pixels, half a pixel unless told)?"""
    return within(a, b, slack)


def label_problems(scene: Scene, *, may_hide: bool = False, strict: bool = True) -> list[str]:
    """What keeps a board's labels from reading, in words: a label off the board, spilling out
    of a card, badge or panel (``strict``: of any painted before it that it touches; else of
    the last one painted under its anchor point), cut by something painted after it
    (``may_hide``: unless that covers it whole, like the next ship of a column), or meeting
    another label. Empty when every label reads."""
    ops = painted(scene)
    found: list[str] = []
    seen: list[tuple[str, Box]] = []
    for i, op in enumerate(ops):
        if not isinstance(op, Text) or not op.text:
            continue
        box = text_box(op)
        if not inside(box, (0, 0, scene.width, scene.height)):
            found.append(f"{op.text!r} is off the board")
        later = [rect_box(r) for r in ops[i + 1 :] if isinstance(r, Rect)]
        if may_hide and any(inside(box, r, 0) for r in later):
            continue  # hidden whole, never cut
        earlier = [rect_box(r) for r in ops[:i] if isinstance(r, Rect)]
        if strict:
            hosts = [r for r in earlier if meet(box, r)]
        else:
            hosts = [r for r in earlier if inside((op.x, op.y, op.x, op.y), r, 0)][-1:]
        if any(not inside(box, r) for r in hosts):
            found.append(f"{op.text!r} spills out of its card or panel")
        if any(meet(box, r) for r in later):
            found.append(f"{op.text!r} is cut by something drawn over it")
        found += [f"{op.text!r} overlaps {text!r}" for text, other in seen if meet(box, other)]
        seen.append((op.text, box))
    return found


__all__ = [
    "Box",
    "inside",
    "label_problems",
    "meet",
    "painted",
    "positions",
    "rect_box",
    "small_texts",
    "text_box",
    "texts",
]
