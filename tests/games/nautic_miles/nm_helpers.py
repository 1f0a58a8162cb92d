"""Build Nautic Miles positions by hand for scenario tests (every card still accounted for)."""

from __future__ import annotations

from typing import Any

from navalkit.games.nautic_miles import GAME, rules
from navalkit.games.nautic_miles.data import ALL_CARDS, BY_KEY, KIND
from navalkit.games.nautic_miles.state import NONE, PLAY, Convoy, State


class Pool:
    def __init__(self) -> None:
        self.cards = list(ALL_CARDS)

    def take(self, key: str) -> int:
        kind = BY_KEY[key]
        card = next(c for c in self.cards if KIND[c] == kind)
        self.cards.remove(card)
        return card


def convoy(pool: Pool, key: str, miles: tuple[str, ...] = (), **marks: Any) -> Convoy:
    """A convoy of ``key`` with mile cards; marks: alert/storm/neutral/radar=True, mine_by,
    plane_by=seat."""
    mc = tuple(pool.take(m) for m in miles)
    total = sum(int(m[1:]) for m in miles)
    cv = Convoy(pool.take(key), total, mc, fast=any(int(m[1:]) > 600 for m in miles))
    for flag in ("alert", "storm", "neutral", "radar"):
        if marks.get(flag):
            card = pool.take({"neutral": "neutral_flag"}.get(flag, flag))
            cv = cv._replace(**{flag: card})
    if "mine_by" in marks:
        cv = cv._replace(mine=pool.take("mine"), mine_by=marks["mine_by"])
    if "plane_by" in marks:
        cv = cv._replace(plane=pool.take("plane"), plane_by=marks["plane_by"])
    return cv


def table(
    hands: dict[int, list[str]],
    rows: dict[int, list[tuple[Any, ...]]] | None = None,
    *,
    ports: dict[int, list[tuple[Any, ...]]] | None = None,
    players: int = 2,
    seat: int = 0,
    pile: bool = True,
    **config: Any,
) -> State:
    """A position in a round: ``rows`` map a side to convoy specs ``(key, miles, marks)``."""
    state = rules.initial_state(GAME.make_config(**config), players)
    pool = Pool()
    hs = tuple(tuple(sorted(pool.take(k) for k in hands.get(p, []))) for p in range(players))
    rs = []
    for s in range(state.sides):
        specs = (rows or {}).get(s, [])
        rs.append(
            tuple(convoy(pool, sp[0], *sp[1:2], **(sp[2] if len(sp) > 2 else {})) for sp in specs)
        )
    ps = []
    for s in range(state.sides):
        specs = (ports or {}).get(s, [])
        ps.append(tuple(convoy(pool, sp[0], *sp[1:2]) for sp in specs))
    left = tuple(sorted(pool.cards)) if pile else ()
    discard = () if pile else tuple(sorted(pool.cards))
    return state._replace(
        phase=PLAY,
        seat=seat,
        deal_left=0,
        pile=left,
        hands=hs,
        rows=tuple(rs),
        ports=tuple(ps),
        discard=discard,
    )


def cards_of(state: State) -> list[int]:
    """Every card of the state, wherever it lies."""
    out = [*state.pile, *(c for h in state.hands for c in h), *state.discard]
    for row in (*state.rows, *state.ports):
        for cv in row:
            out.extend(cv.cards())
    out.extend(c for caps in state.captures for c, _ in caps)
    return sorted(out)


__all__ = ["NONE", "Pool", "cards_of", "convoy", "table"]


def why(state: State, action: object) -> str | None:
    """The clause that refuses ``action`` (None: it is legal)."""
    v = GAME.violation(state, action)
    return None if v is None else v.rule_id


def go(state: State, action: object) -> State:
    """Play a legal action (and only a legal one)."""
    assert why(state, action) is None, GAME.violation(state, action)
    assert action in GAME.legal_actions(state)
    return GAME.apply(state, action)  # type: ignore[arg-type]
