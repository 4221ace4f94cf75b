"""Fröschis as an OpenSpiel game, ``python_froeschis``, played by the reference engine.

Importing this module registers the game with OpenSpiel::

    import pyspiel
    import froeschis.interop.openspiel

    game = pyspiel.load_game("python_froeschis", {"players": 3, "optional_frog_swap": True})

The game is the generic wrapper's (:mod:`froeschis.interop.spiel`), reading Fröschis' numbers
(:mod:`froeschis.games.froeschis.encoding`). Every rule is the reference engine's
(:mod:`froeschis.games.froeschis.engine`): a state holds a
:class:`~froeschis.games.froeschis.engine.GameState` and each
decision is applied to it. Every number is the encoding's (``encoding/1``,
:mod:`froeschis.games.froeschis.encoding`): decision ids, observation and information-state strings and
tensors. What is OpenSpiel's own is chance: OpenSpiel algorithms enumerate chance outcomes with
their probabilities, and a shuffle of 60 cards has far too many orders to list. So a deal (and a
reshuffle) is a sequence of chance nodes, one per card of the order the reference's
:class:`~froeschis.games.froeschis.actions.Shuffle` takes: the outcomes are the kinds of card still in the
pool, each as likely as its remaining count makes it, which gives every order of the pool the
probability of a uniform shuffle. When the last card is chosen the assembled order is applied to
the reference state.

``returns()`` are the reference's (``game.returns``): 1 for every winner, 0 for everybody else, so
a shared win is a win for each winner and the game is general-sum. The rules have no end for a game
in which nobody completes a row; OpenSpiel needs a bound, so a game that reaches
``max_game_length`` actions (chance included, 100 000 unless set) stops there without a winner,
all returns 0. Random games take 700 to 2 000.

A state serialises (``pyspiel.serialize_game_and_state``), pickles and deep-copies at any length of
game: it holds the reference's actions, replayed when it is read back.

Needs the ``openspiel`` extra (``pip install 'froeschis[openspiel]'``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from froeschis.framework.errors import FormatError, shown
from froeschis.framework.registry import game as registered
from froeschis.games.froeschis.actions import Shuffle
from froeschis.games.froeschis.cards import Card
from froeschis.games.froeschis.chance import sample_chance
from froeschis.games.froeschis.encoding import card_kinds, resample_state
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.record import GameRecord
from froeschis.games.froeschis.rules import Rules
from froeschis.interop import spiel
from froeschis.interop.spiel import OPENSPIEL_EXTRA

try:
    import numpy as np
    import pyspiel
    from numpy.typing import NDArray
    from open_spiel.python.algorithms import mcts
except ModuleNotFoundError as missing:  # pragma: no cover  # spiel.py already names the extra
    raise ModuleNotFoundError(
        f"froeschis.interop.openspiel needs {missing.name}: {OPENSPIEL_EXTRA}", name=missing.name
    ) from missing

__all__ = [
    "DEFAULT_PLAYERS",
    "GAME_TYPE",
    "MAX_GAME_LENGTH",
    "OPENSPIEL_EXTRA",
    "PARAMETERS",
    "SHORT_NAME",
    "FroeschisGame",
    "FroeschisObserver",
    "FroeschisState",
    "Position",
    "ReferenceRolloutEvaluator",
    "Setup",
    "play_against_random",
    "resample",
    "rollout",
    "rules_of",
    "seeded_resampler",
]

SHORT_NAME = spiel.FROESCHIS.short_name
DEFAULT_PLAYERS = spiel.FROESCHIS.default_players
MAX_GAME_LENGTH = spiel.FROESCHIS.max_game_length
"""The default bound on a game's actions, chance included (as the project's drivers cap games)."""

PARAMETERS: dict[str, Any] = spiel.parameters(registered("froeschis"), spiel.FROESCHIS)
"""The game's parameters and their defaults: the player count, one switch per rules variant (the one
list, :data:`froeschis.games.froeschis.readings.VARIANT_OPTIONS`) and the bound on the game's length."""

GAME_TYPE = spiel.game_type(registered("froeschis"), spiel.FROESCHIS)

