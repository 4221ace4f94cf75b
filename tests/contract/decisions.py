"""The check each game's architecture test runs on its engine: it decides nothing outside its clause
table.

A rule clause is one function of the game's table (``table.<slot>``); the engine only calls them
and dispatches on what they decided. So every condition in the engine's source must be one of: a
call into the table (or a value the table computed), a dispatch on the phase or the kind of input
(an enum member, ``isinstance``), a test for None, the refusal of an illegal action (an ``if``
whose body only names the problem and raises), a guard that only records provenance
(``rec is not None``), or a condition a game lists as bookkeeping. Anything else, a condition on a
card, a stone or a count written into the engine, is a rule outside a clause, and
:func:`hidden_decisions` names its line.

What differs per game is a :class:`Policy` (its table's slots, its enums, its bookkeeping), held by
the game's own architecture test beside the planted line that proves the check can fail.
"""

from __future__ import annotations

import ast

import attrs


@attrs.frozen
class Policy:
    """What counts as the clause table's and as bookkeeping in one game's engine."""

    slots: frozenset[str]
    """The clause table's entries: ``table.<slot>(...)`` is a clause deciding."""
    enums: frozenset[str]
    """The enums a dispatch compares to (``phase is Phase.PLAY``, or a module name bound to one of
    their members, ``_PLAY = Phase.PLAY``)."""
    recorders: frozenset[str] = frozenset({"rec"})
    """Names whose ``is not None`` test guards provenance only: what follows records, decides not."""
    quiet: frozenset[str] = frozenset()
    """Functions that write text, build refusals or name an event's clauses: they decide nothing."""
    bookkeeping: frozenset[str] = frozenset()
    """Conditions on the engine's own records, by their source text (a cache, what a turn did)."""
    decisions: frozenset[str] = frozenset()
    """Names whose attributes are the player's decision itself (``action.take``): a branch on one is
    the choice, not a rule."""
    shared: frozenset[str] = frozenset()
    """Attributes whose identity a branch may compare (Fröschis: whether two spots share a ``row``)."""
    transitive: bool = False
    """Whether a value built from the table's values (or from a module helper's call) is the
    table's too, rather than only what a table call returns directly."""


def _members(tree: ast.Module, enums: frozenset[str]) -> set[str]:
    """The module's names bound to members of ``enums`` (``_SHUFFLE, _MOVE = Phase.SHUFFLE, ...``)."""
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
            if isinstance(name, ast.Name) and _is_member(member, enums):
                names.add(name.id)
    return names


def _is_member(node: ast.expr, enums: frozenset[str]) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in enums


class _Decisions(ast.NodeVisitor):
    """Every condition of the engine that the :class:`Policy` does not allow, as ``line N: text``."""

    def __init__(self, policy: Policy, constants: set[str], helpers: set[str]) -> None:
        self.policy, self.constants, self.helpers = policy, constants, helpers
        self.found: list[str] = []
        self.from_table: set[str] = set()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        if node.name in self.policy.quiet:
            return
        outer, self.from_table = self.from_table, set()
        self.generic_visit(node)
        self.from_table = outer

    def visit_Assign(self, node: ast.Assign) -> None:
        if self._from_table(node.value):
            for target in node.targets:
                self.from_table |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
        self.generic_visit(node)

    def visit_If(self, node: ast.If) -> None:
        if self._recording(node.test):
            for statement in node.orelse:
                self.visit(statement)
            return
        *before, last = node.body
        if not (isinstance(last, ast.Raise) and all(isinstance(s, ast.Assign) for s in before)):
            self._check(node.test)  # an if that only names the problem and raises refuses an action
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        if not self._recording(node.test):
            self._check(node.test)
            self.generic_visit(node)

    def visit_While(self, node: ast.While) -> None:
        self._check(node.test)
        self.generic_visit(node)

    def _recording(self, test: ast.expr) -> bool:
        """``rec is not None``, alone or as the first conjunct."""
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            return self._recording(test.values[0])
        return (
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id in self.policy.recorders
            and isinstance(test.ops[0], ast.IsNot)
        )

    def _entry(self, node: ast.expr) -> bool:
        """``table.<slot>``."""
        return (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "table"
            and node.attr in self.policy.slots
        )

    def _table_call(self, node: ast.expr) -> bool:
        """A call of a table entry, of a name bound to one, or (transitively) of a module helper."""
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        if self._entry(func):
            return True
        called = func.id if isinstance(func, ast.Name) else None
        return called in self.from_table or (self.policy.transitive and called in self.helpers)

    def _from_table(self, node: ast.expr) -> bool:
        """A value the table computed: directly, or (transitively) built from such values."""
        if not self.policy.transitive:
            return self._table_call(node) or self._entry(node)
        return any(
            (isinstance(sub, ast.Call) and self._table_call(sub))
            or (isinstance(sub, ast.Name) and sub.id in self.from_table)
            for sub in ast.walk(node)
        )

    def _allowed(self, test: ast.expr) -> bool:
        if isinstance(test, ast.BoolOp):
            return all(self._allowed(value) for value in test.values)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self._allowed(test.operand)
        if ast.unparse(test) in self.policy.bookkeeping or self._from_table(test):
            return True
        if isinstance(test, ast.Name):
            return test.id in self.from_table
        if isinstance(test, ast.Attribute) and isinstance(test.value, ast.Name):
            return test.value.id in self.policy.decisions
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance":
            return True  # what kind of input it is: an action or a chance outcome
        if (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Is | ast.IsNot)
        ):
            other = test.comparators[0]
            return (
                (isinstance(other, ast.Name) and other.id in self.constants)  # a dispatch
                or _is_member(other, self.policy.enums)
                or (isinstance(other, ast.Constant) and other.value is None)
                or (isinstance(other, ast.Attribute) and other.attr in self.policy.shared)
            )
        return False

    def _check(self, test: ast.expr) -> None:
        if not self._allowed(test):
            self.found.append(f"line {test.lineno}: {ast.unparse(test)}")


def hidden_decisions(source: str, policy: Policy) -> list[str]:
    """The conditions of an engine's source that decide outside its clause table, as ``line N: text``."""
    tree = ast.parse(source)
    helpers = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    visitor = _Decisions(policy, _members(tree, policy.enums), helpers)
    visitor.visit(tree)
    return visitor.found


def planted(source: str, anchor: str, condition: str, policy: Policy) -> list[str]:
    """What :func:`hidden_decisions` finds once ``if <condition>: pass`` is written after the line
    ``anchor`` of ``source``: the proof that the check can fail (it must find that condition)."""
    assert anchor in source, f"the anchor line is gone from the engine: {anchor!r}"
    indent = anchor[: len(anchor) - len(anchor.lstrip())]
    spoilt = source.replace(anchor, f"{anchor}{indent}if {condition}:\n{indent}    pass\n")
    return [finding.split(": ", 1)[1] for finding in hidden_decisions(spoilt, policy)]
