"""A save whose dice or cards were edited, its plain checksum recomputed, does not load: the
chance of a save is drawn again from its seed when it is replayed, never read from the file."""

from __future__ import annotations

import json
import random

import pytest

import navalkit
from navalkit.core.bots import make_bot, play_bot_move
from navalkit.core.errors import RecordError
from navalkit.core.match import _checksum, load_match

GAMES = ["nautic_miles", "far_seas", "age_of_sail", "branle_bas", "naval_war"]


def _played(game_id: str, seed: int, moves: int = 120) -> navalkit.Match:
    m = navalkit.new_match(game_id, seed=seed)
    bot = make_bot(m.game, "random")
    while not m.is_over and len(m.history) < moves:
        play_bot_move(m, bot)
    return m


def _resealed(data: dict) -> str:
    body = {k: v for k, v in data.items() if k != "checksum"}
    return json.dumps({**body, "checksum": _checksum(body)})


@pytest.mark.parametrize("game_id", GAMES)
def test_every_forged_roll_with_a_recomputed_checksum_is_refused(game_id: str) -> None:
    rng = random.Random(game_id)
    forged = refused = 0
    games = [_played(game_id, seed) for seed in range(6)]
    values = {  # every outcome seen in these games (a die, a card, the lot for the first move)
        json.dumps(e["chance"]) for m in games for e in m.record()["events"] if "chance" in e
    }
    assert len(values) >= 2
    for m in games:
        data = m.record()
        chance = [i for i, e in enumerate(data["events"]) if "chance" in e]
        for i in rng.sample(chance, min(6, len(chance))):
            other = [v for v in values if v != json.dumps(data["events"][i]["chance"])]
            copy = json.loads(json.dumps(data))
            copy["events"][i]["chance"] = json.loads(rng.choice(other))
            forged += 1
            with pytest.raises(RecordError):
                load_match(_resealed(copy))
            refused += 1
        assert load_match(m.to_json()).to_json() == m.to_json()  # the true save still loads
    assert forged >= 6 and refused == forged


@pytest.mark.parametrize("game_id", ["nautic_miles", "far_seas", "age_of_sail", "naval_war"])
def test_an_edited_seed_is_refused(game_id: str) -> None:
    data = _played(game_id, 3).record()
    data["seed"] = 4
    with pytest.raises(RecordError):
        load_match(_resealed(data))


def test_a_prepared_positions_dice_load_only_where_asked() -> None:
    m = navalkit.new_match("branle_bas", seed=1, chance=[1], setup="standard")  # B first, by hand
    assert m.scripted and m.record()["chance"] == "scripted"
    with pytest.raises(RecordError, match="sets its own dice"):
        load_match(m.to_json())
    assert load_match(m.to_json(), allow_scripted=True).to_json() == m.to_json()
