"""Tiny configurations of Frog: short decks whose whole game tree an exhaustive walk can visit.

A deck of 3 x h + 3 different cards deals hands of h and a widow of 3 (deal.hand-size), in the
packets of deal.packets cut short; a match of one deal. The smallest, ``one-card``, has a game
tree small enough to count by hand (``tests/games/frog/test_frog_explore.py`` does): 3 first dealers x 720
orders of its 6 cards x 44 ways through the auction and the exchange or trump call (the single
trick is forced) = 95,040 paths.
"""

from __future__ import annotations

from froeschis.framework.game import Tiny
from froeschis.games.frog.cards import Card, cards
from froeschis.games.frog.rules import Rules

ONE_CARD = cards("AS TH KH QD JC 9C")
"""Six cards: hands of one, the widow of three; two hearts, so trumps can win the trick."""
TWO_CARDS = cards("AS TS AH 9H KD 7D QC JC 6C")
"""Nine cards: hands of two, so following suit and trumping when void come into play."""


def _tiny(name: str, deck: tuple[Card, ...], walk: bool = True, depth: int = 5, **options: object) -> Tiny:
    """A tiny match for three, its deck and options written out in the census."""
    rules = Rules(deck=deck, **options)  # type: ignore[arg-type]
    details = (("deck", " ".join(str(card) for card in deck)), *sorted(options.items()))
    return Tiny(name, 3, rules, details=details, perft_depth=depth, walk=walk)


TINY: tuple[Tiny, ...] = (
    _tiny("one-card", ONE_CARD, deals=1),
    _tiny("one-card-one-bid-each", ONE_CARD, deals=1, one_bid_each=True),
    _tiny("one-card-optional-exchange", ONE_CARD, deals=1, optional_frog_exchange=True),
    _tiny("one-card-chico-hearts", ONE_CARD, deals=1, chico_may_name_hearts=True),
    _tiny("one-card-grand-four", ONE_CARD, deals=1, grand_pays_four=True),
    _tiny("one-card-two-deals", ONE_CARD, walk=False, deals=2),
    _tiny("one-card-two-deals-same-dealer", ONE_CARD, walk=False, deals=2, all_pass_same_dealer=True),
    _tiny("one-card-target", ONE_CARD, walk=False, end_at_target_score=True, target_score=151),
    _tiny("two-cards", TWO_CARDS, walk=False, depth=2, deals=1),
)
"""The tiny configurations, smallest first; each variant is switched on in at least one. A match of
one deal of six cards is walked whole (about 70,000 states); two deals, or nine cards, are beyond a
walk (a deal's every state again after each of the first deal's) and are counted by perft alone."""
