"""One small pure function per rule decision of Frog: the entries of the clause table.

Each function is marked with the clause of ``spec/frog/clauses.toml`` it implements; the published
rules put them in the table (:mod:`froeschis.games.frog.readings`), and the engine calls them only
through it. Seats are 0, 1, 2 clockwise, and a seat's left is the next seat number (the
catalogue's header), so all seat arithmetic is modulo 3.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from froeschis.framework.errors import RulesError
from froeschis.framework.table import clause
from froeschis.games.frog.cards import ALL_CARDS, Card, Suit, sort_cards
from froeschis.games.frog.state import SEATS, Contract, DealRecord, Exchange, Plays, Result, Trick
from froeschis.games.frog.table import Calls, Cards, FrogTable, Hands, Scores

_S, _H, _D, _C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
_FROG, _CHICO, _GRAND = Contract.FROG, Contract.CHICO, Contract.GRAND
CONTRACTS: tuple[Contract, ...] = tuple(Contract)
"""The contracts in the order legal calls list them (pass first), whatever their rank."""
WIDOW_SIZE = 3

# --------------------------------------------------------------------------- the table and the cards


@clause("players.count")
def exactly_three(players: int) -> None:
    """Refuse any table but three players."""
    if players != SEATS:
        raise RulesError(f"Frog is played by exactly {SEATS} players, not {players}", "players.count")


@clause("deck.composition")
def thirty_six_cards() -> Cards:
    """A to 6 in each of the four suits: the 52-card pack without its 2s to 5s."""
    return ALL_CARDS


_RANK_ORDER = {rank: 8 - i for i, rank in enumerate("ATKQJ9876")}
_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


@clause("cards.rank")
def ace_ten_king(card: Card) -> int:
    """The card's rank within its suit, higher beats lower: A 8, T 7, K 6, ... 6 0."""
    return _RANK_ORDER[card.rank]


@clause("cards.points")
def card_points(card: Card) -> int:
    """A 11, T 10, K 4, Q 3, J 2, the rest nothing."""
    return _POINTS.get(card.rank, 0)


# --------------------------------------------------------------------------- dealing


@clause("match.first-dealer")
def any_seat_deals_first() -> tuple[int, ...]:
    """The outcomes of the draw for the first dealer, each equally likely."""
    return tuple(range(SEATS))


@clause("deal.rotation")
def dealer_on_the_left(dealer: int, changes: Scores) -> int:
    """The next deal is dealt by the previous dealer's left, whatever the deal's payments were."""
    return (dealer + 1) % SEATS


@clause("deal.hand-size")
def eleven_and_three(deck_size: int) -> tuple[int, int]:
    """Cards per hand and in the widow: the widow takes 3, the hands share the rest equally (11
    each of the 36); a short test deck must share out the same way, or it cannot be dealt."""
    if deck_size < SEATS + WIDOW_SIZE or (deck_size - WIDOW_SIZE) % SEATS:
        raise RulesError(
            f"a deck of {deck_size} cards cannot be dealt into three equal hands and a widow of "
            f"{WIDOW_SIZE}: it needs 3 x hand size + {WIDOW_SIZE} cards (36 in the published game)",
            "deal.hand-size",
        )
    return (deck_size - WIDOW_SIZE) // SEATS, WIDOW_SIZE


def cut_short(packets: Sequence[int], hand_size: int) -> tuple[int, ...]:
    """Packet sizes for hands of ``hand_size``: each round's packet as given while the hand has
    room, the last round the rest (4, 3, 4 for eleven cards; a short test deck's hands fill up
    sooner)."""
    sizes, left = [], hand_size
    for size in packets[:-1]:
        sizes.append(min(size, left))
        left -= sizes[-1]
    return (*sizes, left)


def deal_rounds(
    order: Sequence[Card], seats: Sequence[int], packets: Sequence[int], widow_after: int, widow_size: int
) -> tuple[Hands, Cards]:
    """Deal ``order`` from its first card in rounds: in each round a packet of that round's size
    to each of ``seats`` in turn, the widow after ``widow_after`` rounds; the hands and the widow,
    sorted."""
    hands: list[list[Card]] = [[], [], []]
    widow: Sequence[Card] = ()
    at = 0
    for done, size in enumerate(packets):
        if done == widow_after:
            widow, at = order[at : at + widow_size], at + widow_size
        for seat in seats:
            hands[seat].extend(order[at : at + size])
            at += size
    if widow_after >= len(packets):
        widow = order[at : at + widow_size]
    return (sort_cards(hands[0]), sort_cards(hands[1]), sort_cards(hands[2])), sort_cards(widow)


def from_the_left(dealer: int) -> tuple[int, int, int]:
    """The seats in the order they are dealt to: the dealer's left first, the dealer last."""
    return (dealer + 1) % SEATS, (dealer + 2) % SEATS, dealer


