"""The OpenSpiel game ``python_froeschis`` (froeschis.interop.openspiel): OpenSpiel's own checks for
every player count and variant, exact chance, the reference's game replayed, illegal actions
refused, information states the encoding's, and IS-MCTS able to play it."""

from __future__ import annotations

import itertools
import math
import subprocess
import sys
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'froeschis[openspiel]'"
)

import numpy as np  # noqa: E402  # after the skip: NumPy comes with OpenSpiel
from open_spiel.python.algorithms import ismcts  # noqa: E402

from froeschis.core import encoding  # noqa: E402
from froeschis.core.actions import Shuffle  # noqa: E402
from froeschis.core.engine import GameState, new_game  # noqa: E402
from froeschis.core.errors import FormatError, IllegalActionError, RulesError  # noqa: E402
from froeschis.core.observation import observe  # noqa: E402
from froeschis.core.readings import VARIANT_OPTIONS  # noqa: E402
from froeschis.core.rules import Rules, with_variants  # noqa: E402
from froeschis.core.state import Phase  # noqa: E402
from froeschis.interop import openspiel  # noqa: E402

RULE_SETS: list[dict[str, bool]] = [
    {},
    *({option: True} for option in VARIANT_OPTIONS),
    dict.fromkeys(VARIANT_OPTIONS, True),
]
"""The published game, each variant on its own, and all of them together."""


def load(players: int, **params: Any) -> Any:
    return pyspiel.load_game(openspiel.SHORT_NAME, {"players": players, **params})


DRAW_ID = 0


def step_randomly(state: Any, rng: np.random.RandomState, always_draw: bool = False) -> None:
    """One action: a random legal decision (``draw`` whenever legal if ``always_draw``: random play
    takes the discard so often that the draw pile never runs out, and only drawing reaches the
    reshuffles), or a chance outcome by its probability."""
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choice(outcomes, p=probabilities))
    else:
        legal = state.legal_actions()
        state.apply_action(DRAW_ID if always_draw and DRAW_ID in legal else rng.choice(legal))


def play_randomly(game: Any, rng: np.random.RandomState, always_draw: bool = False) -> Any:
    """A game played to its end with :func:`step_randomly`."""
    state = game.new_initial_state()
    while not state.is_terminal():
        step_randomly(state, rng, always_draw)
    return state


def history(state: Any) -> list[tuple[int, int]]:
    return [(item.player, item.action) for item in state.full_history()]


def at_a_reshuffle(game: Any) -> Any:
    """The first reshuffle chance node of the first always-drawing game that reaches one."""
    for seed in range(50):
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node() and state.game_state.phase is Phase.RESHUFFLE:
                return state
            step_randomly(state, rng, always_draw=True)
    raise AssertionError("no game reached a reshuffle")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variants", RULE_SETS, ids=lambda v: "+".join(v) or "published")
def test_openspiel_random_simulation_checks_pass(players: int, variants: dict[str, bool]) -> None:
    pyspiel.random_sim_test(load(players, **variants), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(
    "variants", [{}, {"optional_frog_swap": True}], ids=["published", "optional_frog_swap"]
)
def test_openspiel_random_simulation_checks_pass_from_a_reshuffle(variants: dict[str, bool]) -> None:
    """Random play never empties the draw pile: these simulations start at a reshuffle."""
    game = load(4, **variants)
    start = at_a_reshuffle(game)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False, specific_initial_state=start)


def test_parameters_select_the_rules_and_bad_ones_are_refused() -> None:
    game = load(3, optional_frog_swap=True)
    assert game.num_players() == 3
    assert game.setup.rules == with_variants(Rules(), "optional_frog_swap")
    assert game.num_distinct_actions() == encoding.num_distinct_actions(Rules())
    assert game.max_chance_outcomes() == 10  # T F 1..8
    assert set(game.get_type().parameter_specification) == {"players", "max_game_length", *VARIANT_OPTIONS}
    with pytest.raises(RulesError, match=r"players\.count"):
        load(5)
    with pytest.raises(FormatError, match="max_game_length"):
        load(2, max_game_length=0)
    with pytest.raises(FormatError, match="colour"):
        openspiel.FroeschisGame({"colour": 1})  # pyspiel.load_game refuses it before


