"""The clause a refusal names, for every game's conformance kit (issue 30: "the checker checks
neither"). ``spec/protocol.md``: an ``illegal`` reply MAY name the clause that forbids the action or
the setup; a clause it names MUST be one of the game's catalogue. So an engine naming an ID the
catalogue lacks is an error, at a refused action and at a refused setup alike; an engine naming
another clause of the catalogue, or none, is not (an action may break several clauses: zero false
positives). These check the protocol, not a rule clause, so they carry no clause marker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from froeschis.conformance import CheckConfig, ReferenceEngine, check
from froeschis.conformance.causes import PROTOCOL
from froeschis.framework.registry import game, names

CONFIG = CheckConfig(vectors=None, quick=True, random_games=0, fail_fast=False, shrink=False, probe_rate=0.5)


def naming(name: str, clause: Callable[[Any], Any]) -> type[ReferenceEngine]:
    """The reference engine of ``name`` whose every refusal names ``clause(its own)`` instead."""

    class Naming(ReferenceEngine):
        def __init__(self) -> None:
            super().__init__(game=name)

        def new_game(self, players: int, rules: Any) -> dict[str, Any]:
            return self._renamed(super().new_game(players, rules))

        def step(self, action: Any) -> dict[str, Any]:
            return self._renamed(super().step(action))

        def _renamed(self, reply: dict[str, Any]) -> dict[str, Any]:
            if reply.get("type") != "illegal":
                return reply
            renamed = {k: v for k, v in reply.items() if k != "clause"}
            named = clause(reply.get("clause"))
            return renamed if named is None else {**renamed, "clause": named}

    return Naming


@pytest.mark.parametrize("name", names())
def test_a_refusal_naming_a_clause_the_catalogue_lacks_is_an_error(name: str) -> None:
    report = check(naming(name, lambda _: "rule.that-is-nowhere"), CONFIG, game=name)
    unknown = [e for e in report.errors if e.kind == "unknown-clause"]
    assert unknown, [e.message for e in report.errors]
    assert {e.scenario == "setup" for e in unknown} == {True, False}  # refused setups and actions
    assert all("'rule.that-is-nowhere'" in e.message and name in e.message for e in unknown)
    assert {e.kind for e in report.errors} == {"unknown-clause"}
    (cause,) = report.causes  # the protocol broken, no rule clause: one cause blamed on none
    assert cause.cause.confidence == PROTOCOL and cause.clause is None


@pytest.mark.parametrize("name", names())
def test_a_refusal_naming_another_clause_or_none_is_no_error(name: str) -> None:
    ids = game(name).catalogue().ids()
    for other in (lambda own: ids[(ids.index(own) + 1) % len(ids)] if own in ids else ids[0], lambda _: None):
        report = check(naming(name, other), CONFIG, game=name)
        assert report.ok and report.errors == (), [e.message for e in report.errors]
