"""Bots that play Frog from what their seat sees (:func:`~froeschis.games.frog.observation.observe`).

* ``random``: any legal action, uniformly.
* ``heuristic``: bids by the strength of its hand in each contract, lays away the cards that bank
  the most points, names its strongest suit, and plays sensibly: it leads masters and aces, wins a
  trick its side does not hold as cheaply as it can, throws points onto a trick its side holds,
  and otherwise plays its least valuable card.

Each is made for a rules value (it knows the rules, as a player does: the ranking and the points of
the cards come from the rules' clause table) and decides from the seat's view alone.

Measured over 500 seeded matches of three deals (seeds 10000-10499, ``tests/games/frog/test_frog_bots.py``'s
``match``), the first seat's share of the matches it wins (ties shared count as wins) with a 95%
Wilson interval, and its mean return:

=====================================  ====================  ==============
seats 0, 1, 2                          seat 0 wins           mean return
=====================================  ====================  ==============
heuristic, random, random              79.2% (75.4-82.5%)    +144.7 ± 9.8
random, random, random                 35.8% (31.7-40.1%)    -13.3 ± 15.3
random, heuristic, heuristic           3.0% (1.8-4.9%)       -209.2 ± 11.7
heuristic, heuristic, heuristic        34.2% (30.2-38.5%)    -0.5 ± 7.5
=====================================  ====================  ==============
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from froeschis.framework.game import Policy
from froeschis.games.frog.actions import (
    PLAYS,
    Bid,
    Decision,
    Discard,
    NameTrump,
    Play,
    WidowChoice,
    parse_decision,
)
from froeschis.games.frog.cards import SUIT_OF_LETTER, Card, Suit, parse_card
from froeschis.games.frog.engine import FrogState
from froeschis.games.frog.observation import observe
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.state import Contract

View = Mapping[str, Any]

_TRUMP_VALUE = {"A": 18, "T": 14, "K": 10, "Q": 8, "J": 7}
_BONUS = {Contract.FROG: 6, Contract.CHICO: 0, Contract.GRAND: -2}
"""What a contract adds to a hand's strength: frog's exchange improves the hand; in grand and chico
the widow's points count but cannot be chosen."""
_NEEDED = {Contract.FROG: 45, Contract.CHICO: 60, Contract.GRAND: 57}
"""The strength a hand needs for each bid (tuned so that the bids are won more often than lost)."""


def _view(state: FrogState) -> View:
    return observe(state, state.current_player)


def _legal(view: View) -> list[Decision]:
    return [parse_decision(text) for text in view["legal"]]


def random_bot(rules: Rules) -> Policy:
    """Any legal action, uniformly at random."""

    def policy(state: FrogState, rng: random.Random) -> Decision:
        return rng.choice(_legal(_view(state)))

    return policy


def strength(held: Sequence[Card], trump: Suit) -> int:
    """How many card points a hand may take with ``trump`` trumps: its trumps by rank and length,
    its side aces, and the tens an ace guards."""
    total = 0
    trumps = [c for c in held if c.suit is trump]
    total += sum(_TRUMP_VALUE.get(c.rank, 5) for c in trumps) + 5 * max(0, len(trumps) - 4)
    for suit in Suit:
        if suit is trump:
            continue
        side = {c.rank for c in held if c.suit is suit}
        total += 11 if "A" in side else 0
        total += 7 if {"A", "T"} <= side else 0
        total += 4 if not side and len(trumps) >= 3 else 0
    return total


def _cards(texts: Sequence[str] | None) -> list[Card]:
    return [parse_card(t) for t in texts or ()]


