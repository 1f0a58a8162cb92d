"""Last Buoy's tables: what a real game copies from its rule text (boards, decks, rosters).

Buoys are named from the open end of the row, where they are swept: ``b1`` is the last buoy
of the row, ``b2`` the one before it, and so on. Clicking ``b3`` sweeps ``b1`` to ``b3``.
"""

from __future__ import annotations

#: the captains, by seat
SIDES = ("Red captain", "Blue captain")


def buoy_name(from_end: int) -> str:
    """The name of the buoy ``from_end`` places from the open end (1 is the last one)."""
    return f"b{from_end}"


def buoy_number(name: str) -> int:
    """How far from the open end the buoy called ``name`` is; ValueError if no buoy is."""
    if not (name.startswith("b") and name[1:].isdigit() and int(name[1:]) >= 1):
        raise ValueError(f"{name!r} is not a buoy (buoys are called b1, b2, ...)")
    return int(name[1:])
