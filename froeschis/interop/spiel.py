"""Any registered game (Frog, Army of Frogs) as an OpenSpiel game, played by its reference engine
through the framework's :class:`~froeschis.framework.game.Game` interface.

Importing this module registers ``python_frog`` and ``python_army_of_frogs``::

    import pyspiel
    import froeschis.interop.spiel

    game = pyspiel.load_game("python_army_of_frogs", {"players": 3})

A game gives only its numbers, ``GAME.extras["encoding"]`` (its module ``encoding``): the ids of
its decisions, its chance nodes as a sequence of small steps (a deal of Frog's 36 cards has 36!
orders, far too many for ``chance_outcomes``, so it is dealt one card at a time, each card left
equally likely; Army of Frogs' bag one stone at a time, each colour as likely as its stones left),
and a seat's observation as a vector built from the seat's view (``Game.observe``). Everything
else is the Game's: the legal decisions, the steps, the returns, the variants (one boolean
parameter per ``Game.variants`` option). The observation string is the seat's view as JSON; the
information state string is every distinct view the seat has had, in order (perfect recall by
construction), its tensor the current view's (Frog's view holds the deal's tricks and calls). A
game that reaches ``max_game_length`` actions (chance steps included) stops there, all returns 0.

Fröschis keeps its own wrapper, ``python_froeschis`` (:mod:`froeschis.interop.openspiel`).
Needs the ``openspiel`` extra (``pip install 'froeschis[openspiel]'``).
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs

from froeschis.framework.errors import FormatError, InternalError, shown
from froeschis.framework.game import Game
from froeschis.framework.registry import game as registered
from froeschis.interop.openspiel import OPENSPIEL_EXTRA

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as missing:  # pragma: no cover  # openspiel.py already says so
    raise ModuleNotFoundError(f"froeschis.interop.spiel needs {missing.name}: {OPENSPIEL_EXTRA}") from missing

MAX_GAME_LENGTH = 20_000
"""The default bound on a game's actions, chance steps included."""


@attrs.frozen
class Spec:
    """How one game is registered: its short name, players, parameter defaults and utility bounds."""

    short_name: str
    game: str
    players: tuple[int, ...]
    default_players: int
    utility: tuple[float, float]


SPECS = (
    Spec("python_frog", "frog", (3,), 3, (-10_000.0, 10_000.0)),
    Spec("python_army_of_frogs", "army-of-frogs", (2, 3, 4), 2, (0.0, 1.0)),
)
"""The games this module registers (Frog's returns are points won, bounded loosely)."""


def parameters(game: Game, spec: Spec) -> dict[str, Any]:
    """The game's parameters: players, one switch per variant, the bound on the game's length."""
    return {
        "players": spec.default_players,
        **{variant.option: False for variant in game.variants},
        "max_game_length": MAX_GAME_LENGTH,
    }


