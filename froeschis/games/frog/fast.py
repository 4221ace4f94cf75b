"""FastFrog: a mutable Frog match on small ints, playing the reference's very matches faster.

:class:`FastFrog` keeps one match in lists it changes in place: a card is its code (suit x 9 + rank
index, :attr:`froeschis.games.frog.cards.Card.code`), a hand a sorted list of codes, the auction
its highest rank and holder. It takes and lists the reference's own action values (the shared
plays, calls and discards of :mod:`froeschis.games.frog.actions`), in the reference's order, so a
random bot picking among them draws from its random source exactly as on the reference, and a
seed gives the same match on both. It plays the published rules, every variant and every deck the
reference deals (the tiny ones); rules with readings beyond the variants (misreadings) are the
reference's alone.

It makes no events and records no provenance: the clauses are the reference's
(:mod:`froeschis.games.frog.clauses`), and what FastFrog must get right is that it plays them. The
framework's lock-step verifier (:mod:`froeschis.framework.lockstep`) holds it to the reference at
every step, and ``tests/games/frog/test_frog_fast.py`` shows the verifier catches a FastFrog with
one rule broken and recounts the census's perft rows on FastFrog alone. :meth:`FastFrog.to_state`
is where it stands as a reference state.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Sequence
from typing import Any

import attrs

from froeschis.framework.errors import FormatError, IllegalActionError
from froeschis.games.frog.actions import (
    BIDS,
    LEAVE_WIDOW,
    NAMES,
    PLAYS,
    TAKE_WIDOW,
    Action,
    Bid,
    Decision,
    Discard,
    DrawDealer,
    NameTrump,
    Play,
    Shuffle,
    WidowChoice,
    discard_of_sorted,
)
from froeschis.games.frog.cards import ALL_CARDS, RANKS, SUITS, Card, Suit
from froeschis.games.frog.engine import PHASE_SLOT, FrogState, new_game
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.state import NOBODY, SEATS, Contract, DealRecord, Phase, Result, Trick
from froeschis.games.frog.table import FrogTable, Hands

DEALER, DEAL, AUCTION, WIDOW, DISCARD, TRUMP, PLAY, OVER = range(8)
"""The phases, as ints (the reference's :class:`~froeschis.games.frog.state.Phase` in order)."""
PHASES: tuple[Phase, ...] = tuple(Phase)
_RANK_COUNT = len(RANKS)
_HEARTS = SUITS.index(Suit.HEARTS)
_POINTS = (11, 10, 4, 3, 2, 0, 0, 0, 0)
"""cards.points by rank index (A T K Q J 9 8 7 6)."""
_CARD = ALL_CARDS
"""The card of each code."""
_PLAY = tuple(PLAYS[c] for c in ALL_CARDS)
"""Playing the card of each code: the reference's shared plays."""
_CONTRACTS = (None, Contract.FROG, Contract.CHICO, Contract.GRAND)
"""The calls by rank (bid.ranking): a pass, then frog, chico, grand."""
_RANK_OF_CALL = {None: 0, Contract.FROG: 1, Contract.CHICO: 2, Contract.GRAND: 3}
_OPEN_CALLS = tuple((BIDS[None], *(BIDS[c] for c in _CONTRACTS[high + 1 :])) for high in range(4))
"""The legal calls (bid.raise) above a highest bid of each rank: a pass, then every higher contract."""


@attrs.frozen
class Setup:
    """What FastFrog reads of a rules value once: the deck, the deal's sizes, the variants."""

    deck: tuple[int, ...]
    """The deck's codes, sorted."""
    hand_size: int
    widow_size: int
    packets: tuple[int, int, int]
    """The packets of deal.packets, cut short for a short hand."""
    one_bid_each: bool
    same_dealer: bool
    optional_exchange: bool
    trump_names: tuple[NameTrump, ...]
    stakes: tuple[int, int, int, int]
    """settle.multiplier by call rank (a pass 0)."""
    deals: int | None
    """match.end: the deals of a match, or None when it ends at the target score."""
    target: int
    start: int


def setup(rules: Rules) -> Setup:
    """The setup of ``rules`` (checked as the reference checks them: :func:`new_game`), made once
    per rules value and clause table."""
    return _setup(rules, rules.table)


@functools.cache
def _setup(rules: Rules, table: FrogTable) -> Setup:
    if rules.readings:
        raise FormatError("rules.readings", "FastFrog plays the published rules and their variants")
    new_game(SEATS, rules)
    hand, widow = table.deal_sizes(len(rules.deck))
    first = min(4, hand)
    second = min(3, hand - first)
    return Setup(
        deck=tuple(c.code for c in rules.deck),
        hand_size=hand,
        widow_size=widow,
        packets=(first, second, hand - first - second),
        one_bid_each=rules.one_bid_each,
        same_dealer=rules.all_pass_same_dealer,
        optional_exchange=rules.optional_frog_exchange,
        trump_names=tuple(NAMES[s] for s in table.trump_choices()),
        stakes=(0, 1, 2, 4 if rules.grand_pays_four else 3),
        deals=None if rules.end_at_target_score else rules.deals,
        target=rules.target_score,
        start=table.start_score(),
    )


class FastFrog:
    """One match of Frog, changed in place by :meth:`apply`."""

    __slots__ = (
        "_legal",
        "bidder",
        "called",
        "calls",
        "contract",
        "dealer",
        "deals",
        "discards",
        "hands",
        "high",
        "history",
        "holder",
        "leader",
        "passed",
        "phase",
        "rules",
        "scores",
        "setup",
        "trick",
        "tricks",
        "trump",
        "turn",
        "widow",
        "widow_taken",
        "winners",
        "won",
    )  # fmt: skip

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.setup = setup(rules)
        self.phase = DEALER
        self.dealer = NOBODY
        self.deals = 0
        self.scores = [self.setup.start] * SEATS
        self.history: list[DealRecord] = []
        self.winners: tuple[int, ...] = ()
        self._clear_deal()

    def _clear_deal(self) -> None:
        self.turn = NOBODY
        self.hands: list[list[int]] = [[], [], []]
        self.widow: list[int] = []
        self.calls: list[tuple[int, Contract | None]] = []
        self.high = 0
        self.holder = NOBODY
        self.passed = [False, False, False]
        self.called = [False, False, False]
        self.bidder = NOBODY
        self.contract: Contract | None = None
        self.trump = -1
        self.widow_taken = False
        self.discards: tuple[int, ...] = ()
        self.leader = NOBODY
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[tuple[tuple[tuple[int, int], ...], int]] = []
        self.won = 0
        self._legal: tuple[Decision, ...] | None = None

    @classmethod
    def new(cls, players: int = SEATS, rules: Rules | None = None) -> FastFrog:
        """A new match waiting for the draw of the first dealer (the reference's :func:`new_game`)."""
        rules = Rules() if rules is None else rules
        if type(players) is not int or players != SEATS:
            new_game(players, rules)  # refused as the reference refuses it (the rules: by setup)
        return cls(rules)

    # ------------------------------------------------------------------ what it says

    @property
    def is_chance(self) -> bool:
        return self.phase <= DEAL

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int:
        """The seat to decide, -1 at chance nodes, -4 once the match is over (as the reference)."""
        return -4 if self.phase == OVER else -1 if self.phase <= DEAL else self.turn

    def returns(self) -> tuple[float, ...]:
        """Each seat's score change over the match once it is over (match.returns); all 0 before."""
        if self.phase != OVER:
            return (0.0, 0.0, 0.0)
        start = self.setup.start
        return tuple([float(s - start) for s in self.scores])

    def legal_actions(self) -> tuple[Decision, ...]:
        """The decisions of the seat to act, the reference's values in its order."""
        legal = self._legal
        if legal is not None:
            return legal
        phase = self.phase
        if phase == PLAY:
            legal = tuple([_PLAY[c] for c in self.playable()])
        elif phase == AUCTION:
            legal = _OPEN_CALLS[self.high]
        elif phase == DISCARD:
            hand = [_CARD[c] for c in self.hands[self.bidder]]
            legal = tuple(map(discard_of_sorted, itertools.combinations(hand, len(self.widow))))
        elif phase == TRUMP:
            legal = self.setup.trump_names
        elif phase == WIDOW:
            legal = (TAKE_WIDOW, LEAVE_WIDOW)
        else:
            legal = ()
        self._legal = legal
        return legal

    def playable(self) -> list[int]:
        """play.lead-any, play.follow-suit, play.trump-if-void: the codes of the cards to play."""
        hand = self.hands[self.turn]
        trick = self.trick
        if not trick:
            return hand
        led = trick[0][1] // _RANK_COUNT
        follow = [c for c in hand if c // _RANK_COUNT == led]
        if follow:
            return follow
        trump = self.trump
        return [c for c in hand if c // _RANK_COUNT == trump] or hand

    # ------------------------------------------------------------------ one step

    def apply(self, action: Action) -> None:
        """Play ``action`` (a decision of the seat to act, or a chance outcome)."""
        phase = self.phase
        if phase == PLAY and type(action) is Play:
            self.play(action.card.code)
            return
        if phase == DEAL and isinstance(action, Shuffle):
            self.deal([c.code for c in action.order] if _a_deck_order(self, action) else [])
            return
        if phase == DEALER and isinstance(action, DrawDealer) and action.seat in range(SEATS):
            self.draw_dealer(action.seat)
            return
        if phase in (DEAL, DEALER, OVER) or not _listed(self.legal_actions(), action):
            raise self._refused(action)
        self._legal = None
        if isinstance(action, Bid):
            self.call(_RANK_OF_CALL[action.contract])
        elif isinstance(action, WidowChoice):
            if action.take:
                self._take_widow()
            else:
                self._before_play()
        elif isinstance(action, Discard):
            self._discard(action.cards)
        elif isinstance(action, NameTrump):
            self.trump = SUITS.index(action.suit)
            self._start_play()
        elif isinstance(action, Play):  # an equal play, not the shared one
            self.play(action.card.code)

    def _refused(self, action: object) -> IllegalActionError:
        phase = PHASES[self.phase]
        clause = self.rules.table.clause_of(PHASE_SLOT[phase])
        return IllegalActionError(action, phase.value, clause, "not a legal action here (FastFrog)")

    def sample_chance(self, rng: random.Random) -> None:
        """Resolve the chance node as the reference's :func:`~froeschis.games.frog.chance.sample_chance`
        draws it from ``rng`` (the same draws: a choice among the seats, a shuffle of the deck)."""
        if self.phase == DEAL:
            order = list(self.setup.deck)
            rng.shuffle(order)
            self.deal(order)
        elif self.phase == DEALER:
            self.draw_dealer(rng.choice(range(SEATS)))
        else:
            raise self._refused("a chance outcome")

    def draw_dealer(self, seat: int) -> None:
        """match.first-dealer."""
        self.dealer = seat
        self.phase = DEAL

    def deal(self, order: list[int]) -> None:
        """deal.packets: 4, 3, the widow, 4 from the dealer's left; bid.first: the left calls."""
        if len(order) != len(self.setup.deck):
            raise self._refused("a shuffle of other cards than the deck's")
        dealer = self.dealer
        seats = ((dealer + 1) % 3, (dealer + 2) % 3, dealer)
        hands: list[list[int]] = [[], [], []]
        first, second, third = self.setup.packets
        at = 0
        for size in (first, second):
            for seat in seats:
                hands[seat] += order[at : at + size]
                at += size
        widow_size = self.setup.widow_size
        self.widow = sorted(order[at : at + widow_size])
        at += widow_size
        for seat in seats:
            hands[seat] += order[at : at + third]
            at += third
        for hand in hands:
            hand.sort()
        self.hands = hands
        self.phase = AUCTION
        self.turn = (dealer + 1) % 3
        self._legal = None

    def call(self, rank: int) -> None:
        """bid.raise, bid.pass-final, bid.holder-waits (or variant.one-bid-each), bid.next-turn,
        bid.end, bid.contract-is-bid, bid.all-pass."""
        seat = self.turn
        self.calls.append((seat, _CONTRACTS[rank]))
        self.called[seat] = True
        if rank:
            self.high, self.holder = rank, seat
        else:
            self.passed[seat] = True
        following = NOBODY
        for step in (1, 2, 3):
            other = (seat + step) % 3
            waits = self.called[other] if self.setup.one_bid_each else other == self.holder
            if not self.passed[other] and not waits:
                following = other
                break
        self._legal = None
        if following != NOBODY and self.high < 3:
            self.turn = following
            return
        if not self.high:
            record = DealRecord(
                self.dealer, tuple(self.calls), NOBODY, None, None, self._cards(self.widow), False, (),
                (), None, None, (0, 0, 0),
            )  # fmt: skip
            following = self.dealer if self.setup.same_dealer else (self.dealer + 1) % 3
            self._end_deal(record, following)
            return
        self.bidder = self.holder
        contract = self.contract = _CONTRACTS[self.high]
        if contract is Contract.FROG:
            if self.setup.optional_exchange:
                self.phase, self.turn = WIDOW, self.bidder
            else:
                self._take_widow()
        else:
            self._before_play()

    def _take_widow(self) -> None:
        """exchange.take-widow, then exchange.discard."""
        bidder = self.bidder
        self.hands[bidder] = sorted(self.hands[bidder] + self.widow)
        self.widow_taken = True
        self.phase, self.turn = DISCARD, bidder
        self._legal = None

    def _discard(self, cards: Sequence[Card]) -> None:
        self.discard_codes([c.code for c in cards])

    def discard_codes(self, laid: list[int]) -> None:
        """exchange.discard: lay the cards of codes ``laid`` (in sorting order) away."""
        self._legal = None
        self.hands[self.bidder] = [c for c in self.hands[self.bidder] if c not in laid]
        self.discards = tuple(laid)
        self._before_play()

    def _before_play(self) -> None:
        """chico.declare, contract.trump."""
        if self.contract is Contract.CHICO:
            self.phase, self.turn = TRUMP, self.bidder
            self._legal = None
            return
        self.trump = _HEARTS
        self._start_play()

    def _start_play(self) -> None:
        """play.first-lead."""
        self.leader = self.turn = (self.dealer + 1) % 3
        self.phase = PLAY
        self._legal = None

    def play(self, card: int) -> None:
        """Play the card of code ``card`` to the trick, once it is checked to be a legal one."""
        if card not in self.playable():
            raise self._refused(_PLAY[card])
        self.play_listed(card)

    def play_listed(self, card: int) -> None:
        """A card of :meth:`playable` to the trick (play.clockwise); a full one to its winner
        (trick.winner, trick.next-lead), the last to the count."""
        self._legal = None
        seat = self.turn
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append((seat, card))
        if len(trick) < 3:
            self.turn = (seat + 1) % 3
            return
        winner = trick[self.trick_winner(trick)][0]
        if winner == self.bidder:
            self.won += _POINTS[trick[0][1] % 9] + _POINTS[trick[1][1] % 9] + _POINTS[trick[2][1] % 9]
        self.tricks.append((tuple(trick), winner))
        self.trick = []
        if self.hands[0] or self.hands[1] or self.hands[2]:
            self.leader = self.turn = winner
            return
        self._count()

    def trick_winner(self, trick: list[tuple[int, int]]) -> int:
        """trick.winner: the position in the trick of the highest trump, or without one of the
        highest card of the suit led (cards.rank: A high, 6 low)."""
        led = trick[0][1] // _RANK_COUNT
        trump = self.trump
        best, strongest = 0, -1
        for i, (_, c) in enumerate(trick):
            suit = c // _RANK_COUNT
            strength = (32 if suit == trump else 16 if suit == led else 0) + _RANK_COUNT - 1 - c % _RANK_COUNT
            if strength > strongest:
                best, strongest = i, strength
        return best

    def copy(self) -> FastFrog:
        """An independent copy (for a search: FastFrog changes in place)."""
        twin = object.__new__(FastFrog)
        for name in FastFrog.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.scores = self.scores[:]
        twin.hands = [hand[:] for hand in self.hands]
        twin.widow = self.widow[:]
        twin.calls = self.calls[:]
        twin.passed = self.passed[:]
        twin.called = self.called[:]
        twin.trick = self.trick[:]
        twin.tricks = self.tricks[:]
        twin.history = self.history[:]
        return twin

    def _count(self) -> None:
        """count.bidder-points, count.result, settle.*, score.no-floor, deal.rotation."""
        laid = self.discards if self.widow_taken else self.widow
        count = self.won + sum([_POINTS[c % 9] for c in laid])
        result = Result.WIN if count >= 61 else Result.DRAW if count == 60 else Result.LOSS
        amount = (count - 60) * self.setup.stakes[self.high]
        changes = [-amount, -amount, -amount]
        changes[self.bidder] = 2 * amount
        scores = self.scores
        for seat in (0, 1, 2):
            scores[seat] += changes[seat]
        record = DealRecord(
            self.dealer, tuple(self.calls), self.bidder, self.contract, SUITS[self.trump],
            self._cards(self.widow), self.widow_taken, self._cards(self.discards), self._tricks(), count,
            result, (changes[0], changes[1], changes[2]),
        )  # fmt: skip
        self._end_deal(record, (self.dealer + 1) % 3)

    def _end_deal(self, record: DealRecord, following: int) -> None:
        """match.end (or variant.target-score), match.winners."""
        self.deals += 1
        self.history.append(record)
        scores = self.scores
        deals = self.setup.deals
        over = len(self.history) >= deals if deals is not None else max(scores) >= self.setup.target
        self._clear_deal()
        if over:
            top = max(scores)
            self.winners = tuple([seat for seat in (0, 1, 2) if scores[seat] == top])
            self.phase = OVER
        else:
            self.dealer = following
            self.phase = DEAL

    # ------------------------------------------------------------------ as the reference sees it

    @staticmethod
    def _cards(codes: Sequence[int]) -> tuple[Card, ...]:
        return tuple([_CARD[c] for c in codes])

    def _tricks(self) -> tuple[Trick, ...]:
        return tuple(
            Trick(tuple([(seat, _CARD[c]) for seat, c in plays]), winner) for plays, winner in self.tricks
        )

    def to_state(self) -> FrogState:
        """Where the match stands, as a reference state."""
        phase = self.phase
        cards = self._cards
        hands: Hands = (cards(self.hands[0]), cards(self.hands[1]), cards(self.hands[2]))
        scores = self.scores
        trump = SUITS[self.trump] if self.trump >= 0 else None
        return FrogState(
            self.rules, PHASES[phase], self.dealer, self.deals, (scores[0], scores[1], scores[2]),
            self.turn, hands,
            self._cards(self.widow), tuple(self.calls), self.bidder, self.contract, trump, self.widow_taken,
            self._cards(self.discards), self.leader, tuple([(s, _CARD[c]) for s, c in self.trick]),
            self._tricks(), tuple(self.history), self.winners,
        )  # fmt: skip


def _a_deck_order(game: FastFrog, action: Shuffle) -> bool:
    """Whether a shuffle orders the deck's cards, each once (deal.packets: any order of the deck)."""
    order = action.order
    try:
        return all(isinstance(c, Card) for c in order) and sorted(c.code for c in order) == list(
            game.setup.deck
        )
    except TypeError:
        return False


def _listed(legal: tuple[Decision, ...], action: object) -> bool:
    """Whether ``action`` is one of ``legal`` (by identity first: the listed decisions are shared)."""
    return any(listed is action for listed in legal) or action in legal


# --------------------------------------------------------------------------- playing a match


def play_fast(players: int, seed: int) -> tuple[FastFrog, int]:
    """The random match :func:`froeschis.framework.loop.play_game` plays for ``seed`` (one random
    source for chance and every seat), on FastFrog: the match and its number of actions."""
    rng = random.Random(seed)
    choice = rng.choice
    game = FastFrog.new(players)
    actions = 0
    while True:
        phase = game.phase
        if phase == PLAY:
            game.play_listed(choice(game.playable()))
        elif phase == OVER:
            return game, actions
        elif phase <= DEAL:
            game.sample_chance(rng)
        elif phase == DISCARD:  # the listing's k-th discard, drawn as choice() draws from it
            hand = game.hands[game.bidder]
            size = len(game.widow)
            game.discard_codes(_nth_combination(hand, size, choice(range(math.comb(len(hand), size)))))
        else:
            game.apply(choice(game.legal_actions()))
        actions += 1


def _nth_combination(pool: list[int], size: int, index: int) -> list[int]:
    """The ``index``-th of the combinations of ``size`` of ``pool`` in the order
    :func:`itertools.combinations` lists them (the recipe of its documentation)."""
    n = len(pool)
    c = math.comb(n, size)
    result = []
    while size:
        c, n, size = c * size // n, n - 1, size - 1
        while index >= c:
            index -= c
            c, n = c * (n - size) // n, n - 1
        result.append(pool[-1 - n])
    return result


def policy_on_fast(policy: Any, random_bot: bool) -> Any:
    """A seat's bot on FastFrog: a random bot picks among FastFrog's legal actions (the reference's,
    in its order, so the same draws); any other decides on the reference state."""
    if random_bot:
        return lambda game, rng: rng.choice(game.legal_actions())
    return lambda game, rng: policy(game.to_state(), rng)
