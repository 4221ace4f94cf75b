"""Tiny configurations: games small enough for exhaustive walks of every reachable state.

Each has two stones of each colour (the hands take them all: no draw ever happens), a goal of two
linked stones and a few rounds; ``tests/games/army_of_frogs/test_army_tiny.py`` counts their states by its
own walk and
derives the counts of ``one-round`` by hand.
"""

from __future__ import annotations

from froeschis.framework.game import Tiny
from froeschis.games.army_of_frogs.rules import Rules


def _tiny(name: str, players: int, **options: object) -> Tiny:
    """Two stones of each colour, its options written out in the census."""
    rules = Rules(stones_per_colour=2, **options)  # type: ignore[arg-type]
    return Tiny(
        name, players, rules, details=(("stones_per_colour", 2), *sorted(options.items())), perft_depth=4
    )


TINY: tuple[Tiny, ...] = (
    _tiny("one-round", 2, link_at=2, rounds=1),
    _tiny("two-rounds", 2, link_at=2, rounds=2),
    _tiny("three-rounds", 2, link_at=2, rounds=3),
    _tiny("three-rounds-no-goal", 2, link_at=3, rounds=3),
    _tiny("three-players", 3, link_at=2, rounds=1),
    _tiny("optional-move", 2, link_at=2, rounds=3, optional_move=True),
    _tiny("win-at-turn-end", 2, link_at=2, rounds=3, win_at_turn_end=True),
)
"""The tiny configurations, each with the variants it explores (``spec/army-of-frogs/census.toml``)."""
