"""Fröschis' ``encoding/1`` (:mod:`froeschis.core.encoding`) as the framework's
:class:`~froeschis.framework.encoding.Encoding`, ``GAME.extras["encoding"]``: what the generic
wrappers (:mod:`froeschis.interop.spiel`, :mod:`froeschis.interop.aec`) read to play Fröschis.

The ids, tensors and strings are the encoding's. What is added here is chance as integers: a
shuffle of 60 cards has far too many orders to list, so a deal (and a reshuffle) is taken one card
at a time, each step's outcomes the kinds of card still in the pool (:func:`card_kinds`' indices),
each as likely as its remaining count makes it, which gives every order of the pool the probability
of a uniform shuffle. And the one thing a seat's history tells beyond its view: whether the draw
pile was made by a reshuffle this round (its contents are then known), the wrappers' ``memory``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from froeschis.core.actions import AnyAction, Shuffle
from froeschis.core.cards import Row, spot
from froeschis.core.encoding import (
    action_to_id,
    card_kinds,
    id_to_action,
    information_state_blocks,
    information_state_string,
    information_state_tensor,
    num_distinct_actions,
    observation_blocks,
    observation_string,
    observation_tensor,
)
from froeschis.core.engine import GameState
from froeschis.core.errors import IllegalActionError, shown
from froeschis.core.rules import Rules
from froeschis.core.state import Phase, Player
from froeschis.framework.encoding import Blocks, Encoding, Knowledge

_POOL: list[Any] = [None, ()]
"""The last chance node asked about and its pool's count of each kind: a chance node is asked once
per card of its order (60 at a deal), and counting the pool is most of the cost of a step."""


def _left(state: GameState, partial: Sequence[int]) -> list[int]:
    """How many cards of each kind the chance node still has to place after the steps ``partial``."""
    if _POOL[0] is not state:
        pool = Counter(state.chance_pool())
        _POOL[:] = [state, tuple(pool[card] for card in card_kinds(state.rules))]
    left = list(_POOL[1])
    for kind in partial:
        left[kind] -= 1
    return left


def chance_step(state: GameState, partial: Sequence[int]) -> list[tuple[int, float]]:
    """The kinds the next card of the order may be, each with its share of the cards left."""
    left = _left(state, partial)
    total = sum(left)
    return [(kind, count / total) for kind, count in enumerate(left) if count]


def chance_action(state: GameState, partial: Sequence[int]) -> Shuffle | None:
    """The shuffle once ``partial`` orders the whole pool, else None; a kind of card not left to
    choose (or no kind at all) is refused as the engine refuses an illegal action."""
    kinds = card_kinds(state.rules)
    last = partial[-1]
    left = _left(state, partial[:-1])
    if not (isinstance(last, int) and 0 <= last < len(kinds) and left[last]):
        clause = "round.deal" if state.phase is Phase.DEAL else "draw.reshuffle"
        reason = f"no card of kind {shown(last)} is left to choose"
        raise IllegalActionError(last, state.phase.value, clause, reason)
    if sum(left) > 1:
        return None
    return Shuffle(tuple(kinds[kind] for kind in partial))


def chance_ids(state: GameState, outcome: Shuffle) -> tuple[int, ...]:
    kinds = card_kinds(state.rules)
    return tuple(kinds.index(card) for card in outcome.order)


def remember(known: bool, before: GameState, action: AnyAction, after: GameState) -> bool:
    """Whether the draw pile's contents are known: made by a reshuffle this round (after a deal
    nothing of the pile is known)."""
    if isinstance(action, Shuffle):
        return before.phase is Phase.RESHUFFLE
    return known and after.round == before.round


def resample_state(
    state: GameState, partial: Sequence[int], known: bool, seat: int, rng: random.Random
) -> tuple[GameState, tuple[int, ...]]:
    """Every card nobody has seen dealt again at random (in Fröschis every seat sees the same
    cards): the face-down cards and the draw pile share the unseen cards, except after a reshuffle
    this round, when the draw pile keeps its (known) cards in a new order and the face-down spots
    share the rest; at a chance node the cards chosen so far (unseen) are drawn again from the
    pool. By symmetry these are equally likely given what the seat saw. The hidden cards are sorted
    first, so the draw depends on what the seat knows and ``rng`` only."""
    kinds = card_kinds(state.rules)
    if partial:
        pool = list(state.chance_pool())
        rng.shuffle(pool)
        partial = tuple(kinds.index(card) for card in pool[: len(partial)])
    if state.phase is Phase.DEAL:  # no row is dealt: the pile is the whole deck, sorted
        return state, tuple(partial)
    face_down = sorted(s.card for p in state.players for s in p.row.spots if not s.face_up)
    pile = sorted(state.draw_pile)
    if known:
        rng.shuffle(face_down)
        rng.shuffle(pile)
    else:
        unseen = face_down + pile
        rng.shuffle(unseen)
        face_down, pile = unseen[: len(face_down)], unseen[len(face_down) :]
    dealt = iter(face_down)
    players = tuple(
        Player(p.length, Row(tuple(s if s.face_up else spot(next(dealt), False) for s in p.row.spots)))
        for p in state.players
    )
    return attrs.evolve(state, players=players, draw_pile=tuple(pile)), tuple(partial)


def _observation_blocks(rules: Rules, players: int) -> Blocks:
    return observation_blocks(players, rules)


def _information_state_blocks(rules: Rules, players: int) -> Blocks:
    return information_state_blocks(players, rules)


def _information_state_tensor(state: GameState, seat: int, known: bool) -> tuple[float, ...]:
    return information_state_tensor(state, seat, draw_pile_known=known)


def _information_state_string(state: GameState, seat: int, known: bool) -> str:
    return information_state_string(state, seat, draw_pile_known=known)


KNOWLEDGE = Knowledge(
    observation_blocks=_observation_blocks,
    observation_tensor=observation_tensor,
    observation_string=observation_string,
    information_state_blocks=_information_state_blocks,
    information_state_tensor=_information_state_tensor,
    information_state_string=_information_state_string,
    memory=lambda start: False,
    remember=remember,
    observation_bounds=lambda rules, players: (0.0, float(len(rules.deck))),
)
"""``encoding/1``'s tensors and strings; the memory is whether the draw pile is known."""

ENCODING = Encoding(
    num_distinct_actions=lambda rules, players: num_distinct_actions(rules),
    action_id=lambda state, action: action_to_id(action, state.rules),
    max_chance_outcomes=lambda rules, players: len(card_kinds(rules)),
    chance_step=chance_step,
    chance_action=chance_action,
    chance_ids=chance_ids,
    knowledge=KNOWLEDGE,
    decision=lambda rules, action_id: id_to_action(action_id, rules),
    chance_text=lambda rules, kind: f"card {card_kinds(rules)[kind]}",
    resample_state=resample_state,
)
"""Fröschis' numbers, as the generic wrappers read them."""
