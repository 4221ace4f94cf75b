"""Army of Frogs' package structure: every declared slot has a clause, every misreading of the
catalogue is implemented in the slot it misreads (or said not to be played), and the engine decides
nothing outside the clause table (what every game's package shares, its imports and its table
against its catalogue, is tests/contract/test_architecture.py).

These tests check the code's structure, not a rule clause, so they carry no clause mark.
"""

from __future__ import annotations

import ast
from pathlib import Path

from froeschis.framework.table import clause_of
from froeschis.games.army_of_frogs.misreadings import IMPLEMENTED, NOT_PLAYED
from froeschis.games.army_of_frogs.readings import PUBLISHED, VARIANTS
from froeschis.games.army_of_frogs.spec import load_catalogue as catalogue
from froeschis.games.army_of_frogs.table import SLOTS

ENGINE = Path(__file__).resolve().parents[3] / "froeschis" / "games" / "army_of_frogs" / "engine.py"


def test_every_slot_of_the_table_has_a_clause_in_force() -> None:
    in_force = set(catalogue().in_force_ids())
    assert {PUBLISHED.clause_of(slot) for slot in SLOTS} | {v.clause for v in VARIANTS} == in_force


def test_every_misreading_is_implemented_or_said_not_to_be_played() -> None:
    misreadings = {m.id for m in catalogue().misreadings()}
    assert set(IMPLEMENTED) | set(NOT_PLAYED) == misreadings and not set(IMPLEMENTED) & set(NOT_PLAYED)
    for misreading, readings in IMPLEMENTED.items():
        for reading in readings:
            assert reading.slot in SLOTS and clause_of(reading.function) == misreading.split("~")[0]
            replaced = reading.replaces or reading.clause
            slot_clauses = {PUBLISHED.clause_of(reading.slot)} | {
                v.clause for v in VARIANTS for r in v.readings if r.slot == reading.slot
            }
            assert replaced in slot_clauses, (misreading, reading.slot)


# --------------------------------------------------------------------------- no rule outside a clause

RECORDERS = {"rec"}
BOOKKEEPING = {"acted", "self._legal"}
"""Conditions on the engine's own records: whether the seat moved or added in this turn (what the
count of passed turns counts, end.no-action deciding when it ends the game), and the cache of the
legal actions."""


class _Decisions(ast.NodeVisitor):
    """Every condition of the engine that is not a call into the clause table (or a value computed
    from one), a dispatch on the phase, the moment or the action's kind, the refusal of an action,
    or bookkeeping."""

    def __init__(self, helpers: set[str]) -> None:
        self.helpers = helpers
        self.found: list[str] = []
        self.from_table: set[str] = set()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        outer, self.from_table = self.from_table, set()
        self.generic_visit(node)
        self.from_table = outer

    def visit_Assign(self, node: ast.Assign) -> None:
        if self._derived(node.value):
            for target in node.targets:
                self.from_table |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
        self.generic_visit(node)

    def _derived(self, node: ast.expr) -> bool:
        """A value the table computed: a call of an entry or a helper, or built from such values."""
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call) and self._entry_or_helper(sub.func):
                return True
            if isinstance(sub, ast.Name) and sub.id in self.from_table:
                return True
        return False

    def _entry_or_helper(self, func: ast.expr) -> bool:
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            return func.value.id == "table" and func.attr in SLOTS
        return isinstance(func, ast.Name) and func.id in self.helpers

    def visit_If(self, node: ast.If) -> None:
        if self._recording(node.test):
            for statement in node.orelse:
                self.visit(statement)
            return
        if not isinstance(node.body[-1], ast.Raise):  # a check that refuses an action
            self._check(node.test)
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self._check(node.test)
        self.generic_visit(node)

    def visit_While(self, node: ast.While) -> None:
        self._check(node.test)
        self.generic_visit(node)

    def _recording(self, test: ast.expr) -> bool:
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            return self._recording(test.values[0])
        return isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id in RECORDERS

    def _allowed(self, test: ast.expr) -> bool:
        if isinstance(test, ast.BoolOp):
            return all(self._allowed(value) for value in test.values)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self._allowed(test.operand)
        if ast.unparse(test) in BOOKKEEPING or self._derived(test):
            return True
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance":
            return True
        if (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Is | ast.IsNot)
        ):
            other = test.comparators[0]
            constant = isinstance(other, ast.Name) and other.id.startswith("_") and other.id.isupper()
            member = isinstance(other, ast.Attribute) and isinstance(other.value, ast.Name)
            return constant or member or (isinstance(other, ast.Constant) and other.value is None)
        return False

    def _check(self, test: ast.expr) -> None:
        if not self._allowed(test):
            self.found.append(f"line {test.lineno}: {ast.unparse(test)}")


def hidden_decisions(source: str) -> list[str]:
    tree = ast.parse(source)
    helpers = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    visitor = _Decisions(helpers)
    visitor.visit(tree)
    return visitor.found


def test_the_engine_decides_nothing_outside_the_clause_table() -> None:
    """Every branch of the engine is a call into the clause table (or a value it computed), a
    dispatch on the phase, the moment or the kind of action, or the refusal of an action: a condition
    on a stone, a cell or a count written into the engine would be a rule outside a clause."""
    assert hidden_decisions(ENGINE.read_text(encoding="utf-8")) == []


def test_a_rule_written_into_the_engine_is_found() -> None:
    source = ENGINE.read_text(encoding="utf-8")
    anchor = "    island = state.island.moved(move.start, move.end)\n"
    assert anchor in source
    spoilt = source.replace(anchor, anchor + "    if len(island) > 3 or move.end == (0, 0):\n        pass\n")
    assert [finding.split(": ", 1)[1] for finding in hidden_decisions(spoilt)] == [
        "len(island) > 3 or move.end == (0, 0)"
    ]
