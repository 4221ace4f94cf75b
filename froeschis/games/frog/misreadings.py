"""Known misreadings of Frog's clauses, as clause-table entries the reference can play by.

The catalogue (``spec/frog/clauses.toml``) lists every clause's misreadings: an ID
(``clause~name``), a description and, where one does, the sentence that invites it; one of them is
the clause's mutant, by which the mutation check plays the clause's tests (``tests/game_mutants.py``).
:data:`IMPLEMENTED` gives each misreading that can be played the entries an engine built on it
would put in the table. Three cannot be played by this table and are left out, each marked
``unplayable`` in the catalogue with the reason: a dealer drawn for every deal
(``match.first-dealer~every-deal``) needs a chance node the published game has only once, and a
chico without trumps (``chico.suits~no-trumps``) and a bidder upgrading its contract
(``bid.contract-is-bid~may-upgrade``) need decisions it does not have.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from froeschis.framework.errors import RulesError
from froeschis.framework.table import Reading, clause
from froeschis.games.frog import clauses as c
from froeschis.games.frog.cards import ALL_CARDS, SUITS, Card, Suit
from froeschis.games.frog.state import SEATS, Contract, DealRecord, Exchange, Plays, Result, Trick
from froeschis.games.frog.table import Calls, Cards, FrogTable, Hands, Scores

_H = Suit.HEARTS
_FROG, _CHICO, _GRAND = Contract.FROG, Contract.CHICO, Contract.GRAND


def _as_read_for(clause_id: str, function: Callable[..., object]) -> Callable[..., object]:
    """``function`` (a published entry) marked as another clause's reading: a variant's entry that
    ignores its option plays as the default rules do."""

    @clause(clause_id)
    def ignored(*args: object) -> object:
        return function(*args)

    ignored.__doc__ = f"{function.__name__}, as if {clause_id} changed nothing"
    return ignored


# --------------------------------------------------------------------------- the table and the cards


def _players(low: int, high: int) -> Callable[[int], None]:
    @clause("players.count")
    def accepted(players: int) -> None:
        if not low <= players <= high:
            raise RulesError(f"Frog is for {low} to {high} players, not {players}", "players.count")

    return accepted


def _with_ranks(extra: str) -> Callable[[], Cards]:
    """A deck with the 36 cards and the ranks ``extra`` in every suit (cards made here: the pack
    of the published game has none)."""
    made = tuple(
        Card(36 + i * len(SUITS) + s, rank, suit)
        for i, rank in enumerate(extra)
        for s, suit in enumerate(SUITS)
    )

    @clause("deck.composition")
    def bigger_deck() -> Cards:
        return ALL_CARDS + made

    return bigger_deck


def _rank_order(order: str) -> Callable[[Card], int]:
    ranks = {rank: len(order) - 1 - i for i, rank in enumerate(order)}

    @clause("cards.rank")
    def rank(card: Card) -> int:
        return ranks[card.rank]

    return rank


@clause("cards.points")
def points_in_listing_order(card: Card) -> int:
    return {"A": 11, "K": 10, "Q": 4, "J": 3, "T": 2}.get(card.rank, 0)


# --------------------------------------------------------------------------- dealing


@clause("match.first-dealer")
def seat_zero_deals_first() -> tuple[int, ...]:
    return (0,)


@clause("deal.rotation")
def rotate_after_payments(dealer: int, changes: Scores) -> int:
    return (dealer + 1) % SEATS if any(changes) else dealer


@clause("deal.rotation")
def dealer_on_the_right(dealer: int, changes: Scores) -> int:
    return (dealer - 1) % SEATS


@clause("deal.hand-size")
def ten_each(deck_size: int) -> tuple[int, int]:
    hand, widow = c.eleven_and_three(deck_size)
    return hand - 1, widow


@clause("deal.hand-size")
def twelve_each(deck_size: int) -> tuple[int, int]:
    if deck_size % SEATS:
        raise RulesError(f"{deck_size} cards do not deal into three hands", "deal.hand-size")
    return deck_size // SEATS, 0


def _packets(
    packets: Sequence[int], widow_after: int | None, dealer_first: bool = False
) -> Callable[..., object]:
    @clause("deal.packets")
    def deal(order: Sequence[Card], dealer: int, hand_size: int, widow_size: int) -> tuple[Hands, Cards]:
        seats = c.from_the_left(dealer)
        if dealer_first:
            seats = (seats[2], seats[0], seats[1])
        sizes = c.cut_short(packets, hand_size) if packets else (1,) * hand_size
        return c.deal_rounds(
            order, seats, sizes, len(sizes) if widow_after is None else widow_after, widow_size
        )

    return deal


# --------------------------------------------------------------------------- the auction


@clause("bid.first")
def dealer_calls_first(dealer: int) -> int:
    return dealer


@clause("bid.ranking")
def grand_lowest(call: Contract | None) -> int:
    return {None: 0, _GRAND: 1, _CHICO: 2, _FROG: 3}[call]


@clause("bid.raise")
def beat_the_last_call(table: FrogTable, calls: Calls) -> tuple[Contract | None, ...]:
    floor = table.call_rank(calls[-1][1]) if calls else table.call_rank(None)
    return (None, *[x for x in c.CONTRACTS if table.call_rank(x) > floor])


@clause("bid.raise")
def one_step_up(table: FrogTable, calls: Calls) -> tuple[Contract | None, ...]:
    top = c.highest_bid(table, calls)
    floor = table.call_rank(None if top is None else top[1])
    return (None, *[x for x in c.CONTRACTS if table.call_rank(x) == floor + 1])


@clause("bid.pass-final")
def pass_for_one_turn(seat: int, calls: Calls) -> bool:
    return False


@clause("bid.holder-waits")
def holder_asked_too(table: FrogTable, seat: int, calls: Calls) -> bool:
    return False


@clause("bid.next-turn")
def first_two_settle_it(table: FrogTable, last: int, calls: Calls) -> int | None:
    """While the third seat has not called, the first two call in turn between them."""
    first = calls[0][0]
    pair, third = (first, (first + 1) % SEATS), (first + 2) % SEATS

    def may(seat: int) -> bool:
        return not table.has_passed(seat, calls) and not table.must_wait(table, seat, calls)

    if all(seat != third for seat, _ in calls) and last in pair:
        other = pair[1] if last == pair[0] else pair[0]
        if may(other):
            return other
        if may(third):
            return third
    return c.next_seat_that_may_call(table, last, calls)


@clause("bid.next-turn")
def counter_clockwise_calls(table: FrogTable, last: int, calls: Calls) -> int | None:
    for step in range(1, SEATS + 1):
        seat = (last - step) % SEATS
        if not table.has_passed(seat, calls) and not table.must_wait(table, seat, calls):
            return seat
    return None


@clause("bid.end")
def grand_still_asks(table: FrogTable, calls: Calls, following: int | None) -> bool:
    return following is None


@clause("bid.end")
def one_lap(table: FrogTable, calls: Calls, following: int | None) -> bool:
    return following is None or len(calls) >= SEATS


@clause("bid.contract-is-bid")
def opener_plays(table: FrogTable, calls: Calls) -> tuple[int, Contract] | None:
    top = c.highest_bid(table, calls)
    opener = next((seat for seat, call in calls if call is not None), None)
    return None if top is None or opener is None else (opener, top[1])


@clause("bid.all-pass")
def dealer_must_play_frog(dealer: int) -> tuple[int, Contract] | None:
    return dealer, _FROG


# --------------------------------------------------------------------------- the contracts


@clause("contract.trump")
def grand_without_trumps(contract: Contract, named: Suit | None) -> Suit | None:
    return named if contract is _CHICO else None if contract is _GRAND else _H


@clause("chico.declare")
def leader_names(contract: Contract, bidder: int, dealer: int) -> int | None:
    return (dealer + 1) % SEATS if contract is _CHICO else None


@clause("chico.suits")
def hearts_too() -> tuple[Suit, ...]:
    return c.any_suit()


@clause("exchange.take-widow")
def every_bidder_takes_it(contract: Contract) -> Exchange:
    return Exchange.COMPULSORY


@clause("exchange.discard")
def own_cards_only(hand: Cards, widow: Cards) -> tuple[Cards, ...]:
    return tuple(itertools.combinations([x for x in hand if x not in widow], len(widow)))


@clause("exchange.discard")
def no_trumps_laid_away(hand: Cards, widow: Cards) -> tuple[Cards, ...]:
    return tuple(itertools.combinations([x for x in hand if x.suit is not _H], len(widow)))


@clause("contract.widow-untouched")
def chico_bidder_looks(contract: Contract) -> bool:
    return contract is _CHICO


# --------------------------------------------------------------------------- the play


@clause("play.first-lead")
def bidder_leads(dealer: int, bidder: int) -> int:
    return bidder


@clause("play.clockwise")
def counter_clockwise_play(plays: Plays) -> int | None:
    return None if len(plays) == SEATS else (plays[-1][0] - 1) % SEATS


@clause("play.lead-any")
def trumps_broken_first(hand: Cards, trump: Suit | None, tricks: tuple[Trick, ...]) -> Cards:
    broken = any(x.suit is trump for t in tricks for x in t.cards)
    side = tuple([x for x in hand if x.suit is not trump])
    return hand if broken or not side else side


@clause("play.follow-suit")
def only_the_next_seat_follows(hand: Cards, plays: Plays, trump: Suit | None) -> Cards:
    return hand if len(plays) > 1 else c.cards_of_the_suit_led(hand, plays, trump)


@clause("play.follow-suit")
def follow_or_trump(hand: Cards, plays: Plays, trump: Suit | None) -> Cards:
    led = c.cards_of_the_suit_led(hand, plays, trump)
    return tuple([x for x in hand if x in led or x.suit is trump]) if led else led


@clause("play.trump-if-void")
def void_plays_anything(hand: Cards, trump: Suit | None) -> Cards:
    return hand


def _beats(table: FrogTable, plays: Plays, trump: Suit | None) -> Callable[[Card], bool]:
    on_table = tuple([x for _, x in plays])
    return lambda card: table.trick_winner(table, (*on_table, card), trump) == len(on_table)


@clause("play.no-duty-to-win")
def must_overtrump(
    table: FrogTable, hand: Cards, plays: Plays, trump: Suit | None, tricks: tuple[Trick, ...]
) -> Cards:
    allowed = c.any_allowed_card(table, hand, plays, trump, tricks)
    trumping = plays and all(x.suit is trump for x in allowed) and plays[0][1].suit is not trump
    over = [x for x in allowed if _beats(table, plays, trump)(x)] if trumping else []
    return tuple(over) or allowed


@clause("play.no-duty-to-win")
def must_head(
    table: FrogTable, hand: Cards, plays: Plays, trump: Suit | None, tricks: tuple[Trick, ...]
) -> Cards:
    allowed = c.any_allowed_card(table, hand, plays, trump, tricks)
    heading = [x for x in allowed if _beats(table, plays, trump)(x)] if plays else []
    return tuple(heading) or allowed


@clause("trick.winner")
def suit_led_always_wins(table: FrogTable, cards: Cards, trump: Suit | None) -> int:
    return c.highest_trump_else_suit_led(table, cards, None)


@clause("trick.winner")
def first_trump_wins(table: FrogTable, cards: Cards, trump: Suit | None) -> int:
    first = next((i for i, x in enumerate(cards) if x.suit is trump), None)
    return c.highest_trump_else_suit_led(table, cards, trump) if first is None else first


@clause("trick.next-lead")
def lead_rotates(leader: int, winner: int) -> int:
    return (leader + 1) % SEATS


# --------------------------------------------------------------------------- the count and the settlement


@clause("count.bidder-points")
def dealt_widow_counts(
    table: FrogTable,
    contract: Contract,
    bidder: int,
    tricks: tuple[Trick, ...],
    discards: Cards,
    widow: Cards,
    taken: bool,
) -> int:
    return c.tricks_and_the_widow(table, contract, bidder, tricks, discards, widow, False)


@clause("count.bidder-points")
def widow_to_nobody(
    table: FrogTable,
    contract: Contract,
    bidder: int,
    tricks: tuple[Trick, ...],
    discards: Cards,
    widow: Cards,
    taken: bool,
) -> int:
    if contract is _FROG:
        return c.tricks_and_the_widow(table, contract, bidder, tricks, discards, widow, taken)
    return sum([c.points(table, t.cards) for t in tricks if t.winner == bidder])


@clause("count.result")
def sixty_wins(count: int) -> Result:
    return Result.WIN if count >= 60 else Result.LOSS


@clause("count.result")
def sixty_loses(count: int) -> Result:
    return Result.WIN if count >= 61 else Result.LOSS


@clause("settle.difference")
def whole_count(count: int) -> int:
    return count


@clause("settle.difference")
def difference_from_61(count: int) -> int:
    return count - 61


@clause("settle.multiplier")
def compounded(contract: Contract) -> int:
    return {_FROG: 1, _CHICO: 2, _GRAND: 6}[contract]


@clause("settle.each-opponent")
def loser_pays_two(amount: int, bidder: int) -> Scores:
    return c.each_opponent_pays(amount if amount >= 0 else -2, bidder)


@clause("settle.each-opponent")
def shared_by_the_opponents(amount: int, bidder: int) -> Scores:
    changes = [0, 0, 0]
    changes[bidder] = amount
    low, high = sorted(seat for seat in range(SEATS) if seat != bidder)
    changes[low], changes[high] = -(amount // 2), -(amount - amount // 2)
    return changes[0], changes[1], changes[2]


@clause("score.start")
def from_zero() -> int:
    return 0


@clause("score.no-floor")
def capped_at_zero(scores: Scores, changes: Scores) -> Scores:
    """Each payer pays at most what its score holds; the receivers share what was paid."""
    paid = [
        min(-change, max(0, score)) if change < 0 else 0
        for score, change in zip(scores, changes, strict=True)
    ]
    left = sum(paid)
    received = [0, 0, 0]
    for seat in range(SEATS):
        if changes[seat] > 0:
            received[seat] = min(changes[seat], left)
            left -= received[seat]
    new = [scores[s] - paid[s] + received[s] for s in range(SEATS)]
    return new[0], new[1], new[2]


# --------------------------------------------------------------------------- the match


@clause("match.end")
def played_deals_only(done: tuple[DealRecord, ...], scores: Scores, deals: int, target_score: int) -> bool:
    return sum(record.played for record in done) >= deals


@clause("match.returns")
def win_or_nothing(table: FrogTable, scores: Scores) -> tuple[float, ...]:
    winners = table.winners(scores)
    return tuple([1.0 if seat in winners else 0.0 for seat in range(SEATS)])


@clause("match.winners")
def above_the_start(scores: Scores) -> tuple[int, ...]:
    return tuple([seat for seat in range(SEATS) if scores[seat] > c.a_hundred_and_fifty()])


@clause("match.winners")
def lowest_seat_breaks_ties(scores: Scores) -> tuple[int, ...]:
    return (scores.index(max(scores)),)


# --------------------------------------------------------------------------- what a seat sees


@clause("view.own-hand")
def open_hands(hands: Hands, seat: int) -> tuple[Cards | None, ...]:
    return hands


@clause("view.public")
def current_trick_only(tricks: tuple[Trick, ...]) -> tuple[Trick, ...]:
    return ()


@clause("view.widow")
def widow_shown_when_taken(
    table: FrogTable,
    seat: int,
    bidder: int,
    contract: Contract | None,
    taken: bool,
    counted: bool,
    widow: Cards,
) -> Cards | None:
    if taken and not counted:
        return widow
    return c.widow_to_whom(table, seat, bidder, contract, taken, counted, widow)


@clause("view.widow")
def widow_never_shown(
    table: FrogTable,
    seat: int,
    bidder: int,
    contract: Contract | None,
    taken: bool,
    counted: bool,
    widow: Cards,
) -> Cards | None:
    return None


@clause("view.discards")
def discards_face_up(seat: int, bidder: int, counted: bool, discards: Cards) -> Cards | None:
    return discards


# --------------------------------------------------------------------------- the readings by ID

IMPLEMENTED: dict[str, tuple[Reading, ...]] = {
    "players.count~crazy-solo": (Reading("check_players", _players(3, 99), "four or more players"),),
    "players.count~up-to-five": (Reading("check_players", _players(3, 5), "three to five players"),),
    "deck.composition~fifty-two": (Reading("standard_deck", _with_ranks("5432"), "the whole pack"),),
    "deck.composition~fives-kept": (Reading("standard_deck", _with_ranks("5"), "a deck of 40"),),
    "cards.rank~ten-below-jack": (Reading("rank_of", _rank_order("AKQJT9876"), "the ten below the jack"),),
    "cards.points~listing-order": (Reading("points_of", points_in_listing_order, "values in listing order"),),
    "match.first-dealer~seat-zero": (Reading("first_dealers", seat_zero_deals_first, "seat 0 deals first"),),
    "deal.rotation~transactions-only": (
        Reading("next_dealer", rotate_after_payments, "after payments only"),
    ),
    "deal.rotation~to-the-right": (Reading("next_dealer", dealer_on_the_right, "to the right"),),
    "deal.hand-size~ten": (Reading("deal_sizes", ten_each, "ten each, three undealt"),),
    "deal.hand-size~twelve": (Reading("deal_sizes", twelve_each, "twelve each, no widow"),),
    "deal.packets~widow-last": (Reading("deal", _packets((4, 3, 4), None), "the widow last"),),
    "deal.packets~one-at-a-time": (Reading("deal", _packets((), None), "one card at a time"),),
    "deal.packets~dealer-first": (
        Reading("deal", _packets((4, 3, 4), 2, dealer_first=True), "dealer first"),
    ),
    "deal.packets~foster": (Reading("deal", _packets((3, 4, 4), 1), "Foster's packets"),),
    "bid.first~dealer-first": (Reading("first_caller", dealer_calls_first, "the dealer calls first"),),
    "bid.ranking~reversed": (Reading("call_rank", grand_lowest, "grand lowest"),),
    "bid.raise~last-speaker": (Reading("legal_calls", beat_the_last_call, "beat the last call"),),
    "bid.raise~one-step": (Reading("legal_calls", one_step_up, "one step up"),),
    "bid.pass-final~comes-back": (Reading("has_passed", pass_for_one_turn, "a pass lasts one turn"),),
    "bid.holder-waits~raise-own": (Reading("must_wait", holder_asked_too, "the holder is asked too"),),
    "variant.one-bid-each~ignored": (
        Reading("must_wait", _as_read_for("variant.one-bid-each", c.holder_waits), "the option ignored"),
    ),
    "bid.next-turn~pairwise": (Reading("next_caller", first_two_settle_it, "the first two settle it"),),
    "bid.next-turn~counter-clockwise": (
        Reading("next_caller", counter_clockwise_calls, "counter-clockwise"),
    ),
    "bid.end~grand-asks": (Reading("auction_over", grand_still_asks, "grand asks the others"),),
    "bid.end~one-lap": (Reading("auction_over", one_lap, "one lap"),),
    "bid.contract-is-bid~opener-plays": (Reading("declarer", opener_plays, "the opener plays"),),
    "bid.all-pass~dealer-plays-frog": (
        Reading("passed_out_contract", dealer_must_play_frog, "the dealer plays frog"),
    ),
    "variant.all-pass-same-dealer~ignored": (
        Reading(
            "redealer",
            _as_read_for("variant.all-pass-same-dealer", c.redeal_by_rotation),
            "the option ignored",
        ),
    ),
    "contract.trump~grand-no-trumps": (Reading("trump_of", grand_without_trumps, "grand without trumps"),),
    "chico.declare~leader-names": (Reading("trump_namer", leader_names, "the leader names trumps"),),
    "chico.suits~any-suit": (Reading("trump_choices", hearts_too, "hearts too"),),
    "variant.chico-hearts~ignored": (
        Reading("trump_choices", _as_read_for("variant.chico-hearts", c.not_hearts), "the option ignored"),
    ),
    "exchange.take-widow~every-contract": (Reading("exchange_of", every_bidder_takes_it, "every bidder"),),
    "variant.optional-exchange~ignored": (
        Reading("exchange_of", _as_read_for("variant.optional-exchange", c.frog_takes_the_widow), "ignored"),
    ),
    "exchange.discard~own-cards-only": (Reading("discard_options", own_cards_only, "own cards only"),),
    "exchange.discard~no-trumps": (Reading("discard_options", no_trumps_laid_away, "no trumps"),),
    "contract.widow-untouched~chico-looks": (
        Reading("bidder_sees_widow", chico_bidder_looks, "chico looks"),
    ),
    "play.first-lead~bidder-leads": (Reading("first_leader", bidder_leads, "the bidder leads"),),
    "play.clockwise~counter-clockwise": (
        Reading("next_in_trick", counter_clockwise_play, "counter-clockwise"),
    ),
    "play.lead-any~trumps-broken": (Reading("lead_options", trumps_broken_first, "trumps broken first"),),
    "play.follow-suit~next-only": (Reading("follow_options", only_the_next_seat_follows, "the next only"),),
    "play.follow-suit~may-trump": (Reading("follow_options", follow_or_trump, "follow or trump"),),
    "play.trump-if-void~free-discard": (Reading("void_options", void_plays_anything, "free discard"),),
    "play.no-duty-to-win~must-overtrump": (Reading("playable", must_overtrump, "must overtrump"),),
    "play.no-duty-to-win~must-head": (Reading("playable", must_head, "must head the trick"),),
    "trick.winner~trumps-powerless": (Reading("trick_winner", suit_led_always_wins, "trumps powerless"),),
    "trick.winner~first-trump": (Reading("trick_winner", first_trump_wins, "the first trump wins"),),
    "trick.next-lead~rotating": (Reading("next_leader", lead_rotates, "the lead rotates"),),
    "count.bidder-points~original-widow": (Reading("bidder_points", dealt_widow_counts, "the dealt widow"),),
    "count.bidder-points~widow-to-nobody": (
        Reading("bidder_points", widow_to_nobody, "the widow to nobody"),
    ),
    "count.result~opponents-need-61": (Reading("result_of", sixty_wins, "60 wins"),),
    "count.result~sixty-loses": (Reading("result_of", sixty_loses, "60 loses"),),
    "settle.difference~points-earned": (Reading("base_of", whole_count, "the whole count"),),
    "settle.difference~from-61": (Reading("base_of", difference_from_61, "from 61"),),
    "settle.multiplier~compounded": (Reading("stake_of", compounded, "compounded stakes"),),
    "variant.grand-four~ignored": (
        Reading("stake_of", _as_read_for("variant.grand-four", c.one_two_three), "the option ignored"),
    ),
    "settle.each-opponent~remaining-two": (Reading("payments", loser_pays_two, "a loser pays 2"),),
    "settle.each-opponent~split": (Reading("payments", shared_by_the_opponents, "shared"),),
    "score.start~zero": (Reading("start_score", from_zero, "scores start at 0"),),
    "score.no-floor~capped": (Reading("pay", capped_at_zero, "capped at zero"),),
    "match.end~played-only": (Reading("match_over", played_deals_only, "played deals only"),),
    "variant.target-score~ignored": (
        Reading(
            "match_over", _as_read_for("variant.target-score", c.after_so_many_deals), "the option ignored"
        ),
    ),
    "match.returns~win-loss": (Reading("returns", win_or_nothing, "1 for a win"),),
    "match.winners~above-start": (Reading("winners", above_the_start, "above the start"),),
    "match.winners~seat-breaks-tie": (Reading("winners", lowest_seat_breaks_ties, "the lowest seat"),),
    "view.own-hand~open-hands": (Reading("hands_seen", open_hands, "open hands"),),
    "view.public~current-trick-only": (Reading("tricks_seen", current_trick_only, "the current trick only"),),
    "view.widow~shown-when-taken": (Reading("widow_seen", widow_shown_when_taken, "shown when taken"),),
    "view.widow~never-shown": (Reading("widow_seen", widow_never_shown, "never shown"),),
    "view.discards~face-up": (Reading("discards_seen", discards_face_up, "face up"),),
}
"""Every misreading of the catalogue that this table can play, by ID: the entries it replaces."""
