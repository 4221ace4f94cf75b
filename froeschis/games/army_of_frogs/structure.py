"""The structure rules: the island's graph, the one island rule and the string rule, one function per
decision.

The island's graph (island.graph) has a vertex per stone and a connection between every two touching
stones; everything here walks it through the table's ``connections``, so a misreading of the graph
reaches every rule built on it. The checks are local or linear, never quadratic in the island's
size: the parts of an island are one search over it (once per stone that moves, not once per
cell it may reach), and the string rule, whose forbidden strings are a matter of degrees, looks only
at the stones whose connections an action changed (:func:`forbidden_near`).
"""

from __future__ import annotations

from collections.abc import Iterable

from froeschis.framework.table import clause
from froeschis.games.army_of_frogs.hexes import LAST_NEIGHBOURS, Cell, Colour, neighbours
from froeschis.games.army_of_frogs.table import ArmyTable, Chain, Directions, Labels, Links, Stones

# --------------------------------------------------------------------------- the island's graph


@clause("island.graph")
def connections(stones: Stones, cell: Cell, colour: Colour, directions: Directions) -> tuple[Cell, ...]:
    """The stones that a stone of ``colour`` on ``cell`` is connected to: every stone touching it,
    whatever the colours (the colour is there for readings that look at it)."""
    near = LAST_NEIGHBOURS[0]
    if near.directions is not directions:
        near = neighbours(directions)
    found = []
    for other in near[cell]:
        if other in stones:
            found.append(other)
    return tuple(found)


@clause("island.graph")
def parts(table: ArmyTable, links: Links) -> tuple[dict[Cell, int], int]:
    """The island's parts (connected components): each stone's part, numbered from 0, and how many
    there are. One search over the island (``links.stones``), each connection followed from both
    ends, walking the connections ``links`` remember (asked of ``connections`` once a stone)."""
    labels: dict[Cell, int] = {}
    count = 0
    for seed in links.stones:
        if seed in labels:
            continue
        labels[seed] = count
        frontier = [seed]
        while frontier:
            for other in links[frontier.pop()]:
                if other not in labels:
                    labels[other] = count
                    frontier.append(other)
        count += 1
    return labels, count


# --------------------------------------------------------------------------- the one island rule


@clause("island.one")
def one_island(labels: Labels, count: int, links: Iterable[Cell]) -> bool:
    """Whether a stone connected to the stones ``links`` makes one island of the rest, which is in
    ``count`` parts labelled ``labels``: it must be connected to every part (re-link them all). A
    stone that is not the only link leaves the rest in one part, which it touches wherever it lands."""
    return len(set(map(labels.__getitem__, links))) == count


@clause("island.one")
def only_the_end_is_judged(
    table: ArmyTable, without: Stones, labels: Labels, count: int, colour: Colour, cell: Cell
) -> bool:
    """Whether a jump may land on ``cell`` on its way: always, since only the cell where the move
    ends is judged (the island may be in parts while the stone jumps)."""
    return True


@clause("variant.one-island-each-jump")
def every_landing_is_judged(
    table: ArmyTable, without: Stones, labels: Labels, count: int, colour: Colour, cell: Cell
) -> bool:
    """Whether a jump may land on ``cell``: only where the island, with the stone there, is one."""
    return table.one_island(labels, count, table.connections(without, cell, colour, table.directions()))


# --------------------------------------------------------------------------- the string rule


