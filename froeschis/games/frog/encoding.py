"""Frog's numbers for learning libraries (``GAME.encoding``): decision ids, the chance
nodes one card at a time, and a seat's observation as a vector.

A decision id is fixed for the game, whatever the state: the four calls (0-3), taking or leaving the
widow (4, 5), naming a trump (6-9), playing a card (10 + its code, 36 ids), and a discard of ``k``
cards (the widow's size) as its rank in the combinatorial number system over the 36 codes, after
those. The deal's chance node, an order of the deck (36! outcomes: far too many to list), is taken
one card at a time: each step's outcome is a card still to be dealt, all equally likely, which gives
every order the probability of a uniform shuffle; the draw of the first dealer is one step.

The observation is built from the seat's view (:func:`~froeschis.games.frog.observation.observe`)
alone, so it holds nothing the seat may not see.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from froeschis.framework.encoding import Encoding
from froeschis.framework.errors import IllegalActionError, InternalError, shown
from froeschis.games.frog.actions import (
    PLAYS,
    Action,
    Bid,
    Discard,
    DrawDealer,
    NameTrump,
    Play,
    Shuffle,
    WidowChoice,
)
from froeschis.games.frog.cards import ALL_CARDS, Card, Suit, card
from froeschis.games.frog.engine import PHASE_SLOT, FrogState
from froeschis.games.frog.observation import observe
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.state import Contract, Phase

SEATS = 3
_CALLS = (None, *Contract)
_SUITS = tuple(Suit)
_PLAY_BASE = 10
_DISCARD_BASE = _PLAY_BASE + len(ALL_CARDS)
_PHASES = tuple(Phase)


def widow_size(rules: Rules) -> int:
    """The cards left over when the deck is dealt to three seats (three for the published deck)."""
    return len(rules.deck) % SEATS or SEATS


def _combination_rank(codes: Sequence[int]) -> int:
    return sum(math.comb(code, i + 1) for i, code in enumerate(sorted(codes)))


def num_distinct_actions(rules: Rules, players: int) -> int:
    """Every decision id there may be: the fixed ones and every discard of the widow's size."""
    return _DISCARD_BASE + math.comb(len(ALL_CARDS), widow_size(rules))


def action_id(state: FrogState, action: Action) -> int:
    """The id of a decision (or a one-step chance outcome: a dealer's seat, a card's code)."""
    if isinstance(action, Bid):
        return _CALLS.index(action.contract)
    if isinstance(action, WidowChoice):
        return 4 if action.take else 5
    if isinstance(action, NameTrump):
        return 6 + _SUITS.index(action.suit)
    if isinstance(action, Play):
        return _PLAY_BASE + action.card.code
    if isinstance(action, Discard):
        return _DISCARD_BASE + _combination_rank([c.code for c in action.cards])
    raise InternalError(f"no id for {action!r}")


def max_chance_outcomes(rules: Rules, players: int) -> int:
    return max(len(rules.deck), SEATS)


def chance_step(state: FrogState, partial: Sequence[int]) -> list[tuple[int, float]]:
    """The outcomes of the next step of the chance node ``state`` after ``partial``, with their
    probabilities: a seat of the first dealer, or a card's code not yet dealt."""
    if state.phase is Phase.DEALER:
        seats = state.rules.table.first_dealers()
        return [(seat, 1.0 / len(seats)) for seat in seats]
    left = [c.code for c in state.rules.deck if c.code not in partial]
    return [(code, 1.0 / len(left)) for code in left]


def chance_action(state: FrogState, partial: Sequence[int]) -> Action | None:
    """The chance outcome ``partial`` makes, once it is complete; None before. A step that is no
    outcome of :func:`chance_step` (a seat that cannot deal first, a card not in the deck or dealt
    already) is refused, naming the phase's clause."""
    if partial[-1] not in dict(chance_step(state, partial[:-1])):
        clause = state.rules.table.clause_of(PHASE_SLOT[state.phase])
        reason = f"{shown(partial[-1])} is no outcome of this chance step"
        raise IllegalActionError(partial[-1], state.phase.value, clause, reason)
    if state.phase is Phase.DEALER:
        return DrawDealer(partial[0]) if partial else None
    if len(partial) < len(state.rules.deck):
        return None
    return Shuffle(tuple(ALL_CARDS[code] for code in partial))


def chance_ids(state: FrogState, action: Action) -> tuple[int, ...]:
    """The steps of a chance outcome, as :func:`chance_step` takes them."""
    if isinstance(action, DrawDealer):
        return (action.seat,)
    if isinstance(action, Shuffle):
        return tuple(c.code for c in action.order)
    raise InternalError(f"{action!r} is no chance outcome")


def _cards(texts: Sequence[str] | None) -> list[int]:
    return [card(text).code for text in texts or ()]


