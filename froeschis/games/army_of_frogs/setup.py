"""The clauses of the components and the setup, and the grid: one small pure function per decision.

Each function is marked with the clause it implements; the engine reaches it only through the clause
table (:mod:`froeschis.games.army_of_frogs.table`), so a variant or a misreading is the same table
with an entry replaced.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from froeschis.framework.errors import RulesError
from froeschis.framework.table import clause
from froeschis.games.army_of_frogs.hexes import Cell, Colour

COLOURS = 4
"""The colours of the published game's stones (components.stones)."""
STONES_PER_COLOUR = 10
"""The stones of each colour in the published game; tiny configurations use fewer."""
MIN_PLAYERS, MAX_PLAYERS = 2, 4

Hand = tuple[Colour, ...]


@clause("components.stones")
def stones(per_colour: int) -> tuple[Colour, ...]:
    """The game's stones: ``per_colour`` of each of the four colours (ten in the published game)."""
    return tuple(colour for colour in range(COLOURS) for _ in range(per_colour))


@clause("components.stones")
def kinds(held: Iterable[Colour]) -> tuple[Colour, ...]:
    """The choices a set of stones offers: stones of one colour are alike, so each colour once."""
    return tuple(sorted(set(held)))


@clause("players.count")
def check_players(players: int) -> None:
    """Refuse a number of players other than 2, 3 or 4."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(
            f"Army of Frogs is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}", "players.count"
        )


@clause("players.colours")
def colour_of(seat: int, players: int) -> Colour:
    """Seat s plays colour s, for the whole game."""
    return seat


@clause("setup.bag")
def fill_bag(all_stones: Sequence[Colour], players: int) -> tuple[Colour, ...]:
    """The bag's contents, sorted: the stones of the colours in play, 0 to n-1."""
    return tuple(sorted(colour for colour in all_stones if colour < players))


@clause("setup.shuffle")
def shuffle(pool: Sequence[Colour], rng: random.Random) -> tuple[Colour, ...]:
    """The mixed bag: a uniformly random order of its stones (every order of the stones equally
    likely, so a sequence of colours has probability (k!)^n / (kn)! with k stones of each colour)."""
    order = list(pool)
    rng.shuffle(order)
    return tuple(order)


@clause("setup.hands")
def deal(order: Sequence[Colour], players: int) -> tuple[tuple[Hand, ...], tuple[Colour, ...]]:
    """Seat s's hand is the stones at positions 2s and 2s+1 of the order (kept sorted: a hand is a
    multiset); the bag is the rest, in order."""
    hands = tuple(tuple(sorted(order[2 * seat : 2 * seat + 2])) for seat in range(players))
    return hands, tuple(order[2 * players :])


@clause("board.hex-grid")
def directions() -> tuple[Cell, ...]:
    """The six directions of the axial grid, in the order E, NE, NW, W, SW, SE: a cell's neighbours
    are the cell plus each of them."""
    return ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
