"""The state of a match of Frog, and how an action changes it: the engine, walking the clause table.

A :class:`FrogState` is a frozen value; :meth:`FrogState.apply` returns the next one. The engine only
sequences the rules (draw the dealer, deal, call, exchange or name trumps, play the tricks, count,
settle, deal again or end the match): every decision on the way is a call to the clause table of
the state's rules (``state.rules.table``). Given a :class:`~froeschis.games.frog.provenance.Recorder`
it also reports each part of the step with the clauses that decided it and the fields it wrote.

Every step builds its state positionally, in the field order, by plain assignment to the slots of
a twin class that then becomes the frozen FrogState (:func:`_state`: attrs' frozen ``__init__``
and :func:`attrs.evolve` cost several times as much). A state remembers its legal decisions once
listed (they never change: a state is a value), so a bot that lists them and the check of the
decision it then applies (a card, a call, a discard) list them once between them.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable
from typing import Any, cast

import attrs

from froeschis.framework.errors import FormatError, IllegalActionError, InternalError, shown
from froeschis.framework.provenance import Transition as Step
from froeschis.framework.state import CHANCE, TERMINAL, Advancing
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
    parse_decision,
)
from froeschis.games.frog.cards import Card, Suit, sort_cards
from froeschis.games.frog.events import Event, EventKind
from froeschis.games.frog.provenance import Recorder
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.state import NOBODY, Call, Contract, DealRecord, Exchange, Phase, Plays, Trick
from froeschis.games.frog.table import Cards, FrogTable, Hands, Scores

PHASE_SLOT = {
    Phase.DEALER: "first_dealers",
    Phase.DEAL: "deal",
    Phase.AUCTION: "legal_calls",
    Phase.WIDOW: "exchange_of",
    Phase.DISCARD: "discard_options",
    Phase.TRUMP: "trump_choices",
    Phase.PLAY: "playable",
    Phase.OVER: "match_over",
}
"""The slot whose clause says what may happen in each phase (named when an action does not fit)."""

# Enum members bound to module names once: on Python 3.11 every ``Phase.PLAY`` runs
# ``EnumType.__getattr__``, and a step asks for several.
_DEALER, _DEAL, _AUCTION, _WIDOW = Phase.DEALER, Phase.DEAL, Phase.AUCTION, Phase.WIDOW
_DISCARD, _TRUMP, _PLAY, _OVER = Phase.DISCARD, Phase.TRUMP, Phase.PLAY, Phase.OVER
_COMPULSORY, _OPTIONAL = Exchange.COMPULSORY, Exchange.OPTIONAL
_NO_HANDS: Hands = ((), (), ())
_NO_CHANGES: Scores = (0, 0, 0)
_WIDOW_CHOICES = (TAKE_WIDOW, LEAVE_WIDOW)
_PLAY_OF = PLAYS.__getitem__
_CARD_PLAYED = operator.itemgetter(1)


@attrs.frozen(weakref_slot=False)  # no weak references: the layout :class:`_Built` shares
class FrogState(Advancing["FrogState", Action, Event]):
    """Everything about a match at one moment: a frozen value, which :meth:`apply` and :meth:`step`
    leave unchanged (they return the next state).

    During a deal every card of the deck is in exactly one place: a hand, the widow (unless the
    frog bidder took it into hand), the discards, the trick being played or a completed trick.
    Between deals (phases dealer and deal) and once the match is over the deal's fields are empty,
    and the finished deals are in :attr:`history`.
    """

    rules: Rules
    """The rules the match is played by; ``rules.table`` is the clause table the engine walks."""
    phase: Phase
    dealer: int
    """The seat dealing this deal (at a deal: about to deal); :data:`NOBODY` before the draw."""
    deals: int
    """How many deals are finished, played or passed out."""
    scores: Scores
    """Each seat's running score."""
    turn: int = NOBODY
    """The seat to decide; :data:`NOBODY` at chance nodes and once the match is over."""
    hands: Hands = _NO_HANDS
    """Each seat's cards, sorted; the frog bidder's hold the widow too once it took it."""
    widow: Cards = ()
    """The widow as dealt, sorted. It stays here when the frog bidder takes it into hand
    (:attr:`widow_taken`): it is still what the count and the views call the widow."""
    calls: tuple[Call, ...] = ()
    """This deal's calls in order: (seat, the contract bid, or None for a pass)."""
    bidder: int = NOBODY
    """The seat playing the contract; :data:`NOBODY` until the auction is won."""
    contract: Contract | None = None
    trump: Suit | None = None
    """The trump suit, once known."""
    widow_taken: bool = False
    """Whether the frog bidder took the widow into hand."""
    discards: Cards = ()
    """The cards the frog bidder laid away, sorted."""
    leader: int = NOBODY
    """The seat that leads (or led) the trick being played."""
    trick: Plays = ()
    """The trick being played: (seat, card) pairs in the order played."""
    tricks: tuple[Trick, ...] = ()
    """This deal's completed tricks."""
    history: tuple[DealRecord, ...] = ()
    """The match's finished deals, first first."""
    winners: tuple[int, ...] = ()
    """The seats with the highest score once the match is over (match.winners); empty before."""
    _legal: tuple[Decision, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """The legal decisions once listed (a cache, no part of the position: :meth:`legal_actions`)."""

    @property
    def num_players(self) -> int:
        return len(self.hands)

    @property
    def deciding_seat(self) -> int:
        """At a decision, the seat to act: :attr:`turn` (who acts next, chance included, is
        :attr:`current_player`)."""
        return self.turn

    @property
    def current_player(self) -> int:
        """Advancing's derivation from :attr:`is_terminal`, :attr:`is_chance` and :attr:`turn`, read
        off the phase at once: every step of every walk asks it (``tests/contract/test_state_machine.py``
        holds the three to agree in every state of its games)."""
        phase = self.phase
        if phase is _OVER:
            return TERMINAL
        if phase is _DEAL or phase is _DEALER:
            return CHANCE
        return self.turn

    @property
    def is_chance(self) -> bool:
        """Whether chance acts next: the draw for the first dealer, or a deal."""
        return self.phase is _DEAL or self.phase is _DEALER

    @property
    def is_terminal(self) -> bool:
        return self.phase is _OVER

    @property
    def deal_number(self) -> int:
        """The deal being played (or about to be dealt), from 1."""
        return self.deals + 1 if self.phase is not _OVER else self.deals

    def legal_actions(self) -> tuple[Decision, ...]:
        """The current player's decisions, sorted; empty at chance and terminal nodes. Listed once
        per state and remembered (set on the frozen value past attrs: a cache, never compared)."""
        legal = self._legal
        if legal is None:
            if self.phase is _PLAY:  # the most frequent, without a further call
                table = self.rules.table
                allowed = table.playable(table, self.hands[self.turn], self.trick, self.trump, self.tricks)
                legal = tuple(map(_PLAY_OF, allowed))
            else:
                legal = _legal(self)
            _set(self, "_legal", legal)
        return legal

    def chance_pool(self) -> Cards:
        """At a deal, the cards to be shuffled (any order of them is an outcome); empty elsewhere.
        The draw for the first dealer has seats for outcomes:
        :func:`froeschis.games.frog.chance.chance_outcomes`."""
        return self.rules.deck if self.phase is _DEAL else ()

    recorder = Recorder
    parse_action = staticmethod(parse_decision)

    def apply(self, action: Action | str) -> FrogState:
        """Advancing's :meth:`~froeschis.framework.state.Advancing.apply`, a card played first
        without its two calls (two actions of every three are cards): the same :func:`_play`."""
        if self.phase is _PLAY and isinstance(action, Play):
            return _play(self, action.card, None)
        return Advancing.apply(self, action)

    def _advance(self, action: Action, recorder: Recorder | None) -> FrogState:
        """The state after ``action``, which is checked on the way: the play, the most frequent
        step, first, and every other phase's step, once its kind is checked, from :data:`_STEPS`."""
        phase = self.phase
        if phase is _PLAY:
            if not isinstance(action, Play):
                raise _refuse_kind(self, action, "'play CARD'")
            return _play(self, action.card, recorder)
        found = _STEPS.get(phase)
        if found is None:
            raise _refused(self, action, PHASE_SLOT[phase], "the match is over")
        kind, expected, phase_step = found
        if not isinstance(action, kind):
            raise _refuse_kind(self, action, expected)
        return phase_step(self, action, recorder)

    def returns(self) -> tuple[float, ...]:
        """Each seat's return once the match is over (match.returns); all 0 before."""
        if self.phase is not _OVER:
            return (0.0, 0.0, 0.0)
        table = self.rules.table
        return table.returns(table, self.scores)

    def __str__(self) -> str:
        """One line: the deal, the phase and who acts."""
        if self.phase is _OVER:
            return f"match over after {self.deals} deals, scores {list(self.scores)}"
        if self.is_chance:
            return f"deal {self.deal_number}, {self.phase.value} (chance)"
        return f"deal {self.deal_number}, {self.phase.value}, seat {self.turn} to act"


class _Built(Advancing["FrogState", Action, Event]):
    """A :class:`FrogState` under construction: the same slots in the same order, set by plain
    assignment, then made a FrogState (:func:`_state`). attrs' frozen ``__init__`` sets each of the
    twenty fields through ``object.__setattr__``, about four times the cost of assigning them; the
    state a step returns is the same frozen FrogState either way (equal, and refusing assignment).
    ``tests/games/frog/test_frog_speed.py`` holds the two classes to one layout."""

    __slots__ = FrogState.__slots__


_new = object.__new__
_set = object.__setattr__


def _state(
    rules: Rules, phase: Phase, dealer: int, deals: int, scores: Scores, turn: int, hands: Hands,
    widow: Cards, calls: tuple[Call, ...], bidder: int, contract: Contract | None, trump: Suit | None,
    widow_taken: bool, discards: Cards, leader: int, trick: Plays, tricks: tuple[Trick, ...],
    history: tuple[DealRecord, ...], winners: tuple[int, ...] = (),
) -> FrogState:  # fmt: skip
    """The FrogState of these fields, given in the field order, as every step builds its state."""
    built: Any = _new(_Built)
    built.rules = rules
    built.phase = phase
    built.dealer = dealer
    built.deals = deals
    built.scores = scores
    built.turn = turn
    built.hands = hands
    built.widow = widow
    built.calls = calls
    built.bidder = bidder
    built.contract = contract
    built.trump = trump
    built.widow_taken = widow_taken
    built.discards = discards
    built.leader = leader
    built.trick = trick
    built.tricks = tricks
    built.history = history
    built.winners = winners
    built._legal = None
    _set(built, "__class__", FrogState)  # the same layout: one pointer changes, nothing is copied
    return cast(FrogState, built)


Transition = Step[FrogState, Action, Event]
"""One step with its provenance (:meth:`FrogState.transition`)."""


def new_game(players: int = 3, rules: Rules | None = None) -> FrogState:
    """A new match for ``players`` players (three: players.count), waiting for the draw of the
    first dealer (a chance node)."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise FormatError("players", f"expected a whole number of players, got {shown(players)}")
    if rules is not None and not isinstance(rules, Rules):
        raise FormatError("rules", f"expected a Rules value or None, got {shown(rules)}")
    rules = Rules() if rules is None else rules
    table = rules.table
    table.check_players(players)
    table.deal_sizes(len(rules.deck))
    start = table.start_score()
    return FrogState(rules, _DEALER, NOBODY, 0, (start, start, start))


# --------------------------------------------------------------------------- what may be done


def _legal(state: FrogState) -> tuple[Decision, ...]:
    phase = state.phase
    table = state.rules.table
    if phase is _PLAY:
        hand = state.hands[state.turn]
        allowed = table.playable(table, hand, state.trick, state.trump, state.tricks)
        return tuple(map(_PLAY_OF, allowed))
    if phase is _AUCTION:
        return tuple([BIDS[c] for c in table.legal_calls(table, state.calls)])
    if phase is _DISCARD:
        options = table.discard_options(state.hands[state.bidder], state.widow)
        return tuple([discard_of_sorted(cards) for cards in options])
    if phase is _TRUMP:
        return tuple([NAMES[suit] for suit in table.trump_choices()])
    if phase is _WIDOW:
        return _WIDOW_CHOICES
    return ()


def _refused(state: FrogState, action: object, slot: str, reason: str) -> IllegalActionError:
    return IllegalActionError(action, state.phase.value, state.rules.table.clause_of(slot), reason)


def _refuse_kind(state: FrogState, action: object, expected: str) -> IllegalActionError:
    slot = PHASE_SLOT[state.phase]
    if isinstance(action, DrawDealer | Shuffle) and not state.is_chance:
        return _refused(
            state, action, slot, f"seat {state.turn} is to decide: a chance outcome is not {expected}"
        )
    known = Bid | WidowChoice | Discard | NameTrump | Play | DrawDealer | Shuffle
    what = f"this {state.phase.value} phase takes {expected}"
    if not isinstance(action, known):
        what = f"{shown(action)} is not a Frog action: expected {expected}"
    return _refused(state, action, slot, what)


# --------------------------------------------------------------------------- one step


def _draw_dealer(state: FrogState, action: DrawDealer, rec: Recorder | None) -> FrogState:
    table = state.rules.table
    seats = table.first_dealers()
    if action.seat not in seats:
        raise _refused(state, action, "first_dealers", f"the first dealer is one of the seats {list(seats)}")
    if rec is not None:
        slots = ("first_dealers", "check_players", "start_score")
        rec.fire(slots, ("dealer", "phase"), EventKind.TO_DEAL, seat=action.seat)
    return _state(
        state.rules, _DEAL, action.seat, state.deals, state.scores, state.turn, state.hands,
        state.widow, state.calls, state.bidder, state.contract, state.trump, state.widow_taken,
        state.discards, state.leader, state.trick, state.tricks, state.history, state.winners,
    )  # fmt: skip


def _deal(state: FrogState, action: Shuffle, rec: Recorder | None) -> FrogState:
    deck = state.rules.deck
    order = action.order
    try:  # the cards of the deck, each once (anything else is no card, or not this deck's)
        whole = len(order) == len(deck) and set(order) == set(deck)
    except TypeError:  # not hashable: no card
        whole = False
    if not whole and not all(isinstance(c, Card) for c in order):
        raise _refused(state, action, "deal", "a shuffle orders cards")
    if not whole:
        raise _refused(
            state, action, "deal", f"the order must hold each of the {len(deck)} cards of the deck once"
        )
    table = state.rules.table
    hand_size, widow_size = table.deal_sizes(len(deck))
    hands, widow = table.deal(order, state.dealer, hand_size, widow_size)
    first = table.first_caller(state.dealer)
    if rec is not None:
        slots = ("deal", "deal_sizes", *(("standard_deck",) if state.rules.is_standard() else ()))
        rec.fire(slots, ("hands", "widow", "phase"), EventKind.DEALT, seat=state.dealer)
        rec.fire(("first_caller",), ("turn",), EventKind.TO_CALL, seat=first)
    return _state(
        state.rules, _AUCTION, state.dealer, state.deals, state.scores, first, hands, widow,
        state.calls, state.bidder, state.contract, state.trump, state.widow_taken, state.discards,
        state.leader, state.trick, state.tricks, state.history, state.winners,
    )  # fmt: skip


def _call(state: FrogState, action: Bid, rec: Recorder | None) -> FrogState:
    table = state.rules.table
    calls = state.calls
    legal: Any = state._legal or state.legal_actions()  # table.legal_calls, listed once per state
    contract = action.contract  # an enum member (or None): equal to a listed one if the same
    if not any(listed.contract is contract for listed in legal):
        allowed = table.legal_calls(table, calls)
        reason = (
            f"{action} does not beat the highest bid: the calls open are {[str(BIDS[c]) for c in allowed]}"
        )
        raise _refused(state, action, "legal_calls", reason)
    seat = state.turn
    calls = (*calls, (seat, action.contract))
    if rec is not None:
        rec.fire(("legal_calls", "call_rank"), ("calls",), EventKind.CALLED, seat=seat, call=str(action))
    following = table.next_caller(table, seat, calls)
    if not table.auction_over(table, calls, following):
        if following is None:
            raise InternalError("the auction goes on, but no seat may call")
        if rec is not None:
            slots = ("next_caller", "has_passed", "must_wait")
            rec.fire(slots, ("turn",), EventKind.TO_CALL, seat=following)
        return _state(
            state.rules, state.phase, state.dealer, state.deals, state.scores, following, state.hands,
            state.widow, calls, state.bidder, state.contract, state.trump, state.widow_taken,
            state.discards, state.leader, state.trick, state.tricks, state.history, state.winners,
        )  # fmt: skip
    won = table.declarer(table, calls)
    why = ("auction_over", "declarer")
    if won is None:
        won = table.passed_out_contract(state.dealer)
        why = ("auction_over", "passed_out_contract")
    if won is None:
        record = DealRecord(
            state.dealer, calls, NOBODY, None, None, state.widow, False, (), (), None, None, _NO_CHANGES
        )
        if rec is not None:
            rec.fire(why, ("phase", "hands", "widow", "calls", "history", "deals"), EventKind.PASSED_OUT)
        following_dealer = table.redealer(table, state.dealer)
        return _end_deal(state, record, state.scores, following_dealer, ("redealer",), rec)
    bidder, contract = won
    if rec is not None:
        writes = ("calls", "bidder", "contract")
        rec.fire(why, writes, EventKind.AUCTION_WON, seat=bidder, contract=contract)
    won_state = _state(
        state.rules, state.phase, state.dealer, state.deals, state.scores, state.turn, state.hands,
        state.widow, calls, bidder, contract, state.trump, state.widow_taken, state.discards,
        state.leader, state.trick, state.tricks, state.history, state.winners,
    )  # fmt: skip
    return _after_auction(won_state, rec)


def _after_auction(state: FrogState, rec: Recorder | None) -> FrogState:
    """The widow: taken (then cards are laid away), the bidder's choice, or left alone."""
    bidder = state.bidder
    exchange = state.rules.table.exchange_of(_won_contract(state, "a contract's widow is settled"))
    if exchange is _COMPULSORY:
        return _take_widow(state, ("exchange_of",), rec)
    if exchange is _OPTIONAL:
        if rec is not None:
            rec.fire(("exchange_of",), ("turn", "phase"))
        return _to_decide(state, _WIDOW, bidder)
    if rec is not None:  # chico and grand: the widow stays face down, a public fact
        rec.fire(("exchange_of", "bidder_sees_widow"), (), EventKind.WIDOW_LEFT, seat=bidder)
    return _before_play(state, rec)


def _won_contract(state: FrogState, settled: str) -> Contract:
    """The contract the auction was won with, for what is ``settled`` after it (the widow, the
    trumps): a state in those phases without one is the engine's fault, never a player's."""
    contract = state.contract
    if contract is None:
        raise InternalError(f"{settled} before the auction is won")
    return contract


def _to_decide(state: FrogState, phase: Phase, seat: int) -> FrogState:
    """``state`` waiting in ``phase`` for ``seat``'s decision (the frog bidder's widow, the chico
    bidder's trumps), every other field kept: built positionally, as every step builds its state."""
    return _state(
        state.rules, phase, state.dealer, state.deals, state.scores, seat, state.hands, state.widow,
        state.calls, state.bidder, state.contract, state.trump, state.widow_taken, state.discards,
        state.leader, state.trick, state.tricks, state.history, state.winners,
    )  # fmt: skip


def _take_widow(state: FrogState, why: tuple[str, ...], rec: Recorder | None) -> FrogState:
    bidder = state.bidder
    hands = _with_hand(state.hands, bidder, sort_cards(state.hands[bidder] + state.widow))
    if rec is not None:
        writes = (f"hands[{bidder}]", "widow_taken", "turn", "phase")
        rec.fire(why, writes, EventKind.WIDOW_TAKEN, seat=bidder)
    return _state(
        state.rules, _DISCARD, state.dealer, state.deals, state.scores, bidder, hands, state.widow,
        state.calls, state.bidder, state.contract, state.trump, True, state.discards, state.leader,
        state.trick, state.tricks, state.history, state.winners,
    )  # fmt: skip


def _choose_widow(state: FrogState, action: WidowChoice, rec: Recorder | None) -> FrogState:
    if action.take:
        return _take_widow(state, ("exchange_of",), rec)
    if rec is not None:
        rec.fire(("exchange_of",), (), EventKind.WIDOW_LEFT, seat=state.bidder)
    return _before_play(state, rec)


def _discard(state: FrogState, action: Discard, rec: Recorder | None) -> FrogState:
    table = state.rules.table
    bidder = state.bidder
    hand = state.hands[bidder]
    legal = state._legal or state.legal_actions()  # table.discard_options, listed once per state
    # By identity in C: the discards listed are shared, one per set of cards (``in`` would call
    # attrs' __eq__ on each of the hundreds listed before it).
    if not any(map(operator.is_, legal, itertools.repeat(discard_of_sorted(action.cards)))):
        options = table.discard_options(hand, state.widow)
        size = len(options[0]) if options else 0
        reason = f"lay away {size} cards of the hand you hold (the widow taken included), not {action}"
        raise _refused(state, action, "discard_options", reason)
    laid = set(action.cards)
    kept = tuple([c for c in hand if c not in laid])
    if rec is not None:
        writes = (f"hands[{bidder}]", "discards")
        rec.fire(("discard_options",), writes, EventKind.DISCARDED, seat=bidder, cards=action.cards)
    laid_away = _state(
        state.rules, state.phase, state.dealer, state.deals, state.scores, state.turn,
        _with_hand(state.hands, bidder, kept), state.widow, state.calls, state.bidder, state.contract,
        state.trump, state.widow_taken, action.cards, state.leader, state.trick, state.tricks,
        state.history, state.winners,
    )  # fmt: skip
    return _before_play(laid_away, rec)


def _before_play(state: FrogState, rec: Recorder | None) -> FrogState:
    """Trumps: named by a seat (chico) or given by the contract; then the first lead."""
    table = state.rules.table
    contract = _won_contract(state, "trumps are settled")
    namer = table.trump_namer(contract, state.bidder, state.dealer)
    if namer is not None:
        if rec is not None:
            rec.fire(("trump_namer",), ("turn", "phase"))
        return _to_decide(state, _TRUMP, namer)
    trump = table.trump_of(contract, None)
    if rec is not None:
        rec.fire(("trump_of",), ("trump",), EventKind.TRUMPS, suit=trump)
    return _start_play(_with_trump(state, trump), rec)


def _name_trump(state: FrogState, action: NameTrump, rec: Recorder | None) -> FrogState:
    table = state.rules.table
    choices = table.trump_choices()
    if action.suit not in choices:
        reason = f"trumps are one of {[s.value for s in choices]}, not {action.suit.value}"
        raise _refused(state, action, "trump_choices", reason)
    trump = table.trump_of(_won_contract(state, "trumps are named"), action.suit)
    if rec is not None:
        slots = ("trump_namer", "trump_choices", "trump_of")
        rec.fire(slots, ("trump",), EventKind.TRUMPS, seat=state.turn, suit=trump)
    return _start_play(_with_trump(state, trump), rec)


def _with_trump(state: FrogState, trump: Suit | None) -> FrogState:
    """``state`` with its trumps known (named, or given by the contract)."""
    return _state(
        state.rules, state.phase, state.dealer, state.deals, state.scores, state.turn, state.hands,
        state.widow, state.calls, state.bidder, state.contract, trump, state.widow_taken,
        state.discards, state.leader, state.trick, state.tricks, state.history, state.winners,
    )  # fmt: skip


def _start_play(state: FrogState, rec: Recorder | None) -> FrogState:
    leader = state.rules.table.first_leader(state.dealer, state.bidder)
    if rec is not None:
        rec.fire(("first_leader",), ("leader", "turn", "phase"), EventKind.TO_PLAY, seat=leader)
    return _state(
        state.rules, _PLAY, state.dealer, state.deals, state.scores, leader, state.hands, state.widow,
        state.calls, state.bidder, state.contract, state.trump, state.widow_taken, state.discards,
        leader, state.trick, state.tricks, state.history, state.winners,
    )  # fmt: skip


_STEPS: dict[Phase, tuple[type[Action], str, Callable[[FrogState, Any, Recorder | None], FrogState]]] = {
    _AUCTION: (Bid, "a call: 'pass', 'frog', 'chico' or 'grand'", _call),
    _DEAL: (Shuffle, "a Shuffle of the deck", _deal),
    _DISCARD: (Discard, "'discard CARDS'", _discard),
    _TRUMP: (NameTrump, "'trump SUIT'", _name_trump),
    _WIDOW: (WidowChoice, "'take-widow' or 'leave-widow'", _choose_widow),
    _DEALER: (DrawDealer, "the draw of the first dealer, a DrawDealer", _draw_dealer),
}
"""The step each phase but the play takes, with the kind of action it takes and how a refusal of
another kind names it: :meth:`FrogState._advance` checks the kind, once for every phase, and asks
the play, the most frequent, first. A table, not a chain of the same lines for each phase."""


def _play(state: FrogState, card: Card, rec: Recorder | None) -> FrogState:
    """A card to the trick; a full trick goes to its winner, the last one to the count."""
    table = state.rules.table
    seat = state.turn
    hand = state.hands[seat]
    plays = state.trick
    trump = state.trump
    legal = state._legal or state.legal_actions()  # table.playable, listed once per state
    play = PLAYS.get(card)
    if not _listed(legal, play):
        raise _refused(state, PLAYS.get(card, card), *_why_not(state, table, card, hand, plays))
    at = hand.index(card)
    hands = _with_hand(state.hands, seat, hand[:at] + hand[at + 1 :])
    plays = (*plays, (seat, card))
    if rec is not None:
        rec.fire(
            _allowed_by(table, hand, plays[:-1], trump),
            (f"hands[{seat}]", "trick"),
            EventKind.PLAYED,
            seat=seat,
            card=card,
        )
    following = table.next_in_trick(plays)
    if following is not None:
        if rec is not None:
            rec.fire(("next_in_trick",), ("turn",), EventKind.TO_PLAY, seat=following)
        # Positional, in the field order (rules, phase, dealer, deals, scores, turn, hands, widow,
        # calls, bidder, contract, trump, widow_taken, discards, leader, trick, tricks, history):
        # this runs for two cards of every three, and keywords cost a third more.
        return _state(
            state.rules, _PLAY, state.dealer, state.deals, state.scores, following, hands, state.widow,
            state.calls, state.bidder, state.contract, trump, state.widow_taken, state.discards,
            state.leader, plays, state.tricks, state.history,
        )  # fmt: skip
    cards = tuple(map(_CARD_PLAYED, plays))
    winner = plays[table.trick_winner(table, cards, trump)][0]
    tricks = (*state.tricks, Trick(plays, winner))
    if rec is not None:
        rec.fire(
            ("trick_winner", "rank_of"), ("trick", "tricks"), EventKind.TRICK_WON, seat=winner, cards=cards
        )
    if table.play_goes_on(hands):
        leader = table.next_leader(state.leader, winner)
        if rec is not None:
            rec.fire(("next_leader", "play_goes_on"), ("leader", "turn"), EventKind.TO_PLAY, seat=leader)
        return _state(
            state.rules, _PLAY, state.dealer, state.deals, state.scores, leader, hands, state.widow,
            state.calls, state.bidder, state.contract, trump, state.widow_taken, state.discards,
            leader, (), tricks, state.history,
        )  # fmt: skip
    return _count(state, tricks, rec)


def _allowed_by(table: FrogTable, hand: Cards, plays: Plays, trump: Suit | None) -> tuple[str, ...]:
    """The slots whose clauses allowed a card (for its event): leading, following suit, or what a
    seat void in the suit led may play; and that no duty to win narrowed it."""
    if not plays:
        return ("lead_options", "playable")
    if table.follow_options(hand, plays, trump):
        return ("follow_options", "playable")
    return ("void_options", "playable")


def _why_not(state: FrogState, table: FrogTable, card: Card, hand: Cards, plays: Plays) -> tuple[str, str]:
    """The slot whose clause refuses ``card``, and why."""
    if card not in hand:
        return "playable", f"{card} is not in seat {state.turn}'s hand"
    if not plays:
        return "lead_options", f"{card} may not be led"
    if table.follow_options(hand, plays, state.trump):
        return "follow_options", f"seat {state.turn} must follow suit ({plays[0][1].suit.value})"
    if card not in table.void_options(hand, state.trump):
        return "void_options", f"seat {state.turn} holds no {plays[0][1].suit.value} and must trump"
    return "playable", f"{card} may not be played to this trick"


def _count(state: FrogState, tricks: tuple[Trick, ...], rec: Recorder | None) -> FrogState:
    """The eleventh trick is in: count, settle, and record the deal."""
    table = state.rules.table
    contract = state.contract
    if contract is None:
        raise InternalError("a deal is counted without a contract")
    bidder = state.bidder
    count = table.bidder_points(
        table, contract, bidder, tricks, state.discards, state.widow, state.widow_taken
    )
    result = table.result_of(count)
    changes = table.payments(table.base_of(count) * table.stake_of(contract), bidder)
    scores = table.pay(state.scores, changes)
    record = DealRecord(
        state.dealer, state.calls, bidder, contract, state.trump, state.widow, state.widow_taken,
        state.discards, tricks, count, result, changes,
    )  # fmt: skip
    if rec is not None:
        counting = ("bidder_points", "points_of", "result_of")
        rec.fire(counting, ("history",), EventKind.COUNTED, seat=bidder, points=count, result=result)
        paying = ("payments", "base_of", "stake_of", "pay")
        rec.fire(paying, ("scores",), EventKind.SETTLED, changes=changes)
    return _end_deal(state, record, scores, table.next_dealer(state.dealer, changes), ("next_dealer",), rec)


def _end_deal(
    state: FrogState,
    record: DealRecord,
    scores: Scores,
    following: int,
    why: tuple[str, ...],
    rec: Recorder | None,
) -> FrogState:
    """The deal is done: the match ends, or ``following`` deals the next (as the slots ``why``
    decided)."""
    rules = state.rules
    table = rules.table
    deals = state.deals + 1
    history = (*state.history, record)
    if table.match_over(history, scores, rules.deals, rules.target_score):
        winners = table.winners(scores)
        if rec is not None:
            writes = ("phase", "turn", "deals", "winners")
            rec.fire(("match_over", "winners", "returns"), writes, EventKind.MATCH_OVER, seats=winners)
        return _state(
        rules, _OVER, state.dealer, deals, scores, NOBODY, _NO_HANDS, (), (), NOBODY, None, None, False,
        (), NOBODY, (), (), history, winners,
    )  # fmt: skip
    if rec is not None:
        rec.fire(why, ("dealer", "phase", "turn", "deals"), EventKind.TO_DEAL, seat=following)
    return _state(
        rules, _DEAL, following, deals, scores, NOBODY, _NO_HANDS, (), (), NOBODY, None, None, False,
        (), NOBODY, (), (), history,
    )  # fmt: skip


def _listed(legal: tuple[Decision, ...], decision: Decision | None) -> bool:
    """Whether ``decision`` is one of the ``legal`` listed, by identity (the plays and the discards
    listed are shared, one per card or set of cards): ``in`` would call attrs' ``__eq__`` on every
    decision listed before it, and ``any(map(operator.is_, ...))`` costs more than this loop."""
    for listed in legal:  # noqa: SIM110 - a generator in any() costs a frame per decision
        if listed is decision:
            return True
    return False


def _with_hand(hands: Hands, seat: int, hand: Cards) -> Hands:
    if seat == 0:
        return hand, hands[1], hands[2]
    if seat == 1:
        return hands[0], hand, hands[2]
    return hands[0], hands[1], hand
