"""The parts of a game state: its phase, and a seat's row and row length.

:class:`~froeschis.games.froeschis.engine.GameState` is built from them.
"""

from __future__ import annotations

import enum

import attrs

from froeschis.games.froeschis.cards import Row

CHANCE = -1
"""``current_player`` at a chance node (a deal or a reshuffle), as in OpenSpiel."""
TERMINAL = -4
"""``current_player`` once the game is over, as in OpenSpiel."""


class Phase(enum.Enum):
    """What the state waits for."""

    DEAL = "deal"
    """Chance: the whole deck is to be shuffled and dealt (round.deal)."""
    RESHUFFLE = "reshuffle"
    """Chance: the discard pile below its top is to become the draw pile (draw.reshuffle)."""
    DRAW = "draw"
    """The player to move takes a card (turn.draw-source)."""
    FROG = "frog"
    """The player to move places the frog in hand (frog.place)."""
    SWAP = "swap"
    """Optional-swap variant: swap the number in hand for its frog, or discard it."""
    OVER = "over"
    """The game has ended (game.end)."""


@attrs.frozen
class Player:
    """A seat's row and its row length this round (the row is empty until the round is dealt)."""

    length: int
    """How many spots the seat's row has this round: ``rules.row_length`` in round 1
    (row.initial-length), one fewer after each round that ended with the row complete
    (round.next-lengths)."""
    row: Row
    """The seat's row, spot 1 first; empty from the end of a round until the next deal."""