Setup = spiel.Setup
"""What every state of one game shares (the generic wrapper's): the game, its numbers, the start
and the bound on the game's length."""

FroeschisObserver = spiel.Observer
"""OpenSpiel's observer: a seat's information state or observation as the encoding writes it;
``tensor`` is one flat float32 array, ``dict`` views it block by block (``spec/froeschis/encoding.md``)."""


def rules_of(params: dict[str, Any]) -> Rules:
    """The rules the game's parameters select."""
    return Rules(**{option: params[option] for option in VARIANT_OPTIONS})


@attrs.frozen(eq=False)
class Position:
    """Where a game stands: the reference state, the order being assembled at a chance node, and
    what the history adds to the state (a view of a :class:`FroeschisState`, or where to start one)."""

    setup: Setup
    state: GameState
    chosen: tuple[Card, ...]
    """The order assembled so far at a chance node (applied as a Shuffle once complete)."""
    remaining: tuple[int, ...]
    """At a chance node, how many cards of each kind are left to choose (by :func:`card_kinds`)."""
    reshuffled: bool
    """Whether the draw pile was made by a reshuffle this round (then its contents are known)."""
    length: int
    """OpenSpiel actions so far, chance included."""

    @staticmethod
    def start(setup: Setup, state: GameState) -> Position:
        """``state`` with no chance step under way and nothing known of the draw pile."""
        return _position(setup, state, (), False, 0)

    @property
    def is_terminal(self) -> bool:
        return self.state.is_terminal or self.length >= self.setup.limit

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        return self  # immutable: a state's copy shares it


def _position(setup: Setup, state: GameState, partial: tuple[int, ...], known: bool, length: int) -> Position:
    kinds = card_kinds(state.rules)
    remaining: tuple[int, ...] = ()
    if state.is_chance:
        left = Counter(state.chance_pool()) - Counter(kinds[kind] for kind in partial)
        remaining = tuple(left[card] for card in kinds)
    return Position(setup, state, tuple(kinds[kind] for kind in partial), remaining, known, length)


class FroeschisState(spiel.SpielState):
    """A game in progress: the generic wrapper's state, with where it stands as a :class:`Position`
    and the game so far as a :class:`~froeschis.games.froeschis.record.GameRecord`."""

    def __init__(self, game: FroeschisGame, position: Position) -> None:
        kinds = card_kinds(position.state.rules)
        partial = [kinds.index(card) for card in position.chosen]
        trail = spiel.Trail(game.setup, [position.state], [], partial, position.length, position.reshuffled)
        super().__init__(game, game.setup, trail)

    @property
    def game_state(self) -> GameState:
        """The reference engine's state (at a chance node, before the order being assembled)."""
        found: GameState = self.state
        return found

    @property
    def position(self) -> Position:
        """Where the game stands (the same object until the state changes)."""
        trail = self.trail
        key = (trail.states[-1], trail.steps, len(trail.partial))
        cached = getattr(self, "_position", None)
        if cached is None or cached[0] != key:
            made = _position(self.spiel, trail.states[-1], tuple(trail.partial), trail.memory, trail.steps)
            cached = (key, made)
            self._position = cached
        found: Position = cached[1]
        return found

    def record(self) -> GameRecord:
        """The game so far as the reference plays it: every decision and every completed shuffle
        (:meth:`GameRecord.replay` gives :attr:`game_state` back).

        A state made by :meth:`resample_from_infostate` has no history (the real one would tell
        the hidden cards), so it has no record: a :class:`~froeschis.framework.errors.FormatError`."""
        trail = self.trail
        if trail.states[0] is not self.spiel.start:
            raise FormatError(
                "history", "this state was not reached by play from the start (resampled?): it has no record"
            )
        return GameRecord(self.state.num_players, self.spiel.rules, tuple(trail.actions))


class FroeschisGame(spiel.SpielGame):
    """The game for one set of parameters (``pyspiel.load_game`` makes it)."""

    spec = spiel.FROESCHIS
    state_type = FroeschisState


