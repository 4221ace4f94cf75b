"""The clause coverage gate: every clause implemented, tested and exercised; no unknown IDs.

The same data drives ``froeschis trace`` (the report) and the docs' traceability matrix.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import froeschis
from froeschis.core.errors import SpecError
from froeschis.core.marks import implements
from froeschis.spec import load_catalogue
from froeschis.verify.trace import ClauseTrace, trace_matrix, unknown_ids

TESTS = Path(__file__).resolve().parent
MATRIX = trace_matrix(TESTS)
IDS = [row.clause for row in MATRIX]


@pytest.mark.parametrize("row", MATRIX, ids=IDS)
def test_every_clause_has_an_implementation(row: ClauseTrace) -> None:
    assert row.implementations, f"{row.clause}: no function is marked @implements({row.clause!r})"


@pytest.mark.parametrize("row", MATRIX, ids=IDS)
def test_every_clause_has_a_test(row: ClauseTrace) -> None:
    assert row.tests, f"{row.clause}: no test is marked @pytest.mark.clause({row.clause!r})"


@pytest.mark.parametrize("row", MATRIX, ids=IDS)
def test_every_clause_fires_in_a_golden_playthrough(row: ClauseTrace) -> None:
    assert row.playthroughs, f"{row.clause}: no event in spec/vectors/ names it"


def test_tests_and_playthroughs_name_only_known_clauses() -> None:
    assert unknown_ids(TESTS) == {}


def test_code_cannot_cite_an_unknown_clause() -> None:
    with pytest.raises(SpecError, match=r"no\.such-clause"):
        implements("no.such-clause")


def test_clause_ids_written_in_the_package_exist() -> None:
    """Event causes and refusals are written as string literals: each must be a catalogue ID."""
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
    assert len(cited) > 40
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
