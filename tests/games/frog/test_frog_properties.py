"""Clause properties of Frog: hypothesis generates the situations each clause governs, and the
expected outcome is worked out here from the clause's statement, independently of the engine."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from froeschis.games.frog.actions import BIDS, DrawDealer, Play, Shuffle
from froeschis.games.frog.cards import ALL_CARDS, SUITS, Card, Suit
from froeschis.games.frog.engine import FrogState, new_game
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.state import Contract, Phase
from tests.frog_builders import GRAND, build

RANKS = "ATKQJ9876"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
BIDS_LOW_TO_HIGH = (Contract.FROG, Contract.CHICO, Contract.GRAND)


def beats(challenger: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    """Whether ``challenger`` takes the trick from ``best`` (trick.winner, cards.rank)."""
    if challenger.suit is trump and best.suit is not trump:
        return True
    if challenger.suit is not best.suit or (challenger.suit is not trump and challenger.suit is not led):
        return False
    return RANKS.index(challenger.rank) < RANKS.index(best.rank)


@pytest.mark.clause("frog:deal.packets", "frog:deal.hand-size", "frog:deck.composition")
@given(order=st.permutations(ALL_CARDS), dealer=st.integers(0, 2))
def test_any_deal_gives_the_packets_of_the_statement(order: list[Card], dealer: int) -> None:
    state = new_game(3).apply(DrawDealer(dealer)).apply(Shuffle(tuple(order)))
    left, right = (dealer + 1) % 3, (dealer + 2) % 3
    expected = {
        left: order[0:4] + order[12:15] + order[24:28],
        right: order[4:8] + order[15:18] + order[28:32],
        dealer: order[8:12] + order[18:21] + order[32:36],
    }
    for seat, held in expected.items():
        assert set(state.hands[seat]) == set(held) and len(state.hands[seat]) == 11
    assert set(state.widow) == set(order[21:24])


@pytest.mark.clause("frog:trick.winner", "frog:cards.rank", "frog:play.clockwise", "frog:trick.next-lead")
@given(
    trick=st.lists(st.sampled_from(ALL_CARDS), min_size=3, max_size=3, unique=True),
    trump=st.sampled_from(SUITS),
)
def test_the_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led(
    trick: list[Card], trump: Suit
) -> None:
    """The last trick of a deal, so that every card is legal: each seat holds only the card it
    plays; the trick is then in the deal's record."""
    state = build([str(trick[2]), str(trick[0]), str(trick[1])], leader=1, contract=GRAND, bidder=1,
                  trump=trump, rest_to=0)  # fmt: skip
    for c in trick:
        state = state.apply(Play(c))
    best = 0
    for i in (1, 2):
        if beats(trick[i], trick[best], trick[0].suit, trump):
            best = i
    winner = (1 + best) % 3
    assert state.history[-1].tricks[-1].winner == winner


@pytest.mark.clause(
    "frog:play.follow-suit", "frog:play.trump-if-void", "frog:play.no-duty-to-win", "frog:play.lead-any"
)
@given(
    cards=st.sampled_from([3, 6, 9, 12]).flatmap(
        lambda n: st.lists(st.sampled_from(ALL_CARDS), min_size=n, max_size=n, unique=True)
    ),
    played=st.integers(0, 2),
    trump=st.sampled_from(SUITS),
)
def test_the_legal_cards_are_exactly_what_the_obligations_allow(
    cards: list[Card], played: int, trump: Suit
) -> None:
    """Seat 0 to play after ``played`` cards (by seats 1 and 2, or by seat 2 alone); the other
    cards lie in earlier tricks (their number a multiple of 3)."""
    on_table, held = cards[:played], cards[played:]
    leader = (0 - played) % 3
    trick = [((leader + i) % 3, str(c)) for i, c in enumerate(on_table)]
    state = build([" ".join(map(str, held)), "", ""], trick=trick, leader=leader, turn=0, contract=GRAND,
                  bidder=0, trump=trump, rest_to=1)  # fmt: skip
    if on_table:
        led = on_table[0].suit
        expected = [c for c in held if c.suit is led] or [c for c in held if c.suit is trump] or held
    else:
        expected = held
    assert {a.card for a in state.legal_actions() if isinstance(a, Play)} == set(expected)


