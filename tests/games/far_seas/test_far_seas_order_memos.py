"""The German order lists, remembered in many ways for speed, answer as a plain count would."""

from __future__ import annotations

import random

import navalkit
from navalkit.games.far_seas import data
from navalkit.games.far_seas.actions import Order
from navalkit.games.far_seas.mechanics import orders
from navalkit.games.far_seas.mechanics.allied_positions import fleet, squadron_ships
from navalkit.games.far_seas.mechanics.sequence import at_sea_germans
from navalkit.games.far_seas.state import CONVOY, GERMAN, MOVED, RIVER_BOX, WATCH, State


def _plain_orders(state: State) -> list[Order]:
    """FS-GER-MOVE and the rules it names, listed the slow way (no memo, no table)."""
    at = fleet(state).at
    left = [g for g in at_sea_germans(state.box) if g not in state.acted]
    pool = [g for g in left if data.IS_AMC[g]] or left
    units = [(g,) for g in pool]
    by_area: dict[int, list[int]] = {}
    for g in pool:
        if state.box[g] != RIVER_BOX:
            by_area.setdefault(state.loc[g], []).append(g)
    units += [tuple(s) for s in by_area.values() if len(s) > 1]
    in_squadrons = squadron_ships(state.squads)
    out: list[Order] = []
    for unit in units:
        first, area = unit[0], state.loc[unit[0]]
        may_hold = bool(state.moved) or len(left) > len(unit)
        if state.box[first] == RIVER_BOX:
            mine = []
            if not (first in state.river_found and at[WATCH]):
                mine.append(Order(unit, "leave", data.RUFIJI_AREA))
            if may_hold or not mine:
                mine.append(Order(unit, "hold", area))
            out += mine
            continue
        surprise = not state.surprise_turn and all(
            g not in state.surprised
            and g not in state.discovered
            and state.damage[g] < data.HALF[g]
            for g in unit
        )
        for to in orders.DESTS[area]:
            out.append(Order(unit, "move", to))
            out += [
                Order(unit, "raid", to, st) for st in data.STATIONS_IN[to] if st not in state.raided
            ]
            if to in at[CONVOY]:
                out.append(Order(unit, "convoy", to))
            if surprise and to in at[MOVED]:
                cap = data.SHIPS[first].cls.capacity + 1
                out += [
                    Order(unit, "surprise", to, s)
                    for s in at[MOVED][to]
                    if len(unit) > 1
                    or (data.SHIPS[s].cls.capacity <= cap and s not in in_squadrons)
                ]
        if area in data.PANAMA:
            out.append(
                Order(unit, "panama", data.PANAMA[1] if area == data.PANAMA[0] else data.PANAMA[0])
            )
        river_ship = len(unit) == 1 and data.SHIPS[first].name in data.RIVER_SHIPS
        if (
            river_ship
            and area == data.RUFIJI_AREA
            and RIVER_BOX not in state.box[: data.FIRST_ALLIED]
        ):
            out.append(Order(unit, "river", data.RIVER))
        if area == data.HOME_AREA:
            out.append(Order(unit, "home", area))
        if area in data.NEUTRAL and all(data.SHIPS[g].cls.code == "AMC" for g in unit):
            out.append(Order(unit, "intern", area))
        if may_hold:
            out.append(Order(unit, "hold", area))
    return out


def test_german_orders_match_a_plain_count() -> None:
    rng = random.Random(3)
    seen: list[State] = []
    for seed in range(12):
        match = navalkit.new_match("far_seas", seed=seed)
        while not match.is_over:
            state = match.state
            if state.phase == GERMAN:
                expected = _plain_orders(state)
                assert list(orders.german_orders(state)) == expected
                assert list(orders.german_orders(state)) == expected  # asked again: the memos
                assert [
                    o for u in orders.german_units(state) for o in orders.unit_orders(state, u)
                ] == expected
                seen.append(state)
            match.apply(rng.choice(match.legal_actions()))
    # positions asked out of order, long after: the memos never answer for another position
    for state in rng.sample(seen, 200):
        assert list(orders.german_orders(state)) == _plain_orders(state)
