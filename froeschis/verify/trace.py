"""Who implements, tests and exercises each clause: the data behind the coverage gate and the docs.

Three sources, each machine-read, never typed by hand:

* implementations: the entries of the clause tables, the published one and the variants' (each a
  function marked ``@clause(...)``, see :mod:`froeschis.core.table`);
* tests: the ``@pytest.mark.clause(...)`` marks in ``tests/``, on tests, their classes, their
  modules or their parameter sets (``pytest.param(..., marks=...)``), found by parsing the test
  files (so the answer does not depend on which tests a run selected or whether they import);
* playthroughs: the clauses named by the events of the golden playthroughs in ``spec/vectors/``.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from froeschis.core import clauses
from froeschis.core.errors import FormatError
from froeschis.core.readings import PUBLISHED, VARIANTS
from froeschis.core.table import clause_of
from froeschis.io.serialize import loads, read_text_limited
from froeschis.spec import load_catalogue, spec_dir


def table_functions() -> tuple[Callable[..., object], ...]:
    """Every function the engine can find in a clause table: the published entries, then the
    variants' (each once)."""
    entries = [function for _, _, function in PUBLISHED.entries()]
    entries += [reading.function for variant in VARIANTS for reading in variant.readings]
    return tuple(dict.fromkeys(entries))


def implementations() -> dict[str, list[str]]:
    """Clause ID -> the qualified names of the table entries that implement it."""
    found: dict[str, list[str]] = {}
    for function in table_functions():
        clause_id = clause_of(function)
        assert clause_id is not None  # tables hold marked functions only
        found.setdefault(clause_id, []).append(f"{function.__module__}.{function.__qualname__}")
    return found


def marked_functions() -> dict[str, str]:
    """Qualified name -> clause, for every function of :mod:`froeschis.core.clauses` with a mark."""
    return {
        f"{value.__module__}.{value.__qualname__}": found
        for value in vars(clauses).values()
        if callable(value) and (found := clause_of(value)) is not None
    }


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


def tests_by_clause(tests_dir: Path) -> dict[str, list[str]]:
    """Clause ID -> test node IDs (``tests/test_x.py::TestY::test_z``) that declare it.

    A test declares a clause by a ``pytest.mark.clause`` mark on it, its class or its module
    (``pytestmark``), or on one of its parameter sets (``pytest.param(..., marks=...)`` in a
    ``pytest.mark.parametrize`` of the test or its class). A parametrized test is named by its
    function's node ID, without a parameter ID: it is listed once for each clause that any of its
    parameter sets declares. Clause IDs must be readable without running the tests (see
    :func:`_value`); a mark that names one otherwise, a file that is not UTF-8 text or not Python,
    raises :class:`~froeschis.core.errors.FormatError` (a :class:`ValueError`) with its place.
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
    """One clause's row of the traceability matrix."""

    clause: str
    kind: str
    implementations: tuple[str, ...]
    tests: tuple[str, ...]
    playthroughs: tuple[str, ...]


def _names(mapping: Mapping[str, list[str]], clause_id: str) -> tuple[str, ...]:
    return tuple(mapping.get(clause_id, ()))


def trace_matrix(tests_dir: Path, vectors_dir: Path | None = None) -> tuple[ClauseTrace, ...]:
    """The traceability matrix, one row per clause in rule order."""
    tests = tests_by_clause(tests_dir)
    plays = playthroughs_by_clause(vectors_dir if vectors_dir is not None else spec_dir() / "vectors")
    implemented = implementations()
    return tuple(
        ClauseTrace(
            clause.id,
            clause.kind,
            _names(implemented, clause.id),
            _names(tests, clause.id),
            _names(plays, clause.id),
        )
        for clause in load_catalogue().clauses
    )


def unknown_ids(tests_dir: Path, vectors_dir: Path | None = None) -> dict[str, list[str]]:
    """IDs named by clause marks in the package, tests or playthroughs that the catalogue does not
    have in force (unknown or deprecated), each with the places that name it (should be empty)."""
    known = set(load_catalogue().in_force_ids())
    named: dict[str, list[str]] = {}
    for function, clause_id in marked_functions().items():
        named.setdefault(clause_id, []).append(function)
    for found in (tests_by_clause(tests_dir), playthroughs_by_clause(vectors_dir or spec_dir() / "vectors")):
        for clause_id, places in found.items():
            named.setdefault(clause_id, []).extend(places)
    return {clause_id: places for clause_id, places in sorted(named.items()) if clause_id not in known}
