"""Resolving Frog's chance nodes: seeded sampling, and every outcome for exhaustive walks.

Two kinds of chance node: the draw of the first dealer (outcomes :class:`DrawDealer`, one per seat
match.first-dealer allows, equally likely) and the deal (outcomes :class:`Shuffle`, every order of
the deck, equally likely; all cards of a deck differ, so every order is distinct).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from froeschis.framework.errors import InternalError
from froeschis.games.frog.actions import Chance, DrawDealer, Shuffle
from froeschis.games.frog.engine import FrogState
from froeschis.games.frog.state import Phase

_DEALER, _DEAL = Phase.DEALER, Phase.DEAL  # bound once: an enum member's lookup is no free read


def sample_chance(state: FrogState, rng: random.Random) -> Chance:
    """A uniformly random outcome of the chance node ``state``."""
    phase = state.phase
    if phase is _DEAL:
        order = list(state.rules.deck)
        rng.shuffle(order)
        return Shuffle(tuple(order))
    if phase is _DEALER:
        return DrawDealer(rng.choice(state.rules.table.first_dealers()))
    raise InternalError(f"no chance acts in phase {state.phase.value!r}")


def chance_outcomes(state: FrogState) -> Iterator[Chance]:
    """Every outcome of the chance node ``state``, each once, in a fixed order (the seats in their
    order; the deck's orders lexicographically by card code)."""
    if state.phase is Phase.DEALER:
        return iter([DrawDealer(seat) for seat in state.rules.table.first_dealers()])
    if state.phase is Phase.DEAL:
        return (Shuffle(order) for order in itertools.permutations(state.rules.deck))
    return iter(())
