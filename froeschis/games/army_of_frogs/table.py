"""The clause table of Army of Frogs: one slot for every decision the engine takes, in rule order.

The engine (:mod:`froeschis.games.army_of_frogs.engine`) decides nothing itself: at each point where
a rule decides (may this stone land here, is this string too long, whose goal is checked now) it calls
the function in the table's slot for that decision. Every function is marked with its clause, so
each slot names the clause that decides it. The published table is
:data:`froeschis.games.army_of_frogs.readings.PUBLISHED`; a variant or a misreading replaces entries.

Functions that depend on other clauses take the table first and call them through it, so that a
replaced entry reaches every rule that depends on it (the one-island check walks the island's graph
through ``connections``; the string rule finds degrees the same way).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Protocol

import attrs

from froeschis.framework.table import ClauseTable
from froeschis.games.army_of_frogs.actions import Action, Move
from froeschis.games.army_of_frogs.hexes import Cell, Colour, Island
from froeschis.games.army_of_frogs.phases import Moment, Phase, Position

Stones = Mapping[Cell, Colour]
"""An island (or a working copy of one) as the clause functions read it: cell -> colour."""
Hand = tuple[Colour, ...]
Directions = tuple[Cell, ...]
Labels = Mapping[Cell, int]
"""The part (connected component) of each stone, numbered from 0 (island.graph)."""
Chain = tuple[Cell, ...]
"""A path of stones, as string.definition finds them."""


class Links(Protocol):
    """The connections of each stone of one island, ``links[cell]``, remembered as they are asked
    (:class:`froeschis.games.army_of_frogs.structure.IslandLinks`): how the string rule walks the
    island's graph. ``links.stones`` is the island."""

    @property
    def stones(self) -> Stones: ...
    def __getitem__(self, cell: Cell, /) -> tuple[Cell, ...]: ...
    def with_stone(self, table: ArmyTable, cell: Cell, /) -> Links: ...


@attrs.frozen(repr=False)
class ArmyTable(ClauseTable):
    """For every decision of the Army of Frogs engine, the clause function that takes it."""

    # -- components, setup, the grid and the island's graph
    stones: Callable[[int], tuple[Colour, ...]]
    kinds: Callable[[Iterable[Colour]], tuple[Colour, ...]]
    check_players: Callable[[int], None]
    colour_of: Callable[[int, int], Colour]
    fill_bag: Callable[[Sequence[Colour], int], tuple[Colour, ...]]
    shuffle: Callable[[Sequence[Colour], random.Random], tuple[Colour, ...]]
    deal: Callable[[Sequence[Colour], int], tuple[tuple[Hand, ...], tuple[Colour, ...]]]
    directions: Callable[[], Directions]
    connections: Callable[[Stones, Cell, Colour, Directions], tuple[Cell, ...]]
    parts: Callable[[ArmyTable, Links], tuple[dict[Cell, int], int]]
    # -- the turn
    first_seat: Callable[[], int]
    next_seat: Callable[[int, int], int]
    first_cells: Callable[[Stones], tuple[Cell, ...]]
    seat_after: Callable[[ArmyTable, int, int, int], int]
    draw_follows: Callable[[Stones], bool]
    turn_parts: Callable[[], tuple[Phase, ...]]
    offer: Callable[[tuple[Action, ...], Action], tuple[Action, ...]]
    pass_ends_turn: Callable[[Phase], bool]
    # -- the move
    no_move_beside: Callable[[Sequence[Move]], bool]
    movable: Callable[[Stones, Colour], tuple[Cell, ...]]
    jump: Callable[[Collection[Cell], Cell, Cell], Cell | None]
    landings: Callable[[ArmyTable, Collection[Cell], Cell, Callable[[Cell], bool]], set[Cell]]
    vacated: Callable[[Stones, Cell], Collection[Cell]]
    ends: Callable[[Iterable[Cell], Cell], tuple[Cell, ...]]
    legal_moves: Callable[[ArmyTable, Stones, Colour], tuple[Move, ...]]
    # -- the add and the draw
    addable: Callable[[Hand, Colour], Hand]
    add_cells: Callable[[ArmyTable, Stones, Colour, Colour], tuple[Cell, ...]]
    apart: Callable[[Stones, Cell, Colour, Colour, Directions], bool]
    out_of_stones_ends: Callable[[Sequence[Colour], Sequence[Hand]], bool]
    draw: Callable[[Hand, tuple[Colour, ...]], tuple[Hand, tuple[Colour, ...]]]
    # -- the one island rule
    one_island: Callable[[Labels, int, Iterable[Cell]], bool]
    may_land: Callable[[ArmyTable, Stones, Labels, int, Colour, Cell], bool]
    # -- the string rule
    is_single: Callable[[Links, Cell, Cell], bool]
    strings_through: Callable[[ArmyTable, Links, Iterable[Cell]], tuple[Chain, ...]]
    limit_applies: Callable[[int, int], bool]
    too_long: Callable[[Chain], bool]
    forbidden_string: Callable[[ArmyTable, Links, Cell | None, Cell], bool]
    # -- the goal
    linked: Callable[[ArmyTable, Stones, Colour, int], bool]
    checked_after: Callable[[Moment], bool]
    seats_checked: Callable[[int, int, Moment], tuple[int, ...]]
    winners: Callable[[Sequence[int]], tuple[int, ...]]
    # -- the end, returns, observations
    nobody_can_act: Callable[[int, int], bool]
    turn_limit_reached: Callable[[int, int, int], bool]
    remember: Callable[[tuple[Position, ...], int, Island], tuple[tuple[Position, ...], bool]]
    returns: Callable[[int, Sequence[int]], tuple[float, ...]]
    view: Callable[[Any, int], dict[str, Any]]


SLOTS: tuple[str, ...] = ArmyTable.slots()
"""The names of the table's slots, in rule order."""
