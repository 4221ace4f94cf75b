"""The Gymnasium environment: Gymnasium's own checker, and the reference's game underneath.

``check_env`` is Gymnasium's conformance test; it runs, with every warning an error, for 2 to 4
players, with no variant, each variant alone, and all of them. Beyond it: games of random masked
actions against the bots are replayed on the reference engine (legal throughout, the same final
state and winners, the learner's reward its return under game.returns); the learner's observation
is the encoding's tensor of its seat; an illegal action loses (or raises, when asked) and changes
nothing. Skipped, with the reason, when Gymnasium is not installed (``froeschis[rl]``); CI installs it.
"""

from __future__ import annotations

import doctest
import random
import subprocess
import sys
import warnings
from typing import Any

import pytest

pytest.importorskip(
    "gymnasium", reason="the Gymnasium environment needs gymnasium: pip install 'froeschis[rl]'"
)

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from froeschis.framework.errors import FormatError, IllegalActionError
from froeschis.framework.registry import game as registered
from froeschis.framework.registry import names
from froeschis.games.froeschis.actions import Action
from froeschis.games.froeschis.bots import make_bot
from froeschis.games.froeschis.encoding import (
    id_to_action,
    legal_action_mask,
    num_distinct_actions,
    observation_tensor,
)
from froeschis.games.froeschis.engine import new_game
from froeschis.games.froeschis.observation import observe
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import Rules
from froeschis.interop import gymnasium as interop_gymnasium
from froeschis.interop.gymnasium import ENV_IDS, EpisodeOverError, SeatEnv

MAKE_ID = f"froeschis.interop.gymnasium:{ENV_IDS['froeschis']}"
"""The id the issue names: the module to import, and the environment it registers."""

VARIANT_SETS: list[dict[str, bool]] = [
    {},
    *({option: True} for option in VARIANT_OPTIONS),
    dict.fromkeys(VARIANT_OPTIONS, True),
]
SETUPS = [(players, variants) for players in (2, 3, 4) for variants in VARIANT_SETS]
SETUP_IDS = [f"{players}p-{'+'.join(variants) or 'published'}" for players, variants in SETUPS]


def make(players: int = 4, **kwargs: Any) -> SeatEnv:
    env = gymnasium.make(MAKE_ID, players=players, **kwargs).unwrapped
    assert isinstance(env, SeatEnv)
    return env


@pytest.mark.parametrize(("players", "variants"), SETUPS, ids=SETUP_IDS)
def test_gymnasium_check_env_passes_without_a_warning(players: int, variants: dict[str, bool]) -> None:
    """On the unwrapped environment, as Gymnasium advises (it warns of wrappers); with its spec, so
    the checker also makes and renders an environment of every declared render mode."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(make(players, **variants))


ENCODED = [name for name in names() if registered(name).encoding is not None]
"""Every registered game the wrappers serve (each has its id)."""


@pytest.mark.parametrize("name", ENCODED)
def test_gymnasium_check_env_passes_for_every_game(name: str) -> None:
    """Every game's environment, at its default players and opponents, passes Gymnasium's checker;
    its only warnings are of infinite observation bounds, for a game whose encoding gives none
    (Fröschis and Army of Frogs give them, and have no warning at all; Frog has none yet)."""
    env = gymnasium.make(f"froeschis.interop.gymnasium:{ENV_IDS[name]}").unwrapped
    assert isinstance(env, SeatEnv) and env.game is registered(name)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    infinite = {str(w.message) for w in caught if "infinity" in str(w.message)}
    assert {str(w.message) for w in caught} == infinite
    assert not infinite if env.knowledge.observation_bounds is not None else len(infinite) == 2


@pytest.mark.parametrize("name", ENCODED)
def test_random_episodes_of_every_game_replay_on_its_engine(name: str) -> None:
    """An episode of random masked ids against random bots replays on the game's engine, legal
    throughout, to the environment's final state; the learner's reward is its return there; and
    every observation lies inside the observation space (the game's bounds, where it has them)."""
    env = SeatEnv(opponents="random", game=name)
    for seed in range(2):
        rng = np.random.default_rng(seed)
        observation, info = env.reset(seed=seed)
        total, done, seen = 0.0, False, [observation]
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, reward, terminated, truncated, info = env.step(action)
            total, done = total + reward, terminated or truncated
            seen.append(observation)
        assert all(env.observation_space.contains(o) for o in seen)  # inside the game's bounds
        replayed = env.record().replay()
        assert replayed == env.game_state and replayed.is_terminal
        assert total == replayed.returns()[env.seat]


def test_the_issue_s_make_call_works_through_gymnasium_s_wrappers() -> None:
    env = gymnasium.make(MAKE_ID, players=4, opponents="greedy")
    observation, info = env.reset(seed=0)
    assert observation in env.observation_space
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].any()