def observation_size(rules: Rules, players: int) -> int:
    return len(_PHASES) + 36 * 9 + 4 + 6 + 4 + 6 + 5


def observation_tensor(view: Mapping[str, Any]) -> list[float]:
    """A seat's view as numbers: phase, its hand, the widow and discards it sees, the trick and the
    earlier tricks of the deal by seat (counted from the viewer), the calls, contract, bidder,
    trump, the seat to act, the dealer, the scores (in hundreds) and the deals played."""
    seat = view["seat"]
    out = [0.0] * observation_size(Rules(), SEATS)
    out[_PHASES.index(Phase(view["phase"]))] = 1.0
    base = len(_PHASES)

    def mark(offset: int, codes: list[int]) -> None:
        for code in codes:
            out[base + offset * 36 + code] = 1.0

    mark(0, _cards(view["hands"][seat]))
    mark(1, _cards(view["widow"]))
    mark(2, _cards(view["discards"]))
    for who, text in view["trick"]:
        mark(3 + (who - seat) % SEATS, _cards([text]))
    for trick in view["tricks"]:
        for who, text in trick["plays"]:
            mark(6 + (who - seat) % SEATS, _cards([text]))
    at = base + 36 * 9
    for _, call in view["calls"]:
        out[at + _CALLS.index(None if call in (None, "pass") else Contract(call))] = 1.0
    at += 4
    if view["contract"] is not None:
        out[at + list(Contract).index(Contract(view["contract"]))] = 1.0
        out[at + 3 + (view["bidder"] - seat) % SEATS] = 1.0
    at += 6
    if view["trump"] is not None:
        out[at + _SUITS.index(Suit(view["trump"]))] = 1.0
    at += 4
    for offset, who in ((0, view["turn"]), (3, view["dealer"])):
        if isinstance(who, int) and 0 <= who < SEATS:
            out[at + offset + (who - seat) % SEATS] = 1.0
    at += 6
    for i in range(SEATS):
        out[at + i] = view["scores"][(seat + i) % SEATS] / 100.0
    out[at + 3] = float(view["deals"])
    out[at + 4] = 1.0 if view["widow_taken"] else 0.0
    return out


def _seen(view: Mapping[str, Any]) -> set[int]:
    seen = set(_cards(view["hands"][view["seat"]]) + _cards(view["widow"]) + _cards(view["discards"]))
    seen.update(_cards([text for _, text in view["trick"]]))
    seen.update(_cards([text for trick in view["tricks"] for _, text in trick["plays"]]))
    return seen


def _relabelled(action: Action, swap: Mapping[Card, Card]) -> Action:
    if isinstance(action, Shuffle):
        return Shuffle(tuple(swap.get(c, c) for c in action.order))
    if isinstance(action, Discard):
        return Discard(tuple(swap.get(c, c) for c in action.cards))
    if isinstance(action, Play):
        return PLAYS[swap.get(action.card, action.card)]
    return action


def resample(
    states: Sequence[FrogState], actions: Sequence[Action], seat: int, rng: random.Random
) -> tuple[FrogState, tuple[Action, ...]]:
    """A history consistent with what ``seat`` has seen of ``states[-1]``: the cards of the current
    deal it has not seen relabelled by a random permutation (in the deal and in every discard),
    kept only if the relabelled history is legal and leaves the seat's view unchanged (follow-suit
    and trump plays limit what the others may hold); after 200 refused tries, the history itself."""
    last = states[-1]
    view = observe(last, seat)
    deal_at = max((i for i, a in enumerate(actions) if isinstance(a, Shuffle)), default=None)
    if deal_at is None:
        return last, tuple(actions)
    unseen = [c for c in last.rules.deck if c.code not in _seen(view)]
    for _ in range(200):
        shuffled = rng.sample(unseen, len(unseen))
        swap = dict(zip(unseen, shuffled, strict=True))
        tried = [*actions[:deal_at], *(_relabelled(a, swap) for a in actions[deal_at:])]
        state = states[deal_at]
        try:
            for action in tried[deal_at:]:
                state = state.apply(action)
        except IllegalActionError:  # a relabelled step the rules forbid: try another permutation
            continue
        if observe(state, seat) == view:
            return state, tuple(tried)
    return last, tuple(actions)


ENCODING = Encoding(
    num_distinct_actions=num_distinct_actions,
    action_id=action_id,
    max_chance_outcomes=max_chance_outcomes,
    chance_step=chance_step,
    chance_action=chance_action,
    chance_ids=chance_ids,
    observation_size=observation_size,
    observation_tensor=observation_tensor,
    resample=resample,
    utility=(-10_000.0, 10_000.0),
)
"""The game's numbers, as the generic wrappers (:mod:`froeschis.interop.openspiel`, ...) read them
(its returns are points won, bounded loosely)."""
