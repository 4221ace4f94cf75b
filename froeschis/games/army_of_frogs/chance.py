"""The game's one chance event, the mixing of the bag: a seeded sample, and every distinct outcome.

An outcome is an order of the bag's stones (:class:`~froeschis.games.army_of_frogs.actions.Shuffle`);
the caller gives it, the engine never draws. Stones of one colour are alike (components.stones), so
two orders that differ only by exchanging such stones are one outcome: with k stones of each of n
colours there are (kn)! / (k!)^n of them, equally likely (setup.shuffle).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from froeschis.framework.chance import distinct_orders
from froeschis.games.army_of_frogs.actions import Shuffle
from froeschis.games.army_of_frogs.engine import ArmyState


def sample_chance(state: ArmyState, rng: random.Random) -> Shuffle:
    """A random outcome of the shuffle, as setup.shuffle draws it from ``rng``."""
    return Shuffle(state.rules.table.shuffle(state.chance_pool(), rng))


def chance_outcomes(state: ArmyState) -> Iterator[Shuffle]:
    """Every distinct outcome of the shuffle, each once, in lexicographic order."""
    return (Shuffle(order) for order in distinct_orders(state.chance_pool()))
