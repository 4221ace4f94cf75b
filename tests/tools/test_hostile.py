"""Hostile input: whatever a file, an engine or a caller hands the parsers, they answer or refuse.

Hypothesis generates records, states, actions, events, rules and protocol messages: well-formed
ones from the published schemas (``spec/schemas/``), the same with one part replaced by an odd value
or left out, the states and records of real games changed one field at a time, and plain random
JSON and text. Every parser must return normally or raise a
:class:`~froeschis.framework.errors.FroeschisError` whose message is one short line (input is quoted only
by a prefix); any other exception, or a call that takes seconds, is a bug. ``validate_text`` must
return a verdict for any text, never raise.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from froeschis import Rules, play_game
from froeschis.conformance.validate import Validation, validate_text
from froeschis.framework.errors import FormatError, FroeschisError
from froeschis.games.froeschis.actions import Action
from froeschis.games.froeschis.cards import parse_card
from froeschis.games.froeschis.engine import new_game
from froeschis.games.froeschis.readings import VARIANT_OPTIONS
from froeschis.games.froeschis.rules import with_variants
from froeschis.games.froeschis.serialize import (
    STATE_KEYS,
    action_from_json,
    event_from_json,
    event_to_json,
    record_from_json,
    record_to_json,
    rules_from_json,
    rules_to_json,
    state_from_json,
    state_to_json,
)
from froeschis.games.froeschis.spec import schema_errors, spec_dir

SHORT = 500
"""The longest message an error may have: a field, a reason and a few quoted prefixes."""
QUICK = settings(deadline=3000)
"""Each example within three seconds (a hang or a quadratic blow-up fails the test)."""
PER_FIELD = settings(QUICK, max_examples=max(10, settings().max_examples // 3))
"""For the tests run once per field: a third of the profile's examples each, many fields in all."""


def calm(parse: Callable[[Any], object], value: object) -> None:
    """``parse(value)`` returns, or raises a FroeschisError with a short one-line message."""
    try:
        parse(value)
    except FroeschisError as error:
        message = str(error)
        assert "\n" not in message and len(message) <= SHORT, message[:SHORT]


# --------------------------------------------------------------------------- strategies

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=16,
)
"""Any value ``json.loads`` can return."""


@cache
def _schemas() -> dict[str, Any]:
    folder = spec_dir() / "schemas"
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.schema.json")}


