"""The widths boards measure their labels by (render.text) against the real fonts.

Board labels are drawn in BOARD_FONT (Arial's widths: Liberation Sans here) and measured by
``text_width``; the words of a page, in the browser's own font, by ``any_font_width``, which
must cover DejaVu Sans, the widest usual sans-serif. Each test runs where the font is
installed (Debian: fonts-liberation, fonts-dejavu-core, fonts-roboto)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from navalkit.core.match import new_match
from navalkit.core.registry import games
from navalkit.render.font_metrics import BOLD, CHARS, PLAIN
from navalkit.render.games import draw
from navalkit.render.scene import Text
from navalkit.render.text import BOARD_FONT, any_font_width, text_width

FONTS = Path("/usr/share/fonts/truetype")
#: PIL measures at 100 px to a 64th of a pixel
ROUNDING = 1 / 64


def font(*names: str) -> object:
    """A PIL font of the first of ``names`` (a file under FONTS, or one PIL finds) at 100 px,
    or a skip."""
    image_font = pytest.importorskip("PIL.ImageFont")
    for name in names:
        for path in (*FONTS.glob(f"**/{name}"), name):
            try:
                return image_font.truetype(str(path), 100)
            except OSError:
                continue
    pytest.skip(f"{names[0]} is not installed")


@cache
def board_words() -> frozenset[str]:
    """Every label on the opening board of each game, from each seat and the teacher's."""
    words: set[str] = set()
    for game_id in games():
        match = new_match(game_id, seed=3)
        for seat in (*range(match.players), None):
            scene = draw(match.game, match.observe(seat))
            words |= {op.text for layer in scene.layers for op in layer.ops if isinstance(op, Text)}
    words |= {"Scharnhorst", "Montecuccoli", "K. George V", "Gulf of Guinea", "WAVE AVA"}
    return frozenset(words)


def test_boards_are_drawn_in_the_font_they_are_measured_in() -> None:
    match = new_match("naval_war", seed=1)
    scene = draw(match.game, match.observe(0))
    fonts = {op.font for layer in scene.layers for op in layer.ops if isinstance(op, Text)}
    assert fonts == {BOARD_FONT}
    assert BOARD_FONT.startswith("Arial, Liberation Sans") and BOARD_FONT.endswith("sans-serif")


def advances(name: str) -> dict[int, int]:
    """Each character's advance in the font file ``name`` (under FONTS), or a skip."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    paths = list(FONTS.glob(f"**/{name}"))
    if not paths:
        pytest.skip(f"{name} is not installed")
    tt = ttlib.TTFont(str(paths[0]))
    hmtx = tt["hmtx"]
    return {c: hmtx[g][0] for c, g in tt.getBestCmap().items()}


@pytest.mark.parametrize("weight", ["Regular", "Bold"])
def test_the_metrics_are_the_wider_of_liberation_sans_and_roboto(weight: str) -> None:
    arial = advances(f"LiberationSans-{weight}.ttf")
    roboto = advances(f"Roboto-{weight}.ttf")
    table = PLAIN if weight == "Regular" else BOLD
    assert [max(arial[ord(ch)], roboto.get(ord(ch), 0)) for ch in CHARS] == list(table)
    assert len(CHARS) == len(set(CHARS)) > 200


@pytest.mark.parametrize("bold", [False, True])
def test_a_label_is_never_narrower_than_the_board_font(bold: bool) -> None:
    real = font("LiberationSans-Bold.ttf" if bold else "LiberationSans-Regular.ttf")
    words = board_words()
    assert len(words) > 100
    for word in words:
        assert text_width(word, 100, bold) >= real.getlength(word) - ROUNDING, word  # type: ignore[attr-defined]


@pytest.mark.parametrize("bold", [False, True])
def test_a_label_is_never_much_narrower_than_roboto_on_a_phone(bold: bool) -> None:
    """Android draws Roboto where Arial is asked for."""
    real = font("Roboto-Bold.ttf" if bold else "Roboto-Regular.ttf")
    for word in board_words():
        assert text_width(word, 100, bold) >= real.getlength(word) - ROUNDING, word  # type: ignore[attr-defined]


@pytest.mark.parametrize("bold", [False, True])
def test_page_words_are_never_narrower_than_dejavu_sans(bold: bool) -> None:
    real = font("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    for word in board_words():
        assert any_font_width(word, 100, bold) >= 0.99 * real.getlength(word), word  # type: ignore[attr-defined]


def test_the_board_font_leaves_room_the_old_estimate_took() -> None:
    """The names that were cut on a Naval War card at three players (some 67 px) fit."""
    for name in ("Scharnhorst", "Indianapolis", "Montecuccoli", "K. George V"):
        assert text_width(name, 11) <= 67 < any_font_width(name, 11), name
