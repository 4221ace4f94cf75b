"""The mutation check of a registered game other than Fröschis (whose own is tests/test_mutation.py):
one deliberately wrong reading of each clause, and a way to play by it.

Every clause of a game's catalogue marks one of its misreadings ``mutant = true``; the game's
conformance kit's ``misreadings`` holds their clause-table entries and ``Game.misread_everywhere``
makes every table of the process read by them. This module is also a pytest plugin: with
``FROESCHIS_GAME_MUTANT=<game>:<misreading ID>`` in the environment, ``-p tests.game_mutants``
plays the whole run by that misreading, before any test module is imported.

``python -m tests.game_mutants GAME`` runs, for each mutant, the tests that name its clause
(``--clause GAME:<id>``) in a process of their own and prints which test caught it; a mutant that no
test of its clause catches is a gap in the suite (exit status 1). ``--all`` does the same for every
misreading the engine can play, mutant or not.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs
import pytest

from froeschis.framework.registry import game
from froeschis.framework.table import Reading

VARIABLE = "FROESCHIS_GAME_MUTANT"
TESTS = Path(__file__).resolve().parent
FAILED = re.compile(r"^FAILED (\S+)", re.MULTILINE)


@attrs.frozen
class Mutant:
    game: str
    clause: str
    misreading: str
    """Its ID in the catalogue (``clause~name``)."""

    @property
    def mark(self) -> str:
        """The clause as the tests' marks name it (``frog:bid.raise``)."""
        return f"{self.game}:{self.clause}"


def _implemented(name: str) -> Mapping[str, tuple[Reading, ...]]:
    of = game(name)
    return of.part(of.conformance, "conformance kit").misreadings()


def mutants(name: str, every_misreading: bool = False) -> tuple[Mutant, ...]:
    """The game's mutants (or every misreading its engine can play), in catalogue order."""
    implemented = _implemented(name)
    return tuple(
        Mutant(name, m.clause, m.id)
        for m in game(name).catalogue().misreadings()
        if (m.id in implemented if every_misreading else m.mutant)
    )


def pytest_configure(config: pytest.Config) -> None:
    """Play the whole run by the misreading the environment names."""
    chosen = os.environ.get(VARIABLE)
    if chosen:
        name, _, misreading = chosen.partition(":")
        of = game(name)
        of.part(of.misread_everywhere, "way to misread")(*_implemented(name)[misreading])


def run_mutant(mutant: Mutant) -> tuple[str, ...]:
    """The tests naming the mutant's clause that fail under it."""
    chosen = f"{mutant.game}:{mutant.misreading}"
    env = {**os.environ, VARIABLE: chosen, "HYPOTHESIS_PROFILE": "mutation", "COLUMNS": "400"}
    files = sorted(str(p) for p in TESTS.glob("test_*.py") if f'"{mutant.mark}"' in p.read_text())
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-rf", "-p", "no:cacheprovider", "-n", "0"]
    command += ["-p", "tests.game_mutants", "--clause", mutant.mark, *files]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, cwd=TESTS.parent)
    return tuple(FAILED.findall(done.stdout)) if done.returncode == 1 else ()


def main(arguments: list[str]) -> int:
    names = [a for a in arguments if not a.startswith("--")]
    if len(names) != 1:
        print("usage: python -m tests.game_mutants GAME [--all]", file=sys.stderr)
        return 2
    chosen = mutants(names[0], every_misreading="--all" in arguments)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        caught = list(pool.map(run_mutant, chosen))
    width = max(len(m.misreading) for m in chosen)
    for mutant, tests in zip(chosen, caught, strict=True):
        print(f"{mutant.misreading:<{width}}  {tests[0] if tests else 'NOT CAUGHT'}")
    score = sum(map(bool, caught))
    print(f"{names[0]}: caught {score} of {len(chosen)}")
    return 0 if score == len(chosen) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
