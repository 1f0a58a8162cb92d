"""A play page's widgets under a student who presses everything: seeded random clicks on the
board (on regions, anywhere, off it), every button, the move list and box, the options, the
seats and settings (then *New game*), the teacher box, junk in the save box, odd seeds and
keys (the junk of navalkit.testing.monkey). Nothing raises out of a callback, no fault of
ours is kept for *Details*, no traceback reaches the message line, and the game only ever
changes by a legal move or a new game."""

from __future__ import annotations

import random
from typing import Any

import pytest

import navalkit
from navalkit.core.match import load_match
from navalkit.testing.monkey import KEYS, SAVES, TYPED
from navalkit.widgets import GameApp

STEPS = 60


def _pick(box: Any, rng: random.Random) -> None:
    """Choose one of a list's options, as a student would."""
    options = list(box.options)
    if options:
        option = rng.choice(options)
        box.value = option[1] if isinstance(option, tuple) else option


def _press(app: GameApp, rng: random.Random) -> None:
    r = rng.random()
    session = app.session
    if r < 0.3 and session.legal():
        path = app.game.action_path(rng.choice(list(session.legal())))[len(session._prefix()) :]
        app.click(path[min(len(session.path), len(path) - 1)] if path else None)
    elif r < 0.4:
        app.click(rng.choice([None, *(x.id for x in app.board.scene.regions)]))
    elif r < 0.5:
        width, height = app.board.widget.width, app.board.widget.height
        app.board._on_mouse_down(rng.uniform(-5, width + 5), rng.uniform(-5, height + 5))
    elif r < 0.62:
        rng.choice(
            [app.new_button, app.undo_button, app.bot_button, app.run_button, app.save_button,
             app.resume_button, app.play_typed, app.play_listed, app.cover]
        ).click()  # fmt: skip
    elif r < 0.68:
        _pick(app.legal_list, rng)
        app.play_listed.click()
    elif r < 0.73:
        app.move_text.value = rng.choice(TYPED)
        app.play_typed.click()
    elif r < 0.77:
        _pick(app.choice, rng)
    elif r < 0.81:
        _pick(rng.choice(app.seat_boxes), rng)
    elif r < 0.86 and app.setting_boxes:
        box = rng.choice(list(app.setting_boxes.values()))
        if getattr(box, "options", None):
            _pick(box, rng)
        elif hasattr(box, "min"):
            box.value = rng.randint(box.min, box.max)
        app.new_button.click()
    elif r < 0.89:
        app.teacher_box.value = not app.teacher_box.value
    elif r < 0.93:
        app.record_box.value = rng.choice(SAVES)
        app.resume_button.click()
    elif r < 0.96:
        app.seed_box.value = rng.choice([0, -1, 5, 10**12])
        app.new_button.click()
    else:
        app.key(rng.choice(KEYS))


@pytest.mark.parametrize("student", [False, True], ids=["teacher's page", "student's page"])
@pytest.mark.parametrize("game_id", navalkit.games())
def test_a_page_pressed_everywhere_never_breaks(
    game_id: str, student: bool, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NAVALKIT_SAVES", str(tmp_path))
    rng = random.Random(len(game_id) + student)
    app = GameApp(game_id, seed=3)
    app.set_student(student)
    for _ in range(STEPS):
        _press(app, rng)
        assert app.session.fault is None, app.session.fault
        assert "Traceback" not in app.message.value
        assert not app.debug.outputs, app.debug.outputs
    # the game on the page is a line of legal moves from its seed: its record replays
    again = load_match(app.match.to_json())
    assert again.history == app.match.history and again.state == app.match.state
