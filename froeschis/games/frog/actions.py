"""Actions: the players' decisions and the chance outcomes, with their text forms.

Decisions are written ``pass``, ``frog``, ``chico``, ``grand`` (calls), ``take-widow`` and
``leave-widow`` (variant.optional-exchange), ``discard 9C 8D 7S`` (the cards laid away, in sorting
order), ``trump S`` and ``play AS``. Chance outcomes are :class:`DrawDealer` (the first dealer) and
:class:`Shuffle` (an order of the deck). Every decision value is shared where there are few of them
(calls, plays), so the engine compares by identity in its hot paths.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from froeschis.framework.errors import FormatError, shown
from froeschis.games.frog.cards import ALL_CARDS, SUIT_OF_LETTER, Card, Suit, parse_card, sort_cards
from froeschis.games.frog.state import Contract


@attrs.frozen(repr=False)
class Bid:
    """A call of the auction: ``contract`` bid, or None for a pass."""

    contract: Contract | None

    def __str__(self) -> str:
        return "pass" if self.contract is None else self.contract.value

    def __repr__(self) -> str:
        return f"Bid({self})"


@attrs.frozen(repr=False)
class WidowChoice:
    """variant.optional-exchange: the frog bidder takes the widow into hand, or leaves it."""

    take: bool

    def __str__(self) -> str:
        return "take-widow" if self.take else "leave-widow"

    def __repr__(self) -> str:
        return f"WidowChoice({self})"


def _sorted(held: Sequence[Card]) -> tuple[Card, ...]:
    if not all(isinstance(c, Card) for c in held):
        raise FormatError("discard", f"a discard lays away cards, not {shown(held)}")
    return sort_cards(held)


@attrs.frozen(repr=False)
class Discard:
    """The frog bidder lays these cards away (kept in sorting order)."""

    cards: tuple[Card, ...] = attrs.field(converter=_sorted)

    def __reduce__(self) -> tuple[object, tuple[tuple[Card, ...]]]:
        """A copy or a pickle is the shared discard of these cards (:func:`discard_of_sorted`)."""
        return discard_of_sorted, (self.cards,)

    def __str__(self) -> str:
        return " ".join(["discard", *map(str, self.cards)])

    def __repr__(self) -> str:
        return f"Discard({' '.join(map(str, self.cards))})"


@attrs.frozen(repr=False)
class NameTrump:
    """The chico bidder names the trump suit."""

    suit: Suit

    def __str__(self) -> str:
        return f"trump {self.suit.value}"

    def __repr__(self) -> str:
        return f"NameTrump({self.suit.value})"


@attrs.frozen(repr=False)
class Play:
    """The seat to play plays this card to the trick."""

    card: Card

    def __reduce__(self) -> tuple[object, tuple[Card]]:
        """A copy or a pickle is the shared play of the card (:data:`PLAYS`): a state's remembered
        listing, copied or unpickled, still holds the values the engine finds by identity."""
        return _play_of, (self.card,)

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        return f"Play({self.card})"


@attrs.frozen(repr=False)
class DrawDealer:
    """A chance outcome: the seat drawn as the first dealer."""

    seat: int

    def __str__(self) -> str:
        return f"dealer {self.seat}"

    def __repr__(self) -> str:
        return f"DrawDealer({self.seat})"


@attrs.frozen(repr=False)
class Shuffle:
    """A chance outcome: the deck in the order it is dealt, first card first (deal.packets)."""

    order: tuple[Card, ...]

    def __str__(self) -> str:
        return "shuffle " + " ".join(map(str, self.order))

    def __repr__(self) -> str:
        return f"Shuffle({' '.join(map(str, self.order))})"


Decision = Bid | WidowChoice | Discard | NameTrump | Play
Chance = DrawDealer | Shuffle
Action = Decision | Chance


_DISCARDS: dict[tuple[Card, ...], Discard] = {}
"""Every discard made by :func:`discard_of_sorted`, by its cards: shared, as the calls and plays are
(the legal discards are hundreds of sets of three of a deck's cards, listed at every frog)."""


def discard_of_sorted(held: tuple[Card, ...]) -> Discard:
    """The discard of cards already in sorting order, made without sorting them again, once per set
    of cards (:data:`_DISCARDS`)."""
    made = _DISCARDS.get(held)
    if made is None:
        made = object.__new__(Discard)
        object.__setattr__(made, "cards", held)
        _DISCARDS[held] = made
    return made


PASS = Bid(None)
BIDS: dict[Contract | None, Bid] = {None: PASS, **{c: Bid(c) for c in Contract}}
"""The four calls, shared: ``BIDS[None]`` is the pass."""
TAKE_WIDOW = WidowChoice(True)
LEAVE_WIDOW = WidowChoice(False)
NAMES: dict[Suit, NameTrump] = {suit: NameTrump(suit) for suit in Suit}
PLAYS: dict[Card, Play] = {c: Play(c) for c in ALL_CARDS}
"""Playing each card, shared."""


def _play_of(played: Card) -> Play:
    return PLAYS[played]


_WORDS: dict[str, Decision] = {str(b): b for b in BIDS.values()}
_WORDS.update({str(choice): choice for choice in (TAKE_WIDOW, LEAVE_WIDOW)})


def parse_decision(text: object, field: str = "action") -> Decision:
    """The decision written ``text`` (see the module docstring); :class:`FormatError` otherwise."""
    if not isinstance(text, str):
        raise FormatError(field, f"a decision is a string, not {shown(text)}")
    found = _WORDS.get(text)
    if found is not None:
        return found
    verb, _, rest = text.partition(" ")
    if verb == "play":
        return PLAYS[parse_card(rest, field)]
    if verb == "trump":
        suit = SUIT_OF_LETTER.get(rest)
        if suit is None:
            raise FormatError(field, f"{shown(text)}: 'trump' names a suit, S, H, D or C")
        return NAMES[suit]
    if verb == "discard":
        held = [parse_card(token, field) for token in rest.split(" ")] if rest else []
        if len(set(held)) != len(held):
            raise FormatError(field, f"{shown(text)}: a card is laid away at most once")
        return Discard(tuple(held))
    words = [*sorted(_WORDS), "discard CARDS", "trump SUIT", "play CARD"]
    raise FormatError(field, f"unknown decision {shown(text)}; expected one of {words}")