class IslandLinks(dict[Cell, tuple[Cell, ...]]):
    """The connections of each stone of one island (island.graph's ``connections``), each asked once
    and remembered: the string rule walks the graph through it (``links[cell]``).

    :meth:`with_stone` gives the links of the island with one more stone, sharing what it can: only
    the new stone and the stones touching it gain a connection, so every other stone's connections
    are the ones remembered here. The moves and adds of a seat are tried on one working island that
    way, each at the cost of the stones it touches.
    """

    __slots__ = ("_base", "_connections", "_directions", "stones")

    def __init__(self, table: ArmyTable, stones: Stones) -> None:
        super().__init__()
        self.stones = stones
        self._connections, self._directions = table.connections, table.directions()
        self._base: IslandLinks | None = None

    def __missing__(self, cell: Cell) -> tuple[Cell, ...]:
        base = self._base
        if base is not None:  # a stone the new one does not touch (with_stone set those it does)
            found = base[cell]
        else:
            found = self._connections(self.stones, cell, self.stones[cell], self._directions)
        self[cell] = found
        return found

    def with_stone(self, table: ArmyTable, cell: Cell) -> IslandLinks:
        """The links of this island once a stone is on ``cell``: the caller has put it in the island
        (the same mapping), and takes it out again before asking this object anything more.

        What is remembered here is copied at once (in C: a lookup of it then costs no call of
        :meth:`__missing__`), and the connections of the new stone and of the stones touching it,
        which the new stone changed and every string check asks for, are found afresh."""
        extended = IslandLinks(table, self.stones)
        extended.update(self)
        extended._base = self
        stones, connections, directions = self.stones, self._connections, self._directions
        q, r = cell
        for near in [cell, *[(q + dq, r + dr) for dq, dr in directions]]:
            if near in stones:
                extended[near] = connections(stones, near, stones[near], directions)
        return extended

    def without_stone(self, table: ArmyTable, work: dict[Cell, Colour], cell: Cell) -> IslandLinks:
        """The links of ``work``, this island without its stone on ``cell``: only the stones that
        touched it lose a connection, found afresh at once; every other stone's connections are the
        ones this island remembers (asked of it as they are needed, and remembered here too). The
        legal moves search the island without each stone that may move so, at the cost of the stones
        it touches once this island's connections are known."""
        reduced = IslandLinks(table, work)
        reduced.update(self)
        reduced.pop(cell, None)
        reduced._base = self
        connections, directions = self._connections, self._directions
        for near in neighbours(directions)[cell]:
            if near in work:
                reduced[near] = connections(work, near, work[near], directions)
        return reduced

    def forbids(
        self,
        table: ArmyTable,
        work: dict[Cell, Colour],
        stone: Colour,
        start: Cell | None,
        end: Cell,
        around: tuple[Cell, ...] | None = None,
    ) -> bool:
        """Whether ``stone`` put on ``end`` (moved from ``start``, or added when it is None) leaves a
        forbidden string (table.forbidden_string): the stone is put in ``work``, the working island
        these links were made on, for the question and taken out again. The legal moves and the
        legal adds try each candidate so; one method, so that the two cannot come to put and take
        the stone differently. ``around`` are the stone's connections on ``end`` when the caller
        has them already (the one island rule asked for them).

        The links are those of :meth:`with_stone`, made in place: the connections of the new stone
        and of the stones touching it are found afresh for the question and the ones remembered put
        back after it (no copy of the links for each candidate). Any other stone's connections the
        question asks for are those of the island without the stone, which does not touch it."""
        connections, directions = self._connections, self._directions
        work[end] = stone
        saved: list[tuple[Cell, tuple[Cell, ...] | None]] = [(end, None)]
        self[end] = connections(work, end, stone, directions) if around is None else around
        for near in neighbours(directions)[end]:
            if near in work:
                saved.append((near, self.get(near)))
                self[near] = connections(work, near, work[near], directions)
        forbidden = table.forbidden_string(table, self, start, end)
        for cell, remembered in saved:
            if remembered is None:
                del self[cell]
            else:
                self[cell] = remembered
        del work[end]
        return forbidden


@clause("string.single-connection")
def is_single(links: Links, a: Cell, b: Cell) -> bool:
    """Whether the connection of ``a`` and ``b`` is single: it lies on no loop, so without it ``a``
    cannot reach ``b``. Searched from both ends in turn, one stone at a time, so that the search ends
    as soon as the smaller side is exhausted (at once for a stone with one connection)."""
    seen = ({a}, {b})
    frontiers = ([a], [b])
    while True:
        for side in (0, 1):
            if not frontiers[side]:
                return True
            cell = frontiers[side].pop()
            mine, theirs = seen[side], seen[1 - side]
            for other in links[cell]:
                if {cell, other} == {a, b}:
                    continue
                if other in theirs:
                    return False
                if other not in mine:
                    mine.add(other)
                    frontiers[side].append(other)


def _walk(links: Links, origin: Cell, first: Cell) -> list[Cell] | None:
    """The stones from ``first`` on, leaving ``origin``, on through stones with exactly two
    connections up to the first stone with one or three or more; None when the walk comes back to
    ``origin`` (a loop: a walk through stones with two connections can repeat no other stone) or,
    where the connections a table's entries give are not mutual (a misread grid), to any stone it
    passed, which would otherwise loop for ever."""
    path = [first]
    passed = {origin, first}
    previous, cell = origin, first
    while True:
        around = links[cell]
        if len(around) != 2:
            return path
        following = around[1] if around[0] == previous else around[0]
        if following in passed:
            return None
        path.append(following)
        passed.add(following)
        previous, cell = cell, following


