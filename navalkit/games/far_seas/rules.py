"""The pure rules of Far Seas: legal actions, teaching refusals, apply, chance, scores, words.

Seat 0 is the German raider player, seat 1 the Allies. The mechanics do the work: see
mechanics/sequence.py (the turn), mechanics/orders.py (German orders and Allied moves),
mechanics/search.py, mechanics/combat.py and mechanics/allied_positions.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from navalkit.core.config import setting_words
from navalkit.core.errors import Violation
from navalkit.core.words import listing, plural

from .actions import (
    ACTION_TYPES,
    FIGHT,
    RUN,
    Action,
    Deploy,
    Order,
    Search,
    Simple,
    area_name,
    ship_names,
)
from .clauses import CLAUSES
from .config import Config
from .data import (
    ADJ,
    ALLIED,
    ENGLAND,
    GERMAN,
    HOME_AREA,
    NEUTRAL,
    PANAMA,
    RIVER,
    SHIPS,
    damage_points,
)
from .mechanics import combat, orders, search
from .mechanics.allied_positions import ACTIVE
from .mechanics.sequence import colony_locked, germans_at_sea, initial_state
from .observe import SECRET_ORDERS
from .state import (
    A_RUN,
    ALLIES,
    ALLY,
    AT_SEA,
    CHANCE,
    G_RUN,
    GERMANY,
    HOME,
    INTERNED,
    OVER,
    SEARCH,
    SIDES,
    SUNK,
    State,
    evolve,
)
from .state import (
    GERMAN as GERMAN_PHASE,
)

D6 = tuple((r, 1 / 6) for r in range(1, 7))
RACE = tuple((10 * a + b, 1 / 30) for a in range(1, 7) for b in range(1, 7) if a != b)

__all__ = ["apply", "initial_state", "legal_actions", "scores", "violation"]


def to_move(state: State) -> int | None:
    """The seat to act, None at chance nodes and at the end."""
    return _SEATS.get(state.phase)


_SEATS = {ALLY: ALLIES, SEARCH: ALLIES, A_RUN: ALLIES, GERMAN_PHASE: GERMANY, G_RUN: GERMANY}


_last: list[Any] = [None, frozenset()]


def _legal(state: State) -> frozenset[Any]:
    """The legal actions of ``state`` as a set, remembered for the last state asked (the
    refusals of one position are often asked one after another)."""
    if _last[0] is not state:
        _last[:] = [state, frozenset(legal_actions(state))]
    return _last[1]  # type: ignore[no-any-return]


def legal_actions(state: State) -> Sequence[Any]:
    """Every legal action, in a stable order: a tuple, often one the rules keep, or (the
    Allied moves) a ChainedActions of tuples the rules keep (see Game.legal_actions), so it
    is handed out without a copy."""
    generate = _GENERATORS.get(state.phase)
    return () if generate is None else generate(state)


_RUN_OR_FIGHT = (RUN, FIGHT)


def _run_or_fight(state: State) -> tuple[Any, ...]:
    return _RUN_OR_FIGHT


#: each phase's legal actions
_GENERATORS: dict[str, Callable[[State], Sequence[Any]]] = {
    ALLY: orders.allied_moves,
    GERMAN_PHASE: orders.german_orders,
    SEARCH: search.search_actions,
    G_RUN: _run_or_fight,
    A_RUN: _run_or_fight,
}


def chance_outcomes(state: State) -> tuple[tuple[int, float], ...]:
    roll = state.roll
    if roll == "finder":  # one of the searchers that found him, drawn at random
        return _DRAWS[len(state.dice)]
    return RACE if roll == "race" else D6


#: a fair draw among n searchers, by n
_DRAWS = tuple(tuple((i, 1 / n) for i in range(n)) for n in range(80))
#: the outcomes alone (every roll of this game is a fair one)
_FACES, _RACES = tuple(r for r, _ in D6), tuple(r for r, _ in RACE)
_SEARCHERS = tuple(tuple(i for i, _ in draw) for draw in _DRAWS)


def chance_uniform(state: State) -> tuple[int, ...]:
    """What the roll draws, all equally likely: a die, two different dice (a race), or one of
    the searchers that found the raider."""
    roll = state.roll
    if roll == "finder":
        return _SEARCHERS[len(state.dice)]
    return _RACES if roll == "race" else _FACES


def apply_chance(state: State, outcome: int) -> State:
    """The state after the chance ``outcome`` (a die, a race's pair of dice, or the drawn
    searcher; a number of another type, as a record may hold it, is read as an int)."""
    if outcome.__class__ is not int:
        outcome = int(outcome)
    return _ROLLS.get(state.roll, combat.fire_roll)(state, outcome)


#: the function that resolves each kind of roll (any other: a gun, torpedo or torpedo damage)
_ROLLS: dict[str, Callable[[State, int], State]] = {
    "search": search.resolve_search,
    "finder": search.finder_roll,
    "home": orders.home_roll,
    "home1": orders.home_roll,
    "convoy": orders.convoy_roll,
    "sink": orders.sink_roll,
    "run": combat.run_roll,
    "race": combat.pursuit_roll,
    "slow": combat.pursuit_roll,
}


def apply(state: State, action: Action) -> State:
    """The state after a legal action (the caller has checked legality)."""
    # one look-up by the action's class rather than a chain of isinstance tests (every step;
    # the four action classes have no subclasses)
    do = _APPLY.get(action.__class__)
    if do is None:
        raise TypeError(f"{action!r} is not a Far Seas action (Order, Deploy, Search or Simple)")
    return do(state, action)


def _simple(state: State, action: Simple) -> State:
    """A word-only action: pass, end the search, run or fight."""
    word = action.word
    if word == "pass":
        return evolve(state, phase=GERMAN_PHASE)
    if word == "end_search":
        return search.end_search(state)
    return combat.decide(state, word == "run")


_APPLY: dict[type, Callable[[State, Any], State]] = {
    Order: orders.apply_order,
    Deploy: orders.apply_deploy,
    Search: search.apply_search,
    Simple: _simple,
}


# --- refusals that teach ----------------------------------------------------------------------
def violation(state: State, action: object) -> Violation | None:
    """None when ``action`` is legal now; otherwise the rule it breaks, in plain words."""
    if not isinstance(action, ACTION_TYPES):
        return Violation("match.not-an-action", f"{action!r} is not a Far Seas action.")
    try:
        if action in _legal(state):
            return None
    except TypeError:
        return Violation("match.not-an-action", f"{action!r} is not a well-formed action.")
    if state.phase == OVER:
        return Violation("match.game-over", "The game is over: no more moves.")
    return _explain(state, action)


def _whose(state: State) -> str:
    return {
        ALLY: "the Allies' move",
        GERMAN_PHASE: "the German's order",
        SEARCH: "the Allied search",
        G_RUN: "the German's choice to run or fight",
        A_RUN: "the Allies' choice to run or fight",
        CHANCE: "a die roll",
    }.get(state.phase, "no one's turn")


def _explain(state: State, action: Action) -> Violation:
    wrong = Violation("FS-TURN-ORDER", f"Not now: it is {_whose(state)}.")
    if isinstance(action, Order):
        return _explain_order(state, action) if state.phase == GERMAN_PHASE else wrong
    if isinstance(action, Deploy):
        return _explain_deploy(state, action) if state.phase == ALLY else wrong
    if isinstance(action, Search):
        if state.phase != SEARCH:
            return wrong
        return _explain_search(state, action)
    if isinstance(action, Simple) and action.word in ("run", "fight", "pass", "end_search"):
        return wrong
    return Violation("match.not-an-action", f"{action!r} is not a Far Seas action.")


def _explain_search(state: State, action: Search) -> Violation:
    free = search.searchers(state, action.area)
    if not free:
        if state.unit and action.area in state.unit.searched:
            return Violation(
                "FS-SEARCH-CHOICE",
                "Every ship and squadron there has already searched for this order: each "
                "searches once.",
            )
        return Violation(
            "FS-SEARCH-WHO",
            "No Allied ship may search there: only ships that moved this turn (in the "
            "Moved box, or beside the river) and have not already found a German search.",
        )
    if action.who == "non-British":
        return Violation(
            "FS-COWARD",
            "Searching with the non-British ships only needs both "
            "British and non-British searchers in the area.",
        )
    units = search.search_units(state, action.area)
    if any(s not in free for s in action.ships):
        return Violation(
            "FS-SEARCH-CHOICE",
            "Only ships in that area's Moved box that have not yet searched for this order "
            "may search there.",
        )
    return Violation(
        "FS-SEARCH",
        "A squadron searches as one: choose all of its ships or none ("
        + "; ".join(" + ".join(SHIPS[s].name for s in u) for u in units if len(u) > 1)
        + ").",
    )


def _explain_order(state: State, o: Order) -> Violation:
    ships = o.ships
    if (
        not ships
        or len(set(ships)) != len(ships)
        or any(not 0 <= g < len(SHIPS) or SHIPS[g].side != 0 for g in ships)
    ):
        return Violation("FS-GER-MOVE", "An order names German ships, each once.")
    names = ", ".join(SHIPS[g].name for g in ships)
    if any(state.box[g] not in AT_SEA for g in ships):
        return Violation("FS-GER-MOVE", f"{names}: only German ships still at sea take orders.")
    if any(g in state.acted for g in ships):
        return Violation("FS-BOXES", f"{names} already had an order this turn (one a turn).")
    units = orders.german_units(state)
    if ships not in units:
        if any(SHIPS[g].cls.code != "AMC" for g in ships) and any(
            SHIPS[g].cls.code == "AMC" for g in germans_at_sea(state) if g not in state.acted
        ):
            return Violation(
                "FS-AMC-FIRST", "The armed merchant cruisers take their orders before the warships."
            )
        return Violation(
            "FS-SQUADRON",
            "A squadron is all the unmoved German ships of one area "
            "(of the same kind while the armed merchant cruisers move first), or a single ship.",
        )
    area = state.loc[ships[0]]
    k = o.kind
    if k in ("move", "raid", "convoy", "surprise") and o.to not in (area, *ADJ[area]):
        if {area, o.to} == set(PANAMA):
            return Violation(
                "FS-PANAMA",
                "Going through the Panama Canal must be announced: use the 'panama' order.",
                (str(o.to),),
            )
        return Violation("FS-MAP", f"Area {o.to} is not next to area {area}.", (str(o.to),))
    if o.to == ENGLAND:
        return Violation("FS-ENGLAND", "German ships may not enter the England box.")
    if k == "raid":
        return Violation(
            "FS-STATION-RAID",
            "That station is not in the area, or was already raided (once per game).",
            (str(o.to),),
        )
    if k == "convoy":
        return Violation("FS-CONVOY-ATTACK", "There is no escorted convoy there to attack.")
    if k == "surprise":
        if len(ships) == 1:
            return Violation(
                "FS-SURPRISE-ALONE",
                "A lone raider surprises only a single ship "
                "in the Moved box with capacity at most its own + 1, once a turn.",
            )
        return Violation(
            "FS-SURPRISE",
            "Surprise needs an Allied ship in the Moved box there, "
            "a raider not discovered or half damaged, unused this game and turn.",
        )
    if k in ("river", "leave"):
        if k == "leave":
            return Violation(
                "FS-RIVER-STAY", "Found in the river, he must stay while the Allies watch it."
            )
        return Violation(
            "FS-RIVER",
            "Only Königsberg, Nürnberg or Leipzig, alone, in area 23, "
            "may enter the Rufiji, one at a time.",
            (str(RIVER),),
        )
    if k == "home":
        return Violation("FS-HOME", f"The run for home starts from area {HOME_AREA} only.")
    if k == "intern":
        return Violation(
            "FS-INTERN",
            "Only armed merchant cruisers in a neutral-coast area may be interned (areas "
            f"{listing([str(a) for a in sorted(NEUTRAL)])}).",
        )
    if k == "panama":
        return Violation("FS-PANAMA", "The Panama Canal links areas 6 and 31 only.")
    if k == "hold":
        return Violation("FS-GER-MOVE", "The German must move at least one ship a turn.")
    return Violation("FS-GER-MOVE", "That order is not possible for those ships now.")


def _explain_deploy(state: State, d: Deploy) -> Violation:
    ships = d.ships
    if (
        not ships
        or len(set(ships)) != len(ships)
        or any(not 0 <= s < len(SHIPS) or SHIPS[s].side != 1 for s in ships)
    ):
        return Violation("FS-BRIT-MOVE", "An Allied move names Allied ships, each once.")
    for s in ships:
        if colony_locked(state, s):
            return Violation("FS-COLONY", f"{SHIPS[s].name} is taking a German colony.")
        if state.box[s] not in ACTIVE:
            return Violation(
                "FS-BOXES", f"{SHIPS[s].name} has already moved this turn, or is not at sea."
            )
    area = state.loc[ships[0]]
    if len(ships) > 1:
        return Violation(
            "FS-BRIT-MOVE",
            "A squadron is every Start-box ship of one area, and it moves to a Moved box.",
        )
    if d.box == "moved":
        return Violation("FS-MAP", f"Area {d.to} is not next to area {area}.", (str(d.to),))
    if d.to != area:
        return Violation(
            "FS-BRIT-MOVE", "Convoy, station and river watch are taken in the ship's own area."
        )
    if d.box == "convoy":
        return Violation(
            "FS-CONVOY",
            "Convoy escorts need gun range A or B and the speed the setting 'Which ships may "
            f"escort' asks ({setting_words(state.config, 'convoy_speed')}), in an area with "
            "merchants.",
        )
    if d.box == "station":
        return Violation("FS-STATION-DUTY", "There is no station in that area.")
    return Violation("FS-RIVER-SEARCH", "Only ships in area 23 may watch the Rufiji.")


# --- scores -----------------------------------------------------------------------------------
def german_vp(state: State) -> int:
    return sum(state.gvp)


def scores(state: State) -> tuple[int, int]:
    """(German VP, Allied VP) as FS-VICTORY counts them."""
    return german_vp(state), state.avp


def winner(state: State) -> int | None:
    if state.phase != OVER:
        return None
    g, a = scores(state)
    lead = g - a - state.config.german_par
    return None if lead == 0 else (GERMANY if lead > 0 else ALLIES)


def _vp(n: int) -> str:
    return f"{n} VP"


def ending(state: State) -> str:
    """Why the game is over (FS-LENGTH), in a sentence: no raider left at sea, or the turns
    ran out."""
    head = f"Game over after turn {state.turn} ({CLAUSES.cite('FS-LENGTH')})"
    if not at_sea(state, GERMANY):
        fates = {SUNK: "sunk", INTERNED: "interned", HOME: "gone home"}
        counts = [
            f"{n} {word}"
            for box, word in fates.items()
            if (n := sum(1 for g in GERMAN if state.box[g] == box))
        ]
        how = f" ({listing(counts)})" if counts else ""
        return f"{head}: no raider is left at sea{how}."
    return f"{head}: all {state.config.turns} turns have been played."


def vp_breakdown(state: State) -> str:
    """Where each side's victory points came from (FS-VICTORY), in words."""
    g, a = scores(state)
    merchants, stations, sunk, coward = state.gvp
    interned = sum(SHIPS[s].cls.vp for s in GERMAN if state.box[s] == INTERNED)
    german = listing(
        [
            f"{merchants} for merchants taken",
            f"{stations} for stations raided",
            f"{sunk} for Allied ships sunk",
            f"{coward} for Allied cowardice",
        ]
    )
    allied = listing(
        [f"{a - interned} for German ships sunk", f"{interned} for German ships interned"]
    )
    return f"Germany's {_vp(g)}: {german}. The Allies' {_vp(a)}: {allied}."


