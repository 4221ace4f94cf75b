"""Resolving chance nodes: seeded sampling, and every distinct outcome for exhaustive walks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

from froeschis.games.froeschis.actions import Shuffle
from froeschis.games.froeschis.cards import Card
from froeschis.games.froeschis.engine import GameState


def sample_chance(state: GameState, rng: random.Random) -> Shuffle:
    """A uniformly random outcome of the chance node ``state`` (a shuffle of its pool)."""
    order = list(state.chance_pool())
    rng.shuffle(order)
    return Shuffle(tuple(order))


def distinct_orders(pool: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Every distinct order of the multiset ``pool``, in lexicographic order of the cards.

    Equal cards are interchangeable, so a pool of n cards with repeats has n!/(k1!k2!...) orders;
    each is equally likely under a uniform shuffle, weighted by k1!k2!... for all of them alike.
    """
    counts = Counter(pool)
    kinds = sorted(counts)
    prefix: list[Card] = []
    total = len(pool)

    def extend() -> Iterator[tuple[Card, ...]]:
        if len(prefix) == total:
            yield tuple(prefix)
            return
        for card in kinds:
            if counts[card]:
                counts[card] -= 1
                prefix.append(card)
                yield from extend()
                prefix.pop()
                counts[card] += 1

    return extend()
