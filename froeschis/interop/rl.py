"""What the PettingZoo and Gymnasium environments share: the rules, the spaces, the arrays, and a
seeded game on the reference engine with its record.

Both environments are thin: every rule is the reference engine's (:mod:`froeschis.games.froeschis.engine`),
every number the encoding's (:mod:`froeschis.games.froeschis.encoding`, ``encoding/1``). What is left is
here, once, so that the two cannot drift apart: how keyword variants become :class:`Rules`, the
``Box`` of the observation tensor and of the action mask, and :class:`SeededGame`, the game an
environment advances, which resolves chance from a source seeded by the environment and keeps the
whole action list, chance included, as a :class:`~froeschis.games.froeschis.record.GameRecord` that replays
on the reference engine.

Needs the ``rl`` extra (``pip install 'froeschis[rl]'``); importing it without says so.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from froeschis.framework.errors import RulesError
from froeschis.framework.registry import DEFAULT
from froeschis.framework.registry import game as registered
from froeschis.games.froeschis.actions import AnyAction
from froeschis.games.froeschis.encoding import (
    legal_action_mask,
    num_distinct_actions,
    observation_shape,
    observation_tensor,
)
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.record import GameRecord
from froeschis.games.froeschis.rules import Rules
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
"""The render modes of both environments: ``"ansi"`` returns the table as text, ``"human"`` prints it
(after the reset and after every step, as PettingZoo's and Gymnasium's human modes show the game as
it goes)."""


def check_render_mode(render_mode: object) -> None:
    """Refuse a render mode neither environment has (None, no rendering, is one)."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode {render_mode!r}: expected None or one of {list(RENDER_MODES)}")


def render(render_mode: str | None, state: GameState) -> str | None:
    """What ``render()`` gives in ``render_mode``: the table as ``froeschis watch`` prints it (the
    engine's text of the state, face-down cards as ``?``), returned for ``"ansi"``, printed for
    ``"human"`` (then None, as both libraries ask); None, with a warning, without a mode."""
    if render_mode is None:
        logger.warn("render() was called without a render mode: make the environment with render_mode='ansi'")
        return None
    text = str(state)
    if render_mode == "human":
        print(text, end="\n\n")  # a blank line between one table and the next
        return None
    return text


def rules_from(variants: Mapping[str, object]) -> Rules:
    """The rules with these variant options (``optional_frog_swap=True``, ...), each True or False.

    An unknown name is a :class:`~froeschis.framework.errors.RulesError` listing the known ones (a typo
    must not silently give the published game); a value that is not a bool is refused by
    :class:`Rules` itself.
    """
    unknown = sorted(set(variants) - set(VARIANT_OPTIONS))
    if unknown:
        raise RulesError(f"unknown variant options {unknown}; expected some of {list(VARIANT_OPTIONS)}")
    return Rules(**variants)  # type: ignore[arg-type]  # checked by the Rules validators


def observation_space(players: int, rules: Rules) -> spaces.Box[np.float32]:
    """The ``Box`` of :func:`~froeschis.games.froeschis.encoding.observation_tensor`: from 0 to the deck's
    size.

    Every entry of ``encoding/1``'s tensor is a one-hot flag, a count of cards, a row length or the
    round number. Flags are at most 1, counts and lengths at most the deck's size, and so is the
    round: each round ends only after a first completer (round.final-turns) whose row then shrinks
    by one (round.next-lengths), and a completed one-spot row ends the game (game.end), so there are
    at most ``players * (row_length - 1) + 1`` rounds, fewer than the deck's cards
    (:func:`~froeschis.games.froeschis.rules.check_setup` asks for ``players * row_length + 2`` of them). A
    finite bound matters: Gymnasium's checker warns of infinite ones, and observations are checked
    to lie inside it.
    """
    shape = observation_shape(players, rules)
    return spaces.Box(low=0.0, high=float(len(rules.deck)), shape=shape, dtype=np.float32)


def action_mask_space(rules: Rules) -> spaces.Box[np.int8]:
    """The ``Box`` of an action mask: one 0 or 1 (int8, as PettingZoo's games have it) per action id."""
    return spaces.Box(low=0, high=1, shape=(num_distinct_actions(rules),), dtype=np.int8)


def observation_array(state: GameState, seat: int) -> NDArray[np.float32]:
    """``seat``'s observation tensor as a new float32 array (a new one each call: callers keep them)."""
    return np.array(observation_tensor(state, seat), dtype=np.float32)


def action_mask_array(state: GameState, seat: int) -> NDArray[np.int8]:
    """``seat``'s legal action mask as a new int8 array: 1 for every id it may play now."""
    return np.array(legal_action_mask(state, seat), dtype=np.int8)


def episode_rng(np_random: np.random.Generator) -> random.Random:
    """A random source for one episode, drawn from the environment's seeded generator.

    The engine's chance and the bots take a :class:`random.Random`; drawing its seed from the
    environment's generator makes ``reset(seed=s)`` fix the whole episode, and a reset without a
    seed continue the generator's stream (a new game, as Gymnasium and PettingZoo expect).
    """
    return random.Random(int(np_random.integers(2**63)))


class SeededGame(Episode):
    """A game of Fröschis on the reference engine whose chance nodes are resolved from ``chance`` as
    soon as they are reached, so that the state is always a decision or the end (the generic
    :class:`~froeschis.interop.episode.Episode`, made from a number of players and rules).

    ``actions`` is the whole action list, chance included: :meth:`record` replays on the reference
    to :attr:`state`. ``max_steps`` caps its length: the rules have no end for players who keep
    taking a dead discard and discarding it again, and a learner may well do that; past the cap the
    game is :attr:`truncated`.
    """

    state: GameState
    actions: list[AnyAction]

    def __init__(self, players: int, rules: Rules, chance: random.Random, max_steps: int) -> None:
        self.players, self.rules = players, rules
        super().__init__(registered(DEFAULT), new_game(players, rules), chance, max_steps)

    def record(self) -> GameRecord:
        """The game so far as a record (setup and action list), which replays on the reference."""
        return GameRecord(self.players, self.rules, tuple(self.actions))
