"""What the PettingZoo and Gymnasium environments share, for every game: the settings both check
alike, the ``Box`` of an observation, the legal ids and their mask, the text of the state, and an
episode's random source (the game an environment advances is :mod:`froeschis.interop.episode`'s).

Needs the ``rl`` extra (``pip install 'froeschis[rl]'``); importing it without says so.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any, NoReturn

from froeschis.framework.encoding import Encoding, Knowledge
from froeschis.framework.errors import FormatError, InternalError, RulesError, shown
from froeschis.framework.game import Game
from froeschis.framework.records import Record
from froeschis.interop.episode import Episode
from froeschis.interop.extras import extra_missing
from froeschis.interop.views import default_players, knowledge

RL_EXTRA = "pip install 'froeschis[rl]'"
"""What to run when PettingZoo, Gymnasium or NumPy is missing (in every such error message)."""

try:
    import numpy as np
    from gymnasium import logger, spaces
    from numpy.typing import NDArray
except ModuleNotFoundError as missing:
    raise extra_missing(
        missing, "froeschis.interop", RL_EXTRA, purpose="PettingZoo and Gymnasium"
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


def action_id(action: object) -> int:
    """``action`` as a whole number, the id both environments' ``step`` takes: a
    :class:`~froeschis.framework.errors.FormatError` for anything else (a bool is no id)."""
    if not isinstance(action, int | np.integer) or isinstance(action, bool):
        raise FormatError("action", f"expected an action id (a whole number), got {shown(action)}")
    return int(action)


def episode_rng(np_random: np.random.Generator) -> random.Random:
    """A random source for one episode, drawn from the environment's seeded generator.

    The engine's chance and the bots take a :class:`random.Random`; drawing its seed from the
    environment's generator makes ``reset(seed=s)`` fix the whole episode, and a reset without a
    seed continue the generator's stream (a new game, as Gymnasium and PettingZoo expect).
    """
    return random.Random(int(np_random.integers(2**63)))


class Playing:
    """What both environments (:class:`froeschis.interop.gymnasium.SeatEnv`, one seat against bots;
    :class:`froeschis.interop.pettingzoo.GameEnv`, every seat) do alike with the game they play:
    the settings checked and the game set up, the episode once reset, the engine's whole state, the
    legal ids and their mask, an illegal id refused, the record and the text. Written once here;
    each environment keeps its own spaces, reset and step, and sets :attr:`game` and
    :attr:`encoding` before :meth:`_set_up`."""

    game: Game
    """The game the environment plays."""
    encoding: Encoding
    rules: Any
    players: int
    start: Any
    knowledge: Knowledge
    num_actions: int
    max_steps: int
    render_mode: str | None
    _episode: Episode | None

    def _set_up(
        self,
        players: int | None,
        render_mode: str | None,
        max_steps: int | None,
        variants: Mapping[str, bool],
    ) -> spaces.Box[np.float32]:
        """Check the settings both environments take (:func:`checked`), make the game's start (the
        engine refuses an impossible player count), and give the ``Box`` of an observation."""
        self.rules, self.max_steps = checked(self.game, render_mode, max_steps, variants)
        self.players = default_players(self.game) if players is None else players
        self.start = self.game.new_game(self.players, self.rules)
        self.render_mode = render_mode
        self.knowledge = knowledge(self.game)
        self.num_actions = int(self.encoding.num_distinct_actions(self.rules, self.players))
        self._episode = None
        return observation_box(self.knowledge, self.rules, self.players)

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

    def record(self) -> Record:
        """The game so far, every seat's actions and chance; it replays on the engine to
        :attr:`game_state`."""
        return Record(self.game, self.players, self.rules, tuple(self.episode.actions))

    def _ids_of(self, seat: int) -> dict[int, Any]:
        """``seat``'s legal decisions by id (none when it is not to decide)."""
        return legal_ids(self.encoding, self.game_state, seat)

    def _mask_of(self, seat: int) -> NDArray[np.int8]:
        """``seat``'s legal ids as a new int8 mask (1 for each)."""
        return action_mask(self._ids_of(seat), self.num_actions)

    def _refuse(self, action: object) -> NoReturn:
        """Refuse an id that is no legal decision's, changing nothing: by the engine, naming the
        clause, when the encoding names a decision for every id (``Encoding.decision``), else a
        :class:`~froeschis.framework.errors.FormatError`."""
        decision = self.encoding.decision
        if decision is not None:
            self.game_state.apply(decision(self.rules, action_id(action)))  # the engine's refusal
            raise InternalError(f"the engine took {shown(action)}, which no legal decision has")
        raise FormatError("action", f"{shown(action)} is no legal decision's id here")

    def render(self) -> str | None:
        """The game's text of the state: returned with ``render_mode="ansi"``, printed with
        ``"human"`` (returning None); None, with a warning, without a render mode."""
        return render(self.game, self.render_mode, self.game_state)
