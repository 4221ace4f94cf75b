"""Every registered game with an encoding (Fröschis, Frog, Army of Frogs) as a PettingZoo AEC
environment: every seat an agent, one decision at a time, played by the game's reference engine
through the framework's :class:`~froeschis.framework.game.Game`.

Make one with :func:`env` (in PettingZoo's classic wrappers) or :func:`raw_env` (bare), naming the
game (Fröschis unless named), or through the game's versioned module, named as PettingZoo names its
own environments (``tictactoe_v3``): ``froeschis_v0``, ``frog_v0``, ``army_of_frogs_v0`` (see
:mod:`froeschis.interop`)::

    from froeschis.interop import froeschis_v0

    env = froeschis_v0.env(players=3)

>>> from froeschis.interop import pettingzoo
>>> env = pettingzoo.raw_env("froeschis", players=3)
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else int(observation["action_mask"].argmax())
...     env.step(action)
>>> env.record().replay() == env.game_state
True

Agent ``player_i`` is seat ``i``. An agent observes a dict: ``observation``, the game's
observation tensor of its seat (:func:`froeschis.interop.views.knowledge`, float32: nothing the seat
may not see; Fröschis' is ``encoding/1``'s, never a face-down card or the draw pile's order), and
``action_mask``, int8, 1 for every id of a legal decision (all 0 when the seat is not to decide).
Actions are the encoding's ids (a ``Discrete`` space). Chance is no agent: it is resolved at once
with ``Game.sample_chance`` from a source drawn for each episode from the environment's generator,
seeded by ``reset(seed=...)`` (a reset without a seed plays the stream's next game), so the same
seed and actions give the same game. Rewards are the game's returns, given once at the end
(Fröschis: 1 for every winner, a shared win not split). An illegal id changes nothing: the engine
refuses it, naming the clause, when the encoding names a decision for every id
(``Encoding.decision``), else it is a :class:`~froeschis.framework.errors.FormatError` (``env()``
makes it a loss instead, as PettingZoo's classic games do). After ``max_steps`` actions (chance
included; the encoding's bound unless set: a game's rules may have no end for players who keep
undoing each other) every agent is truncated. ``render_mode="ansi"`` makes :meth:`GameEnv.render`
return the game's text of the state, ``"human"`` prints it after the reset and every step.
:meth:`GameEnv.record` is the game so far as a :class:`~froeschis.framework.records.Record`, which
replays on the engine.

Needs the ``rl`` extra: ``pip install 'froeschis[rl]'``.
"""

from __future__ import annotations

import types
from typing import Any

from froeschis.framework.registry import DEFAULT
from froeschis.framework.registry import game as registered
from froeschis.interop.episode import Episode
from froeschis.interop.extras import extra_missing
from froeschis.interop.rl import RENDER_MODES, RL_EXTRA, Playing, action_id, episode_rng
from froeschis.interop.views import default_players

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as missing:
    raise extra_missing(missing, "froeschis.interop.pettingzoo", RL_EXTRA) from missing

__all__ = ["ActionId", "GameEnv", "Observation", "env", "raw_env"]

Observation = dict[str, Any]
ActionId = int | np.integer[Any] | None
ILLEGAL_REWARD = -1.0
"""What an illegal move earns its agent through :func:`env`, as in PettingZoo's classic games."""


