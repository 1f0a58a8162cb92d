"""Branle-Bas scenarios, one or more per rule clause, written from the seed and the digest.

Each test sets up an exact position (a ``State`` built directly), plays it through a
:class:`navalkit.Match` and checks what the seed (or the digest's house rule) says, refusals
included: every refusal goes through ``Match.apply`` and must name the expected rule id.

Squares are named like a chessboard: files a..s are x = -9..9 (j is the centre file), ranks
1..19 are y = -9..9. A (seat 0) plays from the south (its port is j1) towards the north (B's
port is j19); B plays the other way.

A test named ``test_BB_X_...`` covers clause ``BB-X``; a meta-test checks every clause has one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import pytest
from seedcite import Seed

import navalkit
from navalkit import IllegalActionError, Match
from navalkit.games.branle_bas import CLAUSES, GAME, rules
from navalkit.games.branle_bas import observe as observe_module
from navalkit.games.branle_bas.actions import Move, Pass, Place, Touch
from navalkit.games.branle_bas.config import Config
from navalkit.games.branle_bas.data import (
    AMIRAL,
    BOARD,
    BY_NAME,
    CROISEUR,
    CUIRASSE,
    DRAGUEUR,
    HYDRAVION,
    INDEX,
    KINDS,
    MINE,
    MINE_SQUARE,
    NEUTRAL_PORTS,
    PORT,
    SETUP_PIECES,
    SETUP_ZONE,
    SHIPS,
    SOUS_MARIN,
    TORPILLEUR,
    VEDETTE,
    WRECK,
    code,
    value,
)
from navalkit.games.branle_bas.game import BranleBas
from navalkit.games.branle_bas.mechanics.movement import walk
from navalkit.games.branle_bas.mechanics.scoring import Tally, score_items
from navalkit.games.branle_bas.observe import View
from navalkit.games.branle_bas.state import State, fleets

A, B = 0, 1


# --- building positions --------------------------------------------------------------------------
SEED = Seed("branle_bas")


def sq(name: str) -> int:
    return BY_NAME[name]


def name_of(x: int, y: int) -> str:
    return BOARD[INDEX[(x, y)]].name


def position(
    pieces: Mapping[str, tuple[int, int]],
    *,
    to_move: int = A,
    mines: tuple[bool, bool] = (True, True),
    **changes: Any,
) -> State:
    """A position in play with exactly ``pieces`` ({square: (owner, kind)}) and the Mines.

    ``changes`` may hold Config settings and State fields (sunk_by, in_port, ply, ...).
    """
    settings = {k: v for k, v in changes.items() if k in Config.__dataclass_fields__}
    fields = {k: v for k, v in changes.items() if k not in settings}
    # a position is given, so no set-up; a turn is one move unless a test asks for touch-move
    settings = {"setup": "standard", "touch_move": False, **settings}
    base = rules.initial_state(Config(first_player="A", **settings))
    board = [0] * len(BOARD)
    for side in (A, B):
        if mines[side]:
            board[MINE_SQUARE[side]] = code(side, MINE)
    for square, (owner, kind) in pieces.items():
        board[sq(square)] = code(owner, kind)
    return dataclasses.replace(base, board=tuple(board), to_move=to_move, **fields)


class _FromPosition(BranleBas):
    """Branle-Bas starting from a given position (so a Match can be played from it)."""

    start: ClassVar[State]

    def initial_state(self, config: Config, players: int) -> State:
        return self.start


def match_at(state: State) -> Match:
    """A Match whose game starts at ``state``."""
    game = type("BranleBasAt", (_FromPosition,), {"start": state})()
    return Match(game, state.config, 2, seed=0)


def play(pieces: Mapping[str, tuple[int, int]], *moves: tuple[str, str], **changes: Any) -> Match:
    m = match_at(position(pieces, **changes))
    for frm, to in moves:
        m.apply(Move(sq(frm), sq(to)))
    return m


def mv(frm: str, to: str) -> Move:
    return Move(sq(frm), sq(to))


def refused(m: Match, action: Any, rule: str) -> IllegalActionError:
    """``action`` is refused under ``rule`` and the match is left exactly as it was."""
    state, events, text = m.state, m.events, m.to_json()
    with pytest.raises(IllegalActionError) as info:
        m.apply(action)
    assert info.value.rule_id == rule, f"refused under {info.value.rule_id}: {info.value.reason}"
    assert info.value.reason
    assert m.state is state and m.events == events and m.to_json() == text
    return info.value


def targets(m: Match, frm: str) -> set[str]:
    """Names of the squares the piece on ``frm`` may move to now."""
    return {BOARD[a.to].name for a in m.legal_actions() if isinstance(a, Move) and a.frm == sq(frm)}


def offsets(owner: int, deltas: Iterable[tuple[int, int]], start: str = "j10") -> set[str]:
    """Square names at ``deltas`` (dx, forward) from ``start`` for ``owner``."""
    s = BOARD[sq(start)]
    f = 1 if owner == A else -1
    return {name_of(s.x + dx, s.y + dy * f) for dx, dy in deltas}


def piece_at(m: Match, square: str) -> int:
    return m.state.board[sq(square)]


def count(state: State, piece: int) -> int:
    return sum(1 for p in state.board if p == piece)


# --- BB-BOARD, BB-HARBOUR ------------------------------------------------------------------------
@SEED.cites(5, "Une tablette sur laquelle est imprimée une grille de l8l cases", clause="BB-BOARD")
def test_BB_BOARD_181_squares_in_a_diamond() -> None:
    assert len(BOARD) == 181
    assert all(abs(s.x) + abs(s.y) <= 9 for s in BOARD)
    rows = [sum(1 for s in BOARD if s.y == y) for y in range(-9, 10)]
    assert rows == [*range(1, 20, 2), *range(17, 0, -2)]
    assert len(BY_NAME) == 181 and all(BY_NAME[s.name] == s.index for s in BOARD)


@SEED.cites(7, "f 2 Ports.", clause="BB-BOARD")
def test_BB_BOARD_two_home_ports_and_two_neutral_ports() -> None:
    ports = [s for s in BOARD if s.zone == "port"]
    assert [(s.name, s.owner) for s in ports] == [("j1", A), ("j19", B)]
    assert (sq("j1"), sq("j19")) == PORT
    neutral = [s for s in BOARD if s.feature == "neutral_port"]
    assert {s.name for s in neutral} == {"b10", "r10"}
    assert set(NEUTRAL_PORTS) == {s.index for s in neutral}
    assert all(s.owner is None and s.zone == "high_seas" for s in neutral)


def test_BB_BOARD_a_move_off_the_board_is_refused() -> None:
    m = play({"j10": (A, CROISEUR), "e10": (A, AMIRAL), "o10": (B, AMIRAL)})
    refused(m, Move(sq("j10"), 181), "BB-BOARD")
    refused(m, Move(-1, sq("j11")), "BB-BOARD")
    refused(m, {"type": "move", "from": "j10", "to": "z99"}, "match.not_an_action")


@pytest.mark.parametrize("side", [A, B])
@SEED.cites(
    22,
    "Pour chaque joueur : Avtint-Port, avec Mines et Filets pour la DÉFENSE.",
    clause="BB-HARBOUR",
)
@SEED.cites(62, "Par l'avant-port qui comprend I cases de Mines", clause="BB-HARBOUR")
@SEED.cites(65, "Champ de Mines (8).", clause="BB-HARBOUR")
def test_BB_HARBOUR_mine_nets_minefield_and_entrances(side: int) -> None:
    harbour = [s for s in BOARD if s.zone == "outer_harbour" and s.owner == side]
    features = [s.feature for s in harbour]
    assert len(harbour) == 15
    assert features.count("mine") == 1
    assert features.count("net") == 4
    assert features.count("minefield") == 8
    assert features.count("entrance") == 2
    f = 1 if side == A else -1
    assert BOARD[MINE_SQUARE[side]].x == 0 and BOARD[MINE_SQUARE[side]].y == -8 * f
    # the nets flank the centre, two on the left and two on the right
    assert sorted(s.x for s in harbour if s.feature == "net") == [-2, -1, 1, 2]
    assert {s.y for s in harbour if s.feature == "net"} == {-7 * f}


@pytest.mark.parametrize("side", [A, B])
@SEED.cites(
    51,
    "L'ennemi ne peut y pénétrer que par 3 issues dont 2 en diagonale pour Sous-Marins et "
    'Torpilleurs, Le 3" chenal axial pour tous navires.',
    clause=("BB-HARBOUR", "BB-PORT-ENTRY"),
)
def test_BB_HARBOUR_a_port_has_three_openings(side: int) -> None:
    """SEED: 3 issues, 2 diagonal and 1 axial: the port's only neighbours."""
    port = BOARD[PORT[side]]
    around = {
        (dx, dy)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx, dy) != (0, 0) and (port.x + dx, port.y + dy) in INDEX
    }
    inward = 1 if side == A else -1
    assert around == {(0, inward), (-1, inward), (1, inward)}
    assert INDEX[(port.x, port.y + inward)] == MINE_SQUARE[side]


