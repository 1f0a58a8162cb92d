"""Saves made under older rules of a game (Game.rules_history, load_match).

A class keeps its saves over a term while navalkit is updated and its rules corrected. A save
of an older version of the rules replays under the current ones: if every move and every die
still follows, the game goes on under the corrected rules, and the student is told what
changed; if not, it is refused in words that say the rules changed (not that the save is
damaged), what changed, and to start a new game. A version the game never had is refused.
The ``old_rules_*`` files are real saves, written by navalkit before the versions were raised
(``far_seas/2``, ``age_of_sail/1`` and ``naval_war/2``). Where a correction can be undone by a
setting, a game begun before it keeps the earlier rule through that setting.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import navalkit
from navalkit import RecordError, load_match
from navalkit.core import RulesVersion, games, get_game
from navalkit.core.match import _checksum
from navalkit.play.session import PlaySession

DATA = Path(__file__).parent / "data"


def resealed(data: dict[str, Any]) -> str:
    """``data`` as a save whose checksum fits it (as navalkit writes one)."""
    body = {k: v for k, v in data.items() if k not in ("checksum", "signature")}
    return json.dumps({**body, "checksum": _checksum(body)}, sort_keys=True, indent=1) + "\n"


@pytest.mark.parametrize("game_id", [*games()])
def test_every_game_lists_its_versions_oldest_first_ending_with_the_current(game_id: str) -> None:
    game = get_game(game_id)
    history = game.rules_history
    assert history and all(isinstance(v, RulesVersion) for v in history)
    assert history[-1].version == game.rules_version
    names = [v.version for v in history]
    assert len(set(names)) == len(names)
    assert [v.date for v in history] == sorted(v.date for v in history)
    assert all(v.version.startswith(f"{game_id}/") and v.changes.strip() for v in history)
    assert game.rules_since(game.rules_version) == ()
    assert game.rules_since(history[0].version) == history[1:]
    assert game.rules_since("no_such/1") is None
    assert game.rules_since(None) is None


@pytest.mark.parametrize(
    ("game_id", "saved_under"), [("age_of_sail", "age_of_sail/1"), ("far_seas", "far_seas/2")]
)
def test_a_real_save_of_older_rules_goes_on_under_the_current_ones(
    game_id: str, saved_under: str
) -> None:
    text = (DATA / f"old_rules_{game_id}.json").read_text()
    saved = json.loads(text)
    assert saved["rules_version"] == saved_under
    match = load_match(text)
    game = get_game(game_id)
    assert match.older_rules == game.rules_since(saved_under) != ()
    assert len(match.history) == sum("action" in e for e in saved["events"])
    again = json.loads(match.to_json())
    assert again["rules_version"] == game.rules_version
    assert again["events"] == saved["events"] and again["seed"] == saved["seed"]
    # saved again, it is a save of the current rules
    assert load_match(match.to_json()).older_rules == ()


def test_a_nine_player_save_from_before_the_deal_was_corrected_goes_on_with_its_deal() -> None:
    """Naval War's version 3 deals nine players 5 and 5; version 2 dealt 4 and 4, which the
    setting nine_deal still gives. A real nine-player save of version 2 (which has no such
    setting) goes on dealt 4 and 4, its next rounds too; saved again, it names the setting."""
    text = (DATA / "old_rules_naval_war.json").read_text()
    saved = json.loads(text)
    assert saved["rules_version"] == "naval_war/2" and saved["players"] == 9
    assert "nine_deal" not in saved["config"]
    match = load_match(text)
    game = get_game("naval_war")
    assert match.older_rules == game.rules_since("naval_war/2") != ()
    assert match.config.nine_deal == 4 and game.make_config().nine_deal == 5
    dealt = game.initial_state(match.config, 9)
    for event in saved["events"][: 2 * 4 * 9]:  # a ship, then a card, to each in turn
        dealt = game.apply_chance(dealt, event["chance"])
    assert all(len(f) == 4 for f in dealt.fleets) and all(len(h) == 4 for h in dealt.hands)
    again = json.loads(match.to_json())
    assert again["config"] == {**saved["config"], "nine_deal": 4}
    assert again["events"] == saved["events"]
    reloaded = load_match(match.to_json())
    assert reloaded.older_rules == () and reloaded.config.nine_deal == 4


def test_a_save_that_names_a_setting_itself_is_not_given_the_earlier_rule() -> None:
    """The earlier rule is kept only for a setting the save does not name: one that names it
    (here the corrected deal, 5 and 5) is replayed with its own, and where its moves do not
    fit, it is refused as rules that changed."""
    saved = json.loads((DATA / "old_rules_naval_war.json").read_text())
    saved["config"]["nine_deal"] = 5
    with pytest.raises(RecordError) as info:
        load_match(resealed(saved))
    assert str(info.value).startswith(
        "This game was saved under version 2 of the Naval War rules, and it cannot go on"
    )


def test_an_older_save_that_no_longer_replays_says_the_rules_changed() -> None:
    """The last move made illegal stands for a move the corrected rules forbid: the words
    name both versions, what changed and where the replay stops, and never 'damaged'."""
    data = json.loads((DATA / "old_rules_far_seas.json").read_text())
    events = data["events"]
    last = max(i for i, e in enumerate(events) if "action" in e)
    data["events"] = [*events[: last + 1], events[last]]  # the same order twice
    with pytest.raises(RecordError) as info:
        load_match(resealed(data))
    words = str(info.value)
    assert words.startswith("This game was saved under version 2 of the Far Seas rules, and it")
    moves = sum("action" in e for e in events)
    assert (
        f"cannot go on under version 3, the corrected rules this navalkit plays: its move "
        f"{moves + 1} is not what these rules allow. What changed since: " in words
    )
    assert "What changed since: Version 3 (29 November 2026): A pursuer the raider" in words
    assert words.endswith("Start a new game.")
    assert "save is damaged" not in words and "Traceback" not in words
    # the same record under the current rules is what it is: damaged
    data["rules_version"] = "far_seas/3"
    with pytest.raises(RecordError, match=r"^This save is damaged: "):
        load_match(resealed(data))


@pytest.mark.parametrize("version", ["far_seas/9", "far_seas/2+edited", "age_of_sail/1", 3])
def test_a_version_the_game_never_had_is_refused(version: object) -> None:
    data = json.loads((DATA / "old_rules_far_seas.json").read_text())
    data["rules_version"] = version
    with pytest.raises(RecordError, match="which this navalkit does not know"):
        load_match(resealed(data))


def test_a_signed_older_save_still_needs_this_servers_signature() -> None:
    """A student's upload of an older save: signed here, it loads; changed, it is refused."""
    match = load_match((DATA / "old_rules_age_of_sail.json").read_text())
    signed = json.loads(match.to_json(signed=True))
    signed["rules_version"] = "age_of_sail/1"  # as the older navalkit wrote and signed it
    body = {k: v for k, v in signed.items() if k not in ("checksum", "signature")}
    from navalkit.core.signing import signature

    sealed = {**body, "checksum": _checksum(body)}
    sealed["signature"] = signature(navalkit.core.match._canonical(body))
    text = json.dumps(sealed, sort_keys=True, indent=1) + "\n"
    assert load_match(text, require_signature=True).older_rules
    with pytest.raises(RecordError, match="not made on this server"):
        load_match(resealed(signed), require_signature=True)


def test_the_play_page_says_the_game_goes_on_under_the_corrected_rules() -> None:
    session = PlaySession("far_seas")
    before = session.match
    assert session.resume((DATA / "old_rules_far_seas.json").read_text())
    said = session.screen().messages
    assert said[0] == "Resumed a saved game at move 80."
    assert said[1].startswith(
        "It was saved under version 2 of the Far Seas rules; it goes on under version 3, the "
        "corrected rules. What changed since: Version 3 (29 November 2026): A pursuer"
    )
    assert "far_seas" not in " ".join(said)
    assert session.match is not before


def test_the_play_page_says_which_earlier_rule_a_resumed_game_keeps() -> None:
    session = PlaySession("naval_war", players=9)
    assert session.resume((DATA / "old_rules_naval_war.json").read_text())
    said = session.screen().messages
    assert said[1].startswith("It was saved under version 2 of the Naval War rules")
    assert said[2] == (
        "It keeps the earlier rule it began with, as a setting (Cards dealt with nine players: 4)."
    )
    assert "nine_deal" not in " ".join(said)