class Heuristic:
    """The rule-based player; one object per rules value, no state between decisions."""

    def __init__(self, rules: Rules) -> None:
        self.table = rules.table
        self.deck = rules.deck

    def unseen(self, hand: Sequence[Card], played: set[Card]) -> list[Card]:
        """The cards another seat may hold (or the widow, or the discards): the deck less this
        hand and the cards played."""
        mine = set(hand)
        return [c for c in self.deck if c not in mine and c not in played]

    def __call__(self, state: FrogState, rng: random.Random) -> Decision:
        view = _view(state)
        legal = _legal(view)
        hand = _cards(view["hands"][view["seat"]])
        first = legal[0]
        if isinstance(first, Bid):
            return self.bid(hand, legal)
        if isinstance(first, Discard):
            return self.discard(hand, legal)
        if isinstance(first, NameTrump):
            return max(legal, key=lambda a: strength(hand, a.suit) if isinstance(a, NameTrump) else 0)
        if isinstance(first, WidowChoice):
            return next(a for a in legal if isinstance(a, WidowChoice) and a.take)
        return self.play(view, hand, legal)

    def value(self, hand: Sequence[Card], contract: Contract, suits: Sequence[Suit]) -> int:
        hearts = SUIT_OF_LETTER["H"]
        if contract is Contract.CHICO:
            return max((strength(hand, s) for s in suits), default=0) + _BONUS[contract]
        return strength(hand, hearts) + _BONUS[contract]

    def bid(self, hand: Sequence[Card], legal: Sequence[Decision]) -> Decision:
        """The highest contract open whose value reaches what it needs; else a pass (first)."""
        suits = self.table.trump_choices()
        strong = [
            action
            for action in legal
            if isinstance(action, Bid)
            and action.contract is not None
            and self.value(hand, action.contract, suits) >= _NEEDED[action.contract]
        ]
        return strong[-1] if strong else legal[0]

    def discard(self, hand: Sequence[Card], legal: Sequence[Decision]) -> Decision:
        """The cards whose absence leaves the strongest hand, counting the points they bank."""
        hearts = SUIT_OF_LETTER["H"]

        def worth(action: Decision) -> int:
            laid = set(action.cards) if isinstance(action, Discard) else set()
            kept = [c for c in hand if c not in laid]
            return strength(kept, hearts) + sum(self.table.points_of(c) for c in laid)

        return max(legal, key=worth)

    def play(self, view: View, hand: Sequence[Card], legal: Sequence[Decision]) -> Decision:
        table = self.table
        cards = [a.card for a in legal if isinstance(a, Play)]
        trump = SUIT_OF_LETTER.get(view["trump"]) if view["trump"] else None
        seat, bidder = view["seat"], view["bidder"]
        plays = [(s, parse_card(c)) for s, c in view["trick"]]
        played = {parse_card(c) for t in view["tricks"] for _, c in t["plays"]} | {c for _, c in plays}
        if not plays:
            return self._lead(cards, hand, played, trump, seat == bidder)
        on_table = [c for _, c in plays]
        holder = plays[table.trick_winner(table, tuple(on_table), trump)][0]
        ours = (holder == seat) or (seat != bidder and holder != bidder)
        if ours:
            return PLAYS[max(cards, key=lambda c: (table.points_of(c), -table.rank_of(c)))]
        winning = [c for c in cards if table.trick_winner(table, (*on_table, c), trump) == len(on_table)]
        if winning:
            return PLAYS[min(winning, key=lambda c: (c.suit is trump, table.rank_of(c)))]
        return PLAYS[min(cards, key=lambda c: (table.points_of(c), table.rank_of(c)))]

    def _lead(
        self, cards: list[Card], hand: Sequence[Card], played: set[Card], trump: Suit | None, bidder: bool
    ) -> Decision:
        table = self.table

        def master(c: Card) -> bool:
            return all(
                table.rank_of(o) < table.rank_of(c) for o in self.unseen(hand, played) if o.suit is c.suit
            )

        trumps = [c for c in cards if c.suit is trump]
        if bidder and trumps and any(o.suit is trump for o in self.unseen(hand, played)):
            top = max(trumps, key=table.rank_of)
            if master(top):
                return PLAYS[top]
        masters = [c for c in cards if c.suit is not trump and master(c)]
        if masters:
            return PLAYS[max(masters, key=table.points_of)]
        side = [c for c in cards if c.suit is not trump] or cards
        return PLAYS[min(side, key=lambda c: (table.points_of(c), table.rank_of(c)))]


BOTS: dict[str, Callable[[Rules], Policy]] = {"random": random_bot, "heuristic": Heuristic}
"""The bots by name, each a factory of a policy for a rules value."""
