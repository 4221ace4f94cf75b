"""The rules options of Frog: which variants, how a match ends, and the deck (short decks make the
tiny games that exhaustive walks explore).

A :class:`Rules` value carries its clause table (:attr:`Rules.table`): the published table with the
chosen variants' entries replaced, and its ``readings`` (misreadings, for the mutation check and
the conformance kit) applied on top.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from froeschis.framework.errors import FormatError, shown
from froeschis.framework.rules import is_bool, published_deck, readings_tuple, whole_number
from froeschis.framework.table import Reading
from froeschis.games.frog.cards import Card, sort_cards
from froeschis.games.frog.readings import TABLES
from froeschis.games.frog.table import FrogTable


def _checked(held: Iterable[Card]) -> tuple[Card, ...]:
    """The deck checked and sorted."""
    if not isinstance(held, Sequence) or isinstance(held, str | bytes):
        raise FormatError("rules.deck", f"expected a sequence of cards, got {type(held).__name__}")
    for i, c in enumerate(held):
        if not isinstance(c, Card):
            raise FormatError(f"rules.deck[{i}]", f"not a card: {shown(c)}")
    if len(set(held)) != len(held):
        raise FormatError("rules.deck", "every card of a deck is a different card (it is part of one pack)")
    return sort_cards(held)


standard_deck = published_deck(TABLES, _checked)
"""The published deck (deck.composition), checked and sorted once (per reading of the clause)."""


def _deck(held: Sequence[Card]) -> tuple[Card, ...]:
    """The deck checked and sorted (a converter: the table is made from the fields before attrs runs
    validators); the published deck, the default, as it is: checked and sorted when it was made
    (every new match of the default rules makes its rules)."""
    if held is standard_deck():
        return held
    return _checked(held)


@attrs.frozen(cache_hash=True)
class Rules:
    """Which reading of the rules to play, how long a match is, and with what cards.

    The defaults are the published game; each flag selects a ``variant`` clause of the catalogue
    (:data:`froeschis.games.frog.readings.VARIANTS`). Its hash is computed once: every state hashes
    its rules, and exhaustive walks hash many states.
    """

    one_bid_each: bool = attrs.field(default=False, validator=is_bool)
    """variant.one-bid-each: every seat calls once."""
    all_pass_same_dealer: bool = attrs.field(default=False, validator=is_bool)
    """variant.all-pass-same-dealer: a passed-out deal is dealt again by the same dealer."""
    chico_may_name_hearts: bool = attrs.field(default=False, validator=is_bool)
    """variant.chico-hearts: chico may be played in hearts."""
    optional_frog_exchange: bool = attrs.field(default=False, validator=is_bool)
    """variant.optional-exchange: the frog bidder may leave the widow."""
    grand_pays_four: bool = attrs.field(default=False, validator=is_bool)
    """variant.grand-four: grand's stake is 4."""
    end_at_target_score: bool = attrs.field(default=False, validator=is_bool)
    """variant.target-score: the match ends when a score reaches ``target_score``."""
    deals: int = attrs.field(default=3, validator=whole_number(1))
    """match.end: the number of deals of a match (without ``end_at_target_score``)."""
    target_score: int = attrs.field(default=300, validator=whole_number(1))
    """variant.target-score: the score that ends the match (with ``end_at_target_score``)."""
    deck: tuple[Card, ...] = attrs.field(factory=standard_deck, converter=_deck)
    """The cards in play: the 36 of the published game, or fewer different ones for a tiny game
    (3 x hand size + 3 of them, deal.hand-size); kept sorted."""
    readings: tuple[Reading, ...] = attrs.field(default=(), converter=readings_tuple)
    """Readings of clauses beyond the variants: how an engine that reads a clause differently
    would play. Empty for the published game and its variants; rules with readings have no JSON
    form."""
    table: FrogTable = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(TABLES.table_of, takes_self=True)
    )
    """The clause table these rules are played by (derived from the options)."""

    def is_standard(self) -> bool:
        """Whether the deck is the published one (the variants and the match's length may differ)."""
        return self.deck == standard_deck()
