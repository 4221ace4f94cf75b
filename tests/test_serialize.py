"""JSON: lossless round trips, and precise errors for malformed or inconsistent input."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from froeschis import Rules, new_game, play_game
from froeschis.core.actions import DECLINE_SWAP, DRAW, SWAP, TAKE_DISCARD, Action, Shuffle, frog_at
from froeschis.core.cards import FROG, TRASH, number
from froeschis.core.errors import FormatError
from froeschis.core.state import Phase
from froeschis.io.serialize import (
    action_from_json,
    action_to_json,
    event_from_json,
    event_to_json,
    loads,
    record_from_json,
    record_to_json,
    state_from_json,
    state_to_json,
)
from tests.builders import build

EIGHT = "[1] [2] [3] [4] [5] [6] [7] [8]"


def roundtrip(value: dict[str, Any]) -> Any:
    return json.loads(json.dumps(value))


def test_actions_round_trip() -> None:
    for action in (DRAW, TAKE_DISCARD, SWAP, DECLINE_SWAP, frog_at(3), Shuffle((FROG, TRASH, number(4)))):
        assert action_from_json(roundtrip({"a": action_to_json(action)})["a"]) == action
    assert action_to_json(frog_at(3)) == "frog@3"
    assert action_to_json(Shuffle((FROG, TRASH, number(4)))) == {"shuffle": ["F", "T", "4"]}


@pytest.mark.parametrize("text", ["jump", "frog", "frog@", "frog@0", "frog@x", "draw@2", "frog@-1", 3, None])
def test_bad_actions_are_refused(text: object) -> None:
    with pytest.raises(FormatError, match="action"):
        Action.parse(text)


def test_states_of_every_phase_round_trip() -> None:
    rules = Rules(optional_frog_swap=True, reveal_at_round_end=True)
    final, record = play_game(4, seed=3, rules=rules)
    seen = set()
    state = new_game(4, rules)
    for action in record.actions:
        assert state_from_json(roundtrip(state_to_json(state))) == state
        seen.add(state.phase)
        state = state.apply(action)
    assert state_from_json(roundtrip(state_to_json(state))) == state == final
    assert {Phase.DEAL, Phase.DRAW, Phase.FROG, Phase.SWAP} <= seen


def test_records_round_trip_and_replay() -> None:
    final, record = play_game(3, seed=9)
    loaded = record_from_json(roundtrip(record_to_json(record)))
    assert loaded == record
    assert loaded.replay() == final


def _state_json() -> dict[str, Any]:
    return state_to_json(build(["1 [2] [3] [4] [5] [6] [7] [8]", EIGHT], discard="5"))


def _broken(edit: str) -> dict[str, Any]:
    data = copy.deepcopy(_state_json())
    exec(edit, {"d": data})  # a one-line edit of the JSON, written where the test names it
    return data


@pytest.mark.parametrize(
    ("edit", "field", "reason"),
    [
        ("d['format'] = 'froeschis.state/0'", "format", "expected"),
        ("del d['hand']", "state", "missing keys"),
        ("d['colour'] = 1", "state", "unknown keys"),
        ("d['phase'] = 'dance'", "phase", "unknown phase"),
        ("d['round'] = 0", "round", "at least 1"),
        ("d['round'] = True", "round", "whole number"),
        ("d['turn'] = 2", "turn", "does not exist"),
        ("d['players'][0]['row'][1] = '[9]'", "cards", "do not match the deck"),
        ("d['players'][0]['row'][1] = 'X'", "players[0].row[1]", "not a card"),
        (
            "d['players'][0]['row'][1], d['players'][0]['row'][2] = '[3]', '2'",
            "players[0].row[2]",
            "face up on spot 3",
        ),
        ("d['players'][0]['length'] = 7", "players[0].length", "cannot be reached from 8 in 0"),
        ("d['round'] = 2; d['players'][0]['length'] = 7", "players[0].row", "length is 7"),
        ("d['round'] = 2", "round", "only 0 rows were ever completed"),
        ("d['phase'] = 'deal'", "draw_pile", "gathered and sorted"),
        ("d['rules']['deck']['F'] = 10**6", "rules.deck['F']", "at most 1000"),
        ("d['hand'] = '1' * 5000", "hand", "not a card"),
        ("d['draw_pile'].append('1')", "cards", "extra ['1']"),
        ("d['discard_pile'] = []", "cards", "missing ['5']"),
        ("d['hand'] = d['discard_pile'].pop()", "hand", "frog and swap phases"),
        ("d['winners'] = [0]", "winners", "exactly when"),
        ("d['first_completer'] = 1", "first_completer", "no completed row"),
        ("d['rules']['deck']['F'] = 0", "rules.deck['F']", "at least 1"),
        ("d['rules']['optional_frog_swap'] = 1", "rules.optional_frog_swap", "true or false"),
        ("d['phase'] = 'swap'", "hand", "frog and swap"),
    ],
)
def test_malformed_states_are_refused_naming_the_field(edit: str, field: str, reason: str) -> None:
    with pytest.raises(FormatError) as info:
        state_from_json(_broken(edit))
    assert info.value.field == field
    assert reason in info.value.reason


def test_the_unbroken_state_loads() -> None:
    assert state_from_json(_state_json()) == build(["1 [2] [3] [4] [5] [6] [7] [8]", EIGHT], discard="5")


def test_invalid_json_text_is_a_format_error() -> None:
    with pytest.raises(FormatError, match="not valid JSON"):
        loads("{", "game.json")
    with pytest.raises(FormatError, match="nested too deeply"):
        loads("[" * 100_000 + "]" * 100_000, "game.json")
    with pytest.raises(FormatError, match="not valid JSON"):
        loads("1" * 5000, "game.json")


def _one_spot_ending(draws: str) -> dict[str, Any]:
    """Seats 0 and 1 hold one-spot rows; seat 0 draws first, then seat 1 (its final turn)."""
    state = build(["[T]", "[T]"], draw=draws)
    return state_to_json(state.apply(DRAW).apply(DRAW))


def test_winners_must_be_exactly_the_one_spot_completers() -> None:
    both = _one_spot_ending("1 1")
    assert state_from_json(both).winners == (0, 1)
    for wrong in ([0], [1], [1, 0], [0, 0]):
        data = copy.deepcopy(both)
        data["winners"] = wrong
        with pytest.raises(FormatError) as info:
            state_from_json(data)
        assert info.value.field.startswith("winners")


def test_events_round_trip() -> None:
    _, record = play_game(3, seed=2)
    state = new_game(3)
    kinds = set()
    for action in record.actions:
        state, events = state.step(action)
        for event in events:
            assert event_from_json(roundtrip(event_to_json(event))) == event
            kinds.add(event.kind)
    assert len(kinds) >= 10


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "flew", "clauses": ["dead.trash"]}, "event.kind"),
        ({"kind": "drew", "clauses": []}, "event.clauses"),
        ({"kind": "drew", "clauses": ["dead.trash"], "card": "Z"}, "event.card"),
        ({"kind": "drew", "clauses": ["dead.trash"], "why": 1}, "event"),
    ],
)
def test_malformed_events_are_refused(data: dict[str, Any], field: str) -> None:
    with pytest.raises(FormatError) as info:
        event_from_json(data)
    assert info.value.field == field


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        ("d['format'] = 'x'", "format"),
        ("d['actions'][1] = 'fly'", "actions[1]"),
        ("d['actions'][0] = {'shuffle': ['1', 'Q']}", "actions[0].shuffle[1]"),
        ("d['players'] = '3'", "players"),
    ],
)
def test_malformed_records_are_refused_naming_the_field(edit: str, field: str) -> None:
    _, record = play_game(2, seed=1)
    data = roundtrip(record_to_json(record))
    exec(edit, {"d": data})
    with pytest.raises(FormatError) as info:
        record_from_json(data)
    assert info.value.field == field
