"""Fröschis' games through the framework's one game loop (:func:`froeschis.framework.loop.drive`,
re-exported here): the Fröschis types of its hooks, chance from a random source, and
:func:`play_game`, the seeded random game of Fröschis everybody measures.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from froeschis.core.actions import Action, AnyAction, Shuffle
from froeschis.core.chance import sample_chance
from froeschis.core.engine import GameState, new_game
from froeschis.core.events import Event
from froeschis.core.record import GameRecord
from froeschis.core.rules import Rules
from froeschis.framework.loop import MAX_STEPS, drive

__all__ = [
    "MAX_STEPS",
    "Chance",
    "Policy",
    "StepHook",
    "Until",
    "chance_from",
    "drive",
    "play_game",
    "random_policy",
]

Policy = Callable[[GameState, random.Random], Action]
"""A bot: picks one of ``state.legal_actions()``; may use the random source it is given."""

Chance = Callable[[GameState], Shuffle]
"""Who resolves chance: the outcome of a chance node."""
StepHook = Callable[[GameState, AnyAction, GameState, tuple[Event, ...]], None]
"""Sees every step: the state before, the action, the state after and the events."""
Until = Callable[[GameState, int], bool]
"""Stops the game early: asked before every action with the state and the actions played so far."""


def chance_from(rng: random.Random) -> Chance:
    """Chance nodes resolved by uniform shuffles from ``rng``."""

    def chance(state: GameState) -> Shuffle:
        return sample_chance(state, rng)

    return chance


def random_policy(state: GameState, rng: random.Random) -> Action:
    """Picks uniformly among the legal actions."""
    return rng.choice(state.legal_actions())


def play_game(
    players: int,
    seed: int,
    rules: Rules | None = None,
    policies: tuple[Policy, ...] | None = None,
    max_steps: int = MAX_STEPS,
    on_step: StepHook | None = None,
) -> tuple[GameState, GameRecord]:
    """Play a game to the end; one random source seeded with ``seed`` drives chance and bots.

    The same seed, rules and policies always give the same game. ``on_step`` sees every step with
    its events. A game longer than ``max_steps`` actions raises
    :class:`~froeschis.core.errors.GameTooLongError`.
    """
    rules = Rules() if rules is None else rules
    bots = policies if policies is not None else (random_policy,) * players
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} policies, got {len(bots)}")
    rng = random.Random(seed)
    start = new_game(players, rules)
    rngs = (rng,) * players
    final, actions = drive(start, bots, rngs, chance_from(rng), on_step=on_step, max_steps=max_steps)
    return final, GameRecord(players, rules, tuple(actions), seed)