def goal_words(par: int) -> str:
    """What the score must come to (FS-VICTORY) when the raiders need a lead of more than
    ``par`` (setting ``german_par``), in a few words: the
    status line says them all game, a table of results begins with them."""
    return f"Germany wins with a lead of more than {_vp(par)}" if par else "the higher total wins"


def victory_words(config: Config) -> str:
    """FS-VICTORY under ``config``, for a table of results (see Game.victory_words). With
    no lead needed too, in the status line's words: a table comparing 0 with another lead says
    how each is won, and said "the higher score wins" for this one where the game says "total".
    The lead the raiders need is a HOUSE rule, said in plain words ("a HOUSE setting" read as
    code)."""
    par = config.german_par
    rule = CLAUSES.cite("FS-VICTORY")
    if par == 0:
        return (
            f"{goal_words(par).capitalize()}: the lead the raiders need is 0, a house rule the "
            f"settings can change ({rule}). A tie is a draw."
        )
    return (
        f"{goal_words(par)} over the Allies: that is the lead the raiders need, a house rule "
        f"the settings can change ({rule}). So a German score far above the Allies' can still "
        f"be an Allied win, and a lead of exactly {_vp(par)} is a draw."
    )


def verdict(state: State) -> str:
    """Who won, by which rule (FS-VICTORY) and why, then where each side's points came from."""
    g, a = scores(state)
    par, lead = state.config.german_par, g - a
    w = winner(state)
    rule = CLAUSES.cite("FS-VICTORY")
    if par == 0:
        if w is None:
            head = (
                "A draw: the totals are level, and with no lead set the higher total wins "
                f"({rule})."
            )
        else:
            side = "Germany wins" if w == GERMANY else "The Allies win"
            head = f"{side} with the higher total, as no lead is set ({rule})."
    else:
        need = f"the raiders need a lead of more than {_vp(par)}"
        if w == GERMANY:
            head = f"Germany wins ({rule}): {need}, and they lead by {_vp(lead)}."
        elif w is None:
            head = (
                f"A draw ({rule}): {need} to win, the Allies must keep it "
                f"below {_vp(par)}, and the lead is exactly {_vp(par)}."
            )
        else:
            if lead > 0:
                how = f"they lead by only {_vp(lead)}"
            elif lead == 0:
                how = "the totals are level"
            else:
                how = f"the Allies are {_vp(-lead)} ahead"
            head = f"The Allies win ({rule}): {need}, and {how}."
    return f"{head} {vp_breakdown(state)}"


