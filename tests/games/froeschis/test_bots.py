"""Bots: legal choices from the observation alone, the greedy rules, sampling hidden cards, ISMC."""

from __future__ import annotations

import random

import pytest

from froeschis.framework.errors import GameTooLongError
from froeschis.games.froeschis.actions import DRAW, TAKE_DISCARD, Action, AnyAction, frog_at
from froeschis.games.froeschis.bots import (
    Bot,
    GreedyBot,
    IsmcBot,
    RandomBot,
    _better_than_prior,
    as_policy,
    determinize,
    greedy_policy,
    make_bot,
    parse_bots,
    play_bots,
    play_game,
    random_policy,
    rollout_value,
    unseen_cards,
)
from froeschis.games.froeschis.cards import Card
from froeschis.games.froeschis.chance import sample_chance
from froeschis.games.froeschis.engine import GameState, new_game
from froeschis.games.froeschis.invariants import check_consistent
from froeschis.games.froeschis.observation import Observation, observe
from froeschis.games.froeschis.rules import Rules
from froeschis.games.froeschis.state import Phase
from tests.builders import build, cards

EIGHT = "[1] [2] [3] [4] [5] [6] [7] [8]"
VARIANTS = [
    Rules(),
    Rules(discard_only_if_placeable=True),
    Rules(optional_frog_swap=True),
    Rules(reveal_at_round_end=True),
]
VARIANT_IDS = ["published", "discard-if-placeable", "optional-frog-swap", "reveal-at-round-end"]


def decision_states(players: int, seed: int, rules: Rules, every: int = 1) -> list[GameState]:
    """Every ``every``-th decision state of a random game."""
    rng = random.Random(seed)
    state = new_game(players, rules)
    found = []
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply(sample_chance(state, rng))
            continue
        found.append(state)
        state = state.apply(random_policy(state, rng))
    return found[::every]


# --------------------------------------------------------------------------- the interface


@pytest.mark.parametrize("rules", VARIANTS, ids=VARIANT_IDS)
def test_every_bot_picks_a_legal_action_from_the_observation(rules: Rules) -> None:
    bots: list[Bot] = [RandomBot(), GreedyBot(rules), IsmcBot(rules, budget=1)]
    for index, state in enumerate(decision_states(3, seed=1, rules=rules, every=7)):
        seat = state.current_player
        observation = observe(state, seat)
        for bot in bots:
            assert isinstance(bot, Bot)
            action = bot.act(observation, random.Random(index))
            assert action in state.legal_actions(), (bot.name, state)


class _Spy:
    """A bot that records what it is shown and then lets ``bot`` decide."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.shown: list[object] = []

    @property
    def name(self) -> str:
        return self.bot.name

    def act(self, observation: Observation, rng: random.Random) -> Action:
        self.shown.append(observation)
        return self.bot.act(observation, rng)


def _hidden_cards(state: GameState) -> tuple[object, ...]:
    """What no seat sees: the face-down cards of every row and the draw pile in order."""
    rows = tuple(
        tuple(s.card for s in state.row(seat).spots if not s.face_up) for seat in range(state.num_players)
    )
    return rows, state.draw_pile


def test_bots_decide_the_same_in_full_states_that_differ_only_in_hidden_cards() -> None:
    """A game's true state and a state with the hidden cards dealt anew look the same to the mover:
    driven through the game's policy interface (which holds the full state), every bot must decide
    the same, with the same random source, and be shown only the mover's observation."""
    rules = Rules()
    checked = 0
    for state in decision_states(4, seed=3, rules=rules, every=9):
        seat = state.current_player
        seen = observe(state, seat)
        other = determinize(seen, rules, random.Random(99))
        assert _hidden_cards(other) != _hidden_cards(state)  # the face-down cards and the pile differ
        assert observe(other, seat) == seen  # but the mover sees the same
        for bot in (RandomBot(), GreedyBot(rules), IsmcBot(rules, budget=2)):
            spy = _Spy(bot)
            policy = as_policy(spy)
            assert policy(other, random.Random(5)) == policy(state, random.Random(5)), bot.name
            assert spy.shown == [seen, seen]
            assert all(type(shown) is Observation for shown in spy.shown)
        assert greedy_policy(other, random.Random(5)) == greedy_policy(state, random.Random(5))
        checked += 1
    assert checked > 10


