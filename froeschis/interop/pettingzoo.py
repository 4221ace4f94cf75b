"""Fröschis as a PettingZoo AEC environment: every seat an agent, one decision at a time.

Make it through :mod:`froeschis.interop.froeschis_v0`, the versioned module that PettingZoo's own
environments have (``env()`` with PettingZoo's classic wrappers, ``raw_env()`` without)::

    from froeschis.interop import froeschis_v0

    env = froeschis_v0.env(players=3)

This module is the environment itself, :class:`FroeschisEnv`: the generic environment of
:mod:`froeschis.interop.aec` playing Fröschis (its numbers in :mod:`froeschis.games.froeschis.encoding`),
with Fröschis' record of the game. Its :func:`env`, the bare environment
(``froeschis_v0.raw_env``), is kept for code written before the versioned module; bound as
``from froeschis.interop import pettingzoo`` it would hide the ``pettingzoo`` package itself.

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
    the seat's observation tensor of ``encoding/1``
    (:func:`froeschis.games.froeschis.encoding.observation_tensor`),
    float32: what the seat may see, never a face-down card or the draw pile's order;
``action_mask``
    int8, 1 for every action id (:func:`froeschis.games.froeschis.encoding.action_to_id`) the seat may play
    now; all 0 when it is not the seat's decision.

Actions are the ids of ``encoding/1`` (a ``Discrete`` space). Chance (the deal and every reshuffle)
is no agent: the environment resolves it as soon as it comes, from a source seeded by
``reset(seed=...)``, so the same seed and actions give the same game.

**Rewards** are given once, when the game ends: each seat's return under clause ``game.returns``,
1 for every winner and 0 for everybody else (:meth:`~froeschis.games.froeschis.engine.GameState.returns`, the
numbers every froeschis interface gives). A shared win is not split: each co-winner gets 1, as the
rules say that several players can win. Every other step rewards 0.

**An illegal action** is a caller's bug, not a move: this environment raises the engine's
:class:`~froeschis.framework.errors.IllegalActionError` (naming the clause that forbids it), or
:class:`~froeschis.framework.errors.FormatError` for an id outside the action space, and the game is
unchanged. ``froeschis_v0.env()`` wraps it as PettingZoo's classic games are wrapped, so that an
illegal move ends the game as a loss (``TerminateIllegalWrapper``, reward -1).

**Truncation**: the rules have no end for players who keep taking a dead discard and discarding it
again, so after ``max_steps`` actions (chance included, as :func:`froeschis.games.froeschis.bots.drive`
counts them) every agent is truncated.

:meth:`FroeschisEnv.record` gives the game so far as a :class:`~froeschis.games.froeschis.record.GameRecord`,
which replays on the reference engine and saves as JSON (:mod:`froeschis.games.froeschis.serialize`).
``render_mode="ansi"`` makes :meth:`FroeschisEnv.render` return the table as ``froeschis watch``
prints it (face-down cards as ``?``); ``render_mode="human"`` prints it after the reset and after
every step.

Needs the ``rl`` extra: ``pip install 'froeschis[rl]'``.
"""

from __future__ import annotations

import random

from froeschis.games.froeschis.bots import MAX_STEPS
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.record import GameRecord
from froeschis.interop.aec import RENDER_MODES, ActionId, GameEnv, Observation
from froeschis.interop.rl import SeededGame

__all__ = ["ActionId", "FroeschisEnv", "Observation", "env"]


def env(
    players: int = 4, render_mode: str | None = None, max_steps: int = MAX_STEPS, **variants: bool
) -> FroeschisEnv:
    """The bare Fröschis AEC environment for ``players`` seats (2 to 4), illegal actions refused;
    ``variants`` switch rules variants on by their option names (``optional_frog_swap=True``, see
    :mod:`froeschis.games.froeschis.readings`). The same as ``froeschis_v0.raw_env``, kept for older code."""
    return FroeschisEnv(players, render_mode, max_steps, **variants)


class FroeschisEnv(GameEnv):
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
        super().__init__("froeschis", players, render_mode, max_steps, **variants)

    def new_episode(self, chance: random.Random) -> SeededGame:
        """A game on the reference engine, which keeps its record."""
        return SeededGame(self.players, self.rules, chance, self.max_steps)

    @property
    def game(self) -> SeededGame:  # type: ignore[override]  # Fröschis' environment named its episode so
        """The game being played (the reference state, the action list); only after :meth:`reset`."""
        found: SeededGame = self.episode
        return found

    @property
    def game_state(self) -> GameState:
        """The reference engine's state: the whole table, face-down cards included (not for agents)."""
        return self.game.state

    def record(self) -> GameRecord:
        """The game so far, chance included; it replays on the reference engine to :attr:`game_state`."""
        return self.game.record()
