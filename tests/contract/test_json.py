"""Every registered game's JSON forms, through :class:`~froeschis.framework.game.Game` alone, over
seeded random games of the published rules and of each variant: rules, actions (chance outcomes
included) and records read back equal and write back the same text; a state reads back equal where
the game reads states; every event and state is JSON text. These check formats, not a rule clause,
so they carry no clause marker."""

from __future__ import annotations

import json
from typing import Any

import pytest

from froeschis.framework import records
from froeschis.framework.errors import FormatError
from froeschis.framework.registry import game, names
from tests.contract.random_games import random_game


def configurations() -> list[Any]:
    """Every game with its published rules, and with each variant on its own."""
    found = []
    for name in names():
        of = game(name)
        found.append(pytest.param(name, None, id=f"{name}-published"))
        found += [pytest.param(name, v.option, id=f"{name}-{v.option}") for v in of.variants]
    return found


def same_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


@pytest.mark.parametrize(("name", "variant"), configurations())
def test_every_form_reads_back_what_was_written(name: str, variant: str | None) -> None:
    of = game(name)
    rules = of.rules(**({variant: True} if variant else {}))
    written = of.rules_to_json(rules)
    assert of.rules_from_json(json.loads(same_text(written))) == rules
    for seed in range(3):
        states, actions, events = random_game(of, rules, seed, 300)
        for action in actions:
            text = same_text(of.action_to_json(action))
            back = of.action_from_json(json.loads(text))
            assert back == action and same_text(of.action_to_json(back)) == text
        for event in events:
            same_text(of.event_to_json(event))  # JSON text, or TypeError
        for state in states[:: max(1, len(states) // 25)]:
            text = same_text(of.state_to_json(state))
            if of.state_from_json is not None:
                assert of.state_from_json(json.loads(text)) == state
        record = records.Record(of, of.players[-1], rules, tuple(actions), seed)
        text = same_text(records.record_to_json(record))
        back = records.record_from_json(of, json.loads(text))
        assert back.actions == record.actions and back.rules == rules and back.players == record.players
        assert back.replay() == states[-1]
        assert same_text(records.record_to_json(back)) == text


@pytest.mark.parametrize("name", names())
def test_a_malformed_form_is_refused_by_name_never_coerced(name: str) -> None:
    of = game(name)
    rules_json = of.rules_to_json(of.rules())
    broken: list[object] = [[], 7, None, 2.5, {"no such key": 1}, {"shuffle": "not a list"}]
    for value in broken:
        with pytest.raises(FormatError):
            of.action_from_json(value)
    with pytest.raises(FormatError):
        of.rules_from_json({**rules_json, "no_such_rule": True})
    first = next(iter(rules_json))
    with pytest.raises(FormatError, match=first):
        of.rules_from_json({key: value for key, value in rules_json.items() if key != first})
    with pytest.raises(FormatError):
        records.record_from_json(of, {"format": "froeschis.record/1", "players": 2})
