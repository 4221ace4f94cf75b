"""Why an action is refused: the slot whose clause forbids it, and the reason in words.

The engine lists the legal actions and refuses anything else; this module, called only for a
refused action, asks the clause functions again in the order a player would (is it the seat's
stone, do its jumps lead there, is the island still one, is a string too long) and names the first
that says no.
"""

from __future__ import annotations

import functools
from typing import Protocol

from froeschis.framework.errors import shown
from froeschis.games.army_of_frogs.actions import NO_ADD, NO_MOVE, Add, Move, Pass, Shuffle, cell_text
from froeschis.games.army_of_frogs.hexes import Colour, Island
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.rules import Rules
from froeschis.games.army_of_frogs.structure import IslandLinks
from froeschis.games.army_of_frogs.table import ArmyTable, Hand


class ArmyState(Protocol):
    """What a refusal reads of the state (the engine's state has it; a Protocol, so this module,
    which the engine calls, does not import the engine back)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def seat(self) -> int: ...
    @property
    def island(self) -> Island: ...
    @property
    def hands(self) -> tuple[Hand, ...]: ...
    @property
    def bag(self) -> tuple[Colour, ...]: ...
    @property
    def colour(self) -> Colour: ...


PHASE_SLOT = {
    Phase.SHUFFLE: "shuffle",
    Phase.MOVE: "legal_moves",
    Phase.ADD: "add_cells",
    Phase.OVER: "returns",
}
"""The slot whose clause says what may happen in each phase (named when an action fits no part)."""


def refusal(state: ArmyState, action: object) -> tuple[str, str]:
    """The slot whose clause forbids ``action`` in ``state``, and why."""
    phase = state.phase
    if phase is Phase.SHUFFLE:
        if not isinstance(action, Shuffle):
            return (
                "shuffle",
                f"the bag is to be mixed first: expected a Shuffle of its {len(state.bag)} stones",
            )
        return "shuffle", f"the order must hold exactly the bag's stones, {_counts(state.bag)}"
    if phase is Phase.OVER:
        return "returns", "the game is over"
    if isinstance(action, Shuffle):
        return PHASE_SLOT[phase], f"seat {state.seat} is to decide; a Shuffle is only for mixing the bag"
    if not isinstance(action, Move | Add) and action not in (NO_MOVE, NO_ADD):
        what = action if isinstance(action, Pass) else shown(action)
        return PHASE_SLOT[phase], f"{what} is not an action: expected a Move, an Add, no-move or no-add"
    table = state.rules.table
    if phase is Phase.MOVE:
        if isinstance(action, Add) or action == NO_ADD:
            return "turn_parts", "the turn's move comes first: the seat moves a stone or passes the move"
        if action == NO_MOVE:
            return "no_move_beside", "the seat has a legal move, and a possible move must be made"
        assert isinstance(action, Move)
        return _refused_move(state, table, action)
    if isinstance(action, Move) or action == NO_MOVE:
        return "turn_parts", "the turn's move is over: the seat adds a stone or passes the add"
    if action == NO_ADD:
        return "offer", "no-add is only for a seat that has no legal add"
    assert isinstance(action, Add)
    return _refused_add(state, table, action)


def _counts(colours: tuple[int, ...]) -> str:
    return ", ".join(f"{colours.count(c)} of colour {c}" for c in sorted(set(colours))) or "none"


def _refused_move(state: ArmyState, table: ArmyTable, move: Move) -> tuple[str, str]:
    island, colour = state.island, state.colour
    start, end = move.start, move.end
    where = f"{cell_text(start)} to {cell_text(end)}"
    if start not in table.movable(island, colour):
        return "movable", f"{cell_text(start)} holds no stone of the seat's colour {colour}"
    if start == end:
        return "ends", "a move may not end on the cell where it started"
    stone = island[start]
    work = dict(island)
    del work[start]
    labels, count = table.parts(table, IslandLinks(table, work))
    may_land = functools.partial(table.may_land, table, work, labels, count, stone)
    reached = table.landings(table, table.vacated(island, start), start, may_land)
    if end not in reached:
        return "landings", f"no jumps over rows of stones lead from {where}"
    if end not in table.ends(reached, start):
        return "ends", f"the move from {where} may not end there"
    if not table.one_island(labels, count, table.connections(work, end, stone, table.directions())):
        return "one_island", f"the move from {where} leaves the island in more than one part"
    work[end] = stone
    if table.forbidden_string(table, IslandLinks(table, work), start, end):
        return (
            "forbidden_string",
            f"the move from {where} leaves a forbidden string (three or more single connections)",
        )
    return "legal_moves", f"the move from {where} is not among the legal moves"


def _refused_add(state: ArmyState, table: ArmyTable, add: Add) -> tuple[str, str]:
    island, seat_colour = state.island, state.colour
    colour, cell = add.colour, add.cell
    hand = state.hands[state.seat]
    if colour not in table.kinds(table.addable(hand, seat_colour)):
        return "addable", f"the seat's hand {list(hand)} offers no stone of colour {colour}"
    if cell in island:
        return "addable", f"{cell_text(cell)} holds a stone already: a stone is added on an empty cell"
    first = table.first_cells(island)
    if first and cell not in first:
        return "first_cells", f"the first stone goes on the centre, not on {cell_text(cell)}"
    if island and cell not in table.add_cells(table, island, colour, seat_colour):
        return "add_cells", f"{cell_text(cell)} touches no stone of the island"
    if not table.apart(island, cell, colour, seat_colour, table.directions()):
        return (
            "apart",
            f"a stone of the seat's own colour {colour} on {cell_text(cell)} would touch one of that colour",
        )
    work = island.copy_stones()
    work[cell] = colour
    if table.forbidden_string(table, IslandLinks(table, work), None, cell):
        return (
            "forbidden_string",
            f"a stone on {cell_text(cell)} makes a forbidden string (three or more single connections)",
        )
    return "add_cells", f"add {colour} on {cell_text(cell)} is not among the legal adds"
