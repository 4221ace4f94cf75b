"""The turn, the add and the draw: who plays when, what each part offers, where a stone may be added.
One small pure function per decision, each marked with its clause."""

from __future__ import annotations

from collections.abc import Sequence

from froeschis.framework.table import clause
from froeschis.games.army_of_frogs.actions import Action
from froeschis.games.army_of_frogs.hexes import Cell, Colour, neighbours
from froeschis.games.army_of_frogs.phases import Phase
from froeschis.games.army_of_frogs.table import ArmyTable, Directions, Hand, Stones

# --------------------------------------------------------------------------- the turn


@clause("turn.first-seat")
def first_seat() -> int:
    """Seat 0 takes the first turn."""
    return 0


@clause("turn.order")
def next_seat(seat: int, players: int) -> int:
    """Clockwise: the seat after ``seat``, seat 0 after the last."""
    return (seat + 1) % players


@clause("turn.first-placement")
def first_cells(stones: Stones) -> tuple[Cell, ...]:
    """Where the first stone may go: on the empty island the centre, (0, 0), and only there; on an
    island that has stones, nothing (the add's own clauses say where a stone may go then)."""
    return () if stones else ((0, 0),)


@clause("turn.first-placement")
def seat_after(table: ArmyTable, turn: int, seat: int, players: int) -> int:
    """Who plays after turn ``turn`` of ``seat``: the next seat (turn.order), after the first turn
    (the first placement and its draw) as after every other."""
    return table.next_seat(seat, players)


@clause("turn.first-placement")
def draw_follows(stones: Stones) -> bool:
    """Whether the draw (draw.replace) follows an add made on ``stones`` (the island before it):
    always, after the first placement (the add on the empty island) as after every other add."""
    return True


@clause("turn.parts")
def turn_parts() -> tuple[Phase, ...]:
    """The decisions of a turn, in order: the move, then the add (which the draw follows)."""
    return (Phase.MOVE, Phase.ADD)


@clause("turn.pass")
def offer(actions: tuple[Action, ...], pass_action: Action) -> tuple[Action, ...]:
    """A part's actions: its legal actions, or its pass alone when it has none."""
    return actions if actions else (pass_action,)


@clause("turn.pass")
def pass_ends_turn(part: Phase) -> bool:
    """Whether passing ``part`` ends the turn: no-add does (its draw is skipped); after no-move the
    turn goes on with the add."""
    return part is Phase.ADD


# --------------------------------------------------------------------------- the add and the draw


@clause("add.from-hand")
def addable(hand: Hand, colour: Colour) -> Hand:
    """The stones of the hand the seat may add: any of them, whatever their colour."""
    return hand


@clause("add.touch")
def add_cells(table: ArmyTable, stones: Stones, colour: Colour, seat_colour: Colour) -> tuple[Cell, ...]:
    """The cells where a stone may be added, sorted: the empty cells touching a stone of the island.
    (The first stone, on the empty island, is turn.first-placement's.)"""
    near = neighbours(table.directions())
    touching: set[Cell] = set()
    for cell in stones:
        touching.update(near[cell])
    return tuple(sorted(touching.difference(stones)))


@clause("add.own-colour-apart")
def apart(stones: Stones, cell: Cell, colour: Colour, seat_colour: Colour, directions: Directions) -> bool:
    """Whether a stone of ``colour`` may be added on ``cell`` by the seat of ``seat_colour``: a stone
    of the seat's own colour only where it touches no stone of that colour; any other colour anywhere."""
    return colour != seat_colour or touches_none(stones, cell, colour, directions)


def touches_none(stones: Stones, cell: Cell, colour: Colour, directions: Directions) -> bool:
    """Whether no neighbour of ``cell`` holds a stone of ``colour``: what :func:`apart` and its
    misreadings (:mod:`froeschis.games.army_of_frogs.misreadings`) ask of different colours, once."""
    return colour not in map(stones.get, neighbours(directions)[cell])


@clause("add.none-left")
def out_of_stones_ends(bag: Sequence[Colour], hands: Sequence[Hand]) -> bool:
    """Whether the game ends because every stone is in play: never; it goes on with moves (an empty
    hand only passes its add, and that no-add names this clause)."""
    return False


@clause("draw.replace")
def draw(hand: Hand, bag: tuple[Colour, ...]) -> tuple[Hand, tuple[Colour, ...]]:
    """After an add: the hand with the bag's next stone, and the bag without it; nothing with an
    empty bag."""
    if not bag:
        return hand, bag
    return tuple(sorted((*hand, bag[0]))), bag[1:]
