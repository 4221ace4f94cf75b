"""Mutation check of the suite: each clause's deliberately wrong function must make it fail.

For every mutant in tests/mutants.py a separate pytest process runs, with the mutant swapped in,
the tests that name its clause; the mutant is caught when one of them fails. The score is caught
mutants / all clauses and must be 100%. ``python -m tests.test_mutation`` prints the whole table.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs

from froeschis.games.froeschis.spec import load_catalogue
from tests.mutants import MUTANTS, Mutant

TESTS = Path(__file__).resolve().parent
FAILED = re.compile(r"^FAILED (.+?)(?: - (.*))?$", re.MULTILINE)
IMPORTED = re.compile(r"^from tests\.(?!test_)(\w+) import", re.MULTILINE)


@attrs.frozen
class Verdict:
    mutant: Mutant
    caught_by: tuple[str, ...]
    output: str


def run_mutant(mutant: Mutant) -> Verdict:
    """Run the tests that name the mutant's clause with the mutant swapped in.

    The hand-built clause tests run first; only a mutant they miss meets the rest of the suite
    (properties, state machine, ...), which is slower to start.
    """
    files = [p for p in sorted(TESTS.glob("test_*.py")) if names_clause(p, mutant.clause)]
    first = [p for p in files if p.name == "test_clauses.py"]
    verdict = Verdict(mutant, (), "")
    for batch in (first, [p for p in files if p not in first]):
        if batch:
            verdict = _run(mutant, batch)
            if verdict.caught_by:
                break
    return verdict


def names_clause(path: Path, clause: str) -> bool:
    """Whether a test file names ``clause``: in its own text or in a module of tests/ it imports (a
    shared table, such as tests/example_bugs.py, whose rows parametrize its tests)."""
    text = path.read_text()
    imported = [TESTS / f"{name}.py" for name in IMPORTED.findall(text)]
    return any(f'"{clause}"' in t for t in [text, *(m.read_text() for m in imported if m.is_file())])


def _run(mutant: Mutant, files: list[Path]) -> Verdict:
    env = {
        **os.environ,
        "FROESCHIS_MUTANT": mutant.clause,
        "HYPOTHESIS_PROFILE": "mutation",
        "COLUMNS": "400",
    }
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-x",
        "-rf",
        "-p",
        "no:cacheprovider",
        "-n",
        "0",  # the mutants already run in parallel: one process each, no xdist workers
        "--clause",
        mutant.clause,
    ]
    done = subprocess.run(
        [*command, *map(str, files)], env=env, capture_output=True, text=True, timeout=300, cwd=TESTS.parent
    )
    caught = tuple(
        f"{test} ({_how(reason)})" for test, reason in FAILED.findall(done.stdout) if done.returncode == 1
    )
    return Verdict(mutant, caught, done.stdout[-2000:] + done.stderr[-2000:])


def _how(reason: str) -> str:
    """How a test failed: an assertion, or the exception the mutant caused (its class name)."""
    if not reason or reason.startswith(("assert", "AssertionError")):
        return "assertion"
    return reason.split(":")[0].rsplit(".", 1)[-1]


def run_all() -> list[Verdict]:
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return list(pool.map(run_mutant, MUTANTS))


def test_there_is_a_mutant_for_every_clause() -> None:
    assert sorted(m.clause for m in MUTANTS) == sorted(load_catalogue().in_force_ids())


def test_every_mutant_is_caught_by_a_test_of_its_clause() -> None:
    verdicts = run_all()
    missed = [
        f"{v.mutant.misreading}: {v.mutant.description}\n{v.output}" for v in verdicts if not v.caught_by
    ]
    assert not missed, "mutants the suite did not catch:\n" + "\n".join(missed)


if __name__ == "__main__":
    results = run_all()
    width = max(len(v.mutant.clause) for v in results)
    for verdict in results:
        catcher = verdict.caught_by[0] if verdict.caught_by else "NOT CAUGHT"
        print(f"{verdict.mutant.clause:<{width}}  {verdict.mutant.description:<50}  {catcher}")
    caught = sum(bool(v.caught_by) for v in results)
    print(f"mutation score: {caught}/{len(results)} = {caught / len(results):.0%}")
