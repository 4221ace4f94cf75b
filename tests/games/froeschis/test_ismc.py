"""The ISMC bot's search runs on FastGame and decides as it would on the reference engine.

The reference functions are the definitions: :func:`~froeschis.games.froeschis.bots.greedy_policy`,
:func:`~froeschis.games.froeschis.bots.rollout_value` and
:func:`~froeschis.games.froeschis.bots.determinize`. Their
FastGame counterparts must agree with them exactly, random source included: the same decision, the
same rollout value, the same world, and the random source left in the same state. Then the bot's
decision is the one an ISMC spelled out here on the reference engine makes with the same seed.
"""

from __future__ import annotations

import random

import pytest

from froeschis.games.froeschis import fast_policies
from froeschis.games.froeschis.actions import TAKE_DISCARD, Action
from froeschis.games.froeschis.bots import (
    GreedyBot,
    IsmcBot,
    _better_than_prior,
    determinize,
    determinized_games,
    greedy_policy,
    make_bot,
    parse_bots,
    play_bots,
    random_policy,
    rollout_value,
    world_values,
)
from froeschis.games.froeschis.chance import sample_chance
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.fast import FACE_DOWN, FastGame
from froeschis.games.froeschis.observation import Observation, observe
from froeschis.games.froeschis.rules import Rules
from tests.builders import build, cards

VARIANTS = [
    Rules(),
    Rules(discard_only_if_placeable=True),
    Rules(optional_frog_swap=True),
    Rules(reveal_at_round_end=True),
    Rules(row_length=4, deck=cards("1 1 1 1 2 2 2 2 3 3 3 3 4 4 4 4 F F T T T")),
]
VARIANT_IDS = ["published", "discard-if-placeable", "optional-frog-swap", "reveal-at-round-end", "short"]


def decision_states(players: int, seed: int, rules: Rules) -> list[GameState]:
    """The decision states of a game in which every seat plays at random or greedily (by turns)."""
    rng = random.Random(seed)
    state = new_game(players, rules)
    found: list[GameState] = []
    while not state.is_terminal and len(found) < 400:
        if state.is_chance:
            state = state.apply(sample_chance(state, rng))
            continue
        found.append(state)
        policy = greedy_policy if len(found) % 3 else random_policy
        state = state.apply(policy(state, rng))
    return found


def states_of_every_kind() -> list[GameState]:
    return [
        state
        for index, rules in enumerate(VARIANTS)
        for players in (2, 3, 4)
        for state in decision_states(players, 10 * index + players, rules)
    ]


# --------------------------------------------------------------------------- greedy and rollouts


def test_greedy_on_fast_game_decides_as_greedy_on_the_reference() -> None:
    """The same decision from the same random source, which is left in the same state."""
    states = states_of_every_kind()
    frog_ties = 0
    for index, state in enumerate(states):
        reference, fast = random.Random(index), random.Random(index)
        expected = greedy_policy(state, reference)
        assert fast_policies.greedy_action(FastGame.from_state(state), fast) == expected, state
        assert fast.getstate() == reference.getstate(), state
        frog_ties += len(state.legal_actions()) > 1 and expected.spot > 0
    assert len(states) > 2000 and frog_ties > 100  # the frog's rule (counts and ties) is exercised


def test_rollouts_on_fast_game_are_worth_what_reference_rollouts_are_worth() -> None:
    states = states_of_every_kind()[::5]
    values = set()
    for index, state in enumerate(states):
        seat = index % state.num_players
        for action in state.legal_actions():
            reference, fast = random.Random(index), random.Random(index)
            expected = rollout_value(state, action, seat, reference)
            game = FastGame.from_state(state)
            assert fast_policies.rollout_value(game, action, seat, fast) == expected, (state, action)
            assert fast.getstate() == reference.getstate(), state
            values.add(expected)
    assert len(states) > 400 and {-1.0, 0.0, 1.0} <= values  # lost, drawn and won rounds


def test_a_rollout_on_fast_game_plays_the_round_in_place() -> None:
    state = build(["1 [T]", "1 [T]"], discard="2", draw="2", rules=Rules(row_length=2))
    game = FastGame.from_state(state)
    assert fast_policies.rollout_value(game, TAKE_DISCARD, 0, random.Random(0)) == 0.0  # both complete
    assert game.round == 2 and game.lengths == [1, 1]


