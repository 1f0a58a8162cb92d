"""Playing a Match by clicks and seats, without any widget library.

What GameApp (Jupyter/Voila) and the server-free site (Pyodide) share: the play session
itself (:mod:`.session`: one game at one screen, every request a page makes and what the page
shows after it), built from what a click on a board region means (:mod:`.clicks`), who plays
each seat and whose view the board shows (:mod:`.seats`), the hot-seat hand-over screen
(:mod:`.cover`), the keyboard cursor (:mod:`.keys`), and the options a page's link asks for
(:mod:`.options`). Imports only ``core``, ``render`` and the standard library.
"""

from .clicks import Click, next_steps, resolve_click, typed_action, typed_example, typed_path
from .cover import cover_scene
from .options import PlayOptions, opponent_bot, play_options
from .seats import (
    HUMAN,
    auto_play,
    check_seats,
    click_refusal,
    computer_move,
    default_seats,
    helper_bot,
    needs_cover,
    run_to_end,
    undo_human_move,
    viewer,
    visible_legal,
)

__all__ = [
    "HUMAN",
    "Click",
    "PlayOptions",
    "auto_play",
    "check_seats",
    "click_refusal",
    "computer_move",
    "cover_scene",
    "default_seats",
    "helper_bot",
    "needs_cover",
    "next_steps",
    "opponent_bot",
    "play_options",
    "resolve_click",
    "run_to_end",
    "typed_action",
    "typed_example",
    "typed_path",
    "undo_human_move",
    "viewer",
    "visible_legal",
]