def at_sea(state: State, side: int) -> list[int]:
    ships = GERMAN if side == GERMANY else ALLIED
    return [s for s in ships if state.box[s] in AT_SEA]


# --- words -------------------------------------------------------------------------------------
_SHOTS = {"gun": "fires at", "torp": "launches a torpedo at"}


def _points(n: int) -> str:
    """Damage in words: "no damage", "1 damage point", "2 damage points"."""
    return "no damage" if n <= 0 else plural(n, "damage point")


def _names(ships: Sequence[int]) -> str:
    """Ship names as a list is read ("Emden", "Leipzig and Nürnberg")."""
    return listing([SHIPS[s].name for s in ships])


def _are(ships: Sequence[int]) -> str:
    return "is" if len(ships) == 1 else "are"


def describe_chance(state: State, outcome: Any) -> str:
    """The die (or the pursuit race's pair of dice) that fell, and what it did, in words: a
    line of the moves list a student reads ("Search in area 12: die 3, no contact.")."""
    o = int(outcome)
    kind = state.roll
    b = state.battle
    if kind == "finder" and 0 <= o < len(state.dice):
        unit = search.units_of(state, state.search_at, state.search_ships)[o]
        who = SHIPS[unit[0]].name + ("'s squadron" if len(unit) > 1 else "")
        return f"Drawn at random among the searchers that found him: {who} makes contact."
    if kind == "search":
        found = search.search_found(state, o)
        where = area_name(state.search_at)
        if not found:
            return f"Search in {where}: die {o}, no contact."
        return f"Search in {where}: die {o}, {_names(found)} {_are(found)} found!"
    if kind in ("home", "home1") and state.dice:
        ships = state.dice if kind == "home" else state.dice[:1]
        head = f"Run for home from area {HOME_AREA}: die {o} (5 or 6 gets home)"
        if o >= 5:
            verb = "gets" if len(ships) == 1 else "get"
            return f"{head}: {_names(ships)} {verb} home to Germany."
        if kind == "home" and len(ships) > 1:
            return f"{head}: the squadron fails, so each ship now rolls on her own."
        return f"{head}: {_names(ships[:1])} is caught and sunk."
    if kind == "convoy" and state.unit is not None:
        mod = orders.convoy_modifier(state, state.unit.ships)
        raiders = "the raider" if len(state.unit.ships) == 1 else "the raiders"
        whose = "the raider's" if len(state.unit.ships) == 1 else "the raiders'"
        die = f"die {o}" + (f" ({mod} for {whose} speed = {o + mod})" if mod else "")
        if orders.convoy_surprised(o, mod):
            return f"Convoy attack: {die}, the convoy is taken by surprise (1 to 3 surprises)."
        return f"Convoy attack: {die}, no surprise: {raiders} must fight the escort."
    if kind == "sink" and state.dice:
        merchants = "merchant ship" if o == 1 else "merchant ships"
        return f"{SHIPS[state.dice[0]].name} sinks {o} {merchants} of the surprised convoy."
    if kind == "run":
        if o == 6:
            return "Allied die as the German tries to run: 6, he is caught and cannot run."
        return f"Allied die as the German tries to run: {o} (only a 6 stops him), he runs."
    if kind in ("race", "slow") and b is not None and b.chasers:
        pursuer = SHIPS[b.chasers[0]].name
        runner_wins = combat.runners_escape(state, b, o)
        if kind == "race":
            dice = f"Pursuit race: the runners roll {o // 10}, {pursuer} rolls {o % 10}, high wins"
        else:
            slower = "the runners" if combat.runners_slower(state, b) else pursuer
            dice = f"Pursuit die for the slower side ({slower}, a 6 wins): {o}"
        if runner_wins:
            return f"{dice}. The runners get away from {pursuer}."
        return f"{dice}. {pursuer} keeps up with the runners."
    if b is not None and b.queue:
        k, sh, tgt, mod = b.queue[0]
        shooter, target = SHIPS[sh].name, SHIPS[tgt].name
        if k == "torpdmg":
            damage = _points(damage_points(o))
            return f"Torpedo hit on {target}: die {o} on the Damage Table, {damage}."
        if k == "torp":
            needs = combat.torpedo_needs(b, sh)
            hit = "a hit" if o <= needs else "a miss"
            return (
                f"{shooter} launches a torpedo at {target}: die {o}, {hit} "
                f"(it needed {'a 1' if needs == 1 else f'1 to {needs}'})."
            )
        roll = f"die {o} ({mod:+d} = {o + mod})" if mod else f"die {o}"
        return f"{shooter} fires at {target}: {roll}, {_points(damage_points(o + mod))}."
    return f"Die: {o}."


