"""Every registered game with an encoding as a Gymnasium environment: a learner plays one seat
against the game's bots.

>>> import gymnasium
>>> env = gymnasium.make("froeschis.interop.gymnasium:Froeschis-v0", players=4, opponents="greedy")
>>> observation, info = env.reset(seed=1)
>>> done = False
>>> while not done:
...     action = int(info["action_mask"].argmax())
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated

Importing this module registers one id per game (:func:`env_id`: ``Froeschis-v0``, ``Frog-v0``,
``ArmyOfFrogs-v0``), so ``gymnasium.make`` imports it by the ``module:name`` form above. The
environment is :class:`SeatEnv`; its parameters:

``players``
    the seats (the game's encoding's count unless given: Fröschis 4, Frog 3, Army of Frogs 2);
``opponents``
    the bots of the other seats, by name (``Game.bot``: Fröschis' ``random``, ``greedy``, ``ismc``,
    ``ismc:BUDGET``; Frog's ``random``, ``heuristic``): one name for all of them, or a
    comma-separated list with one name per other seat, in seat order (default: the game's first
    bot after ``random``, Fröschis' ``greedy``);
``seat``
    the learner's seat (default 0);
``illegal_action``
    what an illegal action does: ``"lose"`` (default) or ``"raise"``, see below;
``max_steps``
    the cap on the game's actions, chance included (the encoding's bound unless given: a game's
    rules may have no end for players who keep undoing each other); the episode is truncated there;
``render_mode``
    ``"ansi"``: :meth:`SeatEnv.render` returns the game's text of the state (Fröschis: the table
    as ``froeschis watch`` prints it); ``"human"``: the environment prints it after the reset and
    after every step;
``**variants``
    the rules variants, by their option names (``optional_frog_swap=True``, ...).

The **observation** is the learner's observation tensor (:func:`froeschis.interop.views.knowledge`;
Fröschis' is ``encoding/1``'s), float32: what its seat may see, never a hidden piece. The
opponents decide on their own seat's view only. **Actions** are the encoding's ids.
``info["action_mask"]`` (int8, one per id) marks the legal ones; :meth:`SeatEnv.action_masks`
gives the same as booleans, the method ``sb3_contrib``'s ``MaskablePPO`` looks for.

The **reward** comes when the game ends: the learner's return (Fröschis: 1 if it is among the
winners, a shared win a whole win, and 0 otherwise); every other step gives 0.

**An illegal action** (an id the mask marks 0) ends the episode by default: ``terminated`` is True,
the reward is -1 (worse than any game's outcome, so a learner is taught to avoid it) and
``info["illegal_action"]`` is the id; the game is unchanged and not played on. Learning code that
does not mask (Gymnasium's own checker steps random ids) thus keeps running and learns the rules'
limits from the reward. With ``illegal_action="raise"`` the engine's
:class:`~froeschis.framework.errors.IllegalActionError` is raised instead, naming the clause that
forbids the action, when the encoding names a decision for every id (``Encoding.decision``; else a
:class:`~froeschis.framework.errors.FormatError`): for code that masks and wants to know when it did
not. Either way an id outside the action space is a :class:`~froeschis.framework.errors.FormatError`,
and stepping an episode that is over an :class:`EpisodeOverError`.

Chance and the bots draw from sources seeded by ``reset(seed=...)``: the same seed and actions give
the same episode. :meth:`SeatEnv.record` gives the game as a
:class:`~froeschis.framework.records.Record`, every seat's actions and chance, which replays on the
engine.

Needs the ``rl`` extra: ``pip install 'froeschis[rl]'``.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from froeschis.framework.errors import FormatError, FroeschisError, shown
from froeschis.framework.game import Policy
from froeschis.framework.registry import DEFAULT, names
from froeschis.framework.registry import game as registered
from froeschis.interop.episode import Episode
from froeschis.interop.extras import extra_missing
from froeschis.interop.rl import RENDER_MODES, RL_EXTRA, Playing, action_id, episode_rng

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray
except ModuleNotFoundError as missing:
    raise extra_missing(missing, "froeschis.interop.gymnasium", RL_EXTRA) from missing

IllegalAction = Literal["lose", "raise"]


def env_id(name: str) -> str:
    """The Gymnasium id of the game registered as ``name``: ``army-of-frogs`` is ``ArmyOfFrogs-v0``."""
    return "".join(part.capitalize() for part in name.split("-")) + "-v0"


class EpisodeOverError(FroeschisError, RuntimeError):
    """``step`` was called after the episode ended (terminated or truncated): call ``reset``."""


class SeatEnv(Playing, gymnasium.Env[NDArray[np.float32], np.int64]):
    """The learner's seat against bots (see the module's description)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012  # Gymnasium's class attribute

    def __init__(
        self,
        players: int | None = None,
        opponents: str | None = None,
        seat: int = 0,
        illegal_action: IllegalAction = "lose",
        max_steps: int | None = None,
        render_mode: str | None = None,
        *,
        game: str = DEFAULT,
        **variants: bool,
    ) -> None:
        self.game = registered(game)
        self.encoding = self.game.part(self.game.encoding, "encoding")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action {illegal_action!r}: expected 'lose' or 'raise'")
        self.observation_space = self._set_up(players, render_mode, max_steps, variants)
        self.action_space = spaces.Discrete(self.num_actions)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise FormatError("seat", f"no seat {shown(seat)} in a {self.players}-player game")
        self.seat = seat
        self.opponents = self._bots(opponents)
        self.illegal_action = illegal_action
        self._over = False
        self._rngs: list[random.Random] = []

    def _bots(self, opponents: str | None) -> dict[int, Policy]:
        """The policy of every other seat, from one bot name or one per other seat."""
        if opponents is None:
            opponents = next((name for name in self.game.bots if name != "random"), "random")
        names = [name for name in opponents.split(",") if name.strip()]
        others = [s for s in range(self.players) if s != self.seat]
        if len(names) == 1:
            names *= len(others)
        if len(names) != len(others):
            raise ValueError(
                f"opponents {opponents!r}: name one bot for all {len(others)} other seats, or one for each"
            )
        return {s: self.game.bot(name, self.rules) for s, name in zip(others, names, strict=True)}

    def ids(self) -> dict[int, Any]:
        """The learner's legal decisions by id (none when it is not to decide)."""
        return self._ids_of(self.seat)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """A new game, played by the bots up to the learner's first decision."""
        super().reset(seed=seed)
        chance = episode_rng(self.np_random)
        self._rngs = [episode_rng(self.np_random) for _ in range(self.players)]
        self._episode = Episode(self.game, self.start, chance, self.max_steps)
        self._over = False
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The learner plays the action with this id, then the bots play until its next decision."""
        episode = self.episode
        if self._over:
            raise EpisodeOverError("this episode is over: call reset() to start the next")
        number = action_id(action)
        if not 0 <= number < self.num_actions:
            raise FormatError("action", f"no action has id {shown(action)} (ids 0 to {self.num_actions - 1})")
        legal = self.ids()
        if episode.truncated:
            pass  # the cap was reached before the learner's first decision: this step reports it
        elif number in legal:
            episode.play(legal[number])
            self._play_opponents()
        elif self.illegal_action == "lose":
            self._over = True
            return self._observation(), -1.0, True, False, {**self._info(), "illegal_action": number}
        else:
            self._refuse(action)
        state = episode.state
        self._over = state.is_terminal or episode.truncated
        reward = float(state.returns()[self.seat]) if state.is_terminal else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, state.is_terminal, episode.truncated, self._info()

    def _play_opponents(self) -> None:
        """The bots play (chance resolves itself) until the learner decides or the game stops."""
        episode = self.episode
        while not (
            episode.state.is_terminal or episode.truncated or episode.state.current_player == self.seat
        ):
            mover = episode.state.current_player
            episode.play(self.opponents[mover](episode.state, self._rngs[mover]))

    def _observation(self) -> NDArray[np.float32]:
        """The learner's observation tensor as a new float32 array (callers keep them)."""
        return np.array(self.knowledge.observation_tensor(self.game_state, self.seat), dtype=np.float32)

    def _mask(self) -> NDArray[np.int8]:
        return self._mask_of(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal action ids now, as booleans (what ``MaskablePPO`` asks an environment for)."""
        return self._mask().astype(bool)


ENV_IDS: dict[str, str] = {name: env_id(name) for name in names() if registered(name).encoding is not None}
"""The Gymnasium id of every registered game with an encoding, by the game's name."""

for _name, _id in ENV_IDS.items():
    gymnasium.register(id=_id, entry_point=SeatEnv, kwargs={"game": _name})
