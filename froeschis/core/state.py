"""The game state: a frozen value; every action gives a new one and leaves the old one as it was."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from froeschis.core.cards import Card, Row
from froeschis.core.rules import Rules

if TYPE_CHECKING:
    from froeschis.core.actions import Action, AnyAction
    from froeschis.core.events import Event

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
    row: Row


@attrs.frozen
class GameState:
    """Everything about a game at one moment.

    Piles list their top card first. ``turn`` is the seat whose turn it is (at a deal, the seat
    that will start the round). ``first_completer`` is the seat that completed first this round:
    the final turns run until the turn would come back to it. Between rounds (phase ``DEAL``) all
    cards are gathered, sorted, in ``draw_pile``, so every state holds every card exactly once.
    """

    rules: Rules
    phase: Phase
    round: int
    turn: int
    players: tuple[Player, ...]
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...] = ()
    hand: Card | None = None
    first_completer: int | None = None
    winners: tuple[int, ...] = ()

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def current_player(self) -> int:
        """The seat to decide, or :data:`CHANCE`, or :data:`TERMINAL`."""
        if self.phase is Phase.OVER:
            return TERMINAL
        if self.phase is Phase.DEAL or self.phase is Phase.RESHUFFLE:
            return CHANCE
        return self.turn

    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def is_chance(self) -> bool:
        return self.phase is Phase.DEAL or self.phase is Phase.RESHUFFLE

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions open to the current player, sorted; empty at chance and terminal nodes."""
        return _engine.legal_actions(self)

    def chance_pool(self) -> tuple[Card, ...]:
        """At a chance node, the cards to be shuffled; any order of them is a legal outcome."""
        return _engine.chance_pool(self)

    def apply(self, action: AnyAction) -> GameState:
        """The state after ``action``; raises :class:`~froeschis.core.errors.IllegalActionError`."""
        return _engine.apply(self, action)

    def step(self, action: AnyAction) -> tuple[GameState, tuple[Event, ...]]:
        """Like :meth:`apply`, also returning the events the action caused."""
        return _engine.step(self, action)

    def returns(self) -> tuple[float, ...]:
        """Each seat's return: 1 for a winner, 0 otherwise (all 0 before the end)."""
        return _clauses.returns(self.num_players, self.winners)

    def row(self, seat: int) -> Row:
        return self.players[seat].row

    def __str__(self) -> str:
        from froeschis.present.render import render_text

        return render_text(self)

    def _repr_svg_(self) -> str:
        """The table as an SVG picture (:func:`froeschis.present.svg.game_state`): Jupyter shows it."""
        from froeschis.present.svg import game_state

        return game_state(self)


# Imported last: the engine imports this module for GameState, and the methods above call into it.
# A module reference bound once is much cheaper than an import statement run on every call.
from froeschis.core import clauses as _clauses  # noqa: E402
from froeschis.core import engine as _engine  # noqa: E402
