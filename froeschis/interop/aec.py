"""Any registered game with an encoding (Fröschis, Frog, Army of Frogs) as a PettingZoo AEC
environment, played by its reference engine through the framework's
:class:`~froeschis.framework.game.Game`.

Make one through the game's versioned module, :mod:`froeschis.interop.froeschis_v0`,
:mod:`froeschis.interop.frog_v0` or :mod:`froeschis.interop.army_of_frogs_v0` (``env()`` in
PettingZoo's classic wrappers, ``raw_env()`` bare). Agent ``player_i`` is seat ``i``. An agent
observes a dict: ``observation``, the game's observation tensor of its seat
(:func:`froeschis.interop.views.knowledge`, float32: nothing the seat may not see), and
``action_mask``, int8, 1 for every id of a legal decision (all 0 when the seat is not to decide).
Actions are the encoding's ids (a ``Discrete`` space). Chance is no agent: it is resolved at once
with ``Game.sample_chance`` from a source drawn for each episode from the environment's generator,
seeded by ``reset(seed=...)`` (a reset without a seed plays the stream's next game). Rewards are
the game's returns, given once at the end. An illegal id changes nothing: the engine refuses it,
naming the clause, when the encoding names a decision for every id (``Encoding.decision``), else it
is a :class:`~froeschis.framework.errors.FormatError` (``env()`` makes it a loss instead, as
PettingZoo's classic games do). After ``max_steps`` actions (chance included) every agent is
truncated. ``render_mode="ansi"`` makes :meth:`GameEnv.render` return the game's text of the
state, ``"human"`` prints it after the reset and every step.

Needs the ``rl`` extra: ``pip install 'froeschis[rl]'``.
"""

from __future__ import annotations

import math
import random
from typing import Any

from froeschis.framework.errors import FormatError, InternalError, RulesError, shown
from froeschis.framework.game import Game
from froeschis.framework.registry import game as registered
from froeschis.interop.episode import Episode
from froeschis.interop.views import knowledge

RL_EXTRA = "pip install 'froeschis[rl]'"
MAX_STEPS = 20_000
"""The default bound on a game's actions, chance included."""

try:
    import numpy as np
    from gymnasium import logger, spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"froeschis.interop.aec needs {missing.name}: {RL_EXTRA}", name=missing.name
    ) from missing

Observation = dict[str, Any]
ActionId = int | np.integer[Any] | None
ILLEGAL_REWARD = -1.0
RENDER_MODES = ("human", "ansi")


class GameEnv(AECEnv[str, Observation, ActionId]):
    """The AEC environment of one game (see the module's description)."""

    metadata = {"name": "froeschis_game", "render_modes": list(RENDER_MODES), "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        name: str,
        players: int,
        render_mode: str | None = None,
        max_steps: int = MAX_STEPS,
        **variants: bool,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # AECEnv.__init__ is not annotated
        self.rulebook = registered(name)
        self.metadata = {**self.metadata, "name": f"{name.replace('-', '_')}_v0"}
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r}: expected None or one of {list(RENDER_MODES)}")
        if not isinstance(max_steps, int) or isinstance(max_steps, bool) or max_steps < 1:
            raise FormatError("max_steps", f"expected a whole number of at least 1, got {shown(max_steps)}")
        options = {v.option for v in self.rulebook.variants}
        unknown = sorted(set(variants) - options)
        if unknown:
            known = [v.option for v in self.rulebook.variants]
            raise RulesError(f"unknown variant options {unknown}; expected some of {known}")
        self.encoding = self.rulebook.part(self.rulebook.encoding, "encoding")
        self.rules = self.rulebook.rules(**variants)
        self.players = players
        self.start = self.rulebook.new_game(players, self.rules)  # refuses an impossible player count
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.knowledge = knowledge(self.rulebook)
        size = sum(math.prod(shape) for _, shape in self.knowledge.observation_blocks(self.rules, players))
        bounds = self.knowledge.observation_bounds
        low, high = (-np.inf, np.inf) if bounds is None else bounds(self.rules, players)
        self.num_actions = int(self.encoding.num_distinct_actions(self.rules, players))
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents}
        self._episode: Any = None
        self._np_random: np.random.Generator | None = None

    @property
    def game(self) -> Game:
        """The game this environment plays."""
        return self.rulebook

    @property
    def episode(self) -> Any:
        """The game being played (:class:`Episode`, or what :meth:`new_episode` makes); only
        after :meth:`reset`."""
        if self._episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self._episode

    def new_episode(self, chance: random.Random) -> Any:
        """A new game, its chance drawn from ``chance``."""
        return Episode(self.rulebook, self.start, chance, self.max_steps)

    @property
    def state(self) -> Any:
        """The engine's state: the whole table, hidden pieces included (not for agents)."""
        return self.episode.state

    @property
    def actions(self) -> list[Any]:
        """The game's actions so far, chance outcomes included (they replay on the engine)."""
        found: list[Any] = self.episode.actions
        return found

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def ids(self) -> dict[int, Any]:
        """The legal decisions by id."""
        encode = self.encoding.action_id
        return {int(encode(self.state, action)): action for action in self.state.legal_actions()}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed``, that seed's game; without, the next game of the stream the
        last seed started (or of a fresh random one)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self._episode = self.new_episode(random.Random(int(self._np_random.integers(2**63))))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, bool(self.episode.truncated))
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[max(self.state.current_player, 0)]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.num_actions, np.int8)
        if self.state.current_player == seat:
            mask[list(self.ids())] = 1
        return {
            "observation": np.asarray(self.knowledge.observation_tensor(self.state, seat), np.float32),
            "action_mask": mask,
        }

    def step(self, action: ActionId) -> None:
        """The selected agent plays the decision with this id (None once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.ids()
        if not isinstance(action, int | np.integer) or isinstance(action, bool):
            raise FormatError("action", f"expected an action id (a whole number), got {shown(action)}")
        if int(action) not in legal:
            decision = self.encoding.decision
            if decision is not None:
                self.state.apply(decision(self.rules, int(action)))  # the engine's refusal
                raise InternalError(f"the engine took {shown(action)}, which no legal decision has")
            raise FormatError("action", f"{shown(action)} is no legal decision's id here")
        self.episode.play(legal[int(action)])
        if self.state.is_terminal:
            self.rewards = dict(zip(self.agents, map(float, self.state.returns()), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        elif self.episode.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The game's text of the state: returned with ``render_mode="ansi"``, printed with
        ``"human"`` (returning None); None, with a warning, without a render mode."""
        if self.render_mode is None:
            logger.warn(
                "render() was called without a render mode: make the environment with render_mode='ansi'"
            )
            return None
        text = str(self.rulebook.render(self.state))
        if self.render_mode == "human":
            print(text, end="\n\n")  # a blank line between one table and the next
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def wrapped(raw: GameEnv) -> wrappers.OrderEnforcingWrapper[str, Observation, ActionId]:
    """``raw`` in PettingZoo's classic wrappers: an illegal action ends the game, -1 for its agent."""
    env: AECEnv[str, Observation, ActionId] = wrappers.TerminateIllegalWrapper(
        raw, illegal_reward=ILLEGAL_REWARD
    )
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
