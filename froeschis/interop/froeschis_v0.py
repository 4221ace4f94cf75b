"""Fröschis for PettingZoo, named as PettingZoo names its own environments (``tictactoe_v3``,
``connect_four_v3``): ``froeschis_v0``, with :func:`env` and :func:`raw_env`.

>>> from froeschis.interop import froeschis_v0
>>> env = froeschis_v0.env(players=3, render_mode="ansi")
>>> env.reset(seed=1)
>>> env.agent_selection
'player_0'

The number is the environment's version: it goes up when what an agent observes, the actions or
the rewards change, so that results stay comparable within one version. The environment is
:class:`~froeschis.interop.pettingzoo.FroeschisEnv` (see :mod:`froeschis.interop.pettingzoo`).

Needs the ``rl`` extra: ``pip install 'froeschis[rl]'``.
"""

from __future__ import annotations

from froeschis.games.froeschis.bots import MAX_STEPS
from froeschis.interop.pettingzoo import ActionId, FroeschisEnv, Observation  # names the extra if missing

from pettingzoo import AECEnv  # isort: skip  # after the import that explains a missing PettingZoo
from pettingzoo.utils import wrappers  # isort: skip

__all__ = ["env", "raw_env"]

ILLEGAL_REWARD = -1.0
"""What an illegal move earns its agent through :func:`env`, as in PettingZoo's classic games."""

raw_env = FroeschisEnv
"""The bare environment: ``raw_env(players=4, render_mode=None, max_steps=..., **variants)``. An
illegal action raises the engine's :class:`~froeschis.framework.errors.IllegalActionError`, naming the
clause that forbids it, and changes nothing."""


def env(
    players: int = 4, render_mode: str | None = None, max_steps: int = MAX_STEPS, **variants: bool
) -> wrappers.OrderEnforcingWrapper[str, Observation, ActionId]:
    """:func:`raw_env` in the wrappers PettingZoo's classic games have: an illegal action ends the
    game, -1 for the agent that played it and 0 for the others, with PettingZoo's warning
    (``TerminateIllegalWrapper``); an id outside the action space is refused by an assertion
    (``AssertOutOfBoundsWrapper``); and calls out of order, such as ``step`` before ``reset``, are
    errors (``OrderEnforcingWrapper``). The wrappers pass every other attribute through:
    ``env.record()`` and ``env.game_state`` are the environment's."""
    wrapped: AECEnv[str, Observation, ActionId] = FroeschisEnv(players, render_mode, max_steps, **variants)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
