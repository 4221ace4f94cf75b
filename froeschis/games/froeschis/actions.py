"""Actions: the decisions players take, and the chance outcomes (shuffled card orders).

Only real decisions are actions; everything forced (placing a number, revealing, discarding a dead
card) happens inside one ``apply``. Player actions have a short text form used in game records and
the protocol: ``draw``, ``take-discard``, ``frog@3``, ``swap``, ``decline-swap``.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from froeschis.framework.errors import FormatError, shown
from froeschis.games.froeschis.cards import Card, parse_card


class ActionKind(enum.IntEnum):
    """The kinds of player decision, in the order legal actions are sorted."""

    DRAW = 0
    TAKE_DISCARD = 1
    FROG = 2
    SWAP = 3
    DECLINE_SWAP = 4


_NAMES = {
    ActionKind.DRAW: "draw",
    ActionKind.TAKE_DISCARD: "take-discard",
    ActionKind.FROG: "frog",
    ActionKind.SWAP: "swap",
    ActionKind.DECLINE_SWAP: "decline-swap",
}
_KINDS = {name: kind for kind, name in _NAMES.items()}


@attrs.frozen(order=True, repr=False)
class Action:
    """A player's decision. ``spot`` (1-based) is used by :attr:`ActionKind.FROG` only."""

    kind: ActionKind = attrs.field()
    spot: int = attrs.field(default=0)

    @kind.validator
    def _known_kind(self, _: attrs.Attribute[ActionKind], kind: ActionKind) -> None:
        if not isinstance(kind, ActionKind):  # an int would compare equal but fail every ``is`` test
            raise FormatError("action.kind", f"not an ActionKind: {shown(kind)}")

    @spot.validator
    def _spot_for_frogs_only(self, _: attrs.Attribute[int], spot: int) -> None:
        if not isinstance(spot, int) or isinstance(spot, bool):
            raise FormatError("action.spot", f"expected a whole number, got {shown(spot)}")
        if self.kind is ActionKind.FROG and spot < 1:
            raise FormatError("action.spot", f"frog@N names a spot from 1 up, not {shown(spot)}")
        if self.kind is not ActionKind.FROG and spot != 0:
            raise FormatError("action.spot", f"only frog@N names a spot; {self.kind.name} has {shown(spot)}")

    def __str__(self) -> str:
        name = _NAMES[self.kind]
        return f"{name}@{self.spot}" if self.kind is ActionKind.FROG else name

    def __repr__(self) -> str:
        return f"Action({self})"

    @staticmethod
    def parse(text: object, field: str = "action") -> Action:
        """The action written as ``text`` (see the module docstring)."""
        if not isinstance(text, str):
            raise FormatError(field, f"an action is a string, not {shown(text)}")
        name, at, place = text.partition("@")
        kind = _KINDS.get(name)
        if kind is None:
            raise FormatError(field, f"unknown action {shown(text)}; expected one of {sorted(_KINDS)}")
        if (kind is ActionKind.FROG) != bool(at):
            raise FormatError(field, f"{shown(text)}: 'frog@N' and only it names a spot")
        if kind is not ActionKind.FROG:
            return SIMPLE_ACTIONS[kind]
        if not (place.isascii() and place.isdigit() and not place.startswith("0") and len(place) <= 3):
            raise FormatError(field, f"{shown(text)}: the spot must be a positive whole number")
        return frog_at(int(place))


DRAW = Action(ActionKind.DRAW)
TAKE_DISCARD = Action(ActionKind.TAKE_DISCARD)
SWAP = Action(ActionKind.SWAP)
DECLINE_SWAP = Action(ActionKind.DECLINE_SWAP)
SIMPLE_ACTIONS = {a.kind: a for a in (DRAW, TAKE_DISCARD, SWAP, DECLINE_SWAP)}


_FROG_ACTIONS: dict[int, Action] = {}


def frog_at(spot: int) -> Action:
    """Place the frog in hand on this (1-based) spot (shared instance, like the other actions)."""
    found = _FROG_ACTIONS.get(spot)
    if found is None:
        found = Action(ActionKind.FROG, spot)
        if 0 < spot <= 64:  # rows are short; other spots are refused anyway, so not kept
            _FROG_ACTIONS[spot] = found
    return found


@attrs.frozen(repr=False)
class Shuffle:
    """A chance outcome: the new order of the cards being shuffled, first card first.

    At a deal it is the whole deck (rows are dealt from the front, the rest is the draw pile, top
    first); at a reshuffle it is the discard pile below its top card, becoming the draw pile.
    """

    order: tuple[Card, ...]

    def __str__(self) -> str:
        return "shuffle " + " ".join(str(c) for c in self.order)

    def __repr__(self) -> str:
        return f"Shuffle({' '.join(str(c) for c in self.order)})"

    @staticmethod
    def parse(cards: object, field: str = "shuffle") -> Shuffle:
        if not isinstance(cards, Sequence) or isinstance(cards, str):
            raise FormatError(field, f"a shuffle is a list of cards, not {shown(cards)}")
        return Shuffle(tuple(parse_card(c, f"{field}[{i}]") for i, c in enumerate(cards)))


AnyAction = Action | Shuffle
