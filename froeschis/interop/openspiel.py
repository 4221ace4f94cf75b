"""Every registered game with an encoding (Fröschis, Frog, Army of Frogs) as an OpenSpiel game,
played by its reference engine through the framework's :class:`~froeschis.framework.game.Game`
interface.

Importing this module registers them all, each as ``python_`` and its name (``python_froeschis``,
``python_frog``, ``python_army_of_frogs``)::

    import pyspiel
    import froeschis.interop.openspiel

    game = pyspiel.load_game("python_froeschis", {"players": 3, "optional_frog_swap": True})

A game gives only its numbers, ``Game.encoding`` (its module ``encoding``): the ids of
its decisions, its chance nodes as a sequence of small steps (a deal of Frog's 36 cards has 36!
orders, far too many for ``chance_outcomes``, so it is dealt one card at a time, each card left
equally likely; Fröschis' shuffles one card at a time, each kind as likely as its cards left, which
gives every order the probability of a uniform shuffle; Army of Frogs' bag one stone at a time,
each colour as likely as its stones left), what a seat sees and knows
(:func:`froeschis.interop.views.knowledge`: the game's own tensors and strings, as Fröschis'
``encoding/1``, or its view's vector and JSON), and the settings of its registration (the player
count by default, the utility bounds, the bound on a game's length). Everything else is the Game's:
the legal decisions, the steps, the returns (Fröschis: 1 for every winner, so a shared win is a win
for each and the game is general-sum), the variants (one boolean parameter per ``Game.variants``
option). A game that reaches ``max_game_length`` actions (chance steps included) stops there, all
returns 0.

An id that is not legal is refused and changes nothing: by the engine, naming the clause, when the
encoding names a decision for every id (``Encoding.decision``), else a
:class:`~froeschis.framework.errors.FormatError`; a chance step by the encoding's ``chance_action``.
A state resamples what a seat cannot see (``resample_from_infostate``) by the encoding's
``resample_state`` (a new state without a history) or ``resample`` (another history). It
serialises (``pyspiel.serialize_game_and_state``), pickles and deep-copies at any length of game:
it holds the engine's actions, replayed when it is read back; :meth:`SpielState.record` gives them
as the game's record.

For OpenSpiel's search bots: :class:`ReferenceRolloutEvaluator` (random rollouts played on the
engine itself), :func:`seeded_resampler` (IS-MCTS's worlds from a seeded source) and
:func:`play_against_random`.

Needs the ``openspiel`` extra (``pip install 'froeschis[openspiel]'``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from froeschis.framework.encoding import Encoding, Knowledge
from froeschis.framework.errors import FormatError, InternalError, shown
from froeschis.framework.game import Game
from froeschis.framework.records import Record
from froeschis.framework.registry import game as registered
from froeschis.framework.registry import names
from froeschis.interop.extras import extra_missing
from froeschis.interop.views import default_players, knowledge

OPENSPIEL_EXTRA = "pip install 'froeschis[openspiel]'"
"""What to run when OpenSpiel is missing (in the error message)."""

try:
    import numpy as np
    import pyspiel
    from numpy.typing import NDArray
    from open_spiel.python.algorithms import mcts
except ModuleNotFoundError as missing:
    raise extra_missing(missing, "froeschis.interop.openspiel", OPENSPIEL_EXTRA) from missing

_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)


def short_name(name: str) -> str:
    """The OpenSpiel name of the game registered as ``name``: ``python_army_of_frogs``."""
    return "python_" + name.replace("-", "_")


def parameters(game: Game) -> dict[str, Any]:
    """The game's parameters: players, one switch per variant, the bound on the game's length."""
    encoding = game.part(game.encoding, "encoding")
    return {
        "players": default_players(game),
        **{variant.option: False for variant in game.variants},
        "max_game_length": encoding.max_steps,
    }


def game_type(game: Game) -> Any:
    encoding = game.part(game.encoding, "encoding")
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=encoding.long_name or f"{game.title}, the froeschis reference engine",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.players),
        min_num_players=min(game.players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameters(game),
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """One game for one set of parameters (``pyspiel.load_game`` makes it)."""

    name: str
    """The registered game's name (each registered game is a subclass naming its own)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.game = registered(self.name)
        self.encoding = self.game.part(self.game.encoding, "encoding")
        defaults = parameters(self.game)
        merged = {**defaults, **(params or {})}
        unknown = sorted(set(merged) - set(defaults))
        if unknown:
            raise FormatError("params", f"unknown parameters {unknown}; expected some of {sorted(defaults)}")
        self.players = merged["players"]
        self.limit = merged["max_game_length"]
        if not isinstance(self.limit, int) or isinstance(self.limit, bool) or self.limit < 1:
            raise FormatError("max_game_length", f"expected a positive whole number, got {shown(self.limit)}")
        self.rules = self.game.rules(**{v.option: merged[v.option] for v in self.game.variants})
        self.start = self.game.new_game(self.players, self.rules)  # refuses a player count, naming the clause
        self.knowledge = knowledge(self.game)
        self.setup = Setup(self.game, self.encoding, self.knowledge, self.start, self.limit)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_distinct_actions(self.rules, self.players),
            max_chance_outcomes=self.encoding.max_chance_outcomes(self.rules, self.players),
            num_players=self.players,
            min_utility=self.encoding.utility[0],
            max_utility=self.encoding.utility[1],
            utility_sum=None,
            max_game_length=self.limit,
        )
        super().__init__(game_type(self.game), info, merged)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.setup)

    def state_at(self, state: Any) -> SpielState:
        """A state of this game at the engine's ``state`` (a table set up by hand), with no chance
        step under way, the memory of a game's start and no history (so no record)."""
        trail = Trail(self.setup, [state], [], [], 0, self.setup.knowledge.memory(state))
        return SpielState(self, self.setup, trail)

    def observation_tensor_size(self) -> int:
        blocks = self.knowledge.observation_blocks(self.rules, self.players)
        return sum(int(np.prod(shape)) for _, shape in blocks)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        """The information state (``perfect_recall``) or the observation; the public information
        is always in them (there is no private-only observation)."""
        if params:
            raise FormatError("params", f"the observer takes no parameters, got {shown(params)}")
        if iig_obs_type is not None and not iig_obs_type.public_info:
            raise FormatError(
                "iig_obs_type", "there is no private-only observation: the public cards are in every one"
            )
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        make = (
            self.knowledge.information_state_blocks if perfect_recall else self.knowledge.observation_blocks
        )
        return Observer(self.knowledge, make(self.rules, self.players), perfect_recall)


