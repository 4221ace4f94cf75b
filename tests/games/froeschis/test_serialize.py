"""JSON: lossless round trips, and precise errors for malformed or inconsistent input."""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from froeschis import Rules, new_game, play_game
from froeschis.framework.errors import SHOWN_LENGTH, FormatError
from froeschis.framework.jsontext import MAX_TEXT, loads, read_text_limited
from froeschis.framework.playthroughs import read_header, vectors_dir
from froeschis.games.froeschis.actions import DECLINE_SWAP, DRAW, SWAP, TAKE_DISCARD, Action, Shuffle, frog_at
from froeschis.games.froeschis.cards import FROG, TRASH, number
from froeschis.games.froeschis.engine import GameState
from froeschis.games.froeschis.invariants import check_consistent
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import with_variants
from froeschis.games.froeschis.serialize import (
    action_from_json,
    action_to_json,
    event_from_json,
    event_to_json,
    record_from_json,
    record_to_json,
    rules_from_json,
    rules_to_json,
    state_from_json,
    state_to_json,
)
from froeschis.games.froeschis.state import Phase
from froeschis.verify.trace import playthroughs_by_clause
from froeschis.verify.vectors import first_difference
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


# --------------------------------------------------------------------------- values of the wrong type


@pytest.mark.parametrize(
    ("parse", "value", "field"),
    [
        (state_from_json, {**_state_json(), "phase": []}, "phase"),
        (state_from_json, {**_state_json(), "phase": {}}, "phase"),
        (state_from_json, {**_state_json(), "hand": {}}, "hand"),
        (state_from_json, {**_state_json(), "format": ["froeschis.state/1"]}, "format"),
        (event_from_json, {"kind": {}, "clauses": ["dead.trash"]}, "event.kind"),
        (event_from_json, {"kind": ["drew"], "clauses": ["dead.trash"]}, "event.kind"),
        (event_from_json, {"kind": "drew", "clauses": [[]]}, "event.clauses"),
        (action_from_json, {"shuffle": [], 1: 2, "x": 3}, "action"),  # keys that do not sort together
        (action_from_json, {"shuffle": [{}]}, "action.shuffle[0]"),
        (rules_from_json, {**rules_to_json(Rules()), "deck": {"[]": 1}}, "rules.deck key"),
        (rules_from_json, {**rules_to_json(Rules()), "deck": []}, "rules.deck"),
    ],
)
def test_unhashable_and_mistyped_values_are_format_errors_naming_the_field(
    parse: Callable[[object], object], value: object, field: str
) -> None:
    with pytest.raises(FormatError) as info:
        parse(value)
    assert info.value.field == field


# --------------------------------------------------------------------------- duplicate keys


@pytest.mark.parametrize(
    ("text", "key"), [('{"a": 1, "a": 2}', "'a'"), ('[{"x": {"seat": 0, "seat": 0}}]', "'seat'")]
)
def test_json_with_a_duplicate_key_is_refused_naming_the_key(text: str, key: str) -> None:
    with pytest.raises(FormatError) as info:
        loads(text, "game.json")
    assert info.value.field == "game.json" and info.value.reason == f"duplicate key {key}"


def _vector_with_a_duplicate_key(tmp_path: Path) -> Path:
    source = min(vectors_dir().glob("*.jsonl"))
    header, *steps = source.read_text(encoding="utf-8").splitlines()
    doubled = header.replace('"players": ', '"players": 2, "players": ', 1)
    path = tmp_path / source.name
    path.write_text("\n".join([doubled, *steps]) + "\n", encoding="utf-8")
    return path


def test_playthrough_readers_refuse_duplicate_keys(tmp_path: Path) -> None:
    path = _vector_with_a_duplicate_key(tmp_path)
    for read in (read_header, first_difference, lambda p: playthroughs_by_clause(p.parent)):
        with pytest.raises(FormatError, match="duplicate key 'players'"):
            read(path)


# --------------------------------------------------------------------------- huge input


HUGE = "x" * 2_000_000


@pytest.mark.parametrize(
    "parse",
    [
        lambda: action_from_json(HUGE),
        lambda: action_from_json({"shuffle": [HUGE]}),
        lambda: action_from_json({HUGE: 1, "shuffle": []}),
        lambda: Action.parse(HUGE),
        lambda: state_from_json({**_state_json(), HUGE: 1}),
        lambda: state_from_json({**_state_json(), "format": HUGE}),
        lambda: state_from_json({**_state_json(), "phase": HUGE}),
        lambda: state_from_json({**_state_json(), "round": 10**4000}),
        lambda: state_from_json({**_state_json(), "turn": 10**4000}),
        lambda: state_from_json({**_state_json(), "winners": [10**4000]}),
        lambda: state_from_json({**_state_json(), "first_completer": 10**4000}),
        lambda: state_from_json({**_state_json(), "round": [HUGE]}),
        lambda: rules_from_json({**rules_to_json(Rules()), "deck": {HUGE: 1}}),
        lambda: rules_from_json({**rules_to_json(Rules()), "deck": {"1": 10**4000}}),
        lambda: rules_from_json({**rules_to_json(Rules()), "optional_frog_swap": HUGE}),
        lambda: rules_from_json({**rules_to_json(Rules()), "row_length": 10**4000, "deck": {"1": HUGE}}),
        lambda: event_from_json({"kind": HUGE, "clauses": ["dead.trash"]}),
        lambda: record_from_json({**record_to_json(play_game(2, 0)[1]), "actions": [HUGE]}),
        lambda: loads('{"' + HUGE + '": 1, "' + HUGE + '": 2}'),
    ],
)
def test_errors_quote_huge_input_only_by_a_short_prefix(parse: Callable[[], object]) -> None:
    with pytest.raises(FormatError) as info:
        parse()
    message = str(info.value)
    assert len(message) < 4 * SHOWN_LENGTH + 100 and "\n" not in message, message[:300]


