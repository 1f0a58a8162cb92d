"""End-of-game scoring, item by item (rules BB-VICTORY, BB-TRIUMPH-SCORE, BB-DRAW).

One pure function serves the engine and the scoring calculator explainer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..data import AMIRAL, SQUADRON_VALUE, value

VICTORY_BONUS = 500  # SEED: "la valeur de l'Amiral vaincu et bonification de 500"
PORT_BONUS = 100  # SEED: "Tout navire pénétrant au Port adverse est bonifié d'une prime de 100"


@dataclass(frozen=True, slots=True)
class Tally:
    """What one side has at the end: kinds (piece codes) in each place."""

    sunk: Sequence[int] = ()  # enemy ships this side sank
    in_enemy_port: Sequence[int] = ()  # own ships inside the enemy port
    at_sea: Sequence[int] = ()  # own ships afloat on the board, outside neutral ports
    in_neutral: Sequence[int] = ()  # own ships resting in neutral ports
    lost: Sequence[int] = ()  # own ships lost in enemy nets (BB-NET: sunk, scoring for nobody)


def _worth(kinds: Sequence[int]) -> int:
    return sum(value(k) for k in kinds)


def score_items(
    result: str, winner: int | None, tallies: Sequence[Tally], triumph_bonus: int = 1000
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """Score items ``(label, points)`` for sides A and B.

    ``result`` is ``triumph``, ``victory`` (the enemy Admiral sunk, or abandoned in a net),
    or anything else for a drawn or unfinished game: gains less losses (rule BB-DRAW).
    """
    items: list[list[tuple[str, int]]] = [[], []]
    if result in ("victory", "triumph") and winner is not None:
        w, lo = winner, 1 - winner
        W, L = tallies[w], tallies[lo]
        if result == "triumph":
            others = [k for k in W.in_enemy_port if k != AMIRAL]
            items[w] = [
                ("1° the whole enemy fleet surrenders", SQUADRON_VALUE),
                (
                    f"2° {len(others)} ship(s) in the enemy port × {PORT_BONUS}",
                    PORT_BONUS * len(others),
                ),
                ("3° the Admiral in the enemy port", triumph_bonus),
                # 'ses navires coulés': those the enemy sank and those lost in his nets,
                # which are 'coulé' too (BB-NET), as a drawn game counts them
                ("4° his own sunk ships recovered", _worth([*L.sunk, *W.lost])),
            ]
            items[lo] = [("his whole fleet surrenders", 0)]
        else:
            items[w] = [
                ("1° enemy ships he sank", _worth([k for k in W.sunk if k != AMIRAL])),
                ("2° enemy ships in neutral ports", _worth(L.in_neutral)),
                ("3° the defeated Admiral + 500", value(AMIRAL) + VICTORY_BONUS),
                (
                    f"4° {len(W.in_enemy_port)} ship(s) in the enemy port × {PORT_BONUS}",
                    PORT_BONUS * len(W.in_enemy_port),
                ),
                (
                    "5° his ships still in play",
                    _worth([*W.at_sea, *W.in_neutral, *W.in_enemy_port]),
                ),
            ]
            items[lo] = [
                (
                    "his ships not sunk",
                    _worth([k for k in [*L.at_sea, *L.in_enemy_port] if k != AMIRAL]),
                ),
                (
                    f"{len(L.in_enemy_port)} ship(s) in the enemy port × {PORT_BONUS}",
                    PORT_BONUS * len(L.in_enemy_port),
                ),
                ("enemy ships he sank", _worth(L.sunk)),
            ]
    else:  # "On comptabilise les gains et pertes, reportés à la partie qui suivra"
        for p in (0, 1):
            t = tallies[p]
            items[p] = [
                ("enemy ships sunk (gains)", _worth(t.sunk)),
                (
                    f"{len(t.in_enemy_port)} ship(s) in the enemy port × {PORT_BONUS}",
                    PORT_BONUS * len(t.in_enemy_port),
                ),
                ("own ships sunk (losses)", -_worth(tallies[1 - p].sunk)),
            ]
            if t.lost:  # a ship lost in a net is 'coulé' too: a loss that is nobody's gain
                items[p].append(("own ships lost in enemy nets (losses)", -_worth(t.lost)))
    return items[0], items[1]


def totals(items: tuple[list[tuple[str, int]], list[tuple[str, int]]]) -> tuple[int, int]:
    return sum(p for _, p in items[0]), sum(p for _, p in items[1])
