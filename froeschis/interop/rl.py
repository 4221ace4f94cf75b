"""What the PettingZoo and Gymnasium environments share, for every game: the settings both check
alike, the ``Box`` of an observation, the legal ids and their mask, the text of the state, and an
episode's random source (the game an environment advances is :mod:`froeschis.interop.episode`'s).

Needs the ``rl`` extra (``pip install 'froeschis[rl]'``); importing it without says so.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from froeschis.framework.encoding import Encoding, Knowledge
from froeschis.framework.errors import FormatError, RulesError, shown
from froeschis.framework.game import Game
from froeschis.interop.episode import Episode

RL_EXTRA = "pip install 'froeschis[rl]'"
"""What to run when PettingZoo, Gymnasium or NumPy is missing (in every such error message)."""

try:
    import numpy as np
    from gymnasium import logger, spaces
    from numpy.typing import NDArray
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"froeschis.interop needs {missing.name} for PettingZoo and Gymnasium: {RL_EXTRA}", name=missing.name
    ) from missing

RENDER_MODES = ("human", "ansi")
"""The render modes of both environments: ``"ansi"`` returns the game's text of the state,
``"human"`` prints it (after the reset and after every step, as PettingZoo's and Gymnasium's human
modes show the game as it goes)."""


def checked(
    game: Game, render_mode: object, max_steps: object, variants: Mapping[str, bool]
) -> tuple[Any, int]:
    """The rules ``variants`` select and the bound on a game's actions (the encoding's unless
    given), once the settings both environments take are checked: a render mode neither has, a
    bound that is not a whole number of at least 1, an unknown variant option (a typo must not
    silently give the published game: a :class:`~froeschis.framework.errors.RulesError` listing
    the known ones) are refused."""
    encoding = game.part(game.encoding, "encoding")
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode {render_mode!r}: expected None or one of {list(RENDER_MODES)}")
    bound = encoding.max_steps if max_steps is None else max_steps
    if not isinstance(bound, int) or isinstance(bound, bool) or bound < 1:
        raise FormatError("max_steps", f"expected a whole number of at least 1, got {shown(bound)}")
    known = [variant.option for variant in game.variants]
    unknown = sorted(set(variants) - set(known))
    if unknown:
        raise RulesError(f"unknown variant options {unknown}; expected some of {known}")
    return game.rules(**variants), bound


def observation_box(known: Knowledge, rules: Any, players: int) -> spaces.Box[np.float32]:
    """The ``Box`` of a seat's observation tensor: flat, float32, within the game's bounds
    (unbounded where it gives none)."""
    size = sum(math.prod(shape) for _, shape in known.observation_blocks(rules, players))
    bounds = known.observation_bounds
    low, high = (-np.inf, np.inf) if bounds is None else bounds(rules, players)
    return spaces.Box(low=low, high=high, shape=(size,), dtype=np.float32)


def legal_ids(encoding: Encoding, state: Any, seat: int) -> dict[int, Any]:
    """``seat``'s legal decisions by id; none when it is not the seat's decision."""
    if state.is_terminal or state.is_chance or state.current_player != seat:
        return {}
    encode = encoding.action_id
    return {int(encode(state, action)): action for action in state.legal_actions()}


def action_mask(ids: Mapping[int, Any], size: int) -> NDArray[np.int8]:
    """A new int8 array of ``size`` ids, 1 at each of ``ids`` (as PettingZoo's games have it)."""
    mask = np.zeros(size, np.int8)
    mask[list(ids)] = 1
    return mask


def render(game: Game, render_mode: str | None, state: Any) -> str | None:
    """What ``render()`` gives in ``render_mode``: the game's text of the state (Fröschis: the
    table as ``froeschis watch`` prints it, face-down cards as ``?``), returned for ``"ansi"``,
    printed for ``"human"`` (then None, as both libraries ask); None, with a warning, without a
    mode."""
    if render_mode is None:
        logger.warn("render() was called without a render mode: make the environment with render_mode='ansi'")
        return None
    text = str(game.render(state))
    if render_mode == "human":
        print(text, end="\n\n")  # a blank line between one table and the next
        return None
    return text


def episode_rng(np_random: np.random.Generator) -> random.Random:
    """A random source for one episode, drawn from the environment's seeded generator.

    The engine's chance and the bots take a :class:`random.Random`; drawing its seed from the
    environment's generator makes ``reset(seed=s)`` fix the whole episode, and a reset without a
    seed continue the generator's stream (a new game, as Gymnasium and PettingZoo expect).
    """
    return random.Random(int(np_random.integers(2**63)))


class Playing:
    """What both environments (:class:`froeschis.interop.gymnasium.SeatEnv`, one seat against bots;
    :class:`froeschis.interop.pettingzoo.GameEnv`, every seat) show alike of the game they play: the
    episode once reset, the engine's whole state, its text. Written once here; each environment
    keeps its own spaces, reset and step, and sets these attributes."""

    game: Game
    """The game the environment plays."""
    render_mode: str | None
    _episode: Episode | None

    @property
    def episode(self) -> Episode:
        """The game being played (its state and every action); only after :meth:`reset`."""
        if self._episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self._episode

    @property
    def game_state(self) -> Any:
        """The engine's state: the whole table, hidden pieces included (not for agents)."""
        return self.episode.state

    def render(self) -> str | None:
        """The game's text of the state: returned with ``render_mode="ansi"``, printed with
        ``"human"`` (returning None); None, with a warning, without a render mode."""
        return render(self.game, self.render_mode, self.game_state)