# --- BB-SQUADRON, BB-VALUES, BB-SETUP ------------------------------------------------------------
@SEED.cites(9, "Chu.rrn a son Port et une ESCADRE de navires divers : 19", clause="BB-SQUADRON")
@SEED.cites(11, "-l- I Mine.", clause="BB-SQUADRON")
def test_BB_SQUADRON_nineteen_ships_and_one_mine_each() -> None:
    free = navalkit.new_match("branle_bas", first_player="A")  # the seed's free set-up
    assert all(sorted(left) == sorted(SETUP_PIECES) for left in free.state.setup_left)
    m = navalkit.new_match("branle_bas", first_player="A", setup="standard")
    for side in (A, B):
        mine = [p for p in m.state.board if p == code(side, MINE)]
        ships = [p for p in m.state.board if p and p >> 4 == side and p & 15 in SHIPS]
        assert len(mine) == 1 and len(ships) == 19
        assert sum(KINDS[p & 15].value for p in ships) == 300
        for kind, info in KINDS.items():
            if kind != MINE:
                assert sum(1 for p in ships if p & 15 == kind) == info.count


def test_BB_SQUADRON_free_setup_cannot_place_more_than_the_squadron() -> None:
    m = navalkit.new_match("branle_bas", setup="free", first_player="A")
    m.apply(Place(AMIRAL, sq("j5")))
    refused(m, Place(AMIRAL, sq("k5")), "BB-SQUADRON")
    m.apply(Place(DRAGUEUR, sq("k5")))
    refused(m, Place(DRAGUEUR, sq("l5")), "BB-SQUADRON")


@SEED.cites(66, "Valeur de I'Escadre", clause="BB-VALUES")
@SEED.cites(67, "300 points", clause="BB-VALUES")
def test_BB_VALUES_counts_and_values_table() -> None:
    table = {k.key: (k.count, k.value) for k in KINDS.values()}
    assert table == {
        "amiral": (1, 60),
        "sous_marin": (2, 15),
        "hydravion": (2, 15),
        "cuirasse": (2, 25),
        "croiseur": (3, 20),
        "torpilleur": (4, 10),
        "dragueur": (1, 10),
        "vedette": (4, 5),
        "mine": (1, 0),
    }
    assert sum(c for c, _ in table.values()) == 20
    assert sum(c * v for c, v in table.values()) == 300


def test_BB_SETUP_standard_deployment_within_each_zone() -> None:
    state = navalkit.new_match("branle_bas").state
    for side in (A, B):
        for s in BOARD:
            p = state.board[s.index]
            if p and p >> 4 == side and p & 15 != MINE:
                assert s.owner == side and s.zone in ("outer_harbour", "territorial"), s.label


@SEED.cites(
    88,
    "C'est la limite extrême de Ia mise en Branle-Bas de chaque Escadre au commencement du jeu.",
    clause="BB-SETUP",
)
@SEED.cites(
    90,
    "Avant I'attaque, aucun navire ne doit être placé, ni dans son Port, ni en Haute Mer.",
    clause="BB-SETUP",
)
def test_BB_SETUP_free_setup_only_in_own_harbour_and_waters() -> None:
    m = navalkit.new_match("branle_bas", setup="free", first_player="A")
    assert m.current_player == A
    legal = m.legal_actions()
    assert legal and all(isinstance(a, Place) and a.at in SETUP_ZONE[A] for a in legal)
    assert len(SETUP_ZONE[A]) == 47  # harbour (15) + waters (33), less the Mine's square
    refused(m, Place(CROISEUR, sq("j10")), "BB-SETUP")  # high seas
    refused(m, Place(CROISEUR, sq("j1")), "BB-SETUP")  # own port
    refused(m, Place(CROISEUR, sq("j2")), "BB-SETUP")  # the Mine's square
    refused(m, Place(CROISEUR, sq("j15")), "BB-SETUP")  # B's waters
    refused(m, mv("j2", "j3"), "BB-SETUP")  # no moves before both are ready
    m.apply(Place(CROISEUR, sq("j5")))
    refused(m, Place(VEDETTE, sq("j5")), "BB-SETUP")  # taken


@SEED.cites(
    105,
    "Disposition de cornbat, de chaque Esca- dre, dans son Avant-Port et Eaux Terr., avec "
    "pleine liberté et initiative de chaque joueur, qui dispose ses navires : une partie "
    "pour la défense du Port et de I'Amiral, I'autre pour l'ai- taque.",
    clause="BB-SETUP",
)
@SEED.cites(
    282,
    "AU DEPART DU JEU, CHAQUE ADVERSAIRE D/SPOSE SES NAVIRES COMME IL LUJ PLAIT DANS SA "
    "ZONE RESERVEE A OU B.",
    clause="BB-SETUP",
)
def test_BB_SETUP_both_squadrons_deploy_then_play_starts() -> None:
    m = navalkit.new_match("branle_bas", setup="free", first_player="A")
    placed = 0
    while m.state.phase == "setup":
        m.apply(m.legal_actions()[0])
        placed += 1
    assert placed == 38
    assert m.state.phase == "play" and m.current_player == A
    for side in (A, B):
        for i in SETUP_ZONE[side]:
            p = m.state.board[i]
            assert not p or p >> 4 == side
    refused(m, Place(CROISEUR, sq("j5")), "BB-SETUP")


# --- BB-CAMOUFLAGE -------------------------------------------------------------------------------
def _ships_of(state: State, side: int) -> list[int]:
    return [i for i, p in enumerate(state.board) if p and p >> 4 == side and p & 15 in SHIPS]


@SEED.cites(
    116,
    "Chaque joueur est autorisé à cacher de la main sa disposition de combat avant le "
    "signal dit par chacun : PRET.",
    clause="BB-CAMOUFLAGE",
)
def test_BB_CAMOUFLAGE_set_up_hidden_until_both_ready() -> None:
    m = navalkit.new_match("branle_bas", setup="free", first_player="A")
    for _ in range(10):
        m.apply(m.legal_actions()[0])
    assert len(_ships_of(m.state, A)) == 10
    assert _ships_of(m.observe(B).state, A) == []  # B sees none of A's ships
    assert _ships_of(m.observe(A).state, A) == _ships_of(m.state, A)
    assert _ships_of(m.observe(None).state, A) == _ships_of(m.state, A)
    assert count(m.observe(B).state, code(A, MINE)) == 1  # the Mine's square is fixed
    while m.current_player == A:
        m.apply(m.legal_actions()[0])
    for _ in range(5):
        m.apply(m.legal_actions()[-1])
    assert _ships_of(m.observe(A).state, B) == []  # and A sees none of B's
    assert _ships_of(m.observe(B).state, A) == []  # B still sees none of A's
    while m.state.phase == "setup":
        m.apply(m.legal_actions()[0])
    assert m.observe(A).state == m.observe(B).state == m.state  # PRÊT: all in plain sight


def test_BB_CAMOUFLAGE_the_other_seat_learns_nothing_from_the_set_up() -> None:
    """Two different deployments of the same ships look the same from B's seat."""
    first = navalkit.new_match("branle_bas", setup="free", first_player="A")
    second = navalkit.new_match("branle_bas", setup="free", first_player="A")
    for kind, a, b in [(AMIRAL, "j3", "f6"), (CROISEUR, "i3", "n5"), (VEDETTE, "k2", "j5")]:
        first.apply(Place(kind, sq(a)))
        second.apply(Place(kind, sq(b)))
    assert first.state != second.state
    assert first.observe(B) == second.observe(B)
    assert first.observe(A) != second.observe(A)


def test_BB_CAMOUFLAGE_the_leak_check_passes_and_catches_a_leak(monkeypatch: Any) -> None:
    """The game's own leak check (run by the conformance suite at every step) holds through a
    free set-up and into play, and fails when a view shows the screened squadron."""
    m = navalkit.new_match("branle_bas", setup="free", first_player="A")
    for _ in range(25):  # A's 19 ships, then 6 of B's
        GAME.assert_no_leak(m.state)
        m.apply(m.legal_actions()[0])
    GAME.assert_no_leak(m.state)
    # A view that says it screens the other side but forgets to blank its ships out:
    monkeypatch.setattr(observe_module, "observe", lambda s, seat: View(s, seat, (1 - seat,)))
    with pytest.raises(AssertionError, match="seat 0 sees an enemy ship"):
        GAME.assert_no_leak(m.state)
    # A view that screens nothing at all:
    monkeypatch.setattr(observe_module, "observe", lambda s, seat: View(s, seat))
    with pytest.raises(AssertionError, match="seat 0's view screens"):
        GAME.assert_no_leak(m.state)


# --- BB-GOAL, BB-TURN, BB-NOPASS, BB-HONNEUR -----------------------------------------------------
@SEED.cites(
    13,
    "Atteindre le Fort adverse avec I'Amiral, ou à défaut, couler sur le Jeu I'Ami- ral "
    "ennemi : cela pour gagner la partie.",
    clause="BB-GOAL",
)
@SEED.cites(150, "VICTOIRE. - EN COULANT L'AMIRAL ENNEMI.", clause="BB-GOAL")
def test_BB_GOAL_sinking_the_enemy_admiral_wins() -> None:
    m = play({"j10": (A, CROISEUR), "e10": (A, AMIRAL), "j12": (B, AMIRAL)}, ("j10", "j12"))
    assert m.is_over and m.winner == A and m.current_player is None
    assert m.state.result is not None and m.state.result.kind == "victory"


