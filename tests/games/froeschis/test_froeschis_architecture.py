"""Fröschis' engine decides nothing outside its clause table (what every game's package shares, its
imports and its table against its catalogue, is tests/contract/test_architecture.py; the layers of
the whole package are tests/framework/test_architecture.py). These tests check the structure of the
code, not a rule clause, so they carry no clause marker.
"""

from __future__ import annotations

import ast
from pathlib import Path

from froeschis.games.froeschis.table import SLOTS

REPO = Path(__file__).resolve().parents[3]


ENGINE = REPO / "froeschis" / "games" / "froeschis" / "engine.py"
RECORDERS = {"rec", "recorder"}
PRESENTATION = {"__str__"}
"""Methods that write text about a state and decide nothing of the game."""


def _constants(tree: ast.Module) -> set[str]:
    """Module names bound to enum members (``_DRAW_PHASE = Phase.DRAW``): what a dispatch compares to."""
    names: set[str] = set()
    for node in tree.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        pairs = (
            zip(target.elts, value.elts, strict=False)
            if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple)
            else [(target, value)]
        )
        for name, member in pairs:
            if (
                isinstance(name, ast.Name)
                and isinstance(member, ast.Attribute)
                and isinstance(member.value, ast.Name)
                and member.value.id in ENUMS
            ):
                names.add(name.id)
    return names


ENUMS = {"Phase", "ActionKind", "Resolution"}


def _is_recording(test: ast.expr) -> bool:
    """``rec is not None`` (alone or as the first conjunct): what follows only records provenance."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return _is_recording(test.values[0])
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id in RECORDERS
        and isinstance(test.ops[0], ast.IsNot)
    )


class _Decisions(ast.NodeVisitor):
    """Every condition of the engine that is not a call into the clause table, a dispatch on the
    phase, the action or the chain's outcome, a check of an action that refuses it, or bookkeeping."""

    def __init__(self, constants: set[str], slots: set[str]) -> None:
        self.constants, self.slots = constants, slots
        self.found: list[str] = []
        self.from_table: set[str] = set()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        if node.name in PRESENTATION:
            return
        outer, self.from_table = self.from_table, set()
        self.generic_visit(node)
        self.from_table = outer

    def visit_Assign(self, node: ast.Assign) -> None:
        if self._table_call(node.value) or self._table_entry(node.value):
            self.from_table |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        self.generic_visit(node)

    def visit_If(self, node: ast.If) -> None:
        if _is_recording(node.test):
            for statement in node.orelse:
                self.visit(statement)
            return
        *before, last = node.body
        refuses = isinstance(last, ast.Raise) and all(isinstance(s, ast.Assign) for s in before)
        if not refuses:
            self._check(node.test)
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        if not _is_recording(node.test):
            self._check(node.test)
            self.generic_visit(node)

    def visit_While(self, node: ast.While) -> None:
        self._check(node.test)
        self.generic_visit(node)

    def _table_entry(self, node: ast.expr) -> bool:
        return (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "table"
            and node.attr in self.slots
        )

    def _table_call(self, node: ast.expr) -> bool:
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        return self._table_entry(func) or (isinstance(func, ast.Name) and func.id in self.from_table)

    def _allowed(self, test: ast.expr) -> bool:
        if isinstance(test, ast.BoolOp):
            return all(self._allowed(value) for value in test.values)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self._allowed(test.operand)
        if self._table_call(test):
            return True
        if isinstance(test, ast.Name):
            return test.id in self.from_table
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance":
            return True  # what kind of input it is: an action or a chance outcome
        if (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Is | ast.IsNot)
        ):
            other = test.comparators[0]
            if isinstance(other, ast.Name) and other.id in self.constants:
                return True  # dispatch on the phase, the action's kind or the chain's outcome
            if isinstance(other, ast.Constant) and other.value is None:
                return True
            return isinstance(other, ast.Attribute) and other.attr == "row"  # a row shared, or not
        return False

    def _check(self, test: ast.expr) -> None:
        if not self._allowed(test):
            self.found.append(f"line {test.lineno}: {ast.unparse(test)}")


def hidden_decisions(source: str) -> list[str]:
    tree = ast.parse(source)
    visitor = _Decisions(_constants(tree), set(SLOTS))
    visitor.visit(tree)
    return visitor.found


def test_the_engine_decides_nothing_outside_the_clause_table() -> None:
    """Every branch of the engine's step is a call into the clause table, or a dispatch on the
    phase, the action's kind or the chain's outcome (which a clause decided), or the refusal of an
    illegal action. A condition on a card, a pile or a row written into the engine is a rule outside
    a clause function: this test names its line."""
    assert hidden_decisions(ENGINE.read_text(encoding="utf-8")) == []


def test_a_rule_written_into_the_engine_is_found() -> None:
    source = ENGINE.read_text(encoding="utf-8")
    anchor = "    chain_order = table.chain_order\n"
    assert anchor in source
    spoilt = source.replace(anchor, anchor + "    if hand.is_frog or len(row.spots) > 3:\n        pass\n")
    assert [finding.split(": ", 1)[1] for finding in hidden_decisions(spoilt)] == [
        "hand.is_frog or len(row.spots) > 3"
    ]
