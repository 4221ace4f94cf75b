"""Army of Frogs' notation and JSON forms: exact round trips on random positions, and malformed input
refused with a FormatError that names the field and the problem."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given

from froeschis.framework.errors import FormatError
from froeschis.games.army_of_frogs.actions import NO_MOVE, Add, AnyAction, Move, Shuffle, parse_action
from froeschis.games.army_of_frogs.chance import sample_chance
from froeschis.games.army_of_frogs.engine import ArmyState, new_game
from froeschis.games.army_of_frogs.events import EventKind
from froeschis.games.army_of_frogs.notation import (
    format_game,
    format_position,
    parse_game,
    parse_position,
    replay,
)
from froeschis.games.army_of_frogs.readings import VARIANT_OPTIONS
from froeschis.games.army_of_frogs.render import describe
from froeschis.games.army_of_frogs.rules import Rules
from froeschis.games.army_of_frogs.serialize import (
    action_from_json,
    action_to_json,
    event_to_json,
    rules_from_json,
    rules_to_json,
    state_from_json,
    state_to_json,
)
from tests.army_builders import positions

RED_FROG = "AoF2;move t7 s0;-1,1:0 0,-2:1 0,-1:1 0,0:1 0,1:1 0,2:1;01/00;0100101001"


@given(positions())
def test_a_position_round_trips_through_the_notation(state: ArmyState) -> None:
    text = format_position(state)
    assert "\n" not in text
    again = parse_position(text)
    assert again == state and hash(again) == hash(state) and format_position(again) == text


@given(positions())
def test_a_state_round_trips_through_json(state: ArmyState) -> None:
    text = json.dumps(state_to_json(state))
    again = state_from_json(json.loads(text))
    assert again == state and hash(again) == hash(state) and json.dumps(state_to_json(again)) == text


@given(positions())
def test_actions_and_events_have_json_forms(state: ArmyState) -> None:
    for action in state.legal_actions():
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
        assert parse_action(str(action)) == action
    if not state.is_terminal and not state.is_chance:
        _, events = state.step(state.legal_actions()[0])
        for event in events:
            shown = json.loads(json.dumps(event_to_json(event)))
            assert shown["kind"] == event.kind.value and shown["clauses"] == list(event.clauses)


def test_a_game_string_is_its_start_and_its_actions() -> None:
    start = new_game(2)
    order = Shuffle(tuple(int(c) for c in "01101001110010100110"))
    actions: list[AnyAction] = [
        order,
        NO_MOVE,
        Add(1, (0, 0)),
        NO_MOVE,
        Add(0, (1, 0)),
        Move((1, 0), (-1, 0)),
    ]
    text = format_game(start, actions)
    assert text == (
        "AoF2;shuffle t1 s0;-;-/-;00000000001111111111;;shuffle 01101001110010100110;"
        "no-move;add 1 0,0;no-move;add 0 1,0;move 1,0 -1,0"
    )
    assert parse_game(text) == (start, tuple(actions))
    assert format_position(replay(text)) == "AoF2;add t3 s0 acted;-1,0:0 0,0:1;01/01;01110010100110"


def test_rules_round_trip_and_name_every_option() -> None:
    rules = Rules(optional_move=True, repetition_draw=True, stones_per_colour=3, link_at=2, rounds=4)
    assert rules_from_json(rules_to_json(rules)) == rules
    assert list(rules_to_json(Rules())) == [*VARIANT_OPTIONS, "stones_per_colour", "link_at", "rounds"]
    state = attrs.evolve(parse_position(RED_FROG), rules=rules)
    assert format_position(state).startswith("AoF2+optional_move+repetition_draw+stones=3+link=2+rounds=4;")


MALFORMED = [
    (RED_FROG.replace(";01/00", ""), "notation", "5 or 6 fields"),
    (RED_FROG.replace("AoF2", "AoF5"), "notation: game", "AoF2, AoF3 or AoF4"),
    (RED_FROG.replace("AoF2", "AoF2+quick_win"), "notation: game", "unknown option"),
    (RED_FROG.replace("AoF2", "AoF2+optional_move+optional_move"), "notation: game", "twice"),
    (RED_FROG.replace("move t7", "jump t7"), "notation: clock", "the clock is a phase"),
    (RED_FROG.replace("t7", "t07"), "notation: clock", "leading zeros"),
    (RED_FROG.replace("s0;", "s0 x;"), "notation: clock", "unexpected"),
    (RED_FROG.replace("-1,1:0", "-1,1"), "notation: island[0]", "q,r:colour"),
    (RED_FROG.replace("-1,1:0", "-1,1:7"), "notation: island[0]", "digit 0 to 3"),
    (RED_FROG.replace("-1,1:0 0,-2:1", "0,-2:1 -1,1:0"), "notation: island[1]", "in order"),
    (RED_FROG.replace("-1,1:0", "-1,+1:0"), "notation: island[0]", "whole numbers"),
    (RED_FROG.replace("01/00", "01"), "notation: hands", "2 players have 2 hands"),
    (RED_FROG.replace("01/00", "10/00"), "notation: hands[0]", "ascending"),
    (RED_FROG.replace("01/00", "011/00"), "notation: hands[0]", "at most two"),
    (RED_FROG.replace(";0100101001", ";0100101009"), "notation: bag[9]", "digit 0 to 3"),
    (RED_FROG.replace(";0100101001", ";010010100"), "island", "not the game's"),
    (RED_FROG.replace("0,2:1", "0,3:1"), "island", "more than one part"),
    (RED_FROG.replace("t7 s0", "t7 s1"), "seat", "not seat 1's"),
    (RED_FROG.replace("t7 s0", "t7 s0 w1"), "winners", "has no winner"),
    (RED_FROG + ";s0 0,0:1", "positions", "repetition"),
    # Issue 29, item 10: positions no game reaches, which spec/army-of-frogs/protocol.md says MUST
    # be refused (twenty stones, ten of each colour, in each):
    ("AoF2;move t1 s0;0,0:0;01/01;" + "0" * 7 + "1" * 8, "island", "after 0 turns played"),
    (
        "AoF2;move t7 s0;" + RED_FROG.split(";")[2] + " 1,0:0;00/01;" + "0" * 5 + "1" * 4,
        "island",
        "at most one",
    ),
    ("AoF2;move t2 s1;-;01/01;" + "0" * 8 + "1" * 8, "island", "first turn adds"),
    ("AoF2;move t2 s1;1,0:0;01/01;" + "0" * 7 + "1" * 8, "island", "lone stone must lie"),
    ("AoF2;over t1 s0 w0;0,0:0;01/01;" + "0" * 7 + "1" * 8, "winners", "without 7 of its stones linked"),
]


@pytest.mark.parametrize(("text", "field", "reason"), MALFORMED)
def test_malformed_notation_is_refused_naming_the_problem(text: str, field: str, reason: str) -> None:
    with pytest.raises(FormatError) as refused:
        parse_position(text)
    assert refused.value.field == field and reason in refused.value.reason


def test_an_island_with_a_forbidden_string_is_no_position() -> None:
    """Four stones in a path: a string of three single connections ending in a single frog."""
    with pytest.raises(FormatError, match=r"forbidden string \[string\.checked\]"):
        parse_position("AoF2;move t5 s0;0,0:1 0,1:1 0,2:1 0,3:1;01/00;000000011111")


@pytest.mark.parametrize(
    ("value", "field", "reason"),
    [
        ("move 0,0", "action", "unknown action"),
        ("move 0,0 x,1", "action (end)", "q,r"),
        ("add 4 0,0", "action (colour)", "digit 0 to 3"),
        ("add 0 99999,0", "action (cell)", "beyond"),
        (7, "action", "a string"),
        ({"shuffle": [0, 5]}, "action.shuffle[1]", "from 0 to 3"),
        ({"shuffle": [0], "x": 1}, "action", "unknown keys"),
        ("shuffle 01", "action", "not a string"),
    ],
)
def test_malformed_actions_are_refused(value: object, field: str, reason: str) -> None:
    with pytest.raises(FormatError) as refused:
        action_from_json(value)
    assert refused.value.field == field and reason in refused.value.reason


def test_malformed_state_json_is_refused_naming_the_field() -> None:
    good = state_to_json(parse_position(RED_FROG))
    cases: list[tuple[dict[str, object], str, str]] = [
        ({**good, "format": "froeschis.state/1"}, "state.format", "expected"),
        ({**good, "phase": "draw"}, "state.phase", "unknown phase"),
        ({**good, "island": [[0, 0, 1], [0, 0, 1]]}, "state.island[1]", "holds a stone already"),
        ({**good, "island": [[0, 0]]}, "state.island[0]", "[q, r, colour]"),
        ({**good, "hands": [[0, 1, 1], [0, 0]]}, "state.hands[0]", "at most two"),
        ({**good, "acted": 1}, "state.acted", "true or false"),
        ({**good, "turn": 0}, "state.turn", "from 1"),
        ({**good, "extra": 1}, "state", "unknown keys"),
        ({k: v for k, v in good.items() if k != "bag"}, "state", "missing keys"),
        ({**good, "rules": {**good["rules"], "rounds": 0}}, "state.rules.rounds", "from 1"),
    ]
    for value, field, reason in cases:
        with pytest.raises(FormatError) as refused:
            state_from_json(value)
        assert refused.value.field == field and reason in refused.value.reason, (field, refused.value)


@pytest.mark.parametrize("seed", range(4))
def test_every_event_has_words_and_a_json_form(seed: int) -> None:
    rng = random.Random(seed)
    rules = Rules(stones_per_colour=3, link_at=3, rounds=5, optional_move=seed % 2 == 1)
    state = new_game(2 + seed % 3, rules)
    kinds = set()
    while not state.is_terminal:
        action = sample_chance(state, rng) if state.is_chance else rng.choice(state.legal_actions())
        state, events = state.step(action)
        for event in events:
            kinds.add(event.kind)
            assert describe(event) and event_to_json(event)["clauses"] == list(event.clauses)
    assert {EventKind.DEALT, EventKind.TURN_STARTED, EventKind.MOVED, EventKind.ADDED} <= kinds
    assert EventKind.WON in kinds or EventKind.ENDED in kinds