@SEED.cites(
    13,
    "Atteindre le Fort adverse avec I'Amiral, ou à défaut, couler sur le Jeu I'Ami- ral "
    "ennemi : cela pour gagner la partie.",
    clause="BB-GOAL",
)
def test_BB_GOAL_admiral_in_the_enemy_port_wins() -> None:
    m = play({"j18": (A, AMIRAL), "o10": (B, AMIRAL)}, ("j18", "j19"), mines=(True, False))
    assert m.is_over and m.winner == A


@SEED.cites(119, "On joue une senle fois et chacun à son tour.", clause="BB-TURN")
def test_BB_TURN_players_alternate() -> None:
    m = play({"j10": (A, CROISEUR), "e10": (A, AMIRAL), "o10": (B, AMIRAL), "n12": (B, VEDETTE)})
    assert m.current_player == A
    m.apply(mv("j10", "j11"))
    assert m.current_player == B
    said = refused(m, mv("j11", "j12"), "BB-TURN").reason  # A's ship, B's turn
    assert said == "The Croiseur (cruiser) on j11 belongs to A (south), and B (north) is to move."
    assert GAME.ui_hint(m.state, ("j11",)) == said
    refused(m, mv("k11", "k10"), "BB-TURN")  # nothing there
    m.apply(mv("n12", "n11"))
    assert m.current_player == A


@SEED.cites(136, "ON NE PEUT PAS LAISSER PASSER SON TOUR DE JOI.JER.", clause="BB-NOPASS")
def test_BB_NOPASS_no_passing_while_a_move_exists() -> None:
    m = play({"j10": (A, CROISEUR), "e10": (A, AMIRAL), "o10": (B, AMIRAL)})
    assert Pass() not in m.legal_actions()
    refused(m, Pass(), "BB-NOPASS")
    refused(m, mv("j10", "j10"), "BB-NOPASS")  # a move must go somewhere


# A's ships boxed in at B's harbour: the vedette on i18 and the Admiral on k18 cannot move.
BOXED = {
    "i18": (A, VEDETTE),
    "k18": (A, AMIRAL),
    "j17": (A, WRECK),
    "k17": (A, WRECK),
    "l17": (A, WRECK),
}


def test_BB_NOPASS_pass_when_no_move_is_possible() -> None:
    # B keeps a ship that can move, so this is no lone-Admirals draw (BB-DRAW)
    m = play({**BOXED, "o10": (B, AMIRAL), "n12": (B, VEDETTE)})
    assert m.legal_actions() == (Pass(),)
    refused(m, mv("i18", "j18"), "BB-MINE")
    ply = m.state.ply
    m.apply(Pass())
    assert m.current_player == B and not m.is_over and m.state.ply == ply


@SEED.cites(119, "Tirage au sort.", clause="BB-HONNEUR")
def test_BB_HONNEUR_first_player_by_lot() -> None:
    for outcome in (0, 1):
        m = navalkit.new_match("branle_bas", chance=[outcome], setup="standard")
        assert m.current_player == outcome
        first = m.events[0]
        assert first.kind == "chance" and first.payload == outcome and first.probability == 0.5
        log = m.log
        assert list(log["event"]) == ["chance"]
    toss = rules.initial_state(Config(setup="standard"))  # the state before the lot is drawn
    assert GAME.is_chance(toss)
    assert GAME.chance_outcomes(toss) == [(0, 0.5), (1, 0.5)]
    firsts = {
        navalkit.new_match("branle_bas", seed=s, setup="standard").current_player for s in range(40)
    }
    assert firsts == {A, B}


def test_BB_HONNEUR_first_player_fixed_by_setting() -> None:
    m = navalkit.new_match("branle_bas", first_player="B", setup="standard")
    assert m.events == () and m.current_player == B
    with pytest.raises(ValueError):
        navalkit.new_match("branle_bas", chance=[2], setup="standard")


# --- BB-NAV-BACK, BB-MOVES, BB-NOJUMP ------------------------------------------------------------
ADMIRALS = {"f6": (A, AMIRAL), "n14": (B, AMIRAL)}

# the digest's movement table, as (dx, forward) offsets on an open sea
ALL8 = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
EXPECTED_MOVES: dict[int, list[tuple[int, int]]] = {
    AMIRAL: [(0, 1), (0, -1), (1, 0), (-1, 0)],  # never diagonally (BB-MOVES)
    SOUS_MARIN: [(dx * k, dy * k) for dx, dy in ALL8 for k in (1, 2)],
    HYDRAVION: [
        (dx * k, dy * k) for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)) for k in (1, 2, 3, 4)
    ],
    CUIRASSE: [
        *[(dx * k, dy * k) for dx, dy in ((0, 1), (1, 0), (-1, 0)) for k in (1, 2, 3)],
        (1, 1), (-1, 1), (2, 1), (-2, 1), (1, 2), (-1, 2),  # the right angle (équerre)
    ],
    CROISEUR: [(dx * k, dy * k) for dx, dy in ((0, 1), (1, 0), (-1, 0)) for k in (1, 2, 3)],
    TORPILLEUR: [
        (dx * k, dy * k) for dx, dy in ((0, 1), (1, 0), (-1, 0), (1, 1), (-1, 1)) for k in (1, 2)
    ],
    DRAGUEUR: [(0, 1), (1, 0), (-1, 0)],
    VEDETTE: [(dx * k, dy * k) for dx, dy in ((0, 1), (1, 0), (-1, 0)) for k in (1, 2)],
}  # fmt: skip


@pytest.mark.parametrize("side", [A, B])
@pytest.mark.parametrize("kind", sorted(EXPECTED_MOVES), ids=lambda k: KINDS[k].key)
@SEED.cites(16, "Chaque navrre a une purssance d'évolution", clause="BB-MOVES")
@SEED.cites(
    17, "Les autres vont en avançant et GAUCHE et DROITE.", clause=("BB-MOVES", "BB-NAV-BACK")
)
@SEED.cites(
    93, "Permettant l'évolution des 2 Escadres avec le maximum d'action.", clause="BB-MOVES"
)
def test_BB_MOVES_each_kind_on_the_open_sea(kind: int, side: int) -> None:
    admirals = {"f6": (A, AMIRAL), "n14": (B, AMIRAL)} if kind != AMIRAL else {}
    other = {"f6": (A, AMIRAL)} if side == B else {"n14": (B, AMIRAL)}
    m = play({**admirals, **other, "j10": (side, kind)}, to_move=side)
    assert targets(m, "j10") == offsets(side, EXPECTED_MOVES[kind])


@pytest.mark.parametrize(
    ("kind", "to"),
    [
        (CROISEUR, "k11"),  # no diagonals
        (HYDRAVION, "k11"),
        (VEDETTE, "j13"),  # two squares at most
        (DRAGUEUR, "j12"),
        (AMIRAL, "j12"),
        (SOUS_MARIN, "k12"),  # no knight's jumps
        (CUIRASSE, "l12"),  # four squares with the turn
        (TORPILLEUR, "l11"),
    ],
)
def test_BB_MOVES_beyond_the_powers_is_refused(kind: int, to: str) -> None:
    pieces = {"j10": (A, kind), "n14": (B, AMIRAL)}
    if kind != AMIRAL:
        pieces["f6"] = (A, AMIRAL)
    m = play(pieces)
    refused(m, mv("j10", to), "BB-MOVES")


@pytest.mark.parametrize("kind", [CUIRASSE, CROISEUR, TORPILLEUR, DRAGUEUR, VEDETTE])
@pytest.mark.parametrize("side", [A, B])
@SEED.cites(17, "3 Navires : Amiral, sous-marin, hydravion, peuvent reculer.", clause="BB-NAV-BACK")
def test_BB_NAV_BACK_only_three_kinds_go_backwards(kind: int, side: int) -> None:
    back = "j9" if side == A else "j11"
    m = play({**ADMIRALS, "j10": (side, kind)}, to_move=side)
    refused(m, mv("j10", back), "BB-NAV-BACK")
    if kind == TORPILLEUR:
        refused(m, mv("j10", "i9" if side == A else "k11"), "BB-NAV-BACK")


@pytest.mark.parametrize("kind", [AMIRAL, SOUS_MARIN, HYDRAVION])
@SEED.cites(17, "3 Navires : Amiral, sous-marin, hydravion, peuvent reculer.", clause="BB-NAV-BACK")
def test_BB_NAV_BACK_amiral_sous_marin_hydravion_may_reverse(kind: int) -> None:
    pieces = {"j10": (A, kind), "n14": (B, AMIRAL)}
    if kind != AMIRAL:
        pieces["f6"] = (A, AMIRAL)
    m = play(pieces, ("j10", "j9"))
    assert piece_at(m, "j9") == code(A, kind)


@SEED.cites(132, "tE SAUTE,MOUTON EST INTERDIT.", clause="BB-NOJUMP")
def test_BB_NOJUMP_no_jumping_over_any_piece() -> None:
    for owner in (A, B):
        m = play({**ADMIRALS, "j10": (A, CROISEUR), "j11": (owner, VEDETTE)})
        refused(m, mv("j10", "j12"), "BB-NOJUMP")
        refused(m, mv("j10", "j13"), "BB-NOJUMP")
    m = play({**ADMIRALS, "j10": (A, HYDRAVION), "j8": (B, VEDETTE)})
    refused(m, mv("j10", "j7"), "BB-NOJUMP")


