"""Army of Frogs' part of the conformance kit (:class:`~froeschis.framework.checks.Conformance`): how
an Army of Frogs engine is driven and judged by ``froeschis conform --game army-of-frogs``.

Its games (:mod:`froeschis.games.army_of_frogs.scenarios`), the setups and actions it must refuse,
the catalogue's misreadings it may have made (:data:`froeschis.games.army_of_frogs.misreadings.IMPLEMENTED`,
played through :attr:`Rules.readings <froeschis.games.army_of_frogs.rules.Rules.readings>`), which
clauses list a part's legal actions, how a reply is well-formed (``spec/army-of-frogs/protocol.md``)
and how a shrunk game is repaired. The state is the whole truth, the bag's order included, and every
list in it is written in a fixed order (cells by ``q`` then ``r``, hands ascending), so two states
differ field by field with no convention between them (the kit's defaults).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs

from froeschis.framework.checks import JSON, Conformance, same_position_of
from froeschis.framework.replies import reply_checker
from froeschis.framework.table import Reading
from froeschis.games.army_of_frogs.actions import NO_ADD, NO_MOVE, Action, Add, Move, Shuffle
from froeschis.games.army_of_frogs.boundaries import BOUNDARIES, WAIVERS
from froeschis.games.army_of_frogs.engine import ArmyState
from froeschis.games.army_of_frogs.hexes import Colour
from froeschis.games.army_of_frogs.misreadings import IMPLEMENTED
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.readings import VARIANT_OPTIONS
from froeschis.games.army_of_frogs.refusals import PHASE_SLOT
from froeschis.games.army_of_frogs.rules import Rules
from froeschis.games.army_of_frogs.scenarios import BOUNDARY_PLAYS, SIZES, all_scenarios
from froeschis.games.army_of_frogs.serialize import STATE_KEYS

RULE_FEATURES = (*VARIANT_OPTIONS, *SIZES)
"""The rules options an engine may declare in its hello reply: the six variants and the numbers of
stones, of the goal and of rounds (spec/army-of-frogs/protocol.md, "Rules")."""

UNOBSERVABLE = frozenset({"observe.public", "game.returns"})
"""What no reply of the protocol shows: a seat's view (the replies hold the whole state) and the
returns (read from the winners, which the state shows, by game.returns, which no reply does)."""

_GRAPH = ("colour_of", "directions", "connections", "parts")
"""The definitions every listing walks: the seat's colour, the grid, the island's graph."""
_STRING = ("forbidden_string", "is_single", "strings_through", "limit_applies", "too_long")
"""The string rule: the check, then the definitions it applies."""
_MOVE_SLOTS = (
    "legal_moves",
    "movable",
    "jump",
    "landings",
    "vacated",
    "ends",
    "may_land",
    "one_island",
    *_STRING,
)
_NO_MOVE_SLOTS = ("no_move_beside", "offer")
_ADD_SLOTS = ("addable", "kinds", "first_cells", "add_cells", "apart", *_STRING)
_NO_ADD_SLOTS = ("offer",)


def _clauses(state: ArmyState, slots: Sequence[str]) -> tuple[str, ...]:
    table = state.rules.table
    return tuple(dict.fromkeys(table.clause_of(slot) for slot in slots))


def phase_clause(state: ArmyState) -> str:
    """The clause that says what may happen in the state's phase (the reference's refusals name it
    for an action that fits no part: move.identity, add.touch, setup.shuffle)."""
    return state.rules.table.clause_of(PHASE_SLOT[state.phase])


def decision_clauses(state: ArmyState) -> tuple[str, ...]:
    """The clauses the engine consults to list the legal actions in ``state`` (none at the shuffle
    and at the end): a move's (its identity, whose stone, the jumps, the vacated start, the end, one
    island, the string rule and its definitions), then whether no-move is offered; an add's (the
    hand, the first placement, where a stone touches, the own colour apart, the string rule), then
    whether no-add is; the turn's parts and the grid's definitions last."""
    if state.phase is Phase.MOVE:
        return _clauses(state, (*_MOVE_SLOTS, *_NO_MOVE_SLOTS, "turn_parts", *_GRAPH))
    if state.phase is Phase.ADD:
        return _clauses(state, (*_ADD_SLOTS, *_NO_ADD_SLOTS, "turn_parts", *_GRAPH))
    return ()


def allowing_clauses(state: ArmyState, action: Action) -> tuple[str, ...]:
    """The clauses under which ``action`` is legal in ``state``: a move's, no-move's (move.compulsory
    or variant.optional-move, turn.pass), an add's, no-add's (turn.pass); at the shuffle the clause
    that says what its outcomes are."""
    if isinstance(action, Move):
        return _clauses(state, (*_MOVE_SLOTS, *_GRAPH))
    if isinstance(action, Add):
        return _clauses(state, (*_ADD_SLOTS, *_GRAPH))
    if action == NO_MOVE:
        return _clauses(state, _NO_MOVE_SLOTS)
    if action == NO_ADD:
        return _clauses(state, _NO_ADD_SLOTS)
    return (phase_clause(state),)


_SIZE_SLOTS = {"stones_per_colour": "stones", "link_at": "linked", "rounds": "turn_limit_reached"}
"""The slot whose clause sets each of the rules' numbers (components.stones, goal.linked,
end.turn-limit)."""


def setup_clauses(state: ArmyState) -> tuple[str, ...]:
    """The clauses under which a new game's setup is allowed: two to four players (players.count),
    and first, for numbers other than the published ones, the clauses whose numbers they change."""
    rules = state.rules
    sizes = [slot for size, slot in _SIZE_SLOTS.items() if getattr(rules, size) != getattr(Rules(), size)]
    return _clauses(state, (*sizes, "check_players"))


def refused_setups(features: frozenset[str]) -> list[tuple[int, Rules, str]]:
    """New games the rules forbid: one and five players (players.count), by the published rules and,
    for an engine that plays other numbers of stones, with two stones of each colour."""
    games: list[tuple[int, Rules, str]] = [(1, Rules(), ""), (5, Rules(), "")]
    if "stones_per_colour" in features:
        small = Rules(stones_per_colour=2, link_at=2)
        games += [
            (1, small, " with two stones of each colour"),
            (5, small, " with two stones of each colour"),
        ]
    return games


def _moves(state: ArmyState) -> list[Action]:
    """Moves a seat may write in ``state``, most of them illegal: from every stone and from an empty
    cell, to each neighbour, to the cell two steps away, to itself, to a far cell."""
    island = state.island
    cells = sorted(island) if island else [(0, 0)]
    found: list[Action] = []
    for q, r in cells[:6]:
        for dq, dr in ((1, 0), (0, 1), (-1, 1), (2, 0), (0, -2), (0, 0)):
            found.append(Move((q, r), (q + dq, r + dr)))
    found.append(Move((7, 7), (8, 8)))
    return found


def _adds(state: ArmyState) -> list[Action]:
    """Adds a seat may write in ``state``, most of them illegal: each colour on the centre, beside a
    stone, on a stone, far away."""
    island = state.island
    cells = sorted(island)
    spots = [
        (0, 0),
        (9, 9),
        *cells[:3],
        *((q + 1, r) for q, r in cells[:4]),
        *((q, r - 1) for q, r in cells[:4]),
    ]
    colours: list[Colour] = list(range(4))
    return [Add(colour, cell) for colour in colours for cell in spots]


def illegal_action(state: ArmyState, rng: random.Random) -> JSON:
    """An action the reference refuses in ``state`` as JSON (None at the end of the game): at the
    shuffle a decision, or an order missing a stone or with one too many; in a part a shuffle, the
    other part's actions, a pass when the part has actions, a move or an add not among the legal."""
    if state.is_terminal:
        return None
    if state.is_chance:
        bag = list(state.bag)
        return rng.choice([{"shuffle": bag[:-1]}, {"shuffle": [*bag, bag[0]]}, "no-move", "add 0 0,0"])
    legal = set(state.legal_actions())
    universe = [*_moves(state), *_adds(state), NO_MOVE, NO_ADD]
    refused: list[JSON] = [str(a) for a in universe if a not in legal]
    pool = [*state.bag, *(c for hand in state.hands for c in hand), *state.island.values()]
    return rng.choice([*refused, {"shuffle": sorted(pool)}])


