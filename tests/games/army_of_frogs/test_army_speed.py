"""The island checks grow with the island as a search over it, not as its square: counted, not timed.

A legal-move listing searches the island without each stone that may move (its parts, island.one)
once, and then judges each cell the stone may end on by a few stones around it (string.checked):
the calls of island.graph's ``connections`` are the stones that may move times the island's size,
plus a small constant for each end, and the stones the string rule judges (string.definition's
``strings_through``: the stones it is asked about and the strings it finds) are a small constant
for each end, whatever the size. (The times are bench.py's:
``python -m froeschis.games.army_of_frogs.bench``.)
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from froeschis.framework.table import Reading, clause
from froeschis.games.army_of_frogs import moves, structure
from froeschis.games.army_of_frogs.bench import SIZES, islands, listing_time
from froeschis.games.army_of_frogs.engine import ArmyState
from froeschis.games.army_of_frogs.hexes import Cell, Colour
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.rules import Rules
from froeschis.games.army_of_frogs.table import ArmyTable, Chain, Directions, Links, Stones

CALLS = {"connections": 0, "ends": 0, "judged": 0}


@clause("island.graph")
def counted_connections(
    stones: Stones, cell: Cell, colour: Colour, directions: Directions
) -> tuple[Cell, ...]:
    CALLS["connections"] += 1
    return structure.connections(stones, cell, colour, directions)


@clause("move.not-start")
def counted_ends(reached: frozenset[Cell], start: Cell) -> tuple[Cell, ...]:
    found = moves.ends(reached, start)
    CALLS["ends"] += len(found)
    return found


@clause("string.definition")
def counted_strings(table: ArmyTable, links: Links, cells: Iterable[Cell]) -> tuple[Chain, ...]:
    asked = tuple(cells)
    found = structure.chains_through(table, links, asked)
    CALLS["judged"] += len(asked) + sum(map(len, found))
    return found


COUNTING = Rules(
    readings=(
        Reading("connections", counted_connections, "counted"),
        Reading("ends", counted_ends, "counted"),
        Reading("strings_through", counted_strings, "counted"),
    )
)


def per_end(state: ArmyState) -> tuple[float, float]:
    """For each cell where a move may end: the calls of ``connections`` a listing makes beyond one
    search of the island per stone that may move, and the stones the string rule judges."""
    CALLS.update(connections=0, ends=0, judged=0)
    state.legal_actions()
    searches = len(state.island.of_colour(state.colour)) * len(state.island)
    ends = max(CALLS["ends"], 1)
    return (CALLS["connections"] - searches) / ends, CALLS["judged"] / ends


@pytest.mark.clause("army-of-frogs:string.checked", "army-of-frogs:island.one")
def test_a_listing_costs_a_search_per_stone_and_a_constant_per_end() -> None:
    states = [state for seed in range(3) for state in islands(seed, rules=COUNTING)]
    assert {len(state.island) for state in states} == set(SIZES)
    by_size: dict[int, list[tuple[float, float]]] = {}
    for state in states:
        by_size.setdefault(len(state.island), []).append(per_end(state))
    for size, found in by_size.items():
        assert max(calls for calls, _ in found) < 6 and max(judged for _, judged in found) < 12, (size, found)


def test_the_bench_times_a_listing() -> None:
    state = next(islands(0, (10,)))
    assert state.phase is Phase.MOVE and listing_time(state, repeats=1) > 0


@clause("string.checked")
def judged_everywhere(table: ArmyTable, links: Links, vacated: Cell | None, placed: Cell) -> bool:
    return structure.forbidden_anywhere(table, links, vacated, placed)


def test_the_count_tells_a_check_of_the_whole_island_from_a_local_one() -> None:
    """With the string rule judged on every stone for every end, the stones judged per end grow with
    the island: the count above would catch a check gone quadratic."""
    whole = Rules(readings=(*COUNTING.readings, Reading("forbidden_string", judged_everywhere, "whole")))
    state = next(islands(0, (40,), rules=whole))
    assert per_end(state)[1] > 30


def test_an_island_reads_its_stones_without_a_call_per_stone() -> None:
    """The clauses read islands stone by stone (the stones of a colour, a copy to work on): an
    Island gives its dict's own views and lookups, not Mapping's, which ask ``__getitem__`` (a Python
    call) for every stone."""
    island = next(islands(0, (10,))).island
    stones = island.copy_stones()
    assert type(island.items()) is type(stones.items()) and list(island.items()) == list(stones.items())
    assert type(island.keys()) is type(stones.keys()) and list(island.keys()) == list(stones)
    assert type(island.values()) is type(stones.values())
    cell = next(iter(stones))
    assert island.get(cell) == stones[cell] and island.get((99, 99)) is None and island.get((99, 99), 5) == 5


def test_the_links_with_a_stone_are_the_links_of_the_island_with_it() -> None:
    """with_stone shares what the island without the stone remembered and finds afresh what the
    stone changes: every stone's connections are those of links made anew on the island with it."""
    state = next(islands(1, (20,)))
    table = state.rules.table
    work = state.island.copy_stones()
    base = structure.IslandLinks(table, work)
    for cell in work:
        base[cell]  # remembered before the stone comes
    for cell in sorted(table.add_cells(table, work, 0, state.colour)):
        work[cell] = 0
        extended = base.with_stone(table, cell)
        anew = structure.IslandLinks(table, work)
        assert {c: extended[c] for c in work} == {c: anew[c] for c in work}, cell
        del work[cell]
