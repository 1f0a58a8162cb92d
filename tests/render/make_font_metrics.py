"""Write navalkit/render/font_metrics.py: the advance width of each character the boards may
draw, plain and bold, in the board font (render.text.BOARD_FONT: Arial, or Liberation Sans and
Arimo, made to the very same widths) or in Roboto, which Android draws for Arial: the wider
of the two, so that a label measured fits in either.

    python tests/render/make_font_metrics.py [DIR]

DIR holds the fonts' files, in any folders under it (default /usr/share/fonts/truetype, where
Debian's fonts-liberation and fonts-roboto put them). tests/render/test_text_metrics.py checks
the file against the fonts where they are installed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "navalkit" / "render" / "font_metrics.py"
FONTS = Path("/usr/share/fonts/truetype")

#: the characters measured: printable ASCII, Latin-1's letters and signs, and the few
#: typographic marks the boards write (ellipsis, dashes, quotes, times, arrows, minus)
CHARS = dict.fromkeys(
    [chr(c) for c in range(32, 127)]
    + [chr(c) for c in range(160, 256)]
    + list("…–—‘’“”•×−→←↑↓≤≥½¼¾·")
    + list("ŒœŠšŽžŸ")
)


def widths(path: Path) -> dict[str, int]:
    """Each character's advance in 2048ths of an em (what the font's hmtx holds)."""
    font = TTFont(str(path))
    assert font["head"].unitsPerEm == 2048
    cmap, hmtx = font.getBestCmap(), font["hmtx"]
    return {ch: hmtx[cmap[ord(ch)]][0] for ch in CHARS if ord(ch) in cmap}


def _numbers(name: str, values: list[int]) -> list[str]:
    """``name = (...)``, 16 numbers a line."""
    rows = [", ".join(map(str, values[i : i + 16])) + "," for i in range(0, len(values), 16)]
    return [f"{name} = (", *(f"    {row}" for row in rows), ")"]


def wider(where: Path, *names: str) -> dict[str, int]:
    """Each character's widest advance in the fonts ``names`` (files under ``where``), for the
    characters the first of them has."""
    found = [widths(next(where.glob(f"**/{name}"))) for name in names]
    return {ch: max(f.get(ch, 0) for f in found) for ch in found[0]}


def main(argv: list[str]) -> int:
    where = Path(argv[0]) if argv else FONTS
    plain = wider(where, "LiberationSans-Regular.ttf", "Roboto-Regular.ttf")
    bold = wider(where, "LiberationSans-Bold.ttf", "Roboto-Bold.ttf")
    chars = "".join(ch for ch in CHARS if ch in plain and ch in bold)
    lines = [
        '"""Advance widths of the board font (render.text.BOARD_FONT), in 2048ths of an em.',
        "",
        "Made by tests/render/make_font_metrics.py: each the wider of Liberation Sans (Arial's",
        "widths) and Roboto (what Android draws for Arial); do not edit by hand. ``CHARS[i]``",
        "is ``PLAIN[i]`` wide, or ``BOLD[i]`` in bold.",
        '"""',
        "",
        "# fmt: off",
        "CHARS = (",
        *(f"    {chars[i : i + 40]!r}" for i in range(0, len(chars), 40)),
        ")",
        *_numbers("PLAIN", [plain[ch] for ch in chars]),
        *_numbers("BOLD", [bold[ch] for ch in chars]),
        "# fmt: on",
        "",
    ]
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(chars)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