def hypothetical_rules(rules: Rules, readings: Sequence[Reading]) -> Rules:
    """``rules`` as an engine with ``readings`` plays them."""
    return attrs.evolve(rules, readings=(*rules.readings, *readings))


def repair_decision(wanted: Action, legal: Sequence[Action]) -> Action:
    """The wanted decision if legal; else a legal one of its kind, nearest to it (a move from the
    same stone, an add of the same colour on the nearest cell), else the first legal one."""
    if wanted in legal:
        return wanted
    if isinstance(wanted, Move):
        moves = [a for a in legal if isinstance(a, Move)]
        near_moves = [m for m in moves if m.start == wanted.start] or moves
        if near_moves:
            return min(near_moves, key=lambda m: _distance(m.end, wanted.end))
    if isinstance(wanted, Add):
        adds = [a for a in legal if isinstance(a, Add)]
        near_adds = [a for a in adds if a.colour == wanted.colour] or adds
        if near_adds:
            return min(near_adds, key=lambda a: _distance(a.cell, wanted.cell))
    return legal[0]


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two cells of the hex grid (axial coordinates)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def repair_chance(wanted: Shuffle, state: ArmyState) -> Shuffle:
    """The wanted order kept as far as the bag's stones allow, the rest in ascending order."""
    left = Counter(state.chance_pool())
    order: list[Colour] = []
    for colour in wanted.order:
        if left[colour] > 0:
            left[colour] -= 1
            order.append(colour)
    return Shuffle((*order, *sorted(left.elements())))


def simpler_decision(action: Action) -> Action:
    """A part's pass for any decision (repaired to a legal action when the game is rebuilt)."""
    return NO_ADD if isinstance(action, Add) or action == NO_ADD else NO_MOVE


KIT = Conformance(
    features=RULE_FEATURES,
    scenarios=all_scenarios,
    refused_setups=refused_setups,
    illegal_action=illegal_action,
    misreadings=lambda: IMPLEMENTED,
    hypothetical_rules=hypothetical_rules,
    allowing_clauses=allowing_clauses,
    decision_clauses=decision_clauses,
    phase_clause=phase_clause,
    setup_clauses=setup_clauses,
    reply_errors=reply_checker("froeschis.army-of-frogs-state/1", STATE_KEYS),
    reply_schema="spec/protocol.md and spec/army-of-frogs/protocol.md",
    repair_decision=repair_decision,
    repair_chance=repair_chance,
    simpler_decision=simpler_decision,
    same_position=same_position_of(ArmyState, ("rules", "_legal")),
    unobservable=UNOBSERVABLE,
    boundaries=BOUNDARIES,
    waivers=WAIVERS,
    boundary_plays=BOUNDARY_PLAYS,
)
"""Army of Frogs' part of the kit (``Game.conformance``).

:meta hide-value:
"""
