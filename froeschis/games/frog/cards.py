"""The cards of Frog: 36 shared values, each a rank and a suit.

A card is written rank then suit (``TH``, the ten of hearts): ranks ``A T K Q J 9 8 7 6``, suits
``S H D C``. Each of the 36 cards is made once and shared (:func:`card`), so comparing two cards is
cheap and states stay small. A card's ``code`` only serves to sort (by suit, S H D C, then by rank
as written above): which card beats which is a rule, ``cards.rank``, and lives in the clause table.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable

import attrs

from froeschis.framework.errors import FormatError, shown


class Suit(enum.Enum):
    """The four suits, by their letters."""

    __hash__ = object.__hash__  # a member is equal only to itself; Enum hashes its name in Python

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    def __str__(self) -> str:
        return self.value


SUITS: tuple[Suit, ...] = tuple(Suit)
"""The suits in sorting order: S, H, D, C."""
RANKS = "ATKQJ9876"
"""The ranks, as written, in sorting order (the rank order of the published rules, cards.rank)."""
SUIT_OF_LETTER = {suit.value: suit for suit in SUITS}


@attrs.frozen(eq=False, repr=False)
class Card:
    """One card. Each of the 36 is made once and shared (:func:`card`, :data:`ALL_CARDS`), so a card
    is equal only to itself: comparing and hashing cost what they cost for any object, which the
    engine's hot paths (the legal cards, the discards) rely on. A copy or a pickle of a card is the
    shared card again (:meth:`__reduce__`).
    """

    code: int
    """Sorting position: suit index x 9 + rank index (``AS`` 0, ``6C`` 35)."""
    rank: str
    """``A``, ``T``, ``K``, ``Q``, ``J``, ``9``, ``8``, ``7`` or ``6``."""
    suit: Suit

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return card, (str(self),)

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __str__(self) -> str:
        return self.rank + self.suit.value

    def __repr__(self) -> str:
        return f"Card({self})"


ALL_CARDS: tuple[Card, ...] = tuple(
    Card(s * len(RANKS) + r, rank, suit) for s, suit in enumerate(SUITS) for r, rank in enumerate(RANKS)
)
"""The 36 cards, sorted (the published deck is these, deck.composition)."""
_BY_TEXT = {str(c): c for c in ALL_CARDS}


def card(text: str) -> Card:
    """The card written ``text`` (``"TH"``); :class:`FormatError` for anything else."""
    return parse_card(text)


def parse_card(text: object, field: str = "card") -> Card:
    """The card written ``text``, or a :class:`FormatError` naming ``field``."""
    found = _BY_TEXT.get(text) if isinstance(text, str) else None
    if found is None:
        raise FormatError(field, f"not a card: {shown(text)} (rank A T K Q J 9 8 7 6, then suit S H D C)")
    return found


def cards(text: str) -> tuple[Card, ...]:
    """The cards written in ``text``, separated by spaces (``"AS TH 7C"``), in that order."""
    return tuple(card(token) for token in text.split())


def sort_cards(held: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in sorting order (by suit, then rank as written): how hands and piles are kept."""
    return tuple(sorted(held, key=_code))


_code = operator.attrgetter("code")
"""A card's sorting position, read in C (a key function in Python cost a call per card sorted)."""


def text(held: Iterable[Card]) -> str:
    """Cards written as in :func:`cards`."""
    return " ".join(map(str, held))
