"""Properties every Frog state and step must have, stated from the rule text, not from the clause
functions the engine uses: checked after every step of the state machine and in every state of
the exhaustive walks.

Every card of the deck in exactly one place; 120 card points in every deal (the deck's points, for
a short test deck); the legal cards exactly those that following suit, trumping when void or any
card allow; the calls exactly a pass and the bids above the highest; payments that sum to zero and
scores that always total 450; the winners, once the match is over, the seats with the highest
score; a seat's view holding no card it may not know. A violation raises :class:`InvariantError`.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from froeschis.framework import invariants
from froeschis.framework.invariants import InvariantError
from froeschis.games.frog.actions import (
    BIDS,
    LEAVE_WIDOW,
    NAMES,
    PLAYS,
    TAKE_WIDOW,
    Action,
    Discard,
    DrawDealer,
    Play,
    Shuffle,
)
from froeschis.games.frog.cards import ALL_CARDS, Card
from froeschis.games.frog.engine import FrogState
from froeschis.games.frog.events import Event, EventKind
from froeschis.games.frog.observation import observe
from froeschis.games.frog.serialize import cards_in_play
from froeschis.games.frog.state import SEATS, Contract, DealRecord, Phase

POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
"""The card points as ja.20.1 gives them."""
START = 150
"""Every seat's score at the start (ja.25.2)."""
BID_ORDER = (Contract.FROG, Contract.CHICO, Contract.GRAND)
"""The bids from lowest to highest (ja.14.1)."""


def _points(held: Any) -> int:
    return sum(POINTS.get(c.rank, 0) for c in held)


def check_state(state: FrogState) -> None:
    """Cards, points and scores accounted for; the legal actions well formed and exactly what the
    obligations allow."""
    in_deal = state.phase not in (Phase.DEALER, Phase.DEAL, Phase.OVER)
    held = cards_in_play(state)
    if in_deal and held != Counter(state.rules.deck):
        raise InvariantError(f"cards lost or added during the deal: {sorted(held)} is not the deck")
    if not in_deal and held:
        raise InvariantError(f"cards in play between deals: {sorted(held)}")
    if sum(state.scores) != SEATS * START:
        raise InvariantError(f"the scores {state.scores} do not total {SEATS * START}")
    for record in state.history:
        _check_record(state, record)
    _check_winners(state)
    actions = state.legal_actions()
    if bool(actions) != in_deal:
        raise InvariantError(f"legal actions {actions} in phase {state.phase.value}")
    if len(set(actions)) != len(actions):
        raise InvariantError(f"legal actions listed twice: {actions}")
    if state.phase is Phase.PLAY:
        _check_play(state, actions)
    if state.phase is Phase.AUCTION:
        _check_calls(state, actions)


def _check_winners(state: FrogState) -> None:
    """No winner before the match is over; then every seat with the highest score (match.winners),
    so at least one."""
    over = state.phase is Phase.OVER
    best = tuple(seat for seat, score in enumerate(state.scores) if score == max(state.scores))
    if state.winners != (best if over else ()):
        raise InvariantError(f"winners {state.winners} in phase {state.phase.value}, scores {state.scores}")


def _check_record(state: FrogState, record: DealRecord) -> None:
    if sum(record.changes) != 0:
        raise InvariantError(f"a deal's payments {record.changes} do not sum to zero")
    if record.contract is None:
        if any(record.changes) or record.tricks:
            raise InvariantError("a passed-out deal was played or paid")
        return
    played: Counter[Card] = Counter()
    for trick in record.tricks:
        played.update(trick.cards)
    kept = record.discards if record.widow_taken else record.widow
    if played + Counter(kept) != Counter(state.rules.deck):
        raise InvariantError("the deal's tricks and the cards laid aside are not the deck")
    bidder_tricks = sum(_points(t.cards) for t in record.tricks if t.winner == record.bidder)
    others = sum(_points(t.cards) for t in record.tricks if t.winner != record.bidder)
    if record.points != bidder_tricks + _points(kept):
        raise InvariantError(
            f"the bidder counted {record.points}, its tricks and {list(kept)} hold otherwise"
        )
    if record.points + others != _points(state.rules.deck):
        raise InvariantError(f"the deal's points {record.points} + {others} are not the deck's")


def _check_play(state: FrogState, actions: tuple[Any, ...]) -> None:
    """The legal cards are the obligations of ja.23.2 to ja.23.6, worked out here."""
    hand = state.hands[state.turn]
    if state.trick:
        led = state.trick[0][1].suit
        expected = (
            [c for c in hand if c.suit is led] or [c for c in hand if c.suit is state.trump] or list(hand)
        )
    else:
        expected = list(hand)
    if [a.card for a in actions if isinstance(a, Play)] != expected or len(actions) != len(expected):
        raise InvariantError(f"legal plays {actions}, but the obligations allow {expected}")


