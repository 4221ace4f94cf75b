"""The engine's API: immutability, explicit chance, errors, observations, determinism."""

from __future__ import annotations

import random

import attrs
import pytest

from froeschis import CHANCE, TERMINAL, new_game, play_game, sample_chance
from froeschis.actions import DRAW, TAKE_DISCARD, Shuffle, frog_at
from froeschis.errors import IllegalActionError
from froeschis.observation import observe
from froeschis.state import Phase
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


def test_apply_keeps_no_events_behind() -> None:
    """apply() skips building events; nothing may pile up between calls (a leak would grow here)."""
    from froeschis import engine

    play_game(3, seed=4)
    assert engine._NO_EVENTS.items == []
