"""Calculators behind the explainers: exact odds of each attack, which salvos can fire, how
the Destroyer Squadron's die plays out, and who scores a sunk ship. Pure functions."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from navalkit.core.words import article

from ..clauses import CLAUSES
from ..data import CARD_GUN, CARDS, CARRIER, GUN, GUN_LABEL, HITS, KIND, SALVO, SHIPS, VALUE
from ..state import DS_TARGET, State
from .combat import strike_sinks
from .damage import attackable, card_targets, hits_on, owner_of

ATTACKS = ("air_strike", "kamikaze", "torpedo_boat", "submarine")
ATTACK_RULES = {
    "air_strike": "NW-AIR",
    "kamikaze": "NW-KAMIKAZE",
    "torpedo_boat": "NW-TORPEDO",
    "submarine": "NW-SUBMARINE",
}


def sink_chance(kind: str) -> Fraction:
    """The exact chance one die sinks the target, from :func:`strike_sinks`."""
    return Fraction(sum(strike_sinks(kind, r) for r in range(1, 7)), 6)


def odds_table() -> list[dict[str, object]]:
    """One row per kind of die attack: the winning faces and the exact chance."""
    rows = []
    for kind in ATTACKS:
        faces = [r for r in range(1, 7) if strike_sinks(kind, r)]
        p = sink_chance(kind)
        rows.append(
            {
                "attack": kind,
                "sinks on": ", ".join(map(str, faces)),
                "chance": f"{p.numerator}/{p.denominator}",
                "percent": round(100 * float(p), 1),
                "rule": ATTACK_RULES[kind],
            }
        )
    return rows


def at_least_one(kind: str, strikes: int) -> Fraction:
    """The chance that ``strikes`` attacks of ``kind`` on one ship sink it."""
    return 1 - (1 - sink_chance(kind)) ** strikes


def attack_odds(state: State, attacker: int, ship: int) -> dict[str, Fraction]:
    """For ``attacker`` and an enemy ``ship`` now: the chance each attack would sink it
    (0 where a rule forbids it: own ship, smoke, carriers behind other ships)."""
    owner = owner_of(state, ship)
    out = dict.fromkeys(ATTACKS, Fraction(0))
    if owner < 0 or owner == attacker:
        return out
    reachable = ship in attackable(state.fleets[owner])
    smoke = state.smoke[owner] >= 0
    if reachable:
        out["submarine"] = sink_chance("submarine")
        if not smoke:
            out["torpedo_boat"] = sink_chance("torpedo_boat")
        if not smoke or not state.config.smoke_blocks_air:
            out["air_strike"] = sink_chance("air_strike")
            out["kamikaze"] = sink_chance("kamikaze")
    return out


@dataclass(frozen=True, slots=True)
class SalvoCheck:
    """Can one salvo card in hand be fired now, and why (not)."""

    card: int
    label: str
    can_fire: bool
    reason: str
    targets: int
    sinks: tuple[str, ...]


def salvo_checks(state: State, seat: int) -> list[SalvoCheck]:
    """Each salvo in ``seat``'s hand: fireable (NW-SALVO) and at what, and what it would sink."""
    guns = {GUN[s] for s in state.fleets[seat]}
    out = []
    for card in state.hands[seat]:
        if KIND[card] != SALVO:
            continue
        gun = CARD_GUN[card]
        targets = card_targets(state, seat, card)
        if gun not in guns:
            reason = f"no ship of yours has {GUN_LABEL[gun]} guns ({CLAUSES.cite('NW-SALVO')})"
        elif not targets:
            reason = f"every enemy is behind smoke or has no ships ({CLAUSES.cite('NW-SMOKE')})"
        else:
            reason = f"{article(GUN_LABEL[gun])} {GUN_LABEL[gun]} ship of yours can fire it"
        sinks = tuple(
            SHIPS[t].name
            for t in targets
            if t != DS_TARGET and hits_on(state, t, owner_of(state, t)) + VALUE[card] >= HITS[t]
        )
        out.append(SalvoCheck(card, CARDS[card].label, bool(targets), reason, len(targets), sinks))
    return out


def squadron_captures(fleet: tuple[int, ...], roll: int) -> tuple[int, ...]:
    """The ships a Destroyer Squadron rolling ``roll`` takes from ``fleet``, choosing the most
    points first but carriers only when nothing else is left (NW-DS, NW-CARRIER)."""
    left = list(fleet)
    taken: list[int] = []
    for _ in range(roll):
        if not left:
            break
        choice = max(attackable(tuple(left)), key=lambda s: (HITS[s], -s))
        taken.append(choice)
        left.remove(choice)
    return tuple(taken)


def squadron_table(fleet: tuple[int, ...]) -> list[dict[str, object]]:
    """For each die face: the ships taken and their points; each face has chance 1/6."""
    rows = []
    for roll in range(1, 7):
        taken = squadron_captures(fleet, roll)
        rows.append(
            {
                "roll": roll,
                "ships taken": ", ".join(SHIPS[s].name for s in taken) or "-",
                "points": sum(HITS[s] for s in taken),
                "carriers": sum(1 for s in taken if CARRIER[s]),
            }
        )
    return rows


def squadron_expected(fleet: tuple[int, ...]) -> Fraction:
    """The expected points a Squadron takes from ``fleet`` (one fair die)."""
    return Fraction(sum(sum(HITS[s] for s in squadron_captures(fleet, r)) for r in range(1, 7)), 6)


def sink_credit(hit_number: int, blows: list[tuple[str, int]]) -> tuple[str | None, int]:
    """Who scores a ship of ``hit_number`` hit by ``blows`` (who, hits) in order: the one whose
    blow reaches the hit number (NW-SINK-CREDIT), or None if it is still afloat. Returns
    (scorer, index of the sinking blow); a blow by "minefield" scores for its layer's name."""
    total = 0
    for i, (who, hits) in enumerate(blows):
        total += hits
        if total >= hit_number:
            return who, i
    return None, -1
