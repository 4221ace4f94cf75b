"""Every distinct outcome of a shuffle, for the exhaustive walks of every game.

A shuffle's outcome is an order of its pool. When the pool holds equal items (Fröschis' cards of
one number, Army of Frogs' stones of one colour), orders that differ only by exchanging equal items
are one outcome: a pool of n items with k1, k2, ... of each kind has n!/(k1!k2!...) of them, each
equally likely under a uniform shuffle. Every game whose pool can hold equal items walks them the
same way, in the same (lexicographic) order, so that the walks' counts and the golden
playthroughs do not depend on which game wrote its own generator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, Protocol, TypeVar


class _Ordered(Protocol):
    def __lt__(self, other: Any, /) -> bool: ...


T = TypeVar("T", bound=_Ordered)


def distinct_orders(pool: Sequence[T]) -> Iterator[tuple[T, ...]]:
    """Every distinct order of the multiset ``pool``, in lexicographic order of its items."""
    counts = Counter(pool)
    kinds = sorted(counts)
    prefix: list[T] = []
    total = len(pool)

    def extend() -> Iterator[tuple[T, ...]]:
        if len(prefix) == total:
            yield tuple(prefix)
            return
        for kind in kinds:
            if counts[kind]:
                counts[kind] -= 1
                prefix.append(kind)
                yield from extend()
                prefix.pop()
                counts[kind] += 1

    return extend()
