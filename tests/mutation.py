"""The mutation check of every registered game: one deliberately wrong reading of each clause, and
the tests of that clause must catch it.

Every clause of a game's catalogue marks one of its misreadings ``mutant = true``; the game's
conformance kit holds their clause-table entries (``Conformance.misreadings``, the same entries the
checker's counterfactual blame plays: one implementation for both) and ``Game.misread_everywhere``
makes every clause table of a process read by them. With ``FROESCHIS_MUTANT=<game>:<misreading ID>``
in the environment, tests/conftest.py plays the whole pytest run by that misreading before any test
module is imported, and ``--clause`` selects the tests that name its clause.

:func:`run_mutant` runs, for one mutant, the tests that name its clause in a pytest process of its
own (one process, no xdist workers: ``tests/contract/test_mutation.py`` runs one mutant per test, so xdist
spreads the mutants over the cores and nothing competes for them). ``python -m tests.mutation
[GAME ...] [--all]`` prints which test caught each mutant (``--all``: every misreading the engine
can play, mutant or not); a mutant no test of its clause catches is a gap in the suite (exit 1).
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

from froeschis.framework.registry import DEFAULT, game, names
from froeschis.framework.table import Reading

VARIABLE = "FROESCHIS_MUTANT"
TESTS = Path(__file__).resolve().parent
FAILED = re.compile(r"^FAILED (.+?)(?: - (.*))?$", re.MULTILINE)
IMPORTED = re.compile(r"^from tests\.(?!test_)(\w+) import", re.MULTILINE)


@attrs.frozen
class Mutant:
    game: str
    clause: str
    misreading: str
    """Its ID in the catalogue (``clause~name``)."""
    description: str

    @property
    def mark(self) -> str:
        """The clause as the tests' marks name it: unqualified for the default game (``turn.order``),
        else with the game (``frog:bid.raise``)."""
        return self.clause if self.game == DEFAULT else f"{self.game}:{self.clause}"

    @property
    def chosen(self) -> str:
        """The value of :data:`VARIABLE` that plays it."""
        return f"{self.game}:{self.misreading}"

    @property
    def readings(self) -> tuple[Reading, ...]:
        """Its clause-table entries."""
        return implemented(self.game)[self.misreading]


def implemented(name: str) -> Mapping[str, tuple[Reading, ...]]:
    """The misreadings the game's engine can play, their table entries by ID."""
    of = game(name)
    return of.part(of.conformance, "conformance kit").misreadings()


def mutants(name: str, every_misreading: bool = False) -> tuple[Mutant, ...]:
    """The game's mutants (or every misreading its engine can play), in catalogue order."""
    playable = implemented(name)
    return tuple(
        Mutant(name, m.clause, m.id, m.description)
        for m in game(name).catalogue().misreadings()
        if (m.id in playable if every_misreading else m.mutant)
    )


def misread_from_environment() -> None:
    """Play this process by the misreading :data:`VARIABLE` names (``game:misreading``), if any."""
    chosen = os.environ.get(VARIABLE)
    if chosen:
        name, _, misreading = chosen.partition(":")
        of = game(name)
        of.part(of.misread_everywhere, "way to misread its clauses")(*implemented(name)[misreading])


def names_clause(path: Path, mark: str) -> bool:
    """Whether a test file names the clause ``mark``: in its own text or in a module of tests/ it
    imports (a shared table, such as tests/example_bugs.py, whose rows parametrize its tests)."""
    text = path.read_text()
    imported = [TESTS / f"{module}.py" for module in IMPORTED.findall(text)]
    return any(f'"{mark}"' in t for t in [text, *(m.read_text() for m in imported if m.is_file())])


@attrs.frozen
class Verdict:
    mutant: Mutant
    caught_by: tuple[str, ...]
    output: str


def run_mutant(mutant: Mutant) -> Verdict:
    """Run the tests that name the mutant's clause with the mutant played everywhere. The hand-built
    clause tests (``*clauses.py``) run first; only a mutant they miss meets the rest of the suite
    (properties, state machines, ...), which is slower to start."""
    files = [p for p in sorted(TESTS.rglob("test_*.py")) if names_clause(p, mutant.mark)]
    first = [p for p in files if p.name.endswith("clauses.py")]
    verdict = Verdict(mutant, (), "no test names the clause")
    for batch in (first, [p for p in files if p not in first]):
        if batch:
            verdict = _run(mutant, batch)
            if verdict.caught_by:
                break
    return verdict


def _run(mutant: Mutant, files: list[Path]) -> Verdict:
    env = {**os.environ, VARIABLE: mutant.chosen, "HYPOTHESIS_PROFILE": "mutation", "COLUMNS": "400"}
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-rf", "-p", "no:cacheprovider", "-n", "0"]
    command += ["--clause", mutant.mark, *map(str, files)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300, cwd=TESTS.parent)
    caught = tuple(
        f"{test} ({_how(reason)})" for test, reason in FAILED.findall(done.stdout) if done.returncode == 1
    )
    return Verdict(mutant, caught, done.stdout[-2000:] + done.stderr[-2000:])


def _how(reason: str) -> str:
    """How a test failed: an assertion, or the exception the mutant caused (its class name)."""
    if not reason or reason.startswith(("assert", "AssertionError")):
        return "assertion"
    return reason.split(":")[0].rsplit(".", 1)[-1]


def main(arguments: list[str]) -> int:
    chosen_games = [a for a in arguments if not a.startswith("--")] or list(names())
    chosen = [m for name in chosen_games for m in mutants(name, every_misreading="--all" in arguments)]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        verdicts = list(pool.map(run_mutant, chosen))
    width = max(len(m.chosen) for m in chosen)
    for verdict in verdicts:
        catcher = verdict.caught_by[0] if verdict.caught_by else "NOT CAUGHT"
        print(f"{verdict.mutant.chosen:<{width}}  {catcher}")
    for name in chosen_games:
        mine = [v for v in verdicts if v.mutant.game == name]
        print(f"{name}: caught {sum(bool(v.caught_by) for v in mine)} of {len(mine)}")
    return 0 if all(v.caught_by for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