def test_BB_NOJUMP_own_ship_cannot_be_sunk() -> None:
    m = play({**ADMIRALS, "j10": (A, CROISEUR), "j11": (A, VEDETTE)})
    refused(m, mv("j10", "j11"), "BB-NOJUMP")


def test_BB_NOJUMP_cuirasse_right_angle_needs_a_clear_path() -> None:
    pieces = {**ADMIRALS, "j10": (A, CUIRASSE)}
    # j10 -> k11 goes by j11 (forward, then right) or by k10 (right, then forward)
    assert "k11" in targets(play({**pieces, "j11": (A, VEDETTE)}), "j10")
    assert "k11" in targets(play({**pieces, "k10": (A, VEDETTE)}), "j10")
    m = play({**pieces, "j11": (A, VEDETTE), "k10": (A, VEDETTE)})
    refused(m, mv("j10", "k11"), "BB-NOJUMP")


# --- BB-SINK -------------------------------------------------------------------------------------
@pytest.mark.parametrize("victim", sorted(EXPECTED_MOVES), ids=lambda k: KINDS[k].key)
@pytest.mark.parametrize("attacker", sorted(EXPECTED_MOVES), ids=lambda k: KINDS[k].key)
@SEED.cites(
    138, "Tous les navires, quelle que soit leur puissance, peuvent se couler.", clause="BB-SINK"
)
def test_BB_SINK_any_ship_sinks_any_other(attacker: int, victim: int) -> None:
    pieces = {"j10": (A, attacker), "j11": (B, victim)}
    if attacker != AMIRAL:
        pieces["f6"] = (A, AMIRAL)
    if victim != AMIRAL:
        pieces["n14"] = (B, AMIRAL)
    m = play(pieces, ("j10", "j11"))
    assert piece_at(m, "j11") == code(A, attacker) and piece_at(m, "j10") == 0
    assert m.state.sunk_by == ((victim,), ())


@SEED.cites(
    128,
    "Chaque fois qu'un navire (à son tour de jouer) a prise directe sur un navire ennemi et"
    " le coule, l'assaillant qui coule un navire le relève, s'en empare, et prend la place "
    "qu'il occupe.",
    clause="BB-SINK",
)
def test_BB_SINK_capture_by_replacement_for_both_sides() -> None:
    m = play({**ADMIRALS, "j10": (A, VEDETTE), "j11": (B, CUIRASSE), "n12": (B, CROISEUR)})
    m.apply(mv("j10", "j11"))
    assert m.state.sunk_by == ((CUIRASSE,), ())
    m.apply(mv("n12", "n11"))
    assert m.current_player == A
    m2 = play({**ADMIRALS, "j10": (A, VEDETTE), "j12": (B, TORPILLEUR)}, to_move=B)
    m2.apply(mv("j12", "j10"))  # B forward is south
    assert piece_at(m2, "j10") == code(B, TORPILLEUR) and m2.state.sunk_by == ((), (VEDETTE,))


@SEED.cites(134, "PAS D'OBLIGATION DE COULER UN NAVIRE.", clause="BB-SINK")
def test_BB_SINK_sinking_is_never_compulsory() -> None:
    m = play({**ADMIRALS, "j10": (A, VEDETTE), "j11": (B, CUIRASSE)})
    assert mv("j10", "j11") in m.legal_actions() and mv("j10", "i10") in m.legal_actions()
    m.apply(mv("j10", "i10"))
    assert m.state.sunk_by == ((), ())


# --- ports ---------------------------------------------------------------------------------------
@SEED.cites(51, "Le port est interdit à tous les navires de I'Escadre.", clause="BB-PORT-CLOSED")
def test_BB_PORT_CLOSED_own_port_is_closed() -> None:
    m = play({"i2": (A, SOUS_MARIN), "f6": (A, AMIRAL), "n14": (B, AMIRAL)})
    refused(m, mv("i2", "j1"), "BB-PORT-CLOSED")
    assert "j1" not in targets(m, "i2")
    m = play({"j2": (A, HYDRAVION), "f6": (A, AMIRAL), "n14": (B, AMIRAL)}, mines=(False, True))
    refused(m, mv("j2", "j1"), "BB-PORT-CLOSED")
    m = play({**ADMIRALS, "k18": (B, SOUS_MARIN)}, to_move=B)
    refused(m, mv("k18", "j19"), "BB-PORT-CLOSED")


@pytest.mark.parametrize("kind", [SOUS_MARIN, TORPILLEUR])
@pytest.mark.parametrize("entrance", ["i18", "k18"])
@SEED.cites(
    51,
    "L'ennemi ne peut y pénétrer que par 3 issues dont 2 en diagonale pour Sous-Marins et "
    'Torpilleurs, Le 3" chenal axial pour tous navires.',
    clause="BB-PORT-ENTRY",
)
def test_BB_PORT_ENTRY_diagonal_for_sous_marins_and_torpilleurs(kind: int, entrance: str) -> None:
    m = play({**ADMIRALS, entrance: (A, kind), "n12": (B, VEDETTE)}, (entrance, "j19"))
    assert m.state.in_port == ((kind,), ())
    assert piece_at(m, entrance) == 0 and not m.is_over


def test_BB_PORT_ENTRY_no_diagonal_entry_for_the_others() -> None:
    # only submarines and torpedo boats move diagonally at all: the Admiral cannot (BB-MOVES)
    m = play({"i18": (A, AMIRAL), "n14": (B, AMIRAL)})
    refused(m, mv("i18", "j19"), "BB-MOVES")
    m = play({"f6": (A, AMIRAL), "k2": (B, AMIRAL)}, to_move=B)
    refused(m, mv("k2", "j1"), "BB-MOVES")
    why: list[tuple[str, int]] = []  # the walker still names the port rule for a diagonal path
    walk(m.state.board, B, AMIRAL, sq("k2"), (sq("j1"),), True, 0, [], why)
    assert why == [("BB-PORT-ENTRY", sq("j1"))]


@SEED.cites(
    51,
    "L'ennemi ne peut y pénétrer que par 3 issues dont 2 en diagonale pour Sous-Marins et "
    'Torpilleurs, Le 3" chenal axial pour tous navires.',
    clause="BB-PORT-ENTRY",
)
@SEED.cites(
    113, "La Mine relevée, I'accès au Port est facilité.", clause=("BB-MINE", "BB-DRAGUEUR")
)
def test_BB_PORT_ENTRY_axial_channel_blocked_until_swept() -> None:
    m = play({**ADMIRALS, "j17": (A, CROISEUR)})
    refused(m, mv("j17", "j18"), "BB-MINE")
    m = play({**ADMIRALS, "j18": (A, CROISEUR)}, ("j18", "j19"), mines=(True, False))
    assert m.state.in_port == ((CROISEUR,), ())


@SEED.cites(
    57,
    "Tout navire pénétrant au Port adverse est bonifié d'une prime de 100.",
    clause="BB-PORT-CONQUEST",
)
def test_BB_PORT_CONQUEST_plus_100_per_ship_in_port() -> None:
    m = play(
        {**ADMIRALS, "i18": (A, TORPILLEUR), "k18": (A, SOUS_MARIN), "n12": (B, VEDETTE)},
        ("i18", "j19"),
        ("n12", "n11"),
        ("k18", "j19"),
    )
    assert m.state.in_port == ((TORPILLEUR, SOUS_MARIN), ())
    assert piece_at(m, "j19") == 0  # it leaves the board: nothing there to take
    assert not m.is_over and m.current_player == B
    items_a, _ = rules.score_breakdown(m.state)
    assert ("2 ship(s) in the enemy port × 100", 200) in items_a
    assert m.scores == (200, 0)


@SEED.cites(
    59,
    "Si I'Amiral ennemi y pénètre : TRIOMPHE -Prime de 1.000 - Partie terminée.",
    clause="BB-TRIUMPH",
)
@SEED.cites(
    168, "TRIOMPHE. - AMIRAL FRANCHISSANT LE PORT ENNEMI - Victoire totale.", clause="BB-TRIUMPH"
)
def test_BB_TRIUMPH_admiral_in_enemy_port_ends_the_game() -> None:
    m = play({"j18": (A, AMIRAL), "n14": (B, AMIRAL)}, ("j18", "j19"), mines=(True, False))
    assert m.is_over and m.winner == A and m.current_player is None
    r = m.state.result
    assert r is not None and r.kind == "triumph" and r.rule == "BB-TRIUMPH"
    assert m.legal_actions() == ()
    # a name in brackets takes "of": "A (south)'s Admiral" read as a slip
    assert r.reason == "The Admiral of A (south) entered the enemy port: Triumph!"
    refused(m, mv("n14", "n13"), "match.over")


# --- the outer harbour ---------------------------------------------------------------------------
@SEED.cites(
    63,
    "Toute la navigation des 2 Escadres est freinée : évolution par une case pour tous les navires",
    clause="BB-AVANT-SLOW",
)
@SEED.cites(
    296,
    "MINES : DROIT DE PASSACE AU RALENTI. C'EST-A.DIRË UNE CASE PAR DROIT DE IOUER.",
    clause="BB-AVANT-SLOW",
)
def test_BB_AVANT_SLOW_one_square_per_turn_in_the_enemy_harbour() -> None:
    m = play({**ADMIRALS, "j16": (A, HYDRAVION)})
    refused(m, mv("j16", "l16"), "BB-AVANT-SLOW")
    assert {"i16", "k16", "j17"} <= targets(m, "j16")
    m = play({**ADMIRALS, "j17": (A, HYDRAVION)})
    assert targets(m, "j17") == {"j16", "i17", "k17"}  # j18 holds the Mine


