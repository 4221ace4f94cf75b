"""Seeded games of an OpenSpiel game played step by step, and everything the wrapper says at each
step (what test_spiel_froeschis.py holds against its golden file; played on several states at once,
the same game on two wrappers, for a lock-step between them)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pyspiel

DRAW_ID = 0


def snapshot(state: Any, full: bool) -> dict[str, Any]:
    """What the wrapper says of ``state``: whose turn, the legal ids with their texts or the chance
    outcomes with their probabilities and texts, the returns, the text of the state, and (when
    ``full``) every seat's observation and information state, strings and tensors."""
    player = state.current_player()
    seen: dict[str, Any] = {
        "player": player,
        "terminal": state.is_terminal(),
        "returns": state.returns(),
        "text": str(state),
    }
    if state.is_chance_node():
        seen["chance"] = [[a, p, state.action_to_string(player, a)] for a, p in state.chance_outcomes()]
    elif not state.is_terminal():
        seen["legal"] = [[a, state.action_to_string(player, a)] for a in state.legal_actions()]
    if full:
        seen["seats"] = [
            [
                state.observation_string(seat),
                state.information_state_string(seat),
                [float(x) for x in state.observation_tensor(seat)],
                [float(x) for x in state.information_state_tensor(seat)],
            ]
            for seat in range(state.num_players())
        ]
    return seen


def steps(states: list[Any], seed: int, draw: float) -> Iterator[list[dict[str, Any]]]:
    """Play the states (of one game each, which should be the same game) with the same actions to
    the end and yield every wrapper's snapshot at every step, the start and the end included.

    Chance by its probabilities, decisions at random, ``draw`` the chance of drawing whenever it is
    legal (random play takes the discard so often that the draw pile never runs out: drawing
    reaches the reshuffles). Every seat's views are taken at the decisions, at a chance node's
    first and last step, and at the end (every chance step would triple the time)."""
    rng = random.Random(seed)
    first = states[0]
    while True:
        chance = first.is_chance_node()
        full = not chance or len(first.chance_outcomes()) == 1 or _new_chance_node(first)
        yield [snapshot(state, full) for state in states]
        if first.is_terminal():
            return
        if chance:
            ids, probabilities = zip(*first.chance_outcomes(), strict=True)
            action = rng.choices(ids, probabilities)[0]
        else:
            legal = first.legal_actions()
            action = DRAW_ID if DRAW_ID in legal and rng.random() < draw else rng.choice(legal)
        for state in states:
            state.apply_action(action)


def _new_chance_node(state: Any) -> bool:
    history = state.full_history()
    return not history or history[-1].player != pyspiel.PlayerId.CHANCE
