"""Army of Frogs' package structure: every declared slot has a clause, every misreading of the
catalogue it plays is implemented in the slot it misreads, and the engine decides
nothing outside the clause table (what every game's package shares, its imports and its table
against its catalogue, is tests/contract/test_architecture.py; the check itself is
tests/contract/decisions.py).

These tests check the code's structure, not a rule clause, so they carry no clause mark.
"""

from __future__ import annotations

from pathlib import Path

from froeschis.framework.table import clause_of
from froeschis.games.army_of_frogs.misreadings import IMPLEMENTED
from froeschis.games.army_of_frogs.readings import PUBLISHED, VARIANTS
from froeschis.games.army_of_frogs.spec import load_catalogue as catalogue
from froeschis.games.army_of_frogs.table import SLOTS
from tests.contract.decisions import Policy, hidden_decisions, planted

ENGINE = Path(__file__).resolve().parents[3] / "froeschis" / "games" / "army_of_frogs" / "engine.py"


def test_every_slot_of_the_table_has_a_clause_in_force() -> None:
    in_force = set(catalogue().in_force_ids())
    assert {PUBLISHED.clause_of(slot) for slot in SLOTS} | {v.clause for v in VARIANTS} == in_force


def test_every_misreading_is_implemented_in_the_slot_it_misreads() -> None:
    """(That every one the catalogue does not mark unplayable is implemented:
    tests/contract/test_architecture.py.)"""
    for misreading, readings in IMPLEMENTED.items():
        for reading in readings:
            assert reading.slot in SLOTS and clause_of(reading.function) == misreading.split("~")[0]
            replaced = reading.replaces or reading.clause
            slot_clauses = {PUBLISHED.clause_of(reading.slot)} | {
                v.clause for v in VARIANTS for r in v.readings if r.slot == reading.slot
            }
            assert replaced in slot_clauses, (misreading, reading.slot)


# --------------------------------------------------------------------------- no rule outside a clause

POLICY = Policy(
    slots=frozenset(SLOTS),
    enums=frozenset({"Phase", "Moment"}),
    bookkeeping=frozenset({"acted", "self._legal"}),
    transitive=True,
)
"""Army of Frogs' engine dispatches on the phase and the moment of a check; its steps are module
helpers that call the table, so a value built from theirs is the table's (``transitive``). Its
bookkeeping: whether the seat moved or added in this turn (what the count of passed turns counts,
end.no-action deciding when it ends the game), and the cache of the legal actions."""


def test_the_engine_decides_nothing_outside_the_clause_table() -> None:
    """Every branch of the engine is a call into the clause table (or a value it computed), a
    dispatch on the phase, the moment or the kind of action, or the refusal of an action: a condition
    on a stone, a cell or a count written into the engine would be a rule outside a clause."""
    assert hidden_decisions(ENGINE.read_text(encoding="utf-8"), POLICY) == []


def test_a_rule_written_into_the_engine_is_found() -> None:
    source = ENGINE.read_text(encoding="utf-8")
    condition = "len(island) > 3 or move.end == (0, 0)"
    anchor = "    island = state.island.moved(move.start, move.end)\n"
    assert planted(source, anchor, condition, POLICY) == [condition]