@clause("deal.packets")
def four_three_widow_four(
    order: Sequence[Card], dealer: int, hand_size: int, widow_size: int
) -> tuple[Hands, Cards]:
    """Packets of 4, then 3, then the widow, then 4, to each seat from the dealer's left."""
    return deal_rounds(order, from_the_left(dealer), cut_short((4, 3, 4), hand_size), 2, widow_size)


# --------------------------------------------------------------------------- the auction


@clause("bid.first")
def left_of_dealer_calls_first(dealer: int) -> int:
    """The seat that calls first: the dealer's left-hand neighbour."""
    return (dealer + 1) % SEATS


_CALL_RANK = {None: 0, _FROG: 1, _CHICO: 2, _GRAND: 3}


@clause("bid.ranking")
def pass_frog_chico_grand(call: Contract | None) -> int:
    """The rank of a call: a pass 0, then frog, chico, grand."""
    return _CALL_RANK[call]


def highest_bid(table: FrogTable, calls: Calls) -> tuple[int, Contract] | None:
    """The highest bid made so far (by bid.ranking) with the seat that made it; None before any."""
    best: tuple[int, Contract] | None = None
    best_rank = table.call_rank(None)
    for seat, call in calls:
        if call is not None and table.call_rank(call) > best_rank:
            best, best_rank = (seat, call), table.call_rank(call)
    return best


def _rank_of_highest(table: FrogTable, calls: Calls) -> int:
    """The rank (bid.ranking) of the highest bid so far; a pass's rank before any bid."""
    top = highest_bid(table, calls)
    return table.call_rank(None if top is None else top[1])


@clause("bid.raise")
def pass_or_beat_the_highest(table: FrogTable, calls: Calls) -> tuple[Contract | None, ...]:
    """A pass, or any contract ranked above the highest bid (jumps included)."""
    floor = _rank_of_highest(table, calls)
    return (None, *[c for c in CONTRACTS if table.call_rank(c) > floor])


@clause("bid.pass-final")
def passed_for_good(seat: int, calls: Calls) -> bool:
    """Whether ``seat`` has passed in this auction: then it calls no more."""
    return any(s == seat and call is None for s, call in calls)


@clause("bid.holder-waits")
def holder_waits(table: FrogTable, seat: int, calls: Calls) -> bool:
    """Whether ``seat`` holds the highest bid, and so is not asked while it stands."""
    top = highest_bid(table, calls)
    return top is not None and top[0] == seat


@clause("variant.one-bid-each")
def called_already(table: FrogTable, seat: int, calls: Calls) -> bool:
    """Whether ``seat`` has called in this auction: every seat calls once."""
    return any(s == seat for s, _ in calls)


@clause("bid.next-turn")
def next_seat_that_may_call(table: FrogTable, last: int, calls: Calls) -> int | None:
    """Clockwise from the seat that called last, the first seat that has not passed and need not
    wait; None when there is none."""
    for step in range(1, SEATS + 1):
        seat = (last + step) % SEATS
        if not table.has_passed(seat, calls) and not table.must_wait(table, seat, calls):
            return seat
    return None


@clause("bid.end")
def nobody_to_call_or_unbeatable(table: FrogTable, calls: Calls, following: int | None) -> bool:
    """Over when no seat may call (``following`` is None: all passed, or a bid stands that nobody
    may still beat), or when no contract ranks above the highest bid (grand)."""
    floor = _rank_of_highest(table, calls)
    return following is None or all(table.call_rank(c) <= floor for c in CONTRACTS)


@clause("bid.contract-is-bid")
def highest_bidder_plays_it(table: FrogTable, calls: Calls) -> tuple[int, Contract] | None:
    """The bidder and its contract: the seat of the highest bid, playing that bid; None if none."""
    return highest_bid(table, calls)


@clause("bid.all-pass")
def void_deal(dealer: int) -> tuple[int, Contract] | None:
    """What a deal all three passed plays: nothing (a void deal, no settlement)."""
    return None


@clause("bid.all-pass")
def redeal_by_rotation(table: FrogTable, dealer: int) -> int:
    """After a void deal the deal passes on as after any other (deal.rotation; nothing was paid)."""
    return table.next_dealer(dealer, (0, 0, 0))


@clause("variant.all-pass-same-dealer")
def same_dealer_again(table: FrogTable, dealer: int) -> int:
    """After a void deal the same seat deals again (the variant's reading of an all-pass)."""
    return dealer


# --------------------------------------------------------------------------- the contracts


@clause("contract.trump")
def hearts_unless_chico(contract: Contract, named: Suit | None) -> Suit | None:
    """Hearts in frog and grand; in chico the suit the bidder named."""
    return named if contract is _CHICO else _H