@SEED.cites(
    63,
    "Toute la navigation des 2 Escadres est freinée : évolution par une case pour tous les navires",
    clause="BB-AVANT-SLOW",
)
def test_BB_AVANT_SLOW_in_ones_own_harbour_too() -> None:
    m = play({**ADMIRALS, "h3": (A, CROISEUR)})
    refused(m, mv("h3", "h5"), "BB-AVANT-SLOW")
    assert targets(m, "h3") == {"h4", "i3"}  # g3 is off the board
    m = play({**ADMIRALS, "j4": (B, CROISEUR)}, to_move=B)
    refused(m, mv("j4", "l4"), "BB-AVANT-SLOW")
    assert targets(m, "j4") == {"i4", "k4", "j3"}


def test_BB_AVANT_SLOW_every_move_inside_is_one_square() -> None:
    inner = [s for s in BOARD if s.zone == "outer_harbour" and abs(s.y) != 6]
    for s in inner:
        for kind in (SOUS_MARIN, HYDRAVION, CROISEUR, TORPILLEUR, VEDETTE):
            if s.index in MINE_SQUARE:
                continue
            m = play({**ADMIRALS, s.name: (A, kind)}, mines=(False, False))
            for t in targets(m, s.name):
                d = BOARD[sq(t)]
                assert max(abs(d.x - s.x), abs(d.y - s.y)) == 1, (KINDS[kind].key, s.name, t)


@SEED.cites(
    81,
    'Tous les navires doivent y accéder sur la lt" rangée (côté Eaux Terr.), donc, si '
    "nécessaire, avec leur puissance réduite.",
    clause="BB-AVANT-ENTRY",
)
def test_BB_AVANT_ENTRY_stop_on_the_first_row() -> None:
    m = play({**ADMIRALS, "j13": (A, HYDRAVION)})
    refused(m, mv("j13", "j17"), "BB-AVANT-ENTRY")
    assert {"j14", "j15", "j16"} <= targets(m, "j13")
    m = play({**ADMIRALS, "i14": (A, CROISEUR)})
    refused(m, mv("i14", "i17"), "BB-AVANT-ENTRY")
    assert "i16" in targets(m, "i14")


def test_BB_AVANT_ENTRY_own_harbour_and_the_other_side() -> None:
    m = play({**ADMIRALS, "j5": (A, SOUS_MARIN)})
    refused(m, mv("j5", "j3"), "BB-AVANT-ENTRY")
    assert "j4" in targets(m, "j5")
    m = play({**ADMIRALS, "j7": (B, HYDRAVION)}, to_move=B)
    refused(m, mv("j7", "j3"), "BB-AVANT-ENTRY")
    assert "j4" in targets(m, "j7")


@SEED.cites(
    84,
    "Sur la ligne de bord tous les navires doivent sortir de I'avant-port avec leur pleine "
    "puissance.",
    clause="BB-AVANT-EXIT",
)
def test_BB_AVANT_EXIT_full_power_from_the_boundary_row() -> None:
    m = play({**ADMIRALS, "j16": (A, HYDRAVION)})
    assert {"j15", "j14", "j13", "j12"} <= targets(m, "j16")
    m.apply(mv("j16", "j12"))
    m = play({**ADMIRALS, "j4": (A, CROISEUR)})
    assert {"j5", "j6", "j7"} <= targets(m, "j4")
    m = play({**ADMIRALS, "g16": (A, SOUS_MARIN)})
    assert "e14" in targets(m, "g16")


def test_BB_AVANT_EXIT_not_from_the_inner_rows() -> None:
    m = play({**ADMIRALS, "j17": (A, HYDRAVION)})
    refused(m, mv("j17", "j15"), "BB-AVANT-SLOW")
    m = play({**ADMIRALS, "j3": (A, CROISEUR)})
    refused(m, mv("j3", "j5"), "BB-AVANT-SLOW")


@SEED.cites(
    84, "Obligation pour le Cuirassé d'y pénétrer par un jeu d'équerre.", clause="BB-CUIR-EQUERRE"
)
def test_BB_CUIR_EQUERRE_battleship_enters_by_a_right_angle() -> None:
    m = play({**ADMIRALS, "j14": (A, CUIRASSE)})
    refused(m, mv("j14", "j16"), "BB-CUIR-EQUERRE")
    m = play({**ADMIRALS, "i15": (A, CUIRASSE)})
    refused(m, mv("i15", "i16"), "BB-CUIR-EQUERRE")
    assert {"j16", "h16"} <= targets(m, "i15")  # right then forward; left then forward
    m.apply(mv("i15", "j16"))
    assert piece_at(m, "j16") == code(A, CUIRASSE)


def test_BB_CUIR_EQUERRE_for_b_too_and_normal_moves_inside() -> None:
    m = play({**ADMIRALS, "j5": (B, CUIRASSE)}, to_move=B)
    refused(m, mv("j5", "j4"), "BB-CUIR-EQUERRE")
    m = play({**ADMIRALS, "k5": (B, CUIRASSE)}, ("k5", "j4"), to_move=B)
    assert piece_at(m, "j4") == code(B, CUIRASSE)
    m = play({**ADMIRALS, "j16": (A, CUIRASSE)})
    assert targets(m, "j16") == {"i16", "k16", "j17"}


# --- nets, wrecks --------------------------------------------------------------------------------
@SEED.cites(
    71,
    "Tout navire ennemi pénétrant dans un filet adverse est coulé et non rele- . ÿé.",
    clause="BB-NET",
)
def test_BB_NET_enemy_ship_sunk_in_net() -> None:
    m = play({**ADMIRALS, "h16": (A, VEDETTE)}, ("h16", "h17"))
    assert m.state.wrecked == ((VEDETTE,), ())
    assert m.state.sunk_by == ((), ())  # sunk for nobody
    # scored as the game stands (a draw's gains less losses): a loss for A, nobody's gain
    assert m.scores == (-value(VEDETTE), 0)
    assert piece_at(m, "h17") == code(A, WRECK)


@SEED.cites(
    73, "Ce navire peut, au préalable, couler I'adversaire quis'ytrouvait.", clause="BB-NET"
)
@SEED.cites(73, "Il relève ce navire et prend sa place.", clause="BB-NET")
def test_BB_NET_can_first_sink_the_defender_there() -> None:
    m = play({**ADMIRALS, "h16": (A, VEDETTE), "h17": (B, CROISEUR)}, ("h16", "h17"))
    assert m.state.sunk_by == ((CROISEUR,), ())
    assert m.state.wrecked == ((VEDETTE,), ())
    assert piece_at(m, "h17") == code(A, WRECK)


@SEED.cites(
    71,
    "Tout navire ennemi pénétrant dans un filet adverse est coulé et non rele- . ÿé.",
    clause="BB-NET",
)
def test_BB_NET_own_ships_stand_safely_on_own_nets() -> None:
    m = play({**ADMIRALS, "i18": (B, VEDETTE)}, ("i18", "i17"), to_move=B)
    assert piece_at(m, "i17") == code(B, VEDETTE) and m.state.wrecked == ((), ())
    m = play({**ADMIRALS, "i4": (A, SOUS_MARIN)}, ("i4", "i3"))
    assert piece_at(m, "i3") == code(A, SOUS_MARIN) and m.state.wrecked == ((), ())


@SEED.cites(75, "On peut ,, saborder )) un navire dans I'avant-port ennemi.", clause="BB-SCUTTLE")
@SEED.cites(
    292, "FiLET : L'ADVERSAIRE SË PLAÇANT DANS LE FILET ADVERSE SE SABORDE.", clause="BB-SCUTTLE"
)
def test_BB_SCUTTLE_steering_into_an_enemy_net_is_allowed() -> None:
    m = play({**ADMIRALS, "l16": (A, SOUS_MARIN)})
    assert {"k17", "l17"} <= targets(m, "l16")
    assert "sunk in the net" in m.describe(mv("l16", "l17"))
    m.apply(mv("l16", "l17"))
    assert m.state.wrecked == ((SOUS_MARIN,), ())


@SEED.cites(
    75,
    "Pour la compréhension et la clarté du jeu, le pion est retourné - ÉpRVf .",
    clause="BB-WRECK",
)
def test_BB_WRECK_stays_and_blocks_the_square() -> None:
    m = play(
        {**ADMIRALS, "h16": (A, VEDETTE), "i16": (A, VEDETTE), "i17": (B, CROISEUR)},
        ("h16", "h17"),
    )
    refused(m, mv("i17", "h17"), "BB-WRECK")  # B cannot use the square either
    m.apply(mv("i17", "i16"))  # B sinks the other vedette
    refused(m, mv("h17", "h16"), "BB-WRECK")  # a wreck never moves
    assert count(m.state, code(A, WRECK)) == 1


