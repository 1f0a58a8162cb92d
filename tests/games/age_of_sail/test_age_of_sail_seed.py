"""Age of Sail, sentence by sentence: the seed's wind rules and its worked tacking example,
played on the engine with the default settings (docs/rules/seeds/age_of_sail.txt).
"""

from __future__ import annotations

from aos_helpers import NE, NW, N, S, match_at, refused, two
from seedcite import Seed

import navalkit
from navalkit.games.age_of_sail import GAME, Order, Turn
from navalkit.games.age_of_sail.data import VECTORS
from navalkit.games.age_of_sail.draw import describe
from navalkit.games.age_of_sail.mechanics.wind import wind_source, wind_words

SEED = Seed("age_of_sail")


@SEED.cites(
    19,
    "The starting wind direction can be set to any of the eight point compass positions",
    clause="AOS-WIND",
)
@SEED.cites(
    24,
    "a counter showing the current wind speed (ranging from 1 to 7) is required. At the start "
    "of the game, the wind speed is set to 4.",
    clause="AOS-WIND",
)
def test_the_wind_starts_on_any_compass_point_at_force_four() -> None:
    for name in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"):
        m = navalkit.new_match("age_of_sail", seed=1, wind=name, first_player="first")
        assert m.state.wind_speed == 4
        assert m.state.wind_from == wind_source(name)


@SEED.cites(
    94,
    "Ships may sail in any direction, except directly into wind",
    clause="AOS-IRONS",
)
@SEED.cites(
    96,
    "if the wind is due south, a ship may not sailing a due north direction, but must tack "
    "from NE to NW in order to progress in a northerly direction",
    clause=("AOS-WIND-REF", "AOS-IRONS"),
)
def test_the_seeds_example_a_wind_due_south_forbids_due_north() -> None:
    m = navalkit.new_match("age_of_sail", seed=1, wind="S", first_player="first")
    assert m.state.wind_from == N, "a wind due south comes from the north"
    table = match_at(two({"heading": NE}, {}, wind=m.state.wind_from))
    refused(table, Turn(0, N), "AOS-IRONS")
    table.apply(Turn(0, NW))  # across the wind: the tack from NE to NW
    assert table.state.ships[0].heading == NW
    sailors = navalkit.new_match(
        "age_of_sail", seed=1, wind="S", wind_naming="from", first_player="first"
    )
    assert sailors.state.wind_from == S, "the other reading: a south wind comes from the south"


@SEED.cites(
    88,
    "if all masts have been shot away, the ship will drift 1 unit in the direction of the wind.",
    clause="AOS-DRIFT",
)
def test_a_dismasted_ship_drifts_the_way_the_wind_blows() -> None:
    south = wind_source("S")  # the default naming: blowing south, from the north
    dismasted = {"x": 50.0, "y": 30.0, "masts": (False,) * 3}
    m = match_at(two(dismasted, {"x": 90.0, "y": 60.0}, wind=south))
    m.apply(Order(0, "drift"))
    dx, dy = VECTORS[S]
    ship = m.state.ships[0]
    assert (ship.x, ship.y) == (50.0 + dx, 30.0 + dy) and dy < 0, "one unit south"
    east = match_at(two(dismasted, {"x": 90.0, "y": 60.0}, wind=wind_source("E")))
    east.apply(Order(0, "drift"))
    assert east.state.ships[0].x == 51.0


def test_the_pages_say_which_way_the_wind_blows() -> None:
    m = navalkit.new_match("age_of_sail", seed=1, wind="S", first_player="first")
    words = wind_words(m.state.wind_from)
    assert words == "from the north, blowing south"
    assert words in GAME.status(m.state) and words in describe(m.state)
    assert wind_words(wind_source("E")) == "from the west, blowing east"