def test_make_bot_and_parse_bots_read_names_and_budgets() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    ismc = make_bot("ismc:8")
    assert isinstance(ismc, IsmcBot) and ismc.budget == 8 and ismc.name == "ismc:8"
    assert [b.name for b in parse_bots("random, greedy,ismc:3")] == ["random", "greedy", "ismc:3"]
    for bad in ("nope", "ismc:0", "ismc:x", "greedy:3", ""):
        with pytest.raises(ValueError):
            parse_bots(bad)
    with pytest.raises(ValueError, match="budget"):
        IsmcBot(budget=0)


# --------------------------------------------------------------------------- greedy


@pytest.mark.parametrize(
    ("own_row", "discard", "expected"),
    [
        (EIGHT, "3", TAKE_DISCARD),  # its spot is face down
        ("[1] [2] F [4] [5] [6] [7] [8]", "3", TAKE_DISCARD),  # it replaces the frog
        (EIGHT, "F", TAKE_DISCARD),  # a frog always goes somewhere
        ("[1] [2] 3 [4] [5] [6] [7] [8]", "3", DRAW),  # a duplicate would be discarded
        (EIGHT, "T", DRAW),  # trash
        ("[1] [2] [3] [4] [5] [6] [7]", "8", DRAW),  # no spot 8 in a row of seven
    ],
)
def test_greedy_takes_the_discard_exactly_when_it_can_place_it(
    own_row: str, discard: str, expected: Action
) -> None:
    state = build([own_row, EIGHT], discard=discard)
    assert GreedyBot().act(observe(state, 0), random.Random(0)) == expected


def test_greedy_puts_the_frog_where_its_number_is_least_likely_to_come() -> None:
    # Every 5 is visible: five on the discard pile, one face up in seat 1's row. Spot 5 would wait forever.
    state = build(
        ["1 [2] [3] [4] [T] [6] [7] [8]", "[1] [2] [3] [4] 5 [6] [7] [8]"],
        phase=Phase.FROG,
        hand="F",
        discard="5 5 5 5 5",
    )
    assert unseen_cards(observe(state, 0), Rules())[Card(5)] == 0
    for seed in range(10):
        assert GreedyBot().act(observe(state, 0), random.Random(seed)) == frog_at(5)


def test_greedy_breaks_ties_only_among_the_scarcest_spots() -> None:
    # Four 2s and four 3s seen, every other number less: spots 2 and 3 tie for the frog.
    state = build(
        ["1 [2] [3] [4]", "[1] [2] [3] [4]"],
        phase=Phase.FROG,
        hand="F",
        discard="2 2 2 2 3 3 3 3",
        rules=Rules(row_length=4),
    )
    chosen = {GreedyBot().act(observe(state, 0), random.Random(seed)) for seed in range(30)}
    assert chosen == {frog_at(2), frog_at(3)}


def test_greedy_policy_on_a_state_decides_as_the_greedy_bot_on_the_observation() -> None:
    for rules in VARIANTS:
        for index, state in enumerate(decision_states(3, seed=7, rules=rules, every=3)):
            seat = state.current_player
            expected = GreedyBot(rules).act(observe(state, seat), random.Random(index))
            assert greedy_policy(state, random.Random(index)) == expected


def test_greedy_beats_random_by_far() -> None:
    greedy_wins = 0
    for seed in range(20):
        policies = (
            (as_policy(GreedyBot()), random_policy) if seed % 2 else (random_policy, as_policy(GreedyBot()))
        )
        final, _ = play_game(2, seed, policies=policies)
        greedy_seat = 0 if seed % 2 else 1
        greedy_wins += greedy_seat in final.winners
    assert greedy_wins >= 17


# --------------------------------------------------------------------------- sampling the hidden cards


@pytest.mark.parametrize("rules", VARIANTS, ids=VARIANT_IDS)
def test_determinize_deals_the_unseen_cards_consistently_with_the_observation(rules: Rules) -> None:
    for state in decision_states(4, seed=11, rules=rules, every=11):
        seat = state.current_player
        seen = observe(state, seat)
        worlds = [determinize(seen, rules, random.Random(i)) for i in range(8)]
        for world in worlds:
            check_consistent(world)
            assert observe(world, seat) == seen
        hidden = {(w.draw_pile, tuple(p.row for p in w.players)) for w in worlds}
        assert len(hidden) > 1  # the hidden cards really are sampled


def test_determinize_refuses_an_observation_the_deck_cannot_explain() -> None:
    seen = observe(decision_states(2, seed=0, rules=Rules())[5], 0)
    small = Rules(deck=cards("1 1 2 2 F T T T"), row_length=2)
    with pytest.raises(ValueError):
        determinize(seen, small, random.Random(0))


# --------------------------------------------------------------------------- information-set Monte Carlo


