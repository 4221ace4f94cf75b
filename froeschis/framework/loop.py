"""The one game loop: :func:`drive` plays a game of any game from any state, every caller through it.

Whoever plays (random bots, bots that decide from a seat's view, a human at the terminal, a
search's rollouts, the conformance kit's rigged games, the shrinker rebuilding a game from edited
streams) says three things: who decides at decision nodes, who resolves chance nodes, and when to
stop early; hooks see every step with its events. :func:`play_game` is the seeded random game of a
game everybody measures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from froeschis.framework.errors import GameTooLongError
from froeschis.framework.game import Game, Policy
from froeschis.framework.state import CHANCE, TERMINAL

MAX_STEPS = 100_000
"""The default cap on a driven game's actions (a random 4-player Fröschis game takes about 500)."""

Chance = Callable[[Any], Any]
"""Who resolves chance: the outcome of a chance node."""
StepHook = Callable[[Any, Any, Any, tuple[Any, ...]], None]
"""Sees every step: the state before, the action, the state after and the events."""
Until = Callable[[Any, int], bool]
"""Stops the game early: asked before every action with the state and the actions played so far."""


def drive(
    state: Any,
    policies: Sequence[Policy],
    rngs: Sequence[random.Random],
    chance: Chance,
    *,
    on_step: StepHook | None = None,
    until: Until | None = None,
    max_steps: int = MAX_STEPS,
) -> tuple[Any, list[Any]]:
    """Play on from ``state`` until the game ends or ``until`` says stop; the last state and the actions.

    Seat ``i`` decides by ``policies[i]`` with the random source ``rngs[i]``; ``chance`` resolves
    chance nodes. Events are made only when ``on_step`` wants them. A game longer than ``max_steps``
    actions raises :class:`~froeschis.framework.errors.GameTooLongError`: a game's rules need not end
    every game (in Fröschis, players who keep taking a dead discard and discarding it again).
    """
    actions: list[Any] = []
    while (player := state.current_player) != TERMINAL:
        if until is not None and until(state, len(actions)):
            break
        if len(actions) >= max_steps:
            raise GameTooLongError(max_steps)
        action = chance(state) if player == CHANCE else policies[player](state, rngs[player])
        if on_step is None:
            after = state.apply(action)
        else:
            after, events = state.step(action)
            on_step(state, action, after, events)
        actions.append(action)
        state = after
    return state, actions


def random_policy(state: Any, rng: random.Random) -> Any:
    """Picks uniformly among the legal actions."""
    return rng.choice(state.legal_actions())


def play_game(
    game: Game,
    players: int,
    seed: int,
    rules: Any = None,
    policies: Sequence[Policy] | None = None,
    max_steps: int = MAX_STEPS,
    on_step: StepHook | None = None,
) -> tuple[Any, tuple[Any, ...]]:
    """Play a game of ``game`` to the end; one random source seeded with ``seed`` drives chance and
    bots (random ones unless ``policies`` are given). The final state and the actions.

    The same seed, rules and policies always give the same game.
    """
    bots = tuple(policies) if policies is not None else (random_policy,) * players
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} policies, got {len(bots)}")
    rng = random.Random(seed)
    start = game.new_game(players, rules)

    def chance(state: Any) -> Any:
        return game.sample_chance(state, rng)

    final, actions = drive(start, bots, (rng,) * players, chance, on_step=on_step, max_steps=max_steps)
    return final, tuple(actions)


def seat_rng(seed: int, seat: int) -> random.Random:
    """The random source of ``seat``'s bot in the game with ``seed`` (chance has its own,
    ``random.Random(seed)``): a seat's bot decides alike whoever sits in the other seats."""
    return random.Random(f"froeschis-bot:{seed}:{seat}")
