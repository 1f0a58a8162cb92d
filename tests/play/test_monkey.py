"""A student who clicks anywhere, presses any key and any button, types anything and pastes
junk as a save: on every game's play session, seeded random requests of every kind. None is a
fault of ours (a traceback kept for the teacher's *Details*), the page can always be drawn,
and a refused request loses nothing: the game stays exactly as it was."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import navalkit
from navalkit.play.session import PlaySession

KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape", "a", "Tab")
TYPED = ("", "xyz", "a1 b2", "1", "draw", "pass", "h3 h4", "s8 a2", "<b>", "9" * 50)
SAVES = ("", "{", "{}", '{"game": "far_seas"}', "null", "[1, 2]", "not a save at all")
STEPS = 120


def _request(s: PlaySession, rng: random.Random) -> tuple[str, Callable[[], bool]]:
    """One request a student could make now, drawn at random (clicks the most often, half
    of them along a legal move's path so that games move on)."""
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


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("game_id", navalkit.games())
def test_any_request_in_any_order_is_kept_or_refused_never_a_fault(game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    players = navalkit.get_game(game_id).default_players
    s = PlaySession(game_id, seed=seed, seats=["human"] * players if seed % 2 else None)
    done: list[str] = []
    for _ in range(STEPS):
        match = s.match
        history, state = list(match.history), match.state
        what, request = _request(s, rng)
        done.append(what)
        went = request()
        assert s.fault is None, f"{game_id}: a fault after {done[-8:]}:\n{s.fault}"
        if not went:
            assert s.match is match and match.state is state and match.history == history, (
                f"{game_id}: the refused {what!r} changed the game"
            )
            assert s.error or s.refusal, f"{game_id}: {what!r} refused without a word"
        screen = s.screen()
        assert screen.status and screen.scene.width > 0
        if s.match.is_over:
            s.start(seed=rng.randint(0, 99))