@pytest.mark.clause("frog:bid.raise", "frog:bid.ranking", "frog:bid.pass-final", "frog:bid.holder-waits",
                    "frog:bid.next-turn", "frog:bid.end", "frog:bid.contract-is-bid")  # fmt: skip
@given(data=st.data(), dealer=st.integers(0, 2))
def test_every_auction_follows_the_calling_rules(data: st.DataObject, dealer: int) -> None:
    state: FrogState = new_game(3).apply(DrawDealer(dealer)).apply(Shuffle(ALL_CARDS))
    assert state.turn == (dealer + 1) % 3
    calls: list[tuple[int, Contract | None]] = []
    while state.phase is Phase.AUCTION:
        seat = state.turn
        bids = [b for _, b in calls if b is not None]
        top = max((BIDS_LOW_TO_HIGH.index(b) for b in bids), default=-1)
        holder = next((s for s, b in reversed(calls) if b is not None), None)
        assert all(not (s == seat and b is None) for s, b in calls), "a seat that passed is asked"
        assert seat != holder, "the holder of the highest bid is asked"
        assert state.legal_actions() == (BIDS[None], *[BIDS[b] for b in BIDS_LOW_TO_HIGH[top + 1 :]])
        action = data.draw(st.sampled_from(state.legal_actions()))
        calls.append((seat, action.contract))  # type: ignore[union-attr]
        state = state.apply(action)
    made = [(s, b) for s, b in calls if b is not None]
    if not made:
        assert len(calls) == 3 and state.phase is Phase.DEAL
        return
    assert (state.bidder, state.contract) == made[-1]
    out = {s for s, b in calls if b is None}
    assert made[-1][1] is Contract.GRAND or out == {0, 1, 2} - {made[-1][0]}


@pytest.mark.clause("frog:count.bidder-points", "frog:cards.points", "frog:settle.difference",
                    "frog:settle.multiplier", "frog:settle.each-opponent", "frog:score.no-floor")  # fmt: skip
@given(data=st.data(), contract=st.sampled_from(BIDS_LOW_TO_HIGH), grand_four=st.booleans())
def test_every_deal_counts_120_and_settles_by_the_difference_from_60(
    data: st.DataObject, contract: Contract, grand_four: bool
) -> None:
    rules = Rules(grand_pays_four=grand_four, deals=2)
    order = data.draw(st.permutations(ALL_CARDS))
    state = new_game(3, rules).apply(DrawDealer(0)).apply(Shuffle(tuple(order)))
    state = state.apply(BIDS[contract])  # seat 1 bids, the others pass unless it was grand
    while state.phase is Phase.AUCTION:
        state = state.apply(BIDS[None])
    while state.phase is not Phase.DEAL:
        state = state.apply(data.draw(st.sampled_from(state.legal_actions())))
    record = state.history[-1]
    points = {c: POINTS.get(c.rank, 0) for c in ALL_CARDS}
    laid_aside = record.discards if record.widow_taken else record.widow
    bidder_tricks = sum(points[c] for t in record.tricks if t.winner == 1 for c in t.cards)
    others = sum(points[c] for t in record.tricks if t.winner != 1 for c in t.cards)
    assert record.points == bidder_tricks + sum(points[c] for c in laid_aside)
    assert record.points + others == 120
    stake = {Contract.FROG: 1, Contract.CHICO: 2, Contract.GRAND: 4 if grand_four else 3}[contract]
    amount = (record.points - 60) * stake
    assert record.changes == (-amount, 2 * amount, -amount)
    assert state.scores == (150 - amount, 150 + 2 * amount, 150 - amount)