@pytest.mark.parametrize("engine", ["reference", "fast"])
def test_an_action_that_ends_the_round_is_valued_by_that_round(engine: str) -> None:
    """Seat 1 plays the last final turn: seat 0 completed, seat 1 cannot. Whatever seat 1 does ends
    the round, so every action is worth -1 to it, never what the next round would bring."""
    rules = Rules(row_length=2)
    state = build(["1 2", "[1] [T]"], turn=1, discard="T", draw="T", rules=rules, first_completer=0)
    for action in state.legal_actions():
        for seed in range(5):
            rng = random.Random(seed)
            if engine == "reference":
                value = rollout_value(state, action, 1, rng)
            else:
                value = fast_policies.rollout_value(FastGame.from_state(state), action, 1, rng)
            assert value == -1.0, (action, seed)


# --------------------------------------------------------------------------- sampled worlds


@pytest.mark.parametrize("rules", VARIANTS, ids=VARIANT_IDS)
def test_determinized_games_are_the_worlds_determinize_deals(rules: Rules) -> None:
    for state in decision_states(3, seed=5, rules=rules)[::13]:
        seen = observe(state, state.current_player)
        reference, fast = random.Random(2), random.Random(2)
        worlds = determinized_games(seen, rules, fast)
        for _ in range(4):
            expected = determinize(seen, rules, reference)
            world = next(worlds)
            assert world.to_state() == expected
            assert fast.getstate() == reference.getstate()
            world.rows[0][:] = [FACE_DOWN] * len(world.rows[0])  # a world is the caller's to change
            reference.random(), fast.random()  # the bot draws between worlds


# --------------------------------------------------------------------------- the bot


def reference_ismc(bot: IsmcBot, observation: Observation, rng: random.Random) -> Action:
    """The ISMC decision spelled out on the reference engine: worlds by :func:`determinize`,
    rollouts by :func:`rollout_value`, the same random streams as the bot."""
    legal = observation.legal_actions
    if len(legal) == 1:
        return legal[0]
    prior = GreedyBot(bot.rules).act(observation, rng)
    values: dict[Action, list[float]] = {action: [] for action in legal}
    for _ in range(bot.budget):
        world = determinize(observation, bot.rules, rng)
        stream = rng.getrandbits(64)
        for action in legal:
            values[action].append(rollout_value(world, action, observation.seat, random.Random(stream)))
    return _better_than_prior(values, prior, bot.confidence)


@pytest.mark.parametrize("rules", VARIANTS, ids=VARIANT_IDS)
def test_ismc_on_fast_game_decides_as_ismc_on_the_reference(rules: Rules) -> None:
    bot = IsmcBot(rules, budget=6, confidence=0.5)
    departures = 0
    for index, state in enumerate(decision_states(4, seed=8, rules=rules)[::9]):
        seen = observe(state, state.current_player)
        expected = reference_ismc(bot, seen, random.Random(index))
        assert bot.act(seen, random.Random(index)) == expected, state
        departures += expected != GreedyBot(rules).act(seen, random.Random(index))
    assert departures > 0  # the rollouts decided something, not only the greedy prior


def test_world_values_give_every_action_the_same_worlds_and_luck() -> None:
    """Common random numbers: the values of an action do not depend on which other actions are
    valued beside it or in what order, as each rollout gets its own copy of the world and a fresh
    source seeded per world (a source shared along the worlds, or a world changed by the rollout
    before it, would give the second action other values)."""
    checked = 0
    for state in decision_states(4, seed=5, rules=Rules())[::7]:
        seen = observe(state, state.current_player)
        if len(seen.legal_actions) < 2:
            continue
        first, second = seen.legal_actions[:2]
        both = world_values(seen, Rules(), (first, second), 12, random.Random(checked))
        swapped = world_values(seen, Rules(), (second, first), 12, random.Random(checked))
        alone = world_values(seen, Rules(), (second,), 12, random.Random(checked))
        assert both[first] == swapped[first] and both[second] == swapped[second] == alone[second]
        checked += 1
    assert checked >= 3


def test_the_default_ismc_bot_plays_whole_games() -> None:
    final, record = play_bots(parse_bots("ismc,greedy"), seed=3)
    assert final.is_terminal and record.replay() == final
    assert isinstance(make_bot("ismc"), IsmcBot)
