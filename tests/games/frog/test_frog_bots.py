"""Frog's bots: they play legal actions from their seat's view alone, and the heuristic one beats
random play.

Measured here (the figure the docstring of :mod:`froeschis.games.frog.bots` cites): one heuristic
bot against two random ones, MATCHES seeded matches of three deals, the heuristic bot at seat 0;
a match is won by the seats with the highest score (match.winners). A random seat wins about a
third of the matches; the heuristic one far more (the table of 500 matches in the bots' module).
"""

from __future__ import annotations

import math
import random

import attrs
import pytest

from froeschis.games.frog.bots import BOTS
from froeschis.games.frog.chance import sample_chance
from froeschis.games.frog.engine import FrogState, new_game
from froeschis.games.frog.game import GAME
from froeschis.games.frog.observation import observe
from froeschis.games.frog.rules import Rules

MATCHES = 120


def match(lineup: list[str], seed: int, rules: Rules | None = None) -> FrogState:
    rules = Rules() if rules is None else rules
    rng = random.Random(seed)
    policies = [BOTS[name](rules) for name in lineup]
    state = new_game(3, rules)
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply(sample_chance(state, rng))
        else:
            action = policies[state.turn](state, rng)
            assert action in state.legal_actions()
            state = state.apply(action)
    return state


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


@pytest.mark.parametrize("option", [None, *(v.option for v in GAME.variants)])
def test_every_bot_plays_legal_actions_under_every_variant(option: str | None) -> None:
    rules = Rules() if option is None else Rules(**{option: True}, target_score=200)  # type: ignore[arg-type]
    for seed in range(2):
        assert match(["heuristic", "random", "heuristic"], seed, rules).is_terminal


def test_the_heuristic_bot_decides_from_its_view_alone() -> None:
    """Two states that differ only in cards the seat cannot see get the same decision."""
    rng = random.Random(0)
    bot = BOTS["heuristic"](Rules())
    state = new_game(3)
    checked = 0
    while not state.is_terminal and checked < 40:
        if state.is_chance:
            state = state.apply(sample_chance(state, rng))
            continue
        seat, hands = state.turn, state.hands
        others = [s for s in range(3) if s != seat and hands[s]]
        if len(others) == 2 and state.phase.value in ("play", "auction"):
            a, b = others
            swapped = list(hands)
            swapped[a] = tuple(sorted((*hands[a][1:], hands[b][0]), key=lambda c: c.code))
            swapped[b] = tuple(sorted((*hands[b][1:], hands[a][0]), key=lambda c: c.code))
            twin = attrs.evolve(state, hands=(swapped[0], swapped[1], swapped[2]))
            assert observe(twin, seat) == observe(state, seat)
            assert bot(twin, random.Random(1)) == bot(state, random.Random(1))
            checked += 1
        state = state.apply(bot(state, rng))
    assert checked >= 20


def test_the_heuristic_bot_beats_random_play() -> None:
    wins = sum(0 in match(["heuristic", "random", "random"], seed).winners for seed in range(MATCHES))
    low, high = wilson(wins, MATCHES)
    assert low > 0.5, f"heuristic won {wins}/{MATCHES}, 95% interval {low:.2f}-{high:.2f}"