def _check_calls(state: FrogState, actions: tuple[Any, ...]) -> None:
    bids = [call for _, call in state.calls if call is not None]
    floor = max((BID_ORDER.index(b) for b in bids), default=-1)
    expected = [BIDS[None], *[BIDS[b] for b in BID_ORDER[floor + 1 :]]]
    if list(actions) != expected:
        raise InvariantError(
            f"legal calls {actions}, but a pass and the bids above the highest are {expected}"
        )


def candidate_actions(state: FrogState) -> Iterator[Action]:
    """Actions to propose in ``state``, legal or not: every call, widow choice and suit; a play of
    each card of the hand to act and of one card another seat holds; a discard of cards not held,
    and of none; chance outcomes."""
    yield from BIDS.values()
    yield from (TAKE_WIDOW, LEAVE_WIDOW)
    yield from NAMES.values()
    seat = state.turn if state.turn >= 0 else 0
    yield from (PLAYS[c] for c in state.hands[seat])
    yield from (PLAYS[c] for c in state.hands[(seat + 1) % SEATS][:1])
    yield Discard(tuple(state.rules.deck[:3]))
    yield Discard(())
    yield from (DrawDealer(0), DrawDealer(3), Shuffle(()))


def check_legality(state: FrogState) -> None:
    """Every legal action applies; every other candidate is refused with IllegalActionError (a
    chance outcome, legal or not, is checked by the chance node's own tests)."""
    invariants.check_legality(state, candidate_actions(state), _chance_outcome)


def _chance_outcome(state: FrogState, action: Action) -> bool:
    return isinstance(action, DrawDealer | Shuffle) and state.is_chance


def check_step(before: FrogState, after: FrogState, events: tuple[Event, ...]) -> None:
    """Scores change only when a deal is settled, and then by payments that sum to zero; a step
    completes at most one trick."""
    settled = [e for e in events if e.kind is EventKind.SETTLED]
    if not settled and after.scores != before.scores:
        raise InvariantError(
            f"the scores changed from {before.scores} to {after.scores} without a settlement"
        )
    for event in settled:
        moved = tuple(a - b for a, b in zip(after.scores, before.scores, strict=True))
        if sum(event.changes) != 0 or moved != tuple(event.changes):
            raise InvariantError(
                f"a settlement {event.changes} that does not move the scores by its payments"
            )
    if sum(e.kind is EventKind.TRICK_WON for e in events) > 1:
        raise InvariantError("one step completed two tricks")
    if (
        after.phase is Phase.PLAY
        and before.phase is Phase.PLAY
        and len(after.tricks) - len(before.tricks) not in (0, 1)
    ):
        raise InvariantError("tricks vanished or jumped")


_CARD_TEXT = re.compile(r'"([AKQJT9876][SHDC])"')
_BY_TEXT = {str(c): c for c in ALL_CARDS}


def _cards_in(view: dict[str, Any]) -> set[Card]:
    """Every card written anywhere in a seat's view, its legal actions aside (they are the
    seat's own cards or calls)."""
    shown = json.dumps({key: value for key, value in view.items() if key != "legal"})
    return {_BY_TEXT[text] for text in _CARD_TEXT.findall(shown)}


def may_know(state: FrogState, seat: int) -> set[Card]:
    """The cards ``seat`` may know in ``state``: its hand, every card played this deal, the widow
    and the discards when it is the frog bidder who took them, and what earlier deals showed at
    their count (the widow unless the frog bidder took it, and the discards)."""
    known = set(state.hands[seat])
    known.update(c for _, c in state.trick)
    for trick in state.tricks:
        known.update(trick.cards)
    if state.bidder == seat and state.widow_taken:
        known.update(state.widow)
    if state.bidder == seat:
        known.update(state.discards)
    for record in state.history:
        if record.contract is not None:
            known.update(record.discards)
            if not record.widow_taken:
                known.update(record.widow)
    return known


def check_observations(state: FrogState) -> None:
    """No seat's view shows a card it may not know; each shows its own hand and every trick."""
    for seat in range(SEATS):
        view = observe(state, seat)
        leaked = _cards_in(view) - may_know(state, seat)
        if leaked:
            raise InvariantError(f"seat {seat} sees {sorted(map(str, leaked))}, which it may not know")
        if view["hands"][seat] != [str(c) for c in state.hands[seat]]:
            raise InvariantError(f"seat {seat} does not see its own hand")
        if len(view["tricks"]) != len(state.tricks):
            raise InvariantError(f"seat {seat} does not see the deal's {len(state.tricks)} tricks")
        if state.current_player == seat and view["legal"] != [str(a) for a in state.legal_actions()]:
            raise InvariantError(f"seat {seat} is not shown its legal actions")
