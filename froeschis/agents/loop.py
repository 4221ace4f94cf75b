"""Playing whole games: a seeded driver for bots and chance, returning a replayable record."""

from __future__ import annotations

import random
from collections.abc import Callable

from froeschis.core.actions import Action, AnyAction
from froeschis.core.chance import sample_chance
from froeschis.core.engine import GameState, apply, legal_actions, new_game
from froeschis.core.errors import GameTooLongError
from froeschis.core.record import GameRecord
from froeschis.core.rules import Rules
from froeschis.core.state import CHANCE, TERMINAL

MAX_STEPS = 100_000
"""The default cap on a driven game's actions (random 4-player games take about 500)."""

Policy = Callable[[GameState, random.Random], Action]
"""A bot: picks one of ``state.legal_actions()``; may use the random source it is given."""


def random_policy(state: GameState, rng: random.Random) -> Action:
    """Picks uniformly among the legal actions."""
    return rng.choice(legal_actions(state))


def play_game(
    players: int,
    seed: int,
    rules: Rules | None = None,
    policies: tuple[Policy, ...] | None = None,
    max_steps: int = MAX_STEPS,
) -> tuple[GameState, GameRecord]:
    """Play a game to the end; one random source seeded with ``seed`` drives chance and bots.

    The same seed, rules and policies always give the same game. A game longer than
    ``max_steps`` actions raises :class:`~froeschis.core.errors.GameTooLongError`.
    """
    rules = Rules() if rules is None else rules
    bots = policies if policies is not None else (random_policy,) * players
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} policies, got {len(bots)}")
    rng = random.Random(seed)
    state = new_game(players, rules)
    actions: list[AnyAction] = []
    while (seat := state.current_player) != TERMINAL:
        if len(actions) >= max_steps:
            raise GameTooLongError(max_steps)
        action: AnyAction = sample_chance(state, rng) if seat == CHANCE else bots[seat](state, rng)
        actions.append(action)
        state = apply(state, action)
    return state, GameRecord(players, rules, tuple(actions), seed)
