"""Fröschis as a Gymnasium environment: a learner plays one seat against froeschis bots.

>>> import gymnasium
>>> env = gymnasium.make("froeschis.interop.gymnasium:Froeschis-v0", players=4, opponents="greedy")
>>> observation, info = env.reset(seed=1)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].argmax())
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated

Importing this module registers ``Froeschis-v0``, so ``gymnasium.make`` imports it by the
``module:name`` form above. Its parameters:

``players``
    2 to 4 seats (default 4);
``opponents``
    the bots of the other seats, by name (:func:`froeschis.games.froeschis.bots.make_bot`: ``random``,
    ``greedy``, ``ismc``, ``ismc:BUDGET``): one name for all of them, or a comma-separated list with
    one name per other seat, in seat order (default ``greedy``);
``seat``
    the learner's seat (default 0, the seat that starts the first round);
``illegal_action``
    what an illegal action does: ``"lose"`` (default) or ``"raise"``, see below;
``max_steps``
    the cap on the game's actions, chance included (the rules have no end for players who keep
    taking a dead discard and discarding it again); the episode is truncated there;
``render_mode``
    ``"ansi"``: :meth:`FroeschisEnv.render` returns the table as ``froeschis watch`` prints it;
    ``"human"``: the environment prints it after the reset and after every step;
``**variants``
    the rules variants, by their option names (``optional_frog_swap=True``, ...).

The **observation** is the learner's observation tensor of ``encoding/1``
(:func:`froeschis.games.froeschis.encoding.observation_tensor`), float32: what its seat may see, never a
face-down card or the draw pile's order. The opponents decide on their own seat's view only
(:func:`froeschis.games.froeschis.observation.observe`). **Actions** are the ids of ``encoding/1``.
``info["action_mask"]`` (int8, one per id) marks the legal ones; :meth:`FroeschisEnv.action_masks`
gives the same as booleans, the method ``sb3_contrib``'s ``MaskablePPO`` looks for.

The **reward** comes when the game ends: the learner's return under clause ``game.returns``, 1 if
it is among the winners (a shared win is a whole win) and 0 otherwise; every other step gives 0.

**An illegal action** (an id the mask marks 0) ends the episode by default: ``terminated`` is True,
the reward is -1 (worse than any game's outcome, so a learner is taught to avoid it) and
``info["illegal_action"]`` is the id; the game is unchanged and not played on. Learning code that
does not mask (Gymnasium's own checker steps random ids) thus keeps running and learns the rules'
limits from the reward. With ``illegal_action="raise"`` the engine's
:class:`~froeschis.framework.errors.IllegalActionError` is raised instead, naming the clause that forbids
the action: for code that masks and wants to know when it did not. Either way an id outside the
action space is a :class:`~froeschis.framework.errors.FormatError`, and stepping an episode that is over
an :class:`EpisodeOverError`.

Chance and the bots draw from sources seeded by ``reset(seed=...)``: the same seed and actions give
the same episode. :meth:`FroeschisEnv.record` gives the game as a
:class:`~froeschis.games.froeschis.record.GameRecord`, every seat's actions and chance, which replays on the
reference engine.

Needs the ``rl`` extra: ``pip install 'froeschis[rl]'``.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from froeschis.framework.errors import FormatError, FroeschisError, shown
from froeschis.games.froeschis.bots import MAX_STEPS, Policy, as_policy, make_bot
from froeschis.games.froeschis.encoding import id_to_action
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.record import GameRecord
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
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"froeschis.interop.gymnasium needs {missing.name}: {RL_EXTRA}", name=missing.name
    ) from missing

ENV_ID = "Froeschis-v0"
"""The id this module registers (``gymnasium.make("froeschis.interop.gymnasium:Froeschis-v0")``)."""

IllegalAction = Literal["lose", "raise"]


class EpisodeOverError(FroeschisError, RuntimeError):
    """``step`` was called after the episode ended (terminated or truncated): call ``reset``."""


class FroeschisEnv(gymnasium.Env[NDArray[np.float32], np.int64]):
    """The learner's seat against bots (see the module's description)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012  # Gymnasium's class attribute

    def __init__(
        self,
        players: int = 4,
        opponents: str = "greedy",
        seat: int = 0,
        illegal_action: IllegalAction = "lose",
        max_steps: int = MAX_STEPS,
        render_mode: str | None = None,
        **variants: bool,
    ) -> None:
        check_render_mode(render_mode)
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action {illegal_action!r}: expected 'lose' or 'raise'")
        if not isinstance(max_steps, int) or isinstance(max_steps, bool) or max_steps < 1:
            raise FormatError("max_steps", f"expected a whole number of at least 1, got {shown(max_steps)}")
        self.rules = rules_from(variants)
        self.observation_space = observation_space(players, self.rules)  # refuses a bad player count
        self.action_space = spaces.Discrete(action_mask_space(self.rules).shape[0])
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise FormatError("seat", f"no seat {shown(seat)} in a {players}-player game")
        self.players = players
        self.seat = seat
        self.opponents = self._bots(opponents)
        self.illegal_action = illegal_action
        self.max_steps = max_steps
        self.render_mode = render_mode
        self._game: SeededGame | None = None
        self._over = False
        self._rngs: list[random.Random] = []

    def _bots(self, opponents: str) -> dict[int, Policy]:
        """The policy of every other seat, from one bot name or one per other seat."""
        names = [name for name in opponents.split(",") if name.strip()]
        others = [s for s in range(self.players) if s != self.seat]
        if len(names) == 1:
            names *= len(others)
        if len(names) != len(others):
            raise ValueError(
                f"opponents {opponents!r}: name one bot for all {len(others)} other seats, or one for each"
            )
        return {s: as_policy(make_bot(name, self.rules)) for s, name in zip(others, names, strict=True)}

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
        """The game so far, every seat's actions and chance; it replays on the reference engine."""
        return self.game.record()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """A new game, played by the bots up to the learner's first decision."""
        super().reset(seed=seed)
        chance = episode_rng(self.np_random)
        self._rngs = [episode_rng(self.np_random) for _ in range(self.players)]
        self._game = SeededGame(self.players, self.rules, chance, self.max_steps)
        self._over = False
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return observation_array(self._game.state, self.seat), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The learner plays the action with this id, then the bots play until its next decision."""
        game = self.game
        if self._over:
            raise EpisodeOverError("this episode is over: call reset() to start the next")
        if not isinstance(action, int | np.integer) or isinstance(action, bool):
            raise FormatError("action", f"expected an action id (a whole number), got {shown(action)}")
        chosen = id_to_action(int(action), self.rules)
        if game.truncated:
            pass  # the cap was reached before the learner's first decision: this step reports it
        elif self.illegal_action == "lose" and chosen not in game.state.legal_actions():
            self._over = True
            observation = observation_array(game.state, self.seat)
            return observation, -1.0, True, False, {**self._info(), "illegal_action": int(action)}
        else:
            game.play(chosen)
            self._play_opponents()
        state = game.state
        self._over = state.is_terminal or game.truncated
        reward = state.returns()[self.seat] if state.is_terminal else 0.0
        if self.render_mode == "human":
            self.render()
        return observation_array(state, self.seat), reward, state.is_terminal, game.truncated, self._info()

    def _play_opponents(self) -> None:
        """The bots play (chance resolves itself) until the learner decides or the game stops."""
        game = self.game
        while not (game.state.is_terminal or game.truncated or game.state.current_player == self.seat):
            mover = game.state.current_player
            game.play(self.opponents[mover](game.state, self._rngs[mover]))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": action_mask_array(self.game.state, self.seat)}

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal action ids now, as booleans (what ``MaskablePPO`` asks an environment for)."""
        return action_mask_array(self.game.state, self.seat).astype(bool)

    def render(self) -> str | None:
        """The table as ``froeschis watch`` prints it: returned with ``render_mode="ansi"``, printed
        with ``"human"`` (returning None); None, with a warning, without a render mode."""
        return render(self.render_mode, self.game.state)


gymnasium.register(id=ENV_ID, entry_point=FroeschisEnv)
