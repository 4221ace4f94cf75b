"""Army of Frogs' bots decide from their seat's view alone, play legal actions, and the greedy bot
beats the random one (the figure over 400 games is in froeschis/games/army_of_frogs/bots.py; this
plays a seeded sample of it)."""

from __future__ import annotations

import math
import random

import attrs
import pytest

from froeschis.games.army_of_frogs.bots import BOTS
from froeschis.games.army_of_frogs.chance import sample_chance
from froeschis.games.army_of_frogs.engine import ArmyState, new_game
from froeschis.games.army_of_frogs.rules import Rules
from tests.army_builders import README, build


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_decides_from_its_view_not_from_the_bag_s_order(name: str) -> None:
    """Two states that differ only in the order of the bag look the same to every seat: a bot given
    the same random source makes the same decision in both."""
    state = build(README["red-frog"], turn=7, bag=(0, 1, 0, 0, 1, 0, 1, 0, 0, 1))
    state = state.apply(state.legal_actions()[0])
    other = attrs.evolve(state, bag=tuple(sorted(state.bag)))
    policy = BOTS[name](Rules())
    assert other.rules.table.view(other, 0) == state.rules.table.view(state, 0)
    assert policy(state, random.Random(5)) == policy(other, random.Random(5))


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_plays_only_legal_actions(name: str) -> None:
    rng = random.Random(11)
    state: ArmyState = new_game(3)
    policy = BOTS[name](Rules())
    for _ in range(60):
        if state.is_terminal:
            break
        action = sample_chance(state, rng) if state.is_chance else policy(state, rng)
        assert state.is_chance or action in state.legal_actions()
        state = state.apply(action)


def test_greedy_takes_a_win_and_never_hands_one() -> None:
    """only-link: seat 0's add of colour 1 on (0, 0) would make seat 1 win; greedy never plays it,
    whatever its random source."""
    state = build(README["only-link"], turn=9, bag=(0, 0, 1, 0, 0, 1, 0, 0))
    moved = state.apply(state.legal_actions()[0])
    greedy = BOTS["greedy"](Rules())
    assert all(str(greedy(moved, random.Random(seed))) != "add 1 0,0" for seed in range(20))


def duel(games: int, players: int) -> int:
    """How many of ``games`` seeded games greedy wins against random opponents (seats taking turns)."""
    won = 0
    for number in range(games):
        rng = random.Random(number)
        names = ["random"] * players
        names[number % players] = "greedy"
        policies = [BOTS[name](Rules()) for name in names]
        state: ArmyState = new_game(players)
        while not state.is_terminal:
            state = state.apply(
                sample_chance(state, rng) if state.is_chance else policies[state.seat](state, rng)
            )
        won += bool(state.winners) and names[state.winners[0]] == "greedy"
    return won


def wilson_low(successes: int, trials: int, z: float = 1.96) -> float:
    """The lower end of the 95% Wilson interval of a proportion."""
    p = successes / trials
    centre = p + z * z / (2 * trials)
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    return (centre - margin) / (1 + z * z / trials)


def test_greedy_beats_random() -> None:
    """A random seat wins a two-player game by chance at most half the time; greedy's 95% interval
    over 30 seeded games lies well above that."""
    won = duel(30, 2)
    assert wilson_low(won, 30) > 0.8
