"""Who implements, tests and exercises each clause of a game: the data behind the coverage gate and
the docs, for every game alike.

Three sources, each machine-read, never typed by hand:

* implementations: the entries of the game's clause tables, the published one and the variants'
  (each a function marked ``@clause(...)``, see :mod:`froeschis.framework.table`);
* tests: the ``@pytest.mark.clause(...)`` marks in ``tests/``, on tests, their classes, their
  modules or their parameter sets (``pytest.param(..., marks=...)``), found by parsing the test
  files (so the answer does not depend on which tests a run selected or whether they import). A
  mark names a clause of the default game (``turn.order``) or one qualified by its game
  (``frog:deal.hand-size``);
* playthroughs: the clauses named by the events of the golden playthroughs in the game's
  ``vectors/`` folder of ``spec/``.

Every function takes the game (by default the default game, Fröschis) from the registry.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from froeschis.framework.errors import FormatError
from froeschis.framework.game import Game
from froeschis.framework.game import table_functions as game_table_functions
from froeschis.framework.jsontext import loads, read_text_limited
from froeschis.framework.registry import game, split_reference
from froeschis.framework.table import clause_of


def table_functions(of: Game | None = None) -> tuple[Callable[..., object], ...]:
    """Every function the game's engine can find in a clause table: the published entries, then the
    variants' (each once)."""
    return game_table_functions(of or game())


def implementations(of: Game | None = None) -> dict[str, list[str]]:
    """Clause ID -> the qualified names of the game's table entries that implement it."""
    found: dict[str, list[str]] = {}
    for function in table_functions(of):
        clause_id = clause_of(function)
        assert clause_id is not None  # tables hold marked functions only
        found.setdefault(clause_id, []).append(f"{function.__module__}.{function.__qualname__}")
    return found


def marked_functions(of: Game | None = None) -> dict[str, str]:
    """Qualified name -> clause, for every function with a mark in the game's clause modules."""
    found: dict[str, str] = {}
    for name in (of or game()).clause_modules:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if callable(value):
                clause_id = clause_of(value)
                if clause_id is not None:
                    found[f"{value.__module__}.{value.__qualname__}"] = clause_id
    return found


class _Unreadable(ValueError):
    """An expression whose value a clause mark depends on but the scan cannot know."""

    def __init__(self, node: ast.expr, why: str) -> None:
        super().__init__(f"line {node.lineno}: {why}: {ast.unparse(node)}")


_COMPARISONS: dict[type[ast.cmpop], Callable[[object, object], bool]] = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.In: lambda a, b: a in b,  # type: ignore[operator]
    ast.NotIn: lambda a, b: a not in b,  # type: ignore[operator]
}


def _value(node: ast.expr, bound: Mapping[str, object], module: Mapping[str, ast.expr]) -> object:
    """The value of ``node``, worked out without running the test module.

    Clause IDs are read, not imported: a test module may be slow or impossible to import where the
    trace is built (the docs build). What can be read is what parameter lists of clause tests are
    made of: literals, names bound by an enclosing comprehension (``bound``) or assigned at module
    level (``module``, each to its last assignment) to such values, and the comparisons and boolean
    operators of a comprehension's conditions. Anything else raises :class:`_Unreadable`.
    """
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name) and node.id in bound:
        return bound[node.id]
    if isinstance(node, ast.Name) and node.id in module:
        return _value(module[node.id], {}, module)
    if isinstance(node, ast.Tuple | ast.List):
        return tuple(_value(element, bound, module) for element in node.elts)
    if isinstance(node, ast.BoolOp):
        values = [bool(_value(operand, bound, module)) for operand in node.values]
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return not _value(node.operand, bound, module)
    if isinstance(node, ast.Compare) and all(type(op) in _COMPARISONS for op in node.ops):
        left = _value(node.left, bound, module)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            right = _value(comparator, bound, module)
            if not _COMPARISONS[type(op)](left, right):
                return False
            left = right
        return True
    raise _Unreadable(node, "not a literal, nor a name bound to one")


def _is_mark(node: ast.expr, name: str) -> bool:
    """Whether ``node`` is a call of ``pytest.mark.<name>``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == name
        and ast.unparse(node.func.value).endswith("mark")
    )


def _clause_ids(mark: ast.expr, bound: Mapping[str, object], module: Mapping[str, ast.expr]) -> list[str]:
    """The clause IDs of ``mark`` when it is a ``pytest.mark.clause(...)`` call (else none)."""
    if not isinstance(mark, ast.Call) or not _is_mark(mark, "clause"):
        return []
    found = []
    for arg in mark.args:
        value = _value(arg, bound, module)
        if not isinstance(value, str):
            raise _Unreadable(arg, "clause marks take strings")
        found.append(value)
    return found


def _bind(target: ast.expr, value: object) -> dict[str, object]:
    """The names a comprehension's ``for`` target binds to ``value``."""
    if isinstance(target, ast.Name):
        return {target.id: value}
    if (
        isinstance(target, ast.Tuple | ast.List)
        and isinstance(value, tuple)
        and len(value) == len(target.elts)
    ):
        return {
            name: v
            for element, item in zip(target.elts, value, strict=True)
            for name, v in _bind(element, item).items()
        }
    raise _Unreadable(target, "cannot unpack a parameter set into")


