"""Who implements, tests and exercises each clause: the data behind the coverage gate and the docs.

Three sources, each machine-read, never typed by hand:

* implementations: the entries of the clause tables, the published one and the variants' (each a
  function marked ``@clause(...)``, see :mod:`froeschis.core.table`);
* tests: the ``@pytest.mark.clause(...)`` marks in ``tests/``, found by parsing the test files
  (so the answer does not depend on which tests a run selected);
* playthroughs: the clauses named by the events of the golden playthroughs in ``spec/vectors/``.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import attrs

from froeschis.core import clauses
from froeschis.core.readings import PUBLISHED, VARIANTS
from froeschis.core.table import clause_of
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


def _clause_marks(decorators: Iterable[ast.expr]) -> list[str]:
    """The string arguments of every ``pytest.mark.clause(...)`` among ``decorators``."""
    found = []
    for node in decorators:
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "clause"
            and ast.unparse(node.func.value).endswith("mark")
        ):
            for arg in node.args:
                if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    raise ValueError(f"clause marks take literal strings, got {ast.unparse(arg)}")
                found.append(arg.value)
    return found


def _module_marks(tree: ast.Module) -> list[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            value = node.value
            return _clause_marks(value.elts if isinstance(value, ast.List | ast.Tuple) else [value])
    return []


def tests_by_clause(tests_dir: Path) -> dict[str, list[str]]:
    """Clause ID -> test node IDs (``tests/test_x.py::TestY::test_z``) that declare it."""
    found: dict[str, list[str]] = {}
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_marks = _module_marks(tree)
        rel = path.relative_to(tests_dir.parent).as_posix()

        def visit(nodes: list[ast.stmt], prefix: str, inherited: list[str], rel: str = rel) -> None:
            for node in nodes:
                if isinstance(node, ast.ClassDef):
                    marks = inherited + _clause_marks(node.decorator_list)
                    visit(node.body, f"{prefix}{node.name}::", marks)
                elif isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                    for clause_id in inherited + _clause_marks(node.decorator_list):
                        found.setdefault(clause_id, []).append(f"{rel}::{prefix}{node.name}")

        visit(tree.body, "", module_marks)
    return found


def playthroughs_by_clause(vectors_dir: Path) -> dict[str, list[str]]:
    """Clause ID -> playthrough files in ``vectors_dir`` whose recorded events name it."""
    found: dict[str, list[str]] = {}
    for path in sorted(vectors_dir.glob("*.jsonl")):
        named: set[str] = set()
        for line in path.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
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
    have, each with the places that name it (should be empty)."""
    known = set(load_catalogue().ids())
    named: dict[str, list[str]] = {}
    for function, clause_id in marked_functions().items():
        named.setdefault(clause_id, []).append(function)
    for found in (tests_by_clause(tests_dir), playthroughs_by_clause(vectors_dir or spec_dir() / "vectors")):
        for clause_id, places in found.items():
            named.setdefault(clause_id, []).extend(places)
    return {clause_id: places for clause_id, places in sorted(named.items()) if clause_id not in known}
