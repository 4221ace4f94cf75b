"""Exhaustive walks of Army of Frogs' tiny configurations (froeschis.games.army_of_frogs.tiny): every
reachable state, from every outcome of the shuffle, keeps the invariants, and the counts of the
smallest are derived by hand."""

from __future__ import annotations

import attrs
import pytest

from froeschis.framework.game import Tiny
from froeschis.games.army_of_frogs.chance import chance_outcomes
from froeschis.games.army_of_frogs.engine import ArmyState, new_game, play
from froeschis.games.army_of_frogs.game import GAME as ARMY
from froeschis.games.army_of_frogs.tiny import TINY
from froeschis.verify.explore import config_toml, explore
from tests.army_invariants import check_round_trips, check_state


@attrs.frozen
class Census:
    states: int
    terminal: int
    won: int
    edges: int


def walk(config: Tiny) -> Census:
    """Every state reachable from a new game, each checked once; the edges are the actions taken."""
    start = new_game(config.players, config.rules)
    seen: set[ArmyState] = {start}
    todo = [start]
    terminal = won = edges = 0
    while todo:
        state = todo.pop()
        check_state(state)
        if state.is_terminal:
            terminal += 1
            won += bool(state.winners)
            continue
        for action in list(chance_outcomes(state)) if state.is_chance else state.legal_actions():
            edges += 1
            after = play(state, action)
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return Census(len(seen), terminal, won, edges)


@pytest.mark.clause(
    "army-of-frogs:setup.shuffle",
    "army-of-frogs:setup.hands",
    "army-of-frogs:turn.first-placement",
    "army-of-frogs:add.own-colour-apart",
    "army-of-frogs:goal.any-seat",
    "army-of-frogs:end.turn-limit",
)
def test_the_smallest_game_by_hand() -> None:
    """Two players, two stones of each colour (the hands take all four), a goal of two, one round.

    The shuffle (1 state) has 4!/(2!2!) = 6 outcomes, 3 states: hands {0,0}/{1,1}, {1,1}/{0,0},
    {0,1}/{0,1}. Seat 0 passes the move (3 add states) and puts a stone on (0, 0): one way for
    each of the first two, two for the third: 4 states of seat 1's move, which it passes (4 add
    states). Seat 1 adds on one of the six cells around: with {1,1} beside a 0, 6; with {0,0}
    beside a 1, 6; with {0,1} beside a 0, 6 of colour 0 (which link colour 0's two stones: seat 0
    wins) and 6 of colour 1; with {0,1} beside its own 1, the 1 touches it everywhere, so 6 of
    colour 0 only. Every one ends the game (won, or the turn limit after turn 2): 30 terminal states,
    6 of them won. States 1 + 3 + 3 + 4 + 4 + 30 = 45; edges 6 + 3 + 4 + 4 + 30 = 47."""
    smallest = next(c for c in TINY if c.name == "one-round")
    assert walk(smallest) == Census(states=45, terminal=30, won=6, edges=47)


@pytest.mark.parametrize("config", TINY, ids=[c.name for c in TINY])
def test_every_state_of_every_tiny_game_keeps_the_invariants(config: Tiny) -> None:
    census = walk(config)
    assert census.terminal > 0 and census.edges >= census.states - 1
    check_round_trips(new_game(config.players, config.rules))


RECORDED = {
    table.split('"')[1]: "[[config]]\n" + table
    for table in (ARMY.spec() / "census.toml").read_text(encoding="utf-8").split("\n[[config]]\n")[1:]
}


@pytest.mark.parametrize("config", TINY, ids=[c.name for c in TINY])
def test_the_census_agrees_with_this_walk_and_regenerates_as_recorded(config: Tiny) -> None:
    """The framework's walk (``froeschis census --game army-of-frogs``) and this file's own count
    the same states, ends and edges; spec/army-of-frogs/census.toml is regenerated and diffed."""
    ours, theirs = walk(config), explore(ARMY, config.players, config.rules)
    assert (theirs.states, theirs.terminal, theirs.edges) == (ours.states, ours.terminal, ours.edges)
    assert RECORDED[config.name] == "\n".join(config_toml(ARMY, config)) + "\n"


def test_the_census_file_has_every_tiny_configuration() -> None:
    assert list(RECORDED) == [config.name for config in TINY]