def _param_clauses(
    values: ast.expr, bound: Mapping[str, object], module: Mapping[str, ast.expr]
) -> list[str]:
    """The clause IDs marked on the ``pytest.param(..., marks=...)`` parameter sets of ``values``,
    the argument values of a ``parametrize`` mark: a list or tuple of them, a comprehension making
    them, or a module-level name of either. ``marks`` is one mark or a list or tuple of marks."""
    if isinstance(values, ast.Name) and values.id not in bound and values.id in module:
        return _param_clauses(module[values.id], {}, module)
    if not any(isinstance(node, ast.Call) and _is_mark(node, "clause") for node in ast.walk(values)):
        return []  # also spares comprehensions over values that cannot be read, such as test data
    if isinstance(values, ast.List | ast.Tuple):
        return [found for element in values.elts for found in _param_clauses(element, bound, module)]
    if isinstance(values, ast.ListComp | ast.GeneratorExp):
        return _comprehension_clauses(values.elt, values.generators, bound, module)
    if (
        isinstance(values, ast.Call)
        and isinstance(values.func, ast.Attribute)
        and values.func.attr == "param"
        and ast.unparse(values.func.value).endswith("pytest")
    ):
        marks = next((keyword.value for keyword in values.keywords if keyword.arg == "marks"), None)
        listed = marks.elts if isinstance(marks, ast.List | ast.Tuple) else [marks] if marks else []
        return [found for mark in listed for found in _clause_ids(mark, bound, module)]
    raise _Unreadable(values, "a clause mark in a parameter list that is not made of pytest.param(...)")


def _comprehension_clauses(
    element: ast.expr,
    generators: list[ast.comprehension],
    bound: Mapping[str, object],
    module: Mapping[str, ast.expr],
) -> list[str]:
    """The clause IDs of the parameter sets a comprehension makes, one ``for`` clause at a time."""
    if not generators:
        return _param_clauses(element, bound, module)
    first, rest = generators[0], generators[1:]
    items = _value(first.iter, bound, module)
    if not isinstance(items, tuple):
        raise _Unreadable(first.iter, "a comprehension over something that is not a list or tuple")
    found = []
    for item in items:
        inner = {**bound, **_bind(first.target, item)}
        if all(_value(condition, inner, module) for condition in first.ifs):
            found += _comprehension_clauses(element, rest, inner, module)
    return found


def _decorator_clauses(decorators: Iterable[ast.expr], module: Mapping[str, ast.expr]) -> list[str]:
    """The clause IDs that ``decorators`` mark: ``pytest.mark.clause(...)`` marks, and the marks of
    the parameter sets of ``pytest.mark.parametrize(...)`` (its ``argvalues``, the second argument)."""
    found = []
    for node in decorators:
        found += _clause_ids(node, {}, module)
        if isinstance(node, ast.Call) and _is_mark(node, "parametrize"):
            keywords = [keyword.value for keyword in node.keywords if keyword.arg == "argvalues"]
            for values in [*node.args[1:2], *keywords]:
                found += _param_clauses(values, {}, module)
    return found


