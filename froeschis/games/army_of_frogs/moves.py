"""The move: which stones move, how a stone jumps, where a move may end; one function per decision.

:func:`legal_moves` (move.identity) puts them together with the structure rules. Its cost is linear
in the island's size for each stone that may move: one search for the parts of the island without
it (the one island rule then asks only whether the end touches every part), one search over the
cells its jumps reach, and the string rule's local check at each end. The island's connections
(island.graph) are asked once a listing, each stone's, and shared: the island without a stone that
may move asks afresh only for the stones that touched it, and an end for the stones it touches.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Sequence

from froeschis.framework.table import clause
from froeschis.games.army_of_frogs.actions import Add, Move
from froeschis.games.army_of_frogs.hexes import Cell, Colour, Island
from froeschis.games.army_of_frogs.structure import IslandLinks
from froeschis.games.army_of_frogs.table import ArmyTable, Hand, Stones


@clause("move.compulsory")
def no_move_only_as_pass(moves: Sequence[Move]) -> bool:
    """Whether no-move is offered beside the seat's legal moves: never (turn.pass offers it alone
    when there are none)."""
    return False


@clause("variant.optional-move")
def no_move_always(moves: Sequence[Move]) -> bool:
    """Whether no-move is offered beside the seat's legal moves: always."""
    return True


@clause("move.own-colour")
def movable(stones: Stones, colour: Colour) -> tuple[Cell, ...]:
    """The cells of the stones the seat may move: those of its own colour on the island, sorted."""
    return tuple(sorted(cell for cell, c in stones.items() if c == colour))


@clause("move.start-vacated")
def vacated(stones: Stones, start: Cell) -> Collection[Cell]:
    """The cells the moving stone's jumps see holding stones: all but its own starting cell, which is
    empty from the first jump on (later jumps land there, never pass it)."""
    occupied = set(stones)
    occupied.discard(start)
    return occupied


@clause("move.jump")
def jump(occupied: Collection[Cell], cell: Cell, direction: Cell) -> Cell | None:
    """Where a jump from ``cell`` in ``direction`` lands: on the first empty cell past the straight
    row of one or more stones that starts beside ``cell``; None when the cell beside it is empty."""
    dq, dr = direction
    q, r = cell[0] + dq, cell[1] + dr
    if (q, r) not in occupied:
        return None
    while (q, r) in occupied:
        q, r = q + dq, r + dr
    return (q, r)


@clause("move.multi-jump")
def landings(
    table: ArmyTable, occupied: Collection[Cell], start: Cell, may_land: Callable[[Cell], bool]
) -> set[Cell]:
    """Every cell a stone on ``start`` reaches by one or more jumps, each in any direction (the
    start included, when a jump comes back to it). ``may_land`` says where a jump may land on the
    way (everywhere, unless variant.one-island-each-jump)."""
    directions, hop = table.directions(), table.jump
    reached: set[Cell] = set()
    frontier = [start]
    while frontier:
        cell = frontier.pop()
        for direction in directions:
            end = hop(occupied, cell, direction)
            if end is not None and end not in reached and may_land(end):
                reached.add(end)
                frontier.append(end)
    return reached


@clause("variant.straight-multi-jump")
def straight_landings(
    table: ArmyTable, occupied: Collection[Cell], start: Cell, may_land: Callable[[Cell], bool]
) -> set[Cell]:
    """Every cell a stone on ``start`` reaches by jumps that all keep the first jump's direction."""
    reached: set[Cell] = set()
    for direction in table.directions():
        cell: Cell | None = start
        while cell is not None:
            cell = table.jump(occupied, cell, direction)
            if cell is None or not may_land(cell):
                break
            reached.add(cell)
    return reached


@clause("move.not-start")
def ends(reached: Iterable[Cell], start: Cell) -> tuple[Cell, ...]:
    """The cells a move may end on, sorted: those reached, but the start."""
    return tuple(sorted(cell for cell in reached if cell != start))


@clause("move.identity")
def legal_moves(table: ArmyTable, stones: Stones, colour: Colour) -> tuple[Move, ...]:
    """The seat's legal moves, sorted: (start, end) pairs, whatever the ways between them. A stone
    of the seat's colour (move.own-colour) may end where its jumps reach (move.jump, move.multi-jump,
    move.start-vacated, move.not-start) when the island is then one island (island.one) without a
    forbidden string (string.checked)."""
    directions = table.directions()
    connections, one_island, forbids = table.connections, table.one_island, IslandLinks.forbids
    found: list[Move] = []
    island = dict(stones.items())
    whole = IslandLinks(table, island)  # the island's connections, each found once for every stone
    starts = table.movable(stones, colour)
    for cell in island if starts else ():
        whole[cell]
    for start in starts:
        stone = island[start]
        work = island.copy()  # the island without the moving stone; each end tried on it in turn
        del work[start]
        links = whole.without_stone(table, work, start)
        labels, count = table.parts(table, links)
        may_land = functools.partial(table.may_land, table, work, labels, count, stone)
        reached = table.landings(table, table.vacated(stones, start), start, may_land)
        for end in table.ends(reached, start):
            around = connections(work, end, stone, directions)
            if not one_island(labels, count, around):
                continue
            if not forbids(links, table, work, stone, start, end, around):
                found.append(Move(start, end))
    return tuple(found)


def legal_adds(table: ArmyTable, island: Island, hand: Hand, seat_colour: Colour) -> tuple[Add, ...]:
    """The legal adds: a colour of the hand (each once) on a cell where it touches the island (the
    centre on the empty island), apart from the seat's own colour if it is that, leaving no
    forbidden string. Beside :func:`legal_moves`, whose candidates it tries the same way
    (:meth:`IslandLinks.forbids`); the engine offers them at an add."""
    colours = table.kinds(table.addable(hand, seat_colour))
    directions = table.directions()
    work = island.copy_stones()  # each add is tried on it in turn
    links = IslandLinks(table, work)
    found: list[Add] = []
    for colour in colours:
        cells = table.first_cells(work) or table.add_cells(table, work, colour, seat_colour)
        for cell in cells:
            if not table.apart(work, cell, colour, seat_colour, directions):
                continue
            if not links.forbids(table, work, colour, None, cell):
                found.append(Add(colour, cell))
    return tuple(found)
