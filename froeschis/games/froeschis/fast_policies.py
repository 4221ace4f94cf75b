"""The greedy bot and round rollouts on :class:`~froeschis.games.froeschis.fast.FastGame`, for the ISMC bot's
search.

The reference versions (:func:`froeschis.games.froeschis.bots.greedy_policy`,
:func:`froeschis.games.froeschis.bots.rollout_value`) are the definitions; these play the same decisions on
the int-coded engine, drawing from the random source exactly as they do (the same calls, in the same
order, on lists of the same length), so with the same random source a rollout here ends where the
reference's ends and is worth the same. ``tests/games/froeschis/test_ismc.py`` holds them to that on many
states of
every variant.
"""

from __future__ import annotations

import random

from froeschis.games.froeschis.actions import DRAW, SWAP, TAKE_DISCARD, Action
from froeschis.games.froeschis.fast import (
    DRAW_PHASE,
    FACE_DOWN,
    FROG_PHASE,
    LEAST_FACE_DOWN,
    OVER,
    RESHUFFLE,
    FastGame,
)

MAX_ROLLOUT_STEPS = 10_000
"""A safety bound on a rollout's length (a round takes a few hundred steps at most in practice)."""

_FROG = 0
"""The frog's code."""


def greedy_action(game: FastGame, rng: random.Random) -> Action:
    """:func:`froeschis.games.froeschis.bots.greedy_policy` on a :class:`FastGame` (a decision node).

    The discard is taken when it would be placed (a frog, or a number whose spot in the mover's row
    is face down or holds a frog); a frog goes on the face-down spot whose number has the fewest
    copies nobody can see (face down in some row or in the draw pile), ties broken by one
    ``rng.choice`` among them in spot order; a swap is always made.
    """
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = game.phase
    row = game.rows[game.turn]
    if phase == DRAW_PHASE:  # draw or take the discard
        top = game.discard[-1]
        if top == _FROG:
            return TAKE_DISCARD
        if 0 < top <= len(row):
            lying = row[top - 1]
            if lying >= LEAST_FACE_DOWN or lying == _FROG:
                return TAKE_DISCARD
        return DRAW
    if phase == FROG_PHASE:
        hidden = game.draw[:]
        for other in game.rows:
            hidden += [v - FACE_DOWN for v in other if v >= LEAST_FACE_DOWN]
        unseen = [hidden.count(a.spot) for a in legal]
        fewest = min(unseen)
        return rng.choice([a for a, n in zip(legal, unseen, strict=True) if n == fewest])
    return SWAP  # the optional frog swap: swap or decline


def rollout_value(game: FastGame, action: Action, seat: int, rng: random.Random) -> float:
    """:func:`froeschis.games.froeschis.bots.rollout_value` with the greedy policy, on ``game`` (changed in
    place).

    ``action`` is played, then every seat plays :func:`greedy_action` and chance is shuffled from
    ``rng`` until the round the action was played in ends: 1 if ``seat`` completed its row in it (or
    won), minus the share of the other seats that did.
    """
    start_round, lengths = game.round, game.lengths[:]
    apply, sample = game.apply, game.sample_chance
    apply(action)
    steps = 0
    while (phase := game.phase) != OVER and game.round == start_round:
        if steps >= MAX_ROLLOUT_STEPS:
            return 0.0
        apply(sample(rng) if phase <= RESHUFFLE else greedy_action(game, rng))
        steps += 1
    if phase == OVER:
        completed = set(game.winners)
    else:
        completed = {s for s, n in enumerate(game.lengths) if n < lengths[s]}
    return relative_value(seat, completed, len(lengths))


def relative_value(seat: int, completed: set[int], players: int) -> float:
    """1 if ``seat`` is among the ``completed`` seats, minus the share of the other seats that are."""
    others = len(completed - {seat}) / (players - 1)
    return (1.0 if seat in completed else 0.0) - others