@attrs.frozen(eq=False)
class Setup:
    """What a state needs of its game, held by the state itself: OpenSpiel may hand a state's game
    back as a new Python object without the attributes its factory set."""

    game: Game
    encoding: Encoding
    knowledge: Knowledge
    start: Any
    limit: int

    def __deepcopy__(self, memo: dict[int, object]) -> Setup:
        return self

    @property
    def rules(self) -> Any:
        return self.start.rules

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as the game's name, its rules' JSON form, the players and the bound (a Game
        holds functions, which do not pickle)."""
        rules = self.game.rules_to_json(self.start.rules)
        return _setup, (self.game.name, rules, self.start.num_players, self.limit)


def _setup(name: str, rules: Any, players: int, limit: int) -> Setup:
    game = registered(name)
    start = game.new_game(players, game.rules_from_json(rules))
    return Setup(game, game.part(game.encoding, "encoding"), knowledge(game), start, limit)


class Trail:
    """A state's history: the engine's states (the current last) and actions (chance outcomes
    whole), the chance steps under way, the steps taken, and the memory of what the seats know
    (:class:`~froeschis.framework.encoding.Knowledge`). A copy copies the lists and shares the
    frozen values in them (the memory is one)."""

    def __init__(
        self, setup: Setup, states: list[Any], actions: list[Any], partial: list[int], steps: int, memory: Any
    ) -> None:
        self.setup = setup
        self.states, self.actions, self.partial = states, actions, partial
        self.steps, self.memory = steps, memory
        self.ids: dict[int, Any] | None = None
        """The current state's legal decisions by id, once asked (shared by copies: never changed)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as the actions' JSON forms, the states replayed when it is read back from the
        first (pickled itself only when it is not the game's start: a resampled state's)."""
        actions = [self.setup.game.action_to_json(action) for action in self.actions]
        first = None if self.states[0] is self.setup.start else self.states[0]
        return _trail, (self.setup, actions, self.partial, self.steps, self.memory, first)

    def __deepcopy__(self, memo: dict[int, object]) -> Trail:
        copy = Trail(
            self.setup, list(self.states), list(self.actions), list(self.partial), self.steps, self.memory
        )
        copy.ids = self.ids
        return copy


def _trail(
    setup: Setup, actions: list[Any], partial: list[int], steps: int, memory: Any, first: Any = None
) -> Trail:
    game = setup.game
    read = [game.action_from_json(action, f"actions[{i}]") for i, action in enumerate(actions)]
    states = [setup.start if first is None else first]
    for action in read:
        states.append(states[-1].apply(action))
    return Trail(setup, states, read, partial, steps, memory)


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A state: the engine's state, the chance steps taken so far, and the engine's history."""

    def __init__(self, game: SpielGame, setup: Setup, trail: Trail | None = None) -> None:
        super().__init__(game)
        self.spiel = setup
        self.trail = trail or Trail(setup, [setup.start], [], [], 0, setup.knowledge.memory(setup.start))

    states = property(lambda self: self.trail.states)
    actions = property(lambda self: self.trail.actions)

    @property
    def game_state(self) -> Any:
        """The engine's state (at a chance node, before the steps under way): the whole table,
        hidden pieces included (not for the seats)."""
        return self.trail.states[-1]

    def record(self) -> Record:
        """The game so far as the engine plays it: every decision and every whole chance outcome
        (:meth:`Record.replay` gives :attr:`game_state` back).

        A state made by :meth:`resample_from_infostate` or :meth:`SpielGame.state_at` has no
        history from the start (the real one would tell the hidden pieces), so it has no record:
        a :class:`~froeschis.framework.errors.FormatError`."""
        trail, setup = self.trail, self.spiel
        if trail.states[0] is not setup.start:
            raise FormatError(
                "history", "this state was not reached by play from the start (resampled?): it has no record"
            )
        return Record(setup.game, setup.start.num_players, setup.rules, tuple(trail.actions))

    def _stopped(self) -> bool:
        return self.trail.steps >= self.spiel.limit

    def current_player(self) -> int:
        trail = self.trail
        state = trail.states[-1]
        if state.is_terminal or trail.steps >= self.spiel.limit:
            return _TERMINAL
        if state.is_chance:
            return _CHANCE
        return int(state.current_player)

    def is_terminal(self) -> bool:
        return bool(self.trail.states[-1].is_terminal or self._stopped())

    def ids(self) -> dict[int, Any]:
        """The legal decisions by id (made once per engine state)."""
        trail = self.trail
        if trail.ids is None:
            encode, state = self.spiel.encoding.action_id, trail.states[-1]
            trail.ids = {encode(state, action): action for action in state.legal_actions()}
        return trail.ids

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.spiel.encoding.chance_step(self.game_state, self.trail.partial))

    def _apply_action(self, action: int) -> None:
        """Apply a decision id or a chance step; one that is not legal is refused, changing nothing."""
        trail, encoding = self.trail, self.spiel.encoding
        if self._stopped():
            raise FormatError("action", f"the game was stopped at max_game_length {self.spiel.limit}")
        before = self.game_state
        if before.is_chance:
            partial = [*trail.partial, action]
            whole = encoding.chance_action(before, partial)  # refuses an impossible step, naming the clause
            if whole is None:
                trail.partial, trail.steps = partial, trail.steps + 1
                return
        else:
            whole = self.ids().get(action)
            if whole is None:
                if encoding.decision is not None:
                    before.apply(encoding.decision(self.spiel.rules, action))  # the engine's refusal
                raise FormatError("action", f"no legal decision has id {action}")
        after = before.apply(whole)  # the engine refuses before the history changes
        trail.partial, trail.steps = [], trail.steps + 1
        trail.actions.append(whole)
        trail.states.append(after)
        trail.memory = self.spiel.knowledge.remember(trail.memory, before, whole, after)
        trail.ids = None

    def _action_to_string(self, player: int, action: int) -> str:
        encoding = self.spiel.encoding
        if player == pyspiel.PlayerId.CHANCE:
            text = encoding.chance_text
            return f"chance {action}" if text is None else str(text(self.spiel.rules, action))
        found = self.ids().get(action)
        if found is None and encoding.decision is not None:
            found = encoding.decision(self.spiel.rules, action)
        return str(found) if found is not None else f"action {action}"

    def returns(self) -> list[float]:
        return [float(r) for r in self.game_state.returns()]

    def view(self, player: int) -> Any:
        return self.spiel.game.observe(self.game_state, player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one: the encoding's ``resample_state`` (the
        hidden cards dealt again, chance steps under way too; a new state with no history, as the
        real one would tell them), else its ``resample`` (a history: Frog's unseen cards of the
        deal relabelled at random, kept when the relabelled play is legal); a game whose every
        piece is public (Army of Frogs) gives a copy, chance steps under way kept."""
        rng = random.Random(int(probability_sampler() * 2**53))
        trail, encoding = self.trail, self.spiel.encoding
        if encoding.resample_state is not None:
            state, partial = encoding.resample_state(
                self.game_state, trail.partial, trail.memory, player_id, rng
            )
            fresh = Trail(self.spiel, [state], [], list(partial), trail.steps, trail.memory)
            return SpielState(self.get_game(), self.spiel, fresh)
        copy = self.clone()
        if encoding.resample is not None and not self.game_state.is_chance:
            last, actions = encoding.resample(self.states, self.actions, player_id, rng)
            states = [self.spiel.start]
            for action in actions:
                states.append(states[-1].apply(action))
            if states[-1] != last:
                raise InternalError("the resampled history does not reach its state")
            copy.trail.states, copy.trail.actions = states, list(actions)
            copy.trail.ids = None
        resampled: SpielState = copy
        return resampled

    def __str__(self) -> str:
        text = str(self.spiel.game.render(self.game_state))
        if self.trail.partial:
            text += f"\nchosen for the shuffle: {len(self.trail.partial)}"
        return text


class Observer:
    """The observation or information state (``perfect_recall``) as the game's knowledge writes
    it: ``tensor`` is one flat float32 array, ``dict`` views it block by block."""

    def __init__(self, known: Knowledge, blocks: Any, perfect_recall: bool) -> None:
        self.knowledge = known
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in blocks), np.float32)
        self.dict: dict[str, Any] = {}
        offset = 0
        for name, shape in blocks:
            width = int(np.prod(shape))
            self.dict[name] = self.tensor[offset : offset + width].reshape(shape)
            offset += width

    def set_from(self, state: SpielState, player: int) -> None:
        if self.perfect_recall:
            values = self.knowledge.information_state_tensor(state.game_state, player, state.trail.memory)
        else:
            values = self.knowledge.observation_tensor(state.game_state, player)
        self.tensor[:] = values

    def string_from(self, state: SpielState, player: int) -> str:
        if self.perfect_recall:
            return str(self.knowledge.information_state_string(state.game_state, player, state.trail.memory))
        return str(self.knowledge.observation_string(state.game_state, player))


def register(game: Game) -> type[SpielGame]:
    """Register ``game`` with OpenSpiel as :func:`short_name` names it; the game's class."""
    # OpenSpiel keeps a Python game alive only when its factory is a class: one subclass per game.
    name = f"SpielGame_{short_name(game.name)}"
    subclass = type(name, (SpielGame,), {"name": game.name, "__module__": __name__})
    pyspiel.register_game(game_type(game), subclass)
    return subclass


class ReferenceRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]  # no type information
    """OpenSpiel's random-rollout evaluator for MCTS and IS-MCTS, its rollouts played on the
    game's reference engine.

    A state's value is the mean of the returns of ``n_rollouts`` games played on from it with a
    uniformly random legal decision at every turn and a random outcome at every chance node
    (``Game.sample_chance``; the steps of a chance node under way completed by the encoding's
    ``complete_chance``): the same distribution as
    :class:`open_spiel.python.algorithms.mcts.RandomRolloutEvaluator`, whose step-by-step chance
    gives every outcome its probability. Played on the engine's states it is more than ten times as
    fast as through OpenSpiel's state, which crosses from C++ to Python at every chance step. A
    rollout stops at the game's ``max_game_length`` (all 0).
    """

    def __init__(self, n_rollouts: int = 1, random_state: np.random.RandomState | None = None) -> None:
        if not isinstance(n_rollouts, int) or isinstance(n_rollouts, bool) or n_rollouts < 1:
            raise FormatError("n_rollouts", f"expected a positive whole number, got {shown(n_rollouts)}")
        self.n_rollouts = n_rollouts
        source = random_state if random_state is not None else np.random.RandomState()
        self.rng = random.Random(int(source.randint(2**31)))

    def evaluate(self, state: SpielState) -> NDArray[np.float64]:
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            total += rollout(state, self.rng)
        result: NDArray[np.float64] = total / self.n_rollouts
        return result

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        """Every legal action alike (chance outcomes by their probabilities)."""
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal: list[int] = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def complete_chance(setup: Setup, state: Any, partial: list[int], rng: random.Random) -> Any:
    """A random whole outcome of the chance node ``state`` that begins with the steps ``partial``:
    the encoding's ``complete_chance``, else the steps left drawn one by one by their
    probabilities."""
    encoding = setup.encoding
    if encoding.complete_chance is not None:
        return encoding.complete_chance(state, partial, rng)
    steps = list(partial)
    while True:
        ids, probabilities = zip(*encoding.chance_step(state, steps), strict=True)
        steps.append(rng.choices(ids, probabilities)[0])
        whole = encoding.chance_action(state, steps)
        if whole is not None:
            return whole