def random_episode(env: SeatEnv, seed: int) -> tuple[list[Action], float, bool, list[Any]]:
    """Play an episode with uniformly random legal ids (from ``info``); the learner's actions, its
    total reward, whether the episode ended by termination, and every observation it got."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    seen, played, total = [observation], [], 0.0
    while True:
        action_id = int(rng.choice(np.flatnonzero(info["action_mask"])))
        played.append(id_to_action(action_id, env.rules))
        observation, reward, terminated, truncated, info = env.step(action_id)
        seen.append(observation)
        total += reward
        if terminated or truncated:
            return played, total, terminated, seen


@pytest.mark.clause("game.returns")
@pytest.mark.parametrize(("players", "variants"), SETUPS, ids=SETUP_IDS)
def test_random_episodes_replay_on_the_reference(players: int, variants: dict[str, bool]) -> None:
    """Item 5 of issue 13: the record of an episode (the learner's actions, the bots' and chance)
    is legal throughout on the reference engine and ends in the environment's final state; the
    learner's actions are those it sent, each taken at its own seat; its reward is its return; and
    every observation it got is the encoding's tensor of its seat at that point of the replay."""
    rules = Rules(**variants)  # type: ignore[arg-type]
    seat = players - 1  # the last seat: the bots play before the learner's first decision
    for seed in range(2):
        env = make(players, opponents="random", seat=seat, **variants)
        played, total, terminated, seen = random_episode(env, seed)
        state = new_game(players, rules)
        mine, expected = [], []
        for action in env.record().actions:
            if not state.is_chance:
                assert action in state.legal_actions()
                if state.current_player == seat:
                    mine.append(action)
                    expected.append(np.array(observation_tensor(state, seat), dtype=np.float32))
            state = state.apply(action)
        expected.append(np.array(observation_tensor(state, seat), dtype=np.float32))
        assert mine == played
        assert state == env.game_state and terminated and state.is_terminal
        assert total == (1.0 if seat in state.winners else 0.0)
        assert all(np.array_equal(a, b) for a, b in zip(seen, expected, strict=True))


class Ties(random.Random):
    """A random source that remembers the options of its last ``choice``: the bot's ties."""

    options: list[Any]

    def choice(self, seq: Any) -> Any:
        self.options = list(seq)
        return self.options[0]


def test_the_opponents_are_the_named_bots_seeing_their_own_seat_only() -> None:
    """Every decision of a greedy seat is one the greedy bot takes on that seat's observation (any
    of the options it breaks a tie among at random)."""
    env = make(3, opponents="greedy")
    random_episode(env, 4)
    greedy = make_bot("greedy", env.rules)
    state = new_game(3, env.rules)
    checked = 0
    for action in env.record().actions:
        if not state.is_chance and state.current_player != 0:
            ties = Ties()
            ties.options = []
            taken = greedy.act(observe(state, state.current_player), ties)
            assert action in (ties.options or [taken])
            checked += 1
        state = state.apply(action)
    assert checked > 10


