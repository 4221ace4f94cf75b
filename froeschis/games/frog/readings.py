"""The published rules of Frog as a clause table, and the one list of its variants.

:data:`PUBLISHED` puts each clause function of :mod:`froeschis.games.frog.clauses` in its slot;
:data:`VARIANTS` lists the rules options, each with the entries it replaces. :data:`TABLES` gives
the table of any combination of options.
"""

from __future__ import annotations

from froeschis.framework.table import Reading, Tables, Variant
from froeschis.games.frog import clauses as c
from froeschis.games.frog.table import FrogTable

PUBLISHED = FrogTable(
    check_players=c.exactly_three,
    standard_deck=c.thirty_six_cards,
    rank_of=c.ace_ten_king,
    points_of=c.card_points,
    first_dealers=c.any_seat_deals_first,
    next_dealer=c.dealer_on_the_left,
    deal_sizes=c.eleven_and_three,
    deal=c.four_three_widow_four,
    first_caller=c.left_of_dealer_calls_first,
    call_rank=c.pass_frog_chico_grand,
    legal_calls=c.pass_or_beat_the_highest,
    has_passed=c.passed_for_good,
    must_wait=c.holder_waits,
    next_caller=c.next_seat_that_may_call,
    auction_over=c.nobody_to_call_or_unbeatable,
    declarer=c.highest_bidder_plays_it,
    passed_out_contract=c.void_deal,
    redealer=c.redeal_by_rotation,
    trump_of=c.hearts_unless_chico,
    trump_namer=c.chico_bidder_names,
    trump_choices=c.not_hearts,
    exchange_of=c.frog_takes_the_widow,
    discard_options=c.any_cards_of_the_hand,
    bidder_sees_widow=c.widow_stays_face_down,
    first_leader=c.left_of_dealer_leads,
    next_in_trick=c.next_clockwise_or_full,
    lead_options=c.lead_anything,
    follow_options=c.cards_of_the_suit_led,
    void_options=c.trumps_else_anything,
    playable=c.any_allowed_card,
    trick_winner=c.highest_trump_else_suit_led,
    next_leader=c.winner_leads,
    play_goes_on=c.cards_remain,
    bidder_points=c.tricks_and_the_widow,
    result_of=c.sixty_one_wins,
    base_of=c.difference_from_sixty,
    stake_of=c.one_two_three,
    payments=c.each_opponent_pays,
    start_score=c.a_hundred_and_fifty,
    pay=c.paid_in_full,
    match_over=c.after_so_many_deals,
    returns=c.points_won,
    winners=c.highest_scores,
    hands_seen=c.own_hand_only,
    tricks_seen=c.every_trick,
    widow_seen=c.widow_to_whom,
    discards_seen=c.discards_to_the_bidder,
)
"""The rules as the catalogue states them (its rulings included), no variant."""

VARIANTS: tuple[Variant, ...] = (
    Variant(
        "one_bid_each",
        "variant.one-bid-each",
        "every seat calls exactly once: an overbid seat is not asked again",
        (Reading("must_wait", c.called_already, "a seat that called waits for good"),),
    ),
    Variant(
        "all_pass_same_dealer",
        "variant.all-pass-same-dealer",
        "a passed-out deal is dealt again by the same dealer",
        (Reading("redealer", c.same_dealer_again, "the same dealer deals again"),),
    ),
    Variant(
        "chico_may_name_hearts",
        "variant.chico-hearts",
        "the chico bidder may name hearts too",
        (Reading("trump_choices", c.any_suit, "any suit may be named"),),
    ),
    Variant(
        "optional_frog_exchange",
        "variant.optional-exchange",
        "the frog bidder may leave the widow unseen",
        (Reading("exchange_of", c.frog_may_take_the_widow, "the frog bidder chooses"),),
    ),
    Variant(
        "grand_pays_four",
        "variant.grand-four",
        "grand's stake is 4 instead of 3",
        (Reading("stake_of", c.one_two_four, "grand pays four"),),
    ),
    Variant(
        "end_at_target_score",
        "variant.target-score",
        "the match ends when a score reaches target_score, not after a number of deals",
        (Reading("match_over", c.at_the_target, "the match ends at the target score"),),
    ),
)
"""Every rules variant, in catalogue order."""

TABLES = Tables(PUBLISHED, VARIANTS)
"""Frog's clause tables, each built once (:class:`~froeschis.framework.table.Tables`)."""

VARIANT_OPTIONS: tuple[str, ...] = TABLES.options
"""The :class:`~froeschis.games.frog.rules.Rules` options that switch variants on."""