def rollout(start: SpielState, rng: random.Random) -> tuple[float, ...]:
    """The returns of the game played on from ``start`` at random on the reference engine."""
    trail, setup = start.trail, start.spiel
    state, game = trail.states[-1], setup.game
    if trail.partial:
        state = state.apply(complete_chance(setup, state, trail.partial, rng))
    for _ in range(setup.limit - trail.steps):
        if state.is_terminal:
            break
        if state.is_chance:
            state = state.apply(game.sample_chance(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    returns: tuple[float, ...] = state.returns()
    return returns


def seeded_resampler(rng: np.random.RandomState) -> Callable[[SpielState, int], SpielState]:
    """A resampler for OpenSpiel's IS-MCTS (``bot.set_resampler(seeded_resampler(rng))``) that
    draws its worlds with numbers from ``rng``.

    Without it, :class:`open_spiel.python.algorithms.ismcts.ISMCTSBot` resamples with a new
    ``pyspiel.UniformProbabilitySampler``, which is seeded by the system, so a bot given a seeded
    ``random_state`` still plays differently every run.
    """

    def resampled(state: SpielState, player: int) -> SpielState:
        return state.resample_from_infostate(player, rng.uniform)

    return resampled


def play_against_random(game: SpielGame, bot: Any, seat: int, rng: np.random.RandomState) -> list[float]:
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


GAMES: dict[str, type[SpielGame]] = {
    name: register(registered(name)) for name in names() if registered(name).encoding is not None
}
"""The registered games' OpenSpiel classes by the games' names (``GAMES["frog"]({"players": 3})``
is what ``pyspiel.load_game("python_frog", ...)`` makes)."""
