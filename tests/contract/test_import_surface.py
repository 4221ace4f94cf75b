"""The library as imported, the same for every game (issue 29, item 19): ``froeschis.new_game``
was Fröschis' alone, Frog's ``new_game`` took a default and Army of Frogs' none, two games named
their state ``GameState``, and returns were points in one game and wins in the others, unsaid."""

from __future__ import annotations

from typing import Any

import pytest

import froeschis
from froeschis.framework import registry
from froeschis.framework.errors import RulesError
from froeschis.framework.game import Game
from tests.contract.random_games import random_game

GAMES = [pytest.param(registry.game(name), id=name) for name in registry.names()]


def test_every_game_is_reached_from_the_top_level_by_its_name() -> None:
    assert froeschis.game_names() == registry.names()
    assert all(froeschis.game(name) is registry.game(name) for name in registry.names())


@pytest.mark.parametrize("of", GAMES)
def test_start_makes_the_new_game_new_game_makes(of: Game) -> None:
    """``start`` leaves out the players only where the rules allow one count, and takes options."""
    for players in of.players:
        assert of.start(players) == of.new_game(players, None)
    if len(of.players) == 1:
        assert of.start() == of.new_game(of.players[0], None)
    else:
        with pytest.raises(RulesError, match="say how many"):
            of.start()
    for variant in of.variants:
        started = of.start(of.players[-1], **{variant.option: True})
        assert started == of.new_game(of.players[-1], of.rules(**{variant.option: True}))


def test_each_game_names_its_state_class_for_its_game() -> None:
    names = {name: type(registry.game(name).start(3)).__name__ for name in registry.names()}
    assert len(set(names.values())) == len(names), names


@pytest.mark.parametrize("of", GAMES)
def test_win_returns_are_one_for_each_winner_in_every_game(of: Game) -> None:
    """Worked out from the winners, not from the game's returns: in Frog those are points; where
    the returns are wins (said by ``returns_are``) the two agree."""
    ended = 0
    for seed in range(2):
        states, _, _ = random_game(of, of.rules(), seed=seed, limit=5000)
        end = states[-1]
        if not end.is_terminal:
            continue
        ended += 1
        wins = of.win_returns(end)
        assert wins == tuple(1.0 if seat in end.winners else 0.0 for seat in range(end.num_players))
        if of.returns_are.startswith("1 for each winner"):
            assert end.returns() == wins
        else:  # points: the winners are the seats that won the most
            best = max(end.returns())
            assert end.winners == tuple(seat for seat, won in enumerate(end.returns()) if won == best)
    assert ended > 0
    start = of.start(of.players[-1])
    assert of.win_returns(start) == (0.0,) * of.players[-1]


def test_frog_says_its_returns_are_points_and_they_are() -> None:
    frog = registry.game("frog")
    assert frog.returns_are.startswith("points")
    states, _, _ = random_game(frog, frog.rules(), seed=1, limit=100_000)
    end = states[-1]
    fresh: Any = frog.start()
    start_score = fresh.scores[0]
    assert end.returns() == tuple(float(score - start_score) for score in end.scores)
