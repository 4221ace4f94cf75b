"""The clause coverage gate: every clause implemented, tested and exercised; no unknown IDs.

The same data drives ``froeschis trace`` (the report) and the docs' traceability matrix.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import froeschis
from froeschis.cli import main
from froeschis.framework import registry
from froeschis.framework.errors import FormatError
from froeschis.games.froeschis import clauses
from froeschis.games.froeschis.spec import load_catalogue
from froeschis.games.froeschis.table import clause
from froeschis.verify import trace
from froeschis.verify.trace import (
    ClauseTrace,
    marked_functions,
    table_functions,
    trace_matrix,
    unknown_ids,
)

TESTS = Path(__file__).resolve().parents[1]
PACKAGE = Path(froeschis.__file__).resolve().parent
GAMES = {name: registry.game(name) for name in registry.names()}
GAME_DIRS = {name: PACKAGE / "games" / name.replace("-", "_") for name in GAMES}
"""Each game's own package; the default game is everything else (its engine predates ``games/``)."""


def _rows(name: str) -> list[ClauseTrace]:
    of = GAMES[name]
    in_force = set(of.catalogue().in_force_ids())  # deprecated clauses need nothing
    return [row for row in trace_matrix(TESTS, of=of) if row.clause in in_force]


ROWS = [pytest.param(name, row, id=f"{name}:{row.clause}") for name in GAMES for row in _rows(name)]
WITH_PLAYTHROUGHS = {name for name, of in GAMES.items() if (of.spec() / "vectors").is_dir()}


@pytest.mark.parametrize(("name", "row"), ROWS)
def test_every_clause_has_an_implementation(name: str, row: ClauseTrace) -> None:
    assert row.implementations, (
        f"{name} {row.clause}: no clause table entry is marked @clause({row.clause!r})"
    )


@pytest.mark.parametrize(("name", "row"), ROWS)
def test_every_clause_has_a_test(name: str, row: ClauseTrace) -> None:
    assert row.tests, f"{name} {row.clause}: no test is marked @pytest.mark.clause({row.clause!r})"


def _not_events(name: str) -> tuple[str, ...]:
    plan = GAMES[name].playthroughs
    return plan.not_events if plan is not None else ()


STEP_ROWS = [
    pytest.param(name, row, id=f"{name}:{row.clause}")
    for name in sorted(WITH_PLAYTHROUGHS)
    for row in _rows(name)
    if row.clause not in _not_events(name)
]


@pytest.mark.parametrize(("name", "row"), STEP_ROWS)
def test_every_clause_fires_in_a_golden_playthrough(name: str, row: ClauseTrace) -> None:
    """For the games whose golden playthroughs exist (``spec/<game>/vectors``); a clause no step
    can fire (what a seat sees) is named by the game's plan and needs its tests only."""
    assert row.playthroughs, f"{name} {row.clause}: no event in its vectors/ names it"


@pytest.mark.parametrize("name", sorted(WITH_PLAYTHROUGHS))
def test_the_clauses_no_step_fires_are_few_known_and_fire_in_no_playthrough(name: str) -> None:
    """The exemption cannot hide a clause: each exempt ID is in force, and no playthrough names it
    (were one to, it is an event's clause and needs no exemption)."""
    rows = {row.clause: row for row in _rows(name)}
    for clause_id in _not_events(name):
        assert clause_id in rows and rows[clause_id].playthroughs == (), clause_id
    assert len(_not_events(name)) <= MOST_NOT_EVENTS.get(name, 4)


MOST_NOT_EVENTS = {"army-of-frogs": 10}
"""Army of Frogs' catalogue names more of what no step bears: definitions only other clauses'
entries use (the grid, the island's graph, the seats' colours, the four terms of the string rule),
a check before the first step, the returns and the seats' view (``playthroughs.NOT_EVENTS`` gives
each reason)."""


def test_the_three_games_have_golden_playthroughs() -> None:
    assert {registry.DEFAULT, "frog", "army-of-frogs"} <= WITH_PLAYTHROUGHS


def test_every_game_of_the_registry_is_gated() -> None:
    """Three games, each with its clauses in the gate (a game added later joins by registering)."""
    assert set(GAMES) >= {"froeschis", "frog", "army-of-frogs"}
    assert all(GAME_DIRS[name].is_dir() for name in GAMES if name != registry.DEFAULT)
    assert {name for name, _ in (p.values for p in ROWS)} == set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_tests_and_playthroughs_name_only_known_clauses(name: str) -> None:
    assert unknown_ids(TESTS, of=GAMES[name]) == {}