# --------------------------------------------------------------------------- chance


def test_chance_nodes_offer_the_cards_left_by_their_counts() -> None:
    """Every chance node of random games: outcomes are the kinds still in the pool, each with its
    count over the cards left, and they sum to 1."""
    game = load(3, reveal_at_round_end=True)
    kinds = encoding.card_kinds(Rules())
    rng = np.random.RandomState(4)
    nodes = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            position = state.position
            left = Counter(position.state.chance_pool()) - Counter(position.chosen)
            total = sum(left.values())
            expected = [(kinds.index(card), count / total) for card, count in sorted(left.items())]
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            assert list(outcomes) == [kind for kind, _ in expected]
            assert list(probabilities) == pytest.approx([p for _, p in expected])
            assert math.isclose(sum(probabilities), 1.0)
            state.apply_action(rng.choice(outcomes, p=probabilities))
            nodes += 1
    assert nodes > 500


def test_a_deal_has_the_probability_of_a_uniform_shuffle() -> None:
    """The product of the card-by-card probabilities of a deal is that of its order under a uniform
    shuffle of the deck: (k1! k2! ...) / n! for n cards with k_i of each kind."""
    game = load(2)
    rng = np.random.RandomState(7)
    for _ in range(5):
        state = game.new_initial_state()
        probability = 1.0
        while state.is_chance_node():
            outcomes = dict(state.chance_outcomes())
            action = int(rng.choice(list(outcomes), p=list(outcomes.values())))
            probability *= outcomes[action]
            state.apply_action(action)
        deck = Rules().deck
        uniform = math.prod(math.factorial(k) for k in Counter(deck).values()) / math.factorial(len(deck))
        assert probability == pytest.approx(uniform, rel=1e-9)
        assert state.current_player() == 0  # the deal is over: seat 0 starts round 1


# --------------------------------------------------------------------------- the same game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variants", RULE_SETS, ids=lambda v: "+".join(v) or "published")
def test_games_replay_on_the_reference_with_the_same_winners(players: int, variants: dict[str, bool]) -> None:
    """A random game through OpenSpiel, replayed on the reference engine from its action list:
    every action legal, the same final state and winners. The chance ids of OpenSpiel's history,
    read as cards, are the shuffles of the list, in order."""
    check_replay(play_randomly(load(players, **variants), np.random.RandomState(players)))


@pytest.mark.parametrize("variants", RULE_SETS, ids=lambda v: "+".join(v) or "published")
def test_games_with_reshuffles_replay_on_the_reference(variants: dict[str, bool]) -> None:
    game = load(4, **variants)
    state = at_a_reshuffle(game)
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        step_randomly(state, rng, always_draw=True)
    reshuffles = [a for a in state.record().actions if isinstance(a, Shuffle) and len(a.order) < 60]
    assert reshuffles
    check_replay(state)


def check_replay(state: Any) -> None:
    players = state.num_players()
    record = state.record()
    reference = new_game(players, state.get_game().setup.rules)
    for action in record.actions:
        reference = reference.apply(action)  # raises on an illegal action
    assert reference.is_terminal
    assert reference == state.game_state
    assert reference.winners and list(reference.returns()) == state.returns()
    kinds = encoding.card_kinds(Rules())
    chance_cards = [kinds[a] for p, a in history(state) if p == pyspiel.PlayerId.CHANCE]
    shuffled = [card for action in record.actions if isinstance(action, Shuffle) for card in action.order]
    assert chance_cards == shuffled
    decisions = [a for p, a in history(state) if p != pyspiel.PlayerId.CHANCE]
    assert [encoding.id_to_action(a, Rules()) for a in decisions] == [
        a for a in record.actions if not isinstance(a, Shuffle)
    ]


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    game = load(2)
    state = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="no card of kind 10"):
        state.apply_action(10)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = state.position
    assert state.legal_actions() == [0]  # draw: the discard pile is empty
    with pytest.raises(IllegalActionError, match=r"turn\.draw-source"):
        state.apply_action(1)
    with pytest.raises(FormatError, match="action_id"):
        state.apply_action(12)
    assert state.position is before
    # a kind of card that is used up is refused at a chance node
    rng = np.random.RandomState(1)
    while not (state.is_chance_node() and len(state.chance_outcomes()) < 10):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probabilities))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    gone = (set(range(10)) - {a for a, _ in state.chance_outcomes()}).pop()
    with pytest.raises(IllegalActionError):
        state.apply_action(gone)


