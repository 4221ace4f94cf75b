"""Seeded random games of any registered game, for the contract tests: one way to play them, so
that every test of the suite sees the same games for the same seed."""

from __future__ import annotations

import random
from typing import Any

from froeschis.framework.game import Game


def random_game(of: Game, rules: Any, seed: int, limit: int) -> tuple[list[Any], list[Any], list[Any]]:
    """One game of ``of`` at its most players by ``rules``, chance and the random bot both drawing
    from ``random.Random(seed)``, to its end or ``limit`` actions: its states (the start first),
    the actions between them, and the events they caused."""
    rng = random.Random(seed)
    state = of.new_game(of.players[-1], rules)
    bot = of.bots["random"](rules)
    states: list[Any] = [state]
    actions: list[Any] = []
    events: list[Any] = []
    while len(actions) < limit and not state.is_terminal:
        action = of.sample_chance(state, rng) if state.is_chance else bot(state, rng)
        state, fired = state.step(action)
        states.append(state)
        actions.append(action)
        events += fired
    return states, actions, events
