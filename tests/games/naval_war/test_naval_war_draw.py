"""The Naval War board a student reads: no text under 11 px, no label spilling out of its card
or over another label, in quiet and crowded positions, for 3, 4 and 9 players."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest
from nw_helpers import card, position, ship

from navalkit.games.naval_war import GAME
from navalkit.games.naval_war.data import (
    ADD_DAMAGE,
    CARDS,
    MINEFIELD,
    SALVO,
    SHIPS,
    SMOKE,
    SQUADRON_CARD,
)
from navalkit.games.naval_war.draw import (
    TEXT,
    column_widths,
    draw,
    fit,
    fit_name,
    text_width,
)
from navalkit.games.naval_war.state import RED, State
from navalkit.render.scene import Scene, Text
from navalkit.testing.boards import (
    label_problems,
    positions,
    small_texts,
    texts,
)

# The most crowded fleet: a ship of every gun size, long names, three carriers.
CROWDED = [
    "Yamato",
    "New Jersey",
    "Vittorio Veneto",
    "Prince of Wales",
    "Conte di Cavour",
    "Admiral Hipper",
    "Montecuccoli",
    "Illustrious",
    "Enterprise",
    "Akagi",
]
COLUMN = ["Texas", "New York", "Kongo", "Haruna", "Kirishima"]  # five 14" ships in one column


def crowded(players: int) -> State:
    """Salvos piled on one ship, smoke, minefields, the Squadron in play, a red card pending
    and a full hand of seven cards with the longest names."""
    salvos: list[tuple[tuple[int, tuple[int, ...]], ...]] = [()] * 54
    chips = [card(SALVO, 8, nth=k) for k in range(5)]
    salvos[ship("Prince of Wales")] = tuple((c, ()) for c in chips[:4])
    salvos[ship("Texas")] = ((chips[4], (card(ADD_DAMAGE, nth=0),)),)
    rest = [s.name for s in SHIPS if s.name not in CROWDED + COLUMN]
    others = [COLUMN] + [rest[k : k + 3] for k in range(0, 3 * players, 5)]
    hand = [
        card(ADD_DAMAGE, nth=1),
        card(MINEFIELD, nth=0),
        card(SALVO, 12, nth=0),
        card(SMOKE, nth=0),
        *[c.id for c in CARDS if c.label.startswith(("Minesweeper", "Additional Ship"))][:2],
        card(SALVO, 15, nth=0),
    ]
    return position(
        [CROWDED, *others[: players - 1]],
        [hand],
        salvos=tuple(salvos),
        smoke=(card(SMOKE, nth=1),) + (-1,) * (players - 1),
        mines=(((card(MINEFIELD, nth=1), 1),),) + ((),) * (players - 1),
        ds_owner=1,
        ds_salvos=(card(SALVO, 6, nth=0),),
        phase=RED,
        pending=card(ADD_DAMAGE, nth=2),
    )


@cache
def played(players: int, seed: int) -> tuple[State, ...]:
    """Positions of a game the greedy bot plays, every 25 moves, and its end."""
    return positions("naval_war", 25, seed=seed, players=players, max_rounds=2, to_the_end=False)


def scenes() -> Iterator[tuple[str, Scene]]:
    for players in (3, 9):
        yield f"crowded {players}", draw(GAME.observe(crowded(players), 0))
        yield f"crowded {players} teacher", draw(GAME.observe(crowded(players), None))
    for players, seed in ((3, 3), (4, 5), (9, 2)):
        for k, st in enumerate(played(players, seed)):
            yield f"{players} players #{k}", draw(GAME.observe(st, k % players))
            if k % 3 == 0:
                yield f"{players} players #{k} teacher", draw(GAME.observe(st, None))


SCENES = dict(scenes())


@pytest.mark.parametrize("name", list(SCENES))
def test_every_text_on_the_board_is_at_least_11_px(name: str) -> None:
    scene = SCENES[name]
    assert len(texts(scene)) > 20
    assert not small_texts(scene), f"{name}: texts under 11 px: {small_texts(scene)}"
    assert TEXT >= 11


@pytest.mark.parametrize("name", list(SCENES))
def test_labels_stay_in_their_cards_and_never_overlap(name: str) -> None:
    problems = label_problems(SCENES[name], may_hide=True, strict=False)
    assert not problems, f"{name}: {problems}"


def test_crowded_fleet_shows_every_ship_salvo_and_marker() -> None:
    scene = SCENES["crowded 9"]
    ids = {r.id for r in scene.regions}
    for name in [*CROWDED, *COLUMN]:
        assert f"ship:{ship(name)}" in ids
    assert "ds" in ids and f"card:{SQUADRON_CARD}" not in ids
    words = {op.text for layer in scene.layers for op in layer.ops if isinstance(op, Text)}
    assert {"SMOKE", "Destroyers 1/4 hits", "carriers", "(behind)", "play now!"} <= words
    assert any(w.startswith("MINES") for w in words)


def test_three_fleets_abreast_name_their_ships_whole_or_by_an_initial() -> None:
    """At three players a front card has some 65 px for a name. Measured as the widest
    sans-serif, "Scharnhorst", "Indianapolis" and "Montecuccoli" were cut and "King George
    V" read "K. Georg…": in the board's font (render.text.BOARD_FONT) each is whole, or a
    multi-word name drops its first word to an initial, and nothing is cut."""
    fleets = [
        ["Scharnhorst", "King George V", "Montecuccoli", "Indianapolis"],
        ["Conte di Cavour", "Prince of Wales", "Admiral Hipper", "Vittorio Veneto"],
        ["Giulio Cesare", "Tennessee", "Gneisenau", "Strasbourg"],
    ]
    scene = draw(GAME.observe(position(fleets), 0))
    words = {op.text for layer in scene.layers for op in layer.ops if isinstance(op, Text)}
    for name in (n for fleet in fleets for n in fleet):
        first, _, rest = name.partition(" ")
        assert name in words or f"{first[0]}. {rest}" in words, name
    assert not [w for w in words if w.endswith("…")]
    assert {"Scharnhorst", "Montecuccoli", "Indianapolis", "K. George V"} <= words


def test_five_gun_sizes_give_a_long_name_the_room_short_ones_leave() -> None:
    """The lesson's deal gave Player 3 ships of five gun sizes: five columns alike, some 56 px
    cards, read "Scharn…" beside "Hiei". A column is now as wide as its longest name needs,
    the others narrower (room for three salvo chips), and nothing is cut."""
    fleet = ["Musashi", "Hiei", "Scharnhorst", "Norfolk", "Emden"]
    scene = draw(GAME.observe(position([["Iowa"], ["Hood"], fleet]), 0))
    words = {op.text for layer in scene.layers for op in layer.ops if isinstance(op, Text)}
    assert set(fleet) <= words and not [w for w in words if w.endswith("…")]
    assert not label_problems(scene, may_hide=True, strict=False)
    widths = column_widths([[ship(n)] for n in fleet], 300)
    assert sum(widths) <= 300 and widths[2] == max(widths) and min(widths) >= 50
    assert column_widths([[ship(n)] for n in fleet[:4]], 300) == [75.0] * 4  # as before
    crowded = [[ship(n)] for n in CROWDED[:7]]  # long names everywhere: alike, as before
    assert column_widths(crowded, 300) == [300 / 7] * 7


def test_fit_cuts_a_long_name_to_its_room() -> None:
    assert fit("Bismarck", 200) == "Bismarck"
    cut = fit("Prince of Wales", 50)
    assert cut.endswith("…") and text_width(cut, TEXT) <= 50 and cut.startswith("Prin")


def test_a_long_ship_name_keeps_the_words_that_say_which_ship() -> None:
    """Cut alone, 'Duke of York' read 'Duke of…' on a card: the first word goes to its
    initial before anything is cut."""
    assert fit_name("Duke of York", 200) == "Duke of York"
    assert fit_name("Duke of York", text_width("Duke of York", TEXT) - 1) == "D. of York"
    assert fit_name("Prince of Wales", text_width("P. of Wales", TEXT)) == "P. of Wales"
    short = fit_name("Prince of Wales", 40)
    assert short.startswith("P. ") and short.endswith("…") and text_width(short, TEXT) <= 40
    assert fit_name("Scharnhorst", 50) == fit("Scharnhorst", 50)
    scene = draw(position([["Duke of York", "Bismarck"], ["Yamato"], ["Hood"]]))
    words = {op.text for layer in scene.layers for op in layer.ops if isinstance(op, Text)}
    assert "D. of York" in words or "Duke of York" in words
    assert not [w for w in words if w.startswith("Duke of") and w.endswith("…")]


def test_the_teacher_reads_every_hand_whole_and_a_seat_only_its_own() -> None:
    """The teacher's view wrote each hand on one line under its fleet, cut with "…" when
    long (seven cards with long names, three fleets abreast): it now wraps onto a second
    line, the panels one line taller; the text view lists every hand. A seat's board is
    unchanged: its own hand in the strip, no one else's anywhere."""
    from navalkit.games.naval_war import draw as module
    from navalkit.games.naval_war.draw import PANEL_H, size

    state = crowded(3)
    teacher = draw(GAME.observe(state, None))
    words = [t.text for t in texts(teacher)]
    lines = [w for w in words if w.startswith("hand:")]
    whole = "hand: " + ", ".join(CARDS[c].short for c in state.hands[0])
    assert not [w for w in words if w.endswith("…") and "hand" in w]
    at = words.index(lines[0])
    assert " ".join(words[at : at + 2]) == whole, "the long hand, whole, on two lines"
    assert module.hand_lines(state.hands[0], 296) == words[at : at + 2]
    assert teacher.height == size(3, PANEL_H + 14)[1]
    assert not label_problems(teacher, may_hide=True, strict=False)
    for p in range(3):
        if state.hands[p]:
            said = ", ".join(CARDS[c].label for c in state.hands[p])
            assert f"Player {p + 1}'s hand: {said}." in teacher.description
    seat = draw(GAME.observe(state, 1))
    assert seat.height == size(3)[1] and not [t for t in texts(seat) if "hand:" in t.text]
    assert "Player 1's hand" not in seat.description
