"""The rules options: which variants, and the deck and row length (custom ones for tiny test games).

A :class:`Rules` value carries its clause table (:attr:`Rules.table`): the published table with the
entries of the chosen variants replaced. The engine finds every clause there.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from froeschis.framework.errors import FormatError, RulesError, shown
from froeschis.framework.rules import is_bool, published_deck, readings_tuple, whole_number
from froeschis.games.froeschis.cards import FROG, Card
from froeschis.games.froeschis.readings import TABLES
from froeschis.games.froeschis.table import ClauseTable, Reading

_code = operator.attrgetter("code")


def _sorted_deck(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards sorted by code (trash, frogs, then the numbers), as the deck is kept."""
    return tuple(sorted(cards, key=_code))


def _deck(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The deck checked and sorted (a converter, not a validator: the clause table is made from the
    fields before attrs runs validators, and sorting needs cards)."""
    if not isinstance(cards, Sequence) or isinstance(cards, str | bytes):
        raise FormatError("rules.deck", f"expected a sequence of Card, got {type(cards).__name__}")
    if not all(issubclass(kind, Card) for kind in set(map(type, cards))):  # fast: each game makes rules
        i, card = next((i, card) for i, card in enumerate(cards) if not isinstance(card, Card))
        raise FormatError(f"rules.deck[{i}]", f"not a Card: {shown(card)}")
    return _sorted_deck(cards)


standard_deck = published_deck(TABLES, _sorted_deck)
"""The deck of the published game (deck.composition), sorted."""


@attrs.frozen(cache_hash=True)
class Rules:
    """Which reading of the rules to play, and with what cards.

    Its hash is computed once (every state hashes its rules, and exhaustive walks hash millions of
    states).

    The defaults are the published game; each flag selects a ``variant`` clause of the catalogue
    (:data:`froeschis.games.froeschis.readings.VARIANTS`). ``deck`` and ``row_length`` exist so that tiny
    games (a
    few cards, short rows) can be explored exhaustively; :func:`check_setup` refuses a combination
    that cannot be played.
    """

    discard_only_if_placeable: bool = attrs.field(default=False, validator=is_bool)
    """variant.discard-if-placeable: the discard may be taken only when it can be placed."""
    optional_frog_swap: bool = attrs.field(default=False, validator=is_bool)
    """variant.optional-frog-swap: the player may discard a number instead of swapping its frog."""
    reveal_at_round_end: bool = attrs.field(default=False, validator=is_bool)
    """variant.reveal-at-round-end: rows that turn out sorted at the round's end count as complete."""
    deck: tuple[Card, ...] = attrs.field(factory=standard_deck, converter=_deck)
    """The cards in play (any sequence, in any order; kept sorted)."""
    row_length: int = attrs.field(default=8, validator=whole_number())
    """The row length of every player in the first round."""
    readings: tuple[Reading, ...] = attrs.field(default=(), converter=readings_tuple)
    """Readings of clauses beyond the variants (:class:`~froeschis.games.froeschis.table.Reading`): how an
    engine
    that reads a clause differently would play. Empty for the published game and its variants; rules
    with readings have no JSON form."""
    table: ClauseTable = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(TABLES.table_of, takes_self=True)
    )
    """The clause table these rules are played by (derived from the options)."""

    def deck_counts(self) -> Counter[Card]:
        return Counter(self.deck)

    def is_standard(self) -> bool:
        """The published deck and row length (the variants may differ)."""
        return self.row_length == 8 and self.deck == standard_deck()


with_variants = TABLES.with_variants
"""``rules`` with the named variant options switched on."""


def check_setup(rules: Rules, players: int) -> None:
    """Refuse rules that cannot be played with this many players.

    Beyond the player count (players.count), a custom deck must fill every row and still leave the
    spare cards of round.deal (two) for the piles: then the player about to draw always finds a card
    (draw.reshuffle keeps one on the discard pile and needs one more to form a draw pile), so no turn
    can get stuck. And a row must be completable: the spots whose number the deck lacks need a frog
    each, or no round could end. These are limits of custom decks, not rules of the game: the
    published deck meets them.
    """
    table = rules.table
    table.check_players(players)
    if rules.row_length < 1:
        raise RulesError(
            f"row length must be at least 1, not {shown(rules.row_length)}", "row.initial-length"
        )
    needed = rules.row_length * players + table.spare_cards()
    if len(rules.deck) < needed:
        raise RulesError(
            f"a deck of {len(rules.deck)} cards is too small for {players} rows of "
            f"{shown(rules.row_length)}: at least {shown(needed)} are needed",
            table.clause_of("spare_cards"),
        )
    codes = Counter([card.code for card in rules.deck])
    missing = [n for n in range(1, rules.row_length + 1) if not codes[n]]
    if len(missing) > codes[FROG.code]:
        raise RulesError(
            f"no row of {rules.row_length} could ever be completed: the deck has no {missing} "
            f"and only {codes[FROG.code]} frogs",
            "complete.no-face-down",
        )
