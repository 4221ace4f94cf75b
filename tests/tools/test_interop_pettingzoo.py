"""The PettingZoo environment: PettingZoo's own checkers, and the reference's game underneath.

``api_test`` and ``seed_test`` are PettingZoo's conformance tests; they run for 2 to 4 players, with
no variant, each variant alone, and all of them, on ``froeschis_v0.env()`` (in PettingZoo's classic
wrappers) and ``froeschis_v0.raw_env()``; ``render_test`` runs for both render modes. Beyond them:
games of random masked actions are replayed on the reference engine (legal throughout, the same
final state and winners, the rewards clause game.returns gives); an agent's observation is blind to
face-down cards and the draw pile's order; an illegal action changes nothing and says why (or, in
the wrappers, loses); both render modes show the table. Skipped, with the reason, when PettingZoo is
not installed (``froeschis[rl]``); CI installs it.
"""

from __future__ import annotations

import doctest
import subprocess
import sys
import warnings
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip(
    "pettingzoo", reason="the PettingZoo environment needs pettingzoo: pip install 'froeschis[rl]'"
)

import attrs
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.test.api_test import api_test
from pettingzoo.test.render_test import render_test
from pettingzoo.test.seed_test import seed_test

from froeschis.framework.errors import FormatError, IllegalActionError, RulesError
from froeschis.games.froeschis.actions import DRAW, Action
from froeschis.games.froeschis.cards import Row, spot
from froeschis.games.froeschis.encoding import action_to_id, id_to_action, num_distinct_actions
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import Rules
from froeschis.interop import froeschis_v0
from froeschis.interop import pettingzoo as interop_pettingzoo
from froeschis.interop.pettingzoo import GameEnv

VARIANT_SETS: list[dict[str, bool]] = [
    {},
    *({option: True} for option in VARIANT_OPTIONS),
    dict.fromkeys(VARIANT_OPTIONS, True),
]
SETUPS = [(players, variants) for players in (2, 3, 4) for variants in VARIANT_SETS]
SETUP_IDS = [f"{players}p-{'+'.join(variants) or 'published'}" for players, variants in SETUPS]

DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}
"""What ``api_test`` says of every environment whose observation is a dict (as the issue asks:
``observation`` and ``action_mask``), unless its name is on PettingZoo's list of its own games."""


Maker = Callable[..., AECEnv[str, Any, Any]]
MAKERS: dict[str, Maker] = {"env": froeschis_v0.env, "raw_env": froeschis_v0.raw_env}
"""The two ways to make the environment: in PettingZoo's classic wrappers, and bare."""


def make(players: int, variants: dict[str, bool]) -> GameEnv:
    made: GameEnv = froeschis_v0.raw_env(players=players, **variants)
    return made


@pytest.mark.parametrize("maker", MAKERS)
@pytest.mark.parametrize(("players", "variants"), SETUPS, ids=SETUP_IDS)
def test_pettingzoo_api_test_passes(maker: str, players: int, variants: dict[str, bool]) -> None:
    """PettingZoo's API test plays whole games (1000 cycles are longer than a game) with random
    masked actions and checks every observation, reward, termination and agent list; the only
    warnings it may give are those about dict observations."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(MAKERS[maker](players=players, **variants), num_cycles=1000)  # type: ignore[no-untyped-call]
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION_WARNINGS


@pytest.mark.parametrize("maker", MAKERS)
@pytest.mark.parametrize(("players", "variants"), SETUPS, ids=SETUP_IDS)
def test_pettingzoo_seed_test_passes(maker: str, players: int, variants: dict[str, bool]) -> None:
    seed_test(lambda: MAKERS[maker](players=players, **variants))  # type: ignore[no-untyped-call]


@pytest.mark.parametrize("maker", MAKERS)
@pytest.mark.parametrize(("players", "variants"), SETUPS, ids=SETUP_IDS)
def test_pettingzoo_render_test_passes(
    maker: str, players: int, variants: dict[str, bool], capsys: pytest.CaptureFixture[str]
) -> None:
    """PettingZoo's render test, for every mode the metadata lists: ``"ansi"`` returns text,
    ``"human"`` returns None (and prints, as a test below checks)."""
    assert GameEnv.metadata["render_modes"] == ["human", "ansi"]
    # PettingZoo annotates render_test as taking a Gymnasium Env, but it makes and steps AEC ones.
    render_test(lambda **kwargs: MAKERS[maker](players=players, **variants, **kwargs))  # type: ignore[arg-type]
    assert f"seat {players - 1}:" in capsys.readouterr().out


def random_game(env: GameEnv, seed: int) -> tuple[list[tuple[int, Action]], dict[str, float]]:
    """Play ``env`` to the end with uniformly random legal ids (from the masks); the (seat, action)
    of every decision and each agent's total reward."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    played: list[tuple[int, Action]] = []
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        assert observation is not None
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)
            continue
        action_id = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        played.append((int(agent.removeprefix("player_")), id_to_action(action_id, env.rules)))
        env.step(action_id)
    return played, totals


