"""OpenSpiel's python_frog and python_army_of_frogs (froeschis.interop.openspiel): OpenSpiel's own
random simulation test, and the wrapper in lock-step with the reference engine (the Game)."""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
import numpy as np  # noqa: E402  # after the skip: NumPy comes with OpenSpiel

from froeschis.framework.errors import IllegalActionError  # noqa: E402
from froeschis.framework.registry import game as registered  # noqa: E402
from froeschis.framework.registry import names  # noqa: E402
from froeschis.interop import openspiel  # noqa: E402  # registers the games

FROG = registered("frog")
ARMY = registered("army-of-frogs")

REGISTRATIONS = {
    "froeschis": (
        "python_froeschis",
        "Fröschis (Make Room), the froeschis reference engine",
        4,
        (0.0, 1.0),
        100_000,
    ),
    "frog": ("python_frog", "Frog, the froeschis reference engine", 3, (-10_000.0, 10_000.0), 20_000),
    "army-of-frogs": (
        "python_army_of_frogs",
        "Army of Frogs, the froeschis reference engine",
        2,
        (0.0, 1.0),
        20_000,
    ),
}
"""What each game was registered with when the module had a table of them (its names, default
players, utility bounds and length bound), now read from its encoding."""


@pytest.mark.parametrize("name", [name for name in names() if registered(name).encoding is not None])
def test_every_game_is_registered_alike_from_its_encoding(name: str) -> None:
    """One registration for every game with an encoding: its OpenSpiel names, player counts,
    parameters (one per variant), utility and length bound, as they were."""
    game = registered(name)
    short, long, players, utility, length = REGISTRATIONS[name]
    loaded = pyspiel.load_game(short)
    kind = loaded.get_type()
    assert (
        type(loaded) is openspiel.GAMES[name] and loaded.game is game and openspiel.short_name(name) == short
    )
    assert (kind.long_name, kind.min_num_players, kind.max_num_players) == (
        long,
        min(game.players),
        max(game.players),
    )
    assert (loaded.num_players(), (loaded.min_utility(), loaded.max_utility())) == (players, utility)
    assert loaded.max_game_length() == length
    options = [variant.option for variant in game.variants]
    assert list(kind.parameter_specification) == sorted(["players", *options, "max_game_length"])