@clause("chico.declare")
def chico_bidder_names(contract: Contract, bidder: int, dealer: int) -> int | None:
    """Who names trumps before the first lead: the chico bidder; nobody in the other contracts."""
    return bidder if contract is _CHICO else None


@clause("chico.suits")
def not_hearts() -> tuple[Suit, ...]:
    """The suits a chico bidder may name: any but hearts, which are trumps in the other contracts."""
    return (_S, _D, _C)


@clause("variant.chico-hearts")
def any_suit() -> tuple[Suit, ...]:
    """The suits a chico bidder may name in the variant: all four, hearts included."""
    return (_S, _H, _D, _C)


@clause("exchange.take-widow")
def frog_takes_the_widow(contract: Contract) -> Exchange:
    """Whether the bidder takes the widow: a frog bidder must; chico and grand leave it."""
    return Exchange.COMPULSORY if contract is _FROG else Exchange.NONE


@clause("variant.optional-exchange")
def frog_may_take_the_widow(contract: Contract) -> Exchange:
    """Whether the bidder takes the widow in the variant: a frog bidder may decline; chico and grand
    leave it."""
    return Exchange.OPTIONAL if contract is _FROG else Exchange.NONE


@clause("exchange.discard")
def any_cards_of_the_hand(hand: Cards, widow: Cards) -> tuple[Cards, ...]:
    """The sets the bidder, holding ``hand`` (the widow taken included), may lay away: any of as
    many cards as the widow held, in sorting order."""
    return tuple(itertools.combinations(hand, len(widow)))


@clause("contract.widow-untouched")
def widow_stays_face_down(contract: Contract) -> bool:
    """Whether the bidder of a contract without an exchange looks at the widow: never."""
    return False


# --------------------------------------------------------------------------- the play


@clause("play.first-lead")
def left_of_dealer_leads(dealer: int, bidder: int) -> int:
    """The seat that leads to the first trick: the dealer's left, whoever the bidder is."""
    return (dealer + 1) % SEATS


@clause("play.clockwise")
def next_clockwise_or_full(plays: Plays) -> int | None:
    """The seat to play next to the trick, clockwise; None once every seat has played."""
    return None if len(plays) == SEATS else (plays[-1][0] + 1) % SEATS


@clause("play.lead-any")
def lead_anything(hand: Cards, trump: Suit | None, tricks: tuple[Trick, ...]) -> Cards:
    """The cards a seat may lead: any card of its hand (no suit is barred from the lead)."""
    return hand


@clause("play.follow-suit")
def cards_of_the_suit_led(hand: Cards, plays: Plays, trump: Suit | None) -> Cards:
    """The hand's cards of the suit led (none: the seat is void)."""
    led = plays[0][1].suit
    return tuple([c for c in hand if c.suit is led])


@clause("play.trump-if-void")
def trumps_else_anything(hand: Cards, trump: Suit | None) -> Cards:
    """For a seat void in the suit led: its trumps, or its whole hand when it holds none."""
    trumps = tuple([c for c in hand if c.suit is trump])
    return trumps or hand


@clause("play.no-duty-to-win")
def any_allowed_card(
    table: FrogTable, hand: Cards, plays: Plays, trump: Suit | None, tricks: tuple[Trick, ...]
) -> Cards:
    """The legal cards: what leading (play.lead-any), or else following suit (play.follow-suit),
    or else trumping when void (play.trump-if-void) allows, all of it: no duty to beat the trick."""
    if not plays:
        return table.lead_options(hand, trump, tricks)
    return table.follow_options(hand, plays, trump) or table.void_options(hand, trump)


@clause("trick.winner")
def highest_trump_else_suit_led(table: FrogTable, cards: Cards, trump: Suit | None) -> int:
    """The position in the trick (0 for the lead) of the highest trump, or without a trump of the
    highest card of the suit led."""
    led = cards[0].suit
    rank_of = table.rank_of
    best, strongest = 0, (-1, -1)
    for i, c in enumerate(cards):  # the first of the strongest, as max() would pick it
        suit = c.suit
        strength = (2 if suit is trump else 1 if suit is led else 0), rank_of(c)
        if strength > strongest:
            best, strongest = i, strength
    return best


@clause("trick.next-lead")
def winner_leads(leader: int, winner: int) -> int:
    """The seat that leads to the next trick: the last trick's winner."""
    return winner


@clause("trick.next-lead")
def cards_remain(hands: Hands) -> bool:
    """Whether another trick follows: the hands still hold cards."""
    return any(hands)


# --------------------------------------------------------------------------- the count


def points(table: FrogTable, held: Sequence[Card]) -> int:
    """The card points of ``held`` (cards.points)."""
    return sum([table.points_of(c) for c in held])


