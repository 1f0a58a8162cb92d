"""Nautic Miles through the generic GameApp, headless: a hot-seat team game covers the board
between players and never shows one seat's hand to another; 2-, 4- (teams) and 6-player
games are played to the end with clicks, computer moves and "Play to the end"."""

from __future__ import annotations

import random
import re

import pytest

from navalkit.games.nautic_miles import GAME, KEYS, LABELS
from navalkit.games.nautic_miles.data import KIND, SUBMARINE
from navalkit.games.nautic_miles.state import State
from navalkit.widgets import GameApp


def _hand_regions(app: GameApp) -> set[str]:
    scene = app.board.scene
    assert scene is not None
    return {r.id for r in scene.regions if r.id.startswith("hand:")}


def _expected_hand_regions(state: State, seat: int) -> set[str]:
    kinds = [KIND[c] for c in state.hands[seat]]
    out = {f"hand:{KEYS[k]}" for k in kinds}
    if kinds.count(SUBMARINE) >= 2:
        out.add("hand:sub_pair")
    return out


def _click_a_legal_move(app: GameApp, rng: random.Random) -> None:
    action = rng.choice(app.match.legal_actions())
    before = len(app.match.history)
    for region in GAME.action_path(action):
        app.click(region)
    history = app.match.history
    assert len(history) > before and history[before] == action, app.message.value


def test_hot_seat_team_game_covers_the_board_and_never_shows_another_hand() -> None:
    app = GameApp("nautic_miles", seed=11, players=4, seats=["human"] * 4, teams=True)
    assert app.match.state.sides == 2  # partners opposite share a row
    rng = random.Random(4)
    covers = 0
    for _ in range(40):
        m = app.match
        nxt = m.current_player
        assert nxt is not None and app.viewer == nxt
        # The screen is covered: no board, no position in words, no legal moves, no hint.
        assert app.session.covered
        assert app.board.scene.title == "Hand-over screen" and not app.board.scene.regions
        assert app.cover.layout.display == "" and GAME.player_name(nxt) in app.cover.description
        assert "screened" in app.description.value
        assert list(app.legal_list.options) == []
        # A click on the covered board is refused and changes nothing.
        state = m.state
        app.click(GAME.action_path(m.legal_actions()[0])[0])
        assert m.state is state and "show your board" in app.message.value
        covers += 1
        # The next player alone uncovers: his view shows his hand and no other.
        view = m.observe(nxt)
        assert [p for p, h in enumerate(view.hands) if h is not None] == [nxt]
        app.cover.click()
        assert app.board.scene.title != "Hand-over screen"
        assert _hand_regions(app) == _expected_hand_regions(m.state, nxt)
        said = re.findall(r"Your hand: ([^.]*)\.", app.description.value)
        assert said and sorted(said[0].split(", ")) == sorted(
            LABELS[KIND[c]] for c in m.state.hands[nxt]
        )
        # Chance events never name a card (a draw would reveal the new card).
        for e in m.events:
            if e.kind == "chance":
                assert not any(label in e.text for label in LABELS[5:]), e.text
        _click_a_legal_move(app, rng)
        if app.match.is_over:
            break
    assert covers >= 20
    # The teacher view shows everything on purpose, with no cover.
    app.teacher_box.value = True
    assert app.viewer is None and not app.session.covered
    assert app.board.scene.title != "Hand-over screen"


def _press_until_over(app: GameApp) -> int:
    presses = 0
    while not app.match.is_over:
        app.run_button.click()
        presses += 1
        assert presses <= 5, "Play to the end never ends"
    return presses


@pytest.mark.parametrize(
    ("players", "teams", "seats"),
    [
        (2, False, ["human", "captain"]),
        (4, True, ["human", "captain", "captain", "random"]),
        (6, False, ["human", "captain", "random", "captain", "random", "captain"]),
    ],
    ids=["2-players", "4-players-teams", "6-players"],
)
def test_game_played_to_the_end_through_the_app(
    players: int, teams: bool, seats: list[str]
) -> None:
    app = GameApp("nautic_miles", seed=players, players=players, seats=seats, teams=teams)
    rng = random.Random(players)
    # A few turns by clicks (the computer seats answer at once), one computer move for the
    # human, then "Play to the end".
    for _ in range(6):
        assert app.match.current_player == 0 and not app.session.covered
        _click_a_legal_move(app, rng)
    before = len(app.match.history)
    app.bot_button.click()
    assert len(app.match.history) > before and "Computer move: Player" in app.message.value
    _press_until_over(app)
    m = app.match
    assert m.is_over and "Game over" in app.status.value
    assert m.state.over_reason in ("target", "rounds")
    assert app.bot_button.disabled and app.run_button.disabled
    if m.state.over_reason == "target":
        assert max(m.state.totals) >= 2 * m.config.target
    if teams:
        assert m.state.sides == 2 and len(set(GAME.scores(m.state))) <= 2
    assert len(GAME.scores(m.state)) == players