def _inline(node: Any, file: str) -> Any:
    """``node`` of schema ``file`` with every ``$ref`` replaced by what it points to, so that a
    strategy can be read off it alone (the schemas refer across files; none refers to itself)."""
    if isinstance(node, list):
        return [_inline(item, file) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target, _, pointer = node["$ref"].partition("#")
        target = target or file
        found = _schemas()[target]
        for part in pointer.strip("/").split("/") if pointer else []:
            found = found[part]
        return _inline(found, target)
    return {
        key: _inline(value, file) for key, value in node.items() if key not in ("$schema", "$id", "$defs")
    }


def from_schema(node: Any) -> st.SearchStrategy[Any]:
    """Values that the inlined schema ``node`` accepts, for the part of JSON Schema the published
    schemas use. (hypothesis-jsonschema would do, but its objects rely on Hypothesis internals that
    current Hypothesis no longer has.)"""
    if node is True:
        return JSON
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    if "oneOf" in node:
        return st.one_of([from_schema(branch) for branch in node["oneOf"]])
    kind = node["type"]
    if kind == "string":
        return st.from_regex(node["pattern"], fullmatch=True) if "pattern" in node else st.text(max_size=20)
    if kind == "integer":
        return st.integers(min_value=node.get("minimum"))
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        least = node.get("minItems", 0)
        unique = json.dumps if node.get("uniqueItems") else None
        return st.lists(
            from_schema(node.get("items", True)), min_size=least, max_size=least + 6, unique_by=unique
        )
    assert kind == "object", node
    if "propertyNames" in node:  # a mapping, as the deck: card -> count
        names = from_schema({"type": "string", **node["propertyNames"]})
        return st.dictionaries(names, from_schema(node["additionalProperties"]), max_size=6)
    properties, required = node.get("properties", {}), node.get("required", [])
    fixed = st.fixed_dictionaries(
        {key: from_schema(properties[key]) for key in required},
        optional={key: from_schema(value) for key, value in properties.items() if key not in required},
    )
    free = [
        st.dictionaries(st.from_regex(p), from_schema(v), max_size=2)
        for p, v in node.get("patternProperties", {}).items()
    ]
    return st.tuples(fixed, *free).map(
        lambda parts: {k: v for part in reversed(parts) for k, v in part.items()}
    )


SCHEMAS = (
    ("common", "action"),
    ("common", "card"),
    ("common", "spot"),
    ("common", "rules"),
    ("common", "event"),
    ("state", None),
    ("record", None),
    ("request", None),
    ("reply", None),
    ("reply", "state"),
)
"""The schemas (file, definition) whose values are generated."""


def schema(file: str, definition: str | None = None) -> st.SearchStrategy[Any]:
    """Values that the published schema (or one of its definitions) accepts."""
    node = _schemas()[f"{file}.schema.json"]
    return from_schema(_inline(node["$defs"][definition] if definition else node, f"{file}.schema.json"))


ODD = st.one_of(
    st.sampled_from(
        [[], {}, None, True, False, 0, -1, 2**70, 1.5, "", "F", "[3]", "x" * 5000, [[]], {"": []}]
    ),
    JSON,
)
"""Values a parser must expect anywhere: unhashable, of another type, out of range, huge."""


def _changed(draw: st.DrawFn, value: Any, depth: int = 0) -> Any:
    """``value`` with one part replaced by an odd value, or a key dropped or added: walking down
    from the top, each level picks one of its items and goes on into it or changes it there."""
    if isinstance(value, dict) and value and depth < 6:
        key = draw(st.sampled_from(sorted(value)))
        how = draw(st.sampled_from(["descend", "descend", "replace", "drop", "add"]))
        if how == "drop":
            return {k: v for k, v in value.items() if k != key}
        if how == "add":
            return {**value, draw(st.text(max_size=10)): draw(ODD)}
        return {**value, key: draw(ODD) if how == "replace" else _changed(draw, value[key], depth + 1)}
    if isinstance(value, list) and value and depth < 6 and draw(st.integers(0, 3)):
        index = draw(st.integers(0, len(value) - 1))
        return [*value[:index], _changed(draw, value[index], depth + 1), *value[index + 1 :]]
    return draw(ODD)


def hostile(*bases: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """The base values as they are, changed in one place, or plain random JSON."""
    base = st.one_of(*bases)
    changed = st.composite(lambda draw: _changed(draw, draw(base)))()
    return st.one_of(base, changed, changed, JSON)


Path = tuple[str | int, ...]
MISSING = object()
"""Put at a key by :func:`put`: the key is left out."""
FIELD = st.one_of(st.just(MISSING), ODD)
"""What a field may be instead of its value: left out, or odd."""


def put(value: Any, path: Path, new: object) -> Any:
    """A copy of ``value`` with ``new`` at ``path`` (added where the path ends at a missing key or
    past the end of a list; the key left out if ``new`` is :data:`MISSING`)."""
    head, rest = path[0], path[1:]
    if isinstance(value, dict) and isinstance(head, str):
        if new is MISSING and not rest:
            return {k: v for k, v in value.items() if k != head}
        return {**value, head: put(value.get(head), rest, new) if rest else new}
    if isinstance(value, list) and isinstance(head, int):
        inner = put(value[head] if head < len(value) else None, rest, new) if rest else new
        if inner is MISSING:
            return [*value[:head], *value[head + 1 :]]
        return [*value[:head], inner, *value[head + 1 :]]
    return put({} if isinstance(head, str) else [], path, new)


@cache
def _games() -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """JSON of real games: records, and states and events from along them (short rows, every
    variant at once, so that every phase occurs)."""
    records, states, events = [], [], []
    for players, seed in ((2, 1), (3, 2)):
        rules = with_variants(Rules(row_length=2), *VARIANT_OPTIONS)
        _, record = play_game(players, seed, rules)
        records.append(record_to_json(record))
        state = new_game(players, rules)
        for action in record.actions:
            states.append(state_to_json(state))
            state, fired = state.step(action)
            events += [event_to_json(e) for e in fired]
        states.append(state_to_json(state))
    return records, states, events


def _real(index: int) -> st.SearchStrategy[Any]:
    return st.deferred(lambda: st.sampled_from(_games()[index]))


RECORDS, STATES, EVENTS = _real(0), _real(1), _real(2)


# --------------------------------------------------------------------------- the parsers


@QUICK
@given(st.sampled_from(SCHEMAS).flatmap(lambda which: st.tuples(st.just(which), schema(*which))))
def test_the_generated_values_are_what_the_schemas_accept(case: tuple[tuple[str, str | None], Any]) -> None:
    """The generator reads the schemas right: what it makes, the schema validator accepts."""
    (file, definition), value = case
    ref = file + (f"#/$defs/{definition}" if definition else "")
    assert schema_errors(ref, value) == []


@QUICK
@given(hostile(schema("common", "action"), schema("request", "step"), st.text(max_size=30)))
def test_actions(value: Any) -> None:
    calm(action_from_json, value)
    calm(Action.parse, value)


@QUICK
@given(hostile(schema("common", "card"), schema("common", "spot"), st.text(max_size=8)))
def test_cards(value: Any) -> None:
    calm(parse_card, value)


@QUICK
@given(hostile(schema("common", "rules"), schema("request", "new-game").map(lambda r: r["rules"])))
def test_rules(value: Any) -> None:
    calm(rules_from_json, value)


@QUICK
@given(hostile(schema("common", "event"), EVENTS))
def test_events(value: Any) -> None:
    calm(event_from_json, value)


@QUICK
@given(hostile(schema("state"), STATES))
def test_states(value: Any) -> None:
    calm(state_from_json, value)


@QUICK
@given(hostile(schema("record"), RECORDS))
def test_records(value: Any) -> None:
    calm(record_from_json, value)


# --------------------------------------------------------------------------- one field at a time

RULES_PATHS: list[Path] = [("deck",), ("deck", "1"), ("deck", "[]"), ("row_length",), ("optional_frog_swap",)]
STATE_PATHS: list[Path] = [
    *((key,) for key in STATE_KEYS),
    ("rules", "deck"),
    ("players", 0),
    ("players", 0, "length"),
    ("players", 0, "row"),
    ("players", 0, "row", 0),
    ("draw_pile", 0),
    ("discard_pile", 0),
    ("winners", 0),
]
RECORD_PATHS: list[Path] = [
    *((key,) for key in ("format", "players", "rules", "seed", "actions")),
    ("actions", 0),
    ("actions", 0, "shuffle"),
    ("actions", 0, "shuffle", 0),
    ("actions", 1),
    ("rules", "deck"),
]
EVENT_PATHS: list[Path] = [
    *((key,) for key in ("kind", "clauses", "seat", "card", "spot", "seats")),
    ("clauses", 0),
]


@PER_FIELD
@pytest.mark.parametrize("path", STATE_PATHS, ids=str)
@given(state=STATES, odd=FIELD)
def test_a_state_with_one_odd_field(path: Path, state: Any, odd: object) -> None:
    calm(state_from_json, put(state, path, odd))


@PER_FIELD
@pytest.mark.parametrize("path", RECORD_PATHS, ids=str)
@given(record=RECORDS, odd=FIELD)
def test_a_record_with_one_odd_field(path: Path, record: Any, odd: object) -> None:
    calm(record_from_json, put(record, path, odd))


@PER_FIELD
@pytest.mark.parametrize("path", EVENT_PATHS, ids=str)
@given(event=EVENTS, odd=FIELD)
def test_an_event_with_one_odd_field(path: Path, event: Any, odd: object) -> None:
    calm(event_from_json, put(event, path, odd))


@QUICK
@given(odd=ODD)
def test_odd_actions_and_cards(odd: object) -> None:
    for value in (odd, {"shuffle": odd}, {"shuffle": [odd]}, {"shuffle": [], "x": odd}):
        calm(action_from_json, value)
    calm(Action.parse, odd)
    calm(parse_card, odd)


@PER_FIELD
@pytest.mark.parametrize("path", RULES_PATHS, ids=str)
@given(odd=FIELD)
def test_rules_with_one_odd_field(path: Path, odd: object) -> None:
    calm(rules_from_json, put(rules_to_json(Rules()), path, odd))


# --------------------------------------------------------------------------- validating game logs


def verdict(text: str) -> Validation:
    """``validate_text`` returns a verdict with a one-line summary, whatever the text."""
    found = validate_text(text)
    assert isinstance(found, Validation)
    assert "\n" not in found.summary()
    return found


@QUICK
@given(hostile(schema("record"), RECORDS))
def test_validating_records(value: Any) -> None:
    verdict(json.dumps(value))


@PER_FIELD
@pytest.mark.parametrize("path", RECORD_PATHS, ids=str)
@given(record=RECORDS, odd=FIELD)
def test_validating_a_record_with_one_odd_field(path: Path, record: Any, odd: object) -> None:
    verdict(json.dumps(put(record, path, odd)))


def _header(record: Any) -> dict[str, Any]:
    return {"vector": "froeschis.playthrough/1", **record, "actions": record["actions"][:3]}


@st.composite
def playthroughs(draw: st.DrawFn) -> str:
    """A playthrough's JSON lines: a header from a real game (maybe changed), then steps built from
    replies (protocol messages) the schema allows, the reference's states, and changed ones."""
    header = draw(hostile(RECORDS.map(_header)))
    actions = header.get("actions") if isinstance(header, dict) else None
    replies = hostile(
        schema("reply"), schema("reply", "state"), STATES.map(lambda s: {"state": s, "legal": []})
    )
    lines: list[Any] = [header]
    for step in range(draw(st.integers(0, 3))):
        reply = draw(replies)
        entry = {k: v for k, v in reply.items() if k != "type"} if isinstance(reply, dict) else reply
        if isinstance(entry, dict) and draw(st.booleans()):
            entry = {**entry, "step": step}
            if step and isinstance(actions, list) and step <= len(actions):
                entry["action"] = actions[step - 1]
        lines.append(entry)
    return "\n".join(json.dumps(line) for line in lines)


@QUICK
@given(playthroughs())
def test_validating_playthroughs(text: str) -> None:
    verdict(text)


STEP_PATHS: list[Path] = [
    ("step",),
    ("action",),
    ("state",),
    ("legal",),
    ("events",),
    ("state", "phase"),
    ("state", "players", 0, "row"),
    ("legal", 0),
    ("events", 0),
    ("events", 0, "kind"),
]


@PER_FIELD
@pytest.mark.parametrize(
    "path",
    [("header", "players"), ("header", "rules"), ("header", "actions")] + [("step", *p) for p in STEP_PATHS],
    ids=str,
)
@given(record=RECORDS, odd=FIELD)
def test_validating_a_playthrough_with_one_odd_field(path: Path, record: Any, odd: object) -> None:
    """The reference's own first two steps, with one field of the header or of step 1 changed."""
    header = _header(record)
    state = new_game(header["players"], rules_from_json(header["rules"]))
    after, events = state.step(action_from_json(header["actions"][0]))
    steps = [
        {"step": 0, "state": state_to_json(state), "legal": []},
        {
            "step": 1,
            "action": header["actions"][0],
            "events": [event_to_json(e) for e in events],
            "state": state_to_json(after),
            "legal": [str(a) for a in after.legal_actions()],
        },
    ]
    if path[0] == "header":
        header = put(header, path[1:], odd)
    else:
        steps[1] = put(steps[1], path[1:], odd)
    verdict("\n".join(json.dumps(line) for line in [header, *steps]))


@QUICK
@given(
    st.one_of(st.text(max_size=60), RECORDS.map(json.dumps)).flatmap(
        lambda t: st.integers(0, len(t)).map(lambda n: t[:n])
    )
)
def test_validating_any_text(text: str) -> None:
    """Text cut anywhere, and random text: not JSON, half a record, a stray bracket."""
    verdict(text)


@QUICK
@given(schema("request"), schema("reply"))
def test_protocol_messages_are_refused_as_records(request: Any, reply: Any) -> None:
    """A protocol message where a game log is expected is a malformed log, reported."""
    for message in (request, reply):
        assert not verdict(json.dumps(message)).ok
        with pytest.raises(FormatError) as refused:
            record_from_json(message)
        assert "\n" not in str(refused.value) and len(str(refused.value)) <= SHORT