@clause("count.bidder-points")
def tricks_and_the_widow(
    table: FrogTable,
    contract: Contract,
    bidder: int,
    tricks: tuple[Trick, ...],
    discards: Cards,
    widow: Cards,
    widow_taken: bool,
) -> int:
    """The card points of the bidder's tricks, plus its discards when it took the widow, else the
    widow's (chico, grand, or a frog widow left)."""
    won = sum([points(table, trick.cards) for trick in tricks if trick.winner == bidder])
    return won + points(table, discards if widow_taken else widow)


@clause("count.result")
def sixty_one_wins(count: int) -> Result:
    """The bidder's result from its card points: 61 or more wins, exactly 60 draws, less loses."""
    return Result.WIN if count >= 61 else Result.DRAW if count == 60 else Result.LOSS


# --------------------------------------------------------------------------- the settlement


@clause("settle.difference")
def difference_from_sixty(count: int) -> int:
    """What each opponent pays before the contract's multiplier: the bidder's points minus 60."""
    return count - 60


_STAKES = {_FROG: 1, _CHICO: 2, _GRAND: 3}
_STAKES_GRAND_FOUR = {_FROG: 1, _CHICO: 2, _GRAND: 4}


@clause("settle.multiplier")
def one_two_three(contract: Contract) -> int:
    """The contract's multiplier as the seat reads it: frog 1, chico 2, grand 3."""
    return _STAKES[contract]


@clause("variant.grand-four")
def one_two_four(contract: Contract) -> int:
    """The contract's multiplier in the variant of the older sources: frog 1, chico 2, grand 4."""
    return _STAKES_GRAND_FOUR[contract]


@clause("settle.each-opponent")
def each_opponent_pays(amount: int, bidder: int) -> Scores:
    """Each seat's change: every opponent pays ``amount`` to the bidder (a negative amount is paid
    by the bidder to each opponent), so the bidder's changes by twice it."""
    changes = [-amount, -amount, -amount]
    changes[bidder] = 2 * amount
    return changes[0], changes[1], changes[2]


# --------------------------------------------------------------------------- the match


@clause("score.start")
def a_hundred_and_fifty() -> int:
    """Every seat's score at the start of a match: 150."""
    return 150


@clause("score.no-floor")
def paid_in_full(scores: Scores, changes: Scores) -> Scores:
    """The scores after a settlement, paid in full whatever they were (no floor)."""
    return scores[0] + changes[0], scores[1] + changes[1], scores[2] + changes[2]


@clause("match.end")
def after_so_many_deals(done: tuple[DealRecord, ...], scores: Scores, deals: int, target_score: int) -> bool:
    """Over once ``deals`` deals (played or passed out) are done."""
    return len(done) >= deals


@clause("variant.target-score")
def at_the_target(done: tuple[DealRecord, ...], scores: Scores, deals: int, target_score: int) -> bool:
    """Over once a seat's score has reached ``target_score``."""
    return max(scores) >= target_score


@clause("match.returns")
def points_won(table: FrogTable, scores: Scores) -> tuple[float, ...]:
    """Each seat's score minus the starting score: what it won or lost over the match."""
    start = table.start_score()
    return tuple([float(s - start) for s in scores])


@clause("match.winners")
def highest_scores(scores: Scores) -> tuple[int, ...]:
    """The winners of a match: every seat with the highest score (a tie has several)."""
    top = max(scores)
    return tuple([seat for seat in range(SEATS) if scores[seat] == top])


# --------------------------------------------------------------------------- what a seat sees


@clause("view.own-hand")
def own_hand_only(hands: Hands, seat: int) -> tuple[Cards | None, ...]:
    """The hands as ``seat`` sees them: its own, None for the others."""
    return tuple([hand if s == seat else None for s, hand in enumerate(hands)])


@clause("view.public")
def every_trick(tricks: tuple[Trick, ...]) -> tuple[Trick, ...]:
    """The completed tricks every seat sees: all of this deal's."""
    return tricks


@clause("view.widow")
def widow_to_whom(
    table: FrogTable,
    seat: int,
    bidder: int,
    contract: Contract | None,
    taken: bool,
    counted: bool,
    widow: Cards,
) -> Cards | None:
    """The widow's cards if ``seat`` may see them, else None: nobody during the auction or after a
    passed-out deal; the frog bidder once it took them; everybody once the deal is counted, unless
    they went into the frog bidder's hand."""
    if contract is None:
        return None
    if counted:
        return None if taken else widow
    if taken:
        return widow if seat == bidder else None
    return widow if seat == bidder and table.bidder_sees_widow(contract) else None


@clause("view.discards")
def discards_to_the_bidder(seat: int, bidder: int, counted: bool, discards: Cards) -> Cards | None:
    """The cards laid away if ``seat`` may see them: the bidder always, everybody at the count."""
    return discards if counted or seat == bidder else None
