"""The protocol's reply shapes (spec/protocol.md's replies with a game's state keys), checked by
``framework.replies.reply_checker`` for Frog's and Army of Frogs' kits: each malformed reply is
named by what is wrong with it, a well-formed one passes, and an engine whose replies lose a key is
reported ``malformed`` by the kit. The expectations are the protocol's own rules, written here by
hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from froeschis.conformance import CheckConfig, ReferenceEngine, check
from froeschis.framework import registry
from froeschis.framework.replies import reply_checker

KEYS = ("format", "phase", "seat")
CHECK = reply_checker("example-state/1", KEYS)
GOOD_STATE: dict[str, Any] = {"format": "example-state/1", "phase": "move", "seat": 0}
GOOD: dict[str, Any] = {
    "type": "state",
    "state": GOOD_STATE,
    "legal": ["a", "b"],
    "events": [{"kind": "k", "clauses": ["x.y"]}],
}


def test_well_formed_replies_pass() -> None:
    assert CHECK("state", GOOD) == []
    assert CHECK("state", {**GOOD, "x-note": 1}) == []  # x- keys are free
    assert CHECK("state", {k: v for k, v in GOOD.items() if k != "events"}) == []  # events optional
    assert CHECK("illegal", {"type": "illegal", "reason": "no", "clause": "x.y"}) == []
    hello = {"type": "hello", "protocol": "froeschis.protocol/1", "engine": "e", "events": True, "rules": []}
    assert CHECK("hello", hello) == []
    assert CHECK("hello", {**hello, "game": "frog"}) == []


@pytest.mark.parametrize(
    ("kind", "reply", "errors"),
    [
        ("state", [1], ["(top): not an object"]),
        ("state", {"type": "state", "state": GOOD_STATE}, ["legal: missing"]),
        ("state", {**GOOD, "extra": 1}, ["extra: not a key of the state reply"]),
        ("state", {**GOOD, "state": []}, ["state: not an object"]),
        ("state", {**GOOD, "state": {"format": "x", "phase": "move"}}, ["state.seat: missing"]),
        ("state", {**GOOD, "state": {**GOOD_STATE, "turn": 1}}, ["state.turn: not a key of example-state/1"]),
        ("state", {**GOOD, "legal": [1]}, ["legal: not a list of decisions (strings)"]),
        ("state", {**GOOD, "events": {}}, ["events: not a list"]),
        ("state", {**GOOD, "events": [{"clauses": []}]}, ["events[0]: not an object with a kind"]),
        (
            "state",
            {**GOOD, "events": [{"kind": "k", "clauses": [3]}]},
            ["events[0].clauses: not a list of clause IDs"],
        ),
        ("illegal", {"type": "illegal"}, ["reason: missing"]),
        ("illegal", {"type": "illegal", "reason": 2}, ["reason, clause: a reason is text, a clause an ID"]),
        ("hello", {"type": "hello", "protocol": "p", "engine": "e", "rules": []}, ["events: missing"]),
    ],
)
def test_each_malformed_reply_is_named(kind: str, reply: Any, errors: list[str]) -> None:
    assert CHECK(kind, reply) == errors


class KeyDropping(ReferenceEngine):
    """The reference, its state replies without one key of the game's state."""

    def __init__(self, game: str, key: str) -> None:
        super().__init__(game=game)
        self.key = key

    def new_game(self, players: int, rules: Mapping[str, Any]) -> dict[str, Any]:
        return self._drop(super().new_game(players, rules))

    def step(self, action: Any) -> dict[str, Any]:
        return self._drop(super().step(action))

    def _drop(self, reply: dict[str, Any]) -> dict[str, Any]:
        if reply.get("type") == "state":
            reply = {**reply, "state": {k: v for k, v in reply["state"].items() if k != self.key}}
        return reply


@pytest.mark.parametrize(("game", "players", "key"), [("frog", 3, "scores"), ("army-of-frogs", 2, "island")])
def test_a_reply_without_a_state_key_is_malformed(game: str, players: int, key: str) -> None:
    rulebook = registry.game(game)
    assert key in rulebook.state_to_json(rulebook.new_game(players, rulebook.rules()))
    config = CheckConfig(random_games=0, quick=True, shrink=False, fail_fast=True)
    report = check(lambda: KeyDropping(game, key), config, game=game)
    malformed = [f for f in report.errors if f.kind == "malformed"]
    assert malformed and f"state.{key}: missing" in malformed[0].detail
