"""The pieces of a Frog state besides the cards: phases, contracts, tricks and the record of a deal.

Seats are 0, 1 and 2, clockwise; :data:`NOBODY` stands where no seat is meant (no dealer drawn
yet, no bidder, nobody to act), and is ``null`` in the JSON forms.
"""

from __future__ import annotations

import enum

import attrs

from froeschis.games.frog.cards import Card, Suit

NOBODY = -1
"""No seat: before the first dealer is drawn, without a bidder, or when nobody decides."""
SEATS = 3
"""A deal has three seats (players.count)."""


class Phase(enum.Enum):
    """What a state waits for."""

    __hash__ = object.__hash__  # a member is equal only to itself; Enum hashes its name in Python

    DEALER = "dealer"
    """Chance: the first dealer is drawn (match.first-dealer)."""
    DEAL = "deal"
    """Chance: the deck is shuffled and dealt (deal.packets)."""
    AUCTION = "auction"
    """The seat ``turn`` calls: pass or a bid."""
    WIDOW = "widow"
    """variant.optional-exchange: the frog bidder takes the widow or leaves it."""
    DISCARD = "discard"
    """The frog bidder, holding the widow too, lays cards away (exchange.discard)."""
    TRUMP = "trump"
    """The chico bidder names trumps (chico.declare)."""
    PLAY = "play"
    """The seat ``turn`` plays a card to the trick."""
    OVER = "over"
    """The match is over."""


class Contract(enum.Enum):
    """The three contracts, each named by the bid of the same name (bid.ranking ranks them)."""

    __hash__ = object.__hash__  # a member is equal only to itself; Enum hashes its name in Python

    FROG = "frog"
    CHICO = "chico"
    GRAND = "grand"

    def __str__(self) -> str:
        return self.value


class Exchange(enum.Enum):
    """What a contract's bidder does with the widow (exchange.take-widow)."""

    COMPULSORY = "compulsory"
    """Takes it into hand, then lays as many cards away."""
    OPTIONAL = "optional"
    """Chooses first: take it, or leave it unseen (variant.optional-exchange)."""
    NONE = "none"
    """Leaves it face down (contract.widow-untouched)."""


class Result(enum.Enum):
    """The bidder's result of a played deal (count.result)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


Plays = tuple[tuple[int, Card], ...]
"""Cards played to a trick, each with the seat that played it, in the order they were played."""


@attrs.frozen
class Trick:
    """A completed trick: its plays (the leader's first) and the seat that won it."""

    plays: Plays
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple([c for _, c in self.plays])


Call = tuple[int, Contract | None]
"""A call of the auction: the seat, and its bid (None for a pass)."""


@attrs.frozen
class DealRecord:
    """What became of a finished deal: kept in the state for the rest of the match.

    A passed-out deal has no ``bidder`` (:data:`NOBODY`), contract, points, result or tricks, and
    ``changes`` (0, 0, 0).
    """

    dealer: int
    calls: tuple[Call, ...]
    bidder: int
    contract: Contract | None
    trump: Suit | None
    widow: tuple[Card, ...]
    """The widow as dealt."""
    widow_taken: bool
    """Whether the frog bidder took it into hand."""
    discards: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    points: int | None
    """The bidder's count (count.bidder-points)."""
    result: Result | None
    changes: tuple[int, int, int]
    """Each seat's change of score (settle.each-opponent, score.no-floor)."""

    @property
    def played(self) -> bool:
        return self.contract is not None