def describe_outcome(state: State, action: Action) -> str:
    """Public words only: a German move's destination stays secret (FS-HIDDEN)."""
    if isinstance(action, Order) and action.kind in SECRET_ORDERS:
        verb = "moves" if len(action.ships) == 1 else "move"
        return f"Germany: {ship_names(action.ships)} {verb} (secret orders)."
    if isinstance(action, Order) and action.kind == "hold":
        verb = "holds" if len(action.ships) == 1 else "hold"
        return f"Germany: {ship_names(action.ships)} {verb}."
    return f"{SIDES[to_move(state) or 0]}: {action.describe()}."


def public_action(action: Action) -> dict[str, Any]:
    """What the Allies see of ``action`` as it is given: of a secret German order, which ships
    it moves but not where to (FS-HIDDEN); any other action in full."""
    if isinstance(action, Order) and action.kind in SECRET_ORDERS:
        return {
            "type": "order",
            "ships": [SHIPS[s].record_name for s in action.ships],
            "kind": "secret",
        }
    return action.to_json()


_STEPS = {
    ALLY: "Allies to move a ship",
    GERMAN_PHASE: "Germany to give an order",
    SEARCH: "Allies to search",
    G_RUN: "Germany: run or fight?",
    A_RUN: "Allies: run or fight?",
    CHANCE: "a die is rolled",
}


