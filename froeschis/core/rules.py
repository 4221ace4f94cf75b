"""The rules options: the variants, and the deck and row length (custom ones for tiny test games)."""

from __future__ import annotations

from collections import Counter

import attrs

from froeschis.core.cards import Card
from froeschis.core.clauses import standard_deck


def _sorted_deck(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


STANDARD_DECK = _sorted_deck(standard_deck())


@attrs.frozen
class Rules:
    """Which reading of the rules to play, and with what cards.

    The defaults are the published game; each flag selects a ``variant`` clause of the catalogue.
    ``deck`` and ``row_length`` exist so that tiny games (a few cards, short rows) can be explored
    exhaustively; :func:`froeschis.core.clauses.check_setup` refuses a combination that cannot be played.
    """

    discard_only_if_placeable: bool = False
    """variant.discard-if-placeable: the discard may be taken only when it can be placed."""
    optional_frog_swap: bool = False
    """variant.optional-frog-swap: the player may discard a number instead of swapping its frog."""
    reveal_at_round_end: bool = False
    """variant.reveal-at-round-end: rows that turn out sorted at the round's end count as complete."""
    deck: tuple[Card, ...] = attrs.field(default=STANDARD_DECK, converter=_sorted_deck)
    """The cards in play (any order; kept sorted)."""
    row_length: int = 8
    """The row length of every player in the first round."""

    def deck_counts(self) -> Counter[Card]:
        return Counter(self.deck)

    def is_standard(self) -> bool:
        return self.deck == STANDARD_DECK and self.row_length == 8


VARIANT_OPTIONS = ("discard_only_if_placeable", "optional_frog_swap", "reveal_at_round_end")


def with_variants(rules: Rules, *names: str) -> Rules:
    """``rules`` with the named variant options switched on."""
    unknown = sorted(set(names) - set(VARIANT_OPTIONS))
    if unknown:
        raise ValueError(f"unknown variant options {unknown}; expected some of {VARIANT_OPTIONS}")
    return attrs.evolve(
        rules,
        discard_only_if_placeable=rules.discard_only_if_placeable or "discard_only_if_placeable" in names,
        optional_frog_swap=rules.optional_frog_swap or "optional_frog_swap" in names,
        reveal_at_round_end=rules.reveal_at_round_end or "reveal_at_round_end" in names,
    )