def game_type(game: Game, spec: Spec) -> Any:
    return pyspiel.GameType(
        short_name=spec.short_name,
        long_name=f"{game.title}, the froeschis reference engine",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(spec.players),
        min_num_players=min(spec.players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameters(game, spec),
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """One game for one set of parameters (``pyspiel.load_game`` makes it)."""

    spec: Spec
    """The game's registration (each registered game is a subclass naming its own)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.spec
        self.game = registered(spec.game)
        self.encoding = self.game.extra("encoding")
        defaults = parameters(self.game, spec)
        merged = {**defaults, **(params or {})}
        unknown = sorted(set(merged) - set(defaults))
        if unknown:
            raise FormatError("params", f"unknown parameters {unknown}; expected some of {sorted(defaults)}")
        self.players = merged["players"]
        if self.players not in spec.players:
            raise FormatError(
                "players", f"{spec.game} is played by {spec.players}, not {shown(self.players)}"
            )
        self.limit = merged["max_game_length"]
        self.rules = self.game.rules(**{v.option: merged[v.option] for v in self.game.variants})
        self.start = self.game.new_game(self.players, self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_distinct_actions(self.rules, self.players),
            max_chance_outcomes=self.encoding.max_chance_outcomes(self.rules, self.players),
            num_players=self.players,
            min_utility=spec.utility[0],
            max_utility=spec.utility[1],
            utility_sum=None,
            max_game_length=self.limit,
        )
        super().__init__(game_type(self.game, spec), info, merged)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, Setup(self.game, self.encoding, self.start, self.limit))

    def observation_tensor_size(self) -> int:
        return int(self.encoding.observation_size(self.rules, self.players))

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.observation_tensor_size(), perfect_recall)


@attrs.frozen(eq=False)
class Setup:
    """What a state needs of its game, held by the state itself: OpenSpiel may hand a state's game
    back as a new Python object without the attributes its factory set."""

    game: Game
    encoding: Any
    start: Any
    limit: int

    def __deepcopy__(self, memo: dict[int, object]) -> Setup:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as the game's name, its rules' JSON form, the players and the bound (a Game
        holds functions, which do not pickle)."""
        rules = self.game.rules_to_json(self.start.rules)
        return _setup, (self.game.name, rules, self.start.num_players, self.limit)


def _setup(name: str, rules: Any, players: int, limit: int) -> Setup:
    game = registered(name)
    start = game.new_game(players, game.rules_from_json(rules))
    return Setup(game, game.extra("encoding"), start, limit)


class Trail:
    """A state's history: the engine's states (the current last) and actions (chance outcomes
    whole), the chance steps under way, the steps taken, each seat's distinct views so far (its
    information state). A copy copies the lists and shares the frozen values in them."""

    def __init__(
        self,
        setup: Setup,
        states: list[Any],
        actions: list[Any],
        partial: list[int],
        steps: int,
        seen: list[list[str]],
    ) -> None:
        self.setup = setup
        self.states, self.actions, self.partial, self.steps, self.seen = states, actions, partial, steps, seen

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as the actions' JSON forms, the states replayed when it is read back."""
        actions = [self.setup.game.action_to_json(action) for action in self.actions]
        return _trail, (self.setup, actions, self.partial, self.steps, self.seen)

    def __deepcopy__(self, memo: dict[int, object]) -> Trail:
        return Trail(
            self.setup,
            list(self.states),
            list(self.actions),
            list(self.partial),
            self.steps,
            [list(v) for v in self.seen],
        )


def _trail(setup: Setup, actions: list[Any], partial: list[int], steps: int, seen: list[list[str]]) -> Trail:
    game = setup.game
    read = [game.action_from_json(action, f"actions[{i}]") for i, action in enumerate(actions)]
    states = [setup.start]
    for action in read:
        states.append(states[-1].apply(action))
    return Trail(setup, states, read, partial, steps, seen)


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A state: the engine's state, the chance steps taken so far, and the engine's history."""

    def __init__(self, game: SpielGame, setup: Setup) -> None:
        super().__init__(game)
        self.spiel = setup
        self.trail = Trail(setup, [setup.start], [], [], 0, [])
        self.trail.seen = [[self._text(seat)] for seat in range(setup.start.num_players)]
        self._ids: dict[int, Any] | None = None

    def _text(self, seat: int) -> str:
        return json.dumps(self.spiel.game.observe(self.state, seat), sort_keys=True)

    states = property(lambda self: self.trail.states)
    actions = property(lambda self: self.trail.actions)
    seen = property(lambda self: self.trail.seen)

    @property
    def state(self) -> Any:
        return self.trail.states[-1]

    def _stopped(self) -> bool:
        return self.trail.steps >= self.spiel.limit

    def current_player(self) -> int:
        if self.state.is_terminal or self._stopped():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.state.current_player)

    def is_terminal(self) -> bool:
        return bool(self.state.is_terminal or self._stopped())

    def ids(self) -> dict[int, Any]:
        """The legal decisions by id (made once per engine state)."""
        if self._ids is None:
            encode = self.spiel.encoding.action_id
            self._ids = {encode(self.state, action): action for action in self.state.legal_actions()}
        return self._ids

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.spiel.encoding.chance_step(self.state, self.trail.partial))

    def _apply_action(self, action: int) -> None:
        trail = self.trail
        trail.steps += 1
        if self.state.is_chance:
            trail.partial.append(action)
            whole = self.spiel.encoding.chance_action(self.state, trail.partial)
            if whole is None:
                return
            trail.partial = []
        else:
            whole = self.ids().get(action)
            if whole is None:
                raise FormatError("action", f"no legal decision has id {action}")
        trail.actions.append(whole)
        trail.states.append(self.state.apply(whole))
        self._ids = None
        for seat, views in enumerate(self.seen):
            text = self._text(seat)
            if views[-1] != text:
                views.append(text)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        found = self.ids().get(action)
        return str(found) if found is not None else f"action {action}"

    def returns(self) -> list[float]:
        return [float(r) for r in self.state.returns()]

    def view(self, player: int) -> Any:
        return self.spiel.game.observe(self.state, player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one (the game's ``resample``: Frog's unseen
        cards of the deal relabelled at random, kept when the relabelled play is legal); a game
        whose every piece is public (Army of Frogs) gives a copy. Chance steps under way are kept."""
        rng = random.Random(int(probability_sampler() * 2**53))
        copy = self.clone()
        resample = self.spiel.encoding.resample
        if resample is not None and not self.state.is_chance:
            last, actions = resample(self.states, self.actions, player_id, rng)
            states = [self.spiel.start]
            for action in actions:
                states.append(states[-1].apply(action))
            if states[-1] != last:
                raise InternalError("the resampled history does not reach its state")
            copy.trail.states, copy.trail.actions = states, list(actions)
            copy._ids = None
        resampled: SpielState = copy
        return resampled

    def __str__(self) -> str:
        return str(self.spiel.game.render(self.state))


class Observer:
    """The observation (the seat's view now) or information state (every view it has had)."""

    def __init__(self, size: int, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor[:] = state.spiel.encoding.observation_tensor(state.view(player))

    def string_from(self, state: SpielState, player: int) -> str:
        if self.perfect_recall:
            return "\n".join(state.seen[player])
        return str(state.seen[player][-1])


def _register(spec: Spec) -> None:
    # OpenSpiel keeps a Python game alive only when its factory is a class: one subclass per game.
    subclass = type(f"SpielGame_{spec.game.replace('-', '_')}", (SpielGame,), {"spec": spec})
    pyspiel.register_game(game_type(registered(spec.game), spec), subclass)


for _spec in SPECS:
    _register(_spec)
