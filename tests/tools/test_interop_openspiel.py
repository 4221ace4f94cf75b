"""The OpenSpiel game ``python_froeschis`` (froeschis.interop.openspiel): OpenSpiel's own checks for
every player count and variant, exact chance, the reference's game replayed, illegal actions
refused, information states the encoding's, and IS-MCTS able to play it."""

from __future__ import annotations

import copy
import itertools
import math
import pickle
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
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from froeschis.framework.errors import FormatError, IllegalActionError, RulesError  # noqa: E402
from froeschis.framework.registry import game as registered  # noqa: E402
from froeschis.games.froeschis import encoding  # noqa: E402
from froeschis.games.froeschis.actions import DRAW, TAKE_DISCARD, Shuffle  # noqa: E402
from froeschis.games.froeschis.cards import FROG, Card, Row, number, spot  # noqa: E402
from froeschis.games.froeschis.engine import GameState, new_game  # noqa: E402
from froeschis.games.froeschis.invariants import check_state  # noqa: E402
from froeschis.games.froeschis.observation import observe  # noqa: E402
from froeschis.games.froeschis.readings import VARIANT_OPTIONS  # noqa: E402
from froeschis.games.froeschis.rules import Rules, with_variants  # noqa: E402
from froeschis.games.froeschis.state import Phase, Player  # noqa: E402
from froeschis.interop import openspiel  # noqa: E402

SHORT_NAME = openspiel.short_name("froeschis")

RULE_SETS: list[dict[str, bool]] = [
    {},
    *({option: True} for option in VARIANT_OPTIONS),
    dict.fromkeys(VARIANT_OPTIONS, True),
]
"""The published game, each variant on its own, and all of them together."""


def load(players: int, **params: Any) -> Any:
    return pyspiel.load_game(SHORT_NAME, {"players": players, **params})


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


def chosen(state: Any) -> list[Card]:
    """The cards chosen so far at the chance node under way (its steps, read as cards)."""
    kinds = encoding.card_kinds(state.get_game().setup.rules)
    return [kinds[kind] for kind in state.trail.partial]


def where(state: Any) -> tuple[Any, ...]:
    """Where a state stands: the engine's state, the chance steps under way, the steps so far."""
    return (state.game_state, tuple(state.trail.partial), state.trail.steps, len(state.trail.actions))


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
    pyspiel.random_sim_test(load(players, **variants), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "variants", [{}, {"optional_frog_swap": True}], ids=["published", "optional_frog_swap"]
)
def test_openspiel_random_simulation_checks_pass_from_a_reshuffle(variants: dict[str, bool]) -> None:
    """Random play never empties the draw pile: these simulations start at a reshuffle."""
    game = load(4, **variants)
    start = at_a_reshuffle(game)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False, specific_initial_state=start)


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
        openspiel.GAMES["froeschis"]({"colour": 1})  # pyspiel.load_game refuses it before


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
            left = Counter(state.game_state.chance_pool()) - Counter(chosen(state))
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
    before = where(state)
    assert state.legal_actions() == [0]  # draw: the discard pile is empty
    with pytest.raises(IllegalActionError, match=r"turn\.draw-source"):
        state.apply_action(1)
    with pytest.raises(FormatError, match="action_id"):
        state.apply_action(12)
    assert where(state) == before and state.game_state is before[0]
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
    start = game.new_initial_state().game_state
    over = GameState(Rules(), Phase.OVER, 8, 0, start.players, start.draw_pile, winners=(0, 2))
    state = game.state_at(over)
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0, 1.0]


# --------------------------------------------------------------------------- saving states

TAKE_DISCARD_ID = 1