def test_a_game_stopped_at_its_length_bound_has_no_winner() -> None:
    game = load(2, max_game_length=100)
    state = play_randomly(game, np.random.RandomState(0))
    assert len(history(state)) == 100
    assert not state.game_state.is_terminal  # the rules had not ended it
    assert state.returns() == [0.0, 0.0]
    with pytest.raises(FormatError, match="max_game_length"):
        state.apply_action(0)


def test_several_winners_each_get_one() -> None:
    """How a shared win shares (documented): each winner 1, the others 0, as game.returns says."""
    game = load(3)
    start = game.new_initial_state().position
    over = GameState(Rules(), Phase.OVER, 8, 0, start.state.players, start.state.draw_pile, winners=(0, 2))
    state = openspiel.FroeschisState(game, openspiel.Position.start(start.setup, over))
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0, 1.0]


# --------------------------------------------------------------------------- what a seat knows


def _states(game: Any) -> list[Any]:
    """The decision states (clones) of a random game with 4 players, and of the round after a
    reshuffle of an always-drawing one and the rest of that game."""
    found = []
    for state, always_draw in ((game.new_initial_state(), False), (at_a_reshuffle(game), True)):
        rng = np.random.RandomState(0)
        while not state.is_terminal():
            if not state.is_chance_node():
                found.append(state.clone())
            step_randomly(state, rng, always_draw)
    return found


def test_strings_and_tensors_are_the_encodings() -> None:
    game = load(4)
    states = _states(game)
    reshuffled = [s for s in states if s.position.reshuffled]
    assert reshuffled and len(reshuffled) < len(states)
    for state in states[::5] + reshuffled[:5]:
        known = state.position.reshuffled
        reference = state.game_state
        for seat in range(4):
            assert state.observation_string(seat) == encoding.observation_string(reference, seat)
            assert state.information_state_string(seat) == encoding.information_state_string(
                reference, seat, draw_pile_known=known
            )
            assert state.observation_tensor(seat) == pytest.approx(
                encoding.observation_tensor(reference, seat)
            )
            assert state.information_state_tensor(seat) == pytest.approx(
                encoding.information_state_tensor(reference, seat, draw_pile_known=known)
            )
    assert reshuffled[0].information_state_string(0).split("\n")[-1] != "draw pile cards: unknown"


def test_the_draw_pile_is_known_after_a_reshuffle_until_the_next_deal() -> None:
    """Computed independently of the game: a reshuffle this round, from the reference actions."""
    game = load(4)
    for state in _states(game)[::3]:
        actions = state.record().actions
        state_now = new_game(4)
        known = False
        for action in actions:
            if isinstance(action, Shuffle):
                known = state_now.phase is Phase.RESHUFFLE
            state_now = state_now.apply(action)
        assert state.position.reshuffled is known


