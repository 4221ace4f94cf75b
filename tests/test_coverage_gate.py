"""The clause coverage gate: every clause implemented, tested and exercised; no unknown IDs.

The same data drives ``froeschis trace`` (the report) and the docs' traceability matrix.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import froeschis
from froeschis.core import clauses
from froeschis.core.table import clause
from froeschis.spec import load_catalogue
from froeschis.verify.trace import ClauseTrace, marked_functions, table_functions, trace_matrix, unknown_ids

TESTS = Path(__file__).resolve().parent
MATRIX = trace_matrix(TESTS)
IDS = [row.clause for row in MATRIX]


@pytest.mark.parametrize("row", MATRIX, ids=IDS)
def test_every_clause_has_an_implementation(row: ClauseTrace) -> None:
    assert row.implementations, f"{row.clause}: no clause table entry is marked @clause({row.clause!r})"


@pytest.mark.parametrize("row", MATRIX, ids=IDS)
def test_every_clause_has_a_test(row: ClauseTrace) -> None:
    assert row.tests, f"{row.clause}: no test is marked @pytest.mark.clause({row.clause!r})"


@pytest.mark.parametrize("row", MATRIX, ids=IDS)
def test_every_clause_fires_in_a_golden_playthrough(row: ClauseTrace) -> None:
    assert row.playthroughs, f"{row.clause}: no event in spec/vectors/ names it"


def test_tests_and_playthroughs_name_only_known_clauses() -> None:
    assert unknown_ids(TESTS) == {}


def test_a_mark_naming_an_unknown_clause_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Marks are not checked at import (that would read the catalogue): the gate reports them."""

    @clause("no.such-clause")
    def misnamed() -> None:
        return None

    monkeypatch.setattr(clauses, "misnamed", misnamed, raising=False)
    assert list(unknown_ids(TESTS)) == ["no.such-clause"]


def test_every_marked_function_is_an_entry_of_a_clause_table() -> None:
    """A marked function the engine cannot reach would claim an implementation that does not run."""
    in_tables = {f"{f.__module__}.{f.__qualname__}" for f in table_functions()}
    assert sorted(set(marked_functions()) - in_tables) == []


def test_clause_ids_written_in_the_package_exist() -> None:
    """Clause marks and the clauses of setup errors are string literals: each must be a catalogue ID."""
    known = set(load_catalogue().ids())
    prefixes = "|".join(sorted({cid.split(".")[0] for cid in known}))
    looks_like_id = re.compile(rf"^({prefixes})\.[a-z][a-z-]*$")
    package = Path(froeschis.__file__).resolve().parent
    cited = {
        (path.name, node.value)
        for path in package.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and looks_like_id.match(node.value)
    }
    assert {cid for name, cid in cited if name == "clauses.py"} == known  # the scan sees every mark
    assert sorted(c for c in cited if c[1] not in known) == []


def test_the_gate_sees_a_clause_without_tests(tmp_path: Path) -> None:
    """The scan is real: a test directory with one marked test covers that clause and no other."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_one.py").write_text(
        "import pytest\n\n@pytest.mark.clause('dead.trash')\ndef test_x() -> None:\n    assert True\n"
    )
    rows = {row.clause: row for row in trace_matrix(tmp_path / "tests", tmp_path)}
    assert rows["dead.trash"].tests == ("tests/test_one.py::test_x",)
    assert rows["frog.swap"].tests == () and rows["frog.swap"].playthroughs == ()
