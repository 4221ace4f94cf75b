"""Fröschis as an OpenSpiel game, ``python_froeschis``, played by the reference engine.

Importing this module registers the game with OpenSpiel::

    import pyspiel
    import froeschis.interop.openspiel

    game = pyspiel.load_game("python_froeschis", {"players": 3, "optional_frog_swap": True})

Every rule is the reference engine's (:mod:`froeschis.core.engine`): a state holds a
:class:`~froeschis.core.engine.GameState` and each decision is applied to it. Every number is the
encoding's (``encoding/1``, :mod:`froeschis.core.encoding`): decision ids, observation and
information-state strings and tensors. What is OpenSpiel's own is chance: OpenSpiel algorithms
enumerate chance outcomes with their probabilities, and a shuffle of 60 cards has far too many
orders to list. So a deal (and a reshuffle) is a sequence of chance nodes, one per card of the
order the reference's :class:`~froeschis.core.actions.Shuffle` takes: the outcomes are the kinds of
card still in the pool, each as likely as its remaining count makes it, which gives every order of
the pool the probability of a uniform shuffle. When the last card is chosen the assembled order is
applied to the reference state.

``returns()`` are the reference's (``game.returns``): 1 for every winner, 0 for everybody else, so
a shared win is a win for each winner and the game is general-sum. The rules have no end for a game
in which nobody completes a row; OpenSpiel needs a bound, so a game that reaches
``max_game_length`` actions (chance included, 100 000 unless set) stops there without a winner,
all returns 0. Random games take 700 to 2 000.

A state serialises (``pyspiel.serialize_game_and_state``), pickles and deep-copies at any length of
game: it holds only where the game stands (:class:`Position`), and OpenSpiel keeps the history.

Needs the ``openspiel`` extra (``pip install 'froeschis[openspiel]'``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from froeschis.core import encoding
from froeschis.core.actions import AnyAction, Shuffle
from froeschis.core.cards import Card, Row, spot
from froeschis.core.chance import sample_chance
from froeschis.core.engine import GameState, new_game
from froeschis.core.errors import FormatError, IllegalActionError, shown
from froeschis.core.readings import VARIANT_OPTIONS
from froeschis.core.record import GameRecord
from froeschis.core.rules import Rules
from froeschis.core.state import Phase, Player

OPENSPIEL_EXTRA = "pip install 'froeschis[openspiel]'"
"""What to run when OpenSpiel is missing (in the error message)."""

try:
    import numpy as np
    import pyspiel
    from numpy.typing import NDArray
    from open_spiel.python.algorithms import mcts
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"froeschis.interop.openspiel needs {missing.name}: {OPENSPIEL_EXTRA}", name=missing.name
    ) from missing

SHORT_NAME = "python_froeschis"
DEFAULT_PLAYERS = 4
MAX_GAME_LENGTH = 100_000
"""The default bound on a game's actions, chance included (as the project's drivers cap games)."""

PARAMETERS: dict[str, Any] = {
    "players": DEFAULT_PLAYERS,
    **dict.fromkeys(VARIANT_OPTIONS, False),
    "max_game_length": MAX_GAME_LENGTH,
}
"""The game's parameters and their defaults: the player count, one switch per rules variant (the one
list, :data:`froeschis.core.readings.VARIANT_OPTIONS`) and the bound on the game's length."""

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Fröschis (Make Room), the froeschis reference engine",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=PARAMETERS,
)


def rules_of(params: dict[str, Any]) -> Rules:
    """The rules the game's parameters select."""
    return Rules(**{option: params[option] for option in VARIANT_OPTIONS})


class FroeschisGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The game for one set of parameters (``pyspiel.load_game`` makes it)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**PARAMETERS, **(params or {})}
        unknown = sorted(set(merged) - set(PARAMETERS))
        if unknown:
            raise FormatError(
                "params", f"unknown parameters {unknown}; expected some of {sorted(PARAMETERS)}"
            )
        rules = rules_of(merged)
        players = merged["players"]
        limit = merged["max_game_length"]
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise FormatError("max_game_length", f"expected a positive whole number, got {shown(limit)}")
        self.setup = Setup(rules, encoding.card_kinds(rules), limit)
        self.start = Position.start(self.setup, new_game(players, rules))  # refuses a bad player count
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_distinct_actions(rules),
            max_chance_outcomes=len(self.setup.kinds),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=limit,
        )
        super().__init__(GAME_TYPE, info, merged)

    def new_initial_state(self) -> FroeschisState:
        """The state before the first deal (a chance node)."""
        return FroeschisState(self, self.start)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> FroeschisObserver:
        """The information state (``perfect_recall``) or the observation, from the encoding."""
        if params:
            raise FormatError("params", f"the observer takes no parameters, got {shown(params)}")
        if iig_obs_type is not None and not iig_obs_type.public_info:
            raise FormatError(
                "iig_obs_type", "every card a seat sees is public: there is no private-only observation"
            )
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return FroeschisObserver(self.start.state.num_players, self.setup.rules, perfect_recall)


