"""Cells and islands: the values Army of Frogs' rules speak about, with no rule in them.

A cell is a pair of axial coordinates ``(q, r)`` (board.hex-grid says which cells touch: that is a
rule, in :mod:`froeschis.games.army_of_frogs.setup`); a colour is a number 0-3. An :class:`Island`
maps the cells that hold a stone to the stone's colour: a frozen value, compared and hashed by its
contents, and cheap to change by one stone (a new island shares nothing with the old one).
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from typing import Any

Cell = tuple[int, int]
"""A hexagonal cell by its axial coordinates (q, r)."""
Colour = int
"""A stone's colour, 0 to 3 (seat s plays colour s: players.colours)."""


class Island(Mapping[Cell, Colour]):
    """The stones on the grid: cell -> colour. Immutable; :meth:`placed`, :meth:`removed` and
    :meth:`moved` return new islands. Two islands are equal when they hold the same stones."""

    __slots__ = ("_hash", "_stones")

    def __init__(self, stones: Mapping[Cell, Colour] | Iterable[tuple[Cell, Colour]] = ()) -> None:
        self._stones: dict[Cell, Colour] = dict(stones)
        self._hash: int | None = None

    def __getitem__(self, cell: Cell) -> Colour:
        return self._stones[cell]

    def __contains__(self, cell: object) -> bool:
        return cell in self._stones

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._stones)

    def __len__(self) -> int:
        return len(self._stones)

    # The dict's own views and lookups (read-only), not Mapping's, which would ask __getitem__ for
    # each stone: the clauses read islands stone by stone all the time.

    def keys(self) -> KeysView[Cell]:
        return self._stones.keys()

    def items(self) -> ItemsView[Cell, Colour]:
        return self._stones.items()

    def values(self) -> ValuesView[Colour]:
        return self._stones.values()

    def get(self, cell: Cell, default: Any = None) -> Any:
        return self._stones.get(cell, default)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Island):
            return self._stones == other._stones
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._stones.items()))
        return self._hash

    def __repr__(self) -> str:
        return "Island(" + " ".join(f"{q},{r}:{c}" for (q, r), c in self.sorted_stones()) + ")"

    def copy_stones(self) -> dict[Cell, Colour]:
        """A new dict of the stones, for a caller that works on it (the island stays unchanged)."""
        return dict(self._stones)

    def sorted_stones(self) -> list[tuple[Cell, Colour]]:
        """The stones ordered by cell (q first, then r): the order of every written form."""
        return sorted(self._stones.items())

    def placed(self, cell: Cell, colour: Colour) -> Island:
        """This island with a stone of ``colour`` on ``cell``."""
        stones = dict(self._stones)
        stones[cell] = colour
        return Island(stones)

    def moved(self, start: Cell, end: Cell) -> Island:
        """This island with the stone on ``start`` moved to ``end``."""
        stones = dict(self._stones)
        stones[end] = stones.pop(start)
        return Island(stones)

    def of_colour(self, colour: Colour) -> list[Cell]:
        """The cells holding stones of ``colour``."""
        return [cell for cell, c in self._stones.items() if c == colour]

    def translated(self) -> Island:
        """The island moved so that its least cell (by q, then r) is (0, 0): islands that differ by a
        translation have the same translated form (variant.repetition-draw compares them so)."""
        if not self._stones:
            return self
        q0, r0 = min(self._stones)
        return Island({(q - q0, r - r0): c for (q, r), c in self._stones.items()})


EMPTY_ISLAND = Island()


class Neighbours(dict[Cell, tuple[Cell, ...]]):
    """The cells beside each cell, for one set of directions (what board.hex-grid gives): cell -> the
    cell plus each direction, in the directions' order, each cell's made once when first asked (a
    table, not a rule: which directions there are is the table's ``directions``)."""

    __slots__ = ("directions",)

    def __init__(self, directions: tuple[Cell, ...]) -> None:
        super().__init__()
        self.directions = directions

    def __missing__(self, cell: Cell) -> tuple[Cell, ...]:
        q, r = cell
        found = self[cell] = tuple([(q + dq, r + dr) for dq, dr in self.directions])
        return found


_NEIGHBOURS: dict[tuple[Cell, ...], Neighbours] = {}
LAST_NEIGHBOURS: list[Neighbours] = [Neighbours(())]
"""The :class:`Neighbours` table :func:`neighbours` gave last, alone in a list: a caller that asks for
a cell's neighbours very often checks it by identity first (``LAST_NEIGHBOURS[0].directions is
directions``), without the call."""


def neighbours(directions: tuple[Cell, ...]) -> Neighbours:
    """The one :class:`Neighbours` table of ``directions`` in this process (the last one asked for
    is found by identity, without hashing the directions: a table's ``directions()`` gives the same
    tuple every time)."""
    last = LAST_NEIGHBOURS[0]
    if last.directions is directions:
        return last
    found = _NEIGHBOURS.get(directions)
    if found is None:
        found = _NEIGHBOURS[directions] = Neighbours(directions)
    LAST_NEIGHBOURS[0] = found
    return found