def _module_names(tree: ast.Module) -> dict[str, ast.expr]:
    """Each name assigned at the top level of the module, with the value of its last assignment."""
    names: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            names.update((t.id, node.value) for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            names[node.target.id] = node.value
    return names


def _module_marks(module: Mapping[str, ast.expr]) -> list[str]:
    """The clause marks of the module's ``pytestmark`` (one mark or a list or tuple of marks)."""
    value = module.get("pytestmark")
    if value is None:
        return []
    listed = value.elts if isinstance(value, ast.List | ast.Tuple) else [value]
    return [found for mark in listed for found in _clause_ids(mark, {}, module)]


def tests_by_clause(tests_dir: Path, of: Game | None = None) -> dict[str, list[str]]:
    """The game's clause ID -> test node IDs (``tests/test_x.py::TestY::test_z``) that declare it.

    Marks that name another game's clauses are left out; :func:`tests_by_reference` has them all.
    """
    name = (of or game()).name
    found: dict[str, list[str]] = {}
    for reference, tests in tests_by_reference(tests_dir).items():
        game_name, clause_id = split_reference(reference)
        if game_name == name:
            found.setdefault(clause_id, []).extend(tests)
    return found


def tests_by_reference(tests_dir: Path) -> dict[str, list[str]]:
    """Clause reference (as the mark writes it) -> test node IDs that declare it.

    A test declares a clause by a ``pytest.mark.clause`` mark on it, its class or its module
    (``pytestmark``), or on one of its parameter sets (``pytest.param(..., marks=...)`` in a
    ``pytest.mark.parametrize`` of the test or its class). A parametrized test is named by its
    function's node ID, without a parameter ID: it is listed once for each clause that any of its
    parameter sets declares. Clause IDs must be readable without running the tests (see
    :func:`_value`); a mark that names one otherwise, a file that is not UTF-8 text or not Python,
    raises :class:`~froeschis.framework.errors.FormatError` (a :class:`ValueError`) with its place.
    """
    found: dict[str, list[str]] = {}
    for path in sorted(tests_dir.rglob("test_*.py")):
        rel = path.relative_to(tests_dir.parent).as_posix()
        try:
            tree = ast.parse(read_text_limited(path))
        except UnicodeDecodeError as error:
            raise FormatError(rel, f"not UTF-8 text (byte {error.start})") from None
        except SyntaxError as error:
            raise FormatError(rel, f"not Python: line {error.lineno}: {error.msg}") from None
        module = _module_names(tree)
        try:
            _visit(tree.body, f"{rel}::", _module_marks(module), module, found)
        except _Unreadable as error:
            raise FormatError(rel, str(error)) from None
    return found


def _visit(
    nodes: list[ast.stmt],
    prefix: str,
    inherited: list[str],
    module: Mapping[str, ast.expr],
    found: dict[str, list[str]],
) -> None:
    """Add the tests among ``nodes`` (a module's or a class's body) to ``found``, each under the
    clauses it declares and those it ``inherited`` from its module and classes."""
    for node in nodes:
        if isinstance(node, ast.ClassDef):
            marks = inherited + _decorator_clauses(node.decorator_list, module)
            _visit(node.body, f"{prefix}{node.name}::", marks, module, found)
        elif isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            for clause_id in dict.fromkeys(inherited + _decorator_clauses(node.decorator_list, module)):
                found.setdefault(clause_id, []).append(f"{prefix}{node.name}")


def playthroughs_by_clause(vectors_dir: Path) -> dict[str, list[str]]:
    """Clause ID -> playthrough files in ``vectors_dir`` whose recorded events name it."""
    found: dict[str, list[str]] = {}
    for path in sorted(vectors_dir.glob("*.jsonl")):
        named: set[str] = set()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            entry: Any = loads(line, f"{path.name}: line {number}")
            for event in entry.get("events", []):
                named.update(event["clauses"])
        for clause_id in sorted(named):
            found.setdefault(clause_id, []).append(path.name)
    return found


@attrs.frozen
class ClauseTrace:
    """One clause's row of the traceability matrix.

    ``playthrough_needed`` is false for a clause no step can fire (what a seat sees, named by the
    game's playthrough plan), and for every clause of a game without golden playthroughs: such a
    clause is complete with an implementation and a test, as the coverage gate has it.
    """

    clause: str
    kind: str
    implementations: tuple[str, ...]
    tests: tuple[str, ...]
    playthroughs: tuple[str, ...]
    playthrough_needed: bool = True

    @property
    def complete(self) -> bool:
        """Implemented, tested and (where a step can fire it) exercised by a golden playthrough."""
        return bool(
            self.implementations and self.tests and (self.playthroughs or not self.playthrough_needed)
        )


def _names(mapping: Mapping[str, list[str]], clause_id: str) -> tuple[str, ...]:
    return tuple(mapping.get(clause_id, ()))


def _vectors(of: Game, vectors_dir: Path | None) -> Path:
    return vectors_dir if vectors_dir is not None else of.spec() / "vectors"


def trace_matrix(
    tests_dir: Path, vectors_dir: Path | None = None, of: Game | None = None
) -> tuple[ClauseTrace, ...]:
    """The game's traceability matrix, one row per clause in rule order."""
    of = of or game()
    tests = tests_by_clause(tests_dir, of)
    vectors = _vectors(of, vectors_dir)
    plays = playthroughs_by_clause(vectors)
    implemented = implementations(of)
    not_events = of.playthroughs.not_events if of.playthroughs is not None else ()
    return tuple(
        ClauseTrace(
            clause.id,
            clause.kind,
            _names(implemented, clause.id),
            _names(tests, clause.id),
            _names(plays, clause.id),
            playthrough_needed=vectors.is_dir() and clause.id not in not_events,
        )
        for clause in of.catalogue().clauses
    )


def unknown_ids(
    tests_dir: Path, vectors_dir: Path | None = None, of: Game | None = None
) -> dict[str, list[str]]:
    """IDs of the game named by clause marks in its package, the tests or its playthroughs that its
    catalogue does not have in force (unknown or deprecated), each with the places that name it
    (should be empty)."""
    of = of or game()
    known = set(of.catalogue().in_force_ids())
    named: dict[str, list[str]] = {}
    for function, clause_id in marked_functions(of).items():
        named.setdefault(clause_id, []).append(function)
    for found in (tests_by_clause(tests_dir, of), playthroughs_by_clause(_vectors(of, vectors_dir))):
        for clause_id, places in found.items():
            named.setdefault(clause_id, []).extend(places)
    return {clause_id: places for clause_id, places in sorted(named.items()) if clause_id not in known}