def resample(position: Position, rng: random.Random) -> Position:
    """``position`` with every card nobody has seen dealt again at random (see
    :func:`froeschis.games.froeschis.encoding.resample_state`; in Fröschis every seat sees the same cards)."""
    kinds = card_kinds(position.state.rules)
    partial = tuple(kinds.index(card) for card in position.chosen)
    state, partial = resample_state(position.state, partial, position.reshuffled, 0, rng)
    return _position(position.setup, state, partial, position.reshuffled, position.length)


def seeded_resampler(rng: np.random.RandomState) -> Callable[[FroeschisState, int], FroeschisState]:
    """A resampler for OpenSpiel's IS-MCTS (``bot.set_resampler(seeded_resampler(rng))``) that
    draws its worlds with numbers from ``rng``.

    Without it, :class:`open_spiel.python.algorithms.ismcts.ISMCTSBot` resamples with a new
    ``pyspiel.UniformProbabilitySampler``, which is seeded by the system, so a bot given a seeded
    ``random_state`` still plays differently every run.
    """

    def resampled(state: FroeschisState, player: int) -> FroeschisState:
        return state.resample_from_infostate(player, rng.uniform)

    return resampled


class ReferenceRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]  # no type information
    """OpenSpiel's random-rollout evaluator for MCTS and IS-MCTS, its rollouts played on the
    reference engine.

    A state's value is the mean of the returns of ``n_rollouts`` games played on from it with a
    uniformly random legal decision at every turn and a uniformly random shuffle at every chance
    node (the unfinished order of a chance node completed at random): the same distribution as
    :class:`open_spiel.python.algorithms.mcts.RandomRolloutEvaluator`, whose card-by-card chance
    gives every order the probability of a uniform shuffle. Played on the reference
    :class:`GameState` it is more than ten times as fast as through OpenSpiel's state, which crosses
    from C++ to Python at every card. A rollout stops at the game's ``max_game_length`` (all 0).
    """

    def __init__(self, n_rollouts: int = 1, random_state: np.random.RandomState | None = None) -> None:
        if not isinstance(n_rollouts, int) or isinstance(n_rollouts, bool) or n_rollouts < 1:
            raise FormatError("n_rollouts", f"expected a positive whole number, got {shown(n_rollouts)}")
        self.n_rollouts = n_rollouts
        source = random_state if random_state is not None else np.random.RandomState()
        self.rng = random.Random(int(source.randint(2**31)))

    def evaluate(self, state: FroeschisState) -> NDArray[np.float64]:
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            total += rollout(state.position, self.rng)
        result: NDArray[np.float64] = total / self.n_rollouts
        return result

    def prior(self, state: FroeschisState) -> list[tuple[int, float]]:
        """Every legal action alike (chance outcomes by their probabilities)."""
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal: list[int] = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def rollout(position: Position, rng: random.Random) -> tuple[float, ...]:
    """The returns of the game played on from ``position`` at random on the reference engine."""
    state = position.state
    if position.chosen:
        rest = list((Counter(state.chance_pool()) - Counter(position.chosen)).elements())
        rng.shuffle(rest)
        state = state.apply(Shuffle((*position.chosen, *rest)))
    for _ in range(position.setup.limit - position.length):
        if state.is_terminal:
            break
        if state.is_chance:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state.returns()


def play_against_random(game: FroeschisGame, bot: Any, seat: int, rng: np.random.RandomState) -> list[float]:
    """The returns of one game with ``bot`` (an OpenSpiel bot: ``bot.step(state)`` gives its
    action) at ``seat``, uniformly random legal decisions at the other seats and chance by its
    probabilities, all drawn from ``rng``.

    OpenSpiel's ``evaluate_bots`` would do, but it asks every bot to ``restart_at`` and
    ``inform_action``, which the Python IS-MCTS bot does not implement.
    """
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == seat:
            state.apply_action(int(bot.step(state)))
        else:
            legal = state.legal_actions()
            state.apply_action(int(legal[rng.randint(len(legal))]))
    returns: list[float] = state.returns()
    return returns


pyspiel.register_game(GAME_TYPE, FroeschisGame)
