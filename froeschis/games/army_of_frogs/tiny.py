"""Tiny configurations: games small enough for exhaustive walks of every reachable state.

Each has two stones of each colour (the hands take them all: no draw ever happens), a goal of two
linked stones and a few rounds; ``tests/test_army_tiny.py`` counts their states by its own walk and
derives the counts of ``one-round`` by hand.
"""

from __future__ import annotations

import attrs

from froeschis.games.army_of_frogs.rules import Rules


@attrs.frozen
class TinyConfig:
    name: str
    players: int
    rules: Rules


TINY: tuple[TinyConfig, ...] = (
    TinyConfig("one-round", 2, Rules(stones_per_colour=2, link_at=2, rounds=1)),
    TinyConfig("two-rounds", 2, Rules(stones_per_colour=2, link_at=2, rounds=2)),
    TinyConfig("three-rounds", 2, Rules(stones_per_colour=2, link_at=2, rounds=3)),
    TinyConfig("three-rounds-no-goal", 2, Rules(stones_per_colour=2, link_at=3, rounds=3)),
    TinyConfig("three-players", 3, Rules(stones_per_colour=2, link_at=2, rounds=1)),
    TinyConfig("optional-move", 2, Rules(stones_per_colour=2, link_at=2, rounds=3, optional_move=True)),
    TinyConfig("win-at-turn-end", 2, Rules(stones_per_colour=2, link_at=2, rounds=3, win_at_turn_end=True)),
)
"""The tiny configurations, each with the variants it explores."""
