"""Resolving chance nodes: seeded sampling (every distinct outcome, for exhaustive walks, is
:func:`froeschis.framework.chance.distinct_orders` of :meth:`GameState.chance_pool`)."""

from __future__ import annotations

import random

from froeschis.games.froeschis.actions import Shuffle
from froeschis.games.froeschis.engine import GameState


def sample_chance(state: GameState, rng: random.Random) -> Shuffle:
    """A uniformly random outcome of the chance node ``state`` (a shuffle of its pool)."""
    order = list(state.chance_pool())
    rng.shuffle(order)
    return Shuffle(tuple(order))