def status(state: State) -> str:
    """The turn, whose step it is and the public score (German captures stay secret until
    the end, FS-HIDDEN)."""
    g, a = scores(state)
    if state.phase == OVER:
        return f"{ending(state)} {verdict(state)}"
    public = g - state.gvp[0]
    par = state.config.german_par  # what the score means (FS-VICTORY), said while playing
    step = _STEPS[state.phase]  # a question keeps its own mark: "run or fight?", not "?."
    return (
        f"Turn {state.turn}/{state.config.turns}: {step}{'' if step.endswith('?') else '.'} "
        f"Germany {public} VP "
        f"+ secret captures, Allies {a} VP ({goal_words(par)})."
    )


_HINTS = {
    GERMAN_PHASE: "Click one of your raiders, then an area (or an order button, then a target).",
    ALLY: "Click an Allied ship in a Start box, then an area or a duty button; or Pass.",
    SEARCH: "Click an area to search it with every ship there that has not searched yet; or "
    "'pick searchers', the ships, then their area, to search with some of them; or 'End "
    "search'.",
    G_RUN: "Choose 'Run' or 'Fight'.",
    A_RUN: "Choose 'Run' or 'Fight'.",
}


def ui_hint(state: State, path: tuple[str, ...]) -> str:
    """What to click now, for a click path that starts no action."""
    return _HINTS.get(state.phase, "Nothing to click now.")