def test_a_mark_naming_an_unknown_clause_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Marks are not checked at import (that would read the catalogue): the gate reports them."""

    @clause("no.such-clause")
    def misnamed() -> None:
        return None

    monkeypatch.setattr(clauses, "misnamed", misnamed, raising=False)
    assert list(unknown_ids(TESTS)) == ["no.such-clause"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_marked_function_is_an_entry_of_a_clause_table(name: str) -> None:
    """A marked function the engine cannot reach would claim an implementation that does not run."""
    of = GAMES[name]
    in_tables = {f"{f.__module__}.{f.__qualname__}" for f in table_functions(of)}
    assert sorted(set(marked_functions(of)) - in_tables) == []


def _own_files(name: str) -> list[Path]:
    if name != registry.DEFAULT:
        return sorted(GAME_DIRS[name].rglob("*.py"))
    others = [GAME_DIRS[other] for other in GAMES if other != name]
    return [p for p in sorted(PACKAGE.rglob("*.py")) if not any(p.is_relative_to(d) for d in others)]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_clause_ids_written_in_the_package_exist(name: str) -> None:
    """Clause marks and the clauses of setup errors are string literals: each in a game's own
    package must be the ID of one of its clauses in force (not deprecated)."""
    known = set(GAMES[name].catalogue().in_force_ids())
    prefixes = "|".join(sorted({cid.split(".")[0] for cid in known}))
    looks_like_id = re.compile(rf"^({prefixes})\.[a-z][a-z-]*$")
    cited = {
        (path.name, node.value)
        for path in _own_files(name)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and looks_like_id.match(node.value)
    }
    marked = set(marked_functions(GAMES[name]).values())
    assert marked and {cid for _, cid in cited} >= marked  # the scan sees every mark
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


PARAMETRIZED = """
import pytest

CASES = [("swap", "frog.swap"), ("trash", "dead.trash"), ("duplicate", "dead.duplicate")]
CHOSEN = ("swap", "duplicate")
PARAMS = [pytest.param(1, marks=pytest.mark.clause("game.end"))]


@pytest.mark.parametrize("n", [pytest.param(1, marks=pytest.mark.clause("frog.place")), pytest.param(2), 3])
def test_one_mark(n):
    assert n


@pytest.mark.parametrize(
    ("a", "b"),
    [
        pytest.param(1, 2, marks=[pytest.mark.slow, pytest.mark.clause("dead.trash", "dead.duplicate")]),
        pytest.param(3, 4, marks=(pytest.mark.clause("dead.trash"),)),
    ],
)
def test_a_list_of_marks(a, b):
    assert a < b


@pytest.mark.parametrize(
    ("name", "clause"),
    [pytest.param(n, c, marks=pytest.mark.clause(c), id=n) for n, c in CASES if n in CHOSEN],
)
def test_made_by_a_comprehension(name, clause):
    assert name in CHOSEN


@pytest.mark.parametrize("x", [pytest.param(i, id=str(i)) for i in range(3)])
def test_no_clause(x):
    assert x < 3


@pytest.mark.parametrize("n", argvalues=PARAMS)
class TestInAClass:
    def test_it(self, n):
        assert n == 1
