"""The package's architecture: layers, no import cycles, a light and pure ``import froeschis``.

The layer contracts live in ``pyproject.toml`` (``[tool.importlinter]``) and CI runs ``lint-imports``;
here they are checked on the package's import graph, and shown to bite by adding a forbidden import
to that graph. These tests check the structure of the code, not a rule clause, so they carry no
clause marker.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import grimp
import pytest
from importlinter.api import read_configuration
from importlinter.contracts.acyclic_siblings import AcyclicSiblingsContract
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.independence import IndependenceContract
from importlinter.contracts.layers import LayersContract
from importlinter.domain.contract import Contract

REPO = Path(__file__).resolve().parents[2]
CONFIG = read_configuration(str(REPO / "pyproject.toml"))
CONTRACTS = {options["id"]: options for options in CONFIG["contracts_options"]}
TYPES: dict[str, type[Contract]] = {
    "layers": LayersContract,
    "forbidden": ForbiddenContract,
    "acyclic_siblings": AcyclicSiblingsContract,
    "independence": IndependenceContract,
}


def graph() -> Any:
    """The package's import graph as ``lint-imports`` builds it (its session options are strings)."""
    options = CONFIG["session_options"]
    return grimp.build_graph(
        "froeschis",
        include_external_packages=options.get("include_external_packages") == "True",
        exclude_type_checking_imports=options.get("exclude_type_checking_imports") == "True",
    )


def kept(contract_id: str, import_graph: Any) -> bool:
    options = CONTRACTS[contract_id]
    contract = TYPES[options["type"]](options["name"], CONFIG["session_options"], options)
    return bool(contract.check(import_graph, verbose=False).kept)


@pytest.mark.parametrize("contract_id", sorted(CONTRACTS))
def test_the_import_contracts_are_kept(contract_id: str) -> None:
    assert kept(contract_id, graph())


@pytest.mark.parametrize(
    ("contract_id", "importer", "imported"),
    [
        ("layers", "froeschis.framework.table", "froeschis.games.froeschis.cards"),
        ("layers", "froeschis.framework.registry", "froeschis.games.froeschis.game"),
        ("layers", "froeschis.agents.simulation", "froeschis.verify.trace"),
        ("layers", "froeschis.verify.vectors", "froeschis.conformance.report"),
        ("layers", "froeschis.interop.gymnasium", "froeschis.cli.options"),
        ("tools-know-no-game", "froeschis.interop.openspiel", "froeschis.games.froeschis.encoding"),
        ("tools-know-no-game", "froeschis.cli.play", "froeschis.games.froeschis.answers"),
        ("tools-know-no-game", "froeschis.conformance.validate", "froeschis.games.frog.serialize"),
        ("tools-know-no-game", "froeschis.agents.simulation", "froeschis.games.froeschis.engines"),
        ("tools-know-no-game", "froeschis.verify.explore", "froeschis.games.army_of_frogs.perft"),
        ("tools-know-no-game", "froeschis.cli.simulate", "froeschis"),
        ("games-independent", "froeschis.games.frog.render", "froeschis.games.froeschis.render"),
        ("games-independent", "froeschis.games.froeschis.tiny", "froeschis.games.army_of_frogs.tiny"),
        ("games-know-no-tool", "froeschis.games.froeschis.engine", "froeschis.cli"),
        ("games-know-no-tool", "froeschis.games.frog.scenarios", "froeschis.verify.vectors"),
        ("games-know-no-tool", "froeschis.games.army_of_frogs.svg", "froeschis.conformance.report"),
        ("pure-engines", "froeschis.games.froeschis.engine", "rich"),
        ("pure-engines", "froeschis.games.froeschis.rules", "tomllib"),
        ("pure-engines", "froeschis.games.frog.engine", "json"),
        ("pure-engines", "froeschis.games.army_of_frogs.moves", "pathlib"),
        ("no-cycles", "froeschis.games.froeschis.state", "froeschis.games.froeschis.engine"),
    ],
)
def test_a_forbidden_import_breaks_its_contract(contract_id: str, importer: str, imported: str) -> None:
    """The contracts are not vacuous: one import against them, added to the graph, breaks them."""
    spoilt = graph()
    spoilt.add_import(importer=importer, imported=imported)
    assert not kept(contract_id, spoilt)


def test_no_module_takes_part_in_an_import_cycle() -> None:
    """Stricter than the contract (which looks at siblings): no chain of imports leads back to
    where it started, between any two modules, packages and their ``__init__`` included."""
    internal = grimp.build_graph("froeschis")
    cycles = sorted(
        (module, imported)
        for module in internal.modules
        for imported in internal.find_modules_directly_imported_by(module)
        if internal.chain_exists(importer=imported, imported=module)
    )
    assert cycles == []


IMPORT_PROBE = """
import json, sys
opened = []
def audit(event, args):
    if event == "open" and isinstance(args[0], str) and not args[0].endswith((".py", ".pyc", ".so")):
        opened.append(args[0])
sys.addaudithook(audit)
import froeschis
print(json.dumps({"modules": sorted(sys.modules), "opened": opened}))
"""


def test_import_froeschis_is_light_and_reads_no_file() -> None:
    """``import froeschis`` loads the engine, the game loop and the framework's types only: no
    catalogue (no TOML read, no
    file opened but Python's own modules), no terminal or command-line machinery, no schemas."""
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_PROBE], capture_output=True, text=True, check=True, cwd=REPO
    )
    probe = json.loads(done.stdout)
    modules = set(probe["modules"])
    assert modules.isdisjoint({"tomllib", "rich", "argparse", "jsonschema", "referencing"})
    ours = {m for m in modules if m == "froeschis" or m.startswith("froeschis.")}
    layers = {m.split(".")[1] for m in ours if "." in m}
    assert layers <= {"framework", "games", "agents"}, sorted(ours)
    assert [path for path in probe["opened"] if "froeschis" in path or path.endswith(".toml")] == []
