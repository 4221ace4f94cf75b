"""Frog's mutation check: one deliberately wrong reading of each clause, and a way to play by it.

Every clause of ``spec/frog/clauses.toml`` marks one of its misreadings ``mutant = true``; its
clause-table entries are in :mod:`froeschis.games.frog.misreadings` (one implementation for the
mutation check and the conformance kit). This module is also a pytest plugin: with
``FROESCHIS_FROG_MUTANT=<clause id>`` in the environment (or a misreading's ID, ``clause~name``),
``-p tests.frog_mutants`` makes every Frog table of the run read that clause as its mutant (or as
that misreading) before any test module is imported
(:func:`froeschis.games.frog.readings.misread_everywhere`).

``python -m tests.frog_mutants`` runs, for each mutant, the tests that name its clause
(``--clause frog:<id>``) in a process of their own, and prints which test caught it; a mutant that
no test of its clause catches is a gap in the suite. ``--all`` does the same for every misreading
the engine can play, mutant or not.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs
import pytest

from froeschis.framework.table import Reading
from froeschis.games.frog import load_catalogue
from froeschis.games.frog.misreadings import IMPLEMENTED
from froeschis.games.frog.readings import misread_everywhere

ENVIRONMENT = "FROESCHIS_FROG_MUTANT"
TESTS = Path(__file__).resolve().parent
FAILED = re.compile(r"^FAILED (\S+)", re.MULTILINE)


@attrs.frozen
class Mutant:
    clause: str
    misreading: str
    """Its ID in the catalogue (``clause~name``)."""
    description: str
    readings: tuple[Reading, ...]


MUTANTS = tuple(
    Mutant(m.clause, m.id, m.description, IMPLEMENTED[m.id])
    for m in load_catalogue().misreadings()
    if m.mutant
)
BY_CLAUSE = {m.clause: m for m in MUTANTS}


def pytest_configure(config: pytest.Config) -> None:
    """Play the whole run by the mutant (or misreading) the environment names."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen:
        misread_everywhere(*(IMPLEMENTED[chosen] if "~" in chosen else BY_CLAUSE[chosen].readings))


def run_mutant(mutant: Mutant) -> tuple[str, ...]:
    """The tests of ``tests/test_frog_*.py`` naming the mutant's clause that fail under it."""
    env = {**os.environ, ENVIRONMENT: mutant.misreading, "HYPOTHESIS_PROFILE": "mutation", "COLUMNS": "400"}
    files = sorted(str(p) for p in TESTS.glob("test_frog_*.py") if f'"frog:{mutant.clause}"' in p.read_text())
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-rf", "-p", "no:cacheprovider", "-n", "0"]
    command += ["-p", "tests.frog_mutants", "--clause", f"frog:{mutant.clause}", *files]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, cwd=TESTS.parent)
    return tuple(FAILED.findall(done.stdout)) if done.returncode == 1 else ()


def every_misreading() -> tuple[Mutant, ...]:
    """Every misreading of the catalogue the engine can play, as a mutant of its clause."""
    return tuple(
        Mutant(m.clause, m.id, m.description, IMPLEMENTED[m.id])
        for m in load_catalogue().misreadings()
        if m.id in IMPLEMENTED
    )


if __name__ == "__main__":
    chosen = every_misreading() if "--all" in sys.argv else MUTANTS
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(zip(chosen, pool.map(run_mutant, chosen), strict=True))
    width = max(len(m.misreading) for m in chosen)
    for mutant, caught in results:
        print(f"{mutant.misreading:<{width}}  {caught[0] if caught else 'NOT CAUGHT'}")
    score = sum(bool(caught) for _, caught in results)
    print(f"mutation score: {score}/{len(results)} = {score / len(results):.0%}")
