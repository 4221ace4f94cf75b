"""Frog's JSON forms: lossless round trips, and malformed or inconsistent input refused with a
FormatError naming the field. These check the data forms, not a rule clause."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import pytest

from froeschis.framework.errors import FormatError
from froeschis.games.frog.actions import (
    BIDS,
    LEAVE_WIDOW,
    NAMES,
    PLAYS,
    TAKE_WIDOW,
    Action,
    Discard,
    DrawDealer,
    Shuffle,
)
from froeschis.games.frog.cards import ALL_CARDS, cards
from froeschis.games.frog.chance import sample_chance
from froeschis.games.frog.engine import FrogState, new_game
from froeschis.games.frog.readings import VARIANT_OPTIONS
from froeschis.games.frog.rules import Rules
from froeschis.games.frog.serialize import (
    STATE_KEYS,
    action_from_json,
    action_to_json,
    event_to_json,
    rules_from_json,
    rules_to_json,
    state_from_json,
    state_to_json,
)


def _states(seed: int, rules: Rules | None = None) -> list[FrogState]:
    """Every state of a random match."""
    rng = random.Random(seed)
    state = new_game(3, rules)
    seen = [state]
    while not state.is_terminal:
        state = state.apply(
            sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        )
        seen.append(state)
    return seen


def _through_text(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("option", [None, *VARIANT_OPTIONS])
def test_every_state_of_a_match_round_trips(option: str | None) -> None:
    rules = Rules() if option is None else Rules(**{option: True})  # type: ignore[arg-type]
    for state in _states(3, rules):
        data = _through_text(state_to_json(state))
        assert list(data) == list(STATE_KEYS) and data["format"] == "froeschis.frog-state/1"
        assert state_from_json(data) == state


def test_rules_round_trip_and_the_published_rules_are_this_object() -> None:
    assert rules_to_json(Rules()) == {
        **dict.fromkeys(VARIANT_OPTIONS, False), "deals": 3, "target_score": 300,
        "deck": [str(c) for c in ALL_CARDS],
    }  # fmt: skip
    for rules in (Rules(), Rules(one_bid_each=True, deals=5), Rules(deck=cards("AS KS QS JS 9S 8S"))):
        assert rules_from_json(_through_text(rules_to_json(rules))) == rules


def test_every_kind_of_action_round_trips() -> None:
    actions: list[Action] = [
        *BIDS.values(), TAKE_WIDOW, LEAVE_WIDOW, *NAMES.values(), *PLAYS.values(),
        Discard(cards("AS 7D 6C")), Discard(()), DrawDealer(2), Shuffle(ALL_CARDS),
    ]  # fmt: skip
    for action in actions:
        assert action_from_json(_through_text(action_to_json(action))) == action
    assert action_to_json(PLAYS[ALL_CARDS[0]]) == "play AS"
    assert action_to_json(DrawDealer(1)) == {"dealer": 1}


def test_events_are_json_with_only_their_fields() -> None:
    rng = random.Random(5)
    state = new_game(3)
    kinds = set()
    while not state.is_terminal:
        state, events = state.step(
            sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        )
        for event in events:
            data = _through_text(event_to_json(event))
            kinds.add(data["kind"])
            assert data["clauses"] and all(value is not None for value in data.values())
    assert {"to-deal", "dealt", "to-call", "called", "to-play", "played", "trick-won", "match-over"} <= kinds


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (42, "action"),
        ("bid frog", "action"),
        ("play ZZ", "action"),
        ("play", "action"),
        ("trump X", "action"),
        ("discard AS AS", "action"),
        ({"dealer": "one"}, "action.dealer"),
        ({"shuffle": "AS"}, "action.shuffle"),
        ({"shuffle": ["AS", "1S"]}, "action.shuffle[1]"),
        ({"deal": 1}, "action"),
    ],
)
def test_malformed_actions_are_refused_naming_the_field(text: Any, field: str) -> None:
    with pytest.raises(FormatError) as refused:
        action_from_json(text)
    assert refused.value.field == field


def _playing() -> dict[str, Any]:
    """A state in the middle of the play, as JSON."""
    states = [s for s in _states(8) if s.phase.value == "play" and s.trick]
    data: dict[str, Any] = _through_text(state_to_json(states[0]))
    return data


def _spoil(path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(_playing())
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["format"], "froeschis.state/1", "format"),
        (["phase"], "bidding", "phase"),
        (["turn"], 3, "turn"),
        (["turn"], True, "turn"),
        (["scores"], [150, 150], "scores"),
        (["hands", 0, 0], "1S", "hands[0][0]"),
        (["widow_taken"], "no", "widow_taken"),
        (["contract"], "misere", "contract"),
        (["trump"], "X", "trump"),
        (["calls", 0], [1, "double"], "calls[0][1]"),
        (["rules", "deals"], 0, "rules.deals"),
        (["rules", "one_bid_each"], 1, "rules.one_bid_each"),
        (["history"], {}, "history"),
        (["winners"], [0], "winners"),
        (["dealer"], None, "dealer"),
        (["deals"], 2, "deals"),
        (["scores", 0], 151, "scores"),
        (["leader"], None, "leader"),
        (["trump"], None, "trump"),
    ],
)
def test_malformed_or_inconsistent_states_are_refused_naming_the_field(
    path: list[Any], value: Any, field: str
) -> None:
    with pytest.raises(FormatError) as refused:
        state_from_json(_spoil(path, value))
    assert refused.value.field == field


def test_a_card_in_two_places_or_missing_is_refused() -> None:
    data = _playing()
    twice = copy.deepcopy(data)
    twice["hands"][1] = sorted(
        set(twice["hands"][1]) | {twice["hands"][0][0]}, key=lambda t: cards(t)[0].code
    )
    with pytest.raises(FormatError, match="exactly one place"):
        state_from_json(twice)
    missing = copy.deepcopy(data)
    missing["hands"][0] = missing["hands"][0][1:]
    with pytest.raises(FormatError, match="exactly one place"):
        state_from_json(missing)


def test_unknown_and_missing_keys_are_refused() -> None:
    data = _playing()
    with pytest.raises(FormatError, match="unknown keys"):
        state_from_json({**data, "x-extra": 1})
    with pytest.raises(FormatError, match="missing keys") as refused:
        state_from_json(_spoil(["widow"], KeyError))
    assert refused.value.field == "state"
    with pytest.raises(FormatError, match="sorting order"):
        state_from_json(_spoil(["hands", 0], list(reversed(data["hands"][0]))))


def test_rules_with_readings_have_no_json_form() -> None:
    from froeschis.games.frog.misreadings import IMPLEMENTED

    with pytest.raises(ValueError, match="no JSON form"):
        rules_to_json(Rules(readings=IMPLEMENTED["bid.first~dealer-first"]))


def test_states_pickle_and_copy_to_equal_states_with_the_shared_cards() -> None:
    """Simulations pass states between processes: a pickled or copied card is the shared card, so
    the copy compares equal (cards are equal only to themselves)."""
    for state in _states(6)[::15]:
        for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert twin == state
            assert all(
                a is b
                for hand, same in zip(twin.hands, state.hands, strict=True)
                for a, b in zip(hand, same, strict=True)
            )
