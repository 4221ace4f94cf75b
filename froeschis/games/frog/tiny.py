"""Tiny configurations of Frog: short decks whose whole game tree an exhaustive walk can visit.

A deck of 3 x h + 3 different cards deals hands of h and a widow of 3 (deal.hand-size), in the
packets of deal.packets cut short; a match of one deal. The smallest, ``one-card``, has a game
tree small enough to count by hand (``tests/test_frog_explore.py`` does): 3 first dealers x 720
orders of its 6 cards x 44 ways through the auction and the exchange or trump call (the single
trick is forced) = 95,040 paths.
"""

from __future__ import annotations

import attrs

from froeschis.games.frog.cards import cards
from froeschis.games.frog.rules import Rules


@attrs.frozen
class TinyConfig:
    """A named tiny game: its rules (a short deck, one deal) for three players."""

    name: str
    rules: Rules
    players: int = 3


ONE_CARD = cards("AS TH KH QD JC 9C")
"""Six cards: hands of one, the widow of three; two hearts, so trumps can win the trick."""
TWO_CARDS = cards("AS TS AH 9H KD 7D QC JC 6C")
"""Nine cards: hands of two, so following suit and trumping when void come into play."""

TINY: tuple[TinyConfig, ...] = (
    TinyConfig("one-card", Rules(deck=ONE_CARD, deals=1)),
    TinyConfig("one-card-one-bid-each", Rules(deck=ONE_CARD, deals=1, one_bid_each=True)),
    TinyConfig("one-card-optional-exchange", Rules(deck=ONE_CARD, deals=1, optional_frog_exchange=True)),
    TinyConfig("one-card-chico-hearts", Rules(deck=ONE_CARD, deals=1, chico_may_name_hearts=True)),
    TinyConfig("one-card-grand-four", Rules(deck=ONE_CARD, deals=1, grand_pays_four=True)),
    TinyConfig("one-card-two-deals", Rules(deck=ONE_CARD, deals=2)),
    TinyConfig("one-card-two-deals-same-dealer", Rules(deck=ONE_CARD, deals=2, all_pass_same_dealer=True)),
    TinyConfig("one-card-target", Rules(deck=ONE_CARD, end_at_target_score=True, target_score=151)),
    TinyConfig("two-cards", Rules(deck=TWO_CARDS, deals=1)),
)
"""The tiny configurations, smallest first; each variant is switched on in at least one."""
