"""Actions: the decisions of a turn and the one chance outcome, with their text forms.

A turn's decisions are ``move a b`` (the stone on cell a ends on cell b, move.identity), ``no-move``,
``add c x`` (a stone of colour c from the hand onto cell x, add.from-hand) and ``no-add``
(turn.pass); cells are written ``q,r``: ``move -1,1 1,-1``, ``add 0 2,-1``. The draw is no decision:
it happens inside the add's step. The chance outcome is the order of the bag's stones when it is
mixed (setup.shuffle), written ``shuffle`` and the colours, first drawn first: ``shuffle 0110``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from froeschis.framework.errors import FormatError, shown
from froeschis.games.army_of_frogs.hexes import Cell, Colour

MAX_COORDINATE = 10_000
"""The largest coordinate a written cell may have (an island of 40 stones spans at most 40 cells;
the bound keeps a number of a million digits from being read)."""

_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]{0,4})")


def cell_text(cell: Cell) -> str:
    """A cell as written: ``q,r``."""
    return f"{cell[0]},{cell[1]}"


def parse_cell(text: str, field: str) -> Cell:
    """The cell written ``q,r`` (whole numbers, no spaces, no leading zeros or plus signs)."""
    q, comma, r = text.partition(",")
    if not comma or not _NUMBER.fullmatch(q) or not _NUMBER.fullmatch(r):
        raise FormatError(field, f"a cell is written q,r with whole numbers, not {shown(text)}")
    cell = (int(q), int(r))
    if max(abs(cell[0]), abs(cell[1])) > MAX_COORDINATE:
        raise FormatError(field, f"cell {shown(text)} lies beyond {MAX_COORDINATE} cells from (0, 0)")
    return cell


def parse_colour(text: str, field: str) -> Colour:
    """A colour written as one digit 0-3."""
    if len(text) != 1 or text not in "0123":
        raise FormatError(field, f"a colour is a digit 0 to 3, not {shown(text)}")
    return int(text)


@attrs.frozen(order=True)
class Move:
    """Move the stone on ``start`` to ``end`` (by one or more jumps: the way is no part of it)."""

    start: Cell
    end: Cell

    def __str__(self) -> str:
        return f"move {cell_text(self.start)} {cell_text(self.end)}"


@attrs.frozen(order=True)
class Add:
    """Add a stone of ``colour`` from the hand onto ``cell`` (and draw, if the bag has a stone)."""

    colour: Colour
    cell: Cell

    def __str__(self) -> str:
        return f"add {self.colour} {cell_text(self.cell)}"


@attrs.frozen
class Pass:
    """A part's pass: ``no-move`` or ``no-add`` (turn.pass)."""

    name: str

    def __str__(self) -> str:
        return self.name


NO_MOVE = Pass("no-move")
NO_ADD = Pass("no-add")


@attrs.frozen
class Shuffle:
    """The chance outcome: the bag's stones in the order they will be taken, first taken first."""

    order: tuple[Colour, ...]

    def __str__(self) -> str:
        return "shuffle " + colours_text(self.order)


Action = Move | Add | Pass
"""A decision of the seat whose turn it is."""
AnyAction = Action | Shuffle


def parse_action(text: object, field: str = "action") -> AnyAction:
    """The action written as ``text`` (the module docstring lists the forms)."""
    if not isinstance(text, str):
        raise FormatError(field, f"an action is a string, not {shown(text)}")
    if text in ("no-move", "no-add"):
        return NO_MOVE if text == "no-move" else NO_ADD
    words = text.split(" ")
    if words[0] == "move" and len(words) == 3:
        return Move(parse_cell(words[1], f"{field} (start)"), parse_cell(words[2], f"{field} (end)"))
    if words[0] == "add" and len(words) == 3:
        return Add(parse_colour(words[1], f"{field} (colour)"), parse_cell(words[2], f"{field} (cell)"))
    if words[0] == "shuffle" and len(words) == 2:
        return Shuffle(parse_colours(words[1], f"{field} (order)"))
    raise FormatError(
        field,
        f"unknown action {shown(text)}; expected 'move q,r q,r', 'no-move', 'add c q,r', 'no-add' "
        "or 'shuffle <colours>'",
    )


def parse_colours(text: str, field: str) -> tuple[Colour, ...]:
    """Colours written as digits, one per stone (``-`` for none)."""
    if text == "-":
        return ()
    return tuple(parse_colour(ch, f"{field}[{i}]") for i, ch in enumerate(text))


def colours_text(colours: Sequence[Colour]) -> str:
    """Colours written as digits (``-`` for none)."""
    return "".join(map(str, colours)) or "-"
