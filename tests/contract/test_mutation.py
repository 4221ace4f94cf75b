"""The mutation check of the suite, for every registered game (:mod:`tests.mutation`): each clause's
deliberately wrong reading must make a test of that clause fail.

One test per mutant, each running the tests of its clause in one pytest process of its own
(``-n 0``): xdist spreads the mutants over the cores, and no test starts more processes than one.
"""

from __future__ import annotations

from typing import Any

import pytest

from froeschis.framework.registry import game, names
from tests.mutation import Mutant, mutants, run_mutant


@pytest.mark.parametrize("name", names())
def test_there_is_a_mutant_for_every_clause(name: str) -> None:
    assert sorted(m.clause for m in mutants(name)) == sorted(game(name).catalogue().in_force_ids())


def _param(mutant: Mutant) -> Any:
    return pytest.param(mutant, id=mutant.chosen)


@pytest.mark.parametrize("mutant", [_param(m) for name in names() for m in mutants(name)])
def test_the_mutant_is_caught_by_a_test_of_its_clause(mutant: Mutant) -> None:
    verdict = run_mutant(mutant)
    assert verdict.caught_by, f"{mutant.misreading}: {mutant.description}\n{verdict.output}"