def long_game(game: Any, seed: int) -> list[Any]:
    """Clones of every state of a game in which the players take the discard back and forth (nine
    times in ten when it is legal, else a random decision), which runs it to some 2,000 actions."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        legal = [] if state.is_chance_node() else state.legal_actions()
        if TAKE_DISCARD_ID in legal and rng.rand() < 0.9:
            state.apply_action(TAKE_DISCARD_ID)
        else:
            step_randomly(state, rng)
        states.append(state.clone())
    return states


def assert_same_state(copied: Any, state: Any) -> None:
    """Everything OpenSpiel and froeschis say of a state, the same for its copy."""
    assert type(copied) is openspiel.SpielState
    assert copied.history() == state.history()
    assert copied.current_player() == state.current_player()
    assert copied.is_terminal() == state.is_terminal()
    assert copied.returns() == state.returns()
    assert copied.legal_actions() == state.legal_actions()
    if state.is_chance_node():
        assert copied.chance_outcomes() == state.chance_outcomes()
    for seat in range(state.num_players()):
        assert copied.observation_tensor(seat) == state.observation_tensor(seat)
        assert copied.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert copied.information_state_string(seat) == state.information_state_string(seat)
    assert copied.game_state == state.game_state and chosen(copied) == chosen(state)
    assert copied.record() == state.record()
    assert str(copied) == str(state)


def test_states_of_long_games_serialise_pickle_and_deep_copy() -> None:
    """Item 7 of issue 21: a state of any length saves and comes back equal, through OpenSpiel's
    serialisation, pickle and copy.deepcopy (the state used to keep a chain of every earlier
    position, and all three recursed through it: RecursionError past about a thousand). Checked on
    a game of more than 2,000 actions: at a deal half chosen, at the 2,000th action, and at the
    end; the copies then play on as the original does."""
    game = load(2)
    states = long_game(game, seed=0)
    assert len(states) > 2000 and states[-1].is_terminal()
    half_dealt = next(s for s in reversed(states) if len(chosen(s)) == 30)
    for state in (half_dealt, states[2000], states[-1]):
        restored_game, restored = pyspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(game, state)
        )
        assert str(restored_game) == str(game)
        for copied in (restored, pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert_same_state(copied, state)
            if not state.is_terminal():
                original, rng = state.clone(), np.random.RandomState(1)
                while not original.is_terminal() and len(original.history()) < len(state.history()) + 50:
                    step_randomly(original, rng)
                    copied.apply_action(original.history()[-1])
                assert_same_state(copied, original)


def test_a_resampled_state_has_no_record() -> None:
    """A resampled state has an empty history (the real one would tell the hidden cards), so the
    reference actions that led to it cannot be read off: an error that says so, not a record
    that replays to another state."""
    state, rng = load(2).new_initial_state(), np.random.RandomState(3)
    while len(state.history()) < 200 or state.is_chance_node():
        step_randomly(state, rng)
    other = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert state.record().replay() == state.game_state
    with pytest.raises(FormatError, match="no record"):
        other.record()


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
    reshuffled = [s for s in states if s.trail.memory]  # Fröschis' memory: the draw pile is known
    assert reshuffled and len(reshuffled) < len(states)
    for state in states[::5] + reshuffled[:5]:
        known = state.trail.memory
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
        assert state.trail.memory is known


def test_resampled_states_look_the_same_to_the_player_and_move_hidden_cards() -> None:
    game = load(4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    moved = kept_pile = 0
    states = _states(game)
    for state in [s for i, s in enumerate(states) if i % 7 == 0 or (s.trail.memory and i % 2 == 0)]:
        seat = state.current_player()
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.legal_actions() == state.legal_actions()
        assert observe(other.game_state, seat) == observe(state.game_state, seat)
        assert other.history() == []
        hidden = other.game_state.players != state.game_state.players
        moved += hidden
        if state.trail.memory:
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
    assert len(chosen(other)) == 20
    kinds = encoding.card_kinds(Rules())
    remaining = {kinds[kind]: round(p * 40) for kind, p in other.chance_outcomes()}  # 40 cards left
    assert Counter(chosen(other)) + Counter(remaining) == Counter(Rules().deck)
    assert other.information_state_string(1) == state.information_state_string(1)


# --------------------------------------------------------------------------- bots


def test_is_mcts_plays_whole_games() -> None:
    """OpenSpiel's IS-MCTS (a small search) plays two games against random play to the end; its
    search checks that every resampled root has the root's information state. How well it plays
    is measured by examples/froeschis/openspiel_ismcts.py (docs/interop-openspiel.rst)."""
    game = load(2)
    rng = np.random.RandomState(0)
    evaluator = openspiel.ReferenceRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=5, random_state=rng)
    bot.set_resampler(openspiel.seeded_resampler(rng))
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


def final_turn(top: Card) -> GameState:
    """Seat 0's last turn of a two-player game: seat 1 has completed its one-spot row (a 1), seat
    0's one spot is face down, the discard is a dead 6. Seat 0 wins too if it completes now, and
    only a 1 or a frog can: drawing wins if ``top``, the draw pile's top card, is one, and taking
    the dead 6 never wins. The card below ``top`` is the other of a 1 and an 8, so the two tables
    of ``final_turn(number(1))`` and ``final_turn(number(8))`` hold the same cards."""
    rules = Rules()
    other = number(8) if top == number(1) else number(1)
    rest = Counter(rules.deck) - Counter([number(8), number(1), number(6), top, other])
    players = (Player(1, Row((spot(number(8), False),))), Player(1, Row((spot(number(1), True),))))
    pile = (top, other, *sorted(rest.elements()))
    return GameState(rules, Phase.DRAW, 15, 0, players, pile, (number(6),), first_completer=1)


def test_plain_mcts_sees_the_hidden_cards_and_is_mcts_does_not() -> None:
    """Item 19 of issue 21, what the OpenSpiel page warns of: OpenSpiel's MCTSBot searches clones
    of the state it is given, hidden cards and the draw pile's order included. Two tables that seat
    0 cannot tell apart, one with a winning 1 on top of the draw pile and one with a dead 8: seat
    0's honest chance of drawing a winner is the same at both (9 of the 58 cards it has not seen
    are 1s or frogs), and the discard never wins. MCTS finds the draw a sure win at one table and
    a sure loss at the other, so its choice follows the hidden card (with this seed it takes the
    dead discard at the second); IS-MCTS searches worlds drawn from what seat 0 knows, the same
    search at both tables, and draws at both."""
    winning, dead = final_turn(number(1)), final_turn(number(8))
    game = load(2)
    tables = [game.state_at(t) for t in (winning, dead)]
    for reference in (winning, dead):
        check_state(reference)
        assert reference.apply(TAKE_DISCARD).winners == (1,)
    assert winning.apply(DRAW).winners == (0, 1) and dead.apply(DRAW).winners == (1,)
    assert tables[0].information_state_string(0) == tables[1].information_state_string(0)
    assert observe(winning, 0) == observe(dead, 0)
    unseen = Counter(winning.draw_pile) + Counter([number(8)])  # the pile and seat 0's face-down card
    assert (unseen[number(1)] + unseen[FROG], sum(unseen.values())) == (9, 58)

    def plain_mcts(table: Any) -> tuple[int, dict[int, float]]:
        evaluator = openspiel.ReferenceRolloutEvaluator(random_state=np.random.RandomState(0))
        bot = mcts.MCTSBot(game, 2.0, 20, evaluator, solve=True, random_state=np.random.RandomState(0))
        root = bot.mcts_search(table)
        return root.best_child().action, {c.action: c.outcome[0] for c in root.children}

    assert plain_mcts(tables[0]) == (DRAW_ID, {DRAW_ID: 1.0, TAKE_DISCARD_ID: 0.0})
    assert plain_mcts(tables[1]) == (TAKE_DISCARD_ID, {DRAW_ID: 0.0, TAKE_DISCARD_ID: 0.0})

    def is_mcts(table: Any) -> tuple[list[tuple[int, float]], dict[int, tuple[float, float]]]:
        rng = np.random.RandomState(0)
        evaluator = openspiel.ReferenceRolloutEvaluator(random_state=rng)
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 100, random_state=rng)
        bot.set_resampler(openspiel.seeded_resampler(rng))
        policy = bot.run_search(table)
        return policy, {a: (c.visits, c.return_sum) for a, c in bot._root_node.child_info.items()}

    searched = is_mcts(tables[0])
    assert is_mcts(tables[1]) == searched  # the same worlds, visits and returns at both tables
    assert dict(searched[0]) == {DRAW_ID: 1.0, TAKE_DISCARD_ID: 0.0}


def test_resampling_depends_only_on_what_the_player_knows() -> None:
    """Two tables seat 0 cannot tell apart resample to the same table for the same random number
    (so IS-MCTS searches the same worlds at both), and another number deals otherwise."""
    game = load(2)
    tables = [game.state_at(final_turn(top)) for top in (number(1), number(8))]
    first, second = (table.resample_from_infostate(0, lambda: 0.25).game_state for table in tables)
    assert first == second and first not in (tables[0].game_state, tables[1].game_state)
    assert tables[0].resample_from_infostate(0, lambda: 0.75).game_state != first


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
    parameters = openspiel.parameters(registered("froeschis"))
    assert [name for name in parameters if name in VARIANT_OPTIONS] == list(VARIANT_OPTIONS)
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