def test_text_over_the_limit_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(FormatError, match=f"more than {MAX_TEXT} characters"):
        loads("[" * (MAX_TEXT + 1), "game.json")  # parsed, it would be "nested too deeply"
    assert loads(" " * (MAX_TEXT - 1) + "1") == 1


def test_reading_a_file_stops_at_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes('{"ä": 1}'.encode())  # 9 bytes, 8 characters
    assert read_text_limited(path, 9) == '{"ä": 1}'
    with pytest.raises(FormatError) as info:
        read_text_limited(path, 8)
    assert info.value.field == str(path) and "more than 8 bytes" in info.value.reason
    with pytest.raises(FormatError, match=f"more than {MAX_TEXT} bytes"):
        read_text_limited(Path("/dev/zero"))  # endless: read only up to the limit
    path.write_bytes(b"\xff{}")
    with pytest.raises(UnicodeDecodeError):
        read_text_limited(path, 10)


# --------------------------------------------------------------------------- states no game reaches


def _json_of(state: GameState, **changes: object) -> dict[str, Any]:
    return {**state_to_json(state), **changes}


DONE = "1 2 3 4 5 6 7 8"


@pytest.mark.parametrize(
    ("data", "field", "clause"),
    [
        (_json_of(new_game(3), turn=1), "turn", "round.start-seat"),
        (
            _json_of(
                new_game(3),
                round=2,
                turn=0,
                players=[{"length": 7, "row": []}] + [{"length": 8, "row": []}] * 2,
            ),
            "turn",
            "round.start-seat",
        ),
        (_json_of(build([EIGHT, EIGHT], turn=1)), "discard_pile", "turn.discard-ends"),
        (_json_of(build(["1 [2] [3] [4] [5] [6] [7] [8]", EIGHT])), "discard_pile", "turn.discard-ends"),
        (_json_of(build([EIGHT, DONE], discard="5")), "first_completer", "round.final-turns"),
        (
            _json_of(build([EIGHT, DONE, DONE], discard="5", first_completer=2)),
            "players[1].row",
            "round.final-turns",
        ),
        (_json_of(play_game(2, 0)[0], first_completer=None), "first_completer", "round.final-turns"),
        (
            _json_of(build([EIGHT, EIGHT, DONE], discard="5", first_completer=1)),
            "first_completer",
            "complete.no-face-down",
        ),
        (_json_of(build([DONE, EIGHT], discard="5")), "turn", "complete.ends-turn"),
    ],
)
def test_states_no_game_can_reach_are_refused_naming_field_and_clause(
    data: dict[str, Any], field: str, clause: str
) -> None:
    with pytest.raises(FormatError) as info:
        state_from_json(data)
    assert info.value.field == field
    assert f"[{clause}]" in info.value.reason


def test_their_reachable_neighbours_load() -> None:
    """The refusals above are not broader than the rules: the same situations, as games have them."""
    for state in (
        build([EIGHT, EIGHT, DONE], discard="5", first_completer=2, turn=0),  # seat 2 completed first
        build([EIGHT, DONE, DONE], discard="5", first_completer=1, turn=0),  # seat 2 had its final turn
        build([EIGHT, EIGHT]),  # the round's first turn
        build([EIGHT, EIGHT], turn=1, discard="5"),
    ):
        assert state_from_json(state_to_json(state)) == state


@pytest.mark.parametrize(
    ("state", "field"),
    [
        (build([EIGHT, EIGHT], turn=-1, discard="5"), "turn"),
        (build([EIGHT, DONE], discard="5", first_completer=-1), "first_completer"),
    ],
)
def test_negative_seats_of_states_built_in_python_are_refused(state: GameState, field: str) -> None:
    with pytest.raises(FormatError) as info:
        check_consistent(state)
    assert info.value.field == field


@pytest.mark.parametrize(
    "variants",
    [
        combo
        for size in range(len(VARIANT_OPTIONS) + 1)
        for combo in itertools.combinations(VARIANT_OPTIONS, size)
    ],
)
def test_every_state_of_seeded_games_round_trips(variants: tuple[str, ...]) -> None:
    """No reachable state is refused: every state of random games (short and standard rows, every
    player count) loads back equal from its JSON form."""
    for players, row_length, seed in ((2, 2, 1), (3, 3, 2), (4, 8, 3), (2, 2, 4)):
        rules = with_variants(Rules(row_length=row_length), *variants)
        final, record = play_game(players, seed, rules)
        state = new_game(players, rules)
        for action in record.actions:
            assert state_from_json(roundtrip(state_to_json(state))) == state
            state = state.apply(action)
        assert state_from_json(roundtrip(state_to_json(state))) == state == final
