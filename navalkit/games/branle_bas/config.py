"""Branle-Bas settings. Each switch names its provenance and the rule it changes."""

from __future__ import annotations

from dataclasses import dataclass

from navalkit.core.config import setting


@dataclass(frozen=True, slots=True)
class Config:
    """How to play: the seed's rules, with the house rules a teacher may switch."""

    setup: str = setting(
        "free",
        provenance="SEED",
        label="Set-up",
        choices=("free", "standard"),
        words={"standard": "ready-made"},
        rule="BB-SETUP",
        help="'free': each player places his 19 ships himself, hidden until both are ready "
        "(the French rule sheet's 'pleine liberté et initiative de chaque joueur'); 'ready-made': "
        "our "
        "deployment, so that a lesson's game starts at once.",
    )
    first_player: str = setting(
        "lot",
        provenance="SEED",
        label="Who moves first",
        choices=("lot", "A", "B"),
        words={"lot": "by lot", "A": "A (south)", "B": "B (north)"},
        rule="BB-HONNEUR",
        help="Who moves first: drawn by lot (the French rule sheet's 'tirage au sort'), or fixed "
        "for a lesson.",
    )
    triumph_bonus: int = setting(
        1000,
        provenance="HOUSE",
        label="Triumph bonus",
        choices=(1000, 100),
        rule="BB-TRIUMPH-SCORE",
        help="The Admiral's bonus for a Triumph: 1,000 as the Port section says, or 100 as "
        "the scanned copy of the Triumph section reads ('I00').",
    )
    wrecks: str = setting(
        "stay",
        provenance="HOUSE",
        label="A ship sunk in a net",
        choices=("stay", "remove"),
        rule="BB-WRECK",
        help="'stay': a ship sunk on a net stays there turned over as a wreck and blocks the "
        "square (our reading of 'le pion est retourné'); 'remove': it leaves the board at once "
        "(as our first summary of the rules proposed).",
    )
    touch_move: bool = setting(
        True,
        provenance="SEED",
        label="A touched piece must be played",
        rule="BB-TOUCH",
        help="'Pion touché, pion joué': when on, a turn starts by touching a piece, which must "
        "then move (or the Admiral moves one square, or the turn is lost).",
    )
    max_plies: int = setting(
        300,
        provenance="HOUSE",
        label="Moves before time is up",
        low=20,
        high=5000,
        rule="BB-TIME",
        help="The French rule sheet limits a game to 100 minutes; we end it after this many moves "
        "and score "
        "it as a drawn game.",
    )