@attrs.frozen(eq=False)
class Setup:
    """What every position of one game shares: the rules, the kinds of card (the chance outcomes'
    ids are their indices) and the bound on the game's length."""

    rules: Rules
    kinds: tuple[Card, ...]
    max_length: int

    def __deepcopy__(self, memo: dict[int, object]) -> Setup:
        return self


@attrs.frozen(eq=False)
class Position:
    """Where a game stands: the reference state, the order being assembled at a chance node, and
    what the history adds to the state.

    Immutable, and shared by clones: OpenSpiel copies a Python state with ``copy.deepcopy``, which
    would otherwise copy every card. It holds no history (OpenSpiel's state keeps that, and
    :meth:`FroeschisState.record` replays it), so that pickling a position, which is how OpenSpiel
    serialises a Python state, costs the same at every length of game.
    """

    setup: Setup
    state: GameState
    chosen: tuple[Card, ...]
    """The order assembled so far at a chance node (applied as a Shuffle once complete)."""
    remaining: tuple[int, ...]
    """At a chance node, how many cards of each kind are left to choose (kept, not recounted:
    most of a game's actions are chance)."""
    reshuffled: bool
    """Whether the draw pile was made by a reshuffle this round (then its contents are known)."""
    length: int
    """OpenSpiel actions so far, chance included."""

    @staticmethod
    def start(setup: Setup, state: GameState) -> Position:
        return Position(setup, state, (), _counts(setup, state), False, 0)

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        return self

    @property
    def is_terminal(self) -> bool:
        return self.state.is_terminal or self.length >= self.setup.max_length

    def play(self, action: int) -> tuple[Position, AnyAction | None]:
        """The position after an OpenSpiel action id, and the reference action it completed: the
        decision, or at a chance node the Shuffle once its last card is chosen (None before).

        An id that is not legal here is refused (OpenSpiel itself does not check):
        IllegalActionError as the reference refuses decisions, FormatError for an id that means
        nothing or a game stopped at its length bound."""
        state = self.state
        if self.is_terminal and not state.is_terminal:
            raise FormatError("action", f"the game was stopped at max_game_length {self.setup.max_length}")
        if not self.remaining:
            decision = encoding.id_to_action(action, state.rules)
            return self.then(decision), decision
        if not (0 <= action < len(self.remaining) and self.remaining[action]):
            clause = "round.deal" if state.phase is Phase.DEAL else "draw.reshuffle"
            reason = f"no card of kind {shown(action)} is left to choose"
            raise IllegalActionError(action, state.phase.value, clause, reason)
        remaining = list(self.remaining)
        remaining[action] -= 1
        chosen = (*self.chosen, self.setup.kinds[action])
        if any(remaining):
            return attrs.evolve(self, chosen=chosen, remaining=tuple(remaining), length=self.length + 1), None
        shuffle = Shuffle(chosen)
        return self.then(shuffle), shuffle

    def then(self, action: AnyAction) -> Position:
        """The position after a reference action (a decision, or a completed shuffle)."""
        before = self.state
        after = before.apply(action)
        if isinstance(action, Shuffle):
            reshuffled = before.phase is Phase.RESHUFFLE  # after a deal nothing of the pile is known
        else:
            reshuffled = self.reshuffled and after.round == before.round
        return Position(self.setup, after, (), _counts(self.setup, after), reshuffled, self.length + 1)


def _counts(setup: Setup, state: GameState) -> tuple[int, ...]:
    """How many cards of each kind a chance node shuffles (empty elsewhere)."""
    if not state.is_chance:
        return ()
    pool = Counter(state.chance_pool())
    return tuple(pool[card] for card in setup.kinds)


