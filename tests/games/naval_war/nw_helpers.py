"""Helpers for the Naval War tests: exact positions built as States, and Matches from them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import pytest

from navalkit import IllegalActionError, Match
from navalkit.games.naval_war import CARDS, SHIPS
from navalkit.games.naval_war.config import Config
from navalkit.games.naval_war.game import NavalWar
from navalkit.games.naval_war.mechanics.damage import evolve, sort_fleet
from navalkit.games.naval_war.mechanics.sequence import fresh_round
from navalkit.games.naval_war.state import ACT, State


def ship(name: str) -> int:
    """A ship's id by name."""
    return next(s.id for s in SHIPS if s.name == name)


def card(kind: int, gun: int = 0, value: int | None = None, nth: int = 0) -> int:
    """The ``nth`` play card of ``kind`` (and gun size / value when given)."""
    found = [
        c.id
        for c in CARDS
        if c.kind == kind and (gun == 0 or c.gun == gun) and (value is None or c.value == value)
    ]
    return found[nth]


def position(
    fleets: Sequence[Sequence[str]],
    hands: Sequence[Sequence[int]] = (),
    *,
    seat: int = 0,
    phase: int = ACT,
    config: Mapping[str, Any] | None = None,
    **changes: Any,
) -> State:
    """A position in play: ``fleets`` by ship name, ``hands`` by card id, the rest in the decks.

    Cards named in ``changes`` (salvos, mines, smoke, pending, ...) are taken out of the deck.
    """
    n = len(fleets)
    base = fresh_round(Config(**(config or {})), n, n - 1, 1, (0,) * n, ())
    fl = tuple(sort_fleet([ship(x) for x in f]) for f in fleets)
    named = [s for f in fl for s in f]
    assert len(named) == len(set(named)), "a ship is in two fleets"
    hd = tuple(tuple(h) for h in hands) + ((),) * (n - len(hands))
    used_ships = (
        {s for f in fl for s in f}
        | set(changes.get("lost", ()))
        | {s for sunk in changes.get("sunk", ((),) * n) for s in sunk}
    )
    used = {c for h in hd for c in h}
    for on in changes.get("salvos", ()):
        for c, extra in on:
            used |= {c, *extra}
    for m in changes.get("mines", ()):
        used |= {c for c, _ in m}
    used |= {c for c in changes.get("smoke", ()) if c >= 0}
    used |= set(changes.get("ds_salvos", ())) | set(changes.get("discard", ()))
    if changes.get("pending", -1) >= 0:
        used.add(changes["pending"])
    if changes.get("ds_owner", -1) >= 0:
        from navalkit.games.naval_war.data import SQUADRON_CARD

        used.add(SQUADRON_CARD)
    fields: dict[str, Any] = {
        "fleets": fl,
        "hands": hd,
        "seat": seat,
        "phase": phase,
        "opening": False,
        "turns": (1,) * n,
        "dealt": 10 * n,
        "cleared": n,
        "deck": tuple(c for c in base.deck if c not in used),
        "harbor": tuple(s for s in base.harbor if s not in used_ships),
    }
    fields.update(changes)
    return evolve(base, fields)


class _FromPosition(NavalWar):
    start: ClassVar[State]

    def initial_state(self, config: Config, players: int) -> State:
        return self.start


def match_at(state: State, chance: Sequence[Any] = ()) -> Match:
    """A Match whose game starts at ``state`` (``chance`` scripts cards and dice)."""
    game = type("NavalWarAt", (_FromPosition,), {"start": state})()
    return Match(game, state.config, state.n, seed=0, chance=chance)


def refused(m: Match, action: Any, rule: str) -> IllegalActionError:
    """``action`` is refused under ``rule`` and the match is left exactly as it was."""
    state, events, text = m.state, m.events, m.to_json()
    with pytest.raises(IllegalActionError) as info:
        m.apply(action)
    assert info.value.rule_id == rule, f"refused under {info.value.rule_id}: {info.value.reason}"
    assert info.value.reason
    assert m.state is state and m.events == events and m.to_json() == text
    return info.value
