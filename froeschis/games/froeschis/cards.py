"""Cards, spots and rows: the pieces of the game, as frozen values.

A card is a number (1 and up), a frog or trash. There are only a few distinct cards and spots, so
each is created once and shared (:func:`number`, :data:`FROG`, :data:`TRASH`, :func:`spot`); that
keeps states small and comparisons cheap without giving up value semantics.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from froeschis.framework.errors import FormatError, shown

FROG_CODE = 0
TRASH_CODE = -1
MAX_NUMBER = 999
"""The highest number a card may carry: the text form has at most three digits (:func:`parse_card`)."""


def _whole(value: object) -> bool:
    """An int that is not a bool (``True`` is an int to Python, not a number to the rules)."""
    return isinstance(value, int) and not isinstance(value, bool)


@attrs.frozen(repr=False, eq=False)
class Card:
    """A card, by its code: the number itself for number cards, 0 for a frog, -1 for trash.

    Cards order as trash < frog < 1 < 2 < ...; the order only serves to sort, it has no rule meaning.
    What kind of card it is, is worked out once when the card is made (cards are shared, see
    :func:`number`): the rules ask it of every card a player handles.
    """

    code: int = attrs.field()
    is_frog: bool = attrs.field(
        init=False, default=attrs.Factory(lambda c: c.code == FROG_CODE, takes_self=True)
    )
    is_trash: bool = attrs.field(
        init=False, default=attrs.Factory(lambda c: c.code == TRASH_CODE, takes_self=True)
    )
    # The kinds are worked out before the validator runs (attrs validates last), so for any code.
    is_number: bool = attrs.field(
        init=False, default=attrs.Factory(lambda c: _whole(c.code) and c.code > 0, takes_self=True)
    )
    number: int = attrs.field(
        init=False, default=attrs.Factory(lambda c: c.code if c.is_number else 0, takes_self=True)
    )
    """The card's number; 0 for a frog or trash."""

    @code.validator
    def _known_code(self, _: attrs.Attribute[int], code: int) -> None:
        if not (_whole(code) and TRASH_CODE <= code <= MAX_NUMBER):
            raise FormatError(
                "card", f"not a card code: {shown(code)} (-1 trash, 0 frog, 1 to {MAX_NUMBER} a number)"
            )

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and self.code == other.code)

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __str__(self) -> str:
        return "F" if self.is_frog else "T" if self.is_trash else str(self.code)

    def __repr__(self) -> str:
        return f"Card({self})"


FROG = Card(FROG_CODE)
TRASH = Card(TRASH_CODE)


_number = functools.cache(Card)


def number(n: int) -> Card:
    """The number card ``n`` (shared instance)."""
    if not (_whole(n) and 1 <= n <= MAX_NUMBER):  # before the cache, where True would find 1
        raise FormatError("card", f"not a number card: {shown(n)} (numbers are 1 to {MAX_NUMBER})")
    return _number(n)


def parse_card(text: object, field: str = "card") -> Card:
    """A card from its text form: ``"1"``... for numbers, ``"F"`` for a frog, ``"T"`` for trash."""
    if text == "F":
        return FROG
    if text == "T":
        return TRASH
    if (
        isinstance(text, str)
        and text.isascii()
        and text.isdigit()
        and not text.startswith("0")
        and len(text) <= len(str(MAX_NUMBER))
    ):
        return number(int(text))
    raise FormatError(field, f"not a card: {shown(text)} (expected '1', '2', ..., 'F' or 'T')")


def _check_spot(card: object, face_up: object) -> None:
    if not isinstance(card, Card):
        raise FormatError("spot.card", f"not a Card: {shown(card)}")
    if not isinstance(face_up, bool):
        raise FormatError("spot.face_up", f"True or False, not {shown(face_up)}")


@attrs.frozen(repr=False)
class Spot:
    """One place in a row: the card lying there and whether it shows face up."""

    card: Card
    face_up: bool = attrs.field()

    @face_up.validator
    def _check(self, _: attrs.Attribute[bool], face_up: bool) -> None:
        """Both fields: :func:`spot` makes the same check before it looks for a shared spot."""
        _check_spot(self.card, face_up)

    def __str__(self) -> str:
        """``"3"`` face up, ``"[3]"`` face down: the form used in JSON, tests and logs."""
        return f"{self.card}" if self.face_up else f"[{self.card}]"

    __repr__ = __str__


def parse_spot(text: object, field: str = "spot") -> Spot:
    """A spot from its text form (see :meth:`Spot.__str__`)."""
    if isinstance(text, str) and text.startswith("[") and text.endswith("]"):
        return spot(parse_card(text[1:-1], field), False)
    return spot(parse_card(text, field), True)


_FACE_UP: dict[int, Spot] = {}
_FACE_DOWN: dict[int, Spot] = {}


def spot(card: Card, face_up: bool) -> Spot:
    """The spot holding ``card`` face up or down (shared instance).

    Keyed by the card's code: hashing ints is done in C, hashing a Card calls Python code, and
    every placement and deal asks for a spot.
    """
    _check_spot(card, face_up)  # before the look-up, where 1 would find the face-up spots
    shared = _FACE_UP if face_up else _FACE_DOWN
    found = shared.get(card.code)
    if found is None:
        found = shared[card.code] = Spot(card, face_up)
    return found


def face_down(cards: Sequence[Card]) -> list[Spot]:
    """The shared face-down spot of each card, in order (a whole deck at every deal).

    Looked up by code (hashing an int is done in C); :func:`spot` makes the spots of kinds of card
    not seen before.
    """
    down = _FACE_DOWN
    try:
        return [down[card.code] for card in cards]
    except KeyError:  # a kind of card not dealt before
        return [spot(card, False) for card in cards]


@attrs.frozen
class Row:
    """A player's row; ``spots[0]`` is spot 1."""

    spots: tuple[Spot, ...]

    def __len__(self) -> int:
        return len(self.spots)

    def at(self, spot_number: int) -> Spot:
        """The spot with this 1-based number (ValueError outside the row: no silent wrap-around)."""
        if not 0 < spot_number <= len(self.spots):
            raise ValueError(f"no spot {spot_number} in a row of {len(self.spots)}")
        return self.spots[spot_number - 1]

    def face_down_spots(self) -> tuple[int, ...]:
        """The 1-based numbers of the face-down spots, ascending."""
        return tuple([i for i, s in enumerate(self.spots, 1) if not s.face_up])

    def replace(self, spot_number: int, card: Card) -> Row:
        """This row with ``card`` face up on the given spot."""
        spots = self.spots
        if not 0 < spot_number <= len(spots):
            raise ValueError(f"no spot {spot_number} in a row of {len(spots)}")
        changed = list(spots)
        changed[spot_number - 1] = _FACE_UP.get(card.code) or spot(card, True)
        return Row(tuple(changed))

    def __str__(self) -> str:
        return " ".join(str(s.card) if s.face_up else "?" for s in self.spots)


EMPTY_ROW = Row(())
