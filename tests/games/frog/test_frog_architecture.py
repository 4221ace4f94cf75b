"""The structure of Frog's engine: every rule decision is a clause-table entry (what every game's
package shares, its imports and its table against its catalogue, is tests/contract/test_architecture.py).
These tests check the code, not a rule clause, so they carry no clause marker."""

from __future__ import annotations

import ast
from pathlib import Path

from froeschis.games.frog.table import SLOTS

ENGINE = Path(__file__).resolve().parents[3] / "froeschis" / "games" / "frog" / "engine.py"
RECORDERS = {"rec", "recorder"}
BOOKKEEPING = {"__str__", "deal_number", "_with_hand", "_listed", "_why_not", "_allowed_by", "_refuse_kind"}
"""Functions that write text, build refusals, name the clauses of an event, replace a hand in a
tuple or find a decision among those listed: they decide nothing of the game."""
CONSTANT_ENUMS = {"Phase", "Exchange"}


def _constants(tree: ast.Module) -> set[str]:
    """Module names bound to enum members (``_PLAY = Phase.PLAY``): what a dispatch compares to."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
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
                    and member.value.id in CONSTANT_ENUMS
                ):
                    names.add(name.id)
    return names


def _is_recording(test: ast.expr) -> bool:
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return _is_recording(test.values[0])
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id in RECORDERS
        and isinstance(test.ops[0], ast.IsNot)
    )


class _Decisions(ast.NodeVisitor):
    """Every condition of the engine that is not a call into the clause table (or a name bound to
    one), a dispatch on the phase or the kind of action, a test for None, a check that refuses an
    action, or provenance."""

    def __init__(self, constants: set[str]) -> None:
        self.constants = constants
        self.found: list[str] = []
        self.from_table: set[str] = set()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        if node.name in BOOKKEEPING:
            return
        outer, self.from_table = self.from_table, set()
        self.generic_visit(node)
        self.from_table = outer

    def visit_Assign(self, node: ast.Assign) -> None:
        if self._table_call(node.value):
            for target in node.targets:
                names = target.elts if isinstance(target, ast.Tuple) else [target]
                self.from_table |= {n.id for n in names if isinstance(n, ast.Name)}
        self.generic_visit(node)

    def visit_If(self, node: ast.If) -> None:
        if _is_recording(node.test):
            for statement in node.orelse:
                self.visit(statement)
            return
        refuses = isinstance(node.body[-1], ast.Raise) and all(
            isinstance(s, ast.Assign) for s in node.body[:-1]
        )
        if not refuses:
            self._check(node.test)
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self._check(node.test)
        self.generic_visit(node)

    def visit_While(self, node: ast.While) -> None:
        self._check(node.test)
        self.generic_visit(node)

    def _table_call(self, node: ast.expr) -> bool:
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        return (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id == "table"
            and (func.attr in SLOTS)
        )

    def _allowed(self, test: ast.expr) -> bool:
        if isinstance(test, ast.BoolOp):
            return all(self._allowed(v) for v in test.values)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self._allowed(test.operand)
        if self._table_call(test):
            return True
        if isinstance(test, ast.Name):
            return test.id in self.from_table
        if isinstance(test, ast.Attribute) and isinstance(test.value, ast.Name) and test.value.id == "action":
            return True  # the decision itself: take the widow or leave it
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance":
            return True
        if (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Is | ast.IsNot)
        ):
            other = test.comparators[0]
            return (isinstance(other, ast.Name) and other.id in self.constants) or (
                isinstance(other, ast.Constant) and other.value is None
            )
        return False

    def _check(self, test: ast.expr) -> None:
        if not self._allowed(test):
            self.found.append(f"line {test.lineno}: {ast.unparse(test)}")


def hidden_decisions(source: str) -> list[str]:
    tree = ast.parse(source)
    visitor = _Decisions(_constants(tree))
    visitor.visit(tree)
    return visitor.found


def test_the_engine_decides_nothing_outside_the_clause_table() -> None:
    """Every branch of a step is a call into the clause table, a dispatch on the phase or the
    action, or the refusal of an illegal action; a condition on a card, a hand or a call written
    into the engine is a rule outside a clause function, and this test names its line."""
    assert hidden_decisions(ENGINE.read_text(encoding="utf-8")) == []


def test_a_rule_written_into_the_engine_is_found() -> None:
    source = ENGINE.read_text(encoding="utf-8")
    anchor = "    at = hand.index(card)\n"
    assert anchor in source
    spoilt = source.replace(anchor, anchor + "    if card.suit is trump or len(hand) > 3:\n        pass\n")
    assert [f.split(": ", 1)[1] for f in hidden_decisions(spoilt)] == ["card.suit is trump or len(hand) > 3"]
