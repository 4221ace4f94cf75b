"""The JSON forms of the game's values (islands, hands, remembered positions), read strictly.

Shared by the state's JSON form (:mod:`froeschis.games.army_of_frogs.serialize`) and a seat's view
(:mod:`froeschis.games.army_of_frogs.observation`). A cell is ``[q, r]``; an island is the list of its
stones ``[q, r, colour]`` ordered by cell; a hand is the list of its colours, ascending. Reading
refuses anything malformed with a :class:`~froeschis.framework.errors.FormatError` naming the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from froeschis.framework import fields
from froeschis.framework.errors import FormatError, shown
from froeschis.framework.fields import listed
from froeschis.games.army_of_frogs.actions import MAX_COORDINATE
from froeschis.games.army_of_frogs.hexes import Cell, Colour, Island
from froeschis.games.army_of_frogs.phases import Position

COLOURS = range(4)


def whole(value: object, field: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number within the bounds given (worded with both bounds: "from 1 to 10")."""
    number = fields.whole(value, field)
    if (low is not None and number < low) or (high is not None and number > high):
        bounds = f"from {low}" if high is None else f"from {low} to {high}"
        raise FormatError(field, f"expected a whole number {bounds}, got {shown(number)}")
    return number


def colour_from_json(value: object, field: str) -> Colour:
    return whole(value, field, 0, len(COLOURS) - 1)


def colours_from_json(value: object, field: str) -> tuple[Colour, ...]:
    return tuple(colour_from_json(c, f"{field}[{i}]") for i, c in enumerate(listed(value, field)))


def island_to_json(island: Island) -> list[list[int]]:
    return [[q, r, colour] for (q, r), colour in island.sorted_stones()]


def island_from_json(value: object, field: str) -> Island:
    """An island from its list of stones; refuses a cell given twice (in any order is accepted)."""
    stones: dict[Cell, Colour] = {}
    for i, stone in enumerate(listed(value, field)):
        where = f"{field}[{i}]"
        if not isinstance(stone, list) or len(stone) != 3:
            raise FormatError(where, f"a stone is [q, r, colour], not {shown(stone)}")
        cell = (
            whole(stone[0], f"{where}[0]", -MAX_COORDINATE, MAX_COORDINATE),
            whole(stone[1], f"{where}[1]", -MAX_COORDINATE, MAX_COORDINATE),
        )
        if cell in stones:
            raise FormatError(where, f"cell {cell} holds a stone already")
        stones[cell] = colour_from_json(stone[2], f"{where}[2]")
    return Island(stones)


def hands_to_json(hands: Sequence[Sequence[Colour]]) -> list[list[int]]:
    return [list(hand) for hand in hands]


def hands_from_json(value: object, field: str) -> tuple[tuple[Colour, ...], ...]:
    """The hands, each at most two stones; kept sorted (a hand is a multiset)."""
    hands = []
    for seat, hand in enumerate(listed(value, field)):
        colours = colours_from_json(hand, f"{field}[{seat}]")
        if len(colours) > 2:
            raise FormatError(f"{field}[{seat}]", f"a hand holds at most two stones, not {len(colours)}")
        hands.append(tuple(sorted(colours)))
    return tuple(hands)


def position_to_json(position: Position) -> dict[str, Any]:
    return {"seat": position.seat, "island": island_to_json(position.island)}


def position_from_json(value: object, field: str) -> Position:
    if not isinstance(value, dict) or set(value) != {"seat", "island"}:
        raise FormatError(field, f"a position is an object with 'seat' and 'island', not {shown(value)}")
    island = island_from_json(value["island"], f"{field}.island")
    if island.translated() != island:
        raise FormatError(f"{field}.island", "a remembered island is translated: its least cell is (0, 0)")
    return Position(whole(value["seat"], f"{field}.seat", 0, 3), island)


def bag_counts(bag: Sequence[Colour]) -> list[int]:
    """How many stones of each colour, 0 to 3, a bag holds (what every seat may know of it)."""
    return [bag.count(colour) for colour in COLOURS]
