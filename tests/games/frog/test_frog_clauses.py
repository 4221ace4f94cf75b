"""One or more hand-built situations per clause of Frog (``spec/frog/clauses.toml``).

Each expectation is worked out from the clause's statement (quoted or paraphrased in the
docstring), not read off the engine: the situations are small enough to follow by hand. Seats are
0, 1, 2 clockwise, a seat's left is the next number; with dealer d, d + 1 calls and leads first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from froeschis.framework.errors import IllegalActionError, RulesError
from froeschis.games.frog.actions import DrawDealer, Shuffle, parse_decision
from froeschis.games.frog.cards import ALL_CARDS, Card, Suit, card, cards
from froeschis.games.frog.chance import chance_outcomes
from froeschis.games.frog.engine import FrogState, new_game
from froeschis.games.frog.events import EventKind
from froeschis.games.frog.observation import observe
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.state import NOBODY, Contract, Phase, Result
from tests.frog_builders import CHICO, FROG, GRAND, H, S, build, hand

# Seat 0 holds nine spades and two hearts, seat 1 seven hearts and four diamonds, seat 2 the other
# diamonds and six clubs; the widow is the three lowest clubs.
HANDS = (
    "AS TS KS QS JS 9S 8S 7S 6S AH TH",
    "KH QH JH 9H 8H 7H 6H AD TD KD QD",
    "JD 9D 8D 7D 6D AC TC KC QC JC 9C",
)
WIDOW = "8C 7C 6C"


def order_dealing(hands: Sequence[str], widow: str, dealer: int) -> tuple[Card, ...]:
    """The shuffle that deals these hands (deal.packets): 4 cards to each seat from the dealer's
    left, 3 to each, the widow, 4 to each."""
    seats = [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
    left = {seat: list(cards(hands[seat])) for seat in range(3)}
    order: list[Card] = []
    for size in (4, 3):
        for seat in seats:
            order += left[seat][:size]
            del left[seat][:size]
    order += cards(widow)
    for seat in seats:
        order += left[seat]
    return tuple(order)


def dealt(
    dealer: int = 0, rules: Rules | None = None, hands: Sequence[str] = HANDS, widow: str = WIDOW
) -> FrogState:
    """A new match whose first dealer is ``dealer``, dealt these hands."""
    state = new_game(3, rules).apply(DrawDealer(dealer))
    return state.apply(Shuffle(order_dealing(hands, widow, dealer)))


def run(state: FrogState, *actions: str) -> FrogState:
    for text in actions:
        state = state.apply(parse_decision(text))
    return state


def legal(state: FrogState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


# --------------------------------------------------------------------------- the table and the cards


@pytest.mark.clause("frog:players.count")
def test_three_players_play() -> None:
    state = new_game(3)
    assert state.num_players == 3 and state.is_chance


@pytest.mark.clause("frog:players.count")
@pytest.mark.parametrize("players", [0, 1, 2, 4, 5, 6])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(RulesError) as refused:
        new_game(players)
    assert refused.value.clause == "players.count"


@pytest.mark.clause("frog:deck.composition")
def test_the_deck_is_the_36_cards_from_ace_to_six() -> None:
    deck = Rules().table.standard_deck()
    assert len(deck) == len(set(deck)) == 36
    assert Counter(c.suit for c in deck) == dict.fromkeys(Suit, 9)
    assert {c.rank for c in deck} == set("ATKQJ9876")
    assert sorted(Rules().deck) == sorted(deck)


@pytest.mark.clause("frog:cards.rank")
def test_the_ranks_run_ace_ten_king_queen_jack_nine_to_six() -> None:
    rank = Rules().table.rank_of
    order = cards("AH TH KH QH JH 9H 8H 7H 6H")
    assert sorted(order, key=rank, reverse=True) == list(order)


@pytest.mark.clause("frog:cards.rank", "frog:trick.winner")
def test_the_ten_beats_the_jack_and_the_king_in_a_trick() -> None:
    """Spades led by the jack; the ten, second in rank, beats it; the 9 does not."""
    state = build(["9S 7D", "TS 8D", "6D"], trick=[(2, "JS")], contract=GRAND, bidder=2, trump=H, rest_to=0)
    after = run(state, "play 9S", "play TS")
    assert after.tricks[-1].winner == 1


@pytest.mark.clause("frog:cards.points")
def test_card_points() -> None:
    points = Rules().table.points_of
    assert [points(c) for c in cards("AD TD KD QD JD 9D 8D 7D 6D")] == [11, 10, 4, 3, 2, 0, 0, 0, 0]
    assert sum(points(c) for c in ALL_CARDS) == 120


# --------------------------------------------------------------------------- dealing


@pytest.mark.clause("frog:match.first-dealer")
def test_the_first_dealer_is_any_seat_by_chance() -> None:
    start = new_game(3)
    assert start.phase is Phase.DEALER and start.dealer == NOBODY
    assert list(chance_outcomes(start)) == [DrawDealer(0), DrawDealer(1), DrawDealer(2)]
    assert start.apply(DrawDealer(2)).dealer == 2


@pytest.mark.clause("frog:match.first-dealer")
def test_a_seat_outside_the_table_cannot_deal() -> None:
    with pytest.raises(IllegalActionError) as refused:
        new_game(3).apply(DrawDealer(3))
    assert refused.value.clause == "match.first-dealer"


def _finish(state: FrogState) -> FrogState:
    """Play the last trick's three cards, each seat's only card."""
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.clause("frog:deal.rotation")
@pytest.mark.parametrize(("dealer", "following"), [(0, 1), (1, 2), (2, 0)])
def test_the_deal_passes_to_the_left(dealer: int, following: int) -> None:
    state = build(
        ["AH", "6S", "6D"],
        contract=FROG,
        bidder=0,
        trump=H,
        leader=0,
        dealer=dealer,
        widow="KC QC JC",
        discards="KC QC JC",
        widow_taken=True,
        rest_to=0,
    )
    after = _finish(state)
    assert after.phase is Phase.DEAL and after.dealer == following and after.deals == 1


@pytest.mark.clause("frog:deal.hand-size")
def test_eleven_cards_each_and_three_to_the_widow() -> None:
    state = dealt()
    assert [len(h) for h in state.hands] == [11, 11, 11]
    assert len(state.widow) == 3
    assert Counter(state.hands[0] + state.hands[1] + state.hands[2] + state.widow) == Counter(ALL_CARDS)


@pytest.mark.clause("frog:deal.hand-size")
def test_a_short_deck_deals_three_equal_hands_and_a_widow_of_three() -> None:
    nine = Rules(deck=cards("AS KS QS AH KH QH AD KD QD"))
    state = new_game(3, nine).apply(DrawDealer(0))
    state = state.apply(Shuffle(nine.deck))
    assert [len(h) for h in state.hands] == [2, 2, 2] and len(state.widow) == 3
    for size in (5, 7, 8):
        with pytest.raises(RulesError) as refused:
            new_game(3, Rules(deck=ALL_CARDS[:size]))
        assert refused.value.clause == "deal.hand-size"


@pytest.mark.clause("frog:deal.packets")
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_packets_go_four_three_widow_four_from_the_dealers_left(dealer: int) -> None:
    """The statement's positions: 0-3, 12-14 and 24-27 to d + 1; 4-7, 15-17, 28-31 to d + 2;
    8-11, 18-20, 32-35 to d; 21-23 the widow."""
    order = ALL_CARDS  # AS KS ... in sorting order: position i is ALL_CARDS[i]
    state = new_game(3).apply(DrawDealer(dealer)).apply(Shuffle(order))
    ranges = {
        (dealer + 1) % 3: [*range(0, 4), *range(12, 15), *range(24, 28)],
        (dealer + 2) % 3: [*range(4, 8), *range(15, 18), *range(28, 32)],
        dealer: [*range(8, 12), *range(18, 21), *range(32, 36)],
    }
    for seat, positions in ranges.items():
        assert set(state.hands[seat]) == {order[i] for i in positions}
    assert set(state.widow) == set(order[21:24])


@pytest.mark.clause("frog:deal.packets")
def test_a_hand_of_one_card_is_dealt_one_each_then_the_widow() -> None:
    six = Rules(deck=cards("AS TS KS QS JS 9S"))
    order = cards("KS 9S AS TS QS JS")
    state = new_game(3, six).apply(DrawDealer(1)).apply(Shuffle(order))
    assert state.hands == ((card("9S"),), (card("AS"),), (card("KS"),))  # KS to d+1 = 2, 9S to 0, AS to d
    assert set(state.widow) == set(cards("TS QS JS"))


@pytest.mark.clause("frog:deal.packets")
def test_a_deal_must_be_an_order_of_the_whole_deck() -> None:
    state = new_game(3).apply(DrawDealer(0))
    for order in (ALL_CARDS[1:], (ALL_CARDS[0],) + ALL_CARDS[:-1]):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(Shuffle(order))
        assert refused.value.clause == "deal.packets"


# --------------------------------------------------------------------------- the auction


@pytest.mark.clause("frog:bid.first")
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_dealers_left_calls_first(dealer: int) -> None:
    state = dealt(dealer)
    assert state.phase is Phase.AUCTION and state.turn == (dealer + 1) % 3


@pytest.mark.clause("frog:bid.ranking")
def test_frog_chico_grand_from_lowest_to_highest() -> None:
    state = dealt(0)  # seat 1 calls first
    assert legal(run(state, "frog")) == ["pass", "chico", "grand"]
    assert legal(run(state, "chico")) == ["pass", "grand"]
    assert legal(run(state, "pass", "chico")) == ["pass", "grand"]


@pytest.mark.clause("frog:bid.raise")
def test_a_bid_beats_the_highest_bid_and_may_jump() -> None:
    state = dealt(0)
    assert legal(state) == ["pass", "frog", "chico", "grand"]
    after = run(state, "frog", "pass")  # seat 1 frog, seat 2 pass: seat 0 may not bid frog
    assert after.turn == 0 and legal(after) == ["pass", "chico", "grand"]
    assert run(state, "frog", "grand").contract is GRAND  # a jump
    with pytest.raises(IllegalActionError) as refused:
        run(after, "frog")
    assert refused.value.clause == "bid.raise"


@pytest.mark.clause("frog:bid.pass-final")
def test_a_seat_that_passed_is_not_asked_again() -> None:
    """Seat 1 passes, seat 2 bids frog, seat 0 chico: seat 1 is skipped, seat 2 (overbid) calls."""
    after = run(dealt(0), "pass", "frog", "chico")
    assert after.phase is Phase.AUCTION and after.turn == 2
    done = run(after, "pass")  # seat 2 passes: seat 1 and seat 2 out, seat 0 holds chico
    assert done.bidder == 0 and done.contract is CHICO


@pytest.mark.clause("frog:bid.holder-waits")
def test_the_holder_waits_and_an_overbid_seat_may_bid_again() -> None:
    state = dealt(0)
    done = run(state, "frog", "pass", "pass")  # seat 1 holds frog, both others passed
    assert done.phase is not Phase.AUCTION and done.bidder == 1 and done.contract is FROG
    again = run(state, "frog", "chico", "pass")  # seat 1 overbid by seat 2; seat 0 passes
    assert again.phase is Phase.AUCTION and again.turn == 1 and legal(again) == ["pass", "grand"]
    assert run(again, "grand").bidder == 1


@pytest.mark.clause("frog:variant.one-bid-each")
def test_with_one_bid_each_an_overbid_seat_is_not_asked_again() -> None:
    state = dealt(0, Rules(one_bid_each=True))
    done = run(state, "frog", "chico", "pass")  # seat 1 frog, seat 2 chico, seat 0 pass: over
    assert done.phase is Phase.TRUMP and done.bidder == 2 and done.contract is CHICO


@pytest.mark.clause("frog:bid.next-turn")
def test_the_turn_goes_clockwise_to_the_next_seat_that_may_call() -> None:
    state = dealt(0)  # seats call 1, 2, 0
    assert run(state, "frog").turn == 2
    assert run(state, "frog", "chico").turn == 0  # not seat 1, overbid but not next
    assert run(state, "pass", "pass").turn == 0


@pytest.mark.clause("frog:bid.end")
def test_grand_ends_the_auction_at_once() -> None:
    state, events = dealt(0).step(parse_decision("grand"))
    assert state.phase is Phase.PLAY and state.bidder == 1 and state.calls == ((1, GRAND),)
    assert [e.kind for e in events][:2] == [EventKind.CALLED, EventKind.AUCTION_WON]


@pytest.mark.clause("frog:bid.end", "frog:bid.all-pass")
def test_three_passes_end_the_auction() -> None:
    state, events = run(dealt(0), "pass", "pass").step(parse_decision("pass"))
    assert state.phase is Phase.DEAL
    assert EventKind.PASSED_OUT in [e.kind for e in events]


@pytest.mark.clause("frog:bid.contract-is-bid")
def test_the_highest_bidder_plays_its_bid_against_the_other_two() -> None:
    """Seat 1 frog, seat 2 chico, seat 0 pass, seat 1 pass: seat 2 plays chico."""
    done = run(dealt(0), "frog", "chico", "pass", "pass")
    assert done.bidder == 2 and done.contract is CHICO
    assert done.phase is Phase.TRUMP and done.turn == 2


@pytest.mark.clause("frog:bid.all-pass", "frog:deal.rotation")
def test_a_passed_out_deal_is_void_and_the_left_deals_next() -> None:
    state = run(dealt(1), "pass", "pass", "pass")
    assert state.phase is Phase.DEAL and state.dealer == 2 and state.deals == 1
    assert state.scores == (150, 150, 150)
    record = state.history[0]
    assert record.contract is None and record.bidder == NOBODY and record.changes == (0, 0, 0)
    assert state.hands == ((), (), ()) and state.widow == ()


@pytest.mark.clause("frog:variant.all-pass-same-dealer")
def test_with_the_variant_a_passed_out_deal_is_dealt_again_by_the_same_dealer() -> None:
    state = run(dealt(1, Rules(all_pass_same_dealer=True)), "pass", "pass", "pass")
    assert state.phase is Phase.DEAL and state.dealer == 1 and state.deals == 1


# --------------------------------------------------------------------------- the contracts


@pytest.mark.clause("frog:contract.trump")
def test_hearts_are_trumps_in_frog_and_grand_the_named_suit_in_chico() -> None:
    state = dealt(0)
    assert run(state, "grand").trump is H
    frog = run(state, "frog", "pass", "pass", "discard 8C 7C 6C")
    assert frog.trump is H
    chico = run(state, "chico", "pass", "pass", "trump S")
    assert chico.trump is S


@pytest.mark.clause("frog:chico.declare")
def test_the_chico_bidder_names_trumps_before_the_first_lead() -> None:
    """Seat 2 wins with chico (dealer 0): seat 2 names trumps, not seat 1, who leads."""
    state = run(dealt(0), "pass", "chico", "pass")
    assert state.phase is Phase.TRUMP and state.turn == 2 and state.trump is None
    after = run(state, "trump C")
    assert after.phase is Phase.PLAY and after.trump is not None and after.turn == 1


@pytest.mark.clause("frog:chico.suits")
def test_chico_names_spades_diamonds_or_clubs() -> None:
    state = run(dealt(0), "chico", "pass", "pass")
    assert legal(state) == ["trump S", "trump D", "trump C"]
    with pytest.raises(IllegalActionError) as refused:
        run(state, "trump H")
    assert refused.value.clause == "chico.suits"


@pytest.mark.clause("frog:variant.chico-hearts")
def test_with_the_variant_chico_may_be_in_hearts() -> None:
    state = run(dealt(0, Rules(chico_may_name_hearts=True)), "chico", "pass", "pass")
    assert legal(state) == ["trump S", "trump H", "trump D", "trump C"]
    assert run(state, "trump H").trump is H


@pytest.mark.clause("frog:exchange.take-widow")
def test_the_frog_bidder_takes_the_widow_into_hand() -> None:
    state = run(dealt(0), "frog", "pass", "pass")  # seat 1 plays frog
    assert state.phase is Phase.DISCARD and state.turn == 1 and state.widow_taken
    assert set(state.hands[1]) == set(hand(HANDS[1]) + hand(WIDOW)) and len(state.hands[1]) == 14


@pytest.mark.clause("frog:exchange.take-widow", "frog:contract.widow-untouched")
def test_chico_and_grand_do_not_take_the_widow() -> None:
    for state in (run(dealt(0), "chico", "pass", "pass"), run(dealt(0), "grand")):
        assert not state.widow_taken and len(state.hands[1]) == 11 and state.widow == hand(WIDOW)


@pytest.mark.clause("frog:variant.optional-exchange")
def test_with_the_variant_the_frog_bidder_may_leave_the_widow() -> None:
    state = run(dealt(0, Rules(optional_frog_exchange=True)), "frog", "pass", "pass")
    assert state.phase is Phase.WIDOW and state.turn == 1 and legal(state) == ["take-widow", "leave-widow"]
    left = run(state, "leave-widow")
    assert left.phase is Phase.PLAY and not left.widow_taken and len(left.hands[1]) == 11 and left.trump is H
    taken = run(state, "take-widow")
    assert taken.phase is Phase.DISCARD and len(taken.hands[1]) == 14


@pytest.mark.clause("frog:exchange.discard")
def test_the_frog_bidder_lays_away_any_three_of_fourteen() -> None:
    state = run(dealt(0), "frog", "pass", "pass")
    options = legal(state)
    assert len(options) == 364  # 14 choose 3
    assert "discard 8C 7C 6C" in options and "discard KH QH JH" in options
    after = run(state, "discard AD TD 8C")
    assert after.discards == hand("AD TD 8C") and len(after.hands[1]) == 11
    assert set(after.hands[1]) == set(hand(HANDS[1]) + hand(WIDOW)) - set(hand("AD TD 8C"))
    with pytest.raises(IllegalActionError) as refused:
        run(state, "discard AS TS KS")  # not the bidder's cards
    assert refused.value.clause == "exchange.discard"


@pytest.mark.clause("frog:contract.widow-untouched")
def test_in_chico_nobody_looks_at_the_widow() -> None:
    state = run(dealt(0), "chico", "pass", "pass", "trump D")
    for seat in range(3):
        assert observe(state, seat)["widow"] is None
    assert state.widow == hand(WIDOW) and not state.widow_taken


# --------------------------------------------------------------------------- the play


@pytest.mark.clause("frog:play.first-lead")
def test_the_dealers_left_leads_the_first_trick_whoever_bids() -> None:
    state = run(dealt(0), "pass", "grand")  # seat 2 plays grand, dealer 0
    assert state.phase is Phase.PLAY and state.turn == 1 and state.leader == 1


@pytest.mark.clause("frog:play.clockwise")
def test_the_trick_goes_clockwise_from_the_leader() -> None:
    state = run(dealt(2), "grand")  # dealer 2: seat 0 bids and leads
    assert state.turn == 0
    state = run(state, "play AS")
    assert state.turn == 1
    state = state.apply(state.legal_actions()[0])
    assert state.turn == 2


@pytest.mark.clause("frog:play.lead-any")
def test_the_leader_may_lead_any_card_trumps_included() -> None:
    state = run(dealt(0), "grand")  # seat 1 leads, holding seven trumps
    assert legal(state) == [f"play {c}" for c in hand(HANDS[1])]


@pytest.mark.clause("frog:play.follow-suit")
def test_second_and_third_seats_must_follow_suit() -> None:
    state = build(["KS 7D", "AS 8D", "QS 9D"], leader=1, contract=GRAND, bidder=1, trump=H, rest_to=1)
    state = run(state, "play AS")
    assert legal(state) == ["play QS"]  # seat 2 follows
    state = run(state, "play QS")
    assert legal(state) == ["play KS"]  # and so does seat 0, the third


@pytest.mark.clause("frog:play.trump-if-void")
def test_a_void_seat_must_trump_and_holding_no_trump_may_play_anything() -> None:
    state = build(
        ["KC 7H 8D", "AS 8S 9D", "QS 6C 7C"], leader=1, contract=GRAND, bidder=1, trump=H, rest_to=2
    )
    state = run(state, "play AS", "play QS")
    assert legal(state) == ["play 7H"]  # seat 0: no spade, a trump
    state = build(
        ["KC 7D 8D", "AS 8S 9D", "QS 6C 7H"], leader=1, contract=GRAND, bidder=1, trump=H, rest_to=2
    )
    state = run(state, "play AS", "play QS")
    assert legal(state) == ["play 8D", "play 7D", "play KC"]  # no spade, no trump: any card


@pytest.mark.clause("frog:play.no-duty-to-win")
def test_no_duty_to_beat_the_trick_or_to_overtrump() -> None:
    state = build(
        ["AD 7D", "KD 8S", "TD 6D"],
        leader=1,
        contract=FROG,
        bidder=1,
        trump=H,
        rest_to=1,
        widow="QC JC 9C",
        widow_taken=True,
        discards="QC JC 9C",
    )
    state = run(state, "play KD")
    assert legal(state) == ["play TD", "play 6D"]  # seat 2 need not beat the king with its ten
    state = run(state, "play 6D")
    assert legal(state) == ["play AD", "play 7D"]  # seat 0 need not win with the ace
    state = build(["KH 7H", "AS 8S", "9H 6C"], leader=1, contract=GRAND, bidder=1, trump=H, rest_to=1)
    state = run(state, "play AS", "play 9H")
    assert legal(state) == ["play KH", "play 7H"]  # seat 0 may undertrump the 9


@pytest.mark.clause("frog:trick.winner")
@pytest.mark.parametrize(
    ("hands", "plays", "trump", "winner"),
    [
        # seat 0, seat 1 (leads), seat 2; the plays in the order seat 1, 2, 0
        (["KS 6D", "AS 7D", "7H 8D"], ["AS", "7H", "KS"], H, 2),  # a trump beats the ace of the suit led
        (["KH 6D", "AS 7D", "7H 8D"], ["AS", "7H", "KH"], H, 0),  # the higher of two trumps
        (["TS 6D", "9S 7D", "AD 8D"], ["9S", "AD", "TS"], H, 0),  # no trump: the highest of the suit led
        (["6S 9C", "QD 7C", "KD 8C"], ["QD", "KD", "6S"], S, 0),  # chico in spades: the 6 of trumps wins
    ],
)
def test_the_highest_trump_else_the_highest_card_of_the_suit_led(
    hands: list[str], plays: list[str], trump: Suit, winner: int
) -> None:
    contract = CHICO if trump is S else GRAND
    state = build(hands, leader=1, contract=contract, bidder=1, trump=trump, rest_to=1, widow="9H 8H 6H")
    for text in plays:
        state = run(state, f"play {text}")
    assert state.tricks[-1].winner == winner


@pytest.mark.clause("frog:trick.next-lead")
def test_the_winner_takes_the_trick_and_leads_the_next() -> None:
    state = build(["KS 7D", "QS 8D", "AS 9D"], leader=0, contract=GRAND, bidder=0, trump=H, rest_to=0)
    state = run(state, "play KS", "play QS", "play AS")  # seat 2's ace wins
    assert state.tricks[-1].winner == 2 and state.tricks[-1].cards == cards("KS QS AS")
    assert state.turn == 2 and state.leader == 2 and state.trick == ()


# --------------------------------------------------------------------------- the count


@pytest.mark.clause("frog:count.bidder-points")
def test_the_frog_bidder_counts_its_tricks_and_its_discards_not_the_widow() -> None:
    """Seat 1 (frog) won the spades (30) and wins the last trick with AH (11) over 7D and 6D; it
    laid away TC AC KC (25); the widow it took, 8C 7C 6C, is worth nothing and does not count:
    30 + 11 + 25 = 66."""
    state = build(
        ["6D", "AH", "7D"],
        leader=1,
        contract=FROG,
        bidder=1,
        trump=H,
        widow="8C 7C 6C",
        widow_taken=True,
        discards="TC AC KC",
        won={1: "AS TS KS QS JS 9S 8S 7S 6S"},
        rest_to=0,
    )
    assert _finish(state).history[-1].points == 66


@pytest.mark.clause("frog:count.bidder-points")
def test_in_chico_and_grand_the_widow_counts_for_the_bidder() -> None:
    """Seat 2 (grand) wins only the last trick, AH over 7D and 6D (11); the widow AC TC KC: 25."""
    state = build(
        ["7D", "6D", "AH"], leader=2, contract=GRAND, bidder=2, trump=H, widow="AC TC KC", rest_to=0
    )
    assert _finish(state).history[-1].points == 11 + 25


@pytest.mark.clause("frog:count.result", "frog:settle.difference")
def test_sixty_is_a_draw_and_nothing_changes_hands() -> None:
    """Seat 1 (frog): the spades and AD 9D 8D (41), its discards TC KC QC (17), and the last trick
    won by JD over 7D and 6D (2): exactly 60."""
    state = build(
        ["6D", "JD", "7D"],
        leader=1,
        contract=FROG,
        bidder=1,
        trump=H,
        widow="8C 7C 6C",
        widow_taken=True,
        discards="TC KC QC",
        won={1: "AS TS KS QS JS 9S 8S 7S 6S AD 9D 8D"},
        rest_to=0,
    )
    after = _finish(state)
    record = after.history[-1]
    assert record.points == 60 and record.result is Result.DRAW
    assert record.changes == (0, 0, 0) and after.scores == (150, 150, 150)


@pytest.mark.clause("frog:deal.rotation")
def test_the_deal_passes_to_the_left_after_a_draw_too() -> None:
    """deal.rotation: every deal after the first is dealt by the previous dealer's left, also when
    nothing changed hands (the 60 of the test above, dealt by seat 2)."""
    state = build(["6D", "JD", "7D"], dealer=2, leader=1, contract=FROG, bidder=1, trump=H, widow="8C 7C 6C",
                  widow_taken=True, discards="TC KC QC", won={1: "AS TS KS QS JS 9S 8S 7S 6S AD 9D 8D"},
                  rest_to=0)  # fmt: skip
    after = _finish(state)
    assert after.history[-1].changes == (0, 0, 0) and after.dealer == 0


@pytest.mark.clause("frog:count.result")
def test_sixty_one_wins_and_fifty_nine_loses() -> None:
    result = Rules().table.result_of
    assert [result(n) for n in (59, 60, 61, 120, 0)] == [
        Result.LOSS,
        Result.DRAW,
        Result.WIN,
        Result.WIN,
        Result.LOSS,
    ]


# --------------------------------------------------------------------------- the settlement

# The bidder's tricks for the settlement tests: all spades (30), all hearts (30), AD KD QD JD (20)
# and two blanks: 80 points in eight tricks; or the spades and TD (40) with two blanks, in four.
EIGHTY = "AS TS KS QS JS 9S 8S 7S 6S AH TH KH QH JH 9H 8H 7H 6H AD KD QD JD 9D 8C"
FORTY = "AS TS KS QS JS 9S 8S 7S 6S TD 9D 8C"


def settled(
    contract: Contract, won: str, rules: Rules | None = None, scores: tuple[int, int, int] = (150, 150, 150)
) -> FrogState:
    """Seat 1 plays ``contract`` (hearts trumps; spades in chico) and won the tricks of ``won``;
    seat 0 won the rest; the last trick (6D led by seat 1, 7D, 8D) goes to seat 0 and holds no
    point; the widow (9C 7C 6C) and in frog the discards (the same cards) hold none either."""
    frog = contract is FROG
    state = build(
        ["8D", "6D", "7D"],
        leader=1,
        contract=contract,
        bidder=1,
        trump=S if contract is CHICO else H,
        widow="9C 7C 6C",
        widow_taken=frog,
        discards="9C 7C 6C" if frog else "",
        won={1: won},
        rest_to=0,
        scores=scores,
        rules=rules,
    )
    return _finish(state)


def test_the_settlement_tests_count_what_they_say() -> None:
    points = Rules().table.points_of
    assert sum(points(c) for c in cards(EIGHTY)) == 80 and len(cards(EIGHTY)) % 3 == 0
    assert sum(points(c) for c in cards(FORTY)) == 40 and len(cards(FORTY)) % 3 == 0


@pytest.mark.clause("frog:settle.difference", "frog:settle.each-opponent")
def test_eighty_in_frog_brings_twenty_from_each_player() -> None:
    """ja.26.4-ja.27.2: 80 points in frog, 20 from each player, 40 in all."""
    after = settled(FROG, EIGHTY)
    assert after.history[-1].points == 80 and after.history[-1].result is Result.WIN
    assert after.scores == (130, 190, 130)


@pytest.mark.clause("frog:settle.each-opponent")
def test_forty_in_frog_costs_twenty_to_each_player() -> None:
    """ja.28.2-ja.28.3: 40 points in frog: 20 to each player, 40 lost."""
    after = settled(FROG, FORTY)
    assert after.history[-1].points == 40 and after.history[-1].changes == (20, -40, 20)
    assert after.scores == (170, 110, 170)


@pytest.mark.clause("frog:settle.multiplier")
def test_chico_doubles_and_grand_triples() -> None:
    """ja.26.5: 80 points bring 40 from each player in chico, 60 in grand."""
    assert settled(CHICO, EIGHTY).scores == (110, 230, 110)
    assert settled(GRAND, EIGHTY).scores == (90, 270, 90)


@pytest.mark.clause("frog:variant.grand-four")
def test_with_the_variant_grand_pays_four() -> None:
    rules = Rules(grand_pays_four=True)
    assert settled(GRAND, EIGHTY, rules).scores == (70, 310, 70)
    assert settled(CHICO, EIGHTY, rules).scores == (110, 230, 110)


@pytest.mark.clause("frog:score.no-floor")
def test_a_settlement_is_paid_in_full_below_zero() -> None:
    after = settled(FROG, FORTY, scores=(150, 10, 290))
    assert after.scores == (170, -30, 310)


# --------------------------------------------------------------------------- the match


@pytest.mark.clause("frog:score.start")
def test_every_seat_starts_with_150() -> None:
    assert new_game(3).scores == (150, 150, 150)


def _pass_out(state: FrogState) -> FrogState:
    """Deal the next deal (the same hands, from its dealer) and pass it out."""
    state = state.apply(Shuffle(order_dealing(HANDS, WIDOW, state.dealer)))
    return run(state, "pass", "pass", "pass")


@pytest.mark.clause("frog:match.end")
def test_a_match_is_three_deals_passed_out_ones_included() -> None:
    state = new_game(3).apply(DrawDealer(0))
    for deal in (1, 2):
        state = _pass_out(state)
        assert state.phase is Phase.DEAL and state.deals == deal
    state = _pass_out(state)
    assert state.phase is Phase.OVER and state.deals == 3 and state.winners == (0, 1, 2)


@pytest.mark.clause("frog:match.end")
def test_a_match_of_one_deal_ends_after_it() -> None:
    assert settled(FROG, EIGHTY, Rules(deals=1)).phase is Phase.OVER
    assert settled(FROG, EIGHTY).phase is Phase.DEAL


@pytest.mark.clause("frog:variant.target-score")
def test_with_the_variant_the_match_ends_when_a_score_reaches_the_target() -> None:
    rules = Rules(end_at_target_score=True, target_score=190)
    assert settled(FROG, EIGHTY, rules).phase is Phase.OVER  # seat 1 reaches 190 in deal 1
    assert settled(FROG, FORTY, rules).phase is Phase.DEAL  # nobody reaches 190
    state = new_game(3, Rules(end_at_target_score=True)).apply(DrawDealer(0))
    for _ in range(4):
        state = _pass_out(state)
    assert state.phase is Phase.DEAL and state.deals == 4  # the number of deals does not end it


@pytest.mark.clause("frog:match.returns")
def test_the_returns_are_the_points_won_over_the_match() -> None:
    after = settled(FROG, EIGHTY, Rules(deals=1))
    assert after.returns() == (-20.0, 40.0, -20.0)
    assert settled(FROG, EIGHTY).returns() == (0.0, 0.0, 0.0)  # not over yet


@pytest.mark.clause("frog:match.winners")
def test_the_highest_score_wins_and_a_tie_shares() -> None:
    one = Rules(deals=1)
    assert settled(FROG, EIGHTY, one, scores=(170, 150, 130)).winners == (1,)  # 150, 190, 110
    assert settled(FROG, EIGHTY, one, scores=(210, 150, 90)).winners == (0, 1)  # 190, 190, 70
    assert settled(FROG, FORTY, one, scores=(100, 200, 150)).winners == (2,)  # 120, 160, 170


# --------------------------------------------------------------------------- what a seat sees


@pytest.mark.clause("frog:view.own-hand")
def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others() -> None:
    state = dealt(0)
    for seat in range(3):
        view = observe(state, seat)
        assert view["hands"] == [[str(c) for c in hand(HANDS[s])] if s == seat else None for s in range(3)]
        assert view["hand_sizes"] == [11, 11, 11]


@pytest.mark.clause("frog:view.public")
def test_every_seat_sees_the_calls_the_contract_and_every_trick() -> None:
    """Seat 2 plays chico in diamonds; seat 1 leads KH, seat 2 trumps with 6D, seat 0 follows
    with AH; seat 2 leads AC, seat 0 (no club, no diamond) throws 6S, seat 1 trumps with QD."""
    state = run(dealt(0), "pass", "chico", "pass", "trump D")
    state = run(state, *[f"play {c}" for c in ("KH", "6D", "AH", "AC", "6S", "QD")])
    for seat in range(3):
        view = observe(state, seat)
        assert view["calls"] == [[1, "pass"], [2, "chico"], [0, "pass"]]
        assert (view["bidder"], view["contract"], view["trump"]) == (2, "chico", "D")
        assert view["tricks"] == [
            {"plays": [[1, "KH"], [2, "6D"], [0, "AH"]], "winner": 2},
            {"plays": [[2, "AC"], [0, "6S"], [1, "QD"]], "winner": 1},
        ]
        assert view["hand_sizes"] == [9, 9, 9] and view["turn"] == 1


def _frog_deal_counted(rules: Rules | None = None) -> FrogState:
    """Seat 1 plays frog and lays away AD TD 8C; the deal is then counted."""
    return run(dealt(0, rules), "frog", "pass", "pass", "discard AD TD 8C")


@pytest.mark.clause("frog:view.widow")
def test_the_frog_bidder_sees_the_widow_it_takes_and_nobody_else_does() -> None:
    auction = dealt(0)
    assert [observe(auction, seat)["widow"] for seat in range(3)] == [None, None, None]
    state = run(auction, "frog", "pass", "pass")
    assert [observe(state, seat)["widow"] for seat in range(3)] == [None, ["8C", "7C", "6C"], None]


@pytest.mark.clause("frog:view.widow")
def test_at_the_count_the_widow_is_shown_unless_the_frog_bidder_took_it() -> None:
    chico = run(dealt(0), "pass", "pass", "chico", "trump S")  # seat 0 plays chico in spades
    counted = _play_out(chico)
    assert [observe(counted, seat)["history"][0]["widow"] for seat in range(3)] == [["8C", "7C", "6C"]] * 3
    frog = _play_out(_frog_deal_counted())
    assert [observe(frog, seat)["history"][0]["widow"] for seat in range(3)] == [None] * 3
    passed = run(dealt(0), "pass", "pass", "pass")
    assert [observe(passed, seat)["history"][0]["widow"] for seat in range(3)] == [None] * 3


@pytest.mark.clause("frog:view.discards")
def test_the_discards_are_the_bidders_until_the_count() -> None:
    state = _frog_deal_counted()
    assert [observe(state, seat)["discards"] for seat in range(3)] == [None, ["AD", "TD", "8C"], None]
    counted = _play_out(state)
    assert [observe(counted, seat)["history"][0]["discards"] for seat in range(3)] == [["AD", "TD", "8C"]] * 3


def _play_out(state: FrogState) -> FrogState:
    """Play the deal to its count, each seat playing its first legal card."""
    while state.phase is Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    return state