def test_BB_WRECK_removed_with_the_switch() -> None:
    m = play({**ADMIRALS, "h16": (A, VEDETTE)}, ("h16", "h17"), wrecks="remove")
    assert piece_at(m, "h17") == 0
    assert m.state.wrecked == ((VEDETTE,), ())


@SEED.cites(
    77,
    "Si I'Amiral assaillant se réfugie au filet adverse, il y a abandon de partie - VAINCU.",
    clause="BB-NET-ADMIRAL",
)
def test_BB_NET_ADMIRAL_admiral_in_enemy_net_loses() -> None:
    m = play({"h16": (A, AMIRAL), "n14": (B, AMIRAL)}, ("h16", "h17"))
    assert m.is_over and m.winner == B
    r = m.state.result
    assert r is not None and r.kind == "abandon" and r.rule == "BB-NET-ADMIRAL"
    assert r.reason == (
        "The Admiral of A (south) entered an enemy net: he abandons and is defeated."
    )
    _, items_b = rules.score_breakdown(m.state)
    assert ("3° the defeated Admiral + 500", 560) in items_b
    m = play({"h4": (B, AMIRAL), "f6": (A, AMIRAL)}, ("h4", "h3"), to_move=B)
    assert m.is_over and m.winner == A


# --- the Mine and the Dragueur -------------------------------------------------------------------
@SEED.cites(23, "Une Mine à emplacement fixe.", clause="BB-MINE")
def test_BB_MINE_never_moves() -> None:
    m = play(ADMIRALS)
    refused(m, mv("j2", "j3"), "BB-MINE")


@pytest.mark.parametrize("kind", [AMIRAL, CROISEUR, HYDRAVION, SOUS_MARIN, VEDETTE])
@SEED.cites(
    112,
    "Seul il peut faire sauter la }line placée par I'adversaire.",
    clause=("BB-MINE", "BB-DRAGUEUR"),
)
@SEED.cites(304, "DROIT DE PASSAGE QUE SI LA MINE EST ENLEVEE.", clause="BB-MINE")
def test_BB_MINE_bars_the_channel_to_enemy_ships(kind: int) -> None:
    pieces = {"j17": (A, kind), "n14": (B, AMIRAL)}
    if kind != AMIRAL:
        pieces["f6"] = (A, AMIRAL)
    m = play(pieces)
    refused(m, mv("j17", "j18"), "BB-MINE")


@pytest.mark.parametrize("kind", [VEDETTE, DRAGUEUR], ids=["vedette", "dragueur"])
def test_BB_MINE_own_ships_cannot_enter_their_mine_square(kind: int) -> None:
    m = play({**ADMIRALS, "i2": (A, kind)})
    refused(m, mv("i2", "j2"), "BB-MINE")


@SEED.cites(
    23, "La Mine peut être relevée par le Dragueur Ennemi.", clause=("BB-MINE", "BB-DRAGUEUR")
)
@SEED.cites(
    112, "Seul il peut faire sauter la }line placée par I'adversaire.", clause="BB-DRAGUEUR"
)
def test_BB_DRAGUEUR_sweeps_the_enemy_mine() -> None:
    m = play({**ADMIRALS, "j17": (A, DRAGUEUR), "n12": (B, VEDETTE)}, ("j17", "j18"))
    assert piece_at(m, "j18") == code(A, DRAGUEUR)
    assert count(m.state, code(B, MINE)) == 0
    assert m.state.sunk_by == ((), ())  # the Mine is no ship
    m.apply(mv("n12", "n11"))
    m.apply(mv("j18", "j19"))  # the channel is open
    assert m.state.in_port == ((DRAGUEUR,), ())


def test_BB_DRAGUEUR_from_the_side_and_then_others_follow() -> None:
    m = play(
        {**ADMIRALS, "i18": (A, DRAGUEUR), "j17": (A, CROISEUR), "n12": (B, VEDETTE)},
        ("i18", "j18"),
        ("n12", "n11"),
    )
    refused(m, mv("j17", "j18"), "BB-NOJUMP")  # the Dragueur sits on the channel
    m.apply(mv("j18", "j19"))
    m.apply(mv("n11", "n10"))
    m.apply(mv("j17", "j18"))
    m.apply(mv("n10", "n9"))
    m.apply(mv("j18", "j19"))
    assert m.state.in_port == ((DRAGUEUR, CROISEUR), ())


# --- neutral ports -------------------------------------------------------------------------------
@SEED.cites(97, "Un seul navire peut s'y repqser à la fois.", clause="BB-NEUTRAL")
@SEED.cites(99, "Imprenable", clause="BB-NEUTRAL")
@SEED.cites(300, 'PORT NEUTRE: LES NAVIRES SONT |MPRENABLES"', clause="BB-NEUTRAL")
def test_BB_NEUTRAL_one_ship_at_a_time_untouchable() -> None:
    pieces = {**ADMIRALS, "d10": (A, CROISEUR), "b10": (B, VEDETTE)}
    m = play(pieces)
    refused(m, mv("d10", "b10"), "BB-NEUTRAL")  # cannot be taken there
    assert "c10" in targets(m, "d10")
    m = play({**ADMIRALS, "d10": (A, CROISEUR), "b10": (A, VEDETTE)})
    refused(m, mv("d10", "b10"), "BB-NEUTRAL")  # one ship at a time, even one's own


@SEED.cites(99, "Temps ilJimité", clause="BB-NEUTRAL")
def test_BB_NEUTRAL_a_ship_may_rest_there_as_long_as_it_likes() -> None:
    m = play({**ADMIRALS, "d10": (A, CROISEUR), "n12": (B, VEDETTE)}, ("d10", "b10"))
    assert piece_at(m, "b10") == code(A, CROISEUR)
    m.apply(mv("n12", "n11"))
    m.apply(mv("f6", "f7"))  # no obligation to leave
    m.apply(mv("n11", "n10"))
    assert "c10" in targets(m, "b10")  # and it may leave


