"""PettingZoo AEC environments frog_v0 and army_of_frogs_v0, and every registered game's: PettingZoo's
api_test, and random play through the environment in lock-step with the engine (legal ids = the
mask, returns)."""

from __future__ import annotations

import importlib
import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test.api_test import api_test

from froeschis.framework.errors import FormatError
from froeschis.framework.game import replay
from froeschis.framework.registry import game as registered
from froeschis.framework.registry import names
from froeschis.interop import army_of_frogs_v0, frog_v0, pettingzoo
from tests.tools.test_interop_pettingzoo import DICT_OBSERVATION_WARNINGS


@pytest.mark.parametrize(("module", "players"), [(frog_v0, 3), (army_of_frogs_v0, 2)])
def test_api(module: object, players: int) -> None:
    """PettingZoo's API test passes, and its only warnings are those about dict observations."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(module.env(players=players), num_cycles=200)  # type: ignore[attr-defined,no-untyped-call]
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION_WARNINGS


ENCODED = [name for name in names() if registered(name).encoding is not None]
"""Every registered game the wrappers serve."""


@pytest.mark.parametrize("name", ENCODED)
def test_api_of_every_game(name: str) -> None:
    """PettingZoo's API test passes on every registered game with an encoding, through its
    versioned module (made from the registry) and the generic one, at its default player count."""
    versioned = importlib.import_module(f"froeschis.interop.{name.replace('-', '_')}_v0")
    for env in (versioned.env(), pettingzoo.env(name)):
        assert isinstance(env.unwrapped, pettingzoo.GameEnv) and env.unwrapped.game is registered(name)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            api_test(env, num_cycles=200)  # type: ignore[no-untyped-call]
        assert {str(w.message) for w in caught} <= DICT_OBSERVATION_WARNINGS


@pytest.mark.clause("frog:match.returns", "army-of-frogs:game.returns")
@pytest.mark.parametrize(("module", "players"), [(frog_v0, 3), (army_of_frogs_v0, 2), (army_of_frogs_v0, 3)])
def test_lock_step(module: object, players: int) -> None:
    """Replaying the environment's decisions and chance on the engine gives the same legal ids (as
    the mask shows them) and, at the end, the same rewards."""
    env = module.raw_env(players=players)  # type: ignore[attr-defined]
    env.reset(seed=players)
    encoding = env.encoding
    rng = random.Random(players)
    final: dict[str, float] = {}
    engine, played = env.game.new_game(players, env.rules), list[object]()
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        for action in env.actions[len(played) :]:
            engine = engine.apply(action)
            played.append(action)
        mask = observation["action_mask"]
        assert set(np.flatnonzero(mask)) == {encoding.action_id(engine, a) for a in engine.legal_actions()}
        env.step(int(rng.choice(np.flatnonzero(mask))))
    replayed = replay(env.game, players, env.rules, env.actions)
    assert replayed == env.game_state
    assert [final[a] for a in env.possible_agents] == list(replayed.returns())
    assert replayed.is_terminal


def test_illegal_id_refused() -> None:
    env = frog_v0.raw_env()
    env.reset(seed=0)
    with pytest.raises(FormatError):
        env.step(10**6)


def test_only_a_registered_game_has_a_versioned_module() -> None:
    """``froeschis.interop`` makes ``NAME_v0`` for a registered game only: another name is no
    module and no attribute of the package."""
    import froeschis.interop

    assert importlib.import_module("froeschis.interop.frog_v0") is frog_v0
    assert frog_v0.raw_env().game is registered("frog")
    for missing in ("chess_v0", "frog_v1", "army-of-frogs_v0"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module(f"froeschis.interop.{missing}")
        with pytest.raises(AttributeError):
            getattr(froeschis.interop, missing)