class FroeschisState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A game in progress: OpenSpiel's view of a :class:`Position`."""

    def __init__(self, game: FroeschisGame, position: Position) -> None:
        super().__init__(game)
        self.position = position

    @property
    def game_state(self) -> GameState:
        """The reference engine's state (at a chance node, before the order being assembled)."""
        return self.position.state

    def record(self) -> GameRecord:
        """The game so far as the reference plays it: every decision and every completed shuffle
        (:meth:`GameRecord.replay` gives :attr:`game_state` back), read off OpenSpiel's history.

        A state made by :meth:`resample_from_infostate` has no history (the real one would tell
        the hidden cards), so it has no record: a :class:`~froeschis.core.errors.FormatError`."""
        game: FroeschisGame = self.get_game()
        position = game.start
        actions: list[AnyAction] = []
        for action in self.history():
            position, completed = position.play(action)
            if completed is not None:
                actions.append(completed)
        if position.state != self.position.state or position.chosen != self.position.chosen:
            raise FormatError(
                "history", "this state was not reached by play from the start (resampled?): it has no record"
            )
        return GameRecord(position.state.num_players, position.state.rules, tuple(actions))

    # ------------------------------------------------------------------ OpenSpiel's State API

    def current_player(self) -> int:
        position = self.position
        if position.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        if position.remaining:
            return int(pyspiel.PlayerId.CHANCE)
        return position.state.turn

    def is_terminal(self) -> bool:
        return self.position.is_terminal

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of the player's decisions, ascending (only ever asked of the player to decide)."""
        state = self.position.state
        return [encoding.action_to_id(action, state.rules) for action in state.legal_actions()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The kinds of card the next card of the order may be, each with its share of the pool."""
        remaining = self.position.remaining
        total = sum(remaining)
        return [(kind, count / total) for kind, count in enumerate(remaining) if count]

    def _apply_action(self, action: int) -> None:
        """Apply a decision id, or at a chance node the next card's kind (see :meth:`Position.play`)."""
        self.position, _ = self.position.play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        setup = self.position.setup
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {setup.kinds[action]}"
        return str(encoding.id_to_action(action, setup.rules))

    def returns(self) -> list[float]:
        """The reference's returns: 1 for every winner, 0 for the others (all 0 until the end, and
        for a game stopped at ``max_game_length``)."""
        return list(self.position.state.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FroeschisState:
        """A state the player cannot tell from this one, drawn from those it thinks possible.

        Every card the player has not seen is dealt again at random: the face-down cards and the
        draw pile share the unseen cards, except after a reshuffle this round, when the draw pile
        keeps its (known) cards in a new order and the face-down spots share the rest; at a chance
        node the cards chosen so far (unseen) are drawn again from the pool. By symmetry these
        are equally likely given what the player saw. ``probability_sampler`` (OpenSpiel's, a
        callable giving numbers in [0, 1)) seeds the draw, and the draw depends on nothing else
        the player cannot see: two states it cannot tell apart give the same state for the same
        number. The new state has no history (``history()`` is empty): the real one would tell
        the hidden cards.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        return FroeschisState(self.get_game(), resample(self.position, rng))

    def __str__(self) -> str:
        text = str(self.position.state)
        if self.position.chosen:
            text += f"\nchosen for the shuffle: {len(self.position.chosen)}"
        return text


def resample(position: Position, rng: random.Random) -> Position:
    """``position`` with every card nobody has seen dealt again at random (see
    :meth:`FroeschisState.resample_from_infostate`; in Fröschis every seat sees the same cards)."""
    state = position.state
    setup = position.setup
    chosen = position.chosen
    remaining = position.remaining
    if chosen:
        pool = list(state.chance_pool())
        rng.shuffle(pool)
        chosen = tuple(pool[: len(chosen)])
        left = Counter(pool[len(chosen) :])
        remaining = tuple(left[card] for card in setup.kinds)
    if state.phase is Phase.DEAL:  # no row is dealt: the pile is the whole deck, sorted
        return attrs.evolve(position, chosen=chosen, remaining=remaining)
    # Sorted first, so that the draw depends on what the player knows and the random numbers only,
    # not on where the hidden cards really are.
    face_down = sorted(s.card for p in state.players for s in p.row.spots if not s.face_up)
    pile = sorted(state.draw_pile)
    if position.reshuffled:
        rng.shuffle(face_down)
        rng.shuffle(pile)
    else:
        unseen = face_down + pile
        rng.shuffle(unseen)
        face_down, pile = unseen[: len(face_down)], unseen[len(face_down) :]
    dealt = iter(face_down)
    players = tuple(
        Player(p.length, Row(tuple(s if s.face_up else spot(next(dealt), False) for s in p.row.spots)))
        for p in state.players
    )
    resampled = attrs.evolve(state, players=players, draw_pile=tuple(pile))
    return attrs.evolve(position, state=resampled, chosen=chosen, remaining=remaining)


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
    for _ in range(position.setup.max_length - position.length):
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


class FroeschisObserver:
    """OpenSpiel's observer: a seat's information state or observation as the encoding writes it.

    ``tensor`` is one flat float32 array; ``dict`` views it block by block (``spec/encoding.md``).
    """

    def __init__(self, players: int, rules: Rules, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        blocks = (encoding.information_state_blocks if perfect_recall else encoding.observation_blocks)(
            players, rules
        )
        size = sum(int(np.prod(shape)) for _, shape in blocks)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        offset = 0
        for name, shape in blocks:
            width = int(np.prod(shape))
            self.dict[name] = self.tensor[offset : offset + width].reshape(shape)
            offset += width

    def set_from(self, state: FroeschisState, player: int) -> None:
        position = state.position
        if self.perfect_recall:
            values = encoding.information_state_tensor(
                position.state, player, draw_pile_known=position.reshuffled
            )
        else:
            values = encoding.observation_tensor(position.state, player)
        self.tensor[:] = values

    def string_from(self, state: FroeschisState, player: int) -> str:
        position = state.position
        if self.perfect_recall:
            return encoding.information_state_string(
                position.state, player, draw_pile_known=position.reshuffled
            )
        return encoding.observation_string(position.state, player)


pyspiel.register_game(GAME_TYPE, FroeschisGame)
