"""Every registered game's package in the one shape the framework expects, through
:class:`~froeschis.framework.game.Game` and the registry alone: it leans on the framework and
itself, every module of it imports, its clause table covers its catalogue's clauses in force
(every slot a clause, every clause a slot or a variant), and no function marked as a clause in its
clause modules is missing from a table.

Where a game's engine is read for rules written outside the clause table, the reading is the
game's own (each engine dispatches on its own phases and kinds): tests/games/<name>/. These tests
check the code's structure, not a rule clause, so they carry no clause marker.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from froeschis.framework.game import Game, table_functions
from froeschis.framework.registry import GROUP, game, names
from froeschis.framework.table import clause, clause_of

OTHER_LIBRARIES = {"attrs", "numba", "numpy"}
"""What a game's package may import beyond the standard library: attrs (a dependency of
froeschis), and numba and numpy, the ``fast`` extra a compiled engine needs (imported only by the
engine that needs it)."""


def package(name: str) -> str:
    """The package a game's registered entry point lives in (``froeschis.games.frog``)."""
    (point,) = (point for point in entry_points(group=GROUP) if point.name == name)
    return point.module.rsplit(".", 1)[0]


def folder(name: str) -> Path:
    return Path(importlib.import_module(package(name)).__file__ or "").resolve().parent


def imports(path: Path) -> set[str]:
    """The absolute imports of a module's source (relative ones stay inside its package)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def stray_imports(name: str) -> list[str]:
    """Every import of the game's package of another part of froeschis (another game, a tool) or of
    a library that is neither the standard library's nor :data:`OTHER_LIBRARIES`."""
    own, root = package(name), folder(name)
    found = []
    for path in sorted(root.rglob("*.py")):
        for module in sorted(imports(path)):
            top = module.split(".")[0]
            if top == "froeschis":
                allowed = module == own or module.startswith((f"{own}.", "froeschis.framework"))
            else:
                allowed = top in sys.stdlib_module_names or top in OTHER_LIBRARIES
            if not allowed:
                found.append(f"{path.relative_to(root)} imports {module}")
    return found


@pytest.mark.parametrize("name", names())
def test_the_package_imports_only_the_framework_itself_and_the_standard_library(name: str) -> None:
    """A game knows no other game and none of the tools (the tools find it through the registry)."""
    assert stray_imports(name) == []


def test_an_import_of_a_tool_or_another_game_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    real = imports

    def spoilt(path: Path) -> set[str]:
        extra = {"froeschis.verify.vectors", "froeschis.games.other", "rich"}
        return real(path) | (extra if path.name == "engine.py" else set())

    monkeypatch.setattr(sys.modules[__name__], "imports", spoilt)
    for name in names():
        assert sorted(s.split(" imports ")[1] for s in stray_imports(name)) == [
            "froeschis.games.other",
            "froeschis.verify.vectors",
            "rich",
        ]


@pytest.mark.parametrize("name", names())
def test_every_module_of_the_package_imports(name: str) -> None:
    found = list(pkgutil.walk_packages([str(folder(name))], prefix=f"{package(name)}."))
    assert found
    for info in found:
        if info.name.endswith("._compiled"):  # the numba kernel: the ``fast`` extra may be missing
            pytest.importorskip("numba")
        importlib.import_module(info.name)


@pytest.mark.parametrize("name", names())
def test_every_slot_implements_a_clause_in_force_and_every_clause_has_a_slot(name: str) -> None:
    of = game(name)
    catalogue = of.catalogue()
    in_force = set(catalogue.in_force_ids())
    table = of.table(of.rules())
    slots = {slot for slot, _, _ in table.entries()}
    published = {clause_id for _, clause_id, _ in table.entries()}
    readings = {reading.clause for variant in of.variants for reading in variant.readings}
    assert published <= in_force, sorted(published - in_force)
    assert readings <= in_force, sorted(readings - in_force)
    assert published | readings == in_force, sorted(in_force - published - readings)
    variants = {variant.clause for variant in of.variants}
    assert variants == {c.id for c in catalogue.in_force() if c.kind == "variant"}
    for variant in of.variants:
        assert variant.readings, f"{variant.option} replaces no entry"
        for reading in variant.readings:
            assert reading.clause == variant.clause and reading.slot in slots, (variant.option, reading.slot)


def stray_clause_functions(of: Game) -> list[str]:
    """The functions marked as a clause in the game's clause modules that no table has."""
    entries = set(table_functions(of))
    found = []
    for module_name in of.clause_modules:
        module = importlib.import_module(module_name)
        marked = {f for f in vars(module).values() if callable(f) and clause_of(f) is not None}
        found += sorted(f"{module_name}.{f.__name__}" for f in marked - entries)
    return found


@pytest.mark.parametrize("name", names())
def test_every_marked_function_of_the_clause_modules_is_in_a_table(name: str) -> None:
    """No stray clause function: each one marked in the clause modules is a published or variant
    entry (the clause modules hold at least one each)."""
    of = game(name)
    assert of.clause_modules
    for module_name in of.clause_modules:
        module = importlib.import_module(module_name)
        assert any(callable(f) and clause_of(f) is not None for f in vars(module).values()), module_name
    assert stray_clause_functions(of) == []


@pytest.mark.parametrize("name", names())
def test_a_stray_clause_function_is_found(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    of = game(name)
    module = importlib.import_module(of.clause_modules[0])

    @clause(of.catalogue().in_force_ids()[0])
    def stray() -> None:
        """A clause function no table has."""

    monkeypatch.setattr(module, "stray", stray, raising=False)
    assert stray_clause_functions(of) == [f"{of.clause_modules[0]}.stray"]


@pytest.mark.parametrize("name", names())
def test_every_misreading_is_played_or_the_catalogue_says_why_not(name: str) -> None:
    """The conformance kit plays every misreading of the catalogue (it can name only those), except
    those the catalogue marks ``unplayable``, with the reason no clause-table entry can be that
    reading; one marked so that is played after all is found too."""
    of = game(name)
    assert of.conformance is not None, f"{name} has no conformance kit"
    misreadings = of.catalogue().misreadings()
    played = set(of.conformance.misreadings())
    assert played == {m.id for m in misreadings if not m.unplayable}
    assert all(m.unplayable.strip() for m in misreadings if m.id not in played)