def test_resampled_states_look_the_same_to_the_player_and_move_hidden_cards() -> None:
    game = load(4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    moved = kept_pile = 0
    states = _states(game)
    for state in [s for i, s in enumerate(states) if i % 7 == 0 or (s.position.reshuffled and i % 2 == 0)]:
        seat = state.current_player()
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.legal_actions() == state.legal_actions()
        assert observe(other.game_state, seat) == observe(state.game_state, seat)
        assert other.history() == []
        hidden = other.game_state.players != state.game_state.players
        moved += hidden
        if state.position.reshuffled:
            assert Counter(other.game_state.draw_pile) == Counter(state.game_state.draw_pile)
            kept_pile += 1
        # the resampled game plays on to an end
        play = other.clone()
        rng = np.random.RandomState(0)
        while not play.is_terminal():
            step_randomly(play, rng)
    assert moved > 10 and kept_pile > 0


def test_resampling_in_the_middle_of_a_deal_keeps_the_count_chosen() -> None:
    game = load(2)
    state = game.new_initial_state()
    for _ in range(20):
        state.apply_action(state.chance_outcomes()[-1][0])  # the highest kind left: eights first
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert len(other.position.chosen) == 20
    assert Counter(other.position.chosen) + Counter(
        dict(zip(encoding.card_kinds(Rules()), other.position.remaining, strict=True))
    ) == Counter(Rules().deck)
    assert other.information_state_string(1) == state.information_state_string(1)


# --------------------------------------------------------------------------- bots


def test_is_mcts_plays_whole_games() -> None:
    """OpenSpiel's IS-MCTS (a small search) plays two games against random play to the end; its
    search checks that every resampled root has the root's information state. How well it plays
    is measured by examples/openspiel_ismcts.py (docs/interop-openspiel.rst)."""
    game = load(2)
    rng = np.random.RandomState(0)
    evaluator = openspiel.ReferenceRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=5, random_state=rng)
    stepped: list[int] = []

    def step(state: Any) -> int:
        action = int(bot.step(state))
        assert action in state.legal_actions() and state.current_player() == seat
        stepped.append(action)
        return action

    for seat in (0, 1):
        returns = openspiel.play_against_random(game, SimpleNamespace(step=step), seat, rng)
        assert sorted(returns) in ([0.0, 1.0], [1.0, 1.0])
    assert len(stepped) > 50


def test_the_reference_rollouts_play_the_same_random_game() -> None:
    """The evaluator's rollouts and OpenSpiel's random rollouts estimate the same value: from the
    start of a 2-player game seat 0 wins as often, both ways (with 200 rollouts and 40 games a
    difference above 0.3 is a 3.5-sigma event)."""
    game = load(2)
    start = game.new_initial_state()
    evaluator = openspiel.ReferenceRolloutEvaluator(n_rollouts=200, random_state=np.random.RandomState(1))
    reference = evaluator.evaluate(start)
    rng = np.random.RandomState(2)
    through_openspiel = np.mean([play_randomly(game, rng).returns() for _ in range(40)], axis=0)
    assert abs(reference[0] - through_openspiel[0]) < 0.3
    assert evaluator.prior(start) == start.chance_outcomes()
    with pytest.raises(FormatError, match="n_rollouts"):
        openspiel.ReferenceRolloutEvaluator(n_rollouts=0)


# --------------------------------------------------------------------------- packaging


def test_importing_without_openspiel_names_the_extra() -> None:
    code = "import sys; sys.modules['pyspiel'] = None; import froeschis.interop.openspiel"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert "pip install 'froeschis[openspiel]'" in done.stderr


def test_the_variant_parameters_are_the_one_list() -> None:
    assert [name for name in openspiel.PARAMETERS if name in VARIANT_OPTIONS] == list(VARIANT_OPTIONS)
    for names in itertools.chain.from_iterable(
        itertools.combinations(VARIANT_OPTIONS, n) for n in range(len(VARIANT_OPTIONS) + 1)
    ):
        game = load(2, **dict.fromkeys(names, True))
        assert game.setup.rules == with_variants(Rules(), *names)


def test_random_is_seeded_only_through_numpy() -> None:
    """Two runs with the same NumPy seed give the same game (no hidden global randomness)."""
    first = history(play_randomly(load(2), np.random.RandomState(9)))
    second = history(play_randomly(load(2), np.random.RandomState(9)))
    assert first == second