@pytest.mark.clause("game.returns")
@pytest.mark.parametrize(("players", "variants"), SETUPS, ids=SETUP_IDS)
def test_random_games_replay_on_the_reference(players: int, variants: dict[str, bool]) -> None:
    """Item 5 of issue 13: every decision the environment took is legal on the reference engine,
    by the seat the environment said was to move, and the record ends in the environment's final
    state; each agent's total reward is its return (1 for a winner, 0 otherwise)."""
    rules = Rules(**variants)  # type: ignore[arg-type]
    for seed in range(2):
        env = make(players, variants)
        played, totals = random_game(env, seed)
        record = env.record()
        state = new_game(players, rules)
        decisions = []
        for action in record.actions:
            if not state.is_chance:
                assert action in state.legal_actions()
                decisions.append((state.current_player, action))
            state = state.apply(action)
        assert decisions == played
        assert state == env.game_state and state.is_terminal and state.winners
        assert totals == {f"player_{s}": 1.0 if s in state.winners else 0.0 for s in range(players)}


def other_hidden_cards(state: GameState) -> GameState:
    """``state`` with the hidden cards dealt otherwise: the first two face-down cards of different
    kinds (in the rows, then the draw pile) swapped, and the draw pile reversed."""
    places = [
        (seat, i) for seat, p in enumerate(state.players) for i, s in enumerate(p.row.spots) if not s.face_up
    ]
    places += [(-1, i) for i in range(len(state.draw_pile))]

    def card_at(place: tuple[int, int]) -> Any:
        seat, i = place
        return state.draw_pile[i] if seat < 0 else state.players[seat].row.spots[i].card

    first = places[0]
    second = next(p for p in places if card_at(p) != card_at(first))
    cards = {first: card_at(second), second: card_at(first)}
    players = tuple(
        attrs.evolve(
            p,
            row=Row(tuple(spot(cards.get((seat, i), s.card), s.face_up) for i, s in enumerate(p.row.spots))),
        )
        for seat, p in enumerate(state.players)
    )
    draw_pile = tuple(cards.get((-1, i), c) for i, c in enumerate(state.draw_pile))[::-1]
    return attrs.evolve(state, players=players, draw_pile=draw_pile)


def observations(env: GameEnv) -> list[dict[str, Any]]:
    return [env.observe(agent) for agent in env.possible_agents]


def same(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
    return all(np.array_equal(x[key], y[key]) for x, y in zip(a, b, strict=True) for key in x)


@pytest.mark.parametrize("decisions", [0, 7, 40])
def test_no_agent_observes_a_hidden_card(decisions: int) -> None:
    """Two tables that differ only in face-down cards and the draw pile's order look the same to
    every agent; turning one face-down card up changes what they see (the comparison can fail)."""
    env = froeschis_v0.raw_env(players=3)
    env.reset(seed=decisions)
    for _ in range(decisions):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[-1]))
    state = env.game_state
    seen = observations(env)
    env.episode.state = other_hidden_cards(state)
    assert env.game_state != state
    assert same(observations(env), seen)
    seat, i = next(
        (s, i) for s, p in enumerate(state.players) for i, x in enumerate(p.row.spots) if not x.face_up
    )
    row = state.players[seat].row
    shown = Row(tuple(spot(x.card, x.face_up or j == i) for j, x in enumerate(row.spots)))
    env.episode.state = attrs.evolve(
        state,
        players=tuple(attrs.evolve(p, row=shown) if s == seat else p for s, p in enumerate(state.players)),
    )
    assert not same(observations(env), seen)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env: GameEnv = froeschis_v0.raw_env(players=2)
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.record()
    with pytest.raises(IllegalActionError) as refused:
        env.step(illegal)
    assert refused.value.clause  # the engine names the clause that forbids it
    for wrong in (num_distinct_actions(env.rules), -1, 1.0, True, "draw"):
        with pytest.raises(FormatError):
            env.step(wrong)  # type: ignore[arg-type]
    assert env.record() == before
    env.step(int(np.flatnonzero(mask)[0]))  # a legal action is still taken
    assert len(env.record().actions) > len(before.actions)


def test_env_makes_an_illegal_move_a_loss_as_pettingzoo_s_classic_games_do() -> None:
    """``froeschis_v0.env()``: the offender gets -1, the others 0, and the game ends for everybody,
    unchanged; an id outside the action space is refused before it reaches the game; and calls
    out of order are errors, as in PettingZoo's own classic environments."""
    env = froeschis_v0.env(players=3)
    with pytest.raises(AssertionError, match="reset"):
        env.step(0)
    env.reset(seed=0)
    before = env.record()
    with pytest.raises(AssertionError, match="action space"):
        env.step(num_distinct_actions(Rules()))
    offender = env.agent_selection
    observation = env.observe(offender)
    assert observation is not None
    env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert env.rewards == {agent: -1.0 if agent == offender else 0.0 for agent in env.possible_agents}
    assert all(env.terminations.values())
    assert env.record() == before and not env.game_state.is_terminal


def test_numpy_integers_are_action_ids() -> None:
    """Spaces sample NumPy integers (``api_test`` steps an ``np.int32``): they are ids like ints."""
    env = froeschis_v0.raw_env(players=2)
    env.reset(seed=0)
    env.step(np.int32(action_to_id(DRAW, env.rules)))  # a turn starts with drawing (always legal)
    assert env.record().actions[1] == DRAW