@pytest.mark.parametrize("variant", [None, *(v.option for v in FROG.variants)])
def test_frog_random_sim(variant: str | None) -> None:
    params = {variant: True} if variant else {}
    pyspiel.random_sim_test(
        pyspiel.load_game("python_frog", params), num_sims=1, serialize=False, verbose=False
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_army_random_sim(players: int) -> None:
    game = pyspiel.load_game("python_army_of_frogs", {"players": players, "max_game_length": 120})
    pyspiel.random_sim_test(game, num_sims=1, serialize=players == 2, verbose=False)


def lock_step(name: str, params: dict[str, object], seed: int) -> int:
    """Play at random through OpenSpiel and the same decisions on the engine (each id looked up
    among the engine's own legal actions), the deal replayed whole; the legal sets, the states and
    the returns must agree at every step. The number of decisions compared."""
    wrapped = pyspiel.load_game(name, params)
    game = FROG if name == "python_frog" else ARMY
    encoding = game.part(game.encoding, "encoding")
    engine = game.new_game(wrapped.num_players(), game.rules())
    state = wrapped.new_initial_state()
    rng = random.Random(seed)
    compared = 0
    engine_actions: list[object] = []
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(rng.choices(ids, probs)[0])
            if len(state.actions) > len(engine_actions):
                engine_actions.append(state.actions[-1])
                engine = engine.apply(state.actions[-1])
        else:
            by_id = {encoding.action_id(engine, a): a for a in engine.legal_actions()}
            assert len(by_id) == len(engine.legal_actions())  # the ids are one-to-one
            assert set(state.legal_actions()) == set(by_id)
            chosen = rng.choice(state.legal_actions())
            state.apply_action(chosen)
            engine = engine.apply(by_id[chosen])
            engine_actions.append(by_id[chosen])
            compared += 1
        assert engine == state.game_state
    assert engine.is_terminal
    assert state.returns() == list(engine.returns())
    return compared


@pytest.mark.clause("frog:deal.packets", "frog:match.returns")
@pytest.mark.parametrize("seed", [0, 1])
def test_frog_lock_step(seed: int) -> None:
    assert lock_step("python_frog", {}, seed) > 30


@pytest.mark.clause("army-of-frogs:setup.shuffle", "army-of-frogs:game.returns")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_army_lock_step(players: int) -> None:
    assert lock_step("python_army_of_frogs", {"players": players}, players) > 0


def hidden(state: object, seat: int) -> list[int]:
    """The codes of the cards in the other hands, the widow and the discards (what ``seat`` may
    not see), sorted: a resampled state holds the same ones, placed anew."""
    places = [h for i, h in enumerate(state.hands) if i != seat] + [state.widow, state.discards]  # type: ignore[attr-defined]
    return sorted({c.code for place in places for c in place})


@pytest.mark.clause("frog:view.own-hand", "frog:view.public", "frog:view.widow", "frog:view.discards")
def test_frog_resample_keeps_the_view() -> None:
    """After a few tricks, a resampled state shows the seat the same view, and the other hands,
    widow and discards hold the cards it has not seen, in some order."""
    state = pyspiel.load_game("python_frog").new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node() or len(state.game_state.tricks) < 3 or state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    draws = iter([0.1, 0.5, 0.9])
    changed = 0
    for _ in range(3):
        other = state.resample_from_infostate(seat, lambda: next(draws))
        assert FROG.observe(other.game_state, seat) == FROG.observe(state.game_state, seat)
        assert hidden(other.game_state, seat) == hidden(state.game_state, seat)
        changed += other.game_state != state.game_state
    assert changed > 0
    assert json.loads(state.observation_string(seat)) == FROG.observe(state.game_state, seat)


def chance_to(state: object, steps: int) -> None:
    """Take ``steps`` chance steps, each the first outcome offered."""
    for _ in range(steps):
        state.apply_action(state.chance_outcomes()[0][0])  # type: ignore[attr-defined]


@pytest.mark.clause("frog:match.first-dealer", "frog:deal.packets", "army-of-frogs:setup.shuffle")
@pytest.mark.parametrize(
    ("name", "params", "steps", "bad", "clause"),
    [
        ("python_frog", {}, 0, 7, "match.first-dealer"),  # no seat 7 draws to deal first
        ("python_frog", {}, 1, 999, "deal.packets"),  # no card has code 999
        ("python_frog", {}, 3, None, "deal.packets"),  # a card dealt already
        ("python_army_of_frogs", {"players": 2}, 0, 5, "setup.shuffle"),  # no stone of colour 5
        ("python_army_of_frogs", {"players": 2}, 10, 0, "setup.shuffle"),  # colour 0's ten all drawn
    ],
)
def test_an_impossible_chance_step_is_refused_and_changes_nothing(
    name: str, params: dict[str, int], steps: int, bad: int | None, clause: str
) -> None:
    """A chance id no outcome of the step has is refused at once, by the engine's error naming the
    clause, and the state stays as it was: the next possible step is taken as if nothing happened."""
    state = pyspiel.load_game(name, params).new_initial_state()
    if name == "python_army_of_frogs":  # colour 0 first, ten times: the bag then has no 0 left
        for _ in range(steps):
            state.apply_action(0)
    else:
        chance_to(state, steps)
    if bad is None:
        bad = state.trail.partial[-1]  # the last card dealt
    before = (str(state), list(state.chance_outcomes()), state.history())
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(bad)
    assert refused.value.clause == clause
    assert (str(state), list(state.chance_outcomes()), state.history()) == before


@pytest.mark.parametrize("name", [name for name in names() if registered(name).encoding is not None])
def test_rollouts_finish_a_chance_node_under_way_on_every_game(name: str) -> None:
    """The rollout evaluator plays on from a chance node whose first steps are taken: the outcome
    it completes begins with those steps (the encoding's ``complete_chance``, or the steps drawn one
    by one), and its rollouts end with the game's returns."""
    game = pyspiel.load_game(openspiel.short_name(name))
    state = game.new_initial_state()
    while len(state.trail.partial) < 3:  # a node of more than three steps (Frog's first is one)
        assert not state.is_terminal()
        state.apply_action(
            state.chance_outcomes()[-1][0] if state.is_chance_node() else state.legal_actions()[0]
        )
    assert state.is_chance_node()  # still under way
    setup, engine = state.spiel, state.game_state
    whole = openspiel.complete_chance(setup, engine, state.trail.partial, random.Random(1))
    assert setup.encoding.chance_ids(engine, whole)[:3] == tuple(state.trail.partial)
    engine.apply(whole)  # an outcome the engine takes
    evaluator = openspiel.ReferenceRolloutEvaluator(n_rollouts=3, random_state=np.random.RandomState(0))
    values = evaluator.evaluate(state)
    assert len(values) == game.num_players()
    low, high = setup.encoding.utility
    assert all(low <= value <= high for value in values)