"""


def made_up_tests(root: Path, module: str) -> Path:
    """A made-up ``tests/`` folder holding ``module`` as ``test_made_up.py``."""
    tests = root / "tests"
    tests.mkdir()
    (tests / "test_made_up.py").write_text(module, encoding="utf-8")
    return tests


def test_the_gate_sees_clauses_marked_on_parameter_sets(tmp_path: Path) -> None:
    """``pytest.param(..., marks=...)``: one mark or several, written out, made by a comprehension
    (filtered, over module constants) or named at module level; each test once per clause, by the
    node ID of its function (the parameter sets' IDs left out). Expected from reading PARAMETRIZED."""
    made_up = "tests/test_made_up.py::"
    assert trace.tests_by_clause(made_up_tests(tmp_path, PARAMETRIZED)) == {
        "frog.place": [made_up + "test_one_mark"],
        "dead.trash": [made_up + "test_a_list_of_marks"],
        "dead.duplicate": [made_up + "test_a_list_of_marks", made_up + "test_made_by_a_comprehension"],
        "frog.swap": [made_up + "test_made_by_a_comprehension"],
        "game.end": [made_up + "TestInAClass::test_it"],
    }
    rows = {row.clause: row for row in trace_matrix(tmp_path / "tests", tmp_path)}
    assert rows["frog.swap"].tests == (made_up + "test_made_by_a_comprehension",)


PYTEST_MARKS = """
import json
from pathlib import Path


def pytest_configure(config):
    config.addinivalue_line("markers", "clause(*ids): clauses")
    config.addinivalue_line("markers", "slow: slow")


def pytest_collection_modifyitems(config, items):
    marks = {item.nodeid: [i for m in item.iter_markers("clause") for i in m.args] for item in items}
    Path(config.rootpath, "marks.json").write_text(json.dumps(marks))
"""


def test_the_scan_agrees_with_what_pytest_collects(tmp_path: Path) -> None:
    """pytest itself is the judge of which clause marks each collected test carries: the scan
    must find, for every test function, the clauses of all its parameter sets."""
    tests = made_up_tests(tmp_path, PARAMETRIZED)
    (tests / "conftest.py").write_text(PYTEST_MARKS, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    collect = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests"]
    done = subprocess.run(collect, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    collected: dict[str, list[str]] = json.loads((tmp_path / "marks.json").read_text(encoding="utf-8"))
    assert len(collected) == 11  # 3 + 2 + 2 + 3 + 1 test items
    by_pytest: dict[str, set[str]] = {}
    for nodeid, clause_ids in collected.items():
        for clause_id in clause_ids:
            by_pytest.setdefault(clause_id, set()).add(nodeid.partition("[")[0])
    assert {c: set(nodeids) for c, nodeids in trace.tests_by_clause(tests).items()} == by_pytest


def test_a_clause_mark_the_scan_cannot_read_is_an_error_with_its_place(tmp_path: Path) -> None:
    """A clause named by a value computed at run time would be a silent gap in the trace."""
    tests = made_up_tests(
        tmp_path,
        "import pytest\n\n"
        "@pytest.mark.parametrize('n', [pytest.param(1, marks=pytest.mark.clause(today()))])\n"
        "def test_x(n):\n    assert n\n",
    )
    with pytest.raises(ValueError, match=r"^tests/test_made_up\.py: line 3: .*: today\(\)$"):
        trace.tests_by_clause(tests)


@pytest.mark.parametrize(
    ("content", "reason"),
    [(b"s = '\xff'\n", "not UTF-8 text"), (b"def test_x(:\n", "not Python: line 1")],
    ids=["not-utf8", "not-python"],
)
def test_a_test_file_the_scan_cannot_read_is_a_message_naming_it(
    tmp_path: Path, content: bytes, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    tests = made_up_tests(tmp_path, "")
    (tests / "test_made_up.py").write_bytes(content)
    with pytest.raises(FormatError, match=rf"^tests/test_made_up\.py: {reason}"):
        trace.tests_by_clause(tests)
    assert main(["trace", "--tests", str(tests)]) == 2
    assert f"tests/test_made_up.py: {reason}" in capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(GAMES))
def test_trace_reports_the_game_it_is_given(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29, item 4: ``trace --game frog`` printed Fröschis' matrix. Each game's report lists
    exactly its own catalogue's clauses, and passes as the gate above does (a clause no step can
    fire needs no playthrough)."""
    of = GAMES[name]
    assert main(["trace", "--game", name, "--tests", str(TESTS), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == name
    assert [row["clause"] for row in report["clauses"]] == [c.id for c in of.catalogue().clauses]
    assert report["gaps"] == []
    assert main(["trace", "--game", name, "--tests", str(TESTS)]) == 0
    total = len(of.catalogue().in_force_ids())
    assert f"{total}/{total} clauses implemented, tested and exercised" in capsys.readouterr().out


def test_trace_names_a_playthrough_gap_of_another_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The gate of ``trace --game frog`` can fail: with an empty folder of playthroughs, every clause
    a step fires is a gap, and the clauses no step fires are not."""
    of = GAMES["frog"]
    (tmp_path / "vectors").mkdir()
    rows = trace_matrix(TESTS, tmp_path / "vectors", of=of)
    gaps = {row.clause for row in rows if not row.complete}
    assert gaps == set(of.catalogue().in_force_ids()) - set(_not_events("frog"))


PROVENANCE = TESTS.parent / "docs" / "provenance.rst"
SITE = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:/[a-z0-9/-]+)?")


def test_every_secondary_source_is_on_the_provenance_page_with_the_clauses_citing_it() -> None:
    """The page is typed by hand; the catalogue's ``secondary`` entries (``site[, site] [title]: what
    it says``) are the record it must follow, both ways: no source missing, none left over."""
    cited: dict[str, set[str]] = {}
    for entry in load_catalogue().clauses:
        for note in entry.secondary:
            for site in SITE.findall(note.partition(": ")[0]):
                cited.setdefault(site, set()).add(entry.id)
    assert len(cited) >= 10  # the pattern reads the entries
    section = PROVENANCE.read_text(encoding="utf-8").split("\nSecondary sources\n")[1]
    items = {
        re.findall(r"``([^`]+)``", item)[0]: item
        for item in section.split("\n* ")[1:]
        if re.match(r"``[^`]+``", item)
    }
    listed = {site for item in items.values() for site in re.findall(r"``([^`]+)``", item)}
    assert listed == set(cited)
    for site, clause_ids in cited.items():
        (item,) = [item for item in items.values() if f"``{site}``" in item]
        assert {c for c in re.findall(r":clause:`([^`]+)`", item)} == clause_ids, site
