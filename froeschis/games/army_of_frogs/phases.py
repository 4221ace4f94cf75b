"""The parts of a game state that are no stones: what the state waits for, when the goal is looked
at, and the positions remembered for a repetition."""

from __future__ import annotations

import enum

import attrs

from froeschis.games.army_of_frogs.hexes import Island


class Phase(enum.Enum):
    """What a state waits for: chance, one of the two decisions of a turn (turn.parts), or nothing."""

    SHUFFLE = "shuffle"
    """Chance: the bag is to be mixed (setup.shuffle); the outcome is an order of its stones."""
    MOVE = "move"
    """The seat whose turn it is moves a stone of its colour, or passes the move (turn.pass)."""
    ADD = "add"
    """The seat adds a stone from its hand, or passes the add; a draw follows an add (draw.replace)."""
    OVER = "over"
    """The game has ended, with a winner or without one."""


class Moment(enum.Enum):
    """When the goal may be checked (goal.when-checked, goal.any-seat and their variants)."""

    MOVE = "after-move"
    ADD = "after-add"
    TURN_END = "turn-end"
    TURN_START = "turn-start"


@attrs.frozen
class Position:
    """A position as variant.repetition-draw compares them, at the start of a turn: the seat whose
    turn starts and the island up to translation (:meth:`Island.translated`). The rest of a position,
    the hands and the bag, is the same in every position a state remembers: it remembers only those
    since the last add, and only an add changes the hands and the bag."""

    seat: int
    island: Island
