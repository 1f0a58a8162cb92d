"""What a click on a board region means: a move, a step of one, or a refusal to explain.

A game says which regions are clicked, in order, to play each action (``action_path``); a
click is judged against the legal actions' paths. The rules stay the judge: a path that
starts no legal action is handed back to the game (``action_at``) so the Match can refuse it
with the rule's own words, or (``ui_hint``) explained when it means no action at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

ClickKind = Literal["play", "extend", "judge", "hint"]


@dataclass(frozen=True, slots=True)
class Click:
    """The meaning of one click.

    - ``play``: ``action`` is legal and complete: play it;
    - ``extend``: ``path`` starts legal actions: keep it as the half-made move;
    - ``judge``: ``action`` is what the player means but the rules will refuse it: offer it to
      the Match, which raises ``IllegalActionError`` with the rule and the reason;
    - ``hint``: the click means no action; ``hint`` says why and ``path`` is kept, so that a
      second click is judged by the rules.
    """

    kind: ClickKind
    path: tuple[str, ...] = ()
    action: Any = None
    hint: str = ""


def _starting(game: Any, legal: Sequence[Any], full: tuple[str, ...]) -> list[Any]:
    return [a for a in legal if game.action_path(a)[: len(full)] == full]


def resolve_click(
    game: Any,
    state: Any,
    legal: Sequence[Any],
    path: tuple[str, ...],
    region: str,
    prefix: tuple[str, ...] = (),
) -> Click:
    """Judge a click on ``region`` after the half-made ``path``.

    ``legal`` are the actions the clicking player may play; ``prefix`` is an option chosen
    before clicking (``game.ui_choices``), if any. A click that continues no legal path is
    tried as the first click of a new one.
    """
    for tried in ((*path, region), (region,)):
        full = prefix + tried
        starts = _starting(game, legal, full)
        exact = [a for a in starts if len(game.action_path(a)) == len(full)]
        if exact:
            return Click("play", action=exact[0])
        if starts:
            return Click("extend", path=tried)
    full = (*prefix, *path, region)
    candidate = game.action_at(state, full)
    if candidate is not None:
        return Click("judge", action=candidate)
    keep = (region,) if len(full) == len(prefix) + 1 else ()
    return Click("hint", path=keep, hint=str(game.ui_hint(state, full)))


def next_steps(game: Any, legal: Sequence[Any], full: tuple[str, ...]) -> tuple[str, ...]:
    """The regions that may be clicked next after the half-made path ``full`` (sorted)."""
    return tuple(
        sorted(
            {
                p[len(full)]
                for a in legal
                if (p := game.action_path(a))[: len(full)] == full and len(p) > len(full)
            }
        )
    )


def typed_path(text: str) -> tuple[str, ...]:
    """The squares of a typed move (``"j5 j7"``, ``"j5-j7"``, ``"j5 → j7"``), lower-cased."""
    words = text.replace("-", " ").replace("→", " ").replace(",", " ").split()
    if not words:
        raise ValueError("Type the places of a move first (the list of legal moves shows them).")
    return tuple(x.lower() for x in words)


#: a typed place on a board (``j5``, ``s13``): what a player would type, unlike ``hand:m400``
_PLACE = re.compile(r"^[a-z]{1,2}\d{1,2}$")


def words_of(text: str) -> list[str]:
    """A move's words as they are matched against what a player typed: lower case, ``×`` as
    ``x``, no punctuation (a number's thousands commas too: "10,000" is "10 000")."""
    return [part for word in _typed_words(text) for part in word.split(",")]


def typed_example(game: Any, state: Any, legal: Sequence[Any], prefix: tuple[str, ...] = ()) -> str:
    """How a move is typed in this game: the places of its first legal move when they are
    plain board places (``"h3 h4"`` in Branle-Bas; after ``prefix``, the option picked before
    clicking, such as the ship to place), otherwise a legal move in words (the shortest of
    those the page lists first: see Game.listed_last); "" when nothing can be typed."""
    for action in legal:
        path = tuple(game.action_path(action) or ())
        if prefix and path[: len(prefix)] == prefix:
            path = path[len(prefix) :]
        if game.typed_places and path and all(_PLACE.match(p) for p in path):
            return " ".join(path)
    # the shortest of the moves a page lists first: Far Seas' "pass move no ship" and Nautic
    # Miles' "discard a cruiser" were the shortest, an example of what nobody means to play
    meant = [a for a in legal if not game.listed_last(state, a)] or legal
    described = [" ".join(_typed_words(str(game.describe(state, a)))) for a in meant]
    return min((d for d in described if d), key=len, default="")


def _typed_words(text: str) -> list[str]:
    """A move's words as an example of typing it: lower case, ``×`` as ``x``, no punctuation
    but a number's thousands commas, as the list of legal moves writes it ("10,000", not
    "10 000"; typed either way, it is the same move: see :func:`words_of`)."""
    text = text.lower().replace("×", "x")
    return re.sub(r"(?!(?<=\d),(?=\d))[^a-z0-9/ ]+", " ", text).split()


def _by_words(game: Any, state: Any, legal: Sequence[Any], text: str) -> Any:
    """The legal move a player means by words (``"discard a cruiser"``, ``"play 400 miles"``):
    the one whose description is exactly those words, else the only one containing them all;
    None when no move does, ValueError naming a few when several do."""
    typed = words_of(text)
    if not typed:
        return None
    found = []
    for a in legal:
        words = words_of(str(game.describe(state, a)))
        if words == typed:
            return a
        if all(w in words for w in typed):
            found.append((words, a))
    if len(found) == 1:
        return found[0][1]
    if found:
        some = "; ".join(" ".join(w) for w, _ in found[:3])
        raise ValueError(
            f"{len(found)} moves fit {text!r} (for example: {some}). Type more of the move."
        )
    return None


def typed_action(
    game: Any, state: Any, legal: Sequence[Any], full: tuple[str, ...], text: str
) -> Any:
    """The action a typed path means: a legal one if it is complete, else what the rules will
    judge; failing that, a legal move named in words (see :func:`_by_words`); ValueError (with
    the game's hint) when it means no action at all."""
    for a in legal:
        if game.action_path(a) == full:
            return a
    candidate = game.action_at(state, full)
    if candidate is None:
        candidate = _by_words(game, state, legal, text)
    if candidate is None:
        raise ValueError(f"{text!r} is not a move here: {game.ui_hint(state, full)}")
    return candidate
