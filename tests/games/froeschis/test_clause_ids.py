"""Clause IDs are stable: never deleted, never reused; a clause is retired by deprecation.

``spec/froeschis/published-ids.txt`` lists every clause and misreading ID ever published. The catalogue must
still hold each of them (a retired clause stays, marked ``deprecated``), and every ID it holds must
be listed, so that adding one is a deliberate act. The deprecation mechanism is checked on a copy
of the real catalogue with one clause retired: it stays citable, needs no implementation or test,
and may no longer be named by code or tests.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest
import rulesdoc

from froeschis.framework import registry
from froeschis.framework.catalogue import Catalogue, parse_catalogue
from froeschis.framework.errors import SpecError
from froeschis.games.froeschis.spec import load_catalogue, spec_dir

LEDGER = spec_dir() / "published-ids.txt"


def published() -> list[str]:
    lines = LEDGER.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_no_published_id_has_left_the_catalogue() -> None:
    catalogue = load_catalogue()
    held = {*catalogue.ids(), *(m.id for m in catalogue.misreadings())}
    gone = [cid for cid in published() if cid not in held]
    assert gone == [], f"published IDs are never deleted: mark the clause deprecated instead ({gone})"


def test_every_id_of_the_catalogue_is_published() -> None:
    catalogue = load_catalogue()
    ledger = set(published())
    new = [cid for cid in (*catalogue.ids(), *(m.id for m in catalogue.misreadings())) if cid not in ledger]
    assert new == [], f"add new IDs at the end of {LEDGER.name}: {new}"
    assert len(published()) == len(ledger), "an ID is listed twice"


def clauses_toml() -> dict[str, Any]:
    return tomllib.loads((spec_dir() / "clauses.toml").read_text(encoding="utf-8"))


def with_deprecated(clause_id: str, deprecation: dict[str, Any]) -> Catalogue:
    data = copy.deepcopy(clauses_toml())
    for table in data["clause"]:
        if table["id"] == clause_id:
            table["deprecated"] = deprecation
    return parse_catalogue(data, load_catalogue().sources)


RETIRED = {"since": "0.2.0", "reason": "Folded into turn.discard-ends.", "replaced_by": ["turn.discard-ends"]}


def test_a_deprecated_clause_stays_citable_but_is_not_in_force() -> None:
    catalogue = with_deprecated("turn.chain-order", RETIRED)
    retired = catalogue.clause("turn.chain-order")
    assert retired.deprecated is not None and retired.deprecated.replaced_by == ("turn.discard-ends",)
    assert "turn.chain-order" in catalogue.ids()
    assert "turn.chain-order" not in catalogue.in_force_ids()
    assert len(catalogue.in_force()) == len(catalogue.clauses) - 1


@pytest.mark.parametrize(
    ("deprecation", "message"),
    [
        ({**RETIRED, "since": "soon"}, "deprecated 'since' must be a release such as '0.2.0', not 'soon'"),
        ({**RETIRED, "replaced_by": ["no.such"]}, "replaced_by must name clauses in force, not ['no.such']"),
        ({"since": "0.2.0"}, "field 'reason' must be a string, got None"),
        ("yes", "'deprecated' must be a table with 'since', 'reason' and 'replaced_by'"),
    ],
)
def test_a_malformed_deprecation_is_refused(deprecation: Any, message: str) -> None:
    with pytest.raises(SpecError) as refused:
        with_deprecated("turn.chain-order", deprecation)
    assert message in str(refused.value)


def test_a_clause_cannot_be_replaced_by_a_deprecated_one() -> None:
    data = copy.deepcopy(clauses_toml())
    for table in data["clause"]:
        if table["id"] in ("turn.chain-order", "turn.discard-ends"):
            table["deprecated"] = {**RETIRED, "replaced_by": ["turn.discard-ends"]}
    with pytest.raises(
        SpecError, match=r"replaced_by must name clauses in force, not \[.turn.discard-ends.\]"
    ):
        parse_catalogue(data, load_catalogue().sources)


def test_the_rules_page_says_a_clause_is_deprecated_and_by_what_it_was_replaced(tmp_path: Path) -> None:
    model = rulesdoc.build_game_doc(
        Path(__file__).resolve().parents[2],
        registry.game(),
        spec_dir() / "vectors",
        Path(rulesdoc.__file__).parents[1] / "translations",
    )
    catalogue = with_deprecated("turn.chain-order", RETIRED)
    section = rulesdoc.clause_rst(
        attrs.evolve(model, catalogue=catalogue), catalogue.clause("turn.chain-order")
    )
    assert (
        ":Deprecated: since 0.2.0: Folded into turn.discard-ends. Replaced by "
        ":ref:`turn.discard-ends <clause-turn.discard-ends>`. Its ID stays, never reused."
    ) in section
    in_force = rulesdoc.clause_rst(model, load_catalogue().clause("turn.chain-order"))
    assert ":Deprecated:" not in in_force
