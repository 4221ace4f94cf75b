"""Fröschis' engine decides nothing outside its clause table (what every game's package shares, its
imports and its table against its catalogue, is tests/contract/test_architecture.py; the layers of
the whole package are tests/framework/test_architecture.py; the check itself is
tests/contract/decisions.py). These tests check the structure of the code, not a rule clause, so they
carry no clause marker.
"""

from __future__ import annotations

from pathlib import Path

from froeschis.games.froeschis.table import SLOTS
from tests.contract.decisions import Policy, hidden_decisions, planted

ENGINE = Path(__file__).resolve().parents[3] / "froeschis" / "games" / "froeschis" / "engine.py"
POLICY = Policy(
    slots=frozenset(SLOTS),
    enums=frozenset({"Phase", "ActionKind", "Resolution"}),
    recorders=frozenset({"rec", "recorder"}),
    quiet=frozenset({"__str__"}),
    shared=frozenset({"row"}),
)
"""Fröschis' engine dispatches on the phase, the action's kind and the chain's outcome, and may ask
whether two spots share a row; ``__str__`` writes text about a state and decides nothing."""


def test_the_engine_decides_nothing_outside_the_clause_table() -> None:
    """Every branch of the engine's step is a call into the clause table, or a dispatch on the
    phase, the action's kind or the chain's outcome (which a clause decided), or the refusal of an
    illegal action. A condition on a card, a pile or a row written into the engine is a rule outside
    a clause function: this test names its line."""
    assert hidden_decisions(ENGINE.read_text(encoding="utf-8"), POLICY) == []


def test_a_rule_written_into_the_engine_is_found() -> None:
    source = ENGINE.read_text(encoding="utf-8")
    condition = "hand.is_frog or len(row.spots) > 3"
    assert planted(source, "    chain_order = table.chain_order\n", condition, POLICY) == [condition]