def test_an_illegal_action_loses_the_episode_and_changes_nothing() -> None:
    env = make(2)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.record()
    observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, illegal)
    assert env.record() == before
    assert np.array_equal(observation, observation_tensor(env.game_state, 0))
    with pytest.raises(EpisodeOverError, match="reset"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_an_illegal_action_raises_when_asked_and_changes_nothing() -> None:
    env = make(2, illegal_action="raise")
    _, info = env.reset(seed=1)
    before = env.record()
    with pytest.raises(IllegalActionError) as refused:
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert refused.value.clause  # the engine names the clause that forbids it
    assert env.record() == before
    env.step(int(np.flatnonzero(info["action_mask"])[0]))  # a legal action is still taken


@pytest.mark.parametrize("wrong", [-1, "n", 1.0, True, "draw"])
def test_an_id_outside_the_action_space_is_a_format_error(wrong: object) -> None:
    env = make(2)
    env.reset(seed=0)
    action = num_distinct_actions(env.rules) if wrong == "n" else wrong
    with pytest.raises(FormatError):
        env.step(action)  # type: ignore[arg-type]


def test_the_mask_is_the_encoding_s_for_the_learner_s_seat() -> None:
    env = make(3, seat=1)
    _, info = env.reset(seed=2)
    expected = legal_action_mask(env.game_state, 1)
    assert env.game_state.current_player == 1
    assert info["action_mask"].tolist() == [int(x) for x in expected]
    assert env.action_masks().tolist() == list(expected)


def test_a_game_longer_than_max_steps_is_truncated() -> None:
    env = make(2, max_steps=40, opponents="random")
    _, info = env.reset(seed=0)
    while True:
        _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if terminated or truncated:
            break
    assert (truncated, terminated, reward) == (True, False, 0.0)
    assert len(env.record().actions) == 40
    with pytest.raises(EpisodeOverError):
        env.step(0)
    env = make(2, max_steps=1, seat=1)  # the deal reaches the cap before seat 1 decides
    env.reset(seed=0)
    assert env.step(0)[2:4] == (False, True)
    assert len(env.record().actions) == 1


def test_the_same_seed_gives_the_same_episode_and_no_seed_the_next() -> None:
    first, second = make(4, opponents="random"), make(4, opponents="random")
    first.reset(seed=7)
    second.reset(seed=7)
    assert first.record() == second.record()
    first.reset()
    assert first.record() != second.record()


def test_opponents_can_be_named_seat_by_seat() -> None:
    env = make(3, opponents="random,greedy")
    assert env.opponents.keys() == {1, 2}
    with pytest.raises(ValueError, match="one for each"):
        make(4, opponents="random,greedy")
    with pytest.raises(ValueError, match="unknown bot"):
        make(2, opponents="clever")


def test_bad_settings_are_refused_with_reasons() -> None:
    with pytest.raises(FormatError, match="seat"):
        make(2, seat=2)
    with pytest.raises(ValueError, match="illegal_action"):
        make(2, illegal_action="ignore")
    with pytest.raises(FormatError, match="max_steps"):
        make(2, max_steps=0)
    with pytest.raises(ValueError, match="render_mode 'rgb_array'"):
        SeatEnv(2, render_mode="rgb_array")


def test_ansi_rendering_draws_the_table() -> None:
    env = make(2, render_mode="ansi")
    env.reset(seed=5)
    assert env.render() == str(env.game_state)
    silent = make(2)
    silent.reset(seed=5)
    with pytest.warns(UserWarning, match="render_mode='ansi'"):
        assert silent.render() is None


def test_human_rendering_prints_the_table_after_the_reset_and_every_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """As Gymnasium's human mode asks: the environment shows the game as it goes (after the bots'
    turns, at the learner's decisions), and ``render()`` returns None."""
    env = make(2, render_mode="human")
    _, info = env.reset(seed=5)
    assert capsys.readouterr().out == str(env.game_state) + "\n\n"
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert capsys.readouterr().out == str(env.game_state) + "\n\n"
    assert env.render() is None


def test_importing_without_the_extra_says_which_extra_to_install() -> None:
    probe = "import sys; sys.modules['gymnasium'] = None; import froeschis.interop.gymnasium"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode != 0
    assert "pip install 'froeschis[rl]'" in done.stderr


def test_the_module_s_example_runs() -> None:
    assert doctest.testmod(interop_gymnasium).failed == 0