def _on_segment(p: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> bool:
    """``p`` lies on the straight segment a..b (ends included)."""
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return (
        cross == 0
        and min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
        and (min(a[1], b[1]) <= p[1] <= max(a[1], b[1]))
    )


@SEED.cites(
    101, "Droit de passage, si le Port est libre, sans obligation d'arrêt.", clause="BB-NEUTRAL"
)
def test_BB_NEUTRAL_a_free_port_may_be_crossed() -> None:
    crossings = []
    for kind in EXPECTED_MOVES:
        if kind == AMIRAL:
            continue
        for s in BOARD:
            if s.zone != "high_seas" or s.feature:
                continue
            m = play({"f6": (A, AMIRAL), "n14": (B, AMIRAL), s.name: (A, kind)})
            for t in targets(m, s.name):
                d = BOARD[sq(t)]
                a, b = (s.x, s.y), (d.x, d.y)
                routes = (
                    [(a, b)] if kind != CUIRASSE else [(a, b), (a, (a[0], b[1])), (a, (b[0], a[1]))]
                )
                for port in NEUTRAL_PORTS:
                    p = (BOARD[port].x, BOARD[port].y)
                    for start, corner in routes:
                        if p not in (a, b) and (
                            _on_segment(p, start, corner) or _on_segment(p, corner, b)
                        ):
                            crossings.append((KINDS[kind].key, s.name, t))
    assert crossings, "no move crosses a neutral port"


@SEED.cites(103, "L'Amiral n'a pas droit aux Ports Neutres.", clause="BB-NEUTRAL-ADMIRAL")
@SEED.cites(302, "INTERDIT AUX AMIRAUX.", clause="BB-NEUTRAL-ADMIRAL")
def test_BB_NEUTRAL_ADMIRAL_no_admirals_in_neutral_ports() -> None:
    m = play({"c10": (A, AMIRAL), "n14": (B, AMIRAL)})
    refused(m, mv("c10", "b10"), "BB-NEUTRAL-ADMIRAL")
    assert "b10" not in targets(m, "c10")
    m = play({"f6": (A, AMIRAL), "q10": (B, AMIRAL)}, to_move=B)
    refused(m, mv("q10", "r10"), "BB-NEUTRAL-ADMIRAL")


@SEED.cites(99, "Perdu pour son Escadre, si celle-ci est VAINCUE.", clause="BB-NEUTRAL-LOST")
@SEED.cites(
    156, "2o Les navires ennemis aux Ports Neutres ;", clause=("BB-NEUTRAL-LOST", "BB-VICTORY")
)
def test_BB_NEUTRAL_LOST_loser_ships_in_neutral_ports_go_to_the_winner() -> None:
    m = play(
        {
            "j10": (A, CROISEUR),
            "f6": (A, AMIRAL),
            "j11": (B, AMIRAL),
            "b10": (B, VEDETTE),
            "r10": (B, CROISEUR),
            "n12": (B, TORPILLEUR),
        },
        ("j10", "j11"),
    )
    items_a, items_b = rules.score_breakdown(m.state)
    assert ("2° enemy ships in neutral ports", 25) in items_a
    assert ("his ships not sunk", 10) in items_b  # only the torpilleur at sea


# --- touch-move ----------------------------------------------------------------------------------
@SEED.cites(122, "Doit être joué.", clause="BB-TOUCH")
def test_BB_TOUCH_touched_piece_must_be_played() -> None:
    m = play({**ADMIRALS, "j10": (A, CROISEUR), "n10": (A, VEDETTE)}, touch_move=True)
    assert all(isinstance(a, Touch) for a in m.legal_actions())
    refused(m, mv("j10", "j11"), "BB-TOUCH")  # touch first
    refused(m, Touch(sq("n14")), "BB-TOUCH")  # not one's own
    refused(m, Touch(sq("j2")), "BB-TOUCH")  # the Mine is no ship
    m.apply(Touch(sq("j10")))
    assert m.current_player == A
    refused(m, Touch(sq("n10")), "BB-TOUCH")  # already touched
    refused(m, mv("n10", "n11"), "BB-TOUCH")  # another piece
    assert {a.frm for a in m.legal_actions() if isinstance(a, Move)} == {sq("j10")}
    m.apply(mv("j10", "j11"))
    assert m.current_player == B and m.state.touched is None


@SEED.cites(122, "S'il est injouable, I'Amiral doit être déplacé d'une case.", clause="BB-TOUCH")
def test_BB_TOUCH_unplayable_piece_the_admiral_moves_one_square() -> None:
    m = play(
        {"i18": (A, VEDETTE), "j10": (A, AMIRAL), "n14": (B, AMIRAL), "n12": (B, VEDETTE)},
        touch_move=True,
    )
    m.apply(Touch(sq("i18")))
    legal = m.legal_actions()
    assert legal and all(isinstance(a, Move) and a.frm == sq("j10") for a in legal)
    assert len(legal) == 4
    refused(m, mv("i18", "j18"), "BB-MINE")
    m.apply(mv("j10", "j11"))
    assert m.current_player == B


@SEED.cites(123, "Si impossible, le joueur passe son tour.", clause="BB-TOUCH")
def test_BB_TOUCH_nothing_playable_the_turn_is_lost() -> None:
    m = play({**BOXED, "n14": (B, AMIRAL), "n12": (B, VEDETTE)}, touch_move=True)
    m.apply(Touch(sq("i18")))
    assert m.legal_actions() == (Pass(),)
    m.apply(Pass())
    assert m.current_player == B and not m.is_over


def test_BB_TOUCH_one_function_says_what_a_touch_leaves_to_play() -> None:
    """The fallback (the touched ship, else her Admiral one square, else the turn is lost) is
    worked out once, by rules.touched_moves: the list of legal moves, the check of a single
    move and the words for a stuck touch all agree with it, for a free ship, a boxed-in ship
    whose Admiral can move, a boxed-in ship whose Admiral cannot, and a boxed-in Admiral."""
    opening = navalkit.new_match("branle_bas", seed=1, setup="standard", first_player="A").state
    board = list(opening.board)
    board[sq("j4")] = 0  # the cruiser ahead of the Admiral is gone: he can move
    freed = dataclasses.replace(opening, board=tuple(board))
    seen = set()
    for state in (opening, freed):
        for square in fleets(state)[state.to_move]:
            moves = rules.touched_moves(state, square)
            touched = rules.apply(state, Touch(square))
            assert list(rules.legal_actions(touched)) == (moves or [Pass()])
            for frm in fleets(state)[state.to_move]:
                for to in range(len(BOARD)):
                    legal = rules.violation(touched, Move(frm, to)) is None
                    assert legal == (Move(frm, to) in moves), (square, frm, to)
            stuck = rules.stuck_touch(state, square)
            if moves and moves[0].frm == square:
                kind = "free"
                assert stuck == ""
            elif moves:
                kind = "admiral"
                assert stuck == "it cannot move, so the Admiral must move one square instead"
                assert {m.frm for m in moves} == {sq("j3")}
            else:
                kind = "lost"
                assert stuck.endswith("so the turn is lost")
            seen.add(kind)
    assert seen == {"free", "admiral", "lost"}


@SEED.cites(122, "Doit être joué.", clause="BB-TOUCH")
def test_BB_TOUCH_on_by_default_and_a_switch_turns_it_off() -> None:
    assert Config().touch_move and Config().setup == "free"  # the seed's game by default
    m = play({**ADMIRALS, "j10": (A, CROISEUR)}, touch_move=False)
    refused(m, Touch(sq("j10")), "BB-TOUCH")


# --- scoring -------------------------------------------------------------------------------------
VICTORY_POSITION = {
    "j10": (A, CROISEUR),
    "f6": (A, AMIRAL),
    "p10": (A, VEDETTE),
    "b10": (A, SOUS_MARIN),
    "j11": (B, AMIRAL),
    "f14": (B, CUIRASSE),
    "r10": (B, TORPILLEUR),
}
VICTORY_TALLIES = {
    "sunk_by": ((VEDETTE, TORPILLEUR), (CROISEUR,)),
    "in_port": ((TORPILLEUR,), (VEDETTE,)),
    "wrecked": ((HYDRAVION,), ()),
}


@SEED.cites(152, "La partie rapporte au VAINQUEUR :", clause="BB-VICTORY")
@SEED.cites(154, "I o I-a valeur des navires qu'il a coulés ;", clause="BB-VICTORY")
@SEED.cites(158, "30 La valeur de I'Amiral vaincu et bonification tle 500 ;", clause="BB-VICTORY")
@SEED.cites(
    160, "4o Chaque navire vainqueur au port adverse : Prirne de 100 i", clause="BB-VICTORY"
)
@SEED.cites(162, "50 La valeur des navires qui lui restent en jeu;'", clause="BB-VICTORY")
@SEED.cites(
    164,
    "LE VAINCURETIRE la valeur de ses navires non coulés, une pr;me de 100 par navire au "
    "port adverse et la valeur des navires de l'escadre adverse qu'il a coulés.",
    clause="BB-VICTORY",
)
def test_BB_VICTORY_scoring_item_by_item() -> None:
    m = play(VICTORY_POSITION, ("j10", "j11"), **VICTORY_TALLIES)
    assert m.is_over and m.winner == A
    items_a, items_b = rules.score_breakdown(m.state)
    assert items_a == [
        ("1° enemy ships he sank", 5 + 10),  # the Admiral is counted at 3°
        ("2° enemy ships in neutral ports", 10),
        ("3° the defeated Admiral + 500", 60 + 500),
        ("4° 1 ship(s) in the enemy port × 100", 100),
        ("5° his ships still in play", 20 + 60 + 5 + 15 + 10),
    ]
    assert items_b == [
        ("his ships not sunk", 25 + 5),  # the cuirassé, the vedette in A's port
        ("1 ship(s) in the enemy port × 100", 100),
        ("enemy ships he sank", 20),
    ]
    assert m.scores == (795, 150)


def test_BB_VICTORY_score_items_from_tallies() -> None:
    win = Tally(sunk=(AMIRAL, CROISEUR), in_enemy_port=(), at_sea=(AMIRAL, VEDETTE))
    lose = Tally(sunk=(SOUS_MARIN,), in_enemy_port=(TORPILLEUR,), at_sea=(CUIRASSE,))
    items = score_items("victory", 1, (lose, win))
    assert [p for _, p in items[1]] == [20, 0, 560, 0, 65]
    assert [p for _, p in items[0]] == [25 + 10, 100, 15]


@SEED.cites(171, "Le VAINQUEUR totalise :", clause="BB-TRIUMPH-SCORE")
@SEED.cites(173, "lo La leddition complète de la Flotte ennemie ;", clause="BB-TRIUMPH-SCORE")
@SEED.cites(
    175, "2o La bonification de | 00 par navire au port adverse ;", clause="BB-TRIUMPH-SCORE"
)
@SEED.cites(179, "4o La reprise de ses navires coulés ;", clause="BB-TRIUMPH-SCORE")
def test_BB_TRIUMPH_SCORE_item_by_item() -> None:
    tallies = {"sunk_by": ((), (CROISEUR, VEDETTE)), "in_port": ((TORPILLEUR, SOUS_MARIN), ())}
    pieces = {"j18": (A, AMIRAL), "n14": (B, AMIRAL)}
    m = play(pieces, ("j18", "j19"), mines=(True, False), **tallies)
    items_a, items_b = rules.score_breakdown(m.state)
    assert items_a == [
        ("1° the whole enemy fleet surrenders", 300),
        ("2° 2 ship(s) in the enemy port × 100", 200),
        ("3° the Admiral in the enemy port", 1000),
        ("4° his own sunk ships recovered", 25),
    ]
    assert sum(p for _, p in items_b) == 0
    assert m.scores == (1525, 0)


@SEED.cites(179, "4o La reprise de ses navires coulés ;", clause="BB-TRIUMPH-SCORE")
@SEED.cites(71, "Tout navire ennemi pénétrant dans un filet adverse est coulé", clause="BB-NET")
def test_BB_TRIUMPH_SCORE_recovers_ships_lost_in_enemy_nets_too() -> None:
    """A ship lost in an enemy net is 'coulé' (sunk), so the triumphant side takes it back
    with the ships the enemy sank, as a drawn game counts it among the losses (it used to
    be left out)."""
    win = Tally(in_enemy_port=(AMIRAL, TORPILLEUR), lost=(CROISEUR,))
    lose = Tally(sunk=(VEDETTE,))
    items = score_items("triumph", 0, (win, lose))
    assert ("4° his own sunk ships recovered", value(VEDETTE) + value(CROISEUR)) in items[0]


@SEED.cites(177, "3o La bonification de I00 pour I'Amiral au port ;", clause="BB-TRIUMPH-SCORE")
def test_BB_TRIUMPH_SCORE_with_the_100_switch() -> None:
    pieces = {"j18": (A, AMIRAL), "n14": (B, AMIRAL)}
    m = play(pieces, ("j18", "j19"), mines=(True, False), triumph_bonus=100)
    items_a, _ = rules.score_breakdown(m.state)
    assert ("3° the Admiral in the enemy port", 100) in items_a
    assert m.scores == (400, 0)


def test_BB_TRIUMPH_SCORE_for_b_through_a_swept_channel() -> None:
    m = play({"k2": (B, AMIRAL), "f6": (A, AMIRAL)}, to_move=B, mines=(False, True))
    m.apply(mv("k2", "j2"))
    m.apply(mv("f6", "f7"))
    m.apply(mv("j2", "j1"))
    assert m.winner == B and m.scores == (0, 1300)


# --- draws and the time limit --------------------------------------------------------------------
@SEED.cites(
    143, "si deux Amiraux restent en mer, côte à côte en diagonale, sans secours.", clause="BB-DRAW"
)
def test_BB_DRAW_two_admirals_alone_at_sea_diagonally() -> None:
    m = play({"j10": (A, AMIRAL), "j11": (B, VEDETTE), "k12": (B, AMIRAL)}, ("j10", "j11"))
    assert m.is_over and m.winner is None
    r = m.state.result
    assert r is not None and r.kind == "draw" and r.rule == "BB-DRAW" and "diagonally" in r.reason
    assert m.scores == (5, -5)  # gains and losses counted


@SEED.cites(
    141,
    "Si les Amiraux restent face à face, à l'entrée du Port, le défenseur, étant dans I'un "
    "des filets Cauche ou Droite du Centre, et s'il n'y a pas possibilité de secours "
    "d'autres navires",
    clause="BB-DRAW",
)
def test_BB_DRAW_admirals_face_to_face_at_the_port_entrance() -> None:
    # B's port is j19: A's Admiral takes the last helper on the centre square j17, beside B's
    # Admiral on his net k17
    m = play({"j16": (A, AMIRAL), "j17": (B, VEDETTE), "k17": (B, AMIRAL)}, ("j16", "j17"))
    r = m.state.result
    assert m.is_over and r is not None and r.rule == "BB-DRAW" and "entrance" in r.reason


@SEED.cites(
    143, "si deux Amiraux restent en mer, côte à côte en diagonale, sans secours.", clause="BB-DRAW"
)
def test_BB_DRAW_not_while_help_can_come() -> None:
    m = play(
        {"j10": (A, AMIRAL), "j11": (B, VEDETTE), "k12": (B, AMIRAL), "c10": (A, CROISEUR)},
        ("j10", "j11"),
    )
    assert not m.is_over  # A's cruiser can still come
    m = play({"j10": (A, AMIRAL), "j11": (B, VEDETTE), "l12": (B, AMIRAL)}, ("j10", "j11"))
    assert not m.is_over  # alone, but not side by side


@SEED.cites(
    143, "si deux Amiraux restent en mer, côte à côte en diagonale, sans secours.", clause="BB-DRAW"
)
def test_BB_DRAW_not_while_a_ship_waits_only_for_her_own_admiral_to_step_aside() -> None:
    """A's Vedette on o14 is boxed in by the board's edge and by her own Admiral: she cannot
    move now, but help is possible ('possibilité de secours') as soon as he steps aside, so
    the Admirals side by side diagonally are no draw (it used to be one)."""
    m = play({"n14": (A, AMIRAL), "o14": (A, VEDETTE), "m16": (B, AMIRAL)}, to_move=B)
    assert targets(m, "o14") == set()
    m.apply(mv("m16", "m15"))
    assert not m.is_over
    m.apply(mv("n14", "n13"))  # A's Admiral steps aside: the Vedette can come
    m.apply(mv("m15", "l15"))
    assert "n14" in targets(m, "o14")


def test_BB_DRAW_despite_a_ship_locked_in_place() -> None:
    pieces = {"j10": (A, AMIRAL), "j11": (B, VEDETTE), "k12": (B, AMIRAL), "i18": (A, VEDETTE)}
    m = play(pieces)
    assert targets(m, "i18") == set()  # forward and left are off the board, right is the Mine
    m.apply(mv("j10", "j11"))
    assert m.is_over and m.winner is None


def test_BB_STUCK_when_neither_side_can_move() -> None:
    m = play({**BOXED, "n14": (B, AMIRAL), "n12": (B, VEDETTE)})
    m.apply(Pass())
    assert not m.is_over  # B's ships still move: not a draw
    m = play(BOXED)  # B has no ship at all
    m.apply(Pass())
    assert m.legal_actions() == (Pass(),)
    m.apply(Pass())
    assert m.is_over and m.winner is None and m.state.result is not None
    assert m.state.result.rule == "BB-STUCK"
    assert "every ship of A (south) is blocked and B (north) has no ship left" in m.status


#: both sides boxed in: A as BOXED, B the same at the other end of the board
BOTH_BOXED = {
    **BOXED,
    "i2": (B, VEDETTE),
    "k2": (B, AMIRAL),
    "j3": (B, WRECK),
    "k3": (B, WRECK),
    "l3": (B, WRECK),
}


@SEED.cites(123, "Si impossible, le joueur passe son tour.", clause="BB-TOUCH")
def test_BB_STUCK_under_touch_move_too() -> None:
    """Under touch-move every pass follows a touch; a side that had no move at all still
    counts towards BB-STUCK (the game used to go on for ever, touch and pass in turn)."""
    m = play(BOTH_BOXED, touch_move=True)
    for side in (A, B):
        assert m.current_player == side and not m.is_over
        m.apply(m.legal_actions()[0])  # a touch
        assert m.legal_actions() == (Pass(),)
        m.apply(Pass())
    assert m.is_over and m.winner is None and m.state.result is not None
    assert m.state.result.rule == "BB-STUCK"
    # a turn lost to a touch while another ship could move is no "neither side can move"
    m = play({**BOTH_BOXED, "c10": (B, CROISEUR)}, touch_move=True)
    m.apply(m.legal_actions()[0])  # A touches a boxed-in ship and loses his turn
    m.apply(Pass())
    m.apply(Touch(sq("i2")))  # B touches his boxed-in Vedette though his cruiser could move
    m.apply(Pass())
    assert not m.is_over and m.state.passes == 0


@SEED.cites(71, "Tout navire ennemi pénétrant dans un filet adverse est coulé", clause="BB-NET")
@SEED.cites(146, "On comptabilise les gains et pertes", clause="BB-DRAW")
def test_BB_DRAW_a_ship_lost_in_an_enemy_net_is_a_loss() -> None:
    """A ship lost in an enemy net is sunk ('coulé'): in a drawn game its side counts it
    among its losses, and nobody gains it."""
    m = play({**ADMIRALS, "h16": (A, VEDETTE), "c10": (B, CROISEUR)}, ("h16", "h17"))
    items_a, items_b = rules.score_breakdown(m.state)
    assert ("own ships lost in enemy nets (losses)", -value(VEDETTE)) in items_a
    assert ("own ships sunk (losses)", 0) in items_a
    assert ("enemy ships sunk (gains)", 0) in items_b
    assert m.scores == (-value(VEDETTE), 0)


def test_BB_TIME_move_limit_ends_the_game_as_a_draw() -> None:
    m = play(
        {**ADMIRALS, "j10": (A, CROISEUR), "n12": (B, VEDETTE)},
        max_plies=20,
        ply=19,
        sunk_by=((VEDETTE,), ()),
    )
    m.apply(mv("j10", "j11"))
    assert m.is_over and m.winner is None and m.current_player is None
    r = m.state.result
    assert r is not None and r.kind == "time" and r.rule == "BB-TIME"
    assert m.scores == (5, -5)
    refused(m, mv("n12", "n11"), "match.over")


def test_BB_TIME_default_limit_ends_random_games() -> None:
    m = navalkit.new_match("branle_bas", first_player="A", max_plies=20)
    while not m.is_over:
        m.apply(m.legal_actions()[0])
    assert m.state.ply <= 20


# --- coverage of the clauses ---------------------------------------------------------------------
def test_every_clause_has_a_scenario() -> None:
    names = [n for n in globals() if n.startswith("test_BB_")]
    missing = [
        c.id
        for c in CLAUSES
        if not any(n.startswith(f"test_{c.id.replace('-', '_')}_") for n in names)
    ]
    assert not missing, f"clauses without a scenario test: {missing}"


def test_BB_CAMOUFLAGE_the_log_and_the_messages_never_say_where_a_ship_was_placed() -> None:
    from navalkit.play.session import PlaySession

    s = PlaySession("branle_bas", seed=3, seats=["random", "human"], first_player="A")
    assert s.match.state.phase == "setup" and s.match.current_player == B  # A has placed all
    texts = [e.text for e in s.match.events] + list(s.screen().messages)
    placed = [BOARD[sq].name for sq in SETUP_ZONE[A] if s.match.state.board[sq]]
    assert len(placed) == 19
    for text in texts:
        assert not any(name in text.split() or f" {name}" in text for name in placed), text
    assert all("hidden until both squadrons are ready" in t for t in texts if "place" in t)