def test_the_same_seed_gives_the_same_game_and_no_seed_the_next() -> None:
    first, second = froeschis_v0.env(players=4), froeschis_v0.env(players=4)
    first.reset(seed=11)
    second.reset(seed=11)
    assert first.record() == second.record()
    first.reset()
    assert first.record() != second.record()  # a reset without a seed deals a new game


def test_a_game_longer_than_max_steps_is_truncated_for_every_agent() -> None:
    env = froeschis_v0.raw_env(players=2, max_steps=30)
    env.reset(seed=0)
    finished = []
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        assert observation is not None and not terminated
        if truncated:
            finished.append(agent)
            env.step(None)
        else:
            env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert sorted(finished) == ["player_0", "player_1"]
    assert len(env.record().actions) == 30 and not env.game_state.is_terminal
    env = froeschis_v0.raw_env(players=2, max_steps=1)  # the deal reaches the cap
    env.reset(seed=0)
    assert all(env.truncations.values()) and len(env.record().actions) == 1


def play_to_the_end(env: AECEnv[str, Any, Any]) -> None:
    """Every agent plays its first legal action until the game is over."""
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        assert observation is not None
        env.step(None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0]))


def test_ansi_rendering_draws_the_table_with_face_down_cards_hidden() -> None:
    """The table as ``froeschis watch`` prints it: the engine's own text of the state, in which a
    face-down card is a ``?`` (just dealt, every card is face down)."""
    env = froeschis_v0.env(players=2, render_mode="ansi")
    env.reset(seed=5)
    text = env.render()
    assert isinstance(text, str) and text == str(env.game_state)
    assert "seat 0: ? ? ? ? ? ? ? ?" in text and "seat 1: ? ? ? ? ? ? ? ?" in text
    with pytest.warns(UserWarning, match="render_mode='ansi'"):
        silent = froeschis_v0.env(players=2)
        silent.reset(seed=5)
        assert silent.render() is None


def test_the_render_of_a_finished_game_has_nobody_to_play() -> None:
    """Item 11 of issue 21: once the game is over nobody is to play; the text says it is over and
    names the winners, and marks no seat as the one to move."""
    env = froeschis_v0.env(players=3, render_mode="ansi")
    env.reset(seed=2)
    play_to_the_end(env)
    state = env.game_state
    text = env.render()
    assert state.is_terminal and isinstance(text, str)
    assert "to play" not in text and "over" in text.splitlines()[0]
    assert not any(line.startswith(">") for line in text.splitlines())
    assert text.splitlines()[-1] == "winners: " + ", ".join(f"seat {seat}" for seat in state.winners)


def test_human_rendering_prints_the_table_after_the_reset_and_every_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = froeschis_v0.env(players=2, render_mode="human")
    env.reset(seed=5)
    assert capsys.readouterr().out == str(env.game_state) + "\n\n"
    assert env.render() is None and capsys.readouterr().out == str(env.game_state) + "\n\n"
    env.step(action_to_id(DRAW, env.rules))
    assert capsys.readouterr().out == str(env.game_state) + "\n\n"


def test_bad_settings_are_refused_with_reasons() -> None:
    with pytest.raises(RulesError, match="unknown variant options"):
        froeschis_v0.env(players=2, optional_swap=True)
    with pytest.raises(RulesError):
        froeschis_v0.env(players=5)
    with pytest.raises(ValueError, match="render_mode 'rgb_array'"):
        froeschis_v0.env(players=2, render_mode="rgb_array")
    with pytest.raises(FormatError, match="max_steps"):
        froeschis_v0.env(players=2, max_steps=0)
    with pytest.raises(RuntimeError, match="reset"):
        froeschis_v0.raw_env(players=2).record()


def test_the_generic_module_makes_the_versioned_module_s_environment() -> None:
    """``froeschis.interop.pettingzoo.raw_env`` makes, for the default game, the environment of
    ``froeschis_v0.raw_env`` (the one class of every game; an illegal action raises), and the
    versioned module is one module, whichever way it is imported."""
    env = interop_pettingzoo.raw_env(players=2, render_mode="ansi")
    assert type(env) is type(froeschis_v0.raw_env(players=2)) is GameEnv
    assert env.metadata["name"] == "froeschis_v0" and env.game.name == "froeschis"
    assert sys.modules["froeschis.interop.froeschis_v0"] is froeschis_v0
    env.reset(seed=3)
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0]))


@pytest.mark.parametrize("module", ["froeschis_v0", "pettingzoo"])
def test_importing_without_the_extra_says_which_extra_to_install(module: str) -> None:
    probe = f"import sys; sys.modules['pettingzoo'] = None; import froeschis.interop.{module}"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode != 0
    assert "pip install 'froeschis[rl]'" in done.stderr


@pytest.mark.parametrize("module", [froeschis_v0, interop_pettingzoo], ids=lambda m: m.__name__)
def test_the_module_s_example_runs(module: Any) -> None:
    assert doctest.testmod(module).failed == 0
