"""Text on a board that a student reads: how wide a label will be, and cutting one to fit.

A scene is data, drawn in BOARD_FONT: Arial, or a font made to Arial's widths (Liberation Sans
on Linux, Arimo on ChromeOS, Helvetica, Arial's model, on a Mac) or Roboto, which an Android
phone draws instead. ``text_width`` measures a label by each character's wider width in those
two (font_metrics, from Liberation Sans and Roboto). Boards once measured every label as DejaVu
Sans, the widest usual sans-serif, drawn in whatever "sans-serif" the browser picked: labels
some 15 % narrower were cut, "Scharnh…" on a Naval War card with room for "Scharnhorst".
``any_font_width`` keeps that estimate, for the words of a page, whose font is the page's
(tests/render/test_text_metrics.py checks both against the real fonts).
"""

from __future__ import annotations

from .font_metrics import BOLD, CHARS, PLAIN

#: the font of every label on a board (render.scene.Text's default)
BOARD_FONT = "Arial, Liberation Sans, Arimo, Helvetica, sans-serif"

#: the smallest text on a board, in pixels: what a student reads at 100 % zoom (issue 17)
MIN_TEXT = 11

#: the line height of words a student reads on a page (a paragraph, a caption, a table's cells):
#: Jupyter's widget styles give a widget's HTML the 28 px line of a row of buttons, which
#: spreads words of two lines a blank line's worth apart (render.canvas.PROSE_CSS,
#: widgets.lesson.PROSE_STYLE)
READING_LINE = 1.45

# Widths of DejaVu Sans (the widest usual sans-serif) in ems, plain and bold, by groups of
# characters (each group at its widest): enough to keep a label inside its box without a font.
_WIDTHS = (
    ("'ijlIJ .,·/:;", 0.34, 0.40),
    ('-f()!tr"', 0.46, 0.53),
    ("?zscLkFxvyTYP", 0.61, 0.74),
    ("KZBAVXCRUNHDG&OQ", 0.79, 0.88),
    ("w+×M", 0.87, 1.0),
    ("m%W…", 1.0, 1.11),
)


_EMS = {ch: (p / 2048, b / 2048) for ch, p, b in zip(CHARS, PLAIN, BOLD, strict=True)}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` drawn ``size`` pixels high in BOARD_FONT (a character it lacks,
    drawn in another font, as ``any_font_width`` measures it)."""
    k = 1 if bold else 0
    em = 0.0
    for ch in text:
        w = _EMS.get(ch)
        em += any_font_width(ch, 1, bold) if w is None else w[k]
    return em * size


def any_font_width(text: str, size: float, bold: bool = False) -> float:
    """A safe estimate of the width of ``text`` drawn ``size`` pixels high in any usual
    sans-serif font (the words of a page: each browser picks their font)."""
    em = 0.0
    for ch in text:
        for chars, plain, heavy in _WIDTHS:
            if ch in chars:
                em += heavy if bold else plain
                break
        else:
            usual = ch in "ES" or (ch.isascii() and (ch.islower() or ch.isdigit()))
            em += (0.72 if bold else 0.64) if usual else (1.11 if bold else 1.0)
    return em * size


def fit(text: str, room: float, size: float = MIN_TEXT, bold: bool = False) -> str:
    """``text`` cut (with "…") to fit ``room`` pixels."""
    if text_width(text, size, bold) <= room:
        return text
    while text and text_width(text + "…", size, bold) > room:
        text = text[:-1].rstrip()
    return text + "…" if text else ""


def fit_name(name: str, room: float, size: float = MIN_TEXT, bold: bool = False) -> str:
    """A ship's ``name`` to fit ``room`` pixels: whole, else with its first word as an initial
    ("D. of York", "P. of Wales", "A. Hipper"), cut with "…" if that is still too wide. Cut
    alone, "Duke of…", "Prince of…" and "Conte di…" said nothing of which ship it was."""
    if text_width(name, size, bold) <= room:
        return name
    return fit(initialled(name), room, size, bold)


def initialled(name: str) -> str:
    """A ship's ``name`` with its first word as an initial ("D. of York"), or as it is when
    it is one word."""
    first, _, rest = name.partition(" ")
    return f"{first[0]}. {rest}" if rest and first[:1].isupper() else name


__all__ = [
    "BOARD_FONT",
    "MIN_TEXT",
    "any_font_width",
    "fit",
    "fit_name",
    "initialled",
    "text_width",
]
