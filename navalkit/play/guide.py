"""What a page tells a student about a game beside its board, as HTML: its How to play and
its rules with where each comes from. The Voila pages (a play page, a seat at a table:
``navalkit.widgets.panels``) and the server-free site (``navalkit.site.build``) show the same
words, built here; pure text, so the site builds them without any widget."""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import urlsplit

from navalkit.core.clauses import PROVENANCE_MEANING
from navalkit.core.protocol import day_words
from navalkit.play.how_to import how_to_play_text

__all__ = [
    "BADGE",
    "HOW_TO_TITLE",
    "IN_FORCE_TITLE",
    "RULES_TITLE",
    "RULE_CLASS",
    "RULE_SOURCES",
    "SEED_LABEL",
    "SEED_TIP",
    "badge",
    "choice_label",
    "clauses_html",
    "how_to_play_html",
    "provenance_html",
    "sources_html",
    "versions_html",
]

BADGE = {"SEED": "#2e7d32", "SRC": "#1f4e9c", "HOUSE": "#ef8f00"}

#: the title of the section under the board that says how to play (Game.how_to_play)
HOW_TO_TITLE = "How to play"
#: the folded section of every rule with where it comes from (:func:`clauses_html`)
RULES_TITLE = "Rules and where they come from"
#: the folded section of the settings a game is played with (a play page, a seat at a table
#: and the server-free site name it alike)
IN_FORCE_TITLE = "Settings in force"
#: the box of the number a game's chance comes from, its seed (a Voila page's, and the
#: site's teacher's): "Seed:" read as the original rules text, which the pages call the seed
SEED_LABEL = "Game number:"
SEED_TIP = (
    "The same number deals the same cards and rolls the same dice: another number, another game"
)
#: where a rule comes from, in words (what the rules panel's badges mean)
RULE_SOURCES = (
    "the original rules text (SEED), a public source (SRC), or our own reconstruction where "
    "both are silent (HOUSE)"
)


def badge(provenance: str, title: str | None = None) -> str:
    """A provenance's badge ("HOUSE" on orange), what it means when a pointer rests on it, or
    ``title`` ("": none, for a badge inside words that have their own)."""
    colour = BADGE.get(provenance, "#555")
    tip = html.escape(PROVENANCE_MEANING.get(provenance, "") if title is None else title)
    said = f' title="{tip}"' if tip else ""
    return (
        f'<span{said} style="background:{colour};color:#fff;border-radius:3px;'
        f'padding:0 4px;font-size:85%">{html.escape(provenance)}</span>'
    )


def provenance_html(provenance: str) -> str:
    """Where a rule or a setting comes from, shown: its badge, then what that means in words
    ("HOUSE our reconstruction where the sources are silent; a teacher may switch it"), as the
    rules panel's key says it and the settings forms say it beside each setting."""
    return f"{badge(provenance)} {html.escape(PROVENANCE_MEANING.get(provenance, ''))}"


def how_to_play_html(game: Any, page: str, more: str = "") -> str:
    """The game's How to play as ``page`` shows it (``how_to_play_text``), then the page's
    own words ``more`` (HTML paragraphs), at a reading width (a line of 200 letters across a
    wide screen is hard to follow); "" if the game says nothing."""
    kept = how_to_play_text(game, page)
    return f"<div style='max-width: 48em'>{kept}{more}</div>" if kept else ""


#: the class of each rule's block in the rules panel (:func:`clauses_html`)
RULE_CLASS = "navalkit-rule"
#: a rule's id in the rules panel: small and grey, a reference beside its title, never cut
#: in two at its hyphens ("BB-" at the end of one line, "CUIR-EQUERRE" on the next)
_ID_STYLE = "font-size:80%;color:#5d6b78;white-space:nowrap"


def clauses_html(game: Any) -> str:
    """The rules panel: the key of the provenances in words, then every rule, one block each
    (a :data:`RULE_CLASS` div): its provenance's badge with what it means in words and its id
    (small, a reference), then its title and words, and under them its source (the seed's
    line, the public source, or our reasoning), all at a reading width; then the sources
    cited and the versions of the rules. Every text escaped.

    Each rule is a block of lines, not a row of a table: on a phone a table's id column took
    a third of the width ("FS-" over "MERCHANTS") and the words wrapped at three per line, and a
    badge's meaning behind a tooltip never shows on a touch screen. The Voila pages and the
    server-free site show this very HTML (the site restyled a table and added the meanings
    with a script)."""
    rows = "".join(
        f"<div class='{RULE_CLASS}' style='border-top:1px solid #e3e8ee;padding:0.4em 0'>"
        f"<div>{badge(c.provenance, '')} <span style='color:#3b4b5a;font-size:90%'>"
        f"{html.escape(PROVENANCE_MEANING.get(c.provenance, ''))}</span> "
        f"<code style='{_ID_STYLE}'>{html.escape(c.id)}</code></div>"
        f"<div><b>{html.escape(c.title)}</b>: {html.escape(c.text)}"
        f"<br><small style='color:#5d6b78'>{html.escape(c.source)}</small></div></div>"
        for c in game.clauses
    )
    legend = " ".join(provenance_html(p) for p in PROVENANCE_MEANING)
    return (
        f"<div style='line-height:1.4;overflow-wrap:break-word;max-width:50em'>"
        f"<p>{legend}</p>{rows}</div>"
        f"{sources_html(game)}{versions_html(game)}"
    )


def sources_html(game: Any) -> str:
    """The public sources the rules cite by code ("[W2]"), each in words and with its
    address: a teacher can judge and read what a rule rests on ("" when none is cited)."""
    cited = game.clauses.cited()
    if not cited:
        return ""
    items = "".join(
        f"<li>[{html.escape(code)}] {html.escape(s.words)}"
        + (
            f" (<a href='{html.escape(s.url)}' target='_blank' rel='noopener'>"
            f"{html.escape(urlsplit(s.url).hostname or s.url)}</a>)"
            if s.url
            else ""
        )
        + "</li>"
        for code, s in cited.items()
    )
    return f"<p><b>The sources in brackets</b></p><ul>{items}</ul>"


def versions_html(game: Any) -> str:
    """Which version of the rules these are, and what each version changed, newest first (a
    save made under an older version goes on under this one if its moves still fit)."""
    items = "".join(
        f"<li><b>Version {html.escape(v.number)}</b> ({html.escape(day_words(v.date))}): "
        f"{html.escape(v.changes)}</li>"
        for v in reversed(game.rules_history)
    )
    return f"<p><b>Versions of these rules</b> (this is the latest)</p><ul>{items}</ul>"


def choice_label(game: Any) -> str:
    """The label of the list of what is picked before clicking (``ui_choices``): the game's
    own (Naval War's "Attack:"), else "Place:" (Branle-Bas' ships to place). Every page says
    the same, as their How to play does."""
    return str(getattr(game, "ui_choice_label", "Place:"))
