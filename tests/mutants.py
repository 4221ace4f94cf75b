"""The mutation check's mutants: one deliberately wrong reading of each clause.

Every clause of ``spec/froeschis/clauses.toml`` marks one of its misreadings ``mutant = true``; its
clause-table
entries are implemented in :mod:`froeschis.games.froeschis.misreadings`, where the conformance checker's
counterfactual blame finds them too (one implementation for both). ``FROESCHIS_MUTANT=<clause id>``
makes tests/conftest.py play every game of a pytest run by that clause's mutant
(``froeschis.games.froeschis.readings.TABLES.misread_everywhere``), and ``--clause <id>`` selects
the tests that name that clause; tests/test_mutation.py runs each mutant that way and requires a failure.
"""

from __future__ import annotations

import attrs

from froeschis.games.froeschis.misreadings import IMPLEMENTED
from froeschis.games.froeschis.spec import load_catalogue
from froeschis.games.froeschis.table import Reading


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