class GameEnv(Playing, AECEnv[str, Observation, ActionId]):
    """The AEC environment of one game (see the module's description)."""

    metadata = {"name": "froeschis_game", "render_modes": list(RENDER_MODES), "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        name: str = DEFAULT,
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **variants: bool,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # AECEnv.__init__ is not annotated
        self.game = registered(name)
        self.encoding = self.game.part(self.game.encoding, "encoding")
        self.metadata = {**self.metadata, "name": versioned_name(name)}
        box = self._set_up(players, render_mode, max_steps, variants)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": box,
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents}
        self._np_random: np.random.Generator | None = None

    @property
    def actions(self) -> list[Any]:
        """The game's actions so far, chance outcomes included (they replay on the engine)."""
        return self.episode.actions

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def ids(self) -> dict[int, Any]:
        """The legal decisions by id."""
        return self._ids_of(self.game_state.current_player)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed``, that seed's game; without, the next game of the stream the
        last seed started (or of a fresh random one)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self._episode = Episode(self.game, self.start, episode_rng(self._np_random), self.max_steps)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, bool(self.episode.truncated))
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[max(self.game_state.current_player, 0)]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        return {
            "observation": np.asarray(self.knowledge.observation_tensor(self.game_state, seat), np.float32),
            "action_mask": self._mask_of(seat),
        }

    def step(self, action: ActionId) -> None:
        """The selected agent plays the decision with this id (None once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.ids()
        number = action_id(action)
        if number not in legal:
            self._refuse(action)
        self.episode.play(legal[number])
        if self.game_state.is_terminal:
            self.rewards = dict(zip(self.agents, map(float, self.game_state.returns()), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif self.episode.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.game_state.current_player]
        if self.render_mode == "human":
            self.render()

    def close(self) -> None:
        """Nothing to release."""


def wrapped(raw: GameEnv) -> wrappers.OrderEnforcingWrapper[str, Observation, ActionId]:
    """``raw`` in the wrappers PettingZoo's classic games have: an illegal action ends the game, -1
    for the agent that played it and 0 for the others, with PettingZoo's warning
    (``TerminateIllegalWrapper``); an id outside the action space is refused by an assertion
    (``AssertOutOfBoundsWrapper``); and calls out of order, such as ``step`` before ``reset``, are
    errors (``OrderEnforcingWrapper``). The wrappers pass every other attribute through:
    ``env.record()`` and ``env.game_state`` are the environment's."""
    env: AECEnv[str, Observation, ActionId] = wrappers.TerminateIllegalWrapper(
        raw, illegal_reward=ILLEGAL_REWARD
    )
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def raw_env(
    game: str = DEFAULT,
    players: int | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
    **variants: bool,
) -> GameEnv:
    """The bare environment of ``game`` (its encoding's player count unless given; ``variants``
    switch its rules variants on by their option names, ``optional_frog_swap=True``); an illegal
    id raises and changes nothing."""
    return GameEnv(game, players, render_mode, max_steps, **variants)


def env(
    game: str = DEFAULT,
    players: int | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
    **variants: bool,
) -> wrappers.OrderEnforcingWrapper[str, Observation, ActionId]:
    """:func:`raw_env` in PettingZoo's classic wrappers (:func:`wrapped`)."""
    return wrapped(raw_env(game, players, render_mode, max_steps, **variants))


VERSION = 0
"""The environments' version: it goes up when what an agent observes, the actions or the rewards
change, so that results stay comparable within one version."""


def versioned_name(name: str) -> str:
    """The versioned name of the environment of the game registered as ``name``:
    ``army_of_frogs_v0``."""
    return f"{name.replace('-', '_')}_v{VERSION}"


def fill_versioned(module: types.ModuleType, name: str) -> None:
    """Make ``module`` the versioned module of the game ``name`` (:mod:`froeschis.interop` makes
    one for every game with an encoding): its ``raw_env`` and ``env`` are this module's, for
    that game."""
    game = registered(name)

    def versioned_raw_env(
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **variants: bool,
    ) -> GameEnv:
        return GameEnv(name, players, render_mode, max_steps, **variants)

    def versioned_env(
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **variants: bool,
    ) -> wrappers.OrderEnforcingWrapper[str, Observation, ActionId]:
        return wrapped(GameEnv(name, players, render_mode, max_steps, **variants))

    players = default_players(game)
    for function, verb in ((versioned_raw_env, "raw_env"), (versioned_env, "env")):
        function.__name__ = function.__qualname__ = verb
        function.__module__ = module.__name__
    versioned_raw_env.__doc__ = (
        f"The bare {game.title} environment ({players} players unless given); an illegal id raises "
        "and changes nothing."
    )
    versioned_env.__doc__ = f"The {game.title} environment in PettingZoo's classic wrappers."
    short = module.__name__.rpartition(".")[2]
    module.__doc__ = (
        f"{game.title} for PettingZoo (:mod:`froeschis.interop.pettingzoo`): ``env()`` in "
        "PettingZoo's classic wrappers, ``raw_env()`` bare; keyword switches turn the game's "
        f"variants on.\n\n>>> from froeschis.interop import {short}\n"
        f">>> env = {short}.env(render_mode='ansi')\n>>> env.reset(seed=1)\n"
        ">>> env.agent_selection in env.possible_agents and isinstance(env.render(), str)\nTrue\n"
    )
    vars(module).update(raw_env=versioned_raw_env, env=versioned_env, __all__=["env", "raw_env"])
