"""A student who clicks anywhere, presses any key and any button, types anything and pastes
junk as a save: :func:`random_request` draws one such request for a play session (a
:class:`~navalkit.play.session.PlaySession`, or a table seat's
:class:`~navalkit.play.table_session.TableSession`), seeded, for tests that make hundreds.

>>> import random
>>> from navalkit.play.session import PlaySession
>>> s = PlaySession("branle_bas", seed=0)
>>> what, request = random_request(s, random.Random(0))
>>> isinstance(request(), bool)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape", "a", "Tab")
TYPED = ("", "xyz", "a1 b2", "1", "draw", "pass", "h3 h4", "s8 a2", "<b>", "9" * 50)
SAVES = (
    "", "{", "{}", '{"game": "far_seas"}', '{"format": 2}', "null", "[1, 2]", "ABCD-EFGH",
    "not a save at all",
)  # fmt: skip


def random_request(s: Any, rng: random.Random) -> tuple[str, Callable[[], bool]]:
    """One request a student could make now, in words and as a call that returns whether
    it went through. Clicks are the most often, half of them along a legal move's path (so
    that games move on); then keys, the listed and typed moves, the computer, undo, the
    hand-over and teacher switches, the options, saves and new games."""
    g = s.game
    scene = s.board()
    r = rng.random()
    if r < 0.25 and s.legal():
        path = g.action_path(rng.choice(list(s.legal())))[len(s._prefix()) :]
        step = path[min(len(s.path), len(path) - 1)] if path else None
        return f"click {step}", lambda: s.click(step)
    if r < 0.45:
        region = rng.choice([None, *(x.id for x in scene.regions)])
        return f"click {region}", lambda: s.click(region)
    if r < 0.55:
        x, y = rng.uniform(-9, scene.width + 9), rng.uniform(-9, scene.height + 9)
        return f"click at {x:.0f},{y:.0f}", lambda: s.click_at(x, y)
    if r < 0.65:
        key = rng.choice(KEYS)
        return f"key {key!r}", lambda: s.key(key)
    if r < 0.72:
        index = rng.choice([None, -1, 0, rng.randint(0, 400)])
        return f"listed {index}", lambda: s.play_listed(index)
    if r < 0.78:
        text = rng.choice(TYPED)
        return f"typed {text!r}", lambda: s.play_typed(text)
    if r < 0.83:
        return "computer move", s.computer
    if r < 0.87:
        return "undo", s.undo
    if r < 0.90:
        return "uncover", s.uncover
    if r < 0.92:
        on = rng.random() < 0.3
        return f"teacher {on}", lambda: s.set_teacher(on)
    if r < 0.95:
        value = rng.choice([*(v for _label, v in g.ui_choices(s.match.state)), "bogus"])
        return f"choice {value!r}", lambda: s.set_choice(value)
    if r < 0.985:
        save = rng.choice(SAVES)
        return f"resume {save!r}", lambda: s.resume(save)
    seed = rng.randint(0, 9)
    return f"new game {seed}", lambda: s.start(seed=seed)
