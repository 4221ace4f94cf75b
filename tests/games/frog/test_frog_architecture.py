"""The structure of Frog's engine: every rule decision is a clause-table entry (what every game's
package shares, its imports and its table against its catalogue, is tests/contract/test_architecture.py;
the check itself is tests/contract/decisions.py). These tests check the code, not a rule clause, so
they carry no clause marker."""

from __future__ import annotations

from pathlib import Path

from froeschis.games.frog.table import SLOTS
from tests.contract.decisions import Policy, hidden_decisions, planted

ENGINE = Path(__file__).resolve().parents[3] / "froeschis" / "games" / "frog" / "engine.py"
POLICY = Policy(
    slots=frozenset(SLOTS),
    enums=frozenset({"Phase", "Exchange"}),
    recorders=frozenset({"rec", "recorder"}),
    quiet=frozenset(
        {"__str__", "deal_number", "_with_hand", "_listed", "_why_not", "_allowed_by", "_refuse_kind"}
    ),
    decisions=frozenset({"action"}),
)
"""Frog's engine dispatches on the phase and the kind of widow exchange, and branches on the
player's own decision (``action.take``: take the widow or leave it). The quiet functions write text,
build refusals, name the clauses of an event, replace a hand in a tuple or find a decision among
those listed."""


def test_the_engine_decides_nothing_outside_the_clause_table() -> None:
    """Every branch of a step is a call into the clause table, a dispatch on the phase or the
    action, or the refusal of an illegal action; a condition on a card, a hand or a call written
    into the engine is a rule outside a clause function, and this test names its line."""
    assert hidden_decisions(ENGINE.read_text(encoding="utf-8"), POLICY) == []


def test_a_rule_written_into_the_engine_is_found() -> None:
    source = ENGINE.read_text(encoding="utf-8")
    condition = "card.suit is trump or len(hand) > 3"
    assert planted(source, "    at = hand.index(card)\n", condition, POLICY) == [condition]
