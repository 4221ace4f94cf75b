"""The engine's API: immutability, explicit chance, errors, observations, determinism."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import attrs
import pytest

from froeschis import CHANCE, TERMINAL, new_game, play_game, sample_chance
from froeschis.framework.errors import (
    FormatError,
    GameTooLongError,
    IllegalActionError,
    InternalError,
    RulesError,
)
from froeschis.games.froeschis.actions import DRAW, TAKE_DISCARD, Action, ActionKind, Shuffle, frog_at
from froeschis.games.froeschis.cards import FROG, Card, Spot, number
from froeschis.games.froeschis.cards import spot as shared_spot
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.observation import observe
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import Rules, with_variants
from froeschis.games.froeschis.state import Phase
from froeschis.games.froeschis.table import Reading, clause
from froeschis.games.froeschis.tiny import tiny_deck
from tests.builders import build

EIGHT = "[1] [2] [3] [4] [5] [6] [7] [8]"


def test_apply_returns_a_new_state_and_leaves_the_old_one_alone() -> None:
    state = build([EIGHT, EIGHT], draw="4")
    before = attrs.asdict(state, recurse=False)
    after = state.apply(DRAW)
    assert after is not state
    assert attrs.asdict(state, recurse=False) == before
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.turn = 1  # type: ignore[misc]


def test_current_player_is_chance_a_seat_or_terminal() -> None:
    state = new_game(2)
    assert state.current_player == CHANCE and state.legal_actions() == ()
    state = state.apply(sample_chance(state, random.Random(0)))
    assert state.current_player == 0
    final, _ = play_game(2, seed=0)
    assert final.current_player == TERMINAL and final.legal_actions() == ()


def test_legal_actions_are_a_sorted_tuple_without_duplicates() -> None:
    state = build(["1 [2] [3] [4] [5] [6] [7] [8]", EIGHT], draw="F").apply(DRAW)
    actions = state.legal_actions()
    assert isinstance(actions, tuple)
    assert list(actions) == sorted(set(actions))
    assert actions == tuple(frog_at(s) for s in range(2, 9))


@pytest.mark.clause("turn.draw-source")
def test_an_illegal_action_names_action_phase_and_clause() -> None:
    state = build([EIGHT, EIGHT])
    with pytest.raises(IllegalActionError) as info:
        state.apply(TAKE_DISCARD)
    error = info.value
    assert (error.action, error.phase, error.clause) == (TAKE_DISCARD, "draw", "turn.draw-source")
    assert "take-discard" in str(error) and "turn.draw-source" in str(error)


def test_a_shuffle_at_a_decision_and_an_action_at_a_chance_node_are_refused() -> None:
    decision = build([EIGHT, EIGHT])
    with pytest.raises(IllegalActionError, match="chance nodes"):
        decision.apply(Shuffle(()))
    with pytest.raises(IllegalActionError, match="chance node") as info:
        new_game(2).apply(DRAW)
    assert info.value.clause == "round.deal"


def test_the_same_seed_gives_the_same_game() -> None:
    a, record_a = play_game(3, seed=11)
    b, record_b = play_game(3, seed=11)
    assert record_a.actions == record_b.actions and a == b
    _, record_c = play_game(3, seed=12)
    assert record_c.actions != record_a.actions


def test_explicit_chance_drives_two_games_identically() -> None:
    _, record = play_game(2, seed=5)
    replayed = new_game(2)
    for action in record.actions:
        replayed = replayed.apply(action)
    assert replayed == record.replay() and replayed.is_terminal


def test_equal_states_hash_equally() -> None:
    a = build([EIGHT, EIGHT], draw="4")
    b = build([EIGHT, EIGHT], draw="4")
    assert a == b and hash(a) == hash(b)
    assert {a: 1}[b] == 1


def test_an_observation_hides_face_down_cards_and_the_draw_order() -> None:
    state = build(["1 [2] [3] [4] [5] [6] [7] [8]", "[T] 2 [3] [4] [5] [6] [7] [8]"], discard="5 6")
    seen = observe(state, 1)
    assert seen.rows[0] == (state.row(0).spots[0].card,) + (None,) * 7
    assert seen.rows[1][0] is None and seen.rows[1][1] is not None
    assert seen.draw_pile_size == len(state.draw_pile)
    assert not hasattr(seen, "draw_pile")
    assert seen.discard_pile == state.discard_pile
    assert seen.legal_actions == () and observe(state, 0).legal_actions == (DRAW, TAKE_DISCARD)
    with pytest.raises(ValueError, match="no seat 2"):
        observe(state, 2)


def test_forced_steps_happen_inside_one_apply() -> None:
    """Only the draw is a decision: placing, revealing and discarding follow by themselves."""
    state = build(["[2] [3] [4] [T] [5] [6] [7] [8]", EIGHT], draw="1")
    after = state.apply(DRAW)
    assert after.phase is Phase.DRAW and after.turn == 1
    assert str(after.row(0)) == "1 2 3 4 ? ? ? ?"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variants", [(), tuple(VARIANT_OPTIONS)])
def test_apply_and_step_reach_the_same_states(players: int, variants: tuple[str, ...]) -> None:
    """apply() skips building events; it must not skip anything else that step() does."""
    _, record = play_game(players, seed=players, rules=with_variants(Rules(), *variants))
    fast = slow = new_game(players, record.rules)
    for action in record.actions:
        fast = fast.apply(action)
        slow, _ = slow.step(action)
        assert fast == slow


@pytest.mark.parametrize(
    ("rules", "players", "clause"),
    [
        (Rules(row_length=0), 2, "row.initial-length"),
        (Rules(deck=tiny_deck("1 1 F T T"), row_length=2), 2, "round.deal"),
        (Rules(deck=tiny_deck("2 2 2 T T T"), row_length=1), 2, "complete.no-face-down"),
        (Rules(deck=tiny_deck("2 2 F T T T"), row_length=2), 2, None),
    ],
)
def test_unplayable_setups_are_refused_naming_the_clause(
    rules: Rules, players: int, clause: str | None
) -> None:
    if clause is None:
        assert new_game(players, rules).is_chance  # one frog makes up for the missing 1
        return
    with pytest.raises(RulesError) as info:
        new_game(players, rules)
    assert info.value.clause == clause


@pytest.mark.clause("draw.reshuffle")
def test_a_reshuffle_must_order_exactly_the_discard_below_its_top() -> None:
    waiting = build([EIGHT, EIGHT], discard="5", rest_below="discard").apply(DRAW)
    pool = waiting.chance_pool()
    for wrong in (Shuffle(pool[1:]), Shuffle(waiting.discard_pile), Shuffle((FROG,) * len(pool))):
        with pytest.raises(IllegalActionError) as info:
            waiting.apply(wrong)
        assert info.value.clause == "draw.reshuffle"


def test_things_that_are_not_actions_are_refused() -> None:
    state = build([EIGHT, EIGHT])
    with pytest.raises(IllegalActionError, match="is not an action"):
        state.apply(7)  # type: ignore[arg-type]
    with pytest.raises(FormatError, match="unknown action 'drew'"):
        state.apply("drew")  # text is read as an action's text (tests/contract/test_text_actions.py)
    with pytest.raises(IllegalActionError, match="orders Card objects"):
        new_game(2).apply(Shuffle(("1",) * 60))  # type: ignore[arg-type]


def test_spots_outside_the_row_are_errors_not_wrap_arounds() -> None:
    row = build([EIGHT, EIGHT]).row(0)
    for spot in (0, 9, -1):
        with pytest.raises(ValueError, match=f"no spot {spot}"):
            row.at(spot)
        with pytest.raises(ValueError, match=f"no spot {spot}"):
            row.replace(spot, FROG)


def test_a_chain_the_clauses_cannot_decide_is_an_internal_error() -> None:
    """If the clause predicates contradict each other (here: a face-up duplicate is neither
    placeable, swappable nor dead), the engine says so instead of guessing or looping."""
    never_dead = Reading("is_duplicate", clause("dead.duplicate")(lambda target, card: False), "")
    always_open = Reading("spot_is_open", clause("place.face-down-only")(lambda target: True), "")
    undecided = Rules(readings=(never_dead,))
    state = build(["[1] [2] 3 [4] [5] [6] [7] [8]", EIGHT], draw="3", rules=undecided)
    with pytest.raises(InternalError, match="no clause decides"):
        state.apply(DRAW)
    endless = Rules(readings=(never_dead, always_open))
    state = build(["[1] [2] 3 [4] [5] [6] [7] [8]", EIGHT], draw="3", rules=endless)
    with pytest.raises(InternalError, match="did not end within 10 passes"):
        state.apply(DRAW)


def test_driven_games_have_a_step_limit() -> None:
    def take_the_discard_forever(state: GameState, rng: random.Random) -> Action:
        return TAKE_DISCARD if TAKE_DISCARD in state.legal_actions() else DRAW

    with pytest.raises(GameTooLongError, match="within 3000 actions"):
        play_game(2, seed=0, policies=(take_the_discard_forever,) * 2, max_steps=3000)


@pytest.mark.parametrize(
    "error",
    [
        GameTooLongError(5),
        IllegalActionError(DRAW, "frog", "frog.place", "the frog in hand must be placed first"),
        FormatError("players[0].row", "has 7 spots"),
        RulesError("Fröschis is for 2 to 4 players, not 5", "players.count"),
    ],
)
def test_errors_cross_process_boundaries_intact(error: Exception) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error) and str(copy) == str(error) and vars(copy) == vars(error)


# --------------------------------------------------------------------------- values refused when made


@pytest.mark.parametrize(
    ("make", "field", "reason"),
    [
        (lambda: Action(99), "action.kind", "not an ActionKind"),  # type: ignore[arg-type]
        (lambda: Action(2, 3), "action.kind", "not an ActionKind"),  # type: ignore[arg-type]
        (lambda: Action(ActionKind.FROG), "action.spot", "frog@N names a spot from 1"),
        (lambda: Action(ActionKind.FROG, -2), "action.spot", "frog@N names a spot from 1"),
        (lambda: Action(ActionKind.FROG, True), "action.spot", "whole number"),
        (lambda: Action(ActionKind.FROG, 2.5), "action.spot", "whole number"),  # type: ignore[arg-type]
        (lambda: Action(ActionKind.DRAW, 3), "action.spot", "only frog@N names a spot"),
        (lambda: Card(-7), "card", "not a card code: -7"),
        (lambda: Card(True), "card", "not a card code: True"),
        (lambda: Card(1000), "card", "not a card code: 1000"),
        (lambda: Card("3"), "card", "not a card code: '3'"),  # type: ignore[arg-type]
        (lambda: number(0), "card", "not a number card: 0"),
        (lambda: number(True), "card", "not a number card: True"),
        (lambda: Spot("3", True), "spot.card", "not a Card: '3'"),  # type: ignore[arg-type]
        (lambda: Spot(FROG, 1), "spot.face_up", "True or False"),  # type: ignore[arg-type]
        (lambda: shared_spot("3", True), "spot.card", "not a Card: '3'"),  # type: ignore[arg-type]
        (lambda: shared_spot(FROG, 1), "spot.face_up", "True or False"),  # type: ignore[arg-type]
        (lambda: Rules(row_length=2.5), "rules.row_length", "whole number, got 2.5"),  # type: ignore[arg-type]
        (lambda: Rules(row_length=True), "rules.row_length", "whole number, got True"),
        (lambda: Rules(optional_frog_swap=1), "rules.optional_frog_swap", "True or False"),  # type: ignore[arg-type]
        (lambda: Rules(deck="1 2 3"), "rules.deck", "a sequence of Card, got str"),  # type: ignore[arg-type]
        (lambda: Rules(deck=42), "rules.deck", "a sequence of Card, got int"),  # type: ignore[arg-type]
        (lambda: Rules(deck=(FROG, 3)), "rules.deck[1]", "not a Card: 3"),  # type: ignore[arg-type]
        (lambda: Rules(readings=["x"]), "rules.readings", "a tuple of Reading"),  # type: ignore[arg-type]
        (lambda: new_game("3"), "players", "whole number of players, got '3'"),  # type: ignore[arg-type]
        (lambda: new_game(True), "players", "whole number of players, got True"),
        (lambda: new_game(2, "standard"), "rules", "a Rules value"),  # type: ignore[arg-type]
    ],
)
def test_malformed_values_are_refused_when_made_naming_the_field(
    make: Callable[[], object], field: str, reason: str
) -> None:
    """Cards, spots, actions, rules and new games check their arguments; nothing is coerced, and
    the error is a FormatError (a ValueError too) that says which field is wrong."""
    with pytest.raises(FormatError) as info:
        make()
    assert info.value.field == field
    assert reason in info.value.reason
    assert isinstance(info.value, ValueError)


def test_the_shared_values_still_are_what_they_were() -> None:
    assert Card(3) == number(3) and str(Card(-1)) == "T" and str(Card(999)) == "999"
    assert frog_at(4) == Action(ActionKind.FROG, 4) and Action(ActionKind.DRAW) == DRAW
    assert Rules(deck=[FROG, number(1)]).deck == (FROG, number(1))  # any sequence, kept sorted
    assert Spot(FROG, False) == shared_spot(FROG, False)


def test_the_text_of_a_state_says_who_acts_and_nobody_once_the_game_is_over() -> None:
    """The headline of ``str(state)``: a seat "to play" only at a decision; chance at a deal or a
    reshuffle, with the seat that starts or draws next; nobody once the game is over."""
    assert str(new_game(3)).splitlines() == [
        "round 1, deal (chance), then seat 0 starts",
        "draw pile 60, discard top - (0)",
        "> seat 0: (to be dealt: 8 spots)",
        "  seat 1: (to be dealt: 8 spots)",
        "  seat 2: (to be dealt: 8 spots)",
    ]
    frog = build(["1 [2] [3]", "[1] 2 [3]"], phase=Phase.FROG, hand="F", turn=1, discard="T")
    rows = ["  seat 0: 1 ? ?", "> seat 1: ? 2 ?"]
    piles = f"draw pile {len(frog.draw_pile)}, discard top T (1)"
    assert str(frog).splitlines() == [f"round {frog.round}, frog, seat 1 to play, hand F", piles, *rows]
    reshuffle = attrs.evolve(frog, phase=Phase.RESHUFFLE, hand=None)
    assert str(reshuffle).splitlines()[0] == f"round {frog.round}, reshuffle (chance), then seat 1 draws"
    over = attrs.evolve(frog, phase=Phase.OVER, hand=None, winners=(0, 1))
    assert str(over).splitlines() == [
        f"round {frog.round}, game over",
        piles,
        "  seat 0: 1 ? ?",
        "  seat 1: ? 2 ?",
        "winners: seat 0, seat 1",
    ]
    final, _ = play_game(3, seed=1)
    assert "to play" not in str(final) and ">" not in str(final)