@clause("string.definition")
def chains_through(table: ArmyTable, links: Links, cells: Iterable[Cell]) -> tuple[Chain, ...]:
    """The strings that contain a stone on one of ``cells``, as the definition's paths: through stones
    with exactly two connections, ended by stones with one or with three or more, never branching.
    Each is a path of cells, its least end first. That its connections are single is the other half of
    the definition, asked of string.single-connection (:func:`judged`): a path through stones with two
    connections lies on a loop with all its connections or with none, so one of them answers for all."""
    found: set[Chain] = set()
    for cell in cells:
        if cell not in links.stones:
            continue
        around = links[cell]
        if len(around) == 2:
            left, right = _walk(links, cell, around[0]), _walk(links, cell, around[1])
            if left is None or right is None:
                continue
            chains = [(*reversed(left), cell, *right)]
        else:
            chains = []
            for other in around:
                tail = _walk(links, cell, other)
                if tail is not None:
                    chains.append((cell, *tail))
        for chain in chains:
            if chain[0] != chain[-1]:  # a path that comes back to its end stone is a loop
                found.add(min(chain, chain[::-1]))
    return tuple(sorted(found))


@clause("string.single-frog-end")
def limit_applies(first_degree: int, last_degree: int) -> bool:
    """Whether the string rule limits a string whose end stones have these many connections: when
    one of them is a single frog (one connection). A string with multiple connections at both ends
    may have any length."""
    return first_degree == 1 or last_degree == 1


@clause("string.length")
def too_long(chain: Chain) -> bool:
    """Whether a limited string is forbidden: three or more single connections."""
    return len(chain) - 1 >= 3


def judged(table: ArmyTable, links: Links, cells: Iterable[Cell]) -> bool:
    """Whether a string through a stone on one of ``cells`` is forbidden, the clauses asked in the
    order that costs least (single-connection's search last, and only for strings already limited
    and too long)."""
    for chain in table.strings_through(table, links, cells):
        if (
            table.limit_applies(len(links[chain[0]]), len(links[chain[-1]]))
            and table.too_long(chain)
            and table.is_single(links, chain[0], chain[1])
        ):
            return True
    return False


@clause("string.checked")
def forbidden_near(table: ArmyTable, links: Links, vacated: Cell | None, placed: Cell) -> bool:
    """Whether the island after an add (``vacated`` None) or a move from ``vacated`` to ``placed``
    (``links`` are its connections) has a forbidden string, wherever it is: where the stone left as
    well as where it went.

    The island before the action had none (every action is checked), so a forbidden string now must
    have changed: one of its stones is the stone placed or touches the cell it left or reached, for
    only those stones' connections changed. A forbidden string ends in a single frog followed by two
    stones with two connections (its connections are then single by themselves), and the one of
    these three that changed lies on it; so the strings judged are those from the single frogs at
    most two such stones away from the stones that changed: a few stones, whatever the island's
    size. (Readings of the string rule under which this reasoning fails judge the whole island:
    :func:`forbidden_anywhere`.)"""
    stones = links.stones
    changed = [placed]
    near = neighbours(table.directions())
    for cell in (vacated, placed):
        if cell is not None:
            for other in near[cell]:
                if other in stones:
                    changed.append(other)
    single_frogs = set()
    for cell in changed:
        around = links[cell]
        if len(around) == 1:
            single_frogs.add(cell)
        elif len(around) == 2:
            for other in around:
                beyond = links[other]
                if len(beyond) == 1:
                    single_frogs.add(other)
                elif len(beyond) == 2:
                    last = beyond[1] if beyond[0] == cell else beyond[0]
                    if len(links[last]) == 1:
                        single_frogs.add(last)
    # No single frog near: no string to judge (most ends of a listing), so none is looked for.
    return bool(single_frogs) and judged(table, links, single_frogs)


def forbidden_anywhere(table: ArmyTable, links: Links, vacated: Cell | None, placed: Cell) -> bool:
    """Whether the island has a forbidden string anywhere, every stone judged: the rule as stated,
    without :func:`forbidden_near`'s shortcut, for readings under which the shortcut's reason fails."""
    return judged(table, links, links.stones)


def has_forbidden_string(table: ArmyTable, stones: Stones) -> bool:
    """Whether the island has a forbidden string anywhere (a state whose island has one is not valid)."""
    return judged(table, IslandLinks(table, stones), stones)
