"""Fröschis as a PettingZoo AEC environment: every seat an agent, one decision at a time.

Make it through :mod:`froeschis.interop.froeschis_v0`, the versioned module that PettingZoo's own
environments have (``env()`` with PettingZoo's classic wrappers, ``raw_env()`` without)::

    from froeschis.interop import froeschis_v0

    env = froeschis_v0.env(players=3)

This module is the environment itself, :class:`FroeschisEnv`. Its :func:`env`, the bare
environment (``froeschis_v0.raw_env``), is kept for code written before the versioned module; bound
as ``from froeschis.interop import pettingzoo`` it would hide the ``pettingzoo`` package itself.

>>> from froeschis.interop import froeschis_v0
>>> env = froeschis_v0.raw_env(players=3)
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else int(observation["action_mask"].argmax())
...     env.step(action)

The agents are ``player_0`` to ``player_{n-1}``: agent ``player_i`` is seat ``i`` of the reference
engine. What an agent observes is a dict:

``observation``
    the seat's observation tensor of ``encoding/1`` (:func:`froeschis.core.encoding.observation_tensor`),
    float32: what the seat may see, never a face-down card or the draw pile's order;
``action_mask``
    int8, 1 for every action id (:func:`froeschis.core.encoding.action_to_id`) the seat may play
    now; all 0 when it is not the seat's decision.

Actions are the ids of ``encoding/1`` (a ``Discrete`` space). Chance (the deal and every reshuffle)
is no agent: the environment resolves it as soon as it comes, from a source seeded by
``reset(seed=...)``, so the same seed and actions give the same game.

**Rewards** are given once, when the game ends: each seat's return under clause ``game.returns``,
1 for every winner and 0 for everybody else (:meth:`~froeschis.core.engine.GameState.returns`, the
numbers every froeschis interface gives). A shared win is not split: each co-winner gets 1, as the
rules say that several players can win. Every other step rewards 0.

**An illegal action** is a caller's bug, not a move: this environment raises the engine's
:class:`~froeschis.core.errors.IllegalActionError` (naming the clause that forbids it), or
:class:`~froeschis.core.errors.FormatError` for an id outside the action space, and the game is
unchanged. ``froeschis_v0.env()`` wraps it as PettingZoo's classic games are wrapped, so that an
illegal move ends the game as a loss (``TerminateIllegalWrapper``, reward -1).

**Truncation**: the rules have no end for players who keep taking a dead discard and discarding it
again, so after ``max_steps`` actions (chance included, as :func:`froeschis.agents.loop.drive`
counts them) every agent is truncated.

:meth:`FroeschisEnv.record` gives the game so far as a :class:`~froeschis.core.record.GameRecord`,
which replays on the reference engine and saves as JSON (:mod:`froeschis.io.serialize`).
``render_mode="ansi"`` makes :meth:`FroeschisEnv.render` return the table as ``froeschis watch``
prints it (face-down cards as ``?``); ``render_mode="human"`` prints it after the reset and after
every step.

Needs the ``rl`` extra: ``pip install 'froeschis[rl]'``.
"""

from __future__ import annotations

from typing import Any

from froeschis.agents.loop import MAX_STEPS
from froeschis.core.encoding import id_to_action
from froeschis.core.engine import GameState
from froeschis.core.errors import FormatError, shown
from froeschis.core.record import GameRecord
from froeschis.interop.rl import (
    RENDER_MODES,
    RL_EXTRA,
    SeededGame,
    action_mask_array,
    action_mask_space,
    check_render_mode,
    episode_rng,
    observation_array,
    observation_space,
    render,
    rules_from,
)

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"froeschis.interop.pettingzoo needs {missing.name}: {RL_EXTRA}", name=missing.name
    ) from missing

Observation = dict[str, Any]
"""An agent's observation: ``{"observation": float32 array, "action_mask": int8 array}``."""
ActionId = int | np.integer[Any] | None
"""What :meth:`FroeschisEnv.step` takes: an action id (Python's or NumPy's), or None for a finished agent."""


def env(
    players: int = 4, render_mode: str | None = None, max_steps: int = MAX_STEPS, **variants: bool
) -> FroeschisEnv:
    """The bare Fröschis AEC environment for ``players`` seats (2 to 4), illegal actions refused;
    ``variants`` switch rules variants on by their option names (``optional_frog_swap=True``, see
    :mod:`froeschis.core.readings`). The same as ``froeschis_v0.raw_env``, kept for older code."""
    return FroeschisEnv(players, render_mode, max_steps, **variants)


class FroeschisEnv(AECEnv[str, Observation, ActionId]):
    """The AEC environment (see the module's description); make it with ``froeschis_v0.env`` or
    ``froeschis_v0.raw_env``."""

    metadata = {  # noqa: RUF012  # PettingZoo's class attribute
        "name": "froeschis_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self, players: int = 4, render_mode: str | None = None, max_steps: int = MAX_STEPS, **variants: bool
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # AECEnv.__init__ is not annotated
        check_render_mode(render_mode)
        if not isinstance(max_steps, int) or isinstance(max_steps, bool) or max_steps < 1:
            raise FormatError("max_steps", f"expected a whole number of at least 1, got {shown(max_steps)}")
        self.rules = rules_from(variants)
        self.players = players
        self.render_mode = render_mode
        self.max_steps = max_steps
        observations = observation_space(players, self.rules)  # refuses an impossible player count
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        # One space object per agent, kept: PettingZoo's tests seed each agent's space on its own.
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observations, "action_mask": action_mask_space(self.rules)})
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(action_mask_space(self.rules).shape[0]) for agent in self.possible_agents
        }
        self._np_random: np.random.Generator | None = None
        self._game: SeededGame | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> SeededGame:
        """The game being played (the reference state, the action list); only after :meth:`reset`."""
        if self._game is None:
            raise RuntimeError("call reset() before using the environment")
        return self._game

    @property
    def game_state(self) -> GameState:
        """The reference engine's state: the whole table, face-down cards included (not for agents)."""
        return self.game.state

    def record(self) -> GameRecord:
        """The game so far, chance included; it replays on the reference engine to :attr:`game_state`."""
        return self.game.record()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. With ``seed`` it is that seed's game; without, the next game of the stream the
        last seed started (or of a fresh random one)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self._game = SeededGame(self.players, self.rules, episode_rng(self._np_random), self.max_steps)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.truncations = dict.fromkeys(self.agents, self._game.truncated)
        self.agent_selection = self.possible_agents[self._game.state.current_player]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        state = self.game.state
        return {"observation": observation_array(state, seat), "action_mask": action_mask_array(state, seat)}

    def step(self, action: ActionId) -> None:
        """The selected agent plays the action with this id (``None`` once it is terminated or
        truncated, as PettingZoo asks); raises on an illegal action, changing nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if not isinstance(action, int | np.integer) or isinstance(action, bool):
            raise FormatError("action", f"expected an action id (a whole number), got {shown(action)}")
        game = self.game
        game.play(id_to_action(int(action), self.rules))
        state = game.state
        # Rewards are all 0 until the end, when nobody acts any more: so no agent ever has a reward
        # since its last turn to clear, and no step but the last has any to give.
        if state.is_terminal:
            self.rewards = dict(zip(self.agents, state.returns(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif game.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as ``froeschis watch`` prints it: returned with ``render_mode="ansi"``, printed
        with ``"human"`` (returning None); None, with a warning, without a render mode."""
        return render(self.render_mode, self.game.state)

    def close(self) -> None:
        """Nothing to release (PettingZoo asks for ``close`` beside ``render``)."""
