"""Army of Frogs' mutants: one deliberately wrong reading of each clause, for the mutation check.

Every clause of ``spec/army-of-frogs/clauses.toml`` marks one misreading ``mutant = true``; its
clause-table entries are :data:`froeschis.games.army_of_frogs.misreadings.IMPLEMENTED`'s. This module
is also a pytest plugin: ``FROESCHIS_ARMY_MUTANT=<clause id> python -m pytest -p tests.army_mutants``
plays every game of the run by that clause's mutant
(:func:`froeschis.games.army_of_frogs.readings.misread_everywhere`), before any test module is
imported (a misreading's ID, ``clause~name``, plays that misreading instead).

``python -m tests.army_mutants`` runs, for each mutant, the tests of ``tests/test_army_*.py`` that
name its clause (``--clause army-of-frogs:<id>``) in a process of their own, and prints which test
caught it; a mutant no test of its clause catches is a gap in the suite. ``--all`` does the same for
every misreading the engine can play, mutant or not.
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
from froeschis.games.army_of_frogs import catalogue
from froeschis.games.army_of_frogs.misreadings import IMPLEMENTED
from froeschis.games.army_of_frogs.readings import misread_everywhere

GAME = "army-of-frogs"
VARIABLE = "FROESCHIS_ARMY_MUTANT"
TESTS = Path(__file__).resolve().parent
FAILED = re.compile(r"^FAILED (\S+)", re.MULTILINE)


@attrs.frozen
class Mutant:
    clause: str
    misreading: str
    """Its ID in the catalogue (``clause~name``)."""
    description: str
    readings: tuple[Reading, ...]

    @property
    def mark(self) -> str:
        """The clause as the tests' marks name it (``army-of-frogs:move.jump``)."""
        return f"{GAME}:{self.clause}"


MUTANTS = tuple(
    Mutant(m.clause, m.id, m.description, IMPLEMENTED[m.id]) for m in catalogue().misreadings() if m.mutant
)

BY_CLAUSE = {m.clause: m for m in MUTANTS}


def pytest_configure(config: pytest.Config) -> None:
    """Play the whole run by the mutant (or the misreading) the environment names."""
    chosen = os.environ.get(VARIABLE)
    if chosen:
        misread_everywhere(*(IMPLEMENTED[chosen] if "~" in chosen else BY_CLAUSE[chosen].readings))


def run_mutant(mutant: Mutant) -> tuple[str, ...]:
    """The tests of ``tests/test_army_*.py`` naming the mutant's clause that fail under it."""
    env = {**os.environ, VARIABLE: mutant.misreading, "HYPOTHESIS_PROFILE": "mutation", "COLUMNS": "400"}
    files = sorted(str(p) for p in TESTS.glob("test_army_*.py") if f'"{mutant.mark}"' in p.read_text())
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-rf", "-p", "no:cacheprovider", "-n", "0"]
    command += ["-p", "tests.army_mutants", "--clause", mutant.mark, *files]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, cwd=TESTS.parent)
    return tuple(FAILED.findall(done.stdout)) if done.returncode == 1 else ()


def every_misreading() -> tuple[Mutant, ...]:
    """Every misreading the engine can play, as a mutant of its clause."""
    return tuple(
        Mutant(m.clause, m.id, m.description, IMPLEMENTED[m.id])
        for m in catalogue().misreadings()
        if m.id in IMPLEMENTED
    )


def main(arguments: list[str]) -> int:
    chosen = every_misreading() if "--all" in arguments else MUTANTS
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        caught = list(pool.map(run_mutant, chosen))
    width = max(len(m.misreading) for m in chosen)
    for mutant, tests in zip(chosen, caught, strict=True):
        print(f"{mutant.misreading:<{width}}  {tests[0] if tests else 'NOT CAUGHT'}")
    score = sum(map(bool, caught))
    print(f"caught {score} of {len(chosen)}")
    return 0 if score == len(chosen) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