def test_a_rollout_is_worth_one_when_the_seat_alone_completes_its_row() -> None:
    # Seat 0 takes the 2: it lands on the last face-down spot and completes the row.
    state = build(["1 [T]", "[1] [2]"], discard="2", rules=Rules(row_length=2))
    # Seat 1 draws trash in its final turn: seat 0 alone completes.
    assert rollout_value(state, TAKE_DISCARD, 0, random.Random(0)) == 1.0
    assert rollout_value(state, TAKE_DISCARD, 1, random.Random(0)) == -1.0


def test_a_rollout_is_worth_nothing_when_everybody_completes() -> None:
    # Seat 0 completes with the 2; seat 1 draws the 2 it needs in its final turn.
    state = build(["1 [T]", "1 [T]"], discard="2", draw="2", rules=Rules(row_length=2))
    assert rollout_value(state, TAKE_DISCARD, 0, random.Random(0)) == 0.0
    assert rollout_value(state, TAKE_DISCARD, 1, random.Random(0)) == 0.0


def test_ismc_takes_the_card_that_completes_the_row() -> None:
    # Taking the 2 completes seat 0's row now; no unseen card but the one frog could do it from the draw pile.
    rules = Rules(deck=cards("1 1 1 2 2 F T T T T T T"), row_length=2)
    state = build(["1 [T]", "[1] [T]"], discard="2", draw="T T T F 2", rules=rules)
    seen = observe(state, 0)
    for confidence in (0.0, 3.0):
        bot = IsmcBot(rules, budget=8, confidence=confidence)
        assert bot.act(seen, random.Random(1)) == TAKE_DISCARD


def test_ismc_keeps_the_greedy_choice_unless_another_is_clearly_better() -> None:
    values: dict[Action, list[float]] = {DRAW: [0.0, 1.0, 0.0, 1.0], TAKE_DISCARD: [1.0, 0.0, 1.0, 0.25]}
    assert _better_than_prior(values, DRAW, z=1.645) == DRAW  # better on average, but within the noise
    assert _better_than_prior(values, DRAW, z=0.0) == TAKE_DISCARD
    clear: dict[Action, list[float]] = {DRAW: [0.0, 0.1, 0.0, 0.0], TAKE_DISCARD: [1.0, 1.0, 0.9, 1.0]}
    assert _better_than_prior(clear, DRAW, z=1.645) == TAKE_DISCARD
    assert _better_than_prior(clear, TAKE_DISCARD, z=1.645) == TAKE_DISCARD


def test_ismc_is_deterministic_for_a_given_random_source() -> None:
    state = decision_states(3, seed=2, rules=Rules(), every=5)[4]
    seen = observe(state, state.current_player)
    bot = IsmcBot(budget=3)
    assert len({bot.act(seen, random.Random(8)) for _ in range(3)}) == 1


# --------------------------------------------------------------------------- playing whole games


def test_play_bots_is_reproducible_and_its_record_replays() -> None:
    bots = parse_bots("greedy,random,ismc:1")
    final, record = play_bots(bots, seed=4)
    again, record_again = play_bots(bots, seed=4)
    assert record == record_again and final == again
    assert final.is_terminal and final.winners
    assert record.replay() == final


def test_the_deals_do_not_depend_on_the_bots() -> None:
    _, random_game = play_bots(parse_bots("random,random,random"), seed=6)
    _, greedy_game = play_bots(parse_bots("greedy,greedy,greedy"), seed=6)
    assert random_game.actions[0] == greedy_game.actions[0]  # the first deal
    assert random_game.actions != greedy_game.actions


def test_play_bots_calls_the_hook_with_every_step() -> None:
    seen: list[AnyAction] = []
    _, record = play_bots(parse_bots("greedy,greedy"), seed=1, on_step=lambda s, a, after, e: seen.append(a))
    assert tuple(seen) == record.actions


def test_a_bot_that_answers_with_an_illegal_action_is_stopped() -> None:
    class Cheat:
        name = "cheat"

        def act(self, observation: Observation, rng: random.Random) -> Action:
            return TAKE_DISCARD

    with pytest.raises(ValueError, match="cheat"):
        play_bots([Cheat(), Cheat()], seed=0)


def test_play_bots_stops_a_game_that_runs_past_its_step_limit() -> None:
    with pytest.raises(GameTooLongError, match="did not end within 20 actions"):
        play_bots([RandomBot(), RandomBot()], seed=1, max_steps=20)
    final, record = play_bots([RandomBot(), RandomBot()], seed=1)
    assert final.is_terminal and len(record.actions) > 20
