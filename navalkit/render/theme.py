"""Named colour sets for drawing: ``draw(observation, theme) -> Scene`` reads colours from here.

Colours are CSS strings in ``#rrggbb`` form, which both the SVG and the ipycanvas adapter accept
(ipycanvas validates colours with the ipywidgets ``Color`` trait).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .text import BOARD_FONT


@dataclass(frozen=True, slots=True)
class Theme:
    """A frozen palette: board colours, text colours, state colours and one colour per player."""

    name: str
    background: str
    sea: str
    sea_alt: str
    land: str
    grid: str
    text: str
    text_muted: str
    highlight: str
    selection: str
    players: tuple[str, ...]
    danger: str
    ok: str
    warning: str
    hit: str
    miss: str
    font: str = BOARD_FONT
    line_width: float = 1.0

    def __post_init__(self) -> None:
        if not self.players:
            raise ValueError("a theme needs at least one player colour")
        object.__setattr__(self, "players", tuple(self.players))

    def player(self, index: int) -> str:
        """The colour of player ``index`` (0-based), cycling when players outnumber colours."""
        return self.players[index % len(self.players)]

    def colors(self) -> dict[str, str]:
        """Every single-colour field by name (players excluded): handy for legends and tests."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name not in {"name", "players", "font", "line_width"}
        }


CLASSIC = Theme(
    name="classic",
    background="#f4efe1",
    sea="#cfe3f0",
    sea_alt="#bdd7ea",
    land="#d8c9a3",
    grid="#5b7a99",
    text="#1b2a3a",
    text_muted="#5d6b78",
    highlight="#f2c14e",
    selection="#e07a1f",
    # nine seats (Naval War seats up to nine players), each colour distinct
    players=(
        "#1f4e9c",
        "#b22222",
        "#2e7d32",
        "#6a1b9a",
        "#c26a00",
        "#00838f",
        "#ad1457",
        "#5d4037",
        "#37474f",
    ),
    danger="#c62828",
    ok="#2e7d32",
    warning="#ef8f00",
    hit="#d84315",
    miss="#ffffff",
)
"""Parchment-and-sea colours, the default."""

HIGH_CONTRAST = Theme(
    name="high_contrast",
    background="#000000",
    sea="#000000",
    sea_alt="#1a1a1a",
    land="#7a5c00",
    grid="#ffffff",
    text="#ffffff",
    text_muted="#dddddd",
    highlight="#ffff00",
    selection="#00ffff",
    players=(
        "#00bfff",
        "#ff6ec7",
        "#7cfc00",
        "#ffa500",
        "#ffff00",
        "#ffffff",
        "#ff4500",
        "#00ffff",
        "#da70d6",
    ),
    danger="#ff4040",
    ok="#7cfc00",
    warning="#ffa500",
    hit="#ff4040",
    miss="#ffffff",
    line_width=2.0,
)
"""Black background, bright strokes and thicker lines, for projectors and low vision."""

THEMES: dict[str, Theme] = {t.name: t for t in (CLASSIC, HIGH_CONTRAST)}
"""The built-in themes by name."""

DEFAULT_THEME = CLASSIC


def get_theme(theme: str | Theme | None = None) -> Theme:
    """Resolve a theme: ``None`` gives the default, a name is looked up, a Theme passes through."""
    if theme is None:
        return DEFAULT_THEME
    if isinstance(theme, Theme):
        return theme
    try:
        return THEMES[theme]
    except KeyError:
        known = ", ".join(sorted(THEMES))
        raise ValueError(f"unknown theme {theme!r}; choose one of: {known}") from None
