"""Every registered game's protocol page is complete on its own about the hello (issue 30): it has a
"Rules features" section naming every feature its conformance kit accepts in the hello's ``rules``,
and none the kit does not know, so an implementer need not read an example engine to learn what to
declare. They check documentation, not a rule clause, so they carry no clause marker."""

from __future__ import annotations

import re
from typing import Any

import pytest

from froeschis.framework.registry import game, names
from tests.contract.random_games import random_game

SECTION = re.compile(r"^## Rules features\n(?P<body>.*?)(?=^## )", re.MULTILINE | re.DOTALL)
QUOTED = re.compile(r"`([a-z][a-z0-9_]*)`")


def kits() -> list[str]:
    return [name for name in names() if game(name).conformance is not None]


@pytest.mark.parametrize("name", kits())
def test_the_protocol_page_names_every_rules_feature(name: str) -> None:
    of = game(name)
    assert of.conformance is not None
    page = (of.spec() / "protocol.md").read_text(encoding="utf-8")
    section = SECTION.search(page)
    assert section is not None, f"{name}: protocol.md has no '## Rules features' section"
    named = set(QUOTED.findall(section["body"]))
    features = set(of.conformance.features)
    assert features, f"{name}: a kit with no rules features cannot be told apart from a page naming none"
    assert features <= named, f"{name}: the page does not name {sorted(features - named)}"
    rules_keys = set(of.rules_to_json(of.rules()))
    unknown = {word for word in named & rules_keys if word not in features}
    assert unknown == set(), (
        f"{name}: the page names as features rules keys the kit refuses: {sorted(unknown)}"
    )


def test_every_game_has_a_kit() -> None:
    assert kits() == list(names())


IN_ITS_PLACE = re.compile(
    r"`(?P<clause>[a-z0-9.-]+)` \(`(?P<variant>variant\.[a-z0-9-]+)` in its place under that variant"
)
THEN = re.compile(r"`(?P<clause>[a-z0-9.-]+)` \(then `(?P<variant>variant\.[a-z0-9-]+)` under that variant")
EVENT_ROW = re.compile(
    r"^\| (?P<kinds>`[a-z-]+`(?: / `[a-z-]+`)*)[^|]*\|[^|]*\|(?P<clauses>.*)\|\s*$", re.MULTILINE
)
KIND = re.compile(r"`([a-z-]+)`")


GAMES, ENOUGH = 40, 12
"""Random games played under the variant at the most, and the events naming it that suffice."""


def variant_rows() -> list[Any]:
    """Each (game, event kind, clause, variant clause, how) the events tables state."""
    found = []
    for name in kits():
        page = (game(name).spec() / "protocol.md").read_text(encoding="utf-8")
        for row in EVENT_ROW.finditer(page):
            for how, pattern in (("in its place", IN_ITS_PLACE), ("then", THEN)):
                for match in pattern.finditer(row["clauses"]):
                    key = (
                        name,
                        " / ".join(KIND.findall(row["kinds"])),
                        match["clause"],
                        match["variant"],
                        how,
                    )
                    found.append(pytest.param(*key, id="-".join(key).replace(" ", "-")))
    return found


def test_the_events_tables_state_how_variants_name_their_clauses() -> None:
    # one row a game at the least: a table whose wording drifted from the patterns would pass vacuously
    assert {param.values[0] for param in variant_rows()} == set(kits())


@pytest.mark.parametrize(("name", "kind", "clause", "variant", "how"), variant_rows())
def test_a_variant_clause_stands_where_the_events_table_says(
    name: str, kind: str, clause: str, variant: str, how: str
) -> None:
    of = game(name)
    option = of.catalogue().clause(variant).option
    assert option is not None, f"{variant} is no variant"
    rules = of.rules(**{option: True})
    kinds = set(kind.split(" / "))
    with_variant: list[tuple[str, ...]] = []
    for seed in range(GAMES):
        _, _, events = random_game(of, rules, seed, limit=1_000)
        written = [of.event_to_json(event) for event in events]
        with_variant += [
            tuple(e["clauses"]) for e in written if e["kind"] in kinds and variant in e["clauses"]
        ]
        if len(with_variant) >= ENOUGH:
            break
    assert with_variant, f"no {kind} event named {variant} in {GAMES} random games under {option}"
    for clauses in with_variant:
        if how == "in its place":
            assert clause not in clauses, f"{kind}: {clauses} names {clause} beside {variant}"
        else:
            assert clause in clauses and clauses.index(clause) < clauses.index(variant), (kind, clauses)
