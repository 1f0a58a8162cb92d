"""Naval War settings. Each switch names its provenance and the rule it changes."""

from __future__ import annotations

from dataclasses import dataclass

from navalkit.core.config import setting


@dataclass(frozen=True, slots=True)
class Config:
    """How to play: the seed's rules, with the optional and house rules a teacher may switch."""

    goal: int = setting(
        100,
        provenance="SEED",
        label="Points to win",
        choices=(100, 75, 50),
        rule="NW-GOAL",
        help="Play rounds until someone has at least this many points at the end of a round: "
        "100 (the remembered rules), 75 (the World Boardgaming Championships' tournament option), "
        "or 50 "
        "for a short classroom game.",
    )
    kamikaze: bool = setting(
        False,
        provenance="SEED",
        label="Kamikaze attacks",
        rule="NW-KAMIKAZE",
        help="The optional Kamikaze rule: Japanese carriers may strike on a 1 or 2, then sit "
        "out one turn (a miss) or the die roll + 1 turns (a hit).",
    )
    clearout_start: str = setting(
        "left",
        provenance="SEED",
        label="Who clears red cards first",
        choices=("left", "dealer"),
        words={"left": "dealer's left", "dealer": "the dealer"},
        rule="NW-CLEAROUT",
        help="Who clears red cards first: the player to the dealer's left (the remembered rules: "
        "'Starting with first player to the dealer's left') or the dealer (a published "
        "description of the game's opening).",
    )
    nine_deal: int = setting(
        5,
        provenance="SEED",
        label="Cards dealt with nine players",
        choices=(5, 4),
        rule="NW-DEAL-NINE",
        help="How many ship cards and play cards each player is dealt when nine play: 5 and 5 "
        "(the remembered rules deal 'five card starting hand and five card starting fleets' at any "
        "table) or 4 and 4 (a published description of the game: '4 and 4 in a 9-player "
        "game').",
    )
    smoke_blocks_air: bool = setting(
        True,
        provenance="HOUSE",
        label="Smoke stops air strikes",
        rule="NW-SMOKE-AIR",
        help="Smoke also screens a fleet from air strikes (our rules summary's reading; the "
        "remembered rules are silent). Off: aircraft fly over the smoke.",
    )
    mine_credit: str = setting(
        "layer",
        provenance="HOUSE",
        label="Who scores a mined ship",
        choices=("layer", "nobody"),
        words={"layer": "the minelayer"},
        rule="NW-MINE-CREDIT",
        help="Who scores a ship sunk by a minefield: the player who laid it, or nobody.",
    )
    # 20: a stop so that every game ends, not a way to pick the winner. At 8 (its old
    # default) it ended 11 of 40 nine-player games between greedy players, and 19 of 20
    # between random ones, before anyone had the seed's 100 points (dealt 4 and 4, as
    # version 2 dealt nine players); in those runs games took at most 10 rounds (greedy) and
    # 14 (random). Dealt 5 and 5, 20 random nine-player games took at most 15 rounds.
    max_rounds: int = setting(
        20,
        provenance="HOUSE",
        label="Most rounds in a game",
        low=1,
        high=50,
        rule="NW-LIMIT",
        help="The rules have no limit on rounds; we stop after this many so every game ends "
        "(far more than a game to 100 points takes). The highest total then wins. Set fewer "
        "for a lesson's length.",
    )
