"""The one game loop: :func:`drive` plays a game from any state, every caller through it.

Whoever plays (random bots, observation-based bots, a human at the terminal, a search's rollouts, the
conformance kit's rigged games, the shrinker rebuilding a game from edited streams) says three
things: who decides at decision nodes, who resolves chance nodes, and when to stop early; hooks see
every step with its events. :func:`play_game` is the seeded random game everybody measures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from froeschis.core.actions import Action, AnyAction, Shuffle
from froeschis.core.chance import sample_chance
from froeschis.core.engine import GameState, new_game
from froeschis.core.errors import GameTooLongError
from froeschis.core.events import Event
from froeschis.core.record import GameRecord
from froeschis.core.rules import Rules
from froeschis.core.state import Phase

MAX_STEPS = 100_000
"""The default cap on a driven game's actions (random 4-player games take about 500)."""

Policy = Callable[[GameState, random.Random], Action]
"""A bot: picks one of ``state.legal_actions()``; may use the random source it is given."""

Chance = Callable[[GameState], Shuffle]
"""Who resolves chance: the outcome of a chance node."""
StepHook = Callable[[GameState, AnyAction, GameState, tuple[Event, ...]], None]
"""Sees every step: the state before, the action, the state after and the events."""
Until = Callable[[GameState, int], bool]
"""Stops the game early: asked before every action with the state and the actions played so far."""

# Enum members bound once: on Python 3.11 every ``Phase.OVER`` runs ``EnumType.__getattr__``.
_OVER, _DEAL, _RESHUFFLE = Phase.OVER, Phase.DEAL, Phase.RESHUFFLE


def drive(
    state: GameState,
    policies: Sequence[Policy],
    rngs: Sequence[random.Random],
    chance: Chance,
    *,
    on_step: StepHook | None = None,
    until: Until | None = None,
    max_steps: int = MAX_STEPS,
) -> tuple[GameState, list[AnyAction]]:
    """Play on from ``state`` until the game ends or ``until`` says stop; the last state and the actions.

    Seat ``i`` decides by ``policies[i]`` with the random source ``rngs[i]``; ``chance`` resolves
    chance nodes. Events are made only when ``on_step`` wants them. A game longer than ``max_steps``
    actions raises :class:`~froeschis.core.errors.GameTooLongError`: the rules have no end for players
    who keep taking a dead discard and discarding it again.
    """
    actions: list[AnyAction] = []
    while (phase := state.phase) is not _OVER:
        if until is not None and until(state, len(actions)):
            break
        if len(actions) >= max_steps:
            raise GameTooLongError(max_steps)
        action: AnyAction
        if phase is _DEAL or phase is _RESHUFFLE:
            action = chance(state)
        else:
            seat = state.turn
            action = policies[seat](state, rngs[seat])
        if on_step is None:
            after = state.apply(action)
        else:
            after, events = state.step(action)
            on_step(state, action, after, events)
        actions.append(action)
        state = after
    return state, actions


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
