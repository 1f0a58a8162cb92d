"""Naval War's immutable state: one frozen, slotted dataclass of tuples.

Ships and play cards are named by their ids in the manifest (:mod:`.data`). A ship's damage
is the salvos on it (each with its Additional Damage cards) plus the minefields in front of
its fleet, so nothing is counted twice and every card is somewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from .config import Config

# Phases. Chance phases: DEAL, REFILL, DRAW, ROLL, SHIP.
DEAL, CLEAR, REFILL, CHOOSE, DRAW, RED, ACT, AIR, ROLL, SHIP, DS_PICK, DS_TAKE, OVER = range(13)
CHANCE_PHASES = frozenset({DEAL, REFILL, DRAW, ROLL, SHIP})
PHASE_NAMES = (
    "deal",
    "clear-out",
    "refill",
    "choose",
    "draw",
    "red card",
    "play",
    "air strikes",
    "die roll",
    "harbor",
    "Destroyer Squadron target",
    "Destroyer Squadron capture",
    "over",
)

#: the target id of the Destroyer Squadron itself (salvos only)
DS_TARGET = 99

#: what a die roll is for
ROLL_AIR, ROLL_TORPEDO, ROLL_SUBMARINE, ROLL_DS = range(4)

Salvo = tuple[int, tuple[int, ...]]  # (salvo card id, additional damage card ids)


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a Naval War game at one moment."""

    config: Config
    n: int
    phase: int
    seat: int  # the seat whose turn (or clear-out step) it is
    round: int
    dealer: int
    totals: tuple[int, ...]  # points from finished rounds
    deck: tuple[int, ...]  # play cards still to draw (a set: order is chance's)
    harbor: tuple[int, ...]  # ship cards still face down
    discard: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    fleets: tuple[tuple[int, ...], ...]  # ship ids per seat, in column order
    salvos: tuple[tuple[Salvo, ...], ...]  # per ship id: the salvos on it
    mines: tuple[tuple[tuple[int, int], ...], ...]  # per seat: (minefield card, layer seat)
    smoke: tuple[int, ...]  # per seat: smoke card id in front of the fleet, or -1
    ds_owner: int  # seat with the Destroyer Squadron in play, or -1
    ds_salvos: tuple[int, ...]  # salvo cards on the Squadron
    sunk: tuple[tuple[int, ...], ...]  # per seat: ships he sank this round
    lost: tuple[int, ...]  # ships sunk by nobody (on arrival, or mines with no credit)
    turns: tuple[int, ...]  # turns each seat has begun this round
    ready_at: tuple[int, ...]  # per ship id: the owner's turn number a carrier may strike again
    dealt: int = 0  # cards dealt so far in the DEAL phase
    cleared: int = 0  # seats finished in the clear-out
    pending: int = -1  # the card being resolved (red card drawn, or card awaiting a die)
    target: int = -1  # its target (ship id, seat, ...)
    strikes: tuple[tuple[int, int, bool], ...] = ()  # (carrier, target, kamikaze), in order
    queue: tuple[int, ...] = ()  # carriers still to designate
    roll_for: int = -1
    ds_victim: int = -1
    ds_left: int = 0
    history: tuple[tuple[int, ...], ...] = ()  # each finished round's points per seat
    winner: int = -1  # set when OVER (-1 for a draw)
    opening: bool = True  # True during the red-card clear-out
